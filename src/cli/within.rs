//! `--time-limit` where pieces fall: the engine's column solver bounded by the clock, its
//! answer said to be proven or not, in words (solving, `--json` and `play` share them).

use super::Error;
use minimax_core::games::mnk::{Coords, Move};
use minimax_core::search::decision::Decision;
use serde_json::Value;
use std::time::Duration;

/// The answer's line: the move, or `best found in 1 s, not proven: X 4`.
pub(super) fn line(decision: &Decision<Move>, exact: bool, limit: Duration, coords: Coords) -> String {
    let chosen = decision.best().mv.display(coords);
    if exact {
        format!("{chosen}\n")
    } else {
        format!("best found in {}, not proven: {chosen}\n", seconds(limit))
    }
}

/// What `play` says after the machine's move: nothing when it is proven, else
/// ` (the best found in 2 s, not proven)` (the page says the same).
pub(super) fn aside(exact: bool, limit: Duration) -> String {
    if exact {
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
pub(super) fn json(rendered: &str, exact: bool, proven: &[bool]) -> Result<String, Error> {
    let mut document: Value = serde_json::from_str(rendered).map_err(Error::JsonReadBack)?;
    if let Some(fields) = document.as_object_mut() {
        // Beside the chosen move's outcome, which it qualifies.
        let at = fields
            .keys()
            .position(|key| key == "outcome")
            .map_or(fields.len(), |index| index + 1);
        fields.shift_insert(at, "exact".to_string(), Value::Bool(exact));
        if !exact {
            fields.insert("optimal".to_string(), Value::Array(Vec::new()));
        }
        if let Some(Value::Array(moves)) = fields.get_mut("moves") {
            for (rated, proven) in moves.iter_mut().zip(proven) {
                if let Some(rated) = rated.as_object_mut() {
                    rated.insert("proven".to_string(), Value::Bool(*proven));
                }
            }
        }
    }
    let mut text = serde_json::to_string_pretty(&document).map_err(Error::JsonWrite)?;
    text.push('\n');
    Ok(text)
}
