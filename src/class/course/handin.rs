//! The hand-in's rules: one archive of an accepted type (checked on the upload graded, the
//! others noted), named as the sheet says, holding its files where the sheet puts them
//! (alternatives such as the NetBeans project the sheet allows, names in any case when the
//! course says so, an archive inside the archive noted or charged as the course says).

use super::names::{self, NameParts};
use super::words::Say;
use crate::class::RuleCheck;
use crate::intake::unpack::{Kind, Nested};
use crate::intake::Student;
use serde::Deserialize;
use std::collections::BTreeSet;

/// How the practice is handed in.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Handin {
    /// The archive's name without its extension: text and `{paterno}`, `{materno}`,
    /// `{nombre}`, `{nombres}` (parts of the student's name).
    pub(crate) archive: Option<String>,
    /// Accepted archive types (`zip`, `rar`, `tar.gz`, `tgz`, `tar`, `7z`); empty: any.
    #[serde(default)]
    pub(crate) archive_types: Vec<String>,
    /// Files that must be in the archive: a path, or a list of alternatives (`*`, `**`).
    #[serde(default)]
    pub(crate) paths: Vec<PathRule>,
    /// File and folder names compare without case.
    #[serde(default)]
    pub(crate) ignore_case: bool,
    /// The paths are one rule, the layout, instead of one rule each.
    #[serde(default)]
    pub(crate) paths_together: bool,
    /// Whether a required file found in an archive inside the archive costs its rule.
    #[serde(default)]
    pub(crate) nested_archive: NestedArchive,
    /// A space or a sign (`_`, `-`, `.`) the pattern does not have makes the archive's name
    /// wrong (`Gutierrez_Paola_05`); by default they do not matter.
    #[serde(default)]
    pub(crate) exact_separators: bool,
}

/// A required file: one path, or alternatives any of which will do.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum PathRule {
    One(String),
    Any(Vec<String>),
}

impl PathRule {
    pub(crate) fn alternatives(&self) -> Vec<String> {
        match self {
            PathRule::One(path) => vec![path.clone()],
            PathRule::Any(paths) => paths.clone(),
        }
    }
}

/// What an archive inside the archive costs: nothing but a note, or its rule.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum NestedArchive {
    #[default]
    Noted,
    Costs,
}

/// Archive types, as file name endings.
pub(crate) const ARCHIVE_TYPES: &[&str] = &["zip", "rar", "tar.gz", "tgz", "tar", "7z"];

/// The archive rules: one archive of an accepted type, named by the pattern.
/// `stand_in` is the one folder handed in instead of an archive: its name is checked as the
/// archive's.
pub(crate) fn archive_checks(
    handin: &Handin,
    student: &Student,
    parts: &NameParts,
    stand_in: Option<&String>,
    say: Say,
) -> Vec<RuleCheck> {
    // Of several uploads the graded one is the hand-in: the others are noted, not charged.
    let archives: Vec<&String> = match &student.graded_upload {
        Some(graded) => vec![graded],
        None => student
            .handed_in
            .iter()
            .filter(|n| Kind::of(n).is_some())
            .collect(),
    };
    let listed = |names: &[&String]| names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", ");
    let handed = if student.handed_in.is_empty() {
        say.nothing()
    } else {
        student.handed_in.join(", ")
    };
    let allowed: Vec<String> = if handin.archive_types.is_empty() {
        ARCHIVE_TYPES.iter().map(|t| t.to_string()).collect()
    } else {
        handin
            .archive_types
            .iter()
            .map(|t| t.trim_start_matches('.').to_lowercase())
            .collect()
    };
    let types = allowed
        .iter()
        .map(|t| format!(".{t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let accepted = |name: &str| {
        allowed
            .iter()
            .any(|t| name.to_lowercase().ends_with(&format!(".{t}")))
    };
    let one = archives.len() == 1 && accepted(archives[0]);
    let mut checks = vec![RuleCheck {
        part: "handin",
        rule: say.one_archive(&types),
        item: say.one_archive(&types),
        passed: one,
        found: (!one).then(|| match archives.len() {
            0 => say.no_archive(&handed),
            1 => say.other_type(archives[0]),
            n => say.several(n, &listed(&archives)),
        }),
    }];
    if let Some(pattern) = &handin.archive {
        let named_as = if archives.is_empty() {
            stand_in.into_iter().collect()
        } else {
            archives.clone()
        };
        let named = named_as.iter().any(|archive| {
            let stem = Kind::of(archive).map_or(archive.as_str(), |(_, stem)| stem);
            names::matches(pattern, parts, stem)
                && !(handin.exact_separators && added_separators(pattern, stem))
        });
        let archives = named_as;
        checks.push(RuleCheck {
            part: "handin",
            rule: say.named(pattern, &format!("{}.{}", parts.example(pattern), allowed[0])),
            item: say.named_item(pattern),
            passed: named,
            found: (!named).then(|| {
                if archives.is_empty() {
                    say.no_archive(&handed)
                } else {
                    listed(&archives)
                }
            }),
        });
    }
    checks
}

