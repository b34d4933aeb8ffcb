//! A mailbox as a class: the practice's mails of an mbox, a Maildir or a folder of `.eml`
//! files become one student each, as a Moodle download's participants do.
//!
//! Each mail is read alone (the mbox streamed, a mail over [`MAIL_BYTES`] or of more than
//! [`MAIL_PARTS`] parts skipped with a note), parsed by `mail-parser` (MIME, RFC 2047 and
//! RFC 2231 names, the character sets mail uses), and its attachments are saved under their
//! decoded names, dated by the mail's Date. Mails whose subject is not the practice's are
//! listed as not graded. Senders are students by the roster (addresses to names), or by their
//! display name when there is none, or by the mail a forward carries. Of a student's mails,
//! the last with an attachment (for `check`, with answers in its text) before the deadline is
//! graded; without one, the last, late by its Date, or by the server's Received when the Date
//! is missing, impossible or more than [`DATE_TOLERANCE`] from it.

mod mbox;
pub(crate) mod roster;
pub(crate) mod subject;
pub(crate) mod when;
pub(crate) mod words;

use super::naming::{collation_key, escape_name, file_name};
use mail_parser::{Message, MessageParser, MimeHeaders};
use roster::Enrolled;
use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

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
const BODY_BYTES: usize = 64 << 10;

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

/// Recognises a mailbox by its content: a file opening with an mbox `From ` line, a folder
/// with `cur/` and `new/` (Maildir), or a folder of files whose start reads as mail headers.
pub(crate) fn recognise(path: &Path) -> Option<Form> {
    if path.is_file() {
        return mbox::looks_like_mbox(&start_of(path)).then_some(Form::Mbox);
    }
    if path.join("cur").is_dir() && path.join("new").is_dir() {
        return Some(Form::Maildir);
    }
    let files = plain_files(path);
    let mails = files.iter().filter(|f| looks_like_mail(&start_of(f))).count();
    (!files.is_empty() && mails * 2 > files.len()).then_some(Form::EmlFolder)
}

/// The first 4 KiB of a file.
fn start_of(path: &Path) -> Vec<u8> {
    let mut start = Vec::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = file.take(4096).read_to_end(&mut start);
    }
    start
}

