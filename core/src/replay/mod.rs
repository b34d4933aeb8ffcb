//! The search graded, not only the move: a student's trace replayed node by node against
//! each correct procedure, in the student's own child order.
//!
//! The trace (see [`trace`]) gives the tree the program searched. It is first checked against
//! the board (every move legal where it is played, nothing below a finished game, no move
//! entered twice); then each correct procedure — minimax; alpha-beta with `≥` or `>`
//! cut-offs, fail-soft or fail-hard; depth-limited at the stated depth — is walked over it in
//! the student's child order. One that matches every node and every value names the search;
//! otherwise the known broken procedures are tried (no pruning, α and β swapped, the cut-off
//! on the wrong side, depth off by one, stopping at the first win), and the terminal values
//! are checked for the wrong player's view.
//!
//! ```
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//! use minimax_core::replay::{replay, trace, Asked, Rules, Verdict};
//!
//! // X to move: each of its three moves loses or draws. Once `X 3 2` is worth -1 (α = -1),
//! // O's first answer to each other move is enough: the slides' `v ≤ α` cuts the rest.
//! let position: Position = "XOX/OO-/X--".parse().unwrap();
//! let text = "minimax-trace 1\nenter\n\
//!     enter X 3 2\nenter O 2 3\nleave -1\nenter O 3 3\nenter X 2 3\nleave 0\nleave 0\nleave -1\n\
//!     enter X 2 3\nenter O 3 2\nleave -1\nleave -1\n\
//!     enter X 3 3\nenter O 3 2\nleave -1\nleave -1\nleave -1\n";
//! let trace = trace::read(text.as_bytes(), trace::Limits::default()).unwrap();
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let rules = Rules { asked: Asked::AlphaBeta, ..Rules::default() };
//! let replayed = replay(&game, &position, &trace, rules).unwrap();
//! assert_eq!(replayed.verdict.to_string(), "alpha-beta (≥ cut-offs, fail-soft) correct");
//! assert_eq!((replayed.nodes, replayed.minimum), (9, Some(9)));
//!
//! // The same search going on after the cut: not a search the grader knows; the first node
//! // where it departs from every procedure is O's second answer to `X 2 3`.
//! let wrong = text.replacen("enter O 3 2\nleave -1\nleave -1\n", "enter O 3 2\nleave -1\nenter O 3 3\nleave -1\nleave -1\n", 1);
//! let trace = trace::read(wrong.as_bytes(), trace::Limits::default()).unwrap();
//! let replayed = replay(&game, &position, &trace, rules).unwrap();
//! assert_eq!(replayed.verdict, Verdict::Departs);
//! assert_eq!(trace.nodes[replayed.departure.unwrap().node].line, 14);
//! ```

mod figure;
mod order;
pub mod procedure;
mod simulate;
pub mod trace;

use crate::game::Game;
use crate::games::mnk::{Move, Position, TicTacToe};
pub use figure::{departure_figure, FIGURE_SIBLINGS};
pub use order::{Ordering, Scoring};
pub use procedure::{Departure, Expected, Procedure, Pruning};
use simulate::Walk;
use std::collections::{HashMap, HashSet};
use std::fmt;
use trace::Trace;

/// What the course asks the program to search with (the course file's `search = …`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Asked {
    /// `"minimax"`: the sheet's DECISION-MINIMAX / ASIGNAR-VALOR.
    #[default]
    #[serde(rename = "minimax")]
    Minimax,
    /// `"alphabeta"`: alpha-beta in any order the student chooses.
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// `"alphabeta-ordered"`: alpha-beta; the report also compares the student's nodes with
    /// the minimum for that order.
    #[serde(rename = "alphabeta-ordered")]
    AlphaBetaOrdered,
}

/// What the course says of the search beyond the algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// The algorithm asked for.
    pub asked: Asked,
    /// The depth limit asked for (plies below the root), if any.
    pub depth: Option<u32>,
    /// Whether stopping at the first winning move counts as correct.
    pub first_win_accepted: bool,
}

