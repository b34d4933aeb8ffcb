//! The class at a glance: how the grades are spread, how each position went, which wrong
//! answers the class gave (grouped, with where each leads), which mistakes it made, who is
//! late, who is missing, how long the runs took. Computed once from a [`ClassReport`]; the
//! JSON report carries it as `class`, and the HTML page draws it.

use super::{ClassReport, PositionInfo, PositionResult, StudentReport, Verdict};
use minimax_core::gradable::Outlook;
use serde::Serialize;
use std::collections::BTreeMap;

/// Every number the class page shows.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ClassSummary {
    pub(crate) students: usize,
    pub(crate) distribution: Distribution,
    pub(crate) late: Vec<LateStudent>,
    pub(crate) missing: Missing,
    pub(crate) positions: Vec<PositionSummary>,
    /// The diagnosed mistakes of tree exercises across the class, most common first.
    pub(crate) mistakes: Vec<MistakeCount>,
    /// Who is alike (`grade --similar`; absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) similar: Option<Similar>,
    /// The course file's hand-in and readme rules broken, each with who broke it, in the
    /// course file's order (`grade --course`; absent without one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) handin: Vec<BrokenRule>,
    /// The class grouped by the search's verdict (`grade` with the course's `search`; absent
    /// otherwise), the most common first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) searches: Vec<SearchCount>,
}

/// One verdict on the search (`alpha-beta (≥ cut-offs, fail-soft)`, `no pruning`, `no
/// trace`…), the positions it was given on and who.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SearchCount {
    pub(crate) search: String,
    /// Whether it earns the search's part.
    pub(crate) correct: bool,
    /// Positions searched so.
    pub(crate) count: usize,
    /// The students who searched so at least once, in the report's order.
    pub(crate) students: Vec<String>,
}

/// A hand-in or readme rule, and the students who broke it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct BrokenRule {
    pub(crate) part: &'static str,
    pub(crate) rule: String,
    pub(crate) students: Vec<String>,
}

/// The pairs of students whose code is alike, and the clusters they link.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Similar {
    /// Each pair once, the report's order of students within it, most similar first.
    pub(crate) pairs: Vec<SimilarPair>,
    /// Students linked by pairs, each cluster in the report's order, the largest first.
    pub(crate) clusters: Vec<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SimilarPair {
    pub(crate) students: [String; 2],
    pub(crate) similarity: f64,
}

/// The points the students scored (before any late penalty), as a histogram; by the course's
/// rubric when it has one (its totals, late penalty taken).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Distribution {
    /// The points are the rubric's totals (a bar per whole point: 6.5 in the bar of 6).
    pub(crate) by_rubric: bool,
    /// The most points a student could score: the number of positions (or tree answers), or
    /// the rubric's maximum rounded up.
    pub(crate) out_of: usize,
    /// Bars from no points up: students who scored `from` to `to` points (both included).
    pub(crate) bins: Vec<Bin>,
    pub(crate) mean: f64,
    pub(crate) median: f64,
    /// Students with every point, and with none.
    pub(crate) full: usize,
    pub(crate) zero: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Bin {
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) students: usize,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct LateStudent {
    pub(crate) student: String,
    /// How late, in hours, when the platform says.
    pub(crate) hours: Option<f64>,
    /// The part of the grade taken off (0 to 1).
    pub(crate) penalty: f64,
}

/// What was not handed in or could not be graded.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Missing {
    /// Entries of the class folder that are not students (see the report's `not_graded`).
    pub(crate) not_graded: usize,
    /// Students none of whose answers could be run (every result `build-failed`).
    pub(crate) not_run: Vec<String>,
    /// Students who left positions unanswered (answer sheets), with how many.
    pub(crate) unanswered: Vec<Unanswered>,
}

#[derive(Clone, Debug, Serialize)]
pub(crate) struct Unanswered {
    pub(crate) student: String,
    pub(crate) positions: usize,
}

