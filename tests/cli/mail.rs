//! Hand-ins by e-mail: a mailbox (mbox, Maildir, a folder of .eml files) graded as a class,
//! built here mail by mail with what real mail has: encoded subjects and file names
//! (RFC 2047, RFC 2231), replies and forwards, unrelated mails, a link instead of an
//! attachment, a second address, `From ` lines in bodies, a MIME bomb.

use crate::run;
use crate::sheet_class::{expected, parts_of, CLASS};
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// Base64 as mail writes it: 76 characters a line.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (index, chunk) in bytes.chunks(3).enumerate() {
        if index > 0 && index % 19 == 0 {
            out.push_str("\r\n");
        }
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// An attachment: its Content-Disposition's name parameter as written (`filename="a.zip"`,
/// or RFC 2231's `filename*=UTF-8''Mart%C3%ADnez.zip`) and its bytes.
pub(crate) struct Attached<'a>(pub(crate) &'a str, pub(crate) &'a [u8]);

/// One mail, as a client writes it: text, then each attachment in base64.
pub(crate) fn mail(
    from: &str,
    subject: &str,
    date: &str,
    id: &str,
    body: &str,
    attached: &[Attached],
) -> String {
    let mut text = format!(
        "From: {from}\r\nTo: Luis Lizárraga <luislizarraga@ciencias.unam.mx>\r\nSubject: {subject}\r\nDate: {date}\r\nMessage-ID: <{id}>\r\nMIME-Version: 1.0\r\n"
    );
    if attached.is_empty() {
        write!(text, "Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").unwrap();
        return text;
    }
    write!(text, "Content-Type: multipart/mixed; boundary=\"sep\"\r\n\r\n--sep\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").unwrap();
    for Attached(name, bytes) in attached {
        write!(
            text,
            "--sep\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; {name}\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n",
            base64(bytes)
        )
        .unwrap();
    }
    text.push_str("--sep--\r\n");
    text
}

/// An mbox of `mails`: a `From ` line before each, `From ` lines inside escaped (mboxrd).
pub(crate) fn mbox(mails: &[String]) -> String {
    let mut out = String::new();
    for mail in mails {
        out.push_str("From MAILER-DAEMON Thu Mar 24 12:00:00 2016\n");
        for line in mail.replace("\r\n", "\n").lines() {
            let quotes = line.bytes().take_while(|b| *b == b'>').count();
            if line[quotes..].starts_with("From ") {
                out.push('>');
            }
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// "jueves, 24 de marzo de 2016, 03:17" (Moodle's Spanish time, Mexico City's zone, -06:00
/// in March 2016) as a mail's Date.
fn date_of(moodle: &str) -> String {
    let parts: Vec<&str> = moodle.split(", ").collect();
    let words: Vec<&str> = parts[1].split(' ').collect();
    let month = match words[2] {
        "marzo" => "Mar",
        other => panic!("month {other}"),
    };
    format!("{} {month} {} {}:00 -0600", words[0], words[4], parts[2])
}

/// (full name, address, Moodle's time of submission, participant) of each worksheet row.
fn class_rows() -> Vec<(String, String, String, String)> {
    let mut reader = csv::Reader::from_path(Path::new(CLASS).join("worksheet.csv")).unwrap();
    reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            (
                row[1].to_string(),
                row[2].to_string(),
                row[7].to_string(),
                row[0].to_string(),
            )
        })
        .collect()
}

/// The files a student's Moodle folder holds, by name.
fn handed_in(name: &str) -> Vec<(String, Vec<u8>)> {
    let download = Path::new(CLASS).join("download");
    let folder = fs::read_dir(&download)
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with(&format!("{name}_")))
        .unwrap()
        .path();
    // A folder cannot be mailed: its files go loose, as a student who "no supo comprimir"
    // would attach them.
    let mut files = Vec::new();
    let mut stack = vec![folder];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            } else {
                files.push((
                    entry.file_name().into_string().unwrap(),
                    fs::read(entry.path()).unwrap(),
                ));
            }
        }
    }
    files.sort();
    files
}

/// A file name as RFC 2231 writes one that is not ASCII.
fn rfc2231(name: &str) -> String {
    if name.is_ascii() {
        return format!("filename=\"{name}\"");
    }
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("filename*=UTF-8''{encoded}")
}

