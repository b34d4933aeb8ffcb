//! Solving one position: `minimax [OPTIONS] [FILE]`.

use super::choices::CoordsArg;
use super::engine::EngineArgs;
use super::rules::RulesArgs;
use super::{Error, Exit};
use clap::{Args, ValueEnum};
use minimax_core::games::board_engine::BoardEngine;
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::render;
use minimax_core::games::mnk::{read_any, Coords, Mark, Move, Position, Rules, Shape, TicTacToe};
use minimax_core::notation::diagnostic::Report;
use minimax_core::notation::input;
use minimax_core::search::decision::Decision;
use minimax_core::search::engine::{Answer, Engine, Strategy};
use minimax_core::search::Algorithm;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// The position: a grid of rows, one line such as `XX-/-00/---`, or JSON; any size from
    /// 3x3 to 8x8. Stdin when absent or `-`.
    pub(crate) file: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    /// The evaluation at the depth limit (--depth, --time-limit): open lines for the side
    /// to move minus the other's; weighted lines (each open line counting 1, 4, 16 for one,
    /// two, three pieces) is the default where pieces fall.
    #[arg(long, value_enum)]
    pub(crate) eval: Option<BoardEval>,
    /// The side that opened the game (X unless told otherwise).
    #[arg(long, value_name = "X|O")]
    pub(crate) first: Option<Mark>,
    /// The order in which a move's coordinates are written.
    #[arg(long, value_enum, default_value_t = CoordsArg::ColRow)]
    pub(crate) coords: CoordsArg,
    /// Print the next board instead of the action.
    #[arg(long, group = "output")]
    pub(crate) board: bool,
    /// Print the answer, every move's value and every optimal move as JSON.
    #[arg(long, group = "output")]
    pub(crate) json: bool,
    /// Print a table of every move with its value and outcome, and the principal variation.
    #[arg(long, group = "output")]
    pub(crate) explain: bool,
    /// Print the nodes visited (per depth, when deepening) and the time taken to stderr.
    #[arg(long)]
    pub(crate) stats: bool,
}

/// Evaluation functions for the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum BoardEval {
    OpenLines,
    WeightedLines,
}

impl BoardEval {
    /// `--eval` if given, else the board's default.
    pub(crate) fn choose(given: Option<BoardEval>, shape: Shape) -> BoardEvaluation {
        match given {
            Some(BoardEval::OpenLines) => BoardEvaluation::OpenLines,
            Some(BoardEval::WeightedLines) => BoardEvaluation::WeightedLines,
            None => BoardEvaluation::default_for(shape),
        }
    }
}

/// The position `source` holds, or a report of every problem with it.
pub(super) fn read_position(
    source: &input::Source,
    rules: Rules,
    first: Option<Mark>,
) -> Result<Position, Report> {
    read_any(&source.text, rules, first).map_err(|problems| Report {
        source: source.name.clone(),
        what: "position",
        diagnostics: problems.into_iter().map(Into::into).collect(),
    })
}

pub(crate) fn solve(
    args: &SolveArgs,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    let source = crate::class::files::read(args.file.as_deref(), stdin, "position")?;
    let position = read_position(&source, args.rules.rules(None), args.first)?;
    let shape = position.board.shape();
    let coords = Coords::from(args.coords).on(shape.gravity);
    let game = TicTacToe::new(shape);
    let engine = args.engine.engine();
    let mut search = engine
        .board(&game, BoardEval::choose(args.eval, shape))
        .with_book(args.engine.book()?);
    let started = Instant::now();
    let answer = search.answer(&position)?;
    let Some(answer) = answer else {
        let message = render::game_over(&position).unwrap_or_default();
        writeln!(stderr, "minimax: {}: {message}", source.name)?;
        return Ok(Exit::GameOver);
    };
    let elapsed = started.elapsed();
    if let (
        Strategy::ColumnsWithin(limit),
        Answer::Search {
            decision,
            exact,
            proven: Some(proven),
            ..
        },
    ) = (search.strategy(), &answer)
    {
        let within = Within {
            decision,
            exact: *exact,
            proven,
            limit,
        };
        return solve_within(args, &position, &within, &search, elapsed, stdout, stderr);
    }
    let output = match &answer {
        _ if args.board => position.play(answer.chosen().square).board.to_string(),
        Answer::Search { decision, .. } if args.json => render::json(&position, decision, coords),
        Answer::Search { decision, exact, .. } if args.explain => {
            let line = search.principal_variation(&position, decision, *exact)?;
            render::explain(&position, decision, &line, coords)
        }
        Answer::Mcts(search) if args.json => render::mcts_json(&position, search, coords),
        Answer::Mcts(search) if args.explain => render::mcts_explain(&position, search, coords),
        _ => format!("{}\n", answer.chosen().display(coords)),
    };
    stdout.write_all(output.as_bytes())?;
    if args.stats {
        write_stats(&answer, elapsed, &search, &engine, shape, stderr)?;
    }
    Ok(Exit::Success)
}

