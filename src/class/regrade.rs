//! `grade --previous REPORT.json`: a regrade compared with an earlier grading, so that the
//! instructor knows whose grade moves, and why, before anything goes back to students.
//!
//! The earlier report is the JSON `grade --format json` writes; it is read as untrusted input
//! (any file may be named): not JSON, truncated, or not a report of this tool is said with
//! what to do, never a panic. Students are matched by the platform's id when both reports
//! have one, else by name.

use super::{
    Cause, Change, ClassReport, Diff, Grade, Graded, GradingOption, Late, RuleState, StudentReport, Verdict,
};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes of an earlier report read (a class of 300 on 4,520 positions is far less).
const MAX_PREVIOUS_BYTES: u64 = 512 << 20;

/// Why the earlier report cannot be compared with: the grader's input, exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum PreviousError {
    #[error("--previous {}: {error}", .path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("--previous {}: the file ends early ({error}): a report cut short while it was copied? write it again with `grade --format json --out FILE`", .path.display())]
    Truncated { path: PathBuf, error: serde_json::Error },
    #[error("--previous {}: not JSON ({error}): give the report `grade --format json` wrote", .path.display())]
    NotJson { path: PathBuf, error: serde_json::Error },
    #[error("--previous {}: not a report of `minimax grade` ({why}): give the JSON report an earlier grading wrote", .path.display())]
    NotAReport {
        path: PathBuf,
        #[source]
        why: NotAReport,
    },
}

/// Why a JSON file is not a report of `minimax grade`.
#[derive(Debug, thiserror::Error)]
pub enum NotAReport {
    #[error("it has no \"version\" of minimax")]
    NoVersion,
    /// This version's report, not in the shape it writes.
    #[error("{0}")]
    Shape(#[source] serde_json::Error),
    /// Another version's report, not in the shape this one reads.
    #[error("{error}; it was written by {written_by}, this is {current}: grade again with {written_by} or compare by hand")]
    OtherVersion {
        #[source]
        error: serde_json::Error,
        written_by: String,
        current: String,
    },
}

/// An earlier report: what a regrade compares, and nothing else.
#[derive(Debug, Deserialize)]
pub(crate) struct Previous {
    version: String,
    students: Vec<OldStudent>,
    /// The options the report says it was graded with.
    #[serde(default)]
    harness: Option<String>,
    #[serde(default)]
    accept: Vec<String>,
    #[serde(default)]
    late_penalty: Option<String>,
}

#[derive(Debug, Deserialize)]
struct OldStudent {
    student: String,
    id: Option<String>,
    score: usize,
    max_score: usize,
    results: Vec<OldResult>,
    late: Option<OldLate>,
    #[serde(default)]
    handin: Vec<OldRule>,
    #[serde(default)]
    rubric: Option<OldRubric>,
}

#[derive(Debug, Deserialize)]
struct OldResult {
    position: String,
    verdict: String,
}

#[derive(Debug, Deserialize)]
struct OldLate {
    status: String,
    penalty: f64,
}

#[derive(Debug, Deserialize)]
struct OldRule {
    part: String,
    rule: String,
    passed: bool,
}

#[derive(Debug, Deserialize)]
struct OldRubric {
    total: f64,
    max: f64,
}

/// Reads `--previous FILE`.
pub(crate) fn read(path: &Path) -> Result<Previous, PreviousError> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_PREVIOUS_BYTES).read_to_string(&mut text))
        .map_err(|error| PreviousError::Read {
            path: path.to_path_buf(),
            error,
        })?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|error| {
        if error.is_eof() {
            PreviousError::Truncated {
                path: path.to_path_buf(),
                error,
            }
        } else {
            PreviousError::NotJson {
                path: path.to_path_buf(),
                error,
            }
        }
    })?;
    let not_a_report = |why: NotAReport| PreviousError::NotAReport {
        path: path.to_path_buf(),
        why,
    };
    let version = value.get("version").and_then(|v| v.as_str()).unwrap_or_default();
    if !version.starts_with("minimax ") {
        return Err(not_a_report(NotAReport::NoVersion));
    }
    let written_by = version.to_string();
    serde_json::from_value(value).map_err(|error| {
        let current = super::version();
        not_a_report(if written_by == current {
            NotAReport::Shape(error)
        } else {
            NotAReport::OtherVersion {
                error,
                written_by,
                current,
            }
        })
    })
}

/// A grade as the reports show it: the rubric's total, else the score, with a late penalty.
fn grade_of(score: usize, max: usize, rubric: Option<(f64, f64)>, penalty: f64) -> Grade {
    match rubric {
        Some((total, max)) => Grade::Rubric { total, max },
        None => Grade::Points { score, max, penalty },
    }
}

/// Two numbers the reports would show alike (two decimals; a number read back from JSON may
/// be a bit off the one written).
fn same_number(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.005
}

