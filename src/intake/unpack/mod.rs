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
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Most bytes unpacked for one student, nested archives included.
pub(crate) const STUDENT_BYTES: u64 = 256 << 20;
/// Most files and folders unpacked for one student.
pub(crate) const STUDENT_ENTRIES: u64 = 20_000;
// A student's files are unpacked, then copied for each run, against one budget.
const _: () = assert!(
    STUDENT_BYTES == minimax_sandbox::scratch::MAX_BYTES
        && STUDENT_ENTRIES == minimax_sandbox::scratch::MAX_ENTRIES
);
/// How deep archives inside archives are opened.
pub(crate) const MAX_NESTING: usize = 3;

/// Most bytes and entries unpacked from a whole class's download (students' own archives
/// inside it are then unpacked against each student's own budget).
pub(crate) const CLASS_BYTES: u64 = 8 << 30;
pub(crate) const CLASS_ENTRIES: u64 = 400_000;

/// What is left to unpack, and what was allowed at first (for messages).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub(crate) bytes: u64,
    pub(crate) entries: u64,
    allowed: (u64, u64),
}

impl Budget {
    pub(crate) fn new(bytes: u64, entries: u64) -> Budget {
        Budget {
            bytes,
            entries,
            allowed: (bytes, entries),
        }
    }

    pub(crate) fn student() -> Budget {
        Budget::new(STUDENT_BYTES, STUDENT_ENTRIES)
    }

    pub(crate) fn class() -> Budget {
        Budget::new(CLASS_BYTES, CLASS_ENTRIES)
    }
}

/// Why an archive could not be unpacked.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UnpackError {
    #[error("{archive}: unpacks to more than the {mib} MiB allowed (a zip bomb?); it was not unpacked")]
    TooBig { archive: String, mib: u64 },
    #[error("{archive}: holds more than the {entries} files and folders allowed; it was not unpacked")]
    TooMany { archive: String, entries: u64 },
    #[error("{archive}: cannot be read: {reason}")]
    Unreadable { archive: String, reason: String },
}

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

/// Files that archivers leave behind and nobody means to hand in.
pub(crate) fn is_debris(name: &str) -> bool {
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
    /// Whether files' bytes are charged as they are written (false where the whole stream,
    /// headers included, is charged by a [`TarGuard`] instead).
    charge_files: bool,
}

