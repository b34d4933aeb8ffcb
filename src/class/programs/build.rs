//! Preparing a student once: the scratch copy with the harness's drivers, then the build inside
//! the sandbox; a student who cannot be prepared gets the same verdict on every position.

use super::outcome::skipped;
use super::settings::{Settings, BUILD_LINES};
use crate::class::{shorten, PositionResult, Student, Verdict};
use crate::harness::detect::detect;
use crate::harness::missing_programs;
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;
use minimax_sandbox::runner::{self, Ending, Launch, RunLimits};
use minimax_sandbox::{Cell, CellError, Sandbox};
use std::sync::atomic::AtomicBool;

/// A student ready to run: the scratch copy, built, and the command that answers.
pub(super) struct Ready {
    pub(super) cell: Cell,
    pub(super) run: String,
}

/// Why a student cannot be run: the same verdict on every position.
#[derive(Debug)]
pub(super) struct NotReady {
    pub(super) verdict: Verdict,
    pub(super) detail: String,
    pub(super) log: Option<String>,
}

impl NotReady {
    pub(super) fn new(verdict: Verdict, detail: impl Into<String>) -> NotReady {
        NotReady {
            verdict,
            detail: detail.into(),
            log: None,
        }
    }

    pub(super) fn result(&self, exercise: &Exercise, coords: Coords) -> PositionResult {
        PositionResult {
            verdict: self.verdict,
            detail: self.detail.clone(),
            stderr: self.log.clone(),
            ..skipped(exercise, coords)
        }
    }
}

pub(super) type Prepared = Result<Ready, NotReady>;

/// The student's copy, drivers and build; the command found is noted in the report.
pub(super) fn prepare(
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
                let recipe =
                    detect(folder).map_err(|why| NotReady::new(Verdict::BuildFailed, why.to_string()))?;
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
pub(super) const BUILD_NOTE: &str = "minimax-note: ";

/// What a build's note is shown after: the build runs the student's code (a Makefile, a
/// compiler quoting the source), so its notes are theirs, never the grader's own words
/// (`grade: 10/10` printed by a Makefile must not read as the rubric's).
pub(super) const BUILD_SAYS: &str = "build: ";

/// Runs the build in the student's copy, inside the same walls as the runs; the build's
/// own notes go to `notes`, whether it succeeds or not.
pub(super) fn build(
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
