//! From what a platform hands out to one folder per student, ready to grade.
//!
//! `--submissions` is a folder or an archive (a Moodle "Download all submissions" zip, a
//! Canvas or Gradescope export, or any folder of students). The layout is recognised by its
//! names ([`layout`]); each student's files, and the archives inside them, are unpacked into
//! a folder of the student's own ([`unpack`]). A student whose files cannot be read is still
//! in the class, with the reason, and is graded `build-failed`.

pub(crate) mod layout;
pub(crate) mod mail;
mod naming;
pub(crate) mod unpack;
mod uploads;

pub(crate) use layout::Layout;
use minimax_sandbox::scratch;
use naming::file_name;
pub(crate) use naming::{collation_key, escape_name};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use unpack::{Budget, Kind};

/// A student and the folder holding their files, unpacked.
#[derive(Clone, Debug)]
pub struct Student {
    /// The name shown in reports; one that is not UTF-8 is escaped losslessly (`Jos\xe9`).
    pub(crate) name: String,
    /// The platform's id for the student (Moodle's participant id, Canvas's user id).
    pub(crate) id: Option<String>,
    pub(crate) folder: PathBuf,
    /// Moodle's folder name for the student (`Full Name_1234567_assignsubmission_file`).
    pub(crate) lms_folder: Option<String>,
    pub(crate) late: bool,
    /// What the intake noticed (entries refused, archives left packed).
    pub(crate) notes: Vec<String>,
    /// Why the student's files could not be read: every position is `build-failed`.
    pub(crate) failure: Option<String>,
    /// The names of what the student handed in, before anything was unpacked (the course
    /// file's hand-in rules judge the archive's name and type).
    pub(crate) handed_in: Vec<String>,
    /// Of several uploads, the one graded (the newest holding code) and those passed over:
    /// "one archive" is judged on the graded one.
    pub(crate) graded_upload: Option<String>,
    pub(crate) passed_over: Vec<String>,
    /// Archives found inside the upload and unpacked, with the files each gave.
    pub(crate) nested: Vec<unpack::Nested>,
    /// How late, when the intake knows it (a mail's Date after the deadline): what to say,
    /// and by how many seconds.
    pub(crate) late_detail: Option<(String, u64)>,
    /// The mail graded, when the class is a mailbox: what a reply needs.
    pub(crate) origin: Option<mail::Origin>,
}

impl Student {
    pub fn new(name: String, folder: PathBuf) -> Student {
        Student {
            name,
            id: None,
            folder,
            lms_folder: None,
            late: false,
            notes: Vec::new(),
            failure: None,
            handed_in: Vec::new(),
            graded_upload: None,
            passed_over: Vec::new(),
            nested: Vec::new(),
            late_detail: None,
            origin: None,
        }
    }
}

/// The class: the students in it, and every other entry with why it is not graded.
#[derive(Clone, Debug, Default)]
pub struct Class {
    pub students: Vec<Student>,
    pub not_graded: Vec<NotGraded>,
}

/// An entry of the class folder that was not graded, and why: nobody goes missing silently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotGraded {
    pub(crate) entry: String,
    pub(crate) reason: String,
}

/// Why the class cannot be read at all: the grader's error, not a student's.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", .path.display())]
pub struct IntakeError {
    /// The folder or archive given.
    pub(crate) path: PathBuf,
    /// What is wrong with it.
    pub(crate) message: String,
}

/// The class found, and the working folder its unpacked files live in (removed on drop).
#[derive(Debug)]
pub(crate) struct Intake {
    pub(crate) layout: Layout,
    pub(crate) class: Class,
    _work: Option<tempfile::TempDir>,
}

/// Where students' files come from before they are unpacked.
enum Source {
    /// A folder of the student's, used as it is when it holds no archive.
    Folder(PathBuf),
    /// Loose files that belong to the student (flat Moodle and Canvas downloads).
    Files(Vec<(PathBuf, String)>),
}

/// One student as the layout names them.
struct Found {
    name: String,
    id: Option<String>,
    lms_folder: Option<String>,
    late: bool,
    sources: Vec<Source>,
    /// What the intake noticed before unpacking (a mailbox's notes on the student's mails).
    notes: Vec<String>,
    /// Why nothing can be graded (a mail that links instead of attaching).
    failure: Option<String>,
    late_detail: Option<(String, u64)>,
    origin: Option<mail::Origin>,
}

