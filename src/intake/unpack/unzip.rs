//! Zip archives: entries named twice read from the central directory, the first kept.

use super::error::UnpackError;
use super::filler::Filler;
use std::fs::File;
use std::io::{self, Read};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// A zip entry's date and time (MS-DOS's, without a time zone: read as UTC, which keeps the
/// order of the uploads of one download).
pub(super) fn dos_time(time: zip::DateTime) -> Option<SystemTime> {
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

pub(super) fn unzip(file: File, filler: &mut Filler) -> Result<(), UnpackError> {
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
pub(super) fn unzip_first(
    raw: &mut File,
    listed: &Listed,
    shown: &str,
    filler: &mut Filler,
) -> Result<(), UnpackError> {
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
pub(super) struct Listed {
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
pub(super) fn central_directory(file: &mut File, offset: u64, start: u64, most: u64) -> Vec<Listed> {
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
pub(super) fn zip64_sizes(mut extra: &[u8], uncompressed: &mut u64, compressed: &mut u64, header: &mut u64) {
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
pub(super) fn named_twice(listed: &[Listed]) -> std::collections::HashSet<&[u8]> {
    let mut seen = std::collections::HashSet::new();
    listed
        .iter()
        .filter(|l| !seen.insert(l.name.as_slice()))
        .map(|l| l.name.as_slice())
        .collect()
}