/// A known broken search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// Plain minimax where alpha-beta was asked.
    NoPruning,
    /// α and β exchanged.
    Swapped,
    /// The cut-off tested on the wrong side.
    WrongSide,
    /// A depth limit one ply off the one asked (or a limit where none was asked).
    DepthOffByOne,
    /// The last ply searched under some of its parents and not under others: neither the
    /// depth asked nor one off it (the depth test in the wrong place, or counted per branch).
    PartialPly,
    /// Finished games scored from the wrong player's view.
    WrongView,
    /// A finished game given a value of the wrong kind (a draw as a win, …).
    WrongTerminal,
    /// The search stops at the first winning move (where the course does not accept it).
    FirstWin,
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bug::NoPruning => "no pruning",
            Bug::Swapped => "α and β swapped",
            Bug::WrongSide => "cut-off on the wrong side",
            Bug::DepthOffByOne => "depth off by one",
            Bug::PartialPly => "partial ply",
            Bug::WrongView => "scored from the wrong player's view",
            Bug::WrongTerminal => "a finished game scored wrong",
            Bug::FirstWin => "stopped at the first win",
        })
    }
}

/// The search's verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// It is this correct procedure, node for node and value for value.
    Correct(Procedure),
    /// It is this known broken one.
    Bug(Bug),
    /// It departs from every procedure known.
    Departs,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Correct(procedure) => write!(f, "{procedure} correct"),
            Verdict::Bug(bug) => write!(f, "{bug}"),
            Verdict::Departs => write!(f, "not a search the grader knows"),
        }
    }
}

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

/// The replay of one trace: the verdict, the counts, and where it parts from what was asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replay {
    /// The search's verdict.
    pub verdict: Verdict,
    /// Nodes the student entered, the root included.
    pub nodes: usize,
    /// What alpha-beta (`≥`, fail-soft) enters in the student's order, when the student's
    /// trace holds every node it needs.
    pub minimum: Option<usize>,
    /// The first node where the trace parts from every procedure asked for (the latest such
    /// departure); `None` when the verdict is correct.
    pub departure: Option<Departure>,
    /// The root's move by the student's values (the first best), if any was entered.
    pub chosen: Option<Move>,
    /// Positions not searched again where they came back (a transposition table): each
    /// entered without children, its value the one found where it was searched before.
    /// Accepted wherever a correct search would search them, and said.
    pub reused: usize,
    /// With `search = "alphabeta-ordered"`, a correct alpha-beta without a depth limit: what
    /// the same alpha-beta enters in board order and best first, and whether the student's
    /// order passes (see [`Ordering`]); `None` otherwise, or for a board too big to count.
    pub ordering: Option<Ordering>,
}

/// Replays `trace` as the search of `root` and judges it by the course's `rules`.
pub fn replay(game: &TicTacToe, root: &Position, trace: &Trace, rules: Rules) -> Result<Replay, Lie> {
    check_board(game, root, trace)?;
    // Each node's position, once: every check below reads them.
    let positions = positions(root, trace);
    let max = root.to_move;
    let win = smallest_win(game, root, trace, &positions);
    let repeats = repeats(game, trace, &positions, rules.depth);
    let walk = |procedure: Procedure, counting: bool| {
        let mut walk = Walk {
            trace,
            game,
            max,
            procedure,
            win,
            entered: 0,
            counting,
            repeats: &repeats,
        };
        (walk.run(root), walk.entered)
    };
    let minimum = match walk(
        Procedure {
            pruning: Pruning::AlphaBeta,
            ..Procedure::MINIMAX
        },
        true,
    ) {
        (Ok(()), entered) => Some(entered),
        (Err(_), _) => None,
    };
    let base = Replay {
        verdict: Verdict::Departs,
        nodes: trace.nodes.len(),
        minimum,
        departure: None,
        chosen: chosen(trace, root.to_move == max),
        reused: repeats.len(),
        ordering: None,
    };
    if let Some(bug) = terminal_bug(game, root, trace, &positions) {
        return Ok(Replay {
            verdict: Verdict::Bug(bug.0),
            departure: Some(bug.1),
            ..base
        });
    }
    let mut departures = Vec::new();
    for procedure in with_decision_roots(correct(rules), trace) {
        match walk(procedure, false).0 {
            Ok(()) => {
                return Ok(Replay {
                    verdict: Verdict::Correct(procedure),
                    ordering: ordering_of(game, root, trace, &positions, rules, procedure),
                    ..base
                });
            }
            Err(departure) => departures.push(departure),
        }
    }
    let departure = latest(&departures);
    let verdict = with_decision_roots(broken(rules, trace), trace)
        .into_iter()
        .find(|(_, procedure)| walk(*procedure, false).0.is_ok());
    let verdict = verdict.map_or_else(
        || match partial_ply(game, trace, &positions, rules.depth, &repeats) {
            true => Verdict::Bug(Bug::PartialPly),
            false => Verdict::Departs,
        },
        |(bug, _)| Verdict::Bug(bug),
    );
    Ok(Replay {
        verdict,
        departure,
        ..base
    })
}

