//! The rest of the chapter: Nim, evaluation functions, depth limits, iterative deepening, MCTS.

use crate::{run, SHEET};
use minimax_core::game::Game;
use minimax_core::games::mnk::eval::OpenLines;
use minimax_core::games::mnk::{reachable_positions, Mark, Position, Shape, TicTacToe};
use minimax_core::games::nim::{Heap, Nim, NimEval, Seat};
use minimax_core::search::decision::decide;
use minimax_core::search::depth::DepthLimited;
use minimax_core::search::engine::{Answer, Engine};
use minimax_core::search::{alphabeta, mcts, Algorithm};

#[test]
fn nim_from_1_to_30_tokens_matches_the_closed_form() {
    let nim = Nim::new(vec![1, 2, 3], false).unwrap();
    for tokens in 1..=30 {
        let heap = Heap {
            tokens,
            to_move: Seat::First,
        };
        let value = alphabeta::value(&nim, &heap, Seat::First, &mut 0u64);
        let loses = tokens % 4 == 1;
        assert_eq!(value, if loses { -1 } else { 1 }, "{tokens} tokens");
        if !loses && tokens <= 22 {
            // The winning move leaves the other player a heap of 4k + 1.
            let take = decide(&nim, &heap, Algorithm::AlphaBeta).unwrap().best().mv;
            assert_eq!((tokens - take) % 4, 1, "{tokens} tokens: take {take}");
        }
    }
}

#[test]
fn from_4_tokens_the_best_move_is_to_take_3() {
    assert_eq!(run(&["nim", "4"], b""), (0, "take 3\n".into(), String::new()));
    let (_, explain, _) = run(&["nim", "4", "--explain"], b"");
    insta::assert_snapshot!("nim-4-explain", explain);
}

#[test]
fn the_last_token_can_be_made_to_win() {
    // Taking the last token wins: the mover loses exactly at multiples of 4.
    let nim = Nim::new(vec![1, 2, 3], true).unwrap();
    for tokens in 1..=16 {
        let value = alphabeta::value(
            &nim,
            &Heap {
                tokens,
                to_move: Seat::First,
            },
            Seat::First,
            &mut 0u64,
        );
        assert_eq!(value < 0, tokens % 4 == 0, "{tokens}");
    }
    assert_eq!(run(&["nim", "5", "--last-wins"], b"").1, "take 1\n");
    assert_eq!(run(&["nim", "5", "--take", "1,2,3,4"], b"").1, "take 4\n");
}