/// How one position (or one field of a tree) went.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PositionSummary {
    pub(crate) position: String,
    /// The tree this answer belongs to (tree sheets).
    pub(crate) tree: Option<String>,
    /// Students with a result for it.
    pub(crate) answered: usize,
    /// Of them, those who scored.
    pub(crate) optimal: usize,
    /// `optimal / answered` (0 when nobody answered).
    pub(crate) share: f64,
    /// Students per verdict, in the verdicts' order, verdicts nobody got left out.
    pub(crate) verdicts: Vec<VerdictCount>,
    /// Identical wrong answers, grouped, largest first.
    pub(crate) groups: Vec<AnswerGroup>,
    /// Diagnosed mistakes on this answer (trees), most common first.
    pub(crate) mistakes: Vec<MistakeCount>,
    /// Run times (`grade` only).
    pub(crate) times: Option<Times>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct VerdictCount {
    pub(crate) verdict: Verdict,
    pub(crate) students: usize,
}

/// Students who gave the same wrong answer.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct AnswerGroup {
    /// The answer as understood (`X 1 1`), or what was written when nothing could be read.
    pub(crate) answer: String,
    pub(crate) verdict: Verdict,
    pub(crate) count: usize,
    pub(crate) students: Vec<String>,
    /// Where the position leads with the best move: what the answer gave away.
    pub(crate) gives_up: Option<Outlook>,
    /// Where it leads after this answer, with best play from both sides.
    pub(crate) turns_into: Option<Outlook>,
    /// The mistake that gives exactly this answer (trees).
    pub(crate) diagnosis: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct MistakeCount {
    /// The diagnosis's stable code (`strict-cutoff`).
    pub(crate) mistake: String,
    /// Answers it explains.
    pub(crate) count: usize,
    /// The students who made it, in the report's order.
    pub(crate) students: Vec<String>,
}

/// The run times of one position against the limit.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Times {
    /// Seconds a run could take.
    pub(crate) limit: Option<f64>,
    /// Every run that was started, in seconds, fastest first.
    pub(crate) seconds: Vec<f64>,
    pub(crate) median: f64,
    pub(crate) max: f64,
    /// Students at or above [`NEAR_LIMIT`] of the limit, or stopped by it.
    pub(crate) near_limit: Vec<String>,
}

/// The share of the time limit from which a run counts as close to it.
pub(crate) const NEAR_LIMIT: f64 = 0.8;
/// Up to this many points, the histogram has a bar per point; above, ten bars of equal width.
const BAR_PER_POINT: usize = 20;
/// Text of an unreadable answer kept in its group's name.
const GROUP_TEXT: usize = 60;
/// Most answer groups kept per position (the largest).
const MOST_GROUPS: usize = 12;

/// The summary of `report`.
pub(crate) fn summarise(report: &ClassReport) -> ClassSummary {
    let students = &report.students;
    ClassSummary {
        students: students.len(),
        distribution: distribution(students, report.positions.len()),
        late: late(students),
        missing: missing(report),
        positions: report
            .positions
            .iter()
            .map(|position| position_summary(report, position))
            .collect(),
        mistakes: mistakes(
            students
                .iter()
                .flat_map(|s| s.results.iter().map(move |r| (s, r))),
        ),
        similar: similar(students),
        handin: broken_rules(students),
        searches: searches(students),
    }
}

/// The class by the search's verdict: correct searches first, then the most common.
fn searches(students: &[StudentReport]) -> Vec<SearchCount> {
    let mut counted: BTreeMap<String, SearchCount> = BTreeMap::new();
    for student in students {
        for check in student.results.iter().filter_map(|r| r.search.as_ref()) {
            let entry = counted.entry(check.group.clone()).or_insert_with(|| SearchCount {
                search: check.group.clone(),
                correct: check.correct,
                count: 0,
                students: Vec::new(),
            });
            entry.count += 1;
            if entry.students.last() != Some(&student.student) {
                entry.students.push(student.student.clone());
            }
        }
    }
    let mut all: Vec<SearchCount> = counted.into_values().collect();
    all.sort_by(|a, b| {
        b.correct
            .cmp(&a.correct)
            .then(b.students.len().cmp(&a.students.len()))
    });
    all
}

