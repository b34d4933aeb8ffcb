//! The engine on a board: [`Engine::board`] takes the table's row for the board and the
//! engine's limits ([`Engine::strategy`]) and keeps the solver that row needs, so that
//! solving, `play`, the grader's key and the page all answer the same way; the answer says
//! whether it is proven, and the solver's statistics stay to be read.
//!
//! ```
//! use minimax_core::games::board_engine::ground;
//! use minimax_core::games::mnk::{eval::BoardEvaluation, read_any, Rules, Shape, TicTacToe};
//! use minimax_core::search::engine::{Answer, Engine, Ground, Strategy};
//! use std::time::Duration;
//!
//! // 4 × 4, three in a row, pieces falling: the column solver, here within a second; X
//! // completes the bottom row in column 3, proven.
//! let rules = Rules { k: Some(3), gravity: true, size: Some((4, 4)) };
//! let position = read_any("moves: 1122", rules, None).unwrap();
//! let shape = position.board.shape();
//! assert_eq!(ground(shape), Ground::Columns);
//! let game = TicTacToe::new(shape);
//! let engine = Engine { time_limit: Some(Duration::from_secs(1)), hash_mib: 1, ..Engine::default() };
//! let mut search = engine.board(&game, BoardEvaluation::default_for(shape));
//! assert_eq!(search.strategy(), Strategy::ColumnsWithin(Duration::from_secs(1)));
//! let answer = search.answer(&position).unwrap().unwrap();
//! assert_eq!(answer.chosen().to_string(), "X 3 4");
//! assert!(matches!(answer, Answer::Search { exact: true, .. }));
//! ```

use super::connect4::book::Book;
use super::connect4::budget::decide_within;
use super::connect4::Geometry;
use super::exact::Exact;
use super::mnk::eval::BoardEvaluation;
use super::mnk::{Move, Position, Shape, TicTacToe};
use crate::search::decision::{principal_variation, Decision};
use crate::search::engine::{Answer, Engine, Ground, Strategy};
use crate::search::solver::OutOfTime;
use web_time::Instant;

/// What `shape` offers the engine: the sheet's board, a bigger one, or one where pieces
/// fall (fitting the column solver or not).
pub fn ground(shape: Shape) -> Ground {
    if shape == Shape::CLASSIC {
        Ground::Sheet
    } else if !shape.gravity {
        Ground::Placed
    } else if Geometry::of(shape).is_some() {
        Ground::Columns
    } else {
        Ground::Falling
    }
}

impl Engine {
    /// The engine at work on `game`'s board, `eval` valuing what a depth or a clock leaves
    /// unfinished; the solver its row needs is made now, with its table, kept for every
    /// answer asked of it (a game's moves share one table), with the shipped opening book
    /// where it is for the board. A proven-only engine's clock starts now; a clock that
    /// bounds each move starts at each answer.
    pub fn board<'g>(&self, game: &'g TicTacToe, eval: BoardEvaluation) -> BoardEngine<'g> {
        let strategy = self.strategy(ground(game.shape()));
        let exact = match strategy {
            Strategy::Solver | Strategy::ColumnsWithin(_) | Strategy::SolverThenDeepening(..) => {
                let exact = Exact::new(game, self.hash_mib).with_threads(self.threads);
                Some(match strategy {
                    Strategy::Solver if self.proven_only => exact.with_limits(
                        self.time_limit.map(|limit| Instant::now() + limit),
                        self.node_limit,
                    ),
                    _ => exact,
                })
            }
            _ => None,
        };
        BoardEngine {
            engine: *self,
            strategy,
            game,
            eval,
            exact,
        }
    }
}

/// The engine at work on one board: the table's row for it, and the solver it keeps.
pub struct BoardEngine<'g> {
    engine: Engine,
    strategy: Strategy,
    game: &'g TicTacToe,
    eval: BoardEvaluation,
    exact: Option<Exact<'g>>,
}

impl<'g> BoardEngine<'g> {
    /// Answers from `book` where it is for the board (`None`: no book).
    pub fn with_book(mut self, book: Option<&'static Book>) -> BoardEngine<'g> {
        self.exact = self.exact.map(|exact| exact.with_book(book));
        self
    }

    /// The table's row: how this board is searched.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The exact solver the row keeps (its name, statistics and table for `--stats`; the
    /// page rates moves one at a time with it); `None` for the searches without one.
    pub fn solver(&self) -> Option<&Exact<'g>> {
        self.exact.as_ref()
    }

