//! Reading an input as text, refusing what cannot be a position quickly.
//!
//! ```
//! use minimax_core::notation::input::read_from;
//!
//! let source = read_from(&b"X X -\n- O O\n- - -\n"[..], "<stdin>".to_string(), "position").unwrap();
//! assert_eq!(source.name, "<stdin>");
//! assert_eq!(source.text.lines().count(), 3);
//! ```

use super::diagnostic::{Diagnostic, Location, Report};
use std::io::{self, Read};

/// Inputs larger than this are refused without reading further: positions and trees are small.
pub(crate) const MAX_INPUT: usize = 1 << 20;

/// An input's text and the name to report it by.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name to report it by: a path, or `<stdin>`.
    pub name: String,
    /// Its whole text.
    pub text: String,
}

/// Why an input could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The reader failed.
    #[error("cannot read {name}: {error}")]
    Unreadable {
        /// The input's name.
        name: String,
        /// What the reader reported.
        error: io::Error,
    },
    /// The bytes are too many or not UTF-8: the report says where.
    #[error(transparent)]
    NotText(Report),
}

/// Reads at most 1 MiB (`MAX_INPUT`) from `reader` and checks that they are UTF-8.
pub fn read_from(reader: impl Read, name: String, what: &'static str) -> Result<Source, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| InputError::Unreadable {
            name: name.clone(),
            error,
        })?;
    let refuse = |message: String, help: &str, at: Option<Location>| {
        let diagnostic = Diagnostic {
            message,
            at,
            help: Some(help.to_string()),
        };
        InputError::NotText(Report {
            source: name.clone(),
            what,
            diagnostics: vec![diagnostic],
        })
    };
    if bytes.len() > MAX_INPUT {
        return Err(refuse(
            format!("the input is larger than {MAX_INPUT} bytes"),
            "positions and trees are small files; is this the right file?",
            None,
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source { name, text }),
        Err(error) => {
            let bytes = error.as_bytes();
            let valid = error.utf8_error().valid_up_to();
            let line_start = bytes[..valid]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line_end = bytes[valid..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| valid + i);
            let before = String::from_utf8_lossy(&bytes[line_start..valid]);
            let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
            let column = before.chars().count() + 1;
            let source_line = String::from_utf8_lossy(&bytes[line_start..line_end]);
            let at = Location::text(line, column, source_line.trim_end());
            Err(refuse(
                format!(
                    "the input is not text: byte {:#04x} is not valid UTF-8",
                    bytes[valid]
                ),
                "save the position as plain UTF-8 text",
                Some(at),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_located_by_line_and_column() {
        let Err(InputError::NotText(report)) = read_from(&b"XX-\n-\xff-\n---"[..], "f".into(), "position")
        else {
            panic!("accepted invalid UTF-8");
        };
        assert_eq!(report.diagnostics[0].at, Some(Location::text(2, 2, "-\u{fffd}-")));
    }

    #[test]
    fn oversized_input_is_refused_after_reading_only_the_limit() {
        let endless = io::repeat(b'X');
        let Err(InputError::NotText(report)) = read_from(endless, "f".into(), "position") else {
            panic!("accepted an endless input");
        };
        assert!(report.to_string().contains("larger than"));
    }
}
