//! Squares, moves, and the order in which coordinates are written.

use super::mark::Mark;
use std::fmt;
use std::str::FromStr;

pub use crate::notation::{Coords, Square};

/// One action: a mark written in a square.
///
/// ```
/// use minimax_core::games::mnk::{Mark, Move, Square};
///
/// // `X 3 1`: column 3, row 1, 1-based: the top-right corner.
/// let corner: Move = "X 3 1".parse().unwrap();
/// assert_eq!((corner.mark, corner.square), (Mark::X, Square::new(2, 0)));
/// let error = "X 3".parse::<Move>().unwrap_err().to_string();
/// let advice = "write the mark, the column and the row, as in `X 3 1`";
/// assert_eq!(error, format!(r#""X 3" is not a move: {advice}"#));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Who moves.
    pub mark: Mark,
    /// Where: with gravity, the cell the piece falls to.
    pub square: Square,
}

impl Move {
    /// The move as the sheet writes it (`X 3 1`), in the given coordinate order.
    pub fn display(self, coords: Coords) -> impl fmt::Display {
        let (first, second) = coords.pair(self.square);
        match coords {
            Coords::Column => format!("{} {first}", self.mark),
            _ => format!("{} {first} {second}", self.mark),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(Coords::ColRow))
    }
}

/// The text was not a move of the form `X 3 1`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a move: write the mark, the column and the row, as in `X 3 1`")]
pub struct BadMove(pub(crate) String);

impl FromStr for Move {
    type Err = BadMove;
    /// Reads `X 3 1` (column then row, 1-based); the inverse of `Display`.
    fn from_str(text: &str) -> Result<Move, BadMove> {
        let bad = || BadMove(text.to_string());
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [mark, col, row] = parts[..] else {
            return Err(bad());
        };
        let mark = mark.parse().map_err(|_| bad())?;
        let col = col.parse().map_err(|_| bad())?;
        let row = row.parse().map_err(|_| bad())?;
        let square = Coords::ColRow.square(col, row).ok_or_else(bad)?;
        Ok(Move { mark, square })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheets_example_is_the_top_right_corner() {
        let mv: Move = "X 3 1".parse().unwrap();
        assert_eq!(mv.square, Square::new(2, 0));
        assert_eq!(mv.mark, Mark::X);
    }

    #[test]
    fn moves_round_trip_through_text() {
        for text in ["X 1 1", "O 3 1", "X 2 3", "O 10 7"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn row_col_order_swaps_the_numbers() {
        let mv: Move = "X 3 1".parse().unwrap();
        assert_eq!(mv.display(Coords::RowCol).to_string(), "X 1 3");
        assert_eq!(Coords::RowCol.square(1, 3), Some(mv.square));
    }

    #[test]
    fn malformed_moves_are_rejected() {
        for text in ["", "X 3", "X 0 1", "Z 1 1", "X 1 1 1", "X a 1"] {
            assert!(text.parse::<Move>().is_err(), "{text:?} parsed");
        }
    }
}
