//! What a run is, on every system: its launch, its limits, how it ended, what it wrote, and
//! what its walls saw ([`crate::events`]). The Linux runner ([`crate::runner`]) and the other systems' (in
//! `portable`) both speak these types.

use crate::platform::cgroup::CpuClock;
use crate::platform::confine::Confinement;
use std::path::Path;
use std::time::Duration;

/// How long a run may take and how much of its output is kept.
#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    /// On the clock: the run is stopped then, whatever it was doing.
    pub timeout: Duration,
    pub output: usize,
    /// On the CPU time of the run's processes, where the launch has a clock for it.
    pub cpu: Option<Duration>,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: Duration::from_secs(5),
            output: 64 * 1024,
            cpu: None,
        }
    }
}

impl RunLimits {
    /// `limit` judged on CPU time where `judges_cpu` (with a clock limit of
    /// [`WALL_PER_CPU`] times it, against sleeping and blocking), else on the clock.
    pub fn of(limit: Duration, output: usize, judges_cpu: bool) -> RunLimits {
        RunLimits {
            timeout: if judges_cpu { limit * WALL_PER_CPU } else { limit },
            output,
            cpu: judges_cpu.then_some(limit),
        }
    }
}

/// How many times a run's CPU time limit it may last on the clock.
pub const WALL_PER_CPU: u32 = 3;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signalled(i32),
    TimedOut,
    Interrupted,
    NotStarted(String),
}

/// A stream's kept bytes and how many there were in all.
#[derive(Clone, Debug, Default)]
pub struct Captured {
    pub bytes: Vec<u8>,
    pub total: usize,
}

impl Captured {
    pub fn was_cut(&self) -> bool {
        self.total > self.bytes.len()
    }
}

/// Everything a run produced.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Captured,
    pub stderr: Captured,
    pub seconds: f64,
    /// The CPU time of the run's processes, where a clock counted it.
    pub cpu_seconds: Option<f64>,
    /// Whether the run's box had filled its disk when it ended.
    pub disk_full: bool,
}

/// What to start and where.
#[derive(Clone, Debug)]
pub struct Launch<'a> {
    /// Run with `sh -c`.
    pub command: &'a str,
    pub dir: &'a Path,
    /// The whole environment of the run; `None` passes the grader's own (sandbox off).
    pub env: Option<&'a [(String, String)]>,
    pub confinement: Confinement,
    /// The CPU time of the run's processes (its cgroup's).
    pub cpu: Option<CpuClock>,
}

impl<'a> Launch<'a> {
    /// A run with no sandbox: the grader's environment, a process group of its own.
    pub fn plain(command: &'a str, dir: &'a Path) -> Launch<'a> {
        Launch {
            command,
            dir,
            env: None,
            confinement: Confinement::none(),
            cpu: None,
        }
    }
}