/// Whether bytes open with mail headers (`Name: value` lines holding a From or a Subject).
fn looks_like_mail(start: &[u8]) -> bool {
    let text = String::from_utf8_lossy(start);
    let head = text.split("\n\n").next().unwrap_or_default();
    let first_is_header = head
        .lines()
        .next()
        .and_then(|l| l.split_once(':'))
        .is_some_and(|(name, _)| {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    first_is_header
        && head.lines().any(|l| {
            let lower = l.to_ascii_lowercase();
            lower.starts_with("from:") || lower.starts_with("subject:")
        })
}

/// The plain files of a folder, in name order (links and dot-files left alone).
fn plain_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    files.sort();
    files
}

/// Why a mail is not graded: its reason in the list of what was not graded.
#[derive(Debug, thiserror::Error)]
enum NotAHandIn {
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

/// A too-big mail named by its sender and subject, from its first headers.
fn headline(head: &[u8]) -> String {
    match MessageParser::new().with_minimal_headers().parse_headers(head) {
        Some(message) => format!(
            "from {}, subject \"{}\"",
            message
                .from()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or("?"),
            message.subject().unwrap_or_default()
        ),
        None => "a mail".to_string(),
    }
}

/// One mail of the practice, read.
#[derive(Debug)]
struct Letter {
    label: String,
    address: String,
    display: Option<String>,
    subject: String,
    message_id: Option<String>,
    /// Unix time and the zone the mail was written in.
    date: Option<(i64, i64)>,
    /// Why Date was not used (Received was), for the notes.
    date_note: Option<String>,
    /// Its attachments, saved: (path, decoded name).
    saved: Vec<(PathBuf, String)>,
    /// A link in the text when nothing is attached (a Drive or OneDrive share).
    link: Option<String>,
    /// The address of the mail forwarded inside this one (its quoted From, or an attached
    /// mail's), when it is a forward.
    forwarded_from: Option<String>,
}

/// A mail's time and zone, when it is a possible one (1990 to 2100).
fn time_of(date: &mail_parser::DateTime) -> Option<(i64, i64)> {
    let offset = (i64::from(date.tz_hour) * 3600 + i64::from(date.tz_minute) * 60)
        * if date.tz_before_gmt { -1 } else { 1 };
    (date.is_valid() && (1990..2100).contains(&date.year)).then(|| (date.to_timestamp(), offset))
}

/// The first `http(s)://` link of a text.
fn first_link(text: &str) -> Option<String> {
    let at = text.find("https://").or_else(|| text.find("http://"))?;
    let link: String = text[at..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '\'' | '<' | '>' | ')'))
        .take(300)
        .collect();
    Some(link)
}

/// The sender of the mail forwarded in `message`: an attached mail's From, else the first
/// From (or De) line after a forward's marker in the text ("-------- Forwarded Message
/// --------", Gmail's "---------- Forwarded message ---------", "Mensaje reenviado").
fn forwarded_sender(message: &Message) -> Option<String> {
    let attached = message.attachments().find_map(|part| {
        part.message()
            .and_then(|inner| inner.from())
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .map(str::to_lowercase)
    });
    if attached.is_some() {
        return attached;
    }
    let text = message.body_text(0)?;
    let folded = text.to_lowercase();
    let marker = [
        "forwarded message",
        "mensaje reenviado",
        "mensagem encaminhada",
        "begin forwarded message",
    ]
    .iter()
    .filter_map(|m| folded.find(m))
    .min()?;
    let from_line = folded[marker..]
        .lines()
        .take(12)
        .map(|l| l.trim_start_matches(['>', ' ', '*']))
        .find(|l| l.starts_with("from:") || l.starts_with("de:"))?;
    let address = match (from_line.find('<'), from_line.find('>')) {
        (Some(open), Some(close)) if open < close => &from_line[open + 1..close],
        _ => from_line.split_whitespace().find(|w| w.contains('@'))?,
    };
    let address = address.trim_matches(|c: char| c == '<' || c == '>' || c.is_whitespace());
    (address.contains('@') && address.len() <= 254).then(|| address.to_string())
}

/// The attachments of a mail, those of a mail forwarded inside it included (one level).
fn attachments<'a>(message: &'a Message<'a>) -> Vec<(String, &'a [u8])> {
    let mut found = Vec::new();
    for (index, part) in message.attachments().enumerate() {
        if let Some(inner) = part.message() {
            found.extend(
                inner
                    .attachments()
                    .filter(|p| !p.is_message())
                    .enumerate()
                    .map(|(i, p)| {
                        (
                            p.attachment_name().map_or_else(
                                || format!("attachment-{}-{}", index + 1, i + 1),
                                str::to_string,
                            ),
                            p.contents(),
                        )
                    }),
            );
        } else {
            let name = part
                .attachment_name()
                .map_or_else(|| format!("attachment-{}", index + 1), str::to_string);
            found.push((name, part.contents()));
        }
    }
    found
}

/// How far a mail's Date may be from when it reached the server (its topmost Received) before
/// the Date is not believed: a day covers a slow queue and a wrong zone, not a clock set back
/// to hand in on time.
pub(crate) const DATE_TOLERANCE: i64 = 24 * 3600;

/// A mail's time by its Date, or by its Received when Date is missing, not possible (a
/// client with its clock in 1970) or more than [`DATE_TOLERANCE`] from when the mail reached
/// the server, with a note saying so. The topmost Received is the one the receiving server
/// added: the lower ones were written by the sender's side, which a student controls. One
/// added when the TA fetched the mail (fetchmail's and getmail's, `with POP3` or `IMAP`) is
/// not an arrival, and is passed over.
fn dated_by_headers(message: &Message, label: &str, say: words::Say) -> (Option<(i64, i64)>, Option<String>) {
    let arrival = message
        .received_all()
        .find(|r| {
            !matches!(
                r.with(),
                Some(mail_parser::Protocol::POP3 | mail_parser::Protocol::IMAP)
            )
        })
        .and_then(|r| r.date())
        .as_ref()
        .and_then(time_of);
    match (message.date().and_then(time_of), arrival) {
        (Some(date), Some(arrived)) if (date.0 - arrived.0).abs() > DATE_TOLERANCE => (
            Some(arrived),
            Some(say.date_distrusted(
                label,
                &when::show(date.0, date.1),
                &when::show(arrived.0, arrived.1),
            )),
        ),
        (Some(date), _) => (Some(date), None),
        (None, arrived) => (arrived, Some(say.received(label, message.date().is_some()))),
    }
}

