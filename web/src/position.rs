//! A position as the page asks it: read as the CLI reads it, searched one legal move a step
//! (so that the page's worker can say how far it has got), answered with every move's value
//! and the line, and an answer judged as `minimax check` judges it.

use crate::error::{failure, PageError, SOURCE};
use minimax_core::game::Game;
use minimax_core::games::board_engine::BoardEngine;
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::render::outcome;
use minimax_core::games::mnk::{read_any, Coords, Mark, Move, Position, Rules, Shape, Status, TicTacToe};
use minimax_core::gradable::Gradable;
use minimax_core::grading::Gato;
use minimax_core::notation::diagnostic::{Diagnostic, Report};
use minimax_core::search::decision::{Decision, RatedMove};
use minimax_core::search::engine::{Answer, Engine, Strategy};
use serde::Deserialize;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The solver's table in the browser, in MiB: the grader's size (the CLI's default, 256, is
/// more memory than a phone tab should take).
const TABLE_MIB: usize = 64;

/// A position as the page holds it (and its URL says it).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    /// Any form `minimax` reads: a grid, one line (`XX-/-OO/---`), or JSON.
    #[serde(default)]
    position: Option<String>,
    /// A Connect Four game as its columns, `4453`.
    #[serde(default)]
    moves: Option<String>,
    /// `connect4`, or the m×n,k game (`mnk`, the default).
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    k: Option<usize>,
    #[serde(default)]
    gravity: Option<bool>,
    /// The side that opened the game (`--first`).
    #[serde(default)]
    first: Option<String>,
    /// Where pieces fall: answer within this many milliseconds (`--time-limit`), saying
    /// whether the answer is proven; absent, exactly however long it takes.
    #[serde(default)]
    budget_ms: Option<u64>,
}

impl PositionRequest {
    /// The rules as `minimax --game … --k … --gravity` gives them.
    fn rules(&self) -> Rules {
        let base = if self.game.as_deref() == Some("connect4") {
            Rules::CONNECT_FOUR
        } else {
            Rules::default()
        };
        Rules {
            k: self.k.or(base.k),
            gravity: base.gravity || self.gravity.unwrap_or(false),
            size: base.size,
        }
    }

    /// The text the CLI would read for the same position.
    fn text(&self) -> String {
        match (&self.moves, &self.position) {
            (Some(moves), _) => json!({ "moves": moves }).to_string(),
            (None, Some(text)) => text.clone(),
            (None, None) => String::new(),
        }
    }

    fn read(&self) -> Result<Position, PageError> {
        let first = match self.first.as_deref() {
            None | Some("") => None,
            Some(text) => Some(
                text.parse::<Mark>()
                    .map_err(|_| PageError::First(text.to_string()))?,
            ),
        };
        read_any(&self.text(), self.rules(), first).map_err(|problems| {
            PageError::Unreadable(Report {
                source: SOURCE.to_string(),
                what: "position",
                diagnostics: problems.into_iter().map(Diagnostic::from).collect(),
            })
        })
    }
}

thread_local! {
    /// One game per board shape, kept for the page's life: a search borrows its game, and
    /// there are only so many shapes (3×3 to 8×8, each k, with or without gravity).
    static GAMES: RefCell<HashMap<Shape, &'static TicTacToe>> = RefCell::new(HashMap::new());
}

fn game_of(shape: Shape) -> &'static TicTacToe {
    GAMES.with(|games| {
        *games
            .borrow_mut()
            .entry(shape)
            .or_insert_with(|| Box::leak(Box::new(TicTacToe::new(shape))))
    })
}

/// A position being solved, one legal move at a time, so that the page's worker can say how
/// far it has got (and be stopped between moves).
#[wasm_bindgen]
pub struct PositionSearch {
    state: Result<Solving, PageError>,
}

struct Solving {
    position: Position,
    /// The engine on the board, as `minimax` runs it by default: its table chooses the
    /// search (the slides' alpha-beta on 3×3, the exact solver elsewhere, the column solver
    /// within the budget where pieces fall).
    search: BoardEngine<'static>,
    legal: Vec<Move>,
    rated: Vec<RatedMove<Move>>,
    decision: Option<Decision<Move>>,
    /// Within a budget: each move's proof, and whether all are proven.
    proven: Option<(Vec<bool>, bool)>,
}

#[wasm_bindgen]
impl PositionSearch {
    /// Reads the position of `request` (a [`PositionRequest`] as JSON); nothing is searched yet.
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> PositionSearch {
        let state = serde_json::from_str::<PositionRequest>(request)
            .map_err(PageError::Request)
            .and_then(|request| Ok((request.read()?, request.budget_ms)))
            .map(|(position, budget)| {
                let shape = position.board.shape();
                let game = game_of(shape);
                let engine = Engine {
                    time_limit: budget.map(Duration::from_millis),
                    hash_mib: TABLE_MIB,
                    ..Engine::default()
                };
                let search = engine.board(game, BoardEvaluation::default_for(shape));
                let legal = if game.is_terminal(&position) {
                    Vec::new()
                } else {
                    game.moves(&position).collect()
                };
                Solving {
                    position,
                    search,
                    legal,
                    rated: Vec::new(),
                    decision: None,
                    proven: None,
                }
            });
        PositionSearch { state }
    }

