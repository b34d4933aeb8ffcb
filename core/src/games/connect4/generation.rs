//! Making an opening book: every open position up to a depth, each once up to mirror image
//! ([`positions`]), the deepest solved by the column solver and every shallower one scored
//! from its children ([`generate`]). Apart from the book itself ([`super::book`], which the
//! solver reads), because making one drives the solver.
//!
//! ```
//! use minimax_core::games::connect4::generation::{generate, positions};
//! use minimax_core::games::connect4::{ColumnSolver, Geometry};
//! use minimax_core::games::mnk::{Rules, Shape};
//! use std::collections::BTreeMap;
//!
//! // A 4×4 board with gravity, three in a row.
//! let shape = Shape::with_rules(4, 4, Some(3), true).unwrap();
//! assert_eq!(Rules::of(shape), Rules { k: Some(3), gravity: true, size: Some((4, 4)) });
//! let geometry = Geometry::of(shape).unwrap();
//! let mut solver = ColumnSolver::new(geometry, 1).with_book(None);
//! let book = generate(&mut solver, 2, &mut BTreeMap::new(), |_, _, _| Ok(())).unwrap();
//! let open: usize = positions(&geometry, 2).iter().map(Vec::len).sum();
//! assert_eq!(book.len(), open);
//! ```

use super::bitboard::{Bits, Geometry};
use super::book::Book;
use super::search::ColumnSolver;
use crate::search::solver::OutOfTime;
use std::collections::{BTreeMap, HashSet};

/// The open positions of every ply up to `depth`, each once up to mirror image, in the
/// order a depth-first walk from the empty board (columns from the left) first meets them.
pub fn positions(geometry: &Geometry, depth: u32) -> Vec<Vec<Bits>> {
    let mut levels: Vec<Vec<Bits>> = (0..=depth).map(|_| Vec::new()).collect();
    let mut seen: Vec<HashSet<u64>> = (0..=depth).map(|_| HashSet::new()).collect();
    let root = Bits::empty();
    walk(geometry, &root, depth, &mut levels, &mut seen);
    levels
}

fn walk(geometry: &Geometry, bits: &Bits, depth: u32, levels: &mut [Vec<Bits>], seen: &mut [HashSet<u64>]) {
    let ply = bits.moves as usize;
    if !seen[ply].insert(bits.key()) {
        return;
    }
    levels[ply].push(*bits);
    if bits.moves == depth {
        return;
    }
    let playable = bits.playable(geometry);
    let winning = winning_moves(geometry, bits);
    for col in 0..geometry.cols {
        let cell = playable & geometry.column(col);
        if cell == 0 || cell & winning != 0 {
            continue;
        }
        let child = bits.play(geometry, cell, col);
        if child.playable(geometry) != 0 {
            walk(geometry, &child, depth, levels, seen);
        }
    }
}

fn winning_moves(geometry: &Geometry, bits: &Bits) -> u64 {
    match geometry.k {
        3 => bits.winning_moves::<3>(geometry),
        4 => bits.winning_moves::<4>(geometry),
        5 => bits.winning_moves::<5>(geometry),
        6 => bits.winning_moves::<6>(geometry),
        7 => bits.winning_moves::<7>(geometry),
        _ => bits.winning_moves::<8>(geometry),
    }
}

/// How far a generation has come, for its progress line.
pub struct Progress {
    /// Positions of the last ply solved so far (those of an earlier run included).
    pub solved: usize,
    /// Positions of the last ply in all.
    pub total: usize,
    /// Nodes searched by this run.
    pub nodes: u64,
}

/// Makes the book of every position up to `depth` plies: the positions of the last ply
/// solved one by one (those in `known`, from an earlier run, are not solved again; each new
/// score is handed to `solved` as soon as it is known, so that a stopped run can resume),
/// every shallower one scored from its children. The same book on every run.
pub fn generate(
    solver: &mut ColumnSolver,
    depth: u32,
    known: &mut BTreeMap<u64, i32>,
    mut solved: impl FnMut(u64, i32, &Progress) -> std::io::Result<()>,
) -> Result<Book, GenerateError> {
    let geometry = *solver.geometry();
    if geometry.cols * (geometry.rows + 1) > 56 || depth >= geometry.cells() {
        return Err(GenerateError::Board);
    }
    let levels = positions(&geometry, depth);
    let leaves = &levels[depth as usize];
    let mut progress = Progress {
        solved: leaves
            .iter()
            .filter(|bits| known.contains_key(&bits.key()))
            .count(),
        total: leaves.len(),
        nodes: 0,
    };
    for bits in leaves {
        if known.contains_key(&bits.key()) {
            continue;
        }
        let before = solver.stats.nodes;
        let score = solver.solve(bits)?;
        known.insert(bits.key(), score);
        progress.solved += 1;
        progress.nodes += solver.stats.nodes - before;
        solved(bits.key(), score, &progress)?;
    }
    let mut scores: BTreeMap<u64, i32> = leaves
        .iter()
        .map(|bits| (bits.key(), known[&bits.key()]))
        .collect();
    for level in levels[..depth as usize].iter().rev() {
        for bits in level {
            let score = score_from_children(&geometry, bits, &scores);
            scores.insert(bits.key(), score);
        }
    }
    Ok(Book::from_scores(&geometry, depth, scores))
}

