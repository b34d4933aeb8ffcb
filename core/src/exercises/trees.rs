//! New game-tree exercises with their keys: random MAX/MIN trees of a given depth and
//! branching, the same for the same seed, kept only when the slides' alpha-beta prunes as
//! many subtrees as asked.

use crate::search::alphabeta::Cutoff;
use crate::tree::render::json_document;
use crate::tree::solve::{solve, TreeSearch, TreeSearchError};
use crate::tree::{parse, MAX};
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
    /// Levels where chance moves, for expectiminimax, a bit each (bit 1: the root's
    /// children; the root itself is a player's choice).
    pub chance: u32,
    /// Players of a max^n tree (2: a MAX/MIN tree), taking turns level by level.
    pub players: u32,
}

/// Why no tree is generated: options that make no tree for paper, or a pruning no drawn tree
/// gave. The words name `minimax generate tree`'s options.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum TreeSpecError {
    /// The depth is not 1 to 6, or the branching not 2 to 5.
    #[error("--depth is 1 to 6 and --branching 2 to 5 (a tree for paper)")]
    Size,
    /// The leaf values' range is empty.
    #[error("--values {low}..{high} is empty")]
    NoValues {
        /// The least value asked.
        low: i64,
        /// The greatest value asked.
        high: i64,
    },
    /// Distinct leaves asked, more of them than the range holds.
    #[error("{leaves} distinct leaf values do not fit in {low}..{high}: widen --values or drop --distinct")]
    TooFewValues {
        /// Leaves of the tree.
        leaves: usize,
        /// The least value asked.
        low: i64,
        /// The greatest value asked.
        high: i64,
    },
    /// The players are not 2 to 4.
    #[error("--players is 2 to 4")]
    Players,
    /// Chance levels asked in a tree of more than two players.
    #[error("a tree has chance levels or several players, not both")]
    ChanceAndPlayers,
    /// A pruning asked of a tree alpha-beta does not search.
    #[error("--pruned counts alpha-beta's cuts; expectiminimax and max^n prune nothing")]
    PrunedWithoutAlphaBeta,
    /// Chance asked at the root, or at or below the leaves.
    #[error("--chance levels are 1 to {} (the root is a player's choice, the leaves are at level {depth})", .depth.saturating_sub(1))]
    ChanceLevels {
        /// The tree's depth.
        depth: u32,
    },
    /// A drawn tree that `minimax tree` does not read: a bug of the generator.
    #[error("the generated tree did not read back")]
    ReadBack,
    /// A drawn tree that its search refuses: a bug of the generator (no algorithm is asked).
    #[error(transparent)]
    Search(#[from] TreeSearchError),
    /// No tree drawn pruned as many subtrees as asked.
    #[error("no tree of depth {depth} and branching {branching} with {least} to {most} pruned subtrees in {ATTEMPTS} draws: change --pruned or --seed")]
    NotFound {
        /// The depth asked.
        depth: u32,
        /// The branching asked.
        branching: u32,
        /// Subtrees pruned, at least.
        least: usize,
        /// Subtrees pruned, at most.
        most: usize,
    },
}

/// Trees drawn before giving up on the pruning asked.
const ATTEMPTS: usize = 10_000;

