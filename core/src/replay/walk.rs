//! One procedure, correct or broken, walked over a searched tree: the one place that decides
//! what each procedure enters, cuts and backs up. The tree is a student's trace over the
//! board ([`super::student`]) or a paper exercise's tree ([`super::paper`]); each says what
//! its nodes are and what happens where the procedure enters, cuts or leaves one, so the
//! trace can stop at the first node where the student parts from the procedure and the paper
//! tree can record what the procedure visits.
//!
//! Chance nodes are not part of it: the procedures are MAX/MIN procedures (the lectures'
//! alpha-beta and its broken variants); a chance tree prunes nothing and is searched by
//! expectiminimax ([`crate::tree::solve`]).

use super::procedure::{Procedure, Pruning};

/// What a procedure is walked over, node by node, in the order it is searched.
pub(crate) trait Searched {
    /// A node as the walk holds it.
    type Node: Copy;
    /// Why a walk stops before its end (a departure from the student's trace; nothing for a
    /// tree that is the whole truth).
    type Stop;
    /// Whether the node ends the game: a finished board, a paper tree's leaf.
    fn is_terminal(&self, node: Self::Node) -> bool;
    /// Whether MAX chooses at the node.
    fn maximising(&self, node: Self::Node) -> bool;
    /// The procedure enters the node (every node once, the root first).
    fn enter(&mut self, node: Self::Node);
    /// The value of a node the procedure does not search below (a finished game, or the
    /// depth limit); `window` is the one it was entered with.
    fn leaf(&mut self, node: Self::Node, window: (f64, f64)) -> Result<f64, Self::Stop>;
    /// The value of a node searched before and not searched again (a transposition table's
    /// hit), if it is one.
    fn reused(&self, node: Self::Node) -> Option<f64>;
    /// The node's `index`-th child in the searched order, `None` past the last.
    fn child(
        &mut self,
        node: Self::Node,
        index: usize,
        window: (f64, f64),
    ) -> Result<Option<Self::Node>, Self::Stop>;
    /// The procedure looks at none of the node's children from `next` on.
    fn cut(&mut self, node: Self::Node, next: usize, window: (f64, f64)) -> Result<(), Self::Stop>;
    /// The procedure backs `value` up at the node; the value the walk goes on with.
    fn leave(&mut self, node: Self::Node, value: f64, window: (f64, f64)) -> Result<f64, Self::Stop>;
}

const FULL: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

/// A procedure walked over a searched tree.
pub(crate) struct Walk<'s, S> {
    pub(crate) searched: &'s mut S,
    pub(crate) procedure: Procedure,
    /// The smallest value of a win for MAX (for "stop at the first win").
    pub(crate) win: f64,
}

