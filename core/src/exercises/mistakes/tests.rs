use super::*;
use crate::tree::parse;

#[test]
fn the_lecture_tree_answers_right_and_under_each_mistake() {
    let tree = parse("[[3,12,8],[2,4,6],[14,5,2]]", MAX).unwrap();
    let right = correct(&tree, Cutoff::Inclusive);
    assert_eq!(right.value, [3.0]);
    assert_eq!(
        right.pruned,
        BTreeSet::from(["2.2".to_string(), "2.3".to_string()])
    );
    let none = wrong(&tree, Cutoff::Inclusive, Mistake::NoPruning).unwrap();
    assert!(none.pruned.is_empty());
    let backwards = wrong(&tree, Cutoff::Inclusive, Mistake::RightToLeft).unwrap();
    assert_eq!(backwards.visited[..3], ["root", "3", "3.3"]);
    let min_root = wrong(&tree, Cutoff::Inclusive, Mistake::RootMin).unwrap();
    assert_eq!(min_root.value, [6.0]);
    let leaves = wrong(&tree, Cutoff::Inclusive, Mistake::LeavesAfterCut).unwrap();
    assert!(leaves.visited.contains(&"2.2".to_string()));
}

/// The answers in one line: value, move, pruned (every pruned node), visited.
fn line(answers: &Answers) -> String {
    let value: Vec<String> = answers.value.iter().map(|v| v.to_string()).collect();
    let pruned: Vec<&str> = answers.pruned.iter().map(String::as_str).collect();
    format!(
        "value {} | move {} | pruned {} | visited {}",
        value.join(","),
        answers.chosen.as_deref().unwrap_or("-"),
        pruned.join(","),
        answers.visited.join(",")
    )
}

/// The lecture's tree, with MIN at the root, ties where the cut-off matters, a deeper tree,
/// a chance tree, a tree that is one leaf.
const TREES: [(&str, &str, usize); 7] = [
    ("lecture", "[[3,12,8],[2,4,6],[14,5,2]]", MAX),
    ("lecture-min", "[[3,12,8],[2,4,6],[14,5,2]]", MIN),
    ("tie", "[[3,5],[3,1]]", MAX),
    (
        "deep",
        "[[[10,11],[9,12]],[[14,15],[13,14]],[[5,2],[4,1]],[[3,22],[20,21]]]",
        MAX,
    ),
    (
        "ties3",
        "[[[3,4,2],[6,1,8]],[[5,5,2],[7,3,9]],[[4,6,1],[2,8,3]]]",
        MAX,
    ),
    (
        "chance",
        r#"[{"label": "A", "chance": [[0.9, [2, 3]], [0.1, [1, 4]]]}, {"label": "B", "chance": [[0.9, [1, 3]], [0.1, [4, 4]]]}]"#,
        MAX,
    ),
    ("leaf", "7", MAX),
];

