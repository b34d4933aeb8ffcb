//! `minimax grade`: each student's program run on each position, and the answers judged;
//! the phases (set up, open the class, run, deliver) each a function, the rules in `class`.

mod args;
mod setup;

pub(crate) use args::GradeArgs;

use super::{Error, Exit};
use crate::class::course::apply as course;
use crate::class::error::SetupError;
use crate::class::grading::{self, ExerciseSets, Who};
use crate::class::programs::{self, Settings};
use crate::class::GradeError;
use crate::class::{Class, ClassReport};
use crate::harness::Harness;
use crate::intake::Intake;
use crate::report::lms::{self, feedback};
use crate::report::{deliver, Format};
use indicatif::{ProgressBar, ProgressStyle};
use minimax_core::figures::exercise_sheet::Lang;
use minimax_sandbox::runner::RunLimits;
use minimax_sandbox::Sandbox;
use setup::{check_numbers, per_student, prepare_sandbox, read_seed, read_setup, Setup};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Set when SIGINT, SIGTERM or SIGHUP arrives: runs stop, and the report is written with
/// what finished. `SIGNAL` keeps which one, for the exit status.
static INTERRUPTED: OnceLock<(Arc<AtomicBool>, Arc<AtomicUsize>)> = OnceLock::new();

/// The signals that stop a grading (Windows has Ctrl-C and Ctrl-Break's, as SIGINT and SIGTERM).
#[cfg(unix)]
const STOP_SIGNALS: &[i32] = &[libc::SIGINT, libc::SIGTERM, libc::SIGHUP];
#[cfg(not(unix))]
const STOP_SIGNALS: &[i32] = &[signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];

/// Installs the handlers once (tests call `grade` many times in one process).
fn stop_flags() -> &'static (Arc<AtomicBool>, Arc<AtomicUsize>) {
    INTERRUPTED.get_or_init(|| {
        let flags = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
        for &signal in STOP_SIGNALS {
            let _ = signal_hook::flag::register(signal, Arc::clone(&flags.0));
            let _ = signal_hook::flag::register_usize(signal, Arc::clone(&flags.1), signal as usize);
        }
        flags
    })
}

/// `minimax grade`: the options checked, the class and the box set up, the runs, the report
/// delivered; each phase a function below.
pub(crate) fn grade(args: &GradeArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let jobs = check_numbers(args)?;
    let (harness, setup) = read_setup(args)?;
    let (intake, exercises) = open_class(args, &harness, &setup, stderr)?;
    let sandbox = prepare_sandbox(args, jobs, stderr)?;
    grading::check_traces(setup.course.as_ref(), &harness)?;
    let settings = Settings {
        harness,
        limits: RunLimits {
            timeout: Duration::from_secs_f64(args.timeout),
            ..RunLimits::default()
        },
        build_timeout: Duration::from_secs_f64(args.build_timeout),
        accept: args.accept.clone(),
        search: setup
            .course
            .as_ref()
            .and_then(|rules| rules.course.search_rules()),
        jobs,
        coords: args.report.coords(),
    };
    let (interrupted, signal) = stop_flags();
    let mut report = run_class(&intake.class, &exercises, &settings, &sandbox, interrupted);
    report.layout = args.submissions.as_ref().map(|_| intake.layout);
    if let Some(detail) = report.same_failure_for_all() {
        sandbox.sweep();
        return Err(GradeError::from(SetupError::SameFailureForAll { detail }).into());
    }
    apply_lateness(&setup, &mut report, stderr)?;
    // This process is the grader alone: anything that became its child is a run's leftover.
    sandbox.sweep();
    drop(sandbox);
    let exit = deliver_report(args, &setup, &intake.class, &mut report, stdout, stderr)?;
    Ok(if report.interrupted {
        Exit::Interrupted(signal.load(Ordering::Relaxed) as i32)
    } else {
        exit
    })
}

/// The class as handed in, and each student's exercises.
fn open_class(
    args: &GradeArgs,
    harness: &Harness,
    setup: &Setup,
    stderr: &mut dyn Write,
) -> Result<(Intake, ExerciseSets), Error> {
    let who = match (&args.submissions, &args.student) {
        (Some(path), _) => Who::Class(path),
        (None, Some(folder)) => Who::One {
            folder,
            metadata: args.submission_metadata.as_deref(),
        },
        (None, None) => unreachable!("clap requires --submissions or --student"),
    };
    let intake = grading::open(who, &setup.mail)?;
    let class = &intake.class;
    if args.report.format() == Format::Gradescope && class.students.len() != 1 {
        return Err(Error::GradescopeOneSubmission {
            class: args.submissions.clone().unwrap_or_else(|| PathBuf::from(".")),
            students: class.students.len(),
        });
    }
    if harness.run.is_none() {
        for missing in grading::missing_toolchains(class)? {
            writeln!(
                stderr,
                "minimax: warning: {} student(s) need {}, which is not installed (apt-get install {}); they are graded build-failed",
                missing.students, missing.program, missing.package
            )?;
        }
    }
    let positions = grading::Positions {
        files: &args.positions,
        rules: args.rules.rules(args.size),
        seed: match &args.seed_file {
            Some(path) => read_seed(path)?,
            None => args.seed,
        },
        shape: args.rules.shape(args.size).map_err(Error::SampleBoard)?,
        all: args.all_positions,
        sample: args.sample,
        per_student: per_student(args, setup),
    };
    let exercises = grading::exercises(&positions)?;
    let sets = grading::exercise_sets(&positions, setup.course.as_ref(), class, exercises)?;
    Ok((intake, sets))
}

