//! Names as the intake keeps them: a file name as text, a platform's name as a file name, and a
//! name's key for sorting as people sort. A leaf: the layouts and the mailbox reader use it.

use crate::escape::escape_text;
use std::ffi::OsStr;

/// A file name as text, losslessly: invalid bytes as `\xNN`, a backslash doubled, control
/// characters escaped; a plain name is unchanged.
pub(crate) fn escape_name(name: &OsStr) -> String {
    let mut escaped = String::new();
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => escaped.push_str("\\\\"),
                c => escaped.push_str(&escape_text(&c.to_string())),
            }
        }
        for byte in chunk.invalid() {
            escaped.push_str(&format!("\\x{byte:02x}"));
        }
    }
    escaped
}

/// A platform's name for a file, safe as one file name in the student's folder.
pub(crate) fn file_name(name: &str) -> String {
    let name = name.replace(['/', '\\', '\0'], "_");
    match name.as_str() {
        "" | "." | ".." => "submission".to_string(),
        _ => name,
    }
}

/// A name's key for sorting as people do: accents and case set aside ("Óscar" → "oscar").
pub(crate) fn collation_key(name: &str) -> String {
    use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
    name.nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}
