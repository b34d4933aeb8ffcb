//! `minimax grade`'s set-up, read before any student: the numbers in range, the harness, the
//! course file, the platform's sheet, the late policy, the earlier report and the box. Its
//! mistakes are the grader's, said before anyone is run.

use super::super::Error;
use super::args::GradeArgs;
use crate::class::course::apply as course;
use crate::class::course::CourseRules;
use crate::class::GradeError;
use crate::harness::{missing_programs, Harness};
use crate::report::lms::{self, Lms};
use crate::report::Format;
use minimax_core::figures::exercise_sheet::Lang;
use minimax_sandbox::{Policy, Sandbox};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What runs must not read: the positions, the seed's file, the report, the class as handed
/// in and the folders named with --private.
fn private_files(args: &GradeArgs) -> Vec<minimax_sandbox::Private> {
    let named = |what: &str, paths: &mut dyn Iterator<Item = &PathBuf>| -> Vec<minimax_sandbox::Private> {
        paths
            .map(|path| minimax_sandbox::Private {
                what: what.to_string(),
                path: path.clone(),
            })
            .collect()
    };
    let mut private = named("the positions", &mut args.positions.iter());
    private.extend(named("the seed's file", &mut args.seed_file.iter()));
    private.extend(named("the report", &mut args.report.out.iter()));
    private.extend(named("the class as handed in", &mut args.submissions.iter()));
    private.extend(named("a private folder", &mut args.private.iter()));
    // The course file may hold the secret every student's positions are drawn from.
    private.extend(named("the course file", &mut args.course.iter()));
    private
}

/// Secrets on the command line: the seed of a hidden sample (left at 0 it is no secret).
fn private_arguments(args: &GradeArgs) -> Vec<String> {
    if args.sample.is_some() && args.seed_file.is_none() && !args.per_student {
        vec![
            "the seed of --sample on the command line (--seed-file FILE of mode 600 keeps it off)"
                .to_string(),
        ]
    } else {
        Vec::new()
    }
}

/// The longest --timeout accepted, in seconds.
const MAX_TIMEOUT: f64 = 3600.0;

/// The most --jobs accepted.
const MAX_JOBS: usize = 256;

/// The numbers of the command line in range; the runs at once (`--jobs`, or the cores).
pub(super) fn check_numbers(args: &GradeArgs) -> Result<usize, Error> {
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= MAX_TIMEOUT) {
        return Err(Error::Timeout {
            given: args.timeout,
            max: MAX_TIMEOUT,
        });
    }
    if args.jobs.is_some_and(|jobs| jobs == 0 || jobs > MAX_JOBS) {
        return Err(Error::Jobs {
            given: args.jobs.unwrap_or_default(),
            max: MAX_JOBS,
        });
    }
    if !(args.build_timeout.is_finite() && args.build_timeout > 0.0 && args.build_timeout <= MAX_TIMEOUT) {
        return Err(Error::BuildTimeout {
            given: args.build_timeout,
            max: MAX_TIMEOUT,
        });
    }
    Ok(args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())))
}

/// How students' code is called, and what grading needs besides the class, read before any student: its mistakes are the
/// grader's.
pub(super) struct Setup {
    pub(super) lms: Option<lms::Target>,
    pub(super) course: Option<CourseRules>,
    pub(super) late_penalty: Option<lms::LatePenalty>,
    /// Who handed in late, from Moodle's worksheet.
    pub(super) statuses: Option<std::collections::HashMap<String, String>>,
    pub(super) similar_base: Option<crate::class::similar::Base>,
    /// The earlier report a regrade is compared with (`--previous`).
    pub(super) previous: Option<crate::class::regrade::Previous>,
    /// How a mailbox is read (defaults when the class is not one).
    pub(super) mail: crate::intake::mail::MailOptions,
}

