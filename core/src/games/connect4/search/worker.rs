//! One thread's search: its view of the table, its limits, its move order's jitter.

use crate::games::connect4::bitboard::Geometry;
use crate::games::connect4::book::Book;
use crate::search::solver::Stats;
use crate::search::table::Table;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// The table as one search sees it: its own (it may grow it) or shared with other threads.
pub(super) enum Tables<'t> {
    Own(&'t mut Table, &'t mut usize),
    Shared(&'t Table),
}

impl Tables<'_> {
    #[inline(always)]
    pub(super) fn get(&self) -> &Table {
        match self {
            Tables::Own(table, _) => table,
            Tables::Shared(table) => table,
        }
    }
}

/// What every thread's search is given.
#[derive(Clone, Copy)]
pub(super) struct Settings {
    pub(super) geometry: Geometry,
    pub(super) order: [u32; 32],
    pub(super) deadline: Option<Instant>,
    pub(super) node_limit: Option<u64>,
    pub(super) book: Option<&'static Book>,
}

/// One thread's search.
pub(super) struct Worker<'t> {
    pub(super) geometry: Geometry,
    pub(super) table: Tables<'t>,
    pub(super) order: [u32; 32],
    pub(super) stats: Stats,
    pub(super) deadline: Option<Instant>,
    pub(super) node_limit: Option<u64>,
    /// Set by the first thread when it is done: the helpers stop.
    pub(super) stop: Option<&'t AtomicBool>,
    /// Set when another thread has solved the position this one searches.
    pub(super) finished: Option<&'t AtomicBool>,
    /// Nodes after which a single-threaded search gives way to the threads.
    pub(super) split_at: Option<u64>,
    pub(super) split: bool,
    pub(super) stopped: bool,
    /// A helper's random state: its move order is shuffled among near-equal moves (0: none).
    pub(super) jitter: u64,
    /// Positions of fewer stones than this are shuffled by a helper: the few plies below the
    /// root, where the threads' trees part (deeper, shuffling only spoils the move order).
    pub(super) jitter_below: u32,
    pub(super) book: Option<&'static Book>,
    /// Positions of at most this many stones are looked up in the book (-1: none).
    pub(super) book_depth: i32,
}

impl<'t> Worker<'t> {
    pub(super) fn new(
        settings: Settings,
        table: Tables<'t>,
        stop: Option<&'t AtomicBool>,
        helper: u64,
    ) -> Worker<'t> {
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
    pub(super) fn out_of_time(&mut self) -> bool {
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

    pub(super) fn next_random(&mut self) -> u64 {
        self.jitter ^= self.jitter << 13;
        self.jitter ^= self.jitter >> 7;
        self.jitter ^= self.jitter << 17;
        self.jitter
    }

    #[inline(always)]
    pub(super) fn store(&mut self, key: u64, data: u64) {
        let fresh = self.table.get().put(u128::from(key), data);
        if let Tables::Own(table, filled) = &mut self.table {
            **filled += usize::from(fresh);
            if **filled * 2 > table.slots() && table.can_grow() {
                table.grow();
            }
        }
    }
}
