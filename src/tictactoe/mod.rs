//! Tic-tac-toe ("gato"): the board, reading and checking positions, and the game for search.

pub mod board;
pub mod eval;
pub mod figure;
pub mod generate;
pub mod grading;
mod json;
pub mod legality;
pub mod mark;
pub mod parse;
pub mod position;
pub mod problem;
mod reachable;
mod solving;
pub mod square;

pub use board::{Board, Line, Shape, ShapeError};
pub use mark::Mark;
pub use position::{Position, Status, TicTacToe};
pub use problem::{Located, Problem};
pub use reachable::reachable_positions;
pub use square::{Coords, Move, Square};

use std::str::FromStr;

/// Reads and checks a position in any supported form, reporting every problem found.
pub fn read_position(text: &str, shape: Shape, first: Option<Mark>) -> Result<Position, Vec<Located>> {
    legality::check(parse::parse(text)?, shape, first)
}

/// Reads and checks a position of any size: as many columns and rows as the input draws, and
/// `k` in a row to win (given here, else by the input's `k: 4`, else the shorter side).
pub fn read_any(text: &str, k: Option<usize>, first: Option<Mark>) -> Result<Position, Vec<Located>> {
    let raw = parse::parse(text)?;
    let shape = legality::shape_of(&raw, k)?;
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