/// An answer within a clock where pieces fall, and what it proved.
struct Within<'a> {
    decision: &'a Decision<Move>,
    exact: bool,
    proven: &'a [bool],
    limit: Duration,
}

/// `--stats`: the nodes searched, the table's use and the time, on stderr.
fn write_stats(
    answer: &Answer<minimax_core::games::mnk::Move>,
    elapsed: Duration,
    search: &BoardEngine<'_>,
    engine: &Engine,
    shape: Shape,
    stderr: &mut dyn Write,
) -> Result<(), Error> {
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
            // Depth limits and clocks search with alpha-beta, whatever method was named.
            let name = match (search.solver(), search.strategy()) {
                (Some(solver), _) => solver.name(),
                (
                    None,
                    Strategy::Exhaustive(algorithm)
                    | Strategy::ToDepth(algorithm, _)
                    | Strategy::Deepening(algorithm, _),
                ) => algorithm.name(),
                (None, _) => Algorithm::AlphaBeta.name(),
            };
            writeln!(stderr, "board: {}\nalgorithm: {name}", shape.describe())?;
            writeln!(
                stderr,
                "nodes: {} (valuing all {} legal moves, counting the root)",
                decision.nodes,
                decision.moves.len()
            )?;
            match search.solver() {
                Some(solver) => writeln!(
                    stderr,
                    "table hits: {}\nsettled by threats: {}\ntable: {} MiB",
                    solver.stats().hits,
                    solver.stats().tactics,
                    solver.table_bytes() >> 20
                )?,
                None => writeln!(stderr, "tie-break nodes: {}", decision.tie_nodes)?,
            }
            writeln!(stderr, "time: {ms:.3} ms ({rate:.1} M nodes/s)")?;
        }
        Answer::Mcts(_) => {
            writeln!(
                stderr,
                "algorithm: mcts\niterations: {}\ntime: {ms:.3} ms",
                engine.mcts.iterations
            )?;
        }
    }
    Ok(())
}

/// `--time-limit` where pieces fall: the exact solver bounded by the clock, the answer
/// said to be proven or not (see [`super::within`]).
fn solve_within(
    args: &SolveArgs,
    position: &Position,
    within: &Within<'_>,
    search: &BoardEngine<'_>,
    elapsed: Duration,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<Exit, Error> {
    let shape = position.board.shape();
    let coords = Coords::from(args.coords).on(shape.gravity);
    let (decision, limit) = (within.decision, within.limit);
    let output = if args.board {
        position.play(decision.best().mv.square).board.to_string()
    } else if args.json {
        super::within::json(
            &render::json(position, decision, coords),
            within.exact,
            within.proven,
        )?
    } else if args.explain {
        let mut text = render::explain(position, decision, &[], coords);
        if !within.exact {
            text.push_str(&format!(
                "not proven within {}: estimates are the evaluation's\n",
                super::within::seconds(limit)
            ));
        }
        text
    } else {
        super::within::line(decision, within.exact, limit, coords)
    };
    stdout.write_all(output.as_bytes())?;
    let Some(solver) = search.solver().filter(|_| args.stats) else {
        return Ok(Exit::Success);
    };
    let ms = elapsed.as_secs_f64() * 1e3;
    let stats = solver.stats();
    let proven = within.proven.iter().filter(|&&proven| proven).count();
    writeln!(
        stderr,
        "board: {}\nalgorithm: {}, within {}",
        shape.describe(),
        solver.name(),
        super::within::seconds(limit)
    )?;
    writeln!(
        stderr,
        "proven: {proven} of {} moves{}",
        within.proven.len(),
        if within.exact {
            ""
        } else {
            " (the others estimated)"
        }
    )?;
    writeln!(stderr, "nodes: {} (exact search and evaluation, counting the root)\ntable hits: {}\nsettled by threats: {}\ntable: {} MiB", decision.nodes, stats.hits, stats.tactics, solver.table_bytes() >> 20)?;
    writeln!(stderr, "time: {ms:.3} ms")?;
    Ok(Exit::Success)
}
