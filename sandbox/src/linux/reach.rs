//! What of the instructor's a run without a box could reach: the reference solver (the
//! grader's binary, any `minimax` on the PATH) to execute, and the positions, the seed, the
//! report and folders named private to read.
//!
//! Without a mount namespace two things stand between a run and a file: Landlock's rules
//! (where the kernel has Landlock) and the file's modes for the run's uid (a uid of its own
//! only when the grader is root; else the grader's, to which every mode is open). Checked
//! before grading, so that `auto` names each file and the fix, and `strict` refuses.

use crate::policy::Private;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// One file or folder a run could reach, and what would keep it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exposure {
    pub what: String,
    pub path: PathBuf,
    pub fix: String,
}

impl Exposure {
    /// `the positions fixtures/a.txt (chmod 600 fixtures/a.txt)`.
    pub fn describe(&self) -> String {
        format!("{} {} ({})", self.what, self.path.display(), self.fix)
    }
}

/// The files of `solvers` a run could execute and those of `private` it could read, as uid
/// `uid` (`None`: the grader's own) under Landlock's `readable` folders (`None`: no Landlock).
pub fn exposed(
    solvers: &[PathBuf],
    private: &[Private],
    uid: Option<u32>,
    readable: Option<&[PathBuf]>,
) -> Vec<Exposure> {
    let solvers = solvers
        .iter()
        .map(|path| ("the reference solver", path, Access::Execute));
    let private = private.iter().map(|p| (p.what.as_str(), &p.path, Access::Read));
    solvers
        .chain(private)
        .filter_map(|(what, path, access)| {
            let path = path.canonicalize().ok()?;
            if let Some(readable) = readable {
                if !readable.iter().any(|folder| path.starts_with(folder)) {
                    return None;
                }
            }
            let fix = match uid {
                Some(uid) if !open_to(&path, uid, access) => return None,
                Some(_) => fix(&path, access),
                None => "runs are your own uid: only Landlock (Linux 5.13 or later) or grading as root keeps it out".to_string(),
            };
            Some(Exposure {
                what: what.to_string(),
                path,
                fix,
            })
        })
        .collect()
}

/// What a run would do with a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Read,
    Execute,
}

/// Whether uid `uid` (with group `uid` and no other groups, as runs are) may pass through
/// every folder above `path` and read (or execute) it.
fn open_to(path: &Path, uid: u32, access: Access) -> bool {
    let mut folders: Vec<&Path> = path.ancestors().skip(1).collect();
    folders.reverse();
    let passes = folders.iter().all(|folder| allows(folder, uid, 0o1));
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    let wanted = match access {
        _ if meta.is_dir() => 0o5,
        Access::Read => 0o4,
        Access::Execute => 0o1,
    };
    passes && allows(path, uid, wanted)
}

/// Whether the mode bits of `path` that apply to uid `uid` include any of `bits` (r=4, w=2,
/// x=1).
fn allows(path: &Path, uid: u32, bits: u32) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    let mode = meta.mode();
    let class = if meta.uid() == uid {
        mode >> 6
    } else if meta.gid() == uid {
        mode >> 3
    } else {
        mode
    };
    class & bits != 0
}

/// The command that keeps other users out of `path`.
fn fix(path: &Path, access: Access) -> String {
    let is_dir = path.is_dir();
    let mode = if is_dir || access == Access::Execute {
        700
    } else {
        600
    };
    let mut fix = format!("chmod {mode} {}", path.display());
    if access == Access::Execute && !is_dir {
        fix.push_str(", or install it where only root may read it");
    }
    fix
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn private(what: &str, path: &Path) -> Private {
        Private {
            what: what.to_string(),
            path: path.to_path_buf(),
        }
    }

    #[test]
    fn a_file_others_may_read_is_exposed_with_its_fix_and_one_they_may_not_is_not() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let open = dir.path().join("open.txt");
        let closed = dir.path().join("closed.txt");
        for (file, mode) in [(&open, 0o644), (&closed, 0o600)] {
            std::fs::write(file, "X 1 1").unwrap();
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        let files = [private("the positions", &open), private("the seed", &closed)];
        let found = exposed(&[], &files, Some(1_900_000_000), None);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].what, "the positions");
        assert!(found[0].fix.starts_with("chmod 600 "), "{:?}", found[0]);
        // Landlock's rules keep out whatever lies outside the folders they allow.
        let elsewhere = [PathBuf::from("/usr")];
        assert!(exposed(&[], &files, Some(1_900_000_000), Some(&elsewhere)).is_empty());
        // The grader's own uid reads everything it can.
        assert_eq!(exposed(&[], &files, None, None).len(), 2);
    }

    #[test]
    fn a_folder_nobody_else_may_enter_keeps_its_files_out_of_reach() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("solutions");
        std::fs::create_dir(&inner).unwrap();
        let file = inner.join("key.txt");
        std::fs::write(&file, "X 2 3").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o700)).unwrap();
        let files = [private("a private folder", &file)];
        assert!(exposed(&[], &files, Some(1_900_000_000), None).is_empty());
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o711)).unwrap();
        assert_eq!(exposed(&[], &files, Some(1_900_000_000), None).len(), 1);
    }
}