/// Reads `--submissions`: a mailbox (read by [`mail`]), a folder, or an archive unpacked first.
pub(crate) fn open(path: &Path, mail: &mail::MailOptions) -> Result<Intake, IntakeError> {
    let folder_error = |message: String| IntakeError {
        path: path.to_path_buf(),
        message,
    };
    if let Some(form) = mail::recognise(path) {
        return open_mailbox(path, form, mail);
    }
    let mut work = None;
    let root = if path.is_dir() {
        path.to_path_buf()
    } else if path.is_file() {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some((kind, _)) = Kind::of(&name) else {
            return Err(folder_error(
                "not a folder, nor an archive this tool reads (.zip, .tar, .tar.gz, .tgz, .rar, .7z)"
                    .to_string(),
            ));
        };
        let dir = work_dir().map_err(|e| folder_error(format!("cannot make a working folder: {e}")))?;
        let download = dir.path().join("download");
        fs::create_dir(&download).map_err(|e| folder_error(e.to_string()))?;
        let mut notes = Vec::new();
        unpack::unpack(path, kind, &download, &mut Budget::class(), &mut notes)
            .map_err(|e| folder_error(e.to_string()))?;
        work = Some(dir);
        sole_folder(&download)
    } else {
        return Err(folder_error("no such folder or archive".to_string()));
    };
    let (layout, found, mut not_graded) =
        survey(&root).map_err(|e| folder_error(format!("cannot read: {e}")))?;
    if found.is_empty() {
        return Err(folder_error(format!(
            "no students in it: expected {}",
            Layout::Folders.describe()
        )));
    }
    not_graded.sort_by(|a, b| a.entry.cmp(&b.entry));
    Ok(Intake {
        layout,
        class: class_of(found, not_graded, &mut work),
        _work: work,
    })
}

/// The students found, each in a folder of their own, in the order people sort names.
fn class_of(found: Vec<Found>, not_graded: Vec<NotGraded>, work: &mut Option<tempfile::TempDir>) -> Class {
    let mut class = Class::default();
    for (index, found) in found.into_iter().enumerate() {
        class.students.push(materialise(found, index, work));
    }
    // As people sort names: "Óscar" among the O's, "ana" with "Ana"; ties by bytes, then id.
    class
        .students
        .sort_by_cached_key(|s| (collation_key(&s.name), s.name.clone(), s.id.clone()));
    class.not_graded = not_graded;
    class
}

/// A mailbox as a class: its mails read one at a time, attachments saved in the working
/// folder, then each student gathered as a download's are. Mails are listed in the box's
/// order, not by name, in what was not graded.
fn open_mailbox(path: &Path, form: mail::Form, options: &mail::MailOptions) -> Result<Intake, IntakeError> {
    let error = |message: String| IntakeError {
        path: path.to_path_buf(),
        message,
    };
    let dir = work_dir().map_err(|e| error(format!("cannot make a working folder: {e}")))?;
    let (senders, skipped) =
        mail::survey(path, form, options, dir.path()).map_err(|e| error(format!("cannot read: {e}")))?;
    let not_graded: Vec<NotGraded> = skipped
        .into_iter()
        .map(|(entry, reason)| NotGraded { entry, reason })
        .collect();
    let found: Vec<Found> = senders
        .into_iter()
        .map(|sender| Found {
            name: sender.name,
            id: sender.id,
            lms_folder: None,
            late: sender.late.is_some(),
            sources: vec![Source::Files(sender.files)],
            notes: sender.notes,
            failure: sender.failure,
            late_detail: sender.late,
            origin: sender.origin,
        })
        .collect();
    if found.is_empty() {
        let why = match &options.subject {
            Some(subject) => format!(
                "no mail of the practice in it: {} mail(s), none with the subject {}",
                not_graded.len(),
                subject.written()
            ),
            None => "no mail in it".to_string(),
        };
        return Err(error(why));
    }
    let mut work = Some(dir);
    Ok(Intake {
        layout: Layout::Mailbox,
        class: class_of(found, not_graded, &mut work),
        _work: work,
    })
}

