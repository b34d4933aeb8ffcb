//! An answer within a stated time: the book and the table first (the search consults
//! both), then the exact search deepened column by column — first every column's outcome
//! (win, draw or loss), then every column's distance — and, when the time runs out, the
//! evaluation's choice among the columns not yet refuted. The answer says whether it is
//! proven; without a clock, [`super::decide`] answers exactly however long it takes.
//!
//! ```
//! use minimax_core::games::connect4::{budget::decide_within, ColumnSolver, Geometry};
//! use minimax_core::games::mnk::{eval::BoardEvaluation, read_any, Rules, TicTacToe};
//! use std::time::Duration;
//!
//! // 4 × 4, three in a row, pieces falling: X completes the bottom row in column 3, proven
//! // well within the second it was given.
//! let rules = Rules { k: Some(3), gravity: true, size: Some((4, 4)) };
//! let position = read_any("moves: 1122", rules, None).unwrap();
//! let shape = position.board.shape();
//! let mut solver = ColumnSolver::new(Geometry::of(shape).unwrap(), 1);
//! let eval = BoardEvaluation::default_for(shape);
//! let game = TicTacToe::new(shape);
//! let answer = decide_within(&mut solver, &game, &eval, &position, Duration::from_secs(1)).unwrap();
//! assert!(answer.exact);
//! assert_eq!(answer.decision.best().mv.to_string(), "X 3 4");
//! ```

use super::bitboard::{Bits, Geometry};
use super::search::{ColumnSolver, Goal, Interval};
use crate::game::Game;
use crate::games::mnk::eval::BoardEvaluation;
use crate::games::mnk::{Move, Position, TicTacToe};
use crate::search::decision::{Decision, RatedMove};
use crate::search::depth::deepen;
use crate::search::distance::from_pieces;
use crate::search::Algorithm;
use std::time::Duration;
use web_time::Instant;

/// The share of the budget the exact search may use; the evaluation's search, and writing
/// the answer, have the rest.
const SEARCH_SHARE: f64 = 0.7;

/// The share of what is left after the exact search that the evaluation's search may use.
const GUESS_SHARE: f64 = 0.6;

/// A decision made within a time budget.
#[derive(Clone, Debug)]
pub struct Budgeted {
    /// Every legal move rated, and the one chosen. Where `proven[i]` is false, move `i`'s
    /// outcome is an estimate (its `value` the outcome where the search proved it, else the
    /// evaluation's sign).
    pub decision: Decision<Move>,
    /// For each of `decision.moves`: whether its value and distance are proven.
    pub proven: Vec<bool>,
    /// Whether every move is proven: then the decision is the one [`super::decide`] makes.
    pub exact: bool,
}

/// Every legal column of `position` rated within `limit` (see the module's documentation);
/// `None` when the game is over. The solver's own deadline is set aside for the call.
pub fn decide_within(
    solver: &mut ColumnSolver,
    game: &TicTacToe,
    eval: &BoardEvaluation,
    position: &Position,
    limit: Duration,
) -> Option<Budgeted> {
    if game.is_terminal(position) {
        return None;
    }
    let started = Instant::now();
    let geometry = *solver.geometry();
    let bits = Bits::of(position, &geometry);
    let before = solver.stats.nodes;
    solver.set_deadline(Some(started + limit.mul_f64(SEARCH_SHARE)));
    let known = column_intervals(solver, &bits);
    solver.set_deadline(None);
    let nodes = 1 + solver.stats.nodes - before;
    let moves: Vec<Move> = game.moves(position).collect();
    let interval = |mv: &Move| known[usize::from(mv.square.col)].expect("a legal column is open");
    if moves.iter().all(|mv| interval(mv).is_exact()) {
        let rated = moves
            .iter()
            .map(|&mv| RatedMove::exact(mv, from_pieces(geometry.cells(), bits.moves, interval(&mv).min)))
            .collect();
        let decision = Decision::choose(rated, nodes)?;
        let proven = vec![true; decision.moves.len()];
        return Some(Budgeted {
            decision,
            proven,
            exact: true,
        });
    }
    let left = (started + limit).saturating_duration_since(Instant::now());
    let guesses = deepen(
        game,
        eval,
        position,
        Algorithm::AlphaBeta,
        left.mul_f64(GUESS_SHARE),
    )?
    .0;
    let intervals: Vec<Interval> = moves.iter().map(interval).collect();
    let rated = moves
        .iter()
        .zip(&intervals)
        .zip(&guesses.moves)
        .map(|((&mv, known), guess)| rate(&geometry, &bits, mv, *known, guess.value))
        .collect();
    let chosen = choose(&intervals, &guesses.moves);
    let decision = Decision {
        moves: rated,
        chosen,
        nodes: nodes + guesses.nodes,
        tie_nodes: 0,
    };
    Some(Budgeted {
        decision,
        proven: intervals.iter().map(|known| known.is_exact()).collect(),
        exact: false,
    })
}

