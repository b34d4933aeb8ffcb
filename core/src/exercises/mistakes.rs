//! The wrong procedures students follow on pruning exercises, each run for real on the tree,
//! so that a wrong answer can be traced to the mistake that produces it exactly.
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

/// The right answers, under the search the exercise asks for.
pub fn correct(tree: &Tree, cutoff: Cutoff) -> Answers {
    let algorithm = TreeSearch::for_tree(tree, None, cutoff).unwrap_or(TreeSearch::new(Algorithm::Minimax));
    answers(tree, &solve(tree, algorithm))
}

/// The answers `mistake` produces, where it applies to this tree.
pub fn wrong(tree: &Tree, cutoff: Cutoff, mistake: Mistake) -> Option<Answers> {
    let two_player = tree.players.is_none() && !tree.has_chance();
    match mistake {
        Mistake::StrictCutoff if two_player && cutoff == Cutoff::Inclusive => Some(answers(
            tree,
            &solve(tree, TreeSearch::alpha_beta(Cutoff::Strict)),
        )),
        Mistake::InclusiveCutoff if two_player && cutoff == Cutoff::Strict => Some(answers(
            tree,
            &solve(tree, TreeSearch::alpha_beta(Cutoff::Inclusive)),
        )),
        Mistake::NoPruning if two_player => {
            Some(answers(tree, &solve(tree, TreeSearch::new(Algorithm::Minimax))))
        }
        Mistake::RightToLeft if tree.players.is_none() => {
            let mirrored = mirror(tree);
            let algorithm = TreeSearch::for_tree(&mirrored, None, cutoff).ok()?;
            Some(answers(&mirrored, &solve(&mirrored, algorithm)))
        }
        Mistake::RootMin if tree.players.is_none() => {
            let flipped = flip(tree);
            let algorithm = TreeSearch::for_tree(&flipped, None, cutoff).ok()?;
            Some(answers(&flipped, &solve(&flipped, algorithm)))
        }
        Mistake::AlphaBetaReset if two_player => Some(unnarrowed(tree, cutoff)),
        Mistake::LeavesAfterCut if two_player => {
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
            Some(right)
        }
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

/// Alpha-beta where each child is searched with the window its parent received, the parent's
/// own α or β never narrowing it.
fn unnarrowed(tree: &Tree, cutoff: Cutoff) -> Answers {
    struct Walk<'t> {
        tree: &'t Tree,
        cutoff: Cutoff,
        visited: Vec<NodeId>,
        pruned: Vec<NodeId>,
    }
    impl Walk<'_> {
        fn search(&mut self, id: NodeId, window: (f64, f64)) -> f64 {
            self.visited.push(id);
            let node = self.tree.node(id);
            let maximising = match node.kind {
                Kind::Leaf(ref values) => return values[0],
                Kind::Choice(player) => player == MAX,
                Kind::Chance(_) => true,
            };
            let mut v = if maximising {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            for (index, &child) in node.children.iter().enumerate() {
                let value = self.search(child, window);
                v = if maximising { v.max(value) } else { v.min(value) };
                let cuts = match (maximising, self.cutoff) {
                    (true, Cutoff::Inclusive) => v >= window.1,
                    (true, Cutoff::Strict) => v > window.1,
                    (false, Cutoff::Inclusive) => v <= window.0,
                    (false, Cutoff::Strict) => v < window.0,
                };
                if cuts {
                    self.pruned.extend(&node.children[index + 1..]);
                    break;
                }
            }
            v
        }
    }
    let mut walk = Walk {
        tree,
        cutoff,
        visited: Vec::new(),
        pruned: Vec::new(),
    };
    let root = tree.node(0);
    let mut values = Vec::new();
    walk.visited.push(0);
    let maximising = root.kind == Kind::Choice(MAX);
    // The root's children get the root's own, narrowing window (the mistake is below it).
    let mut window = (f64::NEG_INFINITY, f64::INFINITY);
    for &child in &root.children {
        let value = walk.search(child, window);
        values.push(value);
        if maximising {
            window.0 = window.0.max(value);
        } else {
            window.1 = window.1.min(value);
        }
    }
    let best = if maximising {
        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.iter().copied().fold(f64::INFINITY, f64::min)
    };
    let chosen = values.iter().position(|&v| v == best).map(|i| root.children[i]);
    let name = |id: NodeId| tree.node(id).name.clone();
    let pruned = every_pruned(tree, &walk.pruned);
    Answers {
        value: vec![best],
        chosen: chosen.map(name),
        pruned,
        visited: walk.visited.iter().map(|&id| name(id)).collect(),
    }
}

#[cfg(test)]
mod tests;
