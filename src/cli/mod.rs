//! The command line: arguments, and running them against the library.

mod args;
mod book;
mod check;
mod choices;
mod duration;
mod engine;
mod error;
mod eval;
mod generate;
mod grade;
mod mail;
mod manual;
mod nim;
mod output;
mod play;
mod rules;
mod sample;
mod similar;
mod solve;
mod tree;
mod within;

pub use args::Cli;
pub(crate) use args::Command;
pub(crate) use book::BookArgs;
pub(crate) use check::CheckArgs;
pub use error::{Error, Exit};
pub(crate) use eval::EvalArgs;
pub(crate) use generate::GenerateArgs;
pub(crate) use grade::GradeArgs;
pub(crate) use manual::{CompletionsArgs, ManArgs};
pub(crate) use nim::NimArgs;
pub(crate) use play::PlayArgs;
pub(crate) use rules::Size;
pub(crate) use sample::SampleArgs;
pub(crate) use similar::SimilarArgs;
pub(crate) use solve::SolveArgs;
pub(crate) use tree::TreeArgs;

use clap::CommandFactory;
use std::io::{Read, Write};

/// Runs the command line with the given streams.
pub fn run(
    cli: &Cli,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    match &cli.command {
        None => solve::solve(&cli.solve, stdin, stdout, stderr),
        Some(Command::Check(args)) => check::check(args, stdout, stderr),
        Some(Command::Grade(args)) => grade::grade(args, stdout, stderr),
        Some(Command::Tree(args)) => tree::tree(args, stdin, stdout),
        Some(Command::Nim(args)) => nim::nim(args, stdout, stderr),
        Some(Command::Eval(args)) => eval::eval(args, stdin, stdout),
        Some(Command::Play(args)) => play::play(args, stdin, stdout),
        Some(Command::Generate(args)) => generate::generate(args, stdout, stderr),
        Some(Command::Book(args)) => book::book(args, stdout, stderr),
        Some(Command::Similar(args)) => similar::similar(args, stdout, stderr),
        Some(Command::Sample(args)) => sample::sample(args, stdout),
        Some(Command::Completions(args)) => manual::completions(args, Cli::command(), stdout),
        Some(Command::Man(args)) => manual::man(args, Cli::command(), stderr),
    }
}
