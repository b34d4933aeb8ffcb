//! What an input says, unchecked: the rows of cells, the side to move, k and the moves as
//! read, each with where it was read ([`RawPosition`]), and reading a line of cells. Both
//! readers ([`super::parse`] for text, `json` for JSON) fill it; [`super::legality`] checks it.

use super::board::Shape;
use super::mark::Mark;
use super::problem::{Located, Problem};
use crate::notation::diagnostic::Location;
use std::sync::Arc;

/// A cell as read, before any rule of the game is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawCell {
    pub(crate) mark: Option<Mark>,
    pub(crate) at: Option<Location>,
}

/// A row as read, with where it stands for pointing at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawRow {
    pub(crate) cells: Vec<RawCell>,
    pub(crate) at: Option<Location>,
}

/// What an input says, unchecked: rows of cells and perhaps the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawPosition {
    pub(crate) rows: Vec<RawRow>,
    pub(crate) to_move: Option<(Mark, Option<Location>)>,
    /// How many in a row win (`k: 4`), when the input says.
    pub(crate) k: Option<(usize, Option<Location>)>,
    /// The columns played, in order, when the position is written as its moves
    /// (`moves: 4453`, as the Connect Four community writes games).
    pub(crate) moves: Option<RawMoves>,
}

/// A game written as the columns played, 1-based, each with where it was read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RawMoves {
    pub(crate) columns: Vec<(u32, Option<Location>)>,
    pub(crate) at: Option<Location>,
}

impl RawPosition {
    /// The cells as row strings (`X`, `O`, `-`), whatever their count: for tests and messages.
    pub fn row_strings(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                row.cells
                    .iter()
                    .map(|cell| cell.mark.map_or('-', Mark::symbol))
                    .collect()
            })
            .collect()
    }
}

/// Characters that separate cells within a row.
const SEPARATORS: [char; 2] = ['|', '\t'];

/// The longest line a position may have, in characters. The widest board written one row per
/// line with separators, or a whole board on one line, fits many times over; anything longer
/// is refused before its characters are looked at one by one.
pub(crate) const MAX_LINE: usize = 512;

/// Reads the rows of one line; `/` ends a row, so `XX-/-00/---` is a whole board.
pub(crate) fn read_rows(content: &str, number: usize, rows: &mut Vec<RawRow>, problems: &mut Vec<Located>) {
    let shared: Arc<str> = Arc::from(content);
    let length = content.chars().count();
    if length > MAX_LINE {
        let problem = Problem::LineTooLong {
            length,
            limit: MAX_LINE,
        };
        problems.push(problem.at(Some(Location::in_line(number, MAX_LINE + 1, &shared))));
        return;
    }
    let mut row = RawRow {
        cells: Vec::new(),
        at: Some(Location::in_line(number, 1, &shared)),
    };
    for (index, c) in content.chars().enumerate() {
        let at = || Some(Location::in_line(number, index + 1, &shared));
        if c == '/' {
            let next = RawRow {
                cells: Vec::new(),
                at: Some(Location::in_line(number, index + 2, &shared)),
            };
            rows.push(std::mem::replace(&mut row, next));
        } else if c.is_whitespace() || SEPARATORS.contains(&c) {
            continue;
        } else if let Some(cell) = read_cell(c) {
            row.cells.push(RawCell { mark: cell, at: at() });
        } else {
            problems.push(Problem::UnknownCharacter(c).at(at()));
        }
    }
    rows.push(row);
}

/// One cell character: `Some(None)` for an empty cell, `None` for a character that is no cell.
pub(crate) fn read_cell(c: char) -> Option<Option<Mark>> {
    match c {
        '-' | '.' | '_' => Some(None),
        c => Mark::from_char(c).map(Some),
    }
}

/// Splits a single row holding a whole board (`XX--OO---`) into the board's rows.
pub fn unflatten(raw: &mut RawPosition, shape: Shape) {
    let cols = usize::from(shape.cols);
    if let [row] = raw.rows.as_slice() {
        if shape.rows > 1 && row.cells.len() == shape.cells() as usize {
            let row = raw.rows.remove(0);
            raw.rows = row
                .cells
                .chunks(cols)
                .map(|cells| RawRow {
                    at: cells[0].at.clone(),
                    cells: cells.to_vec(),
                })
                .collect();
        }
    }
}
