//! `minimax grade`: running every student's program on every position, in parallel.

use super::check::judge_answer;
use super::exercise::Exercise;
use super::runner::{self, Ending, Run, RunLimits};
use super::{shorten, version, ClassReport, GradeError, PositionResult, StudentReport, Verdict};
use crate::tictactoe::Coords;
use indicatif::{ParallelProgressIterator, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// A student and the folder their program runs in.
#[derive(Clone, Debug)]
pub struct Student {
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

/// Each subfolder of `dir` is a student, named by the folder; in name order.
pub fn students_in(dir: &Path) -> Result<Vec<Student>, GradeError> {
    let folder_error = |message: String| GradeError::Folder {
        path: dir.to_path_buf(),
        message,
    };
    let entries =
        std::fs::read_dir(dir).map_err(|error| folder_error(format!("cannot read the folder: {error}")))?;
    let mut students: Vec<Student> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_string();
            (!name.starts_with('.')).then(|| Student {
                name,
                folder: entry.path(),
            })
        })
        .collect();
    if students.is_empty() {
        return Err(folder_error(
            "no student folders in it (one subfolder per student)".to_string(),
        ));
    }
    students.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(students)
}

/// Runs every student on every exercise and judges each run; never fails as a whole.
pub fn grade(
    students: &[Student],
    exercises: &[Exercise],
    settings: &Settings,
    interrupted: &AtomicBool,
) -> ClassReport {
    let tasks: Vec<(usize, usize)> = (0..students.len())
        .flat_map(|s| (0..exercises.len()).map(move |e| (s, e)))
        .collect();
    let progress = ProgressBar::new(tasks.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs.max(1))
        .build();
    let run_all = || -> Vec<PositionResult> {
        tasks
            .par_iter()
            .progress_with(progress.clone())
            .map(|&(s, e)| {
                let (student, exercise) = (&students[s], &exercises[e]);
                if interrupted.load(Ordering::Relaxed) {
                    return skipped(exercise, settings.coords);
                }
                let run = runner::run(
                    &settings.command,
                    &student.folder,
                    exercise.text.as_bytes(),
                    settings.limits,
                    interrupted,
                );
                judge_run(&run, exercise, settings)
            })
            .collect()
    };
    let results = match pool {
        Ok(pool) => pool.install(run_all),
        Err(_) => run_all(),
    };
    progress.finish_and_clear();

    let mut results = results.into_iter();
    let students = students
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
        students,
        interrupted: interrupted.load(Ordering::Relaxed),
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
