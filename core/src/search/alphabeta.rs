//! Alpha-beta pruning as on the lecture slides: MAX cuts when v ≥ β, MIN cuts when v ≤ α.
//!
//! ```
//! use minimax_core::games::mnk::{Mark, Position, Shape, TicTacToe};
//! use minimax_core::search::{alphabeta, minimax};
//!
//! // The same value as minimax (X wins with `X 3 1`), entering fewer nodes.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let (mut pruned, mut full) = (0u64, 0u64);
//! assert_eq!(alphabeta::value(&game, &position, Mark::X, &mut pruned), 1);
//! assert_eq!(minimax::value(&game, &position, Mark::X, &mut full), 1);
//! assert_eq!((pruned, full), (32, 125));
//! ```

use super::observer::Observer;
use crate::game::{max_value, min_value, Game, Value};

/// When a node stops looking at its remaining children.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cutoff {
    /// Cut when v ≥ β at MAX and v ≤ α at MIN, as on the lecture slides.
    #[default]
    Inclusive,
    /// Cut only when v > β at MAX and v < α at MIN, as some autograders require.
    Strict,
}

impl Cutoff {
    fn cuts<V: Value>(self, v: V, bound: V, maximising: bool) -> bool {
        match (self, maximising) {
            (Cutoff::Inclusive, true) => v >= bound,
            (Cutoff::Inclusive, false) => v <= bound,
            (Cutoff::Strict, true) => v > bound,
            (Cutoff::Strict, false) => v < bound,
        }
    }
}

/// The exact minimax value of `state` for `max`, searched with the full window (−∞, +∞).
pub fn value<G: Game>(
    game: &G,
    state: &G::State,
    max: G::Player,
    observer: &mut impl Observer<G>,
) -> G::Value {
    window(
        game,
        state,
        max,
        (G::Value::NEG_INF, G::Value::POS_INF),
        Cutoff::Inclusive,
        observer,
    )
}

/// MAX-VALUE / MIN-VALUE of the slides, dispatched on whose turn it is at `state`.
///
/// The result is exact when it lies strictly inside (α, β); otherwise it is a bound on the
/// side of the window it fell, which is all the caller needs to cut.
pub(crate) fn window<G: Game>(
    game: &G,
    state: &G::State,
    max: G::Player,
    (mut alpha, mut beta): (G::Value, G::Value),
    cutoff: Cutoff,
    observer: &mut impl Observer<G>,
) -> G::Value {
    observer.enter(state, Some((alpha, beta)));
    if let Some(utility) = game.terminal_utility(state, max) {
        observer.leave(state, utility);
        return utility;
    }
    let maximising = game.player(state) == max;
    let mut v = if maximising {
        G::Value::NEG_INF
    } else {
        G::Value::POS_INF
    };
    let mut moves = game.moves(state);
    while let Some(mv) = moves.next() {
        let child = window(game, &game.play(state, mv), max, (alpha, beta), cutoff, observer);
        if maximising {
            v = max_value(v, child);
            if cutoff.cuts(v, beta, true) {
                observer.cut(state, v, (alpha, beta), moves);
                observer.leave(state, v);
                return v;
            }
            alpha = max_value(alpha, v);
        } else {
            v = min_value(v, child);
            if cutoff.cuts(v, alpha, false) {
                observer.cut(state, v, (alpha, beta), moves);
                observer.leave(state, v);
                return v;
            }
            beta = min_value(beta, v);
        }
        observer.backed_up(state, v, Some((alpha, beta)));
    }
    observer.leave(state, v);
    v
}
