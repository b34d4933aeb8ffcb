//! Falling pieces as two 64-bit words: the column-height layout of the strong Connect Four
//! solvers. Each column takes `rows + 1` bits, bottom cell first; the extra bit on top of
//! every column stays empty, so that shifting a line across a column's top finds a zero and
//! no line wraps from one column into the next.
//!
//! ```
//! use minimax_core::games::connect4::{Bits, Geometry};
//! use minimax_core::games::mnk::{read_any, Rules, Shape};
//!
//! // A position and its mirror image share one key: columns 1 1 2 2 and 7 7 6 6.
//! let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
//! let bits = |moves: &str| Bits::of(&read_any(moves, Rules::default(), None).unwrap(), &geometry);
//! assert_eq!(bits("moves: 1122").key(), bits("moves: 7766").key());
//! assert_ne!(bits("moves: 1122").key(), bits("moves: 1212").key());
//! // Both players in the centre column: the board is its own mirror image.
//! assert!(bits("moves: 44").is_symmetric() && !bits("moves: 43").is_symmetric());
//! ```

use crate::games::bits::{completing, shl, shr};
use crate::games::mnk::{Position, Shape};

/// A board's geometry and the masks made from it once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns.
    pub cols: u32,
    /// Rows.
    pub rows: u32,
    /// How many in a row win.
    pub k: u32,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every playable cell (not the spare bit on top of each column).
    board: u64,
    /// The cells of even rows counting from 1 at the bottom (2, 4, ...): the cells the
    /// second player of a column claims by answering in it (claimeven).
    evens: u64,
}

impl Geometry {
    /// The geometry of `shape` when it has gravity and fits a word: `(rows + 1) × cols ≤ 64`
    /// (every board up to 8 × 7, Connect Four's 7 × 6 among them).
    pub fn of(shape: Shape) -> Option<Geometry> {
        let (cols, rows, k) = (u32::from(shape.cols), u32::from(shape.rows), u32::from(shape.k));
        if !shape.gravity || (rows + 1) * cols > 64 {
            return None;
        }
        let bottom = (0..cols).fold(0u64, |mask, col| mask | 1u64 << (col * (rows + 1)));
        let column = (1u64 << rows) - 1;
        let even_rows = (0..rows)
            .filter(|row| row % 2 == 1)
            .fold(0u64, |mask, row| mask | 1 << row);
        Some(Geometry {
            cols,
            rows,
            k,
            bottom,
            board: bottom * column,
            evens: bottom * even_rows,
        })
    }

    /// `bits` of column `col` carried to the mirror image's column.
    #[inline(always)]
    pub(crate) fn mirror(&self, bits: u64, col: u32) -> u64 {
        let width = self.rows + 1;
        bits >> (col * width) << ((self.cols - 1 - col) * width)
    }

    /// The bottom cell of every column.
    #[inline(always)]
    pub(crate) fn bottom(&self) -> u64 {
        self.bottom
    }

    /// Every cell of the board.
    #[inline(always)]
    pub(crate) fn board(&self) -> u64 {
        self.board
    }

    pub(crate) fn cells(&self) -> u32 {
        self.cols * self.rows
    }

    /// Every cell of column `col` (0-based).
    pub(crate) fn column(&self, col: u32) -> u64 {
        ((1u64 << self.rows) - 1) << (col * (self.rows + 1))
    }

    /// Whether `cells` (cells of the board only) hold a line of k in any direction.
    #[inline(always)]
    pub fn has_line<const K: usize>(&self, cells: u64) -> bool {
        let h = self.rows;
        [1, h + 1, h, h + 2].into_iter().any(|shift| {
            let mut line = cells;
            for i in 1..K as u32 {
                line &= shr(cells, shift * i);
            }
            line != 0
        })
    }

    /// An upper bound on the score of the side to move when rows and stones are both even,
    /// from the opponent's claimeven strategy: answering every move in the same column (and
    /// a move onto an even cell with another such move), the opponent takes every even cell
    /// not playable now, and the side to move gets at most the other cells. Without a line
    /// of its own among those, the side to move cannot win (0), and loses if the opponent's
    /// cells hold a line: at the latest when the line's last cell is filled, which the side
    /// to move can put off at most until the cells above that cell are all that is left
    /// (the bound of the line whose highest cell is lowest); `None` when it proves nothing.
    #[inline(always)]
    pub fn claimeven_bound<const K: usize>(&self, bits: &Bits) -> Option<i32> {
        let playable = bits.taken + self.bottom;
        let opponent = bits.taken ^ bits.current;
        let theirs = opponent | (self.evens & !bits.taken & !playable);
        if self.has_line::<K>(self.board & !theirs) {
            return None;
        }
        let tops = self.line_tops::<K>(theirs);
        if tops == 0 {
            return Some(0);
        }
        // The lowest row holding a line's highest cell (0 at the bottom).
        let lowest = (0..self.rows)
            .find(|&row| tops & (self.bottom << row) != 0)
            .unwrap_or(self.rows - 1);
        Some(-(((self.rows - 1 - lowest) / 2) as i32 + 1))
    }

    /// The highest cell of every line of k that `cells` hold.
    #[inline(always)]
    fn line_tops<const K: usize>(&self, cells: u64) -> u64 {
        let h = self.rows;
        let starts = |shift: u32| {
            let mut line = cells;
            for i in 1..K as u32 {
                line &= shr(cells, shift * i);
            }
            line
        };
        let rise = K as u32 - 1;
        // A line's first bit is its lowest cell going up a column or up-right, its highest
        // going along a row or down-right.
        shl(starts(1), rise) | shl(starts(h + 2), (h + 2) * rise) | starts(h + 1) | starts(h)
    }

