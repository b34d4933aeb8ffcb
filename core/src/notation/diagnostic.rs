//! Where in an input something is wrong, and how to show it: the line with a caret under it.
//!
//! ```
//! use minimax_core::notation::diagnostic::Report;
//! use minimax_core::tree::{parse, MAX};
//!
//! // A comma missing in the lecture's tree: the report shows the line, a caret under the place.
//! let diagnostics = parse("[[3, 12, 8], [2, 4 6], [14, 5, 2]]", MAX).unwrap_err();
//! let report = Report { source: "tree.json".into(), what: "tree", diagnostics };
//! let text = report.to_string();
//! let lines: Vec<&str> = text.lines().collect();
//! assert!(lines[0].starts_with("tree.json: bad tree: line 1, column 20: not valid JSON"));
//! assert_eq!(lines[1], "  1 | [[3, 12, 8], [2, 4 6], [14, 5, 2]]");
//! assert_eq!(lines[2], "    |                    ^");
//! ```

use std::fmt;
use std::sync::Arc;

/// A place in an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Location {
    /// 1-based line and column (in characters), with the text of that line for the caret.
    /// The line is shared, not copied: a reader makes one per line and hands out clones, so
    /// locating every character of a long line costs memory linear in its length.
    Text {
        line: usize,
        column: usize,
        source_line: Arc<str>,
    },
    /// A path inside a JSON document, such as `board[1][2]`.
    Json(String),
}

impl Location {
    pub(crate) fn text(line: usize, column: usize, source_line: &str) -> Location {
        Location::in_line(line, column, &Arc::from(source_line))
    }

    /// A place in a line already shared by other locations.
    pub(crate) fn in_line(line: usize, column: usize, source_line: &Arc<str>) -> Location {
        Location::Text {
            line,
            column,
            source_line: Arc::clone(source_line),
        }
    }

    /// The place just after this one on the same line: where something missing should be.
    pub(crate) fn after(self) -> Location {
        match self {
            Location::Text {
                line,
                column,
                source_line,
            } => Location::Text {
                line,
                column: column + 1,
                source_line,
            },
            json => json,
        }
    }
}

/// Where serde_json says a syntax error is, as a text location; an error at the end of the
/// input (a missing bracket) points just past the last character.
pub(crate) fn json_error_location(text: &str, error: &serde_json::Error) -> Option<Location> {
    let lines: Vec<&str> = text.lines().collect();
    match lines.get(error.line().saturating_sub(1)) {
        Some(line) => Some(Location::text(error.line(), error.column().max(1), line)),
        None => lines
            .iter()
            .enumerate()
            .rev()
            .find(|(_, l)| !l.trim().is_empty())
            .map(|(i, line)| Location::text(i + 1, line.chars().count() + 1, line)),
    }
}

/// serde_json's message without the position it appends (the location says that).
pub(crate) fn json_error_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    message
        .rsplit_once(" at line ")
        .map_or(message.clone(), |(m, _)| m.to_string())
}

/// What kind of JSON value this is, for messages: "a string", "an array".
pub(crate) fn json_kind(value: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Something wrong with an input, where it is, and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong, in one sentence.
    pub message: String,
    pub(crate) at: Option<Location>,
    pub(crate) help: Option<String>,
}

/// At most this many problems are listed; the rest are counted.
const MAX_LISTED: usize = 10;
/// Longest stretch of a source line shown around the caret.
const WINDOW: usize = 60;

/// Every problem found in one input, named by `source` (a path, or `<stdin>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The input's name: a path, or `<stdin>`.
    pub source: String,
    /// What the input should have been ("position", "tree"), for the heading.
    pub what: &'static str,
    /// Every problem found, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl std::error::Error for Report {}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.as_slice() {
            [only] => {
                write!(f, "{}: bad {}: ", self.source, self.what)?;
                write_diagnostic(f, only, "")
            }
            all => {
                write!(f, "{}: bad {} ({} problems)", self.source, self.what, all.len())?;
                let mut helped = Vec::new();
                for diagnostic in all.iter().take(MAX_LISTED) {
                    write!(f, "\n  - ")?;
                    // The same advice once is enough.
                    let mut diagnostic = diagnostic.clone();
                    if let Some(help) = diagnostic.help.take() {
                        if !helped.contains(&help) {
                            helped.push(help.clone());
                            diagnostic.help = Some(help);
                        }
                    }
                    write_diagnostic(f, &diagnostic, "    ")?;
                }
                if all.len() > MAX_LISTED {
                    write!(f, "\n  … and {} more", all.len() - MAX_LISTED)?;
                }
                Ok(())
            }
        }
    }
}

fn write_diagnostic(f: &mut fmt::Formatter<'_>, diagnostic: &Diagnostic, indent: &str) -> fmt::Result {
    match &diagnostic.at {
        Some(Location::Text {
            line,
            column,
            source_line,
        }) => {
            write!(f, "line {line}, column {column}: {}", diagnostic.message)?;
            let (shown, caret) = snippet(source_line, *column);
            let gutter = line.to_string();
            let pad = " ".repeat(gutter.len());
            write!(
                f,
                "\n{indent}  {gutter} | {shown}\n{indent}  {pad} | {}^",
                " ".repeat(caret)
            )?;
        }
        Some(Location::Json(path)) => write!(f, "{path}: {}", diagnostic.message)?,
        None => write!(f, "{}", diagnostic.message)?,
    }
    if let Some(help) = &diagnostic.help {
        write!(f, "\n{indent}  help: {help}")?;
    }
    Ok(())
}

/// The part of `line` to print and the caret's offset in it. Control characters and tabs are
/// shown as one printable character each so that the caret stays under the right one.
fn snippet(line: &str, column: usize) -> (String, usize) {
    let chars: Vec<char> = line.chars().map(printable).collect();
    let at = column.saturating_sub(1).min(chars.len());
    let start = if chars.len() <= WINDOW {
        0
    } else {
        at.saturating_sub(WINDOW / 2)
    };
    let end = (start + WINDOW).min(chars.len());
    let mut shown: String = chars[start..end].iter().collect();
    let mut caret = at - start;
    if start > 0 {
        shown.insert(0, '…');
        caret += 1;
    }
    if end < chars.len() {
        shown.push('…');
    }
    (shown, caret)
}

fn printable(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() => '�',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(diagnostics: Vec<Diagnostic>) -> String {
        Report {
            source: "in.txt".into(),
            what: "position",
            diagnostics,
        }
        .to_string()
    }

    #[test]
    fn a_located_problem_shows_the_line_with_a_caret() {
        let text = report(vec![Diagnostic {
            message: "unknown character 'Z'".into(),
            at: Some(Location::text(2, 5, "-   Z   0")),
            help: Some("use X or O".into()),
        }]);
        assert_eq!(
            text,
            "in.txt: bad position: line 2, column 5: unknown character 'Z'\n  2 | -   Z   0\n    |     ^\n  help: use X or O"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = "x".repeat(500);
        let (shown, caret) = snippet(&line, 300);
        assert_eq!(shown.chars().count(), WINDOW + 2);
        assert_eq!(caret, WINDOW / 2 + 1);
    }

    #[test]
    fn control_characters_keep_the_caret_aligned() {
        assert_eq!(snippet("\u{0}\tX", 3), ("� X".to_string(), 2));
    }
}
