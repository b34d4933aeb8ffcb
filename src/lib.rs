//! `minimax`: the reference solver and grader for the adversarial-search chapter.
//!
//! The library holds everything; the binary only parses arguments and calls [`cli::run`].

pub mod cli;
pub mod connect4;
pub mod diagnostic;
pub mod game;
pub mod grade;
pub mod input;
pub mod nim;
pub mod render;
pub mod search;
pub mod sheet;
pub mod tictactoe;
pub mod tree;
