//! Boards of any size: legality on 3×4 and 4×3, and the exact solver against plain minimax.

use minimax_core::game::Game;
use minimax_core::games::mnk::{
    legality, parse, reachable_positions, Board, Mark, Position, Shape, Square, TicTacToe,
};
use minimax_core::search::decision::{decide, decide_solved};
use minimax_core::search::solver::{from_parent, Solver, WIN};
use minimax_core::search::Algorithm;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

fn shape(cols: usize, rows: usize, k: usize) -> Shape {
    Shape::new(cols, rows, Some(k)).unwrap()
}

#[test]
fn shapes_are_validated_instead_of_panicking() {
    assert!(Shape::new(2, 3, None).is_err());
    assert!(Shape::new(3, 9, None).is_err());
    assert!(Shape::new(4, 4, Some(5)).is_err());
    assert!(Shape::new(4, 4, Some(2)).is_err());
    assert_eq!(Shape::new(5, 4, None).unwrap().k, 4);
    assert_eq!(Shape::new(8, 8, Some(5)).unwrap().cells(), 64);
}

/// Every one of the 3^cells ways to fill a board with X, O and nothing.
pub fn fillings(board_shape: Shape) -> impl Iterator<Item = Board> {
    let cells = board_shape.cells();
    (0..3u32.pow(cells)).map(move |code| {
        let mut board = Board::empty(board_shape);
        let mut rest = code;
        for index in 0..cells {
            let square = board_shape.square(index);
            match rest % 3 {
                1 => board = board.with(square, Mark::X),
                2 => board = board.with(square, Mark::O),
                _ => {}
            }
            rest /= 3;
        }
        board
    })
}

#[test]
fn the_legality_checker_accepts_exactly_the_reachable_positions_of_3x4_and_4x3() {
    for board_shape in [shape(3, 4, 3), shape(4, 3, 3)] {
        let reachable: HashSet<Board> = reachable_positions(board_shape, Mark::X)
            .into_iter()
            .map(|p| p.board)
            .collect();
        let mut accepted = 0;
        for board in fillings(board_shape) {
            let text = board.rows().join("/");
            let raw = parse::parse(&text).unwrap();
            let inferred = legality::shape_of(&raw, Some(3), false).unwrap();
            assert_eq!(inferred, board_shape, "{text}");
            let checked = legality::check(raw, inferred, None);
            assert_eq!(checked.is_ok(), reachable.contains(&board), "{text}: {checked:?}");
            accepted += usize::from(checked.is_ok());
        }
        assert_eq!(accepted, reachable.len(), "{board_shape:?}");
    }
}

/// Plain minimax over every reachable position, remembered: each position's exact score for
/// its side to move, with the distance (`WIN - p`, `-(WIN - p)`, 0), found without any of the
/// solver's devices.
fn plain_scores(game: &TicTacToe, position: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(&score) = memo.get(position) {
        return score;
    }
    let score = match game.terminal_utility(position, position.to_move) {
        Some(utility) => utility * WIN,
        None => game
            .moves(position)
            .map(|mv| from_parent(plain_scores(game, &game.play(position, mv), memo)))
            .max()
            .unwrap(),
    };
    memo.insert(*position, score);
    score
}

fn assert_solver_agrees_with_plain_minimax(board_shape: Shape) -> usize {
    let game = TicTacToe::new(board_shape);
    let mut memo = HashMap::new();
    let mut solver = Solver::new(&game, 16);
    let mut checked = 0;
    for position in reachable_positions(board_shape, Mark::X) {
        if game.is_terminal(&position) {
            continue;
        }
        let decision = decide_solved(&mut solver, &game, &position).unwrap().unwrap();
        for rated in &decision.moves {
            let expected = from_parent(plain_scores(&game, &game.play(&position, rated.mv), &mut memo));
            let distance = |score: i32| (score.signum(), score);
            let found = match rated.outcome {
                minimax_core::search::distance::Outcome::Win { plies } => WIN - plies as i32,
                minimax_core::search::distance::Outcome::Loss { plies } => -(WIN - plies as i32),
                _ => 0,
            };
            assert_eq!(distance(found), distance(expected), "{position} {:?}", rated.mv);
            assert_eq!(rated.value, expected.signum(), "{position} {:?}", rated.mv);
        }
        checked += 1;
    }
    checked
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_every_reachable_3x3_position() {
    assert_eq!(assert_solver_agrees_with_plain_minimax(Shape::CLASSIC), 4520);
    // And it makes the same choice as the slides' alpha-beta.
    let game = TicTacToe::new(Shape::CLASSIC);
    let mut solver = Solver::new(&game, 1);
    for position in reachable_positions(Shape::CLASSIC, Mark::X)
        .iter()
        .filter(|p| !game.is_terminal(p))
    {
        let solved = decide_solved(&mut solver, &game, position).unwrap().unwrap();
        let searched = decide(&game, position, Algorithm::AlphaBeta).unwrap();
        assert_eq!(solved.moves, searched.moves, "{position}");
        assert_eq!(solved.chosen, searched.chosen, "{position}");
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_every_reachable_3x4_and_4x3_position() {
    for board_shape in [shape(3, 4, 3), shape(4, 3, 3)] {
        assert!(assert_solver_agrees_with_plain_minimax(board_shape) > 10_000);
    }
}

/// A 4×4 position with `empty` empty cells, reached by random play (re-drawn until it is
/// still going).
fn random_position(seed: u64, empty: u32) -> Option<Position> {
    let board_shape = shape(4, 4, 4);
    let game = TicTacToe::new(board_shape);
    let mut position = Position::start(board_shape, Mark::X);
    let mut state = seed;
    while position.board.empty_cells().count_ones() > empty {
        if game.is_terminal(&position) {
            return None;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves: Vec<_> = game.moves(&position).collect();
        let mv = moves[(state >> 33) as usize % moves.len()];
        position = game.play(&position, mv);
    }
    (!game.is_terminal(&position)).then_some(position)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_solver_rates_random_4x4_positions_as_the_slides_alpha_beta_does(seed in any::<u64>(), empty in 4u32..=10) {
        if let Some(position) = random_position(seed, empty) {
            let game = TicTacToe::new(position.board.shape());
            let mut solver = Solver::new(&game, 4);
            let solved = decide_solved(&mut solver, &game, &position).unwrap().unwrap();
            let searched = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
            prop_assert_eq!(&solved.moves, &searched.moves, "{}", position);
            prop_assert_eq!(solved.chosen, searched.chosen);
        }
    }
}

#[test]
fn a_square_of_the_board_round_trips_through_every_symmetry() {
    let board_shape = shape(4, 4, 4);
    for map in board_shape.symmetries() {
        let mut seen: Vec<u8> = map.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..16).collect::<Vec<u8>>());
    }
    assert_eq!(board_shape.symmetries().len(), 8);
    assert_eq!(shape(5, 4, 4).symmetries().len(), 4);
    let _ = Square::new(0, 0);
}

#[test]
fn the_solvers_table_never_grows_past_its_hash() {
    let board_shape = shape(4, 4, 4);
    let game = TicTacToe::new(board_shape);
    let mut solver = Solver::new(&game, 1);
    assert_eq!(
        solver.score(&Position::start(board_shape, Mark::X)),
        Ok(0),
        "4x4 is a draw"
    );
    assert!(solver.table_bytes() <= 1 << 20, "{}", solver.table_bytes());
    assert!(solver.stats.hits > 0 && solver.stats.nodes > 0);
}
