//! Grades back into the learning platform: Moodle's grading worksheet, Canvas's gradebook,
//! and feedback files.
//!
//! A worksheet is filled in place: only the grade (and, for Moodle, the feedback) cells of
//! matched rows change; every other byte of the file is written back as it was read, so the
//! platform imports it as its own.

pub mod canvas;
pub mod feedback;
pub mod moodle;
mod sheet;

use crate::class::{ClassReport, GradeError, StudentReport, Verdict};
use std::path::PathBuf;

/// Which platform's sheet to fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lms {
    Moodle,
    Canvas,
}

/// A sheet to fill, as asked on the command line.
#[derive(Clone, Debug)]
pub struct Target {
    pub lms: Lms,
    pub worksheet: PathBuf,
    /// Canvas: the assignment's column.
    pub column: Option<String>,
}

/// The filled sheet, and what could not be matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filled {
    pub bytes: Vec<u8>,
    pub matched: usize,
    pub warnings: Vec<String>,
}

/// Fills the target's sheet with the report's scores.
pub fn fill(report: &ClassReport, target: &Target) -> Result<Filled, GradeError> {
    let path = target.worksheet.display().to_string();
    let bytes = std::fs::read(&target.worksheet).map_err(|error| GradeError::Sheet {
        path: path.clone(),
        message: format!("cannot read the worksheet: {error}"),
    })?;
    let filled = match target.lms {
        Lms::Moodle => moodle::fill(&bytes, report),
        Lms::Canvas => canvas::fill(&bytes, report, target.column.as_deref()),
    };
    filled.map_err(|message| GradeError::Sheet { path, message })
}

/// A student's score scaled to a maximum grade, written as the sheet writes numbers (two
/// decimals, with the sheet's own decimal separator).
fn scaled(student: &StudentReport, maximum: f64, comma: bool) -> String {
    let grade = if student.max_score == 0 {
        0.0
    } else {
        student.score as f64 / student.max_score as f64 * maximum
    };
    let text = format!("{grade:.2}");
    if comma {
        text.replace('.', ",")
    } else {
        text
    }
}

/// A number as a sheet writes it: `10.00`, `10,00`, `1,000.00`.
fn number(text: &str) -> Option<(f64, bool)> {
    let text = text.trim();
    let comma = text.contains(',') && !text.contains('.');
    let cleaned = if comma {
        text.replace(',', ".")
    } else {
        text.replace(',', "")
    };
    cleaned
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .map(|n| (n, comma))
}

/// The feedback comment: the score, then each lost point in a few words.
pub fn summary(student: &StudentReport) -> String {
    let mut text = format!(
        "minimax: {} of {} positions answered optimally.",
        student.score, student.max_score
    );
    // A failed build is one reason for every lost point: it is said once.
    if let Some(build) = student.results.iter().find(|r| r.verdict == Verdict::BuildFailed) {
        text.push_str(&format!(" Build failed: {}.", build.detail));
    } else {
        let lost: Vec<String> = student
            .results
            .iter()
            .filter(|r| !r.verdict.scores())
            .map(|r| {
                let mut said = format!("{}: {}", r.position, r.verdict.name());
                if let Some(answer) = &r.answer {
                    said.push_str(&format!(", answered {answer}"));
                }
                if !r.optimal.is_empty() {
                    said.push_str(&format!(", optimal {}", r.optimal.join(" or ")));
                }
                if r.verdict != Verdict::Suboptimal && !r.detail.is_empty() {
                    let detail: String = r.detail.chars().take(100).collect();
                    said.push_str(&format!(" ({detail})"));
                }
                said
            })
            .collect();
        if !lost.is_empty() {
            text.push_str(&format!(" Lost: {}.", lost.join("; ")));
        }
    }
    for note in &student.notes {
        text.push_str(&format!(" Note: {note}."));
    }
    let text = crate::intake::escape::escape_text(&text);
    match text.char_indices().nth(1500) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_the_sheets_decimal_separator() {
        assert_eq!(number("10.00"), Some((10.0, false)));
        assert_eq!(number("10,00"), Some((10.0, true)));
        assert_eq!(number("1,000.50"), Some((1000.5, false)));
        assert_eq!(number(""), None);
        assert_eq!(number("NaN"), None);
    }
}