/// With `search = "alphabeta-ordered"`, how a correct alpha-beta without a depth limit
/// orders its moves; `None` for every other search.
fn ordering_of(
    game: &TicTacToe,
    root: &Position,
    trace: &Trace,
    positions: &[Position],
    rules: Rules,
    procedure: Procedure,
) -> Option<Ordering> {
    let judged = rules.asked == Asked::AlphaBetaOrdered
        && procedure.pruning == Pruning::AlphaBeta
        && procedure.depth.is_none()
        && !procedure.first_win;
    judged
        .then(|| {
            let reordered = order::reordered(game, positions, trace);
            let student = (trace.nodes.len(), reordered);
            let scoring = order::scoring(game, root, positions, trace);
            order::ordering(game, root, (procedure, scoring), trace.explicit_root, student)
        })
        .flatten()
}

/// The latest departure; among equals the first procedure tried (the slides' own).
fn latest(departures: &[Departure]) -> Option<Departure> {
    departures
        .iter()
        .copied()
        .fold(None, |best: Option<Departure>, d| match best {
            Some(b) if b.at >= d.at => Some(b),
            _ => Some(d),
        })
}

/// The procedures again with the root as a DECISION loop, when the trace enters the root
/// (a program may write `enter` for the root and still loop over its successors).
fn with_decision_roots<T: Copy + DecisionRoot>(mut all: Vec<T>, trace: &Trace) -> Vec<T> {
    if trace.explicit_root {
        let again: Vec<T> = all.iter().map(|p| p.as_decision_root()).collect();
        all.extend(again);
    }
    all
}

/// A procedure, or a procedure with its bug, made to search its root as a DECISION loop.
trait DecisionRoot {
    fn as_decision_root(&self) -> Self;
}

impl DecisionRoot for Procedure {
    fn as_decision_root(&self) -> Procedure {
        Procedure {
            decision_root: true,
            ..*self
        }
    }
}

impl DecisionRoot for (Bug, Procedure) {
    fn as_decision_root(&self) -> (Bug, Procedure) {
        (self.0, self.1.as_decision_root())
    }
}

/// Every correct procedure for what was asked, the one most likely named first.
fn correct(rules: Rules) -> Vec<Procedure> {
    let depth = rules.depth;
    let mut all = Vec::new();
    let alphabeta = rules.asked != Asked::Minimax;
    if !alphabeta {
        all.push(Procedure {
            depth,
            ..Procedure::MINIMAX
        });
    }
    for first_win in [false, true]
        .into_iter()
        .filter(|&w| !w || rules.first_win_accepted)
    {
        for strict in [false, true] {
            for fail_hard in [false, true] {
                for shared_root in [true, false] {
                    let pruning = Pruning::AlphaBeta;
                    all.push(Procedure {
                        pruning,
                        strict,
                        fail_hard,
                        depth,
                        first_win,
                        root_first_win: false,
                        shared_root,
                        decision_root: false,
                    });
                }
            }
        }
        if first_win && !alphabeta {
            for root_first_win in [false, true] {
                all.push(Procedure {
                    depth,
                    first_win,
                    root_first_win,
                    ..Procedure::MINIMAX
                });
            }
        }
    }
    all
}

