//! `minimax grade`: building and running every student's code on every position, in parallel.
//!
//! Each student is prepared once (a scratch copy with the harness's drivers, then the build,
//! inside the sandbox); a student who cannot be prepared gets the same verdict on every
//! position, and nobody else is affected. Then, by the harness's protocol, either one run
//! per position or one session per student answering all of them.

use super::check::grade_output;
use super::convention::{self, Convention};
use super::search;
use super::{shorten, version, Class, ClassReport, PositionResult, Student, StudentReport, Verdict};
use crate::harness::detect::detect;
use crate::harness::session::{self, Record};
use crate::harness::{missing_programs, Harness, Protocol};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_core::replay::Rules;
use minimax_sandbox::runner::{self, Ending, Launch, Run, RunLimits};
use minimax_sandbox::{Cell, CellError, Sandbox};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
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
const SESSION_START: Duration = Duration::from_secs(15);
/// Output kept from a session (every answer and whatever the student wrote to stdout).
const SESSION_OUTPUT: usize = 1 << 20;
/// Positions one session answers when each position's trace comes back with its answer: a
/// trace may be tens of megabytes, and a run's output is held whole.
const TRACED_POSITIONS: usize = 2;
/// Output kept for one position's trace in a session: the limit of a run's trace, escaped.
const TRACED_OUTPUT: usize = search::TRACE_OUTPUT + search::TRACE_OUTPUT / 4;
/// Lines of a failed build's output kept for the feedback.
const BUILD_LINES: usize = 30;

/// What grading has done so far, told as it happens.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// A task answered this many positions.
    Runs(usize),
    /// A student's every position is answered.
    Student {
        name: &'a str,
        score: usize,
        max_score: usize,
    },
}

/// Builds and runs every student on their exercises (`exercises[s]` for student `s`: the
/// class's set, shared, or one of their own) and judges each answer; never fails as a whole. `progress` is told how many positions each finished task answered, and who is done.
pub fn grade(
    class: &Class,
    exercises: &[Arc<Vec<Exercise>>],
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> ClassReport {
    let students = &class.students;
    let tasks = tasks(exercises, settings.harness.protocol);
    let mut runs = vec![0; students.len()];
    for (s, _) in &tasks {
        runs[*s] += 1;
    }
    let shared = Shared {
        class,
        exercises,
        settings,
        sandbox,
        interrupted,
        progress,
        slots: runs.into_iter().map(Slot::new).collect(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build();
    let run_all = || -> Vec<Vec<PositionResult>> { tasks.par_iter().map(|task| shared.run(task)).collect() };
    let results = match pool {
        Ok(pool) => pool.install(run_all),
        Err(_) => run_all(),
    };

    let mut grid: Vec<Vec<Option<PositionResult>>> =
        exercises.iter().map(|set| vec![None; set.len()]).collect();
    for ((s, chosen), answered) in tasks.iter().zip(results) {
        for (&e, result) in chosen.iter().zip(answered) {
            grid[*s][e] = Some(result);
        }
    }
    let reports = grid
        .into_iter()
        .enumerate()
        .map(|(s, row)| shared.student_report(s, row))
        .collect();
    ClassReport {
        version: version(),
        positions: positions(exercises, settings.coords),
        students: reports,
        interrupted: interrupted.load(Ordering::Relaxed),
        sandbox: Some(sandbox.info().clone()),
        not_graded: class.not_graded.clone(),
        layout: None,
        harness: Some(settings.harness.name.clone()),
        accept: settings.accept.iter().map(|c| c.name()).collect(),
        late_penalty: None,
        legend: Vec::new(),
        time_limit: Some(settings.limits.timeout.as_secs_f64()),
        lang: None,
        withheld: false,
        kept: std::collections::HashSet::new(),
        regrade: None,
    }
}

/// A task: a student (an index) and the exercises one run answers (indices).
type Task = (usize, Vec<usize>);

/// Every run of a grading. A session answers the hidden positions apart from the visible
/// ones: what a program learns of a hidden position cannot come out in a visible position's
/// output.
fn tasks(exercises: &[Arc<Vec<Exercise>>], protocol: Protocol) -> Vec<Task> {
    exercises
        .iter()
        .enumerate()
        .flat_map(|(s, set)| {
            let (visible, hidden): (Vec<usize>, Vec<usize>) = (0..set.len()).partition(|&e| !set[e].hidden);
            match protocol {
                Protocol::Stdio => (0..set.len()).map(|e| (s, vec![e])).collect::<Vec<_>>(),
                Protocol::Session => [visible, hidden]
                    .into_iter()
                    .filter(|chosen| !chosen.is_empty())
                    .map(|chosen| (s, chosen))
                    .collect(),
            }
        })
        .collect()
}

/// Every position of the grading once, in the order students' sets first list them: the
/// class's set, then each student's own hidden positions (a set shared by several students
/// is read once).
fn positions(exercises: &[Arc<Vec<Exercise>>], coords: Coords) -> Vec<super::PositionInfo> {
    let mut seen = std::collections::HashSet::new();
    let mut infos = Vec::new();
    let mut last: Option<&Arc<Vec<Exercise>>> = None;
    for set in exercises {
        if last.is_some_and(|last| Arc::ptr_eq(last, set)) {
            continue;
        }
        last = Some(set);
        for exercise in set.iter() {
            if seen.insert(exercise.name.clone()) {
                infos.push(super::exercises::info(exercise, coords));
            }
        }
    }
    infos
}

/// What every task of a grading shares, and each student's slot.
struct Shared<'a> {
    class: &'a Class,
    exercises: &'a [Arc<Vec<Exercise>>],
    settings: &'a Settings,
    sandbox: &'a Sandbox,
    interrupted: &'a AtomicBool,
    progress: &'a (dyn Fn(Progress<'_>) + Sync),
    slots: Vec<Slot>,
}

