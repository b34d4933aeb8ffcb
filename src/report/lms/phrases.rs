//! What students read (the feedback page and the worksheet's comment) in the course's
//! language; English when the course says none, as before languages were asked for.

use crate::class::{ClassReport, PositionResult, StudentReport, Verdict};
use minimax_core::figures::exercise_sheet::Lang;
use minimax_core::gradable::Outlook;

/// The feedback's phrases in one language.
pub(crate) struct Phrases {
    pub(crate) lang: Option<Lang>,
}

impl Phrases {
    pub(crate) fn of(report: &ClassReport) -> Phrases {
        Phrases { lang: report.lang }
    }

    fn pick(&self, en: &'static str, es: &'static str, pt: &'static str) -> &'static str {
        match self.lang {
            None | Some(Lang::En) => en,
            Some(Lang::Es) => es,
            Some(Lang::Pt) => pt,
        }
    }

    /// The HTML page's `lang`.
    pub(crate) fn code(&self) -> &'static str {
        self.pick("en", "es", "pt")
    }

    /// A verdict's name: the report's own (`build-failed`) in English, the class page's
    /// words otherwise.
    pub(crate) fn verdict(&self, verdict: Verdict) -> &'static str {
        match self.lang {
            None | Some(Lang::En) => verdict.name(),
            Some(lang) => crate::report::verdict_words::verdict(lang, verdict),
        }
    }

    pub(crate) fn your_answer(&self) -> &'static str {
        self.pick("Your answer", "Tu respuesta", "A tua resposta")
    }

    pub(crate) fn optimal(&self) -> &'static str {
        self.pick("Optimal", "Óptima", "Ótima")
    }

    pub(crate) fn to_move(&self, player: &str) -> String {
        match self.lang {
            None | Some(Lang::En) => format!("{player} to move."),
            Some(Lang::Es) => format!("Juega {player}."),
            Some(Lang::Pt) => format!("Joga {player}."),
        }
    }

    /// What heads the search's verdict ("Búsqueda: sin poda, …").
    pub(crate) fn search(&self) -> &'static str {
        self.pick("Search", "Búsqueda", "Busca")
    }

    pub(crate) fn build_failed(&self) -> &'static str {
        self.pick("Build failed", "No compiló", "Não compilou")
    }

    /// "4 of 6 positions answered optimally."
    pub(crate) fn answered(&self, score: usize, max: usize) -> String {
        match self.lang {
            None | Some(Lang::En) => format!("{score} of {max} positions answered optimally."),
            Some(Lang::Es) => format!("{score} de {max} posiciones respondidas de forma óptima."),
            Some(Lang::Pt) => format!("{score} de {max} posições respondidas de forma ótima."),
        }
    }

    /// The positions answered, without saying more than the student may see: with hidden
    /// positions withheld, "3 of 3 shown positions optimal; 4 hidden positions graded after
    /// the deadline." (never a pass that hides what is still to come).
    pub(crate) fn tally(&self, report: &ClassReport, student: &StudentReport) -> String {
        let withheld = student.results.iter().filter(|r| report.withholds(r)).count();
        if withheld == 0 {
            return self.answered(student.score, student.max_score);
        }
        let shown: Vec<&PositionResult> = student.results.iter().filter(|r| !report.withholds(r)).collect();
        let optimal = shown.iter().filter(|r| r.verdict.scores()).count();
        let total = shown.len();
        match self.lang {
            None | Some(Lang::En) => format!(
                "{optimal} of {total} shown positions optimal; {withheld} hidden positions graded after the deadline."
            ),
            Some(Lang::Es) => format!(
                "{optimal} de {total} posiciones mostradas respondidas de forma óptima; {withheld} posiciones ocultas se califican después de la fecha límite."
            ),
            Some(Lang::Pt) => format!(
                "{optimal} de {total} posições mostradas respondidas de forma ótima; {withheld} posições ocultas avaliadas após o prazo."
            ),
        }
    }

    pub(crate) fn lost(&self) -> &'static str {
        self.pick("Lost", "Perdidos", "Perdidos")
    }

    pub(crate) fn answered_word(&self) -> &'static str {
        self.pick("answered", "respondió", "respondeu")
    }

    pub(crate) fn optimal_word(&self) -> &'static str {
        self.pick("optimal", "óptima", "ótima")
    }

    pub(crate) fn or(&self) -> &'static str {
        self.pick(" or ", " o ", " ou ")
    }

    pub(crate) fn note(&self) -> &'static str {
        self.pick("Note", "Nota", "Nota")
    }

    pub(crate) fn build_failed_sentence(&self) -> &'static str {
        self.pick("Build failed", "No compiló", "Não compilou")
    }

    /// How the rubric's note begins ("grade", "calificación").
    pub(crate) fn grade_word(&self) -> String {
        crate::class::course::words::Say(self.lang.unwrap_or(Lang::En)).grade()
    }

    /// A rubric part's name (`positions`, `handin`, ...).
    pub(crate) fn part(&self, part: &str) -> String {
        crate::class::course::words::Say(self.lang.unwrap_or(Lang::En)).part(part)
    }

    /// "Grade: positions 6/6, handin 1/1, readme 1/1: 8/8." (the rubric's parts and total).
    pub(crate) fn grade(&self, fraction: &str) -> String {
        format!("{}: {fraction}.", self.pick("Grade", "Calificación", "Nota"))
    }

    /// Where an answer leads, in words: "gana X en 1", "empate".
    fn outlook(&self, outlook: &Outlook) -> String {
        match (outlook, self.lang) {
            (Outlook::Draw, _) => "empate".to_string(),
            (Outlook::Win { winner, moves }, Some(Lang::Pt)) => format!("{winner} vence em {moves}"),
            (Outlook::Win { winner, moves }, _) => format!("gana {winner} en {moves}"),
        }
    }

    /// A judged answer's detail in the students' language, where the report can say it again
    /// from the solved position (optimal and suboptimal answers); `None` keeps the grader's
    /// own words (English, and the program's errors as they were).
    pub(crate) fn detail(&self, report: &ClassReport, result: &PositionResult) -> Option<String> {
        if matches!(self.lang, None | Some(Lang::En)) {
            return None;
        }
        let solved = report.position(&result.position)?.solved.as_ref()?;
        let outlooks = solved.outlooks();
        let after = |answer: &str| outlooks.iter().find(|(a, _)| a == answer).map(|(_, o)| o);
        let answer = result.answer.as_deref()?;
        let leads = self.outlook(after(answer)?);
        let (optimal, instead, with) = match self.lang {
            Some(Lang::Pt) => ("é ótima", "em vez de", "com"),
            _ => ("es óptima", "en vez de", "con"),
        };
        match result.verdict {
            Verdict::Optimal => Some(format!("{answer} {optimal} ({leads})")),
            Verdict::Suboptimal => {
                let best = result.optimal.first()?;
                let best_leads = self.outlook(after(best)?);
                Some(format!(
                    "{answer}: {leads} ({instead} {best_leads} {with} {best})"
                ))
            }
            _ => None,
        }
    }
}
