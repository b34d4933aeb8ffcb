//! Verdicts' names in the course's languages: the class page and the feedback students read
//! share them (a leaf: both report modules use it, it uses neither).

use crate::class::Verdict;
use minimax_core::figures::exercise_sheet::Lang;

/// A verdict's name in `lang`, in the order of [`crate::class::summary::VERDICT_ORDER`].
pub(crate) fn verdict(lang: Lang, verdict: Verdict) -> &'static str {
    let at = crate::class::summary::VERDICT_ORDER
        .iter()
        .position(|&v| v == verdict)
        .unwrap_or(0);
    match lang {
        Lang::Es => ES[at],
        Lang::En => EN[at],
        Lang::Pt => PT[at],
    }
}

const ES: [&str; 10] = [
    "óptima",
    "bien",
    "subóptima",
    "mal",
    "ilegal",
    "ilegible",
    "falló",
    "tiempo agotado",
    "no compiló",
    "sin ejecutar",
];

const EN: [&str; 10] = [
    "optimal",
    "right",
    "suboptimal",
    "wrong",
    "illegal",
    "unparseable",
    "crashed",
    "timeout",
    "build failed",
    "skipped",
];

const PT: [&str; 10] = [
    "ótima",
    "certo",
    "subótima",
    "errado",
    "ilegal",
    "ilegível",
    "falhou",
    "tempo esgotado",
    "não compilou",
    "não executado",
];
