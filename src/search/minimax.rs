//! Plain minimax, written as the practice sheet's ASIGNAR-VALOR: no pruning, every node visited.

use crate::game::Game;

/// The minimax value of `state` for the player `max`, counting the nodes entered.
pub fn value<G: Game>(game: &G, state: &G::State, max: G::Player, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if let Some(utility) = game.terminal_utility(state, max) {
        return utility;
    }
    let values = game
        .moves(state)
        .map(|mv| value(game, &game.play(state, mv), max, nodes));
    let best = if game.player(state) == max {
        values.max()
    } else {
        values.min()
    };
    // A non-terminal state always has a move (the Game contract); stay total regardless.
    best.unwrap_or_else(|| game.utility(state, max))
}
