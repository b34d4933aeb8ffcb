//! The course file (`grade --course FILE`, TOML): how the practice is handed in, judged rule by
//! rule for each student, and the readme's fields, with its free text (the observations the
//! sheet asks for) collected.
//!
//! ```toml
//! [handin]
//! archive = "{paterno}{nombre}05"      # the archive's name; case and accents do not matter
//! archive_types = ["zip", "rar", "tar.gz"]
//! paths = ["Minimax/src/Minimax.java", "readme.txt"]
//!
//! [readme]
//! file = "readme.txt"
//! full_name = true                     # every word of the name the platform gives
//! fields = [
//!   { name = "account number", pattern = '\b\d{9}\b' },
//!   { name = "practice number", pattern = '(?i)pr[aá]ctica\s*(n[uú]mero\s*)?0?5\b' },
//! ]
//! ```

use crate::class::{RubricPart, RubricScore, RuleCheck, StudentReport, Verdict};
use crate::intake::unpack::Kind;
use crate::intake::{collation_key, Student};
use regex::Regex;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why the course file cannot be used: the grader's set-up, said with where and what to do.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CourseError {
    #[error("--course {}: {error}", .path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("--course {}: {message}", .path.display())]
    Invalid { path: PathBuf, message: String },
}

/// The course file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Course {
    #[serde(default)]
    pub(crate) handin: Option<Handin>,
    #[serde(default)]
    pub(crate) readme: Option<Readme>,
    #[serde(default)]
    pub(crate) rubric: Option<Rubric>,
}

/// Points per part of the grade. A part's points are shared by its items: positions by their
/// verdicts' credit, hand-in and readme rules equally.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Rubric {
    /// The positions given on the command line (the sheet's).
    #[serde(default)]
    pub(crate) positions: f64,
    /// The hidden sample (`--sample`, `--all-positions`).
    #[serde(default)]
    pub(crate) hidden: f64,
    /// The hand-in rules: the archive, its name, its paths.
    #[serde(default)]
    pub(crate) handin: f64,
    /// The readme's rules: the full name and each field.
    #[serde(default)]
    pub(crate) readme: f64,
    /// The late penalty, as `--late-penalty` writes it (`10%/day,max=50%`).
    pub(crate) late: Option<String>,
    /// Credit per verdict (0 to 1); unlisted verdicts: 1 for optimal, 0 for the others.
    #[serde(default)]
    pub(crate) credit: BTreeMap<String, f64>,
}

/// Every verdict's name, for checking a rubric's credit table.
const VERDICTS: &[Verdict] = &[
    Verdict::Optimal,
    Verdict::Suboptimal,
    Verdict::Illegal,
    Verdict::Unparseable,
    Verdict::Crashed,
    Verdict::Timeout,
    Verdict::BuildFailed,
    Verdict::Skipped,
    Verdict::Right,
    Verdict::Wrong,
];

impl Rubric {
    fn check(&self) -> Result<(), String> {
        for (part, points) in [
            ("positions", self.positions),
            ("hidden", self.hidden),
            ("handin", self.handin),
            ("readme", self.readme),
        ] {
            if !(points.is_finite() && points >= 0.0) {
                return Err(format!(
                    "rubric.{part}: points must be a number, 0 or more, not {points}"
                ));
            }
        }
        if self.positions + self.hidden + self.handin + self.readme <= 0.0 {
            return Err(
                "rubric: no part has points; give positions, hidden, handin or readme some".to_string(),
            );
        }
        for (verdict, credit) in &self.credit {
            if !VERDICTS.iter().any(|v| v.name() == verdict) {
                let names: Vec<&str> = VERDICTS.iter().map(|v| v.name()).collect();
                return Err(format!(
                    "rubric.credit: {verdict:?} is not a verdict ({})",
                    names.join(", ")
                ));
            }
            if !(0.0..=1.0).contains(credit) {
                return Err(format!(
                    "rubric.credit.{verdict}: credit is from 0 to 1, not {credit}"
                ));
            }
        }
        Ok(())
    }

