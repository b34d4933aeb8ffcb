//! How a command ends: its exit and its errors. A file of its own so that the subcommands and
//! the dispatcher above them share it without a circle.

use crate::class::course::apply::RubricError;
use crate::class::course::CourseError;
use crate::class::grading::GradingError;
use crate::class::GradeError;
use minimax_core::exercises::trees::TreeSpecError;
use minimax_core::games::connect4::book::BookError;
use minimax_core::games::connect4::generation::GenerateError;
use minimax_core::games::mnk::ShapeError;
use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use minimax_core::search::solver::OutOfTime;
use minimax_core::tree::solve::TreeSearchError;
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
    #[error("{source}")]
    TreeSpec {
        #[source]
        source: TreeSpecError,
    },
    #[error("the generated tree did not read back")]
    TreeReadBack,
    /// The algorithm asked for does not search this tree.
    #[error("{name}: {source}")]
    TreeAlgorithm {
        name: String,
        #[source]
        source: TreeSearchError,
    },
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
    // `check` and `grade`: arguments that parse but do not make sense, or together.
    #[error("check reads one answer sheet, not {given}: give one CSV, or give --submissions MAILBOX with the positions its mails answer")]
    OneAnswerSheet { given: usize },
    #[error("--timeout must be a number of seconds above 0 and at most {max}, not {given}")]
    Timeout { given: f64, max: f64 },
    #[error("--build-timeout must be a number of seconds above 0 and at most {max}, not {given}")]
    BuildTimeout { given: f64, max: f64 },
    #[error("--jobs must be between 1 and {max}, not {given}")]
    Jobs { given: usize, max: usize },
    #[error("--run is for the stdio harness; the harness {harness} runs its own driver")]
    RunWithOtherHarness { harness: String },
    /// `--harness NAME|DIR` names no harness, or one whose harness.toml does not read.
    #[error(transparent)]
    HarnessUnreadable(#[from] crate::harness::HarnessError),
    #[error("the harness {harness} needs programs this machine does not have: {listed}; install them (apt-get install {packages}) and grade again")]
    HarnessNeeds {
        harness: String,
        listed: String,
        packages: String,
    },
    #[error("--feedback-mail answers the mails of a mailbox, and --submissions is not one (an mbox file, a Maildir or a folder of .eml files); use --feedback-dir for a download")]
    FeedbackMailWithoutMailbox,
    #[error("--roster says which words of the names are surnames for the course file's rules: give --course FILE with it (a mailbox's roster needs no course file)")]
    RosterWithoutCourse,
    #[error("--changed-only fills the rows of a worksheet: use it with --format moodle or canvas and --worksheet FILE")]
    ChangedOnlyWithoutWorksheet,
    #[error("the gradescope format describes one submission, but {} has {students} students: grade one with --student DIR", class.display())]
    GradescopeOneSubmission { class: PathBuf, students: usize },
    /// `--size` (with `--k`, `--gravity`) where hidden positions are drawn.
    #[error("--size: {0}")]
    SampleBoard(ShapeError),
    #[error("--allow {}: no such file or folder; give a path the programs should be able to read", path.display())]
    AllowMissing { path: PathBuf },
    #[error("--user needs a grader running as root; without root the programs already run as you, inside the sandbox")]
    UserWithoutRoot,
    #[error("--user {given}: no such user on this machine; give a user name or a numeric uid")]
    NoSuchUser { given: String },
    #[error("--seed-file {}: {source}", path.display())]
    SeedFileUnreadable { path: PathBuf, source: io::Error },
    #[error("--seed-file {}: holds {text:?}, not a number", path.display())]
    SeedNotANumber { path: PathBuf, text: String },
    #[error("--worksheet {}: no such file; download it from the platform first", path.display())]
    WorksheetMissing { path: PathBuf },
    #[error(
        "--format moodle and --format canvas fill the platform's own sheet: give it with --worksheet FILE"
    )]
    WorksheetNeeded,
    /// `--late-penalty` (or the rubric's `late`) that does not read.
    #[error(transparent)]
    LatePenalty(#[from] crate::report::lms::LatePenaltyError),
    // Mailboxes (`check --submissions`, `grade --submissions`).
    #[error("{flag} reads a mailbox, and --submissions is not one (an mbox file, a Maildir or a folder of .eml files); leave {flag} out for a download")]
    MailFlagWithoutMailbox { flag: &'static str },
    #[error("--subject {given}: no letter or digit outside brackets, so every mail would match; give the practice's subject, as in \"Práctica05[IA 2016-2]\"")]
    SubjectMatchesAll { given: String },
    #[error("--deadline: {0}")]
    Deadline(#[source] crate::intake::mail::when::DeadlineError),
    /// The mailbox's roster does not read (its message names the flag).
    #[error("--{0}")]
    MailRoster(#[source] crate::intake::mail::roster::RosterError),
    #[error("--submissions {}: check reads answers from a mailbox (an mbox file, a Maildir or a folder of .eml files), and this is not one; give a sheet (CSV) without --submissions for collected answers", path.display())]
    NotAMailbox { path: PathBuf },
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteFile { path: PathBuf, source: io::Error },
}
