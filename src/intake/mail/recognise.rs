//! A mailbox recognised by its content: an mbox, a Maildir, or a folder of `.eml` files.

use super::found::*;
use super::mbox;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Recognises a mailbox by its content: a file opening with an mbox `From ` line, a folder
/// with `cur/` and `new/` (Maildir), or a folder of files whose start reads as mail headers.
pub(crate) fn recognise(path: &Path) -> Option<Form> {
    if path.is_file() {
        return mbox::looks_like_mbox(&start_of(path)).then_some(Form::Mbox);
    }
    if path.join("cur").is_dir() && path.join("new").is_dir() {
        return Some(Form::Maildir);
    }
    let files = plain_files(path);
    let mails = files.iter().filter(|f| looks_like_mail(&start_of(f))).count();
    (!files.is_empty() && mails * 2 > files.len()).then_some(Form::EmlFolder)
}

/// The first 4 KiB of a file.
pub(super) fn start_of(path: &Path) -> Vec<u8> {
    let mut start = Vec::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = file.take(4096).read_to_end(&mut start);
    }
    start
}

/// Whether bytes open with mail headers (`Name: value` lines holding a From or a Subject).
pub(super) fn looks_like_mail(start: &[u8]) -> bool {
    let text = String::from_utf8_lossy(start);
    let head = text.split("\n\n").next().unwrap_or_default();
    let first_is_header = head
        .lines()
        .next()
        .and_then(|l| l.split_once(':'))
        .is_some_and(|(name, _)| {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    first_is_header
        && head.lines().any(|l| {
            let lower = l.to_ascii_lowercase();
            lower.starts_with("from:") || lower.starts_with("subject:")
        })
}

/// The plain files of a folder, in name order (links and dot-files left alone).
pub(super) fn plain_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    files.sort();
    files
}
