//! The exact Connect Four search: negamax with alpha-beta over scores that count how early
//! the game is won, narrowed to a null window at a time around the true score.
//!
//! Scores, from the side to move: a win with the mover's m-th piece from now is
//! `(cells + 1 - stones) / 2 - (m - 1)`; a loss to the opponent's m-th piece is
//! `-((cells - stones) / 2 - (m - 1))`; a draw 0. The earlier the win, the higher the score,
//! so the best move is also the quickest win (or the slowest loss). What makes it fast:
//! - the moves that lose at once are never searched, and a forced move is played without
//!   a table lookup;
//! - on boards of even height, the opponent's claimeven strategy bounds the score from
//!   above without a search;
//! - before any move is searched every child is looked at (after Steininger's solver): a
//!   move that leaves the opponent no safe reply wins at once, so does one whose forced
//!   line ends there, and a child's own bounds (claimeven, no line left to make) raise
//!   alpha for all the moves;
//! - the table ([`crate::search::table`], compact slots) holds a bound and the best move
//!   for positions up to mirror image; near the root every child is looked up first
//!   (enhanced transposition cut-offs), its bound raising alpha too; the search waits on
//!   memory most, so a node's slot and its children's start loading before anything else
//!   is looked at;
//! - moves are ordered by the table's move, then by the winning cells they make, centre
//!   columns breaking ties;
//! - null windows prove the score: first win, draw or loss, then the distance;
//! - a long search is shared by several threads (lazy SMP: each searches the same
//!   position in its own move order, all sharing the table); the first thread's answer is
//!   the exact score whatever the others store, so answers never depend on the threads.
//!
//! ```
//! use minimax_core::games::connect4::{Bits, ColumnSolver, Geometry};
//! use minimax_core::games::mnk::{read_any, Rules, Shape};
//!
//! // X has three on the bottom row (columns 1, 2, 3): column 4 wins with X's next piece,
//! // the best score there is, (42 + 1 - 6) / 2 = 18.
//! let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
//! let position = read_any("moves: 112233", Rules::default(), None).unwrap();
//! let bits = Bits::of(&position, &geometry);
//! let mut solver = ColumnSolver::new(geometry, 1);
//! assert_eq!(solver.solve(&bits), Ok(18));
//! assert_eq!(solver.analyze_column(&bits, 3), Ok(Some(18)));
//! ```

use super::bitboard::{Bits, Geometry};
use super::book::Book;
use crate::search::solver::{OutOfTime, Stats};
use crate::search::table::{Layout, Table};
use web_time::Instant;
use worker::Settings;

/// Bits of a table entry that say how much work it holds.
const WORK_BITS: u32 = 4;

/// Calls `self.method::<K>(args)` with the board's k as the constant `K` (3 to 8), so that the
/// search's line tests unroll.
macro_rules! with_k {
    ($geometry:expr, $f:ident :: < K > ( $($arg:expr),* )) => {
        match $geometry.k {
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            _ => $f::<8>($($arg),*),
        }
    };
}

mod negamax;
mod threads;
mod worker;

/// Nodes a solve searches alone before other threads join it: short searches stay on one
/// thread, with node counts the same on every run.
const ALONE_NODES: u64 = 1 << 22;

/// A search context for one board: the table, the statistics and the limits.
pub struct ColumnSolver {
    geometry: Geometry,
    table: Table,
    /// Slots filled by this solver's single-threaded searches (the table grows at half).
    filled: usize,
    /// Columns from the centre outwards, the order ties between moves are broken in.
    order: Vec<u32>,
    /// What the searches so far counted.
    pub stats: Stats,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    threads: usize,
    /// Nodes a solve or an analysis searches alone before the threads join it.
    alone_nodes: u64,
    book: Option<&'static Book>,
}

impl ColumnSolver {
    /// A solver whose table takes at most `hash_mib` MiB (a power of two of entries).
    pub fn new(geometry: Geometry, hash_mib: usize) -> ColumnSolver {
        let mut order: Vec<u32> = (0..geometry.cols).collect();
        // Nearest the centre first; of two equally near, the left one.
        order.sort_by_key(|&col| ((2 * col as i32 - (geometry.cols as i32 - 1)).abs(), col));
        ColumnSolver {
            geometry,
            table: Table::new(Layout::Compact, hash_mib, u64::MAX).with_work_bits(WORK_BITS),
            filled: 0,
            order,
            stats: Stats::default(),
            deadline: None,
            node_limit: None,
            threads: 1,
            alone_nodes: ALONE_NODES,
            book: Book::embedded().filter(|book| book.fits(&geometry)),
        }
    }

    /// Answers the positions `book` holds from it (`None`: no book; by default the shipped
    /// book where it is for this board).
    pub fn with_book(mut self, book: Option<&'static Book>) -> Self {
        self.book = book.filter(|book| book.fits(&self.geometry));
        self
    }

