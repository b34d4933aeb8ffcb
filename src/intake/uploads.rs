//! A student who handed in several archives: which one is graded.
//!
//! A resubmission usually sits beside the first upload (Moodle keeps every file of a
//! submission, and its download keeps their upload times). The rule, as a teaching assistant
//! applies it: the newest upload that holds source code is graded, the other archives are
//! passed over, and the notes say which was which. Loose files (a readme, a `.java` handed in
//! on its own) are kept beside the graded upload.

use super::unpack::{self, Budget, Kind, Nested, UnpackError};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Files whose presence makes an upload a program rather than screenshots or a report.
const SOURCE_ENDINGS: [&str; 10] = [
    ".java", ".py", ".c", ".cc", ".cpp", ".h", ".lua", ".sh", ".js", ".rs",
];

/// When the student's folder `target` holds more than one archive at its top, unpacks each
/// apart, keeps the newest holding source code (its files where the archive was, as with one
/// upload) and removes the others, saying so in `notes`. `uploaded` has each top-level file's
/// upload time. Returns which upload was graded, the others, and the archives found inside
/// the graded one (none when there were not several).
pub(crate) fn choose(
    target: &Path,
    uploaded: &BTreeMap<String, SystemTime>,
    budget: &mut Budget,
    notes: &mut Vec<String>,
) -> Result<Option<Chosen>, UnpackError> {
    let mut archives: Vec<(String, PathBuf, Kind)> = fs::read_dir(target)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let kind = Kind::of(&name).map(|(kind, _)| kind)?;
            Some((name, e.path(), kind))
        })
        .collect();
    if archives.len() < 2 {
        return Ok(None);
    }
    archives.sort();
    let mut opened: Vec<Opened> = Vec::new();
    let mut inside: Vec<Vec<Nested>> = Vec::new();
    for (index, (name, path, kind)) in archives.iter().enumerate() {
        let dir = target.join(format!(".minimax-upload-{index}"));
        fs::create_dir(&dir).map_err(|e| UnpackError::Unreadable {
            archive: name.clone(),
            reason: e.to_string(),
        })?;
        let unpacked = unpack::unpack(path, *kind, &dir, budget, notes)
            .and_then(|()| unpack::unpack_nested(&dir, false, budget, notes));
        let (code, nested) = match unpacked {
            Ok(nested) => (holds_code(&dir), nested),
            // Too big is the student's problem whichever upload is graded: it stops here.
            Err(error @ (UnpackError::TooBig { .. } | UnpackError::TooMany { .. })) => return Err(error),
            Err(error) => {
                notes.push(error.to_string());
                (false, Vec::new())
            }
        };
        let _ = fs::remove_file(path);
        let time = uploaded.get(name).copied().unwrap_or(UNIX_EPOCH);
        opened.push((name.clone(), dir, time, code));
        inside.push(nested);
    }
    let graded = newest(&opened);
    let (name, dir, _, _) = &opened[graded];
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let to = target.join(entry.file_name());
        if to.exists() {
            notes.push(format!(
                "{name}: `{}` not unpacked: a file of that name was handed in beside it (kept that one)",
                entry.file_name().to_string_lossy()
            ));
            continue;
        }
        let _ = fs::rename(entry.path(), to);
    }
    notes.push(choice_note(&opened, graded));
    for (_, dir, _, _) in &opened {
        let _ = fs::remove_dir_all(dir);
    }
    Ok(Some(Chosen {
        graded: opened[graded].0.clone(),
        passed_over: opened
            .iter()
            .enumerate()
            .filter(|(index, _)| *index != graded)
            .map(|(_, o)| o.0.clone())
            .collect(),
        nested: inside.swap_remove(graded),
    }))
}

/// Which of several uploads was graded, the others, and the archives inside the graded one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chosen {
    pub(crate) graded: String,
    pub(crate) passed_over: Vec<String>,
    pub(crate) nested: Vec<Nested>,
}

