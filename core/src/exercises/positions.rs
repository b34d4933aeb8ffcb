//! New exercise positions with their answer keys: reachable positions that still have a move,
//! drawn by seeded random play and kept only when they meet the asked constraints (empty
//! cells, exactly one optimal move, the outcome for the side to move).

use super::exercise::Exercise;
use crate::game::Game;
use crate::games::mnk::{Mark, Move, Position, Rules, Shape, TicTacToe};
use crate::gradable::Gradable;
use crate::grading::{hidden_positions, hidden_text, Gato};
use crate::search::decision::Decision;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// How the side to move fares with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The side to move wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side to move loses.
    Loss,
}

/// What the generated positions must be.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The board: columns, rows, k and gravity.
    pub shape: Shape,
    /// How many positions to generate.
    pub count: usize,
    /// Empty cells, at least and at most (inclusive).
    pub empty: (u32, u32),
    /// Exactly one optimal move (what an exam question needs).
    pub unique: bool,
    /// How the side to move must fare with best play (`None`: any way).
    pub fate: Option<Fate>,
}

/// A generated position and its key.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The position to answer.
    pub position: Position,
    /// Every legal move rated: the key (the optimal moves and how the game ends after each).
    pub decision: Decision<Move>,
}

/// Nodes the solver may spend on one candidate (bigger boards, about 0.2 s): harder ones are
/// passed over, the same way on every machine.
const CANDIDATE_NODES: u64 = 200_000;
/// Candidates in all on bigger boards, where each may cost the whole node budget.
const MOST_BIG_ATTEMPTS: usize = 1_000;
/// Candidates drawn for each position asked, and in all, before giving up: rare constraints
/// end in a few seconds with what was found, never in an unbounded search.
const ATTEMPTS_PER_POSITION: usize = 2_000;
const MOST_ATTEMPTS: usize = 100_000;

/// Up to `spec.count` positions meeting `spec`, the same for the same spec and seed; fewer
/// when the constraints are too rare to find in reasonable time.
///
/// ```
/// use minimax_core::exercises::positions::{positions, Fate, Spec};
/// use minimax_core::games::mnk::Shape;
///
/// // Three exam questions on the sheet's board: 4 to 6 empty cells, one winning move each.
/// let spec = Spec {
///     shape: Shape::CLASSIC,
///     count: 3,
///     empty: (4, 6),
///     unique: true,
///     fate: Some(Fate::Win),
/// };
/// let generated = positions(spec, 7);
/// assert_eq!(generated.len(), 3);
/// for question in &generated {
///     assert!((4..=6).contains(&question.position.board.empty_cells().count_ones()));
///     assert_eq!(question.decision.optimal().count(), 1);
///     assert_eq!(question.decision.value(), 1, "the side to move wins");
/// }
/// // The same spec and seed, the same positions.
/// let again: Vec<_> = positions(spec, 7).into_iter().map(|question| question.position).collect();
/// assert_eq!(again, generated.iter().map(|question| question.position).collect::<Vec<_>>());
/// ```
pub fn positions(spec: Spec, seed: u64) -> Vec<Generated> {
    let game = TicTacToe::new(spec.shape);
    let solver = Gato {
        node_limit: (spec.shape != Shape::CLASSIC).then_some(CANDIDATE_NODES),
        rules: Rules::of(spec.shape),
    };
    let cells = spec.shape.cells();
    let (fewest, most) = (spec.empty.0.min(cells - 1), spec.empty.1.min(cells));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let attempts = if spec.shape == Shape::CLASSIC {
        MOST_ATTEMPTS
    } else {
        MOST_BIG_ATTEMPTS
    };
    for _ in 0..spec.count.saturating_mul(ATTEMPTS_PER_POSITION).min(attempts) {
        if found.len() >= spec.count {
            break;
        }
        let empty = rng.random_range(fewest.max(1)..=most.max(fewest.max(1)));
        let mut position = Position::start(spec.shape, Mark::X);
        while position.board.empty_cells().count_ones() > empty && !game.is_terminal(&position) {
            let moves: Vec<_> = game.moves(&position).collect();
            position = game.play(&position, moves[rng.random_range(0..moves.len())]);
        }
        if game.is_terminal(&position) || !seen.insert(position) {
            continue;
        }
        let Ok(Some(decision)) = solver.solve(&position) else {
            continue;
        };
        if spec.unique && decision.optimal().count() != 1 {
            continue;
        }
        let fate = match decision.value() {
            1 => Fate::Win,
            0 => Fate::Draw,
            _ => Fate::Loss,
        };
        if spec.fate.is_some_and(|wanted| wanted != fate) {
            continue;
        }
        found.push(Generated { position, decision });
    }
    found
}

/// Nodes the solver may spend on one hidden position of a bigger board (about a second):
/// positions that need more are passed over for the next drawn.
pub(crate) const SAMPLE_NODES: u64 = 2_000_000;

/// Hidden exercises: positions drawn from the reachable ones, each named by its one-line
/// form. On bigger boards positions too hard to solve within a fixed number of nodes are passed over (more are drawn), so
/// the sample is the same on any machine.
pub fn hidden_exercises(shape: Shape, count: Option<usize>, seed: u64) -> Vec<Exercise> {
    let limit = (shape != Shape::CLASSIC).then_some(SAMPLE_NODES);
    let game = std::sync::Arc::new(Gato {
        node_limit: limit,
        rules: Rules::of(shape),
    });
    let drawn = match (shape == Shape::CLASSIC, count) {
        (false, Some(count)) => hidden_positions(shape, Some(count * 4 + 8), seed),
        _ => hidden_positions(shape, count, seed),
    };
    drawn
        .into_iter()
        .filter_map(|position| {
            let name = position.board.rows().join("/");
            Exercise::solved(&game, name, hidden_text(&position), position, true).ok()
        })
        .take(count.unwrap_or(usize::MAX))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(count: usize) -> Spec {
        Spec {
            shape: Shape::CLASSIC,
            count,
            empty: (3, 6),
            unique: true,
            fate: Some(Fate::Win),
        }
    }

    #[test]
    fn generated_positions_meet_every_constraint_and_repeat_for_a_seed() {
        let first = positions(spec(8), 11);
        assert_eq!(first.len(), 8);
        for generated in &first {
            let empty = generated.position.board.empty_cells().count_ones();
            assert!((3..=6).contains(&empty), "{}", generated.position);
            assert_eq!(generated.decision.optimal().count(), 1);
            assert_eq!(generated.decision.value(), 1);
        }
        let again: Vec<Position> = positions(spec(8), 11).into_iter().map(|g| g.position).collect();
        assert_eq!(first.iter().map(|g| g.position).collect::<Vec<_>>(), again);
    }

    #[test]
    fn hidden_samples_of_bigger_boards_are_the_same_for_the_same_seed() {
        let shape = Shape::new(4, 4, Some(3)).unwrap();
        let names = |seed| {
            hidden_exercises(shape, Some(6), seed)
                .into_iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(5).len(), 6);
        assert_eq!(names(5), names(5));
        assert_ne!(names(5), names(6));
    }
}
