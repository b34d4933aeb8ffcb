//! Late hand-ins: what the platform says, and `--late-penalty`'s policy.
//!
//! Moodle's grading worksheet says it in its Status column, in the site's language:
//! "Submitted for grading - 2 hours 5 mins late", "Enviado para calificar - 2 horas 5 minutos
//! tarde" (Moodle's `submittedlateshort`, "{$a} late", over `format_time`'s years, days,
//! hours, mins and secs). Canvas says only "late", in the downloaded file's name.

use crate::class::{ClassReport, Lateness, StudentReport};
use minimax_core::figures::exercise_sheet::Lang;

/// Words that end a late status, by language: English, Spanish (Spain, Mexico), Portuguese.
const LATE_WORDS: [&str; 7] = [
    "late",
    "tarde",
    "después",
    "de retraso",
    "atrasado",
    "atrasada",
    "em atraso",
];

/// Units of Moodle's `format_time`, by their first letters in English, Spanish and Portuguese.
const UNITS: [(&str, u64); 11] = [
    ("year", 365 * 86_400),
    ("año", 365 * 86_400),
    ("ano", 365 * 86_400),
    ("day", 86_400),
    ("día", 86_400),
    ("dia", 86_400),
    ("hour", 3600),
    ("hora", 3600),
    ("min", 60),
    ("sec", 1),
    ("seg", 1),
];

/// The lateness a Moodle Status cell states, if it says the submission was late.
pub(crate) fn moodle_status(status: &str) -> Option<Lateness> {
    let lower = status.trim().to_lowercase();
    if !LATE_WORDS.iter().any(|word| lower.ends_with(word)) {
        return None;
    }
    // The duration is the numbers and units after the status's own words ("… - 2 hours …").
    let mut seconds = 0;
    let mut read_any = false;
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        let Ok(count) = pair[0].parse::<u64>() else {
            continue;
        };
        if let Some((_, unit)) = UNITS.iter().find(|(name, _)| pair[1].starts_with(name)) {
            seconds += count.saturating_mul(*unit);
            read_any = true;
        }
    }
    Some(Lateness {
        status: status.trim().to_string(),
        seconds: read_any.then_some(seconds),
        penalty: 0.0,
    })
}

/// How often the penalty is charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Per {
    /// Once, however late.
    Once,
    Hour,
    Day,
}

/// `--late-penalty`: `P%` once, or `P%/day` / `P%/hour` for each day or hour begun, with an
/// optional `,max=M%` (100% when not given).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LatePenalty {
    percent: f64,
    per: Per,
    max: f64,
}

/// Why `--late-penalty` (or the rubric's `late`) does not read: what it says, and why.
#[derive(Debug, thiserror::Error)]
#[error("--late-penalty {given}: {why}; write P% (once), P%/day or P%/hour, optionally with ,max=M% (as in 10%/day,max=50%)")]
pub struct LatePenaltyError {
    given: String,
    why: LatePenaltyWhy,
}

/// The part of a late penalty that does not read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LatePenaltyWhy {
    #[error("`{0}` is not a percentage")]
    NotAPercentage(String),
    #[error("{0} is not above 0% and at most 100%")]
    OutOfRange(String),
    #[error("`{0}` is not max=M%")]
    NotAMax(String),
    #[error("`/{0}` is not /day or /hour")]
    NotAPeriod(String),
}

impl std::str::FromStr for LatePenalty {
    type Err = LatePenaltyError;

    fn from_str(given: &str) -> Result<LatePenalty, LatePenaltyError> {
        let bad = |why: LatePenaltyWhy| LatePenaltyError {
            given: given.to_string(),
            why,
        };
        let percent = |text: &str| -> Result<f64, LatePenaltyError> {
            let not_a_percentage = || bad(LatePenaltyWhy::NotAPercentage(text.to_string()));
            let number = text.trim().strip_suffix('%').ok_or_else(not_a_percentage)?;
            let value: f64 = number.trim().parse().map_err(|_| not_a_percentage())?;
            if !(value.is_finite() && value > 0.0 && value <= 100.0) {
                return Err(bad(LatePenaltyWhy::OutOfRange(text.to_string())));
            }
            Ok(value / 100.0)
        };
        let (rate, max) = match given.split_once(',') {
            Some((rate, rest)) => {
                let max = rest
                    .trim()
                    .strip_prefix("max=")
                    .ok_or_else(|| bad(LatePenaltyWhy::NotAMax(rest.to_string())))?;
                (rate, percent(max)?)
            }
            None => (given, 1.0),
        };
        let (amount, per) = match rate.split_once('/') {
            Some((amount, "day")) => (amount, Per::Day),
            Some((amount, "hour")) => (amount, Per::Hour),
            Some((_, other)) => return Err(bad(LatePenaltyWhy::NotAPeriod(other.to_string()))),
            None => (rate, Per::Once),
        };
        Ok(LatePenalty {
            percent: percent(amount)?,
            per,
            max,
        })
    }
}

impl LatePenalty {
    /// The policy in words, for the report.
    pub(crate) fn describe(&self) -> String {
        let amount = crate::report::percent::percent_text(self.percent);
        let rate = match self.per {
            Per::Once => format!("{amount}% off a late hand-in's grade"),
            Per::Hour => format!("{amount}% off the grade for each hour or part of one late"),
            Per::Day => format!("{amount}% off the grade for each day or part of one late"),
        };
        format!(
            "{rate}, at most {}%",
            crate::report::percent::percent_text(self.max)
        )
    }

