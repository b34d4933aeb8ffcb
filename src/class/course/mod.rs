//! The course file (`grade --course FILE`, TOML): how the practice is handed in, checked rule by
//! rule for each student, and the readme's fields, with its free text (the observations the
//! sheet asks for) collected.
//!
//! ```toml
//! lang = "es"                          # the feedback's language
//! [names]
//! order = "given-first"                # Moodle's full name: given names, then surnames
//! [handin]
//! archive = "{paterno}{nombre}05"      # the archive's name; case and accents do not matter
//! archive_types = ["zip", "rar", "tar.gz"]
//! paths = [["Minimax/src/Minimax.java", "Minimax/src/*/src/**/Minimax.java"], "readme.txt"]
//! ignore_case = true
//!
//! [readme]
//! file = "readme.txt"
//! full_name = true                     # every word of the name the platform gives
//! fields = [{ name = "número de cuenta", pattern = '\b\d{9}\b' }]
//! ```
//!
//! This file holds the course file's shape as written; `read.rs` reads and checks it,
//! `rubric.rs` shares the grade out, `check.rs` checks one student's hand-in, `error.rs` says
//! why a course file cannot be used.

pub mod apply;
mod check;
mod decode;
mod error;
pub(crate) mod handin;
pub(crate) mod names;
mod read;
pub(crate) mod readme;
mod rubric;
pub(crate) mod words;

pub use error::{CourseError, CourseFileError, PlaceholderError, RosterFileError};
pub(crate) use read::CourseRules;
pub(crate) use rubric::Rubric;

use handin::Handin;
use names::NameOrder;
use serde::Deserialize;
use std::path::PathBuf;

/// The course file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Course {
    /// The language of the feedback and the worksheet's comments (`es`, `en`, `pt`).
    #[serde(default)]
    pub(crate) lang: Option<String>,
    #[serde(default)]
    pub(crate) names: Names,
    #[serde(default)]
    pub(crate) handin: Option<Handin>,
    #[serde(default)]
    pub(crate) readme: Option<Readme>,
    #[serde(default)]
    pub(crate) rubric: Option<Rubric>,
    #[serde(default)]
    pub(crate) sample: Sample,
    /// Hand-ins by e-mail: the practice's subject (`Práctica05[IA 2016-2]`), matched
    /// tolerantly; `--subject` overrides it.
    #[serde(default)]
    pub(crate) subject: Option<String>,
    /// When the practice is due, with its zone (`2016-03-23 23:59:59 -06:00`): a mail dated
    /// after it is late. `--deadline` overrides it.
    #[serde(default)]
    pub(crate) deadline: Option<String>,
    /// The instructor's address: their mails are not hand-ins, and replies come from it.
    #[serde(default)]
    pub(crate) instructor: Option<String>,
    /// What the programs must search with: `"minimax"`, `"alphabeta"` or
    /// `"alphabeta-ordered"`; each run is then asked for its trace (doc/grading.md, "The
    /// search's trace"). Absent: the move alone is graded.
    #[serde(default)]
    pub(crate) search: Option<minimax_core::replay::Asked>,
    /// The depth limit the search must stop at (plies below the position), if any.
    #[serde(default)]
    pub(crate) depth: Option<u32>,
    /// Whether stopping at the first winning move counts as a correct search.
    #[serde(default)]
    pub(crate) first_win: bool,
}

/// The hidden sample (`grade --sample N`): drawn per student or for the class, and when its
/// positions are shown to students.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Sample {
    /// Each student's hidden positions drawn from their own key (as `--per-student`).
    #[serde(default)]
    pub(crate) per_student: bool,
    /// The course's secret those keys are made from (else `MINIMAX_COURSE_SECRET`).
    pub(crate) secret: Option<String>,
    /// When students see their hidden positions.
    #[serde(default)]
    pub(crate) release: Release,
}

impl std::fmt::Debug for Sample {
    // The secret is never printed, not even in a debug dump.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sample")
            .field("per_student", &self.per_student)
            .field("release", &self.release)
            .finish_non_exhaustive()
    }
}

/// When the hidden positions are shown in students' feedback.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Release {
    /// Never: the feedback counts them, and does not draw them.
    #[default]
    Never,
    /// With the grades released after the deadline: the feedback draws each student's own.
    AfterDeadline,
}

impl Course {
    /// What the course asks of the search, when it asks.
    pub(crate) fn search_rules(&self) -> Option<minimax_core::replay::Rules> {
        self.search.map(|asked| minimax_core::replay::Rules {
            asked,
            depth: self.depth,
            first_win_accepted: self.first_win,
        })
    }
}

/// How the platform writes names, and a roster that says it exactly.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Names {
    #[serde(default)]
    pub(crate) order: NameOrder,
    /// Moodle's participants export (first name and surname columns), beside the course file.
    pub(crate) roster: Option<PathBuf>,
}

/// The readme the sheet asks for, and what it must say.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Readme {
    pub(crate) file: String,
    /// The student's full name, as the platform gives it, must be in it.
    #[serde(default)]
    pub(crate) full_name: bool,
    #[serde(default)]
    pub(crate) fields: Vec<Field>,
}

/// A field of the readme: a name for reports and a pattern (a regular expression) it matches.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Field {
    pub(crate) name: String,
    pub(crate) pattern: String,
}
