//! `--format html`: the class at a glance, one self-contained page for the instructor (inline
//! SVG and CSS, a small inline script for the table; opens from disk, prints on A4). It is a
//! view of the [`ClassSummary`] the JSON report carries as `class`.

mod charts;
mod page;
mod words;

use crate::class::summary::ClassSummary;
use crate::class::ClassReport;
use minimax_core::figures::exercise_sheet::Lang;

/// The page of `report`, whose summary is `summary`, in `lang`.
pub(crate) fn render(report: &ClassReport, summary: &ClassSummary, lang: Lang) -> String {
    page::page(report, summary, words::Words::of(lang))
}