/// What each procedure answered on each tree before the search moved to the replay's engine
/// (written down from the old code: `tree::solve` and this module's own walk).
#[rustfmt::skip]
const BEFORE: &[(&str, Cutoff, &str, &str)] = &[
    ("lecture", Cutoff::Inclusive, "correct", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Inclusive, "strict-cutoff", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("lecture", Cutoff::Inclusive, "no-pruning", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Inclusive, "right-to-left", "value 3 | move 1 | pruned  | visited root,3,3.3,3.2,3.1,2,2.3,2.2,2.1,1,1.3,1.2,1.1"),
    ("lecture", Cutoff::Inclusive, "root-min", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture", Cutoff::Inclusive, "alpha-beta-reset", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Inclusive, "leaves-after-cut", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("lecture", Cutoff::Strict, "correct", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Strict, "strict-cutoff", "-"),
    ("lecture", Cutoff::Strict, "inclusive-cutoff", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Strict, "no-pruning", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Strict, "right-to-left", "value 3 | move 1 | pruned  | visited root,3,3.3,3.2,3.1,2,2.3,2.2,2.1,1,1.3,1.2,1.1"),
    ("lecture", Cutoff::Strict, "root-min", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture", Cutoff::Strict, "alpha-beta-reset", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Strict, "leaves-after-cut", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture", Cutoff::Strict, "unweighted-chance", "-"),
    ("lecture-min", Cutoff::Inclusive, "correct", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Inclusive, "strict-cutoff", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("lecture-min", Cutoff::Inclusive, "no-pruning", "value 6 | move 2 | pruned  | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Inclusive, "right-to-left", "value 6 | move 2 | pruned 1.1,1.2 | visited root,3,3.3,3.2,3.1,2,2.3,2.2,2.1,1,1.3"),
    ("lecture-min", Cutoff::Inclusive, "root-min", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Inclusive, "alpha-beta-reset", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Inclusive, "leaves-after-cut", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("lecture-min", Cutoff::Strict, "correct", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Strict, "strict-cutoff", "-"),
    ("lecture-min", Cutoff::Strict, "inclusive-cutoff", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Strict, "no-pruning", "value 6 | move 2 | pruned  | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Strict, "right-to-left", "value 6 | move 2 | pruned 1.1,1.2 | visited root,3,3.3,3.2,3.1,2,2.3,2.2,2.1,1,1.3"),
    ("lecture-min", Cutoff::Strict, "root-min", "value 3 | move 1 | pruned 2.2,2.3 | visited root,1,1.1,1.2,1.3,2,2.1,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Strict, "alpha-beta-reset", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1"),
    ("lecture-min", Cutoff::Strict, "leaves-after-cut", "value 6 | move 2 | pruned 3.2,3.3 | visited root,1,1.1,1.2,1.3,2,2.1,2.2,2.3,3,3.1,3.2,3.3"),
    ("lecture-min", Cutoff::Strict, "unweighted-chance", "-"),
    ("tie", Cutoff::Inclusive, "correct", "value 3 | move 1 | pruned 2.2 | visited root,1,1.1,1.2,2,2.1"),
    ("tie", Cutoff::Inclusive, "strict-cutoff", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("tie", Cutoff::Inclusive, "no-pruning", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Inclusive, "right-to-left", "value 3 | move 1 | pruned  | visited root,2,2.2,2.1,1,1.2,1.1"),
    ("tie", Cutoff::Inclusive, "root-min", "value 3 | move 2 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Inclusive, "alpha-beta-reset", "value 3 | move 1 | pruned 2.2 | visited root,1,1.1,1.2,2,2.1"),
    ("tie", Cutoff::Inclusive, "leaves-after-cut", "value 3 | move 1 | pruned 2.2 | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("tie", Cutoff::Strict, "correct", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Strict, "strict-cutoff", "-"),
    ("tie", Cutoff::Strict, "inclusive-cutoff", "value 3 | move 1 | pruned 2.2 | visited root,1,1.1,1.2,2,2.1"),
    ("tie", Cutoff::Strict, "no-pruning", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Strict, "right-to-left", "value 3 | move 1 | pruned  | visited root,2,2.2,2.1,1,1.2,1.1"),
    ("tie", Cutoff::Strict, "root-min", "value 3 | move 2 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Strict, "alpha-beta-reset", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Strict, "leaves-after-cut", "value 3 | move 1 | pruned  | visited root,1,1.1,1.2,2,2.1,2.2"),
    ("tie", Cutoff::Strict, "unweighted-chance", "-"),
    ("deep", Cutoff::Inclusive, "correct", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Inclusive, "strict-cutoff", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("deep", Cutoff::Inclusive, "no-pruning", "value 21 | move 4 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,3.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Inclusive, "right-to-left", "value 21 | move 4 | pruned 1.1,1.1.1,1.1.2,2.1,2.1.1,2.1.2,3.1,3.1.1,3.1.2,4.1.1 | visited root,4,4.2,4.2.2,4.2.1,4.1,4.1.2,3,3.2,3.2.2,3.2.1,2,2.2,2.2.2,2.2.1,1,1.2,1.2.2,1.2.1"),
    ("deep", Cutoff::Inclusive, "root-min", "value 2 | move 3 | pruned 1.2.2,2.2,2.2.1,2.2.2,4.2,4.2.1,4.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,2,2.1,2.1.1,2.1.2,3,3.1,3.1.1,3.1.2,3.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2"),
    ("deep", Cutoff::Inclusive, "alpha-beta-reset", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Inclusive, "leaves-after-cut", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("deep", Cutoff::Strict, "correct", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Strict, "strict-cutoff", "-"),
    ("deep", Cutoff::Strict, "inclusive-cutoff", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Strict, "no-pruning", "value 21 | move 4 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,3.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Strict, "right-to-left", "value 21 | move 4 | pruned 1.1,1.1.1,1.1.2,2.1,2.1.1,2.1.2,3.1,3.1.1,3.1.2,4.1.1 | visited root,4,4.2,4.2.2,4.2.1,4.1,4.1.2,3,3.2,3.2.2,3.2.1,2,2.2,2.2.2,2.2.1,1,1.2,1.2.2,1.2.1"),
    ("deep", Cutoff::Strict, "root-min", "value 2 | move 3 | pruned 1.2.2,2.2,2.2.1,2.2.2,4.2,4.2.1,4.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,2,2.1,2.1.1,2.1.2,3,3.1,3.1.1,3.1.2,3.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2"),
    ("deep", Cutoff::Strict, "alpha-beta-reset", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Strict, "leaves-after-cut", "value 21 | move 4 | pruned 3.2,3.2.1,3.2.2 | visited root,1,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2,3,3.1,3.1.1,3.1.2,3.2.1,3.2.2,4,4.1,4.1.1,4.1.2,4.2,4.2.1,4.2.2"),
    ("deep", Cutoff::Strict, "unweighted-chance", "-"),
    ("ties3", Cutoff::Inclusive, "correct", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2"),
    ("ties3", Cutoff::Inclusive, "strict-cutoff", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2"),
    ("ties3", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("ties3", Cutoff::Inclusive, "no-pruning", "value 6 | move 3 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Inclusive, "right-to-left", "value 6 | move 3 | pruned  | visited root,3,3.2,3.2.3,3.2.2,3.2.1,3.1,3.1.3,3.1.2,3.1.1,2,2.2,2.2.3,2.2.2,2.2.1,2.1,2.1.3,2.1.2,2.1.1,1,1.2,1.2.3,1.2.2,1.2.1,1.1,1.1.3,1.1.2,1.1.1"),
    ("ties3", Cutoff::Inclusive, "root-min", "value 2 | move 1 | pruned 1.2.3,2.2,2.2.1,2.2.2,2.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.1.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Inclusive, "alpha-beta-reset", "value 6 | move 3 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Inclusive, "leaves-after-cut", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("ties3", Cutoff::Strict, "correct", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2"),
    ("ties3", Cutoff::Strict, "strict-cutoff", "-"),
    ("ties3", Cutoff::Strict, "inclusive-cutoff", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2"),
    ("ties3", Cutoff::Strict, "no-pruning", "value 6 | move 3 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Strict, "right-to-left", "value 6 | move 3 | pruned  | visited root,3,3.2,3.2.3,3.2.2,3.2.1,3.1,3.1.3,3.1.2,3.1.1,2,2.2,2.2.3,2.2.2,2.2.1,2.1,2.1.3,2.1.2,2.1.1,1,1.2,1.2.3,1.2.2,1.2.1,1.1,1.1.3,1.1.2,1.1.1"),
    ("ties3", Cutoff::Strict, "root-min", "value 2 | move 1 | pruned 1.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Strict, "alpha-beta-reset", "value 6 | move 3 | pruned  | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Strict, "leaves-after-cut", "value 6 | move 3 | pruned 1.2.2,1.2.3,2.2.2,2.2.3,3.2.3 | visited root,1,1.1,1.1.1,1.1.2,1.1.3,1.2,1.2.1,1.2.2,1.2.3,2,2.1,2.1.1,2.1.2,2.1.3,2.2,2.2.1,2.2.2,2.2.3,3,3.1,3.1.1,3.1.2,3.1.3,3.2,3.2.1,3.2.2,3.2.3"),
    ("ties3", Cutoff::Strict, "unweighted-chance", "-"),
    ("chance", Cutoff::Inclusive, "correct", "value 1.9000000000000001 | move A | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("chance", Cutoff::Inclusive, "strict-cutoff", "-"),
    ("chance", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("chance", Cutoff::Inclusive, "no-pruning", "-"),
    ("chance", Cutoff::Inclusive, "right-to-left", "value 1.9000000000000001 | move A | pruned  | visited root,B,2.2,2.2.2,2.2.1,2.1,2.1.2,2.1.1,A,1.2,1.2.2,1.2.1,1.1,1.1.2,1.1.1"),
    ("chance", Cutoff::Inclusive, "root-min", "value 3.1 | move A | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("chance", Cutoff::Inclusive, "alpha-beta-reset", "-"),
    ("chance", Cutoff::Inclusive, "leaves-after-cut", "-"),
    ("chance", Cutoff::Inclusive, "unweighted-chance", "value 2.5 | move B | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("chance", Cutoff::Strict, "correct", "value 1.9000000000000001 | move A | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("chance", Cutoff::Strict, "strict-cutoff", "-"),
    ("chance", Cutoff::Strict, "inclusive-cutoff", "-"),
    ("chance", Cutoff::Strict, "no-pruning", "-"),
    ("chance", Cutoff::Strict, "right-to-left", "value 1.9000000000000001 | move A | pruned  | visited root,B,2.2,2.2.2,2.2.1,2.1,2.1.2,2.1.1,A,1.2,1.2.2,1.2.1,1.1,1.1.2,1.1.1"),
    ("chance", Cutoff::Strict, "root-min", "value 3.1 | move A | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("chance", Cutoff::Strict, "alpha-beta-reset", "-"),
    ("chance", Cutoff::Strict, "leaves-after-cut", "-"),
    ("chance", Cutoff::Strict, "unweighted-chance", "value 2.5 | move B | pruned  | visited root,A,1.1,1.1.1,1.1.2,1.2,1.2.1,1.2.2,B,2.1,2.1.1,2.1.2,2.2,2.2.1,2.2.2"),
    ("leaf", Cutoff::Inclusive, "correct", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "strict-cutoff", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "inclusive-cutoff", "-"),
    ("leaf", Cutoff::Inclusive, "no-pruning", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "right-to-left", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "root-min", "value 7 | move - | pruned  | visited root"),
    // Was `inf`: the old walk ran a one-leaf tree's root as a loop over no children.
    ("leaf", Cutoff::Inclusive, "alpha-beta-reset", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "leaves-after-cut", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Inclusive, "unweighted-chance", "-"),
    ("leaf", Cutoff::Strict, "correct", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "strict-cutoff", "-"),
    ("leaf", Cutoff::Strict, "inclusive-cutoff", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "no-pruning", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "right-to-left", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "root-min", "value 7 | move - | pruned  | visited root"),
    // Was `inf`: the old walk ran a one-leaf tree's root as a loop over no children.
    ("leaf", Cutoff::Strict, "alpha-beta-reset", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "leaves-after-cut", "value 7 | move - | pruned  | visited root"),
    ("leaf", Cutoff::Strict, "unweighted-chance", "-"),
];

#[test]
fn every_mistake_answers_on_each_tree_what_the_old_search_answered() {
    let mut checked = 0;
    for (name, text, root) in TREES {
        let tree = parse(text, root).unwrap();
        for cutoff in [Cutoff::Inclusive, Cutoff::Strict] {
            let expected = |what: &str| {
                BEFORE
                    .iter()
                    .find(|(n, c, w, _)| *n == name && *c == cutoff && *w == what)
                    .map(|row| row.3)
                    .unwrap()
            };
            assert_eq!(
                line(&correct(&tree, cutoff)),
                expected("correct"),
                "{name}, {cutoff:?}: the right answers"
            );
            for mistake in Mistake::ALL {
                let got = wrong(&tree, cutoff, mistake).map_or("-".to_string(), |a| line(&a));
                assert_eq!(
                    got,
                    expected(mistake.code()),
                    "{name}, {cutoff:?}: {}",
                    mistake.code()
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, BEFORE.len() - 2 * TREES.len());
}