/// Most characters of a student's entry name repeated in a note: a name may be megabytes.
const NOTE_NAME: usize = 160;

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
    fn refuse(&mut self, raw: &str, why: &str) {
        self.notes.push(format!(
            "{}: entry `{}` not unpacked: {why}",
            self.archive,
            name_for_note(raw)
        ));
    }

    /// Charges bytes that are not a file's contents (an entry's name).
    fn charge(&mut self, bytes: u64) -> Result<(), UnpackError> {
        if bytes > self.budget.bytes {
            return Err(self.too_big());
        }
        self.budget.bytes -= bytes;
        Ok(())
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
        if self.charge_files {
            self.budget.bytes -= written;
        }
        Ok(())
    }

    /// Gives an unpacked file the time its archive recorded for it (never through a link).
    fn stamp(&self, raw: &str, time: Option<SystemTime>) {
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

/// A zip entry's date and time (MS-DOS's, without a time zone: read as UTC, which keeps the
/// order of the uploads of one download).
fn dos_time(time: zip::DateTime) -> Option<SystemTime> {
    let (year, month, day) = (
        i64::from(time.year()),
        i64::from(time.month()),
        i64::from(time.day()),
    );
    // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let seconds = days * 86_400
        + i64::from(time.hour()) * 3600
        + i64::from(time.minute()) * 60
        + i64::from(time.second());
    u64::try_from(seconds)
        .ok()
        .map(|s| UNIX_EPOCH + Duration::from_secs(s))
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

fn unzip(file: File, filler: &mut Filler) -> Result<(), UnpackError> {
    let mut raw = file.try_clone().map_err(|e| filler.unreadable(e))?;
    let mut zip = zip::ZipArchive::new(io::BufReader::new(file)).map_err(|e| filler.unreadable(e))?;
    // The zip crate keeps one entry per name, the last one: entries named twice are read
    // here from the central directory instead, so that the first is kept and the others noted.
    let listed = central_directory(
        &mut raw,
        zip.offset(),
        zip.central_directory_start(),
        filler.budget.entries,
    );
    let twice = named_twice(&listed);
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
        if twice.contains(entry.name_raw()) {
            continue;
        }
        // The zip crate decodes names without the UTF-8 flag as CP437, as Windows wrote them.
        let raw = entry.name().to_string();
        filler.charge(raw.len() as u64)?;
        if entry.is_symlink() {
            filler.count(0)?;
            filler.refuse(&raw, "a link (links are never unpacked)");
        } else if entry.is_dir() {
            filler.folder(&raw)?;
        } else {
            let declared = entry.size();
            filler.file(&raw, declared, &mut entry)?;
            filler.stamp(&raw, entry.last_modified().and_then(dos_time));
        }
    }
    let mut kept = std::collections::HashSet::new();
    for listed in listed.iter().filter(|l| twice.contains(l.name.as_slice())) {
        let shown = String::from_utf8_lossy(&listed.name).into_owned();
        filler.charge(listed.name.len() as u64)?;
        if kept.insert(listed.name.as_slice()) {
            unzip_first(&mut raw, listed, &shown, filler)?;
        } else {
            filler.count(0)?;
            filler.refuse(
                &shown,
                "the archive holds another entry of that name before it (kept the first)",
            );
        }
    }
    Ok(())
}

/// The first of the entries named `shown`, read from its local header on with what the
/// central directory says of it (a streamed zip's local header has no sizes): stored or
/// deflated, as every zip tool students use writes them.
fn unzip_first(raw: &mut File, listed: &Listed, shown: &str, filler: &mut Filler) -> Result<(), UnpackError> {
    use std::io::{Seek, SeekFrom};
    if shown.ends_with('/') {
        return filler.folder(shown);
    }
    let mut local = [0u8; 30];
    let located = raw
        .seek(SeekFrom::Start(listed.header))
        .and_then(|_| raw.read_exact(&mut local))
        .ok()
        .filter(|()| local[..4] == [0x50, 0x4b, 0x03, 0x04]);
    let skip = u64::from(u16::from_le_bytes([local[26], local[27]]))
        + u64::from(u16::from_le_bytes([local[28], local[29]]));
    let data = located.and_then(|()| raw.seek(SeekFrom::Current(skip as i64)).ok());
    let mut packed = (&*raw).take(listed.compressed);
    let mut reader: Box<dyn Read + '_> = match (data, listed.method, listed.encrypted) {
        (Some(_), 0, false) => Box::new(packed),
        (Some(_), 8, false) => Box::new(flate2::read::DeflateDecoder::new(&mut packed)),
        _ => {
            filler.count(0)?;
            filler.refuse(shown, "named twice in the archive, and the first cannot be read");
            return Ok(());
        }
    };
    filler.file(shown, listed.size, &mut reader)
}

/// An entry of a zip's central directory: its raw name, where its local header starts and
/// its compressed size.
#[derive(Debug)]
struct Listed {
    name: Vec<u8>,
    header: u64,
    compressed: u64,
    /// The size it claims unpacked (the budget is what really counts).
    size: u64,
    /// 0 stored, 8 deflated.
    method: u64,
    encrypted: bool,
}

/// The entries of the central directory at `start` (offsets relative to the archive's start
/// `offset`), in order, at most `most` + 1 of them: where it cannot be read, as many as could.
fn central_directory(file: &mut File, offset: u64, start: u64, most: u64) -> Vec<Listed> {
    use std::io::{Seek, SeekFrom};
    let mut listed = Vec::new();
    if file.seek(SeekFrom::Start(start)).is_err() {
        return listed;
    }
    let mut reader = io::BufReader::new(file);
    let mut fixed = [0u8; 46];
    while (listed.len() as u64) <= most && reader.read_exact(&mut fixed).is_ok() {
        if fixed[..4] != [0x50, 0x4b, 0x01, 0x02] {
            break;
        }
        let u16_at = |at: usize| u64::from(u16::from_le_bytes([fixed[at], fixed[at + 1]]));
        let u32_at = |at: usize| {
            u64::from(u32::from_le_bytes([
                fixed[at],
                fixed[at + 1],
                fixed[at + 2],
                fixed[at + 3],
            ]))
        };
        let mut name = vec![0u8; u16_at(28) as usize];
        let mut extra = vec![0u8; u16_at(30) as usize];
        if reader.read_exact(&mut name).is_err()
            || reader.read_exact(&mut extra).is_err()
            || io::copy(&mut (&mut reader).take(u16_at(32)), &mut io::sink()).is_err()
        {
            break;
        }
        let (mut size, mut compressed, mut header) = (u32_at(24), u32_at(20), u32_at(42));
        zip64_sizes(&extra, &mut size, &mut compressed, &mut header);
        listed.push(Listed {
            name,
            header: offset.saturating_add(header),
            compressed,
            size,
            method: u16_at(10),
            encrypted: u16_at(8) & 1 != 0,
        });
    }
    listed
}

