//! The board: its shape, its winning lines, and which mark stands where.

use super::mark::Mark;
use super::square::Square;
use std::fmt;

/// Columns, rows, how many in a row win, and whether pieces fall. The classic game is 3 × 3
/// with 3 in a row; Connect Four is 7 × 6 with 4 in a row and gravity.
///
/// ```
/// use minimax_core::games::mnk::Shape;
///
/// // k is the shorter side unless given: 3 × 3 is gato; 5 × 4 with 3 in a row says so.
/// assert_eq!(Shape::new(3, 3, None), Ok(Shape::CLASSIC));
/// assert_eq!(Shape::new(5, 4, Some(3)).unwrap().describe(), "5x4, k 3");
/// assert_eq!(Shape::CONNECT_FOUR.describe(), "Connect Four (7x6)");
/// // One column is no board; the error says what is allowed.
/// let error = Shape::new(1, 3, None).unwrap_err().to_string();
/// assert_eq!(error, "a board has 3 to 8 columns; this one has 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Columns, 3 to 8.
    pub cols: u8,
    /// Rows, 3 to 8.
    pub rows: u8,
    /// How many in a row win: 3 to the longer side.
    pub k: u8,
    /// Pieces fall to the lowest free cell of a column: a move is a column.
    pub gravity: bool,
}

/// A winning line: its cells as a bit mask, and its two ends for naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its cells, one bit each, at [`Shape::index`].
    pub mask: u64,
    pub(crate) from: Square,
    pub(crate) to: Square,
}

/// A symmetry of the board: (column, row, columns, rows) to the (column, row) it goes to.
type Symmetry = fn(u8, u8, u8, u8) -> (u8, u8);

/// Why columns, rows and k make no board of this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Too few or too many columns (the number asked).
    #[error("a board has 3 to 8 columns; this one has {0}")]
    Cols(usize),
    /// Too few or too many rows (the number asked).
    #[error("a board has 3 to 8 rows; this one has {0}")]
    Rows(usize),
    /// `k` does not fit the board.
    #[error("k (how many in a row win) is {k}, but it must be 3 to {longest}, the board's longer side")]
    K {
        /// The k asked.
        k: usize,
        /// The board's longer side, the largest k allowed.
        longest: u8,
    },
}

impl Shape {
    /// The practice sheet's board: 3 × 3, three in a row.
    pub const CLASSIC: Shape = Shape {
        cols: 3,
        rows: 3,
        k: 3,
        gravity: false,
    };
    /// Connect Four: 7 columns, 6 rows, four in a row, pieces falling.
    pub const CONNECT_FOUR: Shape = Shape {
        cols: 7,
        rows: 6,
        k: 4,
        gravity: true,
    };
    /// The fewest and most columns or rows (8 × 8 is the 64 cells a bit mask holds).
    pub(crate) const MIN_SIDE: u8 = 3;
    pub(crate) const MAX_SIDE: u8 = 8;

    /// `cols` × `rows` with `k` in a row to win (`None`: the shorter side), if that makes a
    /// board: each side 3 to 8, and 3 ≤ k ≤ the longer side.
    pub fn new(cols: usize, rows: usize, k: Option<usize>) -> Result<Shape, ShapeError> {
        let side = |n: usize| (usize::from(Shape::MIN_SIDE)..=usize::from(Shape::MAX_SIDE)).contains(&n);
        if !side(cols) {
            return Err(ShapeError::Cols(cols));
        }
        if !side(rows) {
            return Err(ShapeError::Rows(rows));
        }
        let longest = cols.max(rows) as u8;
        let k = k.unwrap_or(cols.min(rows));
        if !(3..=usize::from(longest)).contains(&k) {
            return Err(ShapeError::K { k, longest });
        }
        Ok(Shape {
            cols: cols as u8,
            rows: rows as u8,
            k: k as u8,
            gravity: false,
        })
    }

    /// [`Shape::new`] with pieces falling or not; where they fall and k is not said, k is
    /// Connect Four's 4 (3 on the smallest boards) rather than the shorter side.
    pub fn with_rules(
        cols: usize,
        rows: usize,
        k: Option<usize>,
        gravity: bool,
    ) -> Result<Shape, ShapeError> {
        let k = k.unwrap_or_else(|| Shape::unsaid_k(cols, rows, gravity));
        Ok(Shape::new(cols, rows, Some(k))?.with_gravity(gravity))
    }

    /// How many in a row win when nobody says.
    fn unsaid_k(cols: usize, rows: usize, gravity: bool) -> usize {
        if gravity {
            cols.max(rows).min(4)
        } else {
            cols.min(rows)
        }
    }

    /// Whether k is what it is when not said (so that a position need not state it).
    pub fn default_k(self) -> bool {
        let (cols, rows) = (usize::from(self.cols), usize::from(self.rows));
        usize::from(self.k) == Shape::unsaid_k(cols, rows, self.gravity)
    }

    /// The same board with pieces falling (or not).
    pub(crate) fn with_gravity(self, gravity: bool) -> Shape {
        Shape { gravity, ..self }
    }

