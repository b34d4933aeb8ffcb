//! Answers to the practice sheet's positions, in every output form.

use crate::{minimax, run, SHEET};

#[test]
fn every_sheet_position_gets_the_sheets_answer() {
    for (name, answer) in SHEET {
        let (status, stdout, stderr) = run(&[&format!("fixtures/{name}.txt")], b"");
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (0, &*format!("{answer}\n"), ""),
            "{name}"
        );
    }
}

#[test]
fn the_json_fixtures_get_the_same_answers_as_the_grids() {
    for (name, answer) in SHEET {
        let (status, stdout, _) = run(&[&format!("fixtures/{name}.json")], b"");
        assert_eq!((status, stdout.trim()), (0, answer), "{name}.json");
    }
}

#[test]
fn both_algorithms_give_the_same_answer_in_every_form() {
    for (name, _) in SHEET {
        let file = format!("fixtures/{name}.txt");
        for form in ["--json", "--explain", "--board"] {
            let (_, minimax, _) = run(&[&file, form, "--algorithm", "minimax"], b"");
            let (_, alphabeta, _) = run(&[&file, form, "--algorithm", "alphabeta"], b"");
            assert_eq!(minimax, alphabeta, "{name} {form}");
        }
    }
}

#[test]
fn every_output_form_of_every_sheet_position_matches_its_snapshot() {
    for (name, _) in SHEET {
        let file = format!("fixtures/{name}.txt");
        for (form, args) in [
            ("action", vec![]),
            ("board", vec!["--board"]),
            ("json", vec!["--json"]),
            ("explain", vec!["--explain"]),
        ] {
            let mut all = vec![file.as_str()];
            all.extend(args);
            let (status, stdout, stderr) = run(&all, b"");
            assert_eq!((status, stderr.as_str()), (0, ""), "{name} {form}");
            insta::assert_snapshot!(format!("{name}-{form}"), stdout);
        }
    }
}

#[test]
fn the_sheets_alternative_answer_is_the_next_board() {
    let (_, stdout, _) = run(&["--board", "fixtures/ejemplo.txt"], b"");
    assert_eq!(stdout, "X   X   X\n-   O   O\n-   -   -\n");
}

#[test]
fn row_col_order_swaps_the_printed_coordinates() {
    let (_, stdout, _) = run(&["--coords", "row-col", "fixtures/estado1.txt"], b"");
    assert_eq!(stdout, "X 3 2\n");
    let (_, json, _) = run(&["--coords", "row-col", "--json", "fixtures/ejemplo.txt"], b"");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["optimal"], serde_json::json!(["X 1 3", "X 2 1"]));
    // The named fields stay named: column is still the column.
    assert_eq!(
        (json["column"].as_u64(), json["row"].as_u64()),
        (Some(3), Some(1))
    );
}

#[test]
fn json_lists_every_optimal_move_for_a_grader() {
    let (_, stdout, _) = run(&["--json", "fixtures/ejemplo.txt"], b"");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["optimal"], serde_json::json!(["X 3 1", "X 1 2"]));
    assert_eq!(json["value"], 1);
    assert_eq!(json["outcome"], "X wins in 1");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(5));
}

#[test]
fn the_sooner_win_is_chosen_over_an_earlier_cell_that_wins_later() {
    // X 2 1 forks (wins in 2) and comes first in row-major order; X 3 3 wins at once.
    let (_, stdout, _) = run(&["--json"], b"X--/-XO/-O-");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["moves"][0]["move"], "X 2 1");
    assert_eq!(json["moves"][0]["outcome"], "X wins in 2");
    assert_eq!(
        (json["column"].as_u64(), json["row"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(json["outcome"], "X wins in 1");
}

#[test]
fn stats_report_the_nodes_of_the_full_game_tree() {
    let output = minimax()
        .args(["--stats", "--algorithm", "minimax"])
        .write_stdin("---/---/---")
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("nodes: 549946 "), "{stderr}");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "X 1 1\n");
}

#[test]
fn a_side_to_move_given_in_the_input_is_obeyed() {
    let (status, stdout, _) = run(&[], b"XX-/-00/---\nto move: O\n");
    assert_eq!((status, stdout.as_str()), (0, "O 1 2\n"));
}

#[test]
fn first_o_lets_o_open_the_game() {
    let (status, stdout, _) = run(&["--first", "O"], b"O--/---/---");
    assert_eq!((status, stdout.as_str()), (0, "X 2 2\n"));
}

#[test]
fn a_time_limit_is_read_with_a_unit_or_as_milliseconds_as_before() {
    for limit in ["300", "300ms", "0.3s", "0.3 s"] {
        let (status, stdout, stderr) = run(&["--time-limit", limit, "--stats", "fixtures/estado1.txt"], b"");
        assert_eq!(status, 0, "{limit}: {stderr}");
        assert_eq!(stdout, run(&["fixtures/estado1.txt"], b"").1, "{limit}");
        assert!(stderr.starts_with("depth 1: "), "{limit}: {stderr}");
    }
}

#[test]
fn a_bad_duration_names_the_flag_and_the_forms_it_takes() {
    let (status, stdout, stderr) = run(&["--time-limit", "2x", "fixtures/estado1.txt"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.contains("--time-limit"), "{stderr}");
    assert!(
        stderr.contains("such as 500ms, 2s, 1.5s or 2m (a bare number is milliseconds)"),
        "{stderr}"
    );
    let (status, _, stderr) = run(
        &[
            "grade",
            "--student",
            "tests/class/ana",
            "--run",
            "true",
            "--timeout",
            "5x",
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--timeout") && stderr.contains("a bare number is seconds"),
        "{stderr}"
    );
    // A unit does not lift the grader's range.
    let (status, _, stderr) = run(
        &[
            "grade",
            "--student",
            "tests/class/ana",
            "--run",
            "true",
            "--timeout",
            "2h",
            "fixtures/estado1.txt",
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--timeout must be a number of seconds above 0 and at most 3600"),
        "{stderr}"
    );
}
