//! The solved exercise behind a report's position, for what a class page shows beyond the
//! verdicts.

use minimax_core::exercises::tree_answers::TreeExercise;
use minimax_core::exercises::Exercise;
use minimax_core::gradable::Outlook;
use minimax_core::notation::Coords;
use std::sync::Arc;

/// The solved exercise behind a report's position: a position (answers in `coords`) or one
/// field of a tree, for what a class page shows beyond the verdicts.
#[derive(Clone)]
pub(crate) enum Solved {
    Position(Exercise, Coords),
    Tree(Arc<TreeExercise>),
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Solved::Position(exercise, _) => write!(f, "Position({})", exercise.name),
            Solved::Tree(tree) => write!(f, "Tree({})", tree.name),
        }
    }
}

impl Solved {
    /// Where each answer leads under best play (positions; nothing for trees).
    pub(crate) fn outlooks(&self) -> Vec<(String, Outlook)> {
        match self {
            Solved::Position(exercise, coords) => exercise.outlooks(*coords),
            Solved::Tree(_) => Vec::new(),
        }
    }

    /// The figure: the board, or the tree with its key.
    pub(crate) fn figure(&self) -> Option<String> {
        match self {
            Solved::Position(exercise, _) => exercise.figure(),
            Solved::Tree(tree) => Some(tree.figure()),
        }
    }

    /// The tree a tree field belongs to (fields of one tree share it).
    pub(crate) fn tree_name(&self) -> Option<&str> {
        match self {
            Solved::Position(..) => None,
            Solved::Tree(tree) => Some(&tree.name),
        }
    }
}
