//! What the grader needs of a game, and nothing more: positions read and checked, solved,
//! shown, and answers judged in the course's notation. Tic-tac-toe of any size implements it
//! (`crate::grading`); another game plugs in the same way, without changing
//! the grader.
//!
//! ```
//! use minimax_core::grading::Gato;
//! use minimax_core::gradable::{Gradable, Verdict};
//! use minimax_core::notation::Coords;
//!
//! let gato = Gato::default();
//! let position = gato.read("XX-/-OO/---").unwrap();
//! let decision = gato.solve(&position).unwrap().unwrap();
//! let judgement = gato.judge(&position, &decision, "I give up", Coords::ColRow);
//! assert_eq!(judgement.verdict, Verdict::Unparseable);
//! assert_eq!(judgement.answer, None);
//! ```

use crate::notation::diagnostic::Diagnostic;
use crate::notation::Coords;
use serde::Serialize;

/// A verdict on one answer, the answer as understood (in the course's notation), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// How the answer fares.
    pub verdict: Verdict,
    /// The answer as understood, in the course's notation; `None` when nothing could be read.
    pub answer: Option<String>,
    /// Why, in words for the student.
    pub detail: String,
}

/// Why a position could not be solved: the limits the solver ran into, on a board of a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not solved exactly within {seconds} s or {} nodes ({board} board): grade on positions with fewer empty cells",
    nodes.map_or("unlimited".to_string(), |n| n.to_string())
)]
pub struct Unsolved {
    /// The time limit, in seconds.
    pub seconds: u64,
    /// The node limit, if any.
    pub nodes: Option<u64>,
    /// The board's size, as reports say it (`5x5`).
    pub board: String,
}

/// A game whose positions can be graded.
pub trait Gradable: Send + Sync + 'static {
    /// A position of the game, as read from its text.
    type Position: Clone + Send + Sync + 'static;
    /// What solving a position gives: enough to list every optimal answer and judge any.
    type Solution: Send + Sync + 'static;

    /// Reads and checks a position from exactly the text a program will be given.
    fn read(&self, text: &str) -> Result<Self::Position, Vec<Diagnostic>>;
    /// Solves an open position: `Ok(None)` when the game is already over, an error (saying
    /// which limits stopped it) when it cannot be solved in reasonable time.
    fn solve(&self, position: &Self::Position) -> Result<Option<Self::Solution>, Unsolved>;
    /// The board as reports draw it, one string a line.
    fn board(&self, position: &Self::Position) -> Vec<String>;
    /// Whose move it is, as the course writes the player (`X`).
    fn to_move(&self, position: &Self::Position) -> String;
    /// The position on one line (`XX-/-OO/---`): names hidden positions, and is what session
    /// drivers receive.
    fn one_line(&self, position: &Self::Position) -> String;
    /// Every optimal answer, written in the course's notation.
    fn optimal(&self, position: &Self::Position, solution: &Self::Solution, coords: Coords) -> Vec<String>;
    /// Judges what a program printed (or a student wrote) for the position.
    fn judge(
        &self,
        position: &Self::Position,
        solution: &Self::Solution,
        output: &str,
        coords: Coords,
    ) -> Judgement;
    /// Where each legal move leads under best play, by the answer that names it (as
    /// [`Judgement::answer`] writes it): what a class's wrong answers give away. A game that
    /// cannot say lists nothing.
    fn outlooks(
        &self,
        _position: &Self::Position,
        _solution: &Self::Solution,
        _coords: Coords,
    ) -> Vec<(String, Outlook)> {
        Vec::new()
    }
    /// The position drawn as an SVG figure, where the game draws its positions.
    fn figure(&self, _position: &Self::Position) -> Option<String> {
        None
    }
}

/// How a game ends under best play from some point: who wins, in how many of the winner's
/// own moves, or a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Outlook {
    /// `winner` wins, making `moves` more moves.
    Win {
        /// The winner, as the course writes the player (`O`).
        winner: String,
        /// The winner's moves to the win.
        moves: u32,
    },
    /// Neither wins.
    Draw,
}

/// The verdict on one answer. Only `optimal` scores a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A move of the best minimax value: any such move, not only the solver's own choice.
    Optimal,
    /// A legal move of a worse value.
    Suboptimal,
    /// An occupied cell, off the board, the wrong player, or a board not one move on.
    Illegal,
    /// No single answer could be found in the output.
    Unparseable,
    /// The program exited with a non-zero status or was killed by a signal.
    Crashed,
    /// The program did not finish in time and was stopped.
    Timeout,
    /// Not run: the student's files could not be read, or their code not built.
    #[serde(rename = "build-failed")]
    BuildFailed,
    /// Not run: grading was interrupted first.
    Skipped,
    /// A pen-and-paper answer (a tree's value, move, pruned or visited nodes) that is right.
    Right,
    /// One that is wrong.
    Wrong,
}

impl Verdict {
    /// Whether the answer scores its point.
    pub fn scores(self) -> bool {
        matches!(self, Verdict::Optimal | Verdict::Right)
    }

    /// The verdict as reports write it: `optimal`, `suboptimal`, ...
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Optimal => "optimal",
            Verdict::Suboptimal => "suboptimal",
            Verdict::Illegal => "illegal",
            Verdict::Unparseable => "unparseable",
            Verdict::Crashed => "crashed",
            Verdict::Timeout => "timeout",
            Verdict::BuildFailed => "build-failed",
            Verdict::Right => "right",
            Verdict::Wrong => "wrong",
            Verdict::Skipped => "skipped",
        }
    }

    /// One character for compact tables.
    pub fn mark(self) -> char {
        match self {
            Verdict::Optimal => '+',
            Verdict::Suboptimal => '-',
            Verdict::Illegal => '!',
            Verdict::Unparseable => '?',
            Verdict::Crashed => 'C',
            Verdict::Timeout => 'T',
            Verdict::BuildFailed => 'B',
            Verdict::Right => '+',
            Verdict::Wrong => 'x',
            Verdict::Skipped => ' ',
        }
    }
}