impl Shared<'_> {
    /// One task's results: the student prepared (once), then run, or skipped when grading
    /// was interrupted.
    fn run(&self, (s, chosen): &Task) -> Vec<PositionResult> {
        let (settings, sandbox, interrupted) = (self.settings, self.sandbox, self.interrupted);
        let student = &self.class.students[*s];
        let slot = &self.slots[*s];
        let chosen: Vec<&Exercise> = chosen.iter().map(|&e| &self.exercises[*s][e]).collect();
        let results = if interrupted.load(Ordering::Relaxed) {
            chosen.iter().map(|e| skipped(e, settings.coords)).collect()
        } else {
            let prepared = slot.prepared(|| prepare(student, settings, sandbox, interrupted));
            match prepared.as_ref() {
                Err(not_ready) => chosen
                    .iter()
                    .map(|e| not_ready.result(e, settings.coords))
                    .collect(),
                Ok(ready) => match settings.harness.protocol {
                    Protocol::Stdio => vec![run_one(ready, chosen[0], settings, sandbox, interrupted)],
                    Protocol::Session => run_session(ready, &chosen, settings, sandbox, interrupted),
                },
            }
        };
        let scored = results.iter().filter(|r| r.verdict.scores()).count();
        slot.scored.fetch_add(scored, Ordering::AcqRel);
        (self.progress)(Progress::Runs(results.len()));
        if slot.run_done() {
            (self.progress)(Progress::Student {
                name: &student.name,
                score: slot.scored.load(Ordering::Acquire),
                max_score: self.exercises[*s].len(),
            });
        }
        results
    }

    /// Student `s`'s report: a result per exercise (skipped where none came), the notes.
    fn student_report(&self, s: usize, row: Vec<Option<PositionResult>>) -> StudentReport {
        let mut report = self.student_report_of(s, row);
        // The search is lost where the move is not: said even where the move is optimal.
        for result in &report.results {
            if let Some(check) = result.search.as_ref().filter(|c| !c.correct) {
                report
                    .notes
                    .push(format!("search, {}: {}", result.position, check.verdict));
            }
        }
        report
    }

    fn student_report_of(&self, s: usize, row: Vec<Option<PositionResult>>) -> StudentReport {
        let (student, slot, coords) = (&self.class.students[s], &self.slots[s], self.settings.coords);
        let results: Vec<PositionResult> = row
            .into_iter()
            .zip(self.exercises[s].iter())
            .map(|(result, exercise)| result.unwrap_or_else(|| skipped(exercise, coords)))
            .collect();
        let mut notes = student.notes.clone();
        notes.extend(slot.notes.lock().unwrap_or_else(|p| p.into_inner()).drain(..));
        let pairs: Vec<_> = results.iter().zip(self.exercises[s].iter()).collect();
        notes.extend(convention::advise(&pairs, coords));
        let mut report = StudentReport::new(student.name.clone(), results);
        report.id = student.id.clone();
        report.notes = notes;
        if student.late {
            report.late = Some(match &student.late_detail {
                Some((status, seconds)) => super::Lateness {
                    status: status.clone(),
                    seconds: Some(*seconds),
                    penalty: 0.0,
                },
                None => super::Lateness {
                    status: "late (as its file name says)".to_string(),
                    seconds: None,
                    penalty: 0.0,
                },
            });
        }
        report
    }
}

