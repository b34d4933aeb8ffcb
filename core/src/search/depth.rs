//! Depth-limited search with a static evaluation function, and iterative deepening.
//!
//! [`DepthLimited`] wraps a game so that states below the depth limit count as terminal and
//! are worth their evaluation; exact wins are worth ±`WIN`, more than any evaluation. The
//! ordinary algorithms then search it unchanged.
//!
//! ```
//! use minimax_core::games::mnk::{eval::OpenLines, Position, Shape, TicTacToe};
//! use minimax_core::search::{decision::decide, depth::DepthLimited, Algorithm};
//!
//! // One ply deep, X sees its win `X 3 1`; the other moves are only estimated.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let limited = DepthLimited::new(&game, &OpenLines, None);
//! let decision = decide(&limited, &(position, 1), Algorithm::AlphaBeta).unwrap();
//! assert_eq!(decision.best().mv.to_string(), "X 3 1");
//! assert!(limited.cut_short.get());
//! ```

use super::decision::{decide, Decision};
use super::distance::Decisive;
use super::Algorithm;
use crate::game::Game;
use std::cell::Cell;
use std::time::Duration;
use web_time::Instant;

use super::WIN;

/// A static evaluation: how good a non-terminal state looks for `player`.
pub trait Evaluation<G: Game> {
    /// The estimate for `player` at `state`: positive is good for them.
    fn evaluate(&self, game: &G, state: &G::State, player: G::Player) -> i32;
}

/// `game` searched no deeper than the plies each state carries, then evaluated by `eval`.
pub struct DepthLimited<'g, G, E> {
    game: &'g G,
    eval: &'g E,
    deadline: Option<Instant>,
    /// Whether some state was evaluated because the depth ran out (a deeper search may differ).
    pub cut_short: Cell<bool>,
    /// Whether the deadline passed during the search (its result is not to be trusted).
    pub(crate) expired: Cell<bool>,
}

impl<'g, G: Game<Value = i32>, E: Evaluation<G>> DepthLimited<'g, G, E> {
    /// The search of `game` evaluated by `eval`, stopping at `deadline` if given.
    pub fn new(game: &'g G, eval: &'g E, deadline: Option<Instant>) -> Self {
        DepthLimited {
            game,
            eval,
            deadline,
            cut_short: Cell::new(false),
            expired: Cell::new(false),
        }
    }

    fn out_of_time(&self) -> bool {
        if self.expired.get() {
            return true;
        }
        let expired = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        self.expired.set(expired);
        expired
    }
}

impl<G: Game<Value = i32>, E: Evaluation<G>> Game for DepthLimited<'_, G, E> {
    type State = (G::State, u32);
    type Move = G::Move;
    type Player = G::Player;
    type Moves = G::Moves;
    type Value = i32;

    fn player(&self, (state, _): &Self::State) -> G::Player {
        self.game.player(state)
    }
    fn moves(&self, (state, _): &Self::State) -> G::Moves {
        self.game.moves(state)
    }
    fn play(&self, (state, depth): &Self::State, mv: G::Move) -> Self::State {
        (self.game.play(state, mv), depth.saturating_sub(1))
    }
    fn is_terminal(&self, (state, depth): &Self::State) -> bool {
        *depth == 0 || self.game.is_terminal(state)
    }
    fn utility(&self, state: &Self::State, player: G::Player) -> i32 {
        self.terminal_utility(state, player).unwrap_or_default()
    }
    fn terminal_utility(&self, (state, depth): &Self::State, player: G::Player) -> Option<i32> {
        if let Some(utility) = self.game.terminal_utility(state, player) {
            return Some(utility.signum() * WIN);
        }
        // Out of depth, or out of time (the whole iteration is then thrown away).
        if *depth == 0 || self.out_of_time() {
            self.cut_short.set(true);
            return Some(self.eval.evaluate(self.game, state, player));
        }
        None
    }
}

impl<G: Game<Value = i32>, E: Evaluation<G>> Decisive for DepthLimited<'_, G, E> {
    fn win(&self) -> i32 {
        WIN
    }
}

/// One iteration of iterative deepening.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Plies searched before evaluating.
    pub depth: u32,
    /// Nodes entered, counting the root.
    pub nodes: u64,
    /// Whether it finished before the deadline (an unfinished one is not used).
    pub completed: bool,
}

/// Deepens one ply at a time until `limit` is used up (or the search reaches the end of the
/// game), and answers with the deepest completed iteration. Depth 1 always completes.
pub(crate) fn deepen<G: Game<Value = i32>, E: Evaluation<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    algorithm: Algorithm,
    limit: Duration,
) -> Option<(Decision<G::Move>, Vec<Iteration>)> {
    let deadline = Instant::now() + limit;
    let mut best = None;
    let mut iterations = Vec::new();
    for depth in 1.. {
        let timed = if depth == 1 { None } else { Some(deadline) };
        let limited = DepthLimited::new(game, eval, timed);
        let decision = decide(&limited, &(state.clone(), depth), algorithm)?;
        let completed = !limited.expired.get();
        iterations.push(Iteration {
            depth,
            nodes: decision.nodes,
            completed,
        });
        if !completed {
            break;
        }
        best = Some(decision);
        if !limited.cut_short.get() || Instant::now() >= deadline {
            break; // the search saw the whole game, or the time is used up
        }
    }
    best.map(|decision| (decision, iterations))
}
