//! One CSV row per student and position, then one per entry of the class folder not graded.
//!
//! Cells a spreadsheet would run as formulas are written as text (see [`escape::csv_cell`]).

use crate::class::{ClassReport, GradeError};
use crate::intake::escape::csv_cell;

pub fn render(report: &ClassReport) -> Result<String, GradeError> {
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
    ];
    writer.write_record(header).map_err(failed)?;
    for student in &report.students {
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
        ];
        writer.write_record(cells.map(csv_cell)).map_err(failed)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| GradeError::Usage(format!("cannot write the CSV report: {error}")))?;
    String::from_utf8(bytes)
        .map_err(|error| GradeError::Usage(format!("cannot write the CSV report: {error}")))
}
