//! The exact Connect Four search: negamax with alpha-beta over scores that count how early
//! the game is won, narrowed to a null window at a time around the true score.
//!
//! Scores, from the side to move: a win with the mover's m-th piece from now is
//! `(cells + 1 - stones) / 2 - (m - 1)`; a loss to the opponent's m-th piece is
//! `-((cells - stones) / 2 - (m - 1))`; a draw 0. The earlier the win, the higher the score,
//! so the best move is also the quickest win (or the slowest loss). What makes it fast: the
//! moves that lose at once are never searched; the table holds bounds for positions up to
//! mirror image; moves that make the most winning cells come first, centre columns breaking
//! ties; and the iterative null windows, which prove the score with many cut-offs instead of
//! searching the full window.

use super::bitboard::{Bits, Geometry};
use crate::search::solver::{prev_power_of_two, OutOfTime, Stats};
use web_time::Instant;

/// Calls `self.method::<K>(args)` with the board's k as the constant `K` (3 to 8), so that the
/// search's line tests unroll.
macro_rules! with_k {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match $self.geometry.k {
            3 => $self.$method::<3>($($arg),*),
            4 => $self.$method::<4>($($arg),*),
            5 => $self.$method::<5>($($arg),*),
            6 => $self.$method::<6>($($arg),*),
            7 => $self.$method::<7>($($arg),*),
            _ => $self.$method::<8>($($arg),*),
        }
    };
}

/// Entries of the table when `--hash` allows (Pons' 2^24, at 8 bytes each).
const MOST_ENTRIES: usize = 1 << 24;
/// Entries a table starts with (512 KiB).
const FIRST_ENTRIES: usize = 1 << 16;

/// A search context for one board: the table, the statistics and the limits.
pub struct ColumnSolver {
    geometry: Geometry,
    /// Each slot one word: the key's hash below the slot's own bits, then the bound's byte
    /// (0: empty; see [`encode`]). The hash is the key times an odd number, a one-to-one
    /// map, so the slot and the stored bits together tell every key apart.
    table: Vec<u64>,
    shift: u32,
    /// Slots in use, and the most slots the table may grow to (`--hash`): it starts small,
    /// so that a short search touches few pages, and grows fourfold at half full.
    filled: usize,
    most: usize,
    /// Columns from the centre outwards, the order ties between moves are broken in.
    order: Vec<u32>,
    pub stats: Stats,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
}

/// A bound as one byte: the score plus 64 (scores stay within ±32 on boards of at most 64
/// cells), and the top bit set for a lower bound.
fn encode(score: i32, lower: bool) -> u8 {
    (score + 64) as u8 | if lower { 0x80 } else { 0 }
}

fn decode(byte: u8) -> (i32, bool) {
    (i32::from(byte & 0x7f) - 64, byte & 0x80 != 0)
}

impl ColumnSolver {
    /// A solver whose table takes at most `hash_mib` MiB (a power of two of entries).
    pub fn new(geometry: Geometry, hash_mib: usize) -> ColumnSolver {
        let budget = hash_mib.max(1).saturating_mul(1 << 20) / 8;
        let most = MOST_ENTRIES.min(prev_power_of_two(budget)).max(FIRST_ENTRIES);
        let entries = FIRST_ENTRIES;
        let mut order: Vec<u32> = (0..geometry.cols).collect();
        // Nearest the centre first; of two equally near, the left one.
        order.sort_by_key(|&col| ((2 * col as i32 - (geometry.cols as i32 - 1)).abs(), col));
        let table = vec![0u64; entries];
        crate::hardware::huge_pages(&table);
        ColumnSolver {
            geometry,
            // Zeroed allocations: pages cost nothing until a search touches them.
            table,
            shift: 64 - entries.trailing_zeros(),
            filled: 0,
            most,
            order,
            stats: Stats::default(),
            deadline: None,
            node_limit: None,
            stopped: false,
        }
    }

    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    pub fn with_node_limit(mut self, limit: Option<u64>) -> Self {
        self.node_limit = limit;
        self
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub fn table_bytes(&self) -> usize {
        self.table.len() * 8
    }

    /// The slot of a key, and what the slot keeps of it (at most 54 bits: a table has at
    /// least 2^10 slots).
    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u64) {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((hash >> self.shift) as usize, hash & ((1u64 << self.shift) - 1))
    }

    /// Writes a bound for `key`, growing the table first when it is half full.
    #[inline(always)]
    fn store(&mut self, key: u64, bound: u8) {
        if self.filled * 2 > self.table.len() && self.table.len() < self.most {
            self.grow();
        }
        let (slot, kept) = self.slot(key);
        self.filled += usize::from(self.table[slot] == 0);
        self.table[slot] = kept << 8 | u64::from(bound);
    }

    /// Four times the slots (up to the most allowed), every entry carried over: a slot's
    /// index and its kept bits are the whole hash, so each entry finds its new slot.
    #[cold]
    fn grow(&mut self) {
        let entries = (self.table.len() * 4).min(self.most);
        let table = vec![0u64; entries];
        crate::hardware::huge_pages(&table);
        let old = std::mem::replace(&mut self.table, table);
        let old_shift = self.shift;
        self.shift = 64 - entries.trailing_zeros();
        self.filled = 0;
        for (slot, &entry) in old.iter().enumerate() {
            if entry == 0 {
                continue;
            }
            let hash = (slot as u64) << old_shift | entry >> 8;
            let (slot, kept) = ((hash >> self.shift) as usize, hash & ((1u64 << self.shift) - 1));
            self.filled += usize::from(self.table[slot] == 0);
            self.table[slot] = kept << 8 | (entry & 0xff);
        }
    }

