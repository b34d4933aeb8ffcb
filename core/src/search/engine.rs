//! The one engine that chooses a move: an algorithm and its limits ([`Engine`]), the table
//! that turns them and the board into a search ([`Engine::strategy`]), and the search of any
//! game without a solver of its own ([`Engine::think`]). Boards run the same table through
//! [`Engine::board`](crate::games::exact) (the exact solvers, the column solver within a
//! clock); every command, the grader's key and the page ask the engine, never an algorithm.
//!
//! ```
//! use minimax_core::games::mnk::{eval::OpenLines, Position, Shape, TicTacToe};
//! use minimax_core::search::engine::{Engine, Ground, Strategy};
//! use minimax_core::search::Algorithm;
//!
//! // Exact search, and Monte Carlo tree search, both take the win `X 3 1`.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let exact = Engine::exact().think(&game, &OpenLines, &position).unwrap();
//! assert_eq!(exact.chosen().to_string(), "X 3 1");
//! let mcts = Engine { algorithm: Some(Algorithm::Mcts), ..Engine::exact() };
//! assert_eq!(mcts.think(&game, &OpenLines, &position).unwrap().chosen().to_string(), "X 3 1");
//!
//! // The table: by default the slides' alpha-beta on the sheet's board, the solver on bigger
//! // ones, and where pieces fall a clock bounds the column solver.
//! let engine = Engine::default();
//! assert_eq!(engine.strategy(Ground::Sheet), Strategy::Exhaustive(Algorithm::AlphaBeta));
//! assert_eq!(engine.strategy(Ground::Placed), Strategy::Solver);
//! let clock = Engine { time_limit: Some(std::time::Duration::from_secs(1)), ..engine };
//! assert_eq!(clock.strategy(Ground::Columns), Strategy::ColumnsWithin(std::time::Duration::from_secs(1)));
//! ```

use super::decision::{decide, Decision};
use super::depth::{deepen, DepthLimited, Evaluation, Iteration};
use super::distance::Decisive;
use super::{mcts, Algorithm};
use std::time::Duration;

/// An algorithm and its limits.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    /// How moves are chosen: minimax, alpha-beta, MCTS, or the exact solver of a board
    /// (`None`: the board's default, as [`Engine::strategy`] says).
    pub algorithm: Option<Algorithm>,
    /// Search this many plies, then evaluate.
    pub depth: Option<u32>,
    /// Deepen until this much time is used (where pieces fall, the solver's clock); with
    /// [`Engine::exact`]-ness asked (`proven_only`), the longest the exact solver may take.
    pub time_limit: Option<Duration>,
    /// Nodes the exact solver may enter before it gives up (`proven_only` searches).
    pub node_limit: Option<u64>,
    /// Only a proven answer will do (the grader's key): the limits stop the exact search
    /// with an error instead of answering the best found.
    pub proven_only: bool,
    /// Someone waits for the answer (`play`): where pieces fall and no time limit is given,
    /// the answer comes within about this long, exact where the time allows.
    pub patience: Option<Duration>,
    /// MCTS's iterations, exploration and seed (used by [`Algorithm::Mcts`] only).
    pub mcts: mcts::Settings,
    /// The exact solver's transposition table, in MiB (it never takes more).
    pub hash_mib: usize,
    /// Threads of an exact search, sharing its table (1: the search alone).
    pub threads: usize,
}

impl Default for Engine {
    /// The board's default algorithm, no limits, a 256 MiB table, one thread.
    fn default() -> Engine {
        Engine {
            algorithm: None,
            depth: None,
            time_limit: None,
            node_limit: None,
            proven_only: false,
            patience: None,
            mcts: mcts::Settings {
                iterations: 20_000,
                exploration: 1.0,
                seed: 0,
            },
            hash_mib: 256,
            threads: 1,
        }
    }
}

/// What a game offers the engine besides search: the table's first column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// A game without a solver of its own (Nim, any [`Decisive`] game): minimax and
    /// alpha-beta.
    Plain,
    /// The sheet's 3×3 board: the slides' alpha-beta by default (the lecture's node counts).
    Sheet,
    /// A bigger board where pieces are placed anywhere: the exact solver by default.
    Placed,
    /// Pieces fall on a board the column solver fits (Connect Four): it also answers
    /// within a clock.
    Columns,
    /// Pieces fall on a board too big for the column solver (8×8): the generic solver.
    Falling,
}

