//! `--submissions MAILBOX`: the options a mailbox is read with (`--subject`, `--deadline`, the
//! roster), and `--feedback-mail`'s reply drafts.

use super::Error;
use crate::class::course::Course;
use crate::intake::mail::{self, subject::Pattern, MailOptions};
use clap::Args;
use std::path::{Path, PathBuf};

/// Hand-ins by e-mail.
#[derive(Debug, Default, Args)]
pub(crate) struct MailArgs {
    /// With a mailbox as --submissions: the practice's subject (default: the course file's
    /// `subject`), matched with case, accents, spaces, RE:/RV:/Fwd: and [tags] aside; other
    /// mails are listed, not graded.
    #[arg(long, value_name = "PATTERN")]
    pub(crate) subject: Option<String>,
    /// When the practice was due, with its zone (2016-03-23 23:59:59 -06:00; default: the
    /// course file's `deadline`): a mail dated after it is late.
    #[arg(long, value_name = "TIME")]
    pub(crate) deadline: Option<String>,
}

/// How `submissions` is read when it is a mailbox (nothing is read otherwise): the subject,
/// the deadline and the instructor from the flags or the course file, the roster from
/// `roster` (or Moodle's worksheet, which has each participant's address).
pub(crate) fn options(
    args: &MailArgs,
    lang: Option<minimax_core::figures::exercise_sheet::Lang>,
    course: Option<&Course>,
    roster: Option<&Path>,
    submissions: Option<&Path>,
) -> Result<MailOptions, Error> {
    if submissions.and_then(mail::recognise).is_none() {
        // The course file's keys may serve a term of downloads and mailboxes; the flags are
        // asked for this class, which is not a mailbox: a mistake worth saying.
        let given = [
            ("--subject", args.subject.is_some()),
            ("--deadline", args.deadline.is_some()),
        ];
        if let Some((flag, _)) = given.iter().find(|(_, given)| *given) {
            return Err(Error::MailFlagWithoutMailbox { flag });
        }
        return Ok(MailOptions::default());
    }
    let subject = args
        .subject
        .clone()
        .or_else(|| course.and_then(|c| c.subject.clone()));
    let subject = match subject {
        Some(written) => Some(Pattern::new(&written).ok_or_else(|| Error::SubjectMatchesAll {
            given: written.clone(),
        })?),
        None => None,
    };
    let deadline = match args
        .deadline
        .clone()
        .or_else(|| course.and_then(|c| c.deadline.clone()))
    {
        Some(given) => Some(mail::when::deadline(&given).map_err(Error::Deadline)?),
        None => None,
    };
    let roster = roster
        .map(|path| mail::roster::read(path).map_err(Error::MailRoster))
        .transpose()?;
    Ok(MailOptions {
        subject,
        deadline,
        roster,
        instructor: course
            .and_then(|c| c.instructor.clone())
            .map(|a| a.to_lowercase()),
        say: mail::words::Say(lang),
        answers_in_body: false,
    })
}

/// The roster a mailbox is read with: `--roster`, else Moodle's worksheet.
pub(crate) fn roster_file<'a>(
    roster: Option<&'a PathBuf>,
    worksheet: Option<&'a PathBuf>,
) -> Option<&'a Path> {
    roster.or(worksheet).map(PathBuf::as_path)
}
