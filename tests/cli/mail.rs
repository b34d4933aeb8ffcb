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
    // Paola mailed 3 h 17 min after the deadline: late by her mail's Date, said in Spanish.
    let filled = fs::read_to_string(&filled).unwrap();
    assert!(
        filled.contains("enviado el 2016-03-24 03:17 -06:00, 3 h 17 min después de la fecha límite"),
        "{filled}"
    );
    // Kenji's link from his other address is his, listed, not graded.
    assert!(
        filled.contains("escribió desde 2 direcciones: kenji.n@gmail.com, kenji.nakamura@ciencias.unam.mx"),
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

/// A zip holding a program that answers every position `X 2 3` (estado1's optimal move).
fn answering_zip() -> Vec<u8> {
    crate::archives::zip(&[("main.sh", b"echo 'X 2 3'\n")])
}

/// The small class of the forms' test, mail by mail (each with Gmail Takeout's label header
/// when `takeout`).
fn small_class(takeout: bool) -> Vec<String> {
    let zip = answering_zip();
    let on = |mail: String| {
        if takeout {
            format!("X-GM-THRID: 1\r\nX-GM-LABELS: Recibidos,Práctica\r\n{mail}")
        } else {
            mail
        }
    };
    let mut bomb = String::from(
        "From: Dani <dani@x.mx>\r\nSubject: Práctica05[IA 2016-2]\r\nDate: Wed, 23 Mar 2016 10:00:00 -0600\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n",
    );
    for _ in 0..3000 {
        bomb.push_str("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n");
    }
    bomb.push_str("--b--\r\n");
    [
        mail(
            "=?utf-8?Q?Ana_P=C3=A9rez?= <ana@x.mx>",
            "=?iso-8859-1?Q?Pr=E1ctica05?=[IA 2016-2]",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "ana1@x",
            "Adjunto mi práctica.\nFrom here on, it works.",
            &[Attached("filename*=UTF-8''P%C3%A9rezAna05.zip", &zip)],
        ),
        mail(
            "Ana Pérez <ana@x.mx>",
            "RE: Práctica05[IA 2016-2]",
            "Thu, 24 Mar 2016 09:00:00 -0600",
            "ana2@x",
            "Otra versión.",
            &[Attached("filename=\"PerezAna05.zip\"", &zip)],
        ),
        mail(
            "Beto <beto@x.mx>",
            "Práctica05 [IA 2016-2]",
            "Wed, 23 Mar 2016 12:00:00 -0600",
            "beto@x",
            "Aquí está: https://drive.google.com/file/d/XYZ/view?usp=sharing",
            &[],
        ),
        mail(
            "Coordinación <coord@x.mx>",
            "Examen parcial",
            "Wed, 23 Mar 2016 12:00:00 -0600",
            "c@x",
            "Aviso.",
            &[],
        ),
        format!(
            "Received: from mx.x.mx by mail.x.mx; Thu, 24 Mar 2016 02:00:00 -0600\r\n{}",
            mail(
                "Carla <carla@x.mx>",
                "Fwd: Práctica05[IA 2016-2]",
                "Mon, 1 Jan 1900 00:00:00 +0000",
                "carla@x",
                "Mi práctica.",
                &[Attached("filename=\"RuizCarla05.zip\"", &zip)]
            )
        ),
        bomb,
    ]
    .into_iter()
    .map(on)
    .collect()
}

/// Grades `submissions` on estado1 with the program the zips hold; the JSON report and stderr.
fn grade_mailbox(submissions: &Path, more: &[&str]) -> (i32, serde_json::Value, String) {
    let mut args = vec![
        "grade",
        "--submissions",
        submissions.to_str().unwrap(),
        "--run",
        "sh main.sh",
        "--format",
        "json",
        "--timeout",
        "5",
        "fixtures/estado1.txt",
    ];
    args.extend(more);
    for (flag, value) in [
        ("--subject", "Práctica05[IA 2016-2]"),
        ("--deadline", "2016-03-23 23:59:59 -06:00"),
    ] {
        if !more.contains(&flag) {
            args.extend([flag, value]);
        }
    }
    let (code, stdout, stderr) = run(&args, b"");
    (code, serde_json::from_str(&stdout).unwrap_or_default(), stderr)
}

/// The student named `name` in a JSON report.
fn student<'a>(report: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    report["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["student"] == name)
        .unwrap_or_else(|| panic!("{name} in {report:#}"))
}