/// How a move is searched for: a row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Monte Carlo tree search: statistics, not values.
    Mcts,
    /// Minimax or alpha-beta to the end of the game: exact.
    Exhaustive(Algorithm),
    /// Minimax or alpha-beta to a depth, then the evaluation.
    ToDepth(Algorithm, u32),
    /// Minimax or alpha-beta deepened one ply at a time until the time is used.
    Deepening(Algorithm, Duration),
    /// The board's exact solver (within the give-up limits of a `proven_only` engine).
    Solver,
    /// The column solver within the time, the evaluation choosing among the columns not
    /// refuted when it runs out (the answer says which moves are proven).
    ColumnsWithin(Duration),
    /// The exact solver for the first time (`wait`), then alpha-beta deepened for the
    /// second when it has not finished.
    SolverThenDeepening(Duration, Duration),
}

impl Strategy {
    /// Whether the answer is exact without depending on the clock: an exhaustive search,
    /// or the solver unbounded.
    pub fn exhaustive(self) -> bool {
        matches!(self, Strategy::Exhaustive(_) | Strategy::Solver)
    }
}

impl Engine {
    /// Exact alpha-beta: the reference.
    pub fn exact() -> Engine {
        Engine {
            algorithm: Some(Algorithm::AlphaBeta),
            ..Engine::default()
        }
    }

    /// The algorithm asked for, or the ground's default: the slides' alpha-beta on the
    /// sheet's board and on games without a solver, the exact solver on bigger boards.
    pub fn algorithm(&self, ground: Ground) -> Algorithm {
        self.algorithm.unwrap_or(match ground {
            Ground::Plain | Ground::Sheet => Algorithm::AlphaBeta,
            Ground::Placed | Ground::Columns | Ground::Falling => Algorithm::Solver,
        })
    }

    /// THE TABLE: which search answers on `ground` with this engine's algorithm and limits.
    /// Every caller (solving, `play`, `nim`, the grader's key, the page) goes through it.
    ///
    /// | algorithm        | limits                   | ground         | search                      |
    /// |------------------|--------------------------|----------------|-----------------------------|
    /// | mcts             | any                      | any            | MCTS                        |
    /// | solver           | time                     | columns        | the column solver within it |
    /// | any other        | time                     | any            | deepening (alpha-beta)      |
    /// | any              | depth                    | any            | to the depth                |
    /// | solver           | none, someone waiting    | columns        | the column solver within it |
    /// | solver           | none, someone waiting    | falling        | solver, then deepening      |
    /// | solver           | none                     | with a solver  | the solver                  |
    /// | minimax/else     | none                     | any            | exhaustive                  |
    ///
    /// A `proven_only` engine (the grader's key) takes the rows without a clock: its time
    /// and node limits only bound the solver, which then gives up rather than guess.
    ///
    /// Minimax, expectiminimax and max^n search as minimax; alpha-beta, MCTS's values and
    /// the solver without one as alpha-beta ([`Algorithm::exact_search`]).
    pub fn strategy(&self, ground: Ground) -> Strategy {
        let algorithm = self.algorithm(ground);
        let search = algorithm.exact_search();
        let solver = algorithm == Algorithm::Solver && ground != Ground::Plain;
        if algorithm == Algorithm::Mcts {
            return Strategy::Mcts;
        }
        // Where only a proof will do, the clock is when to give up, not when to guess.
        if let Some(limit) = self.time_limit.filter(|_| !self.proven_only) {
            return match (solver, ground) {
                (true, Ground::Columns) if self.depth.is_none() => Strategy::ColumnsWithin(limit),
                _ => Strategy::Deepening(search, limit),
            };
        }
        if let Some(depth) = self.depth {
            return Strategy::ToDepth(search, depth);
        }
        match (solver, self.patience, ground) {
            (true, Some(patience), Ground::Columns) => Strategy::ColumnsWithin(patience),
            (true, Some(patience), Ground::Falling) => {
                Strategy::SolverThenDeepening(patience / 2, patience - patience / 2)
            }
            (true, _, _) => Strategy::Solver,
            (false, _, _) => Strategy::Exhaustive(search),
        }
    }

