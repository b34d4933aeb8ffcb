//! Unpacking students' archives without trusting them.
//!
//! Every entry's path is checked before anything is written: absolute paths, `..`, drive
//! letters and links are refused, so nothing can land outside the folder being filled. Bytes
//! and entries are counted as they are written (never trusting the sizes an archive claims),
//! against a [`Budget`]: a zip bomb stops at the cap. macOS debris is skipped. RAR archives
//! are read by libarchive's `bsdtar`, which turns them into a tar stream that goes through
//! the same checks as any tar.

use flate2::read::GzDecoder;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

/// Most bytes unpacked for one student, nested archives included.
pub const STUDENT_BYTES: u64 = 256 << 20;
/// Most files and folders unpacked for one student.
pub const STUDENT_ENTRIES: u64 = 20_000;
// A student's files are unpacked, then copied for each run, against one budget.
const _: () = assert!(
    STUDENT_BYTES == crate::sandbox::scratch::MAX_BYTES
        && STUDENT_ENTRIES == crate::sandbox::scratch::MAX_ENTRIES
);
/// How deep archives inside archives are opened.
pub const MAX_NESTING: usize = 3;

/// Most bytes and entries unpacked from a whole class's download (students' own archives
/// inside it are then unpacked against each student's own budget).
pub const CLASS_BYTES: u64 = 8 << 30;
pub const CLASS_ENTRIES: u64 = 400_000;

/// What is left to unpack, and what was allowed at first (for messages).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub bytes: u64,
    pub entries: u64,
    allowed: (u64, u64),
}

impl Budget {
    pub fn new(bytes: u64, entries: u64) -> Budget {
        Budget {
            bytes,
            entries,
            allowed: (bytes, entries),
        }
    }

    pub fn student() -> Budget {
        Budget::new(STUDENT_BYTES, STUDENT_ENTRIES)
    }

    pub fn class() -> Budget {
        Budget::new(CLASS_BYTES, CLASS_ENTRIES)
    }
}

/// Why an archive could not be unpacked.
#[derive(Debug, thiserror::Error)]
pub enum UnpackError {
    #[error("{archive}: unpacks to more than the {mib} MiB allowed (a zip bomb?); it was not unpacked")]
    TooBig { archive: String, mib: u64 },
    #[error("{archive}: holds more than the {entries} files and folders allowed; it was not unpacked")]
    TooMany { archive: String, entries: u64 },
    #[error("{archive}: cannot be read: {reason}")]
    Unreadable { archive: String, reason: String },
}

/// The kinds of archive students hand in, known by the file's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Zip,
    Tar,
    TarGz,
    Rar,
}

impl Kind {
    /// The kind named by `name`'s extension, if any; the stem is what is left.
    pub fn of(name: &str) -> Option<(Kind, &str)> {
        let lower = name.to_ascii_lowercase();
        const ENDINGS: [(&str, Kind); 5] = [
            (".tar.gz", Kind::TarGz),
            (".tgz", Kind::TarGz),
            (".tar", Kind::Tar),
            (".zip", Kind::Zip),
            (".rar", Kind::Rar),
        ];
        ENDINGS.iter().find_map(|&(ending, kind)| {
            (lower.ends_with(ending) && lower.len() > ending.len())
                .then(|| (kind, &name[..name.len() - ending.len()]))
        })
    }
}

/// Files that archivers leave behind and nobody means to hand in.
pub fn is_debris(name: &str) -> bool {
    name == "__MACOSX" || name.starts_with("._") || name == ".DS_Store" || name == "Thumbs.db"
}

/// Where an entry named `raw` goes under the folder, or why it goes nowhere. Both `/` and
/// `\` separate folders (zips made on Windows use either).
fn entry_path(raw: &str) -> Result<Option<PathBuf>, &'static str> {
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
struct Filler<'a> {
    root: &'a Path,
    archive: String,
    budget: &'a mut Budget,
    notes: &'a mut Vec<String>,
}