    /// Whether the side to move can still make a line with its pieces and the empty cells.
    #[inline(always)]
    pub fn can_win<const K: usize>(&self, bits: &Bits) -> bool {
        self.has_line::<K>(bits.current | (self.board & !bits.taken))
    }

    /// Whether claimeven bounds apply to boards of this height.
    pub fn even_rows(&self) -> bool {
        self.rows % 2 == 0
    }

    /// The empty cells that would complete a line of k for `pieces`: for each direction, runs
    /// of pieces reaching a cell from either side, joined when they make k - 1 between them.
    /// `K` is k, fixed at compile time so that the runs unroll (the search's hot path).
    #[inline(always)]
    pub(crate) fn winning_cells<const K: usize>(&self, pieces: u64, taken: u64) -> u64 {
        let h = self.rows;
        // Vertical lines only grow upwards: the k - 1 pieces right below the cell.
        let mut winning = u64::MAX;
        for step in 1..K as u32 {
            winning &= shl(pieces, step);
        }
        for shift in [h + 1, h, h + 2] {
            winning |= completing::<K>(pieces, shift);
        }
        winning & (self.board ^ taken)
    }
}

/// A position for the solver: the side to move's pieces, every piece, and the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits {
    pub(crate) current: u64,
    pub(crate) taken: u64,
    pub(crate) moves: u32,
    /// `current` and `taken` of the mirror image, kept up move by move so that the key up to
    /// symmetry costs a comparison, not a reversal of every column.
    mirror_current: u64,
    mirror_taken: u64,
}

impl Bits {
    /// The bitboard of a position of `geometry` (pieces resting on pieces, as a legal
    /// gravity position's always do).
    pub fn of(position: &Position, geometry: &Geometry) -> Bits {
        let mut bits = Bits {
            current: 0,
            taken: 0,
            moves: 0,
            mirror_current: 0,
            mirror_taken: 0,
        };
        let shape = position.board.shape();
        for index in 0..shape.cells() {
            let square = shape.square(index);
            let Some(mark) = position.board.get(square) else {
                continue;
            };
            let height = geometry.rows - 1 - u32::from(square.row);
            let bit = 1u64 << (u32::from(square.col) * (geometry.rows + 1) + height);
            let mirrored = geometry.mirror(bit, u32::from(square.col));
            bits.taken |= bit;
            bits.mirror_taken |= mirrored;
            if mark == position.to_move {
                bits.current |= bit;
                bits.mirror_current |= mirrored;
            }
            bits.moves += 1;
        }
        bits
    }

    /// The empty board.
    pub fn empty() -> Bits {
        Bits {
            current: 0,
            taken: 0,
            moves: 0,
            mirror_current: 0,
            mirror_taken: 0,
        }
    }

    /// Whether the position is its own mirror image.
    pub fn is_symmetric(&self) -> bool {
        self.current == self.mirror_current && self.taken == self.mirror_taken
    }

    /// The cell a piece dropped in each column would land on, all at once.
    #[inline(always)]
    pub(crate) fn playable(&self, geometry: &Geometry) -> u64 {
        (self.taken + geometry.bottom) & geometry.board
    }

    /// The position after the side to move drops a piece on `cell` (one bit of
    /// [`Bits::playable`], in column `col`).
    #[inline(always)]
    pub(crate) fn play(&self, geometry: &Geometry, cell: u64, col: u32) -> Bits {
        Bits {
            current: self.current ^ self.taken,
            taken: self.taken | cell,
            moves: self.moves + 1,
            mirror_current: self.mirror_current ^ self.mirror_taken,
            mirror_taken: self.mirror_taken | geometry.mirror(cell, col),
        }
    }

    /// Where the side to move would win at once.
    #[inline(always)]
    pub(crate) fn winning_moves<const K: usize>(&self, geometry: &Geometry) -> u64 {
        geometry.winning_cells::<K>(self.current, self.taken) & self.playable(geometry)
    }

    /// Where the opponent would complete a line, playable now or not.
    #[inline(always)]
    pub(crate) fn opponent_threats<const K: usize>(&self, geometry: &Geometry) -> u64 {
        geometry.winning_cells::<K>(self.current ^ self.taken, self.taken)
    }

    /// The moves that do not lose at once: blocking the one threat there is (none if there
    /// are two), and never filling the cell under an opponent's threat.
    #[inline(always)]
    pub(crate) fn safe_moves<const K: usize>(&self, geometry: &Geometry) -> u64 {
        self.safe_moves_against(geometry, self.opponent_threats::<K>(geometry))
    }

    /// [`Bits::safe_moves`] where the opponent's threats are known already.
    #[inline(always)]
    pub(crate) fn safe_moves_against(&self, geometry: &Geometry, threats: u64) -> u64 {
        let mut playable = self.playable(geometry);
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            playable = forced;
        }
        playable & !(threats >> 1)
    }

    /// A key unique to the position (pieces plus one bit above each column's top piece),
    /// the same for a position and its mirror image.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key_mirrored().0
    }

    /// The key, and whether it is the mirror image's (so that a stored column is mirrored).
    #[inline(always)]
    pub fn key_mirrored(&self) -> (u64, bool) {
        let (own, mirrored) = (self.current + self.taken, self.mirror_current + self.mirror_taken);
        if mirrored < own {
            (mirrored, true)
        } else {
            (own, false)
        }
    }
}
