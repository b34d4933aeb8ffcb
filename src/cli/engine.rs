//! The options that choose how the machine thinks, shared by solving, `nim` and `play`.

use super::choices::MethodArg;
use super::Error;
use clap::Args;
use minimax_core::games::connect4::book::Book;
use minimax_core::search::engine::Engine;
use minimax_core::search::mcts;
use minimax_core::search::Algorithm;
use std::time::Duration;

#[derive(Debug, Args)]
pub(crate) struct EngineArgs {
    /// How moves are chosen: minimax, alphabeta and solver give the same values and the same
    /// move (default: alphabeta on 3x3, as on the slides; solver on bigger boards).
    #[arg(long, value_enum)]
    pub(crate) algorithm: Option<MethodArg>,
    /// The solver's transposition table, in MiB (it never takes more).
    #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) hash: u64,
    /// Threads that share a long exact search (default: the number of cores); the scores
    /// and the move are the same with any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) threads: Option<u64>,
    /// Connect Four's opening book: `none` to solve every position, or a book file made by
    /// `minimax book generate` (default: the book built into the program).
    #[arg(long, value_name = "none|PATH")]
    pub(crate) book: Option<std::path::PathBuf>,
    /// Search only N plies deep, then use the evaluation function.
    #[arg(long, value_name = "N")]
    pub(crate) depth: Option<u32>,
    /// Deepen one ply at a time until this much time is used (500ms, 2s, 1.5s, 2m; a bare
    /// number is milliseconds); answer from the deepest search.
    #[arg(long, value_name = "TIME", conflicts_with = "depth", value_parser = super::duration::milliseconds_flag)]
    pub(crate) time_limit: Option<Duration>,
    /// MCTS: iterations (selection, expansion, playout, backup).
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub(crate) iterations: u32,
    /// MCTS: the constant C of UCB1 = mean + C·√(2 ln n / nⱼ).
    #[arg(long, value_name = "C", default_value_t = 1.0)]
    pub(crate) exploration: f64,
    /// MCTS: the seed of the random playouts (the same seed, the same answer).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub(crate) seed: u64,
}

impl EngineArgs {
    /// The threads of an exact search: `--threads`, or the number of cores.
    pub(crate) fn threads(&self) -> usize {
        match self.threads {
            Some(threads) => threads as usize,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }

    /// The opening book asked for: the built-in one, a file's (read once, kept for the
    /// run), or none.
    pub(crate) fn book(&self) -> Result<Option<&'static Book>, Error> {
        let Some(path) = &self.book else {
            return Ok(Book::embedded());
        };
        if path.as_os_str() == "none" {
            return Ok(None);
        }
        let bytes = std::fs::read(path).map_err(|source| Error::BookUnreadable {
            path: path.clone(),
            source,
        })?;
        let book = Book::read(&bytes).map_err(|source| Error::BookInvalid {
            path: path.clone(),
            source,
        })?;
        Ok(Some(Box::leak(Box::new(book))))
    }

    /// The engine (without --algorithm, the board's default: the engine's table says).
    pub(crate) fn engine(&self) -> Engine {
        Engine {
            algorithm: self.algorithm.map(Algorithm::from),
            hash_mib: self.hash as usize,
            threads: self.threads(),
            depth: self.depth,
            time_limit: self.time_limit,
            mcts: mcts::Settings {
                iterations: self.iterations,
                exploration: self.exploration,
                seed: self.seed,
            },
            ..Engine::default()
        }
    }
}
