//! Delivering a report: written whole or not at all where asked (or to stdout), the
//! platform's worksheet filled, what was not graded said, and whether anyone scored below
//! `--fail-under`.

use super::lms;
use super::Format;
use crate::class::{ClassReport, GradeError};
use crate::escape::escape_text;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a report goes.
#[derive(Clone, Debug)]
pub(crate) struct Output {
    /// The format it is rendered in.
    pub(crate) format: Format,
    /// A file to write it to, whole or not at all; stdout when `None`.
    pub(crate) out: Option<PathBuf>,
    /// A score below which a student makes the exit status 1.
    pub(crate) fail_under: Option<f64>,
    /// The language of the class page (`--format html`).
    pub(crate) lang: minimax_core::figures::exercise_sheet::Lang,
}

/// What delivering found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Delivered {
    /// Written; nobody below the threshold.
    Written,
    /// Written; some student scored below `--fail-under`.
    BelowThreshold,
}

/// Why a report could not be delivered: the grader's error, exit status 2.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DeliverError {
    #[error(transparent)]
    Grade(#[from] GradeError),
    #[error("cannot write the output: {0}")]
    Output(#[from] std::io::Error),
}

/// Writes the report where asked, then decides the exit status.
pub(crate) fn finish(
    report: &ClassReport,
    args: &Output,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Delivered, DeliverError> {
    let text = super::render(report, args.format, args.lang)?;
    deliver(report, args, text.as_bytes(), stdout, stderr)
}

/// Writes the report where asked, then decides the exit status.
fn deliver(
    report: &ClassReport,
    args: &Output,
    bytes: &[u8],
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Delivered, DeliverError> {
    match &args.out {
        Some(path) => {
            write_atomically(path, bytes).map_err(|error| GradeError::Write {
                path: path.display().to_string(),
                error,
            })?;
            writeln!(
                stderr,
                "minimax: report written to {}: {}",
                path.display(),
                escape_text(&scores(report))
            )?;
            // The report in the file has no room for the walls it was graded in: the log says.
            if let Some(sandbox) = &report.sandbox {
                writeln!(stderr, "minimax: {}", sandbox.summary())?;
            }
        }
        None => stdout.write_all(bytes)?,
    }
    for skipped in &report.not_graded {
        writeln!(
            stderr,
            "minimax: not graded: {}: {}",
            skipped.entry, skipped.reason
        )?;
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
                // The grade: the course rubric's points when it has one, else the positions.
                .filter(|s| s.rubric.as_ref().map_or(s.score as f64, |r| r.total) < threshold)
                .count()
        })
        .unwrap_or(0);
    if below > 0 {
        writeln!(
            stderr,
            "minimax: {below} student(s) scored below {}",
            args.fail_under.unwrap_or_default()
        )?;
        return Ok(Delivered::BelowThreshold);
    }
    Ok(Delivered::Written)
}

/// Most students whose scores are listed one by one when a report goes to a file.
const LISTED: usize = 12;

/// The scores in a line: each student's in a small class, a summary in a large one; the
/// course rubric's points when it has one.
fn scores(report: &ClassReport) -> String {
    let students = &report.students;
    if students.len() <= LISTED {
        let each: Vec<String> = students
            .iter()
            .map(|s| match &s.rubric {
                Some(rubric) => format!("{} {}", s.student, rubric.fraction()),
                None => format!("{} {}/{}", s.student, s.score, s.max_score),
            })
            .collect();
        return each.join(", ");
    }
    let full = students
        .iter()
        .filter(|s| match &s.rubric {
            Some(r) => r.total >= r.max - 1e-9,
            None => s.score == s.max_score,
        })
        .count();
    let zero = students
        .iter()
        .filter(|s| s.rubric.as_ref().map_or(s.score == 0, |r| r.total <= 0.0))
        .count();
    let mean = students
        .iter()
        .map(|s| match &s.rubric {
            Some(_) => s.fraction(),
            None => s.score as f64 / s.max_score.max(1) as f64,
        })
        .sum::<f64>()
        / students.len() as f64;
    format!(
        "{} students, {full} with every point, {zero} with none, {:.0}% of the points on average",
        students.len(),
        mean * 100.0
    )
}

/// `--format moodle|canvas`: the instructor's own sheet, filled, then what did not match.
pub(crate) fn finish_lms(
    report: &ClassReport,
    target: &lms::Target,
    args: &Output,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Delivered, DeliverError> {
    let filled = lms::fill(report, target)?;
    for warning in &filled.warnings {
        writeln!(stderr, "minimax: warning: {}", escape_text(warning))?;
    }
    writeln!(
        stderr,
        "minimax: {} filled for {} of {} students",
        target.worksheet.display(),
        filled.matched,
        report.students.len()
    )?;
    deliver(report, args, &filled.bytes, stdout, stderr)
}

/// Writes `path` whole or not at all: a temporary file beside it, then a rename. A link at
/// `path` is replaced, never followed; a FIFO there is replaced, never opened.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return Err(std::io::Error::other("it is a folder"));
    }
    let mut file = tempfile::Builder::new()
        .prefix(".minimax-report-")
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}