    fn credit(&self, verdict: Verdict) -> f64 {
        self.credit
            .get(verdict.name())
            .copied()
            .unwrap_or(if verdict.scores() { 1.0 } else { 0.0 })
    }

    /// A student's grade: each part, then the late penalty already set on the report (by
    /// this rubric's `late` or `--late-penalty`). `hidden` says which positions are hidden.
    pub(crate) fn score(&self, student: &StudentReport, hidden: &dyn Fn(&str) -> bool) -> RubricScore {
        let share = |points: f64, credits: Vec<f64>| {
            if credits.is_empty() {
                0.0
            } else {
                points * credits.iter().sum::<f64>() / credits.len() as f64
            }
        };
        let results = |want_hidden: bool| -> Vec<f64> {
            student
                .results
                .iter()
                .filter(|r| hidden(&r.position) == want_hidden)
                .map(|r| self.credit(r.verdict))
                .collect()
        };
        let rules = |part: &str| -> Vec<f64> {
            student
                .handin
                .iter()
                .filter(|c| c.part == part)
                .map(|c| if c.passed { 1.0 } else { 0.0 })
                .collect()
        };
        let mut parts = Vec::new();
        for (part, points, credits) in [
            ("positions", self.positions, results(false)),
            ("hidden", self.hidden, results(true)),
            ("handin", self.handin, rules("handin")),
            ("readme", self.readme, rules("readme")),
        ] {
            if points > 0.0 {
                parts.push(RubricPart {
                    part: part.to_string(),
                    points: round(share(points, credits)),
                    max: points,
                });
            }
        }
        let earned: f64 = parts.iter().map(|p| p.points).sum();
        let max: f64 = parts.iter().map(|p| p.max).sum();
        let penalty = student.late.as_ref().map_or(0.0, |late| late.penalty);
        if penalty > 0.0 {
            parts.push(RubricPart {
                part: "late".to_string(),
                points: round(-earned * penalty),
                max: 0.0,
            });
        }
        RubricScore {
            parts,
            total: round(earned * (1.0 - penalty)),
            max,
        }
    }
}

/// Points to a millionth: totals read the same on every machine.
fn round(points: f64) -> f64 {
    (points * 1e6).round() / 1e6
}

/// How the practice is handed in.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Handin {
    /// The archive's name without its extension: text and `{paterno}`, `{materno}`, `{nombre}`
    /// (words of the student's name as the platform gives it).
    pub(crate) archive: Option<String>,
    /// Accepted archive types (`zip`, `rar`, `tar.gz`, `tgz`, `tar`, `7z`); empty: any.
    #[serde(default)]
    pub(crate) archive_types: Vec<String>,
    /// Files that must be in the archive, at exactly these paths.
    #[serde(default)]
    pub(crate) paths: Vec<String>,
}

/// The readme the sheet asks for, and what it must say.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Readme {
    pub(crate) file: String,
    /// The student's full name, as the platform gives it, must be in it.
    #[serde(default)]
    pub(crate) full_name: bool,
    #[serde(default)]
    pub(crate) fields: Vec<Field>,
}

/// A field of the readme: a name for reports and a pattern (a regular expression) it matches.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Field {
    pub(crate) name: String,
    pub(crate) pattern: String,
}

/// The course file read and checked: its patterns compiled.
#[derive(Debug)]
pub(crate) struct CourseRules {
    pub(crate) course: Course,
    fields: Vec<(String, Regex)>,
}

/// The most bytes of a course file and of a readme read.
const MAX_COURSE_BYTES: u64 = 1 << 20;
const MAX_README_BYTES: u64 = 64 << 10;
/// The most characters of observations kept per student.
const MAX_OBSERVATIONS: usize = 2000;

