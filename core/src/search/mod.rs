//! Search algorithms over any [`Game`](crate::game::Game), and the choice of one move.

pub mod alphabeta;
pub mod decision;
pub mod depth;
pub mod distance;
pub mod engine;
pub mod expectiminimax;
pub mod maxn;
pub mod mcts;
pub mod minimax;
pub mod observer;
pub mod solver;

use crate::game::Game;
use observer::Observer;

/// Which algorithm computes the minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax, exactly the sheet's ASIGNAR-VALOR: every node is visited.
    Minimax,
    /// Alpha-beta pruning as on the lecture slides: same values, fewer nodes.
    AlphaBeta,
}

impl Algorithm {
    /// The exact minimax value of `state` for `max`, counting every node entered in `nodes`.
    pub fn value<G: Game>(
        self,
        game: &G,
        state: &G::State,
        max: G::Player,
        observer: &mut impl Observer<G>,
    ) -> G::Value {
        match self {
            Algorithm::Minimax => minimax::value(game, state, max, observer),
            Algorithm::AlphaBeta => alphabeta::value(game, state, max, observer),
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
        }
    }
}
