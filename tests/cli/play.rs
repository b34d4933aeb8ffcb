//! `minimax play`, driven through stdin.

use crate::run;

#[test]
fn a_game_against_the_machine_rejects_bad_moves_and_announces_the_result() {
    let moves = b"1 1\n5 5\nhello\n1 1\n3 1\n1 3\n2 1\n3 3\n";
    let (status, stdout, stderr) = run(&["play"], moves);
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert!(stdout.contains("5 5 is off the board"), "{stdout}");
    assert!(stdout.contains("\"hello\" is not a move"), "{stdout}");
    assert!(stdout.contains("1 1 is taken by X"), "{stdout}");
    assert!(
        stdout.trim_end().ends_with("O wins: the machine wins."),
        "{stdout}"
    );
    insta::assert_snapshot!("play-tictactoe", stdout);
}

#[test]
fn the_machine_can_move_first_and_q_quits() {
    let (status, stdout, _) = run(&["play", "--machine-first"], b"q\n");
    assert_eq!(status, 0);
    assert!(stdout.contains("The machine plays X 1 1."), "{stdout}");
    assert!(stdout.trim_end().ends_with("You quit the game."), "{stdout}");
}

#[test]
fn the_end_of_the_input_ends_the_game_politely() {
    let (status, stdout, _) = run(&["play"], b"2 2\n");
    assert_eq!(status, 0);
    assert!(
        stdout
            .trim_end()
            .ends_with("The input ended; the game is left unfinished."),
        "{stdout}"
    );
}

#[test]
fn a_draw_is_announced() {
    // X 2 2, O 1 1, X 3 1, O 1 3 (forced), X 1 2 (forced), O 3 2 (forced), X 2 3, O 2 1, X 3 3.
    let (_, stdout, _) = run(&["play"], b"2 2\n3 1\n1 2\n2 3\n3 3\n");
    assert!(stdout.trim_end().ends_with("draw"), "{stdout}");
}

#[test]
fn nim_is_played_by_taking_tokens() {
    let (status, stdout, _) = run(&["play", "nim", "7", "--machine-first"], b"2\n3\n1\n");
    assert_eq!(status, 0);
    assert!(stdout.contains("Only 1 left: you cannot take 3."), "{stdout}");
    assert!(stdout.trim_end().ends_with("The machine wins."), "{stdout}");
    insta::assert_snapshot!("play-nim", stdout);
}

#[test]
fn nim_without_a_heap_size_is_a_usage_error() {
    let (status, _, stderr) = run(&["play", "nim"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("minimax play nim N"), "{stderr}");
}
