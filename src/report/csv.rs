//! One CSV row per student and position, then one per entry of the class folder not graded.
//!
//! Cells a spreadsheet would run as formulas are written as text (see [`escape::csv_cell`]).

use crate::class::{ClassReport, GradeError};
use crate::intake::escape::csv_cell;

pub(crate) fn render(report: &ClassReport) -> Result<String, GradeError> {
    let failed = |error: csv::Error| GradeError::Usage(format!("cannot write the CSV report: {error}"));
    let mut writer = csv::Writer::from_writer(Vec::new());
    let header = [
        "student",
        "position",
        "verdict",
        "answer",
        "optimal",
        "detail",
        "seconds",
        "score",
        "max_score",
        "id",
        "late",
        "late_penalty",
    ];
    writer.write_record(header).map_err(failed)?;
    for student in &report.students {
        let late = student.late.as_ref().map_or(String::new(), |l| l.status.clone());
        let penalty = student
            .late
            .as_ref()
            .map_or(String::new(), |l| format!("{}", l.penalty));
        for result in &student.results {
            let cells = [
                student.student.as_str(),
                &result.position,
                result.verdict.name(),
                result.answer.as_deref().unwrap_or(""),
                &result.optimal.join(";"),
                &result.detail,
                &format!("{:.3}", result.seconds),
                &student.score.to_string(),
                &student.max_score.to_string(),
                student.id.as_deref().unwrap_or(""),
                &late,
                &penalty,
            ];
            writer.write_record(cells.map(csv_cell)).map_err(failed)?;
        }
        // The course file's hand-in rules and rubric (--course): a row each, after the positions.
        let course_rows = student
            .handin
            .iter()
            .map(|check| {
                let verdict = if check.passed { "passed" } else { "failed" };
                (
                    format!("hand-in: {}", check.rule),
                    verdict,
                    check.found.clone().unwrap_or_default(),
                )
            })
            .chain(
                student
                    .rubric
                    .iter()
                    .map(|r| ("rubric".to_string(), "grade", r.describe())),
            );
        for (position, verdict, detail) in course_rows {
            let (score, max) = match &student.rubric {
                Some(rubric) => (rubric.total.to_string(), rubric.max.to_string()),
                None => (student.score.to_string(), student.max_score.to_string()),
            };
            let cells = [
                student.student.as_str(),
                &position,
                verdict,
                "",
                "",
                &detail,
                "",
                &score,
                &max,
                student.id.as_deref().unwrap_or(""),
                &late,
                &penalty,
            ];
            writer.write_record(cells.map(csv_cell)).map_err(failed)?;
        }
    }
    for skipped in &report.not_graded {
        let cells = [
            skipped.entry.as_str(),
            "",
            "not-graded",
            "",
            "",
            &skipped.reason,
            "",
            "",
            "",
            "",
            "",
            "",
        ];
        writer.write_record(cells.map(csv_cell)).map_err(failed)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| GradeError::Usage(format!("cannot write the CSV report: {error}")))?;
    String::from_utf8(bytes)
        .map_err(|error| GradeError::Usage(format!("cannot write the CSV report: {error}")))
}
