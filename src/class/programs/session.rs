//! One session per student answering every position in turn (the session protocol); a run
//! that stops early costs only the position it was answering.

use super::build::Ready;
use super::outcome::{ending_words, last_words, limit_hit, not_run, skipped, tail};
use super::run::grade_search;
use super::settings::{Settings, SESSION_OUTPUT, SESSION_START, TRACED_OUTPUT, TRACED_POSITIONS};
use crate::class::check::grade_output;
use crate::class::convention;
use crate::class::search;
use crate::class::{shorten, PositionResult, Verdict};
use crate::harness::session::{self, Record};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_core::replay::Rules;
use minimax_sandbox::runner::{self, Ending, Launch, Run, RunLimits};
use minimax_sandbox::Sandbox;
use std::sync::atomic::{AtomicBool, Ordering};

/// A session's position's search judged from the trace its driver sent (a trace cut at its
/// limit is refused as the stdio runs' are).
pub(super) fn grade_session_search(
    result: &mut PositionResult,
    exercise: &Exercise,
    trace: Option<&(String, u64)>,
    rules: Rules,
    coords: Coords,
) {
    let (text, written) = trace.map_or(("", 0), |(text, written)| (text.as_str(), *written));
    if written > search::TRACE_OUTPUT as u64 {
        let refused = search::too_big(search::TRACE_OUTPUT);
        return grade_search(result, exercise, Err(refused), rules, coords);
    }
    grade_search(
        result,
        exercise,
        Ok((text.as_bytes(), search::SESSION_HINT)),
        rules,
        coords,
    );
}

/// One session answering `exercises` in order; a run that stops early (a time-out, a crash of
/// the whole process) costs only the position it was answering, and a new run takes the rest.
pub(super) fn run_session(
    ready: &Ready,
    exercises: &[&Exercise],
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
) -> Vec<PositionResult> {
    let mut session = Session {
        ready,
        exercises,
        settings,
        sandbox,
        interrupted,
        results: vec![None; exercises.len()],
    };
    let mut next = Some(0);
    while let Some(from) = next.filter(|&from| from < exercises.len()) {
        if interrupted.load(Ordering::Relaxed) {
            break;
        }
        next = session.run_from(from);
    }
    let coords = settings.coords;
    session
        .results
        .into_iter()
        .zip(exercises)
        .map(|(result, exercise)| result.unwrap_or_else(|| skipped(exercise, coords)))
        .collect()
}

/// A session's positions and what is known of them so far.
pub(super) struct Session<'a> {
    pub(super) ready: &'a Ready,
    pub(super) exercises: &'a [&'a Exercise],
    pub(super) settings: &'a Settings,
    pub(super) sandbox: &'a Sandbox,
    pub(super) interrupted: &'a AtomicBool,
    pub(super) results: Vec<Option<PositionResult>>,
}

