//! `minimax`: the command line and the grader. The library is private to the binary and its
//! tests; the games, the search and everything else pure live in `minimax-core`.
//!
//! Arrows point down: `cli` -> `class`, `intake`, `harness`, `report` -> `sandbox`; everything
//! -> `minimax_core`.

pub mod class;
pub mod cli;
pub mod harness;
pub mod intake;
pub mod report;
#[allow(unsafe_code)]
pub mod sandbox;
