//! Whether a mail's subject is the practice's, tolerantly: case, accents, spaces and signs,
//! reply and forward prefixes (`RE:`, `RV:`, `Fwd:`, `AW:`, `TR:`) and bracketed tags aside.

use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};

/// Reply and forward prefixes mail clients write, in the languages of the course.
const PREFIXES: [&str; 8] = ["re", "rv", "fw", "fwd", "reenviar", "aw", "wg", "tr"];

/// The subject's letters and digits only, folded: accents and case aside, bracketed tags out.
fn letters(text: &str, tags: bool) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in text
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
    {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if c.is_alphanumeric() && (depth == 0 || tags) => out.push(c),
            _ => {}
        }
    }
    out
}

/// A subject with its reply and forward prefixes taken off (`RE: Fwd: RV: …`).
pub(crate) fn without_prefixes(subject: &str) -> &str {
    let mut rest = subject.trim();
    loop {
        let Some((head, tail)) = rest.split_once(':') else {
            return rest;
        };
        let head = head.trim().to_lowercase();
        // `Re[2]:` and `RE :` count too.
        let head = head.split('[').next().unwrap_or_default().trim();
        if PREFIXES.contains(&head) {
            rest = tail.trim_start();
        } else {
            return rest;
        }
    }
}

/// The `--subject` pattern, read once.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    written: String,
    /// The pattern's letters outside its bracketed tags (`practica05`).
    core: String,
    /// With its tags (`practica05ia20162`).
    whole: String,
}

impl Pattern {
    /// `None` when the pattern has no letter or digit outside brackets: it would match every
    /// mail (the grader's mistake, said before reading the box).
    pub(crate) fn new(written: &str) -> Option<Pattern> {
        let core = letters(written, false);
        (!core.is_empty()).then(|| Pattern {
            written: written.to_string(),
            core,
            whole: letters(written, true),
        })
    }

    pub(crate) fn written(&self) -> &str {
        &self.written
    }

    /// Whether `subject` is the practice's: it holds the pattern's letters, with or without
    /// the bracketed tag, whatever the prefixes, case, accents and spaces.
    pub(crate) fn matches(&self, subject: &str) -> bool {
        let subject = without_prefixes(subject);
        let with_tags = letters(subject, true);
        with_tags.contains(&self.whole)
            || letters(subject, false).contains(&self.core)
            || with_tags.contains(&self.core)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_practices_subject_is_matched_tolerantly() {
        let pattern = Pattern::new("Práctica05[IA 2016-2]").unwrap();
        for subject in [
            "Práctica05[IA 2016-2]",
            "practica05 [ia 2016-2]",
            "RE: Fwd: PRACTICA 05 [IA 2016-2]",
            "RV: Práctica05",
            "[IA] Práctica 05 - Luis Lizárraga",
            "Re[2]: práctica05[IA 2016-2]",
        ] {
            assert!(pattern.matches(subject), "{subject}");
        }
        for subject in ["Práctica04[IA 2016-2]", "Examen parcial", "", "Practica 5"] {
            assert!(!pattern.matches(subject), "{subject}");
        }
        assert!(Pattern::new("[IA 2016-2]").is_none());
        assert_eq!(without_prefixes("RE: RV:Fwd : hola"), "hola");
    }
}
