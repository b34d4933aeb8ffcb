//! Exercises with their keys: positions and trees generated for a sheet, the solved
//! positions the grader judges answers against, and the diagnosis of wrong procedures.
//!
//! ```
//! use minimax_core::exercises::Exercise;
//! use minimax_core::grading::Gato;
//! use minimax_core::gradable::Verdict;
//! use minimax_core::notation::Coords;
//! use std::sync::Arc;
//!
//! // The practice sheet's position, solved once: its key, and any answer judged against it.
//! let text = "X X -\n- O O\n- - -\n".to_string();
//! let gato = Arc::new(Gato::default());
//! let exercise = Exercise::new(&gato, "top-row".into(), text, false).unwrap();
//! assert_eq!(exercise.optimal(Coords::ColRow), ["X 3 1", "X 1 2"]);
//! assert_eq!(exercise.judge("X 1 2", Coords::ColRow).verdict, Verdict::Optimal);
//! assert_eq!(exercise.judge("X 2 3", Coords::ColRow).verdict, Verdict::Suboptimal);
//! ```

pub mod exercise;
pub mod mistakes;
pub mod positions;
pub mod tree_answers;
pub mod trees;
pub mod variants;

pub use exercise::{Exercise, ExerciseError};
