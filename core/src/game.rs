//! The interface every game implements so that the search algorithms can play it.
//!
//! The algorithms in [`crate::search`] know nothing of boards or tokens: they see states,
//! moves and players through this trait, so tic-tac-toe, Nim and explicit game trees all
//! plug into the same minimax and alpha-beta code.
//!
//! ```
//! use minimax_core::game::Game;
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//!
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let start: Position = "---/---/---".parse().unwrap();
//! assert_eq!(game.moves(&start).count(), 9);
//! let first = game.moves(&start).next().unwrap();
//! assert!(!game.is_terminal(&game.play(&start, first)));
//! ```

use std::fmt::Debug;

/// A utility: integers for win/draw/loss games and evaluations, reals for trees with chance.
pub trait Value: Copy + PartialOrd + Debug {
    /// Below every utility: the starting value of a MAX node (and α).
    const NEG_INF: Self;
    /// Above every utility: the starting value of a MIN node (and β).
    const POS_INF: Self;
}

impl Value for i32 {
    const NEG_INF: i32 = i32::MIN;
    const POS_INF: i32 = i32::MAX;
}

impl Value for f64 {
    const NEG_INF: f64 = f64::NEG_INFINITY;
    const POS_INF: f64 = f64::INFINITY;
}

/// A deterministic, perfect-information game of alternating (or explicitly assigned) turns.
///
/// Contract: the algorithms ask whether a state is terminal before anything else; only
/// non-terminal states are asked for their moves (and have at least one), and only terminal
/// states for their utility.
pub trait Game {
    /// A position of the game, including whatever says whose turn it is.
    type State: Clone;
    /// One legal action.
    type Move: Copy + PartialEq + Debug;
    /// Who chooses at a state.
    type Player: Copy + Eq + Debug;
    /// The legal moves of a state, in a fixed order (the order breaks ties).
    type Moves: Iterator<Item = Self::Move>;
    /// What a terminal state is worth.
    type Value: Value;

    /// The player who moves at `state`.
    fn player(&self, state: &Self::State) -> Self::Player;
    /// The legal moves at a non-terminal `state`, always in the same order.
    fn moves(&self, state: &Self::State) -> Self::Moves;
    /// The state reached by playing `mv` at `state`.
    fn play(&self, state: &Self::State, mv: Self::Move) -> Self::State;
    /// Whether the game is over at `state`.
    fn is_terminal(&self, state: &Self::State) -> bool;
    /// The value of a terminal state for `player`: +1 win, 0 draw, −1 loss in win/draw/loss games.
    fn utility(&self, state: &Self::State, player: Self::Player) -> Self::Value;

    /// The utility for `player` if `state` is terminal: the terminal test and the utility in
    /// one call, which a game may answer faster than the two apart (the search's hot path).
    fn terminal_utility(&self, state: &Self::State, player: Self::Player) -> Option<Self::Value> {
        self.is_terminal(state).then(|| self.utility(state, player))
    }
}

/// The larger of two values, keeping `a` on a tie (the earlier move wins ties).
pub(crate) fn max_value<V: Value>(a: V, b: V) -> V {
    if b > a {
        b
    } else {
        a
    }
}

/// The smaller of two values, keeping `a` on a tie.
pub(crate) fn min_value<V: Value>(a: V, b: V) -> V {
    if b < a {
        b
    } else {
        a
    }
}
