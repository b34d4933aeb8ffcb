//! Boards of any size: legality on 3×4 and 4×3, and the exact solver against plain minimax.

use minimax::game::Game;
use minimax::search::decision::{decide, decide_solved};
use minimax::search::solver::{from_parent, Solver, WIN};
use minimax::search::Algorithm;
use minimax::tictactoe::{
    legality, parse, reachable_positions, Board, Mark, Position, Shape, Square, TicTacToe,
};
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
                minimax::search::distance::Outcome::Win { plies } => WIN - plies as i32,
                minimax::search::distance::Outcome::Loss { plies } => -(WIN - plies as i32),
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
fn every_output_form_of_a_4x4_position_matches_its_snapshot() {
    for (form, args) in [
        ("action", &[][..]),
        ("board", &["--board"][..]),
        ("json", &["--json"][..]),
        ("explain", &["--explain"][..]),
    ] {
        let mut all = vec!["fixtures/boards/cuatro.txt"];
        all.extend(args);
        let (status, stdout, stderr) = crate::run(&all, b"");
        assert_eq!(status, 0, "{form}: {stderr}");
        insta::assert_snapshot!(format!("cuatro-{form}"), stdout);
    }
}

#[test]
fn the_empty_4x4_board_is_a_draw_with_every_move_rated() {
    let (status, stdout, stderr) = crate::run(&["--json", "--stats"], b"----/----/----/----\n");
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), 16);
    assert!(json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["outcome"] == "draw"));
    assert!(
        stderr.contains("algorithm: solver") && stderr.contains("board: 4x4"),
        "{stderr}"
    );
}

#[test]
fn k_comes_from_the_command_line_the_input_or_the_shorter_side() {
    // Three in a row on 4x4: X wins at once by completing 1 1 .. 3 1.
    let board = "XX--/OO--/----/----\n";
    assert_eq!(crate::run(&["--k", "3"], board.as_bytes()).1, "X 3 1\n");
    assert_eq!(crate::run(&[], format!("{board}k: 3\n").as_bytes()).1, "X 3 1\n");
    let json = r#"{"board": ["XX--", "OO--", "----", "----"], "k": 3}"#;
    assert_eq!(crate::run(&[], json.as_bytes()).1, "X 3 1\n");
    // Four in a row: not yet a win, and k larger than the board is refused.
    let (status, _, stderr) = crate::run(&["--k", "5"], board.as_bytes());
    assert_eq!(status, 2);
    assert!(stderr.contains("k (how many in a row win) is 5"), "{stderr}");
}

#[test]
fn the_same_position_gets_the_same_answer_from_alphabeta_and_the_solver() {
    for file in [
        "fixtures/boards/cuatro.txt",
        "fixtures/boards/cinco.txt",
        "fixtures/estado1.txt",
    ] {
        let solver = crate::run(&["--algorithm", "solver", "--json", file], b"");
        let alphabeta = crate::run(&["--algorithm", "alphabeta", "--json", file], b"");
        assert_eq!(solver, alphabeta, "{file}");
    }
}

#[test]
fn play_draws_a_4x4_board_with_its_coordinates() {
    let (status, stdout, _) = crate::run(&["play", "--size", "4x4", "--k", "4"], b"1 1\nq\n");
    assert_eq!(status, 0);
    assert!(
        stdout.starts_with("Tic-tac-toe on 4x4, 4 in a row: you are X"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    1   2   3   4\n1   X   -   -   -"),
        "{stdout}"
    );
    assert!(stdout.contains("The machine plays O"), "{stdout}");
}

#[test]
fn grading_draws_a_reproducible_hidden_sample_of_4x4_positions() {
    let grade = || {
        crate::run(
            &[
                "grade",
                "--student",
                "tests/class/ana",
                "--run",
                "echo X 1 1",
                "--sample",
                "4",
                "--size",
                "4x4",
                "--seed",
                "7",
                "--format",
                "json",
            ],
            b"",
        )
    };
    let (status, first, stderr) = grade();
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&first).unwrap();
    let names: Vec<&str> = json["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 4);
    assert!(
        names.iter().all(|n| n.split('/').count() == 4 && n.len() == 19),
        "{names:?}"
    );
    let again: serde_json::Value = serde_json::from_str(&grade().1).unwrap();
    assert_eq!(json["positions"], again["positions"]);
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

#[test]
fn depth_limits_and_clocks_search_bigger_boards_with_alphabeta() {
    let (status, stdout, stderr) =
        crate::run(&["--depth", "2", "--stats", "fixtures/boards/cuatro.txt"], b"");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 1);
    assert!(stderr.contains("algorithm: alphabeta"), "{stderr}");
    let (status, _, stderr) = crate::run(
        &["--time-limit", "100", "--stats", "fixtures/boards/cuatro.txt"],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("depth 1: "), "{stderr}");
}

#[test]
fn an_answer_sheet_may_hold_positions_of_any_size() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("answers.csv");
    // Four in a row on 4x4: X wins at once in the top row; anything else lets O win.
    std::fs::write(
        &sheet,
        "student,position,answer\nana,XXX-/OOO-/----/----,X 4 1\nbeto,XXX-/OOO-/----/----,X 4 4\n",
    )
    .unwrap();
    let (status, stdout, stderr) = crate::run(&["check", "--format", "json", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["positions"][0]["optimal"], serde_json::json!(["X 4 1"]));
    let result = |student: usize| &json["students"][student]["results"][0];
    assert_eq!(result(0)["verdict"], "optimal");
    assert_eq!(result(1)["verdict"], "suboptimal");
    assert_eq!(
        result(1)["detail"],
        "X 4 4 turns a win in 1 into a loss: O wins in 1 (optimal: X 4 1)"
    );
}
