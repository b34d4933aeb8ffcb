//! `minimax nim N`: the lecture's Nim, solved exactly or to a depth with an evaluation.

use super::choices::NimEvalArg;
use super::engine::EngineArgs;
use super::{Error, Exit};
use clap::Args;
use minimax_core::games::nim::{Heap, Nim, NimEval, Seat, Takes};
use minimax_core::search::decision::Decision;
use minimax_core::search::distance::Outcome;
use minimax_core::search::engine::{Answer, Engine, Ground};
use minimax_core::search::Algorithm;
use serde_json::json;
use std::fmt::Write as _;
use std::io::Write;

/// Heaps larger than this are not searched exactly: the tree grows about 1.65 times a token.
pub(crate) const EXACT_LIMIT: u32 = 30;

#[derive(Debug, Args)]
pub(crate) struct NimArgs {
    /// Tokens on the heap.
    pub(crate) tokens: u32,
    /// The amounts a player may take.
    #[arg(long, value_name = "1,2,3", default_value = "1,2,3")]
    pub(crate) take: Takes,
    /// Whoever takes the last token wins (by default, as in the lecture, it loses).
    #[arg(long)]
    pub(crate) last_wins: bool,
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    /// The static evaluation at the depth limit.
    #[arg(long, value_enum, default_value_t = NimEvalArg::Mod4)]
    pub(crate) eval: NimEvalArg,
    /// Print every move's value and outcome as JSON.
    #[arg(long, conflicts_with = "explain")]
    pub(crate) json: bool,
    /// Print a table of every move with its value and outcome.
    #[arg(long)]
    pub(crate) explain: bool,
    /// Print the nodes visited (per depth, when deepening) to stderr.
    #[arg(long)]
    pub(crate) stats: bool,
}

pub(crate) fn nim(args: &NimArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<Exit, Error> {
    let game = Nim::new(args.take.0.clone(), args.last_wins).ok_or(Error::NoTake)?;
    let heap = Heap {
        tokens: args.tokens,
        to_move: Seat::First,
    };
    let engine = args.engine.engine();
    if engine.algorithm == Some(Algorithm::Solver) {
        return Err(Error::SolverOnNim);
    }
    check_heap(
        &engine,
        args.tokens,
        "search to a depth with an evaluation, e.g. --depth 12 --eval mod4",
    )?;
    let Some(answer) = engine.think(&game, &NimEval::from(args.eval), &heap) else {
        let message = match (args.tokens, args.last_wins) {
            (0, true) => "the previous player took the last token and won",
            (0, false) => "the previous player took the last token and lost",
            _ => "no allowed amount can be taken: the player to move loses",
        };
        writeln!(stderr, "minimax: the game is over: {message}")?;
        return Ok(Exit::GameOver);
    };
    let output = match &answer {
        Answer::Search { decision, .. } if args.json => json_answer(decision, args.tokens),
        Answer::Search { decision, .. } if args.explain => explain(decision, args.tokens),
        _ => format!("take {}\n", answer.chosen()),
    };
    stdout.write_all(output.as_bytes())?;
    if args.stats {
        if let Answer::Search {
            decision, iterations, ..
        } = &answer
        {
            for iteration in iterations {
                let state = if iteration.completed {
                    ""
                } else {
                    " (stopped by the time limit, not used)"
                };
                writeln!(
                    stderr,
                    "depth {}: {} nodes{state}",
                    iteration.depth, iteration.nodes
                )?;
            }
            writeln!(
                stderr,
                "nodes: {} (valuing all {} moves)",
                decision.nodes,
                decision.moves.len()
            )?;
        }
    }
    Ok(Exit::Success)
}

/// Refuses a heap of more than [`EXACT_LIMIT`] tokens where `engine` would search it to the
/// end (`nim` and `play nim`); `advice` says what to do instead.
pub(crate) fn check_heap(engine: &Engine, tokens: u32, advice: &str) -> Result<(), Error> {
    if engine.strategy(Ground::Plain).exhaustive() && tokens > EXACT_LIMIT {
        return Err(Error::TooManyTokens {
            tokens,
            limit: EXACT_LIMIT,
            advice: advice.to_string(),
        });
    }
    Ok(())
}

/// From the mover's point of view: `win in 2`, `loss in 1`, `estimate +1`.
pub(crate) fn outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { .. } => format!("win in {}", outcome.winner_moves().unwrap_or_default()),
        Outcome::Loss { .. } => format!("loss in {}", outcome.winner_moves().unwrap_or_default()),
        Outcome::Draw => "draw".into(),
        Outcome::Estimate { value } => format!("estimate {value:+}"),
    }
}

fn json_answer(decision: &Decision<u32>, tokens: u32) -> String {
    let best = decision.best();
    let document = json!({
        "take": best.mv,
        "left": tokens - best.mv,
        "value": best.value,
        "outcome": outcome(best.outcome),
        "optimal": decision.optimal().map(|r| format!("take {}", r.mv)).collect::<Vec<_>>(),
        "moves": decision.moves.iter().map(|r| json!({
            "move": format!("take {}", r.mv),
            "value": r.value,
            "outcome": outcome(r.outcome),
        })).collect::<Vec<_>>(),
    });
    let mut text = serde_json::to_string_pretty(&document).expect("JSON values always serialise");
    text.push('\n');
    text
}

fn explain(decision: &Decision<u32>, tokens: u32) -> String {
    let mut text = format!("{tokens} tokens, the player to move:\n\n");
    let _ = writeln!(
        text,
        "  {:<8}  {:>5}  outcome (for the player to move)",
        "move", "value"
    );
    for (index, rated) in decision.moves.iter().enumerate() {
        let marker = if index == decision.chosen { ">" } else { " " };
        let value = format!("{:+}", rated.value).replace("+0", "0");
        let _ = writeln!(
            text,
            "{marker} {:<8}  {value:>5}  {}",
            format!("take {}", rated.mv),
            outcome(rated.outcome)
        );
    }
    let optimal: Vec<String> = decision.optimal().map(|r| format!("take {}", r.mv)).collect();
    let _ = writeln!(
        text,
        "\nchosen: take {} (optimal: {})",
        decision.best().mv,
        optimal.join(", ")
    );
    text
}
