//! How a command ends: its exit and its errors. A file of its own so that the subcommands and
//! the dispatcher above them share it without a circle.

use crate::class::course::apply::RubricError;
use crate::class::course::CourseError;
use crate::class::grading::GradingError;
use crate::class::GradeError;
use minimax_core::games::connect4::book::BookError;
use minimax_core::games::connect4::generation::GenerateError;
use minimax_core::games::mnk::ShapeError;
use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use minimax_core::search::solver::OutOfTime;
use std::io;
use std::path::PathBuf;

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
    #[error(transparent)]
    Similar(#[from] crate::class::similar::SimilarError),
    /// `--size`, `--k` and `--gravity` that make no board.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A search stopped by its clock where an answer was needed.
    #[error(transparent)]
    OutOfTime(#[from] OutOfTime),
    #[error(transparent)]
    BookGeneration(#[from] GenerateError),
    #[error("cannot read the book {}: {source}", path.display())]
    BookUnreadable { path: PathBuf, source: io::Error },
    #[error("{}: {source}; make one with `minimax book generate`, or say --book none", path.display())]
    BookInvalid { path: PathBuf, source: BookError },
    #[error("an opening book is for boards where pieces fall, of at most 56 cells with a spare row ({board} is not): use --game connect4 or --gravity")]
    BookBoard { board: String },
    /// A stopped book run's scores, cut other than at its last line.
    #[error("{}, line {line}: not `KEY SCORE` ({text:?}); delete the file to start again", path.display())]
    BookProgress {
        path: PathBuf,
        line: usize,
        text: String,
    },
    #[error("cannot read {}: {source}", path.display())]
    ReadFile { path: PathBuf, source: io::Error },
    /// `generate tree` asked for a tree that cannot be made.
    #[error("{message}")]
    TreeSpec { message: String },
    #[error("the generated tree did not read back")]
    TreeReadBack,
    /// The algorithm asked for does not search this tree.
    #[error("{name}: {message}")]
    TreeAlgorithm { name: String, message: String },
    #[error("--empty {fewest}..{most}: a position with a move to make has 1 to {most_empty} empty cells")]
    EmptyRange { fewest: u32, most: u32, most_empty: u32 },
    #[error("say how many tokens: minimax play nim N")]
    NoTokens,
    #[error("--take needs at least one positive amount")]
    NoTake,
    #[error("the solver is for boards; Nim is searched with alphabeta or minimax")]
    SolverOnNim,
    #[error("{tokens} tokens are too many to search exactly (the limit is {limit}); {advice}")]
    TooManyTokens { tokens: u32, limit: u32, advice: String },
    /// The solver's JSON not read back: a bug of this tool, never the user's.
    #[error("internal: the answer's JSON does not read back: {0}")]
    JsonReadBack(serde_json::Error),
    #[error("internal: the answer's JSON: {0}")]
    JsonWrite(serde_json::Error),
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteFile { path: PathBuf, source: io::Error },
}
