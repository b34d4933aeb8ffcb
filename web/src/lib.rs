//! `minimax-web`: the page's bindings over `minimax-core`. Every function takes JSON text and
//! gives JSON text, so that the page (web/page/) asks the very code the CLI and the grader
//! run: the same reading and legality messages, the same solvers and tie-break, the same
//! verdicts and diagnoses, the same figures.
//!
//! Requests and answers are described on each function; user errors (a bad position, an
//! unreadable tree) are answers with `"ok": false` and the CLI's message in `"report"`,
//! never exceptions.
//!
//! By concern: `position` (a position searched move by move, an answer judged), `trees` (the
//! paper trees solved, drawn step by step, an answer diagnosed), `generate` (new exercises
//! drawn), `error` (why a request is not answered, and how the page is told).

mod error;
mod generate;
mod position;
mod trees;

pub use generate::{generate_position, generate_tree};
pub use position::PositionSearch;
pub use trees::{diagnose_tree_answer, solve_tree, tree_figure};
