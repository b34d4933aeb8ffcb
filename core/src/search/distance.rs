//! How soon a game ends under best play, for breaking ties between equally valued moves.
//!
//! Minimax values say only win, draw or loss. `Hurried` wraps any game so that its utility
//! also rewards winning sooner and losing later; running the ordinary alpha-beta search on the
//! wrapped game then yields the outcome *and* its distance, without a second search algorithm.
//!
//! ```
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//! use minimax_core::search::{decision::decide, distance::Outcome, Algorithm};
//!
//! // Both `X 3 1` and blocking O with `X 1 2` win; the first at once, the second later.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let decision = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
//! let outcome = |text: &str| decision.moves.iter().find(|m| m.mv.to_string() == text).unwrap().outcome;
//! assert_eq!(outcome("X 3 1"), Outcome::Win { plies: 1 });
//! assert_eq!(outcome("X 1 2"), Outcome::Win { plies: 3 });
//! // "Wins in 2": X's second move completes a line.
//! assert_eq!(outcome("X 1 2").winner_moves(), Some(2));
//! ```

use super::alphabeta;
use crate::game::Game;

/// Scale separating the game's own utility from the ply count folded into it: the exact
/// solver's scores use the same scale, so both decode alike.
const SCALE: i32 = super::WIN;

/// The result of a line of best play, from the point of view of the player it was computed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// That player wins after `plies` half-moves (counted from the position searched).
    Win {
        /// Half-moves to the win.
        plies: u32,
    },
    /// Neither wins.
    Draw,
    /// That player loses after `plies` half-moves.
    Loss {
        /// Half-moves to the loss.
        plies: u32,
    },
    /// A depth-limited search stopped before the end: the evaluation function's estimate.
    Estimate {
        /// The evaluation, for that player.
        value: i32,
    },
}

impl Outcome {
    /// How many moves the winner makes, counting from the position searched: "wins in N".
    pub fn winner_moves(self) -> Option<u32> {
        match self {
            Outcome::Win { plies } | Outcome::Loss { plies } => Some(plies.div_ceil(2)),
            Outcome::Draw | Outcome::Estimate { .. } => None,
        }
    }
}

/// A game whose states carry their depth and whose utility prefers short wins and long losses.
pub(crate) struct Hurried<'g, G> {
    game: &'g G,
}

impl<'g, G: Game> Hurried<'g, G> {
    pub(crate) fn new(game: &'g G) -> Self {
        Hurried { game }
    }
}

/// A game whose utilities are integers, where utilities of at least [`Decisive::win`] mean
/// the game was won (smaller ones, from an evaluation function, are estimates).
pub trait Decisive: Game<Value = i32> {
    /// The smallest utility that means a won game (1 for games without an evaluation).
    fn win(&self) -> i32 {
        1
    }
}

impl<G: Game<Value = i32>> Game for Hurried<'_, G> {
    type State = (G::State, u32);
    type Value = i32;
    type Move = G::Move;
    type Player = G::Player;
    type Moves = G::Moves;

    fn player(&self, (state, _): &Self::State) -> G::Player {
        self.game.player(state)
    }
    fn moves(&self, (state, _): &Self::State) -> G::Moves {
        self.game.moves(state)
    }
    fn play(&self, (state, plies): &Self::State, mv: G::Move) -> Self::State {
        (self.game.play(state, mv), plies + 1)
    }
    fn is_terminal(&self, (state, _): &Self::State) -> bool {
        self.game.is_terminal(state)
    }
    fn utility(&self, (state, plies): &Self::State, player: G::Player) -> i32 {
        hurry(self.game.utility(state, player), *plies)
    }
    fn terminal_utility(&self, (state, plies): &Self::State, player: G::Player) -> Option<i32> {
        self.game
            .terminal_utility(state, player)
            .map(|utility| hurry(utility, *plies))
    }
}

/// Lexicographic: the utility first, then fewer plies for a gain, more for a loss.
fn hurry(utility: i32, plies: u32) -> i32 {
    let plies = plies.min(SCALE as u32 / 2 - 1) as i32;
    utility * SCALE - utility.signum() * plies
}

/// The outcome of best play from `state` (already `plies` half-moves below the root) for `me`.
pub(crate) fn outcome<G: Decisive>(
    game: &G,
    state: &G::State,
    plies: u32,
    me: G::Player,
    nodes: &mut u64,
) -> (i32, Outcome) {
    let score = alphabeta::value(&Hurried::new(game), &(state.clone(), plies), me, nodes);
    (score, decode(score, game.win()))
}

/// The outcome a distance-aware score stands for (`win`: the least utility that is a win).
pub(crate) fn decode(score: i32, win: i32) -> Outcome {
    let utility = (score + score.signum() * SCALE / 2) / SCALE;
    let plies = (score - utility * SCALE).unsigned_abs();
    match utility {
        // Where evaluations stand in for utilities, 0 may be either; say only what is known.
        0 if win > 1 => Outcome::Estimate { value: 0 },
        0 => Outcome::Draw,
        u if u >= win => Outcome::Win { plies },
        u if u <= -win => Outcome::Loss { plies },
        value => Outcome::Estimate { value },
    }
}

/// A score of the bitboard searches (the side to move's, at a position of `stones` pieces on
/// a board of `cells`: a win with the mover's m-th piece from now is `(cells + 1 - stones) /
/// 2 - (m - 1)`, a loss to the opponent's m-th `-((cells - stones) / 2 - (m - 1))`) as the
/// distance score every solver here reports: `WIN - p` for a win `p` plies on.
pub(crate) fn from_pieces(cells: u32, stones: u32, score: i32) -> i32 {
    let (cells, stones) = (cells as i32, stones as i32);
    match score {
        0 => 0,
        // Won with the mover's m-th piece from here: ply 2m - 1.
        s if s > 0 => SCALE - (2 * ((cells + 1 - stones) / 2 - s + 1) - 1),
        // Lost to the opponent's m-th piece: ply 2m.
        s => -(SCALE - 2 * ((cells - stones) / 2 + s + 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_decode_back_to_outcome_and_distance() {
        assert_eq!(decode(SCALE - 3, 1), Outcome::Win { plies: 3 });
        assert_eq!(decode(-SCALE + 4, 1), Outcome::Loss { plies: 4 });
        assert_eq!(decode(0, 1), Outcome::Draw);
        assert_eq!(decode(5 * SCALE - 7, 1), Outcome::Win { plies: 7 });
        assert_eq!(decode(3 * SCALE - 2, 1000), Outcome::Estimate { value: 3 });
        assert_eq!(decode(-1000 * SCALE + 2, 1000), Outcome::Loss { plies: 2 });
    }

    #[test]
    fn winner_moves_counts_only_the_winners_turns() {
        assert_eq!(Outcome::Win { plies: 1 }.winner_moves(), Some(1));
        assert_eq!(Outcome::Win { plies: 3 }.winner_moves(), Some(2));
        assert_eq!(Outcome::Loss { plies: 2 }.winner_moves(), Some(1));
        assert_eq!(Outcome::Draw.winner_moves(), None);
    }
}