    /// The score of every column for the side to move (`None`: the column is full), each
    /// move's child solved with the same table.
    pub fn analyze(&mut self, bits: &Bits) -> Result<Vec<Option<i32>>, OutOfTime> {
        with_k!(self.analyze_k(bits))
    }

    fn analyze_k<const K: usize>(&mut self, bits: &Bits) -> Result<Vec<Option<i32>>, OutOfTime> {
        (0..self.geometry.cols)
            .map(|col| self.column_k::<K>(bits, col))
            .collect()
    }

    /// The score of one column, as [`ColumnSolver::analyze`] gives it (`None`: full): for
    /// valuing the columns one at a time.
    pub fn analyze_column(&mut self, bits: &Bits, col: u32) -> Result<Option<i32>, OutOfTime> {
        with_k!(self.column_k(bits, col))
    }

    fn column_k<const K: usize>(&mut self, bits: &Bits, col: u32) -> Result<Option<i32>, OutOfTime> {
        let geometry = self.geometry;
        let cell = bits.playable(&geometry) & geometry.column(col);
        if cell == 0 {
            Ok(None)
        } else if bits.winning_moves::<K>(&geometry) & cell != 0 {
            Ok(Some(self.win_now(bits)))
        } else {
            let child = bits.play(&geometry, cell, col);
            Ok(Some(-self.solve_k::<K>(&child)?))
        }
    }

    /// The score of a win with the side to move's next piece.
    fn win_now(&self, bits: &Bits) -> i32 {
        ((self.geometry.cells() + 1 - bits.moves) / 2) as i32
    }

    /// The exact score of a position that is not over, for its side to move.
    pub fn solve(&mut self, bits: &Bits) -> Result<i32, OutOfTime> {
        with_k!(self.solve_k(bits))
    }

    fn solve_k<const K: usize>(&mut self, bits: &Bits) -> Result<i32, OutOfTime> {
        let geometry = self.geometry;
        if bits.winning_moves::<K>(&geometry) != 0 {
            self.stats.nodes += 1;
            self.stats.tactics += 1;
            return Ok(self.win_now(bits));
        }
        if bits.playable(&geometry) == 0 {
            return Ok(0);
        }
        let cells = geometry.cells() as i32;
        let stones = bits.moves as i32;
        let mut min = -(cells - stones) / 2;
        let mut max = (cells + 1 - stones) / 2;
        // Ask "is the score above med?" with null windows, halving the interval each time,
        // and first near zero, where the cheap proofs (draws, quick results) lie.
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let score = self.negamax::<K>(bits, med, med + 1);
            if self.stopped {
                return Err(OutOfTime);
            }
            if score <= med {
                max = score;
            } else {
                min = score;
            }
        }
        Ok(min)
    }

    /// Stops the search once the deadline or the node limit is passed (checked every 4096
    /// nodes: the clock is not free).
    fn out_of_time(&mut self) -> bool {
        if self.stats.nodes & 0xfff == 0 {
            let over_nodes = self.node_limit.is_some_and(|limit| self.stats.nodes > limit);
            let over_time = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
            self.stopped |= over_nodes || over_time;
        }
        self.stopped
    }

    /// The score within (alpha, beta) of a position whose side to move cannot win at once.
    fn negamax<const K: usize>(&mut self, bits: &Bits, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let geometry = self.geometry;
        let key = bits.key();
        let (slot, kept) = self.slot(key);
        crate::hardware::prefetch(&self.table[slot]);
        let cells = geometry.cells() as i32;
        let stones = bits.moves as i32;
        let safe = bits.safe_moves::<K>(&geometry);
        if safe == 0 {
            // Every move lets the opponent win with their next piece.
            self.stats.tactics += 1;
            return -(cells - stones) / 2;
        }
        if stones >= cells - 2 {
            // Two cells left and neither side can win with them.
            return 0;
        }
        // The opponent cannot win with their next piece: bound the score from below...
        let lowest = -(cells - 2 - stones) / 2;
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return alpha;
            }
        }
        // ...and we cannot win with ours: from above.
        let highest = (cells - 1 - stones) / 2;
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                return beta;
            }
        }
        let entry = self.table[slot];
        if entry >> 8 == kept && entry & 0xff != 0 {
            let (bound, lower) = decode(entry as u8);
            if lower {
                if alpha < bound {
                    alpha = bound;
                    if alpha >= beta {
                        self.stats.hits += 1;
                        return alpha;
                    }
                }
            } else if beta > bound {
                beta = bound;
                if alpha >= beta {
                    self.stats.hits += 1;
                    return beta;
                }
            }
        }
        // The safe moves, most winning cells made first, nearest the centre on ties.
        let mut moves = [(0u64, 0u32, 0u32); 8];
        let mut count = 0;
        for &col in &self.order {
            let cell = safe & geometry.column(col);
            if cell == 0 {
                continue;
            }
            let score = bits.threats_after::<K>(&geometry, cell);
            let mut at = count;
            while at > 0 && moves[at - 1].1 < score {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = (cell, score, col);
            count += 1;
        }
        // The children's slots start loading together, not one miss after another.
        for &(cell, _, col) in &moves[..count] {
            crate::hardware::prefetch(&self.table[self.slot(bits.play(&geometry, cell, col).key()).0]);
        }
        for &(cell, _, col) in &moves[..count] {
            let score = -self.negamax::<K>(&bits.play(&geometry, cell, col), -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                self.store(key, encode(score, true));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, encode(alpha, false));
        alpha
    }
}
