//! A regrade's causes worded in the course's language (`grade --previous`): on stderr, on the
//! class page and beside each cause in the JSON. English when the course says none, word for
//! word as before languages were asked for; verdicts and rubric parts with the words students
//! read in their feedback.

use crate::class::{Cause, Diff, Grade, Graded, GradingOption, Late, RuleState};
use minimax_core::figures::exercise_sheet::Lang;
use serde::Serialize;

/// A regrade's words in one language (`None`: English).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Say(pub(crate) Option<Lang>);

impl Say {
    fn pick(self, en: &'static str, es: &'static str, pt: &'static str) -> &'static str {
        match self.0 {
            None | Some(Lang::En) => en,
            Some(Lang::Es) => es,
            Some(Lang::Pt) => pt,
        }
    }

    /// A verdict as the feedback names it: the report's own name (`build-failed`) in English.
    fn verdict(self, graded: &Graded) -> String {
        match (graded, self.0) {
            (Graded::Verdict(verdict), None | Some(Lang::En)) => verdict.name().to_string(),
            (Graded::Verdict(verdict), Some(lang)) => {
                crate::report::verdict_words::verdict(lang, *verdict).to_string()
            }
            (Graded::Other(name), _) => name.clone(),
        }
    }

    /// A grade: "1.5/2", "1/1 less 20%", "not graded".
    pub(crate) fn grade(self, grade: &Grade) -> String {
        match grade {
            Grade::NotGraded => self
                .pick("not graded", "no calificado", "não avaliado")
                .to_string(),
            Grade::Rubric { total, max } => format!("{}/{}", trimmed(*total), trimmed(*max)),
            Grade::Points { score, max, penalty } if *penalty > 0.0 => format!(
                "{score}/{max} {} {}%",
                self.pick("less", "menos", "menos"),
                trimmed(penalty * 100.0)
            ),
            Grade::Points { score, max, .. } => format!("{score}/{max}"),
        }
    }

    /// One cause in words: "estado1.txt: illegal -> optimal".
    pub(crate) fn cause(self, cause: &Cause) -> String {
        match cause {
            Cause::Verdict { position, from, to } => self.verdict_moved(position, from.as_ref(), to.as_ref()),
            Cause::Rule { part, rule, to, .. } => {
                let part = crate::class::course::words::Say(self.0.unwrap_or(Lang::En)).part(part);
                let now = match to {
                    RuleState::Kept => self.pick("now kept", "ahora cumplida", "agora cumprida"),
                    RuleState::Broken => self.pick("now broken", "ahora incumplida", "agora não cumprida"),
                };
                format!("{part}: {rule}: {now}")
            }
            Cause::Lateness { from, to } => format!(
                "{}: {} -> {}",
                self.pick("lateness", "retraso", "atraso"),
                self.late(from.as_ref()),
                self.late(to.as_ref())
            ),
            Cause::Rubric => self
                .pick(
                    "the rubric: the same verdicts and rules, other points",
                    "la rúbrica: los mismos veredictos y reglas, otros puntos",
                    "a rubrica: os mesmos veredictos e regras, outros pontos",
                )
                .to_string(),
            Cause::NewStudent => self
                .pick(
                    "not in the previous report",
                    "no está en el informe anterior",
                    "não está no relatório anterior",
                )
                .to_string(),
            Cause::Gone => self
                .pick(
                    "not in this grading",
                    "no está en esta calificación",
                    "não está nesta avaliação",
                )
                .to_string(),
            Cause::Version { from, to } => match self.0 {
                None | Some(Lang::En) => format!("the tool: {from} then, {to} now"),
                Some(Lang::Es) => format!("la herramienta: {from} entonces, {to} ahora"),
                Some(Lang::Pt) => format!("a ferramenta: {from} então, {to} agora"),
            },
            Cause::Option { option, from, to } => self.option(*option, from.as_deref(), to.as_deref()),
        }
    }

    fn verdict_moved(self, position: &str, from: Option<&Graded>, to: Option<&Graded>) -> String {
        match (from, to) {
            (Some(from), Some(to)) => format!("{position}: {} -> {}", self.verdict(from), self.verdict(to)),
            (Some(from), None) => format!(
                "{position}: {} -> {}",
                self.verdict(from),
                self.pick("no longer graded", "ya no se califica", "já não é avaliada")
            ),
            (None, Some(to)) => format!(
                "{position}: {}, {}",
                self.pick("new position", "posición nueva", "posição nova"),
                self.verdict(to)
            ),
            (None, None) => position.to_string(),
        }
    }

    fn late(self, late: Option<&Late>) -> String {
        match late {
            None => self.pick("on time", "a tiempo", "no prazo").to_string(),
            Some(late) => format!(
                "{} ({} {}%)",
                late.status,
                self.pick("penalty", "penalización", "penalização"),
                trimmed(late.penalty * 100.0)
            ),
        }
    }

    /// "accept: none -> row-col".
    fn option(self, option: GradingOption, from: Option<&str>, to: Option<&str>) -> String {
        let (name, none) = match option {
            GradingOption::Harness => (
                self.pick("harness", "arnés", "arnês"),
                self.pick("none", "ninguno", "nenhum"),
            ),
            GradingOption::Accept => (
                self.pick("accept", "convenciones aceptadas", "convenções aceitas"),
                self.pick("none", "ninguna", "nenhuma"),
            ),
            GradingOption::LatePenalty => (
                self.pick(
                    "late penalty",
                    "penalización por retraso",
                    "penalização por atraso",
                ),
                self.pick("none", "ninguna", "nenhuma"),
            ),
        };
        format!("{name}: {} -> {}", from.unwrap_or(none), to.unwrap_or(none))
    }

    /// The diff as the grader reads it on stderr, before anything is written.
    pub(crate) fn describe(self, diff: &Diff) -> String {
        let mut text = String::new();
        for cause in diff.version.iter().chain(&diff.options) {
            text.push_str(&format!("{}\n", self.cause(cause)));
        }
        for change in &diff.changes {
            text.push_str(&format!(
                "{}: {} -> {}\n",
                change.student,
                self.grade(&change.before),
                self.grade(&change.after)
            ));
            for cause in &change.causes {
                text.push_str(&format!("  {}\n", self.cause(cause)));
            }
        }
        let (changed, unchanged) = (diff.changes.len(), diff.unchanged);
        text.push_str(&match self.0 {
            None | Some(Lang::En) => format!("{changed} changed, {unchanged} unchanged\n"),
            Some(Lang::Es) => format!("{changed} con cambios, {unchanged} sin cambios\n"),
            Some(Lang::Pt) => format!("{changed} com mudanças, {unchanged} sem mudanças\n"),
        });
        text
    }
}

fn trimmed(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A cause in the JSON: its value as it is (`kind` and its fields), and its words.
#[derive(Serialize)]
struct WordedCause<'a> {
    #[serde(flatten)]
    cause: &'a Cause,
    text: String,
}

#[derive(Serialize)]
struct WordedChange<'a> {
    student: &'a str,
    before: String,
    after: String,
    causes: Vec<WordedCause<'a>>,
}

