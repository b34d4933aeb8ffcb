//! What grading finds: each student's judged answers and the class's report, which
//! [`crate::report`] writes in every format. A leaf of `class`: the graders fill these types,
//! nothing here calls them.

use super::solved::Solved;
use crate::intake::NotGraded;
use minimax_core::figures::exercise_sheet::Lang;
use minimax_core::gradable::Verdict;
use serde::Serialize;

/// A position of the test set, as the reports describe it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PositionInfo {
    pub(crate) name: String,
    pub(crate) board: Vec<String>,
    /// The player to move, as the course writes it (`X`).
    pub(crate) to_move: String,
    pub(crate) optimal: Vec<String>,
    /// Drawn from the reachable positions (a hidden test): students have not seen it.
    pub(crate) hidden: bool,
    /// The exercise behind it, solved: where answers lead, and its figure (the class page's;
    /// not in the JSON).
    #[serde(skip)]
    pub(crate) solved: Option<Solved>,
}

/// One student's answer to one position, judged.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PositionResult {
    pub(crate) position: String,
    pub(crate) verdict: Verdict,
    pub(crate) answer: Option<String>,
    pub(crate) optimal: Vec<String>,
    pub(crate) detail: String,
    pub(crate) seconds: f64,
    /// What the program printed (or the answer given), trimmed to a readable length.
    pub(crate) output: String,
    /// The end of the program's stderr, when it wrote any (null otherwise).
    pub(crate) stderr: Option<String>,
    /// For a tree exercise: which answer this is, and the mistake that explains it.
    #[serde(flatten)]
    pub(crate) tree: Option<TreeAnswer>,
    /// The search's trace, judged (`grade` with a course that asks for the search; absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) search: Option<super::search::SearchCheck>,
}

/// The field of a tree exercise a result judges, and the diagnosis of a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct TreeAnswer {
    /// `value`, `move`, `pruned` or `visited`.
    pub(crate) field: String,
    /// The stable code of the mistake that reproduces the answer exactly, if one does.
    pub(crate) diagnosis: Option<String>,
}

/// Every result of one student.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct StudentReport {
    pub(crate) student: String,
    /// The platform's id for the student (Moodle's participant id), when the layout gives one.
    pub(crate) id: Option<String>,
    pub(crate) score: usize,
    pub(crate) max_score: usize,
    pub(crate) results: Vec<PositionResult>,
    /// What the grader noticed about the submission as a whole: the command it found, entries
    /// it refused to unpack, which file it graded and what it passed over, a convention every
    /// answer fits.
    pub(crate) notes: Vec<String>,
    /// Handed in late, as the platform says (null when on time or not known).
    pub(crate) late: Option<Lateness>,
    /// Classmates whose code is like this student's (`grade --similar`), most similar first;
    /// for the instructor only: feedback never shows it. Absent when not asked for or empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) similar: Vec<SimilarTo>,
    /// The course file's hand-in rules, each judged (`grade --course`; absent without one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) handin: Vec<RuleCheck>,
    /// The readme's free text: the student's observations (`grade --course`: null when the
    /// readme has none or there is no readme; absent without a course file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) observations: Option<Option<String>>,
    /// The course file's rubric: each part's points and the total, the late penalty taken
    /// (`grade --course` with a `[rubric]`; absent without one, and the grade is the score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rubric: Option<RubricScore>,
}

/// One rule of the hand-in, judged: what it asks, whether it holds, what was found instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct RuleCheck {
    /// `handin` (the archive and its paths) or `readme` (its fields).
    pub(crate) part: &'static str,
    pub(crate) rule: String,
    /// The rule as the whole class shares it (without this student's name), for the class
    /// page's count of who broke it.
    #[serde(skip)]
    pub(crate) item: String,
    pub(crate) passed: bool,
    /// What the student handed in instead (null when the rule holds).
    pub(crate) found: Option<String>,
}

