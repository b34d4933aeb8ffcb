//! The command line as clap reads it: the commands and their arguments, in one place that the
//! dispatcher (`cli::run`) and the manual (man pages, completions) both read.

use super::{
    BookArgs, CheckArgs, CompletionsArgs, EvalArgs, GenerateArgs, GradeArgs, ManArgs, NimArgs, PlayArgs,
    SampleArgs, SimilarArgs, SolveArgs, TreeArgs,
};
use clap::{Parser, Subcommand};

/// Reference solver and grader for the minimax practice (tic-tac-toe, "gato").
///
/// Without a command, reads a position from FILE (or stdin) and prints the minimax action, as
/// the practice sheet does: `X 3 1` is X in column 3, row 1 (the top-right corner).
#[derive(Debug, Parser)]
#[command(name = "minimax", version, args_conflicts_with_subcommands = true, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    #[command(flatten)]
    pub(crate) solve: SolveArgs,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
    /// Find students who handed in the same code (the starter left out): pairs and clusters.
    Similar(SimilarArgs),
    /// Reprint the hidden positions `grade --sample N --per-student` gives a student (or the
    /// class's manifest with --submissions DIR), from the course's secret.
    Sample(SampleArgs),
    /// Print the completion script of a shell: `minimax completions bash > /etc/bash_completion.d/minimax`.
    Completions(CompletionsArgs),
    /// Write a man page per command into DIR: minimax.1, minimax-grade.1, ...
    Man(ManArgs),
}

const EXIT_CODES: &str = "Exit status: 0 success; 1 the game is already over (solving), or a student scored below --fail-under (grading); 2 bad input or usage; 130, 143, 129 grading stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP (the report is still written).";
