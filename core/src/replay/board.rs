//! What a trace is checked for against the board itself, before and beside any procedure:
//! every move legal, each node's position, the transposition table's hits, the finished
//! games' values, the last ply searched whole or not. Board-only: a paper tree has none of it.

use super::procedure::{Departure, Expected, Procedure};
use super::trace::Trace;
use super::Bug;
use crate::game::Game;
use crate::games::mnk::{Move, Position, TicTacToe};
use std::collections::{HashMap, HashSet};

/// A trace that cannot be the search of this position: refused whole.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Lie {
    /// A move that cannot be played where the trace plays it.
    #[error("line {line}: `{mv}` cannot be played there: {why}")]
    Illegal {
        /// The line that entered it.
        line: usize,
        /// The move.
        mv: Move,
        /// Why not.
        why: &'static str,
    },
    /// The same move entered twice from one node.
    #[error("line {line}: `{mv}` is entered twice from the same node")]
    Twice {
        /// The second time.
        line: usize,
        /// The move.
        mv: Move,
    },
}

/// Every move legal where it is played, nothing below a finished game, no move twice.
pub(super) fn check_board(game: &TicTacToe, root: &Position, trace: &Trace) -> Result<(), Lie> {
    // Children come after their parent in preorder, so each position is known in time.
    let mut positions = vec![*root; trace.nodes.len()];
    for (id, node) in trace.nodes.iter().enumerate() {
        let position = positions[id];
        for (i, &child) in node.children.iter().enumerate() {
            let Some(mv) = trace.nodes[child].mv else { continue };
            let line = trace.nodes[child].line;
            let illegal = |why| Lie::Illegal { line, mv, why };
            if game.is_terminal(&position) {
                return Err(illegal("the game is already over"));
            }
            if mv.mark != position.to_move {
                return Err(illegal("it is the other player's turn"));
            }
            if !position.board.shape().contains(mv.square) {
                return Err(illegal("the square is off the board"));
            }
            if position.board.get(mv.square).is_some() {
                return Err(illegal("the square is taken"));
            }
            if node.children[..i].iter().any(|&c| trace.nodes[c].mv == Some(mv)) {
                return Err(Lie::Twice { line, mv });
            }
            positions[child] = position.play(mv.square);
        }
    }
    Ok(())
}

/// The nodes entered without children where a correct search would go on (not a finished
/// game, not at the depth asked), whose position was searched earlier in the trace and given
/// the same value there: a transposition table's hits.
pub(super) fn repeats(
    game: &TicTacToe,
    trace: &Trace,
    positions: &[Position],
    depth: Option<u32>,
) -> HashSet<usize> {
    let mut searched: HashMap<Position, f64> = HashMap::new();
    let mut repeats = HashSet::new();
    for (id, node) in trace.nodes.iter().enumerate() {
        let Some(value) = node.value else { continue };
        if !node.children.is_empty() {
            searched.entry(positions[id]).or_insert(value);
            continue;
        }
        let limited = depth.is_some_and(|d| node.depth >= d as usize);
        if id == 0 || limited || game.is_terminal(&positions[id]) {
            continue;
        }
        // Its position's earlier search is done by now: it is not an ancestor (an ancestor
        // has fewer marks on the board).
        if searched.get(&positions[id]) == Some(&value) {
            repeats.insert(id);
        }
    }
    repeats
}

/// Whether the trace's last ply is searched under some of its parents and not under others,
/// at the depth asked or one off it: the parents are the unfinished positions one ply above
/// the trace's deepest, less the transposition table's hits.
pub(super) fn partial_ply(
    game: &TicTacToe,
    trace: &Trace,
    positions: &[Position],
    depth: Option<u32>,
    repeats: &HashSet<usize>,
) -> bool {
    let Some(asked) = depth.map(|d| d as usize) else {
        return false;
    };
    let deepest = trace.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    if deepest == 0 || deepest + 1 < asked || deepest > asked + 1 {
        return false;
    }
    let parents = trace.nodes.iter().enumerate().filter(|(id, n)| {
        n.depth + 1 == deepest && !repeats.contains(id) && !game.is_terminal(&positions[*id])
    });
    let (mut searched, mut left) = (false, false);
    for (_, node) in parents {
        if node.children.is_empty() {
            left = true;
        } else {
            searched = true;
        }
    }
    searched && left
}

/// The positions of every node of the trace, by index.
pub(super) fn positions(root: &Position, trace: &Trace) -> Vec<Position> {
    let mut positions = vec![*root; trace.nodes.len()];
    for (id, node) in trace.nodes.iter().enumerate() {
        for &child in &node.children {
            if let Some(mv) = trace.nodes[child].mv {
                positions[child] = positions[id].play(mv.square);
            }
        }
    }
    positions
}

/// The first finished game whose value has the wrong sign for MAX: the wrong player's view
/// when every such value is exactly the other side's, a wrong score otherwise.
pub(super) fn terminal_bug(
    game: &TicTacToe,
    root: &Position,
    trace: &Trace,
    positions: &[Position],
) -> Option<(Bug, Departure)> {
    let mut first = None;
    let mut mirrored = true;
    for (id, node) in trace.nodes.iter().enumerate() {
        let Some(utility) = game.terminal_utility(&positions[id], root.to_move) else {
            continue;
        };
        let written = node.value.unwrap_or(0.0);
        if sign(written) != utility {
            mirrored &= sign(written) == -utility;
            let expected = Expected::Terminal(f64::from(utility));
            let procedure = Procedure::MINIMAX;
            first.get_or_insert(Departure {
                node: id,
                at: id * 128 + 100,
                expected,
                window: (f64::NEG_INFINITY, f64::INFINITY),
                procedure,
            });
        }
    }
    first.map(|d| {
        (
            if mirrored {
                Bug::WrongView
            } else {
                Bug::WrongTerminal
            },
            d,
        )
    })
}

pub(super) fn sign(value: f64) -> i32 {
    if value > 0.0 {
        1
    } else if value < 0.0 {
        -1
    } else {
        0
    }
}

/// The smallest value the trace gives a finished game MAX has won (1 when there is none).
pub(super) fn smallest_win(game: &TicTacToe, root: &Position, trace: &Trace, positions: &[Position]) -> f64 {
    let wins = trace
        .nodes
        .iter()
        .zip(positions)
        .filter(|(_, p)| game.terminal_utility(p, root.to_move) == Some(1));
    let smallest = wins
        .filter_map(|(n, _)| n.value)
        .filter(|v| *v > 0.0)
        .fold(f64::INFINITY, f64::min);
    if smallest.is_finite() {
        smallest
    } else {
        1.0
    }
}

/// The root's first best child by the student's values.
pub(super) fn chosen(trace: &Trace, maximising: bool) -> Option<Move> {
    let mut best: Option<(f64, Move)> = None;
    for &child in &trace.nodes[0].children {
        let node = &trace.nodes[child];
        let (Some(value), Some(mv)) = (node.value, node.mv) else {
            continue;
        };
        let better = best.is_none_or(|(v, _)| if maximising { value > v } else { value < v });
        if better {
            best = Some((value, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