/// The class of tests/handin/sheet-class, handed in by mail instead of Moodle: one mail per
/// student with what their Moodle folder holds attached, dated as Moodle dated it, among
/// mails that are not hand-ins.
fn sheet_class_mbox() -> String {
    let mut mails = vec![
        mail(
            "Luis Lizárraga <luislizarraga@ciencias.unam.mx>",
            "Práctica05[IA 2016-2]",
            "Mon, 14 Mar 2016 10:00:00 -0600",
            "assignment@ciencias.unam.mx",
            "La fecha de entrega es hasta el día miércoles 23 de Marzo.",
            &[],
        ),
        mail(
            "Coordinación <coord@ciencias.unam.mx>",
            "Examen parcial",
            "Tue, 15 Mar 2016 09:00:00 -0600",
            "exam@x",
            "Aviso.",
            &[],
        ),
    ];
    for (index, (name, address, when, _)) in class_rows().into_iter().enumerate() {
        let files = handed_in(&name);
        let attached: Vec<(String, &[u8])> = files.iter().map(|(n, b)| (rfc2231(n), b.as_slice())).collect();
        let attached: Vec<Attached> = attached.iter().map(|(n, b)| Attached(n, b)).collect();
        // Subjects as clients send them: encoded words, replies to the assignment, forwards.
        let subject = match index % 4 {
            0 => "Práctica05[IA 2016-2]".to_string(),
            1 => "=?iso-8859-1?Q?Pr=E1ctica05?= [IA 2016-2]".to_string(),
            2 => "RE: Práctica05[IA 2016-2]".to_string(),
            _ => "Fwd: PRACTICA 05 [IA 2016-2]".to_string(),
        };
        let body = "Le envío mi práctica.\nFrom the sheet: compriman la práctica.\n";
        let date = date_of(&when);
        mails.push(mail(
            &format!("{name} <{address}>"),
            &subject,
            &date,
            &format!("p{index}@mail"),
            body,
            &attached,
        ));
    }
    // Kenji asked first from another address, with a link: listed, not graded.
    mails.push(mail(
        "Kenji N <kenji.n@gmail.com>",
        "RE: Práctica05[IA 2016-2]",
        "Sun, 20 Mar 2016 18:00:00 -0600",
        "kenji-link@gmail.com",
        "Mi práctica: https://drive.google.com/file/d/abc/view",
        &[],
    ));
    mails.push(mail(
        "Boletín <news@unam.mx>",
        "Boletín semanal",
        "Fri, 25 Mar 2016 09:00:00 -0600",
        "news@x",
        "Noticias.",
        &[],
    ));
    mbox(&mails)
}