/// A student's grade by the course's rubric.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct RubricScore {
    pub(crate) parts: Vec<RubricPart>,
    /// The parts' points added, less the late penalty.
    pub(crate) total: f64,
    pub(crate) max: f64,
    /// The worksheet gets the total as it is (the rubric's points are the platform's), not
    /// scaled to its maximum grade.
    #[serde(skip)]
    pub(crate) as_points: bool,
}

/// A part of the rubric: `positions`, `hidden`, `handin`, `readme`, `late` (negative points).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct RubricPart {
    pub(crate) part: String,
    pub(crate) points: f64,
    pub(crate) max: f64,
}

impl RubricPart {
    /// "1.5/2", or "-0.7" for the late penalty.
    pub(crate) fn shown(&self) -> String {
        if self.max > 0.0 {
            format!("{}/{}", points(self.points), points(self.max))
        } else {
            points(self.points)
        }
    }
}

/// Points as a person writes them: at most two decimals, no trailing zeros ("5.5", "10").
fn points(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl RubricScore {
    /// "positions 4/6, hidden 1.5/2, handin 1/1, readme 0.5/1, late -0.7: 6.3/10".
    pub(crate) fn describe(&self) -> String {
        self.describe_with(&|part| part.to_string())
    }

    /// The same, each part named by `name` (in the course's language).
    pub(crate) fn describe_with(&self, name: &dyn Fn(&str) -> String) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|p| format!("{} {}", name(&p.part), p.shown()))
            .collect();
        format!("{}: {}", parts.join(", "), self.fraction())
    }

    /// The total out of the maximum: "6.3/10".
    pub(crate) fn fraction(&self) -> String {
        format!("{}/{}", points(self.total), points(self.max))
    }
}

/// A classmate whose code is like a student's, and how much (0 to 1, the starter left out).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SimilarTo {
    pub(crate) student: String,
    pub(crate) similarity: f64,
}

/// A late hand-in, as the platform says it, and what `--late-penalty` took off for it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Lateness {
    /// The platform's words: Moodle's Status ("Submitted for grading - 2 hours 5 mins late"),
    /// or `late` (Canvas's file name; the status then reads "late (as its file name says)").
    pub(crate) status: String,
    /// How late, in seconds, when the platform says (Moodle does, Canvas's names do not).
    pub(crate) seconds: Option<u64>,
    /// The part of the grade taken off (0 to 1), by `--late-penalty`; 0 without it.
    pub(crate) penalty: f64,
}

impl StudentReport {
    pub(crate) fn new(student: String, results: Vec<PositionResult>) -> StudentReport {
        let score = results.iter().filter(|r| r.verdict.scores()).count();
        StudentReport {
            student,
            id: None,
            score,
            max_score: results.len(),
            results,
            notes: Vec::new(),
            late: None,
            similar: Vec::new(),
            handin: Vec::new(),
            observations: None,
            rubric: None,
        }
    }

    /// The score as a fraction of the maximum, after any late penalty; by the course's rubric
    /// when it has one.
    pub(crate) fn fraction(&self) -> f64 {
        if let Some(rubric) = &self.rubric {
            return if rubric.max > 0.0 {
                rubric.total / rubric.max
            } else {
                0.0
            };
        }
        if self.max_score == 0 {
            return 0.0;
        }
        let penalty = self.late.as_ref().map_or(0.0, |late| late.penalty);
        self.score as f64 / self.max_score as f64 * (1.0 - penalty)
    }
}

