//! The course file (`grade --course FILE`, TOML): how the practice is handed in, checked rule by
//! rule for each student, and the readme's fields, with its free text (the observations the
//! sheet asks for) collected.
//!
//! ```toml
//! lang = "es"                          # the feedback's language
//! [names]
//! order = "given-first"                # Moodle's full name: given names, then surnames
//! [handin]
//! archive = "{paterno}{nombre}05"      # the archive's name; case and accents do not matter
//! archive_types = ["zip", "rar", "tar.gz"]
//! paths = [["Minimax/src/Minimax.java", "Minimax/src/*/src/**/Minimax.java"], "readme.txt"]
//! ignore_case = true
//!
//! [readme]
//! file = "readme.txt"
//! full_name = true                     # every word of the name the platform gives
//! fields = [{ name = "número de cuenta", pattern = '\b\d{9}\b' }]
//! ```

pub mod apply;
mod decode;
pub(crate) mod handin;
pub(crate) mod names;
pub(crate) mod readme;
pub(crate) mod words;

use crate::class::{RubricPart, RubricScore, RuleCheck, StudentReport, Verdict};
use crate::intake::Student;
use handin::Handin;
use minimax_core::figures::exercise_sheet::Lang;
use names::{folded, NameOrder, NameParts, Roster, RosterError};
use regex::Regex;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use words::Say;

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
    #[error("handin.archive_types: {kind:?} is not an archive type this tool reads ({known})")]
    ArchiveType { kind: String, known: String },
    #[error("handin.archive: {0}")]
    ArchiveName(#[source] PlaceholderError),
    #[error("handin.paths: an empty list of alternatives")]
    NoAlternatives,
    #[error("rubric.{part}: points must be a number, 0 or more, not {points}")]
    Points { part: &'static str, points: f64 },
    #[error("rubric: no part has points; give positions, hidden, handin or readme some")]
    NoPoints,
    #[error("rubric.credit: {verdict:?} is not a verdict ({names})")]
    NotAVerdict { verdict: String, names: String },
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

/// The course file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Course {
    /// The language of the feedback and the worksheet's comments (`es`, `en`, `pt`).
    #[serde(default)]
    pub(crate) lang: Option<String>,
    #[serde(default)]
    pub(crate) names: Names,
    #[serde(default)]
    pub(crate) handin: Option<Handin>,
    #[serde(default)]
    pub(crate) readme: Option<Readme>,
    #[serde(default)]
    pub(crate) rubric: Option<Rubric>,
    #[serde(default)]
    pub(crate) sample: Sample,
    /// Hand-ins by e-mail: the practice's subject (`Práctica05[IA 2016-2]`), matched
    /// tolerantly; `--subject` overrides it.
    #[serde(default)]
    pub(crate) subject: Option<String>,
    /// When the practice is due, with its zone (`2016-03-23 23:59:59 -06:00`): a mail dated
    /// after it is late. `--deadline` overrides it.
    #[serde(default)]
    pub(crate) deadline: Option<String>,
    /// The instructor's address: their mails are not hand-ins, and replies come from it.
    #[serde(default)]
    pub(crate) instructor: Option<String>,
    /// What the programs must search with: `"minimax"`, `"alphabeta"` or
    /// `"alphabeta-ordered"`; each run is then asked for its trace (doc/grading.md, "The
    /// search's trace"). Absent: the move alone is graded.
    #[serde(default)]
    pub(crate) search: Option<minimax_core::replay::Asked>,
    /// The depth limit the search must stop at (plies below the position), if any.
    #[serde(default)]
    pub(crate) depth: Option<u32>,
    /// Whether stopping at the first winning move counts as a correct search.
    #[serde(default)]
    pub(crate) first_win: bool,
}

/// The hidden sample (`grade --sample N`): drawn per student or for the class, and when its
/// positions are shown to students.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Sample {
    /// Each student's hidden positions drawn from their own key (as `--per-student`).
    #[serde(default)]
    pub(crate) per_student: bool,
    /// The course's secret those keys are made from (else `MINIMAX_COURSE_SECRET`).
    pub(crate) secret: Option<String>,
    /// When students see their hidden positions.
    #[serde(default)]
    pub(crate) release: Release,
}

impl std::fmt::Debug for Sample {
    // The secret is never printed, not even in a debug dump.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sample")
            .field("per_student", &self.per_student)
            .field("release", &self.release)
            .finish_non_exhaustive()
    }
}

/// When the hidden positions are shown in students' feedback.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Release {
    /// Never: the feedback counts them, and does not draw them.
    #[default]
    Never,
    /// With the grades released after the deadline: the feedback draws each student's own.
    AfterDeadline,
}

