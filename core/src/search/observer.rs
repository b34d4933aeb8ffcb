//! What a search reports as it goes: for counting nodes, tracing, and naming pruned subtrees.
//!
//! ```
//! use minimax_core::games::mnk::{Moves, Position, Shape, TicTacToe};
//! use minimax_core::search::{alphabeta, observer::Observer};
//!
//! // Writes down the moves alpha-beta never looks at, as the sheet writes them.
//! struct Pruned(Vec<String>);
//! impl Observer<TicTacToe> for Pruned {
//!     fn cut(&mut self, _: &Position, _: i32, _: (i32, i32), rest: Moves) {
//!         self.0.extend(rest.map(|mv| mv.to_string()));
//!     }
//! }
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XOX/XOO/---".parse().unwrap();
//! let mut pruned = Pruned(Vec::new());
//! alphabeta::value(&game, &position, position.to_move, &mut pruned);
//! // `X 1 3` wins; after `X 2 3` and `X 3 3` O's first reply is enough, its second is pruned.
//! assert_eq!(pruned.0, ["O 3 3", "O 2 3"]);
//! ```

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