/// Two grades the reports would show alike.
fn same_grade(a: &Grade, b: &Grade) -> bool {
    match (a, b) {
        (Grade::NotGraded, Grade::NotGraded) => true,
        (
            Grade::Points { score, max, penalty },
            Grade::Points {
                score: s,
                max: m,
                penalty: p,
            },
        ) => score == s && max == m && same_number(penalty * 100.0, p * 100.0),
        (Grade::Rubric { total, max }, Grade::Rubric { total: t, max: m }) => {
            same_number(*total, *t) && same_number(*max, *m)
        }
        _ => false,
    }
}

/// Compares the new grading with the earlier report.
pub(crate) fn compare(previous: &Previous, report: &ClassReport) -> Diff {
    let key = |id: &Option<String>, name: &str| id.clone().unwrap_or_else(|| name.to_string());
    let mut old: HashMap<String, &OldStudent> = previous
        .students
        .iter()
        .map(|s| (key(&s.id, &s.student), s))
        .collect();
    let mut diff = Diff {
        version: (previous.version != report.version).then(|| Cause::Version {
            from: previous.version.clone(),
            to: report.version.clone(),
        }),
        previous_version: previous.version.clone(),
        options: options(previous, report),
        ..Diff::default()
    };
    for student in &report.students {
        let before = old.remove(&key(&student.id, &student.student));
        let mut causes = causes(before, student);
        let after = grade_of(
            student.score,
            student.max_score,
            student.rubric.as_ref().map(|r| (r.total, r.max)),
            student.late.as_ref().map_or(0.0, |l| l.penalty),
        );
        let before_grade = before.map_or(Grade::NotGraded, |s| {
            grade_of(
                s.score,
                s.max_score,
                s.rubric.as_ref().map(|r| (r.total, r.max)),
                s.late.as_ref().map_or(0.0, |l| l.penalty),
            )
        });
        if causes.is_empty() && same_grade(&before_grade, &after) {
            diff.unchanged += 1;
            continue;
        }
        if causes.is_empty() {
            causes.push(Cause::Rubric);
        }
        diff.changes.push(Change {
            student: student.student.clone(),
            before: before_grade,
            after,
            causes,
        });
    }
    let mut gone: Vec<&OldStudent> = old.into_values().collect();
    gone.sort_by(|a, b| a.student.cmp(&b.student));
    for student in gone {
        diff.changes.push(Change {
            student: student.student.clone(),
            before: grade_of(student.score, student.max_score, None, 0.0),
            after: Grade::NotGraded,
            causes: vec![Cause::Gone],
        });
    }
    diff
}

/// The grading's options that differ from the earlier report's: the harness, the conventions
/// accepted, the late penalty.
fn options(previous: &Previous, report: &ClassReport) -> Vec<Cause> {
    let given = |value: Option<&str>| value.filter(|v| !v.is_empty()).map(str::to_string);
    let accept_now = report.accept.join(",");
    [
        (
            GradingOption::Harness,
            given(previous.harness.as_deref()),
            given(report.harness.as_deref()),
        ),
        (
            GradingOption::Accept,
            given(Some(&previous.accept.join(","))),
            given(Some(&accept_now)),
        ),
        (
            GradingOption::LatePenalty,
            given(previous.late_penalty.as_deref()),
            given(report.late_penalty.as_deref()),
        ),
    ]
    .into_iter()
    .filter(|(_, before, now)| before != now)
    .map(|(option, from, to)| Cause::Option { option, from, to })
    .collect()
}

/// A verdict an earlier report wrote, by its name.
fn graded(name: &str) -> Graded {
    crate::class::summary::VERDICT_ORDER
        .into_iter()
        .find(|verdict| verdict.name() == name)
        .map_or_else(|| Graded::Other(name.to_string()), Graded::Verdict)
}

