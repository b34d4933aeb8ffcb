//! `minimax check` and `minimax grade`: judging a class's answers and programs.

use super::{Error, Exit};
use crate::grade::class::{self, Settings, Student};
use crate::grade::exercise::{hidden_set, Exercise};
use crate::grade::report::{self, Format};
use crate::grade::runner::RunLimits;
use crate::grade::{check as check_sheet, ClassReport, GradeError};
use crate::tictactoe::Coords;
use clap::{ArgGroup, Args};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Where and how the report is written.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The report format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Write the report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Exit with status 1 when any student scores below SCORE (positions answered optimally).
    #[arg(long, value_name = "SCORE")]
    pub fail_under: Option<f64>,
    /// The order in which answers write a move's coordinates.
    #[arg(long, value_enum, default_value_t = Coords::ColRow)]
    pub coords: Coords,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The answer sheet: CSV with a header row naming student, position and answer.
    pub sheet: PathBuf,
    #[command(flatten)]
    pub report: ReportArgs,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("who").required(true).args(["submissions", "student"])))]
pub struct GradeArgs {
    /// The class: one subfolder per student, named after the student.
    #[arg(long, value_name = "DIR")]
    pub submissions: Option<PathBuf>,
    /// One student's folder (the folder's name is the student's name), as on Gradescope.
    #[arg(long, value_name = "DIR")]
    pub student: Option<PathBuf>,
    /// The command that runs a student's program, run with `sh -c` in the student's folder;
    /// it gets the position on stdin and prints its answer.
    #[arg(long, value_name = "CMD")]
    pub run: String,
    /// Position files to grade on (the sheet's fixtures, for example).
    #[arg(value_name = "POSITION")]
    pub positions: Vec<PathBuf>,
    /// Add N reachable positions drawn at random (reproducibly, by --seed): a hidden test set.
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// The seed of --sample.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Add all 4,520 reachable positions that have a move to make.
    #[arg(long, conflicts_with = "sample")]
    pub all_positions: bool,
    /// Seconds a program may take for one position before it is stopped.
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    pub timeout: f64,
    /// Programs run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub report: ReportArgs,
}

/// Set by Ctrl-C: runs stop, and the report is written with what finished.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub fn check(args: &CheckArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let report = check_sheet::check(&args.sheet, args.report.coords)?;
    finish(&report, &args.report, stdout, stderr)
}

pub fn grade(args: &GradeArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let students = match (&args.submissions, &args.student) {
        (Some(dir), _) => class::students_in(dir)?,
        (None, Some(folder)) => vec![one_student(folder)?],
        (None, None) => unreachable!("clap requires --submissions or --student"),
    };
    if args.report.format == Format::Gradescope && students.len() != 1 {
        return Err(GradeError::Usage(format!(
            "the gradescope format describes one submission, but {} has {} student folders: grade one with --student DIR",
            args.submissions.as_deref().unwrap_or_else(|| std::path::Path::new(".")).display(),
            students.len()
        ))
        .into());
    }
    let exercises = exercises(args)?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(GradeError::Usage(format!(
            "--timeout must be a positive number of seconds, not {}",
            args.timeout
        ))
        .into());
    }
    let settings = Settings {
        command: args.run.clone(),
        limits: RunLimits {
            timeout: Duration::from_secs_f64(args.timeout),
            ..RunLimits::default()
        },
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        coords: args.report.coords,
    };
    // Ctrl-C stops the runs; the report of what finished is still written. A second handler
    // cannot be installed (tests call this more than once); the first one serves.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    let report = class::grade(&students, &exercises, &settings, &INTERRUPTED);
    let exit = finish(&report, &args.report, stdout, stderr)?;
    Ok(if report.interrupted {
        Exit::Interrupted
    } else {
        exit
    })
}

fn one_student(folder: &std::path::Path) -> Result<Student, GradeError> {
    let folder_error = |message: &str| GradeError::Folder {
        path: folder.to_path_buf(),
        message: message.to_string(),
    };
    if !folder.is_dir() {
        return Err(folder_error("not a folder"));
    }
    let canonical = folder.canonicalize().map_err(|e| folder_error(&e.to_string()))?;
    let name = canonical
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("student")
        .to_string();
    Ok(Student {
        name,
        folder: folder.to_path_buf(),
    })
}

/// The position files given, then the hidden set asked for; every bad file is reported.
fn exercises(args: &GradeArgs) -> Result<Vec<Exercise>, GradeError> {
    let mut exercises = Vec::new();
    let mut errors = Vec::new();
    for path in &args.positions {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let taken = exercises.iter().any(|e: &Exercise| e.name == name);
        let name = if taken { path.display().to_string() } else { name };
        match Exercise::from_file(path, name) {
            Ok(exercise) => exercises.push(exercise),
            Err(error) => errors.push(error),
        }
    }
    if args.all_positions {
        exercises.extend(hidden_set(None, args.seed));
    } else if let Some(count) = args.sample {
        exercises.extend(hidden_set(Some(count), args.seed));
    }
    match errors.len() {
        0 if exercises.is_empty() => Err(GradeError::Usage(
            "no positions to grade on: give position files, --sample N or --all-positions".to_string(),
        )),
        0 => Ok(exercises),
        1 => Err(errors.remove(0)),
        _ => Err(GradeError::Several(errors)),
    }
}

/// Writes the report where asked, then decides the exit status.
fn finish(
    report: &ClassReport,
    args: &ReportArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    let text = report::render(report, args.format)?;
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text).map_err(|error| GradeError::Write {
                path: path.display().to_string(),
                error,
            })?;
            let scores: Vec<String> = report
                .students
                .iter()
                .map(|s| format!("{} {}/{}", s.student, s.score, s.max_score))
                .collect();
            writeln!(
                stderr,
                "minimax: report written to {}: {}",
                path.display(),
                scores.join(", ")
            )?;
        }
        None => stdout.write_all(text.as_bytes())?,
    }
    if report.interrupted {
        writeln!(
            stderr,
            "minimax: grading was interrupted; runs that had not finished are marked skipped"
        )?;
    }
    let below = args
        .fail_under
        .map(|threshold| {
            report
                .students
                .iter()
                .filter(|s| (s.score as f64) < threshold)
                .count()
        })
        .unwrap_or(0);
    if below > 0 {
        writeln!(
            stderr,
            "minimax: {below} student(s) scored below {}",
            args.fail_under.unwrap_or_default()
        )?;
        return Ok(Exit::BelowThreshold);
    }
    Ok(Exit::Success)
}
