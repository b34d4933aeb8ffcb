//! The lectures' evaluation function for tic-tac-toe: open lines for one side minus the other's.

use super::{Mark, Position, Status, TicTacToe};
use crate::search::depth::{Evaluation, WIN};

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

/// The evaluation of a position for the side to move, as the lectures print it: a win is
/// worth ±[`WIN`], more than any count of lines; a draw 0.
pub fn open_lines_value(game: &TicTacToe, position: &Position) -> i32 {
    match position.status() {
        Status::Won { mark, .. } if mark == position.to_move => WIN,
        Status::Won { .. } => -WIN,
        Status::Draw => 0,
        Status::Ongoing => OpenLines.evaluate(game, position, position.to_move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::Shape;

    fn value(text: &str) -> i32 {
        open_lines_value(&TicTacToe::new(Shape::CLASSIC), &text.parse().unwrap())
    }

    #[test]
    fn the_lectures_three_examples() {
        assert_eq!(value("X--/-O-/---"), 4 - 5, "X in a corner, O in the centre");
        assert_eq!(value("X--/O--/---"), 6 - 5, "X in a corner, O on an edge");
        assert_eq!(value("X-O/---/---"), 5 - 5, "X and O in two corners");
    }

    #[test]
    fn a_won_position_is_worth_more_than_any_count() {
        assert_eq!(value("XXX/OO-/---"), -WIN, "O to move has lost");
        assert_eq!(value("---/---/---"), 0);
    }
}