impl CourseRules {
    /// Reads `--course FILE`.
    pub(crate) fn read(path: &Path) -> Result<CourseRules, CourseError> {
        let invalid = |message: String| CourseError::Invalid {
            path: path.to_path_buf(),
            message,
        };
        let mut text = String::new();
        fs::File::open(path)
            .and_then(|file| file.take(MAX_COURSE_BYTES).read_to_string(&mut text))
            .map_err(|error| CourseError::Read {
                path: path.to_path_buf(),
                error,
            })?;
        let course: Course =
            toml::from_str(&text).map_err(|e| invalid(e.to_string().trim_end().to_string()))?;
        if let Some(handin) = &course.handin {
            for kind in &handin.archive_types {
                if !ARCHIVE_TYPES.contains(&kind.trim_start_matches('.')) {
                    return Err(invalid(format!(
                        "handin.archive_types: {kind:?} is not an archive type this tool reads ({})",
                        ARCHIVE_TYPES.join(", ")
                    )));
                }
            }
            if let Some(pattern) = &handin.archive {
                placeholders(pattern).map_err(|e| invalid(format!("handin.archive: {e}")))?;
            }
        }
        if let Some(rubric) = &course.rubric {
            rubric.check().map_err(invalid)?;
        }
        let mut fields = Vec::new();
        for field in course.readme.iter().flat_map(|r| &r.fields) {
            let regex = regex::RegexBuilder::new(&field.pattern)
                .size_limit(1 << 20)
                .build()
                .map_err(|e| {
                    invalid(format!(
                        "readme field {:?}: the pattern does not compile: {e}",
                        field.name
                    ))
                })?;
            fields.push((field.name.clone(), regex));
        }
        Ok(CourseRules { course, fields })
    }

    /// Judges one student's hand-in: the rules in the file's order, and the readme's
    /// observations.
    pub(crate) fn judge(&self, student: &Student) -> (Vec<RuleCheck>, Option<String>) {
        let mut checks = Vec::new();
        if let Some(handin) = &self.course.handin {
            checks.extend(archive_checks(handin, student));
            for path in &handin.paths {
                checks.push(path_check(path, &student.folder));
            }
        }
        let mut observations = None;
        if let Some(readme) = &self.course.readme {
            let Some(text) = read_readme(&student.folder, &readme.file) else {
                checks.push(RuleCheck {
                    part: "readme",
                    rule: format!("a {} with its fields", readme.file),
                    passed: false,
                    found: Some(format!("no file named {}", readme.file)),
                });
                return (checks, None);
            };
            if readme.full_name {
                checks.push(full_name_check(&readme.file, &student.name, &text));
            }
            for (name, regex) in &self.fields {
                let passed = regex.is_match(&text);
                checks.push(RuleCheck {
                    part: "readme",
                    rule: format!("{} gives the {name}", readme.file),
                    passed,
                    found: (!passed).then(|| format!("nothing matching {}", regex.as_str())),
                });
            }
            observations = observations_of(&text, &self.fields, &student.name);
        }
        (checks, observations)
    }
}

/// Archive types, as file name endings.
const ARCHIVE_TYPES: &[&str] = &["zip", "rar", "tar.gz", "tgz", "tar", "7z"];

/// `{paterno}`, `{materno}` and `{nombre}` in a name pattern; anything else in braces is refused.
fn placeholders(pattern: &str) -> Result<Vec<&str>, String> {
    let mut found = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or("a `{` without its `}`")? + open;
        let name = &rest[open + 1..close];
        if !matches!(name, "paterno" | "materno" | "nombre") {
            return Err(format!(
                "{{{name}}} is not a part of a name: use {{paterno}}, {{materno}} or {{nombre}}"
            ));
        }
        found.push(name);
        rest = &rest[close + 1..];
    }
    Ok(found)
}