/// The students' `similar` lists as pairs, and the clusters they link (connected students).
fn similar(students: &[StudentReport]) -> Option<Similar> {
    let index = |name: &str| students.iter().position(|s| s.student == name);
    let mut pairs: Vec<(usize, usize, f64)> = Vec::new();
    for (a, student) in students.iter().enumerate() {
        for to in &student.similar {
            let Some(b) = index(&to.student) else { continue };
            let (a, b) = (a.min(b), a.max(b));
            if a != b && !pairs.iter().any(|&(x, y, _)| (x, y) == (a, b)) {
                pairs.push((a, b, to.similarity));
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    pairs.sort_by(|x, y| y.2.total_cmp(&x.2).then((x.0, x.1).cmp(&(y.0, y.1))));
    // Each student's cluster, by the smallest index in it (few pairs: a plain relabelling).
    let mut cluster: Vec<usize> = (0..students.len()).collect();
    loop {
        let mut changed = false;
        for &(a, b, _) in &pairs {
            let low = cluster[a].min(cluster[b]);
            for end in [a, b] {
                if cluster[end] != low {
                    cluster[end] = low;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut clusters: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for &(a, b, _) in &pairs {
        for end in [a, b] {
            let members = clusters.entry(cluster[end]).or_default();
            if !members.contains(&students[end].student) {
                members.push(students[end].student.clone());
            }
        }
    }
    let mut clusters: Vec<Vec<String>> = clusters.into_values().collect();
    for members in &mut clusters {
        members.sort_by_key(|name| index(name));
    }
    clusters.sort_by_key(|members| std::cmp::Reverse(members.len()));
    Some(Similar {
        pairs: pairs
            .into_iter()
            .map(|(a, b, similarity)| SimilarPair {
                students: [students[a].student.clone(), students[b].student.clone()],
                similarity,
            })
            .collect(),
        clusters,
    })
}

fn distribution(students: &[StudentReport], positions: usize) -> Distribution {
    let by_rubric = !students.is_empty() && students.iter().all(|s| s.rubric.is_some());
    let (mut scores, out_of): (Vec<f64>, usize) = if by_rubric {
        let max = students
            .iter()
            .filter_map(|s| s.rubric.as_ref().map(|r| r.max))
            .fold(0.0, f64::max);
        let totals = students.iter().filter_map(|s| s.rubric.as_ref().map(|r| r.total));
        (totals.collect(), max.ceil() as usize)
    } else {
        (students.iter().map(|s| s.score as f64).collect(), positions)
    };
    scores.sort_by(f64::total_cmp);
    let mean = match scores.len() {
        0 => 0.0,
        n => scores.iter().sum::<f64>() / n as f64,
    };
    let median = match scores.len() {
        0 => 0.0,
        n if n % 2 == 1 => scores[n / 2],
        n => (scores[n / 2 - 1] + scores[n / 2]) / 2.0,
    };
    let full = students
        .iter()
        .filter(|s| match &s.rubric {
            Some(r) => r.max > 0.0 && r.total >= r.max - 1e-9,
            None => s.max_score > 0 && s.score == s.max_score,
        })
        .count();
    Distribution {
        by_rubric,
        out_of,
        bins: bins(&scores, out_of),
        mean,
        median,
        full,
        zero: scores.iter().filter(|&&s| s <= 0.0).count(),
    }
}

/// The rules broken, each with who broke it, in the order the course file gives them.
fn broken_rules(students: &[StudentReport]) -> Vec<BrokenRule> {
    let mut rules: Vec<BrokenRule> = Vec::new();
    for student in students {
        for check in &student.handin {
            let at = match rules.iter().position(|r| r.rule == check.item) {
                Some(at) => at,
                None => {
                    rules.push(BrokenRule {
                        part: check.part,
                        rule: check.item.clone(),
                        students: Vec::new(),
                    });
                    rules.len() - 1
                }
            };
            if !check.passed {
                rules[at].students.push(student.student.clone());
            }
        }
    }
    rules.retain(|r| !r.students.is_empty());
    rules
}

/// A bar per point up to [`BAR_PER_POINT`] points, else ten bars (the last one ends at `out_of`).
fn bins(scores: &[f64], out_of: usize) -> Vec<Bin> {
    let ranges: Vec<(usize, usize)> = if out_of <= BAR_PER_POINT {
        (0..=out_of).map(|p| (p, p)).collect()
    } else {
        let edge = |i: usize| (i * (out_of + 1)).div_ceil(10);
        (0..10).map(|i| (edge(i), edge(i + 1) - 1)).collect()
    };
    ranges
        .into_iter()
        .map(|(from, to)| Bin {
            from,
            to,
            students: scores
                .iter()
                .filter(|&&s| (from..=to).contains(&(s.max(0.0).floor() as usize)))
                .count(),
        })
        .collect()
}

fn late(students: &[StudentReport]) -> Vec<LateStudent> {
    students
        .iter()
        .filter_map(|s| {
            let late = s.late.as_ref()?;
            Some(LateStudent {
                student: s.student.clone(),
                hours: late.seconds.map(|seconds| seconds as f64 / 3600.0),
                penalty: late.penalty,
            })
        })
        .collect()
}

fn missing(report: &ClassReport) -> Missing {
    let positions = report.positions.len();
    Missing {
        not_graded: report.not_graded.len(),
        not_run: report
            .students
            .iter()
            .filter(|s| !s.results.is_empty() && s.results.iter().all(|r| r.verdict == Verdict::BuildFailed))
            .map(|s| s.student.clone())
            .collect(),
        unanswered: report
            .students
            .iter()
            .filter(|s| s.results.len() < positions)
            .map(|s| Unanswered {
                student: s.student.clone(),
                positions: positions - s.results.len(),
            })
            .collect(),
    }
}

/// The verdicts in the order the page stacks them: scoring first, then the answers that
/// were wrong, then the runs that gave none.
pub(crate) const VERDICT_ORDER: [Verdict; 10] = [
    Verdict::Optimal,
    Verdict::Right,
    Verdict::Suboptimal,
    Verdict::Wrong,
    Verdict::Illegal,
    Verdict::Unparseable,
    Verdict::Crashed,
    Verdict::Timeout,
    Verdict::BuildFailed,
    Verdict::Skipped,
];

fn position_summary(report: &ClassReport, position: &PositionInfo) -> PositionSummary {
    let results: Vec<(&StudentReport, &PositionResult)> = report
        .students
        .iter()
        .filter_map(|s| {
            s.results
                .iter()
                .find(|r| r.position == position.name)
                .map(|r| (s, r))
        })
        .collect();
    let optimal = results.iter().filter(|(_, r)| r.verdict.scores()).count();
    let verdicts = VERDICT_ORDER
        .iter()
        .map(|&verdict| VerdictCount {
            verdict,
            students: results.iter().filter(|(_, r)| r.verdict == verdict).count(),
        })
        .filter(|count| count.students > 0)
        .collect();
    PositionSummary {
        position: position.name.clone(),
        tree: position
            .solved
            .as_ref()
            .and_then(|s| s.tree_name())
            .map(str::to_string),
        answered: results.len(),
        optimal,
        share: if results.is_empty() {
            0.0
        } else {
            optimal as f64 / results.len() as f64
        },
        verdicts,
        groups: groups(position, &results),
        mistakes: mistakes(results.iter().copied()),
        times: times(&results, report.time_limit),
    }
}

/// The wrong answers grouped by what was answered; the groups largest first, then by answer.
fn groups(position: &PositionInfo, results: &[(&StudentReport, &PositionResult)]) -> Vec<AnswerGroup> {
    let outlooks = position.solved.as_ref().map(|s| s.outlooks()).unwrap_or_default();
    let after = |answer: &str| outlooks.iter().find(|(a, _)| a == answer).map(|(_, o)| o.clone());
    let best = position.optimal.first().and_then(|answer| after(answer));
    let mut grouped: BTreeMap<(String, &'static str), AnswerGroup> = BTreeMap::new();
    for (student, result) in results {
        if !matches!(
            result.verdict,
            Verdict::Suboptimal | Verdict::Illegal | Verdict::Unparseable | Verdict::Wrong
        ) {
            continue;
        }
        let answer = result.answer.clone().unwrap_or_else(|| written(&result.output));
        let group = grouped
            .entry((answer.clone(), result.verdict.name()))
            .or_insert_with(|| AnswerGroup {
                turns_into: after(&answer),
                gives_up: best.clone().filter(|_| result.verdict == Verdict::Suboptimal),
                answer,
                verdict: result.verdict,
                count: 0,
                students: Vec::new(),
                diagnosis: result.tree.as_ref().and_then(|t| t.diagnosis.clone()),
            });
        group.count += 1;
        group.students.push(student.student.clone());
    }
    let mut groups: Vec<AnswerGroup> = grouped.into_values().collect();
    // Stable: equal counts keep the order of their answers.
    groups.sort_by_key(|group| std::cmp::Reverse(group.count));
    groups.truncate(MOST_GROUPS);
    groups
}

/// What an unreadable answer said, on one line and short: its group's name.
fn written(output: &str) -> String {
    let line = output
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let cut: String = line.chars().take(GROUP_TEXT).collect();
    if cut.len() < line.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// Each diagnosis among `results`, with the answers it explains and who gave them; the
/// most common first, then by code.
fn mistakes<'a>(results: impl Iterator<Item = (&'a StudentReport, &'a PositionResult)>) -> Vec<MistakeCount> {
    let mut counted: BTreeMap<String, MistakeCount> = BTreeMap::new();
    for (student, result) in results {
        let Some(code) = result.tree.as_ref().and_then(|t| t.diagnosis.as_ref()) else {
            continue;
        };
        let entry = counted.entry(code.clone()).or_insert_with(|| MistakeCount {
            mistake: code.clone(),
            count: 0,
            students: Vec::new(),
        });
        entry.count += 1;
        if entry.students.last() != Some(&student.student) {
            entry.students.push(student.student.clone());
        }
    }
    let mut mistakes: Vec<MistakeCount> = counted.into_values().collect();
    mistakes.sort_by(|a, b| {
        b.students
            .len()
            .cmp(&a.students.len())
            .then(b.count.cmp(&a.count))
    });
    mistakes
}

/// The run times of one position, when programs ran (`check` runs nothing: no times).
fn times(results: &[(&StudentReport, &PositionResult)], limit: Option<f64>) -> Option<Times> {
    limit?;
    let ran: Vec<(&StudentReport, &PositionResult)> = results
        .iter()
        .copied()
        .filter(|(_, r)| !matches!(r.verdict, Verdict::BuildFailed | Verdict::Skipped))
        .collect();
    if ran.is_empty() {
        return None;
    }
    let mut seconds: Vec<f64> = ran.iter().map(|(_, r)| r.seconds).collect();
    seconds.sort_by(f64::total_cmp);
    let n = seconds.len();
    let median = if n % 2 == 1 {
        seconds[n / 2]
    } else {
        (seconds[n / 2 - 1] + seconds[n / 2]) / 2.0
    };
    let near = |r: &PositionResult| {
        r.verdict == Verdict::Timeout || limit.is_some_and(|limit| r.seconds >= NEAR_LIMIT * limit)
    };
    Some(Times {
        limit,
        max: seconds[n - 1],
        median,
        seconds,
        near_limit: ran
            .iter()
            .filter(|(_, r)| near(r))
            .map(|(s, _)| s.student.clone())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_tests_get_a_bar_per_point_and_large_ones_ten_bars_covering_every_score() {
        let per_point = bins(&[0.0, 2.0, 2.0, 4.0], 4);
        assert_eq!(per_point.len(), 5);
        assert_eq!(
            per_point.iter().map(|b| b.students).collect::<Vec<_>>(),
            [1, 0, 2, 0, 1]
        );
        let tenths = bins(&[0.0, 49.0, 50.0, 100.0], 100);
        assert_eq!(tenths.len(), 10);
        assert_eq!((tenths[0].from, tenths[9].to), (0, 100));
        for pair in tenths.windows(2) {
            assert_eq!(pair[0].to + 1, pair[1].from);
        }
        assert_eq!(tenths.iter().map(|b| b.students).sum::<usize>(), 4);
    }

    #[test]
    fn unreadable_answers_are_grouped_by_their_first_line_cut_short() {
        assert_eq!(written("\n  thinking...\nX 2 2"), "thinking...");
        assert_eq!(written(&"x".repeat(100)).chars().count(), GROUP_TEXT + 1);
    }
}
