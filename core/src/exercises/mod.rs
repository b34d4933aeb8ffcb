//! Exercises with their keys: positions and trees generated for a sheet, the solved
//! positions the grader judges answers against, and the diagnosis of wrong procedures.

pub mod exercise;
pub mod mistakes;
pub mod positions;
pub mod tree_answers;
pub mod trees;

pub use exercise::{Exercise, ExerciseError};