/// What the exact search learns of each column's score (`None`: full) before the solver's
/// deadline: every column's outcome first, nearest the centre first, then every score.
fn column_intervals(solver: &mut ColumnSolver, bits: &Bits) -> Vec<Option<Interval>> {
    let geometry = *solver.geometry();
    let winning = solver.winning_cells(bits);
    let children: Vec<Option<Bits>> = (0..geometry.cols)
        .map(|col| {
            let cell = bits.playable(&geometry) & geometry.column(col);
            (cell != 0).then(|| bits.play(&geometry, cell, col))
        })
        .collect();
    // The child's interval, for the child's side to move.
    let mut known: Vec<Option<Interval>> = (0..geometry.cols as usize)
        .map(|col| {
            let child = children[col]?;
            let cell = bits.playable(&geometry) & geometry.column(col as u32);
            Some(if winning & cell != 0 {
                Interval::exactly(-win_now(&geometry, bits))
            } else {
                Interval::of(&geometry, &child)
            })
        })
        .collect();
    'passes: for goal in [Goal::Outcome, Goal::Score] {
        for col in solver.centre_order() {
            let (Some(child), Some(interval)) = (children[col as usize], known[col as usize].as_mut()) else {
                continue;
            };
            if interval.is_exact() {
                continue;
            }
            if solver.narrow(&child, interval, goal).is_err() {
                break 'passes;
            }
        }
    }
    known
        .into_iter()
        .map(|known| known.map(Interval::negated))
        .collect()
}

/// The score of a win with the side to move's next piece.
fn win_now(geometry: &Geometry, bits: &Bits) -> i32 {
    ((geometry.cells() + 1 - bits.moves) / 2) as i32
}

/// One move as far as it is known: exactly, or by its outcome and the evaluation's guess.
fn rate(geometry: &Geometry, bits: &Bits, mv: Move, known: Interval, guess: i32) -> RatedMove<Move> {
    if known.is_exact() {
        return RatedMove::exact(mv, from_pieces(geometry.cells(), bits.moves, known.min));
    }
    let value = match known {
        _ if known.min > 0 => 1,
        _ if known.max < 0 => -1,
        _ if known.outcome_known() => 0,
        _ => guess.signum(),
    };
    RatedMove::estimated(mv, value, guess)
}

/// The move to play when not every move is proven: among the moves no other is proven
/// better than, the best proven outcome (a sure win, then a sure draw at least, then one not
/// known to lose), then the quickest sure win, then the evaluation's choice; the first in
/// move order on ties.
fn choose(known: &[Interval], guesses: &[RatedMove<Move>]) -> usize {
    let floor = known.iter().map(|known| known.min).max().unwrap_or_default();
    let rank = |index: usize| {
        let known = known[index];
        let sure = match known {
            _ if known.min > 0 => 3,
            _ if known.min >= 0 => 2,
            _ if known.max >= 0 => 1,
            _ => 0,
        };
        let quickest = if sure == 3 { known.min } else { 0 };
        (known.max >= floor, sure, quickest, guesses[index].value)
    };
    (0..known.len())
        .rev()
        .max_by_key(|&index| rank(index))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::tests::{random_positions, rated};
    use crate::games::mnk::Shape;

    #[test]
    fn with_time_enough_the_answer_is_proven_and_the_exact_one() {
        let shape = Shape::CONNECT_FOUR;
        let game = TicTacToe::new(shape);
        let geometry = Geometry::of(shape).unwrap();
        let eval = BoardEvaluation::default_for(shape);
        for position in random_positions(shape, 20, 20, 28) {
            let mut bounded = ColumnSolver::new(geometry, 8);
            let within =
                decide_within(&mut bounded, &game, &eval, &position, Duration::from_secs(600)).unwrap();
            let mut solver = ColumnSolver::new(geometry, 8);
            let exact = super::super::decide(&mut solver, &game, &position)
                .unwrap()
                .unwrap();
            assert!(within.exact && within.proven.iter().all(|&p| p), "{position}");
            assert_eq!(rated(&within.decision), rated(&exact), "{position}");
            assert_eq!(within.decision.chosen, exact.chosen, "{position}");
        }
    }

    #[test]
    fn an_outcome_first_keeps_every_bound_it_proves() {
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        for position in random_positions(Shape::CONNECT_FOUR, 20, 22, 7) {
            let bits = Bits::of(&position, &geometry);
            let mut solver = ColumnSolver::new(geometry, 8);
            let score = solver.solve(&bits).unwrap();
            let mut fresh = ColumnSolver::new(geometry, 8);
            let mut interval = Interval::of(&geometry, &bits);
            fresh.narrow(&bits, &mut interval, Goal::Outcome).unwrap();
            assert!(interval.outcome_known() && interval.min <= score && score <= interval.max);
            assert_eq!(
                interval.min.signum().max(interval.max.signum().min(0)),
                score.signum()
            );
            fresh.narrow(&bits, &mut interval, Goal::Score).unwrap();
            assert_eq!(interval, Interval::exactly(score), "{position}");
        }
    }

    #[test]
    fn out_of_time_the_choice_is_a_legal_column_not_refuted() {
        let shape = Shape::CONNECT_FOUR;
        let game = TicTacToe::new(shape);
        let eval = BoardEvaluation::default_for(shape);
        let position =
            crate::games::mnk::read_any("moves: 4453", crate::games::mnk::Rules::CONNECT_FOUR, None).unwrap();
        let mut solver = ColumnSolver::new(Geometry::of(shape).unwrap(), 8);
        let within = decide_within(&mut solver, &game, &eval, &position, Duration::from_millis(20)).unwrap();
        assert!(!within.exact);
        assert!(within.proven.iter().any(|&p| !p));
        assert!(game.moves(&position).any(|mv| mv == within.decision.best().mv));
    }
}