    /// The book in use, if any.
    pub fn book(&self) -> Option<&'static Book> {
        self.book
    }

    /// Stops searching at `deadline` (`None`: no clock).
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    pub(crate) fn with_node_limit(mut self, limit: Option<u64>) -> Self {
        self.node_limit = limit;
        self
    }

    /// Searches long positions with `threads` threads (1: this thread only).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Lets the threads join a solve or an analysis after `nodes` nodes searched alone.
    #[cfg(test)]
    pub(crate) fn with_alone_nodes(mut self, nodes: u64) -> Self {
        self.alone_nodes = nodes;
        self
    }

    fn settings(&self) -> Settings {
        let mut order = [0u32; 32];
        order[..self.order.len()].copy_from_slice(&self.order);
        Settings {
            geometry: self.geometry,
            order,
            deadline: self.deadline,
            node_limit: self.node_limit,
            book: self.book,
        }
    }

    /// The cells where the side to move wins at once.
    pub fn winning_cells(&self, bits: &Bits) -> u64 {
        with_k!(self.geometry, winning_moves::<K>(bits, &self.geometry))
    }

    /// The columns nearest the centre first (of two equally near, the left one): the order
    /// the columns are searched in.
    pub fn centre_order(&self) -> Vec<u32> {
        self.order.clone()
    }

    /// The board the solver is for.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The table's size now, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The score of every column for the side to move (`None`: the column is full), each
    /// move's child solved with the same table. The centre columns go first: their positions
    /// fill the table with what the outer columns' searches need most; a column whose
    /// position mirrors another's is answered by that one. With several threads, a long
    /// analysis rates several columns at once (see [`ColumnSolver::rate_together`]).
    pub fn analyze(&mut self, bits: &Bits) -> Result<Vec<Option<i32>>, OutOfTime> {
        let geometry = self.geometry;
        let mut scores = vec![None; geometry.cols as usize];
        let winning = with_k!(geometry, winning_moves::<K>(bits, &geometry));
        let playable = bits.playable(&geometry);
        // The children to solve, each once up to mirror image, and which columns each answers.
        let mut children: Vec<(Bits, Vec<u32>)> = Vec::new();
        for &col in &self.order {
            let cell = playable & geometry.column(col);
            if cell == 0 {
                continue;
            }
            if winning & cell != 0 {
                scores[col as usize] = Some(win_now(&geometry, bits));
                continue;
            }
            let child = bits.play(&geometry, cell, col);
            match children.iter_mut().find(|(other, _)| other.key() == child.key()) {
                Some((_, cols)) => cols.push(col),
                None => children.push((child, vec![col])),
            }
        }
        let positions: Vec<Bits> = children.iter().map(|(child, _)| *child).collect();
        let solved = self.solve_each(&positions)?;
        for ((_, cols), score) in children.iter().zip(solved) {
            for &col in cols {
                scores[col as usize] = Some(-score);
            }
        }
        Ok(scores)
    }

    /// The exact score of each of `positions` (none over), one table for all: one after
    /// another while the whole takes few nodes (the same nodes on every run), then, with
    /// several threads, the rest rated together.
    fn solve_each(&mut self, positions: &[Bits]) -> Result<Vec<i32>, OutOfTime> {
        let mut intervals: Vec<Interval> = positions
            .iter()
            .map(|bits| Interval::of(&self.geometry, bits))
            .collect();
        let alone = (self.threads > 1).then_some(self.stats.nodes + self.alone_nodes);
        for (at, bits) in positions.iter().enumerate() {
            if !self.narrow_alone(bits, &mut intervals[at], Goal::Score, alone)? {
                self.rate_together(&positions[at..], &mut intervals[at..])?;
                break;
            }
        }
        Ok(intervals.iter().map(|interval| interval.min).collect())
    }

    /// The score of one column, as [`ColumnSolver::analyze`] gives it (`None`: full): for
    /// valuing the columns one at a time.
    pub fn analyze_column(&mut self, bits: &Bits, col: u32) -> Result<Option<i32>, OutOfTime> {
        let geometry = self.geometry;
        let cell = bits.playable(&geometry) & geometry.column(col);
        if cell == 0 {
            return Ok(None);
        }
        let winning = with_k!(geometry, winning_moves::<K>(bits, &geometry));
        if winning & cell != 0 {
            Ok(Some(win_now(&geometry, bits)))
        } else {
            let child = bits.play(&geometry, cell, col);
            Ok(Some(-self.solve(&child)?))
        }
    }

    /// The exact score of a position that is not over, for its side to move.
    pub fn solve(&mut self, bits: &Bits) -> Result<i32, OutOfTime> {
        let mut interval = Interval::of(&self.geometry, bits);
        self.narrow(bits, &mut interval, Goal::Score)?;
        Ok(interval.min)
    }

    /// Stops searching at `deadline` from now on (`None`: no clock).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }
}

/// The score of a win with the side to move's next piece.
fn win_now(geometry: &Geometry, bits: &Bits) -> i32 {
    ((geometry.cells() + 1 - bits.moves) / 2) as i32
}

fn winning_moves<const K: usize>(bits: &Bits, geometry: &Geometry) -> u64 {
    bits.winning_moves::<K>(geometry)
}

/// How far [`ColumnSolver::narrow`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Whether the side to move wins, draws or loses.
    Outcome,
    /// The exact score.
    Score,
}

/// What is known of a score: `min <= score <= max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// The lowest the score can be.
    pub min: i32,
    /// The highest the score can be.
    pub max: i32,
}

impl Interval {
    /// Every score a position of `bits` (not over) can have.
    pub fn of(geometry: &Geometry, bits: &Bits) -> Interval {
        let (cells, stones) = (geometry.cells() as i32, bits.moves as i32);
        Interval {
            min: -(cells - stones) / 2,
            max: (cells + 1 - stones) / 2,
        }
    }

    /// The score itself.
    pub fn exactly(score: i32) -> Interval {
        Interval {
            min: score,
            max: score,
        }
    }

    /// The same for the other side.
    pub fn negated(self) -> Interval {
        Interval {
            min: -self.max,
            max: -self.min,
        }
    }

    /// Whether the score is known.
    pub fn is_exact(self) -> bool {
        self.min == self.max
    }

    /// Whether the outcome (win, draw or loss) is known: the sign of the score.
    pub fn outcome_known(self) -> bool {
        self.min > 0 || self.max < 0 || (self.min == 0 && self.max == 0)
    }

    fn reached(self, goal: Goal) -> bool {
        match goal {
            Goal::Outcome => self.outcome_known() || self.is_exact(),
            Goal::Score => self.is_exact(),
        }
    }
}