/// The known broken procedures, each with its bug, most telling first.
fn broken(rules: Rules, trace: &Trace) -> Vec<(Bug, Procedure)> {
    // Stopping at the first win comes before the swapped window, which looks the same when
    // the first move wins: the lesser mistake is named when both fit.
    let minimax = Procedure {
        depth: rules.depth,
        ..Procedure::MINIMAX
    };
    let first_win = Procedure {
        first_win: true,
        ..minimax
    };
    let mut all = vec![
        (Bug::NoPruning, minimax),
        (Bug::FirstWin, first_win),
        (
            Bug::FirstWin,
            Procedure {
                root_first_win: true,
                ..first_win
            },
        ),
    ];
    // Each alpha-beta mistake, tried with each cut-off and each way of windowing the root
    // (stopping at the first win first, then window by window, as the tests pin).
    let windows = [(false, true), (false, false), (true, true), (true, false)];
    let mistakes = [
        (Bug::Swapped, Pruning::Swapped),
        (Bug::WrongSide, Pruning::WrongSide),
        (Bug::Swapped, Pruning::SwappedCall),
    ];
    let windowed = |pruning, (strict, shared_root), base| Procedure {
        pruning,
        strict,
        shared_root,
        ..base
    };
    for window in windows {
        all.push((Bug::FirstWin, windowed(Pruning::AlphaBeta, window, first_win)));
    }
    for window in windows {
        for (bug, pruning) in mistakes {
            all.push((bug, windowed(pruning, window, minimax)));
        }
    }
    all.extend(depth_off_by_one(rules, trace));
    if rules.asked == Asked::Minimax {
        all.retain(|(bug, _)| *bug != Bug::NoPruning);
    }
    all
}

/// The asked search stopped a ply early or late (with no depth asked: a ply short of the
/// trace's deepest node).
fn depth_off_by_one(rules: Rules, trace: &Trace) -> Vec<(Bug, Procedure)> {
    let deepest = trace.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let off: Vec<u32> = match rules.depth {
        Some(d) => vec![d.saturating_sub(1), d + 1],
        None => vec![u32::try_from(deepest).unwrap_or(u32::MAX)],
    };
    let pruning = if rules.asked == Asked::Minimax {
        Pruning::None
    } else {
        Pruning::AlphaBeta
    };
    let mut all = Vec::new();
    for d in off {
        for strict in [false, true] {
            let procedure = Procedure {
                pruning,
                strict,
                depth: Some(d),
                ..Procedure::MINIMAX
            };
            all.push((Bug::DepthOffByOne, procedure));
        }
    }
    all
}

/// Every move legal where it is played, nothing below a finished game, no move twice.
fn check_board(game: &TicTacToe, root: &Position, trace: &Trace) -> Result<(), Lie> {
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
fn repeats(game: &TicTacToe, trace: &Trace, positions: &[Position], depth: Option<u32>) -> HashSet<usize> {
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
fn partial_ply(
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
fn positions(root: &Position, trace: &Trace) -> Vec<Position> {
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
fn terminal_bug(
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

fn sign(value: f64) -> i32 {
    if value > 0.0 {
        1
    } else if value < 0.0 {
        -1
    } else {
        0
    }
}

/// The smallest value the trace gives a finished game MAX has won (1 when there is none).
fn smallest_win(game: &TicTacToe, root: &Position, trace: &Trace, positions: &[Position]) -> f64 {
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
fn chosen(trace: &Trace, maximising: bool) -> Option<Move> {
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

/// The most nodes of a trace drawn: a wider tree is no figure anyone reads.
pub const FIGURE_NODES: usize = 300;

/// The student's tree drawn as the chapter draws trees, the student's values at its nodes,
/// `node` ringed with `note` (its α, β and value); `None` for a trace of more than
/// [`FIGURE_NODES`] nodes.
pub fn figure(trace: &Trace, max_at_root: bool, node: usize, note: &str) -> Option<String> {
    use crate::search::Algorithm;
    use crate::tree::solve::{solve, TreeSearch};
    use crate::tree::{Kind, Node, Tree as Drawn, MAX, MIN};
    if trace.nodes.len() > FIGURE_NODES || node >= trace.nodes.len() {
        return None;
    }
    let nodes = trace.nodes.iter().map(|n| {
        let max = (n.depth % 2 == 0) == max_at_root;
        let kind = match n.children.is_empty() {
            true => Kind::Leaf(vec![n.value.unwrap_or(0.0)]),
            false => Kind::Choice(if max { MAX } else { MIN }),
        };
        let name = n.mv.map_or("root".to_string(), |mv| mv.to_string());
        Node {
            name,
            kind,
            children: n.children.clone(),
        }
    });
    let drawn = Drawn {
        nodes: nodes.collect(),
        players: None,
    };
    let mut solution = solve(&drawn, TreeSearch::new(Algorithm::Minimax));
    // The student's own values, not minimax's over the student's tree.
    for (id, n) in trace.nodes.iter().enumerate() {
        if let Some(value) = n.value {
            solution.values.insert(id, vec![value]);
        }
    }
    Some(crate::figures::tree::marked(&drawn, &solution, node, note))
}

#[cfg(test)]
mod tests;
