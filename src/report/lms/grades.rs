//! What filling a platform's sheet shares between Moodle and Canvas: the grade as the sheet
//! writes numbers, the feedback comment, the result of a fill.

use super::late::late_words;
use super::phrases::Phrases;
use crate::class::{ClassReport, StudentReport, Verdict};

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
    let grade = match &student.rubric {
        // The rubric's points are the platform's: written as they are, never above its maximum.
        Some(rubric) if rubric.as_points => rubric.total.min(maximum),
        _ => student.fraction() * maximum,
    };
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

/// The feedback comment: the grade (the rubric's total when there is one), the positions,
/// each lost point in a few words, lateness and the notes; in the course's language.
pub(crate) fn summary(report: &ClassReport, student: &StudentReport) -> String {
    let say = Phrases::of(report);
    let mut text = String::from("minimax: ");
    if let Some(rubric) = &student.rubric {
        text.push_str(&say.grade(&rubric.describe_with(&|part| say.part(part))));
        text.push(' ');
    }
    text.push_str(&say.tally(report, student));
    // A failed build is one reason for every lost point: it is said once.
    if let Some(build) = student.results.iter().find(|r| r.verdict == Verdict::BuildFailed) {
        text.push_str(&format!(" {}: {}.", say.build_failed_sentence(), build.detail));
    } else {
        let lost: Vec<String> = student
            .results
            .iter()
            .filter(|r| !r.verdict.scores() && !report.withholds(r))
            .map(|r| {
                let mut said = format!("{}: {}", r.position, say.verdict(r.verdict));
                if let Some(answer) = &r.answer {
                    said.push_str(&format!(", {} {answer}", say.answered_word()));
                }
                if !r.optimal.is_empty() {
                    said.push_str(&format!(", {} {}", say.optimal_word(), r.optimal.join(say.or())));
                }
                if r.verdict != Verdict::Suboptimal && !r.detail.is_empty() {
                    let detail: String = r.detail.chars().take(100).collect();
                    said.push_str(&format!(" ({detail})"));
                }
                said
            })
            .collect();
        if !lost.is_empty() {
            text.push_str(&format!(" {}: {}.", say.lost(), lost.join("; ")));
        }
    }
    text.push_str(&late_words(student, say.lang));
    // The rubric's note is the comment's first sentence already.
    let grade_note = format!("{}: ", say.grade_word());
    for note in &student.notes {
        if student.rubric.is_some() && note.starts_with(&grade_note) {
            continue;
        }
        text.push_str(&format!(" {}: {note}.", say.note()));
    }
    let text = crate::escape::escape_text(&text);
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
