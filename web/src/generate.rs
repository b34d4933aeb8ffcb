//! New exercises, drawn as `minimax generate` draws them with the same options and seed.

use crate::error::{refusal, PageError};
use minimax_core::exercises::positions::{self, Spec};
use minimax_core::exercises::trees::{self, TreeSpec};
use minimax_core::games::mnk::render::outcome;
use minimax_core::games::mnk::{Coords, Shape};
use serde::Deserialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

/// `generate tree`'s options; `{"ok", "tree" (compact JSON text), "key"}` or `{"ok": false,
/// "message"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeOptions {
    depth: u32,
    branching: u32,
    values: (i64, i64),
    #[serde(default)]
    distinct: bool,
    #[serde(default)]
    pruned: Option<(usize, usize)>,
    seed: u64,
}

/// A new pruning exercise, as `minimax generate tree` draws it with the same options and
/// seed (MAX/MIN trees only; the page asks for nothing else).
#[wasm_bindgen]
pub fn generate_tree(request: &str) -> String {
    let options: TreeOptions = match serde_json::from_str(request) {
        Ok(options) => options,
        Err(error) => return refusal(&PageError::Request(error)),
    };
    let spec = TreeSpec {
        depth: options.depth,
        branching: options.branching,
        values: options.values,
        distinct: options.distinct,
        pruned: options.pruned,
        chance: 0,
        players: 2,
    };
    match trees::tree(spec, options.seed) {
        Ok(document) => json!({
            "ok": true,
            "tree": document["tree"].to_string(),
            "key": document["key"],
        })
        .to_string(),
        Err(error) => refusal(&PageError::Generate(error)),
    }
}

/// `generate positions`' options for one position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionOptions {
    cols: usize,
    rows: usize,
    #[serde(default)]
    k: Option<usize>,
    empty: (u32, u32),
    #[serde(default)]
    unique: bool,
    seed: u64,
}

/// A new position exercise, as `minimax generate positions --count 1` draws it with the same
/// options and seed: `{"ok", "board" (one line), "to_move", "k" (when not the shorter side),
/// "optimal", "outcome"}` or `{"ok": false, "message"}`.
#[wasm_bindgen]
pub fn generate_position(request: &str) -> String {
    let options: PositionOptions = match serde_json::from_str(request) {
        Ok(options) => options,
        Err(error) => return refusal(&PageError::Request(error)),
    };
    let shape = match Shape::with_rules(options.cols, options.rows, options.k, false) {
        Ok(shape) => shape,
        Err(error) => return json!({ "ok": false, "message": error.to_string() }).to_string(),
    };
    let spec = Spec {
        shape,
        count: 1,
        empty: options.empty,
        unique: options.unique,
        fate: None,
    };
    let Some(generated) = positions::positions(spec, options.seed).into_iter().next() else {
        return json!({ "ok": false, "message": "no such position was found: widen the empty cells or drop the one optimal move" }).to_string();
    };
    let coords = Coords::ColRow;
    let mover = generated.position.to_move;
    let best = generated.decision.best();
    json!({
        "ok": true,
        "board": generated.position.board.rows().join("/"),
        "to_move": mover.to_string(),
        "k": (usize::from(shape.k) != usize::from(shape.cols.min(shape.rows))).then_some(shape.k),
        "optimal": generated.decision.optimal().map(|rated| rated.mv.display(coords).to_string()).collect::<Vec<_>>(),
        "outcome": outcome(best.outcome, mover),
    })
    .to_string()
}