#[test]
fn a_heap_too_large_for_exact_search_asks_for_a_depth() {
    let (status, _, stderr) = run(&["nim", "100"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("--depth 12 --eval mod4"), "{stderr}");
    assert_eq!(
        run(&["nim", "100", "--depth", "12", "--eval", "mod4"], b"").1,
        "take 3\n"
    );
}

#[test]
fn nims_uninformed_evaluation_sees_nothing_but_the_end() {
    let nim = Nim::new(vec![1, 2, 3], false).unwrap();
    let heap = Heap {
        tokens: 20,
        to_move: Seat::First,
    };
    let two_plies = |eval: &NimEval| {
        let limited = DepthLimited::new(&nim, eval, None);
        decide(&limited, &(heap, 2), Algorithm::AlphaBeta).unwrap()
    };
    let decision = two_plies(&NimEval::Uninformed);
    assert!(decision.moves.iter().all(|m| m.value == 0), "{decision:?}");
    let decision = two_plies(&NimEval::Mod4);
    assert_eq!(decision.best().mv, 3, "20 - 3 = 17 = 4·4 + 1");
}

#[test]
fn the_lectures_three_open_lines_examples() {
    for (board, value) in [("X--/-O-/---", "-1"), ("X--/O--/---", "1"), ("X-O/---/---", "0")] {
        assert_eq!(
            run(&["eval"], board.as_bytes()),
            (0, format!("{value}\n"), String::new()),
            "{board}"
        );
    }
    assert_eq!(
        run(&["eval"], b"XXX/OO-/---").1,
        "-1000\n",
        "a lost position is worth less than any count"
    );
}

#[test]
fn search_to_the_full_depth_equals_the_exact_search_on_every_position() {
    let game = TicTacToe::new(Shape::CLASSIC);
    for position in reachable_positions(Shape::CLASSIC, Mark::X)
        .iter()
        .filter(|p| !game.is_terminal(p))
    {
        let empty = position.board.empty_cells().count_ones();
        let exact = decide(&game, position, Algorithm::AlphaBeta).unwrap();
        let limited = DepthLimited::new(&game, &OpenLines, None);
        let deep = decide(&limited, &(*position, empty), Algorithm::AlphaBeta).unwrap();
        assert!(!limited.cut_short.get(), "{position}");
        assert_eq!(deep.best().mv, exact.best().mv, "{position}");
        let signs: Vec<i32> = deep.moves.iter().map(|m| m.value.signum()).collect();
        let exact_signs: Vec<i32> = exact.moves.iter().map(|m| m.value).collect();
        assert_eq!(signs, exact_signs, "{position}");
    }
}

#[test]
fn iterative_deepening_answers_the_sheet_and_reports_each_depth() {
    for (name, answer) in SHEET {
        let file = format!("fixtures/{name}.txt");
        let (status, stdout, stderr) = run(&["--time-limit", "200", "--stats", &file], b"");
        assert_eq!((status, stdout.trim()), (0, answer), "{name}");
        assert!(stderr.starts_with("depth 1: "), "{stderr}");
    }
}

#[test]
fn mcts_with_20000_iterations_finds_an_optimal_move_on_every_sheet_position() {
    let game = TicTacToe::new(Shape::CLASSIC);
    for (name, _) in SHEET {
        let text = std::fs::read_to_string(format!("fixtures/{name}.txt")).unwrap();
        let position: Position = text.parse().unwrap();
        let exact = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
        for seed in 0..3 {
            let settings = mcts::Settings {
                iterations: 20_000,
                exploration: 1.0,
                seed,
            };
            let search = mcts::search(&game, &position, settings).unwrap();
            let chosen = search.moves[search.chosen].mv;
            assert!(
                exact.optimal().any(|r| r.mv == chosen),
                "{name}, seed {seed}: {chosen}"
            );
        }
    }
}

#[test]
fn mcts_gives_the_same_answer_for_the_same_seed() {
    let args = [
        "--algorithm",
        "mcts",
        "--iterations",
        "3000",
        "--seed",
        "7",
        "--json",
        "fixtures/ejemplo.txt",
    ];
    let first = run(&args, b"");
    assert_eq!(first.0, 0);
    assert_eq!(first, run(&args, b""));
    let (_, explain, _) = run(
        &[
            "--algorithm",
            "mcts",
            "--iterations",
            "3000",
            "--explain",
            "fixtures/ejemplo.txt",
        ],
        b"",
    );
    insta::assert_snapshot!("mcts-ejemplo-explain", explain);
}

#[test]
fn a_machine_at_full_depth_never_loses_to_random_play() {
    use rand::{RngExt, SeedableRng};
    let game = TicTacToe::new(Shape::CLASSIC);
    let engine = Engine::exact();
    for seed in 0..60 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let machine = if seed % 2 == 0 { Mark::X } else { Mark::O };
        let mut position = Position::start(Shape::CLASSIC, Mark::X);
        while !game.is_terminal(&position) {
            let mv = if position.to_move == machine {
                engine.think(&game, &OpenLines, &position).unwrap().chosen()
            } else {
                let moves: Vec<_> = game.moves(&position).collect();
                moves[rng.random_range(0..moves.len())]
            };
            position = game.play(&position, mv);
        }
        assert!(
            game.utility(&position, machine) >= 0,
            "seed {seed}: the machine lost\n{position}"
        );
    }
}

#[test]
fn every_method_is_available_through_the_engine() {
    let game = TicTacToe::new(Shape::CLASSIC);
    let position: Position = "XX-/-00/---".parse().unwrap();
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Mcts] {
        let engine = Engine {
            algorithm: Some(algorithm),
            ..Engine::exact()
        };
        let answer = engine.think(&game, &OpenLines, &position).unwrap();
        assert_eq!(answer.chosen().to_string(), "X 3 1", "{algorithm:?}");
        assert_eq!(matches!(answer, Answer::Mcts(_)), algorithm == Algorithm::Mcts);
    }
}

