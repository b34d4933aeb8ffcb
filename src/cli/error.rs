//! How a command ends: its exit and its errors. A file of its own so that the subcommands and
//! the dispatcher above them share it without a circle.

use crate::class::course::apply::RubricError;
use crate::class::course::CourseError;
use crate::class::grading::GradingError;
use crate::class::GradeError;
use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use std::io;

/// How a successful run ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// A move was printed, or a report written.
    Success,
    /// The position is finished: there is no move to print.
    GameOver,
    /// A student scored below `--fail-under`.
    BelowThreshold,
    /// Grading was stopped by this signal; the report holds what finished.
    Interrupted(i32),
}

impl Exit {
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::GameOver | Exit::BelowThreshold => 1,
            Exit::Interrupted(signal) => u8::try_from(128 + signal).unwrap_or(130),
        }
    }
}

impl From<crate::report::deliver::Delivered> for Exit {
    fn from(delivered: crate::report::deliver::Delivered) -> Exit {
        match delivered {
            crate::report::deliver::Delivered::Written => Exit::Success,
            crate::report::deliver::Delivered::BelowThreshold => Exit::BelowThreshold,
        }
    }
}

impl From<crate::report::deliver::DeliverError> for Error {
    fn from(error: crate::report::deliver::DeliverError) -> Error {
        match error {
            crate::report::deliver::DeliverError::Grade(error) => Error::Grade(error),
            crate::report::deliver::DeliverError::Output(error) => Error::Output(error),
        }
    }
}

/// Why a run failed; each of these ends with exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Invalid(#[from] Report),
    #[error(transparent)]
    Grade(#[from] GradeError),
    /// The course file cannot be read or used, or the roster given beside it.
    #[error(transparent)]
    Course(#[from] CourseError),
    /// The course's rubric cannot grade what was asked.
    #[error(transparent)]
    Rubric(#[from] RubricError),
    /// Grading cannot start with what was asked.
    #[error(transparent)]
    Grading(#[from] GradingError),
    /// Arguments that parse but do not make sense together, or a limit exceeded.
    #[error("{0}")]
    Usage(String),
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteFile {
        path: std::path::PathBuf,
        source: io::Error,
    },
}
