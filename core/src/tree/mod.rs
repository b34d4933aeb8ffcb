//! Explicit game trees from the lectures' exercises: MAX/MIN trees, chance nodes, and trees
//! of several players, read from JSON and searched by the same algorithms as the board.
//!
//! ```
//! use minimax_core::search::Algorithm;
//! use minimax_core::tree::solve::{solve, TreeSearch};
//! use minimax_core::tree::{parse, MAX};
//!
//! // The lecture's tree: MAX over three MIN nodes; MIN's values are 3, 2 and 2.
//! let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
//! let solution = solve(&tree, TreeSearch::new(Algorithm::Minimax));
//! assert_eq!(solution.value, [3.0]);
//! ```

mod parse;
pub mod render;
pub mod solve;

pub use parse::parse;

use crate::game::Game;
use crate::search::expectiminimax::Stochastic;
use crate::search::maxn::MultiPlayer;

/// Index of a node in its tree; the root is 0.
pub(crate) type NodeId = usize;

/// The player of a two-player tree's MAX nodes.
pub const MAX: usize = 0;
/// The player of a two-player tree's MIN nodes.
pub const MIN: usize = 1;
/// The "player" of a chance node.
pub(crate) const CHANCE: usize = usize::MAX;

/// What a node is.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A leaf: its utility for MAX, or one utility per player.
    Leaf(Vec<f64>),
    /// A player chooses: [`MAX`], [`MIN`], or the player's index in a multi-player tree.
    Choice(usize),
    /// Chance chooses: the probability of each child.
    Chance(Vec<f64>),
}

/// One node of a tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Its label, or its path of 1-based child indices (`root`, `2`, `2.3`).
    pub name: String,
    /// Leaf, choice or chance.
    pub kind: Kind,
    /// Its children, left to right.
    pub children: Vec<NodeId>,
}

/// A game tree: nodes in an arena, the root first.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// Every node; the root is index 0.
    pub nodes: Vec<Node>,
    /// The players' names in a multi-player tree; `None` for MAX/MIN trees.
    pub players: Option<Vec<String>>,
}

impl Tree {
    /// The node at `id` (an index into `nodes`).
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Whether some node is a chance node.
    pub fn has_chance(&self) -> bool {
        self.nodes.iter().any(|n| matches!(n.kind, Kind::Chance(_)))
    }

    /// Every node below `id` (not `id` itself), depth first.
    pub(crate) fn descendants(&self, id: NodeId) -> Vec<NodeId> {
        let mut all = Vec::new();
        let mut stack: Vec<NodeId> = self.nodes[id].children.iter().rev().copied().collect();
        while let Some(next) = stack.pop() {
            all.push(next);
            stack.extend(self.nodes[next].children.iter().rev());
        }
        all
    }

    /// The name of a node's player: MAX, MIN, CHANCE, a player's name, or LEAF.
    pub fn role(&self, id: NodeId) -> String {
        match &self.nodes[id].kind {
            Kind::Leaf(_) => "LEAF".into(),
            Kind::Chance(_) => "CHANCE".into(),
            Kind::Choice(player) => match &self.players {
                Some(names) => names.get(*player).cloned().unwrap_or_default(),
                None if *player == MAX => "MAX".into(),
                None => "MIN".into(),
            },
        }
    }
}

/// A tree seen as a [`Game`]: states and moves are node ids.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeGame<'t> {
    pub(crate) tree: &'t Tree,
}

impl<'t> Game for TreeGame<'t> {
    type State = NodeId;
    type Move = NodeId;
    type Player = usize;
    type Moves = std::iter::Copied<std::slice::Iter<'t, NodeId>>;
    type Value = f64;

    fn player(&self, state: &NodeId) -> usize {
        match self.tree.nodes[*state].kind {
            Kind::Choice(player) => player,
            Kind::Leaf(_) | Kind::Chance(_) => CHANCE,
        }
    }
    fn moves(&self, state: &NodeId) -> Self::Moves {
        self.tree.nodes[*state].children.iter().copied()
    }
    fn play(&self, _state: &NodeId, mv: NodeId) -> NodeId {
        mv
    }
    fn is_terminal(&self, state: &NodeId) -> bool {
        matches!(self.tree.nodes[*state].kind, Kind::Leaf(_))
    }
    /// A leaf of a MAX/MIN tree holds MAX's utility; MIN's is its negation (zero-sum).
    fn utility(&self, state: &NodeId, player: usize) -> f64 {
        match (&self.tree.nodes[*state].kind, &self.tree.players) {
            (Kind::Leaf(values), Some(_)) => values.get(player).copied().unwrap_or(0.0),
            (Kind::Leaf(values), None) if player == MIN => -values[0],
            (Kind::Leaf(values), None) => values[0],
            _ => 0.0,
        }
    }
}

impl Stochastic for TreeGame<'_> {
    fn chances(&self, state: &NodeId) -> Option<Vec<(f64, NodeId)>> {
        let node = &self.tree.nodes[*state];
        match &node.kind {
            Kind::Chance(probabilities) => Some(
                probabilities
                    .iter()
                    .copied()
                    .zip(node.children.iter().copied())
                    .collect(),
            ),
            _ => None,
        }
    }
}

impl MultiPlayer for TreeGame<'_> {
    fn players(&self) -> Vec<usize> {
        (0..self.tree.players.as_ref().map_or(2, Vec::len)).collect()
    }
}