/// The whole grading: the positions, and every student's results.
#[derive(Clone, Debug, Serialize)]
pub struct ClassReport {
    pub(crate) version: String,
    pub(crate) positions: Vec<PositionInfo>,
    pub(crate) students: Vec<StudentReport>,
    /// Grading was stopped (Ctrl-C) before every run finished; unfinished runs are `skipped`.
    pub(crate) interrupted: bool,
    /// What walls the programs ran in (`grade` only; null for `check`).
    pub(crate) sandbox: Option<minimax_sandbox::SandboxInfo>,
    /// Entries of the class folder that are not students, and why.
    pub(crate) not_graded: Vec<NotGraded>,
    /// How the submissions were laid out (`grade --submissions`; null otherwise).
    pub(crate) layout: Option<crate::intake::Layout>,
    /// How the students' code was called (`grade`; null for `check`).
    pub(crate) harness: Option<String>,
    /// Conventions graded as the course's (`--accept`), by name.
    pub(crate) accept: Vec<&'static str>,
    /// The policy `--late-penalty` applied, in words (null without it).
    pub(crate) late_penalty: Option<String>,
    /// Short names standing for long ones in the columns (a tree sheet's trees: `T1`).
    pub(crate) legend: Vec<Legend>,
    /// Seconds a run could take (`grade`), for the class page's times; not in the JSON.
    #[serde(skip)]
    pub(crate) time_limit: Option<f64>,
    /// The language students read their feedback in (`--lang`, or the course file's `lang`);
    /// English when neither says. Not in the JSON.
    #[serde(skip)]
    pub(crate) lang: Option<minimax_core::figures::exercise_sheet::Lang>,
    /// Students' feedback counts the hidden positions without showing them (the course has
    /// not said `release = "after-deadline"`). Not in the JSON.
    #[serde(skip)]
    pub(crate) withheld: bool,
    /// Students (ids and names) graded but left out of the worksheet on purpose
    /// (`--changed-only`: their grade did not change): their rows are kept without a warning.
    #[serde(skip)]
    pub(crate) kept: std::collections::HashSet<String>,
    /// What changed since an earlier report (`--previous`), for the class page and the JSON;
    /// absent from the JSON without `--previous`.
    /// In the JSON with its causes worded (`report/`), not as it is here.
    #[serde(skip)]
    pub(crate) regrade: Option<Diff>,
}

/// A short label of the report and what it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Legend {
    pub(crate) label: String,
    pub(crate) stands_for: String,
}

impl ClassReport {
    /// The report of an answer sheet (`check`): its positions, each student's judged answers
    /// in the order people sort names, and the legend of its short labels; nothing was run.
    pub(crate) fn of_sheet(
        positions: Vec<PositionInfo>,
        students: Vec<(String, Vec<PositionResult>)>,
        legend: Vec<Legend>,
    ) -> ClassReport {
        ClassReport {
            version: version(),
            positions,
            students: crate::intake::people_order(students)
                .into_iter()
                .map(|(name, results)| StudentReport::new(name, results))
                .collect(),
            interrupted: false,
            sandbox: None,
            not_graded: Vec::new(),
            layout: None,
            harness: None,
            accept: Vec::new(),
            late_penalty: None,
            legend,
            time_limit: None,
            lang: None,
            withheld: false,
            kept: std::collections::HashSet::new(),
            regrade: None,
        }
    }

    /// A class in which every student's build failed the same way (three or more of them) failed
    /// for a reason of the grader's: its driver, its toolchain, its scratch folder.
    pub(crate) fn same_failure_for_all(&self) -> Option<String> {
        if self.students.len() < 3 || self.interrupted {
            return None;
        }
        let first = self.students.first()?.results.first()?;
        let alike = self.students.iter().all(|student| {
            student
                .results
                .iter()
                .all(|r| r.verdict == Verdict::BuildFailed && r.detail == first.detail)
        });
        let a_build = first.detail.starts_with("the build");
        (first.verdict == Verdict::BuildFailed && a_build && alike).then(|| first.detail.clone())
    }

    pub(crate) fn position(&self, name: &str) -> Option<&PositionInfo> {
        self.positions.iter().find(|p| p.name == name)
    }

    /// Whether students' feedback must not show this result's position.
    pub(crate) fn withholds(&self, result: &PositionResult) -> bool {
        self.withheld && self.position(&result.position).is_some_and(|p| p.hidden)
    }
}