/// A student ready to run: the scratch copy, built, and the command that answers.
struct Ready {
    cell: Cell,
    run: String,
}

/// Why a student cannot be run: the same verdict on every position.
#[derive(Debug)]
struct NotReady {
    verdict: Verdict,
    detail: String,
    log: Option<String>,
}

impl NotReady {
    fn new(verdict: Verdict, detail: impl Into<String>) -> NotReady {
        NotReady {
            verdict,
            detail: detail.into(),
            log: None,
        }
    }

    fn result(&self, exercise: &Exercise, coords: Coords) -> PositionResult {
        PositionResult {
            verdict: self.verdict,
            detail: self.detail.clone(),
            stderr: self.log.clone(),
            ..skipped(exercise, coords)
        }
    }
}

type Prepared = Result<Ready, NotReady>;

/// The student's copy, drivers and build; the command found is noted in the report.
fn prepare(
    student: &Student,
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
) -> (Prepared, Vec<String>) {
    let mut notes = Vec::new();
    let prepared = (|| {
        if let Some(failure) = &student.failure {
            return Err(NotReady::new(Verdict::BuildFailed, failure.clone()));
        }
        let harness = &settings.harness;
        let make_cell = |must_copy: bool| {
            sandbox
                .cell(&student.folder, &harness.files, must_copy)
                .map_err(|error| match error {
                    CellError::Student(why) => NotReady::new(Verdict::BuildFailed, why),
                    CellError::Grader(why) => NotReady::new(Verdict::Crashed, why),
                })
        };
        // Detection reads the students' files: only the size-capped copy, never the folder
        // as handed in (which may hold a sparse file of gigabytes); with the sandbox off,
        // programs run in the submission itself unless they build.
        let copy_first = harness.run.is_none() && !sandbox.is_off();
        let mut cell = if copy_first { Some(make_cell(true)?) } else { None };
        let (build, run) = match &harness.run {
            Some(run) => (harness.build.clone(), run.clone()),
            None => {
                let folder = cell
                    .as_ref()
                    .map_or(student.folder.as_path(), |cell| cell.dir.as_path());
                let recipe = detect(folder).map_err(|why| NotReady::new(Verdict::BuildFailed, why))?;
                if let Some((program, package)) = missing_programs(&recipe.requires).first() {
                    return Err(NotReady::new(
                        Verdict::BuildFailed,
                        format!(
                            "{program} is not installed on the grading machine (Debian package {package})"
                        ),
                    ));
                }
                notes.push(format!("ran `{}` (found {})", recipe.run, recipe.found));
                (recipe.build, recipe.run)
            }
        };
        let cell = match cell.take() {
            Some(cell) => cell,
            None => make_cell(harness.writes() || build.is_some())?,
        };
        if cell.dir != student.folder {
            // Only ever in the grader's own copy: the download stays as it was handed in.
            notes.extend(crate::harness::drop_byte_order_marks(&cell.dir));
        }
        if let Some(build) = build {
            self::build(&cell, &build, settings, sandbox, interrupted, &mut notes)?;
        }
        Ok(Ready { cell, run })
    })();
    (prepared, notes)
}

/// A line of a build's output that is a note for the report and the feedback (which file
/// was compiled, what was passed over), not a compiler's message.
const BUILD_NOTE: &str = "minimax-note: ";
/// What a build's note is shown after: the build runs the student's code (a Makefile, a
/// compiler quoting the source), so its notes are theirs, never the grader's own words
/// (`grade: 10/10` printed by a Makefile must not read as the rubric's).
const BUILD_SAYS: &str = "build: ";

