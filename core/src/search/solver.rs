//! The exact solver for boards too big for the slides' alpha-beta.
//!
//! Negamax with alpha-beta and a principal-variation (null-window) search, over scores that
//! keep the distance to the end: a win `p` plies ahead is `WIN - p`, a loss `-(WIN - p)`, a
//! draw 0, so the search prefers the quickest win and the slowest loss, exactly as the
//! tie-break of [`super::decision`] does. What makes it fast, each from the game
//! ([`Solvable`]): a transposition table keyed by the position up to the board's symmetries;
//! tactics (a win at once, a threat that must be blocked, two threats that cannot be) that
//! settle a node without searching it; and a move order of its own (the table's best move,
//! then the game's static order), apart from the tie-break order of the answers.
//!
//! One [`Solver`] is one search context: the table, the node counts, the deadline.
//!
//! ```
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//! use minimax_core::search::{solver::Solver, WIN};
//!
//! // The empty board is a draw; X to move in `XX-/-OO/---` wins in one ply.
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let mut solver = Solver::new(&game, 1);
//! let empty: Position = "---/---/---".parse().unwrap();
//! assert_eq!(solver.score(&empty), Ok(0));
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! assert_eq!(solver.score(&position), Ok(WIN - 1));
//! ```

use super::table::{Layout, Table};
use crate::game::Game;
use std::ops::ControlFlow;
use web_time::Instant;

use super::WIN;

/// What the side to move can settle without searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics<M> {
    /// Nothing: search every move.
    Open,
    /// A move that wins at once.
    Win(M),
    /// The opponent threatens to win at one cell only: blocking it is the only move that does
    /// not lose at once.
    Block(M),
    /// The opponent threatens two cells: the game is lost in two plies.
    Lost,
}

/// A game the solver can search: integer utilities (+1, 0, −1 for the player asked), and
/// what makes the search fast.
pub trait Solvable: Game<Value = i32> {
    /// The state's key up to symmetry, the symmetry that maps the state onto it, and which
    /// of the two players moves (0 or 1: the key holds the board only).
    fn canonical(&self, state: &Self::State) -> (u128, u8, u8);
    /// Whether the side to move wins at once, must block, or has lost.
    fn tactics(&self, state: &Self::State) -> Tactics<Self::Move>;
    /// The moves of a non-terminal state in search order (best guesses first).
    fn search_order(&self, state: &Self::State, moves: &mut Vec<Self::Move>);
    /// A move as one byte (a cell's index), and back.
    fn move_code(&self, mv: Self::Move) -> u8;
    /// `code` carried through symmetry `symmetry` (or back, `inverse`).
    fn map_code(&self, code: u8, symmetry: u8, inverse: bool) -> u8;
    /// How many distinct states there can be at most: the table is never made larger.
    fn state_bound(&self) -> u64;
    /// The soonest the side to move can lose when [`Solvable::tactics`] found neither a
    /// loss nor a win, in plies: 4 where every threat is playable (blocking the only one
    /// leaves the opponent none), 2 where a move can open the cell above it to an opponent's
    /// threat (falling pieces).
    fn soonest_open_loss(&self) -> i32 {
        4
    }
    /// Whether the side to move, and the opponent, still have a line free of the other's
    /// pieces: a side without one cannot win, which bounds the score at a draw.
    fn open_lines(&self, _state: &Self::State) -> (bool, bool) {
        (true, true)
    }
}

/// The data of a table slot: the score (from the node's own point of view, distances
/// counted from the node), the flag and the best move packed in one word of a wide
/// [`Table`] slot (beside the whole key).
/// Bits of the packed word: score (16), flag (8), best move plus one (8; 0 for none).
fn pack(score: i32, flag: u8, best: u8) -> u64 {
    u64::from(score as i16 as u16) | u64::from(flag) << 16 | u64::from(best) << 24
}

fn unpack(word: u64) -> (i32, u8, u8) {
    (
        i32::from(word as u16 as i16),
        (word >> 16) as u8,
        (word >> 24) as u8,
    )
}

/// Flags: the score is exact, a lower bound or an upper bound; `USED` marks a filled slot.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const USED: u8 = 4;

/// What a solve counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes entered, counting the root.
    pub nodes: u64,
    /// Nodes answered by the table without searching.
    pub hits: u64,
    /// Nodes settled by tactics (a win at once, two threats).
    pub tactics: u64,
}

impl std::ops::AddAssign for Stats {
    /// Adds another search's counts (a helper thread's) to these.
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.hits += other.hits;
        self.tactics += other.tactics;
    }
}