    /// The solver, to rate moves one at a time with it ([`Exact::rate`]).
    pub fn solver_mut(&mut self) -> Option<&mut Exact<'g>> {
        self.exact.as_mut()
    }

    /// The answer at `position`; `None` when the game is over. Only a `proven_only`
    /// engine's solver runs out of time (or nodes).
    pub fn answer(&mut self, position: &Position) -> Result<Option<Answer<Move>>, OutOfTime> {
        let exactly = |decision: Option<Decision<Move>>| {
            decision.map(|decision| Answer::Search {
                decision,
                iterations: Vec::new(),
                exact: true,
                proven: None,
            })
        };
        if let Strategy::SolverThenDeepening(wait, _) = self.strategy {
            // Each move gets the whole wait, however many answers the engine has given.
            let deadline = Some(Instant::now() + wait);
            self.exact = self.exact.take().map(|exact| exact.with_limits(deadline, None));
        }
        let Some(exact) = self.exact.as_mut() else {
            return Ok(self.engine.search(self.strategy, self.game, &self.eval, position));
        };
        match self.strategy {
            Strategy::ColumnsWithin(limit) => {
                let Some(columns) = exact.columns() else {
                    return Ok(self.engine.search(self.strategy, self.game, &self.eval, position));
                };
                Ok(
                    decide_within(columns, self.game, &self.eval, position, limit).map(|budgeted| {
                        Answer::Search {
                            decision: budgeted.decision,
                            iterations: Vec::new(),
                            exact: budgeted.exact,
                            proven: Some(budgeted.proven),
                        }
                    }),
                )
            }
            Strategy::SolverThenDeepening(..) => match exact.decide(position) {
                Ok(decision) => Ok(exactly(decision)),
                // Not solved in the wait: the evaluation's search has the rest of the time.
                Err(OutOfTime) => Ok(self.engine.search(self.strategy, self.game, &self.eval, position)),
            },
            _ => exact.decide(position).map(exactly),
        }
    }

    /// The line of best play after `decision` (made at `position`) where the values are
    /// exact: the solver's, or the exhaustive search's; empty for estimates.
    pub fn principal_variation(
        &mut self,
        position: &Position,
        decision: &Decision<Move>,
        exact: bool,
    ) -> Result<Vec<Move>, OutOfTime> {
        match (self.strategy, self.exact.as_mut()) {
            (Strategy::Solver, Some(solver)) => solver.principal_variation(position, decision),
            (Strategy::Exhaustive(algorithm) | Strategy::ToDepth(algorithm, _), _) if exact => {
                Ok(principal_variation(self.game, position, decision, algorithm))
            }
            _ => Ok(Vec::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mnk::Mark;
    use std::time::Duration;

    /// A game the engine plays against itself from the start, one engine kept for all its
    /// moves: at every position it decides as a new engine does (the same values, outcomes,
    /// tie-break scores and move), though its table holds the earlier moves' searches.
    fn kept_and_new_engines_agree(shape: Shape) {
        let game = TicTacToe::new(shape);
        let eval = BoardEvaluation::default_for(shape);
        let engine = Engine {
            hash_mib: 16,
            ..Engine::default()
        };
        let mut kept = engine.board(&game, eval);
        let mut position = Position::start(shape, Mark::X);
        let mut moves = 0;
        while let Some(answer) = kept.answer(&position).unwrap() {
            let fresh = engine.board(&game, eval).answer(&position).unwrap().unwrap();
            let (Answer::Search { decision: kept, .. }, Answer::Search { decision: fresh, .. }) =
                (&answer, &fresh)
            else {
                panic!("the solver answers with a search");
            };
            assert_eq!(kept.moves, fresh.moves, "after {moves} moves");
            assert_eq!(kept.chosen, fresh.chosen, "after {moves} moves");
            position = position.play(answer.chosen().square);
            moves += 1;
        }
        assert!(game.is_terminal(&position));
    }

    #[test]
    fn a_game_played_from_one_table_on_4x4_makes_the_moves_of_a_new_table_each_move() {
        kept_and_new_engines_agree(Shape::with_rules(4, 4, None, false).unwrap());
    }

    #[test]
    fn a_game_played_from_one_table_where_pieces_fall_makes_the_moves_of_a_new_table_each_move() {
        kept_and_new_engines_agree(Shape::with_rules(5, 4, Some(3), true).unwrap());
    }

    #[test]
    fn a_solver_that_ran_out_of_its_wait_tries_again_at_the_next_move() {
        // 8 × 8 where pieces fall: the generic solver, then deepening, someone waiting.
        let shape = Shape::with_rules(8, 8, Some(4), true).unwrap();
        assert_eq!(ground(shape), Ground::Falling);
        let game = TicTacToe::new(shape);
        let engine = Engine {
            patience: Some(Duration::from_millis(100)),
            hash_mib: 16,
            ..Engine::default()
        };
        let mut search = engine.board(&game, BoardEvaluation::default_for(shape));
        let start = Position::start(shape, Mark::X);
        let opening = search.answer(&start).unwrap().unwrap();
        assert!(
            matches!(opening, Answer::Search { exact: false, .. }),
            "the opening is not solved within its 100 ms wait"
        );
        // Filled, column by column, as long as a move does not end the game: a few cells left.
        let mut late = start;
        while let Some(mv) = game
            .moves(&late)
            .find(|mv| !game.is_terminal(&late.play(mv.square)))
            .filter(|_| late.board.empty_cells().count_ones() > 6)
        {
            late = late.play(mv.square);
        }
        let answer = search.answer(&late).unwrap().unwrap();
        assert!(
            matches!(answer, Answer::Search { exact: true, .. }),
            "{}",
            late.board
        );
    }
}