/// Runs the build in the student's copy, inside the same walls as the runs; the build's
/// own notes go to `notes`, whether it succeeds or not.
fn build(
    cell: &Cell,
    command: &str,
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
    notes: &mut Vec<String>,
) -> Result<(), NotReady> {
    let walls = sandbox
        .walls(cell, settings.build_timeout, true)
        .map_err(|why| NotReady::new(Verdict::Crashed, why.to_string()))?;
    let launch = Launch {
        command,
        dir: &cell.dir,
        env: sandbox.env(cell),
        confinement: walls.confinement,
        cpu: walls.cpu,
    };
    let limits = RunLimits {
        timeout: settings.build_timeout,
        ..RunLimits::default()
    };
    let run = runner::run(&launch, b"", limits, interrupted);
    let events = walls.finish();
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout.bytes),
        String::from_utf8_lossy(&run.stderr.bytes)
    );
    let (said, lines): (Vec<&str>, Vec<&str>) = output
        .lines()
        .filter(|l| !l.trim().is_empty())
        .partition(|l| l.starts_with(BUILD_NOTE));
    notes.extend(
        said.iter()
            .take(BUILD_LINES)
            .map(|l| format!("{BUILD_SAYS}{}", shorten(l[BUILD_NOTE.len()..].trim()))),
    );
    let log = (!lines.is_empty()).then(|| shorten(&lines[..lines.len().min(BUILD_LINES)].join("\n")));
    let why = match &run.ending {
        Ending::Exited(0) => return Ok(()),
        Ending::Interrupted => {
            return Err(NotReady::new(
                Verdict::Skipped,
                "not built: grading was interrupted",
            ))
        }
        Ending::TimedOut => format!(
            "the build took longer than {} s (--build-timeout)",
            settings.build_timeout.as_secs_f64()
        ),
        Ending::NotStarted(why) => format!("the build could not be started: {why}"),
        _ if events.oom_kills > 0 => format!("the build ran out of memory ({} MiB)", sandbox.memory_mib()),
        _ if cell.disk_full() || run.disk_full => {
            format!(
                "the build ran out of disk: disk limit of {} MiB exceeded",
                sandbox.disk_mib()
            )
        }
        Ending::Exited(code) => format!("the build failed (exit status {code})"),
        Ending::Signalled(signal) => format!("the build was killed by signal {signal}"),
    };
    let first = lines.iter().find(|l| l.contains("error")).or(lines.first());
    let mut detail = match first {
        Some(line) => format!("{why}: {}", line.trim()),
        None => why,
    };
    // What the harness expects is said only when the student's code does not fit its
    // driver (the compiler names a driver file), not after any failure.
    let misfit = lines.iter().any(|line| {
        settings
            .harness
            .files
            .iter()
            .any(|(file, _)| line.contains(file.as_str()))
    });
    if let Some(expects) = settings.harness.expects.as_ref().filter(|_| misfit) {
        let name = &settings.harness.name;
        detail = format!(
            "{} (the harness {name} expects {expects})",
            detail.trim_end_matches(';')
        );
    }
    Err(NotReady {
        verdict: Verdict::BuildFailed,
        detail,
        log,
    })
}

/// One student's preparation, made by whichever task needs it first and dropped (the copy
/// removed, its descriptors closed) after the student's last task: grading a class of
/// hundreds holds only the copies of the students under way.
struct Slot {
    prepared: Mutex<Option<Arc<Prepared>>>,
    notes: Mutex<Vec<String>>,
    runs_left: AtomicUsize,
    /// Positions answered optimally so far, for the progress line.
    scored: AtomicUsize,
}

impl Slot {
    fn new(runs: usize) -> Slot {
        Slot {
            prepared: Mutex::new(None),
            notes: Mutex::new(Vec::new()),
            runs_left: AtomicUsize::new(runs),
            scored: AtomicUsize::new(0),
        }
    }

    fn prepared(&self, make: impl FnOnce() -> (Prepared, Vec<String>)) -> Arc<Prepared> {
        let mut prepared = self.prepared.lock().unwrap_or_else(|p| p.into_inner());
        Arc::clone(prepared.get_or_insert_with(|| {
            let (made, notes) = make();
            *self.notes.lock().unwrap_or_else(|p| p.into_inner()) = notes;
            Arc::new(made)
        }))
    }

