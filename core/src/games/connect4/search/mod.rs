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
use crate::search::table::{at_least, at_most, Bound, Entry, Layout, Table};

/// Bits of a table entry that say how much work it holds.
const WORK_BITS: u32 = 4;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use web_time::Instant;

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

/// Nodes a solve searches alone before other threads join it: short searches stay on one
/// thread, with node counts the same on every run.
const ALONE_NODES: u64 = 1 << 22;

/// Plies below the root where a helper thread shuffles its moves.
const JITTER_PLIES: u32 = 4;

/// Fewest empty cells for a node to use the table: nearer the end a subtree is searched in
/// less time than a table slot takes to load from memory (measured: 11% less time on the
/// empty board's root, the nodes the same within 1%).
const TABLED_EMPTY: i32 = 6;

/// Empty cells (at least) for a node to look its children up before searching them (from
/// 12 on: 8% fewer nodes than from 16, the time the same within the machine's noise).
const ETC_EMPTY: i32 = 12;

// The children's keys, for their lookups, are computed wherever the children are tabled.
const _: () = assert!(ETC_EMPTY > TABLED_EMPTY);

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

    /// Narrows what is known of the score of `bits` (not over; its side to move's) until
    /// `goal` is reached: every bound proven on the way is kept in `interval`, also when the
    /// search stops early, so that a later call goes on from there.
    pub fn narrow(&mut self, bits: &Bits, interval: &mut Interval, goal: Goal) -> Result<(), OutOfTime> {
        let alone = (self.threads > 1).then_some(self.stats.nodes + self.alone_nodes);
        if self.narrow_alone(bits, interval, goal, alone)? {
            return Ok(());
        }
        // Long enough to share: the whole table from now on, every thread on the same position.
        self.table.grow_to_most();
        let settings = self.settings();
        let stop = AtomicBool::new(false);
        let table = &self.table;
        let before = self.stats;
        let threads = self.threads;
        let shared = *interval;
        // The first thread to reach the goal answers (each proves the same bounds, in its own
        // move order); the others stop.
        let winner = AtomicUsize::new(usize::MAX);
        let run = |index: usize, mut interval: Interval, stats: Stats| {
            let mut worker = Worker::new(settings, Tables::Shared(table), Some(&stop), index as u64);
            worker.stats = stats;
            if index != 0 {
                worker.deadline = None;
                worker.node_limit = None;
            }
            let result = with_k!(
                settings.geometry,
                solve_k::<K>(&mut worker, bits, &mut interval, goal)
            );
            if result.is_ok() {
                let _ = winner.compare_exchange(usize::MAX, index, Ordering::Relaxed, Ordering::Relaxed);
            }
            // The first thread's deadline or limit stops every thread.
            if result.is_ok() || index == 0 {
                stop.store(true, Ordering::Relaxed);
            }
            (result, interval, worker.stats)
        };
        let ((result, main_interval, mut stats), helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .map(|index| {
                    let run = &run;
                    scope.spawn(move || run(index, shared, Stats::default()))
                })
                .collect();
            let main = run(0, shared, before);
            let helpers: Vec<_> = handles.into_iter().map(|h| h.join().ok()).collect();
            (main, helpers)
        });
        *interval = main_interval;
        let won = winner.load(Ordering::Relaxed);
        let mut answer = if won == 0 { Ok(()) } else { result };
        for (index, helper) in helpers.into_iter().enumerate() {
            let Some((helper_result, helper_interval, helper_stats)) = helper else {
                continue;
            };
            if index + 1 == won && helper_result.is_ok() {
                *interval = helper_interval;
                answer = Ok(());
            }
            stats += helper_stats;
        }
        self.stats = stats;
        self.filled = self.table.slots();
        answer
    }
}

impl ColumnSolver {
    /// Narrows `interval` toward `goal` on this thread alone, until `split_at` nodes (of
    /// [`Stats::nodes`]) when given: true when the goal is reached, false when the search is
    /// long enough to share between threads.
    fn narrow_alone(
        &mut self,
        bits: &Bits,
        interval: &mut Interval,
        goal: Goal,
        split_at: Option<u64>,
    ) -> Result<bool, OutOfTime> {
        let settings = self.settings();
        let mut worker = Worker::new(settings, Tables::Own(&mut self.table, &mut self.filled), None, 0);
        worker.stats = self.stats;
        worker.split_at = split_at;
        let result = with_k!(self.geometry, solve_k::<K>(&mut worker, bits, interval, goal));
        let split = worker.split;
        self.stats = worker.stats;
        if split {
            return Ok(false);
        }
        result.map(|()| true)
    }

