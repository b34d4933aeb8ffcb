//! Search algorithms over any [`Game`](crate::game::Game), and the choice of one move.
//!
//! ```
//! use minimax_core::games::nim::{Heap, Nim, Seat};
//! use minimax_core::search::{decision::decide, Algorithm};
//!
//! // Alpha-beta finds minimax's value, entering fewer nodes.
//! let game = Nim::new(vec![1, 2, 3], false).unwrap();
//! let heap = Heap { tokens: 9, to_move: Seat::First };
//! let minimax = decide(&game, &heap, Algorithm::Minimax).unwrap();
//! let alphabeta = decide(&game, &heap, Algorithm::AlphaBeta).unwrap();
//! assert_eq!(minimax.best().value, alphabeta.best().value);
//! assert!(alphabeta.nodes < minimax.nodes);
//! ```

pub mod alphabeta;
pub mod decision;
pub mod depth;
pub mod distance;
pub mod engine;
pub(crate) mod expectiminimax;
pub(crate) mod maxn;
pub mod mcts;
pub mod minimax;
pub mod observer;
pub mod solver;
pub mod table;

use crate::game::Game;
use observer::Observer;

/// The value of a won game, for every search: an evaluation's estimates stay strictly inside
/// (-WIN, WIN), and the exact solvers' scores are `WIN - p` for a win `p` plies ahead (and
/// `-(WIN - p)` for a loss), which also scales the distance folded into tie-breaking values.
pub const WIN: i32 = 1000;

/// The chapter's algorithms: one enum for every command that names one (`--algorithm`, the
/// statistics, the reports), each command accepting the ones that apply to what it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax, exactly the sheet's ASIGNAR-VALOR: every node is visited.
    Minimax,
    /// Alpha-beta pruning as on the lecture slides: same values, fewer nodes.
    AlphaBeta,
    /// Expectiminimax: chance nodes back up their children's mean weighted by probability.
    Expectiminimax,
    /// max^n: every node backs up one value per player, each player maximising its own.
    MaxN,
    /// Monte Carlo tree search with UCB1 and random playouts (not exact).
    Mcts,
    /// The exact solver for bigger boards: a transposition table, symmetries, threats and
    /// null-window search; the same values and the same move as minimax.
    Solver,
}

impl Algorithm {
    /// The exact minimax value of `state` for `max`, counting every node entered in `nodes`.
    ///
    /// On a deterministic game of two players expectiminimax and max^n back up exactly
    /// minimax's values, visiting every node, and so search as minimax; MCTS's and the
    /// solver's answers are valued (and checked) with alpha-beta.
    pub fn value<G: Game>(
        self,
        game: &G,
        state: &G::State,
        max: G::Player,
        observer: &mut impl Observer<G>,
    ) -> G::Value {
        match self.exact_search() {
            Algorithm::Minimax => minimax::value(game, state, max, observer),
            _ => alphabeta::value(game, state, max, observer),
        }
    }

    /// The exact search of a game's value behind this algorithm: minimax or alpha-beta.
    pub fn exact_search(self) -> Algorithm {
        match self {
            Algorithm::Minimax | Algorithm::Expectiminimax | Algorithm::MaxN => Algorithm::Minimax,
            Algorithm::AlphaBeta | Algorithm::Mcts | Algorithm::Solver => Algorithm::AlphaBeta,
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::MaxN => "maxn",
            Algorithm::Mcts => "mcts",
            Algorithm::Solver => "solver",
        }
    }
}
