//! Connect Four (`--game connect4`, and gravity on any board): reading positions, every
//! output form, depth-limited play, a class and an answer sheet graded.

use crate::run;
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A middle-game position (18 stones, X to move) whose columns Pons' solver rates
/// -12 -12 11 full 12 -12 -12 (fixtures/connect4/pons-middle.txt).
const MIDDLE: &str = "fixtures/connect4/middle.txt";

#[test]
fn every_output_form_of_a_connect_four_position_matches_its_snapshot() {
    for (form, args) in [
        ("action", &[][..]),
        ("board", &["--board"][..]),
        ("json", &["--json"][..]),
        ("explain", &["--explain"][..]),
    ] {
        let mut all = vec!["--game", "connect4", MIDDLE];
        all.extend(args);
        let (status, stdout, stderr) = run(&all, b"");
        assert_eq!(status, 0, "{form}: {stderr}");
        insta::assert_snapshot!(format!("connect4-{form}"), stdout);
    }
}

#[test]
fn the_json_rates_every_column_as_pons_solver_does() {
    let (status, stdout, stderr) = run(&["--game", "connect4", "--json", MIDDLE], b"");
    assert_eq!(status, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["column"], 5);
    assert!(json.get("row").is_none(), "a column is the whole move: {json}");
    let outcomes: Vec<(&str, &str)> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["outcome"].as_str().unwrap()))
        .collect();
    // Pons: -12 -12 11 (full) 12 -12 -12 at 18 stones; a score s > 0 is a win with the
    // mover's (43 - 18) / 2 - s + 1 = 13 - s th piece, s < 0 a loss to the opponent's
    // (42 - 18) / 2 + s + 1 = 13 + s th.
    assert_eq!(
        outcomes,
        [
            ("X 1", "O wins in 1"),
            ("X 2", "O wins in 1"),
            ("X 3", "X wins in 2"),
            ("X 5", "X wins in 1"),
            ("X 6", "O wins in 1"),
            ("X 7", "O wins in 1"),
        ]
    );
    assert_eq!(json["optimal"], serde_json::json!(["X 3", "X 5"]));
}

#[test]
fn moves_a_grid_and_json_are_the_same_position() {
    let grid = "-------\n-------\n-------\n-------\n---O---\n--OXX--\n";
    let forms: [(&[&str], &str); 4] = [
        (&["--game", "connect4", "--explain"], "moves: 4453"),
        (&["--game", "connect4", "--explain"], grid),
        (&["--game", "connect4", "--explain"], r#"{"moves": "4453"}"#),
        // A list of moves needs no --game: it is how Connect Four games are written.
        (&["--explain"], "jugadas: 4 4 5 3"),
    ];
    let mut boards = Vec::new();
    for (args, input) in forms {
        let mut all = args.to_vec();
        all.extend(["--depth", "2"]);
        let (status, stdout, stderr) = run(&all, input.as_bytes());
        assert_eq!(status, 0, "{input}: {stderr}");
        boards.push(stdout);
    }
    assert!(boards.windows(2).all(|pair| pair[0] == pair[1]), "{boards:#?}");
    assert!(boards[0].starts_with("X to move in\n"), "{}", boards[0]);
}

#[test]
fn a_floating_piece_and_impossible_moves_are_located_with_a_caret() {
    let floating = "-------\n-------\n-------\n---X---\n-------\n---O---\n";
    let (status, _, stderr) = run(&["--game", "connect4"], floating.as_bytes());
    assert_eq!(status, 2);
    insta::assert_snapshot!("connect4-floating", stderr);
    let (status, _, stderr) = run(&["--game", "connect4"], b"moves: 444444492\n");
    assert_eq!(status, 2);
    insta::assert_snapshot!("connect4-full-column", stderr);
    let (status, _, stderr) = run(&[], b"moves: 12121213\n");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("move 8 comes after the game ended: X completed 4 in a row with move 7"),
        "{stderr}"
    );
    // X's four in column 1 lies under O's piece: the game ended before O played it.
    let buried = "-------\nO------\nX------\nX------\nX------\nXOOOX--\n";
    let (status, _, stderr) = run(&["--game", "connect4"], buried.as_bytes());
    assert_eq!(status, 2);
    assert!(
        stderr.contains("every piece of it lies under another piece"),
        "{stderr}"
    );
}

