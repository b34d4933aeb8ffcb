//! Gradescope's autograder `results.json`, for the one submission in the container.

use crate::class::{ClassReport, GradeError};
use serde::Serialize;

#[derive(Serialize)]
struct Results {
    score: usize,
    max_score: usize,
    execution_time: f64,
    output: String,
    tests: Vec<Test>,
}

#[derive(Serialize)]
struct Test {
    name: String,
    score: usize,
    max_score: usize,
    status: &'static str,
    output: String,
    visibility: &'static str,
}

pub fn render(report: &ClassReport) -> Result<String, GradeError> {
    let [student] = report.students.as_slice() else {
        return Err(GradeError::Usage(format!(
            "the gradescope format describes one submission, but {} students were graded; Gradescope grades one at a time (minimax grade --student DIR)",
            report.students.len()
        )));
    };
    let tests = student
        .results
        .iter()
        .map(|result| {
            let hidden = report.position(&result.position).is_some_and(|p| p.hidden);
            let board = report
                .position(&result.position)
                .map(|p| p.board.join("\n"))
                .unwrap_or_default();
            Test {
                name: format!("position {}", result.position),
                score: usize::from(result.verdict.scores()),
                max_score: 1,
                status: if result.verdict.scores() {
                    "passed"
                } else {
                    "failed"
                },
                output: format!(
                    "{}: {}\n\nposition:\n{board}\n\nyour output:\n{}\n\noptimal moves: {}",
                    result.verdict.name(),
                    result.detail,
                    result.output,
                    result.optimal.join(", ")
                ),
                // Positions drawn from the hidden set are shown only after the due date.
                visibility: if hidden { "after_due_date" } else { "visible" },
            }
        })
        .collect();
    let results = Results {
        score: student.score,
        max_score: student.max_score,
        execution_time: student.results.iter().map(|r| r.seconds).sum(),
        output: format!(
            "{} of {} positions answered optimally.",
            student.score, student.max_score
        ),
        tests,
    };
    let mut text = serde_json::to_string_pretty(&results).expect("results always serialise");
    text.push('\n');
    Ok(text)
}
