//! Connect Four, and every board where pieces fall, solved exactly at the speed of the
//! strongest public solvers: a bitboard of its own ([`bitboard`]) and a search made for it
//! ([`search`]). Positions, moves and answers stay the tic-tac-toe module's (a board with
//! gravity); this module only rates the columns.
//!
//! ```
//! use minimax_core::games::connect4::{Bits, ColumnSolver, Geometry};
//! use minimax_core::games::mnk::{read_any, Rules};
//!
//! // A 4×4 board with gravity, three in a row, after a piece in column 2.
//! let rules = Rules { k: Some(3), gravity: true, size: Some((4, 4)) };
//! let position = read_any("moves: 2", rules, None).unwrap();
//! let geometry = Geometry::of(position.board.shape()).unwrap();
//! let mut solver = ColumnSolver::new(geometry, 1);
//! let bits = Bits::of(&position, &geometry);
//! let scores = solver.analyze(&bits).unwrap();
//! // Every column is open, and the position's score is its best column's.
//! assert_eq!(scores.len(), 4);
//! let best = scores.iter().flatten().max().copied();
//! assert_eq!(best, Some(solver.solve(&bits).unwrap()));
//! ```

pub mod bitboard;
pub mod book;
pub mod budget;
pub mod generation;
pub mod search;

pub use bitboard::{Bits, Geometry};
pub use search::{ColumnSolver, Goal, Interval};

use crate::game::Game;
use crate::games::mnk::{Move, Position, TicTacToe};
use crate::search::decision::{Decision, RatedMove};
use crate::search::distance::from_pieces;
use crate::search::solver::OutOfTime;

/// Every legal column of `position` rated exactly, one table for all of them; `None` when
/// the game is over. The moves and the tie-break are [`crate::search::decision`]'s.
pub(crate) fn decide(
    solver: &mut ColumnSolver,
    game: &TicTacToe,
    position: &Position,
) -> Result<Option<Decision<Move>>, OutOfTime> {
    let geometry = *solver.geometry();
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
            RatedMove::exact(mv, from_pieces(geometry.cells(), bits.moves, score))
        })
        .collect();
    Ok(Decision::choose(moves, 1 + solver.stats.nodes - before))
}

