//! `minimax grade`: running every student's program on every position, in parallel.

use super::check::judge_answer;
use super::escape::escape_name;
use super::exercise::Exercise;
use super::runner::{self, Ending, Launch, Run, RunLimits};
use super::sandbox::{Cell, Sandbox};
use super::{shorten, version, ClassReport, GradeError, NotGraded, PositionResult, StudentReport, Verdict};
use crate::tictactoe::Coords;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A student and the folder their program runs in.
#[derive(Clone, Debug)]
pub struct Student {
    /// The folder's name; one that is not UTF-8 is escaped losslessly (`Jos\xe9`).
    pub name: String,
    pub folder: PathBuf,
}

/// How to run the programs.
#[derive(Clone, Debug)]
pub struct Settings {
    pub command: String,
    pub limits: RunLimits,
    pub jobs: usize,
    pub coords: Coords,
}

/// The class folder: the students in it, and every other entry with why it is not graded.
#[derive(Clone, Debug, Default)]
pub struct Class {
    pub students: Vec<Student>,
    pub not_graded: Vec<NotGraded>,
}

/// Each subfolder of `dir` is a student, named by the folder; in name order. Nothing is left
/// out silently: files, hidden entries and links leading out of the folder are listed.
pub fn students_in(dir: &Path) -> Result<Class, GradeError> {
    let folder_error = |message: String| GradeError::Folder {
        path: dir.to_path_buf(),
        message,
    };
    let entries =
        std::fs::read_dir(dir).map_err(|error| folder_error(format!("cannot read the folder: {error}")))?;
    let root = dir
        .canonicalize()
        .map_err(|error| folder_error(format!("cannot read the folder: {error}")))?;
    let mut class = Class::default();
    for entry in entries {
        let entry = entry.map_err(|error| folder_error(format!("cannot read the folder: {error}")))?;
        let name = escape_name(&entry.file_name());
        let path = entry.path();
        let not_graded = |reason: &str| NotGraded {
            entry: name.clone(),
            reason: reason.to_string(),
        };
        let kind = entry.file_type().ok();
        let is_link = kind.is_some_and(|k| k.is_symlink());
        let target = path.canonicalize().ok();
        if name.starts_with('.') {
            class
                .not_graded
                .push(not_graded("hidden (its name starts with a dot)"));
        } else if is_link
            && !target
                .as_ref()
                .is_some_and(|t| t.starts_with(&root) && t.is_dir())
        {
            class.not_graded.push(not_graded(
                "a link that does not lead to a folder inside the class folder",
            ));
        } else if !path.is_dir() {
            class.not_graded.push(not_graded(
                "a file, not a folder: each student's program goes in a folder of its own",
            ));
        } else {
            class.students.push(Student { name, folder: path });
        }
    }
    if class.students.is_empty() {
        return Err(folder_error(
            "no student folders in it (one subfolder per student)".to_string(),
        ));
    }
    class.students.sort_by(|a, b| a.name.cmp(&b.name));
    class.not_graded.sort_by(|a, b| a.entry.cmp(&b.entry));
    Ok(class)
}

/// Runs every student on every exercise and judges each run; never fails as a whole.
/// `progress` is told each finished run.
pub fn grade(
    class: &Class,
    exercises: &[Exercise],
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
    progress: &(dyn Fn() + Sync),
) -> ClassReport {
    let students = &class.students;
    let tasks: Vec<(usize, usize)> = (0..students.len())
        .flat_map(|s| (0..exercises.len()).map(move |e| (s, e)))
        .collect();
    let slots: Vec<Slot> = students.iter().map(|_| Slot::new(exercises.len())).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build();
    let run_all = || -> Vec<PositionResult> {
        tasks
            .par_iter()
            .map(|&(s, e)| {
                let (student, exercise) = (&students[s], &exercises[e]);
                let result = if interrupted.load(Ordering::Relaxed) {
                    skipped(exercise, settings.coords)
                } else {
                    let cell = slots[s].cell(|| sandbox.cell(&student.folder));
                    run_one(&cell, exercise, settings, sandbox, interrupted)
                };
                slots[s].run_done();
                progress();
                result
            })
            .collect()
    };
    let results = match pool {
        Ok(pool) => pool.install(run_all),
        Err(_) => run_all(),
    };

    let mut results = results.into_iter();
    let reports = students
        .iter()
        .map(|student| {
            StudentReport::new(
                student.name.clone(),
                results.by_ref().take(exercises.len()).collect(),
            )
        })
        .collect();
    ClassReport {
        version: version(),
        positions: exercises.iter().map(|e| e.info(settings.coords)).collect(),
        students: reports,
        interrupted: interrupted.load(Ordering::Relaxed),
        sandbox: Some(sandbox.info().clone()),
        not_graded: class.not_graded.clone(),
    }
}