    /// The part of the grade taken off for `late`, or `None` when the policy needs a
    /// duration the platform did not give.
    fn penalty(&self, late: &Lateness) -> Option<f64> {
        let units = match self.per {
            Per::Once => 1,
            Per::Hour => late.seconds?.div_ceil(3600).max(1),
            Per::Day => late.seconds?.div_ceil(86_400).max(1),
        };
        Some((self.percent * units as f64).min(self.max))
    }

    /// Charges every late student of `report`; returns a warning for each one whose lateness
    /// has no duration (left without penalty), and records the policy in the report.
    pub(crate) fn apply(&self, report: &mut ClassReport) -> Vec<String> {
        let mut warnings = Vec::new();
        let mut charged = 0;
        for student in &mut report.students {
            let Some(late) = student.late.as_mut() else {
                continue;
            };
            match self.penalty(late) {
                Some(penalty) => {
                    late.penalty = penalty;
                    charged += 1;
                }
                None => warnings.push(format!(
                    "{}: late, but the platform does not say by how long; no late penalty was applied (give a penalty without /day or /hour, or mend the grade by hand)",
                    student.student
                )),
            }
        }
        report.late_penalty = Some(format!(
            "{}; applied to {charged} late student(s)",
            self.describe()
        ));
        warnings
    }
}

/// What the feedback says about lateness: the platform's words and the penalty, or nothing;
/// in the students' language (English when none is given).
pub(crate) fn late_words(student: &StudentReport, lang: Option<Lang>) -> String {
    let Some(late) = &student.late else {
        return String::new();
    };
    let percent = crate::report::percent::percent_text(late.penalty);
    let (handed, penalty) = match lang {
        None | Some(Lang::En) => (
            "Handed in late",
            format!("Late penalty: {percent}% off the grade."),
        ),
        Some(Lang::Es) => (
            "Entregada con retraso",
            format!("Penalización por retraso: {percent}% de la calificación."),
        ),
        Some(Lang::Pt) => (
            "Entregue com atraso",
            format!("Penalização por atraso: {percent}% da nota."),
        ),
    };
    let mut words = format!(" {handed} ({}).", late.status);
    if late.penalty > 0.0 {
        words.push(' ');
        words.push_str(&penalty);
    }
    words
}

/// Fills each student's lateness from the worksheet's Status cells (participant id → status).
pub(crate) fn mark_late(report: &mut ClassReport, statuses: &std::collections::HashMap<String, String>) {
    for student in &mut report.students {
        let status = student.id.as_ref().and_then(|id| statuses.get(id));
        if let Some(late) = status.and_then(|s| moodle_status(s)) {
            student.late = Some(late);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moodles_late_statuses_are_read_in_english_and_spanish() {
        let english = moodle_status("Submitted for grading - 2 hours 5 mins late").unwrap();
        assert_eq!(english.seconds, Some(2 * 3600 + 5 * 60));
        let spanish = moodle_status("Enviado para calificar - 2 horas 5 minutos tarde").unwrap();
        assert_eq!(spanish.seconds, Some(2 * 3600 + 5 * 60));
        let days = moodle_status("Enviado para calificar 1 día 3 horas después").unwrap();
        assert_eq!(days.seconds, Some(86_400 + 3 * 3600));
        assert_eq!(
            moodle_status("Submitted for grading - 3 days 1 hour late")
                .unwrap()
                .seconds,
            Some(3 * 86_400 + 3600)
        );
        assert_eq!(moodle_status("Submitted for grading"), None);
        assert_eq!(moodle_status("Enviado para calificar"), None);
        assert_eq!(moodle_status("No submission"), None);
        assert_eq!(moodle_status("late").unwrap().seconds, None);
    }

    #[test]
    fn penalties_are_read_validated_and_capped() {
        let per_day: LatePenalty = "10%/day,max=50%".parse().unwrap();
        let late = |seconds| Lateness {
            status: String::new(),
            seconds,
            penalty: 0.0,
        };
        assert_eq!(per_day.penalty(&late(Some(7500))), Some(0.1));
        assert_eq!(per_day.penalty(&late(Some(86_401))), Some(0.2));
        assert_eq!(per_day.penalty(&late(Some(30 * 86_400))), Some(0.5));
        assert_eq!(per_day.penalty(&late(None)), None);
        let once: LatePenalty = "20%".parse().unwrap();
        assert_eq!(once.penalty(&late(None)), Some(0.2));
        let uncapped: LatePenalty = "30%/day".parse().unwrap();
        assert_eq!(uncapped.penalty(&late(Some(5 * 86_400))), Some(1.0));
        for bad in [
            "10",
            "10%/week",
            "0%",
            "150%/day",
            "10%/day,max=",
            "10%/day,cap=5%",
            "x%",
        ] {
            let error = bad.parse::<LatePenalty>().unwrap_err().to_string();
            assert!(error.contains("P%/day"), "{bad}: {error}");
        }
        assert_eq!(
            "10%/week".parse::<LatePenalty>().unwrap_err().to_string(),
            "--late-penalty 10%/week: `/week` is not /day or /hour; write P% (once), P%/day or P%/hour, optionally with ,max=M% (as in 10%/day,max=50%)"
        );
        assert_eq!(
            per_day.describe(),
            "10% off the grade for each day or part of one late, at most 50%"
        );
    }
}