/// A position's score as the best of its moves: a win at once, or the child's score negated.
fn score_from_children(geometry: &Geometry, bits: &Bits, scores: &BTreeMap<u64, i32>) -> i32 {
    let playable = bits.playable(geometry);
    let winning = winning_moves(geometry, bits);
    if winning != 0 {
        return ((geometry.cells() + 1 - bits.moves) / 2) as i32;
    }
    (0..geometry.cols)
        .filter_map(|col| {
            let cell = playable & geometry.column(col);
            (cell != 0).then(|| {
                let child = bits.play(geometry, cell, col);
                // A child that fills the board is a draw; every other is in the book.
                scores.get(&child.key()).map_or(0, |score| -score)
            })
        })
        .max()
        .unwrap_or(0)
}

/// Why a book could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error(
        "an opening book needs a board of at most 56 cells with their spare row, and a depth below its cells"
    )]
    /// The board or the depth does not fit a book.
    Board,
    /// A position could not be solved within its limits.
    #[error(transparent)]
    OutOfTime(#[from] OutOfTime),
    /// The progress file could not be written.
    #[error("cannot save the progress: {0}")]
    Save(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Shape;

    fn geometry(cols: usize, rows: usize, k: usize) -> Geometry {
        Geometry::of(Shape::new(cols, rows, Some(k)).unwrap().with_gravity(true)).unwrap()
    }

    #[test]
    fn connect_four_has_the_known_count_of_positions_per_ply_up_to_mirror_image() {
        // Every position of 0 to 5 plies: 1, 7, 49, 238, 1120, 4263 (OEIS A212693), each
        // kept once with its mirror image.
        let counts: Vec<usize> = positions(&geometry(7, 6, 4), 5)
            .iter()
            .map(|level| {
                level
                    .iter()
                    .map(|bits| if bits.is_symmetric() { 1 } else { 2 })
                    .sum()
            })
            .collect();
        assert_eq!(counts, [1, 7, 49, 238, 1120, 4263]);
    }

    #[test]
    fn a_book_scores_every_position_as_the_solver_does_and_reads_back_the_same() {
        let g = geometry(5, 4, 4);
        let mut solver = ColumnSolver::new(g, 8).with_book(None);
        let mut known = BTreeMap::new();
        let mut reported = 0;
        let book = generate(&mut solver, 4, &mut known, |_, _, _| {
            reported += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(reported, positions(&g, 4)[4].len());
        let mut fresh = ColumnSolver::new(g, 8).with_book(None);
        for level in positions(&g, 4) {
            for bits in level {
                assert_eq!(book.score(&bits), Some(fresh.solve(&bits).unwrap()));
            }
        }
        assert_eq!(Book::read(&book.to_bytes()), Ok(book.clone()));
        // A run that finds every leaf already solved solves nothing and makes the same book.
        let again = generate(&mut solver, 4, &mut known, |_, _, _| panic!("solved again")).unwrap();
        assert_eq!(again, book);
    }

    #[test]
    fn the_shipped_book_holds_every_position_up_to_its_depth_each_the_best_of_its_children() {
        let book = Book::embedded().expect("a book is shipped");
        let g = geometry(7, 6, 4);
        assert!(book.fits(&g));
        let levels = positions(&g, u32::from(book.depth));
        assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
        let scores: BTreeMap<u64, i32> = book.entries().collect();
        for level in &levels[..usize::from(book.depth)] {
            for bits in level {
                assert_eq!(
                    book.score(bits),
                    Some(score_from_children(&g, bits, &scores)),
                    "{bits:?}"
                );
            }
        }
    }

    /// Minutes for a shallow book (its deepest positions are the hardest to solve): run with
    /// `cargo test --release -- --ignored`.
    #[test]
    #[ignore]
    fn the_shipped_book_agrees_with_the_solver_on_a_sample_of_its_entries() {
        let book = Book::embedded().expect("a book is shipped");
        let g = geometry(7, 6, 4);
        let levels = positions(&g, u32::from(book.depth));
        let mut solver = ColumnSolver::new(g, 1024).with_book(None);
        let deepest = &levels[usize::from(book.depth)];
        // A fixed sample of the deepest entries, re-solved without the book.
        for bits in deepest.iter().step_by(deepest.len() / 6 + 1) {
            assert_eq!(book.score(bits), Some(solver.solve(bits).unwrap()), "{bits:?}");
        }
    }
}
