//! Grades back into the learning platform: Moodle's grading worksheet, Canvas's gradebook,
//! and feedback files.
//!
//! A worksheet is filled in place: only the grade (and, for Moodle, the feedback) cells of
//! matched rows change; every other byte of the file is written back as it was read, so the
//! platform imports it as its own.

pub(crate) mod canvas;
mod error;
pub(crate) mod feedback;
mod grades;
pub(crate) mod late;
pub(crate) mod moodle;
pub(crate) mod phrases;
pub(crate) mod reply;
mod spans;

use crate::class::{ClassReport, GradeError};
pub(crate) use grades::Filled;
pub(crate) use late::{late_words, LatePenalty, LatePenaltyError};
use std::path::PathBuf;

/// Which platform's sheet to fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lms {
    Moodle,
    Canvas,
}

/// A sheet to fill, as asked on the command line.
#[derive(Clone, Debug)]
pub(crate) struct Target {
    pub(crate) lms: Lms,
    pub(crate) worksheet: PathBuf,
    /// Canvas: the assignment's column.
    pub(crate) column: Option<String>,
}

/// Fills the target's sheet with the report's scores.
pub(crate) fn fill(report: &ClassReport, target: &Target) -> Result<Filled, GradeError> {
    let bytes = std::fs::read(&target.worksheet).map_err(|source| GradeError::WorksheetUnreadable {
        path: target.worksheet.clone(),
        source,
    })?;
    let filled = match target.lms {
        Lms::Moodle => moodle::fill(&bytes, report),
        Lms::Canvas => canvas::fill(&bytes, report, target.column.as_deref()),
    };
    filled.map_err(|error| GradeError::Worksheet {
        path: target.worksheet.clone(),
        source: Box::new(error),
    })
}

/// Each participant's Status in Moodle's grading worksheet (participant id → status), read
/// for lateness whatever the report's format.
pub(crate) fn moodle_statuses(
    path: &std::path::Path,
) -> Result<std::collections::HashMap<String, String>, GradeError> {
    let bytes = std::fs::read(path).map_err(|source| GradeError::WorksheetUnreadable {
        path: path.to_path_buf(),
        source,
    })?;
    moodle::statuses(&bytes).map_err(|error| GradeError::Worksheet {
        path: path.to_path_buf(),
        source: Box::new(error),
    })
}
