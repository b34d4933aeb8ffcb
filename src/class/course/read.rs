//! The course file read and checked before anyone is graded: its TOML, its hand-in section's
//! archive types and name pattern, its rubric, its language, its roster and its readme
//! fields' patterns.

use super::handin::{self, Handin};
use super::names::{NameParts, Roster};
use super::{Course, CourseError, CourseFileError, PlaceholderError, RosterFileError};
use minimax_core::figures::exercise_sheet::Lang;
use regex::Regex;
use std::fs;
use std::io::Read;
use std::path::Path;

/// The course file read and checked: its patterns compiled, its roster read.
#[derive(Debug)]
pub(crate) struct CourseRules {
    pub(crate) course: Course,
    pub(super) fields: Vec<(String, Regex)>,
    roster: Option<Roster>,
    /// The course's language (`lang`), when it gives one.
    pub(crate) lang: Option<Lang>,
}

/// The most bytes of a course file read.
const MAX_COURSE_BYTES: u64 = 1 << 20;

/// A course's `lang`.
fn lang_of(code: &str) -> Option<Lang> {
    match code {
        "es" => Some(Lang::Es),
        "en" => Some(Lang::En),
        "pt" => Some(Lang::Pt),
        _ => None,
    }
}

impl CourseRules {
    /// Reads `--course FILE`.
    pub(crate) fn read(path: &Path) -> Result<CourseRules, CourseError> {
        let invalid = |source: CourseFileError| CourseError::Invalid {
            path: path.to_path_buf(),
            source,
        };
        let mut text = String::new();
        fs::File::open(path)
            .and_then(|file| file.take(MAX_COURSE_BYTES).read_to_string(&mut text))
            .map_err(|error| CourseError::Read {
                path: path.to_path_buf(),
                error,
            })?;
        let course: Course = toml::from_str(&text).map_err(|e| invalid(CourseFileError::Toml(e)))?;
        validate_handin(course.handin.as_ref()).map_err(invalid)?;
        if let Some(rubric) = &course.rubric {
            rubric.validate().map_err(invalid)?;
        }
        let lang = match course.lang.as_deref() {
            None => None,
            Some(code) => Some(lang_of(code).ok_or_else(|| {
                invalid(CourseFileError::Lang {
                    code: code.to_string(),
                })
            })?),
        };
        let roster = match &course.names.roster {
            None => None,
            Some(file) => {
                let at = path.parent().unwrap_or(Path::new(".")).join(file);
                Some(read_roster(&at).map_err(|e| invalid(CourseFileError::Roster(e)))?)
            }
        };
        let mut fields = Vec::new();
        for field in course.readme.iter().flat_map(|r| &r.fields) {
            let regex = regex::RegexBuilder::new(&field.pattern)
                .size_limit(1 << 20)
                .build()
                .map_err(|source| {
                    invalid(CourseFileError::Pattern {
                        name: field.name.clone(),
                        source,
                    })
                })?;
            fields.push((field.name.clone(), regex));
        }
        Ok(CourseRules {
            course,
            fields,
            roster,
            lang,
        })
    }

    /// `--roster FILE`: the class's roster, instead of the course file's.
    pub(crate) fn use_roster(&mut self, path: &Path) -> Result<(), CourseError> {
        let roster = read_roster(path).map_err(CourseError::Roster)?;
        self.roster = Some(roster);
        Ok(())
    }

    /// A student's name in parts: the roster's when it has them, else read in the course's order.
    pub(super) fn parts(&self, name: &str) -> NameParts {
        self.roster
            .as_ref()
            .and_then(|roster| roster.parts(name).cloned())
            .unwrap_or_else(|| NameParts::guess(name, self.course.names.order))
    }
}

/// A roster read, or why not (its path said).
fn read_roster(at: &Path) -> Result<Roster, RosterFileError> {
    let mut bytes = Vec::new();
    fs::File::open(at)
        .and_then(|f| f.take(16 << 20).read_to_end(&mut bytes))
        .map_err(|source| RosterFileError::Unreadable {
            path: at.to_path_buf(),
            source,
        })?;
    Roster::read(&bytes).map_err(|source| RosterFileError::Invalid {
        path: at.to_path_buf(),
        source,
    })
}

/// The hand-in's archive types and name pattern, checked before grading.
fn validate_handin(handin: Option<&Handin>) -> Result<(), CourseFileError> {
    let Some(handin) = handin else { return Ok(()) };
    for kind in &handin.archive_types {
        if !handin::ARCHIVE_TYPES.contains(&kind.trim_start_matches('.').to_lowercase().as_str()) {
            return Err(CourseFileError::ArchiveType { kind: kind.clone() });
        }
    }
    if let Some(pattern) = &handin.archive {
        placeholders(pattern).map_err(CourseFileError::ArchiveName)?;
    }
    if handin.paths.iter().any(|rule| rule.alternatives().is_empty()) {
        return Err(CourseFileError::NoAlternatives);
    }
    Ok(())
}

/// `{paterno}`, `{materno}`, `{nombre}` and `{nombres}` in a name pattern; anything else in
/// braces is refused.
fn placeholders(pattern: &str) -> Result<Vec<&str>, PlaceholderError> {
    let mut found = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or(PlaceholderError::Unclosed)? + open;
        let name = &rest[open + 1..close];
        if !matches!(name, "paterno" | "materno" | "nombre" | "nombres") {
            return Err(PlaceholderError::NotAPart {
                name: name.to_string(),
            });
        }
        found.push(name);
        rest = &rest[close + 1..];
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_parts_of_a_name_are_refused() {
        assert!(placeholders("{apellido}{nombre}").is_err());
        assert!(placeholders("{paterno}{nombre}05").is_ok());
        assert!(placeholders("{paterno}{materno}{nombres}05").is_ok());
    }
}
