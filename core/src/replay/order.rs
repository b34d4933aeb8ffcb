//! `search = "alphabeta-ordered"`: the lectures say alpha-beta's effectiveness depends on the
//! order the moves are looked at ("su efectividad depende del orden"; no node is pruned when
//! the favourable ones come last). A student asked to order the moves is judged on the
//! positions where ordering can help: there, the student's correct alpha-beta must enter
//! fewer nodes than the same alpha-beta in the board's plain order (columns, then rows).
//! Ordering can help where alpha-beta with the children best first (by their exact value)
//! enters fewer nodes than in board order.
//!
//! Both counts score finished games as the student does: a student who scores a sooner win
//! higher (10 − depth, the empty squares + 1) prunes differently from one scoring ±1, and
//! counted with ±1 could be judged unordered for ordering well. The scoring is read off the
//! trace: the first of [`Scoring::KNOWN`] that gives every finished game in the trace the
//! value written there. Where none does, the order is not judged (plain alpha-beta).

use super::procedure::Procedure;
use super::trace::Trace;
use super::walk::{Searched, Walk};
use crate::game::Game;
use crate::games::mnk::{Position, TicTacToe};
use std::collections::HashMap;
use std::fmt;

/// Nodes counted (and positions remembered) before the count is given up: a board too big to
/// search whole is not judged on its order.
const BUDGET: usize = 500_000;

/// What alpha-beta enters on the position in the two orders the student's is compared with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ordering {
    /// The same alpha-beta in the board's plain order (columns, then rows).
    pub board_order: usize,
    /// The same alpha-beta with each node's children best first by their exact value.
    pub best_first: usize,
    /// The student's order passes: where ordering can help (`best_first < board_order`), the
    /// student's moves are not always in board order and the search enters fewer nodes than
    /// in board order (a transposition table alone saves nodes without ordering anything);
    /// anything correct where ordering cannot help, or where the scoring is not known.
    pub ordered: bool,
    /// How finished games are scored in both counts: the student's own scoring, read off the
    /// trace; `None` when no scoring of [`Scoring::KNOWN`] explains the trace's values (then the counts
    /// are made with ±1 and the order is not judged).
    pub scoring: Option<Scoring>,
}

impl Ordering {
    /// Whether ordering the moves can save nodes on this position at all (judged only with
    /// the student's own scoring known).
    pub fn can_help(&self) -> bool {
        self.scoring.is_some() && self.best_first < self.board_order
    }
}

/// How a program scores a finished game for MAX: a draw 0, a loss the win's value negated.
/// `depth` is the plies below the position searched, `empty` the squares left empty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scoring {
    /// ±c whatever the depth: the slides' ±1, or ±10, ±100.
    Constant(f64),
    /// ±(c − depth): a sooner win worth more (10 − depth, 100 − depth, 1000 − depth).
    Depth(f64),
    /// ±(empty squares + c): a sooner win worth more, counted on the board (empty + 1).
    Empty(f64),
}

impl Scoring {
    /// The scorings the grader knows, in the order they are tried: the first that gives
    /// every finished game of the trace its written value is the student's.
    pub const KNOWN: [Scoring; 8] = [
        Scoring::Constant(1.0),
        Scoring::Depth(10.0),
        Scoring::Empty(1.0),
        Scoring::Depth(100.0),
        Scoring::Depth(1000.0),
        Scoring::Constant(10.0),
        Scoring::Constant(100.0),
        Scoring::Constant(1000.0),
    ];

    /// MAX's value for a finished game of `outcome` (1 won, 0 drawn, −1 lost).
    fn value(self, outcome: i32, depth: u32, empty: u32) -> f64 {
        let win = match self {
            Scoring::Constant(c) => c,
            Scoring::Depth(c) => c - f64::from(depth),
            Scoring::Empty(c) => f64::from(empty) + c,
        };
        f64::from(outcome) * win
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scoring::Constant(c) => write!(f, "±{c}"),
            Scoring::Depth(c) => write!(f, "±({c} − depth)"),
            Scoring::Empty(c) => write!(f, "±(empty squares + {c})"),
        }
    }
}

/// The scoring the trace's finished games show: the first of [`Scoring::KNOWN`] that gives
/// each its written value (±1 for a trace with none); `None` when none does.
pub(super) fn scoring(
    game: &TicTacToe,
    root: &Position,
    positions: &[Position],
    trace: &Trace,
) -> Option<Scoring> {
    let scored: Vec<(i32, u32, u32, f64)> = trace
        .nodes
        .iter()
        .zip(positions)
        .filter_map(|(node, position)| {
            let outcome = game.terminal_utility(position, root.to_move)?;
            let (depth, empty) = placed(root, position);
            Some((outcome, depth, empty, node.value?))
        })
        .collect();
    Scoring::KNOWN.into_iter().find(|scoring| {
        scored
            .iter()
            .all(|&(outcome, depth, empty, written)| scoring.value(outcome, depth, empty) == written)
    })
}

/// A position's plies below `root` and its empty squares.
fn placed(root: &Position, position: &Position) -> (u32, u32) {
    let empty = |p: &Position| p.board.empty_cells().count_ones();
    (empty(root).saturating_sub(empty(position)), empty(position))
}

