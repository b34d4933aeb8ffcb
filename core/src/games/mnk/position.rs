//! A position (board and side to move), its status, and tic-tac-toe as a [`Game`].

use super::board::{Board, Line, Shape};
use super::mark::Mark;
use super::square::{Move, Square};
use crate::game::Game;
use crate::search::distance::Decisive;
use std::fmt;

/// A board and the player whose turn it is.
///
/// ```
/// use minimax_core::games::mnk::{Mark, Position, Square, Status};
///
/// // X to move completes the top row in the top-right corner, `X 3 1`.
/// let position: Position = "XX-/-OO/---".parse().unwrap();
/// assert_eq!((position.to_move, position.status()), (Mark::X, Status::Ongoing));
/// let after = position.play(Square::new(2, 0));
/// assert!(matches!(after.status(), Status::Won { mark: Mark::X, .. }));
/// assert_eq!(after.to_string(), "X   X   X\n-   O   O\n-   -   -\nto move: O");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The marks on the board.
    pub board: Board,
    /// The player whose turn it is.
    pub to_move: Mark,
}

/// Whether a position is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Someone can still move.
    Ongoing,
    /// `mark` has k in a row: `line`.
    Won {
        /// The winner.
        mark: Mark,
        /// The line that won (the first found, if there are several).
        line: Line,
    },
    /// The board is full and nobody won.
    Draw,
}

impl Position {
    /// The empty board with `first` to move.
    pub fn start(shape: Shape, first: Mark) -> Position {
        Position {
            board: Board::empty(shape),
            to_move: first,
        }
    }

    /// Whether the game is over, and how.
    pub fn status(&self) -> Status {
        let shape = self.board.shape();
        for line in shape.lines() {
            for mark in Mark::BOTH {
                if self.board.cells_of(mark) & line.mask == line.mask {
                    return Status::Won { mark, line };
                }
            }
        }
        if self.board.is_full() {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    /// The position after the side to move writes in `square` (which must be empty).
    pub fn play(&self, square: Square) -> Position {
        Position {
            board: self.board.with(square, self.to_move),
            to_move: self.to_move.opponent(),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}to move: {}", self.board, self.to_move)
    }
}

/// Tic-tac-toe on a board of some shape, with its winning lines computed once.
///
/// It plays legal positions (as [`super::read_position`] returns them), in which only the
/// player who moved last can have a line: that is all the search needs to check.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    shape: Shape,
    lines: Vec<u64>,
    /// Made the first time the exact solver asks (most uses never do).
    solve_tables: std::sync::OnceLock<std::sync::Arc<super::solve_tables::SolveTables>>,
}

impl TicTacToe {
    /// The game on `shape`, with its winning lines precomputed.
    pub fn new(shape: Shape) -> TicTacToe {
        TicTacToe {
            shape,
            lines: shape.lines().iter().map(|line| line.mask).collect(),
            solve_tables: std::sync::OnceLock::new(),
        }
    }

    pub(crate) fn solve_tables(&self) -> &super::solve_tables::SolveTables {
        self.solve_tables.get_or_init(|| {
            std::sync::Arc::new(super::solve_tables::SolveTables::new(self.shape, &self.lines))
        })
    }

    /// Its columns, rows, k and gravity.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The winning lines, as cell masks.
    pub(crate) fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The player who moved last, if that move completed a line.
    fn winner(&self, state: &Position) -> Option<Mark> {
        let last = state.to_move.opponent();
        let cells = state.board.cells_of(last);
        // Test every line without early exit: branch-free, which the search's hot path prefers.
        let won = self
            .lines
            .iter()
            .fold(false, |won, &line| won | (cells & line == line));
        won.then_some(last)
    }
}

/// The empty squares of a position in row-major order, as moves of the side to move.
pub struct Moves {
    empty: u64,
    shape: Shape,
    mark: Mark,
}

impl Iterator for Moves {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        if self.empty == 0 {
            return None;
        }
        // With gravity there is one cell per column: they come column by column, so that the
        // leftmost column is first (and wins ties); otherwise cell by cell, row-major.
        let index = if self.shape.gravity {
            let column = self.shape.first_column();
            let mut col = 0;
            while self.empty & (column << col) == 0 {
                col += 1;
            }
            (self.empty & (column << col)).trailing_zeros()
        } else {
            self.empty.trailing_zeros()
        };
        self.empty &= !(1u64 << index);
        Some(Move {
            mark: self.mark,
            square: self.shape.square(index),
        })
    }
}

impl Game for TicTacToe {
    type State = Position;
    type Move = Move;
    type Player = Mark;
    type Moves = Moves;
    type Value = i32;

    fn player(&self, state: &Position) -> Mark {
        state.to_move
    }

    fn moves(&self, state: &Position) -> Moves {
        Moves {
            empty: state.board.playable_cells(),
            shape: self.shape,
            mark: state.to_move,
        }
    }

    fn play(&self, state: &Position, mv: Move) -> Position {
        state.play(mv.square)
    }

    fn is_terminal(&self, state: &Position) -> bool {
        state.board.is_full() || self.winner(state).is_some()
    }

    fn utility(&self, state: &Position, player: Mark) -> i32 {
        match self.winner(state) {
            Some(mark) if mark == player => 1,
            Some(_) => -1,
            None => 0,
        }
    }

    fn terminal_utility(&self, state: &Position, player: Mark) -> Option<i32> {
        match self.winner(state) {
            Some(mark) => Some(if mark == player { 1 } else { -1 }),
            None => state.board.is_full().then_some(0),
        }
    }
}

impl Decisive for TicTacToe {}
