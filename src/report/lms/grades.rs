//! What filling a platform's sheet shares between Moodle and Canvas: the grade as the sheet
//! writes numbers, the feedback comment, the result of a fill.

use super::late::late_words;
use crate::class::{StudentReport, Verdict};

/// The filled sheet, and what could not be matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Filled {
    pub(crate) bytes: Vec<u8>,
    pub(crate) matched: usize,
    pub(crate) warnings: Vec<String>,
}

/// A student's score scaled to a maximum grade, less any late penalty, written as the sheet
/// writes numbers (two decimals, with the sheet's own decimal separator).
pub(super) fn scaled(student: &StudentReport, maximum: f64, comma: bool) -> String {
    let grade = student.fraction() * maximum;
    let text = format!("{grade:.2}");
    if comma {
        text.replace('.', ",")
    } else {
        text
    }
}

/// A number as a sheet writes it: `10.00`, `10,00`, `1,000.00`.
pub(super) fn number(text: &str) -> Option<(f64, bool)> {
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
pub(crate) fn summary(student: &StudentReport) -> String {
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
    text.push_str(&late_words(student));
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
