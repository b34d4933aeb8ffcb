//! Filling one folder from one archive: every entry's path checked, every byte and entry
//! charged, what was refused noted.

use super::budget::Budget;
use super::error::UnpackError;
use std::fs::{self, OpenOptions};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;
/// Files that archivers leave behind and nobody means to hand in.
pub(crate) fn is_debris(name: &str) -> bool {
    name == "__MACOSX" || name.starts_with("._") || name == ".DS_Store" || name == "Thumbs.db"
}

/// Where an entry named `raw` goes under the folder, or why it goes nowhere. Both `/` and
/// `\` separate folders (zips made on Windows use either).
pub(super) fn entry_path(raw: &str) -> Result<Option<PathBuf>, &'static str> {
    if raw.starts_with('/') || raw.starts_with('\\') || raw.as_bytes().get(1) == Some(&b':') {
        return Err("an absolute path");
    }
    let mut path = PathBuf::new();
    for part in raw.split(['/', '\\']) {
        match part {
            "" | "." => continue,
            ".." => return Err("a path that climbs out with `..`"),
            part if is_debris(part) => return Ok(None),
            part if part.contains('\0') => return Err("a name with a NUL byte"),
            part => path.push(part),
        }
    }
    debug_assert!(path.components().all(|c| matches!(c, Component::Normal(_))));
    Ok((!path.as_os_str().is_empty()).then_some(path))
}

/// Fills one folder from one archive, counting against a budget and noting what was refused.
pub(super) struct Filler<'a> {
    pub(super) root: &'a Path,
    pub(super) archive: String,
    pub(super) budget: &'a mut Budget,
    pub(super) notes: &'a mut Vec<String>,
    /// Whether files' bytes are charged as they are written (false where the whole stream,
    /// headers included, is charged by a [`super::untar::TarGuard`] instead).
    pub(super) charge_files: bool,
}

/// Most characters of a student's entry name repeated in a note: a name may be megabytes.
pub(super) const NOTE_NAME: usize = 160;

/// `raw` for a note: escaped, and cut to [`NOTE_NAME`] characters with how long it was.
pub(crate) fn name_for_note(raw: &str) -> String {
    let escaped: String = raw.escape_debug().take(NOTE_NAME + 1).collect();
    if escaped.chars().count() > NOTE_NAME {
        let cut: String = escaped.chars().take(NOTE_NAME).collect();
        format!("{cut}… ({} bytes in all)", raw.len())
    } else {
        escaped
    }
}

impl Filler<'_> {
    pub(super) fn refuse(&mut self, raw: &str, why: &str) {
        self.notes.push(format!(
            "{}: entry `{}` not unpacked: {why}",
            self.archive,
            name_for_note(raw)
        ));
    }

    /// Charges bytes that are not a file's contents (an entry's name).
    pub(super) fn charge(&mut self, bytes: u64) -> Result<(), UnpackError> {
        if bytes > self.budget.bytes {
            return Err(self.too_big());
        }
        self.budget.bytes -= bytes;
        Ok(())
    }

    pub(super) fn count(&mut self, declared: u64) -> Result<(), UnpackError> {
        if self.budget.entries == 0 {
            return Err(UnpackError::TooMany {
                archive: self.archive.clone(),
                entries: self.budget.allowed.1,
            });
        }
        self.budget.entries -= 1;
        if declared > self.budget.bytes {
            return Err(self.too_big());
        }
        Ok(())
    }

    pub(super) fn too_big(&self) -> UnpackError {
        UnpackError::TooBig {
            archive: self.archive.clone(),
            mib: self.budget.allowed.0 >> 20,
        }
    }

    pub(super) fn unreadable(&self, reason: impl ToString) -> UnpackError {
        // A reader's message may quote an entry's name, which may be megabytes.
        let reason = reason.to_string();
        UnpackError::Unreadable {
            archive: self.archive.clone(),
            reason: match reason.char_indices().nth(4 * NOTE_NAME) {
                Some((cut, _)) => format!("{}…", &reason[..cut]),
                None => reason,
            },
        }
    }

    pub(super) fn folder(&mut self, raw: &str) -> Result<(), UnpackError> {
        self.count(0)?;
        match entry_path(raw) {
            Ok(Some(path)) => fs::create_dir_all(self.root.join(path)).map_err(|e| self.unreadable(e)),
            Ok(None) => Ok(()),
            Err(why) => {
                self.refuse(raw, why);
                Ok(())
            }
        }
    }

    /// Writes one file's bytes, stopping at the budget whatever the archive claimed.
    pub(super) fn file(&mut self, raw: &str, declared: u64, data: &mut dyn Read) -> Result<(), UnpackError> {
        self.count(declared)?;
        let path = match entry_path(raw) {
            Ok(Some(path)) => path,
            Ok(None) => return Ok(()),
            Err(why) => {
                self.refuse(raw, why);
                return Ok(());
            }
        };
        let target = self.root.join(&path);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent).map_err(|e| self.unreadable(e))?;
        }
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&target) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                self.refuse(
                    raw,
                    "a file or folder of that name is already there (kept the first)",
                );
                return Ok(());
            }
            Err(error) => return Err(self.unreadable(error)),
        };
        let written =
            io::copy(&mut data.take(self.budget.bytes + 1), &mut file).map_err(|e| self.unreadable(e))?;
        if written > self.budget.bytes {
            return Err(self.too_big());
        }
        if self.charge_files {
            self.budget.bytes -= written;
        }
        Ok(())
    }

    /// Gives an unpacked file the time its archive recorded for it (never through a link).
    pub(super) fn stamp(&self, raw: &str, time: Option<SystemTime>) {
        let (Ok(Some(path)), Some(time)) = (entry_path(raw), time) else {
            return;
        };
        let mut options = OpenOptions::new();
        options.write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        // Windows opens a link's target only when told to; unpacking makes no links there.
        let opened = options.open(self.root.join(path));
        if let Ok(file) = opened {
            let _ = file.set_modified(time);
        }
    }
}