    /// Solves every one of `positions` exactly with all the threads over the shared table,
    /// each thread taking the next position not yet taken, and once none is left helping
    /// one still being solved (in its own move order, as [`ColumnSolver::narrow`]'s threads
    /// do; the first to finish answers). Rating several positions at once wastes less than
    /// several threads on one; the scores are the same either way. The first thread's
    /// deadline and node limit stop them all.
    fn rate_together(&mut self, positions: &[Bits], intervals: &mut [Interval]) -> Result<(), OutOfTime> {
        self.table.grow_to_most();
        let settings = self.settings();
        let table = &self.table;
        let stop = AtomicBool::new(false);
        let taken = AtomicUsize::new(0);
        let done: Vec<AtomicBool> = positions.iter().map(|_| AtomicBool::new(false)).collect();
        let answers: Vec<Mutex<Interval>> = intervals.iter().copied().map(Mutex::new).collect();
        let known = |at: usize| *answers[at].lock().unwrap_or_else(PoisonError::into_inner);
        let run = |index: usize, mut stats: Stats| -> (Result<(), OutOfTime>, Stats) {
            loop {
                let claimed = taken.fetch_add(1, Ordering::Relaxed);
                let (at, helping) = if claimed < positions.len() {
                    (claimed, false)
                } else if let Some(at) = done.iter().position(|flag| !flag.load(Ordering::Relaxed)) {
                    (at, true)
                } else {
                    return (Ok(()), stats);
                };
                let jitter = if helping { index as u64 + 1 } else { 0 };
                let mut worker = Worker::new(settings, Tables::Shared(table), Some(&stop), jitter);
                worker.finished = Some(&done[at]);
                worker.stats = stats;
                if index != 0 {
                    worker.deadline = None;
                    worker.node_limit = None;
                }
                let mut interval = known(at);
                let result = with_k!(
                    settings.geometry,
                    solve_k::<K>(&mut worker, &positions[at], &mut interval, Goal::Score)
                );
                stats = worker.stats;
                match result {
                    Ok(()) => {
                        *answers[at].lock().unwrap_or_else(PoisonError::into_inner) = interval;
                        done[at].store(true, Ordering::Relaxed);
                    }
                    // Another thread solved it first.
                    Err(OutOfTime) if done[at].load(Ordering::Relaxed) => {}
                    Err(OutOfTime) => {
                        stop.store(true, Ordering::Relaxed);
                        return (Err(OutOfTime), stats);
                    }
                }
            }
        };
        let before = self.stats;
        let threads = self.threads;
        let (main, helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .map(|index| {
                    let run = &run;
                    scope.spawn(move || run(index, Stats::default()))
                })
                .collect();
            let main = run(0, before);
            let helpers: Vec<_> = handles.into_iter().map(|h| h.join().ok()).collect();
            (main, helpers)
        });
        let (mut result, mut stats) = main;
        for (helper_result, helper_stats) in helpers.into_iter().flatten() {
            result = result.and(helper_result);
            stats += helper_stats;
        }
        self.stats = stats;
        self.filled = self.table.slots();
        for (at, interval) in intervals.iter_mut().enumerate() {
            *interval = known(at);
        }
        result
    }
}

/// The score of a win with the side to move's next piece.
fn win_now(geometry: &Geometry, bits: &Bits) -> i32 {
    ((geometry.cells() + 1 - bits.moves) / 2) as i32
}

fn winning_moves<const K: usize>(bits: &Bits, geometry: &Geometry) -> u64 {
    bits.winning_moves::<K>(geometry)
}

/// The table as one search sees it: its own (it may grow it) or shared with other threads.
enum Tables<'t> {
    Own(&'t mut Table, &'t mut usize),
    Shared(&'t Table),
}

impl Tables<'_> {
    #[inline(always)]
    fn get(&self) -> &Table {
        match self {
            Tables::Own(table, _) => table,
            Tables::Shared(table) => table,
        }
    }
}

