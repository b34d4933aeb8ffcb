//! `minimax eval`: the lectures' open-lines evaluation of a position.

use super::{Error, Exit};
use crate::diagnostic::Report;
use crate::input;
use crate::tictactoe::eval::open_lines_value;
use crate::tictactoe::{read_any, Mark, TicTacToe};
use clap::Args;
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The position, in any form the solver reads. Stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// The side that opened the game (X unless told otherwise).
    #[arg(long, value_name = "X|O")]
    pub first: Option<Mark>,
    /// How many in a row win (default: the input's `k: K`, else the board's shorter side).
    #[arg(long, value_name = "K")]
    pub k: Option<usize>,
}

pub fn eval(args: &EvalArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let source = input::read(args.file.as_deref(), stdin, "position")?;
    let position = read_any(&source.text, args.k, args.first).map_err(|problems| Report {
        source: source.name.clone(),
        what: "position",
        diagnostics: problems.into_iter().map(Into::into).collect(),
    })?;
    let value = open_lines_value(&TicTacToe::new(position.board.shape()), &position);
    writeln!(stdout, "{value}")?;
    Ok(Exit::Success)
}
