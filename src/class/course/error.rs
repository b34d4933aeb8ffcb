//! Why a course file cannot be used, each reason with the facts it is said with: the file and
//! the key at fault, a name pattern's bad braces, a roster that does not read.

use super::handin::ARCHIVE_TYPES;
use super::names::RosterError;
use crate::class::summary::VERDICT_ORDER;
use std::path::PathBuf;

/// Why the course file cannot be used: the grader's set-up, said with where and what to do.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    #[error("--course {}: {error}", .path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("--course {}: {source}", .path.display())]
    Invalid { path: PathBuf, source: CourseFileError },
    #[error("--roster {0}")]
    Roster(#[source] RosterFileError),
}

/// What in the course file cannot be used, said with its key.
#[derive(Debug, thiserror::Error)]
pub enum CourseFileError {
    #[error("{}", .0.to_string().trim_end())]
    Toml(#[from] toml::de::Error),
    #[error("handin.archive_types: {kind:?} is not an archive type this tool reads ({})", ARCHIVE_TYPES.join(", "))]
    ArchiveType { kind: String },
    #[error("handin.archive: {0}")]
    ArchiveName(#[source] PlaceholderError),
    #[error("handin.paths: an empty list of alternatives")]
    NoAlternatives,
    #[error("rubric.{part}: points must be a number, 0 or more, not {points}")]
    Points { part: &'static str, points: f64 },
    #[error("rubric: no part has points; give positions, hidden, handin or readme some")]
    NoPoints,
    #[error("rubric.credit: {verdict:?} is not a verdict ({})", verdict_names())]
    NotAVerdict { verdict: String },
    #[error("rubric.credit.{verdict}: credit is from 0 to 1, not {credit}")]
    Credit { verdict: String, credit: f64 },
    #[error("lang: {code:?} is not a language of this tool (es, en, pt)")]
    Lang { code: String },
    #[error("names.roster: {0}")]
    Roster(#[source] RosterFileError),
    #[error("readme field {name:?}: the pattern does not compile: {source}")]
    Pattern { name: String, source: regex::Error },
}

/// A name pattern's braces that name no part of a name.
#[derive(Debug, thiserror::Error)]
pub enum PlaceholderError {
    #[error("a `{{` without its `}}`")]
    Unclosed,
    #[error("{{{name}}} is not a part of a name: use {{paterno}}, {{materno}}, {{nombre}} or {{nombres}}")]
    NotAPart { name: String },
}

/// A roster file that does not read, said with its path.
#[derive(Debug, thiserror::Error)]
pub enum RosterFileError {
    #[error("{}: {source}", .path.display())]
    Unreadable { path: PathBuf, source: std::io::Error },
    #[error("{}: {source}", .path.display())]
    Invalid { path: PathBuf, source: RosterError },
}

/// The verdicts' names, in the reports' order.
fn verdict_names() -> String {
    VERDICT_ORDER.map(|v| v.name()).join(", ")
}