/// Saves a mail's attachments under `save_in` by their decoded names, dated by the mail.
fn save_attachments(
    message: &Message,
    date: Option<(i64, i64)>,
    save_in: &Path,
) -> Result<Vec<(PathBuf, String)>, NotAHandIn> {
    let mut saved = Vec::new();
    let found = attachments(message);
    if !found.is_empty() {
        fs::create_dir_all(save_in).map_err(|error| NotAHandIn::NotSaved {
            what: "its attachments".to_string(),
            error,
        })?;
    }
    for (index, (name, contents)) in found.into_iter().enumerate() {
        let safe = file_name(&name);
        // Two attachments of one name: the second gets its number, as mail clients save it.
        let on_disk = if saved.iter().any(|(_, n)| *n == safe) {
            format!("{index}-{safe}")
        } else {
            safe
        };
        let path = save_in.join(&on_disk);
        fs::write(&path, contents).map_err(|error| NotAHandIn::NotSaved {
            what: name.clone(),
            error,
        })?;
        if let Some((at, _)) = date {
            let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(at.max(0) as u64);
            let _ = fs::File::options()
                .write(true)
                .open(&path)
                .and_then(|f| f.set_modified(time));
        }
        saved.push((path, on_disk));
    }
    Ok(saved)
}

/// Whether an attachment's name is a text file's (answers attached rather than written).
fn is_text_file(name: &str) -> bool {
    let lower = name.to_lowercase();
    lower.ends_with(".txt") || lower.ends_with(".csv") || lower.ends_with(".md")
}

/// A mail's own words, as the answers are written in it: its text (an HTML-only mail's turned
/// to text), without the lines it quotes (`> ...`, and the "On ... wrote:" before them) and
/// without its signature (after a `-- ` line).
pub(crate) fn own_words(text: &str) -> String {
    let mut kept = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim_end();
        if trimmed == "--" || *line == "-- " {
            break;
        }
        if line.trim_start().starts_with('>') {
            continue;
        }
        let quotes_next = lines
            .get(index + 1)
            .is_some_and(|next| next.trim_start().starts_with('>'));
        let lower = trimmed.to_lowercase();
        if quotes_next
            && ["wrote:", "escribió:", "escreveu:"]
                .iter()
                .any(|w| lower.ends_with(w))
        {
            continue;
        }
        kept.push(trimmed);
    }
    kept.join("\n").trim().to_string()
}

/// Saves a mail's own words as [`BODY_FILE`] when there are any.
fn save_body(message: &Message, save_in: &Path) -> Result<Option<(PathBuf, String)>, NotAHandIn> {
    let text = message.body_text(0).unwrap_or_default();
    let mut words = own_words(&text);
    if words.is_empty() {
        return Ok(None);
    }
    if words.len() > BODY_BYTES {
        let mut end = BODY_BYTES;
        while !words.is_char_boundary(end) {
            end -= 1;
        }
        words.truncate(end);
    }
    let not_saved = |error| NotAHandIn::NotSaved {
        what: "its text".to_string(),
        error,
    };
    fs::create_dir_all(save_in).map_err(not_saved)?;
    let path = save_in.join(BODY_FILE);
    fs::write(&path, words).map_err(not_saved)?;
    Ok(Some((path, BODY_FILE.to_string())))
}

