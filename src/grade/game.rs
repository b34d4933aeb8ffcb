//! What the grader needs of a game, and nothing more: positions read and checked, solved,
//! shown, and answers judged in the course's notation. Tic-tac-toe of any size implements it
//! (`crate::tictactoe::grading`); another game plugs in the same way, without changing
//! `grade/`.

use super::Verdict;
use crate::diagnostic::Diagnostic;
use crate::tictactoe::Coords;

/// A verdict on one answer, the answer as understood (in the course's notation), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    pub answer: Option<String>,
    pub detail: String,
}

/// A game whose positions can be graded.
pub trait Gradable: Send + Sync + 'static {
    type Position: Clone + Send + Sync + 'static;
    /// What solving a position gives: enough to list every optimal answer and judge any.
    type Solution: Send + Sync + 'static;

    /// Reads and checks a position from exactly the text a program will be given.
    fn read(&self, text: &str) -> Result<Self::Position, Vec<Diagnostic>>;
    /// Solves an open position: `Ok(None)` when the game is already over, an error (saying
    /// why) when it cannot be solved in reasonable time.
    fn solve(&self, position: &Self::Position) -> Result<Option<Self::Solution>, String>;
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
}
