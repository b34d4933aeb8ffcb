//! Squares, and the order in which a move's coordinates are written.

/// A cell, by 0-based column and row; shown 1-based, top-left is `1 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0-based column, from the left.
    pub col: u8,
    /// 0-based row, from the top.
    pub row: u8,
}

impl Square {
    /// The square at 0-based `col` and `row`.
    pub fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }
}

/// The order in which a move's two coordinates are written.
///
/// ```
/// use minimax_core::games::mnk::Move;
/// use minimax_core::notation::Coords;
///
/// // Gato's top-right corner in either order; where pieces fall, the column alone.
/// let corner: Move = "X 3 1".parse().unwrap();
/// assert_eq!(corner.display(Coords::ColRow).to_string(), "X 3 1");
/// assert_eq!(corner.display(Coords::RowCol).to_string(), "X 1 3");
/// assert_eq!(corner.display(Coords::ColRow.on(true)).to_string(), "X 3");
/// ```
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
    pub(crate) fn pair(self, square: Square) -> (u32, u32) {
        let (col, row) = (u32::from(square.col) + 1, u32::from(square.row) + 1);
        match self {
            Coords::ColRow | Coords::Column => (col, row),
            Coords::RowCol => (row, col),
        }
    }

    /// The notation for moves on a board: the column alone when pieces fall, else `self`.
    pub fn on(self, gravity: bool) -> Coords {
        if gravity {
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
