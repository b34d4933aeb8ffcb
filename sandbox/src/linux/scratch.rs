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

/// Why the grader's mounts could not be made its own (see [`private_mounts`]).
#[derive(Debug, thiserror::Error)]
pub enum PrivateMountsError {
    /// The kernel refused a mount namespace.
    #[error("the kernel refused a mount namespace: {0}")]
    Namespace(#[source] io::Error),
    /// The namespace's mounts could not be kept from propagating.
    #[error("cannot make the mounts private: {0}")]
    Propagation(#[source] io::Error),
}

/// Moves the calling thread (and the threads it starts later: the grading's workers) into a
/// mount namespace of its own, whose mounts do not propagate to the machine's: students'
/// tmpfs copies are seen by nobody else and vanish with the grader, however it ends.
pub fn private_mounts() -> Result<(), PrivateMountsError> {
    // SAFETY: namespace calls on this thread alone, with constant arguments.
    unsafe {
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            return Err(PrivateMountsError::Namespace(io::Error::last_os_error()));
        }
        let flags = libc::MS_REC | libc::MS_PRIVATE;
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            flags,
            std::ptr::null(),
        ) != 0
        {
            return Err(PrivateMountsError::Propagation(io::Error::last_os_error()));
        }
    }
    Ok(())
}

/// The most files and folders a student's tmpfs holds: the copy's cap and room for a build.
const CELL_INODES: u64 = MAX_ENTRIES + 4096;

/// Mounts a tmpfs of `mib` MiB at `dir` (made here), owned by `owner`.
pub fn mount_tmpfs(dir: &Path, mib: u64, owner: Option<(u32, u32)>) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    fs::create_dir(dir)?;
    let (uid, gid) = owner.unwrap_or((0, 0));
    let target = std::ffi::CString::new(dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let data = std::ffi::CString::new(format!(
        "size={mib}m,nr_inodes={CELL_INODES},mode=0700,uid={uid},gid={gid}"
    ))
    .map_err(io::Error::other)?;
    // SAFETY: C strings alive for the call.
    let mounted = unsafe {
        libc::mount(
            c"minimax-cell".as_ptr(),
            target.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            data.as_ptr().cast(),
        )
    };
    if mounted != 0 {
        let error = io::Error::last_os_error();
        let _ = fs::remove_dir(dir);
        return Err(error);
    }
    Ok(())
}

/// Discards a tmpfs whole (whatever it holds: no walk through it) and its mount point.
pub fn unmount(dir: &Path) {
    use std::os::unix::ffi::OsStrExt;
    if let Ok(target) = std::ffi::CString::new(dir.as_os_str().as_bytes()) {
        // SAFETY: a C string alive for the call.
        unsafe { libc::umount2(target.as_ptr(), libc::MNT_DETACH) };
    }
    let _ = fs::remove_dir(dir);
}

/// Whether the file system holding `dir` is (nearly) out of space or of files.
pub fn is_full(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(path) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `stats` is filled by the call.
    unsafe {
        let mut stats: libc::statvfs = std::mem::zeroed();
        libc::statvfs(path.as_ptr(), &mut stats) == 0
            && (stats.f_bavail * 100 < stats.f_blocks || stats.f_favail * 100 < stats.f_files)
    }
}