/// One student's folder (`--student`, as on Gradescope), its archives unpacked.
pub(crate) fn one(folder: &Path, name: String) -> Intake {
    let mut work = None;
    let student = materialise(found(name, Source::Folder(folder.to_path_buf())), 0, &mut work);
    Intake {
        layout: Layout::Folders,
        class: Class {
            students: vec![student],
            not_graded: Vec::new(),
        },
        _work: work,
    }
}

fn work_dir() -> std::io::Result<tempfile::TempDir> {
    tempfile::Builder::new().prefix("minimax-intake-").tempdir()
}

/// Exports often wrap everything in one folder: grade what is inside it.
fn sole_folder(dir: &Path) -> PathBuf {
    let mut dir = dir.to_path_buf();
    loop {
        let entries: Vec<_> = match fs::read_dir(&dir) {
            Ok(entries) => entries
                .flatten()
                .filter(|e| !unpack::is_debris(&e.file_name().to_string_lossy()))
                .collect(),
            Err(_) => return dir,
        };
        match entries.as_slice() {
            [only] if only.file_type().is_ok_and(|t| t.is_dir()) => {
                let name = only.file_name().to_string_lossy().into_owned();
                // A lone student is still a class of one, not a wrapper.
                if layout::moodle_name(&name).is_some() || name.starts_with("submission_") {
                    return dir;
                }
                dir = only.path();
            }
            _ => return dir,
        }
    }
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
fn survey(root: &Path) -> std::io::Result<(Layout, Vec<Found>, Vec<NotGraded>)> {
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
        name: moodle.name.to_string(),
        id: Some(moodle.id.to_string()),
        lms_folder: Some(lms_folder.clone()),
        late: false,
        sources: Vec::new(),
        notes: Vec::new(),
        failure: None,
        late_detail: None,
        origin: None,
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
            name: canvas.login.to_string(),
            id: Some(canvas.user_id.to_string()),
            lms_folder: None,
            late: false,
            sources: Vec::new(),
            notes: Vec::new(),
            failure: None,
            late_detail: None,
            origin: None,
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
            name: display,
            id: sid.clone(),
            lms_folder: None,
            late: false,
            sources: vec![Source::Folder(path.to_path_buf())],
            notes: Vec::new(),
            failure: None,
            late_detail: None,
            origin: None,
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
    students.insert(name.clone(), found(student, source));
    Ok(())
}

fn found(name: String, source: Source) -> Found {
    Found {
        name,
        id: None,
        lms_folder: None,
        late: false,
        sources: vec![source],
        notes: Vec::new(),
        failure: None,
        late_detail: None,
        origin: None,
    }
}

/// Gives a found student one folder holding all their files, archives unpacked. A lone folder
/// with no archive in it is used where it is; anything else is gathered into the working
/// folder. Whatever goes wrong is the student's `failure`, never the class's.
fn materialise(found: Found, index: usize, work: &mut Option<tempfile::TempDir>) -> Student {
    let mut student = Student {
        name: found.name,
        id: found.id,
        folder: PathBuf::new(),
        lms_folder: found.lms_folder,
        late: found.late,
        notes: found.notes,
        failure: found.failure,
        handed_in: handed_in(&found.sources),
        graded_upload: None,
        passed_over: Vec::new(),
        nested: Vec::new(),
        late_detail: found.late_detail,
        origin: found.origin,
    };
    if student.failure.is_some() {
        return student;
    }
    if let [Source::Folder(folder)] = found.sources.as_slice() {
        if unpack::archives_in(folder).is_empty() {
            student.folder = folder.clone();
            return student;
        }
    }
    let target = match work {
        Some(dir) => dir.path().join(format!("students/{index:05}")),
        None => match work_dir() {
            Ok(dir) => work.insert(dir).path().join(format!("students/{index:05}")),
            Err(error) => {
                student.failure = Some(format!("the grader could not make a working folder: {error}"));
                return student;
            }
        },
    };
    student.folder = target.clone();
    match gather(&found.sources, &target, &mut student.notes) {
        Ok(chosen) => {
            student.graded_upload = chosen.graded;
            student.passed_over = chosen.passed_over;
            student.nested = chosen.nested;
        }
        Err(why) => student.failure = Some(why.to_string()),
    }
    student
}

/// The names of the files and folders a student handed in, in name order.
fn handed_in(sources: &[Source]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for source in sources {
        match source {
            Source::Folder(folder) => names.extend(
                fs::read_dir(folder)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|entry| escape_name(&entry.file_name()))
                    .filter(|name| !unpack::is_debris(name)),
            ),
            Source::Files(files) => names.extend(files.iter().map(|(_, name)| name.clone())),
        }
    }
    names.sort();
    names
}