/// Lower case, accents and anything but letters and digits left out ("Lizárraga S." → "lizarragas").
fn folded(text: &str) -> String {
    collation_key(text)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// Whether an archive's name (without extension) is the pattern for some reading of the
/// student's name: {nombre} any word of it, {paterno} and {materno} other words (the platform
/// does not say which are surnames).
fn name_matches(pattern: &str, name: &str, stem: &str) -> bool {
    let words: Vec<String> = name
        .split_whitespace()
        .map(folded)
        .filter(|w| !w.is_empty())
        .take(8)
        .collect();
    let wanted = folded(stem);
    let slots = placeholders(pattern).unwrap_or_default();
    let mut choice = vec![0usize; slots.len()];
    if !slots.is_empty() && words.is_empty() {
        return false;
    }
    loop {
        let distinct = choice
            .iter()
            .enumerate()
            .all(|(i, a)| choice[..i].iter().all(|b| b != a));
        if distinct {
            let mut text = pattern.to_string();
            for (slot, word) in slots.iter().zip(&choice) {
                text = text.replacen(&format!("{{{slot}}}"), &words[*word], 1);
            }
            if folded(&text) == wanted {
                return true;
            }
        }
        // The next choice of words, as an odometer.
        let mut position = 0;
        loop {
            if position == choice.len() {
                return false;
            }
            choice[position] += 1;
            if choice[position] < words.len() {
                break;
            }
            choice[position] = 0;
            position += 1;
        }
    }
}

/// The archive rules: one archive of an accepted type, named by the pattern.
fn archive_checks(handin: &Handin, student: &Student) -> Vec<RuleCheck> {
    let archives: Vec<&String> = student
        .handed_in
        .iter()
        .filter(|n| Kind::of(n).is_some())
        .collect();
    let listed = |names: &[&String]| names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", ");
    let handed = if student.handed_in.is_empty() {
        "nothing".to_string()
    } else {
        student.handed_in.join(", ")
    };
    let mut checks = Vec::new();
    let types = if handin.archive_types.is_empty() {
        ARCHIVE_TYPES
            .iter()
            .map(|t| format!(".{t}"))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        handin
            .archive_types
            .iter()
            .map(|t| format!(".{}", t.trim_start_matches('.')))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let accepted = |name: &str| {
        handin.archive_types.is_empty()
            || handin.archive_types.iter().any(|t| {
                name.to_lowercase()
                    .ends_with(&format!(".{}", t.trim_start_matches('.').to_lowercase()))
            })
    };
    let one = archives.len() == 1 && accepted(archives[0]);
    checks.push(RuleCheck {
        part: "handin",
        rule: format!("handed in as one archive ({types})"),
        passed: one,
        found: (!one).then(|| match archives.len() {
            0 => format!("no archive: {handed}"),
            1 => format!("{}, an archive of another type", archives[0]),
            _ => format!("{} archives: {}", archives.len(), listed(&archives)),
        }),
    });
    if let Some(pattern) = &handin.archive {
        let named = archives.iter().any(|archive| {
            let stem = Kind::of(archive).map_or(archive.as_str(), |(_, stem)| stem);
            name_matches(pattern, &student.name, stem)
        });
        checks.push(RuleCheck {
            part: "handin",
            rule: format!("the archive named {pattern} (for {})", student.name),
            passed: named,
            found: (!named).then(|| {
                if archives.is_empty() {
                    format!("no archive: {handed}")
                } else {
                    listed(&archives)
                }
            }),
        });
    }
    checks
}

/// A required path: there exactly, or where a file of that name was found instead.
fn path_check(path: &str, folder: &Path) -> RuleCheck {
    let rule = format!("{path} in the archive");
    if folder.join(path).is_file() {
        return RuleCheck {
            part: "handin",
            rule,
            passed: true,
            found: None,
        };
    }
    let name = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let elsewhere: Vec<String> = files_under(folder)
        .into_iter()
        .filter(|relative| {
            Path::new(relative)
                .file_name()
                .is_some_and(|n| n.to_string_lossy().to_lowercase() == name)
        })
        .take(5)
        .collect();
    RuleCheck {
        part: "handin",
        rule,
        passed: false,
        found: Some(if elsewhere.is_empty() {
            format!("no file named {name}")
        } else {
            elsewhere.join(", ")
        }),
    }
}

/// Every file under `folder` (relative paths, name order, at most a few thousand), without
/// following links or entering hidden folders.
fn files_under(folder: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && found.len() < 5000 {
                found.push(
                    path.strip_prefix(folder)
                        .unwrap_or(&path)
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
    }
    found.sort();
    found
}

/// The readme's text: at its path, or else the first file of its name anywhere (the path
/// rule says where it should be); read up to a size, as text.
fn read_readme(folder: &Path, file: &str) -> Option<String> {
    let name = Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let at = if folder.join(file).is_file() {
        Some(file.to_string())
    } else {
        files_under(folder).into_iter().find(|relative| {
            Path::new(relative)
                .file_name()
                .is_some_and(|n| n.to_string_lossy().to_lowercase() == name)
        })
    };
    let mut bytes = Vec::new();
    fs::File::open(folder.join(at?))
        .and_then(|f| f.take(MAX_README_BYTES).read_to_end(&mut bytes))
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Every word of the student's name (as the platform gives it) somewhere in the readme.
fn full_name_check(file: &str, name: &str, text: &str) -> RuleCheck {
    let haystack = folded(text);
    let missing: Vec<&str> = name
        .split_whitespace()
        .filter(|word| !folded(word).is_empty() && !haystack.contains(&folded(word)))
        .collect();
    let first_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    RuleCheck {
        part: "readme",
        rule: format!("{file} gives the full name ({name})"),
        passed: missing.is_empty(),
        found: (!missing.is_empty()).then(|| {
            format!(
                "{} missing; it begins {:?}",
                missing.join(" "),
                first_line.chars().take(80).collect::<String>()
            )
        }),
    }
}

/// The readme's free text: what follows an "Observaciones"/"Notas"/"Comentarios" heading, or
/// else every line that is neither a field nor the name.
fn observations_of(text: &str, fields: &[(String, Regex)], name: &str) -> Option<String> {
    let heading =
        Regex::new(r"(?im)^\s*(observaciones|observations|notas|notes|comentarios|comments)\b\s*:?").ok()?;
    let free = match heading.find(text) {
        Some(found) => text[found.end()..].trim().to_string(),
        None => {
            let folded_name = folded(name);
            text.lines()
                .filter(|line| !fields.iter().any(|(_, regex)| regex.is_match(line)))
                .filter(|line| folded_name.is_empty() || !folded(line).contains(&folded_name))
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        }
    };
    let free: String = free.chars().take(MAX_OBSERVATIONS).collect();
    (!free.is_empty()).then_some(free)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_name_is_read_in_any_case_with_or_without_accents() {
        let pattern = "{paterno}{nombre}05";
        assert!(name_matches(
            pattern,
            "Luis Alfredo Lizárraga Santos",
            "LizarragaLuis05"
        ));
        assert!(name_matches(
            pattern,
            "Luis Alfredo Lizárraga Santos",
            "lizárragaluis05"
        ));
        assert!(name_matches(
            pattern,
            "Luis Alfredo Lizárraga Santos",
            "Lizarraga_Luis_05"
        ));
        assert!(!name_matches(
            pattern,
            "Luis Alfredo Lizárraga Santos",
            "LuisLizarraga5"
        ));
        assert!(!name_matches(
            pattern,
            "Luis Alfredo Lizárraga Santos",
            "Practica05"
        ));
        assert!(!name_matches(pattern, "", "Practica05"));
    }

    #[test]
    fn unknown_parts_of_a_name_are_refused() {
        assert!(placeholders("{apellido}{nombre}").is_err());
        assert!(placeholders("{paterno}{nombre}05").is_ok());
    }
}