    /// Steps in all: the legal moves to value where the exact solver values them one at a
    /// time, else one (the sheet's quick search, or a search within the budget).
    pub fn total(&self) -> usize {
        match &self.state {
            Ok(solving) if solving.stepwise() => solving.legal.len(),
            Ok(solving) => 1.min(solving.legal.len()),
            Err(_) => 0,
        }
    }

    /// Steps done.
    pub fn done(&self) -> usize {
        match &self.state {
            Ok(solving) if solving.stepwise() => solving.rated.len(),
            Ok(solving) => usize::from(solving.decision.is_some()),
            Err(_) => 0,
        }
    }

    /// Values the next legal move; false when every move is valued.
    pub fn step(&mut self) -> bool {
        let Ok(solving) = &mut self.state else {
            return false;
        };
        if solving.decision.is_some() || solving.legal.is_empty() {
            return false;
        }
        let stepwise = solving.stepwise();
        let stepped = match solving.search.solver_mut().filter(|_| stepwise) {
            Some(exact) => {
                let mv = solving.legal[solving.rated.len()];
                exact.rate(&solving.position, mv).map(|rated| {
                    solving.rated.push(rated);
                    if solving.rated.len() == solving.legal.len() {
                        let nodes = exact.stats().nodes;
                        solving.decision = Decision::choose(std::mem::take(&mut solving.rated), nodes);
                    }
                })
            }
            None => solving.search.answer(&solving.position).map(|answer| {
                if let Some(Answer::Search {
                    decision,
                    exact,
                    proven,
                    ..
                }) = answer
                {
                    // Estimates where the budget ran out, proofs elsewhere.
                    if !exact || proven.is_some() {
                        let proven = proven.unwrap_or_else(|| vec![false; decision.moves.len()]);
                        solving.proven = Some((proven, exact));
                    }
                    solving.decision = Some(decision);
                }
            }),
        };
        match stepped {
            Ok(()) => solving.decision.is_none() && stepwise,
            // No node limit is set and no proof is required, so this is not expected; said,
            // not panicked.
            Err(_) => {
                self.state = Err(PageError::Stopped);
                false
            }
        }
    }

    /// The position and every move's value, as JSON (runs the search to the end first).
    pub fn finish(&mut self) -> String {
        while self.step() {}
        match &mut self.state {
            Err(error) => failure(error),
            Ok(solving) => solving.answer().to_string(),
        }
    }

    /// The grader's verdict on `answer` (`X 3 1`, any spelling `minimax check` reads).
    pub fn judge(&mut self, answer: &str) -> String {
        while self.step() {}
        match &self.state {
            Err(error) => failure(error),
            Ok(solving) if solving.proven.as_ref().is_some_and(|(_, exact)| !exact) => json!({
                "ok": false,
                "report": "the machine's answer within its time is not proven: switch on the exact search to check answers",
            })
            .to_string(),
            Ok(solving) => match &solving.decision {
                None => json!({
                    "ok": false,
                    "report": game_over_text(&solving.position).unwrap_or_default(),
                })
                .to_string(),
                Some(decision) => {
                    let gato = Gato {
                        node_limit: None,
                        rules: Rules::of(solving.position.board.shape()),
                    };
                    let judgement = gato.judge(&solving.position, decision, answer, Coords::ColRow);
                    json!({
                        "ok": true,
                        "verdict": judgement.verdict.name(),
                        "answer": judgement.answer,
                        "detail": judgement.detail,
                    })
                    .to_string()
                }
            },
        }
    }
}

impl Solving {
    /// Whether the exact solver values the moves one at a time (the page shows how far).
    fn stepwise(&self) -> bool {
        self.search.strategy() == Strategy::Solver
    }
}

fn game_over_text(position: &Position) -> Option<String> {
    minimax_core::games::mnk::render::game_over(position)
}

impl Solving {
    fn coords(&self) -> Coords {
        Coords::ColRow.on(self.position.board.shape().gravity)
    }