    /// The engine's answer at `state` of a game without a solver of its own (the table's
    /// [`Ground::Plain`] rows); `None` when the game is over.
    pub fn think<G: Decisive, E: Evaluation<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<Answer<G::Move>> {
        self.search(self.strategy(Ground::Plain), game, eval, state)
    }

    /// `strategy` run on `game` by the searches every game has; the solver's rows, which the
    /// table gives only to boards, search exhaustively with alpha-beta.
    pub(crate) fn search<G: Decisive, E: Evaluation<G>>(
        &self,
        strategy: Strategy,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<Answer<G::Move>> {
        let (decision, iterations, exact) = match strategy {
            Strategy::Mcts => return mcts::search(game, state, self.mcts).map(Answer::Mcts),
            Strategy::Deepening(algorithm, limit) => {
                let (decision, iterations) = deepen(game, eval, state, algorithm, limit)?;
                (decision, iterations, false)
            }
            // What is left after the solver's wait: the evaluation's search.
            Strategy::SolverThenDeepening(_, limit) => {
                let (decision, iterations) = deepen(game, eval, state, Algorithm::AlphaBeta, limit)?;
                (decision, iterations, false)
            }
            Strategy::ToDepth(algorithm, depth) => {
                let limited = DepthLimited::new(game, eval, None);
                let decision = decide(&limited, &(state.clone(), depth), algorithm)?;
                let exact = !limited.cut_short.get();
                (decision, Vec::new(), exact)
            }
            Strategy::Exhaustive(algorithm) => (decide(game, state, algorithm)?, Vec::new(), true),
            Strategy::Solver | Strategy::ColumnsWithin(_) => {
                (decide(game, state, Algorithm::AlphaBeta)?, Vec::new(), true)
            }
        };
        Some(Answer::Search {
            decision,
            iterations,
            exact,
            proven: None,
        })
    }
}

/// What an engine found.
#[derive(Clone, Debug)]
pub enum Answer<M> {
    /// Minimax, alpha-beta or a solver, to the end of the game (`exact`) or to a depth.
    Search {
        /// Every legal move rated, and the one chosen.
        decision: Decision<M>,
        /// Iterative deepening's iterations (empty without a time limit).
        iterations: Vec<Iteration>,
        /// Whether the search reached the end of the game everywhere (values are exact).
        exact: bool,
        /// Within a clock where pieces fall: for each of `decision.moves`, whether its value
        /// is proven (the others are the evaluation's estimates); `None` elsewhere.
        proven: Option<Vec<bool>>,
    },
    /// Monte Carlo tree search: statistics, not values.
    Mcts(mcts::Search<M>),
}

impl<M: Copy> Answer<M> {
    /// The move chosen, whichever way.
    pub fn chosen(&self) -> M {
        match self {
            Answer::Search { decision, .. } => decision.best().mv,
            Answer::Mcts(search) => search.moves[search.chosen].mv,
        }
    }
}

#[cfg(test)]
mod tests {
    //! One test a row of the table.
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn asking(algorithm: Option<Algorithm>) -> Engine {
        Engine {
            algorithm,
            ..Engine::default()
        }
    }

    #[test]
    fn mcts_is_mcts_whatever_the_limits_and_the_board() {
        let engine = Engine {
            depth: Some(3),
            time_limit: Some(SECOND),
            ..asking(Some(Algorithm::Mcts))
        };
        for ground in [Ground::Plain, Ground::Sheet, Ground::Columns, Ground::Falling] {
            assert_eq!(engine.strategy(ground), Strategy::Mcts);
        }
    }

    #[test]
    fn the_grader_gives_the_solver_its_time_and_nodes_to_prove_or_give_up() {
        let key = Engine {
            time_limit: Some(SECOND),
            node_limit: Some(10),
            proven_only: true,
            ..Engine::default()
        };
        assert_eq!(key.strategy(Ground::Placed), Strategy::Solver);
        assert_eq!(key.strategy(Ground::Columns), Strategy::Solver);
        // The sheet's board is the slides' alpha-beta, quick enough to need no limit.
        assert_eq!(
            key.strategy(Ground::Sheet),
            Strategy::Exhaustive(Algorithm::AlphaBeta)
        );
    }

