//! Choosing a move by any of the chapter's methods, for any game: exact search, search to a
//! depth with an evaluation, iterative deepening against a clock, or Monte Carlo tree search.

use super::decision::{decide, Decision};
use super::depth::{deepen, DepthLimited, Evaluation, Iteration};
use super::distance::Decisive;
use super::{mcts, Algorithm};
use std::time::Duration;

/// How moves are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Plain minimax (the sheet's ASIGNAR-VALOR): every node is visited.
    Minimax,
    /// Alpha-beta pruning as on the slides: the same values, fewer nodes.
    AlphaBeta,
    /// Monte Carlo tree search with UCB1 and random playouts (not exact).
    Mcts,
    /// The exact solver for bigger boards: a transposition table, symmetries, threats and
    /// null-window search; the same values and the same move as minimax.
    Solver,
}

impl Method {
    /// The name used on the command line and in statistics.
    pub fn name(self) -> &'static str {
        match self {
            Method::Minimax => "minimax",
            Method::AlphaBeta => "alphabeta",
            Method::Mcts => "mcts",
            Method::Solver => "solver",
        }
    }
}

/// A method and its limits.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    pub method: Method,
    /// Search this many plies, then evaluate.
    pub depth: Option<u32>,
    /// Deepen until this much time is used.
    pub time_limit: Option<Duration>,
    pub mcts: mcts::Settings,
}

impl Engine {
    /// Exact alpha-beta: the reference.
    pub fn exact() -> Engine {
        Engine {
            method: Method::AlphaBeta,
            depth: None,
            time_limit: None,
            mcts: mcts::Settings {
                iterations: 20_000,
                exploration: 1.0,
                seed: 0,
            },
        }
    }

    /// The exact search behind the method (MCTS's answers are checked with alpha-beta).
    pub fn algorithm(self) -> Algorithm {
        match self.method {
            Method::Minimax => Algorithm::Minimax,
            Method::AlphaBeta | Method::Mcts | Method::Solver => Algorithm::AlphaBeta,
        }
    }

    /// The engine's answer at `state`; `None` when the game is over.
    pub fn think<G: Decisive, E: Evaluation<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<Answer<G::Move>> {
        if self.method == Method::Mcts {
            return mcts::search(game, state, self.mcts).map(Answer::Mcts);
        }
        let algorithm = self.algorithm();
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
        decision: Decision<M>,
        iterations: Vec<Iteration>,
        exact: bool,
    },
    Mcts(mcts::Search<M>),
}

impl<M: Copy> Answer<M> {
    pub fn chosen(&self) -> M {
        match self {
            Answer::Search { decision, .. } => decision.best().mv,
            Answer::Mcts(search) => search.moves[search.chosen].mv,
        }
    }
}
