//! One CSV row per student and position, then one per entry of the class folder not graded.
//!
//! Cells a spreadsheet would run as formulas are written as text (see [`escape::csv_cell`]).

use crate::class::{ClassReport, GradeError, StudentReport};
use crate::escape::csv_cell;

/// The columns, in order.
const HEADER: [&str; 12] = [
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

/// A row's cells, in [`HEADER`]'s order.
type Row = [String; 12];

pub(crate) fn render(report: &ClassReport) -> Result<String, GradeError> {
    let failed = |error: csv::Error| report_write(Box::new(error));
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(HEADER).map_err(failed)?;
    let not_graded = report.not_graded.iter().map(|skipped| {
        let mut row = Row::default();
        row[0] = skipped.entry.clone();
        row[2] = "not-graded".to_string();
        row[5] = skipped.reason.clone();
        row
    });
    for row in report.students.iter().flat_map(student_rows).chain(not_graded) {
        writer
            .write_record(row.iter().map(|cell| csv_cell(cell)))
            .map_err(failed)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| report_write(Box::new(error)))?;
    String::from_utf8(bytes).map_err(|error| report_write(Box::new(error)))
}

fn report_write(source: Box<dyn std::error::Error + Send + Sync>) -> GradeError {
    GradeError::ReportWrite {
        format: "CSV",
        source,
    }
}

/// A student's rows: one per position, then the course file's hand-in rules and rubric
/// (--course), a row each.
fn student_rows(student: &StudentReport) -> Vec<Row> {
    let late = student.late.as_ref().map_or(String::new(), |l| l.status.clone());
    let penalty = student
        .late
        .as_ref()
        .map_or(String::new(), |l| format!("{}", l.penalty));
    let id = student.id.clone().unwrap_or_default();
    let mut rows: Vec<Row> = student
        .results
        .iter()
        .map(|result| {
            [
                student.student.clone(),
                result.position.clone(),
                result.verdict.name().to_string(),
                result.answer.clone().unwrap_or_default(),
                result.optimal.join(";"),
                result.detail.clone(),
                format!("{:.3}", result.seconds),
                student.score.to_string(),
                student.max_score.to_string(),
                id.clone(),
                late.clone(),
                penalty.clone(),
            ]
        })
        .collect();
    let course_rows = student
        .handin
        .iter()
        .map(|check| {
            let verdict = if check.passed { "passed" } else { "failed" };
            (
                format!("{}: {}", check.part, check.rule),
                verdict,
                check.found.clone().unwrap_or_default(),
            )
        })
        .chain(student.rubric.iter().flat_map(|r| {
            r.parts
                .iter()
                .map(|part| (format!("rubric: {}", part.part), "points", part.shown()))
                .chain([("rubric".to_string(), "grade", r.describe())])
        }));
    let (score, max) = match &student.rubric {
        Some(rubric) => (rubric.total.to_string(), rubric.max.to_string()),
        None => (student.score.to_string(), student.max_score.to_string()),
    };
    for (position, verdict, detail) in course_rows {
        rows.push([
            student.student.clone(),
            position,
            verdict.to_string(),
            String::new(),
            String::new(),
            detail,
            String::new(),
            score.clone(),
            max.clone(),
            id.clone(),
            late.clone(),
            penalty.clone(),
        ]);
    }
    rows
}
