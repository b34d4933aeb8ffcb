//! Errors of the grader itself (not of the students): these stop it with exit status 2.

use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    /// An answer sheet or tree sheet that cannot be graded at all.
    #[error("{path}: {problem}")]
    Sheet {
        path: String,
        #[source]
        problem: SheetProblem,
    },
    /// A line of an answer sheet or tree sheet that cannot be graded.
    #[error("{path}, line {line}: {problem}")]
    SheetLine {
        path: String,
        line: u64,
        #[source]
        problem: LineProblem,
    },
    /// The platform's worksheet (`--worksheet`) that cannot be read.
    #[error("{}: cannot read the worksheet: {source}", .path.display())]
    WorksheetUnreadable { path: PathBuf, source: std::io::Error },
    /// The platform's worksheet that cannot be filled or read for lateness. The worksheet's
    /// own error type is the report's, which this layer (below report) cannot name: it is
    /// kept as the source, said as it says itself.
    #[error("{}: {source}", .path.display())]
    Worksheet {
        path: PathBuf,
        source: Box<dyn std::error::Error + Send + Sync>,
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

/// What makes a whole answer sheet or tree sheet ungradable.
#[derive(Debug, thiserror::Error)]
pub enum SheetProblem {
    #[error("cannot read the answer sheet: {0}")]
    Unreadable(#[source] csv::Error),
    #[error("cannot read the header row: {0}")]
    Header(#[source] csv::Error),
    /// An answer sheet's header row, as written, lacking a column.
    #[error("the header row must name the columns student, position and answer; it is `{header}`")]
    Columns { header: String },
    #[error("a tree sheet names the columns student and tree")]
    TreeColumns,
    #[error("a tree sheet asks for at least one of value, move, pruned and visited")]
    TreeFields,
}

/// What makes one line of a sheet ungradable.
#[derive(Debug, thiserror::Error)]
pub enum LineProblem {
    /// A line the CSV reader refuses.
    #[error("{0}")]
    Record(#[source] csv::Error),
    #[error("the student and position columns must not be empty")]
    EmptyField,
    /// A position field that does not load (a file that is not a position, a bad board).
    #[error("{0}")]
    Position(#[source] Box<GradeError>),
    /// A tree field that does not load.
    #[error("{0}")]
    Tree(#[source] TreeFieldError),
    /// A student answering one position twice; both names escaped as the student wrote them.
    #[error(
        "{} answers {} a second time (first on line {first}); keep one answer per student and position",
        crate::escape::escape_text(.student),
        crate::escape::escape_text(.position)
    )]
    SecondAnswer {
        student: String,
        position: String,
        first: u64,
    },
}

/// Why a tree field of the sheet gives no tree.
#[derive(Debug, thiserror::Error)]
pub enum TreeFieldError {
    #[error("tree `{field}`: cannot read it next to the sheet: {error}")]
    Unreadable {
        field: String,
        #[source]
        error: std::io::Error,
    },
    /// `first` is the first problem the tree's reader found.
    #[error("tree `{name}`: not a tree minimax reads ({first})")]
    NotATree { name: String, first: String },
}
