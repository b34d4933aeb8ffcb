//! JUnit XML: a test suite per student, a test case per position, read by CI systems. Names
//! show their bidi controls (`\u{202e}`), as every report does.

use crate::class::{ClassReport, GradeError, PositionResult, Verdict};
use crate::escape::visible;
use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};
use std::time::Duration;

pub(crate) fn render(report: &ClassReport) -> Result<String, GradeError> {
    let mut junit = Report::new("minimax");
    for student in &report.students {
        let mut suite = TestSuite::new(visible(&student.student));
        if let Some(late) = &student.late {
            suite.add_property(Property::new("late", late.status.as_str()));
            suite.add_property(Property::new("late_penalty", late.penalty.to_string()));
        }
        for result in &student.results {
            let mut case = TestCase::new(result.position.as_str(), status(result));
            case.set_classname(visible(&student.student));
            case.set_time(Duration::from_secs_f64(result.seconds));
            if !result.output.is_empty() {
                case.set_system_out(result.output.as_str());
            }
            if let Some(stderr) = &result.stderr {
                case.set_system_err(stderr.as_str());
            }
            suite.add_test_case(case);
        }
        // The course file's hand-in rules, a case each, and the rubric's grade (--course).
        for check in &student.handin {
            let status = if check.passed {
                TestCaseStatus::success()
            } else {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_type("hand-in");
                status.set_message(format!(
                    "found {}",
                    check.found.as_deref().unwrap_or("something else")
                ));
                status
            };
            let mut case = TestCase::new(format!("{}: {}", check.part, check.rule), status);
            case.set_classname(visible(&student.student));
            suite.add_test_case(case);
        }
        if let Some(rubric) = &student.rubric {
            suite.add_property(Property::new("grade", rubric.describe()));
        }
        junit.add_test_suite(suite);
    }
    junit.to_string().map_err(|error| GradeError::ReportWrite {
        format: "JUnit",
        source: Box::new(error),
    })
}

fn status(result: &PositionResult) -> TestCaseStatus {
    let kind = match result.verdict {
        Verdict::Optimal | Verdict::Right => return TestCaseStatus::success(),
        Verdict::Skipped => return TestCaseStatus::skipped(),
        // The program itself failed: an error rather than a wrong answer.
        Verdict::Crashed | Verdict::Timeout | Verdict::BuildFailed => NonSuccessKind::Error,
        Verdict::Suboptimal | Verdict::Illegal | Verdict::Unparseable | Verdict::Wrong => {
            NonSuccessKind::Failure
        }
    };
    let mut status = TestCaseStatus::non_success(kind);
    status.set_type(result.verdict.name());
    status.set_message(result.detail.as_str());
    status.set_description(format!(
        "{}: {}\nanswer: {}\noptimal: {}",
        result.verdict.name(),
        result.detail,
        result.answer.as_deref().unwrap_or("(none)"),
        result.optimal.join(", ")
    ));
    status
}
