//! Squares, moves, and the order in which coordinates are written.

use super::mark::Mark;
use std::fmt;
use std::str::FromStr;

/// A cell, by 0-based column and row; shown 1-based, top-left is `1 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }
}

/// The order in which a move's two coordinates are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Coords {
    /// Column then row, as on the practice sheet: `X 3 1` is the top-right corner.
    #[default]
    ColRow,
    /// Row then column, for courses that write (row, column).
    RowCol,
    /// The column alone: where pieces fall (Connect Four), a move is its column, `X 4`.
    Column,
}

impl Coords {
    /// The two 1-based numbers of `square` in this order.
    pub fn pair(self, square: Square) -> (u32, u32) {
        let (col, row) = (u32::from(square.col) + 1, u32::from(square.row) + 1);
        match self {
            Coords::ColRow | Coords::Column => (col, row),
            Coords::RowCol => (row, col),
        }
    }

    /// The notation for moves on `shape`: the column alone when pieces fall, else `self`.
    pub fn on(self, shape: super::Shape) -> Coords {
        if shape.gravity {
            Coords::Column
        } else {
            self
        }
    }

    /// The square named by two 1-based numbers written in this order (None if either is 0).
    pub fn square(self, first: u32, second: u32) -> Option<Square> {
        let (col, row) = match self {
            Coords::ColRow | Coords::Column => (first, second),
            Coords::RowCol => (second, first),
        };
        let col = u8::try_from(col.checked_sub(1)?).ok()?;
        let row = u8::try_from(row.checked_sub(1)?).ok()?;
        Some(Square { col, row })
    }
}

/// One action: a mark written in a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub mark: Mark,
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
pub struct BadMove(pub String);

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
