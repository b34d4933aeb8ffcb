//! Searching a tree while recording what the search does: the order nodes are entered, every
//! value backed up, each cut and the subtrees it prunes, and a step-by-step trace.

use super::{Kind, NodeId, Tree, TreeGame, MAX};
use crate::search::alphabeta::{self, Cutoff};
use crate::search::observer::Observer;
use crate::search::{expectiminimax, maxn, minimax, Algorithm};
use std::collections::HashMap;

/// How a tree is searched: the algorithm, and for alpha-beta when a bound prunes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeSearch {
    /// Minimax, alpha-beta, expectiminimax or max^n.
    pub algorithm: Algorithm,
    /// Alpha-beta's cutoff (`v >= beta` or `v > beta`); the others prune nothing.
    pub cutoff: Cutoff,
}

impl TreeSearch {
    /// `algorithm` with the slides' inclusive cutoff.
    pub fn new(algorithm: Algorithm) -> TreeSearch {
        TreeSearch {
            algorithm,
            cutoff: Cutoff::Inclusive,
        }
    }

    /// Alpha-beta with `cutoff`.
    pub fn alpha_beta(cutoff: Cutoff) -> TreeSearch {
        TreeSearch {
            algorithm: Algorithm::AlphaBeta,
            cutoff,
        }
    }

    /// Chance trees use expectiminimax and multi-player trees max^n; `requested` applies to
    /// MAX/MIN trees (alpha-beta unless told otherwise) and may not ask for pruning elsewhere.
    ///
    /// ```
    /// use minimax_core::search::alphabeta::Cutoff;
    /// use minimax_core::search::Algorithm;
    /// use minimax_core::tree::solve::{TreeSearch, TreeSearchError};
    /// use minimax_core::tree::{parse, MAX};
    ///
    /// let chance = parse(r#"{"chance": [[0.5, 3], [0.5, 5]]}"#, MAX).unwrap();
    /// let refused = TreeSearch::for_tree(&chance, Some(Algorithm::AlphaBeta), Cutoff::Inclusive);
    /// assert_eq!(refused, Err(TreeSearchError::Chance));
    /// assert_eq!(
    ///     refused.unwrap_err().to_string(),
    ///     "a tree with chance nodes is searched with expectiminimax, not alpha-beta; leave out --algorithm (or say minimax)"
    /// );
    /// let search = TreeSearch::for_tree(&chance, None, Cutoff::Inclusive).unwrap();
    /// assert_eq!(search.algorithm, Algorithm::Expectiminimax);
    /// ```
    pub fn for_tree(
        tree: &Tree,
        requested: Option<Algorithm>,
        cutoff: Cutoff,
    ) -> Result<TreeSearch, TreeSearchError> {
        let special = if tree.players.is_some() {
            Some((Algorithm::MaxN, TreeSearchError::SeveralPlayers))
        } else if tree.has_chance() {
            Some((Algorithm::Expectiminimax, TreeSearchError::Chance))
        } else {
            None
        };
        match (special, requested) {
            (Some((_, refused)), Some(Algorithm::AlphaBeta)) => Err(refused),
            (Some((algorithm, _)), _) => Ok(TreeSearch::new(algorithm)),
            (None, Some(Algorithm::Minimax)) => Ok(TreeSearch::new(Algorithm::Minimax)),
            (None, _) => Ok(TreeSearch::alpha_beta(cutoff)),
        }
    }

    /// The name reports use: the algorithm's, and a strict cutoff said.
    pub fn name(self) -> &'static str {
        match (self.algorithm, self.cutoff) {
            (Algorithm::AlphaBeta, Cutoff::Strict) => "alphabeta (strict cutoff)",
            (algorithm, _) => algorithm.name(),
        }
    }
}

