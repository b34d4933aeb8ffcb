//! Senders as students (the roster, a display name, a forward's carrier) and, of each
//! student's mails, the one that counts, with a note on the others.

use super::found::*;
use super::letter::Letter;
use super::roster::Enrolled;
use super::{when, words};
use crate::intake::naming::collation_key;

/// A sender as a student: the key their mails are grouped by, their name and id, and notes.
pub(super) struct Who {
    pub(super) key: String,
    pub(super) name: String,
    pub(super) id: Option<String>,
    pub(super) note: Option<String>,
}

/// Who sent `letter`: by the roster's addresses, or by the display name without a roster.
pub(super) fn who(letter: &Letter, roster: Option<&[Enrolled]>, say: words::Say) -> Result<Who, NotAHandIn> {
    let guessed = || {
        letter
            .display
            .clone()
            .unwrap_or_else(|| letter.address.split('@').next().unwrap_or_default().to_string())
    };
    let Some(roster) = roster else {
        let name = guessed();
        return Ok(Who {
            key: format!("name:{}", collation_key(&name)),
            note: Some(say.guessed(&name, &letter.address)),
            name,
            id: None,
        });
    };
    let owners: Vec<(usize, &Enrolled)> = roster
        .iter()
        .enumerate()
        .filter(|(_, e)| e.addresses.contains(&letter.address))
        .collect();
    let display = letter.display.as_deref().map(collation_key);
    let (index, enrolled, note) = match owners.as_slice() {
        [] => {
            if let Some(carried) = carried_for(letter, roster, say) {
                return Ok(carried);
            }
            let name = guessed();
            return Ok(Who {
                key: format!("address:{}", letter.address),
                note: Some(say.not_on_roster(&letter.address, &name)),
                name,
                id: None,
            });
        }
        [(index, enrolled)] => (*index, *enrolled, None),
        several => {
            let names: Vec<&str> = several.iter().map(|(_, e)| e.name.as_str()).collect();
            let Some((index, enrolled)) = several
                .iter()
                .find(|(_, e)| Some(collation_key(&e.name)) == display)
            else {
                return Err(NotAHandIn::SharedAddress {
                    address: letter.address.clone(),
                    names: names.iter().map(|n| n.to_string()).collect(),
                    display: letter.display.as_deref().unwrap_or("none").to_string(),
                });
            };
            let note = say.shared(&letter.address, &names.join(say.and()), &enrolled.name);
            (*index, *enrolled, Some(note))
        }
    };
    Ok(Who {
        key: format!("roster:{index:06}"),
        name: enrolled.name.clone(),
        id: enrolled.id.clone(),
        note,
    })
}

/// A mail forwarded by someone off the roster (a friend whose account works) for the one
/// student the forwarded mail's address is: theirs, with a note naming who carried it.
pub(super) fn carried_for(letter: &Letter, roster: &[Enrolled], say: words::Say) -> Option<Who> {
    let original = letter.forwarded_from.as_deref()?;
    let mut owners = roster
        .iter()
        .enumerate()
        .filter(|(_, e)| e.addresses.iter().any(|a| a == original));
    let (index, enrolled) = owners.next()?;
    if owners.next().is_some() {
        return None;
    }
    let carrier = match &letter.display {
        Some(name) => format!("{name} <{}>", letter.address),
        None => letter.address.clone(),
    };
    Some(Who {
        key: format!("roster:{index:06}"),
        name: enrolled.name.clone(),
        id: enrolled.id.clone(),
        note: Some(say.forwarded(&carrier, original)),
    })
}

/// A student's mails, as read.
pub(super) struct Mailed {
    pub(super) who: Who,
    pub(super) notes: Vec<String>,
    pub(super) letters: Vec<Letter>,
}

/// A mail's date for notes, at its own zone.
pub(super) fn dated(letter: &Letter, say: words::Say) -> String {
    letter.date.map_or_else(
        || say.undated().to_string(),
        |(at, offset)| when::show(at, offset),
    )
}

/// Notes on a student's other mails: the addresses they came from, and each mail not graded
/// with its date and why.
pub(super) fn other_mails(
    letters: &[Letter],
    graded: Option<usize>,
    on_time: &dyn Fn(&Letter) -> bool,
    say: words::Say,
) -> Vec<String> {
    let mut notes = Vec::new();
    let mut addresses: Vec<&str> = letters.iter().map(|l| l.address.as_str()).collect();
    addresses.sort_unstable();
    addresses.dedup();
    if addresses.len() > 1 {
        notes.push(say.addresses(addresses.len(), &addresses.join(", ")));
    }
    let others: Vec<String> = letters
        .iter()
        .enumerate()
        .filter(|(index, _)| Some(*index) != graded)
        .map(|(_, l)| {
            let what = match (l.saved.is_empty(), on_time(l)) {
                (true, _) => say.no_attachment(),
                (false, true) => say.earlier(),
                (false, false) => say.late_not_graded(),
            };
            format!("{} ({what})", dated(l, say))
        })
        .collect();
    if !others.is_empty() {
        notes.push(say.others(others.len(), &others.join(", "), graded.is_some()));
    }
    notes
}

/// Of a student's mails, the one graded, the lateness, and a note for every other one.
pub(super) fn choose(mailed: Mailed, deadline: Option<(i64, i64)>, say: words::Say) -> Sender {
    let Mailed {
        who,
        mut notes,
        mut letters,
    } = mailed;
    // By date, then as the box had them; an undated mail counts as on time, first.
    letters.sort_by_key(|l| l.date.map_or(i64::MIN, |d| d.0));
    let on_time = |l: &Letter| match (deadline, l.date) {
        (Some((deadline, _)), Some((at, _))) => at <= deadline,
        _ => true,
    };
    let graded = letters
        .iter()
        .rposition(|l| !l.saved.is_empty() && on_time(l))
        .or_else(|| letters.iter().rposition(|l| !l.saved.is_empty()));
    notes.extend(who.note.clone());
    notes.extend(other_mails(&letters, graded, &on_time, say));
    let mut found = Sender {
        name: who.name,
        id: who.id,
        notes,
        ..Sender::default()
    };
    let Some(graded) = graded else {
        let link = letters.iter().rev().find_map(|l| l.link.clone());
        found.failure = Some(match link {
            Some(url) => say.links(&url),
            None => say.nothing_attached().to_string(),
        });
        found.origin = letters.last().map(origin);
        return found;
    };
    let letter = &letters[graded];
    found
        .notes
        .insert(0, say.graded(&dated(letter, say), &letter.label, &letter.subject));
    if let (Some((deadline, _)), Some((at, offset))) = (deadline, letter.date) {
        if at > deadline {
            let late = (at - deadline) as u64;
            found.late = Some((say.late(&when::show(at, offset), late), late));
        }
    }
    found.origin = Some(origin(letter));
    found.files.clone_from(&letter.saved);
    found
}

pub(super) fn origin(letter: &Letter) -> Origin {
    Origin {
        address: letter.address.clone(),
        display: letter.display.clone(),
        message_id: letter.message_id.clone(),
        subject: letter.subject.clone(),
    }
}
