//! The lectures' evaluation function for tic-tac-toe: open lines for one side minus the other's.
//!
//! ```
//! use minimax_core::games::mnk::eval::{value_of, BoardEvaluation};
//! use minimax_core::games::mnk::{read_position, Shape, TicTacToe};
//!
//! // X in the centre, O to move: 4 lines still open for O, all 8 for X.
//! let position = read_position("- - -\n- X -\n- - -\n", Shape::CLASSIC, None).unwrap();
//! let game = TicTacToe::new(Shape::CLASSIC);
//! assert_eq!(value_of(&game, &position, BoardEvaluation::OpenLines), 4 - 8);
//! ```

use super::{Mark, Position, Status, TicTacToe};
use crate::search::depth::Evaluation;
use crate::search::WIN;

/// Lines still open for `mark` (holding no opponent mark) minus lines open for the opponent.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenLines;

impl Evaluation<TicTacToe> for OpenLines {
    fn evaluate(&self, game: &TicTacToe, state: &Position, player: Mark) -> i32 {
        let open = |mark: Mark| {
            let blocked = state.board.cells_of(mark.opponent());
            game.lines().iter().filter(|&&line| line & blocked == 0).count() as i32
        };
        open(player) - open(player.opponent())
    }
}

/// Open lines weighted by how many pieces they already hold: a line of k with p of the
/// player's pieces (and none of the opponent's) counts 4^(p-1), so 1, 4, 16 for Connect
/// Four's lines of one, two and three pieces; empty lines count nothing. The lectures'
/// open-lines idea, sharpened for long games where every line starts open.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WeightedLines;

impl Evaluation<TicTacToe> for WeightedLines {
    fn evaluate(&self, game: &TicTacToe, state: &Position, player: Mark) -> i32 {
        let weight = |mark: Mark| {
            let (mine, blocked) = (state.board.cells_of(mark), state.board.cells_of(mark.opponent()));
            game.lines()
                .iter()
                .filter(|&&line| line & blocked == 0)
                .map(|&line| match (line & mine).count_ones() {
                    0 => 0,
                    pieces => 1i32 << (2 * (pieces - 1)).min(20),
                })
                .fold(0i32, i32::saturating_add)
        };
        // Below a win's worth, whatever the board: an estimate never outranks a proven win.
        (weight(player) - weight(player.opponent())).clamp(1 - WIN, WIN - 1)
    }
}

/// One of the board evaluations, chosen at run time (`--eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEvaluation {
    /// The lectures' evaluation: lines still open for the player minus those open for the opponent.
    OpenLines,
    /// Open lines weighted by how many of the player's pieces they already hold.
    WeightedLines,
}

impl BoardEvaluation {
    /// The default for a board: weighted lines where pieces fall (every line is open for most
    /// of the game there), the lectures' open lines elsewhere.
    pub fn default_for(shape: super::Shape) -> BoardEvaluation {
        if shape.gravity {
            BoardEvaluation::WeightedLines
        } else {
            BoardEvaluation::OpenLines
        }
    }
}

impl Evaluation<TicTacToe> for BoardEvaluation {
    fn evaluate(&self, game: &TicTacToe, state: &Position, player: Mark) -> i32 {
        match self {
            BoardEvaluation::OpenLines => OpenLines.evaluate(game, state, player),
            BoardEvaluation::WeightedLines => WeightedLines.evaluate(game, state, player),
        }
    }
}

/// The evaluation of a position for the side to move, as the lectures print it (with
/// [`BoardEvaluation::OpenLines`]): a win is worth ±`WIN` (of `search::depth`), more than
/// any count of lines; a draw 0.
pub fn value_of(game: &TicTacToe, position: &Position, eval: BoardEvaluation) -> i32 {
    match position.status() {
        Status::Won { mark, .. } if mark == position.to_move => WIN,
        Status::Won { .. } => -WIN,
        Status::Draw => 0,
        Status::Ongoing => eval.evaluate(game, position, position.to_move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Shape;

    fn value(text: &str) -> i32 {
        let game = TicTacToe::new(Shape::CLASSIC);
        value_of(&game, &text.parse().unwrap(), BoardEvaluation::OpenLines)
    }

    #[test]
    fn the_lectures_three_examples() {
        assert_eq!(value("X--/-O-/---"), 4 - 5, "X in a corner, O in the centre");
        assert_eq!(value("X--/O--/---"), 6 - 5, "X in a corner, O on an edge");
        assert_eq!(value("X-O/---/---"), 5 - 5, "X and O in two corners");
    }

    #[test]
    fn weighted_lines_count_the_pieces_each_open_line_holds() {
        let game = TicTacToe::new(Shape::CONNECT_FOUR);
        let position = crate::games::mnk::read_any("moves: 44", Default::default(), None).unwrap();
        // X's bottom piece: 4 rows and 2 diagonals open (its column's line holds O's piece);
        // O's piece above it: 4 rows, 1 column, 4 diagonals. One piece each: weight 1.
        assert_eq!(value_of(&game, &position, BoardEvaluation::WeightedLines), 6 - 9);
        let three = crate::games::mnk::read_any("moves: 41526", Default::default(), None).unwrap();
        assert!(
            value_of(&game, &three, BoardEvaluation::WeightedLines) < -16,
            "O to move faces X's three"
        );
    }

    #[test]
    fn a_won_position_is_worth_more_than_any_count() {
        assert_eq!(value("XXX/OO-/---"), -WIN, "O to move has lost");
        assert_eq!(value("---/---/---"), 0);
    }
}
