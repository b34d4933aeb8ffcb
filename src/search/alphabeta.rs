//! Alpha-beta pruning as on the lecture slides: MAX cuts when v ≥ β, MIN cuts when v ≤ α.

use crate::game::Game;

/// The exact minimax value of `state` for `max`, searched with the full window (−∞, +∞).
pub fn value<G: Game>(game: &G, state: &G::State, max: G::Player, nodes: &mut u64) -> i32 {
    window(game, state, max, i32::MIN, i32::MAX, nodes)
}

/// MAX-VALUE / MIN-VALUE of the slides, dispatched on whose turn it is at `state`.
///
/// The result is exact when it lies strictly inside (α, β); otherwise it is a bound on the
/// side of the window it fell, which is all the caller needs to cut.
pub fn window<G: Game>(
    game: &G,
    state: &G::State,
    max: G::Player,
    mut alpha: i32,
    mut beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if let Some(utility) = game.terminal_utility(state, max) {
        return utility;
    }
    if game.player(state) == max {
        let mut v = i32::MIN;
        for mv in game.moves(state) {
            v = v.max(window(game, &game.play(state, mv), max, alpha, beta, nodes));
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
        v
    } else {
        let mut v = i32::MAX;
        for mv in game.moves(state) {
            v = v.min(window(game, &game.play(state, mv), max, alpha, beta, nodes));
            if v <= alpha {
                return v;
            }
            beta = beta.min(v);
        }
        v
    }
}
