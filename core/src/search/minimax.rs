//! Plain minimax, written as the practice sheet's ASIGNAR-VALOR: no pruning, every node visited.
//!
//! ```
//! use minimax_core::games::mnk::{Mark, Position, Shape, TicTacToe};
//! use minimax_core::search::minimax;
//!
//! // X to move completes the top row with `X 3 1`: +1 for X, −1 for O.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let mut nodes = 0u64;
//! assert_eq!(minimax::value(&game, &position, Mark::X, &mut nodes), 1);
//! assert_eq!(minimax::value(&game, &position, Mark::O, &mut 0u64), -1);
//! // No pruning: every one of the 125 nodes below is visited.
//! assert_eq!(nodes, 125);
//! ```

use super::observer::Observer;
use crate::game::{max_value, min_value, Game, Value};

/// The minimax value of `state` for the player `max`, reporting every node to `observer`.
pub fn value<G: Game>(
    game: &G,
    state: &G::State,
    max: G::Player,
    observer: &mut impl Observer<G>,
) -> G::Value {
    observer.enter(state, None);
    if let Some(utility) = game.terminal_utility(state, max) {
        observer.leave(state, utility);
        return utility;
    }
    let v = choose(game, state, max, observer, |game, child, observer| {
        value(game, child, max, observer)
    });
    observer.leave(state, v);
    v
}

/// A choice node: the best of its children's values for whoever moves (max for `max`, min for
/// the other), each child valued by `child_value`; the first of equals is kept.
pub(crate) fn choose<G: Game, O: Observer<G>>(
    game: &G,
    state: &G::State,
    max: G::Player,
    observer: &mut O,
    mut child_value: impl FnMut(&G, &G::State, &mut O) -> G::Value,
) -> G::Value {
    let maximising = game.player(state) == max;
    let mut v = if maximising {
        G::Value::NEG_INF
    } else {
        G::Value::POS_INF
    };
    for mv in game.moves(state) {
        let child = child_value(game, &game.play(state, mv), observer);
        v = if maximising {
            max_value(v, child)
        } else {
            min_value(v, child)
        };
        observer.backed_up(state, v, None);
    }
    v
}
