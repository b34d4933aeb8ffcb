//! The transposition table both exact solvers use: the column solver's compact slots (one
//! word: the key's hash above 16 bits of data) and the generic solver's wide ones (the whole
//! 128-bit key and a word of data). One type: sized by `--hash`, started small and grown
//! fourfold at half full (a short search touches few pages), on huge pages where the kernel
//! offers them, each slot fetched ahead of its use, and shared between search threads.
//!
//! Slots are atomic words read and written with relaxed ordering, so that threads may share
//! a table without locks: a compact slot is one word, never torn, and its kept hash bits
//! check that it belongs to the key asked about. Wide slots (three words) are for a single
//! thread.
//!
//! Compact slots come in pairs (a bucket, in one cache line): a key may sit in either, and a
//! new key replaces the one of the two whose search was cheaper, so that the few entries
//! that took millions of nodes outlive the many that took a handful (the top bits of a
//! compact slot's data say how much work it holds: [`Table::with_work_bits`], [`work_of`]).
//!
//! ```
//! use minimax_core::search::table::{Layout, Table};
//!
//! // A key's data is found again; a key never stored is not.
//! let table = Table::new(Layout::Wide, 1, 1 << 10);
//! assert!(table.put(0xC0FFEE, 42));
//! assert_eq!(table.get(0xC0FFEE), Some(42));
//! assert_eq!(table.get(0xBEEF), None);
//! ```

use crate::hardware::{huge_pages, prefetch};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bits of data a compact slot keeps below the key's hash.
pub const COMPACT_DATA_BITS: u32 = 16;

/// The odd multiplier of the compact hash: multiplying by an odd number is one-to-one on
/// 64-bit words, so a slot's index and the hash bits it keeps give back the whole key.
const ODD: u64 = 0x9E37_79B9_7F4A_7C15;

/// Fewest slots a table has: a compact slot keeps the hash bits its bucket's index does not
/// give, at most 48 (64 − 16), and a bucket is two slots.
const FIRST_SLOTS_LOG: u32 = COMPACT_DATA_BITS + 1;

/// How slots are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One word: the key (at most 64 bits) as its hash, above [`COMPACT_DATA_BITS`] of data.
    Compact,
    /// Three words: the key's two halves and a word of data.
    Wide,
}

impl Layout {
    fn words(self) -> usize {
        match self {
            Layout::Compact => 1,
            Layout::Wide => 3,
        }
    }
}

/// A transposition table of slots keyed by positions' keys; data 0 means an empty slot.
pub struct Table {
    words: Vec<AtomicU64>,
    layout: Layout,
    /// log2 of the slots now and at most.
    bits: u32,
    most_bits: u32,
    /// How many of a compact slot's top data bits give its work.
    work_bits: u32,
}

fn zeroed(words: usize) -> Vec<AtomicU64> {
    let words: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0)).take(words).collect();
    huge_pages(&words);
    words
}

impl Table {
    /// A table of at most `hash_mib` MiB and at most `most_slots` slots (a power of two is
    /// taken below each), starting at 2^16 slots or fewer.
    pub fn new(layout: Layout, hash_mib: usize, most_slots: u64) -> Table {
        let budget = (hash_mib.max(1).saturating_mul(1 << 20) / (8 * layout.words())) as u64;
        let most = budget.min(most_slots.max(1 << 10)).max(1 << 10);
        let most_bits = 63 - most.leading_zeros();
        let most_bits = match layout {
            Layout::Compact => most_bits.max(FIRST_SLOTS_LOG),
            Layout::Wide => most_bits,
        };
        let bits = most_bits.min(FIRST_SLOTS_LOG);
        Table {
            words: zeroed(layout.words() << bits),
            layout,
            bits,
            most_bits,
            work_bits: 2,
        }
    }

    /// Reads an entry's work from the top `bits` bits of a compact slot's data (2 unless
    /// told): of two entries in a bucket, the one with less work is replaced.
    pub fn with_work_bits(mut self, bits: u32) -> Table {
        self.work_bits = bits.min(COMPACT_DATA_BITS);
        self
    }

