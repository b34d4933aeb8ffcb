//! Gradescope's autograder `results.json`, for the one submission in the container.

use crate::class::course::words::Say;
use crate::class::{ClassReport, GradeError};
use crate::escape::escape_text;
use serde::Serialize;

#[derive(Serialize)]
struct Results {
    /// Whole positions without a rubric (written as integers, as always), the rubric's points with one.
    score: serde_json::Number,
    max_score: serde_json::Number,
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

pub(crate) fn render(report: &ClassReport) -> Result<String, GradeError> {
    let [student] = report.students.as_slice() else {
        return Err(GradeError::NotOneSubmission {
            students: report.students.len(),
        });
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
                    quoted(&result.output),
                    result.optimal.join(", ")
                ),
                // Positions drawn from the hidden set are shown only after the due date.
                visibility: if hidden { "after_due_date" } else { "visible" },
            }
        })
        .collect();
    // By the course's rubric when it has one (`--course`): its total, the parts in the output.
    let points = |x: f64| serde_json::Number::from_f64(x).unwrap_or_else(|| 0.into());
    let (score, max_score) = match &student.rubric {
        Some(rubric) => (points(rubric.total), points(rubric.max)),
        None => (student.score.into(), student.max_score.into()),
    };
    // The course's lines come from the judged rules and the rubric themselves, never from
    // the notes: a build's notes are there too, and a Makefile may print `grade: 10/10`.
    let say = Say(report
        .lang
        .unwrap_or(minimax_core::figures::exercise_sheet::Lang::En));
    let course_notes: String = student
        .handin
        .iter()
        .filter(|check| !check.passed)
        .map(|check| say.broken(check.part, &check.rule, check.found.as_deref().unwrap_or("?")))
        .chain(
            student
                .rubric
                .iter()
                .map(|r| format!("{}: {}", say.grade(), r.describe_with(&|part| say.part(part)))),
        )
        .map(|note| format!("\n{}", escape_text(&note)))
        .collect();
    let results = Results {
        score,
        max_score,
        execution_time: student.results.iter().map(|r| r.seconds).sum(),
        output: crate::report::lms::phrases::Phrases::of(report).tally(report, student)
            + &crate::report::lms::late_words(student, report.lang)
            + &course_notes,
        tests,
    };
    let mut text = serde_json::to_string_pretty(&results).expect("results always serialise");
    text.push('\n');
    Ok(text)
}

/// The program's output, every line quoted (`> `): nothing it prints reads as the grader's
/// verdict or moves below.
fn quoted(output: &str) -> String {
    output
        .lines()
        .map(|line| format!("> {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