impl Course {
    /// What the course asks of the search, when it asks.
    pub(crate) fn search_rules(&self) -> Option<minimax_core::replay::Rules> {
        self.search.map(|asked| minimax_core::replay::Rules {
            asked,
            depth: self.depth,
            first_win_accepted: self.first_win,
        })
    }
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
    /// The search (with the course's `search = …`): shared by the positions whose trace
    /// shows a correct search reaching the move printed.
    #[serde(default)]
    pub(crate) search: f64,
    /// The late penalty, as `--late-penalty` writes it (`10%/day,max=50%`).
    pub(crate) late: Option<String>,
    /// Credit per verdict (0 to 1); unlisted verdicts: 1 for optimal, 0 for the others.
    #[serde(default)]
    pub(crate) credit: BTreeMap<String, f64>,
    /// What the platform's worksheet gets: the total scaled to its maximum grade, or the
    /// total's points as they are (a rubric of 8 points in a course graded out of 10).
    #[serde(default)]
    pub(crate) worksheet: WorksheetGrade,
}

/// How the rubric's total goes into the platform's worksheet.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum WorksheetGrade {
    #[default]
    Scaled,
    Points,
}

impl Rubric {
    fn check(&self) -> Result<(), CourseFileError> {
        for (part, points) in [
            ("positions", self.positions),
            ("hidden", self.hidden),
            ("handin", self.handin),
            ("readme", self.readme),
            ("search", self.search),
        ] {
            if !(points.is_finite() && points >= 0.0) {
                return Err(CourseFileError::Points { part, points });
            }
        }
        if self.positions + self.hidden + self.handin + self.readme + self.search <= 0.0 {
            return Err(CourseFileError::NoPoints);
        }
        for (verdict, credit) in &self.credit {
            if !crate::class::summary::VERDICT_ORDER
                .iter()
                .any(|v| v.name() == verdict)
            {
                let names: Vec<&str> = crate::class::summary::VERDICT_ORDER
                    .iter()
                    .map(|v| v.name())
                    .collect();
                return Err(CourseFileError::NotAVerdict {
                    verdict: verdict.clone(),
                    names: names.join(", "),
                });
            }
            if !(0.0..=1.0).contains(credit) {
                return Err(CourseFileError::Credit {
                    verdict: verdict.clone(),
                    credit: *credit,
                });
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
        // Every position run counts; one whose trace is missing or wrong earns nothing.
        let searched = || -> Vec<f64> {
            let correct = |r: &crate::class::PositionResult| r.search.as_ref().is_some_and(|s| s.correct);
            student
                .results
                .iter()
                .map(|r| if correct(r) { 1.0 } else { 0.0 })
                .collect()
        };
        let mut parts = Vec::new();
        for (part, points, credits) in [
            ("positions", self.positions, results(false)),
            ("hidden", self.hidden, results(true)),
            ("handin", self.handin, rules("handin")),
            ("readme", self.readme, rules("readme")),
            ("search", self.search, searched()),
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
            as_points: self.worksheet == WorksheetGrade::Points,
        }
    }
}

/// Points to a millionth: totals read the same on every machine.
fn round(points: f64) -> f64 {
    (points * 1e6).round() / 1e6
}

/// How the platform writes names, and a roster that says it exactly.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Names {
    #[serde(default)]
    pub(crate) order: NameOrder,
    /// Moodle's participants export (first name and surname columns), beside the course file.
    pub(crate) roster: Option<PathBuf>,
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

/// The course file read and checked: its patterns compiled, its roster read.
#[derive(Debug)]
pub(crate) struct CourseRules {
    pub(crate) course: Course,
    fields: Vec<(String, Regex)>,
    roster: Option<Roster>,
    /// The course's language (`lang`), when it gives one.
    pub(crate) lang: Option<Lang>,
}

/// What checking one student's hand-in found: the rules, the readme's observations, and notes
/// of what cost nothing (an archive inside the archive, other uploads, a misnamed readme).
#[derive(Debug, Default)]
pub(crate) struct HandinChecked {
    pub(crate) checks: Vec<RuleCheck>,
    pub(crate) observations: Option<String>,
    pub(crate) notes: Vec<String>,
}

/// The most bytes of a course file read.
const MAX_COURSE_BYTES: u64 = 1 << 20;
/// The most characters of observations kept per student.
const MAX_OBSERVATIONS: usize = 2000;

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
        check_handin(course.handin.as_ref()).map_err(invalid)?;
        if let Some(rubric) = &course.rubric {
            rubric.check().map_err(invalid)?;
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
    fn parts(&self, name: &str) -> NameParts {
        self.roster
            .as_ref()
            .and_then(|roster| roster.parts(name).cloned())
            .unwrap_or_else(|| NameParts::guess(name, self.course.names.order))
    }

    /// Checks one student's hand-in: the rules in the file's order, the readme's
    /// observations, and notes of what cost nothing.
    pub(crate) fn check_handin_rules(&self, student: &Student, say: Say) -> HandinChecked {
        let mut checked = HandinChecked::default();
        let files = crate::intake::unpack::files_in(&student.folder);
        if let Some(handin) = &self.course.handin {
            // One folder handed in instead of an archive stands for it: its name is the
            // archive's, its inside the archive's.
            let stand_in = match student.handed_in.as_slice() {
                [only] if student.graded_upload.is_none() && student.folder.join(only).is_dir() => Some(only),
                _ => None,
            };
            let inside = match stand_in {
                Some(folder) => crate::intake::unpack::files_in(&student.folder.join(folder)),
                None => files.clone(),
            };
            let readme_at = self
                .course
                .readme
                .as_ref()
                .map(|readme| (readme.file.as_str(), readme::find(&files, &readme.file)));
            let readme = readme_at.as_ref().map(|(file, at)| handin::ReadmeAt {
                file,
                at: at.as_deref(),
            });
            checked.checks.extend(handin::archive_checks(
                handin,
                student,
                &self.parts(&student.name),
                stand_in,
                say,
            ));
            let (checks, notes) = handin::path_checks(handin, student, &inside, readme, say);
            checked.checks.extend(checks);
            checked.notes.extend(notes);
            if !student.passed_over.is_empty() {
                checked.notes.push(say.noted(&say.not_charged(
                    student.graded_upload.as_deref().unwrap_or_default(),
                    &student.passed_over.join(", "),
                )));
            }
        }
        if let Some(readme) = &self.course.readme {
            self.check_readme_rules(readme, student, &files, say, &mut checked);
        }
        checked
    }

    /// The readme's part: each field found or not, read wherever the readme is (its place
    /// is the layout's rule); with no readme at all, every field is missing.
    fn check_readme_rules(
        &self,
        readme: &Readme,
        student: &Student,
        files: &BTreeSet<String>,
        say: Say,
        checked: &mut HandinChecked,
    ) {
        let at = readme::find(files, &readme.file);
        let text = at.as_deref().and_then(|at| readme::read(&student.folder, at));
        // Each rule with its words for this student and for the class.
        let mut rules: Vec<(String, String)> = Vec::new();
        if readme.full_name {
            rules.push((
                say.gives(&readme.file, &say.full_name(&student.name)),
                say.gives(&readme.file, &say.full_name_item()),
            ));
        }
        rules.extend(self.fields.iter().map(|(name, _)| {
            let rule = say.gives(&readme.file, name);
            (rule.clone(), rule)
        }));
        let Some(text) = text else {
            checked
                .checks
                .extend(rules.into_iter().map(|(rule, item)| RuleCheck {
                    part: "readme",
                    rule,
                    item,
                    passed: false,
                    found: Some(say.no_readme(&readme.file)),
                }));
            return;
        };
        // A readme under another name (not only another case) is said where it was read.
        let name_of = |path: &str| path.rsplit('/').next().unwrap_or(path).to_lowercase();
        if let Some(at) = at.filter(|at| name_of(at) != name_of(&readme.file)) {
            checked
                .notes
                .push(say.noted(&format!("{}: {}", readme.file, say.read_from(&at))));
        }
        let mut rules = rules.into_iter();
        if readme.full_name {
            checked.checks.push(full_name_check(
                rules.next().unwrap_or_default(),
                &student.name,
                &text,
                say,
            ));
        }
        for ((_, regex), (rule, item)) in self.fields.iter().zip(rules) {
            let passed = regex.is_match(&text);
            checked.checks.push(RuleCheck {
                part: "readme",
                rule,
                item,
                passed,
                found: (!passed).then(|| say.not_in_it()),
            });
        }
        checked.observations = observations_of(&text, &self.fields, &student.name);
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
fn check_handin(handin: Option<&Handin>) -> Result<(), CourseFileError> {
    let Some(handin) = handin else { return Ok(()) };
    for kind in &handin.archive_types {
        if !handin::ARCHIVE_TYPES.contains(&kind.trim_start_matches('.').to_lowercase().as_str()) {
            return Err(CourseFileError::ArchiveType {
                kind: kind.clone(),
                known: handin::ARCHIVE_TYPES.join(", "),
            });
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

/// Every word of the student's name (as the platform gives it) somewhere in the readme.
fn full_name_check((rule, item): (String, String), name: &str, text: &str, say: Say) -> RuleCheck {
    let haystack = folded(text);
    let missing: Vec<&str> = name
        .split_whitespace()
        .filter(|word| !folded(word).is_empty() && !haystack.contains(&folded(word)))
        .collect();
    let first_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    RuleCheck {
        part: "readme",
        rule,
        item,
        passed: missing.is_empty(),
        found: (!missing.is_empty()).then(|| {
            say.name_missing(
                &missing.join(" "),
                &first_line.chars().take(80).collect::<String>(),
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
    fn unknown_parts_of_a_name_are_refused() {
        assert!(placeholders("{apellido}{nombre}").is_err());
        assert!(placeholders("{paterno}{nombre}05").is_ok());
        assert!(placeholders("{paterno}{materno}{nombres}05").is_ok());
    }
}