    /// The table's size now, in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// The table's slots now.
    pub fn slots(&self) -> usize {
        1 << self.bits
    }

    /// Whether the table may still grow.
    pub fn can_grow(&self) -> bool {
        self.bits < self.most_bits
    }

    /// A compact key's bucket (its first slot) and what a slot keeps of its hash.
    #[inline(always)]
    fn bucket(&self, key: u128) -> (usize, u64) {
        let hash = (key as u64).wrapping_mul(ODD);
        let shift = 65 - self.bits;
        (((hash >> shift) as usize) << 1, hash & ((1u64 << shift) - 1))
    }

    /// A wide key's slot.
    #[inline(always)]
    fn wide_slot(&self, key: u128) -> usize {
        (mix(key) >> (64 - self.bits)) as usize
    }

    /// The data stored for `key`, if any.
    #[inline(always)]
    pub fn get(&self, key: u128) -> Option<u64> {
        match self.layout {
            Layout::Compact => {
                let (first, kept) = self.bucket(key);
                self.words[first..first + 2].iter().find_map(|slot| {
                    let word = slot.load(Relaxed);
                    let data = word & DATA_MASK;
                    (word >> COMPACT_DATA_BITS == kept && data != 0).then_some(data)
                })
            }
            Layout::Wide => {
                let at = 3 * self.wide_slot(key);
                let data = self.words[at + 2].load(Relaxed);
                let same = self.words[at].load(Relaxed) == key as u64
                    && self.words[at + 1].load(Relaxed) == (key >> 64) as u64;
                (same && data != 0).then_some(data)
            }
        }
    }

    /// Writes `data` (not 0; at most [`COMPACT_DATA_BITS`] bits in a compact table) for
    /// `key`: over the key's own entry, else (compact) over the bucket's cheaper entry, else
    /// (wide) over whatever the slot held; true when the slot was empty.
    #[inline(always)]
    pub fn put(&self, key: u128, data: u64) -> bool {
        debug_assert!(data != 0);
        match self.layout {
            Layout::Compact => {
                debug_assert!(data >> COMPACT_DATA_BITS == 0);
                let (first, kept) = self.bucket(key);
                self.put_compact(first, kept << COMPACT_DATA_BITS | data)
            }
            Layout::Wide => {
                let at = 3 * self.wide_slot(key);
                self.words[at].store(key as u64, Relaxed);
                self.words[at + 1].store((key >> 64) as u64, Relaxed);
                self.words[at + 2].swap(data, Relaxed) == 0
            }
        }
    }

    /// Writes a compact slot's word into the bucket at `first`.
    #[inline(always)]
    fn put_compact(&self, first: usize, word: u64) -> bool {
        let kept = word >> COMPACT_DATA_BITS;
        let (a, b) = (
            self.words[first].load(Relaxed),
            self.words[first + 1].load(Relaxed),
        );
        // Its own slot; else an empty one; else the one that took less work (the first on ties).
        let at = if a >> COMPACT_DATA_BITS == kept && a != 0 {
            first
        } else if b >> COMPACT_DATA_BITS == kept && b != 0 {
            first + 1
        } else if a == 0 || (b != 0 && self.work(a) <= self.work(b)) {
            first
        } else {
            first + 1
        };
        self.words[at].swap(word, Relaxed) == 0
    }

    /// The work a compact slot's entry stands for.
    #[inline(always)]
    fn work(&self, word: u64) -> u64 {
        (word & DATA_MASK) >> (COMPACT_DATA_BITS - self.work_bits)
    }

    /// Starts loading `key`'s slot into the cache.
    #[inline(always)]
    pub fn prefetch(&self, key: u128) {
        let at = match self.layout {
            Layout::Compact => self.bucket(key).0,
            Layout::Wide => 3 * self.wide_slot(key),
        };
        prefetch(&self.words[at]);
    }

    /// Four times the slots (at most the most allowed), every entry carried over.
    pub fn grow(&mut self) {
        self.grow_to(self.bits + 2);
    }

    /// Grows to the most slots allowed at once (before threads share the table).
    pub fn grow_to_most(&mut self) {
        self.grow_to(self.most_bits);
    }