/// Why a tree is not searched with the algorithm asked: only MAX/MIN trees are searched with
/// alpha-beta.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum TreeSearchError {
    /// Alpha-beta asked for a tree of several players, which max^n searches.
    #[error("a tree of several players is searched with max^n, not alpha-beta; leave out --algorithm (or say minimax)")]
    SeveralPlayers,
    /// Alpha-beta asked for a tree with chance nodes, which expectiminimax searches.
    #[error("a tree with chance nodes is searched with expectiminimax, not alpha-beta; leave out --algorithm (or say minimax)")]
    Chance,
}

/// What the search found and did.
#[derive(Clone, Debug)]
pub struct Solution {
    /// How the tree was searched.
    pub algorithm: TreeSearch,
    /// The root's value: one number, or one per player.
    pub value: Vec<f64>,
    /// The root's child to play (none when chance moves at the root).
    pub best: Option<NodeId>,
    /// Nodes in the order the search entered them.
    pub visited: Vec<NodeId>,
    /// Roots of the subtrees never looked at.
    pub pruned: Vec<NodeId>,
    /// Each visited node's value (a bound, for a node whose search was cut).
    pub values: HashMap<NodeId, Vec<f64>>,
    /// The search step by step.
    pub trace: Vec<String>,
    /// The same steps as data, one for each line of `trace` (the browser steps through them).
    pub steps: Vec<Step>,
}

/// One line of a search's trace as data: which node, what happened, the window it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The node the line is about.
    pub node: NodeId,
    /// What happened there.
    pub event: StepEvent,
    /// How deep the search is (the trace's indentation).
    pub depth: usize,
    /// Alpha-beta's (α, β) at the node after this step; `None` for the other searches and
    /// for a node's return.
    pub window: Option<(f64, f64)>,
    /// For a cut: the condition that fired, as the trace writes it (`v = 2 ≤ α = 3`).
    pub test: Option<String>,
    /// For a cut: the children it prunes (roots of pruned subtrees).
    pub pruned: Vec<NodeId>,
}

/// What a step of the search does at its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepEvent {
    /// The search enters a choice or chance node with the window it received.
    Enter,
    /// A child's value is backed up into the node (v, and α or β, updated).
    Update,
    /// The node's remaining children are pruned (or none were left).
    Cut,
    /// The node's value is final: a leaf read, or a node returning.
    Leave,
}

impl Solution {
    /// From the root, the chosen child of each choice node in turn: the principal variation.
    pub(crate) fn principal_path(&self, tree: &Tree) -> Vec<NodeId> {
        let mut path = vec![0];
        let mut at = 0;
        while let Some(next) = self.chosen_child(tree, at) {
            path.push(next);
            at = next;
        }
        path
    }

    /// The first child of a choice node whose value is the node's own (the one it backed up).
    fn chosen_child(&self, tree: &Tree, id: NodeId) -> Option<NodeId> {
        if !matches!(tree.node(id).kind, Kind::Choice(_)) {
            return None;
        }
        let value = self.values.get(&id)?;
        tree.node(id)
            .children
            .iter()
            .copied()
            .find(|child| self.values.get(child) == Some(value))
    }
}

