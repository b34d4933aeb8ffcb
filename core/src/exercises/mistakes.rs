//! The wrong procedures students follow on pruning exercises, each run for real on the tree
//! by the replay's engine ([`crate::replay::paper`]), the one that judges programs' searches,
//! so that a wrong answer can be traced to the mistake that produces it exactly. This module
//! keeps the table of mistakes and what each says to the student; it searches nothing itself.
//!
//! ```
//! use minimax_core::exercises::mistakes::{correct, wrong, Mistake};
//! use minimax_core::search::alphabeta::Cutoff;
//! use minimax_core::tree::{parse, MAX};
//!
//! // Plain minimax visits every leaf; the exercise asks for alpha-beta, which prunes here.
//! let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
//! let no_pruning = wrong(&tree, Cutoff::Inclusive, Mistake::NoPruning).unwrap();
//! assert_ne!(no_pruning, correct(&tree, Cutoff::Inclusive));
//! ```

use crate::replay::{paper, Procedure};
use crate::search::alphabeta::Cutoff;
use crate::search::Algorithm;
use crate::tree::solve::{solve, Solution, TreeSearch};
use crate::tree::{Kind, NodeId, Tree, MAX, MIN};
use std::collections::BTreeSet;

/// What a student answers about a tree, normalised for comparing.
#[derive(Clone, Debug, PartialEq)]
pub struct Answers {
    pub(crate) value: Vec<f64>,
    /// The root's child chosen, by name.
    pub(crate) chosen: Option<String>,
    /// Every pruned node (roots of pruned subtrees and everything below them), by name.
    pub(crate) pruned: BTreeSet<String>,
    /// Nodes in the order they were entered, by name.
    pub(crate) visited: Vec<String>,
}

/// A known wrong procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// Cutting only on v > β (and v < α) where the exercise cuts on v ≥ β (and v ≤ α).
    StrictCutoff,
    /// Cutting on v ≥ β (and v ≤ α) where the exercise cuts only on v > β (and v < α).
    InclusiveCutoff,
    /// Plain minimax: nothing pruned.
    NoPruning,
    /// Exploring the children right to left.
    RightToLeft,
    /// Searching with MIN at the root.
    RootMin,
    /// Not carrying α and β from child to child: each child gets its parent's first window.
    AlphaBetaReset,
    /// The right order, with the pruned leaves counted as visited.
    LeavesAfterCut,
    /// A plain average at chance nodes, ignoring the probabilities.
    UnweightedChance,
}

impl Mistake {
    /// In the order a diagnosis is looked for: the simplest explanation first.
    pub const ALL: [Mistake; 8] = [
        Mistake::StrictCutoff,
        Mistake::InclusiveCutoff,
        Mistake::NoPruning,
        Mistake::RightToLeft,
        Mistake::RootMin,
        Mistake::AlphaBetaReset,
        Mistake::LeavesAfterCut,
        Mistake::UnweightedChance,
    ];

    /// The stable code reports carry.
    pub fn code(self) -> &'static str {
        match self {
            Mistake::StrictCutoff => "strict-cutoff",
            Mistake::InclusiveCutoff => "inclusive-cutoff",
            Mistake::NoPruning => "no-pruning",
            Mistake::RightToLeft => "right-to-left",
            Mistake::RootMin => "root-min",
            Mistake::AlphaBetaReset => "alpha-beta-reset",
            Mistake::LeavesAfterCut => "leaves-after-cut",
            Mistake::UnweightedChance => "unweighted-chance",
        }
    }

    /// What the student did, in their terms.
    pub(crate) fn explain(self) -> &'static str {
        match self {
            Mistake::StrictCutoff => "what cutting only on v > β (and v < α) gives; the slides cut on v ≥ β (and v ≤ α)",
            Mistake::InclusiveCutoff => "what cutting on v ≥ β (and v ≤ α) gives; this exercise cuts only on v > β (and v < α)",
            Mistake::NoPruning => "what plain minimax gives, pruning nothing",
            Mistake::RightToLeft => "what alpha-beta gives exploring the children right to left; they are explored left to right",
            Mistake::RootMin => "what the search gives with MIN at the root; the root is MAX",
            Mistake::AlphaBetaReset => {
                "what alpha-beta gives when α and β are not carried from child to child (each child gets the window its parent received, not the narrowed one)"
            }
            Mistake::LeavesAfterCut => "the right order with the pruned leaves counted as visited; a cut leaf is never looked at",
            Mistake::UnweightedChance => "what a plain average at the chance nodes gives; each child counts by its probability",
        }
    }
}

/// The right answers, under the search the exercise asks for: the replay's alpha-beta on a
/// MAX/MIN tree (the engine that judges programs' searches), expectiminimax or max^n on the
/// others.
pub fn correct(tree: &Tree, cutoff: Cutoff) -> Answers {
    if two_player(tree) {
        return searched(tree, asked(cutoff));
    }
    let algorithm = TreeSearch::for_tree(tree, None, cutoff).unwrap_or(TreeSearch::new(Algorithm::Minimax));
    answers(tree, &solve(tree, algorithm))
}