/// Whether the name has a space or a sign (`_`, `-`, `.`) the pattern's own text does not.
fn added_separators(pattern: &str, stem: &str) -> bool {
    stem.chars().any(|c| !c.is_alphanumeric() && !pattern.contains(c))
}

/// Whether `path` is one of `pattern`'s: `*` any part of one folder or file name, `**` any
/// folders (none included); case aside when asked.
pub(crate) fn glob(pattern: &str, path: &str, ignore_case: bool) -> bool {
    let fold = |s: &str| {
        if ignore_case {
            s.to_lowercase()
        } else {
            s.to_string()
        }
    };
    let (pattern, path) = (fold(pattern), fold(path));
    let want: Vec<&str> = pattern.split('/').collect();
    let have: Vec<&str> = path.split('/').collect();
    segments(&want, &have)
}

fn segments(want: &[&str], have: &[&str]) -> bool {
    match want.split_first() {
        None => have.is_empty(),
        Some((&"**", rest)) => (0..=have.len()).any(|skip| segments(rest, &have[skip..])),
        Some((first, rest)) => have
            .split_first()
            .is_some_and(|(name, others)| segment(first, name) && segments(rest, others)),
    }
}

/// One name against one part of a pattern, `*` standing for any run of characters: the
/// usual two-pointer match, back to the last `*` on a mismatch (no exponential backtracking,
/// whatever the pattern).
fn segment(want: &str, name: &str) -> bool {
    let (want, name): (Vec<char>, Vec<char>) = (want.chars().collect(), name.chars().collect());
    let (mut w, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if w < want.len() && want[w] == '*' {
            star = Some((w, n));
            w += 1;
        } else if w < want.len() && want[w] == name[n] {
            w += 1;
            n += 1;
        } else if let Some((at, from)) = star {
            w = at + 1;
            n = from + 1;
            star = Some((at, from + 1));
        } else {
            return false;
        }
    }
    want[w..].iter().all(|c| *c == '*')
}

/// Where a required file is: the first file fitting one of its alternatives, by name order.
fn found_at<'a>(
    alternatives: &[String],
    files: &'a BTreeSet<String>,
    ignore_case: bool,
) -> Option<&'a String> {
    alternatives
        .iter()
        .find_map(|alternative| files.iter().find(|file| glob(alternative, file, ignore_case)))
}

/// The archive inside the upload a file came out of, if any.
fn nested_source<'a>(nested: &'a [Nested], file: &str) -> Option<&'a Nested> {
    nested.iter().find(|n| n.files.iter().any(|f| f == file))
}

/// One required file checked: where it is, or what was found instead; and the note when it
/// came out of an archive inside the archive.
struct PathChecked {
    passed: bool,
    found: Option<String>,
    note: Option<String>,
    /// The archive inside the archive it came out of, and where it was.
    inside: Option<(String, String)>,
}

fn check_path(
    handin: &Handin,
    alternatives: &[String],
    student: &Student,
    files: &BTreeSet<String>,
    say: Say,
) -> PathChecked {
    if let Some(at) = found_at(alternatives, files, handin.ignore_case) {
        let Some(nested) = nested_source(&student.nested, at) else {
            return PathChecked {
                passed: true,
                found: None,
                note: None,
                inside: None,
            };
        };
        let said = say.nested(&nested.archive, at);
        let costs = handin.nested_archive == NestedArchive::Costs;
        return PathChecked {
            passed: !costs,
            found: costs.then(|| said.clone()),
            note: (!costs).then_some(said),
            inside: Some((nested.archive.clone(), at.clone())),
        };
    }
    let name = alternatives[0]
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_lowercase();
    let elsewhere: Vec<&str> = files
        .iter()
        .filter(|file| file.rsplit('/').next().unwrap_or(file).to_lowercase() == name)
        .take(5)
        .map(String::as_str)
        .collect();
    PathChecked {
        passed: false,
        found: Some(if elsewhere.is_empty() {
            say.no_file(&name)
        } else {
            elsewhere.join(", ")
        }),
        note: None,
        inside: None,
    }
}

