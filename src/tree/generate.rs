//! New game-tree exercises with their keys: random MAX/MIN trees of a given depth and
//! branching, the same for the same seed, kept only when the slides' alpha-beta prunes as
//! many subtrees as asked.

use super::render::json_document;
use super::solve::{solve, TreeAlgorithm};
use super::{parse, MAX};
use crate::search::alphabeta::Cutoff;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// What the generated tree must be.
#[derive(Clone, Copy, Debug)]
pub struct TreeSpec {
    /// Levels of choices above the leaves (1 to 6).
    pub depth: u32,
    /// Children of every choice node (2 to 5).
    pub branching: u32,
    /// Leaf values, at least and at most.
    pub values: (i64, i64),
    /// No two leaves of the same value.
    pub distinct: bool,
    /// Subtrees pruned by the slides' alpha-beta, at least and at most.
    pub pruned: Option<(usize, usize)>,
}

/// Trees drawn before giving up on the pruning asked.
const ATTEMPTS: usize = 10_000;

/// `{"tree": …, "key": …}`: the tree as `minimax tree` reads it and what `minimax tree
/// --format json` says of it; or why no such tree was found.
pub fn tree(spec: TreeSpec, seed: u64) -> Result<Value, String> {
    if !(1..=6).contains(&spec.depth) || !(2..=5).contains(&spec.branching) {
        return Err("--depth is 1 to 6 and --branching 2 to 5 (a tree for paper)".to_string());
    }
    let leaves = (spec.branching as usize).pow(spec.depth);
    let (low, high) = spec.values;
    if low > high {
        return Err(format!("--values {low}..{high} is empty"));
    }
    let span = (high - low + 1) as u128;
    if spec.distinct && span < leaves as u128 {
        return Err(format!(
            "{leaves} distinct leaf values do not fit in {low}..{high}: widen --values or drop --distinct"
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..ATTEMPTS {
        let values = draw(&mut rng, leaves, spec);
        let mut next = values.into_iter();
        let shape = nest(spec.depth, spec.branching, &mut next);
        let tree =
            parse(&shape.to_string(), MAX).map_err(|_| "the generated tree did not read back".to_string())?;
        let solution = solve(&tree, TreeAlgorithm::AlphaBeta(Cutoff::Inclusive));
        let pruned = solution.pruned.len();
        if spec
            .pruned
            .is_none_or(|(least, most)| (least..=most).contains(&pruned))
        {
            return Ok(json!({ "tree": shape, "key": json_document(&tree, &solution) }));
        }
    }
    let (least, most) = spec.pruned.unwrap_or_default();
    Err(format!(
        "no tree of depth {} and branching {} with {least} to {most} pruned subtrees in {ATTEMPTS} draws: change --pruned or --seed",
        spec.depth, spec.branching
    ))
}

fn draw(rng: &mut ChaCha8Rng, leaves: usize, spec: TreeSpec) -> Vec<i64> {
    let (low, high) = spec.values;
    if spec.distinct {
        let span = (high - low + 1) as usize;
        rand::seq::index::sample(rng, span, leaves)
            .into_iter()
            .map(|i| low + i as i64)
            .collect()
    } else {
        (0..leaves).map(|_| rng.random_range(low..=high)).collect()
    }
}

/// Nested arrays: a choice node is an array of its children, a leaf a number.
fn nest(depth: u32, branching: u32, values: &mut impl Iterator<Item = i64>) -> Value {
    if depth == 0 {
        return json!(values.next().unwrap_or(0));
    }
    Value::Array(
        (0..branching)
            .map(|_| nest(depth - 1, branching, values))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(pruned: Option<(usize, usize)>) -> TreeSpec {
        TreeSpec {
            depth: 2,
            branching: 3,
            values: (0, 20),
            distinct: true,
            pruned,
        }
    }

    #[test]
    fn a_generated_tree_meets_its_pruning_and_repeats_for_a_seed() {
        let made = tree(spec(Some((2, 3))), 4).unwrap();
        let pruned = made["key"]["pruned"].as_array().unwrap().len();
        assert!((2..=3).contains(&pruned), "{made}");
        assert_eq!(tree(spec(Some((2, 3))), 4).unwrap(), made);
        let leaves: Vec<i64> = made["tree"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c.as_array().unwrap().iter().map(|v| v.as_i64().unwrap()))
            .collect();
        let mut distinct = leaves.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 9);
    }

    #[test]
    fn impossible_trees_say_what_to_change() {
        assert!(tree(
            TreeSpec {
                values: (0, 3),
                ..spec(None)
            },
            0
        )
        .unwrap_err()
        .contains("distinct"));
        assert!(tree(spec(Some((7, 9))), 0).unwrap_err().contains("--pruned"));
    }
}
