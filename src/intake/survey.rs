//! The walk of a class folder: its entries in name order, the platform told by their names,
//! and each entry placed with its student (by Moodle's participant id, Canvas's user id,
//! Gradescope's metadata, or the folder's name) or said why it is not graded.

use super::unpack::{self, Kind};
use super::{escape_name, layout, mail, Layout, NotGraded};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Where students' files come from before they are unpacked.
pub(super) enum Source {
    /// A folder of the student's, used as it is when it holds no archive.
    Folder(PathBuf),
    /// Loose files that belong to the student (flat Moodle and Canvas downloads).
    Files(Vec<(PathBuf, String)>),
}

/// One student as the layout names them.
pub(super) struct Found {
    pub(super) name: String,
    pub(super) id: Option<String>,
    pub(super) lms_folder: Option<String>,
    pub(super) late: bool,
    pub(super) sources: Vec<Source>,
    /// What the intake noticed before unpacking (a mailbox's notes on the student's mails).
    pub(super) notes: Vec<String>,
    /// Why nothing can be graded (a mail that links instead of attaching).
    pub(super) failure: Option<String>,
    pub(super) late_detail: Option<(String, u64)>,
    pub(super) origin: Option<mail::Origin>,
}

/// One entry of the class folder, by its escaped name.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    name: String,
    /// `None` for a link or a special file: links are never followed out of the class folder.
    path: Option<PathBuf>,
    is_dir: bool,
}

/// Students found so far, by the key their platform gives them.
type Students = BTreeMap<String, Found>;

/// Why an entry is not graded, for the report.
type Skip = &'static str;

/// Names every entry of the class folder: students (by layout) and what is not graded.
pub(super) fn survey(root: &Path) -> std::io::Result<(Layout, Vec<Found>, Vec<NotGraded>)> {
    let entries = class_entries(root)?;
    let metadata = root.join("submission_metadata.yml");
    let layout = layout_of(metadata.is_file(), &entries);
    let submitters = match layout {
        Layout::Gradescope => {
            let text = fs::read(&metadata)?;
            layout::gradescope_submitters(&String::from_utf8_lossy(&text[..text.len().min(16 << 20)]))
        }
        _ => Vec::new(),
    };
    let mut students = Students::new();
    let mut not_graded = Vec::new();
    for entry in entries {
        let placed = match &entry.path {
            None => Err("a link or special file, not a folder or an archive"),
            Some(_) if unpack::is_debris(&entry.name) => {
                Err("debris left by an archiver (macOS), not a submission")
            }
            Some(path) => match layout {
                Layout::Moodle => place_moodle(&mut students, &entry, path),
                Layout::Canvas => place_canvas(&mut students, &entry, path),
                Layout::Gradescope => place_gradescope(&mut students, &entry, path, &submitters),
                Layout::Folders | Layout::Mailbox => place_folder(&mut students, &entry, path),
            },
        };
        if let Err(reason) = placed {
            not_graded.push(NotGraded {
                entry: entry.name,
                reason: reason.to_string(),
            });
        }
    }
    Ok((layout, students.into_values().collect(), not_graded))
}

/// The class folder's entries, in name order.
fn class_entries(root: &Path) -> std::io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for entry in fs::read_dir(root)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let plain = !kind.is_symlink() && (kind.is_dir() || kind.is_file());
        entries.push(Entry {
            name: escape_name(&entry.file_name()),
            path: plain.then(|| entry.path()),
            is_dir: plain && kind.is_dir(),
        });
    }
    entries.sort();
    Ok(entries)
}

/// The platform whose download this is: Gradescope's metadata file, then Moodle's and Canvas'
/// names; a plain folder of folders otherwise.
fn layout_of(has_metadata: bool, entries: &[Entry]) -> Layout {
    if has_metadata {
        Layout::Gradescope
    } else if entries.iter().any(|e| layout::moodle_name(&e.name).is_some()) {
        Layout::Moodle
    } else if entries
        .iter()
        .any(|e| !e.is_dir && layout::canvas_name(&e.name).is_some())
    {
        Layout::Canvas
    } else {
        Layout::Folders
    }
}