    /// The board's symmetries, each as the square every square goes to: the 8 of the square
    /// on square boards, the 4 of the rectangle on others (the identity first).
    pub fn symmetries(self) -> Vec<Vec<u8>> {
        let (cols, rows) = (self.cols, self.rows);
        let square = cols == rows;
        let maps: [Symmetry; 8] = [
            |c, r, _, _| (c, r),
            |c, r, w, _| (w - 1 - c, r),
            |c, r, _, h| (c, h - 1 - r),
            |c, r, w, h| (w - 1 - c, h - 1 - r),
            |c, r, _, _| (r, c),
            |c, r, w, _| (r, w - 1 - c),
            |c, r, _, h| (h - 1 - r, c),
            |c, r, w, h| (h - 1 - r, w - 1 - c),
        ];
        // Gravity keeps the bottom at the bottom: only the left-right mirror remains.
        let count = if self.gravity {
            2
        } else if square {
            8
        } else {
            4
        };
        maps[..count]
            .iter()
            .map(|map| {
                (0..self.cells())
                    .map(|index| {
                        let from = self.square(index);
                        let (col, row) = map(from.col, from.row, cols, rows);
                        self.index(Square::new(col, row)) as u8
                    })
                    .collect()
            })
            .collect()
    }

    /// `COLSxROWS` with `, k K` when k is not the shorter side, and `, gravity` when pieces
    /// fall: `4x4`, `5x4, k 3`, `Connect Four (7x6)`.
    pub fn describe(self) -> String {
        if self == Shape::CONNECT_FOUR {
            return "Connect Four (7x6)".to_string();
        }
        let mut text = format!("{}x{}", self.cols, self.rows);
        if self.k != self.cols.min(self.rows) {
            text += &format!(", k {}", self.k);
        }
        if self.gravity {
            text += ", gravity";
        }
        text
    }

    /// The cells of the bottom row.
    pub(crate) fn bottom_row(self) -> u64 {
        (u64::MAX >> (64 - u32::from(self.cols))) << (self.cells() - u32::from(self.cols))
    }

    /// The cells of column 0 (shift left by `col` for the others).
    pub(crate) fn first_column(self) -> u64 {
        (0..self.rows).fold(0, |mask, row| {
            mask | 1u64 << (u32::from(row) * u32::from(self.cols))
        })
    }

    /// How many cells the board has.
    pub fn cells(self) -> u32 {
        u32::from(self.cols) * u32::from(self.rows)
    }

    /// Whether `square` lies on the board.
    pub fn contains(self, square: Square) -> bool {
        square.col < self.cols && square.row < self.rows
    }

    /// Bit index of a square, row-major (the order moves are tried and ties are broken in).
    pub fn index(self, square: Square) -> u32 {
        u32::from(square.row) * u32::from(self.cols) + u32::from(square.col)
    }

    /// The square at bit `index` (the inverse of [`Shape::index`]).
    pub fn square(self, index: u32) -> Square {
        // Boards hold at most 64 cells, so a byte-wide division (the fast kind) suffices.
        let index = index as u8;
        Square::new(index % self.cols, index / self.cols)
    }

    /// The cells of the top row.
    pub(crate) fn top_row(self) -> u64 {
        u64::MAX >> (64 - u32::from(self.cols))
    }

    pub(crate) fn all_cells(self) -> u64 {
        u64::MAX >> (64 - self.cells())
    }

    /// Every line of `k` cells in a row, column or diagonal, in a fixed order.
    /// For the classic board these are the eight lines: three rows, three columns, two diagonals.
    pub(crate) fn lines(self) -> Vec<Line> {
        const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let (cols, rows, k) = (i32::from(self.cols), i32::from(self.rows), i32::from(self.k));
        let mut lines = Vec::new();
        for (dc, dr) in DIRECTIONS {
            for row in 0..rows {
                for col in 0..cols {
                    let (end_col, end_row) = (col + dc * (k - 1), row + dr * (k - 1));
                    if !(0..cols).contains(&end_col) || !(0..rows).contains(&end_row) {
                        continue;
                    }
                    let at = |i: i32| Square::new((col + dc * i) as u8, (row + dr * i) as u8);
                    let mask = (0..k).fold(0, |mask, i| mask | 1u64 << self.index(at(i)));
                    lines.push(Line {
                        mask,
                        from: at(0),
                        to: at(k - 1),
                    });
                }
            }
        }
        lines
    }
}

impl Line {
    /// A reader's name for the line: `row 1`, `column 3` (the whole of it), `column 1, rows
    /// 3 to 6` (part of it), or a diagonal by its ends.
    pub(crate) fn describe(self, shape: Shape) -> String {
        let (from, to) = (self.from, self.to);
        if from.row == to.row && shape.cols == shape.k {
            format!("row {}", from.row + 1)
        } else if from.col == to.col && shape.rows == shape.k {
            format!("column {}", from.col + 1)
        } else if from.row == to.row {
            format!("row {}, columns {} to {}", from.row + 1, from.col + 1, to.col + 1)
        } else if from.col == to.col {
            format!("column {}, rows {} to {}", from.col + 1, from.row + 1, to.row + 1)
        } else {
            format!(
                "diagonal {} {} to {} {}",
                from.col + 1,
                from.row + 1,
                to.col + 1,
                to.row + 1
            )
        }
    }
}

