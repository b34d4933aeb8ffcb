//! Nim (lecture 004): a heap of tokens, each turn take one of the allowed amounts; by default
//! whoever takes the last token loses (`last_wins` turns that around).
//!
//! ```
//! use minimax_core::games::nim::{Heap, Nim, Seat};
//! use minimax_core::search::{decision::decide, Algorithm};
//!
//! // Five tokens, take 1 to 3, whoever takes the last one loses: 5 = 4 + 1 is lost for the
//! // player to move, whatever they take.
//! let game = Nim::new(vec![1, 2, 3], false).unwrap();
//! let heap = Heap { tokens: 5, to_move: Seat::First };
//! let decision = decide(&game, &heap, Algorithm::Minimax).unwrap();
//! assert!(decision.moves.iter().all(|rated| rated.value < 0));
//! ```

use crate::game::Game;
use crate::search::depth::Evaluation;
use crate::search::distance::Decisive;
use std::fmt;

/// The two players, by the order they move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player who takes first.
    First,
    /// The other one.
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first player",
            Seat::Second => "second player",
        })
    }
}

/// A heap and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heap {
    /// Tokens left on the heap.
    pub tokens: u32,
    /// The player whose turn it is.
    pub to_move: Seat,
}

/// The rules: which amounts may be taken, and whether taking the last token wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    takes: Vec<u32>,
    pub(crate) last_wins: bool,
}

/// The amounts a player may take, as written on the command line: `1,2,3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Takes(pub Vec<u32>);

impl std::str::FromStr for Takes {
    type Err = BadTakes;
    fn from_str(text: &str) -> Result<Takes, BadTakes> {
        let takes: Result<Vec<u32>, _> = text.split(',').map(|t| t.trim().parse::<u32>()).collect();
        match takes {
            Ok(takes) if !takes.is_empty() && !takes.contains(&0) => Ok(Takes(takes)),
            _ => Err(BadTakes(text.to_string())),
        }
    }
}

/// The amounts to take were not usable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the amounts to take must be positive whole numbers, such as 1,2,3; found {0:?}")]
pub struct BadTakes(pub(crate) String);

impl Nim {
    /// The rules with these amounts (sorted, without repeats); `None` if there are none or a 0.
    pub fn new(mut takes: Vec<u32>, last_wins: bool) -> Option<Nim> {
        takes.sort_unstable();
        takes.dedup();
        (!takes.is_empty() && takes[0] > 0).then_some(Nim { takes, last_wins })
    }

    /// The amounts a player may take, ascending.
    pub fn takes(&self) -> &[u32] {
        &self.takes
    }

    /// Whether the player to move at a heap of `tokens` loses against best play, by the closed
    /// form when the amounts are 1..=k (period k + 1); `None` for other amounts.
    pub(crate) fn closed_form_loses(&self, tokens: u32) -> Option<bool> {
        let k = *self.takes.last()?;
        let consecutive = self.takes.iter().copied().eq(1..=k);
        consecutive.then(|| tokens % (k + 1) == if self.last_wins { 0 } else { 1 })
    }
}

impl Game for Nim {
    type State = Heap;
    type Move = u32;
    type Player = Seat;
    type Moves = std::vec::IntoIter<u32>;
    type Value = i32;

    fn player(&self, heap: &Heap) -> Seat {
        heap.to_move
    }
    fn moves(&self, heap: &Heap) -> Self::Moves {
        self.takes
            .iter()
            .copied()
            .filter(|&t| t <= heap.tokens)
            .collect::<Vec<_>>()
            .into_iter()
    }
    fn play(&self, heap: &Heap, take: u32) -> Heap {
        Heap {
            tokens: heap.tokens - take,
            to_move: heap.to_move.other(),
        }
    }
    /// Over when no allowed amount can be taken.
    fn is_terminal(&self, heap: &Heap) -> bool {
        heap.tokens < self.takes[0]
    }
    /// At an empty heap the other player took the last token: the mover wins unless the last
    /// token wins. A player who cannot take any allowed amount from a non-empty heap loses.
    fn utility(&self, heap: &Heap, player: Seat) -> i32 {
        let mover_wins = heap.tokens == 0 && !self.last_wins;
        let mover = if mover_wins { 1 } else { -1 };
        if player == heap.to_move {
            mover
        } else {
            -mover
        }
    }
}

impl Decisive for Nim {}

/// The lecture's evaluations of a heap that is not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimEval {
    /// "Muy poco informada": 0 for every unfinished heap.
    Uninformed,
    /// The winning strategy: the mover loses when tokens mod 4 = 1 (mod k+1 for amounts 1..=k).
    Mod4,
}

impl Evaluation<Nim> for NimEval {
    fn evaluate(&self, game: &Nim, heap: &Heap, player: Seat) -> i32 {
        match self {
            NimEval::Uninformed => 0,
            NimEval::Mod4 => {
                let loses = game
                    .closed_form_loses(heap.tokens)
                    .unwrap_or(heap.tokens % 4 == 1);
                let for_mover = if loses { -1 } else { 1 };
                if player == heap.to_move {
                    for_mover
                } else {
                    -for_mover
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_are_read_sorted_and_checked() {
        assert_eq!("3, 1,2".parse(), Ok(Takes(vec![3, 1, 2])));
        assert!("1,0".parse::<Takes>().is_err());
        assert!("a".parse::<Takes>().is_err());
        assert_eq!(Nim::new(vec![3, 1, 2, 1], false).unwrap().takes(), [1, 2, 3]);
    }

    #[test]
    fn taking_the_last_token_loses_unless_it_wins() {
        let misere = Nim::new(vec![1, 2, 3], false).unwrap();
        let normal = Nim::new(vec![1, 2, 3], true).unwrap();
        let empty = Heap {
            tokens: 0,
            to_move: Seat::First,
        };
        assert_eq!(misere.utility(&empty, Seat::First), 1);
        assert_eq!(normal.utility(&empty, Seat::First), -1);
    }
}
