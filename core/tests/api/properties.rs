//! Properties over arbitrary inputs: reading never panics, boards round-trip through text.

use minimax_core::games::mnk::{parse, read_position, Board, Mark, Shape, Square};
use proptest::prelude::*;

proptest! {
    #[test]
    fn reading_any_text_gives_a_position_or_problems_never_a_panic(text in "\\PC{0,200}") {
        let _ = read_position(&text, Shape::CLASSIC, None);
    }

    #[test]
    fn reading_board_like_text_never_panics(text in "[XxOo0._| \t/\n\r{}\\[\\]\",:-]{0,80}") {
        let _ = read_position(&text, Shape::CLASSIC, Some(Mark::O));
    }

    #[test]
    fn any_board_round_trips_through_its_grid(cells in proptest::collection::vec(0u8..3, 9)) {
        let board = cells.iter().enumerate().fold(Board::empty(Shape::CLASSIC), |board, (i, cell)| {
            let square = Square::new(i as u8 % 3, i as u8 / 3);
            match cell {
                1 => board.with(square, Mark::X),
                2 => board.with(square, Mark::O),
                _ => board,
            }
        });
        let mut raw = parse::parse(&board.to_string()).unwrap();
        parse::unflatten(&mut raw, Shape::CLASSIC);
        prop_assert_eq!(raw.row_strings(), board.rows());
    }
}