#[test]
fn nim_json_lists_every_take_with_its_outcome() {
    let (status, stdout, _) = run(&["nim", "6", "--json"], b"");
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    // From 6, taking 1 leaves 5 = 4 + 1: the only winning move.
    assert_eq!(
        (
            json["take"].as_u64(),
            json["left"].as_u64(),
            json["value"].as_i64()
        ),
        (Some(1), Some(5), Some(1))
    );
    assert_eq!(json["optimal"], serde_json::json!(["take 1"]));
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(3));
}

#[test]
fn nim_deepens_against_a_clock_and_reports_each_depth() {
    let (status, stdout, stderr) = run(&["nim", "200", "--time-limit", "100", "--stats"], b"");
    assert_eq!(
        (status, stdout.as_str()),
        (0, "take 3\n"),
        "200 - 3 = 197 = 4·49 + 1"
    );
    assert!(stderr.starts_with("depth 1: "), "{stderr}");
}

#[test]
fn generated_positions_come_with_keys_and_repeat_for_a_seed() {
    let args = [
        "generate",
        "positions",
        "--count",
        "4",
        "--seed",
        "3",
        "--unique",
        "--empty",
        "4..6",
    ];
    let (status, text, stderr) = crate::run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    insta::assert_snapshot!("generate-positions", text);
    assert_eq!(
        crate::run(&args, b"").1,
        text,
        "the same seed, the same positions"
    );

    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let (_, json, _) = crate::run(&json_args, b"");
    let list: serde_json::Value = serde_json::from_str(&json).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 4);
    for item in list {
        // Each key is what the solver itself says of the position.
        let board = item["board"].as_str().unwrap();
        let (_, answer, _) = crate::run(
            &["--json"],
            format!("{board}\nto move: {}\n", item["to_move"].as_str().unwrap()).as_bytes(),
        );
        let solved: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(item["optimal"], solved["optimal"], "{board}");
        assert_eq!(item["optimal"].as_array().unwrap().len(), 1, "--unique");
        let empty = board.chars().filter(|&c| c == '-').count();
        assert!((4..=6).contains(&empty), "{board}");
    }
}

#[test]
fn impossible_generation_constraints_are_usage_errors() {
    let (status, _, stderr) = crate::run(&["generate", "positions", "--empty", "0..3"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("1 to 8 empty cells"), "{stderr}");
    let (status, _, stderr) = crate::run(&["generate", "positions", "--empty", "6..3"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("the range is empty"), "{stderr}");
}

#[test]
fn a_generated_tree_comes_with_the_key_minimax_tree_gives_it() {
    let args = [
        "generate",
        "tree",
        "--depth",
        "3",
        "--branching",
        "2",
        "--seed",
        "9",
        "--distinct",
        "--pruned",
        "2..4",
    ];
    let (status, stdout, stderr) = crate::run(&args, b"");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(crate::run(&args, b"").1, stdout, "the same seed, the same tree");
    let made: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let pruned = made["key"]["pruned"].as_array().unwrap().len();
    assert!((2..=4).contains(&pruned), "{made}");
    let (_, solved, _) = crate::run(&["tree", "--format", "json"], made["tree"].to_string().as_bytes());
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    assert_eq!(made["key"], solved);
}

#[test]
fn an_impossible_tree_is_a_usage_error_saying_what_to_change() {
    let (status, _, stderr) = crate::run(
        &[
            "generate",
            "tree",
            "--depth",
            "2",
            "--branching",
            "3",
            "--pruned",
            "7..9",
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("change --pruned or --seed"), "{stderr}");
}

#[test]
fn a_class_of_pruning_answers_is_graded_with_each_mistake_named() {
    let (status, table, stderr) = crate::run(&["check", "fixtures/answers/pruning.csv"], b"");
    assert_eq!(status, 0, "{stderr}");
    insta::assert_snapshot!("check-pruning-table", table);
    let (_, json, _) = crate::run(
        &["check", "--format", "json", "fixtures/answers/pruning.csv"],
        b"",
    );
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let diagnoses = |student: usize| -> Vec<(String, String, serde_json::Value)> {
        report["students"][student]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["field"].as_str().unwrap().to_string(),
                    r["verdict"].as_str().unwrap().to_string(),
                    r["diagnosis"].clone(),
                )
            })
            .collect()
    };
    // beto pruned nothing; dani took the root as MIN.
    assert_eq!(
        diagnoses(1)[2],
        ("pruned".into(), "wrong".into(), serde_json::json!("no-pruning"))
    );
    assert_eq!(
        diagnoses(3)[0],
        ("value".into(), "wrong".into(), serde_json::json!("root-min"))
    );
    assert_eq!(
        diagnoses(0)[2],
        ("pruned".into(), "right".into(), serde_json::Value::Null)
    );
}

