//! A student's trace as the tree a procedure is walked over ([`super::walk`]): its nodes are
//! the trace's, with their positions; its children come in the student's order, then the
//! legal moves the student did not enter; the walk stops at the first node where the student
//! parts from the procedure.

use super::procedure::{Departure, Expected, Procedure};
use super::trace::{Trace, TraceNode};
use super::walk::Searched;
use crate::game::Game;
use crate::games::mnk::{Mark, Position, TicTacToe};
use std::collections::HashSet;

/// The student's search, walked against one procedure.
pub(super) struct Student<'a> {
    pub(super) trace: &'a Trace,
    pub(super) game: &'a TicTacToe,
    pub(super) max: Mark,
    /// The procedure walked, named in each departure.
    pub(super) procedure: Procedure,
    /// Nodes the procedure entered, the root included.
    pub(super) entered: usize,
    /// Only counting what the procedure enters: the student's extra children and values
    /// are not departures.
    pub(super) counting: bool,
    /// The trace's transposition-table hits (see `board::repeats`): taken at their written
    /// value.
    pub(super) repeats: &'a HashSet<usize>,
}

/// A node of the student's trace: its index, and its position.
pub(super) type At = (usize, Position);

impl Searched for Student<'_> {
    type Node = At;
    type Stop = Departure;

    fn is_terminal(&self, (_, position): At) -> bool {
        self.game.is_terminal(&position)
    }

    fn maximising(&self, (_, position): At) -> bool {
        position.to_move == self.max
    }

    fn enter(&mut self, _: At) {
        self.entered += 1;
    }

    /// The student's value; a departure when the student searched below it.
    fn leaf(&mut self, (id, _): At, window: (f64, f64)) -> Result<f64, Departure> {
        let node = &self.trace.nodes[id];
        if let Some(&child) = node.children.first() {
            return Err(self.departure(child, entering(child), Expected::Leaf, window));
        }
        Ok(node.value.unwrap_or(0.0))
    }

    fn reused(&self, (id, _): At) -> Option<f64> {
        let node = &self.trace.nodes[id];
        (node.children.is_empty() && self.repeats.contains(&id)).then(|| node.value.unwrap_or(0.0))
    }

    /// The student's `index`-th child; past them, a departure when a legal move is left
    /// that the procedure would enter next.
    fn child(
        &mut self,
        (id, position): At,
        index: usize,
        window: (f64, f64),
    ) -> Result<Option<At>, Departure> {
        let node = &self.trace.nodes[id];
        if let Some(&child) = node.children.get(index) {
            let Some(mv) = self.trace.nodes[child].mv else {
                return Ok(None);
            };
            return Ok(Some((child, position.play(mv.square))));
        }
        let entered = |mv| node.children.iter().any(|&c| self.trace.nodes[c].mv == Some(mv));
        match self.game.moves(&position).find(|&mv| !entered(mv)) {
            Some(mv) => Err(self.departure(id, leaving(node), Expected::Enter(mv), window)),
            None => Ok(None),
        }
    }

    /// A departure when the student entered a child the procedure has cut.
    fn cut(&mut self, (id, _): At, next: usize, window: (f64, f64)) -> Result<(), Departure> {
        match self.trace.nodes[id].children.get(next).filter(|_| !self.counting) {
            Some(&extra) => Err(self.departure(extra, entering(extra), Expected::Pruned, window)),
            None => Ok(()),
        }
    }

    /// A departure when the student wrote another value.
    fn leave(&mut self, (id, _): At, value: f64, window: (f64, f64)) -> Result<f64, Departure> {
        let node = &self.trace.nodes[id];
        match node.value {
            Some(written) if written != value && !self.counting => {
                Err(self.departure(id, leaving(node), Expected::Value(value), window))
            }
            _ => Ok(value),
        }
    }
}

impl Student<'_> {
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