    fn answer(&mut self) -> Value {
        let position = self.position;
        let shape = position.board.shape();
        let coords = self.coords();
        let cells: Vec<String> = position.board.rows();
        let over = match position.status() {
            Status::Ongoing => Value::Null,
            Status::Won { mark, line } => json!({
                "winner": mark.to_string(),
                "message": game_over_text(&position),
                "line": line_cells(&position, line),
            }),
            Status::Draw => json!({ "winner": null, "message": game_over_text(&position) }),
        };
        let mut document = json!({
            "ok": true,
            "cols": shape.cols,
            "rows": shape.rows,
            "k": shape.k,
            "gravity": shape.gravity,
            "cells": cells,
            "to_move": position.to_move.to_string(),
            "over": over,
            "moves": [],
            "answer": null,
            "optimal": [],
            "pv": [],
            "pv_end": null,
        });
        let Some(decision) = self.decision.clone() else {
            return document;
        };
        let mover = position.to_move;
        let proven = self.proven.clone();
        let moves: Vec<Value> = decision
            .moves
            .iter()
            .enumerate()
            .map(|(index, rated)| {
                let mut rated = json!({
                    "move": rated.mv.display(coords).to_string(),
                    "column": rated.mv.square.col + 1,
                    "row": rated.mv.square.row + 1,
                    "value": rated.value,
                    "outcome": outcome(rated.outcome, mover),
                    "board_after": position.play(rated.mv.square).board.rows().join("/"),
                });
                if let Some((proven, _)) = &proven {
                    rated["proven"] = json!(proven[index]);
                }
                rated
            })
            .collect();
        // Where the values are estimates (within a budget), the line is not searched: the
        // chosen move alone.
        let exact = proven.as_ref().is_none_or(|(_, exact)| *exact);
        let mut line = self
            .search
            .principal_variation(&position, &decision, exact)
            .unwrap_or_default();
        if line.is_empty() {
            line.push(decision.best().mv);
        }
        let end = line
            .iter()
            .fold(position, |position, mv| position.play(mv.square));
        let pv_end = match end.status() {
            Status::Won { mark, .. } => format!("{mark} wins"),
            Status::Draw => "draw".to_string(),
            Status::Ongoing => "unfinished".to_string(),
        };
        document["moves"] = Value::Array(moves);
        document["answer"] = json!(decision.best().mv.display(coords).to_string());
        document["value"] = json!(decision.value());
        document["optimal"] = decision
            .optimal()
            .filter(|_| proven.as_ref().is_none_or(|(_, exact)| *exact))
            .map(|rated| Value::String(rated.mv.display(coords).to_string()))
            .collect();
        document["exact"] = json!(proven.as_ref().is_none_or(|(_, exact)| *exact));
        document["pv"] = line
            .iter()
            .map(|mv| Value::String(mv.display(coords).to_string()))
            .collect();
        document["pv_end"] = json!(pv_end);
        document
    }
}

/// The cells of a winning line, 1-based (column, row).
fn line_cells(position: &Position, line: minimax_core::games::mnk::Line) -> Vec<[u8; 2]> {
    let shape = position.board.shape();
    (0..shape.rows)
        .flat_map(|row| (0..shape.cols).map(move |col| (col, row)))
        .filter(|&(col, row)| {
            line.mask & (1u64 << shape.index(minimax_core::games::mnk::Square::new(col, row))) != 0
        })
        .map(|(col, row)| [col + 1, row + 1])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn the_sheet_example_is_answered_move_by_move_as_the_cli_answers_it() {
        let mut search = PositionSearch::new(r#"{"position": "XX-/-OO/---", "k": 3}"#);
        assert_eq!(search.total(), 1);
        let answer = parsed(&search.finish());
        assert_eq!(answer["answer"], "X 3 1");
        assert_eq!(answer["optimal"], json!(["X 3 1", "X 1 2"]));
        assert_eq!(answer["pv_end"], "X wins");
        let judged = parsed(&search.judge("x,1,2"));
        assert_eq!(judged["verdict"], "optimal");
    }

    #[test]
    fn a_bigger_board_is_searched_one_legal_move_a_step() {
        let mut search = PositionSearch::new(r#"{"position": "X---/-O--/--X-/---O", "k": 3}"#);
        assert_eq!(search.total(), 12);
        let mut steps = 0;
        while search.step() {
            steps += 1;
            assert_eq!(search.done(), steps);
        }
        assert_eq!(parsed(&search.finish())["answer"], "X 3 1");
    }

    #[test]
    fn a_bad_position_gets_the_cli_message_and_no_search() {
        let mut search = PositionSearch::new(r#"{"position": "XXX/OO-/O--"}"#);
        assert_eq!(search.total(), 0);
        let answer = parsed(&search.finish());
        assert_eq!(answer["ok"], false);
        assert!(answer["report"]
            .as_str()
            .unwrap()
            .starts_with("bad position: X has 3 in a row"));
    }

    #[test]
    fn a_request_with_a_misspelt_field_is_refused_not_guessed() {
        let answer = parsed(&PositionSearch::new(r#"{"positon": "---/---/---"}"#).finish());
        assert!(answer["report"].as_str().unwrap().contains("unknown field"));
    }
}
