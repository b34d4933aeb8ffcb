//! Connect Four, and every board where pieces fall, solved exactly at the speed of the
//! strongest public solvers: a bitboard of its own ([`bitboard`]) and a search made for it
//! ([`search`]). Positions, moves and answers stay the tic-tac-toe module's (a board with
//! gravity); this module only rates the columns.

pub mod bitboard;
pub mod search;

pub use bitboard::{Bits, Geometry};
pub use search::ColumnSolver;

use crate::game::Game;
use crate::search::decision::{Decision, RatedMove};
use crate::search::solver::{OutOfTime, WIN};
use crate::tictactoe::{Move, Position, TicTacToe};

/// Every legal column of `position` rated exactly, one table for all of them; `None` when
/// the game is over. The moves and the tie-break are [`crate::search::decision`]'s.
pub fn decide(solver: &mut ColumnSolver, position: &Position) -> Result<Option<Decision<Move>>, OutOfTime> {
    let geometry = *solver.geometry();
    let game = TicTacToe::new(position.board.shape());
    if game.is_terminal(position) {
        return Ok(None);
    }
    let before = solver.stats.nodes;
    let bits = Bits::of(position, &geometry);
    let scores = solver.analyze(&bits)?;
    let moves = game
        .moves(position)
        .map(|mv| {
            let score = scores[usize::from(mv.square.col)].unwrap_or_default();
            RatedMove::exact(mv, tie_score(&geometry, bits.moves, score))
        })
        .collect();
    Ok(Decision::choose(moves, 1 + solver.stats.nodes - before))
}

/// A column's score (the side to move's, at a position of `stones` pieces) as the distance
/// score every solver here reports: `WIN - p` for a win `p` plies on, counting the move.
pub fn tie_score(geometry: &Geometry, stones: u32, score: i32) -> i32 {
    let (cells, stones) = (geometry.cells() as i32, stones as i32);
    match score {
        0 => 0,
        // Won with the mover's m-th piece from here: ply 2m - 1.
        s if s > 0 => {
            let m = (cells + 1 - stones) / 2 - s + 1;
            WIN - (2 * m - 1)
        }
        // Lost to the opponent's m-th piece: ply 2m.
        s => {
            let m = (cells - stones) / 2 + s + 1;
            -(WIN - 2 * m)
        }
    }
}

/// The line of best play after `decision`, each side choosing as [`decide`] does.
pub fn principal_variation(
    solver: &mut ColumnSolver,
    position: &Position,
    decision: &Decision<Move>,
) -> Result<Vec<Move>, OutOfTime> {
    let mut line = vec![decision.best().mv];
    let mut position = position.play(decision.best().mv.square);
    while let Some(next) = decide(solver, &position)? {
        let mv = next.best().mv;
        line.push(mv);
        position = position.play(mv.square);
    }
    Ok(line)
}