/// `{"tree": …, "key": …}`: the tree as `minimax tree` reads it and what `minimax tree
/// --format json` says of it; or why no such tree was found ([`TreeSpecError`]).
///
/// ```
/// use minimax_core::exercises::trees::{tree, TreeSpec, TreeSpecError};
/// use minimax_core::tree::{parse, MAX};
///
/// // A tree like the lecture's: two levels of three children, two subtrees pruned.
/// let spec = TreeSpec {
///     depth: 2,
///     branching: 3,
///     values: (0, 20),
///     distinct: true,
///     pruned: Some((2, 2)),
///     chance: 0,
///     players: 2,
/// };
/// let exercise = tree(spec, 1).unwrap();
/// assert_eq!(exercise["key"]["pruned"].as_array().unwrap().len(), 2);
/// assert_eq!(exercise, tree(spec, 1).unwrap(), "the same seed, the same tree");
/// // The tree is what `minimax tree` reads.
/// let parsed = parse(&exercise["tree"].to_string(), MAX).unwrap();
/// assert_eq!(parsed.nodes.len(), 1 + 3 + 9);
///
/// // Nine distinct leaves do not fit in 0..5.
/// let cramped = TreeSpec { values: (0, 5), ..spec };
/// assert_eq!(
///     tree(cramped, 1),
///     Err(TreeSpecError::TooFewValues { leaves: 9, low: 0, high: 5 })
/// );
/// assert_eq!(
///     tree(cramped, 1).unwrap_err().to_string(),
///     "9 distinct leaf values do not fit in 0..5: widen --values or drop --distinct"
/// );
/// ```
pub fn tree(spec: TreeSpec, seed: u64) -> Result<Value, TreeSpecError> {
    if !(1..=6).contains(&spec.depth) || !(2..=5).contains(&spec.branching) {
        return Err(TreeSpecError::Size);
    }
    let leaves = (spec.branching as usize).pow(spec.depth);
    let (low, high) = spec.values;
    if low > high {
        return Err(TreeSpecError::NoValues { low, high });
    }
    let span = (high - low + 1) as u128;
    if spec.distinct && span < leaves as u128 {
        return Err(TreeSpecError::TooFewValues { leaves, low, high });
    }
    if !(2..=4).contains(&spec.players) {
        return Err(TreeSpecError::Players);
    }
    if spec.players > 2 && spec.chance != 0 {
        return Err(TreeSpecError::ChanceAndPlayers);
    }
    if (spec.players > 2 || spec.chance != 0) && spec.pruned.is_some() {
        return Err(TreeSpecError::PrunedWithoutAlphaBeta);
    }
    if spec.chance & 1 != 0 || spec.chance >> spec.depth != 0 {
        return Err(TreeSpecError::ChanceLevels { depth: spec.depth });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..ATTEMPTS {
        let count = leaves
            * if spec.players > 2 {
                spec.players as usize
            } else {
                1
            };
        let values = draw(&mut rng, count, spec);
        let mut next = values.into_iter();
        let shape = nest(spec, 0, &mut next, &mut rng);
        let shape = if spec.players > 2 {
            let names: Vec<String> = (0..spec.players)
                .map(|p| ((b'A' + p as u8) as char).to_string())
                .collect();
            json!({ "players": names, "tree": shape })
        } else {
            shape
        };
        let tree = parse(&shape.to_string(), MAX).map_err(|_| TreeSpecError::ReadBack)?;
        let algorithm = TreeSearch::for_tree(&tree, None, Cutoff::Inclusive)?;
        let solution = solve(&tree, algorithm);
        let pruned = solution.pruned.len();
        if spec
            .pruned
            .is_none_or(|(least, most)| (least..=most).contains(&pruned))
        {
            return Ok(json!({ "tree": shape, "key": json_document(&tree, &solution) }));
        }
    }
    let (least, most) = spec.pruned.unwrap_or_default();
    Err(TreeSpecError::NotFound {
        depth: spec.depth,
        branching: spec.branching,
        least,
        most,
    })
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

/// Nested arrays: a choice node is an array of its children, a leaf a number (a vector of
/// one per player in a max^n tree); a chance node `{"chance": [[p, child], ...]}`, with
/// probabilities in tenths that sum to 1.
fn nest(spec: TreeSpec, level: u32, values: &mut impl Iterator<Item = i64>, rng: &mut ChaCha8Rng) -> Value {
    if level == spec.depth {
        if spec.players > 2 {
            return Value::Array(
                (0..spec.players)
                    .map(|_| json!(values.next().unwrap_or(0)))
                    .collect(),
            );
        }
        return json!(values.next().unwrap_or(0));
    }
    let children: Vec<Value> = (0..spec.branching)
        .map(|_| nest(spec, level + 1, values, rng))
        .collect();
    if spec.chance & (1 << level) == 0 {
        return Value::Array(children);
    }
    // Tenths, each child at least one: 10 cut at `branching - 1` distinct places.
    let mut cuts: Vec<u32> = rand::seq::index::sample(rng, 9, spec.branching as usize - 1)
        .into_iter()
        .map(|c| c as u32 + 1)
        .collect();
    cuts.sort_unstable();
    cuts.insert(0, 0);
    cuts.push(10);
    let weighted: Vec<Value> = children
        .into_iter()
        .enumerate()
        .map(|(i, child)| json!([f64::from(cuts[i + 1] - cuts[i]) / 10.0, child]))
        .collect();
    json!({ "chance": weighted })
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
            chance: 0,
            players: 2,
        }
    }

    #[test]
    fn chance_levels_and_several_players_make_trees_their_searches_read() {
        let chance = tree(
            TreeSpec {
                depth: 3,
                branching: 2,
                chance: 0b10,
                ..spec(None)
            },
            1,
        )
        .unwrap();
        assert_eq!(chance["key"]["algorithm"], "expectiminimax");
        let children = chance["tree"].as_array().unwrap();
        let weights: f64 = children[0]["chance"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c[0].as_f64().unwrap())
            .sum();
        assert!((weights - 1.0).abs() < 1e-9);
        let three = tree(
            TreeSpec {
                players: 3,
                values: (0, 9),
                distinct: false,
                ..spec(None)
            },
            1,
        )
        .unwrap();
        assert_eq!(three["key"]["algorithm"], "maxn");
        assert_eq!(three["tree"]["players"], serde_json::json!(["A", "B", "C"]));
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
        let cramped = tree(
            TreeSpec {
                values: (0, 3),
                ..spec(None)
            },
            0,
        )
        .unwrap_err();
        assert!(matches!(cramped, TreeSpecError::TooFewValues { .. }));
        assert!(cramped.to_string().contains("distinct"));
        let unpruned = tree(spec(Some((7, 9))), 0).unwrap_err();
        assert!(matches!(
            unpruned,
            TreeSpecError::NotFound {
                least: 7,
                most: 9,
                ..
            }
        ));
        assert!(unpruned.to_string().contains("--pruned"));
        let chance = TreeSpec {
            chance: 1,
            ..spec(None)
        };
        assert_eq!(
            tree(chance, 0).unwrap_err().to_string(),
            "--chance levels are 1 to 1 (the root is a player's choice, the leaves are at level 2)"
        );
    }
}
