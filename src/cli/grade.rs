//! `minimax check` and `minimax grade`: judging a class's answers and programs.

use super::choices::{CoordsArg, CutoffArg, FormatArg, SandboxArg};
use super::generate::LangArg;
use super::rules::RulesArgs;
use super::tree::Side;
use super::{Error, Exit, Size};
use crate::class::convention::Convention;
use crate::class::course::apply as course;
use crate::class::course::CourseRules;
use crate::class::grading::{self, ExerciseSets, Who};
use crate::class::programs::{self, Settings};
use crate::class::{check as check_sheet, GradeError};
use crate::class::{Class, ClassReport};
use crate::harness::{missing_programs, Harness};
use crate::intake::Intake;
use crate::report::lms::{self, feedback, Lms};
use crate::report::{deliver, Format};
use clap::{ArgGroup, Args};
use indicatif::{ProgressBar, ProgressStyle};
use minimax_core::exercises::exercise::Exercise;
use minimax_core::exercises::tree_answers::TreeRules;
use minimax_core::figures::sheet::Lang;
use minimax_core::games::mnk::Coords;
use minimax_core::grading::Gato;
use minimax_sandbox::runner::RunLimits;
use minimax_sandbox::{Policy, Sandbox};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Where and how the report is written.
#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// The report format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub(crate) format: FormatArg,
    /// Write the report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Exit with status 1 when any student scores below SCORE (positions answered optimally, or
    /// the points of the course file's rubric when it has one).
    #[arg(long, value_name = "SCORE")]
    pub(crate) fail_under: Option<f64>,
    /// The order in which answers write a move's coordinates.
    #[arg(long, value_enum, default_value_t = CoordsArg::ColRow)]
    pub(crate) coords: CoordsArg,
    /// The language of --format html's page (Spanish unless said) and, with it or the course
    /// file's `lang`, of the feedback, the worksheet's comments and the hand-in's notes
    /// (English unless said).
    #[arg(long, value_enum)]
    pub(crate) lang: Option<LangArg>,
}

impl ReportArgs {
    fn format(&self) -> Format {
        self.format.into()
    }

    /// Where the report goes and what makes the exit status 1.
    fn output(&self) -> deliver::Output {
        deliver::Output {
            format: self.format(),
            out: self.out.clone(),
            fail_under: self.fail_under,
            lang: self.lang.map_or(Lang::Es, Into::into),
        }
    }

