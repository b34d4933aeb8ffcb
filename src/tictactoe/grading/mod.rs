//! Tic-tac-toe of any size as the grader sees it: positions read from what programs are
//! given, answers read in any common spelling ([`answer`]) and judged against every move's
//! exact value ([`judge`]), and hidden samples of positions.

pub mod answer;
pub mod judge;

use super::{reachable_positions, read_any, Coords, Mark, Move, Position, Shape, TicTacToe};
use crate::diagnostic::Diagnostic;
use crate::game::Game;
use crate::grade::{Gradable, Judgement, Verdict};
use crate::search::decision::{decide, decide_solved, Decision};
use crate::search::solver::Solver;
use crate::search::Algorithm;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The game of the practice sheet, on any board the position draws.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gato;

/// The solver's table for grading one position, in MiB.
const SOLVER_MIB: usize = 64;

impl Gradable for Gato {
    type Position = Position;
    type Solution = Decision<Move>;

    fn read(&self, text: &str) -> Result<Position, Vec<Diagnostic>> {
        read_any(text, None, None).map_err(|problems| problems.into_iter().map(Into::into).collect())
    }

    /// The slides' alpha-beta on the sheet's board; the exact solver on bigger ones (the same
    /// values and choice, in time).
    fn solve(&self, position: &Position) -> Option<Decision<Move>> {
        let shape = position.board.shape();
        let game = TicTacToe::new(shape);
        if shape == Shape::CLASSIC {
            decide(&game, position, Algorithm::AlphaBeta)
        } else {
            let mut solver = Solver::new(&game, SOLVER_MIB);
            decide_solved(&mut solver, &game, position).ok().flatten()
        }
    }

    fn board(&self, position: &Position) -> Vec<String> {
        position.board.to_string().lines().map(str::to_string).collect()
    }

    fn to_move(&self, position: &Position) -> String {
        position.to_move.to_string()
    }

    fn one_line(&self, position: &Position) -> String {
        position.board.rows().join("/")
    }

    fn optimal(&self, _: &Position, decision: &Decision<Move>, coords: Coords) -> Vec<String> {
        decision
            .optimal()
            .map(|rated| rated.mv.display(coords).to_string())
            .collect()
    }

    fn judge(
        &self,
        position: &Position,
        decision: &Decision<Move>,
        output: &str,
        coords: Coords,
    ) -> Judgement {
        match answer::find(output, position, coords) {
            Ok(found) => judge::judge(&found, position, decision, coords),
            Err(not_found) => Judgement {
                verdict: Verdict::Unparseable,
                answer: None,
                detail: not_found.explain(),
            },
        }
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

/// `count` open positions of `shape` (all of them with `None`, 3×3 only), the same for the
/// same seed: on 3×3 drawn without repetition from every reachable one, on bigger boards
/// (whose positions cannot all be listed) reached by random play.
pub fn hidden_positions(shape: Shape, count: Option<usize>, seed: u64) -> Vec<Position> {
    if shape != Shape::CLASSIC {
        return random_positions(shape, count.unwrap_or(0), seed);
    }
    let open = open_positions();
    match count {
        None => open,
        Some(count) => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut indices =
                rand::seq::index::sample(&mut rng, open.len(), count.min(open.len())).into_vec();
            indices.sort_unstable();
            indices.into_iter().map(|i| open[i]).collect()
        }
    }
}

/// `count` positions of `shape` reached by random play from the empty board (a random number
/// of moves, each a random legal move), still open and all different.
pub fn random_positions(shape: Shape, count: usize, seed: u64) -> Vec<Position> {
    let game = TicTacToe::new(shape);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
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

/// The text a program receives for a hidden position: the sheet's grid, with `k` when it is
/// not the board's shorter side.
pub fn hidden_text(position: &Position) -> String {
    let shape = position.board.shape();
    if shape.k == shape.cols.min(shape.rows) {
        position.board.to_string()
    } else {
        format!("{}k: {}\n", position.board, shape.k)
    }
}

/// Hidden exercises: [`hidden_positions`], each named by its one-line form.
pub fn hidden_exercises(
    shape: Shape,
    count: Option<usize>,
    seed: u64,
) -> Vec<crate::grade::exercise::Exercise> {
    let game = std::sync::Arc::new(Gato);
    hidden_positions(shape, count, seed)
        .into_iter()
        .filter_map(|position| {
            let name = position.board.rows().join("/");
            crate::grade::exercise::Exercise::solved(&game, name, hidden_text(&position), position, true).ok()
        })
        .collect()
}