/// The marks on a board, one bit per cell for each player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    x: u64,
    o: u64,
}

impl Board {
    /// A board of `shape` with no marks.
    pub fn empty(shape: Shape) -> Board {
        Board { shape, x: 0, o: 0 }
    }

    /// Its columns, rows, k and gravity.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The mark in `square`, if any.
    pub fn get(&self, square: Square) -> Option<Mark> {
        let bit = 1u64 << self.shape.index(square);
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The board with `mark` written in `square` (whatever stood there before).
    pub fn with(mut self, square: Square, mark: Mark) -> Board {
        let bit = 1u64 << self.shape.index(square);
        self.x &= !bit;
        self.o &= !bit;
        match mark {
            Mark::X => self.x |= bit,
            Mark::O => self.o |= bit,
        }
        self
    }

    /// The cells holding `mark`, as a bit mask.
    pub(crate) fn cells_of(&self, mark: Mark) -> u64 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// The empty cells, as a bit mask.
    pub fn empty_cells(&self) -> u64 {
        self.shape.all_cells() & !(self.x | self.o)
    }

    pub(crate) fn count(&self, mark: Mark) -> u32 {
        self.cells_of(mark).count_ones()
    }

    pub(crate) fn is_full(&self) -> bool {
        self.empty_cells() == 0
    }

    /// The cells a move may go to: every empty cell, or with gravity the lowest empty cell
    /// of each column (the cell below it taken, or the bottom row).
    pub(crate) fn playable_cells(&self) -> u64 {
        let empty = self.empty_cells();
        if !self.shape.gravity {
            return empty;
        }
        // Rows are numbered from the top, so the cell below is `cols` bits further on.
        empty & (((self.x | self.o) >> self.shape.cols) | self.shape.bottom_row())
    }

    /// Where a piece dropped in column `col` (0-based) lands: the lowest free cell of the
    /// column where pieces fall; `None` when the column is full.
    pub fn landing(&self, col: u8) -> Option<Square> {
        let cell = self.playable_cells() & (self.shape.first_column() << col);
        (cell != 0).then(|| self.shape.square(cell.trailing_zeros()))
    }

    /// Pieces with an empty cell below them: impossible when pieces fall.
    pub(crate) fn floating_cells(&self) -> u64 {
        let taken = self.x | self.o;
        taken & (self.empty_cells() >> self.shape.cols) & !self.shape.bottom_row()
    }

    /// Pieces at the top of their column (nothing above them): with gravity, the only pieces
    /// that can have been played last.
    pub(crate) fn top_cells(&self) -> u64 {
        let taken = self.x | self.o;
        let above_empty = (self.empty_cells() << self.shape.cols) | self.shape.top_row();
        taken & above_empty
    }
    /// One string per row, `X` `O` `-`: the compact form used in JSON (`"XX-"`).
    pub fn rows(&self) -> Vec<String> {
        (0..self.shape.rows)
            .map(|row| {
                (0..self.shape.cols)
                    .map(|col| cell_char(self.get(Square::new(col, row))))
                    .collect()
            })
            .collect()
    }
}

fn cell_char(cell: Option<Mark>) -> char {
    cell.map_or('-', Mark::symbol)
}

/// The sheet's grid, as `estado:show()` prints it: cells three spaces apart, `-` for empty.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.shape.rows {
            let cells: Vec<String> = (0..self.shape.cols)
                .map(|col| cell_char(self.get(Square::new(col, row))).to_string())
                .collect();
            writeln!(f, "{}", cells.join("   "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_board_has_the_eight_lines() {
        let names: Vec<String> = Shape::CLASSIC
            .lines()
            .iter()
            .map(|line| line.describe(Shape::CLASSIC))
            .collect();
        assert_eq!(
            names,
            [
                "row 1",
                "row 2",
                "row 3",
                "column 1",
                "column 2",
                "column 3",
                "diagonal 1 1 to 3 3",
                "diagonal 3 1 to 1 3"
            ]
        );
        let masks: Vec<u64> = Shape::CLASSIC.lines().iter().map(|l| l.mask).collect();
        assert_eq!(
            masks,
            [
                0b111,
                0b111000,
                0b111000000,
                0b1001001,
                0b10010010,
                0b100100100,
                0b100010001,
                0b1010100
            ]
        );
    }

    #[test]
    fn larger_boards_have_every_segment_of_k() {
        // 4 × 4 with 3 in a row: 2 per row and column (16), 4 per diagonal direction (8).
        assert_eq!(Shape::new(4, 4, Some(3)).unwrap().lines().len(), 24);
    }

    #[test]
    fn writing_a_mark_replaces_the_cell() {
        let square = Square::new(2, 0);
        let board = Board::empty(Shape::CLASSIC)
            .with(square, Mark::X)
            .with(square, Mark::O);
        assert_eq!(board.get(square), Some(Mark::O));
        assert_eq!(board.count(Mark::X), 0);
        assert_eq!(board.rows(), ["--O", "---", "---"]);
    }
}
