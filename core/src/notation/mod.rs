//! The course's notation: coordinates, reading inputs as text, and diagnostics that point at
//! the bad place with a caret.
//!
//! ```
//! use minimax_core::notation::{Coords, Square};
//!
//! // `X 3 1` is the top-right corner: column 3, row 1, 1-based; row first it is `X 1 3`.
//! assert_eq!(Coords::ColRow.square(3, 1), Some(Square::new(2, 0)));
//! assert_eq!(Coords::RowCol.square(1, 3), Some(Square::new(2, 0)));
//! ```

pub(crate) mod coords;
pub mod diagnostic;
pub mod input;

pub use coords::{Coords, Square};