/// A mail read: `Err` when it is not a hand-in of the practice (its reason for the list of
/// what was not graded).
fn read_letter(
    label: &str,
    bytes: &[u8],
    options: &MailOptions,
    save_in: &Path,
) -> Result<Letter, NotAHandIn> {
    // The headers first: most of a TA's mailbox is not the practice, and is not read further.
    let head = MessageParser::default()
        .parse_headers(bytes)
        .ok_or(NotAHandIn::NoHeaders)?;
    let subject = head.subject().unwrap_or_default().to_string();
    let address = head
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(str::to_lowercase)
        .ok_or(NotAHandIn::NoSender)?;
    if let Some(pattern) = &options.subject {
        if !pattern.matches(&subject) {
            return Err(NotAHandIn::OtherSubject {
                address,
                subject,
                pattern: pattern.written().to_string(),
            });
        }
    }
    if options
        .instructor
        .as_deref()
        .is_some_and(|i| i.eq_ignore_ascii_case(&address))
    {
        return Err(NotAHandIn::Instructor { address });
    }
    // A MIME bomb's parts are counted by their boundary lines before the parser makes one
    // part of each: memory stays that of the mail's bytes.
    let boundaries = bytes
        .split(|b| *b == b'\n')
        .filter(|line| line.starts_with(b"--"))
        .count();
    if boundaries > MAIL_PARTS + 1 {
        return Err(NotAHandIn::TooManyParts {
            address,
            parts: boundaries,
            about: true,
        });
    }
    let message = MessageParser::default()
        .parse(bytes)
        .ok_or(NotAHandIn::NoHeaders)?;
    if message.parts.len() > MAIL_PARTS {
        return Err(NotAHandIn::TooManyParts {
            address,
            parts: message.parts.len(),
            about: false,
        });
    }
    let sender = message.from().and_then(|a| a.first());
    let (date, date_note) = dated_by_headers(&message, label, options.say);
    let mut saved = save_attachments(&message, date, save_in)?;
    if options.answers_in_body && !saved.iter().any(|(_, name)| is_text_file(name)) {
        saved.extend(save_body(&message, save_in)?);
    }
    let link = if saved.is_empty() {
        let text = message
            .body_text(0)
            .or_else(|| message.body_html(0))
            .unwrap_or_default();
        first_link(&text)
    } else {
        None
    };
    let forwarded_from = forwarded_sender(&message).filter(|a| *a != address);
    Ok(Letter {
        label: label.to_string(),
        address,
        display: sender
            .and_then(|a| a.name())
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string),
        subject,
        message_id: message.message_id().map(str::to_string),
        date,
        date_note,
        forwarded_from,
        saved,
        link,
    })
}

/// A sender as a student: the key their mails are grouped by, their name and id, and notes.
struct Who {
    key: String,
    name: String,
    id: Option<String>,
    note: Option<String>,
}

/// Who sent `letter`: by the roster's addresses, or by the display name without a roster.
fn who(letter: &Letter, roster: Option<&[Enrolled]>, say: words::Say) -> Result<Who, NotAHandIn> {
    let guessed = || {
        letter
            .display
            .clone()
            .unwrap_or_else(|| letter.address.split('@').next().unwrap_or_default().to_string())
    };
    let Some(roster) = roster else {
        let name = guessed();
        return Ok(Who {
            key: format!("name:{}", collation_key(&name)),
            note: Some(say.guessed(&name, &letter.address)),
            name,
            id: None,
        });
    };
    let owners: Vec<(usize, &Enrolled)> = roster
        .iter()
        .enumerate()
        .filter(|(_, e)| e.addresses.contains(&letter.address))
        .collect();
    let display = letter.display.as_deref().map(collation_key);
    let (index, enrolled, note) = match owners.as_slice() {
        [] => {
            if let Some(carried) = carried_for(letter, roster, say) {
                return Ok(carried);
            }
            let name = guessed();
            return Ok(Who {
                key: format!("address:{}", letter.address),
                note: Some(say.not_on_roster(&letter.address, &name)),
                name,
                id: None,
            });
        }
        [(index, enrolled)] => (*index, *enrolled, None),
        several => {
            let names: Vec<&str> = several.iter().map(|(_, e)| e.name.as_str()).collect();
            let Some((index, enrolled)) = several
                .iter()
                .find(|(_, e)| Some(collation_key(&e.name)) == display)
            else {
                return Err(NotAHandIn::SharedAddress {
                    address: letter.address.clone(),
                    names: names.iter().map(|n| n.to_string()).collect(),
                    display: letter.display.as_deref().unwrap_or("none").to_string(),
                });
            };
            let note = say.shared(&letter.address, &names.join(say.and()), &enrolled.name);
            (*index, *enrolled, Some(note))
        }
    };
    Ok(Who {
        key: format!("roster:{index:06}"),
        name: enrolled.name.clone(),
        id: enrolled.id.clone(),
        note,
    })
}

