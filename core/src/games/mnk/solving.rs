//! What the exact solver needs to know of k in a row: keys up to the board's symmetries,
//! threats, and a move order that tries the cells on the most lines first (the tables for
//! them are [`super::solve_tables`]'s, kept by the game).

use super::mark::Mark;
use super::position::{Position, TicTacToe};
use super::square::Move;
use crate::search::solver::{Solvable, Tactics};

impl Solvable for TicTacToe {
    fn canonical(&self, state: &Position) -> (u128, u8, u8) {
        let tables = self.solve_tables();
        let (x, o) = (state.board.cells_of(Mark::X), state.board.cells_of(Mark::O));
        let side = u8::from(state.to_move == Mark::O);
        if tables.forward.len() == 1 {
            return (u128::from(o) << 64 | u128::from(x), 0, side);
        }
        let mut best = (u128::MAX, 0u8);
        for symmetry in 0..tables.forward.len() {
            let key = u128::from(tables.map(symmetry, o)) << 64 | u128::from(tables.map(symmetry, x));
            if key < best.0 {
                best = (key, symmetry as u8);
            }
        }
        (best.0, best.1, side)
    }

    fn tactics(&self, state: &Position) -> Tactics<Move> {
        let me = state.board.cells_of(state.to_move);
        let them = state.board.cells_of(state.to_move.opponent());
        let empty = state.board.empty_cells();
        // With gravity a line's last cell counts only once a piece can be played there.
        let playable = state.board.playable_cells();
        let need = u32::from(self.shape().k) - 1;
        let mut threats = 0u64;
        for &line in self.lines() {
            let open = line & empty;
            if open.count_ones() != 1 || open & playable == 0 {
                continue;
            }
            if (me & line).count_ones() == need {
                return Tactics::Win(self.move_at(state, open));
            }
            if (them & line).count_ones() == need {
                threats |= open;
            }
        }
        match threats.count_ones() {
            0 => Tactics::Open,
            1 => Tactics::Block(self.move_at(state, threats)),
            _ => Tactics::Lost,
        }
    }

    fn search_order(&self, state: &Position, moves: &mut Vec<Move>) {
        let empty = state.board.playable_cells();
        for &cell in &self.solve_tables().order {
            if empty & (1u64 << cell) != 0 {
                moves.push(self.move_at(state, 1u64 << cell));
            }
        }
    }

    fn move_code(&self, mv: Move) -> u8 {
        self.shape().index(mv.square) as u8
    }

    fn map_code(&self, code: u8, symmetry: u8, inverse: bool) -> u8 {
        let tables = self.solve_tables();
        let maps = if inverse { &tables.inverse } else { &tables.forward };
        maps[usize::from(symmetry)][usize::from(code)]
    }

    fn state_bound(&self) -> u64 {
        3u64.saturating_pow(self.shape().cells())
    }

    fn open_lines(&self, state: &Position) -> (bool, bool) {
        let me = state.board.cells_of(state.to_move);
        let them = state.board.cells_of(state.to_move.opponent());
        let (mut mine, mut theirs) = (false, false);
        for &line in self.lines() {
            mine |= line & them == 0;
            theirs |= line & me == 0;
            if mine && theirs {
                break;
            }
        }
        (mine, theirs)
    }

    fn soonest_open_loss(&self) -> i32 {
        if self.shape().gravity {
            2
        } else {
            4
        }
    }
}

impl TicTacToe {
    /// The side to move's move into the one cell of `cell`.
    fn move_at(&self, state: &Position, cell: u64) -> Move {
        Move {
            mark: state.to_move,
            square: self.shape().square(cell.trailing_zeros()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::tests::{random_positions, rated};
    use crate::games::mnk::Shape;
    use crate::search::decision::{decide, decide_solved};
    use crate::search::solver::Solver;
    use crate::search::Algorithm;

    /// Positions where null windows once met a bound of the wrong kind (a lower bound
    /// returned as an upper one): 1 in 300 was rated with a wrong distance.
    #[test]
    fn the_solver_rates_every_move_as_plain_alpha_beta_with_and_without_gravity() {
        for (cols, rows, gravity, empty, seed) in
            [(5, 4, false, 9, 9), (5, 5, true, 11, 9), (6, 5, true, 12, 9)]
        {
            let shape = Shape::new(cols, rows, Some(4)).unwrap().with_gravity(gravity);
            let game = TicTacToe::new(shape);
            for position in random_positions(shape, 300, empty, seed) {
                let mut solver = Solver::new(&game, 4);
                let solved = decide_solved(&mut solver, &game, &position).unwrap().unwrap();
                let searched = decide(&game, &position, Algorithm::AlphaBeta).unwrap();
                assert_eq!(rated(&solved), rated(&searched), "{}", position);
            }
        }
    }
}