/// Every student's runs, with a progress bar on a terminal and a line per student elsewhere
/// (piped, redirected, a CI log).
fn run_class(
    class: &Class,
    exercises: &ExerciseSets,
    settings: &Settings,
    sandbox: &Sandbox,
    interrupted: &AtomicBool,
) -> ClassReport {
    let runs = exercises.iter().map(|set| set.len() as u64).sum();
    let bar = ProgressBar::new(runs).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let students = class.students.len();
    let done = AtomicUsize::new(0);
    let report = programs::grade(
        class,
        exercises,
        settings,
        sandbox,
        interrupted,
        &|progress| match progress {
            programs::Progress::Runs(n) => bar.inc(n as u64),
            programs::Progress::Student {
                name,
                score,
                max_score,
            } if !terminal => {
                let done = done.fetch_add(1, Ordering::AcqRel) + 1;
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "minimax: graded {done} of {students}: {} {score}/{max_score}",
                    crate::escape::escape_text(name)
                );
            }
            programs::Progress::Student { .. } => {}
        },
    );
    bar.finish_and_clear();
    report
}

/// Late hand-ins marked (Moodle's Status column) and penalised (`--late-penalty`).
fn apply_lateness(setup: &Setup, report: &mut ClassReport, stderr: &mut dyn Write) -> Result<(), Error> {
    if let Some(statuses) = &setup.statuses {
        lms::late::mark_late(report, statuses);
    }
    if let Some(policy) = &setup.late_penalty {
        for warning in policy.apply(report) {
            writeln!(
                stderr,
                "minimax: warning: {}",
                crate::escape::escape_text(&warning)
            )?;
        }
        if let Some(done) = &report.late_penalty {
            writeln!(stderr, "minimax: late penalty: {done}")?;
        }
    }
    Ok(())
}

/// The course's rules and the similarity judged into the report, the feedback files, then
/// the report in its format (or the platform's sheet filled).
fn deliver_report(
    args: &GradeArgs,
    setup: &Setup,
    class: &Class,
    report: &mut ClassReport,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    // The students' language: said on the command line, or by the course.
    let lang = args
        .report
        .lang
        .map(Lang::from)
        .or_else(|| setup.course.as_ref().and_then(|rules| rules.lang));
    report.lang = lang;
    report.withheld = course::withheld(setup.course.as_ref());
    let say = lang.unwrap_or(Lang::En);
    crate::class::results::search_notes_in(report, say);
    if let Some(rules) = &setup.course {
        course::check_handins(rules, class, report, say);
        course::grade_by_rubric(rules, report, say);
    }
    if let Some(base) = &setup.similar_base {
        super::similar::attach_to_report(report, class, base, stderr)?;
    }
    if let Some(dir) = &args.feedback_dir {
        let written = feedback::write_dir(report, class, dir).map_err(|error| GradeError::Write {
            path: dir.display().to_string(),
            error,
        })?;
        writeln!(
            stderr,
            "minimax: {written} feedback files written to {}",
            dir.display()
        )?;
    }
    if let Some(dir) = &args.feedback_mail {
        let instructor = setup
            .course
            .as_ref()
            .and_then(|rules| rules.course.instructor.as_deref());
        let written =
            lms::reply::write_dir(report, class, dir, instructor).map_err(|error| GradeError::Write {
                path: dir.display().to_string(),
                error,
            })?;
        writeln!(
            stderr,
            "minimax: {written} reply drafts written to {} (one .eml each, and replies.mbox to import; nothing was sent)",
            dir.display()
        )?;
    }
    let changed = regrade(args, setup, report, stderr)?;
    let mut output = args.report.output();
    output.lang = lang.unwrap_or(output.lang);
    Ok(match &setup.lms {
        Some(target) if args.changed_only => {
            let only = grading::only_changed(report, &changed);
            deliver::finish_lms(&only, target, &output, stdout, stderr)?
        }
        Some(target) => deliver::finish_lms(report, target, &output, stdout, stderr)?,
        None => deliver::finish(report, &output, stdout, stderr)?,
    }
    .into())
}

/// `--previous`: the changes since the earlier report, printed on stderr before anything is
/// written; the names of the students who changed.
fn regrade(
    args: &GradeArgs,
    setup: &Setup,
    report: &mut ClassReport,
    stderr: &mut dyn Write,
) -> Result<std::collections::HashSet<String>, Error> {
    let Some(previous) = &setup.previous else {
        return Ok(std::collections::HashSet::new());
    };
    let diff = crate::class::regrade::compare(previous, report);
    writeln!(
        stderr,
        "minimax: since {}:",
        args.previous.as_deref().unwrap_or(Path::new("")).display()
    )?;
    // In the course's language, as the notes on students' mails.
    let say = crate::report::regrade_words::Say(report.lang);
    for line in say.describe(&diff).lines() {
        writeln!(stderr, "  {}", crate::escape::escape_text(line))?;
    }
    let changed = diff.changes.iter().map(|change| change.student.clone()).collect();
    report.regrade = Some(diff);
    Ok(changed)
}