/// The sizes and the local header's offset from a zip64 extra field, where the fixed fields
/// say they are there (0xFFFFFFFF), in the field's order.
fn zip64_sizes(mut extra: &[u8], uncompressed: &mut u64, compressed: &mut u64, header: &mut u64) {
    const MARK: u64 = 0xffff_ffff;
    while extra.len() >= 4 {
        let kind = u16::from_le_bytes([extra[0], extra[1]]);
        let size = usize::from(u16::from_le_bytes([extra[2], extra[3]]));
        let body = &extra[4..(4 + size).min(extra.len())];
        if kind == 1 {
            let mut values = body
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
            if *uncompressed == MARK {
                *uncompressed = values.next().unwrap_or(MARK);
            }
            if *compressed == MARK {
                *compressed = values.next().unwrap_or(MARK);
            }
            if *header == MARK {
                *header = values.next().unwrap_or(MARK);
            }
            return;
        }
        extra = &extra[(4 + size).min(extra.len())..];
    }
}

/// The names that more than one entry has.
fn named_twice(listed: &[Listed]) -> std::collections::HashSet<&[u8]> {
    let mut seen = std::collections::HashSet::new();
    listed
        .iter()
        .filter(|l| !seen.insert(l.name.as_slice()))
        .map(|l| l.name.as_slice())
        .collect()
}

/// Reads a tar stream with every byte of it (headers, long names, padding) charged to the
/// budget, through a [`TarGuard`].
fn untar(reader: impl Read, filler: &mut Filler) -> Result<(), UnpackError> {
    let guard = TarGuard::new(reader, filler.budget.bytes);
    let seen = guard.seen.clone();
    let charge_files = std::mem::replace(&mut filler.charge_files, false);
    let read = untar_entries(guard, filler);
    filler.charge_files = charge_files;
    let (read_bytes, stop) = seen.get();
    match stop {
        Some(GuardStop::Budget) => return Err(filler.too_big()),
        Some(GuardStop::Meta(kind, size)) => {
            return Err(filler.unreadable(format!(
                "a {kind} of {size} bytes (at most {MAX_META} are read): a crafted archive?"
            )))
        }
        None => {}
    }
    read?;
    filler.budget.bytes = filler.budget.bytes.saturating_sub(read_bytes);
    Ok(())
}

