//! The grader's side of an exercise: one read from a file, and one described in reports.

use super::files;
use super::{GradeError, PositionInfo};
use minimax_core::exercises::tree_answers::TreeExercise;
use minimax_core::exercises::Exercise;
use minimax_core::judge::Gradable;
use minimax_core::judge::Outlook;
use minimax_core::notation::Coords;
use std::path::Path;
use std::sync::Arc;

/// A position file; `name` is what reports call it.
pub fn from_file<G: Gradable>(game: &Arc<G>, path: &Path, name: String) -> Result<Exercise, GradeError> {
    let source = files::read(Some(path), &mut std::io::empty(), "position")?;
    Ok(Exercise::new(game, name, source.text, false)?)
}

/// The exercise as reports describe it.
pub fn info(exercise: &Exercise, coords: Coords) -> PositionInfo {
    PositionInfo {
        name: exercise.name.clone(),
        board: exercise.board.clone(),
        to_move: exercise.to_move.clone(),
        optimal: exercise.optimal(coords),
        hidden: exercise.hidden,
        solved: Some(Solved::Position(exercise.clone(), coords)),
    }
}

/// The solved exercise behind a report's position: a position (answers in `coords`) or one
/// field of a tree, for what a class page shows beyond the verdicts.
#[derive(Clone)]
pub enum Solved {
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
    pub fn outlooks(&self) -> Vec<(String, Outlook)> {
        match self {
            Solved::Position(exercise, coords) => exercise.outlooks(*coords),
            Solved::Tree(_) => Vec::new(),
        }
    }

    /// The figure: the board, or the tree with its key.
    pub fn figure(&self) -> Option<String> {
        match self {
            Solved::Position(exercise, _) => exercise.figure(),
            Solved::Tree(tree) => Some(tree.figure()),
        }
    }

    /// The tree a tree field belongs to (fields of one tree share it).
    pub fn tree_name(&self) -> Option<&str> {
        match self {
            Solved::Position(..) => None,
            Solved::Tree(tree) => Some(&tree.name),
        }
    }
}
