//! One run per position (the stdio protocol): the program started in its walls, its move and
//! its search's trace graded.

use super::build::Ready;
use super::outcome::{ending_words, last_words, limit_hit, not_run, tail};
use super::settings::Settings;
use crate::class::check::grade_output;
use crate::class::convention;
use crate::class::search;
use crate::class::{shorten, PositionResult, Verdict};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_core::replay::Rules;
use minimax_sandbox::runner::{self, Ending, Launch, Run, RunLimits};
use minimax_sandbox::Sandbox;
use std::sync::atomic::AtomicBool;

/// One run of one student's program, inside its walls, judged.
pub(super) fn run_one(
    ready: &Ready,
    exercise: &Exercise,
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
) -> PositionResult {
    let cell = &ready.cell;
    let limit = settings.limits.timeout;
    let walls = match sandbox.walls(cell, limit * runner::WALL_PER_CPU, false) {
        Ok(walls) => walls,
        Err(why) => return not_run(exercise, settings.coords, &why.to_string()),
    };
    let traced_env = settings.search.map(|_| traced_env(sandbox.env(cell)));
    let launch = Launch {
        command: &ready.run,
        dir: &cell.dir,
        env: traced_env.as_deref().or(sandbox.env(cell)),
        confinement: walls.confinement,
        cpu: walls.cpu,
    };
    let output = if settings.search.is_some() {
        search::TRACE_OUTPUT
    } else {
        settings.limits.output
    };
    let limits = RunLimits::of(limit, output, walls.cpu.is_some());
    let mut run = runner::run(&launch, exercise.text.as_bytes(), limits, interrupted);
    let events = walls.finish();
    let traced = settings.search.map(|_| {
        let (traced, rest) = search::split_stderr(&run.stderr.bytes);
        run.stderr.bytes = rest;
        traced
    });
    let mut result = grade_run(&run, exercise, settings, limits);
    if let (Some(rules), Some(traced)) = (settings.search, traced) {
        let asked = Ok((traced.as_slice(), search::STDIO_HINT));
        grade_search(&mut result, exercise, asked, rules, settings.coords);
    }
    let failed = matches!(result.verdict, Verdict::Crashed | Verdict::Timeout);
    // A run stopped at its time limit after reaching its memory limit was stopped by its
    // memory (reclaiming under the limit can take longer than the time limit).
    let memory = events.oom_kills > 0
        || (failed && events.memory_exceeded())
        || (result.verdict == Verdict::Crashed && ran_out_of_memory(&run));
    let disk = run.disk_full && result.verdict != Verdict::Optimal;
    if let Some(limit) = limit_hit(memory, disk, sandbox) {
        result.verdict = Verdict::Crashed;
        result.detail = limit;
    } else if events.fork_refusals > 0 && result.verdict != Verdict::Optimal {
        result
            .detail
            .push_str("; the program was refused new processes (the limit of processes per run)");
    }
    result
}

/// The run's environment with its trace asked for on stderr (the grader's own environment
/// when the sandbox is off).
pub(super) fn traced_env(env: Option<&[(String, String)]>) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = match env {
        Some(env) => env.to_vec(),
        None => std::env::vars().collect(),
    };
    env.retain(|(key, _)| key != search::TRACE_VAR);
    env.push((search::TRACE_VAR.to_string(), search::TRACE_TO.to_string()));
    env
}

/// The run's search judged beside its move: the verdict's detail says it; a run that did
/// not answer has no search to judge.
/// `traced`: the trace's bytes and how the program is asked for it (said when it wrote
/// none), or the check of a trace refused before it was read.
pub(super) fn grade_search(
    result: &mut PositionResult,
    exercise: &Exercise,
    traced: Result<(&[u8], &str), search::SearchCheck>,
    rules: Rules,
    coords: Coords,
) {
    if matches!(
        result.verdict,
        Verdict::Crashed | Verdict::Timeout | Verdict::Skipped | Verdict::BuildFailed
    ) {
        return;
    }
    let check = match traced {
        Ok((traced, asked)) => {
            search::grade(exercise, traced, asked, result.answer.as_deref(), rules, coords)
        }
        Err(refused) => refused,
    };
    result.detail = if result.detail.is_empty() {
        format!("search: {}", check.verdict)
    } else {
        format!("{}; search: {}", result.detail, check.verdict)
    };
    result.search = Some(check);
}

/// The verdict on one run: how it ended first, then what it printed.
pub(super) fn grade_run(
    run: &Run,
    exercise: &Exercise,
    settings: &Settings,
    limits: RunLimits,
) -> PositionResult {
    let stdout = String::from_utf8_lossy(&run.stdout.bytes);
    let stderr = String::from_utf8_lossy(&run.stderr.bytes);
    let stderr_tail = tail(&stderr);
    let failed = |verdict: Verdict, detail: String| PositionResult {
        position: exercise.name.clone(),
        verdict,
        answer: None,
        optimal: exercise.optimal(settings.coords),
        detail,
        seconds: run.seconds,
        output: shorten(&stdout),
        stderr: stderr_tail.clone(),
        tree: None,
        search: None,
    };
    let mut result = match &run.ending {
        Ending::TimedOut => return failed(Verdict::Timeout, timeout_detail(run, limits)),
        Ending::Exited(0) => {
            let judged = grade_output(exercise, &stdout, settings.coords);
            convention::accept(judged, exercise, &stdout, settings.coords, &settings.accept)
        }
        ending => {
            let (verdict, detail) = ending_words(ending, &last_words(&stderr_tail));
            return failed(verdict, detail);
        }
    };
    if run.stdout.was_cut() {
        result.detail.push_str(&format!(
            "; output cut at {} bytes of {} printed",
            run.stdout.bytes.len(),
            run.stdout.total
        ));
    }
    if std::str::from_utf8(&run.stdout.bytes).is_err() && !run.stdout.was_cut() {
        result.detail.push_str("; the output is not valid UTF-8");
    }
    result.seconds = run.seconds;
    result.stderr = stderr_tail;
    result
}

/// Why a run was stopped at its time limit: on CPU time, or on the clock (and how much CPU
/// time it had used by then).
pub(super) fn timeout_detail(run: &Run, limits: RunLimits) -> String {
    let wall = limits.timeout.as_secs_f64();
    match (limits.cpu, run.cpu_seconds) {
        (Some(cpu), Some(used)) if used >= cpu.as_secs_f64() => format!(
            "no answer within {} s of CPU time; the program was stopped ({:.1} s on the clock)",
            cpu.as_secs_f64(),
            run.seconds
        ),
        (Some(cpu), used) => format!(
            "no answer within {wall} s on the clock ({} times the limit of {} s of CPU time), having used {:.2} s of CPU time: waiting or sleeping; the program was stopped",
            runner::WALL_PER_CPU,
            cpu.as_secs_f64(),
            used.unwrap_or(0.0)
        ),
        (None, _) => format!("no answer within {wall} s; the program was stopped"),
    }
}

/// Whether a crashed program's last words say it could not get memory (where there is no
/// cgroup to say so for certain, memory is capped per process and allocations fail).
pub(super) fn ran_out_of_memory(run: &Run) -> bool {
    const SIGNS: [&str; 6] = [
        "MemoryError",
        "OutOfMemoryError",
        "Cannot allocate memory",
        "std::bad_alloc",
        "out of memory",
        "memory allocation failed",
    ];
    let stderr = String::from_utf8_lossy(&run.stderr.bytes);
    SIGNS.iter().any(|sign| stderr.contains(sign))
}
