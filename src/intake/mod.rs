//! From what a platform hands out to one folder per student, ready to grade.
//!
//! `--submissions` is a folder or an archive (a Moodle "Download all submissions" zip, a
//! Canvas or Gradescope export, or any folder of students). The layout is recognised by its
//! names ([`layout`]); each student's files, and the archives inside them, are unpacked into
//! a folder of the student's own ([`unpack`]). A student whose files cannot be read is still
//! in the class, with the reason, and is graded `build-failed`.
//!
//! This file holds what the intake hands on (the class, its students, what was not graded);
//! `open.rs` opens what was given, `survey.rs` walks a class folder and places each entry
//! with its student, `gather.rs` gives each student one folder, `error.rs` says why a class
//! cannot be read.

mod error;
mod gather;
pub(crate) mod layout;
pub(crate) mod mail;
mod naming;
mod open;
mod survey;
pub(crate) mod unpack;
mod uploads;

pub(crate) use error::{IntakeError, IntakeProblem};
pub(crate) use layout::Layout;
pub(crate) use naming::{collation_key, escape_name};
pub(crate) use open::{one, open};
use serde::Serialize;
use std::path::PathBuf;

/// A student and the folder holding their files, unpacked.
#[derive(Clone, Debug)]
pub struct Student {
    /// The name shown in reports; one that is not UTF-8 is escaped losslessly (`Jos\xe9`).
    pub(crate) name: String,
    /// The platform's id for the student (Moodle's participant id, Canvas's user id).
    pub(crate) id: Option<String>,
    pub(crate) folder: PathBuf,
    /// Moodle's folder name for the student (`Full Name_1234567_assignsubmission_file`).
    pub(crate) lms_folder: Option<String>,
    pub(crate) late: bool,
    /// What the intake noticed (entries refused, archives left packed).
    pub(crate) notes: Vec<String>,
    /// Why the student's files could not be read: every position is `build-failed`.
    pub(crate) failure: Option<String>,
    /// The names of what the student handed in, before anything was unpacked (the course
    /// file's hand-in rules judge the archive's name and type).
    pub(crate) handed_in: Vec<String>,
    /// Of several uploads, the one graded (the newest holding code) and those passed over:
    /// "one archive" is judged on the graded one.
    pub(crate) graded_upload: Option<String>,
    pub(crate) passed_over: Vec<String>,
    /// Archives found inside the upload and unpacked, with the files each gave.
    pub(crate) nested: Vec<unpack::Nested>,
    /// How late, when the intake knows it (a mail's Date after the deadline): what to say,
    /// and by how many seconds.
    pub(crate) late_detail: Option<(String, u64)>,
    /// The mail graded, when the class is a mailbox: what a reply needs.
    pub(crate) origin: Option<mail::Origin>,
}

impl Student {
    pub fn new(name: String, folder: PathBuf) -> Student {
        Student {
            name,
            id: None,
            folder,
            lms_folder: None,
            late: false,
            notes: Vec::new(),
            failure: None,
            handed_in: Vec::new(),
            graded_upload: None,
            passed_over: Vec::new(),
            nested: Vec::new(),
            late_detail: None,
            origin: None,
        }
    }
}

/// The class: the students in it, and every other entry with why it is not graded.
#[derive(Clone, Debug, Default)]
pub struct Class {
    pub students: Vec<Student>,
    pub not_graded: Vec<NotGraded>,
}

/// An entry of the class folder that was not graded, and why: nobody goes missing silently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotGraded {
    pub(crate) entry: String,
    pub(crate) reason: String,
}

/// The class found, and the working folder its unpacked files live in (removed on drop).
#[derive(Debug)]
pub(crate) struct Intake {
    pub(crate) layout: Layout,
    pub(crate) class: Class,
    _work: Option<tempfile::TempDir>,
}

/// A sheet's students (name, results) in the order people sort names; one name's rows stay
/// together, as the sheet had them.
pub(crate) fn people_order<T>(mut students: Vec<(String, T)>) -> Vec<(String, T)> {
    students.sort_by_cached_key(|(name, _)| (collation_key(name), name.clone()));
    students
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_as_people_sort_them() {
        let mut names = vec!["Rosa", "Óscar", "beto", "Ana", "Ángel", "ana", "Zoe"];
        names.sort_by_cached_key(|n| (collation_key(n), n.to_string()));
        assert_eq!(names, ["Ana", "ana", "Ángel", "beto", "Óscar", "Rosa", "Zoe"]);
    }
}
