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
