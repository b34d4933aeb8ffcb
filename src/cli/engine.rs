//! The options that choose how the machine thinks, shared by solving, `nim` and `play`.

use super::values::MethodArg;
use clap::Args;
use minimax_core::search::engine::Engine;
use minimax_core::search::mcts;
use minimax_core::search::Algorithm;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct EngineArgs {
    /// How moves are chosen: minimax, alphabeta and solver give the same values and the same
    /// move (default: alphabeta on 3x3, as on the slides; solver on bigger boards).
    #[arg(long, value_enum)]
    pub algorithm: Option<MethodArg>,
    /// The solver's transposition table, in MiB (it never takes more).
    #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Search only N plies deep, then use the evaluation function.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Deepen one ply at a time until MS milliseconds are used; answer from the deepest search.
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    pub time_limit: Option<u64>,
    /// MCTS: iterations (selection, expansion, playout, backup).
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub iterations: u32,
    /// MCTS: the constant C of UCB1 = mean + C·√(2 ln n / nⱼ).
    #[arg(long, value_name = "C", default_value_t = 1.0)]
    pub exploration: f64,
    /// MCTS: the seed of the random playouts (the same seed, the same answer).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

impl EngineArgs {
    /// The engine; `default` is the algorithm when --algorithm is not given.
    pub fn engine(&self, default: Algorithm) -> Engine {
        Engine {
            algorithm: self.algorithm.map_or(default, Algorithm::from),
            hash_mib: self.hash as usize,
            depth: self.depth,
            time_limit: self.time_limit.map(Duration::from_millis),
            mcts: mcts::Settings {
                iterations: self.iterations,
                exploration: self.exploration,
                seed: self.seed,
            },
        }
    }
}
