//! Names as the sheet means them: "ApellidoPaterno" is the first surname. Moodle gives the
//! full name as given names then paternal and maternal surname (UNAM's order; the course file
//! may say surnames first), and in Mexico two surnames are the rule; a roster (Moodle's
//! participants export) says exactly which words are which when given.

use crate::intake::collation_key;
use serde::Deserialize;
use std::collections::HashMap;

/// How the platform writes a full name.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum NameOrder {
    /// "Luis Alfredo Lizárraga Santos": given names, paternal, maternal surname.
    #[default]
    GivenFirst,
    /// "Lizárraga Santos Luis Alfredo".
    SurnamesFirst,
}

/// Lower case, accents and anything but letters and digits left out ("Lizárraga S." → "lizarragas").
pub(crate) fn folded(text: &str) -> String {
    collation_key(text)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// Words that begin a compound surname or given name ("de la Cruz", "María de los Ángeles").
const PARTICLES: &[&str] = &["de", "del", "la", "las", "los", "da", "van", "von", "di"];

/// The words of a name, a particle kept with the word after it ("de la Cruz" is one).
fn groups(text: &str) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    for word in text.split_whitespace().take(12) {
        let key = folded(word);
        if key.is_empty() {
            continue;
        }
        pending.push(key.clone());
        if !PARTICLES.contains(&key.as_str()) {
            groups.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        groups.push(pending);
    }
    groups
}

/// A student's name read into its parts, each folded, with the spellings each may take.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct NameParts {
    pub(crate) given: Vec<Vec<String>>,
    pub(crate) paterno: Option<Vec<String>>,
    pub(crate) materno: Option<Vec<String>>,
}

impl NameParts {
    /// The parts of a full name written in `order`: with three words or more the two surnames
    /// are the last two (or the first two) groups; with two, one given name and one surname.
    pub(crate) fn guess(name: &str, order: NameOrder) -> NameParts {
        let mut g = groups(name);
        if order == NameOrder::SurnamesFirst && g.len() >= 2 {
            let surnames = if g.len() >= 3 { 2 } else { 1 };
            g.rotate_left(surnames);
        }
        let surnames = match g.len() {
            0 | 1 => 0,
            2 => 1,
            _ => 2,
        };
        let given = g[..g.len() - surnames].to_vec();
        let mut rest = g[g.len() - surnames..].iter().cloned();
        NameParts {
            given,
            paterno: rest.next(),
            materno: rest.next(),
        }
    }

    /// The parts from a roster's columns: every group of the first name a given name, the
    /// surname's groups paternal then maternal (a third or more joined to the maternal).
    pub(crate) fn from_columns(first: &str, surname: &str) -> NameParts {
        let mut surnames = groups(surname).into_iter();
        let paterno = surnames.next();
        let materno = surnames.reduce(|mut a, b| {
            a.extend(b);
            a
        });
        NameParts {
            given: groups(first),
            paterno,
            materno,
        }
    }

    /// How a placeholder may be written: `{nombre}` the first given name or all of them,
    /// `{nombres}` all of them, `{paterno}` and `{materno}` the surname with or without its
    /// particles ("DeLaCruz", "Cruz"); a surname the name lacks is written as nothing.
    pub(crate) fn spellings(&self, slot: &str) -> Vec<String> {
        let whole = |group: &[String]| group.concat();
        let all_given: String = self.given.iter().map(|g| whole(g)).collect();
        let surname = |group: &Option<Vec<String>>| match group {
            None => vec![String::new()],
            Some(group) => {
                let mut ways = vec![whole(group)];
                if let Some(last) = group.last() {
                    ways.push(last.clone());
                }
                ways
            }
        };
        let mut ways = match slot {
            "nombre" => vec![
                self.given.first().map(|g| whole(g)).unwrap_or_default(),
                all_given,
            ],
            "nombres" => vec![all_given],
            "paterno" => surname(&self.paterno),
            "materno" => surname(&self.materno),
            _ => Vec::new(),
        };
        ways.dedup();
        ways
    }

    /// The name as the pattern wants it, for a student to read ("LizarragaLuis05").
    pub(crate) fn example(&self, pattern: &str) -> String {
        let mut text = pattern.to_string();
        for slot in ["nombres", "nombre", "paterno", "materno"] {
            let key = format!("{{{slot}}}");
            if text.contains(&key) {
                let way = self.spellings(slot).into_iter().next().unwrap_or_default();
                text = text.replace(&key, &capitalised(&way));
            }
        }
        text
    }
}

/// A folded part written as the name writes it: "lizarraga" → "Lizarraga" (accents left out,
/// as in the sheet's example).
fn capitalised(folded_part: &str) -> String {
    let mut chars = folded_part.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether an archive's name (without its extension) is `pattern` for this name: each
/// placeholder written one of its ways; case, accents, spaces and punctuation aside.
pub(crate) fn matches(pattern: &str, parts: &NameParts, stem: &str) -> bool {
    let wanted = folded(stem);
    let mut pieces: Vec<Vec<String>> = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        pieces.push(vec![folded(&rest[..open])]);
        let Some(close) = rest[open..].find('}').map(|c| c + open) else {
            return false;
        };
        pieces.push(parts.spellings(&rest[open + 1..close]));
        rest = &rest[close + 1..];
    }
    pieces.push(vec![folded(rest)]);
    fits(&wanted, &pieces)
}

