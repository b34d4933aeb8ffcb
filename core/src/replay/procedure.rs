//! The procedures a trace is compared with, and where a trace parts from one: the types the
//! replay and its walk share (a leaf: it names neither).

use crate::games::mnk::Move;
use std::fmt;

/// How a procedure prunes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Never: plain minimax.
    None,
    /// MAX cuts at β, MIN at α, as on the slides.
    AlphaBeta,
    /// α and β exchanged: MAX cuts at α and raises β, MIN cuts at β and lowers α.
    Swapped,
    /// MAX cuts when v falls to α, MIN when v rises to β: each cut on the wrong side.
    WrongSide,
    /// Each call passes its window the wrong way round (`MIN-VALUE(s, β, α)`), the cut-offs
    /// as on the slides.
    SwappedCall,
}

/// One procedure a trace is compared with, correct or broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Procedure {
    /// How it prunes.
    pub pruning: Pruning,
    /// `>` rather than `≥` (and `<` rather than `≤`).
    pub strict: bool,
    /// Returns the bound it failed on rather than the value found (fail-hard).
    pub fail_hard: bool,
    /// The plies below the root where it stops and evaluates.
    pub depth: Option<u32>,
    /// Stops looking at a node's children once one wins for the player there.
    pub first_win: bool,
    /// With `first_win`: the root's own DECISION loop stops at a winning successor too.
    pub root_first_win: bool,
    /// With an implicit root: the successors share one window, α raised as they come.
    pub shared_root: bool,
    /// With the root entered: it is the sheet's DECISION loop all the same (every successor
    /// searched, none cut), not MAX-VALUE.
    pub decision_root: bool,
    /// Each child searched with the window its node received, α and β never carried from
    /// child to child below the root (a paper exercise's mistake).
    pub reset_window: bool,
}

impl Procedure {
    /// Plain minimax: the base every other procedure is written from.
    pub(crate) const MINIMAX: Procedure = Procedure {
        pruning: Pruning::None,
        strict: false,
        fail_hard: false,
        depth: None,
        first_win: false,
        root_first_win: false,
        shared_root: true,
        decision_root: false,
        reset_window: false,
    };

    /// The slides' alpha-beta, fail-soft: `≥` cut-offs, or `>` when `strict`.
    pub fn alpha_beta(strict: bool) -> Procedure {
        Procedure {
            pruning: Pruning::AlphaBeta,
            strict,
            ..Procedure::MINIMAX
        }
    }
}

impl fmt::Display for Procedure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pruning {
            Pruning::None => write!(f, "minimax")?,
            _ => {
                let cut = if self.strict { ">" } else { "≥" };
                let fail = if self.fail_hard { "fail-hard" } else { "fail-soft" };
                write!(f, "alpha-beta ({cut} cut-offs, {fail})")?
            }
        }
        if let Some(depth) = self.depth {
            write!(f, ", depth {depth}")?;
        }
        if self.first_win {
            write!(f, ", stopping at the first win")?;
        }
        Ok(())
    }
}

/// What the procedure does where the student's trace parts from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Expected {
    /// It enters this move next; the student does not.
    Enter(Move),
    /// It has cut here: the student's node should not be entered.
    Pruned,
    /// It evaluates here without entering children (a finished game, or the depth limit).
    Leaf,
    /// It backs up this value; the student wrote another.
    Value(f64),
    /// A finished game is worth this (MAX's view: +, 0 or −); the student wrote another.
    Terminal(f64),
}

/// The first node where a trace parts from a procedure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Departure {
    /// The student's node (its index in the trace) where it shows.
    pub node: usize,
    /// Where in the trace's order of events it is noticed, to find the latest departure:
    /// entering node `c` is `128 c + 100`; leaving node `n` is `128 end + 63 - depth`, so
    /// a node is left after its children and before the next node is entered.
    pub at: usize,
    /// What the procedure does there.
    pub expected: Expected,
    /// The procedure's α and β there.
    pub window: (f64, f64),
    /// The procedure departed from.
    pub procedure: Procedure,
}
