//! Each student found given one folder holding all their files: a lone folder without
//! archives used where it is, anything else copied into the working folder, the upload to
//! grade chosen and the archives inside unpacked; whatever goes wrong is the student's
//! failure, never the class's.

use super::naming::file_name;
use super::survey::{Found, Source};
use super::unpack::{self, Budget};
use super::{escape_name, uploads, Student};
use minimax_sandbox::scratch;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Gives a found student one folder holding all their files, archives unpacked. A lone folder
/// with no archive in it is used where it is; anything else is gathered into the working
/// folder. Whatever goes wrong is the student's `failure`, never the class's.
pub(super) fn materialise(found: Found, index: usize, work: &mut Option<tempfile::TempDir>) -> Student {
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

/// A working folder of the intake's own, removed when the class is dropped.
pub(super) fn work_dir() -> std::io::Result<tempfile::TempDir> {
    tempfile::Builder::new().prefix("minimax-intake-").tempdir()
}
