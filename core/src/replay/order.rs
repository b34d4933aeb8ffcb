//! `search = "alphabeta-ordered"`: the lectures say alpha-beta's effectiveness depends on the
//! order the moves are looked at ("su efectividad depende del orden"; no node is pruned when
//! the favourable ones come last). A student asked to order the moves is judged on the
//! positions where ordering can help: there, the student's correct alpha-beta must enter
//! fewer nodes than the same alpha-beta in the board's plain order (columns, then rows).
//! Ordering can help where alpha-beta with the children best first (by their exact value)
//! enters fewer nodes than in board order.

use super::procedure::Procedure;
use super::trace::Trace;
use super::walk::{Searched, Walk};
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
        lists: Vec::new(),
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

/// Alpha-beta over the game itself, counting the nodes it enters: the replay's own walk
/// ([`super::walk`]) over the board in board order or best first.
struct Counter<'a> {
    game: &'a TicTacToe,
    max: Mark,
    procedure: Procedure,
    best_first: bool,
    /// Exact minimax values (MAX's view), for ordering best first.
    exact: HashMap<Position, i32>,
    entered: usize,
    /// The successors of each node being searched, innermost last (each node's list is
    /// made once, on its first child, and dropped once it has no more to give or is cut).
    lists: Vec<Vec<Position>>,
}

/// The count given up: the board is too big.
struct OverBudget;

impl Counter<'_> {
    /// The nodes entered from `root`, shaped as the student's search is (root entered and
    /// cut as MAX-VALUE, or the sheet's DECISION loop).
    fn run(&mut self, root: &Position, explicit_root: bool) -> Option<usize> {
        self.entered = 0;
        self.lists.clear();
        let procedure = self.procedure;
        let mut walk = Walk {
            searched: self,
            procedure,
            win: f64::INFINITY,
        };
        walk.run(*root, explicit_root).ok()?;
        Some(self.entered)
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

impl Searched for Counter<'_> {
    type Node = Position;
    type Stop = OverBudget;

    fn is_terminal(&self, position: Position) -> bool {
        self.game.is_terminal(&position)
    }

    fn maximising(&self, position: Position) -> bool {
        position.to_move == self.max
    }

    fn enter(&mut self, _: Position) {
        self.entered += 1;
    }

    fn leaf(&mut self, position: Position, _: (f64, f64)) -> Result<f64, OverBudget> {
        if self.entered > BUDGET {
            return Err(OverBudget);
        }
        Ok(f64::from(
            self.game.terminal_utility(&position, self.max).unwrap_or(0),
        ))
    }

    fn reused(&self, _: Position) -> Option<f64> {
        None
    }

    fn child(
        &mut self,
        position: Position,
        index: usize,
        _: (f64, f64),
    ) -> Result<Option<Position>, OverBudget> {
        if self.entered > BUDGET {
            return Err(OverBudget);
        }
        if index == 0 {
            let list = self.children(&position).ok_or(OverBudget)?;
            self.lists.push(list);
        }
        let next = self.lists.last().and_then(|list| list.get(index).copied());
        if next.is_none() {
            self.lists.pop();
        }
        Ok(next)
    }

    fn cut(&mut self, _: Position, _: usize, _: (f64, f64)) -> Result<(), OverBudget> {
        self.lists.pop();
        Ok(())
    }

    fn leave(&mut self, _: Position, value: f64, _: (f64, f64)) -> Result<f64, OverBudget> {
        Ok(value)
    }
}
