//! `--feedback-mail DIR`: when the class came by mail, one reply draft per student (an `.eml`
//! To the sender, `Re:` their subject, `In-Reply-To` and `References` their mail, the grade and
//! the feedback as plain text in the course's language), and `replies.mbox` holding them all,
//! to import as drafts into Thunderbird or any client. Nothing is sent. No Date header: the
//! client dates a draft when it sends it, and the files stay the same from run to run.

use super::phrases::Phrases;
use crate::class::{Class, ClassReport, StudentReport};
use crate::intake::mail::{subject::without_prefixes, Origin};
use std::fmt::Write as _;
use std::io;
use std::path::Path;

/// Writes the drafts under `dir`; returns how many (students without a mail get none).
pub(crate) fn write_dir(
    report: &ClassReport,
    class: &Class,
    dir: &Path,
    instructor: Option<&str>,
) -> io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    let mut mbox = String::new();
    let mut written = 0;
    let mut used = std::collections::BTreeSet::new();
    for student in &report.students {
        let origin = class
            .students
            .iter()
            .find(|s| s.name == student.student && s.id == student.id)
            .and_then(|s| s.origin.as_ref());
        let Some(origin) = origin else { continue };
        let draft = draft(report, student, origin, instructor);
        let mut name = super::feedback::folder_name(&student.student);
        if !used.insert(name.clone()) {
            name = format!("{name}_{}", student.id.as_deref().unwrap_or("2"));
        }
        std::fs::write(dir.join(format!("{name}.eml")), &draft)?;
        mbox.push_str("From - Thu Jan 01 00:00:00 1970\n");
        for line in draft.replace("\r\n", "\n").lines() {
            // mboxrd: a line that would read as a separator gets one more `>`.
            if line.trim_start_matches('>').starts_with("From ") {
                mbox.push('>');
            }
            mbox.push_str(line);
            mbox.push('\n');
        }
        mbox.push('\n');
        written += 1;
    }
    std::fs::write(dir.join("replies.mbox"), mbox)?;
    Ok(written)
}

/// A header's text as RFC 2047 writes what is not ASCII (UTF-8, base64).
fn encoded(text: &str) -> String {
    if text.is_ascii() && !text.contains(['\r', '\n']) {
        return text.to_string();
    }
    let mut out = Vec::new();
    // Words of at most 45 bytes of text, cut at characters: each encoded word under 75.
    let mut chunk = String::new();
    for c in text.chars().filter(|c| !c.is_control()) {
        if chunk.len() + c.len_utf8() > 45 {
            out.push(format!("=?utf-8?B?{}?=", base64(chunk.as_bytes())));
            chunk.clear();
        }
        chunk.push(c);
    }
    if !chunk.is_empty() {
        out.push(format!("=?utf-8?B?{}?=", base64(chunk.as_bytes())));
    }
    out.join("\r\n ")
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char
            } else {
                '='
            });
        }
    }
    out
}

/// A message id without its brackets, safe in a header.
fn id_text(id: &str) -> String {
    id.trim_matches(['<', '>'])
        .chars()
        .filter(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>'))
        .collect()
}

/// Text wrapped at 76 columns, as mail reads best.
fn wrapped(text: &str) -> String {
    let mut out = String::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 76 {
                out.push_str(line.trim_end());
                out.push_str("\r\n");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(line.trim_end());
        out.push_str("\r\n");
    }
    out
}

/// One student's reply draft.
fn draft(report: &ClassReport, student: &StudentReport, origin: &Origin, instructor: Option<&str>) -> String {
    let say = Phrases::of(report);
    let mut mail = String::new();
    if let Some(instructor) = instructor {
        let _ = write!(mail, "From: {instructor}\r\n");
    }
    let to = match &origin.display {
        Some(name) => format!("{} <{}>", encoded(name), origin.address),
        None => origin.address.clone(),
    };
    let _ = write!(mail, "To: {to}\r\n");
    let subject = without_prefixes(&origin.subject);
    let _ = write!(mail, "Subject: {}\r\n", encoded(&format!("Re: {subject}")));
    let key = origin
        .message_id
        .as_deref()
        .map(id_text)
        .filter(|id| !id.is_empty());
    if let Some(id) = &key {
        let _ = write!(
            mail,
            "Message-ID: <re.{id}>\r\nIn-Reply-To: <{id}>\r\nReferences: <{id}>\r\n"
        );
    }
    mail.push_str("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\nX-Mozilla-Draft-Info: internal/draft; vcard=0; receipt=0; DSN=0; uuencode=0\r\n\r\n");
    let word = say.grade_word();
    let mut chars = word.chars();
    let word: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let _ = write!(
        mail,
        "{word}: {}\r\n\r\n",
        super::feedback::heading_grade(student)
    );
    let text = super::grades::summary(report, student);
    mail.push_str(&wrapped(text.strip_prefix("minimax: ").unwrap_or(&text)));
    mail
}
