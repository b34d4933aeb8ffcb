//! Every input form, from a file or from stdin.

use crate::run;

#[test]
fn stdin_and_a_file_argument_give_the_same_answer() {
    let text = std::fs::read("fixtures/estado2.txt").unwrap();
    assert_eq!(run(&[], &text), run(&["fixtures/estado2.txt"], b""));
    assert_eq!(run(&["-"], &text), run(&["fixtures/estado2.txt"], b""));
}

#[test]
fn every_board_form_of_the_sheets_example_is_read() {
    let forms: [&[u8]; 12] = [
        b"X   X   -\n-   0   0\n-   -   -\n",
        b"X X -\n- O O\n- - -",
        b"x|x|-\n-|o|o\n-|-|-\n",
        b"XX-\n-00\n---\n",
        b"\xef\xbb\xbfXX-\r\n-00\r\n---\r\n",
        b"\n\n X X . \n---+---+---\n _ O O\n---+---+---\n _ _ _   \n\n",
        b"X\tX\t-\n-\t0\t0\n-\t-\t-\n",
        b"XX-/-00/---",
        b"XX--OO---\n",
        b"to move: X\nXX-\n-OO\n---\n",
        br#"{"board": ["XX-", "-OO", "---"], "to_move": "X"}"#,
        br#"{"board": [["X","X",""],["","0","0"],["","",""]]}"#,
    ];
    for form in forms {
        let (status, stdout, stderr) = run(&[], form);
        assert_eq!(
            (status, stdout.as_str()),
            (0, "X 3 1\n"),
            "{}: {stderr}",
            String::from_utf8_lossy(form)
        );
    }
}

#[test]
fn a_flat_json_array_of_nine_cells_is_read() {
    let (status, stdout, _) = run(&[], br#"{"board": ["X","X"," ","","O","O",".","-",""]}"#);
    assert_eq!((status, stdout.as_str()), (0, "X 3 1\n"));
}

#[test]
fn a_finished_game_exits_1_and_says_who_won() {
    let (status, stdout, stderr) = run(&[], b"XXX\nOO-\n---\n");
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "minimax: <stdin>: the game is over: X has won (row 1)\n");
}

#[test]
fn a_full_board_exits_1_and_says_it_is_a_draw() {
    let (status, stdout, stderr) = run(&["--json"], b"XOX/XOO/OXX");
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.contains("draw"), "{stderr}");
}