#[test]
fn a_finished_game_has_no_move_and_exits_1() {
    let (status, stdout, stderr) = run(&[], b"moves: 1212121\n");
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.contains("the game is over: X has won"), "{stderr}");
}

#[test]
fn depth_limits_a_clock_and_mcts_each_answer_with_a_column() {
    for args in [
        &["--depth", "4"][..],
        &["--depth", "3", "--eval", "open-lines"][..],
        &["--time-limit", "200", "--algorithm", "alphabeta"][..],
        &["--algorithm", "mcts", "--iterations", "2000"][..],
    ] {
        let mut all = vec!["--game", "connect4"];
        all.extend(args);
        let (status, stdout, stderr) = run(&all, b"moves: 4453\n");
        assert_eq!(status, 0, "{args:?}: {stderr}");
        let answer = stdout.trim();
        assert!(
            answer.len() == 3
                && answer.starts_with("X ")
                && ('1'..='7').contains(&answer.chars().nth(2).unwrap()),
            "{args:?}: {stdout}"
        );
    }
}

#[test]
fn the_weighted_evaluation_counts_pieces_in_open_lines() {
    // X has three in a row on the bottom (columns 4 to 6), open at both ends; O to move.
    let (status, stdout, _) = run(&["eval", "--game", "connect4"], b"moves: 41526\n");
    assert_eq!(status, 0);
    let weighted: i32 = stdout.trim().parse().unwrap();
    let (_, stdout, _) = run(
        &["eval", "--game", "connect4", "--eval", "open-lines"],
        b"moves: 41526\n",
    );
    let open: i32 = stdout.trim().parse().unwrap();
    assert!(
        weighted < open && weighted < -30,
        "weighted {weighted}, open lines {open}"
    );
}

#[test]
fn connect_four_is_played_through_a_pipe_by_columns() {
    let (status, stdout, stderr) = run(&["play", "connect4", "--depth", "4"], b"9\nfour\n4\n4\n4\nq\n");
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert!(stdout.starts_with("Connect Four: you are X"), "{stdout}");
    assert!(stdout.contains("There is no column 9"), "{stdout}");
    assert!(stdout.contains("\"four\" is not a column"), "{stdout}");
    assert!(stdout.contains("The machine plays O "), "{stdout}");
    insta::assert_snapshot!("play-connect4", stdout);
}

/// Verdicts of a report's students, by name.
fn verdicts(json: &str) -> BTreeMap<String, Vec<String>> {
    crate::lms::verdicts(&serde_json::from_str(json).unwrap())
}

#[test]
fn a_connect_four_class_is_graded_with_what_each_move_throws_away() {
    let args = [
        "grade",
        "--game",
        "connect4",
        "--submissions",
        "tests/connect4",
        "--run",
        "python3 main.py",
        "fixtures/connect4/c4-all-win.txt",
        "fixtures/connect4/c4-win-now.txt",
        "fixtures/connect4/c4-win-or-draw.txt",
    ];
    let mut json = args.to_vec();
    json.extend(["--format", "json"]);
    let (status, stdout, stderr) = run(&json, b"");
    assert_eq!(status, 0, "{stderr}");
    let expected = [
        ("ana", ["optimal", "optimal", "optimal"]),
        ("beto", ["optimal", "suboptimal", "suboptimal"]),
        ("caro", ["optimal", "optimal", "suboptimal"]),
        ("dani", ["optimal", "illegal", "suboptimal"]),
    ];
    let expected: BTreeMap<String, Vec<String>> = expected
        .iter()
        .map(|(s, v)| (s.to_string(), v.iter().map(|v| v.to_string()).collect()))
        .collect();
    assert_eq!(verdicts(&stdout), expected);
    let (status, table, _) = run(&args, b"");
    assert_eq!(status, 0);
    assert!(
        table.contains("why:      O 3 turns a win in 5 into a draw (optimal: O 6, O 7)"),
        "{table}"
    );
    assert!(
        table.contains("why:      O 1 turns a win in 1 into a loss: X wins in 1"),
        "{table}"
    );
    // Which sandbox layers apply depends on the machine; the safety tests check them.
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"sandbox auto: [a-z, -]+", "sandbox auto: [layers]");
    settings.bind(|| insta::assert_snapshot!("connect4-class", table));

    // Columns counted from 0, accepted: dani's answers are all optimal.
    json.extend(["--accept", "0-based"]);
    let (status, stdout, _) = run(&json, b"");
    assert_eq!(status, 0);
    assert_eq!(verdicts(&stdout)["dani"], ["optimal", "optimal", "optimal"]);
}

