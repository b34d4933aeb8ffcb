//! Writing a [`ClassReport`] for people (`table`) and for platforms (JSON, CSV, JUnit, Gradescope).

mod csv;
pub(crate) mod deliver;
mod gradescope;
mod html;
mod junit;
pub(crate) mod lms;
pub(crate) mod percent;
pub(crate) mod regrade_words;
pub(crate) mod similar;
mod table;
pub(crate) mod verdict_words;

use crate::class::summary::{self, ClassSummary};
use crate::class::{ClassReport, GradeError};
use minimax_core::figures::exercise_sheet::Lang;
use serde::Serialize;

/// A report format: a table for people, JSON, CSV, JUnit XML and Gradescope's results.json
/// for programs. Moodle's and Canvas's sheets are filled by [`super::lms`], from the
/// platform's own file (the help of each is the command line's, `src/cli/choices.rs`).
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
    Html,
}

/// The JSON report: everything, then the class summary as `class`.
#[derive(Serialize)]
struct WithSummary<'a> {
    #[serde(flatten)]
    report: &'a ClassReport,
    /// `--previous`: what changed, each cause with its words in the course's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    regrade: Option<regrade_words::WordedDiff<'a>>,
    class: &'a ClassSummary,
}

/// The report in `format`; `lang` is the class page's language.
pub fn render(report: &ClassReport, format: Format, lang: Lang) -> Result<String, GradeError> {
    Ok(match format {
        Format::Table => table::render(report),
        Format::Json => {
            let class = summary::summarise(report);
            let mut text = serde_json::to_string_pretty(&WithSummary {
                report,
                regrade: report
                    .regrade
                    .as_ref()
                    .map(|diff| regrade_words::Say(report.lang).json(diff)),
                class: &class,
            })
            .expect("reports always serialise");
            text.push('\n');
            text
        }
        Format::Html => html::render(report, &summary::summarise(report), lang),
        Format::Csv => csv::render(report)?,
        Format::Junit => junit::render(report)?,
        Format::Gradescope => gradescope::render(report)?,
        Format::Moodle | Format::Canvas => return Err(GradeError::WorksheetMissing),
    })
}
