//! Scratch copies: each student's runs work in a copy of the submission, never in it.
//!
//! The copy is made by the grader without following links (a link to a classmate's file
//! stays a link, which the run cannot follow out of its walls), is capped in size and file
//! count, and belongs to the run's user so that the program may write beside itself.

use std::fs;
use std::io;
use std::os::unix::fs::{lchown, symlink, PermissionsExt};
use std::path::Path;

/// Most bytes copied for one student.
pub const MAX_BYTES: u64 = 256 << 20;
/// Most files and folders copied for one student.
pub const MAX_ENTRIES: u64 = 20_000;

/// How much was copied so far, against the caps.
#[derive(Default)]
struct Budget {
    bytes: u64,
    entries: u64,
}

/// Copies the folder `from` to `to` (which must not exist), owned by `owner` when given.
pub fn copy(from: &Path, to: &Path, owner: Option<(u32, u32)>) -> io::Result<()> {
    let mut budget = Budget::default();
    copy_dir(from, to, owner, &mut budget)
}

/// Copies as [`copy`] does, charging the bytes and entries an intake has left for the student
/// (whose caps are the same as a copy's).
pub fn copy_capped(from: &Path, to: &Path, bytes_left: &mut u64, entries_left: &mut u64) -> io::Result<()> {
    let mut budget = Budget {
        bytes: MAX_BYTES.saturating_sub(*bytes_left),
        entries: MAX_ENTRIES.saturating_sub(*entries_left),
    };
    copy_dir(from, to, None, &mut budget)?;
    *bytes_left = MAX_BYTES.saturating_sub(budget.bytes);
    *entries_left = MAX_ENTRIES.saturating_sub(budget.entries);
    Ok(())
}

fn copy_dir(from: &Path, to: &Path, owner: Option<(u32, u32)>, budget: &mut Budget) -> io::Result<()> {
    fs::create_dir(to)?;
    fs::set_permissions(to, fs::Permissions::from_mode(0o700))?;
    give(to, owner)?;
    let mut entries: Vec<_> = fs::read_dir(from)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        budget.entries += 1;
        if budget.entries > MAX_ENTRIES {
            return Err(io::Error::other(format!(
                "the submission has more than {MAX_ENTRIES} files and folders"
            )));
        }
        let source = entry.path();
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_dir(&source, &target, owner, budget)?;
        } else if kind.is_symlink() {
            symlink(fs::read_link(&source)?, &target)?;
            give(&target, owner)?;
        } else if kind.is_file() {
            budget.bytes += entry.metadata()?.len();
            if budget.bytes > MAX_BYTES {
                return Err(io::Error::other(format!(
                    "the submission is larger than {} MiB",
                    MAX_BYTES >> 20
                )));
            }
            fs::copy(&source, &target)?;
            give(&target, owner)?;
        }
        // Sockets, FIFOs and devices are not copied: a program has no use for them.
    }
    Ok(())
}

/// Writes a harness's files into a copy, replacing the submission's files of the same names.
pub fn add_files(dir: &Path, files: &[(String, Vec<u8>)], owner: Option<(u32, u32)>) -> io::Result<()> {
    for (name, bytes) in files {
        let target = dir.join(name);
        if fs::symlink_metadata(&target).is_ok_and(|m| m.is_dir()) {
            fs::remove_dir_all(&target)?;
        } else if fs::symlink_metadata(&target).is_ok() {
            fs::remove_file(&target)?;
        }
        fs::write(&target, bytes)?;
        give(&target, owner)?;
    }
    Ok(())
}

fn give(path: &Path, owner: Option<(u32, u32)>) -> io::Result<()> {
    match owner {
        Some((uid, gid)) => lchown(path, Some(uid), Some(gid)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_copied_as_links_and_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let student = dir.path().join("student");
        fs::create_dir_all(student.join("src")).unwrap();
        fs::write(student.join("src/main.py"), "print('X 1 1')").unwrap();
        fs::write(dir.path().join("secret"), "answers").unwrap();
        symlink(dir.path().join("secret"), student.join("peek")).unwrap();
        let copy_at = dir.path().join("copy");
        copy(&student, &copy_at, None).unwrap();
        assert_eq!(
            fs::read_to_string(copy_at.join("src/main.py")).unwrap(),
            "print('X 1 1')"
        );
        assert!(fs::symlink_metadata(copy_at.join("peek"))
            .unwrap()
            .file_type()
            .is_symlink());
    }
}
