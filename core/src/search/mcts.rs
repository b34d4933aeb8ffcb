//! Monte Carlo tree search (lecture 002): UCB1 selection, one expansion per iteration,
//! uniformly random playouts, results backed up the path. Seeded, so the same seed gives
//! the same answer.
//!
//! ```
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//! use minimax_core::search::mcts::{search, Settings};
//!
//! // A few thousand seeded playouts find the win `X 3 1`; the same seed, the same answer.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let settings = Settings { iterations: 2_000, exploration: 1.0, seed: 7 };
//! let found = search(&game, &position, settings).unwrap();
//! assert_eq!(found.moves[found.chosen].mv.to_string(), "X 3 1");
//! assert_eq!(search(&game, &position, settings).unwrap().chosen, found.chosen);
//! ```

use super::distance::Decisive;
use crate::game::Game;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How long and how widely to search.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Playouts to run.
    pub iterations: u32,
    /// C in UCB1 = X̄ⱼ + C·√(2 ln n / nⱼ).
    pub exploration: f64,
    /// Seed of the random playouts: the same seed, the same answer.
    pub seed: u64,
}

/// What the search learnt about one move from the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics<M> {
    /// The move.
    pub mv: M,
    pub(crate) visits: u32,
    /// Mean reward for the player to move at the root: 1 win, ½ draw, 0 loss.
    pub(crate) mean: f64,
}

/// Every root move's statistics and the one chosen: the most visited (ties: higher mean,
/// then the first in move order).
#[derive(Clone, Debug)]
pub struct Search<M> {
    /// Every root move's statistics, in the game's move order.
    pub moves: Vec<Statistics<M>>,
    /// Index into `moves` of the chosen move.
    pub chosen: usize,
}

struct Node<G: Game> {
    state: G::State,
    /// The player who moved into this node; its reward is counted for that player.
    mover: Option<G::Player>,
    mv: Option<G::Move>,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u32,
    reward: f64,
}

/// Runs MCTS from `state`; `None` when the game is already over.
pub fn search<G: Decisive>(game: &G, state: &G::State, settings: Settings) -> Option<Search<G::Move>> {
    if game.is_terminal(state) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let mut nodes: Vec<Node<G>> = vec![node(game, state.clone(), None, None, None)];
    for _ in 0..settings.iterations.max(1) {
        // Selection: down through fully expanded nodes by UCB1.
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            at = select(&nodes, at, settings.exploration);
        }
        // Expansion: one untried move, in move order.
        if !nodes[at].untried.is_empty() {
            let mv = nodes[at].untried.remove(0);
            let child_state = game.play(&nodes[at].state, mv);
            let mover = game.player(&nodes[at].state);
            nodes.push(node(game, child_state, Some(mover), Some(mv), Some(at)));
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            at = child;
        }
        // Playout: random moves to the end.
        let mut playout = nodes[at].state.clone();
        while !game.is_terminal(&playout) {
            let moves: Vec<G::Move> = game.moves(&playout).collect();
            let mv = moves[rng.random_range(0..moves.len())];
            playout = game.play(&playout, mv);
        }
        // Backpropagation.
        let mut up = Some(at);
        while let Some(id) = up {
            let node = &mut nodes[id];
            node.visits += 1;
            if let Some(mover) = node.mover {
                node.reward += f64::from(game.utility(&playout, mover).signum() + 1) / 2.0;
            }
            up = node.parent;
        }
    }
    let moves: Vec<Statistics<G::Move>> = nodes[0]
        .children
        .iter()
        .map(|&child| {
            let node = &nodes[child];
            let mean = node.reward / f64::from(node.visits.max(1));
            Some(Statistics {
                mv: node.mv?,
                visits: node.visits,
                mean,
            })
        })
        .collect::<Option<_>>()?;
    let chosen = (0..moves.len())
        .rev()
        .max_by(|&a, &b| {
            (moves[a].visits, moves[a].mean)
                .partial_cmp(&(moves[b].visits, moves[b].mean))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(0);
    Some(Search { moves, chosen })
}

fn node<G: Game>(
    game: &G,
    state: G::State,
    mover: Option<G::Player>,
    mv: Option<G::Move>,
    parent: Option<usize>,
) -> Node<G> {
    let untried = if game.is_terminal(&state) {
        Vec::new()
    } else {
        game.moves(&state).collect()
    };
    Node {
        state,
        mover,
        mv,
        parent,
        children: Vec::new(),
        untried,
        visits: 0,
        reward: 0.0,
    }
}

/// The child with the highest UCB1; the first on a tie.
fn select<G: Game>(nodes: &[Node<G>], parent: usize, exploration: f64) -> usize {
    let log_n = f64::from(nodes[parent].visits.max(1)).ln();
    let ucb = |child: usize| {
        let node = &nodes[child];
        let n = f64::from(node.visits.max(1));
        node.reward / n + exploration * (2.0 * log_n / n).sqrt()
    };
    let children = &nodes[parent].children;
    let mut best = children[0];
    for &child in &children[1..] {
        if ucb(child) > ucb(best) {
            best = child;
        }
    }
    best
}
