//! The command line: arguments, and running them against the library.

mod book;
mod engine;
mod eval;
mod generate;
mod grade;
mod manual;
mod nim;
mod play;
mod rules;
mod solve;
mod tree;
mod values;

pub use book::BookArgs;
pub use engine::EngineArgs;
pub use eval::EvalArgs;
pub use generate::GenerateArgs;
pub use grade::{CheckArgs, GradeArgs, ReportArgs};
pub use manual::{CompletionsArgs, ManArgs};
pub use nim::NimArgs;
pub use play::PlayArgs;
pub use rules::{GameArg, RulesArgs};
pub use solve::SolveArgs;
pub use tree::TreeArgs;

use crate::class::GradeError;
use clap::{Parser, Subcommand};
use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input::InputError;
use std::io::{self, Read, Write};

/// Reference solver and grader for the minimax practice (tic-tac-toe, "gato").
///
/// Without a command, reads a position from FILE (or stdin) and prints the minimax action, as
/// the practice sheet does: `X 3 1` is X in column 3, row 1 (the top-right corner).
#[derive(Debug, Parser)]
#[command(name = "minimax", version, args_conflicts_with_subcommands = true, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge answers collected in a CSV sheet (columns student,position,answer).
    Check(CheckArgs),
    /// Run each student's program on each position and judge every answer.
    Grade(Box<GradeArgs>),
    /// Search an explicit game tree: values, pruning traces, expectiminimax, max^n.
    Tree(TreeArgs),
    /// Solve Nim: take 1, 2 or 3 tokens; whoever takes the last one loses.
    Nim(NimArgs),
    /// Print the open-lines evaluation of a position for the side to move.
    Eval(EvalArgs),
    /// Play the machine in the terminal: tic-tac-toe, or `play nim N`.
    Play(PlayArgs),
    /// Generate new exercises with their answer keys: positions to solve, trees to prune.
    Generate(GenerateArgs),
    /// Make Connect Four's opening book with the solver: `book generate --depth D`.
    Book(BookArgs),
    /// Print the completion script of a shell: `minimax completions bash > /etc/bash_completion.d/minimax`.
    Completions(CompletionsArgs),
    /// Write a man page per command into DIR: minimax.1, minimax-grade.1, ...
    Man(ManArgs),
}

const EXIT_CODES: &str = "Exit status: 0 success; 1 the game is already over (solving), or a student scored below --fail-under (grading); 2 bad input or usage; 130, 143, 129 grading stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP (the report is still written).";

/// How a successful run ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// A move was printed, or a report written.
    Success,
    /// The position is finished: there is no move to print.
    GameOver,
    /// A student scored below `--fail-under`.
    BelowThreshold,
    /// Grading was stopped by this signal; the report holds what finished.
    Interrupted(i32),
}

impl Exit {
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::GameOver | Exit::BelowThreshold => 1,
            Exit::Interrupted(signal) => u8::try_from(128 + signal).unwrap_or(130),
        }
    }
}

impl From<crate::report::deliver::Delivered> for Exit {
    fn from(delivered: crate::report::deliver::Delivered) -> Exit {
        match delivered {
            crate::report::deliver::Delivered::Written => Exit::Success,
            crate::report::deliver::Delivered::BelowThreshold => Exit::BelowThreshold,
        }
    }
}

impl From<crate::report::deliver::DeliverError> for Error {
    fn from(error: crate::report::deliver::DeliverError) -> Error {
        match error {
            crate::report::deliver::DeliverError::Grade(error) => Error::Grade(error),
            crate::report::deliver::DeliverError::Output(error) => Error::Output(error),
        }
    }
}

/// Why a run failed; each of these ends with exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Invalid(#[from] Report),
    #[error(transparent)]
    Grade(#[from] GradeError),
    /// Arguments that parse but do not make sense together, or a limit exceeded.
    #[error("{0}")]
    Usage(String),
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteFile {
        path: std::path::PathBuf,
        source: io::Error,
    },
}

/// Runs the command line with the given streams.
pub fn run(
    cli: &Cli,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    match &cli.command {
        None => solve::solve(&cli.solve, stdin, stdout, stderr),
        Some(Command::Check(args)) => grade::check(args, stdout, stderr),
        Some(Command::Grade(args)) => grade::grade(args, stdout, stderr),
        Some(Command::Tree(args)) => tree::tree(args, stdin, stdout),
        Some(Command::Nim(args)) => nim::nim(args, stdout, stderr),
        Some(Command::Eval(args)) => eval::eval(args, stdin, stdout),
        Some(Command::Play(args)) => play::play(args, stdin, stdout),
        Some(Command::Generate(args)) => generate::generate(args, stdout, stderr),
        Some(Command::Book(args)) => book::book(args, stdout, stderr),
        Some(Command::Completions(args)) => manual::completions(args, stdout),
        Some(Command::Man(args)) => manual::man(args, stderr),
    }
}

/// `--size 4x4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub cols: usize,
    pub rows: usize,
}

impl std::str::FromStr for Size {
    type Err = String;
    fn from_str(text: &str) -> Result<Size, String> {
        let (cols, rows) = text
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| format!("{text:?} is not a size: write columns x rows, such as 4x4"))?;
        let number = |n: &str| {
            n.trim()
                .parse::<usize>()
                .map_err(|_| format!("{text:?} is not a size: write columns x rows, such as 4x4"))
        };
        Ok(Size {
            cols: number(cols)?,
            rows: number(rows)?,
        })
    }
}