    pub(crate) fn coords(&self) -> Coords {
        self.coords.into()
    }
}

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

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("who").required(true).args(["submissions", "student"])))]
pub(crate) struct GradeArgs {
    /// The class: one subfolder per student, named after the student.
    #[arg(long, value_name = "DIR")]
    pub(crate) submissions: Option<PathBuf>,
    /// One student's folder (the folder's name is the student's name), as on Gradescope.
    #[arg(long, value_name = "DIR")]
    pub(crate) student: Option<PathBuf>,
    /// With --student: the student's id from Gradescope's submission_metadata.json (the first
    /// user's sid, else email, else name), which --per-student draws their positions from.
    #[arg(long, value_name = "FILE", requires = "student")]
    pub(crate) submission_metadata: Option<PathBuf>,
    /// The command that runs a student's program, run with `sh -c` in the student's folder;
    /// it gets the position on stdin and prints its answer. Without it (and with the stdio
    /// harness) each student's program is found: a Makefile, main.py, main.lua, C sources, a
    /// Java class with main.
    #[arg(long, value_name = "CMD")]
    pub(crate) run: Option<String>,
    /// How students' code is called: stdio (a program reading a position), java-gato (the
    /// practice's Java starter, decision(Gato)), python-cs50 (tictactoe.py's minimax(board)),
    /// or a folder with harness.toml and driver files of your own.
    #[arg(long, value_name = "NAME|DIR", default_value = "stdio")]
    pub(crate) harness: String,
    /// How long a student's build may take (javac, make) before it is stopped: 60s, 2m (a
    /// bare number is seconds).
    #[arg(long, value_name = "TIME", default_value_t = 60.0, value_parser = super::duration::seconds_flag)]
    pub(crate) build_timeout: f64,
    /// Grade answers written in these conventions as if in the course's: 0-based, row-col,
    /// numeric-marks (comma-separated).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) accept: Vec<Convention>,
    /// The grading worksheet downloaded from Moodle (--format moodle) or the gradebook
    /// exported from Canvas (--format canvas), to fill in. With another format a Moodle
    /// worksheet is read for who handed in late (its Status column).
    #[arg(long, value_name = "FILE")]
    pub(crate) worksheet: Option<PathBuf>,
    /// Take a part of a late hand-in's grade off: P% once, P%/day or P%/hour for each day or
    /// hour begun, optionally capped with ,max=M% (as in 10%/day,max=50%). Lateness comes from
    /// the Moodle worksheet's Status column or Canvas's file names. Off by default.
    #[arg(long, value_name = "POLICY")]
    pub(crate) late_penalty: Option<String>,
    /// The Canvas gradebook's column to fill (default: its only assignment column).
    #[arg(long, value_name = "NAME")]
    pub(crate) column: Option<String>,
    /// Write one feedback file per student into DIR, in Moodle's feedback-file layout.
    #[arg(long, value_name = "DIR")]
    pub(crate) feedback_dir: Option<PathBuf>,
    /// Position files to grade on (the sheet's fixtures, for example).
    #[arg(value_name = "POSITION")]
    pub(crate) positions: Vec<PathBuf>,
    /// Add N reachable positions drawn at random (reproducibly, by --seed): a hidden test set.
    #[arg(long, value_name = "N")]
    pub(crate) sample: Option<usize>,
    /// With --sample N: each student's N hidden positions drawn from a key of their own (an
    /// HMAC of the course's secret and the student's id), equally hard for everyone; the
    /// secret comes from the course file's [sample] secret or MINIMAX_COURSE_SECRET.
    #[arg(long, requires = "sample", conflicts_with_all = ["seed", "seed_file"])]
    pub(crate) per_student: bool,
    /// The seed of --sample.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub(crate) seed: u64,
    /// Read the seed of --sample from FILE instead (a number), keeping it off the command
    /// line, which every process on the machine can read.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    pub(crate) seed_file: Option<PathBuf>,
    /// Add all 4,520 reachable positions that have a move to make (3x3 only).
    #[arg(long, conflicts_with = "sample")]
    pub(crate) all_positions: bool,
    /// The board of the --sample positions, COLSxROWS (3x3 to 8x8; default 3x3, or 7x6 for
    /// Connect Four): on boards other than 3x3 they are drawn by random play.
    #[arg(long, value_name = "COLSxROWS")]
    pub(crate) size: Option<Size>,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// How long a program may take for one position before it is stopped: 5s, 500ms, 1.5s
    /// (a bare number is seconds).
    #[arg(long, value_name = "TIME", default_value_t = 5.0, value_parser = super::duration::seconds_flag)]
    pub(crate) timeout: f64,
    /// Programs run at once (default: the number of cores; at most 256).
    #[arg(long, value_name = "N")]
    pub(crate) jobs: Option<usize>,
    /// How much sandbox around each run: auto applies every layer the kernel offers and says
    /// which; strict refuses to grade without all of them; off runs programs with the
    /// grader's rights (doc/sandbox.md).
    #[arg(long, value_enum, default_value_t = SandboxArg::Auto)]
    pub(crate) sandbox: SandboxArg,
    /// The one unprivileged user programs run as when the grader has privileges (default: a
    /// uid of each student's own, from 1900000000 up).
    #[arg(long, value_name = "NAME|UID")]
    pub(crate) user: Option<String>,
    /// Memory per run, in MiB; a program that needs more is stopped and reported as crashed.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(16..=65536))]
    pub(crate) memory: u64,
    /// Disk per student's copy and per run, in MiB (with a cap on the number of files); a
    /// program that fills it is stopped and reported as crashed.
    #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) disk: u64,
    /// Processes per run (a fork storm stops there).
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub(crate) pids: u64,
    /// Another folder runs may read and execute from (a JDK in /opt, the course's shared
    /// files); may be repeated. The system's folders are always readable.
    #[arg(long, value_name = "PATH")]
    pub(crate) allow: Vec<PathBuf>,
    /// The course file (TOML): how the practice is handed in (archive name and type, paths,
    /// readme fields), each rule judged per student, the readme's observations collected.
    #[arg(long, value_name = "FILE")]
    pub(crate) course: Option<PathBuf>,
    /// With --course: Moodle's participants export (CSV with first-name and surname columns),
    /// which says which words of each name are surnames; overrides the course file's roster.
    /// A mailbox's students are found by its e-mail column (a CSV of name, account number and
    /// addresses will do).
    #[arg(long, value_name = "FILE")]
    pub(crate) roster: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) mail: super::mail::MailArgs,
    /// With a mailbox: write one reply draft per student here (an .eml To the sender, Re:
    /// their subject, the grade and the feedback), and replies.mbox of them all, to import
    /// as drafts; nothing is sent.
    #[arg(long, value_name = "DIR")]
    pub(crate) feedback_mail: Option<PathBuf>,
    /// Compare the students' code with each other's (as `minimax similar` does) and list, per
    /// student, the classmates whose code is alike (the JSON report's `similar`; never in the
    /// feedback).
    #[arg(long)]
    pub(crate) similar: bool,
    /// With --similar: the course's starter code, which never counts as alike.
    #[arg(long, value_name = "DIR", requires = "similar")]
    pub(crate) base: Option<PathBuf>,
    /// Let runs use the network (a course whose programs call a service): no network
    /// namespace and no refusal of its sockets; the report says so.
    #[arg(long)]
    pub(crate) allow_network: bool,
    /// A file or folder of yours runs must never read (solutions, keys); may be repeated.
    /// Without a box, grading checks that the runs' user cannot read it (nor the positions,
    /// the seed's file, the report or the reference solver) and says how to close it.
    #[arg(long, value_name = "PATH")]
    pub(crate) private: Vec<PathBuf>,
    /// An earlier JSON report of this grading (`--format json`): print, before anything is
    /// written, whose grade or verdicts changed since and why; the others are counted.
    #[arg(long, value_name = "REPORT.json")]
    pub(crate) previous: Option<PathBuf>,
    /// With --previous and --format moodle|canvas: fill the worksheet's rows of the students
    /// whose grade changed only.
    #[arg(long, requires = "previous")]
    pub(crate) changed_only: bool,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

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