/// What every thread's search is given.
#[derive(Clone, Copy)]
struct Settings {
    geometry: Geometry,
    order: [u32; 32],
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    book: Option<&'static Book>,
}

/// One thread's search.
struct Worker<'t> {
    geometry: Geometry,
    table: Tables<'t>,
    order: [u32; 32],
    stats: Stats,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// Set by the first thread when it is done: the helpers stop.
    stop: Option<&'t AtomicBool>,
    /// Set when another thread has solved the position this one searches.
    finished: Option<&'t AtomicBool>,
    /// Nodes after which a single-threaded search gives way to the threads.
    split_at: Option<u64>,
    split: bool,
    stopped: bool,
    /// A helper's random state: its move order is shuffled among near-equal moves (0: none).
    jitter: u64,
    /// Positions of fewer stones than this are shuffled by a helper: the few plies below the
    /// root, where the threads' trees part (deeper, shuffling only spoils the move order).
    jitter_below: u32,
    book: Option<&'static Book>,
    /// Positions of at most this many stones are looked up in the book (-1: none).
    book_depth: i32,
}

impl<'t> Worker<'t> {
    fn new(settings: Settings, table: Tables<'t>, stop: Option<&'t AtomicBool>, helper: u64) -> Worker<'t> {
        Worker {
            geometry: settings.geometry,
            table,
            order: settings.order,
            stats: Stats::default(),
            deadline: settings.deadline,
            node_limit: settings.node_limit,
            stop,
            finished: None,
            split_at: None,
            split: false,
            stopped: false,
            jitter: if helper == 0 {
                0
            } else {
                helper.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
            },
            jitter_below: 0,
            book: settings.book,
            book_depth: settings.book.map_or(-1, |book| i32::from(book.depth)),
        }
    }

    /// Stops the search once the deadline or the node limit is passed, another thread has
    /// finished, or the search is long enough to share (checked every 4096 nodes: the clock
    /// is not free).
    #[inline(always)]
    fn out_of_time(&mut self) -> bool {
        if self.stats.nodes & 0xfff == 0 {
            let nodes = self.stats.nodes;
            let over_nodes = self.node_limit.is_some_and(|limit| nodes > limit);
            let over_time = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
            let done = self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
                || self.finished.is_some_and(|done| done.load(Ordering::Relaxed));
            let split = self.split_at.is_some_and(|at| nodes > at);
            self.split |= split && !over_nodes && !over_time;
            self.stopped |= over_nodes || over_time || done || split;
        }
        self.stopped
    }

    fn next_random(&mut self) -> u64 {
        self.jitter ^= self.jitter << 13;
        self.jitter ^= self.jitter >> 7;
        self.jitter ^= self.jitter << 17;
        self.jitter
    }

    #[inline(always)]
    fn store(&mut self, key: u64, data: u64) {
        let fresh = self.table.get().put(u128::from(key), data);
        if let Tables::Own(table, filled) = &mut self.table {
            **filled += usize::from(fresh);
            if **filled * 2 > table.slots() && table.can_grow() {
                table.grow();
            }
        }
    }
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

/// Narrows `interval` by null windows to `goal`: first whether the side to move wins,
/// draws or loses, then the distance, halving the interval and trying nearer zero first
/// (where the cheap proofs, late results, lie).
fn solve_k<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    interval: &mut Interval,
    goal: Goal,
) -> Result<(), OutOfTime> {
    let geometry = worker.geometry;
    worker.jitter_below = bits.moves + JITTER_PLIES;
    if bits.winning_moves::<K>(&geometry) != 0 {
        worker.stats.nodes += 1;
        worker.stats.tactics += 1;
        *interval = Interval::exactly(win_now(&geometry, bits));
        return Ok(());
    }
    if bits.playable(&geometry) == 0 {
        *interval = Interval::exactly(0);
        return Ok(());
    }
    if let Some(score) = worker.book.and_then(|book| book.score(bits)) {
        worker.stats.nodes += 1;
        worker.stats.hits += 1;
        *interval = Interval::exactly(score);
        return Ok(());
    }
    let mut probes = [0, -1, 1].into_iter();
    let mut beside_tried = false;
    while !interval.reached(goal) {
        let Interval { min, max } = *interval;
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        // Win, draw or loss first: "above 0?", then "above -1?" or "above 1?".
        if let Some(probe) = probes.find(|&p| min <= p && p < max) {
            med = probe;
        } else if !beside_tried && (min > 0 || max < 0) {
            // Then once right beside the bound nearest zero: the latest win (or the
            // soonest loss) not yet ruled out is the likeliest score, and a proof there
            // settles it at once, where halving from the far end proves several bounds.
            beside_tried = true;
            med = if min > 0 { min } else { max - 1 };
        }
        let score = negamax::<K>(worker, bits, med, med + 1);
        if worker.stopped {
            return Err(OutOfTime);
        }
        if score <= med {
            interval.max = score;
        } else {
            interval.min = score;
        }
    }
    Ok(())
}