    #[test]
    fn a_clock_where_pieces_fall_bounds_the_column_solver() {
        let engine = Engine {
            time_limit: Some(SECOND),
            ..Engine::default()
        };
        assert_eq!(engine.strategy(Ground::Columns), Strategy::ColumnsWithin(SECOND));
    }

    #[test]
    fn a_clock_elsewhere_deepens_the_evaluations_search() {
        let engine = Engine {
            time_limit: Some(SECOND),
            ..Engine::default()
        };
        for ground in [Ground::Plain, Ground::Sheet, Ground::Placed, Ground::Falling] {
            assert_eq!(
                engine.strategy(ground),
                Strategy::Deepening(Algorithm::AlphaBeta, SECOND)
            );
        }
        let minimax = Engine {
            time_limit: Some(SECOND),
            ..asking(Some(Algorithm::Minimax))
        };
        assert_eq!(
            minimax.strategy(Ground::Columns),
            Strategy::Deepening(Algorithm::Minimax, SECOND)
        );
    }

    #[test]
    fn a_depth_searches_to_it_with_the_evaluation_even_when_the_solver_is_asked() {
        let engine = Engine {
            depth: Some(4),
            ..asking(Some(Algorithm::Solver))
        };
        for ground in [Ground::Sheet, Ground::Columns, Ground::Falling] {
            assert_eq!(
                engine.strategy(ground),
                Strategy::ToDepth(Algorithm::AlphaBeta, 4)
            );
        }
        let minimax = Engine {
            depth: Some(2),
            ..asking(Some(Algorithm::Minimax))
        };
        assert_eq!(
            minimax.strategy(Ground::Plain),
            Strategy::ToDepth(Algorithm::Minimax, 2)
        );
    }

    #[test]
    fn a_person_waiting_where_pieces_fall_gets_an_answer_within_the_patience() {
        let play = Engine {
            patience: Some(2 * SECOND),
            ..Engine::default()
        };
        assert_eq!(
            play.strategy(Ground::Columns),
            Strategy::ColumnsWithin(2 * SECOND)
        );
        assert_eq!(
            play.strategy(Ground::Falling),
            Strategy::SolverThenDeepening(SECOND, SECOND)
        );
        // Where pieces are placed the solver answers however long it takes, as it always has.
        assert_eq!(play.strategy(Ground::Placed), Strategy::Solver);
        // A time limit given is the limit.
        let limited = Engine {
            time_limit: Some(SECOND / 2),
            ..play
        };
        assert_eq!(
            limited.strategy(Ground::Columns),
            Strategy::ColumnsWithin(SECOND / 2)
        );
    }

    #[test]
    fn without_limits_bigger_boards_are_solved_and_the_sheet_is_searched_as_on_the_slides() {
        let engine = Engine::default();
        assert_eq!(
            engine.strategy(Ground::Sheet),
            Strategy::Exhaustive(Algorithm::AlphaBeta)
        );
        assert_eq!(
            engine.strategy(Ground::Plain),
            Strategy::Exhaustive(Algorithm::AlphaBeta)
        );
        for ground in [Ground::Placed, Ground::Columns, Ground::Falling] {
            assert_eq!(engine.strategy(ground), Strategy::Solver);
        }
        // The solver asked for on the sheet solves it; on a game without one, alpha-beta.
        let solver = asking(Some(Algorithm::Solver));
        assert_eq!(solver.strategy(Ground::Sheet), Strategy::Solver);
        assert_eq!(
            solver.strategy(Ground::Plain),
            Strategy::Exhaustive(Algorithm::AlphaBeta)
        );
    }

    #[test]
    fn minimax_and_its_kin_search_every_node_and_alpha_beta_prunes() {
        for (asked, searched) in [
            (Algorithm::Minimax, Algorithm::Minimax),
            (Algorithm::Expectiminimax, Algorithm::Minimax),
            (Algorithm::MaxN, Algorithm::Minimax),
            (Algorithm::AlphaBeta, Algorithm::AlphaBeta),
        ] {
            for ground in [Ground::Plain, Ground::Sheet, Ground::Placed, Ground::Columns] {
                assert_eq!(
                    asking(Some(asked)).strategy(ground),
                    Strategy::Exhaustive(searched)
                );
            }
        }
    }
}