#[test]
fn every_wrong_procedure_is_diagnosed_on_generated_trees() {
    use minimax_core::exercises::mistakes::{correct, wrong, Mistake};
    use minimax_core::exercises::tree_answers::{diagnose, shown, TreeRules, FIELDS};
    use minimax_core::exercises::trees::{tree as generate, TreeSpec};
    use minimax_core::gradable::Verdict;
    use minimax_core::search::alphabeta::Cutoff;
    let rules = TreeRules {
        cutoff: Cutoff::Inclusive,
        root: minimax_core::tree::MAX,
    };
    let mut diagnosed = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let spec = TreeSpec {
            depth: 3,
            branching: 2 + (seed % 2) as u32,
            values: (0, 9),
            distinct: false,
            pruned: None,
            chance: 0,
            players: 2,
        };
        let made = generate(spec, seed).unwrap();
        let tree = minimax_core::tree::parse(&made["tree"].to_string(), minimax_core::tree::MAX).unwrap();
        let right = correct(&tree, Cutoff::Inclusive);
        for mistake in Mistake::ALL {
            let Some(answers) = wrong(&tree, Cutoff::Inclusive, mistake) else {
                continue;
            };
            for field in FIELDS {
                let (answer, key) = (shown(&tree, &answers, field), shown(&tree, &right, field));
                if answer == key {
                    continue;
                }
                let (verdict, diagnosis) = diagnose(&tree, rules, field, &answer);
                assert_eq!(verdict, Verdict::Wrong, "{mistake:?} {field}: {answer}");
                // Diagnosed as this mistake, or as one that gives exactly the same answer.
                let named = Mistake::ALL
                    .into_iter()
                    .find(|m| Some(m.code().to_string()) == diagnosis);
                let named = named.unwrap_or_else(|| panic!("{mistake:?} {field}: {answer} not diagnosed"));
                let reproduced = wrong(&tree, Cutoff::Inclusive, named).map(|w| shown(&tree, &w, field));
                assert_eq!(
                    reproduced.as_deref(),
                    Some(answer.as_str()),
                    "{mistake:?} {field}"
                );
                diagnosed.insert(named.code());
            }
        }
    }
    for code in [
        "strict-cutoff",
        "no-pruning",
        "right-to-left",
        "root-min",
        "alpha-beta-reset",
        "leaves-after-cut",
    ] {
        assert!(diagnosed.contains(code), "{code} never diagnosed: {diagnosed:?}");
    }
}

#[test]
fn the_other_cutoff_and_an_unweighted_chance_node_are_diagnosed() {
    use minimax_core::exercises::mistakes::{wrong, Mistake};
    use minimax_core::exercises::tree_answers::{diagnose, shown, TreeRules};
    use minimax_core::search::alphabeta::Cutoff;
    use minimax_core::tree::{parse, MAX};
    let chance = parse(
        &std::fs::read_to_string("fixtures/trees/chance.json").unwrap(),
        MAX,
    )
    .unwrap();
    let even = wrong(&chance, Cutoff::Inclusive, Mistake::UnweightedChance).unwrap();
    let rules = TreeRules {
        cutoff: Cutoff::Inclusive,
        root: MAX,
    };
    let (_, diagnosis) = diagnose(&chance, rules, "value", &shown(&chance, &even, "value"));
    assert_eq!(diagnosis.as_deref(), Some("unweighted-chance"));

    // Under --cutoff strict, an answer cut on v >= beta is the inclusive mistake.
    let lecture = parse("[[3,12,8],[3,4,6],[14,5,2]]", MAX).unwrap();
    let strict = TreeRules {
        cutoff: Cutoff::Strict,
        root: MAX,
    };
    let inclusive = wrong(&lecture, Cutoff::Strict, Mistake::InclusiveCutoff).unwrap();
    let (_, diagnosis) = diagnose(&lecture, strict, "pruned", &shown(&lecture, &inclusive, "pruned"));
    assert_eq!(diagnosis.as_deref(), Some("inclusive-cutoff"));
}