/// The answers `mistake` produces, where it applies to this tree.
///
/// The mistakes of search order are the replay's procedures ([`Mistake::procedure`]), run on
/// the tree, or on it mirrored or with MIN at the root. Two are not a search of their own
/// and stay here: counting the cut leaves as visited is the right search misreported, and a
/// plain average at chance nodes is expectiminimax (which prunes nothing) on other weights.
pub fn wrong(tree: &Tree, cutoff: Cutoff, mistake: Mistake) -> Option<Answers> {
    let two_player = two_player(tree);
    match mistake {
        Mistake::StrictCutoff | Mistake::InclusiveCutoff | Mistake::NoPruning | Mistake::AlphaBetaReset
            if two_player =>
        {
            mistake
                .procedure(cutoff)
                .map(|procedure| searched(tree, procedure))
        }
        Mistake::RightToLeft if tree.players.is_none() => Some(the_search(&mirror(tree), cutoff)),
        Mistake::RootMin if tree.players.is_none() => Some(the_search(&flip(tree), cutoff)),
        Mistake::LeavesAfterCut if two_player => Some(leaves_after_cut(tree, cutoff)),
        Mistake::UnweightedChance if tree.players.is_none() && tree.has_chance() => {
            let mut even = tree.clone();
            for node in &mut even.nodes {
                if let Kind::Chance(probabilities) = &mut node.kind {
                    let share = 1.0 / probabilities.len() as f64;
                    probabilities.iter_mut().for_each(|p| *p = share);
                }
            }
            Some(answers(
                &even,
                &solve(&even, TreeSearch::new(Algorithm::Expectiminimax)),
            ))
        }
        _ => None,
    }
}

impl Mistake {
    /// The replay's procedure a mistake of search order is, where the exercise cuts with
    /// `cutoff`; `None` for the mistakes that are the right procedure on another tree
    /// (mirrored, MIN at the root) or no search of their own, and for a cut-off "mistake"
    /// that is the exercise's own cut-off.
    pub fn procedure(self, cutoff: Cutoff) -> Option<Procedure> {
        let strict = cutoff == Cutoff::Strict;
        match self {
            Mistake::StrictCutoff => (!strict).then(|| Procedure::alpha_beta(true)),
            Mistake::InclusiveCutoff => strict.then(|| Procedure::alpha_beta(false)),
            Mistake::NoPruning => Some(Procedure::MINIMAX),
            // The root's own loop narrows its window (the mistake is below it).
            Mistake::AlphaBetaReset => Some(Procedure {
                reset_window: true,
                decision_root: true,
                ..Procedure::alpha_beta(strict)
            }),
            _ => None,
        }
    }
}

/// Whether the tree is MAX against MIN with no chance: what alpha-beta searches.
fn two_player(tree: &Tree) -> bool {
    tree.players.is_none() && !tree.has_chance()
}

/// The replay's alpha-beta with the exercise's cut-off.
fn asked(cutoff: Cutoff) -> Procedure {
    Procedure::alpha_beta(cutoff == Cutoff::Strict)
}

/// The search the exercise asks for on a tree of two players with or without chance: the
/// replay's alpha-beta, or expectiminimax.
fn the_search(tree: &Tree, cutoff: Cutoff) -> Answers {
    match tree.has_chance() {
        false => searched(tree, asked(cutoff)),
        true => answers(tree, &solve(tree, TreeSearch::new(Algorithm::Expectiminimax))),
    }
}

/// The right order, with the leaves below each cut counted as visited where they stand.
fn leaves_after_cut(tree: &Tree, cutoff: Cutoff) -> Answers {
    let mut right = correct(tree, cutoff);
    let cut_leaves: BTreeSet<String> = right
        .pruned
        .iter()
        .filter(|name| {
            tree.nodes
                .iter()
                .any(|n| &n.name == *name && matches!(n.kind, Kind::Leaf(_)))
        })
        .cloned()
        .collect();
    let seen: BTreeSet<&String> = right.visited.iter().collect();
    right.visited = preorder(tree)
        .into_iter()
        .map(|id| tree.node(id).name.clone())
        .filter(|name| seen.contains(name) || cut_leaves.contains(name))
        .collect();
    right
}

/// What the replay's `procedure` answers on a MAX/MIN tree.
fn searched(tree: &Tree, procedure: Procedure) -> Answers {
    let search = paper::search(tree, procedure);
    let name = |id: NodeId| tree.node(id).name.clone();
    Answers {
        value: vec![search.value],
        chosen: search.best.map(name),
        pruned: every_pruned(tree, &search.pruned),
        visited: search.visited.iter().map(|&id| name(id)).collect(),
    }
}

fn answers(tree: &Tree, solution: &Solution) -> Answers {
    let name = |id: NodeId| tree.node(id).name.clone();
    let pruned = every_pruned(tree, &solution.pruned);
    Answers {
        value: solution.value.clone(),
        chosen: solution.best.map(name),
        pruned,
        visited: solution.visited.iter().map(|&id| name(id)).collect(),
    }
}

/// The names of the pruned subtrees' roots and of everything below them.
fn every_pruned(tree: &Tree, roots: &[NodeId]) -> BTreeSet<String> {
    roots
        .iter()
        .flat_map(|&id| std::iter::once(id).chain(tree.descendants(id)))
        .map(|id| tree.node(id).name.clone())
        .collect()
}

fn preorder(tree: &Tree) -> Vec<NodeId> {
    std::iter::once(0).chain(tree.descendants(0)).collect()
}

/// The tree with every node's children in the other order (names unchanged).
fn mirror(tree: &Tree) -> Tree {
    let mut mirrored = tree.clone();
    for node in &mut mirrored.nodes {
        node.children.reverse();
        if let Kind::Chance(probabilities) = &mut node.kind {
            probabilities.reverse();
        }
    }
    mirrored
}

/// The tree with MAX and MIN swapped at every choice.
fn flip(tree: &Tree) -> Tree {
    let mut flipped = tree.clone();
    for node in &mut flipped.nodes {
        if let Kind::Choice(player) = &mut node.kind {
            *player = if *player == MAX { MIN } else { MAX };
        }
    }
    flipped
}

#[cfg(test)]
mod tests;