/// A mail forwarded by someone off the roster (a friend whose account works) for the one
/// student the forwarded mail's address is: theirs, with a note naming who carried it.
fn carried_for(letter: &Letter, roster: &[Enrolled], say: words::Say) -> Option<Who> {
    let original = letter.forwarded_from.as_deref()?;
    let mut owners = roster
        .iter()
        .enumerate()
        .filter(|(_, e)| e.addresses.iter().any(|a| a == original));
    let (index, enrolled) = owners.next()?;
    if owners.next().is_some() {
        return None;
    }
    let carrier = match &letter.display {
        Some(name) => format!("{name} <{}>", letter.address),
        None => letter.address.clone(),
    };
    Some(Who {
        key: format!("roster:{index:06}"),
        name: enrolled.name.clone(),
        id: enrolled.id.clone(),
        note: Some(say.forwarded(&carrier, original)),
    })
}

/// A student's mails, as read.
struct Mailed {
    who: Who,
    notes: Vec<String>,
    letters: Vec<Letter>,
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

/// A mail's date for notes, at its own zone.
fn dated(letter: &Letter, say: words::Say) -> String {
    letter.date.map_or_else(
        || say.undated().to_string(),
        |(at, offset)| when::show(at, offset),
    )
}

/// Notes on a student's other mails: the addresses they came from, and each mail not graded
/// with its date and why.
fn other_mails(
    letters: &[Letter],
    graded: Option<usize>,
    on_time: &dyn Fn(&Letter) -> bool,
    say: words::Say,
) -> Vec<String> {
    let mut notes = Vec::new();
    let mut addresses: Vec<&str> = letters.iter().map(|l| l.address.as_str()).collect();
    addresses.sort_unstable();
    addresses.dedup();
    if addresses.len() > 1 {
        notes.push(say.addresses(addresses.len(), &addresses.join(", ")));
    }
    let others: Vec<String> = letters
        .iter()
        .enumerate()
        .filter(|(index, _)| Some(*index) != graded)
        .map(|(_, l)| {
            let what = match (l.saved.is_empty(), on_time(l)) {
                (true, _) => say.no_attachment(),
                (false, true) => say.earlier(),
                (false, false) => say.late_not_graded(),
            };
            format!("{} ({what})", dated(l, say))
        })
        .collect();
    if !others.is_empty() {
        notes.push(say.others(others.len(), &others.join(", "), graded.is_some()));
    }
    notes
}

/// Of a student's mails, the one graded, the lateness, and a note for every other one.
fn choose(mailed: Mailed, deadline: Option<(i64, i64)>, say: words::Say) -> Sender {
    let Mailed {
        who,
        mut notes,
        mut letters,
    } = mailed;
    // By date, then as the box had them; an undated mail counts as on time, first.
    letters.sort_by_key(|l| l.date.map_or(i64::MIN, |d| d.0));
    let on_time = |l: &Letter| match (deadline, l.date) {
        (Some((deadline, _)), Some((at, _))) => at <= deadline,
        _ => true,
    };
    let graded = letters
        .iter()
        .rposition(|l| !l.saved.is_empty() && on_time(l))
        .or_else(|| letters.iter().rposition(|l| !l.saved.is_empty()));
    notes.extend(who.note.clone());
    notes.extend(other_mails(&letters, graded, &on_time, say));
    let mut found = Sender {
        name: who.name,
        id: who.id,
        notes,
        ..Sender::default()
    };
    let Some(graded) = graded else {
        let link = letters.iter().rev().find_map(|l| l.link.clone());
        found.failure = Some(match link {
            Some(url) => say.links(&url),
            None => say.nothing_attached().to_string(),
        });
        found.origin = letters.last().map(origin);
        return found;
    };
    let letter = &letters[graded];
    found
        .notes
        .insert(0, say.graded(&dated(letter, say), &letter.label, &letter.subject));
    if let (Some((deadline, _)), Some((at, offset))) = (deadline, letter.date) {
        if at > deadline {
            let late = (at - deadline) as u64;
            found.late = Some((say.late(&when::show(at, offset), late), late));
        }
    }
    found.origin = Some(origin(letter));
    found.files.clone_from(&letter.saved);
    found
}

fn origin(letter: &Letter) -> Origin {
    Origin {
        address: letter.address.clone(),
        display: letter.display.clone(),
        message_id: letter.message_id.clone(),
        subject: letter.subject.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
