//! The pure part of `minimax`: games, search, trees, exercises, diagnoses and figures for
//! the adversarial-search chapter of an AI course.
//!
//! Nothing here touches the operating system: input comes as strings or [`std::io::Read`],
//! output goes out as strings, so the same code runs in the `minimax` command, in the grader
//! and in a browser (built for `wasm32-unknown-unknown`).
//!
//! Reading a position and deciding a move, as `minimax < estado1.txt` does:
//!
//! ```
//! use minimax_core::games::mnk::{read_position, Shape, TicTacToe};
//! use minimax_core::notation::Coords;
//! use minimax_core::search::{decision::decide, Algorithm};
//!
//! let position = read_position("X X -\n- O O\n- - -\n", Shape::CLASSIC, None).unwrap();
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let decision = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
//! assert_eq!(decision.best().mv.display(Coords::ColRow).to_string(), "X 3 1");
//! ```

pub mod exercises;
pub mod figures;
pub mod game;
pub mod games;
pub mod gradable;
pub mod grading;
pub mod notation;
pub mod replay;
pub mod search;
pub mod tree;

mod hardware;
