//! `grade --course FILE`: the course file read before grading, and each student's hand-in
//! judged into the report.

use super::Error;
use crate::class::course::{CourseError, CourseRules};
use crate::class::{Class, ClassReport};
use std::path::Path;

impl From<CourseError> for Error {
    fn from(error: CourseError) -> Error {
        Error::Usage(error.to_string())
    }
}

/// `--course FILE`, read and checked before any student is graded.
pub(crate) fn read(path: &Path) -> Result<CourseRules, Error> {
    Ok(CourseRules::read(path)?)
}

/// Each student's hand-in checks and observations into the report, and a note per broken rule
/// (so that every format and the feedback say it).
pub(crate) fn judge(rules: &CourseRules, class: &Class, report: &mut ClassReport) {
    for (student, entry) in class.students.iter().zip(report.students.iter_mut()) {
        let (checks, observations) = rules.judge(student);
        for check in checks.iter().filter(|c| !c.passed) {
            entry.notes.push(format!(
                "hand-in: {}: found {}",
                check.rule,
                check.found.as_deref().unwrap_or("something else")
            ));
        }
        entry.handin = checks;
        entry.observations = observations;
    }
}