impl Filler<'_> {
    fn refuse(&mut self, raw: &str, why: &str) {
        self.notes.push(format!(
            "{}: entry `{}` not unpacked: {why}",
            self.archive,
            raw.escape_debug()
        ));
    }

    fn count(&mut self, declared: u64) -> Result<(), UnpackError> {
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

    fn too_big(&self) -> UnpackError {
        UnpackError::TooBig {
            archive: self.archive.clone(),
            mib: self.budget.allowed.0 >> 20,
        }
    }

    fn unreadable(&self, reason: impl ToString) -> UnpackError {
        UnpackError::Unreadable {
            archive: self.archive.clone(),
            reason: reason.to_string(),
        }
    }

    fn folder(&mut self, raw: &str) -> Result<(), UnpackError> {
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
    fn file(&mut self, raw: &str, declared: u64, data: &mut dyn Read) -> Result<(), UnpackError> {
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
        self.budget.bytes -= written;
        Ok(())
    }
}

/// Unpacks `archive` into `into` (an existing folder), charging `budget`; entries that were
/// refused are described in `notes`.
pub fn unpack(
    archive: &Path,
    kind: Kind,
    into: &Path,
    budget: &mut Budget,
    notes: &mut Vec<String>,
) -> Result<(), UnpackError> {
    let name = archive.file_name().map_or_else(
        || archive.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut filler = Filler {
        root: into,
        archive: name,
        budget,
        notes,
    };
    let open = |filler: &Filler| File::open(archive).map_err(|e| filler.unreadable(e));
    match kind {
        Kind::Zip => unzip(open(&filler)?, &mut filler),
        Kind::Tar => untar(open(&filler)?, &mut filler),
        Kind::TarGz => untar(GzDecoder::new(open(&filler)?), &mut filler),
        Kind::Rar => unrar(archive, &mut filler),
    }
}

fn unzip(file: File, filler: &mut Filler) -> Result<(), UnpackError> {
    let mut zip = zip::ZipArchive::new(io::BufReader::new(file)).map_err(|e| filler.unreadable(e))?;
    for index in 0..zip.len() {
        let name = zip.name_for_index(index).unwrap_or("?").to_string();
        let mut entry = match zip.by_index(index) {
            Ok(entry) => entry,
            Err(error) => {
                let raw = name;
                filler.count(0)?;
                filler.refuse(&raw, &format!("unreadable ({error}; encrypted?)"));
                continue;
            }
        };
        // The zip crate decodes names without the UTF-8 flag as CP437, as Windows wrote them.
        let raw = entry.name().to_string();
        if entry.is_symlink() {
            filler.count(0)?;
            filler.refuse(&raw, "a link (links are never unpacked)");
        } else if entry.is_dir() {
            filler.folder(&raw)?;
        } else {
            let declared = entry.size();
            filler.file(&raw, declared, &mut entry)?;
        }
    }
    Ok(())
}

fn untar(reader: impl Read, filler: &mut Filler) -> Result<(), UnpackError> {
    let mut tar = tar::Archive::new(reader);
    let entries = tar.entries().map_err(|e| filler.unreadable(e))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| filler.unreadable(e))?;
        let raw = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let declared = entry.size();
        match entry.header().entry_type() {
            tar::EntryType::Regular | tar::EntryType::Continuous => {
                filler.file(&raw, declared, &mut entry)?
            }
            tar::EntryType::Directory => filler.folder(&raw)?,
            tar::EntryType::Symlink | tar::EntryType::Link => {
                filler.count(0)?;
                filler.refuse(&raw, "a link (links are never unpacked)");
            }
            _ => {
                filler.count(declared)?;
                filler.refuse(&raw, "not a file or a folder");
            }
        }
    }
    Ok(())
}