/// One student's scratch copy, made by whichever run needs it first and dropped (the copy
/// removed, its descriptors closed) after the student's last run: grading a class of hundreds
/// holds only the copies of the students under way.
struct Slot {
    cell: Mutex<Option<Arc<Result<Cell, String>>>>,
    runs_left: AtomicUsize,
}

impl Slot {
    fn new(runs: usize) -> Slot {
        Slot {
            cell: Mutex::new(None),
            runs_left: AtomicUsize::new(runs),
        }
    }

    fn cell(&self, make: impl FnOnce() -> Result<Cell, String>) -> Arc<Result<Cell, String>> {
        let mut cell = self.cell.lock().unwrap_or_else(|p| p.into_inner());
        Arc::clone(cell.get_or_insert_with(|| Arc::new(make())))
    }

    fn run_done(&self) {
        if self.runs_left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.cell.lock().unwrap_or_else(|p| p.into_inner()).take();
        }
    }
}

/// One run of one student's program, inside its walls, judged.
fn run_one(
    cell: &Result<Cell, String>,
    exercise: &Exercise,
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
) -> PositionResult {
    let cell = match cell {
        Ok(cell) => cell,
        Err(why) => return not_run(exercise, settings.coords, why),
    };
    let walls = match sandbox.walls(cell) {
        Ok(walls) => walls,
        Err(why) => return not_run(exercise, settings.coords, &why),
    };
    let launch = Launch {
        command: &settings.command,
        dir: &cell.dir,
        env: sandbox.env(cell),
        confinement: walls.confinement,
    };
    let run = runner::run(&launch, exercise.text.as_bytes(), settings.limits, interrupted);
    let events = walls.finish();
    let mut result = judge_run(&run, exercise, settings);
    if events.oom_kills > 0 || (result.verdict == Verdict::Crashed && ran_out_of_memory(&run)) {
        result.verdict = Verdict::Crashed;
        result.detail = format!("memory limit of {} MiB exceeded", sandbox.memory_mib());
    } else if events.fork_refusals > 0 && result.verdict != Verdict::Optimal {
        result
            .detail
            .push_str("; the program was refused new processes (the limit of processes per run)");
    }
    result
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
fn judge_run(run: &Run, exercise: &Exercise, settings: &Settings) -> PositionResult {
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
    };
    let last_words = stderr_tail
        .as_deref()
        .and_then(|tail| tail.lines().last())
        .map_or(String::new(), |line| format!(": {line}"));
    let mut result = match &run.ending {
        Ending::TimedOut => {
            let limit = settings.limits.timeout.as_secs_f64();
            return failed(
                Verdict::Timeout,
                format!("no answer within {limit} s; the program was stopped"),
            );
        }
        Ending::Interrupted => {
            return failed(Verdict::Skipped, "grading was interrupted during this run".into())
        }
        Ending::NotStarted(why) => {
            return failed(
                Verdict::Crashed,
                format!("the program could not be started: {why}"),
            )
        }
        Ending::Signalled(signal) => {
            return failed(Verdict::Crashed, format!("killed by signal {signal}{last_words}"));
        }
        Ending::Exited(code) if *code != 0 => {
            return failed(Verdict::Crashed, format!("exited with status {code}{last_words}"));
        }
        Ending::Exited(_) => judge_answer(exercise, &stdout, settings.coords),
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
    }
}

/// The last few lines of stderr, where the reason for a crash usually is.
fn tail(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.trim_end().lines().collect();
    (!lines.is_empty()).then(|| shorten(&lines[lines.len().saturating_sub(10)..].join("\n")))
}
