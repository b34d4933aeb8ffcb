//! What the browser's page relies on: the moves rated one at a time as `decide` rates them
//! all at once, and a tree search's trace as data, one step a line.

use minimax_core::game::Game;
use minimax_core::games::exact::Exact;
use minimax_core::games::mnk::{read_any, Position, Rules, TicTacToe};
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::decision::Decision;
use minimax_core::tree::solve::{number, solve, StepEvent, TreeSearch};
use minimax_core::tree::{parse, MAX};

fn position(text: &str, rules: Rules) -> Position {
    read_any(text, rules, None).unwrap()
}

/// `Exact::rate` move by move, then `Decision::choose`: the same moves, values, outcomes and
/// choice as `Exact::decide`.
fn rated_one_at_a_time_as_decided(position: &Position) {
    let game = TicTacToe::new(position.board.shape());
    let decided = Exact::new(&game, 16).decide(position).unwrap().unwrap();
    let mut exact = Exact::new(&game, 16);
    let moves = game
        .moves(position)
        .map(|mv| exact.rate(position, mv).unwrap())
        .collect();
    let stepwise: Decision<_> = Decision::choose(moves, 0).unwrap();
    assert_eq!(stepwise.moves, decided.moves);
    assert_eq!(stepwise.chosen, decided.chosen);
}

#[test]
fn moves_rated_one_at_a_time_are_the_decision_of_the_cell_solver() {
    let k4 = Rules {
        k: Some(4),
        ..Rules::default()
    };
    for text in [
        "----/----/----/----",
        "X---/-O--/--X-/---O",
        "XO--/-X--/--O-/----",
    ] {
        rated_one_at_a_time_as_decided(&position(text, k4));
    }
    rated_one_at_a_time_as_decided(&position("X---/-O--/--X-/---O", Rules::default()));
}

#[test]
fn columns_rated_one_at_a_time_are_the_decision_of_the_column_solver() {
    // Mid-game positions: an opening takes the solver minutes in a debug build.
    for moves in [
        "434557736443565644",
        "111116144337367",
        "1352617527327214671133227",
    ] {
        let text = format!("{{\"moves\": \"{moves}\"}}");
        rated_one_at_a_time_as_decided(&position(&text, Rules::CONNECT_FOUR));
    }
}

#[test]
fn every_trace_line_is_a_step_with_its_node_window_and_cut() {
    let tree = parse("[[3,12,8],[2,4,6],[14,5,2]]", MAX).unwrap();
    let solution = solve(&tree, TreeSearch::alpha_beta(Cutoff::Inclusive));
    assert_eq!(solution.steps.len(), solution.trace.len());
    let name = |id: usize| tree.node(id).name.as_str();
    for (step, line) in solution.steps.iter().zip(&solution.trace) {
        assert_eq!(line.len() - line.trim_start().len(), 2 * step.depth, "{line}");
        assert!(
            line.contains(name(step.node)),
            "{line} is about {}",
            name(step.node)
        );
    }
    let entered: Vec<_> = solution
        .steps
        .iter()
        .filter(|step| step.event == StepEvent::Enter && name(step.node) == "2")
        .collect();
    let window = entered[0].window.unwrap();
    assert_eq!(
        (number(window.0), number(window.1)),
        ("3".to_string(), "+∞".to_string())
    );
    let cut = solution
        .steps
        .iter()
        .find(|step| step.event == StepEvent::Cut && !step.pruned.is_empty())
        .unwrap();
    assert_eq!(name(cut.node), "2");
    assert_eq!(cut.test.as_deref(), Some("v = 2 ≤ α = 3"));
    let pruned: Vec<&str> = cut.pruned.iter().map(|&id| name(id)).collect();
    assert_eq!(pruned, ["2.2", "2.3"]);
}

#[test]
fn chance_and_several_players_trees_have_a_step_for_every_line_too() {
    for text in [
        r#"[{"chance": [[0.9, [2, 3]], [0.1, [1, 4]]]}, {"chance": [[0.9, [1, 3]], [0.1, [4, 4]]]}]"#,
        r#"{"players": ["A", "B", "C"], "tree": [[[1, 2, 6], [4, 2, 3]], [[6, 1, 2], [7, 4, 1]]]}"#,
    ] {
        let tree = parse(text, MAX).unwrap();
        let algorithm = TreeSearch::for_tree(&tree, None, Cutoff::Inclusive).unwrap();
        let solution = solve(&tree, algorithm);
        assert_eq!(solution.steps.len(), solution.trace.len());
        assert!(solution.steps.iter().all(|step| step.window.is_none()));
    }
}
