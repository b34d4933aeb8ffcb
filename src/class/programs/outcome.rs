//! The words a run's ending leaves in a result, shared by builds, runs and sessions: a limit
//! hit, a crash's last words, a position not run or skipped.

use crate::class::{shorten, PositionResult, Verdict};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_sandbox::runner::Ending;
use minimax_sandbox::Sandbox;

/// The limit that explains how a run ended, in the report's words: memory first (reclaiming
/// under the limit can outlast the time limit), then disk.
pub(super) fn limit_hit(memory: bool, disk: bool, sandbox: &Sandbox) -> Option<String> {
    if memory {
        Some(format!("memory limit of {} MiB exceeded", sandbox.memory_mib()))
    } else if disk {
        Some(format!("disk limit of {} MiB exceeded", sandbox.disk_mib()))
    } else {
        None
    }
}

/// How a run that gave no answer ended, in the report's words; exits and time-outs, which each
/// caller words for its own kind of run, are said plainly.
pub(super) fn ending_words(ending: &Ending, last_words: &str) -> (Verdict, String) {
    match ending {
        Ending::Interrupted => (Verdict::Skipped, "grading was interrupted during this run".into()),
        Ending::NotStarted(why) => (
            Verdict::Crashed,
            format!("the program could not be started: {why}"),
        ),
        Ending::Signalled(signal) => (Verdict::Crashed, format!("killed by signal {signal}{last_words}")),
        Ending::Exited(code) => (Verdict::Crashed, format!("exited with status {code}{last_words}")),
        Ending::TimedOut => (
            Verdict::Timeout,
            "no answer in time; the program was stopped".into(),
        ),
    }
}

/// `: the last line of stderr`, or nothing.
pub(super) fn last_words(stderr_tail: &Option<String>) -> String {
    stderr_tail
        .as_deref()
        .and_then(|tail| tail.lines().last())
        .map_or(String::new(), |line| format!(": {line}"))
}

pub(super) fn not_run(exercise: &Exercise, coords: Coords, why: &str) -> PositionResult {
    PositionResult {
        detail: why.to_string(),
        verdict: Verdict::Crashed,
        ..skipped(exercise, coords)
    }
}

pub(super) fn skipped(exercise: &Exercise, coords: Coords) -> PositionResult {
    PositionResult {
        position: exercise.name.clone(),
        verdict: Verdict::Skipped,
        answer: None,
        optimal: exercise.optimal(coords),
        detail: "not run: grading was interrupted".into(),
        seconds: 0.0,
        output: String::new(),
        stderr: None,
        tree: None,
        search: None,
    }
}

/// The last few lines of stderr, where the reason for a crash usually is.
pub(super) fn tail(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.trim_end().lines().collect();
    (!lines.is_empty()).then(|| shorten(&lines[lines.len().saturating_sub(10)..].join("\n")))
}
