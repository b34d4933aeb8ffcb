//! Tic-tac-toe of any size as the grader sees it: positions read from what programs are
//! given, answers read in any common spelling (`answer`) and judged against every move's
//! exact value (`judge`), and the positions hidden samples draw.
//!
//! ```
//! use minimax_core::grading::Gato;
//! use minimax_core::gradable::{Gradable, Verdict};
//! use minimax_core::notation::Coords;
//!
//! let gato = Gato::default();
//! let position = gato.read("X X -\n- O O\n- - -\n").unwrap();
//! let decision = gato.solve(&position).unwrap().unwrap();
//! // Winning at once is optimal; written as the next board it is the same answer.
//! let judge = |output: &str| gato.judge(&position, &decision, output, Coords::ColRow).verdict;
//! assert_eq!(judge("X 3 1"), Verdict::Optimal);
//! assert_eq!(judge("XXX/-OO/---"), Verdict::Optimal);
//! // Neither winning nor blocking O's row gives the game away.
//! assert_eq!(judge("X 1 3"), Verdict::Suboptimal);
//! assert_eq!(judge("X 1 1"), Verdict::Illegal);
//! ```

pub(crate) mod answer;
pub(crate) mod judge;

use crate::game::Game;
use crate::games::mnk::eval::BoardEvaluation;
use crate::games::mnk::{
    reachable_positions, read_any, Coords, Mark, Move, Position, Rules, Shape, TicTacToe,
};
use crate::gradable::{Gradable, Judgement, Outlook, Unsolved, Verdict};
use crate::notation::diagnostic::Diagnostic;
use crate::search::decision::Decision;
use crate::search::distance::Outcome;
use crate::search::engine::{Answer, Engine};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The game of the practice sheet, on any board the position draws.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gato {
    /// Nodes the solver may visit for one position (hidden samples: so that the same seed
    /// draws the same positions on any machine); `None`: only the time limit.
    pub node_limit: Option<u64>,
    /// The game's rules as given to the grader (`--game connect4`: pieces fall).
    pub rules: Rules,
}

/// The solver's table for grading one position, in MiB.
const SOLVER_MIB: usize = 64;
/// The longest the grader spends solving one position: a board too big to solve exactly is
/// refused rather than grading forever.
const SOLVE_TIME: std::time::Duration = std::time::Duration::from_secs(60);

impl Gradable for Gato {
    type Position = Position;
    type Solution = Decision<Move>;

    fn read(&self, text: &str) -> Result<Position, Vec<Diagnostic>> {
        read_any(text, self.rules, None).map_err(|problems| problems.into_iter().map(Into::into).collect())
    }

    /// The slides' alpha-beta on the sheet's board; the exact solver on bigger ones (the same
    /// values and choice, in time).
    fn solve(&self, position: &Position) -> Result<Option<Decision<Move>>, Unsolved> {
        let shape = position.board.shape();
        let game = TicTacToe::new(shape);
        let key = Engine {
            time_limit: Some(SOLVE_TIME),
            node_limit: self.node_limit,
            proven_only: true,
            hash_mib: SOLVER_MIB,
            ..Engine::default()
        };
        let answer = key
            .board(&game, BoardEvaluation::default_for(shape))
            .answer(position);
        answer
            .map(|answer| match answer {
                Some(Answer::Search { decision, .. }) => Some(decision),
                // A proven-only engine is never asked for MCTS.
                Some(Answer::Mcts(_)) | None => None,
            })
            .map_err(|_| Unsolved {
                seconds: SOLVE_TIME.as_secs(),
                nodes: self.node_limit,
                board: shape.describe(),
            })
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

    fn optimal(&self, position: &Position, decision: &Decision<Move>, coords: Coords) -> Vec<String> {
        let coords = coords.on(position.board.shape().gravity);
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
        let coords = coords.on(position.board.shape().gravity);
        match answer::find(output, position, coords) {
            Ok(found) => judge::judge(&found, position, decision, coords),
            Err(not_found) => Judgement {
                verdict: Verdict::Unparseable,
                answer: None,
                detail: not_found.explain(coords),
            },
        }
    }

    /// Every move's exact outcome, as the solver rated it for the judgement.
    fn outlooks(
        &self,
        position: &Position,
        decision: &Decision<Move>,
        coords: Coords,
    ) -> Vec<(String, Outlook)> {
        let coords = coords.on(position.board.shape().gravity);
        let mover = position.to_move;
        decision
            .moves
            .iter()
            .filter_map(|rated| {
                let winner = match rated.outcome {
                    Outcome::Win { .. } => mover,
                    Outcome::Loss { .. } => mover.opponent(),
                    Outcome::Draw => return Some((rated.mv.display(coords).to_string(), Outlook::Draw)),
                    Outcome::Estimate { .. } => return None,
                };
                let outlook = Outlook::Win {
                    winner: winner.to_string(),
                    moves: rated.outcome.winner_moves().unwrap_or_default(),
                };
                Some((rated.mv.display(coords).to_string(), outlook))
            })
            .collect()
    }

    fn figure(&self, position: &Position) -> Option<String> {
        Some(crate::figures::board::svg(position))
    }
}

/// The reachable positions that still have a move: 4,520 on the classic board, in a fixed order.
pub(crate) fn open_positions() -> Vec<Position> {
    let game = TicTacToe::new(Shape::CLASSIC);
    reachable_positions(Shape::CLASSIC, Mark::X)
        .into_iter()
        .filter(|position| !game.is_terminal(position))
        .collect()
}

/// `count` open positions of `shape` (all of them with `None`, 3×3 only), the same for the
/// same seed: on 3×3 drawn without repetition from every reachable one, on bigger boards
/// (whose positions cannot all be listed) reached by random play.
pub(crate) fn hidden_positions(shape: Shape, count: Option<usize>, seed: u64) -> Vec<Position> {
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
pub(crate) fn random_positions(shape: Shape, count: usize, seed: u64) -> Vec<Position> {
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
pub(crate) fn hidden_text(position: &Position) -> String {
    let shape = position.board.shape();
    if shape.default_k() {
        position.board.to_string()
    } else {
        format!("{}k: {}\n", position.board, shape.k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_too_big_to_solve_in_the_limit_is_refused_with_the_reason() {
        let position = read_any("-----/-----/-----/-----/-----", Rules::default(), None).unwrap();
        let why = Gato {
            node_limit: Some(10_000),
            rules: Rules::default(),
        }
        .solve(&position)
        .err()
        .unwrap()
        .to_string();
        assert!(
            why.starts_with("not solved exactly within 60 s or 10000 nodes (5x5 board)"),
            "{why}"
        );
    }
}