/// The search was stopped by its deadline or its node limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the exact search did not finish within its limit")]
pub struct OutOfTime;

/// A search context: the table, the statistics, the deadline.
pub struct Solver<'g, G: Solvable> {
    game: &'g G,
    table: Table,
    /// Slots in use: at half, the table grows.
    filled: usize,
    /// What the searches so far counted.
    pub stats: Stats,
    deadline: Option<Instant>,
    /// Nodes a search may visit (a limit that, unlike a clock, gives the same answer on any
    /// machine).
    node_limit: Option<u64>,
    out_of_time: bool,
    buffers: Vec<Vec<G::Move>>,
}

impl<'g, G: Solvable> Solver<'g, G> {
    /// A solver whose table takes at most `hash_mib` MiB (and no more slots than the game has
    /// states). The table starts small and grows as it fills, so a small search pays for a
    /// small table.
    pub fn new(game: &'g G, hash_mib: usize) -> Self {
        Solver {
            game,
            table: Table::new(Layout::Wide, hash_mib, game.state_bound().saturating_mul(2)),
            filled: 0,
            stats: Stats::default(),
            deadline: None,
            node_limit: None,
            out_of_time: false,
            buffers: Vec::new(),
        }
    }

    /// Writes a node's result (`best`: its best move in canonical coordinates, 0xff for none);
    /// the table grows when half full.
    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, key: u128, side: u8, score: i32, flag: u8, best: u8, ply: i32) {
        let word = pack(
            to_table(score, ply),
            USED | flag | side << 3,
            best.wrapping_add(1),
        );
        self.filled += usize::from(self.table.put(key, word));
        if self.filled * 2 > self.table.slots() && self.table.can_grow() {
            self.table.grow();
        }
    }

    /// Stops searching at `deadline`; a search stopped by an earlier one may run again (the
    /// engine keeps its solver across a game's moves, each with its own wait).
    pub(crate) fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self.out_of_time = false;
        self
    }

    pub(crate) fn with_node_limit(mut self, limit: Option<u64>) -> Self {
        self.node_limit = limit;
        self
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The exact score of `state` for its side to move: `WIN - p` for a win `p` plies ahead,
    /// `-(WIN - p)` for a loss, 0 for a draw.
    pub fn score(&mut self, state: &G::State) -> Result<i32, OutOfTime> {
        // Win, draw or loss first, in the narrowest window (most cut-offs; a draw is proved
        // here), then how soon, within the side of zero found.
        let outcome = self.negamax(state, -1, 1, 0);
        let score = match outcome {
            0 => 0,
            s if s > 0 => self.negamax(state, 0, WIN + 1, 0),
            _ => self.negamax(state, -WIN - 1, 0, 0),
        };
        if self.out_of_time {
            return Err(OutOfTime);
        }
        Ok(score)
    }

    // The search's inner loop, one node's phases in the order they cut work: the probe and the
    // bounds as functions inlined back (within 2% of the whole body, issue 44); the move order
    // and the move loop stay here (split out too, the empty 4x4 measured 13% slower).
    fn negamax(&mut self, state: &G::State, mut alpha: i32, mut beta: i32, ply: i32) -> i32 {
        if self.count_node() {
            return 0;
        }
        let game = self.game;
        if let Some(utility) = game.terminal_utility(state, game.player(state)) {
            return utility * (WIN - ply);
        }
        let node = match self.probe(state, ply) {
            ControlFlow::Continue(node) => node,
            ControlFlow::Break(score) => return score,
        };
        let hint = match self.narrow(state, &node, ply, &mut alpha, &mut beta) {
            ControlFlow::Continue(hint) => hint,
            ControlFlow::Break(score) => return score,
        };
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves.clear();
        match node.forced {
            Some(mv) => moves.push(mv),
            None => {
                game.search_order(state, &mut moves);
                if let Some(code) = hint {
                    if let Some(at) = moves.iter().position(|&mv| game.move_code(mv) == code) {
                        moves[..=at].rotate_right(1);
                    }
                }
            }
        }
        let original_alpha = alpha;
        let mut best = i32::MIN;
        let mut best_move = 0u8;
        for (index, &mv) in moves.iter().enumerate() {
            let child = game.play(state, mv);
            let score = if index == 0 {
                -self.negamax(&child, -beta, -alpha, ply + 1)
            } else {
                // A null window first: most moves only need to be shown no better.
                let probe = -self.negamax(&child, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.negamax(&child, -beta, -probe, ply + 1)
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                best_move = game.move_code(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta || self.out_of_time {
                break;
            }
        }
        self.buffers.push(moves);
        if self.out_of_time {
            return 0;
        }
        let flag = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        let best_code = game.map_code(best_move, node.symmetry, false);
        self.store(node.key, node.side, best, flag, best_code, ply);
        best
    }

    /// Counts a node; whether the search is out of its time or its nodes (the clock read
    /// once every 4,096 nodes).
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xfff == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.stats.nodes > n))
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// The table first (most nodes of a search that revisits positions are answered there),
    /// then the tactics: the score where either settles the node, else what is left to
    /// search it with.
    #[inline(always)]
    fn probe(&mut self, state: &G::State, ply: i32) -> ControlFlow<i32, Probed<G::Move>> {
        let game = self.game;
        let (key, symmetry, side) = game.canonical(state);
        let (stored, flag, best) = unpack(self.table.get(key).unwrap_or(0));
        let known = flag & USED != 0 && flag >> 3 == side;
        if known && flag & 3 == EXACT {
            self.stats.hits += 1;
            return ControlFlow::Break(from_table(stored, ply));
        }
        let forced = match game.tactics(state) {
            Tactics::Win(mv) => {
                self.stats.tactics += 1;
                let code = game.map_code(game.move_code(mv), symmetry, false);
                self.store(key, side, WIN - (ply + 1), EXACT, code, ply);
                return ControlFlow::Break(WIN - (ply + 1));
            }
            Tactics::Lost => {
                self.stats.tactics += 1;
                self.store(key, side, -(WIN - (ply + 2)), EXACT, 0xff, ply);
                return ControlFlow::Break(-(WIN - (ply + 2)));
            }
            Tactics::Block(mv) => Some(mv),
            Tactics::Open => None,
        };
        let known = known.then_some((from_table(stored, ply), flag & 3, best));
        ControlFlow::Continue(Probed {
            key,
            symmetry,
            side,
            forced,
            known,
        })
    }

    /// Narrows (alpha, beta) to the surest bounds known: the score where they settle the
    /// node, else the table's best move (a hint for the move order).
    #[inline(always)]
    fn narrow(
        &mut self,
        state: &G::State,
        node: &Probed<G::Move>,
        ply: i32,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> ControlFlow<i32, Option<u8>> {
        let game = self.game;
        // Without a win at once the best is a win three plies on; without two threats the
        // worst is a loss four plies on (two where pieces fall). With the table's bound these
        // make the surest bounds known; a bound may only be returned as what it is: a lower
        // bound when it shows the score at or above beta, an upper bound at or below alpha
        // (returning one for the other misleads the null windows above).
        let mut lower = -(WIN - (ply + game.soonest_open_loss()));
        let mut upper = WIN - (ply + 3);
        let (mine, theirs) = game.open_lines(state);
        if !mine {
            upper = upper.min(0);
        }
        if !theirs {
            lower = lower.max(0);
        }
        let mut hint = None;
        if let Some((score, flag, best)) = node.known {
            if flag == LOWER {
                lower = lower.max(score);
            } else {
                upper = upper.min(score);
            }
            if best > 0 {
                hint = Some(game.map_code(best - 1, node.symmetry, true));
            }
        }
        if lower >= *beta || lower >= upper {
            self.stats.hits += u64::from(node.known.is_some());
            return ControlFlow::Break(lower);
        }
        if upper <= *alpha {
            self.stats.hits += u64::from(node.known.is_some());
            return ControlFlow::Break(upper);
        }
        *alpha = (*alpha).max(lower);
        *beta = (*beta).min(upper);
        ControlFlow::Continue(hint)
    }
}

/// What the table and the tactics leave of a node to search with: its key, the symmetry
/// onto the key's position and the side to move; the one move a threat forces; and, where
/// the table holds the node for this side, its score (from this node), flag and best move
/// (in the key's coordinates, plus one; 0 for none).
struct Probed<M> {
    key: u128,
    symmetry: u8,
    side: u8,
    forced: Option<M>,
    known: Option<(i32, u8, u8)>,
}

/// A win or loss in the table counts plies from the node stored, not from the root.
fn to_table(score: i32, ply: i32) -> i32 {
    match score {
        s if s > 0 => s + ply,
        s if s < 0 => s - ply,
        s => s,
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    match score {
        s if s > 0 => s - ply,
        s if s < 0 => s + ply,
        s => s,
    }
}

/// A score for the side to move at a position, seen from the player who moved into it: one
/// ply further from the end, and the other way round.
pub fn from_parent(child: i32) -> i32 {
    match child {
        c if c > 0 => -(c - 1),
        c if c < 0 => -(c + 1),
        _ => 0,
    }
}