#[test]
fn generated_figures_are_well_formed_svg_with_every_board_and_node() {
    let (status, svg, stderr) = crate::run(
        &[
            "generate",
            "positions",
            "--count",
            "3",
            "--seed",
            "3",
            "--format",
            "svg",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let document = roxmltree::Document::parse(&svg).expect("well-formed");
    let boards = document.descendants().filter(|n| n.has_tag_name("svg")).count();
    assert_eq!(boards, 4, "one figure holding three boards");
    let (_, tree, _) = crate::run(
        &[
            "generate",
            "tree",
            "--depth",
            "2",
            "--branching",
            "3",
            "--seed",
            "1",
            "--format",
            "svg",
        ],
        b"",
    );
    let document = roxmltree::Document::parse(&tree).expect("well-formed");
    assert_eq!(
        document.descendants().filter(|n| n.has_tag_name("rect")).count(),
        9
    );
}

#[test]
fn an_exercise_sheet_puts_its_key_on_a_page_of_its_own_in_the_courses_language() {
    let (status, html, stderr) = crate::run(
        &[
            "generate",
            "positions",
            "--count",
            "3",
            "--seed",
            "3",
            "--unique",
            "--format",
            "html",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"es\">"), "{html}");
    assert!(
        html.contains("¿Cuál es la mejor jugada?") && html.contains("<h1>Respuestas</h1>"),
        "{html}"
    );
    assert_eq!(html.matches("<section class=\"question\">").count(), 3);
    let (_, english, _) = crate::run(
        &[
            "generate", "tree", "--seed", "2", "--format", "html", "--lang", "en",
        ],
        b"",
    );
    assert!(
        english.contains("<h1>Answer key</h1>") && english.contains("value: "),
        "{english}"
    );
    insta::assert_snapshot!("sheet-tree-en", english);
    match crate::chromium_pdf(&html) {
        Some(pdf) => {
            // Printed: the questions, then the key on a page of its own.
            let marker = b"/Type /Page";
            let pages = (0..pdf.len().saturating_sub(marker.len() + 1))
                .filter(|&i| &pdf[i..i + marker.len()] == marker && pdf[i + marker.len()] != b's')
                .count();
            assert!(pdf.len() > 2000, "a blank PDF");
            assert!(pages >= 2, "the key starts a new page ({pages} page objects)");
        }
        None => crate::skip(
            &["chromium"],
            "the printed sheet: no chromium (Debian package chromium; .ci/run installs it)",
        ),
    }
}

#[test]
fn generated_chance_and_several_player_trees_are_searched_by_their_algorithms() {
    let (status, json, stderr) = crate::run(
        &[
            "generate",
            "tree",
            "--depth",
            "3",
            "--branching",
            "2",
            "--chance",
            "1",
            "--seed",
            "3",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let made: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(made["key"]["algorithm"], "expectiminimax");
    let (_, solved, _) = crate::run(&["tree", "--format", "json"], made["tree"].to_string().as_bytes());
    assert_eq!(
        made["key"],
        serde_json::from_str::<serde_json::Value>(&solved).unwrap()
    );
    let (_, html, _) = crate::run(
        &[
            "generate",
            "tree",
            "--depth",
            "2",
            "--players",
            "3",
            "--seed",
            "1",
            "--format",
            "html",
        ],
        b"",
    );
    assert!(html.contains("Aplica max^n"), "{html}");
    let (status, _, stderr) = crate::run(&["generate", "tree", "--chance", "1", "--pruned", "1..2"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("prune nothing"), "{stderr}");
}

#[test]
fn every_generated_output_form_matches_its_snapshot() {
    let forms = [
        (
            "positions-json",
            "generate positions --count 2 --seed 5 --format json",
        ),
        (
            "positions-svg",
            "generate positions --count 2 --seed 5 --format svg",
        ),
        (
            "positions-html",
            "generate positions --count 2 --seed 5 --format html",
        ),
        ("tree-json", "generate tree --depth 2 --branching 2 --seed 5"),
        (
            "tree-svg",
            "generate tree --depth 2 --branching 2 --seed 5 --format svg",
        ),
    ];
    for (name, command) in forms {
        let args: Vec<&str> = command.split_whitespace().collect();
        let (status, stdout, stderr) = crate::run(&args, b"");
        assert_eq!(status, 0, "{name}: {stderr}");
        insta::assert_snapshot!(format!("generate-{name}"), stdout);
    }
}

/// The blind class (tests/exercises/blind/): answers to five paper trees written from the
/// lectures and doc/chapter.md by someone who never saw the grader, with the verdict and
/// diagnosis expected of every cell.
#[test]
fn the_blind_class_of_pruning_answers_is_graded_as_its_author_expected() {
    let dir = "tests/exercises/blind";
    let (status, json, stderr) =
        crate::run(&["check", "--format", "json", &format!("{dir}/answers.csv")], b"");
    assert_eq!(status, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut graded = std::collections::HashMap::new();
    for student in report["students"].as_array().unwrap() {
        for result in student["results"].as_array().unwrap() {
            let position = result["position"].as_str().unwrap();
            let tree = position.rsplit_once(' ').unwrap().0;
            let cell = format!(
                "{},{tree},{}",
                student["student"].as_str().unwrap(),
                result["field"].as_str().unwrap()
            );
            let verdict = result["verdict"].as_str().unwrap().to_string();
            let diagnosis = result["diagnosis"].as_str().unwrap_or("").to_string();
            graded.insert(cell, (verdict, diagnosis));
        }
    }
    // The cells where the author and the grader part, each argued in DISAGREEMENTS.md.
    let disagreements = std::fs::read_to_string(format!("{dir}/DISAGREEMENTS.md")).unwrap();
    let skipped: Vec<&str> = disagreements
        .lines()
        .filter_map(|line| line.strip_prefix("- `")?.split('`').next())
        .collect();
    let mut expected = csv::Reader::from_path(format!("{dir}/EXPECTED.csv")).unwrap();
    let (mut cells, mut differ) = (0, Vec::new());
    for row in expected.records() {
        let row = row.unwrap();
        let cell = format!("{},{},{}", &row[0], &row[1], &row[2]);
        cells += 1;
        if skipped.contains(&cell.as_str()) {
            continue;
        }
        let wanted = (row[3].to_string(), row[4].to_string());
        match graded.get(&cell) {
            Some(got) if *got == wanted => {}
            got => differ.push(format!("{cell}: expected {wanted:?}, graded {got:?}")),
        }
    }
    assert_eq!(cells, 400, "every cell of the class is expected");
    assert!(
        differ.is_empty(),
        "{} cells differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn a_value_written_with_a_decimal_comma_is_read_as_spanish_and_portuguese_write_it() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("answers.csv");
    let trees = format!("{}/fixtures/trees", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(
        &sheet,
        format!(
            "student,tree,value\n\
             bea,{trees}/chance.json,\"1,9\"\n\
             dina,{trees}/chance.json,\"1,8\"\n\
             eva,{trees}/three-players.json,\"3, 0\"\n"
        ),
    )
    .unwrap();
    let (status, json, stderr) = crate::run(&["check", "--format", "json", sheet.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let verdicts: Vec<(&str, &str, &str)> = report["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let result = &s["results"][0];
            (
                s["student"].as_str().unwrap(),
                result["verdict"].as_str().unwrap(),
                result["answer"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // 1,9 is the chance tree's 1.9; a max^n value's commas still part a vector of three.
    assert_eq!(
        verdicts,
        [
            ("bea", "right", "1.9"),
            ("dina", "wrong", "1.8"),
            ("eva", "wrong", "3, 0")
        ]
    );
}