/// The version written into reports.
pub(crate) fn version() -> String {
    format!("minimax {}", env!("CARGO_PKG_VERSION"))
}

/// Text shown in reports is cut to this many characters.
const SHOWN_OUTPUT: usize = 2000;

/// `text` cut to [`SHOWN_OUTPUT`] characters, saying how much was left out.
pub(crate) fn shorten(text: &str) -> String {
    let text = text.trim_end();
    match text.char_indices().nth(SHOWN_OUTPUT) {
        Some((cut, _)) => format!("{}… [{} more bytes not shown]", &text[..cut], text.len() - cut),
        None => text.to_string(),
    }
}

/// One student's change: who, the grade before and after, and each cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Change {
    pub(crate) student: String,
    pub(crate) before: Grade,
    pub(crate) after: Grade,
    pub(crate) causes: Vec<Cause>,
}

/// A grade as the reports show it: the rubric's total, else the score, with a late penalty;
/// or none, for a student only one of the two gradings has.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Grade {
    NotGraded,
    Points { score: usize, max: usize, penalty: f64 },
    Rubric { total: f64, max: f64 },
}

/// A position's verdict as either report gave it: one this tool knows, or a name an earlier
/// version wrote that it does not (shown as written).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub(crate) enum Graded {
    Verdict(Verdict),
    Other(String),
}

/// A hand-in or readme rule's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum RuleState {
    Kept,
    Broken,
}

/// How late a hand-in was: the platform's status and the penalty taken (0.2 for 20%).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Late {
    pub(crate) status: String,
    pub(crate) penalty: f64,
}

/// An option of the grading a regrade compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum GradingOption {
    Harness,
    Accept,
    LatePenalty,
}

/// Why a grade moved, as a value: `report/` words it in the course's language, the JSON
/// writes it as it is (`{"kind": "verdict", "position": ..., "from": ..., "to": ...}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Cause {
    /// A position's verdict changed; `from` is null for a position new to this grading, `to`
    /// for one no longer graded.
    Verdict {
        position: String,
        from: Option<Graded>,
        to: Option<Graded>,
    },
    /// A hand-in or readme rule is now kept or broken (`from` null: a rule new to this grading).
    Rule {
        part: &'static str,
        rule: String,
        from: Option<RuleState>,
        to: RuleState,
    },
    /// How late the hand-in was (null: on time).
    Lateness { from: Option<Late>, to: Option<Late> },
    /// The same verdicts and rules, other points: the rubric changed.
    Rubric,
    /// A student the earlier report does not have.
    NewStudent,
    /// A student of the earlier report this grading does not have.
    Gone,
    /// The tool's version (for the grading as a whole).
    Version { from: String, to: String },
    /// An option of the grading (for the grading as a whole); null: none given.
    Option {
        option: GradingOption,
        from: Option<String>,
        to: Option<String>,
    },
}

/// What a regrade changed: the tool's version when it moved, each changed student, and how
/// many did not change. In the JSON: `previous_version`, `options`, `changed`, `unchanged`
/// (the report's own `version` is the tool's now), each cause with its words (`report/`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Diff {
    /// The tool's versions then and now, when they differ ([`Cause::Version`]).
    pub(crate) version: Option<Cause>,
    /// The tool's version that wrote the earlier report.
    pub(crate) previous_version: String,
    /// Options of the grading that changed ([`Cause::Option`]).
    pub(crate) options: Vec<Cause>,
    pub(crate) changes: Vec<Change>,
    pub(crate) unchanged: usize,
}

/// The search notes of every student said again in the students' language (they are written
/// in English while the class is graded, before the course's language is known).
pub(crate) fn search_notes_in(report: &mut ClassReport, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    for student in &mut report.students {
        for result in &student.results {
            let Some(check) = &result.search else { continue };
            let english = super::search::note(&result.position, check, Lang::En);
            if let Some(said) = student.notes.iter_mut().find(|n| **n == english) {
                *said = super::search::note(&result.position, check, lang);
            }
        }
    }
}
