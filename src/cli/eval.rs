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
pub(crate) struct EvalArgs {
    /// The position, in any form the solver reads. Stdin when absent or `-`.
    pub(crate) file: Option<PathBuf>,
    /// The side that opened the game (X unless told otherwise).
    #[arg(long, value_name = "X|O")]
    pub(crate) first: Option<Mark>,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// The evaluation: open lines (the lectures'), or weighted lines (the default where
    /// pieces fall).
    #[arg(long, value_enum)]
    pub(crate) eval: Option<BoardEval>,
}

pub(crate) fn eval(args: &EvalArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<Exit, Error> {
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
