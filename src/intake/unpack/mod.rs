//! Unpacking students' archives without trusting them.
//!
//! Every entry's path is checked before anything is written: absolute paths, `..`, drive
//! letters and links are refused, so nothing can land outside the folder being filled. Bytes
//! and entries are counted as they are written (never trusting the sizes an archive claims),
//! against a [`Budget`]: a zip bomb stops at the cap. macOS debris is skipped. RAR and 7z
//! archives are read by libarchive's `bsdtar`, which turns them into a tar stream that goes
//! through the same checks as any tar. Files keep the times their archive recorded: Moodle's
//! download records when each file was uploaded, which tells a resubmission from the first.

use flate2::read::GzDecoder;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

mod bsdtar;
mod budget;
mod error;
mod filler;
mod untar;
mod unzip;

use bsdtar::unrar;
use budget::MAX_NESTING;
pub(crate) use budget::{Budget, STUDENT_BYTES};
pub(crate) use error::UnpackError;
pub(crate) use filler::is_debris;
use filler::Filler;
use untar::untar;
use unzip::unzip;

/// The kinds of archive students hand in, known by the file's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Zip,
    Tar,
    TarGz,
    Rar,
    SevenZip,
}

impl Kind {
    /// The kind named by `name`'s extension, if any; the stem is what is left.
    pub(crate) fn of(name: &str) -> Option<(Kind, &str)> {
        let lower = name.to_ascii_lowercase();
        const ENDINGS: [(&str, Kind); 6] = [
            (".tar.gz", Kind::TarGz),
            (".tgz", Kind::TarGz),
            (".tar", Kind::Tar),
            (".zip", Kind::Zip),
            (".rar", Kind::Rar),
            (".7z", Kind::SevenZip),
        ];
        ENDINGS.iter().find_map(|&(ending, kind)| {
            (lower.ends_with(ending) && lower.len() > ending.len())
                .then(|| (kind, &name[..name.len() - ending.len()]))
        })
    }
}

/// Unpacks `archive` into `into` (an existing folder), charging `budget`; entries that were
/// refused are described in `notes`.
pub(crate) fn unpack(
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
        charge_files: true,
    };
    let open = |filler: &Filler| File::open(archive).map_err(|e| filler.unreadable(e));
    match kind {
        Kind::Zip => unzip(open(&filler)?, &mut filler),
        Kind::Tar => untar(open(&filler)?, &mut filler),
        Kind::TarGz => untar(GzDecoder::new(open(&filler)?), &mut filler),
        Kind::Rar | Kind::SevenZip => unrar(archive, &mut filler),
    }
}

/// An archive found inside what a student handed in, unpacked where it lay: its path and the
/// files that came out of it (relative to the student's folder), for the course file's notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Nested {
    pub(crate) archive: String,
    pub(crate) files: Vec<String>,
}

/// Unpacks every archive in `folder` where it lies ("extract here"), then those that came out
/// of them, up to [`MAX_NESTING`] levels; each unpacked archive is removed. Stops at the
/// first archive that breaks the budget or cannot be read. Returns the archives found inside
/// others, with what came out of each; `uploads_at_top` says the archives at the top of
/// `folder` are the student's own uploads (not nested).
pub(crate) fn unpack_nested(
    folder: &Path,
    uploads_at_top: bool,
    budget: &mut Budget,
    notes: &mut Vec<String>,
) -> Result<Vec<Nested>, UnpackError> {
    let mut nested = Vec::new();
    for level in 0..MAX_NESTING {
        let archives = archives_in(folder);
        if archives.is_empty() {
            return Ok(nested);
        }
        for (path, kind) in archives {
            let into = path.parent().unwrap_or(folder).to_path_buf();
            let upload = uploads_at_top && level == 0 && into == folder;
            let before = (!upload).then(|| files_in(folder));
            // Moved aside first, keeping its name for messages: a zip holding a zip of its own
            // name (`A.zip` in `A.zip`) then unpacks beside it instead of colliding with it.
            let aside = into.join(UNPACKING);
            let moved = aside.join(path.file_name().unwrap_or_default());
            let unpacking = fs::create_dir(&aside)
                .and_then(|()| fs::rename(&path, &moved))
                .map(|()| moved)
                .unwrap_or_else(|_| path.clone());
            let result = unpack(&unpacking, kind, &into, budget, notes);
            let _ = fs::remove_file(&unpacking);
            let _ = fs::remove_dir(&aside);
            result?;
            if let Some(before) = before {
                let relative = path.strip_prefix(folder).unwrap_or(&path);
                nested.push(Nested {
                    archive: relative.to_string_lossy().into_owned(),
                    files: files_in(folder).difference(&before).cloned().collect(),
                });
            }
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
    Ok(nested)
}

/// The files under `folder` (relative paths with `/`), hidden ones and links left out.
pub(crate) fn files_in(folder: &Path) -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && found.len() < 20_000 {
                let relative = path.strip_prefix(folder).unwrap_or(&path);
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                found.insert(parts.join("/"));
            }
        }
    }
    found
}

