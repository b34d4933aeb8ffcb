//! Choosing a move by any of the chapter's methods, for any game: exact search, search to a
//! depth with an evaluation, iterative deepening against a clock, or Monte Carlo tree search.
//!
//! ```
//! use minimax_core::games::mnk::{eval::OpenLines, Position, Shape, TicTacToe};
//! use minimax_core::search::engine::Engine;
//! use minimax_core::search::Algorithm;
//!
//! // Exact search, and Monte Carlo tree search, both take the win `X 3 1`.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let exact = Engine::exact().think(&game, &OpenLines, &position).unwrap();
//! assert_eq!(exact.chosen().to_string(), "X 3 1");
//! let mcts = Engine { algorithm: Algorithm::Mcts, ..Engine::exact() };
//! assert_eq!(mcts.think(&game, &OpenLines, &position).unwrap().chosen().to_string(), "X 3 1");
//! ```

use super::decision::{decide, Decision};
use super::depth::{deepen, DepthLimited, Evaluation, Iteration};
use super::distance::Decisive;
use super::{mcts, Algorithm};
use std::time::Duration;

/// An algorithm and its limits.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    /// How moves are chosen: minimax, alpha-beta, MCTS, or the exact solver of a board.
    pub algorithm: Algorithm,
    /// Search this many plies, then evaluate.
    pub depth: Option<u32>,
    /// Deepen until this much time is used.
    pub time_limit: Option<Duration>,
    /// MCTS's iterations, exploration and seed (used by [`Algorithm::Mcts`] only).
    pub mcts: mcts::Settings,
    /// The exact solver's transposition table, in MiB (it never takes more).
    pub hash_mib: usize,
    /// Threads of an exact search, sharing its table (1: the search alone).
    pub threads: usize,
}

impl Engine {
    /// Exact alpha-beta: the reference.
    pub fn exact() -> Engine {
        Engine {
            algorithm: Algorithm::AlphaBeta,
            depth: None,
            time_limit: None,
            mcts: mcts::Settings {
                iterations: 20_000,
                exploration: 1.0,
                seed: 0,
            },
            hash_mib: 256,
            threads: 1,
        }
    }

    /// Whether the engine asks for the exact solver: no depth limit, no clock.
    pub(crate) fn solves_exactly(&self) -> bool {
        self.algorithm == Algorithm::Solver && self.depth.is_none() && self.time_limit.is_none()
    }

    /// The engine's answer at `state`; `None` when the game is over.
    pub fn think<G: Decisive, E: Evaluation<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<Answer<G::Move>> {
        if self.algorithm == Algorithm::Mcts {
            return mcts::search(game, state, self.mcts).map(Answer::Mcts);
        }
        let algorithm = self.algorithm.exact_search();
        if let Some(limit) = self.time_limit {
            let (decision, iterations) = deepen(game, eval, state, algorithm, limit)?;
            return Some(Answer::Search {
                decision,
                iterations,
                exact: false,
            });
        }
        if let Some(depth) = self.depth {
            let limited = DepthLimited::new(game, eval, None);
            let decision = decide(&limited, &(state.clone(), depth), algorithm)?;
            let exact = !limited.cut_short.get();
            return Some(Answer::Search {
                decision,
                iterations: Vec::new(),
                exact,
            });
        }
        let decision = decide(game, state, algorithm)?;
        Some(Answer::Search {
            decision,
            iterations: Vec::new(),
            exact: true,
        })
    }
}

/// What an engine found.
#[derive(Clone, Debug)]
pub enum Answer<M> {
    /// Minimax or alpha-beta, to the end of the game (`exact`) or to a depth.
    Search {
        /// Every legal move rated, and the one chosen.
        decision: Decision<M>,
        /// Iterative deepening's iterations (empty without a time limit).
        iterations: Vec<Iteration>,
        /// Whether the search reached the end of the game everywhere (values are exact).
        exact: bool,
    },
    /// Monte Carlo tree search: statistics, not values.
    Mcts(mcts::Search<M>),
}

impl<M: Copy> Answer<M> {
    /// The move chosen, whichever way.
    pub fn chosen(&self) -> M {
        match self {
            Answer::Search { decision, .. } => decision.best().mv,
            Answer::Mcts(search) => search.moves[search.chosen].mv,
        }
    }
}