/// RAR through `bsdtar`, re-written as a tar stream read by [`untar`]. Reading stops (and
/// `bsdtar` is killed) as soon as the budget runs out.
///
/// bsdtar parses a stranger's file, so it runs inside walls of its own ([`bsdtar_walls`]):
/// the archive comes on stdin, its errors go to a file, and it can read only the system's
/// folders, write no file, reach no network, and runs as an unprivileged user when the
/// grader is root, with limits on CPU time, memory and descriptors.
fn unrar(archive: &Path, filler: &mut Filler) -> Result<(), UnpackError> {
    let input = File::open(archive).map_err(|e| filler.unreadable(e))?;
    let mut errors = tempfile::tempfile().map_err(|e| filler.unreadable(e))?;
    let walls = bsdtar_walls();
    let mut command = Command::new("bsdtar");
    command
        .args(["-c", "-f", "-", "--format", "pax", "@-"])
        .stdin(Stdio::from(input))
        .stdout(Stdio::piped())
        .stderr(Stdio::from(errors.try_clone().map_err(|e| filler.unreadable(e))?));
    let confinement = walls.confinement;
    // The ruleset's descriptor lives in `walls` until the child has started.
    crate::sandbox::confine::confine_command(&mut command, confinement);
    let mut child = command.spawn().map_err(|error| {
        filler.unreadable(if error.kind() == io::ErrorKind::NotFound {
            "reading .rar needs bsdtar (Debian package libarchive-tools; `make deps` installs it)".to_string()
        } else {
            format!("cannot start bsdtar: {error}")
        })
    })?;
    drop(walls);
    let stdout = child.stdout.take().expect("piped");
    let read = untar(stdout, filler);
    if read.is_err() {
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| filler.unreadable(e))?;
    read?;
    if !status.success() {
        use std::io::Seek;
        let mut said = String::new();
        let _ = errors.seek(io::SeekFrom::Start(0));
        let _ = errors.take(4096).read_to_string(&mut said);
        let first = said
            .lines()
            .next()
            .unwrap_or("bsdtar could not read it")
            .to_string();
        return Err(filler.unreadable(first));
    }
    Ok(())
}

/// What bsdtar runs inside, and what must outlive its start.
struct BsdtarWalls {
    confinement: super::super::sandbox::confine::Confinement,
    _ruleset: Option<std::os::fd::OwnedFd>,
    _empty: Option<tempfile::TempDir>,
}

fn bsdtar_walls() -> BsdtarWalls {
    use super::super::sandbox::{confine::Confinement, rules};
    use std::os::fd::AsRawFd;
    let mut confinement = Confinement::none();
    confinement.group_only = false;
    confinement.push_rlimit(libc::RLIMIT_CPU, 60);
    confinement.push_rlimit(libc::RLIMIT_DATA, 1 << 30);
    confinement.push_rlimit(libc::RLIMIT_NOFILE, 64);
    confinement.push_rlimit(libc::RLIMIT_CORE, 0);
    // Its output is a pipe, which this does not limit; its error file stays small.
    confinement.push_rlimit(libc::RLIMIT_FSIZE, 1 << 20);
    if crate::sandbox::confine::running_as_root() {
        confinement.user = Some((65534, 65534));
    }
    let abi = rules::kernel_abi();
    let empty = tempfile::tempdir().ok();
    let ruleset = match (&empty, abi > 0) {
        (Some(empty), true) => {
            let grader = std::env::current_exe().ok().and_then(|p| p.canonicalize().ok());
            rules::ruleset(abi, &rules::readable(&[], grader.as_deref()), empty.path()).ok()
        }
        _ => None,
    };
    confinement.landlock = ruleset.as_ref().map(AsRawFd::as_raw_fd);
    BsdtarWalls {
        confinement,
        _ruleset: ruleset,
        _empty: empty,
    }
}

