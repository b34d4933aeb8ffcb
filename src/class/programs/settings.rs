//! What a grading is told (the harness, the limits, the conventions accepted) and the fixed
//! limits of its builds, runs and sessions: a leaf the phases share.

use crate::class::convention::Convention;
use crate::class::search;
use crate::harness::Harness;
use minimax_core::games::mnk::Coords;
use minimax_sandbox::runner::RunLimits;
use std::time::Duration;

/// How to build and run the students' code.
#[derive(Clone, Debug)]
pub struct Settings {
    pub harness: Harness,
    /// Each position's time limit.
    pub limits: RunLimits,
    pub build_timeout: Duration,
    pub jobs: usize,
    pub coords: Coords,
    /// Conventions graded as if they were the course's.
    pub accept: Vec<Convention>,
    /// What the course asks of the search (its `search = …`): each run is asked for its
    /// trace and the trace judged; `None` grades the move alone.
    pub search: Option<minimax_core::replay::Rules>,
}

/// Time a session gets on top of its positions' own limits: starting a JVM, importing.
pub(super) const SESSION_START: Duration = Duration::from_secs(15);

/// Output kept from a session (every answer and whatever the student wrote to stdout).
pub(super) const SESSION_OUTPUT: usize = 1 << 20;

/// Positions one session answers when each position's trace comes back with its answer: a
/// trace may be tens of megabytes, and a run's output is held whole.
pub(super) const TRACED_POSITIONS: usize = 2;

/// Output kept for one position's trace in a session: the limit of a run's trace, escaped.
pub(super) const TRACED_OUTPUT: usize = search::TRACE_OUTPUT + search::TRACE_OUTPUT / 4;

/// Lines of a failed build's output kept for the feedback.
pub(super) const BUILD_LINES: usize = 30;
