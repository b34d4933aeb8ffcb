//! Greedy string tiling (Wise 1993, as JPlag compares): the longest run of tokens two streams
//! share is tiled first, then the longest of what is left, each token in one tile at most and
//! runs shorter than the minimum match ignored. Coverage, not fingerprint counts: a copy
//! whose every run is found scores by the tokens those runs cover, with no steps of 1/k.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A run of `len` tokens of one stream equal to the run at `b` of the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tile {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) len: u32,
}

/// The most places one run of `min` tokens is looked up in per stream: repetitive code (a
/// hundred identical lines) must not make a pair quadratic.
const MAX_PLACES: usize = 16;

/// A run of the minimum match's length: its hash and where it starts.
type Run = (u64, u32);

/// A stream indexed for tiling: its tokens, those no tile may cover (unit boundaries, the
/// starter's code), and where each run of `min` tokens stands, sorted by the run's hash so
/// that two streams' common runs are found in one pass over both.
#[derive(Debug, Default)]
pub(crate) struct Indexed {
    pub(crate) tokens: Vec<u64>,
    pub(crate) blocked: Vec<bool>,
    runs: Vec<Run>,
    min: usize,
}

impl Indexed {
    pub(crate) fn new(tokens: Vec<u64>, blocked: Vec<bool>, min: usize) -> Indexed {
        let mut runs: Vec<Run> = open_runs(&blocked, min)
            .map(|start| (run_hash(&tokens[start..start + min]), start as u32))
            .collect();
        runs.sort_unstable();
        let runs = cap_places(runs);
        Indexed {
            tokens,
            blocked,
            runs,
            min,
        }
    }
}

/// The runs with at most [`MAX_PLACES`] places per hash, the first ones.
fn cap_places(runs: Vec<Run>) -> Vec<Run> {
    let mut kept = Vec::with_capacity(runs.len());
    let mut count = 0;
    for (i, run) in runs.iter().enumerate() {
        count = if i > 0 && runs[i - 1].0 == run.0 {
            count + 1
        } else {
            0
        };
        if count < MAX_PLACES {
            kept.push(*run);
        }
    }
    kept
}

/// The places of each hash both streams hold: for each, `a`'s places and `b`'s.
fn common<'s>(a: &'s [Run], b: &'s [Run]) -> Vec<(&'s [Run], &'s [Run])> {
    let group = |runs: &'s [Run], at: usize| {
        let hash = runs[at].0;
        let len = runs[at..].iter().take_while(|r| r.0 == hash).count();
        &runs[at..at + len]
    };
    let (mut i, mut j) = (0, 0);
    let mut found = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let (ga, gb) = (group(a, i), group(b, j));
                i += ga.len();
                j += gb.len();
                found.push((ga, gb));
            }
        }
    }
    found
}

/// Every start of `min` tokens in a row none of which is blocked.
fn open_runs(blocked: &[bool], min: usize) -> impl Iterator<Item = usize> + '_ {
    let mut clear = 0;
    blocked.iter().enumerate().filter_map(move |(i, b)| {
        clear = if *b { 0 } else { clear + 1 };
        (min > 0 && clear >= min).then(|| i + 1 - min)
    })
}

