//! What reading a mailbox finds: the students its mails make, where each graded mail came
//! from, the mails that are not hand-ins and why, and the limits a mail is read under.

use super::roster::Enrolled;
use super::{subject, words};
use std::path::PathBuf;

/// The most bytes of one mail read: a class's hand-in is far smaller; past it, a note.
pub(crate) const MAIL_BYTES: usize = 64 << 20;

/// The most MIME parts of one mail (a MIME bomb's hundred thousand stop here).
pub(crate) const MAIL_PARTS: usize = 1000;

/// What reading a mailbox needs besides the box.
#[derive(Clone, Debug, Default)]
pub(crate) struct MailOptions {
    /// The practice's subject (`--subject`, the course's `subject`).
    pub(crate) subject: Option<subject::Pattern>,
    /// The deadline (Unix time) and the zone it was written in.
    pub(crate) deadline: Option<(i64, i64)>,
    pub(crate) roster: Option<Vec<Enrolled>>,
    /// The instructor's address: their own mails (the assignment) are not hand-ins.
    pub(crate) instructor: Option<String>,
    /// The language of the notes students read.
    pub(crate) say: words::Say,
    /// `check`: a mail's text is a hand-in too (the answers written in it), saved as
    /// [`BODY_FILE`] when the mail attaches no text file.
    pub(crate) answers_in_body: bool,
}

/// The name a mail's text is saved under when its answers are in it.
pub(crate) const BODY_FILE: &str = "mail-body.txt";

/// The most of a mail's text kept as answers: a sheet's answers are a few lines.
pub(crate) const BODY_BYTES: usize = 64 << 10;

/// The forms of mailbox read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    Mbox,
    Maildir,
    EmlFolder,
}

/// A student as their mails make them: what the intake turns into a student's folder.
#[derive(Debug, Default)]
pub(crate) struct Sender {
    pub(crate) name: String,
    pub(crate) id: Option<String>,
    /// The graded mail's attachments, saved: (path, decoded name).
    pub(crate) files: Vec<(PathBuf, String)>,
    pub(crate) notes: Vec<String>,
    /// Why nothing can be graded (a link instead of an attachment).
    pub(crate) failure: Option<String>,
    /// How late, said in the students' language, and by how many seconds.
    pub(crate) late: Option<(String, u64)>,
    pub(crate) origin: Option<Origin>,
}

/// A mail that is not a hand-in: its label in the box and why.
pub(crate) type Skipped = (String, String);

/// Where a graded mail came from: what a reply needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) address: String,
    pub(crate) display: Option<String>,
    pub(crate) message_id: Option<String>,
    pub(crate) subject: String,
}

/// Why a mail is not graded: its reason in the list of what was not graded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NotAHandIn {
    /// `who` names the sender as the headers say, when the size is known before reading.
    #[error(
        "{}{} MiB, over the {} MiB a mail may have; not read",
        .who.as_deref().map_or(String::new(), |who| format!("{who}: ")),
        .size >> 20,
        MAIL_BYTES >> 20
    )]
    TooBig { who: Option<String>, size: u64 },
    #[error("cannot be read: {0}")]
    Unreadable(#[source] std::io::Error),
    #[error("not a mail: it has no headers")]
    NoHeaders,
    #[error("no sender (From)")]
    NoSender,
    #[error("from {address}, subject \"{subject}\": not the practice's subject ({pattern})")]
    OtherSubject {
        address: String,
        subject: String,
        pattern: String,
    },
    #[error("from {address}, the instructor: not a hand-in")]
    Instructor { address: String },
    /// `about` when the parts were counted by their boundary lines, before parsing.
    #[error("from {address}: {}{parts} MIME parts, over the {MAIL_PARTS} a mail may have; not read", if *.about { "about " } else { "" })]
    TooManyParts {
        address: String,
        parts: usize,
        about: bool,
    },
    /// `what` is what could not be saved: "its attachments", a file's name, "its text".
    #[error("the grader could not save {what}: {error}")]
    NotSaved {
        what: String,
        #[source]
        error: std::io::Error,
    },
    #[error("from {address}, an address the roster gives to {}; the sender's name ({display}) says which of them it is not: give each student an address of their own in the roster", .names.join(" and "))]
    SharedAddress {
        address: String,
        names: Vec<String>,
        display: String,
    },
}