/// What unpacking found: of several uploads the one graded and the others, and the archives
/// inside what is graded.
#[derive(Default)]
struct Gathered {
    graded: Option<String>,
    passed_over: Vec<String>,
    nested: Vec<unpack::Nested>,
}

/// Why a student's hand-in could not be gathered into one folder; the words become the
/// student's failure.
#[derive(Debug, thiserror::Error)]
enum GatherError {
    #[error("the grader could not make a working folder: {0}")]
    WorkingFolder(#[source] std::io::Error),
    #[error("the submission could not be read: {0}")]
    Unreadable(#[source] std::io::Error),
    #[error("the grader could not make a folder: {0}")]
    Folder(#[source] std::io::Error),
    #[error("{name}: larger than the {} MiB allowed", unpack::STUDENT_BYTES >> 20)]
    TooLarge { name: String },
    #[error("{name} could not be read: {error}")]
    FileUnreadable {
        name: String,
        #[source]
        error: std::io::Error,
    },
    #[error(transparent)]
    Unpack(#[from] unpack::UnpackError),
}

fn gather(sources: &[Source], target: &Path, notes: &mut Vec<String>) -> Result<Gathered, GatherError> {
    let parent = target.parent().unwrap_or(target);
    fs::create_dir_all(parent).map_err(GatherError::WorkingFolder)?;
    let mut budget = Budget::student();
    let mut made = false;
    // When each top-level file was handed in (the download keeps upload times).
    let mut uploaded: BTreeMap<String, SystemTime> = BTreeMap::new();
    for source in sources {
        match source {
            Source::Folder(folder) if !made => {
                for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
                    if let Ok(time) = entry.metadata().and_then(|m| m.modified()) {
                        uploaded.insert(entry.file_name().to_string_lossy().into_owned(), time);
                    }
                }
                scratch::copy_capped(folder, target, &mut budget.bytes, &mut budget.entries)
                    .map_err(GatherError::Unreadable)?;
                made = true;
            }
            Source::Folder(folder) => {
                // A second folder for the same participant: beside the first, by its name.
                let name = folder.file_name().unwrap_or_default();
                scratch::copy_capped(folder, &target.join(name), &mut budget.bytes, &mut budget.entries)
                    .map_err(GatherError::Unreadable)?;
            }
            Source::Files(files) => {
                if !made {
                    fs::create_dir(target).map_err(GatherError::Folder)?;
                    made = true;
                }
                for (path, name) in files {
                    let size = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
                    if size > budget.bytes {
                        return Err(GatherError::TooLarge { name: name.clone() });
                    }
                    budget.bytes -= size;
                    let to = target.join(file_name(name));
                    fs::copy(path, &to).map_err(|error| GatherError::FileUnreadable {
                        name: name.clone(),
                        error,
                    })?;
                    if let Ok(time) = fs::metadata(path).and_then(|m| m.modified()) {
                        uploaded.insert(file_name(name), time);
                    }
                }
            }
        }
    }
    let chosen = uploads::choose(target, &uploaded, &mut budget, notes)?;
    let mut nested = unpack::unpack_nested(target, chosen.is_none(), &mut budget, notes)?;
    let chosen = chosen.unwrap_or_default();
    nested.extend(chosen.nested);
    Ok(Gathered {
        graded: (!chosen.graded.is_empty()).then_some(chosen.graded),
        passed_over: chosen.passed_over,
        nested,
    })
}

/// A sheet's students (name, results) in the order people sort names; one name's rows stay
/// together, as the sheet had them.
pub(crate) fn people_order<T>(mut students: Vec<(String, T)>) -> Vec<(String, T)> {
    students.sort_by_cached_key(|(name, _)| (collation_key(name), name.clone()));
    students
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_as_people_sort_them() {
        let mut names = vec!["Rosa", "Óscar", "beto", "Ana", "Ángel", "ana", "Zoe"];
        names.sort_by_cached_key(|n| (collation_key(n), n.to_string()));
        assert_eq!(names, ["Ana", "ana", "Ángel", "beto", "Óscar", "Rosa", "Zoe"]);
    }
}
