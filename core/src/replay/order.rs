//! `search = "alphabeta-ordered"`: the lectures say alpha-beta's effectiveness depends on the
//! order the moves are looked at ("su efectividad depende del orden"; no node is pruned when
//! the favourable ones come last). A student asked to order the moves is judged on the
//! positions where ordering can help: there, the student's correct alpha-beta must enter
//! fewer nodes than the same alpha-beta in the board's plain order (columns, then rows).
//! Ordering can help where alpha-beta with the children best first (by their exact value)
//! enters fewer nodes than in board order.

use super::procedure::Procedure;
use super::trace::Trace;
use crate::game::Game;
use crate::games::mnk::{Mark, Position, TicTacToe};
use std::collections::HashMap;

/// Nodes counted (and positions remembered) before the count is given up: a board too big to
/// search whole is not judged on its order.
const BUDGET: usize = 500_000;

/// What alpha-beta enters on the position in the two orders the student's is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordering {
    /// The same alpha-beta in the board's plain order (columns, then rows).
    pub board_order: usize,
    /// The same alpha-beta with each node's children best first by their exact value.
    pub best_first: usize,
    /// The student's order passes: where ordering can help (`best_first < board_order`), the
    /// student's moves are not always in board order and the search enters fewer nodes than
    /// in board order (a transposition table alone saves nodes without ordering anything);
    /// anything correct where ordering cannot help.
    pub ordered: bool,
}

impl Ordering {
    /// Whether ordering the moves can save nodes on this position at all.
    pub fn can_help(&self) -> bool {
        self.best_first < self.board_order
    }
}

/// The counts for `procedure` (alpha-beta, without a depth limit) on `root`, and whether a
/// search of `nodes` passes, `reordered` when some node's children are not in board order;
/// `None` when the position is too big to count.
pub(super) fn ordering(
    game: &TicTacToe,
    root: &Position,
    procedure: Procedure,
    explicit_root: bool,
    (nodes, reordered): (usize, bool),
) -> Option<Ordering> {
    let mut counter = Counter {
        game,
        max: root.to_move,
        procedure,
        best_first: false,
        exact: HashMap::new(),
        entered: 0,
    };
    let board_order = counter.run(root, explicit_root)?;
    counter.best_first = true;
    let best_first = counter.run(root, explicit_root)?;
    let can_help = best_first < board_order;
    Some(Ordering {
        board_order,
        best_first,
        ordered: !can_help || (reordered && nodes < board_order),
    })
}

/// Whether some node of the trace enters its children out of the board's order: in board
/// order, the children entered are the first moves of the board's list (a cut leaves the
/// rest), so a node whose one child is not the board's first move is reordered too.
pub(super) fn reordered(game: &TicTacToe, positions: &[Position], trace: &Trace) -> bool {
    trace.nodes.iter().enumerate().any(|(id, node)| {
        let entered = node.children.iter().filter_map(|&c| trace.nodes[c].mv);
        !entered.eq(game.moves(&positions[id]).take(node.children.len()))
    })
}

/// Alpha-beta over the game itself, counting the nodes it enters.
struct Counter<'a> {
    game: &'a TicTacToe,
    max: Mark,
    procedure: Procedure,
    best_first: bool,
    /// Exact minimax values (MAX's view), for ordering best first.
    exact: HashMap<Position, i32>,
    entered: usize,
}

impl Counter<'_> {
    /// The nodes entered from `root`, shaped as the student's search is (root entered and
    /// cut as MAX-VALUE, or the sheet's DECISION loop).
    fn run(&mut self, root: &Position, explicit_root: bool) -> Option<usize> {
        let full = (f64::NEG_INFINITY, f64::INFINITY);
        if explicit_root && !self.procedure.decision_root {
            self.entered = 0;
            self.visit(root, full)?;
            return Some(self.entered);
        }
        self.entered = 1;
        let maximising = root.to_move == self.max;
        let mut alpha = f64::NEG_INFINITY;
        let mut beta = f64::INFINITY;
        for child in self.children(root)? {
            let window = if self.procedure.shared_root {
                (alpha, beta)
            } else {
                full
            };
            let value = self.visit(&child, window)?;
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
        }
        Some(self.entered)
    }

    fn visit(&mut self, position: &Position, (alpha0, beta0): (f64, f64)) -> Option<f64> {
        self.entered += 1;
        if self.entered > BUDGET {
            return None;
        }
        if let Some(utility) = self.game.terminal_utility(position, self.max) {
            return Some(f64::from(utility));
        }
        let maximising = position.to_move == self.max;
        let (mut alpha, mut beta) = (alpha0, beta0);
        let mut v = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let strict = self.procedure.strict;
        for child in self.children(position)? {
            let value = self.visit(&child, (alpha, beta))?;
            if maximising {
                v = v.max(value);
                if (strict && v > beta) || (!strict && v >= beta) {
                    break;
                }
                alpha = alpha.max(v);
            } else {
                v = v.min(value);
                if (strict && v < alpha) || (!strict && v <= alpha) {
                    break;
                }
                beta = beta.min(v);
            }
        }
        if self.procedure.fail_hard {
            v = v.clamp(alpha0.min(beta0), beta0.max(alpha0));
        }
        Some(v)
    }

    /// The successors in board order, or best first for the player to move (stable: equal
    /// values keep the board's order).
    fn children(&mut self, position: &Position) -> Option<Vec<Position>> {
        let mut children: Vec<Position> = self
            .game
            .moves(position)
            .map(|mv| position.play(mv.square))
            .collect();
        if self.best_first {
            let mut keyed = Vec::with_capacity(children.len());
            for child in children {
                keyed.push((self.exact_value(&child)?, child));
            }
            if position.to_move == self.max {
                keyed.sort_by_key(|(value, _)| std::cmp::Reverse(*value));
            } else {
                keyed.sort_by_key(|(value, _)| *value);
            }
            children = keyed.into_iter().map(|(_, child)| child).collect();
        }
        Some(children)
    }

    /// The position's minimax value for MAX, remembered.
    fn exact_value(&mut self, position: &Position) -> Option<i32> {
        if let Some(&value) = self.exact.get(position) {
            return Some(value);
        }
        if self.exact.len() > BUDGET {
            return None;
        }
        let value = match self.game.terminal_utility(position, self.max) {
            Some(utility) => utility,
            None => {
                let maximising = position.to_move == self.max;
                let mut best = if maximising { i32::MIN } else { i32::MAX };
                for mv in self.game.moves(position) {
                    let value = self.exact_value(&position.play(mv.square))?;
                    best = if maximising {
                        best.max(value)
                    } else {
                        best.min(value)
                    };
                }
                best
            }
        };
        self.exact.insert(*position, value);
        Some(value)
    }
}
