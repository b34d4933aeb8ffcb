//! `minimax check`: answers collected in an answer sheet (CSV), or mailed, checked against
//! the keys.

use super::choices::CutoffArg;
use super::output::ReportArgs;
use super::rules::RulesArgs;
use super::tree::Side;
use super::{Error, Exit};
use crate::class::check as check_sheet;
use crate::class::course::CourseRules;
use crate::class::GradeError;
use crate::intake::mail;
use crate::report::deliver;
use clap::Args;
use minimax_core::exercises::tree_answers::TreeRules;
use minimax_core::grading::Gato;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The answer sheet: CSV with a header row naming student, position and answer; or
    /// student, tree and any of value, move, pruned, visited for pruning exercises. With
    /// --submissions: the position files the mails answer.
    #[arg(value_name = "SHEET|POSITION", required = true)]
    pub(crate) inputs: Vec<PathBuf>,
    /// A mailbox (mbox, Maildir, a folder of .eml files) whose mails hold the answers, in
    /// their text or a text file attached: one answer per position, on a line naming it
    /// (`estado1.txt: X 2 3`), or the whole text when there is one position.
    #[arg(long, value_name = "MAILBOX")]
    pub(crate) submissions: Option<PathBuf>,
    /// With --submissions: the course file (its subject, deadline, instructor and lang).
    #[arg(long, value_name = "FILE", requires = "submissions")]
    pub(crate) course: Option<PathBuf>,
    /// With --submissions: who writes from which address (CSV: name, account number,
    /// addresses; or Moodle's participants export).
    #[arg(long, value_name = "FILE", requires = "submissions")]
    pub(crate) roster: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) mail: super::mail::MailArgs,
    /// Tree sheets: when alpha-beta cuts, as for `minimax tree`.
    #[arg(long, value_enum, default_value_t = CutoffArg::Inclusive)]
    pub(crate) cutoff: CutoffArg,
    /// Tree sheets: the player at the root.
    #[arg(long, value_enum, default_value_t = Side::Max)]
    pub(crate) root: Side,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

pub(crate) fn check(args: &CheckArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let game = Arc::new(Gato {
        node_limit: None,
        rules: args.rules.rules(None),
    });
    if let Some(mailbox) = &args.submissions {
        let report = check_mailbox(args, mailbox, &game)?;
        return Ok(deliver::finish(&report, &args.report.output(), stdout, stderr)?.into());
    }
    let [sheet] = args.inputs.as_slice() else {
        return Err(Error::OneAnswerSheet {
            given: args.inputs.len(),
        });
    };
    let report = check_sheet::check(
        &game,
        sheet,
        args.report.coords(),
        TreeRules {
            cutoff: args.cutoff.into(),
            root: if args.root == Side::Max {
                minimax_core::tree::MAX
            } else {
                minimax_core::tree::MIN
            },
        },
    )?;
    Ok(deliver::finish(&report, &args.report.output(), stdout, stderr)?.into())
}

/// `check --submissions MAILBOX POSITION...`: each student's answers from the mail that
/// counts, read with the subject, roster, deadline and lateness rules `grade` reads it with.
fn check_mailbox(
    args: &CheckArgs,
    mailbox: &Path,
    game: &std::sync::Arc<minimax_core::grading::Gato>,
) -> Result<crate::class::ClassReport, Error> {
    if mail::recognise(mailbox).is_none() {
        return Err(Error::NotAMailbox {
            path: mailbox.to_path_buf(),
        });
    }
    let course = args.course.as_deref().map(CourseRules::read).transpose()?;
    let lang = args
        .report
        .lang
        .map(minimax_core::figures::exercise_sheet::Lang::from)
        .or_else(|| course.as_ref().and_then(|rules| rules.lang));
    let mut options = super::mail::options(
        &args.mail,
        lang,
        course.as_ref().map(|rules| &rules.course),
        args.roster.as_deref(),
        Some(mailbox),
    )?;
    options.answers_in_body = true;
    let mut exercises = Vec::new();
    for path in &args.inputs {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        exercises.push(crate::class::exercises::from_file(game, path, name)?);
    }
    let intake = crate::intake::open(mailbox, &options).map_err(GradeError::from)?;
    Ok(crate::class::check::check_mailed(
        &intake.class,
        &exercises,
        args.report.coords(),
        options.say,
    ))
}