fn run_hash(tokens: &[u64]) -> u64 {
    tokens.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, token| {
        (hash.rotate_left(5) ^ token).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The tiles of `a` and `b` (indexed with the same minimum), longest first.
pub(crate) fn tile(a: &Indexed, b: &Indexed) -> Vec<Tile> {
    let min = a.min.max(b.min);
    let mut marked_a = a.blocked.clone();
    let mut marked_b = b.blocked.clone();
    // Longest first; among equals, the earliest in `a`, then in `b`: the same tiles every run.
    let order = |t: &Tile| (Reverse(t.len), t.a, t.b);
    let mut found: Vec<Tile> = seeds(a, b, min).collect();
    found.sort_unstable_by_key(order);
    // What is left of a run partly covered since it was found competes again, here.
    let mut again: BinaryHeap<(u32, Reverse<u32>, Reverse<u32>)> = BinaryHeap::new();
    let mut next = found.into_iter().peekable();
    let mut tiles = Vec::new();
    loop {
        let from_again = match (next.peek(), again.peek()) {
            (None, None) => break,
            (Some(seed), Some(&(len, Reverse(i), Reverse(j)))) => {
                order(&Tile { a: i, b: j, len }) < order(seed)
            }
            (None, Some(_)) => true,
            (Some(_), None) => false,
        };
        let run = if from_again {
            let (len, Reverse(a), Reverse(b)) = again.pop().expect("peeked");
            Tile { a, b, len }
        } else {
            next.next().expect("peeked")
        };
        let (i, j, len) = (run.a as usize, run.b as usize, run.len as usize);
        let free = |k: usize| !marked_a[i + k] && !marked_b[j + k];
        if (0..len).all(free) {
            marked_a[i..i + len].fill(true);
            marked_b[j..j + len].fill(true);
            tiles.push(run);
            continue;
        }
        let mut k = 0;
        while k < len {
            let start = k;
            while k < len && free(k) {
                k += 1;
            }
            if k - start >= min {
                again.push((
                    (k - start) as u32,
                    Reverse((i + start) as u32),
                    Reverse((j + start) as u32),
                ));
            }
            k += 1;
        }
    }
    tiles
}

/// Every maximal common run of at least `min` open tokens: found through the runs of `min`
/// tokens both streams hold, each extended as far as the two agree.
fn seeds<'s>(a: &'s Indexed, b: &'s Indexed, min: usize) -> impl Iterator<Item = Tile> + 's {
    let agree = move |i: usize, j: usize| {
        i < a.tokens.len()
            && j < b.tokens.len()
            && !a.blocked[i]
            && !b.blocked[j]
            && a.tokens[i] == b.tokens[j]
    };
    common(&a.runs, &b.runs)
        .into_iter()
        .flat_map(move |(in_a, in_b)| {
            in_a.iter().flat_map(move |&(_, i)| {
                in_b.iter().filter_map(move |&(_, j)| {
                    let (i, j) = (i as usize, j as usize);
                    // Only where the run starts: one step back it would be the same run.
                    if i > 0 && j > 0 && agree(i - 1, j - 1) {
                        return None;
                    }
                    let mut len = 0;
                    while agree(i + len, j + len) {
                        len += 1;
                    }
                    (len >= min).then_some(Tile {
                        a: i as u32,
                        b: j as u32,
                        len: len as u32,
                    })
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indexed(tokens: &[u64], min: usize) -> Indexed {
        Indexed::new(tokens.to_vec(), tokens.iter().map(|t| *t == 0).collect(), min)
    }

    fn covered(a: &[u64], b: &[u64], min: usize) -> u32 {
        tile(&indexed(a, min), &indexed(b, min))
            .iter()
            .map(|t| t.len)
            .sum()
    }

    #[test]
    fn moved_blocks_are_tiled_wherever_they_stand() {
        let a = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let b = [7, 8, 9, 4, 5, 6, 1, 2, 3];
        assert_eq!(covered(&a, &b, 3), 9);
    }

    #[test]
    fn runs_shorter_than_the_minimum_match_do_not_count() {
        assert_eq!(covered(&[1, 2, 9, 3, 4], &[1, 2, 8, 3, 4], 3), 0);
        assert_eq!(covered(&[1, 2, 9, 3, 4], &[1, 2, 8, 3, 4], 2), 4);
    }

    #[test]
    fn the_longest_run_is_tiled_first_and_each_token_once() {
        // `1 2 3` stands twice in `a`, once in `b`: one tile covers it.
        let tiles = tile(&indexed(&[1, 2, 3, 1, 2, 3, 4], 3), &indexed(&[1, 2, 3, 4], 3));
        assert_eq!(tiles, vec![Tile { a: 3, b: 0, len: 4 }]);
    }

    #[test]
    fn blocked_tokens_are_never_covered() {
        // 0 is blocked: the runs either side of it tile apart.
        assert_eq!(covered(&[1, 2, 3, 0, 4, 5, 6], &[1, 2, 3, 0, 4, 5, 6], 3), 6);
    }
}
