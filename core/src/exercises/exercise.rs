//! The positions students are graded on, each solved once, of any [`Gradable`] game.
//!
//! An exercise keeps what the grader shows and sends (the name, the text programs receive,
//! the board, whose move) and, behind one object, the game, the position and its solution:
//! everything else in the grader works without knowing which game it is.

use crate::gradable::{Gradable, Judgement, Outlook};
use crate::notation::diagnostic::Report;
use crate::notation::Coords;
use std::sync::Arc;

/// Why a position cannot be an exercise.
#[derive(Debug, thiserror::Error)]
pub enum ExerciseError {
    /// The position could not be read or is not legal.
    #[error(transparent)]
    Position(#[from] Report),
    /// The game is over there: there is nothing to answer.
    #[error("{name}: the game is already over, so there is no move to grade")]
    Finished {
        /// The exercise's name.
        name: String,
    },
    /// The solver could not finish in reasonable time.
    #[error("{name}: {why}")]
    Unsolved {
        /// The exercise's name.
        name: String,
        /// What limit stopped the solver.
        #[source]
        why: crate::gradable::Unsolved,
    },
}

/// A position to answer, the text a program receives for it, and its solution.
#[derive(Clone)]
pub struct Exercise {
    /// The exercise's name: its file's stem, or the one-line form of a hidden position.
    pub name: String,
    /// Exactly what `minimax < FILE` would read: the file's text, or the sheet's grid.
    pub text: String,
    /// Drawn from the reachable positions (a hidden test) rather than read from a file.
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
    fn outlooks(&self, coords: Coords) -> Vec<(String, Outlook)>;
    fn figure(&self) -> Option<String>;
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

    fn outlooks(&self, coords: Coords) -> Vec<(String, Outlook)> {
        self.game.outlooks(&self.position, &self.solution, coords)
    }

    fn figure(&self) -> Option<String> {
        self.game.figure(&self.position)
    }
}

impl Exercise {
    /// Reads, checks and solves a position text; `name` names it in reports and errors.
    pub fn new<G: Gradable>(
        game: &Arc<G>,
        name: String,
        text: String,
        hidden: bool,
    ) -> Result<Exercise, ExerciseError> {
        let position = game.read(&text).map_err(|diagnostics| Report {
            source: name.clone(),
            what: "position",
            diagnostics,
        })?;
        Exercise::solved(game, name, text, position, hidden)
    }

    /// A position already read and solved (a pool's member, solved once for the class).
    pub(crate) fn with_solution<G: Gradable>(
        game: &Arc<G>,
        name: String,
        text: String,
        position: G::Position,
        solution: G::Solution,
        hidden: bool,
    ) -> Exercise {
        Exercise {
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
        }
    }

    /// Solves a position already read; an error when the game is over there.
    pub(crate) fn solved<G: Gradable>(
        game: &Arc<G>,
        name: String,
        text: String,
        position: G::Position,
        hidden: bool,
    ) -> Result<Exercise, ExerciseError> {
        let solution = game
            .solve(&position)
            .map_err(|why| ExerciseError::Unsolved {
                name: name.clone(),
                why,
            })?
            .ok_or_else(|| ExerciseError::Finished { name: name.clone() })?;
        Ok(Exercise::with_solution(
            game, name, text, position, solution, hidden,
        ))
    }

    /// Every optimal answer, in the course's notation.
    pub fn optimal(&self, coords: Coords) -> Vec<String> {
        self.solved.optimal(coords)
    }

    /// Judges what a program printed (or a student wrote).
    ///
    /// ```
    /// use minimax_core::exercises::Exercise;
    /// use minimax_core::grading::Gato;
    /// use minimax_core::gradable::Verdict;
    /// use minimax_core::notation::Coords;
    /// use std::sync::Arc;
    ///
    /// // The practice sheet's example, as `minimax < ejemplo.txt` reads it.
    /// let text = "X   X   -\n-   0   0\n-   -   -\n".to_string();
    /// let game = Arc::new(Gato::default());
    /// let exercise = Exercise::new(&game, "ejemplo".into(), text, false).unwrap();
    /// assert_eq!(exercise.optimal(Coords::ColRow), ["X 3 1", "X 1 2"]);
    /// assert_eq!(exercise.judge("X 3 1\n", Coords::ColRow).verdict, Verdict::Optimal);
    /// // Blocking O's row wins too, later: any optimal move scores.
    /// assert_eq!(exercise.judge("X 1 2\n", Coords::ColRow).verdict, Verdict::Optimal);
    /// // Legal, but O then completes the middle row.
    /// assert_eq!(exercise.judge("X 1 3\n", Coords::ColRow).verdict, Verdict::Suboptimal);
    /// assert_eq!(exercise.judge("X 2 2\n", Coords::ColRow).verdict, Verdict::Illegal);
    /// ```
    pub fn judge(&self, output: &str, coords: Coords) -> Judgement {
        self.solved.judge(output, coords)
    }

    /// Where each legal move leads under best play, by the answer naming it (as judgements
    /// write answers), in the game's move order.
    ///
    /// ```
    /// use minimax_core::exercises::Exercise;
    /// use minimax_core::grading::Gato;
    /// use minimax_core::gradable::Outlook;
    /// use minimax_core::notation::Coords;
    /// use std::sync::Arc;
    ///
    /// let text = "--X\nOXX\nOO-\n".to_string();
    /// let exercise = Exercise::new(&Arc::new(Gato::default()), "estado3".into(), text, false).unwrap();
    /// let outlooks = exercise.outlooks(Coords::ColRow);
    /// let after = |answer: &str| outlooks.iter().find(|(a, _)| a == answer).map(|(_, o)| o.clone());
    /// assert_eq!(after("X 3 3"), Some(Outlook::Win { winner: "X".into(), moves: 1 }));
    /// assert_eq!(after("X 1 1"), Some(Outlook::Win { winner: "O".into(), moves: 1 }));
    /// ```
    pub fn outlooks(&self, coords: Coords) -> Vec<(String, Outlook)> {
        self.solved.outlooks(coords)
    }

    /// The position drawn as an SVG figure, where its game draws positions.
    pub fn figure(&self) -> Option<String> {
        self.solved.figure()
    }
}
