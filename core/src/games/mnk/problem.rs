//! Everything that can be wrong with a position, found while reading it or checking it.

use super::mark::Mark;
use crate::notation::diagnostic::{Diagnostic, Location};

/// One thing wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the input is empty")]
    Empty,
    #[error("the input is larger than {limit} bytes")]
    TooLarge { limit: usize },
    #[error("the input is not text: byte {byte:#04x} is not valid UTF-8")]
    NotUtf8 { byte: u8 },
    #[error("the line is {length} characters long; a position's lines have at most {limit}")]
    LineTooLong { length: usize, limit: usize },
    #[error("unknown character {0:?} in the board")]
    UnknownCharacter(char),
    #[error("{0:?} is not a player")]
    BadToMove(String),
    #[error("the side to move is given more than once")]
    ToMoveTwice,
    #[error("{0:?} is not a number of marks in a row")]
    BadK(String),
    #[error("k (how many in a row win) is given more than once")]
    KTwice,
    #[error("{0}")]
    Shape(super::board::ShapeError),
    #[error("a board written on one line has {0} cells, which is no square board")]
    FlatNotSquare(usize),
    #[error("not valid JSON: {0}")]
    Json(String),
    #[error("{0}")]
    JsonBoard(String),
    #[error("expected {expected} rows, found {found}")]
    RowCount { expected: usize, found: usize },
    #[error("row {row} has {found} cells, expected {expected}")]
    CellCount {
        row: usize,
        expected: usize,
        found: usize,
    },
    #[error("X has {x} marks and O has {o}: players take turns, so the counts differ by at most one")]
    CountsApart { x: u32, o: u32 },
    #[error("{more} has one mark more than {fewer}, which cannot happen when {first} moves first")]
    WrongOpener { more: Mark, fewer: Mark, first: Mark },
    #[error("both X and O have {k} in a row (X: {x_line}; O: {o_line})")]
    BothWin { k: u8, x_line: String, o_line: String },
    #[error("{winner} has {k} in a row ({line}), but {last} made the last move")]
    WinnerDidNotMoveLast {
        winner: Mark,
        k: u8,
        line: String,
        last: Mark,
    },
    #[error("{winner} has two separate lines ({first} and {second}), but one move completes only lines through one cell")]
    SeparateLines {
        winner: Mark,
        first: String,
        second: String,
    },
    #[error("{given} is said to move, but {reason}")]
    ToMoveContradicts { given: Mark, reason: String },
    #[error("the moves are given more than once")]
    MovesTwice,
    #[error("{0:?} is not a column number")]
    BadColumn(String),
    #[error("a position is given either as a board or as its moves, not both")]
    MovesAndBoard,
    #[error("move {index} is column {col}, but the board has columns 1 to {cols}")]
    ColumnOutside { index: usize, col: u32, cols: u8 },
    #[error("move {index} plays into column {col}, which is already full")]
    ColumnFull { index: usize, col: u32 },
    #[error("move {index} comes after the game ended: {winner} completed {k} in a row with move {ended}")]
    MoveAfterEnd {
        index: usize,
        ended: usize,
        winner: Mark,
        k: u8,
    },
    #[error("{mark} in column {col}, row {row} floats: the cell below it is empty")]
    Floating { mark: Mark, col: u8, row: u8 },
    #[error("{winner} has {k} in a row ({line}), but every piece of it lies under another piece: the game ended before those were played")]
    WinBuried { winner: Mark, k: u8, line: String },
}

impl Problem {
    /// What the reader can do about it.
    pub fn help(&self) -> Option<String> {
        let text = match self {
            Problem::Empty => "give a board: a grid of 3 lines such as `X X -`, one line such as `XX-/-00/---`, or JSON",
            Problem::TooLarge { .. } => "positions and trees are small files; is this the right file?",
            Problem::LineTooLong { .. } => "a position is a few short lines; is this the right file?",
            Problem::NotUtf8 { .. } => "save the position as plain UTF-8 text",
            Problem::UnknownCharacter(_) => "a cell is X, O (or 0), or - . _ for an empty cell; cells may be separated by spaces, tabs or |",
            Problem::BadToMove(_) | Problem::ToMoveTwice => "write the side to move once, as `to move: X` or `turno: O`",
            Problem::BadK(_) | Problem::KTwice => "write how many in a row win once, as `k: 4`",
            Problem::Shape(_) => "boards are 3 to 8 columns by 3 to 8 rows; k (--k, `k: 4`) is 3 to the longer side",
            Problem::FlatNotSquare(_) => "write the rows separated by /, as `XO--/----/----`",
            Problem::Json(_) | Problem::JsonBoard(_) => r#"the JSON form is {"board": ["XX-", "-OO", "---"], "to_move": "X"} (to_move is optional), or {"moves": "4453"} where pieces fall"#,
            Problem::RowCount { .. } | Problem::CellCount { .. } => "every row of a board has the same number of cells; an empty cell is -",
            Problem::WrongOpener { first: Mark::X, .. } => "if O opened this game, pass --first O",
            Problem::WrongOpener { .. } => "if X opened this game, pass --first X",
            Problem::ToMoveContradicts { .. } => "leave out the side to move to have it inferred from the counts",
            Problem::MovesTwice | Problem::BadColumn(_) => "write the columns played once, 1-based and left to right, as `moves: 4453`",
            Problem::MovesAndBoard => "give either the grid or `moves: 4453`",
            Problem::ColumnOutside { .. } | Problem::ColumnFull { .. } => "columns are numbered from 1 at the left; each holds as many pieces as the board has rows",
            Problem::MoveAfterEnd { .. } => "end the list with the move that won",
            Problem::Floating { .. } => "pieces fall to the lowest free cell of their column; rows are written top row first",
            Problem::CountsApart { .. }
            | Problem::BothWin { .. }
            | Problem::WinnerDidNotMoveLast { .. }
            | Problem::SeparateLines { .. }
            | Problem::WinBuried { .. } => return None,
        };
        Some(text.to_string())
    }

    pub fn at(self, location: Option<Location>) -> Located {
        Located {
            problem: self,
            at: location,
        }
    }

    pub fn nowhere(self) -> Located {
        self.at(None)
    }
}

/// A problem and where it was found, if it has a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub problem: Problem,
    pub at: Option<Location>,
}

impl From<Located> for Diagnostic {
    fn from(located: Located) -> Diagnostic {
        Diagnostic {
            message: located.problem.to_string(),
            help: located.problem.help(),
            at: located.at,
        }
    }
}
