//! Expectiminimax: minimax with chance nodes, each outcome weighted by its probability.

use super::minimax;
use super::observer::Observer;
use crate::game::Game;

/// A game with chance nodes (dice, cards): at those, the moves are outcomes with probabilities.
pub trait Stochastic: Game {
    /// The outcomes of a chance node with their probabilities; `None` where a player chooses.
    fn chances(&self, state: &Self::State) -> Option<Vec<(f64, Self::Move)>>;
}

/// The expectiminimax value of `state` for `max`: Σ p·v at chance nodes (not the plain mean).
pub fn value<G: Stochastic<Value = f64>>(
    game: &G,
    state: &G::State,
    max: G::Player,
    observer: &mut impl Observer<G>,
) -> f64 {
    observer.enter(state, None);
    if let Some(utility) = game.terminal_utility(state, max) {
        observer.leave(state, utility);
        return utility;
    }
    let v = if let Some(outcomes) = game.chances(state) {
        let mut sum = 0.0;
        for (probability, outcome) in outcomes {
            sum += probability * value(game, &game.play(state, outcome), max, observer);
            observer.backed_up(state, sum, None);
        }
        sum
    } else {
        minimax::choose(game, state, max, observer, |game, child, observer| {
            value(game, child, max, observer)
        })
    };
    observer.leave(state, v);
    v
}
