//! `minimax tree`: the lectures' tree exercises.

use crate::run;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::search::Algorithm;
use minimax_core::tree::solve::{solve, TreeSearch};
use minimax_core::tree::{parse, MAX};
use proptest::prelude::*;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let mut all = vec!["tree", "--format", "json"];
    all.extend(args);
    let (status, stdout, stderr) = run(&all, b"");
    assert_eq!(status, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn the_lecture_tree_is_worth_3_by_move_1_with_2_2_and_2_3_pruned() {
    let (status, stdout, _) = run(&["tree"], b"[[3,12,8],[2,4,6],[14,5,2]]");
    assert_eq!(
        (status, stdout.as_str()),
        (0, "value: 3\nmove: 1\npruned: 2.2, 2.3\n")
    );
}

#[test]
fn with_the_best_move_explored_last_nothing_can_be_pruned() {
    // The lecture's "Ejemplo 2 (Orden)": "¡Ninguno! Los nodos favorables son los últimos en explorar".
    let result = json(&["fixtures/trees/reordered.json"]);
    assert_eq!(
        (result["value"].as_i64(), result["move"].as_str()),
        (Some(3), Some("3"))
    );
    assert_eq!(result["pruned"], serde_json::json!([]));
    assert_eq!(result["visited"].as_array().map(Vec::len), Some(13));
}

#[test]
fn inclusive_and_strict_cutoffs_prune_a_tie_differently() {
    let inclusive = json(&["fixtures/trees/tie.json"]);
    let strict = json(&["--cutoff", "strict", "fixtures/trees/tie.json"]);
    assert_eq!(inclusive["pruned"], serde_json::json!(["2.2"]));
    assert_eq!(strict["pruned"], serde_json::json!([]));
    assert_eq!(
        (inclusive["value"].as_i64(), strict["value"].as_i64()),
        (Some(3), Some(3))
    );
}

#[test]
fn chance_nodes_weigh_each_outcome_by_its_probability() {
    // A: 0.9·min(2,3) + 0.1·min(1,4) = 1.9; B: 0.9·1 + 0.1·4 = 1.3. (An unweighted mean
    // would prefer B: 1.5 against 2.5.)
    let result = json(&["fixtures/trees/chance.json"]);
    assert_eq!(result["value"].as_f64(), Some(1.9));
    assert_eq!(result["move"], "A");
    assert_eq!(result["values"]["B"].as_f64(), Some(1.3));
    assert_eq!(result["algorithm"], "expectiminimax");
}

#[test]
fn three_players_back_up_the_vector_each_prefers() {
    // Russell and Norvig's three-player tree: the root is worth (1, 2, 6).
    let result = json(&["fixtures/trees/three-players.json"]);
    assert_eq!(result["value"], serde_json::json!([1, 2, 6]));
    assert_eq!(result["move"], "1");
    assert_eq!(result["algorithm"], "maxn");
}

#[test]
fn labels_name_the_nodes_in_every_output() {
    let (_, stdout, _) = run(&["tree", "fixtures/trees/labelled.json"], b"");
    assert_eq!(stdout, "value: 3\nmove: B\npruned: 2.2, 2.3\n");
}

#[test]
fn a_min_root_minimises() {
    let (_, stdout, _) = run(&["tree", "--root", "min"], b"[[3,12,8],[2,4,6],[14,5,2]]");
    // The children are MAX nodes worth 12, 6 and 14.
    assert!(stdout.starts_with("value: 6\nmove: 2\n"), "{stdout}");
}

#[test]
fn trace_dot_and_json_of_the_lecture_tree_match_their_snapshots() {
    for (name, args) in [
        ("trace", vec!["--trace"]),
        ("dot", vec!["--dot"]),
        ("json", vec!["--format", "json"]),
    ] {
        let mut all = vec!["tree"];
        all.extend(args);
        all.push("fixtures/trees/lecture.json");
        let (status, stdout, _) = run(&all, b"");
        assert_eq!(status, 0);
        insta::assert_snapshot!(format!("tree-lecture-{name}"), stdout);
    }
    let (_, trace, _) = run(&["tree", "--trace", "fixtures/trees/chance.json"], b"");
    insta::assert_snapshot!("tree-chance-trace", trace);
}

#[test]
fn dot_labels_chance_edges_with_their_probabilities() {
    let (status, dot, _) = run(&["tree", "--dot", "fixtures/trees/chance.json"], b"");
    assert_eq!(status, 0);
    assert!(dot.contains("\"A\" -> \"1.1\" [label=\"0.9\"];"), "{dot}");
    assert!(dot.contains("\"A\" [label=\"A\\n1.9\", shape=circle];"), "{dot}");
    assert!(dot.contains("\"root\" -> \"A\" [style=bold];"), "{dot}");
}

#[test]
fn each_bad_tree_gets_a_clear_message() {
    insta::glob!("../../fixtures", "trees/invalid/*", |path| {
        let name = path.file_name().unwrap().to_str().unwrap();
        let (status, stdout, stderr) = run(&["tree", &format!("fixtures/trees/invalid/{name}")], b"");
        assert_eq!((status, stdout.as_str()), (2, ""), "{name}");
        insta::assert_snapshot!(stderr);
    });
}

#[test]
fn alpha_beta_on_a_chance_tree_is_refused_clearly() {
    let (status, _, stderr) = run(
        &["tree", "--algorithm", "alphabeta", "fixtures/trees/chance.json"],
        b"",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.contains("searched with expectiminimax, not alpha-beta"),
        "{stderr}"
    );
}

/// Random MAX/MIN trees as JSON: leaves are small integers so that ties are common.
fn trees() -> impl Strategy<Value = String> {
    let leaf = (-5i32..6).prop_map(|v| v.to_string());
    leaf.prop_recursive(4, 60, 4, |inner| {
        proptest::collection::vec(inner, 1..4).prop_map(|children| format!("[{}]", children.join(",")))
    })
}

proptest! {
    #[test]
    fn alphabeta_with_either_cutoff_agrees_with_minimax_on_random_trees(text in trees()) {
        let tree = parse(&text, MAX).unwrap();
        let exact = solve(&tree, TreeSearch::new(Algorithm::Minimax));
        for cutoff in [Cutoff::Inclusive, Cutoff::Strict] {
            let pruned = solve(&tree, TreeSearch::alpha_beta(cutoff));
            prop_assert_eq!(&pruned.value, &exact.value);
            prop_assert_eq!(pruned.best, exact.best);
            prop_assert!(pruned.visited.len() <= exact.visited.len());
        }
    }
}

#[test]
fn the_svg_figure_of_the_lecture_tree_has_every_node_and_dashes_its_pruned_edges() {
    let (status, svg, stderr) = crate::run(&["tree", "--format", "svg", "fixtures/trees/lecture.json"], b"");
    assert_eq!(status, 0, "{stderr}");
    let document = roxmltree::Document::parse(&svg).expect("the figure is well-formed XML");
    let count = |tag: &str| document.descendants().filter(|n| n.has_tag_name(tag)).count();
    assert_eq!(count("polygon"), 4, "MAX and three MIN nodes");
    assert_eq!(count("rect"), 9, "nine leaves");
    let dashed = document
        .descendants()
        .filter(|n| n.attribute("stroke-dasharray").is_some())
        .count();
    assert_eq!(dashed, 2, "the edges into 2.2 and 2.3");
    let bold = document
        .descendants()
        .filter(|n| n.attribute("stroke-width") == Some("3.5"))
        .count();
    assert_eq!(bold, 2, "root to 1, 1 to 1.1");
    // The committed figure the readme shows is this one.
    assert_eq!(
        svg,
        std::fs::read_to_string("fixtures/trees/lecture.svg").unwrap()
    );
}

#[test]
fn labels_in_a_figure_are_escaped() {
    let tree = r#"[{"label": "<b>&", "children": [1, 2]}, 3]"#;
    let (status, svg, stderr) = crate::run(&["tree", "--format", "svg"], tree.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    assert!(roxmltree::Document::parse(&svg).is_ok(), "{svg}");
    assert!(svg.contains("&lt;b&gt;&amp;"), "{svg}");
}
