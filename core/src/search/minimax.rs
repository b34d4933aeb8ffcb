//! Plain minimax, written as the practice sheet's ASIGNAR-VALOR: no pruning, every node visited.

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
pub fn choose<G: Game, O: Observer<G>>(
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
