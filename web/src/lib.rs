//! `minimax-web`: the page's bindings over `minimax-core`. Every function takes JSON text and
//! gives JSON text, so that the page (web/page/) asks the very code the CLI and the grader
//! run: the same reading and legality messages, the same solvers and tie-break, the same
//! verdicts and diagnoses, the same figures.
//!
//! Requests and answers are described on each function; user errors (a bad position, an
//! unreadable tree) are answers with `"ok": false` and the CLI's message in `"report"`,
//! never exceptions.

use minimax_core::exercises::positions::{self, Spec};
use minimax_core::exercises::tree_answers::{TreeExercise, FIELDS};
use minimax_core::exercises::trees::{self, TreeSpec, TreeSpecError};
use minimax_core::figures;
use minimax_core::game::Game;
use minimax_core::games::board_engine::BoardEngine;
use minimax_core::games::mnk::eval::BoardEvaluation;
use minimax_core::games::mnk::render::outcome;
use minimax_core::games::mnk::{read_any, Coords, Mark, Move, Position, Rules, Shape, Status, TicTacToe};
use minimax_core::gradable::Gradable;
use minimax_core::grading::Gato;
use minimax_core::notation::diagnostic::{Diagnostic, Report};
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::decision::{Decision, RatedMove};
use minimax_core::search::engine::{Answer, Engine, Strategy};
use minimax_core::search::Algorithm;
use minimax_core::tree::solve::{number, solve, Solution, StepEvent, TreeSearch, TreeSearchError};
use minimax_core::tree::{self, render, Kind, Tree, MAX, MIN};
use serde::Deserialize;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The solver's table in the browser, in MiB: the grader's size (the CLI's default, 256, is
/// more memory than a phone tab should take).
const TABLE_MIB: usize = 64;
/// How a report names what the page was given (then left out: the page shows where it is).
const SOURCE: &str = "<page>";

// ---------------------------------------------------------------------------------------
// Positions.

/// Why the page's request is not answered; the page shows its text as the `report` (or
/// `message`) of an answer with `"ok": false`, turned into a string only there.
#[derive(Debug, thiserror::Error)]
enum PageError {
    /// The request is not the JSON the function reads.
    #[error("request: {0}")]
    Request(serde_json::Error),
    /// `first` names no side.
    #[error("first: `{0}` is not X or O")]
    First(String),
    /// The position or tree does not read: the CLI's report, without the source it names.
    #[error("{}", report(.0))]
    Unreadable(Report),
    /// The search ended before every move was valued.
    #[error("the search stopped before valuing every move")]
    Stopped,
    /// `cutoff` is neither `inclusive` nor `strict`.
    #[error("cutoff: `{0}` is inclusive or strict")]
    Cutoff(String),
    /// `root` is neither `max` nor `min`.
    #[error("root: `{0}` is max or min")]
    Root(String),
    /// `algorithm` is neither `alphabeta` nor `minimax`.
    #[error("algorithm: `{0}` is alphabeta or minimax")]
    Algorithm(String),
    /// `field` is not an answer a tree exercise asks for.
    #[error("field: `{0}` is one of {fields}", fields = FIELDS.join(", "))]
    Field(String),
    /// The tree is not searched with the algorithm asked.
    #[error(transparent)]
    Search(#[from] TreeSearchError),
    /// No tree is generated with these options.
    #[error(transparent)]
    Generate(#[from] TreeSpecError),
}

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

/// A report as the CLI prints it after `minimax: <file>: `.
fn report(report: &Report) -> String {
    let text = report.to_string();
    text.strip_prefix(&format!("{SOURCE}: "))
        .map(str::to_string)
        .unwrap_or(text)
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

// ---------------------------------------------------------------------------------------
// Trees.

/// A tree and how to search it, as `minimax tree`'s options say it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeRequest {
    /// The tree as the CLI's JSON.
    tree: String,
    /// `alphabeta` (the default) or `minimax`; chance trees take expectiminimax and trees
    /// of several players max^n whatever is asked, as the CLI does when nothing is.
    #[serde(default)]
    algorithm: Option<String>,
    /// `inclusive` (the slides', the default) or `strict`.
    #[serde(default)]
    cutoff: Option<String>,
    /// `max` (the default) or `min`.
    #[serde(default)]
    root: Option<String>,
    /// For [`tree_figure`]: the figure after this many steps of the trace.
    #[serde(default)]
    step: Option<usize>,
    /// For [`diagnose_tree_answer`]: `value`, `move`, `pruned` or `visited`, and the answer.
    #[serde(default)]
    field: Option<String>,
    #[serde(default)]
    answer: Option<String>,
}

/// A tree read and solved, or the message that says why not.
struct Solved {
    tree: Tree,
    solution: Solution,
    cutoff: Cutoff,
}

impl TreeRequest {
    fn cutoff(&self) -> Result<Cutoff, PageError> {
        match self.cutoff.as_deref() {
            None | Some("inclusive") => Ok(Cutoff::Inclusive),
            Some("strict") => Ok(Cutoff::Strict),
            Some(other) => Err(PageError::Cutoff(other.to_string())),
        }
    }

    fn solve(&self) -> Result<Solved, PageError> {
        let root = match self.root.as_deref() {
            None | Some("max") => MAX,
            Some("min") => MIN,
            Some(other) => return Err(PageError::Root(other.to_string())),
        };
        let requested = match self.algorithm.as_deref() {
            None | Some("alphabeta") => None,
            Some("minimax") => Some(Algorithm::Minimax),
            Some(other) => return Err(PageError::Algorithm(other.to_string())),
        };
        let cutoff = self.cutoff()?;
        let tree = tree::parse(&self.tree, root).map_err(|diagnostics| {
            PageError::Unreadable(Report {
                source: SOURCE.to_string(),
                what: "tree",
                diagnostics,
            })
        })?;
        let algorithm = TreeSearch::for_tree(&tree, requested, cutoff)?;
        let solution = solve(&tree, algorithm);
        Ok(Solved {
            tree,
            solution,
            cutoff,
        })
    }
}

/// A request not answered, as the page reads it: the error's text is the `report`.
fn failure(error: &PageError) -> String {
    json!({ "ok": false, "report": error.to_string() }).to_string()
}

/// A new exercise not drawn, as the page reads it: the error's text is the `message`.
fn refusal(error: &PageError) -> String {
    json!({ "ok": false, "message": error.to_string() }).to_string()
}

fn tree_request(request: &str) -> Result<TreeRequest, PageError> {
    serde_json::from_str(request).map_err(PageError::Request)
}

/// A tree solved: `{"ok", "algorithm", "text" (what `minimax tree` prints), "key" (what
/// `--format json` prints), "nodes" ([{name, role, children}]), "steps" (the trace, one
/// entry a line: {event, node, depth, alpha, beta, value, test, pruned, line})}`.
#[wasm_bindgen]
pub fn solve_tree(request: &str) -> String {
    let solved = match tree_request(request).and_then(|request| request.solve()) {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let Solved { tree, solution, .. } = &solved;
    let name = |id: usize| tree.node(id).name.clone();
    let nodes: Vec<Value> = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| {
            json!({
                "name": node.name,
                "role": tree.role(id),
                "children": node.children,
                "leaf": matches!(node.kind, Kind::Leaf(_)),
            })
        })
        .collect();
    let steps: Vec<Value> = solution
        .steps
        .iter()
        .zip(&solution.trace)
        .map(|(step, line)| {
            json!({
                "event": match step.event {
                    StepEvent::Enter => "enter",
                    StepEvent::Update => "update",
                    StepEvent::Cut => "cut",
                    StepEvent::Leave => "leave",
                },
                "node": step.node,
                "depth": step.depth,
                "alpha": step.window.map(|(alpha, _)| number(alpha)),
                "beta": step.window.map(|(_, beta)| number(beta)),
                "test": step.test,
                "pruned": step.pruned.iter().map(|&id| name(id)).collect::<Vec<_>>(),
                "line": line,
            })
        })
        .collect();
    json!({
        "ok": true,
        "algorithm": solution.algorithm.name(),
        "text": render::text(tree, solution),
        "key": render::json_document(tree, solution),
        "nodes": nodes,
        "steps": steps,
    })
    .to_string()
}

/// The figure of `tree --format svg` as the search stands after `step` lines of its trace:
/// the values backed up so far, the edges pruned so far dashed; after the last step, the
/// figure itself (the chosen path bold). `{"ok", "svg"}`.
#[wasm_bindgen]
pub fn tree_figure(request: &str) -> String {
    let request = match tree_request(request) {
        Ok(request) => request,
        Err(error) => return failure(&error),
    };
    let solved = match request.solve() {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let Solved { tree, solution, .. } = &solved;
    let step = request.step.unwrap_or(usize::MAX);
    let svg = if step >= solution.steps.len() {
        figures::tree::svg(tree, solution)
    } else {
        figures::tree::svg(tree, &partial(solution, step))
    };
    json!({ "ok": true, "svg": svg }).to_string()
}

/// What the search knows after `steps` lines of its trace: the values of the nodes it has
/// left, the subtrees it has pruned; no move chosen yet.
fn partial(solution: &Solution, steps: usize) -> Solution {
    let done = &solution.steps[..steps];
    let left: HashSet<usize> = done
        .iter()
        .filter(|step| step.event == StepEvent::Leave)
        .map(|step| step.node)
        .collect();
    let values: HashMap<usize, Vec<f64>> = solution
        .values
        .iter()
        .filter(|(id, _)| left.contains(id))
        .map(|(id, value)| (*id, value.clone()))
        .collect();
    Solution {
        algorithm: solution.algorithm,
        value: solution.value.clone(),
        best: None,
        visited: Vec::new(),
        pruned: done.iter().flat_map(|step| step.pruned.iter().copied()).collect(),
        values,
        trace: Vec::new(),
        steps: Vec::new(),
    }
}

/// The grader's verdict on one answer to a tree (`field`: value, move, pruned or visited):
/// `{"ok", "verdict" (right|wrong), "answer" (as read, or null when unreadable), "key",
/// "detail" (`minimax check`'s sentence), "diagnosis" (a mistake's code, or null)}`.
#[wasm_bindgen]
pub fn diagnose_tree_answer(request: &str) -> String {
    let request = match tree_request(request) {
        Ok(request) => request,
        Err(error) => return failure(&error),
    };
    let field = request.field.clone().unwrap_or_default();
    if !FIELDS.contains(&field.as_str()) {
        return failure(&PageError::Field(field));
    }
    let solved = match request.solve() {
        Ok(solved) => solved,
        Err(error) => return failure(&error),
    };
    let exercise = TreeExercise::new(String::new(), solved.tree, solved.cutoff);
    let judged = exercise.judge(&field, request.answer.as_deref().unwrap_or(""));
    json!({
        "ok": true,
        "verdict": judged.verdict.name(),
        "answer": judged.answer,
        "key": judged.key,
        "detail": judged.detail,
        "diagnosis": judged.diagnosis.map(|mistake| mistake.code()),
    })
    .to_string()
}

// ---------------------------------------------------------------------------------------
// New exercises.

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

    #[test]
    fn the_lecture_tree_has_a_step_per_trace_line_and_the_cli_result() {
        let solved = parsed(&solve_tree(r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]"}"#));
        assert_eq!(solved["text"], "value: 3\nmove: 1\npruned: 2.2, 2.3\n");
        let steps = solved["steps"].as_array().unwrap();
        let cut = steps.iter().find(|step| step["event"] == "cut").unwrap();
        assert_eq!(cut["test"], "v = 2 ≤ α = 3");
        assert_eq!(cut["pruned"], json!(["2.2", "2.3"]));
        let before = parsed(&tree_figure(
            r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "step": 0}"#,
        ));
        assert!(!before["svg"].as_str().unwrap().contains("stroke-dasharray"));
        let after = parsed(&tree_figure(r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]"}"#));
        assert_eq!(
            after["svg"].as_str().unwrap().matches("stroke-dasharray").count(),
            2
        );
    }

    #[test]
    fn what_the_page_cannot_answer_is_said_in_the_same_words() {
        let tree = r#""tree": "[[3,12,8],[2,4,6],[14,5,2]]""#;
        let refused = |answer: String| parsed(&answer)["report"].as_str().unwrap().to_string();
        assert_eq!(
            refused(solve_tree(&format!(r#"{{{tree}, "cutoff": "loose"}}"#))),
            "cutoff: `loose` is inclusive or strict"
        );
        assert_eq!(
            refused(tree_figure(&format!(r#"{{{tree}, "root": "mid"}}"#))),
            "root: `mid` is max or min"
        );
        assert_eq!(
            refused(diagnose_tree_answer(&format!(r#"{{{tree}, "field": "best"}}"#))),
            "field: `best` is one of value, move, pruned, visited"
        );
        assert!(refused(solve_tree(r#"{"tree": "[[3,"}"#)).starts_with("bad tree"));
        assert_eq!(
            refused(PositionSearch::new(r#"{"position": "---/---/---", "first": "Z"}"#).finish()),
            "first: `Z` is not X or O"
        );
        let drawn = parsed(&generate_tree(
            r#"{"depth": 2, "branching": 3, "values": [0, 5], "distinct": true, "seed": 1}"#,
        ));
        assert_eq!(
            drawn,
            json!({ "ok": false, "message": "9 distinct leaf values do not fit in 0..5: widen --values or drop --distinct" })
        );
    }

    #[test]
    fn a_pruning_answer_gets_the_graders_diagnosis() {
        let judged = parsed(&diagnose_tree_answer(
            r#"{"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "field": "pruned", "answer": "ninguno"}"#,
        ));
        assert_eq!(judged["verdict"], "wrong");
        assert_eq!(judged["diagnosis"], "no-pruning");
    }
}
