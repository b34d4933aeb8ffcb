//! The grader's side of an exercise: one read from a file, and one described in reports.

use super::files;
use super::solved::Solved;
use super::{GradeError, PositionInfo};
use minimax_core::exercises::Exercise;
use minimax_core::gradable::Gradable;
use minimax_core::notation::Coords;
use std::path::Path;
use std::sync::Arc;

/// A position file; `name` is what reports call it.
pub(crate) fn from_file<G: Gradable>(
    game: &Arc<G>,
    path: &Path,
    name: String,
) -> Result<Exercise, GradeError> {
    let source = files::read(Some(path), &mut std::io::empty(), "position")?;
    Ok(Exercise::new(game, name, source.text, false)?)
}

/// The exercise as reports describe it.
pub(crate) fn info(exercise: &Exercise, coords: Coords) -> PositionInfo {
    PositionInfo {
        name: exercise.name.clone(),
        board: exercise.board.clone(),
        to_move: exercise.to_move.clone(),
        optimal: exercise.optimal(coords),
        hidden: exercise.hidden,
        solved: Some(Solved::Position(exercise.clone(), coords)),
    }
}
