//! `minimax grade`'s arguments, as clap reads them.

use super::super::choices::SandboxArg;
use super::super::output::ReportArgs;
use super::super::rules::RulesArgs;
use super::super::Size;
use crate::class::convention::Convention;
use clap::{ArgGroup, Args};
use std::path::PathBuf;

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
    #[arg(long, value_name = "TIME", default_value_t = 60.0, value_parser = super::super::duration::seconds_flag)]
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
    #[arg(long, value_name = "TIME", default_value_t = 5.0, value_parser = super::super::duration::seconds_flag)]
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
    pub(crate) mail: super::super::mail::MailArgs,
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