/// An upload unpacked apart: its name, its folder, when it was uploaded, whether it holds code.
type Opened = (String, PathBuf, SystemTime, bool);

/// Upload times this close are the same time: a download or a copy that lost them writes
/// the files one after the other.
const SAME_TIME: Duration = Duration::from_secs(2);

/// The upload graded: the newest holding code; of uploads of the same time, the one whose
/// files the archive dates newest (a corrected zip's files are newer than the first's), then
/// the last by name.
fn newest(opened: &[Opened]) -> usize {
    let with_code = opened.iter().any(|o| o.3);
    let latest = opened
        .iter()
        .filter(|o| o.3 == with_code)
        .map(|o| o.2)
        .max()
        .unwrap_or(UNIX_EPOCH);
    let same_time = |o: &Opened| o.3 == with_code && latest.duration_since(o.2).is_ok_and(|d| d <= SAME_TIME);
    opened
        .iter()
        .enumerate()
        .filter(|(_, o)| same_time(o))
        .max_by_key(|(_, o)| (newest_file(&o.1), o.0.clone()))
        .map_or(0, |(index, _)| index)
}

/// The newest time the archive recorded for any file in `dir`.
fn newest_file(dir: &Path) -> SystemTime {
    let mut newest = UNIX_EPOCH;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            if meta.is_dir() {
                stack.push(entry.path());
            } else if let Ok(time) = meta.modified() {
                newest = newest.max(time);
            }
        }
    }
    newest
}

/// The note saying which upload was graded, why, and which were passed over.
fn choice_note(opened: &[Opened], graded: usize) -> String {
    let (name, _, time, code) = &opened[graded];
    let passed: Vec<String> = opened
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != graded)
        .map(|(_, (other, _, when, other_code))| {
            let what = if *other_code { "" } else { ", no source code in it" };
            format!("{other} ({}{what})", uploaded_at(*when))
        })
        .collect();
    let tied = opened.iter().enumerate().any(|(index, other)| {
        index != graded && other.3 == *code && time.duration_since(other.2).is_ok_and(|d| d <= SAME_TIME)
    });
    let why = match (*code, tied) {
        (true, false) => "the newest upload holding source code",
        (true, true) => "uploaded when another was: the one whose files are newest, then the last by name",
        (false, _) => "no upload holds source code; the newest",
    };
    format!(
        "{} uploads: graded {name} ({}, {why}); passed over {}",
        opened.len(),
        uploaded_at(*time),
        passed.join(", ")
    )
}

/// Whether any file under `dir` is source code.
fn holds_code(dir: &Path) -> bool {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
            if kind.is_dir() {
                stack.push(entry.path());
            } else if kind.is_file()
                && (SOURCE_ENDINGS.iter().any(|e| name.ends_with(e)) || name == "makefile")
            {
                return true;
            }
        }
    }
    false
}