fn place_moodle(students: &mut Students, entry: &Entry, path: &Path) -> Result<(), Skip> {
    let name = &entry.name;
    let moodle = layout::moodle_name(name).ok_or("not named as Moodle names a participant's submission")?;
    // Feedback goes back in a folder named exactly as the download names the participant's
    // files (`…_assignsubmission_file_`, trailing `_` included).
    let lms_folder = if entry.is_dir {
        name.clone()
    } else {
        format!("{}_", moodle.key)
    };
    let student = students.entry(moodle.id.to_string()).or_insert_with(|| Found {
        id: Some(moodle.id.to_string()),
        lms_folder: Some(lms_folder.clone()),
        ..Found::new(moodle.name.to_string(), Vec::new())
    });
    if moodle.key.ends_with("_assignsubmission_file") {
        student.lms_folder = Some(lms_folder);
    }
    student.sources.push(if entry.is_dir {
        Source::Folder(path.to_path_buf())
    } else {
        let file = if moodle.rest.is_empty() {
            name.clone()
        } else {
            moodle.rest.to_string()
        };
        Source::Files(vec![(path.to_path_buf(), file)])
    });
    Ok(())
}

fn place_canvas(students: &mut Students, entry: &Entry, path: &Path) -> Result<(), Skip> {
    let canvas = layout::canvas_name(&entry.name)
        .filter(|_| !entry.is_dir)
        .ok_or("not named as Canvas names a student's file")?;
    let student = students
        .entry(canvas.user_id.to_string())
        .or_insert_with(|| Found {
            id: Some(canvas.user_id.to_string()),
            ..Found::new(canvas.login.to_string(), Vec::new())
        });
    student.late |= canvas.late;
    student
        .sources
        .push(Source::Files(vec![(path.to_path_buf(), canvas.file.to_string())]));
    Ok(())
}

fn place_gradescope(
    students: &mut Students,
    entry: &Entry,
    path: &Path,
    submitters: &[(String, String, Option<String>)],
) -> Result<(), Skip> {
    let name = &entry.name;
    if name == "submission_metadata.yml" {
        return Ok(());
    }
    let (_, who, sid) = submitters
        .iter()
        .find(|s| &s.0 == name)
        .filter(|_| entry.is_dir)
        .ok_or("not a submission listed in submission_metadata.yml")?;
    let display = if who.is_empty() { name.clone() } else { who.clone() };
    students.insert(
        name.clone(),
        Found {
            id: sid.clone(),
            ..Found::new(display, vec![Source::Folder(path.to_path_buf())])
        },
    );
    Ok(())
}

fn place_folder(students: &mut Students, entry: &Entry, path: &Path) -> Result<(), Skip> {
    let name = &entry.name;
    if name.starts_with('.') {
        return Err("hidden (its name starts with a dot)");
    }
    let (student, source) = if entry.is_dir {
        (name.clone(), Source::Folder(path.to_path_buf()))
    } else {
        let (_, stem) = Kind::of(name).ok_or(
            "a file, not a folder or an archive: each student's program goes in a folder or archive of its own",
        )?;
        (
            stem.to_string(),
            Source::Files(vec![(path.to_path_buf(), name.clone())]),
        )
    };
    students.insert(name.clone(), Found::new(student, vec![source]));
    Ok(())
}

impl Found {
    /// A student known by name only, with what they handed in.
    pub(super) fn new(name: String, sources: Vec<Source>) -> Found {
        Found {
            name,
            id: None,
            lms_folder: None,
            late: false,
            sources,
            notes: Vec::new(),
            failure: None,
            late_detail: None,
            origin: None,
        }
    }
}
