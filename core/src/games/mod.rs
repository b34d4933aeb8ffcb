//! The games: every m×n board with k in a row (with or without gravity), Connect Four's
//! solver, and Nim.

pub(crate) mod bits;
pub mod connect4;
pub mod exact;
pub mod mnk;
pub mod nim;
