//! The output forms of an answer beyond the action and the next board (which the CLI writes
//! itself): outcomes in words, JSON, and an explanation.
//!
//! ```
//! use minimax_core::games::mnk::{read_position, render, Shape};
//!
//! let won = read_position("X X X\nO O -\n- - -\n", Shape::CLASSIC, None).unwrap();
//! assert!(render::game_over(&won).is_some());
//! let open = read_position("X X -\n- O O\n- - -\n", Shape::CLASSIC, None).unwrap();
//! assert_eq!(render::game_over(&open), None);
//! ```

use crate::games::mnk::{Coords, Mark, Move, Position, Status};
use crate::search::decision::Decision;
use crate::search::distance::Outcome;
use crate::search::mcts::Search;
use serde::Serialize;
use std::fmt::Write;

/// How the game ends after a move, in words: `X wins in 2`, `draw`.
pub fn outcome(outcome: Outcome, mover: Mark) -> String {
    let winner = match outcome {
        Outcome::Win { .. } => mover,
        Outcome::Loss { .. } => mover.opponent(),
        Outcome::Draw => return "draw".to_string(),
        Outcome::Estimate { value } => return format!("estimate {value:+}"),
    };
    let moves = outcome.winner_moves().unwrap_or_default();
    format!("{winner} wins in {moves}")
}

/// Why a finished position has no move: `X has won (row 1)` or a draw.
pub fn game_over(position: &Position) -> Option<String> {
    match position.status() {
        Status::Ongoing => None,
        Status::Won { mark, line } => Some(format!(
            "the game is over: {mark} has won ({})",
            line.describe(position.board.shape())
        )),
        Status::Draw => Some("the game is over: draw, the board is full".to_string()),
    }
}

#[derive(Serialize)]
struct JsonAnswer {
    player: Mark,
    column: u8,
    /// Left out where pieces fall: the column is the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    row: Option<u8>,
    value: i32,
    outcome: String,
    optimal: Vec<String>,
    moves: Vec<JsonMove>,
    board: Vec<String>,
}

#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: String,
    value: i32,
    outcome: String,
}

impl Serialize for Mark {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Everything a grader needs: the chosen move, its value, and every optimal move.
pub fn json(position: &Position, decision: &Decision<Move>, coords: Coords) -> String {
    let mover = position.to_move;
    let best = decision.best();
    let answer = JsonAnswer {
        player: mover,
        column: best.mv.square.col + 1,
        row: (coords != Coords::Column).then_some(best.mv.square.row + 1),
        value: best.value,
        outcome: outcome(best.outcome, mover),
        optimal: decision
            .optimal()
            .map(|rated| rated.mv.display(coords).to_string())
            .collect(),
        moves: decision
            .moves
            .iter()
            .map(|rated| JsonMove {
                mv: rated.mv.display(coords).to_string(),
                value: rated.value,
                outcome: outcome(rated.outcome, mover),
            })
            .collect(),
        board: position.play(best.mv.square).board.rows(),
    };
    let mut text = serde_json::to_string_pretty(&answer).expect("answers always serialise");
    text.push('\n');
    text
}

/// A readable table of every legal move, the chosen one marked, and the principal variation.
pub fn explain(position: &Position, decision: &Decision<Move>, line: &[Move], coords: Coords) -> String {
    let mover = position.to_move;
    let mut text = format!("{mover} to move in\n{}\n", position.board);
    let order = match coords {
        Coords::ColRow => "column row",
        Coords::RowCol => "row column",
        Coords::Column => "column",
    };
    let heading = format!("move ({order})");
    let width = heading.len();
    let _ = writeln!(text, "  {heading}  value  outcome");
    for (index, rated) in decision.moves.iter().enumerate() {
        let marker = if index == decision.chosen { ">" } else { " " };
        let value = format!("{:+}", rated.value).replace("+0", "0");
        let _ = writeln!(
            text,
            "{marker} {:<width$}  {value:>5}  {}",
            rated.mv.display(coords).to_string(),
            outcome(rated.outcome, mover)
        );
    }
    let optimal: Vec<String> = decision
        .optimal()
        .map(|r| r.mv.display(coords).to_string())
        .collect();
    let _ = writeln!(
        text,
        "\nchosen: {} (optimal: {})",
        decision.best().mv.display(coords),
        optimal.join(", ")
    );
    if !line.is_empty() {
        let moves: Vec<String> = line.iter().map(|mv| mv.display(coords).to_string()).collect();
        let end = position_after(position, line).unwrap_or_else(|| "unfinished".to_string());
        let _ = writeln!(text, "principal variation: {} ({end})", moves.join(", "));
    }
    text
}

fn position_after(position: &Position, line: &[Move]) -> Option<String> {
    let last = line
        .iter()
        .fold(*position, |position, mv| position.play(mv.square));
    match last.status() {
        Status::Won { mark, .. } => Some(format!("{mark} wins")),
        Status::Draw => Some("draw".to_string()),
        Status::Ongoing => None,
    }
}

/// MCTS's answer as JSON: the move, and every root move's visits and mean reward.
pub fn mcts_json(position: &Position, search: &Search<Move>, coords: Coords) -> String {
    let chosen = &search.moves[search.chosen];
    let mut document = serde_json::json!({
        "player": position.to_move.to_string(),
        "column": chosen.mv.square.col + 1,
        "row": chosen.mv.square.row + 1,
        "algorithm": "mcts",
        "moves": search.moves.iter().map(|s| serde_json::json!({
            "move": s.mv.display(coords).to_string(),
            "visits": s.visits,
            "mean": (s.mean * 1000.0).round() / 1000.0,
        })).collect::<Vec<_>>(),
        "board": position.play(chosen.mv.square).board.rows(),
    });
    if coords == Coords::Column {
        document.as_object_mut().map(|fields| fields.shift_remove("row"));
    }
    let mut text = serde_json::to_string_pretty(&document).expect("JSON values always serialise");
    text.push('\n');
    text
}

/// MCTS's statistics of every root move, the chosen (most visited) one marked.
pub fn mcts_explain(position: &Position, search: &Search<Move>, coords: Coords) -> String {
    let mut text = format!("{} to move in\n{}\n", position.to_move, position.board);
    let _ = writeln!(
        text,
        "  {:<17}  {:>7}  mean reward (1 win, 0.5 draw, 0 loss)",
        "move", "visits"
    );
    for (index, stats) in search.moves.iter().enumerate() {
        let marker = if index == search.chosen { ">" } else { " " };
        let _ = writeln!(
            text,
            "{marker} {:<17}  {:>7}  {:.3}",
            stats.mv.display(coords).to_string(),
            stats.visits,
            stats.mean
        );
    }
    let _ = writeln!(
        text,
        "\nchosen: {} (the most visited)",
        search.moves[search.chosen].mv.display(coords)
    );
    text
}
