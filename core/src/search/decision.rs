//! DECISION-MINIMAX: value every legal move, then pick one by a documented, stable rule.
//!
//! Tie-breaking (so answers and grades never flicker): among the moves of best value, prefer
//! the one that wins soonest (or, when every move loses, the one that loses latest); among
//! those still tied, the first in the game's move order (row-major for boards). Whatever the
//! algorithm, the values are the same, so the chosen move is the same.

use super::distance::{self, Decisive, Outcome};
use super::solver::{self, OutOfTime, Solvable, Solver};
use super::Algorithm;

/// One legal move from the root with everything known about it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedMove<M> {
    /// The move.
    pub mv: M,
    /// The minimax value for the player to move at the root (+1 win, 0 draw, −1 loss).
    pub value: i32,
    /// How the game ends with best play after this move, for the player to move at the root.
    pub outcome: Outcome,
    /// The distance-aware score behind `outcome`; orders equally valued moves.
    tie_score: i32,
}

/// Every legal move rated, and the one chosen.
#[derive(Clone, Debug)]
pub struct Decision<M> {
    /// Every legal move at the root, rated, in the game's move order.
    pub moves: Vec<RatedMove<M>>,
    /// Index into `moves` of the chosen move.
    pub chosen: usize,
    /// Nodes entered by the value search, counting the root.
    pub nodes: u64,
    /// Nodes entered by the tie-breaking (distance) search.
    pub tie_nodes: u64,
}

impl<M: Copy> Decision<M> {
    /// The chosen move.
    pub fn best(&self) -> &RatedMove<M> {
        &self.moves[self.chosen]
    }

    /// The value of the position: the value of its best move.
    pub fn value(&self) -> i32 {
        self.best().value
    }

    /// Every move whose value equals the best, in move order: all of them are correct answers.
    pub fn optimal(&self) -> impl Iterator<Item = &RatedMove<M>> {
        let best = self.value();
        self.moves.iter().filter(move |rated| rated.value == best)
    }
}

/// Rates every legal move of `state` with `algorithm`; `None` when the game is already over.
///
/// ```
/// use minimax_core::games::mnk::{read_position, Move, Shape, TicTacToe};
/// use minimax_core::notation::Coords;
/// use minimax_core::search::decision::{decide, Decision, RatedMove};
/// use minimax_core::search::distance::Outcome;
/// use minimax_core::search::Algorithm;
///
/// // The practice sheet's example: X completes the top row at once.
/// let game = TicTacToe::new(Shape::CLASSIC);
/// let position = read_position("X X -\n- 0 0\n- - -\n", Shape::CLASSIC, None).unwrap();
/// let minimax = decide(&game, &position, Algorithm::Minimax).unwrap();
/// let best = minimax.best();
/// assert_eq!(best.mv.display(Coords::ColRow).to_string(), "X 3 1");
/// assert_eq!((best.value, best.outcome), (1, Outcome::Win { plies: 1 }));
/// // Blocking O's row wins too, later: every winning move is optimal; the quicker is chosen.
/// let name = |rated: &RatedMove<Move>| rated.mv.display(Coords::ColRow).to_string();
/// let optimal: Vec<_> = minimax.optimal().map(name).collect();
/// assert_eq!(optimal, ["X 3 1", "X 1 2"]);
///
/// // Alpha-beta gives every move the same value, entering fewer nodes.
/// let alphabeta = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
/// let values = |d: &Decision<Move>| d.moves.iter().map(|rated| rated.value).collect::<Vec<_>>();
/// assert_eq!(values(&alphabeta), values(&minimax));
/// assert!(alphabeta.nodes < minimax.nodes);
/// ```
pub fn decide<G: Decisive>(game: &G, state: &G::State, algorithm: Algorithm) -> Option<Decision<G::Move>> {
    if game.is_terminal(state) {
        return None;
    }
    let me = game.player(state);
    let mut nodes = 1; // the root
    let mut tie_nodes = 0;
    let moves: Vec<_> = game
        .moves(state)
        .map(|mv| {
            let child = game.play(state, mv);
            let value = algorithm.value(game, &child, me, &mut nodes);
            let (tie_score, outcome) = distance::outcome(game, &child, 1, me, &mut tie_nodes);
            RatedMove {
                mv,
                value,
                outcome,
                tie_score,
            }
        })
        .collect();
    Decision::choose(moves, nodes).map(|decision| Decision {
        tie_nodes,
        ..decision
    })
}

/// [`decide`] by the exact solver: every legal move's value and distance from one search
/// context (its table shared by all of them, and by later calls with the same solver).
pub fn decide_solved<G: Decisive + Solvable>(
    solver: &mut Solver<'_, G>,
    game: &G,
    state: &G::State,
) -> Result<Option<Decision<G::Move>>, OutOfTime> {
    if game.is_terminal(state) {
        return Ok(None);
    }
    let before = solver.stats.nodes;
    let mut moves = Vec::new();
    for mv in game.moves(state) {
        let child = game.play(state, mv);
        // The child's score is its mover's; one ply more, and the other way round, for ours.
        moves.push(RatedMove::exact(mv, solver::from_parent(solver.score(&child)?)));
    }
    Ok(Decision::choose(moves, 1 + solver.stats.nodes - before))
}

impl<M> RatedMove<M> {
    /// A move rated by an exact solver's score: `WIN - p` for a win `p` plies after the
    /// position (counting this move), `-(WIN - p)` for a loss, 0 for a draw.
    pub(crate) fn exact(mv: M, tie_score: i32) -> RatedMove<M> {
        RatedMove {
            mv,
            value: tie_score.signum(),
            outcome: distance::decode(tie_score, 1),
            tie_score,
        }
    }
}

impl<M> RatedMove<M> {
    /// A move not proven: `value` is what is known or guessed of its outcome (+1, 0, −1),
    /// `estimate` the evaluation behind the guess (it also orders such moves).
    pub(crate) fn estimated(mv: M, value: i32, estimate: i32) -> RatedMove<M> {
        RatedMove {
            mv,
            value,
            outcome: Outcome::Estimate { value: estimate },
            tie_score: estimate,
        }
    }
}

impl<M> Decision<M> {
    /// The decision among exactly rated moves (in the game's move order) by the documented
    /// tie-break; `None` when there are none.
    pub fn choose(moves: Vec<RatedMove<M>>, nodes: u64) -> Option<Decision<M>> {
        let chosen = moves
            .iter()
            .enumerate()
            // max_by_key keeps the last of equals; reversing makes it keep the first.
            .rev()
            .max_by_key(|(_, rated)| (rated.value, rated.tie_score))
            .map(|(index, _)| index)?;
        Some(Decision {
            moves,
            chosen,
            nodes,
            tie_nodes: 0,
        })
    }
}

/// The line of play that follows `decision` (made at `state`) when both sides keep choosing
/// as [`decide`] does; the root is not searched again.
pub fn principal_variation<G: Decisive>(
    game: &G,
    state: &G::State,
    decision: &Decision<G::Move>,
    algorithm: Algorithm,
) -> Vec<G::Move> {
    let mut line = vec![decision.best().mv];
    let mut state = game.play(state, decision.best().mv);
    while let Some(next) = decide(game, &state, algorithm) {
        let mv = next.best().mv;
        line.push(mv);
        state = game.play(&state, mv);
    }
    line
}
