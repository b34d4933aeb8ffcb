//! The exact solver for a board, whichever fits it: the column solver where pieces fall
//! (Connect Four's bitboard search), the generic one elsewhere. The engine
//! ([`super::board_engine`]) holds one [`Exact`] per search context and never asks which.
//!
//! ```
//! use minimax_core::games::exact::Exact;
//! use minimax_core::games::mnk::{read_any, read_position, Rules, Shape, TicTacToe};
//! use minimax_core::notation::Coords;
//!
//! // The sheet's board: the exact solver finds the slides' answer.
//! let position = read_position("X X -\n- O O\n- - -\n", Shape::CLASSIC, None).unwrap();
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let decision = Exact::new(&game, 1).decide(&position).unwrap().unwrap();
//! assert_eq!(decision.best().mv.display(Coords::ColRow).to_string(), "X 3 1");
//!
//! // Where pieces fall, the column solver: rating one move gives what deciding all gives.
//! let rules = Rules { k: Some(3), gravity: true, size: Some((4, 4)) };
//! let position = read_any("moves: 23", rules, None).unwrap();
//! let game = TicTacToe::new(position.board.shape());
//! let mut exact = Exact::new(&game, 1);
//! assert_eq!(exact.name(), "solver (columns: bitboard, null windows)");
//! let decision = exact.decide(&position).unwrap().unwrap();
//! let best = decision.best();
//! assert_eq!(exact.rate(&position, best.mv).unwrap().value, best.value);
//! ```

use super::connect4::book::Book;
use super::connect4::{self, ColumnSolver, Geometry};
use super::mnk::cells::{CellGeometry, CellSolver};
use super::mnk::{Move, Position, TicTacToe};
use crate::search::decision::{decide_solved, Decision, RatedMove};
use crate::search::solver::{self, OutOfTime, Solver, Stats};
use web_time::Instant;

/// The exact solver fitted to one board, owning its table, limits and statistics.
pub struct Exact<'g> {
    game: &'g TicTacToe,
    inner: Inner<'g>,
}

enum Inner<'g> {
    Cells(Solver<'g, TicTacToe>),
    Bits(CellSolver),
    Columns(ColumnSolver),
}

impl<'g> Exact<'g> {
    /// A solver for `game`'s board with a table of at most `hash_mib` MiB.
    pub fn new(game: &'g TicTacToe, hash_mib: usize) -> Exact<'g> {
        let inner = match Geometry::of(game.shape()) {
            Some(geometry) => Inner::Columns(ColumnSolver::new(geometry, hash_mib)),
            None => match CellGeometry::of(game.shape()) {
                Some(geometry) => Inner::Bits(CellSolver::new(geometry, hash_mib)),
                None => Inner::Cells(Solver::new(game, hash_mib)),
            },
        };
        Exact { game, inner }
    }

    /// Stops searching at `deadline` and after `limit` nodes (either may be `None`).
    pub fn with_limits(self, deadline: Option<Instant>, limit: Option<u64>) -> Exact<'g> {
        let inner = match self.inner {
            Inner::Cells(solver) => Inner::Cells(solver.with_deadline(deadline).with_node_limit(limit)),
            Inner::Bits(solver) => Inner::Bits(solver.with_limits(deadline, limit)),
            Inner::Columns(solver) => Inner::Columns(solver.with_deadline(deadline).with_node_limit(limit)),
        };
        Exact { inner, ..self }
    }

    /// Shares long searches among `threads` threads (the column solver's; the generic one
    /// searches alone).
    pub fn with_threads(self, threads: usize) -> Exact<'g> {
        let inner = match self.inner {
            Inner::Columns(solver) => Inner::Columns(solver.with_threads(threads)),
            cells => cells,
        };
        Exact { inner, ..self }
    }

    /// Answers from `book` where it is for the board (`None`: no book).
    pub fn with_book(self, book: Option<&'static Book>) -> Exact<'g> {
        let inner = match self.inner {
            Inner::Columns(solver) => Inner::Columns(solver.with_book(book)),
            cells => cells,
        };
        Exact { inner, ..self }
    }

    /// The column solver, where pieces fall on a board it fits (the engine bounds it by a
    /// clock).
    pub(crate) fn columns(&mut self) -> Option<&mut ColumnSolver> {
        match &mut self.inner {
            Inner::Columns(solver) => Some(solver),
            _ => None,
        }
    }

    /// Every legal move rated exactly; `None` when the game is over.
    pub fn decide(&mut self, position: &Position) -> Result<Option<Decision<Move>>, OutOfTime> {
        match &mut self.inner {
            Inner::Cells(solver) => decide_solved(solver, self.game, position),
            Inner::Bits(solver) => solver.decide(self.game, position),
            Inner::Columns(solver) => connect4::decide(solver, self.game, position),
        }
    }

    /// One legal move of `position` rated exactly, as [`Exact::decide`] rates it (the same
    /// value, outcome and tie-break score), so that a caller can value the moves one at a
    /// time and say how far it has got: `Decision::choose` then picks among them as `decide`
    /// does. The browser's worker uses it for its progress.
    pub fn rate(&mut self, position: &Position, mv: Move) -> Result<RatedMove<Move>, OutOfTime> {
        match &mut self.inner {
            Inner::Cells(solver) => {
                let child = position.play(mv.square);
                Ok(RatedMove::exact(mv, solver::from_parent(solver.score(&child)?)))
            }
            Inner::Bits(solver) => solver.rate(position, mv),
            Inner::Columns(solver) => connect4::rate(solver, position, mv),
        }
    }

    /// The line of best play after `decision` (made at `position`), each side choosing as
    /// [`Exact::decide`] does; the root is not searched again.
    pub fn principal_variation(
        &mut self,
        position: &Position,
        decision: &Decision<Move>,
    ) -> Result<Vec<Move>, OutOfTime> {
        let mut line = vec![decision.best().mv];
        let mut position = position.play(decision.best().mv.square);
        while let Some(next) = self.decide(&position)? {
            let mv = next.best().mv;
            line.push(mv);
            position = position.play(mv.square);
        }
        Ok(line)
    }

    /// What the searches so far counted.
    pub fn stats(&self) -> Stats {
        match &self.inner {
            Inner::Cells(solver) => solver.stats,
            Inner::Bits(solver) => solver.stats,
            Inner::Columns(solver) => solver.stats,
        }
    }

    /// The transposition table's size in memory, in bytes.
    pub fn table_bytes(&self) -> usize {
        match &self.inner {
            Inner::Cells(solver) => solver.table_bytes(),
            Inner::Bits(solver) => solver.table_bytes(),
            Inner::Columns(solver) => solver.table_bytes(),
        }
    }

    /// Which search it is, for `--stats`.
    pub fn name(&self) -> &'static str {
        match &self.inner {
            Inner::Cells(_) => "solver",
            Inner::Bits(_) => "solver (cells: bitboard, null windows)",
            Inner::Columns(_) => "solver (columns: bitboard, null windows)",
        }
    }
}