/// The counts for `procedure` (alpha-beta, without a depth limit) on `root`, finished games
/// scored by `scoring` (±1 where it is unknown), and whether a search of `nodes` passes,
/// `reordered` when some node's children are not in board order; `None` when the position
/// is too big to count.
pub(super) fn ordering(
    game: &TicTacToe,
    root: &Position,
    (procedure, scoring): (Procedure, Option<Scoring>),
    explicit_root: bool,
    (nodes, reordered): (usize, bool),
) -> Option<Ordering> {
    let mut counter = Counter {
        game,
        root,
        scoring: scoring.unwrap_or(Scoring::Constant(1.0)),
        procedure,
        best_first: false,
        exact: HashMap::new(),
        entered: 0,
        lists: Vec::new(),
    };
    let board_order = counter.run(explicit_root)?;
    counter.best_first = true;
    let best_first = counter.run(explicit_root)?;
    let can_help = scoring.is_some() && best_first < board_order;
    Some(Ordering {
        board_order,
        best_first,
        ordered: !can_help || (reordered && nodes < board_order),
        scoring,
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
    root: &'a Position,
    /// How finished games are scored (the student's way).
    scoring: Scoring,
    procedure: Procedure,
    best_first: bool,
    /// Exact minimax values (MAX's view), for ordering best first.
    exact: HashMap<Position, f64>,
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
    fn run(&mut self, explicit_root: bool) -> Option<usize> {
        self.entered = 0;
        self.lists.clear();
        let root = *self.root;
        let procedure = self.procedure;
        let mut walk = Walk {
            searched: self,
            procedure,
            win: f64::INFINITY,
        };
        walk.run(root, explicit_root).ok()?;
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
            if position.to_move == self.root.to_move {
                keyed.sort_by(|(a, _), (b, _)| b.total_cmp(a));
            } else {
                keyed.sort_by(|(a, _), (b, _)| a.total_cmp(b));
            }
            children = keyed.into_iter().map(|(_, child)| child).collect();
        }
        Some(children)
    }

    /// A finished game's value as the student scores it; `None` while the game goes on.
    fn finished(&self, position: &Position) -> Option<f64> {
        let outcome = self.game.terminal_utility(position, self.root.to_move)?;
        let (depth, empty) = placed(self.root, position);
        Some(self.scoring.value(outcome, depth, empty))
    }

    /// The position's minimax value for MAX, remembered.
    fn exact_value(&mut self, position: &Position) -> Option<f64> {
        if let Some(&value) = self.exact.get(position) {
            return Some(value);
        }
        if self.exact.len() > BUDGET {
            return None;
        }
        let value = match self.finished(position) {
            Some(value) => value,
            None => {
                let maximising = position.to_move == self.root.to_move;
                let mut best = if maximising {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
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
        position.to_move == self.root.to_move
    }

    fn enter(&mut self, _: Position) {
        self.entered += 1;
    }

    fn leaf(&mut self, position: Position, _: (f64, f64)) -> Result<f64, OverBudget> {
        if self.entered > BUDGET {
            return Err(OverBudget);
        }
        Ok(self.finished(&position).unwrap_or(0.0))
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

#[cfg(test)]
mod tests {
    use super::super::{replay, trace, Asked, Rules};
    use super::*;
    use crate::games::mnk::Shape;

    /// The slides' alpha-beta on `XOX/OO-/X--` (every X move loses: O wins two plies down),
    /// each of O's wins written as `win` (MAX's view), the one draw 0.
    fn ordering(win: &str) -> Option<Ordering> {
        let text = "minimax-trace 1\nenter\n\
            enter X 3 2\nenter O 2 3\nleave W\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave W\n\
            enter X 2 3\nenter O 3 2\nleave W\nleave W\n\
            enter X 3 3\nenter O 3 2\nleave W\nleave W\nleave W\n"
            .replace('W', win);
        let trace = trace::read(text.as_bytes(), trace::Limits::default()).unwrap();
        let position: Position = "XOX/OO-/X--".parse().unwrap();
        let rules = Rules {
            asked: Asked::AlphaBetaOrdered,
            ..Rules::default()
        };
        replay(&TicTacToe::new(Shape::CLASSIC), &position, &trace, rules)
            .unwrap()
            .ordering
    }

    #[test]
    fn the_scoring_a_student_uses_is_read_off_the_trace() {
        let scoring = |win| ordering(win).unwrap().scoring;
        assert_eq!(scoring("-1"), Some(Scoring::Constant(1.0)));
        // Two plies down: 10 − 2, and one empty square left: 1 + 1.
        assert_eq!(scoring("-8"), Some(Scoring::Depth(10.0)));
        assert_eq!(scoring("-2"), Some(Scoring::Empty(1.0)));
        assert_eq!(scoring("-98"), Some(Scoring::Depth(100.0)));
        assert_eq!(scoring("-100"), Some(Scoring::Constant(100.0)));
    }

    #[test]
    fn a_scoring_the_grader_does_not_know_leaves_the_order_unjudged() {
        let unknown = ordering("-7").unwrap();
        assert_eq!(unknown.scoring, None);
        assert!(unknown.ordered && !unknown.can_help(), "{unknown:?}");
    }

    #[test]
    fn a_scorings_name_says_how_a_win_is_counted() {
        let names: Vec<String> = Scoring::KNOWN[..3].iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["±1", "±(10 − depth)", "±(empty squares + 1)"]);
    }
}
