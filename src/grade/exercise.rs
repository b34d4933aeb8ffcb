//! The positions students are graded on, each solved once, of any [`Gradable`] game.
//!
//! An exercise keeps what the grader shows and sends (the name, the text programs receive,
//! the board, whose move) and, behind one object, the game, the position and its solution:
//! everything else in `grade/` works without knowing which game it is.

use super::game::{Gradable, Judgement};
use super::{GradeError, PositionInfo};
use crate::diagnostic::Report;
use crate::input;
use crate::tictactoe::Coords;
use std::path::Path;
use std::sync::Arc;

/// A position to answer, the text a program receives for it, and its solution.
#[derive(Clone)]
pub struct Exercise {
    pub name: String,
    /// Exactly what `minimax < FILE` would read: the file's text, or the sheet's grid.
    pub text: String,
    pub hidden: bool,
    /// The board as reports draw it.
    pub board: Vec<String>,
    /// The player to move, as the course writes it.
    pub to_move: String,
    /// The position on one line, as session drivers receive it.
    pub one_line: String,
    solved: Arc<dyn Solved>,
}

impl std::fmt::Debug for Exercise {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Exercise")
            .field("name", &self.name)
            .field("one_line", &self.one_line)
            .finish()
    }
}

/// A solved position of some game, its type forgotten.
trait Solved: Send + Sync {
    fn optimal(&self, coords: Coords) -> Vec<String>;
    fn judge(&self, output: &str, coords: Coords) -> Judgement;
}

struct Solution<G: Gradable> {
    game: Arc<G>,
    position: G::Position,
    solution: G::Solution,
}

impl<G: Gradable> Solved for Solution<G> {
    fn optimal(&self, coords: Coords) -> Vec<String> {
        self.game.optimal(&self.position, &self.solution, coords)
    }

    fn judge(&self, output: &str, coords: Coords) -> Judgement {
        self.game.judge(&self.position, &self.solution, output, coords)
    }
}

impl Exercise {
    /// Reads, checks and solves a position text; `name` names it in reports and errors.
    pub fn new<G: Gradable>(
        game: &Arc<G>,
        name: String,
        text: String,
        hidden: bool,
    ) -> Result<Exercise, GradeError> {
        let position = game.read(&text).map_err(|diagnostics| Report {
            source: name.clone(),
            what: "position",
            diagnostics,
        })?;
        Exercise::solved(game, name, text, position, hidden)
    }

    /// Solves a position already read; an error when the game is over there.
    pub fn solved<G: Gradable>(
        game: &Arc<G>,
        name: String,
        text: String,
        position: G::Position,
        hidden: bool,
    ) -> Result<Exercise, GradeError> {
        let solution = game
            .solve(&position)
            .map_err(|why| GradeError::Unsolved {
                name: name.clone(),
                why,
            })?
            .ok_or_else(|| GradeError::Finished { name: name.clone() })?;
        Ok(Exercise {
            board: game.board(&position),
            to_move: game.to_move(&position),
            one_line: game.one_line(&position),
            name,
            text,
            hidden,
            solved: Arc::new(Solution {
                game: Arc::clone(game),
                position,
                solution,
            }),
        })
    }

    /// A position file; `name` is what reports call it.
    pub fn from_file<G: Gradable>(game: &Arc<G>, path: &Path, name: String) -> Result<Exercise, GradeError> {
        let source = input::read(Some(path), &mut std::io::empty(), "position")?;
        Exercise::new(game, name, source.text, false)
    }

    pub fn info(&self, coords: Coords) -> PositionInfo {
        PositionInfo {
            name: self.name.clone(),
            board: self.board.clone(),
            to_move: self.to_move.clone(),
            optimal: self.optimal(coords),
            hidden: self.hidden,
        }
    }

    /// Every optimal answer, in the course's notation.
    pub fn optimal(&self, coords: Coords) -> Vec<String> {
        self.solved.optimal(coords)
    }

    /// Judges what a program printed (or a student wrote).
    pub fn judge(&self, output: &str, coords: Coords) -> Judgement {
        self.solved.judge(output, coords)
    }
}
