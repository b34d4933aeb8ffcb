//! One mail of the practice read: its sender, date (Date or Received), attachments, the
//! mail it forwards, and its own words when the answers are written in it.

use super::found::*;
use super::{when, words};
use crate::intake::naming::file_name;
use mail_parser::{Message, MessageParser, MimeHeaders};
use std::fs;
use std::path::{Path, PathBuf};

/// A too-big mail named by its sender and subject, from its first headers.
pub(super) fn headline(head: &[u8]) -> String {
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
pub(super) struct Letter {
    pub(super) label: String,
    pub(super) address: String,
    pub(super) display: Option<String>,
    pub(super) subject: String,
    pub(super) message_id: Option<String>,
    /// Unix time and the zone the mail was written in.
    pub(super) date: Option<(i64, i64)>,
    /// Why Date was not used (Received was), for the notes.
    pub(super) date_note: Option<String>,
    /// Its attachments, saved: (path, decoded name).
    pub(super) saved: Vec<(PathBuf, String)>,
    /// A link in the text when nothing is attached (a Drive or OneDrive share).
    pub(super) link: Option<String>,
    /// The address of the mail forwarded inside this one (its quoted From, or an attached
    /// mail's), when it is a forward.
    pub(super) forwarded_from: Option<String>,
}

/// A mail's time and zone, when it is a possible one (1990 to 2100).
pub(super) fn time_of(date: &mail_parser::DateTime) -> Option<(i64, i64)> {
    let offset = (i64::from(date.tz_hour) * 3600 + i64::from(date.tz_minute) * 60)
        * if date.tz_before_gmt { -1 } else { 1 };
    (date.is_valid() && (1990..2100).contains(&date.year)).then(|| (date.to_timestamp(), offset))
}

/// The first `http(s)://` link of a text.
pub(super) fn first_link(text: &str) -> Option<String> {
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
pub(super) fn forwarded_sender(message: &Message) -> Option<String> {
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
pub(super) fn attachments<'a>(message: &'a Message<'a>) -> Vec<(String, &'a [u8])> {
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
pub(super) fn dated_by_headers(
    message: &Message,
    label: &str,
    say: words::Say,
) -> (Option<(i64, i64)>, Option<String>) {
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
pub(super) fn save_attachments(
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
pub(super) fn is_text_file(name: &str) -> bool {
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
pub(super) fn save_body(message: &Message, save_in: &Path) -> Result<Option<(PathBuf, String)>, NotAHandIn> {
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
pub(super) fn read_letter(
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