/// The JSON's `regrade` object: `previous_version`, `options`, `changed` and `unchanged`, each
/// cause a value with its words in the course's language (`text`); the grades before and after
/// as the English reports have always written them (`1/1 less 20%`, `not graded`), for programs.
#[derive(Serialize)]
pub(crate) struct WordedDiff<'a> {
    previous_version: &'a str,
    options: Vec<WordedCause<'a>>,
    changed: Vec<WordedChange<'a>>,
    unchanged: usize,
}

impl Say {
    pub(crate) fn json(self, diff: &Diff) -> WordedDiff<'_> {
        let worded = |cause| WordedCause {
            cause,
            text: self.cause(cause),
        };
        WordedDiff {
            previous_version: &diff.previous_version,
            options: diff.options.iter().map(worded).collect(),
            changed: diff
                .changes
                .iter()
                .map(|change| WordedChange {
                    student: &change.student,
                    before: Say(None).grade(&change.before),
                    after: Say(None).grade(&change.after),
                    causes: change.causes.iter().map(worded).collect(),
                })
                .collect(),
            unchanged: diff.unchanged,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::{Change, Verdict};

    /// Every option a regrade compares, each changed.
    fn options() -> Vec<Cause> {
        vec![
            Cause::Option {
                option: GradingOption::Accept,
                from: None,
                to: Some("row-col".to_string()),
            },
            Cause::Option {
                option: GradingOption::Harness,
                from: Some("stdio".to_string()),
                to: Some("python".to_string()),
            },
            Cause::Option {
                option: GradingOption::LatePenalty,
                from: Some("10%/day".to_string()),
                to: None,
            },
        ]
    }

    /// A regrade with every kind of cause: verdicts moved, a position new and one gone, a rule
    /// kept and one broken, lateness, the rubric, students new and gone, the tool and options.
    fn every_cause() -> Diff {
        let verdict = |position: &str, from: Option<Verdict>, to: Option<Verdict>| Cause::Verdict {
            position: position.to_string(),
            from: from.map(Graded::Verdict),
            to: to.map(Graded::Verdict),
        };
        let change = |student: &str, before: Grade, after: Grade, causes: Vec<Cause>| Change {
            student: student.to_string(),
            before,
            after,
            causes,
        };
        let points = |score, penalty| Grade::Points {
            score,
            max: 3,
            penalty,
        };
        let rubric = |total| Grade::Rubric { total, max: 10.0 };
        Diff {
            version: Some(Cause::Version {
                from: "minimax 0.0.9".to_string(),
                to: "minimax 0.1.0".to_string(),
            }),
            previous_version: "minimax 0.0.9".to_string(),
            options: options(),
            changes: vec![
                change(
                    "ana",
                    points(1, 0.0),
                    points(3, 0.2),
                    vec![
                        verdict("estado1.txt", Some(Verdict::Illegal), Some(Verdict::Optimal)),
                        verdict(
                            "estado2.txt",
                            Some(Verdict::BuildFailed),
                            Some(Verdict::Suboptimal),
                        ),
                        verdict("estado3.txt", Some(Verdict::Timeout), None),
                        verdict("estado4.txt", None, Some(Verdict::Optimal)),
                        Cause::Verdict {
                            position: "estado5.txt".to_string(),
                            from: Some(Graded::Other("dubious".to_string())),
                            to: Some(Graded::Verdict(Verdict::Wrong)),
                        },
                        Cause::Lateness {
                            from: None,
                            to: Some(Late {
                                status: "2 days late".to_string(),
                                penalty: 0.2,
                            }),
                        },
                    ],
                ),
                change(
                    "beto",
                    rubric(6.5),
                    rubric(8.0),
                    vec![
                        Cause::Rule {
                            part: "handin",
                            rule: "readme.txt".to_string(),
                            from: Some(RuleState::Broken),
                            to: RuleState::Kept,
                        },
                        Cause::Rule {
                            part: "readme",
                            rule: "names the authors".to_string(),
                            from: None,
                            to: RuleState::Broken,
                        },
                    ],
                ),
                change("carla", rubric(7.0), rubric(7.5), vec![Cause::Rubric]),
                change("dani", Grade::NotGraded, points(2, 0.0), vec![Cause::NewStudent]),
                change("eva", points(3, 0.0), Grade::NotGraded, vec![Cause::Gone]),
            ],
            unchanged: 4,
        }
    }

    #[test]
    fn the_causes_read_in_english_as_they_always_have() {
        insta::assert_snapshot!("regrade-en", Say(Some(Lang::En)).describe(&every_cause()));
        assert_eq!(
            Say(None).describe(&every_cause()),
            Say(Some(Lang::En)).describe(&every_cause()),
            "no language said: English"
        );
    }

    #[test]
    fn a_spanish_course_reads_the_causes_with_its_feedback_words() {
        insta::assert_snapshot!("regrade-es", Say(Some(Lang::Es)).describe(&every_cause()));
    }

    #[test]
    fn a_portuguese_course_reads_the_causes_with_its_feedback_words() {
        insta::assert_snapshot!("regrade-pt", Say(Some(Lang::Pt)).describe(&every_cause()));
    }

    #[test]
    fn the_json_gives_each_cause_as_a_value_with_its_words() {
        let json = serde_json::to_value(Say(Some(Lang::Es)).json(&every_cause())).unwrap();
        assert_eq!(
            json["changed"][0]["causes"][0],
            serde_json::json!({"kind": "verdict", "position": "estado1.txt",
                "from": "illegal", "to": "optimal", "text": "estado1.txt: ilegal -> óptima"})
        );
        assert_eq!(
            json["changed"][1]["causes"][0],
            serde_json::json!({"kind": "rule", "part": "handin", "rule": "readme.txt",
                "from": "broken", "to": "kept", "text": "entrega: readme.txt: ahora cumplida"})
        );
        assert_eq!(
            json["changed"][0]["causes"][5],
            serde_json::json!({"kind": "lateness", "from": null,
                "to": {"status": "2 days late", "penalty": 0.2},
                "text": "retraso: a tiempo -> 2 days late (penalización 20%)"})
        );
        assert_eq!(json["changed"][4]["causes"][0]["kind"], "gone");
        assert_eq!(
            (&json["changed"][0]["after"], &json["changed"][4]["after"]),
            (
                &serde_json::json!("3/3 less 20%"),
                &serde_json::json!("not graded")
            ),
            "the grades as programs have always read them"
        );
        assert_eq!(json["options"][2]["option"], "late-penalty");
    }
}