/// Why one student's grade moved: positions' verdicts, hand-in rules, lateness.
fn causes(before: Option<&OldStudent>, now: &StudentReport) -> Vec<Cause> {
    let Some(before) = before else {
        return vec![Cause::NewStudent];
    };
    let mut causes = Vec::new();
    let old: BTreeMap<&str, &str> = before
        .results
        .iter()
        .map(|r| (r.position.as_str(), r.verdict.as_str()))
        .collect();
    let new: BTreeMap<&str, Verdict> = now
        .results
        .iter()
        .map(|r| (r.position.as_str(), r.verdict))
        .collect();
    let positions: BTreeSet<&str> = old.keys().chain(new.keys()).copied().collect();
    for position in positions {
        let (from, to) = (old.get(position), new.get(position));
        if from.is_some_and(|&from| Some(from) == to.map(|to| to.name())) {
            continue;
        }
        causes.push(Cause::Verdict {
            position: position.to_string(),
            from: from.map(|&from| graded(from)),
            to: to.map(|&to| Graded::Verdict(to)),
        });
    }
    let rules: BTreeMap<(&str, &str), bool> = before
        .handin
        .iter()
        .map(|r| ((r.part.as_str(), r.rule.as_str()), r.passed))
        .collect();
    let state = |kept: bool| if kept { RuleState::Kept } else { RuleState::Broken };
    for rule in &now.handin {
        let was = rules.get(&(rule.part, rule.rule.as_str()));
        if was.is_some_and(|&was| was != rule.passed) || (was.is_none() && !rules.is_empty()) {
            causes.push(Cause::Rule {
                part: rule.part,
                rule: rule.rule.clone(),
                from: was.map(|&was| state(was)),
                to: state(rule.passed),
            });
        }
    }
    let (from, to) = (
        before.late.as_ref().map(|l| Late {
            status: l.status.clone(),
            penalty: l.penalty,
        }),
        now.late.as_ref().map(|l| Late {
            status: l.status.clone(),
            penalty: l.penalty,
        }),
    );
    let same = match (&from, &to) {
        (Some(a), Some(b)) => a.status == b.status && same_number(a.penalty, b.penalty),
        (a, b) => a.is_none() && b.is_none(),
    };
    if !same {
        causes.push(Cause::Lateness { from, to });
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::{Lateness, PositionResult, RubricScore, RuleCheck, Verdict};

    fn result(position: &str, verdict: Verdict) -> PositionResult {
        PositionResult {
            position: position.to_string(),
            verdict,
            answer: None,
            optimal: Vec::new(),
            detail: String::new(),
            seconds: 0.0,
            output: String::new(),
            stderr: None,
            tree: None,
            search: None,
        }
    }

    fn previous(json: &str) -> Previous {
        serde_json::from_str(json).unwrap()
    }

    /// What the test below expects: Ana late, Beto's rule kept, Carla's rubric.
    fn expected() -> Vec<(&'static str, Grade, Grade, Vec<Cause>)> {
        let points = |penalty| Grade::Points {
            score: 1,
            max: 1,
            penalty,
        };
        let rubric = |total| Grade::Rubric { total, max: 2.0 };
        vec![
            (
                "ana",
                points(0.0),
                points(0.2),
                vec![Cause::Lateness {
                    from: None,
                    to: Some(Late {
                        status: "2 days late".to_string(),
                        penalty: 0.2,
                    }),
                }],
            ),
            (
                "beto",
                rubric(1.0),
                rubric(2.0),
                vec![Cause::Rule {
                    part: "handin",
                    rule: "readme.txt".to_string(),
                    from: Some(RuleState::Broken),
                    to: RuleState::Kept,
                }],
            ),
            ("carla", rubric(1.0), rubric(1.5), vec![Cause::Rubric]),
        ]
    }

    /// Ana's lateness and Beto's hand-in rule changed; Carla's verdicts are the same but her
    /// rubric total moved; Dani is unchanged.
    #[test]
    fn each_change_is_given_its_cause_and_the_unchanged_are_counted() {
        let before = previous(
            r#"{"version": "minimax 0.1.0", "students": [
              {"student": "ana", "id": null, "score": 1, "max_score": 1, "late": null,
               "results": [{"position": "p", "verdict": "optimal"}]},
              {"student": "beto", "id": null, "score": 1, "max_score": 1, "late": null,
               "results": [{"position": "p", "verdict": "optimal"}],
               "handin": [{"part": "handin", "rule": "readme.txt", "passed": false}],
               "rubric": {"total": 1.0, "max": 2.0}},
              {"student": "carla", "id": null, "score": 1, "max_score": 1, "late": null,
               "results": [{"position": "p", "verdict": "optimal"}], "rubric": {"total": 1.0, "max": 2.0}},
              {"student": "dani", "id": null, "score": 0, "max_score": 1, "late": null,
               "results": [{"position": "p", "verdict": "illegal"}]}]}"#,
        );
        let students = ["ana", "beto", "carla", "dani"]
            .map(|name| {
                let verdict = if name == "dani" {
                    Verdict::Illegal
                } else {
                    Verdict::Optimal
                };
                (name.to_string(), vec![result("p", verdict)])
            })
            .to_vec();
        let mut report = ClassReport::of_sheet(Vec::new(), students, Vec::new());
        report.version = "minimax 0.1.0".to_string();
        report.students[0].late = Some(Lateness {
            status: "2 days late".to_string(),
            seconds: None,
            penalty: 0.2,
        });
        report.students[1].handin = vec![RuleCheck {
            part: "handin",
            rule: "readme.txt".to_string(),
            item: String::new(),
            passed: true,
            found: None,
        }];
        let rubric = |total| RubricScore {
            parts: Vec::new(),
            total,
            max: 2.0,
            as_points: false,
        };
        report.students[1].rubric = Some(rubric(2.0));
        report.students[2].rubric = Some(rubric(1.5));
        let diff = compare(&before, &report);
        assert_eq!(diff.unchanged, 1);
        let changes: Vec<(&str, Grade, Grade, Vec<Cause>)> = diff
            .changes
            .iter()
            .map(|c| {
                (
                    c.student.as_str(),
                    c.before.clone(),
                    c.after.clone(),
                    c.causes.clone(),
                )
            })
            .collect();
        assert_eq!(changes, expected());
    }
}
