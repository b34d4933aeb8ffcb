//! Tar archives (plain or gzipped), their headers charged to the budget as they are read.

use super::error::UnpackError;
use super::filler::Filler;
use std::io::{self, Read};
use std::time::{Duration, UNIX_EPOCH};
/// Reads a tar stream with every byte of it (headers, long names, padding) charged to the
/// budget, through a [`TarGuard`].
pub(super) fn untar(reader: impl Read, filler: &mut Filler) -> Result<(), UnpackError> {
    let guard = TarGuard::new(reader, filler.budget.bytes);
    let seen = guard.seen.clone();
    let charge_files = std::mem::replace(&mut filler.charge_files, false);
    let read = untar_entries(guard, filler);
    filler.charge_files = charge_files;
    let (read_bytes, stop) = seen.get();
    match stop {
        Some(GuardStop::Budget) => return Err(filler.too_big()),
        Some(GuardStop::Meta(kind, size)) => {
            return Err(UnpackError::HugeHeader {
                archive: filler.archive.clone(),
                kind,
                size,
                limit: MAX_META,
            })
        }
        None => {}
    }
    read?;
    filler.budget.bytes = filler.budget.bytes.saturating_sub(read_bytes);
    Ok(())
}

pub(super) fn untar_entries(reader: impl Read, filler: &mut Filler) -> Result<(), UnpackError> {
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
pub(super) enum GuardStop {
    Budget,
    /// What kind of header claimed how many bytes.
    Meta(&'static str, u64),
}

/// A tar stream checked as it passes, block by block: every byte is counted against a limit,
/// and a long-name or pax header claiming more than [`MAX_META`] bytes stops the stream
/// before the tar reader (which reads such headers whole into memory) sees it.
pub(super) struct TarGuard<R> {
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
    pub(super) fn new(inner: R, limit: u64) -> TarGuard<R> {
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
pub(super) fn header_size(field: &[u8]) -> u64 {
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
