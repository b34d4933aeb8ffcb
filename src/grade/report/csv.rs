//! One CSV row per student and position.

use crate::grade::ClassReport;

pub fn render(report: &ClassReport) -> String {
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
    ];
    let _ = writer.write_record(header);
    for student in &report.students {
        for result in &student.results {
            let _ = writer.write_record([
                student.student.as_str(),
                &result.position,
                result.verdict.name(),
                result.answer.as_deref().unwrap_or(""),
                &result.optimal.join(";"),
                &result.detail,
                &format!("{:.3}", result.seconds),
                &student.score.to_string(),
                &student.max_score.to_string(),
            ]);
        }
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}
