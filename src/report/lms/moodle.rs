//! Moodle's grading worksheet (Grades → "Download grading worksheet"), filled for re-upload.
//!
//! Rows are matched by participant id (`Participant 1234567`, `Participante1234567`): the
//! number Moodle also puts in every submission folder's name. Headers are read in English,
//! Spanish and Portuguese.

use super::error::WorksheetError;
use super::grades::{number, scaled, summary, Filled};
use super::spans::{self, Field};
use crate::class::{ClassReport, StudentReport};
use std::collections::HashMap;

const IDENTIFIER: [&str; 2] = ["Identifier", "Identificador"];
const FULL_NAME: [&str; 3] = ["Full name", "Nombre completo", "Nome completo"];
const GRADE: [&str; 3] = ["Grade", "Calificación", "Nota"];
const MAXIMUM: [&str; 3] = ["Maximum Grade", "Calificación máxima", "Nota máxima"];
const STATUS: [&str; 2] = ["Status", "Estado"];
const FEEDBACK: [&str; 3] = [
    "Feedback comments",
    "Comentarios de retroalimentación",
    "Comentários de feedback",
];

/// The participant id at the end of an identifier cell.
fn participant(identifier: &str) -> Option<&str> {
    let trimmed = identifier.trim();
    let digits = trimmed.len() - trimmed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    (digits > 0).then(|| &trimmed[trimmed.len() - digits..])
}

/// Each row's Status by participant id; rows without an id or a Status are left out.
pub(crate) fn statuses(bytes: &[u8]) -> Result<HashMap<String, String>, WorksheetError> {
    let records = spans::read(bytes)?;
    let Some((header, rows)) = records.split_first() else {
        return Err(WorksheetError::Empty { what: "worksheet" });
    };
    let id_at = spans::column(header, &IDENTIFIER).ok_or(WorksheetError::NotMoodle {
        column: IDENTIFIER[0],
    })?;
    let Some(status_at) = spans::column(header, &STATUS) else {
        return Ok(HashMap::new());
    };
    Ok(rows
        .iter()
        .filter_map(|row| {
            let id = participant(row.get(id_at)?.value.as_str())?.to_string();
            Some((id, row.get(status_at)?.value.clone()))
        })
        .collect())
}

pub(crate) fn fill(bytes: &[u8], report: &ClassReport) -> Result<Filled, WorksheetError> {
    let records = spans::read(bytes)?;
    let Some((header, rows)) = records.split_first() else {
        return Err(WorksheetError::Empty { what: "worksheet" });
    };
    let need = |names: &[&'static str]| {
        spans::column(header, names).ok_or(WorksheetError::NotMoodle { column: names[0] })
    };
    let (id_at, grade_at) = (need(&IDENTIFIER)?, need(&GRADE)?);
    let name_at = spans::column(header, &FULL_NAME);
    let maximum_at = spans::column(header, &MAXIMUM);
    let feedback_at = spans::column(header, &FEEDBACK);

    let by_id: HashMap<&str, &StudentReport> = report
        .students
        .iter()
        .filter_map(|s| s.id.as_deref().map(|id| (id, s)))
        .collect();
    let by_name: HashMap<&str, &StudentReport> = report
        .students
        .iter()
        .filter(|s| s.id.is_none())
        .map(|s| (s.student.as_str(), s))
        .collect();
    let mut edits: Vec<(&Field, String)> = Vec::new();
    let mut warnings = Vec::new();
    let mut matched: Vec<&str> = Vec::new();
    for row in rows {
        let cell = |at: usize| row.get(at).map_or("", |f| f.value.as_str());
        if row.len() == 1 && cell(0).trim().is_empty() {
            continue;
        }
        let id = participant(cell(id_at));
        let name = name_at.map_or("", cell);
        let student = id
            .and_then(|id| by_id.get(id))
            .or_else(|| by_name.get(name.trim()))
            .copied();
        let Some(student) = student else {
            if id.is_some_and(|id| report.kept.contains(id)) || report.kept.contains(name.trim()) {
                continue;
            }
            warnings.push(format!(
                "{} ({}): no submission graded; the row is left as it was",
                name.trim(),
                cell(id_at).trim()
            ));
            continue;
        };
        let Some(grade) = row.get(grade_at) else {
            warnings.push(format!(
                "{}: the row has no Grade cell; left as it was",
                cell(id_at).trim()
            ));
            continue;
        };
        let (maximum, comma) = maximum_at
            .and_then(|at| number(cell(at)))
            .unwrap_or((student.max_score as f64, false));
        edits.push((grade, scaled(student, maximum, comma)));
        if let Some(feedback) = feedback_at.and_then(|at| row.get(at)) {
            edits.push((feedback, summary(report, student)));
        }
        matched.push(student.student.as_str());
    }
    warnings.extend(unmatched(report, &matched));
    Ok(Filled {
        bytes: spans::replace(bytes, edits),
        matched: matched.len(),
        warnings,
    })
}

/// A warning for each student graded whom no row of the worksheet names.
fn unmatched(report: &ClassReport, matched: &[&str]) -> Vec<String> {
    report
        .students
        .iter()
        .filter(|student| !matched.contains(&student.student.as_str()))
        .map(|student| {
            let id = student
                .id
                .as_deref()
                .map_or(String::new(), |id| format!(" (participant {id})"));
            format!(
                "{}{id}: graded, but no row of the worksheet is theirs",
                student.student
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_in_any_language_give_the_participant_id() {
        assert_eq!(participant("Participant 1234567"), Some("1234567"));
        assert_eq!(participant("Participante1234567"), Some("1234567"));
        assert_eq!(participant("Participant"), None);
    }
}
