//! `minimax`: the command line and the grader. The library is private to the binary and its
//! tests; the games, the search and everything else pure live in `minimax-core`.
//!
//! Arrows point down: `cli` -> `class`, `intake`, `harness`, `report` -> `minimax_sandbox` (the
//! box, and every `unsafe`); everything -> `minimax_core`.

#![forbid(unsafe_code)]

pub mod class;
pub mod cli;
/// Showing what students control (names, output) so that it cannot pose as the report: a leaf
/// below `intake` (which escapes names as it reads them) and `report` (every format), so both
/// may import it.
pub(crate) mod escape;
pub mod harness;
pub(crate) mod intake;
// The fuzz targets' way in (tests/fuzz): a few entries, not an API.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod report;