    /// The slots in use now (counted, for growing where several searches shared it).
    pub fn count_filled(&self) -> usize {
        let width = self.layout.words();
        self.words
            .iter()
            .skip(width - 1)
            .step_by(width)
            .filter(|w| w.load(Relaxed) != 0)
            .count()
    }

    fn grow_to(&mut self, bits: u32) {
        let bits = bits.min(self.most_bits);
        if bits <= self.bits {
            return;
        }
        let old = std::mem::replace(&mut self.words, zeroed(self.layout.words() << bits));
        let old_bits = std::mem::replace(&mut self.bits, bits);
        match self.layout {
            Layout::Compact => {
                let old_shift = 65 - old_bits;
                for (slot, word) in old.iter().enumerate() {
                    let word = word.load(Relaxed);
                    if word == 0 {
                        continue;
                    }
                    let hash = ((slot >> 1) as u64) << old_shift | word >> COMPACT_DATA_BITS;
                    let shift = 65 - self.bits;
                    let (first, kept) = (((hash >> shift) as usize) << 1, hash & ((1u64 << shift) - 1));
                    self.put_compact(first, kept << COMPACT_DATA_BITS | word & DATA_MASK);
                }
            }
            Layout::Wide => {
                for entry in old.chunks(3) {
                    let data = entry[2].load(Relaxed);
                    if data == 0 {
                        continue;
                    }
                    let key = u128::from(entry[0].load(Relaxed)) | u128::from(entry[1].load(Relaxed)) << 64;
                    self.put(key, data);
                }
            }
        }
    }
}

/// What an exact search's entry says of a position's score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// At most the score.
    Upper = 1,
    /// At least the score.
    Lower = 2,
    /// The score itself.
    Exact = 3,
}

/// Raises alpha to `floor`, a bound on the score known without searching; the score to
/// return when that closes the window (alpha, beta).
#[inline(always)]
pub(crate) fn at_least(floor: i32, alpha: &mut i32, beta: i32) -> Option<i32> {
    if *alpha < floor {
        *alpha = floor;
        if *alpha >= beta {
            return Some(floor);
        }
    }
    None
}

/// Lowers beta to `ceiling`, as [`at_least`] raises alpha.
#[inline(always)]
pub(crate) fn at_most(ceiling: i32, alpha: i32, beta: &mut i32) -> Option<i32> {
    if *beta > ceiling {
        *beta = ceiling;
        if alpha >= *beta {
            return Some(ceiling);
        }
    }
    None
}

/// A compact slot's data for the bitboard searches, whose scores stay within ±31: the score
/// plus 32 in bits 0-5, the bound in bits 6-7, the best move plus one (0: none) above, and
/// the work in the top `work_bits` bits, where the table looks for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub(crate) score: i32,
    pub(crate) bound: Bound,
    /// The best move plus one, as the search numbers its moves (0: none).
    pub(crate) best: u8,
}

impl Entry {
    #[inline(always)]
    pub(crate) fn pack(self, nodes: u64, work_bits: u32) -> u64 {
        (self.score + 32) as u64
            | (self.bound as u64) << 6
            | u64::from(self.best) << 8
            | work_of(nodes, work_bits) << (COMPACT_DATA_BITS - work_bits)
    }

    #[inline(always)]
    pub(crate) fn unpack(data: u64, work_bits: u32) -> Entry {
        let bound = match (data >> 6) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        let best_bits = COMPACT_DATA_BITS - 8 - work_bits;
        Entry {
            score: i32::from(data as u8 & 0x3f) - 32,
            bound,
            best: ((data >> 8) & ((1 << best_bits) - 1)) as u8,
        }
    }

