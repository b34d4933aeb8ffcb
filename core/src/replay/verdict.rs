//! The verdicts a replay names: every correct procedure for what the course asks, and the
//! known broken ones, each with its bug, in the order they are tried.

use super::procedure::{Departure, Procedure, Pruning};
use super::rules::{Asked, Rules};
use super::trace::Trace;
use std::fmt;

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

/// The latest departure; among equals the first procedure tried (the slides' own).
pub(super) fn latest(departures: &[Departure]) -> Option<Departure> {
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
pub(super) fn with_decision_roots<T: Copy + DecisionRoot>(mut all: Vec<T>, trace: &Trace) -> Vec<T> {
    if trace.explicit_root {
        let again: Vec<T> = all.iter().map(|p| p.as_decision_root()).collect();
        all.extend(again);
    }
    all
}

/// A procedure, or a procedure with its bug, made to search its root as a DECISION loop.
pub(super) trait DecisionRoot {
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
pub(super) fn correct(rules: Rules) -> Vec<Procedure> {
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
                        reset_window: false,
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
pub(super) fn broken(rules: Rules, trace: &Trace) -> Vec<(Bug, Procedure)> {
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
pub(super) fn depth_off_by_one(rules: Rules, trace: &Trace) -> Vec<(Bug, Procedure)> {
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