/// Removes a folder and everything under it, however deep, in memory and stack that do not
/// grow with its depth beyond one name per level (std's removal recurses once per level, with
/// a descriptor open per level: a tree of 13,000 levels overflows its stack or runs out of
/// descriptors). Descends through descriptors, never by path (a deep path is longer than the
/// kernel takes), and never follows links.
pub fn remove_tree(dir: &Path) -> io::Result<()> {
    use std::ffi::{CStr, CString};
    use std::os::unix::ffi::OsStrExt;
    let path = CString::new(dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let open_dir = |at: libc::c_int, name: &CStr| -> io::Result<libc::c_int> {
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        // SAFETY: a C string alive for the call.
        let fd = unsafe { libc::openat(at, name.as_ptr(), flags) };
        if fd < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(fd)
        }
    };
    let mut current = open_dir(libc::AT_FDCWD, &path)?;
    // The names descended through, to remove each folder from its parent on the way up.
    let mut descended: Vec<CString> = Vec::new();
    loop {
        // The first subfolder, once every other entry here is removed.
        let mut subfolder = None;
        // SAFETY: a duplicate of our descriptor, handed to (and closed by) the directory stream.
        let stream = unsafe { libc::fdopendir(libc::dup(current)) };
        if stream.is_null() {
            let error = io::Error::last_os_error();
            // SAFETY: our own descriptor.
            unsafe { libc::close(current) };
            return Err(error);
        }
        loop {
            // SAFETY: reading the stream opened above.
            let entry = unsafe { libc::readdir(stream) };
            if entry.is_null() {
                break;
            }
            // SAFETY: readdir's entry, valid until the next call.
            let name = unsafe { CStr::from_ptr((*entry).d_name.as_ptr()) };
            if name == c"." || name == c".." {
                continue;
            }
            // SAFETY: as above.
            let is_dir = unsafe { (*entry).d_type } == libc::DT_DIR;
            if is_dir {
                subfolder = Some(name.to_owned());
                break;
            }
            // SAFETY: a name in the folder we hold open.
            if unsafe { libc::unlinkat(current, name.as_ptr(), 0) } != 0 {
                let error = io::Error::last_os_error();
                // A folder whose type the file system did not say.
                if error.raw_os_error() == Some(libc::EISDIR) {
                    subfolder = Some(name.to_owned());
                    break;
                }
            }
        }
        // SAFETY: closing the stream (and its duplicate descriptor).
        unsafe { libc::closedir(stream) };
        match subfolder {
            Some(name) => {
                let next = open_dir(current, &name);
                // SAFETY: our own descriptor, no longer needed.
                unsafe { libc::close(current) };
                current = next?;
                descended.push(name);
            }
            None => {
                let up = open_dir(current, c"..");
                // SAFETY: as above.
                unsafe { libc::close(current) };
                let Some(name) = descended.pop() else {
                    // Back at the top, emptied.
                    if let Ok(up) = up {
                        // SAFETY: our own descriptor.
                        unsafe { libc::close(up) };
                    }
                    return fs::remove_dir(dir);
                };
                current = up?;
                // SAFETY: a name in the folder we hold open.
                if unsafe { libc::unlinkat(current, name.as_ptr(), libc::AT_REMOVEDIR) } != 0 {
                    let error = io::Error::last_os_error();
                    // SAFETY: our own descriptor.
                    unsafe { libc::close(current) };
                    return Err(error);
                }
            }
        }
    }
}

/// Why `uid` (in group `gid`) could not pass through every folder down to `dir`, if it could
/// not: each one must let it search (the x bit for its owner, group or others).
pub fn unreachable(dir: &Path, uid: u32, gid: u32) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    for folder in dir.ancestors() {
        let Ok(meta) = fs::metadata(folder) else {
            return Some(format!("{} cannot be read", folder.display()));
        };
        let mode = meta.mode();
        let bit = if meta.uid() == uid {
            0o100
        } else if meta.gid() == gid {
            0o010
        } else {
            0o001
        };
        if mode & bit == 0 {
            return Some(format!(
                "{} (mode {:04o}, owner uid {}) does not let it pass",
                folder.display(),
                mode & 0o7777,
                meta.uid()
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_deeper_than_any_path_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path().join("deep");
        fs::create_dir(&top).unwrap();
        // 5,000 levels, made through descriptors as a run would: far past PATH_MAX.
        let mut current = fs::File::open(&top).unwrap();
        for _ in 0..5000 {
            use std::os::fd::AsRawFd;
            // SAFETY: C strings and a descriptor alive for the calls.
            unsafe {
                assert_eq!(libc::mkdirat(current.as_raw_fd(), c"dd".as_ptr(), 0o755), 0);
                let fd = libc::openat(
                    current.as_raw_fd(),
                    c"dd".as_ptr(),
                    libc::O_RDONLY | libc::O_DIRECTORY,
                );
                assert!(fd >= 0);
                libc::close(libc::openat(
                    fd,
                    c"file".as_ptr(),
                    libc::O_CREAT | libc::O_WRONLY,
                    0o644,
                ));
                use std::os::fd::FromRawFd;
                current = fs::File::from_raw_fd(fd);
            }
        }
        drop(current);
        remove_tree(&top).unwrap();
        assert!(!top.exists());
    }

    #[test]
    fn a_private_folder_on_the_way_is_named() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let private = dir.path().join("private");
        fs::create_dir(&private).unwrap();
        fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
        let why = unreachable(&private, 4_000_000, 4_000_000).unwrap_or_default();
        assert!(why.contains("private (mode 0700"), "{why}");
    }

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
