//! Solving one position: `minimax [OPTIONS] [FILE]`.

use super::engine::EngineArgs;
use super::{Error, Exit};
use crate::diagnostic::Report;
use crate::input;
use crate::render;
use crate::search::decision::principal_variation;
use crate::search::engine::Answer;
use crate::tictactoe::eval::OpenLines;
use crate::tictactoe::{read_position, Coords, Mark, Shape, TicTacToe};
use clap::{Args, ValueEnum};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The position: a 3-line grid, one line such as `XX-/-00/---`, or JSON. Stdin when absent or `-`.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// The evaluation at the depth limit (--depth, --time-limit): open lines for the side
    /// to move minus open lines for the other.
    #[arg(long, value_enum, default_value_t = BoardEval::OpenLines)]
    pub eval: BoardEval,
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
    /// Print the nodes visited (per depth, when deepening) and the time taken to stderr.
    #[arg(long)]
    pub stats: bool,
}

/// Evaluation functions for the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardEval {
    OpenLines,
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
    let engine = args.engine.engine();
    let started = Instant::now();
    let Some(answer) = engine.think(&game, &OpenLines, &position) else {
        let message = render::game_over(&position).unwrap_or_default();
        writeln!(stderr, "minimax: {}: {message}", source.name)?;
        return Ok(Exit::GameOver);
    };
    let elapsed = started.elapsed();
    let output = match &answer {
        _ if args.board => position.play(answer.chosen().square).board.to_string(),
        Answer::Search { decision, .. } if args.json => render::json(&position, decision, args.coords),
        Answer::Search { decision, exact, .. } if args.explain => {
            let line = if *exact {
                principal_variation(&game, &position, decision, engine.algorithm())
            } else {
                Vec::new()
            };
            render::explain(&position, decision, &line, args.coords)
        }
        Answer::Mcts(search) if args.json => render::mcts_json(&position, search, args.coords),
        Answer::Mcts(search) if args.explain => render::mcts_explain(&position, search, args.coords),
        _ => format!("{}\n", answer.chosen().display(args.coords)),
    };
    stdout.write_all(output.as_bytes())?;
    if args.stats {
        let ms = elapsed.as_secs_f64() * 1e3;
        match &answer {
            Answer::Search {
                decision, iterations, ..
            } => {
                for iteration in iterations {
                    let note = if iteration.completed {
                        ""
                    } else {
                        " (stopped by the time limit, not used)"
                    };
                    writeln!(
                        stderr,
                        "depth {}: {} nodes{note}",
                        iteration.depth, iteration.nodes
                    )?;
                }
                let rate = decision.nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
                writeln!(
                    stderr,
                    "algorithm: {}\nnodes: {} (valuing all {} legal moves, counting the root)\ntie-break nodes: {}\ntime: {ms:.3} ms ({rate:.1} M nodes/s)",
                    args.engine.algorithm.to_possible_value().map_or_else(String::new, |v| v.get_name().to_string()),
                    decision.nodes,
                    decision.moves.len(),
                    decision.tie_nodes,
                )?;
            }
            Answer::Mcts(_) => {
                writeln!(
                    stderr,
                    "algorithm: mcts\niterations: {}\ntime: {ms:.3} ms",
                    engine.mcts.iterations
                )?;
            }
        }
    }
    Ok(Exit::Success)
}
