//! The two players' marks.

use std::fmt;
use std::str::FromStr;

/// A player, named by the mark it writes: X or O.
///
/// ```
/// use minimax_core::games::mnk::Mark;
///
/// // O may be written `0`, as many students do; anything else is refused.
/// assert_eq!("0".parse::<Mark>(), Ok(Mark::O));
/// assert_eq!("x".parse::<Mark>().map(Mark::opponent), Ok(Mark::O));
/// assert!("Q".parse::<Mark>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// The first player in the practice sheet's games.
    X,
    /// The second player (also written `0`).
    O,
}

impl Mark {
    pub(crate) const BOTH: [Mark; 2] = [Mark::X, Mark::O];

    /// The other player.
    pub fn opponent(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// Reads one cell character: X is `X` or `x`; O is `O`, `o` or `0` (the sheet prints O as a zero).
    pub(crate) fn from_char(c: char) -> Option<Mark> {
        match c {
            'X' | 'x' => Some(Mark::X),
            'O' | 'o' | '0' => Some(Mark::O),
            _ => None,
        }
    }

    /// The canonical character: `X` or `O`.
    pub(crate) fn symbol(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// The text was not a mark.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a player: use X or O (O may be written 0)")]
pub struct BadMark(pub(crate) String);

impl FromStr for Mark {
    type Err = BadMark;
    fn from_str(text: &str) -> Result<Mark, BadMark> {
        let mut chars = text.trim().chars();
        match (chars.next().and_then(Mark::from_char), chars.next()) {
            (Some(mark), None) => Ok(mark),
            _ => Err(BadMark(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_round_trip_through_text() {
        for mark in Mark::BOTH {
            assert_eq!(mark.to_string().parse::<Mark>(), Ok(mark));
        }
    }

    #[test]
    fn zero_and_lowercase_are_accepted() {
        assert_eq!("0".parse::<Mark>(), Ok(Mark::O));
        assert_eq!("o".parse::<Mark>(), Ok(Mark::O));
        assert_eq!("x".parse::<Mark>(), Ok(Mark::X));
        assert!("XO".parse::<Mark>().is_err());
        assert!("".parse::<Mark>().is_err());
    }
}
