//! Writing a [`ClassReport`] for people (`table`) and for platforms (JSON, CSV, JUnit, Gradescope).

mod csv;
mod gradescope;
mod junit;
mod table;

use super::{ClassReport, GradeError};

/// A report format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One row per student, a mark per position, then the details of every lost point.
    #[default]
    Table,
    /// Everything, for other programs.
    Json,
    /// One row per student and position.
    Csv,
    /// JUnit XML: a test suite per student, a test case per position (GitLab, Jenkins).
    Junit,
    /// Gradescope's results.json, for one student's submission.
    Gradescope,
    /// Moodle's grading worksheet (--worksheet), filled with grades and feedback.
    Moodle,
    /// Canvas's gradebook export (--worksheet), filled in the assignment's column.
    Canvas,
}

/// The report in `format`.
pub fn render(report: &ClassReport, format: Format) -> Result<String, GradeError> {
    Ok(match format {
        Format::Table => table::render(report),
        Format::Json => {
            let mut text = serde_json::to_string_pretty(report).expect("reports always serialise");
            text.push('\n');
            text
        }
        Format::Csv => csv::render(report)?,
        Format::Junit => junit::render(report)?,
        Format::Gradescope => gradescope::render(report)?,
        Format::Moodle | Format::Canvas => {
            return Err(GradeError::Usage(
                "--format moodle and --format canvas fill the platform's own sheet: give it with --worksheet FILE (grade only)".to_string(),
            ))
        }
    })
}