fn untar_entries(reader: impl Read, filler: &mut Filler) -> Result<(), UnpackError> {
    let mut tar = tar::Archive::new(reader);
    let entries = tar.entries().map_err(|e| filler.unreadable(e))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| filler.unreadable(e))?;
        let raw = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let declared = entry.size();
        match entry.header().entry_type() {
            tar::EntryType::Regular | tar::EntryType::Continuous => {
                filler.file(&raw, declared, &mut entry)?;
                let time = entry.header().mtime().ok().filter(|&t| t > 0);
                filler.stamp(&raw, time.map(|t| UNIX_EPOCH + Duration::from_secs(t)));
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

/// The most bytes of a GNU long name or a pax header the tar reader is let hold in memory
/// (a path is at most 4 KiB on Linux).
pub(crate) const MAX_META: u64 = 64 << 10;

/// Why a [`TarGuard`] stopped the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GuardStop {
    Budget,
    /// What kind of header claimed how many bytes.
    Meta(&'static str, u64),
}

/// A tar stream checked as it passes, block by block: every byte is counted against a limit,
/// and a long-name or pax header claiming more than [`MAX_META`] bytes stops the stream
/// before the tar reader (which reads such headers whole into memory) sees it.
struct TarGuard<R> {
    inner: R,
    limit: u64,
    /// Bytes read so far, and why the stream was stopped; shared with the caller.
    seen: std::rc::Rc<std::cell::Cell<(u64, Option<GuardStop>)>>,
    header: [u8; 512],
    filled: usize,
    /// Bytes of the current entry's contents (and padding) still to pass.
    skip: u64,
}

impl<R: Read> TarGuard<R> {
    fn new(inner: R, limit: u64) -> TarGuard<R> {
        TarGuard {
            inner,
            limit,
            seen: Default::default(),
            header: [0; 512],
            filled: 0,
            skip: 0,
        }
    }

    fn stop(&self, why: GuardStop) -> io::Error {
        let (read, _) = self.seen.get();
        self.seen.set((read, Some(why)));
        io::Error::other("the archive was refused")
    }

    /// Follows the block structure over `bytes`, which just passed.
    fn follow(&mut self, mut bytes: &[u8]) -> Result<(), GuardStop> {
        while !bytes.is_empty() {
            if self.skip > 0 {
                let n = (self.skip).min(bytes.len() as u64) as usize;
                self.skip -= n as u64;
                bytes = &bytes[n..];
                continue;
            }
            let n = (512 - self.filled).min(bytes.len());
            self.header[self.filled..self.filled + n].copy_from_slice(&bytes[..n]);
            self.filled += n;
            bytes = &bytes[n..];
            if self.filled < 512 {
                break;
            }
            self.filled = 0;
            let size = header_size(&self.header[124..136]);
            let kind = match self.header[156] {
                b'L' => Some("GNU long name"),
                b'K' => Some("GNU long link name"),
                b'x' | b'g' => Some("pax header"),
                _ => None,
            };
            if let Some(kind) = kind.filter(|_| size > MAX_META) {
                return Err(GuardStop::Meta(kind, size));
            }
            self.skip = size.div_ceil(512).saturating_mul(512);
        }
        Ok(())
    }
}

/// A tar header's size field: octal text, or base-256 when its first bit is set.
fn header_size(field: &[u8]) -> u64 {
    if field[0] & 0x80 != 0 {
        return field[1..]
            .iter()
            .fold(0u64, |size, &b| size.saturating_mul(256).saturating_add(b as u64));
    }
    let text = String::from_utf8_lossy(field);
    u64::from_str_radix(text.trim_matches(|c: char| c == '\0' || c == ' '), 8).unwrap_or(0)
}

impl<R: Read> Read for TarGuard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (read, stop) = self.seen.get();
        if stop.is_some() {
            return Err(io::Error::other("the archive was refused"));
        }
        let n = self.inner.read(buf)?;
        let read = read + n as u64;
        self.seen.set((read, None));
        if read > self.limit {
            return Err(self.stop(GuardStop::Budget));
        }
        if let Err(why) = self.follow(&buf[..n]) {
            return Err(self.stop(why));
        }
        Ok(n)
    }
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
    minimax_sandbox::confine::confine_command(&mut command, confinement);
    let mut child = command.spawn().map_err(|error| {
        filler.unreadable(if error.kind() == io::ErrorKind::NotFound {
            "reading .rar and .7z needs bsdtar (Debian package libarchive-tools; `make deps` installs it)"
                .to_string()
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
    confinement: minimax_sandbox::confine::Confinement,
    #[cfg(target_os = "linux")]
    _ruleset: Option<std::os::fd::OwnedFd>,
    #[cfg(target_os = "linux")]
    _empty: Option<tempfile::TempDir>,
}

/// Off Linux, bsdtar runs in a process group of its own, with the grader's rights.
#[cfg(not(target_os = "linux"))]
fn bsdtar_walls() -> BsdtarWalls {
    BsdtarWalls {
        confinement: minimax_sandbox::confine::Confinement::none(),
    }
}

#[cfg(target_os = "linux")]
fn bsdtar_walls() -> BsdtarWalls {
    use minimax_sandbox::{confine::Confinement, rules};
    use std::os::fd::AsRawFd;
    let mut confinement = Confinement::none();
    confinement.group_only = false;
    confinement.push_rlimit(libc::RLIMIT_CPU, 60);
    confinement.push_rlimit(libc::RLIMIT_DATA, 1 << 30);
    confinement.push_rlimit(libc::RLIMIT_NOFILE, 64);
    confinement.push_rlimit(libc::RLIMIT_CORE, 0);
    // Its output is a pipe, which this does not limit; its error file stays small.
    confinement.push_rlimit(libc::RLIMIT_FSIZE, 1 << 20);
    if minimax_sandbox::confine::running_as_root() {
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
    #[cfg(target_os = "linux")]
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
        let error = result.unwrap_err().to_string();
        assert!(error.contains("GNU long name of 3221225472 bytes"), "{error}");
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