/// Searches `tree` with `algorithm`, recording everything.
///
/// ```
/// use minimax_core::search::alphabeta::Cutoff;
/// use minimax_core::tree::solve::{solve, TreeSearch};
/// use minimax_core::tree::{parse, render, MAX};
///
/// // The lecture's tree: MAX at the root over three MIN nodes of three leaves each.
/// let tree = parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", MAX).unwrap();
/// let solution = solve(&tree, TreeSearch::alpha_beta(Cutoff::Inclusive));
/// assert_eq!(solution.value, [3.0]);
/// assert_eq!(tree.node(solution.best.unwrap()).name, "1");
/// // Once 2.1 = 2 is below α = 3, MIN's node 2 cannot matter: its other leaves are cut.
/// let key = render::json_document(&tree, &solution);
/// assert_eq!(key["pruned"], serde_json::json!(["2.2", "2.3"]));
/// ```
pub fn solve(tree: &Tree, algorithm: TreeSearch) -> Solution {
    let game = TreeGame { tree };
    let cutoff = algorithm.cutoff;
    let mut recorder = Recorder {
        tree,
        cutoff,
        depth: 0,
        visited: Vec::new(),
        pruned: Vec::new(),
        values: HashMap::new(),
        trace: Vec::new(),
        steps: Vec::new(),
    };
    let value = match algorithm.algorithm {
        Algorithm::AlphaBeta => {
            vec![alphabeta::window(
                &game,
                &0,
                MAX,
                (f64::NEG_INFINITY, f64::INFINITY),
                cutoff,
                &mut recorder,
            )]
        }
        Algorithm::Expectiminimax => vec![expectiminimax::value(&game, &0, MAX, &mut recorder)],
        Algorithm::MaxN => {
            let mut order = Vec::new();
            let value = maxn::value(&game, &0, &mut |id: &NodeId, vector: &[f64]| {
                order.push(*id);
                recorder.values.insert(*id, vector.to_vec());
            });
            // max^n prunes nothing: every node is entered, parents before children.
            recorder.visited = preorder(tree);
            for id in order {
                let line = format!(
                    "{} {} = {}",
                    tree.role(id),
                    tree.node(id).name,
                    vector_text(&recorder.values[&id])
                );
                recorder.trace.push(line);
                recorder.steps.push(Step {
                    node: id,
                    event: StepEvent::Leave,
                    depth: 0,
                    window: None,
                    test: None,
                    pruned: Vec::new(),
                });
            }
            value
        }
        // Minimax, and the board algorithms, which on an explicit tree are minimax.
        _ => vec![minimax::value(&game, &0, MAX, &mut recorder)],
    };
    let mut solution = Solution {
        algorithm,
        value,
        best: None,
        visited: recorder.visited,
        pruned: recorder.pruned,
        values: recorder.values,
        trace: recorder.trace,
        steps: recorder.steps,
    };
    solution.best = solution.chosen_child(tree, 0);
    solution
}

fn preorder(tree: &Tree) -> Vec<NodeId> {
    std::iter::once(0).chain(tree.descendants(0)).collect()
}

struct Recorder<'t> {
    tree: &'t Tree,
    cutoff: Cutoff,
    depth: usize,
    visited: Vec<NodeId>,
    pruned: Vec<NodeId>,
    values: HashMap<NodeId, Vec<f64>>,
    trace: Vec<String>,
    steps: Vec<Step>,
}

impl Recorder<'_> {
    /// One line of the trace, and the same step as data.
    fn say(&mut self, line: String, step: Step) {
        self.trace.push(format!("{}{line}", "  ".repeat(step.depth)));
        self.steps.push(step);
    }

    fn step(&self, node: NodeId, event: StepEvent, window: Option<(f64, f64)>) -> Step {
        Step {
            node,
            event,
            depth: self.depth,
            window,
            test: None,
            pruned: Vec::new(),
        }
    }

    fn name(&self, id: NodeId) -> &str {
        &self.tree.node(id).name
    }
}

