//! Opening what `--submissions` or `--student` gives: a mailbox, a folder, or an archive
//! unpacked first (a wrapping folder looked through), its students found and each given a
//! folder, in the order people sort names.

use super::gather::{materialise, work_dir};
use super::survey::{survey, Found, Source};
use super::unpack::{self, Budget, Kind};
use super::{collation_key, layout, mail, Class, Intake, IntakeError, IntakeProblem, Layout, NotGraded};
use std::fs;
use std::path::{Path, PathBuf};

/// Reads `--submissions`: a mailbox (read by [`mail`]), a folder, or an archive unpacked first.
pub(crate) fn open(path: &Path, mail: &mail::MailOptions) -> Result<Intake, IntakeError> {
    let opened = match mail::recognise(path) {
        Some(form) => open_mailbox(path, form, mail),
        None => open_download(path),
    };
    opened.map_err(|problem| IntakeError {
        path: path.to_path_buf(),
        problem,
    })
}

/// A platform's download, or any folder of students: a folder read where it is, an archive
/// unpacked into the working folder first.
fn open_download(path: &Path) -> Result<Intake, IntakeProblem> {
    let mut work = None;
    let root = if path.is_dir() {
        path.to_path_buf()
    } else if path.is_file() {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (kind, _) = Kind::of(&name).ok_or(IntakeProblem::NotAnArchive)?;
        let dir = work_dir().map_err(IntakeProblem::WorkingFolder)?;
        let download = dir.path().join("download");
        fs::create_dir(&download).map_err(IntakeProblem::DownloadFolder)?;
        let mut notes = Vec::new();
        unpack::unpack(path, kind, &download, &mut Budget::class(), &mut notes)
            .map_err(IntakeProblem::Unpack)?;
        work = Some(dir);
        sole_folder(&download)
    } else {
        return Err(IntakeProblem::Missing);
    };
    let (layout, found, mut not_graded) = survey(&root).map_err(IntakeProblem::Unreadable)?;
    if found.is_empty() {
        return Err(IntakeProblem::NoStudents {
            expected: Layout::Folders,
        });
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
fn open_mailbox(path: &Path, form: mail::Form, options: &mail::MailOptions) -> Result<Intake, IntakeProblem> {
    let dir = work_dir().map_err(IntakeProblem::WorkingFolder)?;
    let (senders, skipped) =
        mail::survey(path, form, options, dir.path()).map_err(IntakeProblem::Unreadable)?;
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
        return Err(match &options.subject {
            Some(subject) => IntakeProblem::NoMailOfThePractice {
                mails: not_graded.len(),
                subject: subject.written().to_string(),
            },
            None => IntakeProblem::NoMail,
        });
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
    let student = materialise(
        Found::new(name, vec![Source::Folder(folder.to_path_buf())]),
        0,
        &mut work,
    );
    Intake {
        layout: Layout::Folders,
        class: Class {
            students: vec![student],
            not_graded: Vec::new(),
        },
        _work: work,
    }
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