/// The score within (alpha, beta) of a position whose side to move cannot win at once.
fn negamax<const K: usize>(worker: &mut Worker, bits: &Bits, mut alpha: i32, mut beta: i32) -> i32 {
    worker.stats.nodes += 1;
    if worker.out_of_time() {
        return 0;
    }
    let geometry = worker.geometry;
    let cells = geometry.cells() as i32;
    let stones = bits.moves as i32;
    let opponent = bits.opponent_threats::<K>(&geometry);
    let safe = bits.safe_moves_against(&geometry, opponent);
    if safe == 0 {
        // Every move lets the opponent win with their next piece.
        worker.stats.tactics += 1;
        return -(cells - stones) / 2;
    }
    if stones >= cells - 2 {
        // Two cells left and neither side can win with them.
        return 0;
    }
    if let Some(score) = bound_by_position::<K>(worker, bits, &mut alpha, &mut beta) {
        return score;
    }
    if stones <= worker.book_depth {
        if let Some(score) = worker.book.and_then(|book| book.score(bits)) {
            worker.stats.hits += 1;
            return score;
        }
    }
    if safe & (safe - 1) == 0 {
        // One move does not lose at once: play it, no table needed.
        let col = column_of(&geometry, safe);
        return -negamax::<K>(worker, &bits.play(&geometry, safe, col), -beta, -alpha);
    }
    // The slot loads while the position and its children are looked at.
    let (key, mirrored) = bits.key_mirrored();
    let tabled = cells - stones >= TABLED_EMPTY;
    if tabled {
        worker.table.get().prefetch(u128::from(key));
    }
    if geometry.even_rows() && stones % 2 == 0 {
        let bound = geometry.claimeven_bound::<K>(bits);
        if let Some(score) = bound.and_then(|bound| at_most(bound, alpha, &mut beta)) {
            worker.stats.tactics += 1;
            return score;
        }
    }
    // Each child's key, by column, its slot loading while the children are looked at.
    let mut child_keys = [0u64; 32];
    let children_tabled = cells - stones > TABLED_EMPTY;
    let fetch = children_tabled.then_some(&mut child_keys);
    // The cells each move makes winning for us, by column, for the move order.
    let mut threats = [0u64; 32];
    if let Some(score) =
        bound_by_children::<K>(worker, bits, safe, fetch, &mut threats, &mut alpha, &mut beta)
    {
        return score;
    }
    let known = tabled
        .then(|| worker.table.get().get(u128::from(key)))
        .flatten()
        .map(|data| Entry::unpack(data, WORK_BITS));
    if let Some(entry) = known {
        if let Some(score) = entry.narrow(&mut alpha, &mut beta) {
            worker.stats.hits += 1;
            return score;
        }
    }
    let hint = known.filter(|entry| entry.best != 0).map(|entry| {
        let col = u32::from(entry.best - 1);
        if mirrored {
            geometry.cols - 1 - col
        } else {
            col
        }
    });
    let (moves, count) = order_moves(worker, bits, safe, opponent, &threats, hint);
    let store_column = |col: u32| (if mirrored { geometry.cols - 1 - col } else { col }) as u8 + 1;
    let before = worker.stats.nodes;
    if cells - stones >= ETC_EMPTY {
        if let Some((score, col)) =
            cut_by_children_table(worker, &child_keys, &moves[..count], &mut alpha, beta)
        {
            let entry = Entry {
                score,
                bound: Bound::Lower,
                best: store_column(col),
            };
            worker.store(key, entry.pack(1, WORK_BITS));
            return score;
        }
    }
    let (alpha0, beta0) = (alpha, beta);
    let mut best = (i32::MIN, 0);
    for &(cell, _, col) in &moves[..count] {
        let score = -negamax::<K>(worker, &bits.play(&geometry, cell, col), -beta, -alpha);
        if worker.stopped {
            return 0;
        }
        if score > best.0 {
            best = (score, col);
        }
        if score >= beta {
            break;
        }
        if score > alpha {
            alpha = score;
        }
    }
    let (score, col) = best;
    let bound = Entry::bound_of(score, alpha0, beta0, known);
    let best = if bound == Bound::Upper {
        0
    } else {
        store_column(col)
    };
    let entry = Entry { score, bound, best };
    if tabled {
        worker.store(key, entry.pack(worker.stats.nodes - before, WORK_BITS));
    }
    score
}