/// `uploaded 2016-03-23 23:40`, as the download recorded it (the platform's clock, no zone).
fn uploaded_at(time: SystemTime) -> String {
    let Ok(since) = time.duration_since(UNIX_EPOCH) else {
        return "upload time unknown".to_string();
    };
    let seconds = since.as_secs() as i64;
    if seconds == 0 {
        return "upload time unknown".to_string();
    }
    let (year, month, day, hour, minute) = super::mail::when::civil(seconds);
    format!("uploaded {year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_upload_holding_code_is_graded_and_the_others_named() {
        use crate::intake::unpack::tests::zip_of;
        let dir = tempfile::tempdir().unwrap();
        let at = |s: u64| UNIX_EPOCH + Duration::from_secs(1_458_774_000 + s);
        let files = [
            ("A.zip", zip_of(&[("Minimax/src/Minimax.java", b"old")]), at(0)),
            ("B.zip", zip_of(&[("Minimax/src/Minimax.java", b"new")]), at(60)),
            ("C.zip", zip_of(&[("captura.png", b"png")]), at(120)),
        ];
        let mut uploaded = BTreeMap::new();
        for (name, bytes, time) in &files {
            fs::write(dir.path().join(name), bytes).unwrap();
            uploaded.insert(name.to_string(), *time);
        }
        fs::write(dir.path().join("readme.txt"), b"hola").unwrap();
        let mut notes = Vec::new();
        choose(dir.path(), &uploaded, &mut Budget::student(), &mut notes).unwrap();
        assert_eq!(
            fs::read(dir.path().join("Minimax/src/Minimax.java")).unwrap(),
            b"new"
        );
        let mut left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["Minimax", "readme.txt"]);
        assert_eq!(
            notes,
            ["3 uploads: graded B.zip (uploaded 2016-03-23 23:01, the newest upload holding source code); passed over A.zip (uploaded 2016-03-23 23:00), C.zip (uploaded 2016-03-23 23:02, no source code in it)"]
        );
    }

    #[test]
    fn uploads_of_the_same_time_go_by_name_and_the_note_says_so() {
        use crate::intake::unpack::tests::zip_of;
        let dir = tempfile::tempdir().unwrap();
        let mut uploaded = BTreeMap::new();
        for (name, text) in [("p1.zip", b"one"), ("p2.zip", b"two")] {
            let bytes = zip_of(&[("main.py", text)]);
            fs::write(dir.path().join(name), bytes).unwrap();
            uploaded.insert(name.to_string(), UNIX_EPOCH + Duration::from_secs(1_458_774_000));
        }
        let mut notes = Vec::new();
        choose(dir.path(), &uploaded, &mut Budget::student(), &mut notes).unwrap();
        assert_eq!(fs::read(dir.path().join("main.py")).unwrap(), b"two");
        assert!(
            notes[0].contains(
                "graded p2.zip (uploaded 2016-03-23 23:00, uploaded when another was: the one whose files are newest, then the last by name)"
            ),
            "{notes:?}"
        );
    }

    /// A zip whose one file the archiver dated `day` March 2016.
    fn dated_zip(name: &str, day: u8) -> Vec<u8> {
        use std::io::Write;
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let time = zip::DateTime::from_date_and_time(2016, 3, day, 12, 0, 0).unwrap();
        let options = zip::write::SimpleFileOptions::default().last_modified_time(time);
        writer.start_file(name, options).unwrap();
        writer.write_all(b"class Minimax {}").unwrap();
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn uploads_a_copy_gave_the_same_time_go_by_the_dates_inside_them() {
        let dir = tempfile::tempdir().unwrap();
        let mut uploaded = BTreeMap::new();
        // The corrected zip sorts first by name and was copied a second earlier.
        for (name, day, second) in [("MoralesJorge05.zip", 23, 0), ("Practica5.zip", 22, 1)] {
            fs::write(dir.path().join(name), dated_zip(&format!("{name}.java"), day)).unwrap();
            uploaded.insert(
                name.to_string(),
                UNIX_EPOCH + Duration::from_secs(1_700_000_000 + second),
            );
        }
        let mut notes = Vec::new();
        let chosen = choose(dir.path(), &uploaded, &mut Budget::student(), &mut notes)
            .unwrap()
            .unwrap();
        assert_eq!(chosen.graded, "MoralesJorge05.zip", "{notes:?}");
        assert_eq!(chosen.passed_over, ["Practica5.zip"]);
        assert!(dir.path().join("MoralesJorge05.zip.java").is_file());
    }

    #[test]
    fn upload_times_read_as_the_platform_wrote_them() {
        let time = UNIX_EPOCH + Duration::from_secs(1_458_774_000);
        assert_eq!(uploaded_at(time), "uploaded 2016-03-23 23:00");
        assert_eq!(uploaded_at(UNIX_EPOCH), "upload time unknown");
    }
}
