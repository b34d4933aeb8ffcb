//! `--time-limit` where pieces fall: the exact column solver bounded by the clock, its
//! answer said to be proven or not (solving, `--json` and `play` share it).

use super::engine::EngineArgs;
use super::Error;
use minimax_core::games::connect4::book::Book;
use minimax_core::games::connect4::budget::{decide_within, Budgeted};
use minimax_core::games::connect4::{ColumnSolver, Geometry};
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::{Coords, Position, Shape, TicTacToe};
use minimax_core::search::engine::Engine;
use minimax_core::search::Algorithm;
use serde_json::Value;
use std::time::Duration;

/// The column solver and its budget when `engine` asks for the solver with a clock (and no
/// depth) on a board where pieces fall; `None` otherwise (the clock then deepens the
/// evaluation's search, as the chapter teaches).
pub(super) fn bounded_solver(
    engine: &EngineArgs,
    algorithm: Algorithm,
    shape: Shape,
) -> Result<Option<(ColumnSolver, Duration)>, Error> {
    let (Some(ms), None, Algorithm::Solver) = (engine.time_limit, engine.depth, algorithm) else {
        return Ok(None);
    };
    let Some(geometry) = Geometry::of(shape) else {
        return Ok(None);
    };
    let solver = ColumnSolver::new(geometry, engine.hash as usize)
        .with_threads(engine.threads())
        .with_book(engine.book()?);
    Ok(Some((solver, Duration::from_millis(ms))))
}

/// The column solver for `play` where pieces fall and the solver is asked for without a
/// depth: bounded by `--time-limit`, or by `default` (the machine never stalls a game).
pub(super) fn playing_solver(
    engine: &Engine,
    shape: Shape,
    book: Option<&'static Book>,
    default: Duration,
) -> Option<(ColumnSolver, Duration)> {
    if engine.algorithm != Algorithm::Solver || engine.depth.is_some() {
        return None;
    }
    let solver = ColumnSolver::new(Geometry::of(shape)?, engine.hash_mib)
        .with_threads(engine.threads)
        .with_book(book);
    Some((solver, engine.time_limit.unwrap_or(default)))
}

/// The answer within `limit`, the weighted-lines evaluation choosing when the time runs out.
pub(super) fn answer(
    solver: &mut ColumnSolver,
    game: &TicTacToe,
    eval: &BoardEvaluation,
    position: &Position,
    limit: Duration,
) -> Option<Budgeted> {
    decide_within(solver, game, eval, position, limit)
}

/// The answer's line: the move, or `best found in 1 s, not proven: X 4`.
pub(super) fn line(answer: &Budgeted, limit: Duration, coords: Coords) -> String {
    let chosen = answer.decision.best().mv.display(coords);
    if answer.exact {
        format!("{chosen}\n")
    } else {
        format!("best found in {}, not proven: {chosen}\n", seconds(limit))
    }
}

/// What `play` says after the machine's move: nothing when it is proven, else
/// ` (the best found in 2 s, not proven)` (the page says the same).
pub(super) fn aside(answer: &Budgeted, limit: Duration) -> String {
    if answer.exact {
        String::new()
    } else {
        format!(" (the best found in {}, not proven)", seconds(limit))
    }
}

/// A budget in seconds as people write it: `1 s`, `0.2 s`, `2.5 s`.
pub(super) fn seconds(limit: Duration) -> String {
    let text = format!("{:.3}", limit.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

/// The solver's JSON (`render::json`) with `"exact"`, each move's `"proven"`, and no
/// `"optimal"` moves unless every move is proven (a key is never an unproven answer).
pub(super) fn json(rendered: &str, answer: &Budgeted) -> Result<String, Error> {
    let mut document: Value = serde_json::from_str(rendered)
        .map_err(|error| Error::Usage(format!("internal: the answer's JSON does not read back: {error}")))?;
    if let Some(fields) = document.as_object_mut() {
        // Beside the chosen move's outcome, which it qualifies.
        let at = fields
            .keys()
            .position(|key| key == "outcome")
            .map_or(fields.len(), |index| index + 1);
        fields.shift_insert(at, "exact".to_string(), Value::Bool(answer.exact));
        if !answer.exact {
            fields.insert("optimal".to_string(), Value::Array(Vec::new()));
        }
        if let Some(Value::Array(moves)) = fields.get_mut("moves") {
            for (rated, proven) in moves.iter_mut().zip(&answer.proven) {
                if let Some(rated) = rated.as_object_mut() {
                    rated.insert("proven".to_string(), Value::Bool(*proven));
                }
            }
        }
    }
    let mut text = serde_json::to_string_pretty(&document)
        .map_err(|error| Error::Usage(format!("internal: the answer's JSON: {error}")))?;
    text.push('\n');
    Ok(text)
}