/// Bounds the score of a position none of whose safe moves wins at once, where neither side
/// can win with its next piece; the score when that settles it.
#[inline(always)]
fn bound_by_position<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let geometry = worker.geometry;
    let (cells, stones) = (geometry.cells() as i32, bits.moves as i32);
    // The opponent cannot win with their next piece: bound the score from below...
    if let Some(score) = at_least(-(cells - 2 - stones) / 2, alpha, *beta) {
        return Some(score);
    }
    // ...and we cannot win with ours: from above.
    if let Some(score) = at_most((cells - 1 - stones) / 2, *alpha, beta) {
        return Some(score);
    }
    // No line left to make: at most a draw.
    if *beta > 0 && !geometry.can_win::<K>(bits) {
        if let Some(score) = at_most(0, *alpha, beta) {
            worker.stats.tactics += 1;
            return Some(score);
        }
    }
    None
}

/// Looks at every child before any is searched (after Steininger's solver): a move that
/// leaves the opponent no safe reply wins at once, and a child's score bounded without a
/// search (a forced line to a win, its claimeven bound, no line left for the opponent)
/// raises alpha for all the moves. The score when that settles the node. With `fetch`,
/// first each child's key goes there, by column, and its slot starts loading.
#[inline(always)]
fn bound_by_children<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    safe: u64,
    fetch: Option<&mut [u64; 32]>,
    threats: &mut [u64; 32],
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let geometry = worker.geometry;
    let (cells, stones) = (geometry.cells() as i32, bits.moves as i32);
    let even_child = geometry.even_rows() && stones % 2 == 1;
    if let Some(keys) = fetch {
        // The children's slots start loading together, and early: the table lookups
        // after the scan find them in the cache.
        let mut rest = safe;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest ^= cell;
            let col = column_of(&geometry, cell);
            keys[col as usize] = bits.play(&geometry, cell, col).key();
            worker.table.get().prefetch(u128::from(keys[col as usize]));
        }
    }
    let mut rest = safe;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        rest ^= cell;
        let col = column_of(&geometry, cell);
        let child = bits.play(&geometry, cell, col);
        threats[col as usize] = child.opponent_threats::<K>(&geometry);
        let replies = child.safe_moves_against(&geometry, threats[col as usize]);
        if replies == 0 {
            // Every reply lets our next piece win: the best score left.
            worker.stats.tactics += 1;
            return Some((cells - 1 - stones) / 2);
        }
        // The opponent left with no line to make: at least a draw (worth looking for only
        // below it).
        let mut floor = if *alpha < 0 && !geometry.can_win::<K>(&child) {
            0
        } else {
            i32::MIN
        };
        if replies & (replies - 1) == 0 {
            if let Some(win) = forced_win::<K>(&geometry, &child, replies) {
                floor = floor.max(win);
            }
        }
        if even_child {
            if let Some(bound) = geometry.claimeven_bound::<K>(&child) {
                floor = floor.max(-bound);
            }
        }
        if let Some(score) = at_least(floor, alpha, *beta) {
            worker.stats.tactics += 1;
            return Some(score);
        }
    }
    // No reply lets our next piece win: neither does one with our next but one.
    at_most((cells - 3 - stones) / 2, *alpha, beta)
}

