//! The games: every m×n board with k in a row (with or without gravity), Connect Four's
//! solver, and Nim.
//!
//! ```
//! use minimax_core::games::mnk::{read_any, Rules, TicTacToe};
//! use minimax_core::search::{decision::decide, Algorithm};
//!
//! // One game, one search: gato, and a 4 × 4 board where pieces fall and three in a row win.
//! let best = |text: &str, rules: Rules| {
//!     let position = read_any(text, rules, None).unwrap();
//!     let game = TicTacToe::new(position.board.shape());
//!     decide(&game, &position, Algorithm::AlphaBeta).unwrap().best().mv.to_string()
//! };
//! assert_eq!(best("XX-/-OO/---", Rules::default()), "X 3 1");
//! let falling = Rules { k: Some(3), gravity: true, size: Some((4, 4)) };
//! assert_eq!(best("moves: 1122", falling), "X 3 4");
//! ```

pub(crate) mod bits;
pub mod board_engine;
pub mod connect4;
pub mod exact;
pub mod mnk;
pub mod nim;
