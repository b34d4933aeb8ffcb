//! `minimax grade`: building and running every student's code on every position, in parallel.
//!
//! Each student is prepared once (a scratch copy with the harness's drivers, then the build,
//! inside the sandbox); a student who cannot be prepared gets the same verdict on every
//! position, and nobody else is affected. Then, by the harness's protocol, either one run
//! per position or one session per student answering all of them.

mod build;
mod outcome;
mod run;
mod session;
mod settings;

use build::{prepare, Prepared};
use outcome::skipped;
use run::run_one;
use session::run_session;
pub use settings::Settings;

use super::convention;
use super::{version, Class, ClassReport, PositionResult, StudentReport};
use crate::harness::Protocol;
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_sandbox::Sandbox;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

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
                let english = minimax_core::figures::exercise_sheet::Lang::En;
                let note = crate::class::search::note(&result.position, check, english);
                report.notes.push(note);
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