#[test]
fn a_connect_four_answer_sheet_reads_columns_actions_and_moves() {
    let (status, stdout, stderr) = run(
        &[
            "check",
            "--game",
            "connect4",
            "--format",
            "json",
            "fixtures/answers/connect4.csv",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let found = verdicts(&stdout);
    assert_eq!(found["ana"], ["optimal", "optimal", "optimal"]);
    assert_eq!(found["beto"], ["optimal", "suboptimal", "illegal"]);
    assert!(
        stdout.contains("1 1 is not where a piece dropped in column 1 lands"),
        "{stdout}"
    );
}

#[test]
fn a_hidden_sample_of_connect_four_positions_is_the_same_for_the_same_seed() {
    let args = [
        "grade",
        "--game",
        "connect4",
        "--sample",
        "3",
        "--seed",
        "7",
        "--student",
        "tests/connect4/beto",
        "--run",
        "python3 main.py",
        "--format",
        "json",
    ];
    let names = || {
        let (status, stdout, stderr) = run(&args, b"");
        assert_eq!(status, 0, "{stderr}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        json["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let first = names();
    assert_eq!(first.len(), 3);
    assert!(first.iter().all(|name| name.split('/').count() == 6), "{first:?}");
    assert_eq!(first, names());
}

#[test]
fn generated_connect_four_exercises_carry_column_keys_the_solver_agrees_with() {
    let (status, stdout, stderr) = run(
        &[
            "generate",
            "positions",
            "--game",
            "connect4",
            "--count",
            "3",
            "--empty",
            "8..14",
            "--unique",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let list: Value = serde_json::from_str(&stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3);
    for item in list {
        assert_eq!(item["gravity"], true);
        let board = item["board"].as_str().unwrap();
        let (status, answer, _) = run(&["--game", "connect4"], board.as_bytes());
        assert_eq!(status, 0);
        assert_eq!(serde_json::json!([answer.trim()]), item["optimal"], "{board}");
    }
}

#[test]
fn the_opener_of_a_list_of_moves_may_be_o_and_bad_json_moves_are_named() {
    // O opened: O played 4 and 5, X played 4 and 3; O is to move.
    let (status, stdout, stderr) = run(&["--first", "O", "--depth", "2"], b"moves: 4453\n");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.starts_with("O "), "{stdout}");
    let (status, _, stderr) = run(&[], br#"{"moves": ["4", "4"]}"#);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("`moves` must be a string of the columns played"),
        "{stderr}"
    );
    let (status, _, stderr) = run(&[], br#"{"board": ["---", "---", "---"], "moves": "1"}"#);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("either as a board or as its moves, not both"),
        "{stderr}"
    );
}

#[test]
fn the_machine_solves_small_gravity_boards_and_thinks_to_a_depth_on_connect_four() {
    // 4x4 with three in a row is solved at once: the machine's reply is exact, so fixed.
    let (status, first, stderr) = run(&["play", "--gravity", "--size", "4x4", "--k", "3"], b"2\nq\n");
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert!(
        first.starts_with("Tic-tac-toe on 4x4, 3 in a row, pieces falling"),
        "{first}"
    );
    let (_, again, _) = run(&["play", "--gravity", "--size", "4x4", "--k", "3"], b"2\nq\n");
    assert_eq!(first, again);
    // Connect Four's opening cannot be solved in the second allowed: a search to a depth
    // answers instead, with a column.
    let (status, stdout, _) = run(&["play", "connect4"], b"4\nq\n");
    assert_eq!(status, 0);
    assert!(stdout.contains("The machine plays O "), "{stdout}");
    assert!(stdout.trim_end().ends_with("You quit the game."), "{stdout}");
}

#[test]
fn a_book_made_by_book_generate_gives_the_same_answers_as_solving_and_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("small.bin");
    let book = book.to_str().unwrap();
    let generate = [
        "book",
        "generate",
        "--gravity",
        "--size",
        "5x4",
        "--depth",
        "3",
        "--threads",
        "1",
        "--hash",
        "8",
        "-o",
        book,
    ];
    let (status, stdout, stderr) = run(&generate, b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("positions up to 3 plies"), "{stdout}");
    assert!(stderr.contains("book: depth 3:"), "progress on stderr: {stderr}");
    let first = std::fs::read(book).unwrap();
    // A run stopped after some positions (the progress file holds them, its last line cut)
    // resumes from them and makes the same book.
    let partial = format!("{book}.partial");
    std::fs::write(&partial, "0 0\n12").unwrap();
    std::fs::remove_file(book).unwrap();
    let (status, _, stderr) = run(&generate, b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("resuming with 1 positions"), "{stderr}");
    assert_eq!(std::fs::read(book).unwrap(), first);
    assert!(
        !std::path::Path::new(&partial).exists(),
        "the progress file is removed when done"
    );
    for moves in [
        "-----/-----/-----/-----",
        "-----/-----/-----/--X--",
        "-----/-----/--O--/--X--",
    ] {
        let with = run(&["--gravity", "--json", "--book", book], moves.as_bytes());
        let without = run(&["--gravity", "--json", "--book", "none"], moves.as_bytes());
        assert_eq!(with.0, 0, "{}", with.2);
        assert_eq!(with, without, "{moves}");
    }
}

#[test]
fn a_book_file_that_is_not_a_book_is_refused_with_exit_status_2() {
    let (status, stdout, stderr) = run(&["--game", "connect4", "--book", "Cargo.toml", MIDDLE], b"");
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("Cargo.toml: not a minimax opening book"),
        "{stderr}"
    );
    assert!(stderr.contains("--book none"), "says what to do: {stderr}");
}

#[test]
fn the_answer_is_the_same_with_one_thread_or_two_and_with_or_without_the_book() {
    let one = run(
        &[
            "--game",
            "connect4",
            "--json",
            "--threads",
            "1",
            "--book",
            "none",
            MIDDLE,
        ],
        b"",
    );
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(
        run(&["--game", "connect4", "--json", "--threads", "2", MIDDLE], b""),
        one
    );
}

/// Pons' scores of the opening positions (fixtures/connect4/pons-begin.txt): the moves (empty
/// for `-`) and each column's score.
fn pons_openings() -> Vec<(String, Vec<i32>)> {
    openings("fixtures/connect4/pons-begin.txt")
}

/// The openings of a fixture in Pons' form (`path`): the moves (empty for `-`) and each
/// column's score (-1000: full).
fn openings(path: &str) -> Vec<(String, Vec<i32>)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split_whitespace();
            let moves = fields.next().unwrap().trim_start_matches('-').to_string();
            (moves, fields.map(|s| s.parse().unwrap()).collect())
        })
        .collect()
}