    /// Narrows the window (alpha, beta) by what the entry says; the score to return when
    /// that settles the node.
    #[inline(always)]
    pub(crate) fn narrow(self, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => return Some(self.score),
            Bound::Lower if *alpha < self.score => *alpha = self.score,
            Bound::Upper if *beta > self.score => *beta = self.score,
            _ => {}
        }
        (*alpha >= *beta).then_some(self.score)
    }

    /// The bound a search's fail-soft `score` in the window (alpha, beta) makes, exact when
    /// it meets the opposite bound the table held (`known`).
    #[inline(always)]
    pub(crate) fn bound_of(score: i32, alpha: i32, beta: i32, known: Option<Entry>) -> Bound {
        let met = |bound| known.is_some_and(|e| e.score == score && e.bound == bound);
        if score <= alpha {
            if met(Bound::Lower) {
                Bound::Exact
            } else {
                Bound::Upper
            }
        } else if score >= beta {
            if met(Bound::Upper) {
                Bound::Exact
            } else {
                Bound::Lower
            }
        } else {
            Bound::Exact
        }
    }
}

const DATA_MASK: u64 = (1 << COMPACT_DATA_BITS) - 1;

/// How much work `nodes` searched nodes are, in `bits` bits: the logarithm of the nodes,
/// halved for 4 bits (up to 2^30 nodes), divided by 5 for 2 (0 below 32 nodes, 3 from 32768).
pub fn work_of(nodes: u64, bits: u32) -> u64 {
    let log = 63 - nodes.max(1).leading_zeros();
    u64::from(log / (10 / bits.max(1)).max(1)).min((1 << bits) - 1)
}

fn mix(key: u128) -> u64 {
    let mut x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_table_keeps_every_entry_through_growth() {
        let mut table = Table::new(Layout::Compact, 64, u64::MAX);
        let keys: Vec<u64> = (0..20_000u64)
            .map(|i| i.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 15)
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            table.put(u128::from(key), (i as u64 % 0xfffe) + 1);
        }
        let before: Vec<_> = keys.iter().map(|&k| table.get(u128::from(k))).collect();
        table.grow();
        table.grow_to_most();
        let after: Vec<_> = keys.iter().map(|&k| table.get(u128::from(k))).collect();
        // Entries that collided were overwritten before growing; the rest all survive.
        assert_eq!(before, after);
        assert!(before.iter().filter(|d| d.is_some()).count() > 15_000);
        assert_eq!(table.get(u128::from(keys[0]) + 1), None);
    }

    #[test]
    fn of_two_entries_in_a_bucket_the_cheaper_search_is_replaced_first() {
        let table = Table::new(Layout::Compact, 1, u64::MAX).with_work_bits(4);
        let bits = table.bits;
        // Keys whose hashes share a bucket: the bucket index is the hash's top bits.
        let bucket_of = |key: u64| key.wrapping_mul(ODD) >> (65 - bits);
        let keys: Vec<u64> = (1..).filter(|&k| bucket_of(k) == bucket_of(1)).take(4).collect();
        let dear = 0xf000 | 1; // work 15
        let cheap = |n: u64| 0x1000 | n; // work 1
        table.put(u128::from(keys[0]), dear);
        table.put(u128::from(keys[1]), cheap(2));
        // A third key replaces the cheap entry, then a fourth the third: the dear one stays.
        table.put(u128::from(keys[2]), cheap(3));
        table.put(u128::from(keys[3]), cheap(4));
        assert_eq!(table.get(u128::from(keys[0])), Some(dear));
        assert_eq!(table.get(u128::from(keys[1])), None);
        assert_eq!(table.get(u128::from(keys[3])), Some(cheap(4)));
        // A key's own entry is rewritten in place, whatever its work.
        table.put(u128::from(keys[0]), cheap(5));
        assert_eq!(table.get(u128::from(keys[0])), Some(cheap(5)));
        assert_eq!(work_of(1, 4), 0);
        assert_eq!(work_of(1 << 20, 4), 10);
        assert_eq!(work_of(u64::MAX, 4), 15);
        assert_eq!(work_of(40_000, 2), 3);
    }

    #[test]
    fn a_wide_table_tells_apart_keys_that_differ_in_their_upper_half() {
        let mut table = Table::new(Layout::Wide, 1, u64::MAX);
        table.put(5, 7);
        assert_eq!(table.get(5), Some(7));
        assert_eq!(table.get(5 | 1 << 100), None);
        table.grow();
        assert_eq!(table.get(5), Some(7));
    }
}
