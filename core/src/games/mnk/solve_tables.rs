//! Tables the exact solver needs of a board shape, made once per game: each symmetry as a
//! cell permutation and as byte maps (keys up to symmetry), and the cells in search order.
//! Apart from [`super::solving`] so that the game ([`super::position`]) can keep them without
//! depending on the solver's side of the game.

use super::board::Shape;

/// Tables made once per board shape, when the solver first needs them.
#[derive(Clone, Debug)]
pub(crate) struct SolveTables {
    /// For each symmetry, each byte of a mask, each byte value: the cells it maps to.
    pub(crate) bytes: Vec<[[u64; 256]; 8]>,
    /// Each symmetry as a cell permutation, and its inverse.
    pub(crate) forward: Vec<Vec<u8>>,
    pub(crate) inverse: Vec<Vec<u8>>,
    /// Cells in search order: on the most lines first, then nearest the centre.
    pub(crate) order: Vec<u8>,
}

impl SolveTables {
    pub(crate) fn new(shape: Shape, lines: &[u64]) -> SolveTables {
        // On the smallest boards the table is tiny and searching is cheap: folding the
        // symmetries costs more than it saves there.
        let mut forward = shape.symmetries();
        if shape.cells() <= 9 {
            forward.truncate(1);
        }
        let inverse = forward
            .iter()
            .map(|map| {
                let mut inverse = vec![0u8; map.len()];
                for (from, &to) in map.iter().enumerate() {
                    inverse[usize::from(to)] = from as u8;
                }
                inverse
            })
            .collect();
        let bytes = forward
            .iter()
            .map(|map| {
                let mut table = [[0u64; 256]; 8];
                for (byte, row) in table.iter_mut().enumerate() {
                    for (value, cell) in row.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let from = byte * 8 + bit;
                            if value & (1 << bit) != 0 && from < map.len() {
                                *cell |= 1u64 << map[from];
                            }
                        }
                    }
                }
                table
            })
            .collect();
        let centre = |index: u32| {
            let square = shape.square(index);
            let dc = 2 * i32::from(square.col) - (i32::from(shape.cols) - 1);
            let dr = 2 * i32::from(square.row) - (i32::from(shape.rows) - 1);
            dc * dc + dr * dr
        };
        let mut order: Vec<u8> = (0..shape.cells() as u8).collect();
        order.sort_by_key(|&cell| {
            let on = lines.iter().filter(|&&line| line & (1u64 << cell) != 0).count();
            (std::cmp::Reverse(on), centre(u32::from(cell)), cell)
        });
        SolveTables {
            bytes,
            forward,
            inverse,
            order,
        }
    }

    pub(crate) fn map(&self, symmetry: usize, mask: u64) -> u64 {
        let table = &self.bytes[symmetry];
        (0..8).fold(0, |out, byte| {
            out | table[byte][((mask >> (byte * 8)) & 0xff) as usize]
        })
    }
}