    /// Counts a finished task; true after the student's last one.
    fn run_done(&self) -> bool {
        let last = self.runs_left.fetch_sub(1, Ordering::AcqRel) == 1;
        if last {
            self.prepared.lock().unwrap_or_else(|p| p.into_inner()).take();
        }
        last
    }
}

/// One run of one student's program, inside its walls, judged.
fn run_one(
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
    let mut result = judge_run(&run, exercise, settings, limits);
    if let (Some(rules), Some(traced)) = (settings.search, traced) {
        let asked = Ok((traced.as_slice(), search::STDIO_HINT));
        judge_search(&mut result, exercise, asked, rules, settings.coords);
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
fn traced_env(env: Option<&[(String, String)]>) -> Vec<(String, String)> {
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
fn judge_search(
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
            search::judge(exercise, traced, asked, result.answer.as_deref(), rules, coords)
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

/// A session's position's search judged from the trace its driver sent (a trace cut at its
/// limit is refused as the stdio runs' are).
fn judge_session_search(
    result: &mut PositionResult,
    exercise: &Exercise,
    trace: Option<&(String, u64)>,
    rules: Rules,
    coords: Coords,
) {
    let (text, written) = trace.map_or(("", 0), |(text, written)| (text.as_str(), *written));
    if written > search::TRACE_OUTPUT as u64 {
        let refused = search::too_big(search::TRACE_OUTPUT);
        return judge_search(result, exercise, Err(refused), rules, coords);
    }
    judge_search(
        result,
        exercise,
        Ok((text.as_bytes(), search::SESSION_HINT)),
        rules,
        coords,
    );
}

/// One session answering `exercises` in order; a run that stops early (a time-out, a crash of
/// the whole process) costs only the position it was answering, and a new run takes the rest.
fn run_session(
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
struct Session<'a> {
    ready: &'a Ready,
    exercises: &'a [&'a Exercise],
    settings: &'a Settings,
    sandbox: &'a Sandbox,
    interrupted: &'a AtomicBool,
    results: Vec<Option<PositionResult>>,
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
        let stopped_at = self.judge_answered(from..end, &transcript);
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
    fn judge_answered(
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
            let mut result = judge_record(record, *ms, exercise, settings);
            if let Some(rules) = settings.search {
                let trace = transcript.traces.get(&i);
                judge_session_search(&mut result, exercise, trace, rules, settings.coords);
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

/// The limit that explains how a run ended, in the report's words: memory first (reclaiming
/// under the limit can outlast the time limit), then disk.
fn limit_hit(memory: bool, disk: bool, sandbox: &Sandbox) -> Option<String> {
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
fn ending_words(ending: &Ending, last_words: &str) -> (Verdict, String) {
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
fn last_words(stderr_tail: &Option<String>) -> String {
    stderr_tail
        .as_deref()
        .and_then(|tail| tail.lines().last())
        .map_or(String::new(), |line| format!(": {line}"))
}

/// The verdict on what a session's driver reported for one position.
fn judge_record(record: &Record, ms: u64, exercise: &Exercise, settings: &Settings) -> PositionResult {
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

/// Whether a crashed program's last words say it could not get memory (where there is no
/// cgroup to say so for certain, memory is capped per process and allocations fail).
fn ran_out_of_memory(run: &Run) -> bool {
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

fn not_run(exercise: &Exercise, coords: Coords, why: &str) -> PositionResult {
    PositionResult {
        detail: why.to_string(),
        verdict: Verdict::Crashed,
        ..skipped(exercise, coords)
    }
}

/// The verdict on one run: how it ended first, then what it printed.
fn judge_run(run: &Run, exercise: &Exercise, settings: &Settings, limits: RunLimits) -> PositionResult {
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
fn timeout_detail(run: &Run, limits: RunLimits) -> String {
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

fn skipped(exercise: &Exercise, coords: Coords) -> PositionResult {
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
fn tail(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.trim_end().lines().collect();
    (!lines.is_empty()).then(|| shorten(&lines[lines.len().saturating_sub(10)..].join("\n")))
}
