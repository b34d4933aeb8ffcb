//! The rubric's arithmetic: its parts' points checked before grading, and a student's grade
//! shared out of them (positions by their verdicts' credit, rules equally, the late penalty
//! last).

use super::CourseFileError;
use crate::class::{RubricPart, RubricScore, StudentReport, Verdict};
use serde::Deserialize;
use std::collections::BTreeMap;

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
    /// Points that are numbers, 0 or more, some part with points, and credit for known verdicts.
    pub(super) fn validate(&self) -> Result<(), CourseFileError> {
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
                return Err(CourseFileError::NotAVerdict {
                    verdict: verdict.clone(),
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
