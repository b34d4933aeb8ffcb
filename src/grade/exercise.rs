//! The positions students are graded on: files, inline boards, and samples of the reachable ones.

use super::{GradeError, PositionInfo};
use crate::diagnostic::Report;
use crate::game::Game;
use crate::input;
use crate::search::decision::{decide, decide_solved, Decision};
use crate::search::solver::Solver;
use crate::search::Algorithm;
use crate::tictactoe::{reachable_positions, read_any, Coords, Mark, Move, Position, Shape, TicTacToe};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

/// A position to answer, the text a program receives for it, and its solution.
#[derive(Clone, Debug)]
pub struct Exercise {
    pub name: String,
    /// Exactly what `minimax < FILE` would read: the file's text, or the sheet's grid.
    pub text: String,
    pub position: Position,
    pub decision: Decision<Move>,
    pub hidden: bool,
}

impl Exercise {
    /// Reads, checks and solves a position text; `name` names it in reports and errors.
    pub fn new(name: String, text: String, hidden: bool) -> Result<Exercise, GradeError> {
        let position = read_any(&text, None, None).map_err(|problems| Report {
            source: name.clone(),
            what: "position",
            diagnostics: problems.into_iter().map(Into::into).collect(),
        })?;
        Exercise::solved(name, text, position, hidden)
    }

    fn solved(name: String, text: String, position: Position, hidden: bool) -> Result<Exercise, GradeError> {
        let shape = position.board.shape();
        let game = TicTacToe::new(shape);
        // The slides' alpha-beta on the sheet's board; the exact solver on bigger ones (the
        // same values and choice, in time).
        let decision = if shape == Shape::CLASSIC {
            decide(&game, &position, Algorithm::AlphaBeta)
        } else {
            let mut solver = Solver::new(&game, SOLVER_MIB);
            decide_solved(&mut solver, &game, &position).ok().flatten()
        };
        let decision = decision.ok_or_else(|| GradeError::Finished { name: name.clone() })?;
        Ok(Exercise {
            name,
            text,
            position,
            decision,
            hidden,
        })
    }

    /// A position file; `name` is what reports call it.
    pub fn from_file(path: &Path, name: String) -> Result<Exercise, GradeError> {
        let source = input::read(Some(path), &mut std::io::empty(), "position")?;
        Exercise::new(name, source.text, false)
    }

    pub fn info(&self, coords: Coords) -> PositionInfo {
        PositionInfo {
            name: self.name.clone(),
            board: self
                .position
                .board
                .to_string()
                .lines()
                .map(str::to_string)
                .collect(),
            to_move: self.position.to_move,
            optimal: self.optimal(coords),
            hidden: self.hidden,
        }
    }

    pub fn optimal(&self, coords: Coords) -> Vec<String> {
        self.decision
            .optimal()
            .map(|rated| rated.mv.display(coords).to_string())
            .collect()
    }
}

/// The reachable positions that still have a move: 4,520 on the classic board, in a fixed order.
pub fn open_positions() -> Vec<Position> {
    let game = TicTacToe::new(Shape::CLASSIC);
    reachable_positions(Shape::CLASSIC, Mark::X)
        .into_iter()
        .filter(|position| !game.is_terminal(position))
        .collect()
}

/// The solver's table for grading one position, in MiB.
const SOLVER_MIB: usize = 64;

/// `count` positions of `shape` reached by random play from the empty board (a random number
/// of moves, each a random legal move), still open and all different; the same for the same
/// seed. For boards whose positions cannot all be listed.
pub fn random_positions(shape: Shape, count: usize, seed: u64) -> Vec<Position> {
    let game = TicTacToe::new(shape);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = std::collections::HashSet::new();
    let mut chosen = Vec::new();
    let mut attempts = 0;
    while chosen.len() < count && attempts < count * 100 {
        attempts += 1;
        let length = rng.random_range(0..shape.cells() as usize);
        let mut position = Position::start(shape, Mark::X);
        for _ in 0..length {
            if game.is_terminal(&position) {
                break;
            }
            let moves: Vec<_> = game.moves(&position).collect();
            position = game.play(&position, moves[rng.random_range(0..moves.len())]);
        }
        if !game.is_terminal(&position) && seen.insert(position) {
            chosen.push(position);
        }
    }
    chosen
}

/// `count` open positions of `shape` as hidden exercises: on 3×3 drawn from every reachable
/// one ([`hidden_set`]), on bigger boards by random play ([`random_positions`]).
pub fn hidden_set_of(shape: Shape, count: Option<usize>, seed: u64) -> Vec<Exercise> {
    if shape == Shape::CLASSIC {
        return hidden_set(count, seed);
    }
    random_positions(shape, count.unwrap_or(0), seed)
        .into_iter()
        .filter_map(|position| {
            let name = position.board.rows().join("/");
            let text = format!("{}k: {}\n", position.board, shape.k);
            Exercise::solved(name, text, position, true).ok()
        })
        .collect()
}

/// `count` of the open positions drawn without repetition from `seed` (the same every run),
/// or all of them when `count` is `None`. Named by their one-line form.
pub fn hidden_set(count: Option<usize>, seed: u64) -> Vec<Exercise> {
    let open = open_positions();
    let chosen: Vec<Position> = match count {
        None => open,
        Some(count) => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut indices =
                rand::seq::index::sample(&mut rng, open.len(), count.min(open.len())).into_vec();
            indices.sort_unstable();
            indices.into_iter().map(|i| open[i]).collect()
        }
    };
    chosen
        .into_iter()
        .filter_map(|position| {
            let name = position.board.rows().join("/");
            Exercise::solved(name, position.board.to_string(), position, true).ok()
        })
        .collect()
}
