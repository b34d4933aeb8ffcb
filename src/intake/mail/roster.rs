//! Who writes from which address: a roster CSV (a name, an account number or id, the
//! addresses), Moodle's participants export or its grading worksheet (which has each
//! participant's id, full name and address).

use std::path::{Path, PathBuf};

/// A student of the roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Enrolled {
    pub(crate) name: String,
    /// The worksheet's participant id (digits only, as the download names it), or the
    /// roster's account number.
    pub(crate) id: Option<String>,
    /// Lower-case addresses.
    pub(crate) addresses: Vec<String>,
}

/// Why the roster cannot be read: the grader's set-up, with what to do.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    #[error("roster {}: {error}", .path.display())]
    Read { path: PathBuf, error: csv::Error },
    #[error("roster {}: {why}; give a CSV with a name column (\"name\", \"Nombre completo\", \"Full name\", or \"First name\" with \"Last name\" or \"Surname\") and an e-mail column (\"email\", \"Email address\", \"Dirección de correo\"), as Moodle's participants export (\"First name,Last name,Email address,Roles,Groups,Last access to course\") has; the header here is `{header}`", .path.display())]
    Columns {
        path: PathBuf,
        why: &'static str,
        header: String,
    },
}

/// A header folded for matching: accents and case aside.
fn fold(header: &str) -> String {
    super::super::naming::collation_key(header.trim().trim_start_matches('\u{feff}'))
}

/// Where a roster's columns are: the name (or first name and surname), the e-mail, the id.
struct Columns {
    names: (usize, Option<usize>),
    mail: usize,
    id: Option<usize>,
}

/// Finds the roster's columns in its header row, or says which it lacks and what it has.
fn columns(written: &[&str], path: &Path) -> Result<Columns, RosterError> {
    let headers: Vec<String> = written.iter().map(|h| fold(h)).collect();
    let refused = |why| RosterError::Columns {
        path: path.to_path_buf(),
        why,
        header: written.join(","),
    };
    let find = |names: &[&str]| headers.iter().position(|h| names.contains(&h.as_str()));
    let full = find(&[
        "nombre completo",
        "full name",
        "name",
        "nombre",
        "student",
        "alumno",
        "estudiante",
    ]);
    let first = find(&["first name", "nombre", "nombre(s)", "nombres"]);
    let last = find(&["surname", "last name", "apellido(s)", "apellidos", "apellido"]);
    let mail = headers
        .iter()
        .position(|h| h.contains("mail") || h.contains("correo") || h.contains("addresses"))
        .ok_or_else(|| refused("no e-mail column"))?;
    let id = find(&[
        "identificador",
        "identifier",
        "id number",
        "numero de id",
        "numero de cuenta",
        "account number",
        "cuenta",
    ]);
    let names = match (first, last, full) {
        (Some(first), Some(last), _) if first != last => (first, Some(last)),
        (_, _, Some(full)) => (full, None),
        _ => return Err(refused("no name column")),
    };
    Ok(Columns { names, mail, id })
}

/// Reads the roster at `path`.
pub(crate) fn read(path: &Path) -> Result<Vec<Enrolled>, RosterError> {
    let read_error = |error| RosterError::Read {
        path: path.to_path_buf(),
        error,
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(path)
        .map_err(read_error)?;
    let written = reader.headers().map_err(read_error)?.clone();
    let Columns { names, mail, id } = columns(&written.iter().collect::<Vec<_>>(), path)?;
    let mut enrolled = Vec::new();
    for row in reader.records() {
        let row = row.map_err(read_error)?;
        let cell = |at: usize| row.get(at).unwrap_or_default().trim().to_string();
        let name = match names.1 {
            Some(last) => format!("{} {}", cell(names.0), cell(last)).trim().to_string(),
            None => cell(names.0),
        };
        let addresses: Vec<String> = cell(mail)
            .split([';', ',', ' '])
            .map(|a| a.trim().trim_matches(['<', '>']).to_lowercase())
            .filter(|a| a.contains('@'))
            .collect();
        if name.is_empty() || addresses.is_empty() {
            continue;
        }
        // Moodle's worksheet writes `Participante3105`; its download names the participant 3105.
        let id = id.map(cell).map(|id| {
            let digits: String = id.chars().filter(char::is_ascii_digit).collect();
            if digits.is_empty() || id.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                id
            } else {
                digits
            }
        });
        enrolled.push(Enrolled {
            name,
            id: id.filter(|id| !id.is_empty()),
            addresses,
        });
    }
    Ok(enrolled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moodles_worksheet_and_a_plain_roster_give_names_ids_and_addresses() {
        let dir = tempfile::tempdir().unwrap();
        let sheet = dir.path().join("w.csv");
        std::fs::write(
            &sheet,
            "\u{feff}Identificador,\"Nombre completo\",\"Dirección de correo\",Estado\nParticipante3105,\"María López\",Mafer@Ciencias.unam.mx,x\n",
        )
        .unwrap();
        assert_eq!(
            read(&sheet).unwrap(),
            [Enrolled {
                name: "María López".to_string(),
                id: Some("3105".to_string()),
                addresses: vec!["mafer@ciencias.unam.mx".to_string()],
            }]
        );
        let plain = dir.path().join("r.csv");
        std::fs::write(
            &plain,
            "name,account number,addresses\nAna,315087426,ana@x.mx; ana.p@gmail.com\n",
        )
        .unwrap();
        assert_eq!(
            read(&plain).unwrap()[0].addresses,
            ["ana@x.mx", "ana.p@gmail.com"]
        );
        // Moodle's participants export: first name and surname apart, the address beside.
        let participants = dir.path().join("p.csv");
        std::fs::write(
            &participants,
            "\"First name\",Surname,\"ID number\",\"Email address\"\nAna María,Pérez Gómez,315087426,ana@ciencias.unam.mx\n",
        )
        .unwrap();
        assert_eq!(
            read(&participants).unwrap(),
            [Enrolled {
                name: "Ana María Pérez Gómez".to_string(),
                id: Some("315087426".to_string()),
                addresses: vec!["ana@ciencias.unam.mx".to_string()],
            }]
        );
        // Moodle 4.x's "Download table data as CSV" of Participants: teachers' rows too.
        let moodle4 = dir.path().join("courseid_12_participants.csv");
        std::fs::write(
            &moodle4,
            "First name,Last name,Email address,Roles,Groups,Last access to course\nKenji,Nakamura,kenji.nakamura@ciencias.unam.mx,Student,\"Grupo 7008\",\"3 days 2 hours\"\n\"Ana Sofía\",\"del Valle Ortega\",anasofia.dvo@ciencias.unam.mx,Student,No groups,Never\n",
        )
        .unwrap();
        let read4 = read(&moodle4).unwrap();
        assert_eq!(read4[1].name, "Ana Sofía del Valle Ortega");
        assert_eq!(read4[0].addresses, ["kenji.nakamura@ciencias.unam.mx"]);
        assert_eq!(read4[0].id, None);
        let unknown = dir.path().join("u.csv");
        std::fs::write(&unknown, "Alumno completo,Correo\nAna,ana@x.mx\n").unwrap();
        let said = read(&unknown).unwrap_err().to_string();
        assert!(said.contains("no name column"), "{said}");
        assert!(said.contains("First name,Last name,Email address"), "{said}");
        assert!(
            said.contains("the header here is `Alumno completo,Correo`"),
            "{said}"
        );
        let bad = dir.path().join("b.csv");
        std::fs::write(&bad, "name,grade\nAna,10\n").unwrap();
        assert!(read(&bad).unwrap_err().to_string().contains("no e-mail column"));
    }
}