impl<S: Searched> Walk<'_, S> {
    /// Walks the whole search from `root`: MAX-VALUE at the root when `root_entered`,
    /// otherwise (or when the procedure says so) the sheet's DECISION loop over its children.
    pub(crate) fn run(&mut self, root: S::Node, root_entered: bool) -> Result<f64, S::Stop> {
        self.searched.enter(root);
        if self.searched.is_terminal(root) {
            return self.searched.leaf(root, FULL);
        }
        if !root_entered || self.procedure.decision_root {
            return self.decision(root);
        }
        self.search(root, 0, FULL)
    }

    /// The sheet's DECISION-MINIMAX: every successor searched, none cut, the window shared
    /// (α raised as values come) or fresh for each, as the procedure says.
    fn decision(&mut self, root: S::Node) -> Result<f64, S::Stop> {
        let maximising = self.searched.maximising(root);
        let (mut alpha, mut beta) = FULL;
        let mut index = 0;
        while let Some(child) = self.searched.child(root, index, (alpha, beta))? {
            let window = if self.procedure.shared_root {
                (alpha, beta)
            } else {
                FULL
            };
            let value = self.visit(child, 1, self.passed(window))?;
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            index += 1;
            // DECISION's own loop stops at a winning successor too, when the procedure does.
            if self.procedure.root_first_win && self.wins(value, maximising) {
                self.searched.cut(root, index, (alpha, beta))?;
                break;
            }
        }
        // The root is left with the best of its successors.
        let best = if maximising { alpha } else { beta };
        self.searched.leave(root, best, (alpha, beta))
    }

    /// Enters a node below the root and searches it.
    fn visit(&mut self, node: S::Node, depth: usize, window: (f64, f64)) -> Result<f64, S::Stop> {
        self.searched.enter(node);
        self.search(node, depth, window)
    }

    /// MAX-VALUE / MIN-VALUE as the procedure does them, at `node`, `depth` plies below the
    /// root.
    fn search(&mut self, node: S::Node, depth: usize, (alpha0, beta0): (f64, f64)) -> Result<f64, S::Stop> {
        let limited = self.procedure.depth.is_some_and(|limit| depth >= limit as usize);
        if self.searched.is_terminal(node) || limited {
            return self.searched.leaf(node, (alpha0, beta0));
        }
        if let Some(value) = self.searched.reused(node) {
            return Ok(value);
        }
        let maximising = self.searched.maximising(node);
        let (mut alpha, mut beta) = (alpha0, beta0);
        let mut v = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut index = 0;
        while let Some(child) = self.searched.child(node, index, (alpha, beta))? {
            let value = self.visit(child, depth + 1, self.passed((alpha, beta)))?;
            v = if maximising { v.max(value) } else { v.min(value) };
            index += 1;
            if self.cuts(v, (alpha, beta), maximising) {
                self.searched.cut(node, index, (alpha, beta))?;
                break;
            }
            (alpha, beta) = self.narrowed(v, (alpha, beta), maximising);
        }
        if self.procedure.fail_hard {
            v = v.clamp(alpha0.min(beta0), beta0.max(alpha0));
        }
        self.searched.leave(node, v, (alpha, beta))
    }

    /// Whether `value` wins for the player choosing (MAX, or MIN when not `maximising`).
    fn wins(&self, value: f64, maximising: bool) -> bool {
        if maximising {
            value >= self.win
        } else {
            value <= -self.win
        }
    }

    /// Whether the procedure stops looking at a node's children once its value is `v`.
    fn cuts(&self, v: f64, (alpha, beta): (f64, f64), maximising: bool) -> bool {
        let first_win = self.procedure.first_win && self.wins(v, maximising);
        let strict = self.procedure.strict;
        let (above, below) = match self.procedure.pruning {
            Pruning::None => return first_win,
            Pruning::AlphaBeta | Pruning::SwappedCall => (beta, alpha),
            Pruning::Swapped => (alpha, beta),
            // MAX tests MIN's bound and MIN tests MAX's, each on its own side.
            Pruning::WrongSide => {
                return first_win
                    || if maximising {
                        at_most(v, alpha, strict)
                    } else {
                        at_least(v, beta, strict)
                    }
            }
        };
        first_win
            || if maximising {
                at_least(v, above, strict)
            } else {
                at_most(v, below, strict)
            }
    }

    /// The window a child is called with: the node's own, or exchanged in the call.
    fn passed(&self, (alpha, beta): (f64, f64)) -> (f64, f64) {
        match self.procedure.pruning {
            Pruning::SwappedCall => (beta, alpha),
            _ => (alpha, beta),
        }
    }

    /// α raised at MAX, β lowered at MIN; the other way round when they are swapped; never
    /// when the procedure hands each child the window its node received.
    fn narrowed(&self, v: f64, (alpha, beta): (f64, f64), maximising: bool) -> (f64, f64) {
        if self.procedure.reset_window {
            return (alpha, beta);
        }
        match (self.procedure.pruning, maximising) {
            (Pruning::Swapped, true) => (alpha, beta.max(v)),
            (Pruning::Swapped, false) => (alpha.min(v), beta),
            (_, true) => (alpha.max(v), beta),
            (_, false) => (alpha, beta.min(v)),
        }
    }
}

fn at_least(v: f64, bound: f64, strict: bool) -> bool {
    if strict {
        v > bound
    } else {
        v >= bound
    }
}

fn at_most(v: f64, bound: f64, strict: bool) -> bool {
    if strict {
        v < bound
    } else {
        v <= bound
    }
}
