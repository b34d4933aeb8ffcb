//! One procedure, correct or broken, walked over the student's tree in the student's child
//! order, stopping at the first node where the two part.

use super::procedure::{Departure, Expected, Procedure, Pruning};
use super::trace::{Trace, TraceNode};
use crate::game::Game;
use crate::games::mnk::{Mark, Move, Position, TicTacToe};

/// The walk's state: the trace, the game, and what is known of the values.
pub(super) struct Walk<'a> {
    pub(super) trace: &'a Trace,
    pub(super) game: &'a TicTacToe,
    pub(super) max: Mark,
    pub(super) procedure: Procedure,
    /// The smallest win MAX's terminal leaves are given (for "stop at the first win").
    pub(super) win: f64,
    /// Nodes the procedure entered, the root included.
    pub(super) entered: usize,
    /// Only counting what the procedure enters: the student's extra children and values
    /// are not departures.
    pub(super) counting: bool,
    /// The trace's transposition-table hits (see `repeats`): taken at their written value.
    pub(super) repeats: &'a std::collections::HashSet<usize>,
}

impl Walk<'_> {
    /// Walks the whole search: the root, then its subtree; the departure if any.
    pub(super) fn run(&mut self, root: &Position) -> Result<(), Departure> {
        self.entered = 1;
        if !self.trace.explicit_root || self.procedure.decision_root {
            return self.implicit_root(root);
        }
        self.visit(0, root, 0, (f64::NEG_INFINITY, f64::INFINITY))
            .map(drop)
    }

    /// The sheet's DECISION-MINIMAX: every successor searched, none cut, the window shared
    /// (α raised as values come) or fresh for each, as the procedure says.
    fn implicit_root(&mut self, root: &Position) -> Result<(), Departure> {
        let node = &self.trace.nodes[0];
        let order = self.order(0, root);
        let mut alpha = f64::NEG_INFINITY;
        let maximising = root.to_move == self.max;
        let mut beta = f64::INFINITY;
        for (i, mv) in order.iter().enumerate() {
            let Some(&child) = node.children.get(i) else {
                return Err(self.departure(0, leaving(node), Expected::Enter(*mv), (alpha, beta)));
            };
            let window = if self.procedure.shared_root {
                (alpha, beta)
            } else {
                (f64::NEG_INFINITY, f64::INFINITY)
            };
            let value = self.visit(child, &root.play(mv.square), 1, self.passed(window))?;
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            // DECISION's own loop stops at a winning successor too, when the procedure does.
            let wins = if maximising {
                value >= self.win
            } else {
                value <= -self.win
            };
            if self.procedure.root_first_win && wins {
                if let Some(&extra) = node.children.get(i + 1).filter(|_| !self.counting) {
                    return Err(self.departure(extra, entering(extra), Expected::Pruned, (alpha, beta)));
                }
                break;
            }
        }
        // An entered root is left with the best of its successors.
        let best = if maximising { alpha } else { beta };
        match node.value {
            Some(written) if written != best && !self.counting => {
                Err(self.departure(0, leaving(node), Expected::Value(best), (alpha, beta)))
            }
            _ => Ok(()),
        }
    }

    /// MAX-VALUE / MIN-VALUE as the procedure does them, at the student's node `id`.
    fn visit(
        &mut self,
        id: usize,
        position: &Position,
        depth: usize,
        (alpha0, beta0): (f64, f64),
    ) -> Result<f64, Departure> {
        let node = &self.trace.nodes[id];
        if id != 0 {
            self.entered += 1;
        }
        let limited = self.procedure.depth.is_some_and(|limit| depth >= limit as usize);
        if self.game.is_terminal(position) || limited {
            if let Some(&child) = node.children.first() {
                return Err(self.departure(child, entering(child), Expected::Leaf, (alpha0, beta0)));
            }
            return Ok(node.value.unwrap_or(0.0));
        }
        if node.children.is_empty() && self.repeats.contains(&id) {
            return Ok(node.value.unwrap_or(0.0));
        }
        let order = self.order(id, position);
        let maximising = position.to_move == self.max;
        let (mut alpha, mut beta) = (alpha0, beta0);
        let mut v = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for (i, mv) in order.iter().enumerate() {
            let Some(&child) = node.children.get(i) else {
                return Err(self.departure(id, leaving(node), Expected::Enter(*mv), (alpha, beta)));
            };
            let value = self.visit(
                child,
                &position.play(mv.square),
                depth + 1,
                self.passed((alpha, beta)),
            )?;
            v = if maximising { v.max(value) } else { v.min(value) };
            if self.cuts(v, (alpha, beta), maximising) {
                if let Some(&extra) = node.children.get(i + 1).filter(|_| !self.counting) {
                    return Err(self.departure(extra, entering(extra), Expected::Pruned, (alpha, beta)));
                }
                break;
            }
            (alpha, beta) = self.narrowed(v, (alpha, beta), maximising);
        }
        if self.procedure.fail_hard {
            v = v.clamp(alpha0.min(beta0), beta0.max(alpha0));
        }
        match node.value {
            Some(written) if written != v && !self.counting => {
                Err(self.departure(id, leaving(node), Expected::Value(v), (alpha, beta)))
            }
            _ => Ok(v),
        }
    }

    /// Whether the procedure stops looking at a node's children once its value is `v`.
    fn cuts(&self, v: f64, (alpha, beta): (f64, f64), maximising: bool) -> bool {
        let first_win = self.procedure.first_win && if maximising { v >= self.win } else { v <= -self.win };
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

    /// α raised at MAX, β lowered at MIN; the other way round when they are swapped.
    fn narrowed(&self, v: f64, (alpha, beta): (f64, f64), maximising: bool) -> (f64, f64) {
        match (self.procedure.pruning, maximising) {
            (Pruning::Swapped, true) => (alpha, beta.max(v)),
            (Pruning::Swapped, false) => (alpha.min(v), beta),
            (_, true) => (alpha.max(v), beta),
            (_, false) => (alpha, beta.min(v)),
        }
    }

    /// The student's order at `id`: the children it entered, then the moves it did not enter
    /// in the game's order (only a procedure that departs there looks at those).
    fn order(&self, id: usize, position: &Position) -> Vec<Move> {
        let mut order: Vec<Move> = self.trace.nodes[id]
            .children
            .iter()
            .filter_map(|&c| self.trace.nodes[c].mv)
            .collect();
        let rest: Vec<Move> = self
            .game
            .moves(position)
            .filter(|mv| !order.contains(mv))
            .collect();
        order.extend(rest);
        order
    }

    fn departure(&self, node: usize, at: usize, expected: Expected, window: (f64, f64)) -> Departure {
        Departure {
            node,
            at,
            expected,
            window,
            procedure: self.procedure,
        }
    }
}

/// Where entering node `id` falls in the trace's order of events (see `Departure::at`).
fn entering(id: usize) -> usize {
    id * 128 + 100
}

/// Where leaving `node` falls in the trace's order of events.
fn leaving(node: &TraceNode) -> usize {
    node.end * 128 + 63 - node.depth.min(63)
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
