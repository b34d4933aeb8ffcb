//! Readmes read as people write them: found under their name in any case, or under another
//! readme's name (a misnamed readme costs the layout's item, not its fields); decoded from
//! UTF-8, UTF-16 with a byte-order mark, Windows-1252 or Latin-1 (Windows' Notepad saves
//! "Muñoz" in Windows-1252).

pub(crate) use super::decode::decode;
use super::names::folded;
use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::Path;

/// The most bytes of a readme read.
const MAX_README_BYTES: u64 = 64 << 10;

/// Names a readme is given when not the one asked for ("LEEME.txt", "Readme.md").
fn readme_like(name: &str) -> bool {
    let lower = name.to_lowercase();
    let (stem, ending) = lower.rsplit_once('.').unwrap_or((lower.as_str(), ""));
    let stem = folded(stem);
    matches!(ending, "" | "txt" | "md" | "text")
        && ["readme", "leeme", "leame"]
            .iter()
            .any(|start| stem.starts_with(&folded(start)))
}

/// Where the readme is: the file asked for (case aside when `ignore_case`), else a file of
/// that name anywhere (any case), else a file named like a readme anywhere; the shallowest.
pub(crate) fn find(files: &BTreeSet<String>, file: &str) -> Option<String> {
    let name = file.rsplit('/').next().unwrap_or(file).to_lowercase();
    let depth = |path: &&String| path.matches('/').count();
    if files.contains(file) {
        return Some(file.to_string());
    }
    let of_name = files
        .iter()
        .filter(|path| path.rsplit('/').next().unwrap_or(path).to_lowercase() == name)
        .min_by_key(depth);
    of_name
        .or_else(|| {
            files
                .iter()
                .filter(|path| readme_like(path.rsplit('/').next().unwrap_or(path)))
                .min_by_key(depth)
        })
        .cloned()
}

/// The readme's text, decoded, up to a size.
pub(crate) fn read(folder: &Path, at: &str) -> Option<String> {
    let mut bytes = Vec::new();
    fs::File::open(folder.join(at))
        .and_then(|f| f.take(MAX_README_BYTES).read_to_end(&mut bytes))
        .ok()?;
    Some(decode(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_readme_saved_by_windows_notepad_reads_as_written() {
        let latin = b"Mu\xf1oz Pe\xf1a, Mar\xeda Jos\xe9\r\nPr\xe1ctica 5\r\n";
        assert_eq!(decode(latin), "Muñoz Peña, María José\r\nPráctica 5\r\n");
        let mut utf16 = vec![0xff, 0xfe];
        for unit in "Muñoz".encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        assert_eq!(decode(&utf16), "Muñoz");
        assert_eq!(decode("\u{feff}Peña".as_bytes()), "Peña");
        assert_eq!(decode("Peña".as_bytes()), "Peña");
        // A character cut in two by the size limit.
        assert_eq!(decode(&"Peña".as_bytes()[..3]), "Pe");
    }

    #[test]
    fn a_readme_is_found_by_its_name_in_any_case_or_by_a_readmes_name() {
        let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(
            find(&files(&["readme.txt"]), "readme.txt").as_deref(),
            Some("readme.txt")
        );
        assert_eq!(
            find(&files(&["Minimax/README.TXT"]), "readme.txt").as_deref(),
            Some("Minimax/README.TXT")
        );
        assert_eq!(
            find(&files(&["LEEME.txt"]), "readme.txt").as_deref(),
            Some("LEEME.txt")
        );
        assert_eq!(
            find(&files(&["Léeme.md"]), "readme.txt").as_deref(),
            Some("Léeme.md")
        );
        assert_eq!(find(&files(&["Minimax/src/Minimax.java"]), "readme.txt"), None);
        assert_eq!(find(&files(&["readme.java"]), "readme.txt"), None);
    }
}