fn notes(student: &serde_json::Value) -> String {
    student["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn an_mbox_a_maildir_and_a_folder_of_eml_files_are_the_same_class() {
    let dir = tempfile::tempdir().unwrap();
    let mbox_path = dir.path().join("Takeout.mbox");
    fs::write(&mbox_path, mbox(&small_class(true))).unwrap();
    let maildir = dir.path().join("Maildir");
    let eml = dir.path().join("eml");
    for sub in ["cur", "new", "tmp"] {
        fs::create_dir_all(maildir.join(sub)).unwrap();
    }
    fs::create_dir(&eml).unwrap();
    for (index, mail) in small_class(false).iter().enumerate() {
        fs::write(maildir.join("cur").join(format!("{index}.host:2,S")), mail).unwrap();
        fs::write(eml.join(format!("{index}.eml")), mail).unwrap();
    }
    for path in [&mbox_path, &maildir, &eml] {
        let (code, report, stderr) = grade_mailbox(path, &[]);
        assert_eq!(code, 0, "{}: {stderr}", path.display());
        let names: Vec<&str> = report["students"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["student"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Ana Pérez", "Beto", "Carla"], "{}", path.display());
        // Ana's on-time mail is graded; her later one is listed.
        let ana = student(&report, "Ana Pérez");
        assert_eq!(ana["results"][0]["verdict"], "optimal", "{ana:#}");
        assert!(ana["late"].is_null(), "{ana:#}");
        let said = notes(ana);
        assert!(
            said.contains("graded the mail of 2016-03-23 20:00 -06:00"),
            "{said}"
        );
        assert!(
            said.contains("1 other mail(s) of the practice: 2016-03-24 09:00 -06:00 (late, not graded)"),
            "{said}"
        );
        assert!(
            said.contains("no roster: named after the sender (Ana Pérez <ana@x.mx>), a guess"),
            "{said}"
        );
        // Beto linked instead of attaching: nothing fetched, nothing graded.
        let beto = student(&report, "Beto");
        assert_eq!(beto["results"][0]["verdict"], "build-failed");
        assert!(beto.to_string().contains("no hand-in: the mail links https://drive.google.com/file/d/XYZ/view?usp=sharing instead of attaching"), "{beto:#}");
        // Carla's Date is absurd: her Received dates her, two hours late.
        let carla = student(&report, "Carla");
        assert_eq!(carla["late"]["seconds"], 7201, "{carla:#}");
        assert!(
            notes(carla).contains("its Date is not a possible date; dated by its Received header"),
            "{carla:#}"
        );
        // The unrelated mail and the MIME bomb are listed, not graded, and stop nothing.
        let skipped = report.to_string();
        assert!(
            skipped.contains("subject \\\"Examen parcial\\\": not the practice's subject"),
            "{skipped}"
        );
        assert!(
            skipped.contains("MIME parts, over the 1000 a mail may have"),
            "{skipped}"
        );
    }
}

#[test]
fn the_roster_names_senders_a_shared_address_by_its_name_and_a_stranger_by_a_guess() {
    let dir = tempfile::tempdir().unwrap();
    let zip = answering_zip();
    let attached = [Attached("filename=\"p.zip\"", &zip)];
    let mails = [
        mail(
            "Eva Gómez <lab@x.mx>",
            "Práctica05",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "e@x",
            "",
            &attached,
        ),
        mail(
            "Ana <ana.p@gmail.com>",
            "Práctica05",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "a@x",
            "",
            &attached,
        ),
        mail(
            "Zed <zed@x.mx>",
            "Práctica05",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "z@x",
            "",
            &attached,
        ),
        mail(
            "Lab <lab@x.mx>",
            "Práctica05",
            "Wed, 23 Mar 2016 21:00:00 -0600",
            "l@x",
            "",
            &attached,
        ),
    ];
    let inbox = dir.path().join("inbox");
    fs::write(&inbox, mbox(&mails)).unwrap();
    let roster = dir.path().join("roster.csv");
    fs::write(&roster, "name,account number,addresses\nAna Pérez,315087426,ana@x.mx; ana.p@gmail.com\nEva Gómez,315000001,lab@x.mx\nFer Ruiz,315000002,lab@x.mx\n").unwrap();
    let (code, report, stderr) = grade_mailbox(&inbox, &["--roster", roster.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let names: Vec<&str> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["student"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ana Pérez", "Eva Gómez", "Zed"]);
    assert_eq!(student(&report, "Ana Pérez")["id"], "315087426");
    assert!(notes(student(&report, "Eva Gómez")).contains(
        "lab@x.mx is shared on the roster by Eva Gómez and Fer Ruiz: the sender's name says Eva Gómez"
    ));
    assert!(notes(student(&report, "Zed"))
        .contains("zed@x.mx is not on the roster: named after the sender (Zed), a guess"));
    assert!(
        report
            .to_string()
            .contains("an address the roster gives to Eva Gómez and Fer Ruiz"),
        "{report:#}"
    );
}

#[test]
fn a_subject_that_matches_everything_a_deadline_without_its_zone_and_a_roster_without_addresses_are_the_graders_mistakes(
) {
    let dir = tempfile::tempdir().unwrap();
    let inbox = dir.path().join("inbox");
    fs::write(&inbox, mbox(&small_class(false))).unwrap();
    let roster = dir.path().join("roster.csv");
    fs::write(&roster, "name,grade\nAna,10\n").unwrap();
    for (more, says) in [
        (vec!["--subject", "[IA 2016-2]"], "every mail would match"),
        (vec!["--deadline", "2016-03-23 23:59"], "write it with its zone"),
        (vec!["--roster", roster.to_str().unwrap()], "no e-mail column"),
    ] {
        let (code, _, stderr) = grade_mailbox(&inbox, &more);
        assert_eq!(code, 2, "{more:?}: {stderr}");
        assert!(stderr.contains(says), "{more:?}: {stderr}");
    }
    // A download's roster is the course file's business, as before mail came.
    let (code, _, stderr) = run(
        &[
            "grade",
            "--submissions",
            "tests/class",
            "--roster",
            roster.to_str().unwrap(),
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("give --course FILE with it"), "{stderr}");
    // The mail's flags on a download are said, not ignored.
    for (flag, value, says) in [
        ("--subject", "Práctica05", "--subject reads a mailbox"),
        (
            "--deadline",
            "2016-03-23 23:59:59 -06:00",
            "--deadline reads a mailbox",
        ),
        (
            "--feedback-mail",
            "target/none",
            "use --feedback-dir for a download",
        ),
    ] {
        let (code, _, stderr) = run(
            &[
                "grade",
                "--submissions",
                "tests/class",
                flag,
                value,
                "fixtures/estado1.txt",
            ],
            b"",
        );
        assert_eq!(code, 2, "{flag}: {stderr}");
        assert!(stderr.contains(says), "{flag}: {stderr}");
    }
}

#[test]
fn a_zip_bomb_mailed_in_costs_only_its_sender() {
    let dir = tempfile::tempdir().unwrap();
    // A base64 attachment of a few hundred KiB that inflates past a student's 256 MiB.
    let bomb = crate::archives::zip_bomb(300 << 20);
    let good = answering_zip();
    let mails = [
        mail(
            "Eva <eva@x.mx>",
            "Práctica05",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "e@x",
            "",
            &[Attached("filename=\"bomba.zip\"", &bomb)],
        ),
        mail(
            "Fer <fer@x.mx>",
            "Práctica05",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "f@x",
            "",
            &[Attached("filename=\"RuizFer05.zip\"", &good)],
        ),
    ];
    let inbox = dir.path().join("inbox");
    fs::write(&inbox, mbox(&mails)).unwrap();
    let (code, report, stderr) = grade_mailbox(&inbox, &[]);
    assert_eq!(code, 0, "{stderr}");
    let eva = student(&report, "Eva");
    assert_eq!(eva["results"][0]["verdict"], "build-failed", "{eva:#}");
    assert!(eva.to_string().contains("256 MiB"), "{eva:#}");
    assert_eq!(student(&report, "Fer")["results"][0]["verdict"], "optimal");
}

#[test]
fn similar_reads_a_mailbox_as_grade_does() {
    // Alba's solution, Dario's disguised copy of it and Héctor's own, mailed in as zips.
    let dir = tempfile::tempdir().unwrap();
    let source = |who: &str| fs::read(format!("tests/similar/class/{who}/Minimax/src/Minimax.java")).unwrap();
    let zips: Vec<(String, Vec<u8>)> = ["alba", "dario", "hector"]
        .iter()
        .map(|who| {
            (
                who.to_string(),
                crate::archives::zip(&[("Minimax/src/Minimax.java", &source(who))]),
            )
        })
        .collect();
    let mails: Vec<String> = zips
        .iter()
        .map(|(who, zip)| {
            let name = format!("filename=\"{who}.zip\"");
            mail(
                &format!("{who} <{who}@x.mx>"),
                "Práctica05",
                "Wed, 23 Mar 2016 20:00:00 -0600",
                who,
                "",
                &[Attached(&name, zip)],
            )
        })
        .collect();
    let inbox = dir.path().join("inbox");
    fs::write(&inbox, mbox(&mails)).unwrap();
    let (code, stdout, stderr) = run(
        &[
            "similar",
            "--submissions",
            inbox.to_str().unwrap(),
            "--subject",
            "Práctica05",
            "--base",
            "tests/similar/starter",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let pairs: Vec<String> = report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["students"].to_string())
        .collect();
    assert_eq!(pairs, [r#"["alba","dario"]"#], "{stdout}");
}

/// A mail as it reached the server: the receiving server's Received on top of the sender's.
fn received_at(server: &str, sender_side: &str, mail: String) -> String {
    format!(
        "Received: from mx.x.mx by mail.ciencias.unam.mx; {server}\r\nReceived: from [10.0.0.2] by smtp.x.mx; {sender_side}\r\n{mail}"
    )
}

#[test]
fn a_date_a_day_away_from_the_servers_received_is_not_believed_and_the_note_names_both_times() {
    let dir = tempfile::tempdir().unwrap();
    let zip = answering_zip();
    let attached = [Attached("filename=\"p.zip\"", &zip)];
    let on = |from: &str, date: &str, id: &str| {
        mail(from, "Práctica05[IA 2016-2]", date, id, "Adjunto.", &attached)
    };
    let mails = [
        // A clock set back three days: the server saw the mail two days after the deadline.
        received_at(
            "Sat, 26 Mar 2016 10:00:00 -0600",
            "Wed, 23 Mar 2016 22:00:00 -0600",
            on("Ana <ana@x.mx>", "Wed, 23 Mar 2016 22:00:00 -0600", "a@x"),
        ),
        // Sent at 23:50, queued until 00:30: within the day's tolerance, its Date counts.
        received_at(
            "Thu, 24 Mar 2016 00:30:00 -0600",
            "Wed, 23 Mar 2016 23:50:00 -0600",
            on("Beto <beto@x.mx>", "Wed, 23 Mar 2016 23:50:00 -0600", "b@x"),
        ),
        // A clock a year ahead, the mail on time by the server.
        received_at(
            "Wed, 23 Mar 2016 12:00:00 -0600",
            "Wed, 23 Mar 2016 12:00:00 -0600",
            on("Carla <carla@x.mx>", "Thu, 23 Mar 2017 12:00:00 -0600", "c@x"),
        ),
        // Fetched by the TA's fetchmail five days later: that is not when it arrived.
        format!(
            "Received: from mail.ciencias.unam.mx [10.0.0.1]\r\n\tby localhost with POP3 (fetchmail-6.4.37)\r\n\tfor <luis@localhost> (single-drop); Mon, 28 Mar 2016 10:00:00 -0600 (CST)\r\n{}",
            received_at(
                "Wed, 23 Mar 2016 21:00:05 -0600",
                "Wed, 23 Mar 2016 21:00:00 -0600",
                on("Dani <dani@x.mx>", "Wed, 23 Mar 2016 21:00:00 -0600", "d@x"),
            )
        ),
    ];
    let path = dir.path().join("inbox.mbox");
    fs::write(&path, mbox(&mails)).unwrap();
    let (code, report, stderr) = grade_mailbox(&path, &[]);
    assert_eq!(code, 0, "{stderr}");
    let ana = student(&report, "Ana");
    assert_eq!(ana["late"]["seconds"], 2 * 86_400 + 10 * 3600 + 1, "{ana:#}");
    assert!(
        notes(ana).contains(
            "mail 1: the Date header says 2016-03-23 22:00 -06:00; the mail reached the server at 2016-03-26 10:00 -06:00: more than 24 h apart, so the server's time counts"
        ),
        "{ana:#}"
    );
    let beto = student(&report, "Beto");
    assert!(beto["late"].is_null(), "{beto:#}");
    assert!(!notes(beto).contains("Date header"), "{beto:#}");
    let carla = student(&report, "Carla");
    assert!(carla["late"].is_null(), "{carla:#}");
    assert!(
        notes(carla).contains("the Date header says 2017-03-23 12:00 -06:00; the mail reached the server at 2016-03-23 12:00 -06:00"),
        "{carla:#}"
    );
    let dani = student(&report, "Dani");
    assert!(dani["late"].is_null(), "{dani:#}");
    assert!(!notes(dani).contains("Date header"), "{dani:#}");
}

/// The blind class: a Thunderbird export written from the sheet, with the grades an
/// instructor expects, by someone who never saw the grader (tests/mail/thunderbird/REASONS.md).
const THUNDERBIRD: &str = "tests/mail/thunderbird";

#[test]
fn a_thunderbird_export_written_blind_is_graded_as_its_instructor_expects_row_by_row() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let file = |name: &str| format!("{THUNDERBIRD}/{name}");
    let (code, stdout, stderr) = run(
        &[
            "grade",
            "--submissions",
            &file("inbox.mbox"),
            "--harness",
            "java-gato",
            "fixtures/estado1.txt",
            "fixtures/estado2.txt",
            "fixtures/estado3.txt",
            "fixtures/ejemplo.txt",
            "--course",
            &file("course.toml"),
            "--roster",
            &file("roster.csv"),
            "--format",
            "json",
            "--out",
            report.to_str().unwrap(),
            "--timeout",
            &crate::timeout(10.0),
            "--jobs",
            "2",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    let report: serde_json::Value = serde_json::from_str(&fs::read_to_string(&report).unwrap()).unwrap();
    let mut expected = csv::Reader::from_path(file("expected.csv")).unwrap();
    let mut graded = 0;
    for row in expected.records() {
        let row = row.unwrap();
        let (name, grade, late) = (&row[0], &row[3], &row[2]);
        if name.starts_with("(not graded)") {
            continue;
        }
        graded += 1;
        let found = student(&report, name);
        let total = found["rubric"]["total"].as_f64().unwrap();
        assert_eq!(format!("{total:.2}"), grade, "{name}: {found:#}");
        assert_eq!(found["late"].is_null(), late == "no", "{name}: {found:#}");
    }
    // Every graded row is a student of the expectation: nobody else (the friend who
    // forwarded Carlos's mail is not one).
    assert_eq!(report["students"].as_array().unwrap().len(), graded);
    let carlos = notes(student(&report, "Carlos Eduardo Medina Herrera"));
    assert!(
        carlos.contains("reenviado por Juan Pablo Ortega <jp.ortega94@hotmail.com>"),
        "{carlos}"
    );
    let paola = notes(student(&report, "Paola Gutiérrez Rojas"));
    assert!(
        paola.contains("la cabecera Date dice 2016-03-23 23:50 -06:00; el correo llegó al servidor el 2016-03-26 01:30 -06:00"),
        "{paola}"
    );
    // The mails that are no student's are listed; a student's other mails are in their notes.
    let not_graded = report["not_graded"].to_string();
    for label in [1, 3, 5, 6, 8, 14, 24, 25] {
        assert!(
            not_graded.contains(&format!("\"mail {label}\"")),
            "mail {label}: {not_graded}"
        );
    }
    for (name, other) in [
        (
            "Héctor Manuel Ortiz Salazar",
            "2016-03-20 12:40 -06:00 (sin adjunto)",
        ),
        (
            "Jorge Iván Morales Cruz",
            "2016-03-22 19:10 -06:00 (una entrega anterior)",
        ),
        (
            "Jorge Iván Morales Cruz",
            "2016-03-24 10:15 -06:00 (tarde, no calificado)",
        ),
        (
            "Ana Sofía del Valle Ortega",
            "2016-03-23 22:58 -06:00 (sin adjunto)",
        ),
        ("Rodrigo Salinas Ponce", "2016-03-23 21:52 -06:00 (sin adjunto)"),
    ] {
        let said = notes(student(&report, name));
        assert!(said.contains(other), "{name}: {said}");
    }
}

#[test]
fn check_reads_each_students_answers_from_the_mail_that_counts_without_quotes_or_signature() {
    let dir = tempfile::tempdir().unwrap();
    let mails = [
        // Her estado3 answer is only in her signature, which is not an answer.
        mail(
            "Ana <ana@x.mx>",
            "Práctica05[IA 2016-2]",
            "Wed, 23 Mar 2016 20:00:00 -0600",
            "ana@x",
            "Profe, mis respuestas:\nestado1.txt: X 2 3\n\n-- \nAna\nestado3: X 3 3",
            &[],
        ),
        // A late reply: the lines it quotes are the instructor's, not his.
        mail(
            "Beto <beto@x.mx>",
            "RE: Práctica05[IA 2016-2]",
            "Thu, 24 Mar 2016 01:00:00 -0600",
            "beto@x",
            "Estado1 = X 2 3\nestado3: X 1 1\n\nEl mié, 23 mar 2016, Luis escribió:\n> estado3: X 3 3",
            &[],
        ),
        // An HTML-only mail.
        mail(
            "Carla <carla@x.mx>",
            "Práctica05[IA 2016-2]",
            "Wed, 23 Mar 2016 21:00:00 -0600",
            "carla@x",
            "",
            &[],
        )
        .replace(
            "Content-Type: text/plain; charset=utf-8\r\n\r\n\r\n",
            "Content-Type: text/html; charset=utf-8\r\n\r\n<html><body><p>estado1.txt: X 2 3</p><p>estado3.txt: X 3 3</p></body></html>\r\n",
        ),
        // Answers in a text file attached: the file, not the mail's words.
        mail(
            "Dani <dani@x.mx>",
            "Práctica05[IA 2016-2]",
            "Wed, 23 Mar 2016 22:00:00 -0600",
            "dani@x",
            "Adjunto mis respuestas. estado1: X 1 1",
            &[Attached("filename=\"respuestas.txt\"", b"estado1: X 2 3\r\nestado3: X 3 3\r\n")],
        ),
        mail(
            "Coordinación <coord@x.mx>",
            "Examen parcial",
            "Wed, 23 Mar 2016 12:00:00 -0600",
            "c@x",
            "estado1: X 2 3",
            &[],
        ),
    ];
    let path = dir.path().join("inbox.mbox");
    fs::write(&path, mbox(&mails)).unwrap();
    let (code, stdout, stderr) = run(
        &[
            "check",
            "--submissions",
            path.to_str().unwrap(),
            "--subject",
            "Práctica05[IA 2016-2]",
            "--deadline",
            "2016-03-23 23:59:59 -06:00",
            "--format",
            "json",
            "fixtures/estado1.txt",
            "fixtures/estado3.txt",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let verdicts = |name: &str| -> Vec<String> {
        student(&report, name)["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["verdict"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(verdicts("Ana"), ["optimal", "unparseable"]);
    assert!(notes(student(&report, "Ana")).contains("no answer to estado3.txt: no line of the mail names it"));
    assert_eq!(verdicts("Beto"), ["optimal", "suboptimal"]);
    assert_eq!(student(&report, "Beto")["late"]["seconds"], 3601);
    assert_eq!(verdicts("Carla"), ["optimal", "optimal"]);
    assert_eq!(verdicts("Dani"), ["optimal", "optimal"]);
    assert!(student(&report, "Ana")["late"].is_null());
    assert_eq!(report["students"].as_array().unwrap().len(), 4);
    assert!(
        stderr.contains("not graded: mail 5: from coord@x.mx, subject \"Examen parcial\""),
        "{stderr}"
    );
}

#[test]
fn check_with_a_mailbox_that_is_not_one_or_two_sheets_says_what_to_give() {
    let (code, _, stderr) = run(
        &["check", "--submissions", "fixtures", "fixtures/estado1.txt"],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("check reads answers from a mailbox"), "{stderr}");
    let (code, _, stderr) = run(
        &[
            "check",
            "fixtures/answers/answers.csv",
            "fixtures/answers/class.csv",
        ],
        b"",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("check reads one answer sheet, not 2"), "{stderr}");
}