pub(crate) fn check(args: &CheckArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let game = Arc::new(Gato {
        node_limit: None,
        rules: args.rules.rules(None),
    });
    if let Some(mailbox) = &args.submissions {
        let report = super::mail::check_mailbox(args, mailbox, &game)?;
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
        return Err(GradeError::Setup(format!(
            "every student's build failed the same way, which points at the grading machine rather than at them: {detail}; no report was written (fix the set-up and grade again)"
        ))
        .into());
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

/// The numbers of the command line in range; the runs at once (`--jobs`, or the cores).
fn check_numbers(args: &GradeArgs) -> Result<usize, Error> {
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
struct Setup {
    lms: Option<lms::Target>,
    course: Option<CourseRules>,
    late_penalty: Option<lms::LatePenalty>,
    /// Who handed in late, from Moodle's worksheet.
    statuses: Option<std::collections::HashMap<String, String>>,
    similar_base: Option<crate::class::similar::Base>,
    /// The earlier report a regrade is compared with (`--previous`).
    previous: Option<crate::class::regrade::Previous>,
    /// How a mailbox is read (defaults when the class is not one).
    mail: crate::intake::mail::MailOptions,
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
        given => Harness::load(given).map_err(|message| Error::HarnessUnreadable { message })?,
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

fn read_setup(args: &GradeArgs) -> Result<(Harness, Setup), Error> {
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
    let mail = super::mail::options(
        &args.mail,
        lang,
        course.as_ref().map(|rules| &rules.course),
        super::mail::roster_file(args.roster.as_ref(), args.worksheet.as_ref()),
        args.submissions.as_deref(),
    )?;
    let late_penalty = course::late_policy(course.as_ref(), args.late_penalty.as_deref())?
        .map(str::parse::<lms::LatePenalty>)
        .transpose()
        .map_err(|message| Error::LatePenalty { message })?;
    // Moodle's worksheet says who handed in late (its Status column), whatever the format.
    let statuses = match (&args.worksheet, args.report.format()) {
        (Some(_), Format::Canvas) | (None, _) => None,
        (Some(worksheet), _) => Some(lms::moodle_statuses(worksheet)?),
    };
    let similar_base = args
        .similar
        .then(|| super::similar::read_base(args.base.as_deref()))
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

/// The box every run goes in, from the command line's limits; a warning when there is none.
fn prepare_sandbox(args: &GradeArgs, jobs: usize, stderr: &mut dyn Write) -> Result<Sandbox, Error> {
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

/// Every student's runs, with a progress bar on a terminal and a line per student elsewhere
/// (piped, redirected, a CI log).
fn run_class(
    class: &Class,
    exercises: &[Arc<Vec<Exercise>>],
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
                    crate::intake::escape::escape_text(name)
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
                crate::intake::escape::escape_text(&warning)
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
    // Hidden positions are counted in students' feedback, and drawn there only when the
    // course releases them.
    report.withheld = setup
        .course
        .as_ref()
        .is_none_or(|rules| rules.course.sample.release != crate::class::course::Release::AfterDeadline);
    let say = lang.unwrap_or(Lang::En);
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
    for line in diff.describe().lines() {
        writeln!(stderr, "  {}", crate::intake::escape::escape_text(line))?;
    }
    let changed = diff.changes.iter().map(|change| change.student.clone()).collect();
    report.regrade = Some(diff);
    Ok(changed)
}

/// `--seed-file`: a number, alone on its line.
fn read_seed(path: &Path) -> Result<u64, Error> {
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
fn per_student(args: &GradeArgs, setup: &Setup) -> bool {
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
