//! Tic-tac-toe ("gato"): the board, reading and checking positions, and the game for search.

pub(crate) mod board;
pub mod cells;
pub mod eval;
mod json;
pub mod legality;
pub(crate) mod mark;
pub mod parse;
pub(crate) mod position;
pub(crate) mod problem;
mod raw;
mod reachable;
pub mod render;
mod solve_tables;
mod solving;
pub(crate) mod square;

pub use board::{Board, Line, Shape, ShapeError};
pub use mark::{BadMark, Mark};
pub use position::{Moves, Position, Status, TicTacToe};
pub use problem::Located;
pub(crate) use problem::Problem;
pub use reachable::reachable_positions;
pub use square::{BadMove, Coords, Move, Square};

use std::str::FromStr;

/// Reads and checks a position in any supported form, reporting every problem found.
pub fn read_position(text: &str, shape: Shape, first: Option<Mark>) -> Result<Position, Vec<Located>> {
    legality::check(parse::parse(text)?, shape, first)
}

/// What the command line says of the game, before the input is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// How many in a row win, when given (`--k`).
    pub k: Option<usize>,
    /// Pieces fall (`--gravity`, `--game connect4`).
    pub gravity: bool,
    /// Columns and rows, when given: the input must then draw exactly that board.
    pub size: Option<(usize, usize)>,
}

impl Rules {
    /// Exactly the rules of `shape`: its size, its k, its gravity.
    pub fn of(shape: Shape) -> Rules {
        Rules {
            k: Some(usize::from(shape.k)),
            gravity: shape.gravity,
            size: Some((usize::from(shape.cols), usize::from(shape.rows))),
        }
    }

    /// Connect Four: 7 × 6, four in a row, gravity.
    pub const CONNECT_FOUR: Rules = Rules {
        k: Some(4),
        gravity: true,
        size: Some((7, 6)),
    };
}

/// Reads and checks a position of any size: as many columns and rows as the input draws (or
/// `rules.size`), and `k` in a row to win (given here, else by the input's `k: 4`, else the
/// shorter side, or 4 when pieces fall). A position written as its moves (`moves: 4453`)
/// has pieces falling, and is a Connect Four board unless told otherwise.
///
/// ```
/// use minimax_core::games::mnk::{read_any, Mark, Rules, Shape};
/// use minimax_core::notation::diagnostic::Diagnostic;
///
/// // Connect Four, written as the columns played: X in 4, O in 4, X in 5.
/// let position = read_any("moves: 445", Rules::default(), None).unwrap();
/// assert_eq!(position.board.shape(), Shape::CONNECT_FOUR);
/// assert_eq!(position.to_move, Mark::O);
///
/// // Every problem comes back with where it is and what to do about it.
/// let problems = read_any("X X -\n- O O\n- Q -\n", Rules::default(), None).unwrap_err();
/// let diagnostic = Diagnostic::from(problems[0].clone());
/// assert_eq!(diagnostic.message, "unknown character 'Q' in the board");
/// ```
pub fn read_any(text: &str, rules: Rules, first: Option<Mark>) -> Result<Position, Vec<Located>> {
    let raw = parse::parse(text)?;
    let gravity = rules.gravity || raw.moves.is_some();
    let size = rules.size.or_else(|| {
        (raw.rows.is_empty() && raw.moves.is_some()).then_some((
            usize::from(Shape::CONNECT_FOUR.cols),
            usize::from(Shape::CONNECT_FOUR.rows),
        ))
    });
    let shape = match size {
        Some((cols, rows)) => {
            let k = rules.k.or(raw.k.as_ref().map(|(k, _)| *k));
            Shape::with_rules(cols, rows, k, gravity)
                .map_err(|error| vec![Problem::Shape(error).nowhere()])?
        }
        None => legality::shape_of(&raw, rules.k, gravity)?,
    };
    legality::check(raw, shape, first)
}

/// Any supported text form of a classic position, X having moved first unless it says otherwise.
impl FromStr for Position {
    type Err = Vec<Located>;
    fn from_str(text: &str) -> Result<Position, Self::Err> {
        read_position(text, Shape::CLASSIC, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_their_display() {
        for text in [
            "XX-/-00/---",
            "---/---/---",
            "-OX/XOO/--X",
            "XO-/---/---\nto move: O",
        ] {
            let position: Position = text.parse().unwrap();
            assert_eq!(
                position.to_string().parse::<Position>().unwrap(),
                position,
                "{text}"
            );
        }
    }
}