/// One legal column of `position` rated exactly, as [`decide`] rates it.
pub fn rate(solver: &mut ColumnSolver, position: &Position, mv: Move) -> Result<RatedMove<Move>, OutOfTime> {
    let geometry = *solver.geometry();
    let bits = Bits::of(position, &geometry);
    let score = solver
        .analyze_column(&bits, u32::from(mv.square.col))?
        .unwrap_or_default();
    Ok(RatedMove::exact(
        mv,
        from_pieces(geometry.cells(), bits.moves, score),
    ))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::mnk::{Mark, Rules, Shape};
    use crate::search::decision::decide_solved;
    use crate::search::solver::Solver;
    use crate::search::Algorithm;
    use crate::search::WIN;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn shape(cols: usize, rows: usize, k: usize) -> Shape {
        Shape::new(cols, rows, Some(k)).unwrap().with_gravity(true)
    }

    /// Open positions of `shape` reached by random play, with at most `empty` empty cells.
    pub(crate) fn random_positions(shape: Shape, count: usize, empty: u32, seed: u64) -> Vec<Position> {
        random_positions_from(shape, Mark::X, count, empty, seed)
    }

    /// [`random_positions`] of games that `first` starts.
    pub(crate) fn random_positions_from(
        shape: Shape,
        first: Mark,
        count: usize,
        empty: u32,
        seed: u64,
    ) -> Vec<Position> {
        let game = TicTacToe::new(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut found = Vec::new();
        while found.len() < count {
            let mut position = Position::start(shape, first);
            while !game.is_terminal(&position) && position.board.empty_cells().count_ones() > empty {
                let moves: Vec<_> = game.moves(&position).collect();
                position = game.play(&position, moves[rng.random_range(0..moves.len())]);
            }
            if !game.is_terminal(&position) {
                found.push(position);
            }
        }
        found
    }

    pub(crate) fn rated(decision: &Decision<Move>) -> Vec<(Move, i32, crate::search::distance::Outcome)> {
        decision
            .moves
            .iter()
            .map(|r| (r.mv, r.value, r.outcome))
            .collect()
    }

    #[test]
    fn the_column_solver_rates_every_move_as_plain_alpha_beta_does() {
        for (shape, empty, seed) in [
            (shape(4, 4, 3), 10, 1),
            (shape(5, 4, 4), 11, 2),
            (shape(4, 5, 3), 10, 3),
        ] {
            let game = TicTacToe::new(shape);
            let mut solver = ColumnSolver::new(Geometry::of(shape).unwrap(), 8);
            for position in random_positions(shape, 150, empty, seed) {
                let ours = decide(&mut solver, &game, &position).unwrap().unwrap();
                let plain = crate::search::decision::decide(&game, &position, Algorithm::AlphaBeta).unwrap();
                assert_eq!(rated(&ours), rated(&plain), "{}", position);
                assert_eq!(ours.chosen, plain.chosen, "{}", position);
            }
        }
    }

    #[test]
    fn the_column_solver_agrees_with_the_generic_solver_on_bigger_boards() {
        for (shape, empty, seed) in [
            (shape(6, 5, 4), 16, 4),
            (Shape::CONNECT_FOUR, 16, 5),
            (shape(8, 7, 5), 14, 6),
        ] {
            let game = TicTacToe::new(shape);
            let mut ours = ColumnSolver::new(Geometry::of(shape).unwrap(), 16);
            let mut generic = Solver::new(&game, 16);
            for position in random_positions(shape, 25, empty, seed) {
                let a = decide(&mut ours, &game, &position).unwrap().unwrap();
                let b = decide_solved(&mut generic, &game, &position).unwrap().unwrap();
                assert_eq!(rated(&a), rated(&b), "{}", position);
            }
        }
    }

    #[test]
    fn connect_four_scores_agree_with_pons_solver() {
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        assert_eq!(agree_with_pons(ColumnSolver::new(geometry, 16)), 12);
    }

    #[test]
    fn columns_rated_together_by_two_threads_agree_with_pons_solver() {
        // Every analysis is shared from its first node: several children solved at once,
        // then a thread left without one helping another's.
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        let solver = ColumnSolver::new(geometry, 16)
            .with_threads(2)
            .with_alone_nodes(0);
        assert_eq!(agree_with_pons(solver), 12);
    }

    #[test]
    fn columns_rated_together_stop_at_the_node_limit() {
        let position = crate::games::mnk::read_any("moves: 4453", Rules::CONNECT_FOUR, None).unwrap();
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        let mut solver = ColumnSolver::new(geometry, 16)
            .with_threads(2)
            .with_alone_nodes(1000)
            .with_node_limit(Some(50_000));
        assert_eq!(
            decide(&mut solver, &TicTacToe::new(Shape::CONNECT_FOUR), &position).err(),
            Some(OutOfTime)
        );
    }

    /// Checks every column `solver` rates on fixtures/connect4/pons-middle.txt against the
    /// scores of Pons' solver there; the positions checked.
    fn agree_with_pons(mut solver: ColumnSolver) -> usize {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/connect4/pons-middle.txt"
        ))
        .unwrap();
        let geometry = *solver.geometry();
        let mut checked = 0;
        for line in text.lines().filter(|line| !line.starts_with('#')) {
            let mut fields = line.split_whitespace();
            let moves = fields.next().unwrap();
            let expected: Vec<i32> = fields.map(|s| s.parse().unwrap()).collect();
            let position =
                crate::games::mnk::read_any(&format!("moves: {moves}"), Rules::CONNECT_FOUR, None).unwrap();
            let scores: Vec<i32> = solver
                .analyze(&Bits::of(&position, &geometry))
                .unwrap()
                .into_iter()
                .map(|s| s.unwrap_or(-1000))
                .collect();
            assert_eq!(scores, expected, "{moves}");
            checked += 1;
        }
        checked
    }

    #[test]
    fn a_search_past_its_node_limit_stops_with_an_error() {
        let position = crate::games::mnk::read_any("moves: 4453", Rules::CONNECT_FOUR, None).unwrap();
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        let mut solver = ColumnSolver::new(geometry, 16).with_node_limit(Some(50_000));
        assert_eq!(
            decide(&mut solver, &TicTacToe::new(Shape::CONNECT_FOUR), &position).err(),
            Some(OutOfTime)
        );
    }

    #[test]
    fn mirror_images_share_a_key_and_a_score() {
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        let read = |moves: &str| {
            let position =
                crate::games::mnk::read_any(&format!("moves: {moves}"), Rules::CONNECT_FOUR, None).unwrap();
            Bits::of(&position, &geometry)
        };
        let (left, right) = (read("1122334"), read("7766554"));
        assert_eq!(left.key(), right.key());
        assert_ne!(read("1122335").key(), left.key());
        let mut solver = ColumnSolver::new(geometry, 8);
        assert_eq!(solver.solve(&left), solver.solve(&right));
    }

    #[test]
    fn a_double_threat_one_move_away_is_seen_before_any_move_is_searched() {
        // X on 2 and 3 of the bottom row, O on column 7: X's 4 threatens 1 and 5 at once,
        // and wins with X's next piece but one, (42 - 1 - 4) / 2 = 18.
        assert_eq!(solved_without_book("2737"), (Ok(18), 2));
    }

    /// The score of the Connect Four position after `moves` (no book), and the nodes it
    /// took: 2 when each of the two null windows ends at the root, no child searched.
    fn solved_without_book(moves: &str) -> (Result<i32, crate::search::solver::OutOfTime>, u64) {
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        let position =
            crate::games::mnk::read_any(&format!("moves: {moves}"), Rules::CONNECT_FOUR, None).unwrap();
        let mut solver = ColumnSolver::new(geometry, 8).with_book(None);
        let score = solver.solve(&Bits::of(&position, &geometry));
        (score, solver.stats.nodes)
    }

    #[test]
    fn a_threat_whose_forced_block_allows_a_double_threat_is_seen_before_any_move_is_searched() {
        // X's 3 makes three in the second row (3, 5, 6): O must block at 4, and then X has a
        // move that threatens twice. A win with X's next piece but two, (42 - 3 - 12) / 2 =
        // 13, as Pons' solver scores columns 3 and 5.
        assert_eq!(solved_without_book("736564265157"), (Ok(13), 2));
    }

    #[test]
    fn a_column_score_reads_as_the_winners_own_moves() {
        let geometry = Geometry::of(Shape::CONNECT_FOUR).unwrap();
        // At 4 stones, -5 is a loss to the opponent's 15th piece: 30 plies, counting ours.
        assert_eq!(from_pieces(geometry.cells(), 4, -5), -(WIN - 30));
        // At 4 stones a win with our next piece scores (43 - 4) / 2 = 19.
        assert_eq!(from_pieces(geometry.cells(), 4, 19), WIN - 1);
        assert_eq!(from_pieces(geometry.cells(), 4, 0), 0);
    }
}
