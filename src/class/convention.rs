//! Conventions students use instead of the course's: 0-based numbers, row before column,
//! marks written as numbers (1/4 as in the Java starter, 1/−1).
//!
//! A student whose answers all read as optimal under another convention is told so in the
//! feedback, with the verdicts unchanged; `--accept` grades such answers as optimal.

use super::check::grade_output;
use super::{PositionResult, Verdict};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::Coords;

/// A way of writing an action that is not the course's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Convention {
    #[serde(rename = "0-based")]
    ZeroBased,
    #[serde(rename = "row-col")]
    RowCol,
    #[serde(rename = "numeric-marks")]
    NumericMarks,
}

impl Convention {
    pub(crate) const ALL: [Convention; 3] = [
        Convention::ZeroBased,
        Convention::RowCol,
        Convention::NumericMarks,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Convention::ZeroBased => "0-based",
            Convention::RowCol => "row-col",
            Convention::NumericMarks => "numeric-marks",
        }
    }

    fn reading(self) -> &'static str {
        match self {
            Convention::ZeroBased => "the numbers are 0-based",
            Convention::RowCol => "the row comes before the column",
            Convention::NumericMarks => "the mark written as a number stands for the player to move",
        }
    }
}

/// A convention's name that is none of [`Convention::ALL`].
#[derive(Debug, thiserror::Error)]
#[error("unknown convention `{0}`: use 0-based, row-col or numeric-marks")]
pub struct UnknownConvention(String);

impl std::str::FromStr for Convention {
    type Err = UnknownConvention;

    fn from_str(text: &str) -> Result<Convention, UnknownConvention> {
        Convention::ALL
            .into_iter()
            .find(|c| c.name() == text.trim())
            .ok_or_else(|| UnknownConvention(text.to_string()))
    }
}

/// Every combination of conventions, fewest first: the simplest explanation is given.
fn combinations(allowed: &[Convention]) -> Vec<Vec<Convention>> {
    let mut all: Vec<Vec<Convention>> = (1u8..8)
        .map(|bits| {
            Convention::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, c)| c)
                .collect::<Vec<_>>()
        })
        .filter(|set| set.iter().all(|c| allowed.contains(c)))
        .collect();
    all.sort_by_key(Vec::len);
    all
}

fn explain(set: &[Convention]) -> String {
    set.iter().map(|c| c.reading()).collect::<Vec<_>>().join(" and ")
}

/// An action as written: a mark (absent from a bare column) and one number (a column, where
/// pieces fall) or two.
type Written = (String, i64, Option<i64>);

/// Whether the exercise's moves are columns (pieces fall): its answers are `X 4`.
fn columns(exercise: &Exercise) -> bool {
    exercise
        .optimal(Coords::ColRow)
        .first()
        .is_some_and(|mv| mv.split_whitespace().count() == 2)
}

/// The one line of the output that looks like an action with any mark: a mark and two
/// numbers, or where `columns`, a mark and a column or a column alone.
fn action_line(output: &str, columns: bool) -> Option<Written> {
    let mut found = output.lines().filter(|line| line.len() <= 64).filter_map(|line| {
        let cleaned: String = line
            .chars()
            .map(|c| if "(),;:[]".contains(c) { ' ' } else { c })
            .collect();
        let tokens: Vec<&str> = cleaned.split_whitespace().collect();
        match tokens[..] {
            [mark, a, b] if !columns => Some((mark.to_string(), a.parse().ok()?, Some(b.parse().ok()?))),
            [mark, a] if columns => Some((mark.to_string(), a.parse().ok()?, None)),
            [a] if columns => Some((String::new(), a.parse().ok()?, None)),
            _ => None,
        }
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The output's action re-written under `set`, as the course writes it.
fn reread(output: &str, exercise: &Exercise, set: &[Convention]) -> Option<String> {
    let (mark, mut a, b) = action_line(output, columns(exercise))?;
    let numeric = mark.parse::<i64>().ok().filter(|n| [1, -1, 2, 4].contains(n));
    let mark = match (numeric, set.contains(&Convention::NumericMarks)) {
        (Some(_), true) => exercise.to_move.clone(),
        (Some(_), false) => return None,
        (None, _) => mark,
    };
    let Some(mut b) = b else {
        // A column: there is no row to swap it with.
        if set.contains(&Convention::RowCol) {
            return None;
        }
        if set.contains(&Convention::ZeroBased) {
            a += 1;
        }
        return (a >= 1).then(|| format!("{mark} {a}").trim().to_string());
    };
    if set.contains(&Convention::ZeroBased) {
        (a, b) = (a + 1, b + 1);
    }
    if set.contains(&Convention::RowCol) {
        (a, b) = (b, a);
    }
    (a >= 1 && b >= 1).then(|| format!("{mark} {a} {b}"))
}

/// When `result` is not optimal, judges the output again under each accepted convention; the
/// first reading that is optimal replaces the verdict, saying how it was read.
pub(crate) fn accept(
    result: PositionResult,
    exercise: &Exercise,
    output: &str,
    coords: Coords,
    accepted: &[Convention],
) -> PositionResult {
    if result.verdict == Verdict::Optimal || accepted.is_empty() || !gave_an_answer(result.verdict) {
        return result;
    }
    for set in combinations(accepted) {
        let Some(text) = reread(output, exercise, &set) else {
            continue;
        };
        let again = grade_output(exercise, &text, coords);
        if again.verdict == Verdict::Optimal {
            return PositionResult {
                verdict: Verdict::Optimal,
                answer: again.answer,
                detail: format!("accepted as written with {}: {}", names(&set), again.detail),
                ..result
            };
        }
    }
    result
}

fn names(set: &[Convention]) -> String {
    set.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

/// Verdicts on an answer the program gave, however wrong (not a crash or a time-out): the ones
/// another reading of the same output may turn optimal.
fn gave_an_answer(verdict: Verdict) -> bool {
    matches!(
        verdict,
        Verdict::Suboptimal | Verdict::Illegal | Verdict::Unparseable
    )
}

/// Advice for a student whose answers, read under another convention, are all optimal: the
/// verdicts stand, the feedback says what would make them right.
pub(crate) fn advise(results: &[(&PositionResult, &Exercise)], coords: Coords) -> Option<String> {
    let answered: Vec<_> = results
        .iter()
        .filter(|(r, _)| r.verdict == Verdict::Optimal || gave_an_answer(r.verdict))
        .filter(|(r, exercise)| action_line(&r.output, columns(exercise)).is_some())
        .collect();
    if !answered.iter().any(|(r, _)| r.verdict != Verdict::Optimal) {
        return None;
    }
    combinations(&Convention::ALL).into_iter().find_map(|set| {
        let all_optimal = answered.iter().all(|(result, exercise)| {
            reread(&result.output, exercise, &set)
                .is_some_and(|text| grade_output(exercise, &text, coords).verdict == Verdict::Optimal)
        });
        all_optimal.then(|| {
            format!(
                "every answer reads as optimal if {} (grade them so with --accept {})",
                explain(&set),
                names(&set).replace(", ", ",")
            )
        })
    })
}
