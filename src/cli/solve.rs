//! Solving one position: `minimax [OPTIONS] [FILE]`.

use super::{Error, Exit};
use crate::diagnostic::Report;
use crate::input;
use crate::render;
use crate::search::decision::{decide, principal_variation};
use crate::search::Algorithm;
use crate::tictactoe::{read_position, Coords, Mark, Shape, TicTacToe};
use clap::Args;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The position: a 3-line grid, one line such as `XX-/-00/---`, or JSON. Stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// The search algorithm; both give the same values and the same move.
    #[arg(long, value_enum, default_value_t = Algorithm::AlphaBeta)]
    pub algorithm: Algorithm,
    /// The side that opened the game (X unless told otherwise).
    #[arg(long, value_name = "X|O")]
    pub first: Option<Mark>,
    /// The order in which a move's coordinates are written.
    #[arg(long, value_enum, default_value_t = Coords::ColRow)]
    pub coords: Coords,
    /// Print the next board instead of the action.
    #[arg(long, group = "output")]
    pub board: bool,
    /// Print the answer, every move's value and every optimal move as JSON.
    #[arg(long, group = "output")]
    pub json: bool,
    /// Print a table of every move with its value and outcome, and the principal variation.
    #[arg(long, group = "output")]
    pub explain: bool,
    /// Print the nodes visited and the time taken to stderr.
    #[arg(long)]
    pub stats: bool,
}

pub fn solve(
    args: &SolveArgs,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    let source = input::read(args.file.as_deref(), stdin, "position")?;
    let shape = Shape::CLASSIC;
    let position = read_position(&source.text, shape, args.first).map_err(|problems| Report {
        source: source.name.clone(),
        what: "position",
        diagnostics: problems.into_iter().map(Into::into).collect(),
    })?;
    let game = TicTacToe::new(shape);
    let started = Instant::now();
    let Some(decision) = decide(&game, &position, args.algorithm) else {
        let message = render::game_over(&position).unwrap_or_default();
        writeln!(stderr, "minimax: {}: {message}", source.name)?;
        return Ok(Exit::GameOver);
    };
    let elapsed = started.elapsed();
    let output = if args.board {
        render::next_board(&position, &decision)
    } else if args.json {
        render::json(&position, &decision, args.coords)
    } else if args.explain {
        let line = principal_variation(&game, &position, args.algorithm);
        render::explain(&position, &decision, &line, args.coords)
    } else {
        render::action(&decision, args.coords)
    };
    stdout.write_all(output.as_bytes())?;
    if args.stats {
        let seconds = elapsed.as_secs_f64();
        let rate = decision.nodes as f64 / seconds.max(1e-9) / 1e6;
        writeln!(
            stderr,
            "algorithm: {}\nnodes: {} (valuing all {} legal moves, counting the root)\ntie-break nodes: {}\ntime: {:.3} ms ({rate:.1} M nodes/s)",
            args.algorithm.name(),
            decision.nodes,
            decision.moves.len(),
            decision.tie_nodes,
            seconds * 1e3,
        )?;
    }
    Ok(Exit::Success)
}
