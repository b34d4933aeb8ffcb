//! `minimax eval`: the lectures' open-lines evaluation of a position.

use super::rules::RulesArgs;
use super::solve::{read_position, BoardEval};
use super::{Error, Exit};
use clap::Args;
use minimax_core::games::mnk::eval::value_of;
use minimax_core::games::mnk::{Mark, TicTacToe};
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The position, in any form the solver reads. Stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// The side that opened the game (X unless told otherwise).
    #[arg(long, value_name = "X|O")]
    pub first: Option<Mark>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The evaluation: open lines (the lectures'), or weighted lines (the default where
    /// pieces fall).
    #[arg(long, value_enum)]
    pub eval: Option<BoardEval>,
}

pub fn eval(args: &EvalArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let source = crate::class::files::read(args.file.as_deref(), stdin, "position")?;
    let position = read_position(&source, args.rules.rules(None), args.first)?;
    let shape = position.board.shape();
    let value = value_of(
        &TicTacToe::new(shape),
        &position,
        BoardEval::choose(args.eval, shape),
    );
    writeln!(stdout, "{value}")?;
    Ok(Exit::Success)
}
