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
//! The walk of a procedure over a tree is one (walk.rs), whatever the tree: the student's
//! trace over the board (student.rs; the checks against the board stay in board.rs), the
//! board itself for the ordering count (order.rs), or a paper exercise's tree ([`paper`]),
//! where it gives the answers a pruning exercise is judged by and each mistake's answers.
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

mod board;
mod figure;
mod order;
pub mod paper;
pub mod procedure;
mod rules;
mod student;
pub mod trace;
mod verdict;
mod walk;

use crate::games::mnk::{Move, Position, TicTacToe};
pub use board::Lie;
use board::{check_board, chosen, partial_ply, positions, repeats, smallest_win, terminal_bug};
pub use figure::{departure_figure, FIGURE_SIBLINGS};
pub use order::{Ordering, Scoring};
pub use procedure::{Departure, Expected, Procedure, Pruning};
pub use rules::{Asked, Rules};
use student::Student;
use trace::Trace;
use verdict::{broken, correct, latest, with_decision_roots};
pub use verdict::{Bug, Verdict};
use walk::Walk;

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
        let mut student = Student {
            trace,
            game,
            max,
            procedure,
            entered: 0,
            counting,
            repeats: &repeats,
        };
        let mut walk = Walk {
            searched: &mut student,
            procedure,
            win,
        };
        let walked = walk.run((0, *root), trace.explicit_root).map(drop);
        (walked, student.entered)
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
