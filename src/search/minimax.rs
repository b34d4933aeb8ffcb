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
    let maximising = game.player(state) == max;
    let mut v = if maximising {
        G::Value::NEG_INF
    } else {
        G::Value::POS_INF
    };
    for mv in game.moves(state) {
        let child = value(game, &game.play(state, mv), max, observer);
        v = if maximising {
            max_value(v, child)
        } else {
            min_value(v, child)
        };
        observer.backed_up(state, v, None);
    }
    observer.leave(state, v);
    v
}