#[test]
fn a_class_mailed_in_is_graded_as_its_moodle_download_part_by_part() {
    let dir = tempfile::tempdir().unwrap();
    let inbox = dir.path().join("Inbox");
    fs::write(&inbox, sheet_class_mbox()).unwrap();
    // The course file with the mail's keys; the worksheet with no late status, so that
    // lateness can only come from the mails' dates.
    let course = dir.path().join("course.toml");
    let keys = "subject = \"Práctica05[IA 2016-2]\"\ndeadline = \"2016-03-23 23:59:59 -06:00\"\ninstructor = \"luislizarraga@ciencias.unam.mx\"\n";
    fs::write(
        &course,
        format!(
            "{keys}{}",
            fs::read_to_string(Path::new(CLASS).join("course.toml")).unwrap()
        ),
    )
    .unwrap();
    let sheet = fs::read_to_string(Path::new(CLASS).join("worksheet.csv")).unwrap();
    let sheet: String = sheet
        .lines()
        .map(|line| match line.find(" - ") {
            Some(at) if line.contains("tarde") => {
                let end = line[at..].find('"').unwrap() + at;
                format!("{}{}\n", &line[..at], &line[end..])
            }
            _ => format!("{line}\n"),
        })
        .collect();
    assert!(!sheet.contains("tarde"));
    let worksheet = dir.path().join("worksheet.csv");
    fs::write(&worksheet, &sheet).unwrap();
    // The roster: the worksheet's names and addresses, and Kenji's second address.
    let roster = dir.path().join("roster.csv");
    let mut rows = String::from("Identificador,Nombre completo,Dirección de correo\n");
    for (name, address, _, participant) in class_rows() {
        let more = if name == "Kenji Nakamura" {
            "; kenji.n@gmail.com"
        } else {
            ""
        };
        writeln!(rows, "{participant},\"{name}\",{address}{more}").unwrap();
    }
    fs::write(&roster, rows).unwrap();
    let filled = dir.path().join("filled.csv");
    let replies = dir.path().join("replies");
    let (code, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            inbox.to_str().unwrap(),
            "--harness",
            "java-gato",
            "fixtures/estado1.txt",
            "fixtures/estado2.txt",
            "fixtures/estado3.txt",
            "fixtures/ejemplo.txt",
            "--course",
            course.to_str().unwrap(),
            "--roster",
            roster.to_str().unwrap(),
            "--format",
            "moodle",
            "--worksheet",
            worksheet.to_str().unwrap(),
            "--out",
            filled.to_str().unwrap(),
            "--feedback-mail",
            replies.to_str().unwrap(),
            "--timeout",
            &crate::timeout(10.0),
            "--jobs",
            "2",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("filled for 23 of 23 students"), "{stderr}");
    let mut reader = csv::Reader::from_path(&filled).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| {
        header
            .iter()
            .position(|h| h.trim_start_matches('\u{feff}') == name)
            .unwrap()
    };
    let (name_at, grade_at, comment_at) = (
        at("Nombre completo"),
        at("Calificación"),
        at("Comentarios de retroalimentación"),
    );
    let expected = expected();
    let mut disagree = Vec::new();
    for row in reader.records() {
        let row = row.unwrap();
        let got = parts_of(&row[grade_at], &row[comment_at]);
        let mut want = expected.get(&row[name_at]).unwrap().clone();
        if &row[name_at] == "Rodrigo Salinas Ponce" {
            // He handed in a folder, which mail cannot carry: his files came loose, and the
            // hand-in's three items (one archive, its name, its layout) are all lost.
            want.handin = 0.0;
            want.total = 6.67;
        }
        if !got.agrees(&want) {
            disagree.push(format!(
                "{}: graded {got:?}, the instructor gives {want:?}\n  {}",
                &row[name_at], &row[comment_at]
            ));
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    // Paola mailed 3 h 17 min after the deadline: late by her mail's Date.
    let filled = fs::read_to_string(&filled).unwrap();
    assert!(
        filled.contains("mailed 2016-03-24 03:17 -06:00, 3 h 17 min after the deadline"),
        "{filled}"
    );
    // Kenji's link from his other address is his, listed, not graded.
    assert!(
        filled.contains("mailed from 2 addresses: kenji.n@gmail.com, kenji.nakamura@ciencias.unam.mx"),
        "{filled}"
    );
    check_replies(&replies);
}

/// The reply drafts, parsed back as a mail client reads them: one per student, to their
/// address, answering their mail, with their grade; and one mbox holding them all.
fn check_replies(replies: &Path) {
    let bytes = fs::read(replies.join("Paola Gutiérrez Rojas.eml")).unwrap();
    let paola = mail_parser::MessageParser::default().parse(&bytes).unwrap();
    let to = paola.to().and_then(|a| a.first()).unwrap();
    assert_eq!(to.name(), Some("Paola Gutiérrez Rojas"));
    assert_eq!(to.address(), Some("paola.gtz@ciencias.unam.mx"));
    assert_eq!(paola.subject(), Some("Re: PRACTICA 05 [IA 2016-2]"));
    assert_eq!(paola.in_reply_to().as_text(), Some("p11@mail"));
    assert_eq!(paola.references().as_text(), Some("p11@mail"));
    assert_eq!(
        paola.from().and_then(|a| a.first()).and_then(|a| a.address()),
        Some("luislizarraga@ciencias.unam.mx")
    );
    let text = paola.body_text(0).unwrap();
    assert!(text.starts_with("Calificación: 6.9 / 8"), "{text}");
    assert!(
        text.contains("Penalización por retraso: 10% de la calificación."),
        "{text}"
    );
    let mbox = fs::read(replies.join("replies.mbox")).unwrap();
    let drafts: Vec<_> = mail_parser::mailbox::mbox::MessageIterator::new(&mbox[..])
        .map(Result::unwrap)
        .collect();
    assert_eq!(drafts.len(), 23);
}