/// The path rules: one per required file, or one for the whole layout (`paths_together`).
/// Returns the checks and the notes of what cost nothing.
/// The readme the course asks for (its name) and where one was found under any name: with
/// none, its absence is the readme part's to charge, not the layout's too.
pub(crate) struct ReadmeAt<'a> {
    pub(crate) file: &'a str,
    pub(crate) at: Option<&'a str>,
}

pub(crate) fn path_checks(
    handin: &Handin,
    student: &Student,
    files: &BTreeSet<String>,
    readme: Option<ReadmeAt>,
    say: Say,
) -> (Vec<RuleCheck>, Vec<String>) {
    let mut checks = Vec::new();
    let mut notes = Vec::new();
    let mut together: Vec<(String, PathChecked)> = Vec::new();
    let file_name = |path: &str| path.rsplit('/').next().unwrap_or(path).to_lowercase();
    for rule in &handin.paths {
        let alternatives = rule.alternatives();
        let the_readme = readme
            .as_ref()
            .filter(|r| file_name(&alternatives[0]) == file_name(r.file));
        let mut checked = match the_readme {
            Some(ReadmeAt { at: None, .. }) => PathChecked {
                passed: true,
                found: None,
                note: Some(say.readme_charged_once(&alternatives[0])),
                inside: None,
            },
            _ => check_path(handin, &alternatives, student, files, say),
        };
        // A readme under another name is what was found instead.
        if let Some(ReadmeAt { at: Some(at), .. }) = the_readme {
            if !checked.passed
                && checked.found.as_deref() == Some(say.no_file(&file_name(&alternatives[0])).as_str())
            {
                checked.found = Some((*at).to_string());
            }
        }
        notes.extend(checked.note.iter().map(|n| say.noted(n)));
        if handin.paths_together {
            together.push((alternatives[0].clone(), checked));
        } else {
            checks.push(RuleCheck {
                part: "handin",
                rule: say.in_archive(&alternatives[0]),
                item: say.in_archive(&alternatives[0]),
                passed: checked.passed,
                found: checked.found,
            });
        }
    }
    if !together.is_empty() {
        let names: Vec<String> = together.iter().map(|(path, _)| path.clone()).collect();
        let failing: Vec<&(String, PathChecked)> =
            together.iter().filter(|(_, checked)| !checked.passed).collect();
        let one_archive = failing
            .first()
            .and_then(|(_, j)| j.inside.as_ref())
            .map(|(a, _)| a);
        // Everything that broke came out of one archive inside the archive: said once.
        let broken: Vec<String> = match one_archive {
            Some(archive)
                if failing
                    .iter()
                    .all(|(_, j)| j.inside.as_ref().is_some_and(|(a, _)| a == archive)) =>
            {
                let paths: Vec<String> = failing
                    .iter()
                    .filter_map(|(_, j)| j.inside.as_ref().map(|(_, at)| at.clone()))
                    .collect();
                vec![say.nested(archive, &say.and(&paths))]
            }
            _ => failing
                .iter()
                .map(|(path, checked)| format!("{path}: {}", checked.found.as_deref().unwrap_or_default()))
                .collect(),
        };
        checks.push(RuleCheck {
            part: "handin",
            rule: say.layout(&names),
            item: say.layout(&names),
            passed: broken.is_empty(),
            found: (!broken.is_empty()).then(|| broken.join("; ")),
        });
    }
    (checks, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_netbeans_layout_fits_its_pattern_and_a_stray_copy_does_not() {
        let netbeans = "Minimax/src/*/src/**/Minimax.java";
        assert!(glob(
            netbeans,
            "Minimax/src/Minimax/src/minimax/Minimax.java",
            false
        ));
        assert!(glob(netbeans, "Minimax/src/Gato/src/Minimax.java", false));
        assert!(!glob(netbeans, "Minimax/backup/Minimax/src/Minimax.java", false));
        assert!(!glob(netbeans, "Minimax/src/Minimax.java", false));
        assert!(glob("Minimax/src/Minimax.java", "minimax/SRC/Minimax.java", true));
        assert!(!glob(
            "Minimax/src/Minimax.java",
            "minimax/SRC/Minimax.java",
            false
        ));
        assert!(glob("*.txt", "léeme.txt", false));
        assert!(glob("*a*b", "xaxxb", false));
        assert!(!glob("*a*b", "xaxxbc", false));
        // Many stars against a long name: answered at once, not by trying every split.
        assert!(glob(&"*a".repeat(30), &"a".repeat(200), false));
        assert!(!glob(&format!("{}b", "*a".repeat(30)), &"a".repeat(200), false));
    }
}
