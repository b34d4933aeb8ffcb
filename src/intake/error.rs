//! Why a class cannot be read at all (the folder, archive or mailbox given), each reason
//! with the facts it is said with; a student's files that do not read are that student's
//! failure instead (`gather.rs`).

use super::unpack::UnpackError;
use super::Layout;
use std::io;
use std::path::PathBuf;

/// Why the class cannot be read at all: the grader's error, not a student's.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", .path.display())]
pub struct IntakeError {
    /// The folder, archive or mailbox given.
    pub(crate) path: PathBuf,
    /// What is wrong with it.
    #[source]
    pub(crate) problem: IntakeProblem,
}

/// What is wrong with the class given.
#[derive(Debug, thiserror::Error)]
pub(crate) enum IntakeProblem {
    #[error("no such folder or archive")]
    Missing,
    #[error("not a folder, nor an archive this tool reads (.zip, .tar, .tar.gz, .tgz, .rar, .7z)")]
    NotAnArchive,
    #[error("cannot make a working folder: {0}")]
    WorkingFolder(#[source] io::Error),
    /// The folder the download is unpacked into, inside the working folder, could not be made.
    #[error("{0}")]
    DownloadFolder(#[source] io::Error),
    #[error("{0}")]
    Unpack(#[source] UnpackError),
    #[error("cannot read: {0}")]
    Unreadable(#[source] io::Error),
    #[error("no students in it: expected {}", .expected.describe())]
    NoStudents { expected: Layout },
    #[error("no mail of the practice in it: {mails} mail(s), none with the subject {subject}")]
    NoMailOfThePractice { mails: usize, subject: String },
    #[error("no mail in it")]
    NoMail,
}
