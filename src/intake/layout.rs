//! How learning platforms name the submissions they hand out.
//!
//! - Moodle ("Download all submissions"): `Full Name_1234567_assignsubmission_file` folders,
//!   or flat files `Full Name_1234567_assignsubmission_file_LizarragaLuis05.zip`; the number
//!   is the participant id of the grading worksheet.
//! - Canvas: flat files `login_12345_67890_name.zip` (user id, then submission id), with
//!   `late` after the login when handed in late.
//! - Gradescope's export: `submission_N` folders and `submission_metadata.yml` naming who
//!   handed each in.

/// The layouts `--submissions` understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Layout {
    Moodle,
    Canvas,
    Gradescope,
    /// One folder (or archive) per student, named after the student.
    Folders,
    /// A mailbox (mbox, Maildir, a folder of .eml files): one student per sender.
    Mailbox,
}

impl Layout {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Layout::Moodle => "a Moodle download (one entry per participant, keyed by participant id)",
            Layout::Canvas => "a Canvas download (files named login_userid_submissionid_name)",
            Layout::Gradescope => "a Gradescope export (submission_metadata.yml)",
            Layout::Folders => "one folder or archive per student, named after the student",
            Layout::Mailbox => {
                "a mailbox (mbox, Maildir or .eml files): the practice's mails, one student per sender"
            }
        }
    }
}

/// A Moodle entry's name, split: who, their participant id, and the rest (a file's own name
/// in the flat naming, empty for a folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoodleName<'a> {
    pub(crate) name: &'a str,
    pub(crate) id: &'a str,
    /// `Full Name_1234567_assignsubmission_file`: the folder Moodle expects feedback files in.
    pub(crate) key: &'a str,
    pub(crate) rest: &'a str,
}

pub(crate) fn moodle_name(entry: &str) -> Option<MoodleName<'_>> {
    let at = entry.find("_assignsubmission_")?;
    let (who, plugin) = entry.split_at(at);
    let (name, id) = who.rsplit_once('_')?;
    if name.is_empty() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let plugin = &plugin["_assignsubmission_".len()..];
    // The plugin's name (file, onlinetext), then `_` and the file's name when flat.
    let plugin_len = plugin.find('_').unwrap_or(plugin.len());
    let key_len = at + "_assignsubmission_".len() + plugin_len;
    let rest = entry[key_len..].trim_start_matches('_');
    Some(MoodleName {
        name,
        id,
        key: &entry[..key_len],
        rest,
    })
}

/// A Canvas file's name, split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CanvasName<'a> {
    pub(crate) login: &'a str,
    pub(crate) user_id: &'a str,
    pub(crate) late: bool,
    pub(crate) file: &'a str,
}

pub(crate) fn canvas_name(entry: &str) -> Option<CanvasName<'_>> {
    let mut parts = entry.splitn(5, '_');
    let login = parts.next()?;
    let mut next = parts.next()?;
    let late = next.eq_ignore_ascii_case("late");
    if late {
        next = parts.next()?;
    }
    let user_id = next;
    let submission_id = parts.next()?;
    let file = if late {
        parts.next()?
    } else {
        // splitn(5) kept the file's own underscores only in the last part.
        &entry[login.len() + user_id.len() + submission_id.len() + 3..]
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let login_ok = !login.is_empty()
        && login
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    (login_ok && digits(user_id) && digits(submission_id) && !file.is_empty()).then_some(CanvasName {
        login,
        user_id,
        late,
        file,
    })
}

/// Who handed in each Gradescope submission: `submission_N` → (name, student id), read from
/// `submission_metadata.yml` (its first submitter; only the few keys needed are read).
pub(crate) fn gradescope_submitters(yaml: &str) -> Vec<(String, String, Option<String>)> {
    let mut found: Vec<(String, String, Option<String>)> = Vec::new();
    for line in yaml.lines() {
        let unquote = |s: &str| s.trim().trim_matches(['\'', '"']).to_string();
        if !line.starts_with(' ') && line.trim_end().ends_with(':') && line.starts_with("submission_") {
            found.push((
                line.trim_end().trim_end_matches(':').to_string(),
                String::new(),
                None,
            ));
        } else if let Some(current) = found.last_mut() {
            let trimmed = line.trim_start().trim_start_matches("- ");
            if let Some(name) = trimmed.strip_prefix(":name:") {
                if current.1.is_empty() {
                    current.1 = unquote(name);
                }
            } else if let Some(sid) = trimmed.strip_prefix(":sid:") {
                if current.2.is_none() {
                    current.2 = Some(unquote(sid)).filter(|s| !s.is_empty());
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moodle_folders_and_flat_files_name_the_participant() {
        let folder = moodle_name("Luis Lizárraga_1234567_assignsubmission_file").unwrap();
        assert_eq!(
            (folder.name, folder.id, folder.rest),
            ("Luis Lizárraga", "1234567", "")
        );
        let flat = moodle_name("Ana María_77_assignsubmission_file_LizarragaLuis05.zip").unwrap();
        assert_eq!(
            (flat.name, flat.id, flat.rest),
            ("Ana María", "77", "LizarragaLuis05.zip")
        );
        assert_eq!(flat.key, "Ana María_77_assignsubmission_file");
        assert_eq!(moodle_name("ana").map(|m| m.id), None);
        assert_eq!(moodle_name("ana_x1_assignsubmission_file").map(|m| m.id), None);
    }

    #[test]
    fn canvas_names_give_the_user_id_and_lateness() {
        let on_time = canvas_name("lizarragaluis_12345_67890_Lizarraga_Luis05.zip").unwrap();
        assert_eq!(
            (on_time.login, on_time.user_id, on_time.late, on_time.file),
            ("lizarragaluis", "12345", false, "Lizarraga_Luis05.zip")
        );
        let late = canvas_name("anap_late_222_333_tictactoe.py").unwrap();
        assert_eq!(
            (late.user_id, late.late, late.file),
            ("222", true, "tictactoe.py")
        );
        assert_eq!(canvas_name("ana"), None);
        assert_eq!(canvas_name("Full Name_12_assignsubmission_file"), None);
    }

    #[test]
    fn gradescope_metadata_names_the_first_submitter() {
        let yaml = "submission_101:\n  :submitters:\n  - :name: Ana Pérez\n    :sid: '42'\n    :email: a@x\n  :score: 3.0\nsubmission_102:\n  :submitters:\n  - :name: \"Beto\"\n";
        assert_eq!(
            gradescope_submitters(yaml),
            vec![
                (
                    "submission_101".to_string(),
                    "Ana Pérez".to_string(),
                    Some("42".to_string())
                ),
                ("submission_102".to_string(), "Beto".to_string(), None)
            ]
        );
    }
}