/// Pons' score `score` of a column at `stones` stones as the JSON's outcome says it.
fn outcome_of(score: i32, stones: i32, mover: &str, other: &str) -> String {
    match score {
        0 => "draw".to_string(),
        s if s > 0 => format!("{mover} wins in {}", (43 - stones) / 2 - s + 1),
        s => format!("{other} wins in {}", (42 - stones) / 2 + s + 1),
    }
}

/// The allowance above `--time-limit` for the program's start, writing the answer and a
/// loaded machine's scheduling (these tests keep the other core busy): the budget is the
/// program's claim, this margin is not. Generous on purpose: a test that flickers proves
/// nothing.
const START_MARGIN: Duration = Duration::from_secs(3);

/// Keeps one core busy until dropped (a thread of the test's own, nothing left behind).
struct BusyCore(
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    Option<std::thread::JoinHandle<()>>,
);

impl BusyCore {
    fn start() -> BusyCore {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let mut x = 0u64;
            while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        });
        BusyCore(stop, Some(handle))
    }
}

impl Drop for BusyCore {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(handle) = self.1.take() {
            let _ = handle.join();
        }
    }
}

#[test]
fn a_time_limit_answers_every_opening_in_time_and_says_truthfully_whether_it_is_proven() {
    let _busy = BusyCore::start();
    let (mut proven, mut estimated) = (0, 0);
    let seeded = openings("fixtures/connect4/seeded-begin.txt");
    for (moves, scores) in pons_openings().into_iter().chain(seeded) {
        let stones = moves.len() as i32;
        let (mover, other) = if stones % 2 == 0 { ("X", "O") } else { ("O", "X") };
        let started = std::time::Instant::now();
        let input = format!("moves: {moves}\n");
        let args = [
            "--game",
            "connect4",
            "--time-limit",
            "1000",
            "--json",
            "--hash",
            "64",
        ];
        let (status, stdout, stderr) = run(&args, input.as_bytes());
        let took = started.elapsed();
        assert_eq!(status, 0, "{moves}: {stderr}");
        assert!(took < Duration::from_secs(1) + START_MARGIN, "{moves}: {took:?}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        let column = json["column"].as_u64().unwrap() as usize;
        assert!(scores[column - 1] != -1000, "{moves}: column {column} is full");
        for rated in json["moves"].as_array().unwrap() {
            let name = rated["move"].as_str().unwrap();
            let col: usize = name[2..].parse().unwrap();
            if rated["proven"] == true {
                let expected = outcome_of(scores[col - 1], stones, mover, other);
                assert_eq!(rated["outcome"], expected.as_str(), "{moves}: {name}");
            }
        }
        if json["exact"] == true {
            proven += 1;
            let best = *scores.iter().max().unwrap();
            assert_eq!(scores[column - 1], best, "{moves}: proven, yet not optimal");
            assert!(json["moves"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["proven"] == true));
        } else {
            estimated += 1;
            assert_eq!(
                json["optimal"],
                serde_json::json!([]),
                "{moves}: no key from an estimate"
            );
        }
    }
    // The book answers the first plies; the hard middle of the opening is estimated.
    assert!(
        proven >= 2 && estimated >= 1,
        "proven {proven}, estimated {estimated}"
    );
}

#[test]
fn an_unproven_answer_says_so_and_without_a_clock_the_answer_is_exact() {
    let (status, stdout, stderr) = run(&["--game", "connect4", "--time-limit", "300"], b"moves: 4453\n");
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout.starts_with("best found in 0.3 s, not proven: X "),
        "{stdout}"
    );
    // The empty board is in the book: proven at once, however short the budget.
    let (status, stdout, _) = run(
        &["--game", "connect4", "--time-limit", "50", "--json"],
        b"moves: \n",
    );
    assert_eq!(status, 0);
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (json["exact"].clone(), json["column"].clone()),
        (Value::Bool(true), 4.into())
    );
    // So is every opening of two or three stones (the book has depth 4): each column rated,
    // proven.
    for moves in ["44", "17", "71", "444", "123", "765"] {
        let input = format!("moves: {moves}\n");
        let (status, stdout, stderr) = run(
            &["--game", "connect4", "--time-limit", "50", "--json"],
            input.as_bytes(),
        );
        assert_eq!(status, 0, "{stderr}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(json["exact"], Value::Bool(true), "{moves}: {stdout}");
        assert!(
            json["moves"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["proven"] == true),
            "{moves}: {stdout}"
        );
    }
    let (status, stdout, _) = run(&["--game", "connect4", "--json", MIDDLE], b"");
    assert_eq!(status, 0);
    assert!(!stdout.contains("\"exact\""), "{stdout}");
}

