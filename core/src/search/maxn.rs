//! Max^n for games of several players (lecture 002): values are vectors, one utility per
//! player, and the player to move picks the child best for its own component.

use crate::game::Game;

/// A game of more than two players.
pub trait MultiPlayer: Game {
    /// Every player, in the order of the utility vectors.
    fn players(&self) -> Vec<Self::Player>;
}

/// The max^n vector of `state`; `leave` hears every node's vector. Ties keep the first child.
pub fn value<G: MultiPlayer>(
    game: &G,
    state: &G::State,
    leave: &mut impl FnMut(&G::State, &[G::Value]),
) -> Vec<G::Value> {
    let players = game.players();
    let vector = if game.is_terminal(state) {
        players.iter().map(|&p| game.utility(state, p)).collect()
    } else {
        let mover = players.iter().position(|&p| p == game.player(state)).unwrap_or(0);
        let mut best: Option<Vec<G::Value>> = None;
        for mv in game.moves(state) {
            let child = value(game, &game.play(state, mv), leave);
            if best.as_ref().is_none_or(|best| child[mover] > best[mover]) {
                best = Some(child);
            }
        }
        best.unwrap_or_default()
    };
    leave(state, &vector);
    vector
}
