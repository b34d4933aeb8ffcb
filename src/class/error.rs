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
    /// `--student DIR` that is not a folder.
    #[error("{}: not a folder", .path.display())]
    NotAFolder { path: PathBuf },
    /// `--student DIR` whose real path cannot be found (its name is the student's).
    #[error("{}: {source}", .path.display())]
    FolderUnreadable { path: PathBuf, source: std::io::Error },
    /// A report could not be serialised in its format (`CSV`, `JUnit`).
    #[error("cannot write the {format} report: {source}")]
    ReportWrite {
        format: &'static str,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// Moodle's and Canvas's formats fill the platform's own worksheet, which was not given.
    #[error("--format moodle and --format canvas fill the platform's own sheet: give it with --worksheet FILE (grade only)")]
    WorksheetMissing,
    /// Gradescope's format describes one submission.
    #[error("the gradescope format describes one submission, but {students} students were graded; Gradescope grades one at a time (minimax grade --student DIR)")]
    NotOneSubmission { students: usize },
    /// A position field of an answer sheet that is neither a file nor a board.
    #[error("position `{field}`: no such file next to the sheet, and not a board such as `XX-/-00/---`")]
    NoSuchPosition { field: String },
    /// A failure that would hit every student alike: the grader's set-up, never their grade.
    #[error("nobody was graded: {0}")]
    Setup(#[from] SetupError),
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

/// What would fail every student alike, so that nobody is graded.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// Every student's program needs a program this machine lacks.
    #[error("every student's program needs {program}, which is not installed on this machine; install it (apt-get install {package}) and grade again")]
    ToolchainMissing { program: String, package: String },
    /// Every build failed with the same words. `detail` is the build's own account (its
    /// command's output, cut), free text from elsewhere, so it stays a string.
    #[error("every student's build failed the same way, which points at the grading machine rather than at them: {detail}; no report was written (fix the set-up and grade again)")]
    SameFailureForAll { detail: String },
}