/// The harness `--harness` names, with the toolchains it needs checked once, before any
/// student.
fn read_harness(args: &GradeArgs) -> Result<Harness, Error> {
    let harness = match args.harness.as_str() {
        "stdio" => Harness::stdio(args.run.clone()),
        given if args.run.is_some() => {
            return Err(Error::RunWithOtherHarness {
                harness: given.to_string(),
            })
        }
        given => Harness::load(given)?,
    };
    // Toolchains a harness needs are checked once, before any student.
    let missing = missing_programs(&harness.requires);
    if !missing.is_empty() {
        let listed: Vec<String> = missing
            .iter()
            .map(|(p, k)| format!("{p} (Debian package {k})"))
            .collect();
        return Err(Error::HarnessNeeds {
            harness: harness.name,
            listed: listed.join(", "),
            packages: missing
                .iter()
                .map(|(_, k)| k.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        });
    }
    Ok(harness)
}

pub(super) fn read_setup(args: &GradeArgs) -> Result<(Harness, Setup), Error> {
    let harness = read_harness(args)?;
    let lms = lms_target(args)?;
    let mut course = args.course.as_deref().map(CourseRules::read).transpose()?;
    let mailbox = args
        .submissions
        .as_deref()
        .and_then(crate::intake::mail::recognise)
        .is_some();
    if args.feedback_mail.is_some() && !mailbox {
        return Err(Error::FeedbackMailWithoutMailbox);
    }
    if args.roster.is_some() && course.is_none() && !mailbox {
        return Err(Error::RosterWithoutCourse);
    }
    if let (Some(rules), Some(roster)) = (course.as_mut(), args.roster.as_deref()) {
        // A mailbox's roster may have only names and addresses: it names students, and says
        // which words are surnames only when it has those columns.
        if let Err(error) = rules.use_roster(roster) {
            if !mailbox {
                return Err(error.into());
            }
        }
    }
    // The notes on students' mails are in the language of their feedback.
    let lang = args
        .report
        .lang
        .map(Lang::from)
        .or_else(|| course.as_ref().and_then(|rules| rules.lang));
    let mail = super::super::mail::options(
        &args.mail,
        lang,
        course.as_ref().map(|rules| &rules.course),
        super::super::mail::roster_file(args.roster.as_ref(), args.worksheet.as_ref()),
        args.submissions.as_deref(),
    )?;
    let late_penalty = course::late_policy(course.as_ref(), args.late_penalty.as_deref())?
        .map(str::parse::<lms::LatePenalty>)
        .transpose()?;
    // Moodle's worksheet says who handed in late (its Status column), whatever the format.
    let statuses = match (&args.worksheet, args.report.format()) {
        (Some(_), Format::Canvas) | (None, _) => None,
        (Some(worksheet), _) => Some(lms::moodle_statuses(worksheet)?),
    };
    let similar_base = args
        .similar
        .then(|| super::super::similar::read_base(args.base.as_deref()))
        .transpose()?;
    // A previous report that cannot be read stops the grading before anyone is run.
    let previous = args
        .previous
        .as_deref()
        .map(crate::class::regrade::read)
        .transpose()
        .map_err(GradeError::from)?;
    if args.changed_only && lms.is_none() {
        return Err(Error::ChangedOnlyWithoutWorksheet);
    }
    let setup = Setup {
        lms,
        course,
        late_penalty,
        statuses,
        similar_base,
        previous,
        mail,
    };
    Ok((harness, setup))
}

/// The box every run goes in, from the command line's limits; a warning when there is none.
pub(super) fn prepare_sandbox(
    args: &GradeArgs,
    jobs: usize,
    stderr: &mut dyn Write,
) -> Result<Sandbox, Error> {
    if let Some(missing) = args.allow.iter().find(|path| !path.exists()) {
        return Err(Error::AllowMissing {
            path: missing.clone(),
        });
    }
    if args.user.is_some() && !minimax_sandbox::confine::running_as_root() {
        return Err(Error::UserWithoutRoot);
    }
    let policy = Policy {
        mode: args.sandbox.into(),
        user: args.user.as_deref().map(user).transpose()?,
        memory_mib: args.memory,
        pids: args.pids,
        allow: args.allow.clone(),
        timeout: Duration::from_secs_f64(args.timeout),
        disk_mib: args.disk,
        jobs,
        network: args.allow_network,
        private: private_files(args),
        private_arguments: private_arguments(args),
    };
    let sandbox = Sandbox::prepare(policy).map_err(GradeError::from)?;
    if sandbox.is_off() {
        writeln!(
            stderr,
            "minimax: warning: --sandbox off: students' programs run with your rights and can read, change or delete your files"
        )?;
    }
    Ok(sandbox)
}

/// `--seed-file`: a number, alone on its line.
pub(super) fn read_seed(path: &Path) -> Result<u64, Error> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(64).read_to_string(&mut text))
        .map_err(|source| Error::SeedFileUnreadable {
            path: path.to_path_buf(),
            source,
        })?;
    text.trim().parse().map_err(|_| Error::SeedNotANumber {
        path: path.to_path_buf(),
        text: text.trim().to_string(),
    })
}

/// `--user`: a user name or a numeric uid (whose group is the same number).
fn user(given: &str) -> Result<(u32, u32), Error> {
    if let Ok(uid) = given.parse::<u32>() {
        return Ok((uid, uid));
    }
    #[cfg(unix)]
    if let Ok(Some(user)) = nix::unistd::User::from_name(given) {
        return Ok((user.uid.as_raw(), user.gid.as_raw()));
    }
    Err(Error::NoSuchUser {
        given: given.to_string(),
    })
}

/// Hidden positions per student: asked by `--per-student` or the course's `[sample]`.
pub(super) fn per_student(args: &GradeArgs, setup: &Setup) -> bool {
    args.per_student
        || setup
            .course
            .as_ref()
            .is_some_and(|rules| rules.course.sample.per_student)
}

/// `--format moodle|canvas` needs the sheet to fill, and the sheet needs such a format (or is
/// read for lateness only: its Status column).
fn lms_target(args: &GradeArgs) -> Result<Option<lms::Target>, Error> {
    if let Some(worksheet) = args.worksheet.as_ref().filter(|worksheet| !worksheet.is_file()) {
        return Err(Error::WorksheetMissing {
            path: worksheet.clone(),
        });
    }
    let lms = match args.report.format() {
        Format::Moodle => Some(Lms::Moodle),
        Format::Canvas => Some(Lms::Canvas),
        _ => None,
    };
    match (lms, &args.worksheet) {
        (Some(lms), Some(worksheet)) => Ok(Some(lms::Target {
            lms,
            worksheet: worksheet.clone(),
            column: args.column.clone(),
        })),
        (Some(_), None) => Err(Error::WorksheetNeeded),
        (None, _) => Ok(None),
    }
}
