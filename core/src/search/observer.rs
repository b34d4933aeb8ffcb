//! What a search reports as it goes: for counting nodes, tracing, and naming pruned subtrees.

use crate::game::Game;

/// Receives the events of a search. Every method does nothing unless overridden, so an
/// observer that only counts costs only the count.
pub trait Observer<G: Game> {
    /// A node is entered, with the window it received (`None` for plain minimax).
    fn enter(&mut self, _state: &G::State, _window: Option<(G::Value, G::Value)>) {}
    /// A child's value has been folded into its parent: the parent's v, α and β now.
    fn backed_up(&mut self, _state: &G::State, _v: G::Value, _window: Option<(G::Value, G::Value)>) {}
    /// The search stops at `state` with `v` against the window it had; `rest` are the moves
    /// it will not look at.
    fn cut(&mut self, _state: &G::State, _v: G::Value, _window: (G::Value, G::Value), _rest: G::Moves) {}
    /// A node's value is known (exact, or a bound after a cut).
    fn leave(&mut self, _state: &G::State, _value: G::Value) {}
}

/// The plain node counter: each node entered adds one.
impl<G: Game> Observer<G> for u64 {
    fn enter(&mut self, _state: &G::State, _window: Option<(G::Value, G::Value)>) {
        *self += 1;
    }
}
