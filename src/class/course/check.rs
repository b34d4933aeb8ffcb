//! One student's hand-in checked against the course's rules: the hand-in's archive and
//! paths, the readme's full name and fields, the readme's observations (the free text the
//! sheet asks for), and notes of what cost nothing.

use super::names::folded;
use super::words::Say;
use super::{handin, readme, CourseRules, Readme};
use crate::class::RuleCheck;
use crate::intake::Student;
use regex::Regex;
use std::collections::BTreeSet;

/// What checking one student's hand-in found: the rules, the readme's observations, and notes
/// of what cost nothing (an archive inside the archive, other uploads, a misnamed readme).
#[derive(Debug, Default)]
pub(crate) struct HandinChecked {
    pub(crate) checks: Vec<RuleCheck>,
    pub(crate) observations: Option<String>,
    pub(crate) notes: Vec<String>,
}

/// The most characters of observations kept per student.
const MAX_OBSERVATIONS: usize = 2000;

impl CourseRules {
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