/// Where an archive waits while it is unpacked (never an entry's name: it starts with a dot
/// and names no archive kind).
const UNPACKING: &str = ".minimax-unpacking";

/// The archives under `folder`, in name order, without following links.
pub(crate) fn archives_in(folder: &Path) -> Vec<(PathBuf, Kind)> {
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
pub(crate) mod tests {
    use super::filler::{entry_path, name_for_note};
    use super::*;
    use std::io;

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
    #[cfg(target_os = "linux")]
    fn bsdtars_walls_keep_it_from_the_graders_files_and_rights() {
        use super::bsdtar::bsdtar_walls;
        use std::process::Command;
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
        minimax_sandbox::confine::confine_command(&mut command, confinement);
        let output = command.output().unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        if minimax_sandbox::confine::running_as_root() {
            assert!(said.starts_with("65534\n"), "{said}");
        }
        if minimax_sandbox::rules::kernel_abi() > 0 {
            assert!(
                !said.contains("listed"),
                "a folder of the grader's was listed: {said}"
            );
        }
    }

    /// A zip of `(name, bytes)` entries.
    pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        use std::io::Write;
        let mut writer = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        for (name, data) in entries {
            writer
                .start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(data).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    /// `zip` with every `from` in it (names, in the local headers and the central directory)
    /// written as `to`, of the same length: a zip with two entries of one name.
    fn renamed(mut zip: Vec<u8>, from: &[u8], to: &[u8]) -> Vec<u8> {
        let mut at = 0;
        while let Some(found) = zip[at..].windows(from.len()).position(|w| w == from) {
            zip[at + found..at + found + from.len()].copy_from_slice(to);
            at += found + from.len();
        }
        zip
    }

    fn unzip_bytes(bytes: &[u8]) -> (tempfile::TempDir, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let archive = dir.path().join("dup.zip");
        fs::write(&archive, bytes).unwrap();
        let into = dir.path().join("out");
        fs::create_dir(&into).unwrap();
        let mut notes = Vec::new();
        unpack(&archive, Kind::Zip, &into, &mut Budget::student(), &mut notes).unwrap();
        (dir, notes)
    }

    #[test]
    fn of_two_zip_entries_of_one_name_the_first_is_kept_and_the_second_noted() {
        let zip = zip_of(&[
            ("Minimax.java", b"class Minimax { /* first */ }"),
            ("readme.txt", b"hola"),
            ("Minimax_java", b"class Minimax { /* the second, longer */ }"),
        ]);
        let (dir, notes) = unzip_bytes(&renamed(zip, b"Minimax_java", b"Minimax.java"));
        assert_eq!(
            fs::read_to_string(dir.path().join("out/Minimax.java")).unwrap(),
            "class Minimax { /* first */ }"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("out/readme.txt")).unwrap(),
            "hola"
        );
        assert_eq!(
            notes,
            ["dup.zip: entry `Minimax.java` not unpacked: the archive holds another entry of that name before it (kept the first)"]
        );
        // Written as a stream (sizes after the data, in a descriptor), the same.
        let mut writer = zip::ZipWriter::new_stream(Vec::new());
        for (name, data) in [("a.py", &b"print(1)"[..]), ("b_py", &b"print(2)"[..])] {
            writer
                .start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            std::io::Write::write_all(&mut writer, data).unwrap();
        }
        let streamed = writer.finish().unwrap().into_inner();
        let (dir, notes) = unzip_bytes(&renamed(streamed, b"b_py", b"a.py"));
        assert_eq!(
            fs::read_to_string(dir.path().join("out/a.py")).unwrap(),
            "print(1)"
        );
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn a_zip_holding_a_zip_of_its_own_name_keeps_the_students_code() {
        let dir = tempfile::tempdir().unwrap();
        let inner = zip_of(&[("Minimax/src/Minimax.java", b"class Minimax {}")]);
        fs::write(
            dir.path().join("GilFede05.zip"),
            zip_of(&[("GilFede05.zip", &inner)]),
        )
        .unwrap();
        let mut notes = Vec::new();
        unpack_nested(dir.path(), true, &mut Budget::student(), &mut notes).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(
            fs::read(dir.path().join("Minimax/src/Minimax.java")).unwrap(),
            b"class Minimax {}"
        );
        let left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, ["Minimax"]);
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
        assert_eq!(Kind::of("p.7z"), Some((Kind::SevenZip, "p")));
        assert_eq!(Kind::of(".zip"), None);
        assert_eq!(Kind::of("Minimax.java"), None);
    }

    /// A tar header block of `kind` claiming `size` bytes, its checksum filled in.
    fn header(name: &str, kind: u8, size: u64) -> [u8; 512] {
        let mut block = [0u8; 512];
        block[..name.len()].copy_from_slice(name.as_bytes());
        block[100..107].copy_from_slice(b"0000644");
        block[124..135].copy_from_slice(format!("{size:011o}").as_bytes());
        block[156] = kind;
        block[257..263].copy_from_slice(b"ustar ");
        block[148..156].fill(b' ');
        let sum: u32 = block.iter().map(|&b| b as u32).sum();
        block[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
        block
    }

    fn untar_bytes(bytes: &[u8], budget: &mut Budget) -> (Result<(), UnpackError>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let mut notes = Vec::new();
        let mut filler = Filler {
            root: dir.path(),
            archive: "x.tar".into(),
            budget,
            notes: &mut notes,
            charge_files: true,
        };
        let result = untar(bytes, &mut filler);
        (result, notes)
    }

    #[test]
    fn a_long_name_claiming_gigabytes_is_refused_before_it_is_read() {
        // The header claims 3 GiB of name; a little of it follows.
        let mut tar = header("././@LongLink", b'L', 3 << 30).to_vec();
        tar.extend(vec![b'a'; 4096]);
        let mut budget = Budget::student();
        let (result, _) = untar_bytes(&tar, &mut budget);
        assert_eq!(
            result.unwrap_err().to_string(),
            "x.tar: cannot be read: a GNU long name of 3221225472 bytes (at most 65536 are read): a crafted archive?"
        );
    }

    #[test]
    fn headers_and_padding_are_charged_to_the_budget() {
        let mut tar = header("a.txt", b'0', 5).to_vec();
        tar.extend(b"hello");
        tar.resize(1024, 0);
        tar.extend([0u8; 1024]);
        let mut budget = Budget::student();
        let (result, _) = untar_bytes(&tar, &mut budget);
        result.unwrap();
        // The header, the file's block and the end-of-archive block that was read.
        let charged = STUDENT_BYTES - budget.bytes;
        assert!((1024..=tar.len() as u64).contains(&charged), "{charged}");
        // With less left than the stream's headers, nothing is unpacked.
        let mut small = Budget::new(600, 10);
        let (result, _) = untar_bytes(&tar, &mut small);
        assert!(matches!(result, Err(UnpackError::TooBig { .. })));
    }

    #[test]
    fn a_long_name_in_a_note_is_cut() {
        let name = "d/".repeat(100_000);
        let note = name_for_note(&name);
        assert!(note.len() < 300, "{}", note.len());
        assert!(note.ends_with("(200000 bytes in all)"), "{note}");
    }
}