impl Session<'_> {
    /// One run answering the positions from `from` on; where the next run starts, or `None`
    /// when no run should follow.
    fn run_from(&mut self, from: usize) -> Option<usize> {
        let (exercises, settings, sandbox) = (self.exercises, self.settings, self.sandbox);
        let nonce = session::nonce();
        let traced = settings.search.is_some();
        let end = match traced {
            true => exercises.len().min(from + TRACED_POSITIONS),
            false => exercises.len(),
        };
        let rest: Vec<(usize, &str, &str)> = (from..end)
            .map(|i| (i, exercises[i].one_line.as_str(), exercises[i].to_move.as_str()))
            .collect();
        let input = session::input(&nonce, settings.limits.timeout, traced, &rest);
        let limit = SESSION_START + settings.limits.timeout * rest.len() as u32;
        let walls = match sandbox.walls(&self.ready.cell, limit, false) {
            Ok(walls) => walls,
            Err(why) => {
                let why = why.to_string();
                self.fill_from(from, |exercise, coords| not_run(exercise, coords, &why));
                return None;
            }
        };
        let launch = Launch {
            command: &self.ready.run,
            dir: &self.ready.cell.dir,
            env: sandbox.env(&self.ready.cell),
            confinement: walls.confinement,
            cpu: walls.cpu,
        };
        // The driver times each position itself; the session as a whole is stopped on the
        // clock only, far past what its positions may take.
        let limits = RunLimits {
            timeout: limit * runner::WALL_PER_CPU,
            output: SESSION_OUTPUT + if traced { TRACED_OUTPUT * rest.len() } else { 0 },
            cpu: None,
        };
        let run = runner::run(&launch, input.as_bytes(), limits, self.interrupted);
        let events = walls.finish();
        let transcript = session::read(&String::from_utf8_lossy(&run.stdout.bytes), &nonce);
        let stderr_tail = tail(&String::from_utf8_lossy(&run.stderr.bytes));
        if let Some(fatal) = &transcript.fatal {
            let first = fatal.lines().next().unwrap_or("").to_string();
            self.fill_from(from, |exercise, coords| PositionResult {
                verdict: Verdict::Crashed,
                detail: first.clone(),
                stderr: Some(shorten(fatal)),
                ..skipped(exercise, coords)
            });
            return None;
        }
        // The positions answered, up to the first without an answer.
        let stopped_at = self.grade_answered(from..end, &transcript);
        let Some(i) = stopped_at else {
            // This run's positions are answered; the next run takes the rest, if any.
            return (end < exercises.len()).then_some(end);
        };
        if transcript.begun.contains(&i) {
            // The process ended (or hung) while answering position i: it alone is lost.
            let (verdict, detail) = self.lost_while_answering(&run, events, &stderr_tail);
            self.results[i] = Some(PositionResult {
                verdict,
                detail,
                seconds: run.seconds,
                output: String::new(),
                stderr: stderr_tail,
                ..skipped(exercises[i], settings.coords)
            });
            Some(i + 1)
        } else if i > from {
            // The driver stopped after a time-out it reported itself: go on from here.
            Some(i)
        } else {
            // Nothing began: the driver itself did not start.
            let why = match &run.ending {
                Ending::Interrupted => return None,
                Ending::TimedOut => format!("the driver gave no answer within {} s", limit.as_secs_f64()),
                Ending::Exited(_) | Ending::Signalled(_) => {
                    format!("the driver stopped before answering{}", last_words(&stderr_tail))
                }
                ending => ending_words(ending, &last_words(&stderr_tail)).1,
            };
            self.fill_from(i, |exercise, coords| PositionResult {
                verdict: Verdict::Crashed,
                detail: why.clone(),
                stderr: stderr_tail.clone(),
                ..skipped(exercise, coords)
            });
            None
        }
    }

    /// Judges the positions of `range` the transcript answers, in order, up to the first it
    /// does not answer (returned).
    fn grade_answered(
        &mut self,
        range: std::ops::Range<usize>,
        transcript: &session::Transcript,
    ) -> Option<usize> {
        let settings = self.settings;
        for i in range {
            let exercise = self.exercises[i];
            let Some((record, ms)) = transcript.records.get(&i) else {
                return Some(i);
            };
            let mut result = grade_record(record, *ms, exercise, settings);
            if let Some(rules) = settings.search {
                let trace = transcript.traces.get(&i);
                grade_session_search(&mut result, exercise, trace, rules, settings.coords);
            }
            self.results[i] = Some(result);
        }
        None
    }

    /// Why a session's process ended while answering a position: a limit it hit, or how it
    /// ended.
    fn lost_while_answering(
        &self,
        run: &Run,
        events: minimax_sandbox::cgroup::Events,
        stderr_tail: &Option<String>,
    ) -> (Verdict, String) {
        let stopped = matches!(run.ending, Ending::TimedOut | Ending::Signalled(_));
        let memory = events.oom_kills > 0 || (events.memory_exceeded() && stopped);
        if let Some(limit) = limit_hit(memory, run.disk_full, self.sandbox) {
            return (Verdict::Crashed, limit);
        }
        match &run.ending {
            Ending::TimedOut => (
                Verdict::Timeout,
                format!(
                    "no answer within {} s; the program was stopped",
                    self.settings.limits.timeout.as_secs_f64()
                ),
            ),
            Ending::Exited(code) => (
                Verdict::Crashed,
                format!(
                    "the program exited (status {code}) while answering this position, without an answer (System.exit?){}",
                    last_words(stderr_tail)
                ),
            ),
            ending => ending_words(ending, &last_words(stderr_tail)),
        }
    }

    /// Gives every position from `from` on the result `make` makes of it.
    fn fill_from(&mut self, from: usize, make: impl Fn(&Exercise, Coords) -> PositionResult) {
        for i in from..self.exercises.len() {
            self.results[i] = Some(make(self.exercises[i], self.settings.coords));
        }
    }
}

/// The verdict on what a session's driver reported for one position.
pub(super) fn grade_record(
    record: &Record,
    ms: u64,
    exercise: &Exercise,
    settings: &Settings,
) -> PositionResult {
    let seconds = ms as f64 / 1000.0;
    let failed = |verdict: Verdict, detail: String, stderr: Option<String>| PositionResult {
        verdict,
        detail,
        seconds,
        stderr,
        ..skipped(exercise, settings.coords)
    };
    match record {
        Record::Answer(text) => {
            let judged = grade_output(exercise, text, settings.coords);
            let mut result = convention::accept(judged, exercise, text, settings.coords, &settings.accept);
            result.seconds = seconds;
            result
        }
        Record::Null(why) => failed(Verdict::Unparseable, why.clone(), None),
        Record::Crashed(trace) => failed(
            Verdict::Crashed,
            trace.lines().next().unwrap_or("an exception").trim().to_string(),
            Some(shorten(trace)),
        ),
        Record::Timeout => failed(
            Verdict::Timeout,
            format!(
                "no answer within {} s of CPU time (or {} times that on the clock); the program was stopped and started again for the positions left",
                settings.limits.timeout.as_secs_f64(),
                runner::WALL_PER_CPU
            ),
            None,
        ),
    }
}
