//! Writing a [`ClassReport`] for people (`table`) and for platforms (JSON, CSV, JUnit, Gradescope).

mod csv;
pub mod deliver;
mod gradescope;
mod junit;
pub mod lms;
pub mod similar;
mod table;

use crate::class::{ClassReport, GradeError};

/// A report format: a table for people, JSON, CSV, JUnit XML and Gradescope's results.json
/// for programs. Moodle's and Canvas's sheets are filled by [`super::lms`], from the
/// platform's own file (the help of each is the command line's, `src/cli/values.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Table,
    Json,
    Csv,
    Junit,
    Gradescope,
    Moodle,
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

/// A fraction as a percentage's number: `0.1` as `10`, `0.125` as `12.5`.
pub fn percent_text(fraction: f64) -> String {
    let value = (fraction * 1000.0).round() / 10.0;
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}
