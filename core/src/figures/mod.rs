//! Figures and printable sheets: boards and trees drawn as SVG, and HTML exercise sheets.
//!
//! ```
//! use minimax_core::figures::board;
//! use minimax_core::games::mnk::{read_position, Shape};
//!
//! let position = read_position("X X -\n- O O\n- - -\n", Shape::CLASSIC, None).unwrap();
//! let svg = board::svg(&position);
//! assert!(svg.starts_with("<svg"));
//! ```

pub mod board;
pub mod exercise_sheet;
pub mod tree;

/// The old name of [`exercise_sheet`], kept while the cli (and `class/course/`, which another
/// change is rewriting) still say `figures::sheet`; remove once they say `exercise_sheet`.
#[doc(hidden)]
pub use exercise_sheet as sheet;