#[test]
fn the_text_answer_within_a_time_limit_is_a_legal_column_and_an_optimal_one_unless_it_says_not_proven() {
    let _busy = BusyCore::start();
    let mut said = BTreeMap::new();
    for (moves, scores) in pons_openings() {
        let mover = if moves.len() % 2 == 0 { "X" } else { "O" };
        let started = Instant::now();
        let input = format!("moves: {moves}\n");
        let args = ["--game", "connect4", "--time-limit", "500", "--hash", "64"];
        let (status, stdout, stderr) = run(&args, input.as_bytes());
        let took = started.elapsed();
        assert_eq!(status, 0, "{moves}: {stderr}");
        assert!(
            took < Duration::from_millis(500) + START_MARGIN,
            "{moves}: {took:?}"
        );
        let (proven, answer) = match stdout.strip_prefix("best found in 0.5 s, not proven: ") {
            Some(answer) => (false, answer),
            None => (true, stdout.as_str()),
        };
        let column: usize = answer
            .trim_end()
            .strip_prefix(&format!("{mover} "))
            .and_then(|column| column.parse().ok())
            .unwrap_or_else(|| panic!("{moves}: {stdout:?}"));
        assert!(
            (1..=7).contains(&column) && scores[column - 1] != -1000,
            "{moves}: {stdout}"
        );
        if proven {
            let best = *scores.iter().max().unwrap();
            assert_eq!(scores[column - 1], best, "{moves}: said proven, yet not optimal");
        }
        *said.entry(proven).or_insert(0) += 1;
    }
    // The book proves the first plies; the hard middle of the opening is not proven in 0.5 s.
    assert!(said.len() == 2, "{said:?}");
}

