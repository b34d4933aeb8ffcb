//! The course's notation: coordinates, reading inputs as text, and diagnostics that point at
//! the bad place with a caret.

pub mod coords;
pub mod diagnostic;
pub mod input;

pub use coords::{Coords, Square};