/// Follows the line forced from `child` (its side to move left one safe move, `reply`):
/// while the other side has one safe move, both play on; where it has a choice, a move
/// that leaves no safe reply wins. The score of that win, found without a search, for the
/// side that moved into `child`; `None` where the line ends otherwise.
#[inline(always)]
fn forced_win<const K: usize>(geometry: &Geometry, child: &Bits, reply: u64) -> Option<i32> {
    let cells = geometry.cells();
    let mut position = child.play(geometry, reply, column_of(geometry, reply));
    loop {
        let ours = position.safe_moves::<K>(geometry);
        if ours == 0 {
            return None;
        }
        if ours & (ours - 1) != 0 {
            // A choice: one that leaves no safe reply wins.
            let mut rest = ours;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let next = position.play(geometry, cell, column_of(geometry, cell));
                if next.moves < cells && next.safe_moves::<K>(geometry) == 0 {
                    return Some(((cells - next.moves) / 2) as i32);
                }
            }
            return None;
        }
        position = position.play(geometry, ours, column_of(geometry, ours));
        let theirs = position.safe_moves::<K>(geometry);
        if position.moves >= cells || theirs & theirs.wrapping_sub(1) != 0 {
            return None;
        }
        if theirs == 0 {
            // Every reply lets our next piece win (as `negamax` scores it, negated).
            return Some(((cells - position.moves) / 2) as i32);
        }
        position = position.play(geometry, theirs, column_of(geometry, theirs));
    }
}

/// The safe moves as (cell, rank, column), best first: the table's move, then the most
/// promising (see [`promise`]), nearest the centre on ties (a helper thread shuffles
/// near-equal moves near the root); and how many there are.
#[inline(always)]
fn order_moves(
    worker: &mut Worker,
    bits: &Bits,
    safe: u64,
    opponent: u64,
    threats: &[u64; 32],
    hint: Option<u32>,
) -> ([(u64, u32, u32); 32], usize) {
    let geometry = worker.geometry;
    let mut moves = [(0u64, 0u32, 0u32); 32];
    let mut count = 0;
    for index in 0..geometry.cols as usize {
        let col = worker.order[index];
        let cell = safe & geometry.column(col);
        if cell == 0 {
            continue;
        }
        let mut score = if hint == Some(col) {
            u32::MAX
        } else {
            promise(&geometry, bits, cell, threats[col as usize], opponent) * 8
        };
        if worker.jitter != 0 && score != u32::MAX && bits.moves < worker.jitter_below {
            score += (worker.next_random() % 12) as u32;
        }
        let mut at = count;
        while at > 0 && moves[at - 1].1 < score {
            moves[at] = moves[at - 1];
            at -= 1;
        }
        moves[at] = (cell, score, col);
        count += 1;
    }
    (moves, count)
}

/// Looks the children up (their keys by column) before any is searched (enhanced
/// transposition cut-offs): a child's stored bound raises alpha; the score and the column
/// when one reaches beta.
#[inline(always)]
fn cut_by_children_table(
    worker: &mut Worker,
    keys: &[u64; 32],
    moves: &[(u64, u32, u32)],
    alpha: &mut i32,
    beta: i32,
) -> Option<(i32, u32)> {
    for &(_, _, col) in moves {
        let Some(data) = worker.table.get().get(u128::from(keys[col as usize])) else {
            continue;
        };
        let child = Entry::unpack(data, WORK_BITS);
        if child.bound == Bound::Lower {
            continue;
        }
        if -child.score >= beta {
            worker.stats.hits += 1;
            return Some((-child.score, col));
        }
        *alpha = (*alpha).max(-child.score);
    }
    None
}

/// How promising a move to `cell` is, after Steininger's ordering: the cells it makes
/// winning for the side moving (`made`: where its pieces would then win), leaving out those
/// right above an opponent's (never reached), counted more when they sit right above a
/// playable cell (the opponent may not play under them) or one higher.
#[inline(always)]
fn promise(geometry: &Geometry, bits: &Bits, cell: u64, made: u64, opponent: u64) -> u32 {
    let ours = made & !(opponent << 1);
    let playable = ((bits.taken | cell) + geometry.bottom()) & geometry.board();
    let above = (playable << 1) & geometry.board();
    12 * (ours & above).count_ones() + 5 * (ours & above << 1).count_ones() + 3 * ours.count_ones()
}

/// The column of one cell.
#[inline(always)]
fn column_of(geometry: &Geometry, cell: u64) -> u32 {
    cell.trailing_zeros() / (geometry.rows + 1)
}