/// The moves of a `play` transcript (its input echoed), in order: each accepted move of the
/// person (the board follows it) and each of the machine's, with whether it said "not proven".
fn played(transcript: &str) -> Vec<(u8, Option<bool>)> {
    let lines: Vec<&str> = transcript.lines().collect();
    let mut moves = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("The machine plays ") {
            let column = rest.as_bytes()[2] - b'0';
            moves.push((column, Some(!rest.contains("not proven"))));
        } else if let Some((_, column)) = line.split_once("or q to quit: ") {
            let next = lines[index + 1..].iter().find(|next| !next.is_empty());
            let accepted = next.is_some_and(|next| next.starts_with("1   2"));
            if let (true, Ok(column)) = (accepted, column.trim().parse()) {
                moves.push((column, None));
            }
        }
    }
    moves
}

#[test]
fn playing_connect_four_within_a_time_limit_every_machine_move_comes_in_time_and_a_proven_one_is_optimal() {
    let _busy = BusyCore::start();
    let person = b"4\n3\n5\n4\n3\n5\n2\n6\n2\n6\n1\n7\n1\n7\nq\n";
    for first in [&[][..], &["--machine-first"][..]] {
        let args = [
            &["play", "connect4", "--time-limit", "500", "--hash", "64"][..],
            first,
        ]
        .concat();
        let started = Instant::now();
        let (status, stdout, stderr) = run(&args, person);
        let took = started.elapsed();
        assert_eq!(status, 0, "{stderr}");
        let moves = played(&stdout);
        let machine = moves.iter().filter(|(_, proven)| proven.is_some()).count();
        assert!(machine >= 4, "{stdout}");
        // Each of the machine's answers within its 0.5 s; the margin once, for the start.
        let allowed = Duration::from_millis(500) * machine as u32 + START_MARGIN;
        assert!(took < allowed, "{machine} answers in {took:?}");
        for (index, (column, proven)) in moves.iter().enumerate() {
            let Some(proven) = proven else { continue };
            let before: String = moves[..index]
                .iter()
                .map(|(column, _)| column.to_string())
                .collect();
            if *proven {
                // The exact answer, without a clock: the machine's move is among its optimal ones.
                let input = format!("moves: {before}\n");
                let (_, exact, _) = run(
                    &["--game", "connect4", "--json", "--hash", "64"],
                    input.as_bytes(),
                );
                let exact: Value = serde_json::from_str(&exact).unwrap();
                let mover = exact["player"].as_str().unwrap();
                let named = Value::String(format!("{mover} {column}"));
                assert!(
                    exact["optimal"].as_array().unwrap().contains(&named),
                    "{before}: {column}"
                );
            }
        }
    }
}