impl<'t> Observer<TreeGame<'t>> for Recorder<'t> {
    fn enter(&mut self, state: &NodeId, window: Option<(f64, f64)>) {
        self.visited.push(*state);
        if !matches!(self.tree.node(*state).kind, Kind::Leaf(_)) {
            let window_text = window.map_or(String::new(), |(a, b)| {
                format!("  α = {}, β = {}", number(a), number(b))
            });
            let line = format!("{} {}{window_text}", self.tree.role(*state), self.name(*state));
            let step = self.step(*state, StepEvent::Enter, window);
            self.say(line, step);
        }
        self.depth += 1;
    }

    fn backed_up(&mut self, state: &NodeId, v: f64, window: Option<(f64, f64)>) {
        let what = match (&self.tree.node(*state).kind, window) {
            (Kind::Chance(_), _) => format!("Σ p·v = {}", number(v)),
            (Kind::Choice(MAX), Some((alpha, _))) => format!("v = {}, α = {}", number(v), number(alpha)),
            (Kind::Choice(_), Some((_, beta))) => format!("v = {}, β = {}", number(v), number(beta)),
            _ => format!("v = {}", number(v)),
        };
        let line = format!("{}: {what}", self.name(*state));
        let step = self.step(*state, StepEvent::Update, window);
        self.say(line, step);
    }

    fn cut(
        &mut self,
        state: &NodeId,
        v: f64,
        (alpha, beta): (f64, f64),
        rest: std::iter::Copied<std::slice::Iter<'t, NodeId>>,
    ) {
        let rest: Vec<NodeId> = rest.collect();
        let maximising = self.tree.node(*state).kind == Kind::Choice(MAX);
        let test = match (maximising, self.cutoff) {
            (true, Cutoff::Inclusive) => format!("v = {} ≥ β = {}", number(v), number(beta)),
            (true, Cutoff::Strict) => format!("v = {} > β = {}", number(v), number(beta)),
            (false, Cutoff::Inclusive) => format!("v = {} ≤ α = {}", number(v), number(alpha)),
            (false, Cutoff::Strict) => format!("v = {} < α = {}", number(v), number(alpha)),
        };
        let names: Vec<&str> = rest.iter().map(|&id| self.name(id)).collect();
        let outcome = if names.is_empty() {
            "return (no children left to prune)".to_string()
        } else {
            format!("cut, pruning {}", names.join(", "))
        };
        let line = format!("{}: {test}: {outcome}", self.name(*state));
        let step = Step {
            test: Some(test),
            pruned: rest.clone(),
            ..self.step(*state, StepEvent::Cut, Some((alpha, beta)))
        };
        self.say(line, step);
        self.pruned.extend(rest);
    }

    fn leave(&mut self, state: &NodeId, value: f64) {
        self.depth -= 1;
        self.values.insert(*state, vec![value]);
        let line = match self.tree.node(*state).kind {
            Kind::Leaf(_) => format!("leaf {} = {}", self.name(*state), number(value)),
            _ => format!("{} returns {}", self.name(*state), number(value)),
        };
        let step = self.step(*state, StepEvent::Leave, None);
        self.say(line, step);
    }
}

/// A value as the lectures write it: `3`, `2.5`, `+∞`.
pub fn number(v: f64) -> String {
    if v == f64::INFINITY {
        "+∞".into()
    } else if v == f64::NEG_INFINITY {
        "−∞".into()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let text = format!("{v:.6}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A value of one or several players: `3` or `(3, 2, 1)`.
pub(crate) fn vector_text(values: &[f64]) -> String {
    match values {
        [one] => number(*one),
        all => format!(
            "({})",
            all.iter().map(|v| number(*v)).collect::<Vec<_>>().join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::parse;

    fn names(tree: &Tree, ids: &[NodeId]) -> Vec<String> {
        ids.iter().map(|&id| tree.node(id).name.clone()).collect()
    }

    #[test]
    fn the_lecture_tree_prunes_the_two_leaves_after_2() {
        let tree = parse("[[3,12,8],[2,4,6],[14,5,2]]", MAX).unwrap();
        let solution = solve(&tree, TreeSearch::alpha_beta(Cutoff::Inclusive));
        assert_eq!(solution.value, [3.0]);
        assert_eq!(solution.best.map(|id| tree.node(id).name.as_str()), Some("1"));
        assert_eq!(names(&tree, &solution.pruned), ["2.2", "2.3"]);
    }

    #[test]
    fn values_print_as_the_lectures_write_them() {
        assert_eq!(number(3.0), "3");
        assert_eq!(number(-2.5), "-2.5");
        assert_eq!(number(0.1 + 0.2), "0.3");
        assert_eq!(number(f64::NEG_INFINITY), "−∞");
    }
}
