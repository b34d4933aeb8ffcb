//! `minimax similar`: which students handed in the same code, the starter left out.

use super::{Error, Exit};
use crate::class::similar::{self, Base, Options, Submission};
use crate::class::GradeError;
use crate::intake;
use crate::report::similar::{render, SimilarFormat};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(crate) struct SimilarArgs {
    /// The class, as for `grade`: a folder or an archive (a Moodle or Canvas download, a
    /// folder per student, archives inside).
    #[arg(long, value_name = "DIR")]
    pub(crate) submissions: PathBuf,
    /// The course's starter code (a folder or a file): whatever also occurs in it never counts.
    #[arg(long, value_name = "DIR")]
    pub(crate) base: Option<PathBuf>,
    /// The report format.
    #[arg(long, value_enum, default_value_t = SimilarFormatArg::Text)]
    pub(crate) format: SimilarFormatArg,
    /// Report pairs at or above this similarity (0 to 1): how much of two students' code
    /// tiles, and the literals they share (doc/similar.md).
    #[arg(long, value_name = "X", default_value_t = Options::default().threshold)]
    pub(crate) threshold: f64,
    /// A mailbox's roster: a CSV of names and addresses (Moodle's worksheet or participants
    /// export will do).
    #[arg(long, value_name = "FILE")]
    pub(crate) roster: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) mail: super::mail::MailArgs,
}

/// `--format` of `minimax similar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SimilarFormatArg {
    /// The most similar pairs, their fragments and the clusters, for people.
    Text,
    /// {"pairs": [{"students", "similarity", "fragments"}], "clusters"}.
    Json,
    /// One row per pair: student_a, student_b, similarity, fragments.
    Csv,
    /// One page: each pair's two sources side by side, the matching fragments marked.
    Html,
}

impl From<SimilarFormatArg> for SimilarFormat {
    fn from(format: SimilarFormatArg) -> SimilarFormat {
        match format {
            SimilarFormatArg::Text => SimilarFormat::Text,
            SimilarFormatArg::Json => SimilarFormat::Json,
            SimilarFormatArg::Csv => SimilarFormat::Csv,
            SimilarFormatArg::Html => SimilarFormat::Html,
        }
    }
}

/// `--base`, read before anything else is done: the starter, or nothing.
pub(crate) fn read_base(path: Option<&std::path::Path>) -> Result<Base, Error> {
    Ok(match path {
        Some(path) => Base::read(path)?,
        None => Base::default(),
    })
}

/// `grade --similar`: each student's alike classmates into the report (at the default
/// threshold).
pub(crate) fn attach_to_report(
    report: &mut crate::class::ClassReport,
    class: &crate::class::Class,
    base: &Base,
    stderr: &mut dyn Write,
) -> Result<(), Error> {
    let options = Options::default();
    let submissions: Vec<Submission> = class
        .students
        .iter()
        .filter(|student| student.failure.is_none())
        .map(|student| Submission {
            name: student.name.clone(),
            folder: student.folder.clone(),
        })
        .collect();
    let (similarity, notes) = similar::compare(&submissions, base, &options)?;
    for note in notes {
        writeln!(stderr, "minimax: {}", crate::escape::escape_text(&note))?;
    }
    similar::attach(&mut report.students, &similarity);
    Ok(())
}

pub(crate) fn similar(
    args: &SimilarArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    let options = Options {
        threshold: args.threshold,
    };
    if !(0.0..=1.0).contains(&args.threshold) {
        return Err(similar::SimilarError::Threshold(args.threshold).into());
    }
    let base = read_base(args.base.as_deref())?;
    let mail = super::mail::options(
        &args.mail,
        None,
        None,
        args.roster.as_deref(),
        Some(&args.submissions),
    )?;
    let intake = intake::open(&args.submissions, &mail).map_err(GradeError::from)?;
    let submissions: Vec<Submission> = intake
        .class
        .students
        .iter()
        .map(|student| Submission {
            name: student.name.clone(),
            folder: student.folder.clone(),
        })
        .collect();
    for student in intake.class.students.iter().filter(|s| s.failure.is_some()) {
        writeln!(
            stderr,
            "minimax: {}: not compared: {}",
            crate::escape::escape_text(&student.name),
            student.failure.as_deref().unwrap_or_default()
        )?;
    }
    let (similarity, notes) = similar::compare(&submissions, &base, &options)?;
    for note in notes {
        writeln!(stderr, "minimax: {}", crate::escape::escape_text(&note))?;
    }
    let folder = |name: &str| {
        intake
            .class
            .students
            .iter()
            .find(|student| student.name == name)
            .map(|student| student.folder.clone())
    };
    stdout.write_all(render(&similarity, args.format.into(), args.threshold, &folder).as_bytes())?;
    Ok(Exit::Success)
}
