//! Errors of the grader itself (not of the students): these stop it with exit status 2.

use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    #[error("{path}: {message}")]
    Sheet { path: String, message: String },
    #[error("{path}, line {line}: {message}")]
    SheetLine {
        path: String,
        line: u64,
        message: String,
    },
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\nminimax: "))]
    Several(Vec<GradeError>),
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Position(#[from] Report),
    #[error(transparent)]
    Exercise(#[from] minimax_core::exercises::ExerciseError),
    #[error("{}: {message}", .path.display())]
    Folder { path: PathBuf, message: String },
    #[error("{0}")]
    Usage(String),
    /// A failure that would hit every student alike: the grader's set-up, never their grade.
    #[error("nobody was graded: {0}")]
    Setup(String),
    #[error(transparent)]
    Intake(#[from] crate::intake::IntakeError),
    #[error(transparent)]
    Sandbox(#[from] minimax_sandbox::SandboxError),
    #[error(transparent)]
    Previous(#[from] super::regrade::PreviousError),
    #[error(transparent)]
    Secret(#[from] super::variants::SecretError),
    #[error("cannot write {path}: {error}")]
    Write { path: String, error: std::io::Error },
}
