//! Boards of any size through the command line: output forms, k, play, samples, the table's bound.

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
fn the_empty_5x5_board_with_k_4_is_solved_by_the_bitboard_search_every_move_a_draw() {
    let board = b"-----/-----/-----/-----/-----\n";
    let (status, stdout, stderr) = crate::run(&["--k", "4", "--json", "--stats"], board);
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 25);
    assert!(moves.iter().all(|m| m["outcome"] == "draw"), "{stdout}");
    // Ties go to the first move in row-major order.
    assert_eq!(json["optimal"][0], "X 1 1");
    assert!(stderr.contains("algorithm: solver (cells: bitboard"), "{stderr}");
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
