//! A long search shared by several threads (lazy SMP): every thread on one position, or
//! several positions rated at once, all over the shared table.

use super::negamax::solve_k;
use super::worker::{Tables, Worker};
use super::{ColumnSolver, Goal, Interval};
use crate::games::connect4::bitboard::Bits;
use crate::search::solver::{OutOfTime, Stats};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

impl ColumnSolver {
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
    /// Narrows `interval` toward `goal` on this thread alone, until `split_at` nodes (of
    /// [`Stats::nodes`]) when given: true when the goal is reached, false when the search is
    /// long enough to share between threads.
    pub(super) fn narrow_alone(
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
    pub(super) fn rate_together(
        &mut self,
        positions: &[Bits],
        intervals: &mut [Interval],
    ) -> Result<(), OutOfTime> {
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