/// Whether `text` is one spelling of each piece, in order.
fn fits(text: &str, pieces: &[Vec<String>]) -> bool {
    let Some((first, others)) = pieces.split_first() else {
        return text.is_empty();
    };
    first.iter().any(|way| {
        text.strip_prefix(way.as_str())
            .is_some_and(|after| fits(after, others))
    })
}

/// Why a roster (Moodle's participants export) does not read.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    #[error("{0}")]
    Csv(#[from] csv::Error),
    #[error(
        "no first-name and surname columns (such as \"First name\" and \"Surname\"); its header is {header}"
    )]
    NoNameColumns { header: String },
}

/// Moodle's participants export: each full name (folded) to its parts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Roster {
    by_name: HashMap<String, NameParts>,
}

const FIRST_NAME: &[&str] = &["first name", "nombre", "nome", "firstname"];
const SURNAME: &[&str] = &[
    "surname",
    "last name",
    "apellido(s)",
    "apellidos",
    "apellido",
    "sobrenome",
    "lastname",
];

impl Roster {
    /// Reads a roster (CSV with a first-name and a surname column, Moodle's headers in
    /// English, Spanish or Portuguese).
    pub(crate) fn read(bytes: &[u8]) -> Result<Roster, RosterError> {
        let text = super::decode::decode(bytes);
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(text.as_bytes());
        let header: Vec<String> = reader
            .headers()?
            .iter()
            .map(|h| h.trim().to_lowercase())
            .collect();
        let at = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
        let (Some(first), Some(last)) = (at(FIRST_NAME), at(SURNAME)) else {
            return Err(RosterError::NoNameColumns {
                header: header.join(", "),
            });
        };
        let mut by_name = HashMap::new();
        for row in reader.records().take(100_000) {
            let row = row?;
            let (given, surname) = (row.get(first).unwrap_or(""), row.get(last).unwrap_or(""));
            by_name.insert(
                folded(&format!("{given} {surname}")),
                NameParts::from_columns(given, surname),
            );
        }
        Ok(Roster { by_name })
    }

    pub(crate) fn parts(&self, name: &str) -> Option<&NameParts> {
        self.by_name.get(&folded(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fits_name(pattern: &str, name: &str, stem: &str) -> bool {
        matches(pattern, &NameParts::guess(name, NameOrder::GivenFirst), stem)
    }

    #[test]
    fn the_paternal_surname_is_the_first_of_the_two() {
        let p = "{paterno}{nombre}05";
        let luis = "Luis Alfredo Lizárraga Santos";
        assert!(fits_name(p, luis, "LizarragaLuis05"));
        assert!(fits_name(p, luis, "lizárraga_luis_05"));
        assert!(fits_name(p, luis, "LIZARRAGALUIS05"));
        assert!(!fits_name(p, luis, "SantosLuis05"), "the maternal surname");
        assert!(!fits_name(p, luis, "LuisLizarraga05"), "the given name first");
        assert!(!fits_name(p, luis, "AlfredoLuis05"));
        assert!(!fits_name(p, "", "Practica05"));
    }

    #[test]
    fn a_compound_given_name_may_be_written_whole_or_its_first_word_alone() {
        let p = "{paterno}{nombre}05";
        let name = "María Fernanda Muñoz Peña";
        assert!(fits_name(p, name, "MunozMariaFernanda05"));
        assert!(fits_name(p, name, "MunozMaria05"));
        assert!(!fits_name(p, name, "MunozFernanda05"));
        assert!(fits_name("{paterno}{nombres}05", name, "MunozMariaFernanda05"));
        assert!(!fits_name("{paterno}{nombres}05", name, "MunozMaria05"));
    }

    #[test]
    fn a_surname_with_particles_is_one_surname() {
        let parts = NameParts::guess("Juan Pablo de la Cruz Hernández", NameOrder::GivenFirst);
        assert_eq!(parts.spellings("paterno"), ["delacruz", "cruz"]);
        assert_eq!(parts.spellings("materno"), ["hernandez"]);
        assert_eq!(parts.spellings("nombre"), ["juan", "juanpablo"]);
    }

    #[test]
    fn names_written_surnames_first_are_read_so_when_the_course_says() {
        let parts = NameParts::guess("Lizárraga Santos Luis Alfredo", NameOrder::SurnamesFirst);
        assert!(matches("{paterno}{nombre}05", &parts, "LizarragaLuis05"));
        assert_eq!(parts.example("{paterno}{nombre}05"), "LizarragaLuis05");
    }

    #[test]
    fn a_roster_says_which_words_are_surnames() {
        let roster = Roster::read(
            "First name,Surname,Email address\nLuis Alfredo,Lizárraga Santos,l@x\nAna,Pérez,a@x\n".as_bytes(),
        )
        .unwrap();
        let ana = roster.parts("ana perez").unwrap();
        assert!(matches("{paterno}{nombre}05", ana, "PerezAna05"));
        assert!(roster.parts("Luis Alfredo Lizárraga Santos").is_some());
        assert!(Roster::read(b"a,b\n1,2\n").is_err());
    }
}