/// Unpacks every archive in `folder` where it lies ("extract here"), then those that came out
/// of them, up to [`MAX_NESTING`] levels; each unpacked archive is removed. Stops at the
/// first archive that breaks the budget or cannot be read.
pub fn unpack_nested(folder: &Path, budget: &mut Budget, notes: &mut Vec<String>) -> Result<(), UnpackError> {
    for _ in 0..MAX_NESTING {
        let archives = archives_in(folder);
        if archives.is_empty() {
            return Ok(());
        }
        for (path, kind) in archives {
            let into = path.parent().unwrap_or(folder).to_path_buf();
            unpack(&path, kind, &into, budget, notes)?;
            let _ = fs::remove_file(&path);
        }
    }
    let left = archives_in(folder);
    if !left.is_empty() {
        notes.push(format!(
            "archives nested more than {MAX_NESTING} deep were left packed: {}",
            left.iter()
                .map(|(p, _)| p.strip_prefix(folder).unwrap_or(p).display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(())
}

/// The archives under `folder`, in name order, without following links.
pub fn archives_in(folder: &Path) -> Vec<(PathBuf, Kind)> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries.into_iter().rev() {
            let Ok(kind) = entry.file_type() else { continue };
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_debris(&name) {
                continue;
            }
            if kind.is_dir() {
                stack.push(entry.path());
            } else if kind.is_file() {
                if let Some((archive, _)) = Kind::of(&name) {
                    found.push((entry.path(), archive));
                }
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_paths_stay_inside_the_folder() {
        assert_eq!(
            entry_path("Minimax/src/Minimax.java"),
            Ok(Some(PathBuf::from("Minimax/src/Minimax.java")))
        );
        assert_eq!(
            entry_path("Minimax\\src\\A.java"),
            Ok(Some(PathBuf::from("Minimax/src/A.java")))
        );
        assert_eq!(entry_path("./a//b"), Ok(Some(PathBuf::from("a/b"))));
        assert!(entry_path("../../etc/passwd").is_err());
        assert!(entry_path("a/../../b").is_err());
        assert!(entry_path("/etc/passwd").is_err());
        assert!(entry_path("C:\\Windows\\x").is_err());
        assert_eq!(entry_path("__MACOSX/Minimax/._Minimax.java"), Ok(None));
        assert_eq!(entry_path("Minimax/.DS_Store"), Ok(None));
    }

    #[test]
    fn bsdtars_walls_keep_it_from_the_graders_files_and_rights() {
        let walls = bsdtar_walls();
        let confinement = walls.confinement;
        let mut command = Command::new("sh");
        command.args([
            "-c",
            "id -u; cat /proc/self/status | grep -c NoNewPrivs; ls \"$1\" >/dev/null 2>&1 && echo listed",
            "sh",
        ]);
        // Readable by anyone: only Landlock keeps bsdtar out of it.
        let secret = tempfile::tempdir().unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(secret.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        command.arg(secret.path());
        crate::sandbox::confine::confine_command(&mut command, confinement);
        let output = command.output().unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        if crate::sandbox::confine::running_as_root() {
            assert!(said.starts_with("65534\n"), "{said}");
        }
        if crate::sandbox::rules::kernel_abi() > 0 {
            assert!(
                !said.contains("listed"),
                "a folder of the grader's was listed: {said}"
            );
        }
    }

    #[test]
    fn archive_kinds_are_known_by_their_endings() {
        assert_eq!(
            Kind::of("LizarragaLuis05.zip"),
            Some((Kind::Zip, "LizarragaLuis05"))
        );
        assert_eq!(Kind::of("p.TAR.GZ"), Some((Kind::TarGz, "p")));
        assert_eq!(Kind::of("p.tgz"), Some((Kind::TarGz, "p")));
        assert_eq!(Kind::of("p.rar"), Some((Kind::Rar, "p")));
        assert_eq!(Kind::of(".zip"), None);
        assert_eq!(Kind::of("Minimax.java"), None);
    }
}
