//! A mailbox as a class: the practice's mails of an mbox, a Maildir or a folder of `.eml`
//! files become one student each, as a Moodle download's participants do.
//!
//! Each mail is read alone (the mbox streamed, a mail over [`MAIL_BYTES`] or of more than
//! [`found::MAIL_PARTS`] parts skipped with a note), parsed by `mail-parser` (MIME, RFC 2047 and
//! RFC 2231 names, the character sets mail uses), and its attachments are saved under their
//! decoded names, dated by the mail's Date. Mails whose subject is not the practice's are
//! listed as not graded. Senders are students by the roster (addresses to names), or by their
//! display name when there is none, or by the mail a forward carries. Of a student's mails,
//! the last with an attachment (for `check`, with answers in its text) before the deadline is
//! graded; without one, the last, late by its Date, or by the server's Received when the Date
//! is missing, impossible or more than [`letter::DATE_TOLERANCE`] from it.

mod found;
mod letter;
mod mbox;
mod recognise;
pub(crate) mod roster;
mod sender;
pub(crate) mod subject;
pub(crate) mod when;
pub(crate) mod words;

use super::naming::escape_name;
use found::NotAHandIn;
pub(crate) use found::{Form, MailOptions, Origin, Sender, Skipped, BODY_FILE, MAIL_BYTES};
use letter::{headline, read_letter};
use recognise::plain_files;
pub(crate) use recognise::recognise;
use sender::{choose, who, Mailed};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The mails of a box, one at a time, each with the label notes name it by.
fn each_mail(
    path: &Path,
    form: Form,
    mut visit: impl FnMut(String, Result<Vec<u8>, NotAHandIn>),
) -> std::io::Result<()> {
    match form {
        Form::Mbox => {
            let reader = std::io::BufReader::with_capacity(1 << 16, fs::File::open(path)?);
            for (index, piece) in mbox::Mails::new(reader, MAIL_BYTES).enumerate() {
                let label = format!("mail {}", index + 1);
                match piece? {
                    mbox::Piece::Mail(bytes) => visit(label, Ok(bytes)),
                    mbox::Piece::TooBig { head, size } => {
                        let who = headline(&head);
                        visit(label, Err(NotAHandIn::TooBig { who: Some(who), size }));
                    }
                }
            }
        }
        Form::Maildir | Form::EmlFolder => {
            let files = match form {
                Form::Maildir => [plain_files(&path.join("cur")), plain_files(&path.join("new"))].concat(),
                _ => plain_files(path),
            };
            for file in files {
                let label = escape_name(file.file_name().unwrap_or_default());
                let size = fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
                if size > MAIL_BYTES as u64 {
                    visit(label, Err(NotAHandIn::TooBig { who: None, size }));
                    continue;
                }
                visit(label, fs::read(&file).map_err(NotAHandIn::Unreadable));
            }
        }
    }
    Ok(())
}

/// Reads every mail of the box at `path` into students and what was not graded. Attachments
/// go under `work`.
pub(super) fn survey(
    path: &Path,
    form: Form,
    options: &MailOptions,
    work: &Path,
) -> std::io::Result<(Vec<Sender>, Vec<Skipped>)> {
    let mut students: BTreeMap<String, Mailed> = BTreeMap::new();
    let mut not_graded = Vec::new();
    let mut count = 0usize;
    each_mail(path, form, |label, bytes| {
        count += 1;
        let read = bytes
            .and_then(|bytes| read_letter(&label, &bytes, options, &work.join(format!("mail/{count:06}"))));
        let placed = read.and_then(|letter| {
            let who = who(&letter, options.roster.as_deref(), options.say)?;
            let entry = students.entry(who.key.clone()).or_insert_with(|| Mailed {
                who,
                notes: Vec::new(),
                letters: Vec::new(),
            });
            entry.notes.extend(letter.date_note.clone());
            entry.letters.push(letter);
            Ok(())
        });
        if let Err(reason) = placed {
            not_graded.push((label, reason.to_string()));
        }
    })?;
    let found = students
        .into_values()
        .map(|mailed| choose(mailed, options.deadline, options.say))
        .collect();
    Ok((found, not_graded))
}

#[cfg(test)]
mod tests {
    use super::letter::{forwarded_sender, own_words};
    use mail_parser::MessageParser;

    #[test]
    fn a_mails_own_words_leave_out_what_it_quotes_and_its_signature() {
        let text = "estado1: X 2 3\r\n\r\nOn Wed, 23 Mar 2016, Luis wrote:\r\n> estado1: X 1 1\r\n>> estado3: X 3 3\r\nestado3: X 3 3\r\n-- \r\nAna\r\nestado2: X 1 1";
        assert_eq!(own_words(text), "estado1: X 2 3\n\nestado3: X 3 3");
        // A line ending in "escribió:" that quotes nothing is the student's.
        assert_eq!(
            own_words("Mi hermano escribió:\nestado1: X 2 3"),
            "Mi hermano escribió:\nestado1: X 2 3"
        );
        assert_eq!(own_words("> only quoted\n--\nsig"), "");
    }

    #[test]
    fn a_forwards_original_sender_is_read_from_gmail_thunderbird_and_an_attached_mail() {
        let sender = |raw: &str| forwarded_sender(&MessageParser::default().parse(raw.as_bytes()).unwrap());
        let gmail = "From: JP <jp@hotmail.com>\r\nSubject: Fwd: x\r\n\r\nle reenvío\r\n\r\n---------- Forwarded message ---------\r\nDe: Carlos Medina <Carlos.Medina@ciencias.unam.mx>\r\nDate: mié, 23 mar 2016\r\n";
        assert_eq!(sender(gmail).as_deref(), Some("carlos.medina@ciencias.unam.mx"));
        let thunderbird = "From: JP <jp@hotmail.com>\r\nSubject: Fwd: x\r\n\r\n-------- Forwarded Message --------\r\nSubject: \tx\r\nFrom: \tcarlos@ciencias.unam.mx\r\n";
        assert_eq!(sender(thunderbird).as_deref(), Some("carlos@ciencias.unam.mx"));
        let attached = "From: JP <jp@hotmail.com>\r\nSubject: Fwd: x\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nahí va\r\n--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: Carlos <carlos@ciencias.unam.mx>\r\nSubject: x\r\n\r\nhola\r\n--b--\r\n";
        assert_eq!(sender(attached).as_deref(), Some("carlos@ciencias.unam.mx"));
        assert_eq!(
            sender("From: a@x.mx\r\nSubject: x\r\n\r\nFrom: b@x.mx is not a forward\r\n"),
            None
        );
    }
}
