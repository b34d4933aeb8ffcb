//! A paper exercise's MAX/MIN tree as the tree a procedure is walked over
//! (replay/walk.rs): its children left to right, its leaves the game's end, MAX where the
//! tree says MAX. The walk records what the procedure visits, prunes and backs up: the
//! answers a pruning exercise asks for, from the same engine that judges a program's search.
//!
//! ```
//! use minimax_core::replay::paper;
//! use minimax_core::replay::Procedure;
//! use minimax_core::tree::{parse, MAX};
//!
//! // The lecture's tree, alpha-beta with the slides' `≥` cut-offs: 2.1 = 2 ≤ α = 3 cuts.
//! let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
//! let searched = paper::search(&tree, Procedure::alpha_beta(false));
//! assert_eq!(searched.value, 3.0);
//! let names = |ids: &[usize]| ids.iter().map(|&id| tree.node(id).name.clone()).collect::<Vec<_>>();
//! assert_eq!(names(&searched.pruned), ["2.2", "2.3"]);
//! assert_eq!(searched.best.map(|id| tree.node(id).name.as_str()), Some("1"));
//! ```

use super::procedure::Procedure;
use super::walk::{Searched, Walk};
use crate::tree::{Kind, NodeId, Tree, MAX};
use std::collections::HashMap;
use std::convert::Infallible;

/// What a procedure does on a paper tree.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperSearch {
    /// The root's value.
    pub value: f64,
    /// The root's child to play: the first whose value is the root's.
    pub best: Option<usize>,
    /// Nodes in the order the procedure entered them.
    pub visited: Vec<usize>,
    /// Roots of the subtrees it never looked at, in the order it cut them.
    pub pruned: Vec<usize>,
    /// Each visited node's value (a bound, for a node whose search was cut).
    pub values: HashMap<usize, f64>,
}

/// Walks `procedure` over `tree`, a MAX/MIN tree (chance and several players are
/// expectiminimax's and max^n's), the root entered as MAX-VALUE unless the procedure
/// searches it as a DECISION loop.
pub fn search(tree: &Tree, procedure: Procedure) -> PaperSearch {
    let mut paper = Paper {
        tree,
        visited: Vec::new(),
        pruned: Vec::new(),
        values: HashMap::new(),
    };
    let mut walk = Walk {
        searched: &mut paper,
        procedure,
        win: f64::INFINITY,
    };
    let value = match walk.run(0, true) {
        Ok(value) => value,
        Err(never) => match never {},
    };
    let root = tree.node(0);
    let best = match root.kind {
        Kind::Choice(_) => root
            .children
            .iter()
            .copied()
            .find(|child| paper.values.get(child) == Some(&value)),
        _ => None,
    };
    PaperSearch {
        value,
        best,
        visited: paper.visited,
        pruned: paper.pruned,
        values: paper.values,
    }
}

struct Paper<'t> {
    tree: &'t Tree,
    visited: Vec<NodeId>,
    pruned: Vec<NodeId>,
    values: HashMap<NodeId, f64>,
}

impl Searched for Paper<'_> {
    type Node = NodeId;
    type Stop = Infallible;

    fn is_terminal(&self, node: NodeId) -> bool {
        matches!(self.tree.node(node).kind, Kind::Leaf(_))
    }

    fn maximising(&self, node: NodeId) -> bool {
        self.tree.node(node).kind == Kind::Choice(MAX)
    }

    fn enter(&mut self, node: NodeId) {
        self.visited.push(node);
    }

    /// A leaf's value; a paper tree has no evaluation above its leaves, so a depth limit
    /// (no exercise asks one) reads an inner node as 0.
    fn leaf(&mut self, node: NodeId, _: (f64, f64)) -> Result<f64, Infallible> {
        let value = match &self.tree.node(node).kind {
            Kind::Leaf(values) => values.first().copied().unwrap_or(0.0),
            _ => 0.0,
        };
        self.values.insert(node, value);
        Ok(value)
    }

    fn reused(&self, _: NodeId) -> Option<f64> {
        None
    }

    fn child(&mut self, node: NodeId, index: usize, _: (f64, f64)) -> Result<Option<NodeId>, Infallible> {
        Ok(self.tree.node(node).children.get(index).copied())
    }

    fn cut(&mut self, node: NodeId, next: usize, _: (f64, f64)) -> Result<(), Infallible> {
        let children = &self.tree.node(node).children;
        self.pruned.extend(children.get(next..).unwrap_or_default());
        Ok(())
    }

    fn leave(&mut self, node: NodeId, value: f64, _: (f64, f64)) -> Result<f64, Infallible> {
        self.values.insert(node, value);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::trees::{tree, TreeSpec};
    use crate::search::alphabeta::Cutoff;
    use crate::tree::parse;
    use crate::tree::solve::{solve, TreeSearch};

    #[test]
    fn the_replays_alpha_beta_on_generated_trees_is_the_tree_searchs_for_both_cutoffs() {
        let mut trees = 0;
        for (depth, branching) in [(1, 2), (2, 3), (3, 2), (3, 3), (4, 2), (2, 5), (4, 3)] {
            // Few leaf values: ties, where the two cut-offs part, are common.
            let spec = TreeSpec {
                depth,
                branching,
                values: (0, 6),
                distinct: false,
                pruned: None,
                chance: 0,
                players: 2,
            };
            for seed in 0..60 {
                let drawn = tree(spec, seed).unwrap();
                let parsed = parse(&drawn["tree"].to_string(), MAX).unwrap();
                for cutoff in [Cutoff::Inclusive, Cutoff::Strict] {
                    let old = solve(&parsed, TreeSearch::alpha_beta(cutoff));
                    let new = search(&parsed, Procedure::alpha_beta(cutoff == Cutoff::Strict));
                    let context = format!("depth {depth}, branching {branching}, seed {seed}, {cutoff:?}");
                    assert_eq!(old.value, [new.value], "{context}: value");
                    assert_eq!(old.visited, new.visited, "{context}: visited");
                    assert_eq!(old.pruned, new.pruned, "{context}: pruned");
                    assert_eq!(old.best, new.best, "{context}: move");
                    let values: HashMap<usize, f64> = old.values.iter().map(|(&id, v)| (id, v[0])).collect();
                    assert_eq!(values, new.values, "{context}: each node's value");
                }
                trees += 1;
            }
        }
        assert_eq!(trees, 7 * 60);
    }
}
