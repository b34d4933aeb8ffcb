//! The negamax itself: null windows narrowed to the score, and one node's search with its
//! bounds, tactics, table lookups and move order.

use super::worker::Worker;
use super::{win_now, Goal, Interval, WORK_BITS};
use crate::games::connect4::bitboard::{Bits, Geometry};
use crate::search::solver::OutOfTime;
use crate::search::table::{at_least, at_most, Bound, Entry};

/// Plies below the root where a helper thread shuffles its moves.
const JITTER_PLIES: u32 = 4;

/// Fewest empty cells for a node to use the table: nearer the end a subtree is searched in
/// less time than a table slot takes to load from memory (measured: 11% less time on the
/// empty board's root, the nodes the same within 1%).
const TABLED_EMPTY: i32 = 6;

/// Empty cells (at least) for a node to look its children up before searching them (from
/// 12 on: 8% fewer nodes than from 16, the time the same within the machine's noise).
const ETC_EMPTY: i32 = 12;

// The children's keys, for their lookups, are computed wherever the children are tabled.
const _: () = assert!(ETC_EMPTY > TABLED_EMPTY);

/// Narrows `interval` by null windows to `goal`: first whether the side to move wins,
/// draws or loses, then the distance, halving the interval and trying nearer zero first
/// (where the cheap proofs, late results, lie).
pub(super) fn solve_k<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    interval: &mut Interval,
    goal: Goal,
) -> Result<(), OutOfTime> {
    let geometry = worker.geometry;
    worker.jitter_below = bits.moves + JITTER_PLIES;
    if bits.winning_moves::<K>(&geometry) != 0 {
        worker.stats.nodes += 1;
        worker.stats.tactics += 1;
        *interval = Interval::exactly(win_now(&geometry, bits));
        return Ok(());
    }
    if bits.playable(&geometry) == 0 {
        *interval = Interval::exactly(0);
        return Ok(());
    }
    if let Some(score) = worker.book.and_then(|book| book.score(bits)) {
        worker.stats.nodes += 1;
        worker.stats.hits += 1;
        *interval = Interval::exactly(score);
        return Ok(());
    }
    let mut probes = [0, -1, 1].into_iter();
    let mut beside_tried = false;
    while !interval.reached(goal) {
        let Interval { min, max } = *interval;
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        // Win, draw or loss first: "above 0?", then "above -1?" or "above 1?".
        if let Some(probe) = probes.find(|&p| min <= p && p < max) {
            med = probe;
        } else if !beside_tried && (min > 0 || max < 0) {
            // Then once right beside the bound nearest zero: the latest win (or the
            // soonest loss) not yet ruled out is the likeliest score, and a proof there
            // settles it at once, where halving from the far end proves several bounds.
            beside_tried = true;
            med = if min > 0 { min } else { max - 1 };
        }
        let score = negamax::<K>(worker, bits, med, med + 1);
        if worker.stopped {
            return Err(OutOfTime);
        }
        if score <= med {
            interval.max = score;
        } else {
            interval.min = score;
        }
    }
    Ok(())
}

/// The score within (alpha, beta) of a position whose side to move cannot win at once.
// The search's inner loop, one node's phases in the order they cut work, each a function of
// its own, inlined back into this one (issue 44: the split measured no slower).
fn negamax<const K: usize>(worker: &mut Worker, bits: &Bits, mut alpha: i32, mut beta: i32) -> i32 {
    worker.stats.nodes += 1;
    if worker.out_of_time() {
        return 0;
    }
    let geometry = worker.geometry;
    let cells = geometry.cells() as i32;
    let stones = bits.moves as i32;
    let opponent = bits.opponent_threats::<K>(&geometry);
    let safe = bits.safe_moves_against(&geometry, opponent);
    if let Some(score) = settle_without_search::<K>(worker, bits, safe, &mut alpha, &mut beta) {
        return score;
    }
    if safe & (safe - 1) == 0 {
        // One move does not lose at once: play it, no table needed.
        let col = column_of(&geometry, safe);
        return -negamax::<K>(worker, &bits.play(&geometry, safe, col), -beta, -alpha);
    }
    // The slot loads while the position and its children are looked at.
    let (key, mirrored) = bits.key_mirrored();
    let tabled = cells - stones >= TABLED_EMPTY;
    if tabled {
        worker.table.get().prefetch(u128::from(key));
    }
    if let Some(score) = bound_by_claimeven::<K>(worker, bits, alpha, &mut beta) {
        return score;
    }
    // Each child's key, by column, its slot loading while the children are looked at.
    let mut child_keys = [0u64; 32];
    let children_tabled = cells - stones > TABLED_EMPTY;
    let fetch = children_tabled.then_some(&mut child_keys);
    // The cells each move makes winning for us, by column, for the move order.
    let mut threats = [0u64; 32];
    if let Some(score) =
        bound_by_children::<K>(worker, bits, safe, fetch, &mut threats, &mut alpha, &mut beta)
    {
        return score;
    }
    let known = tabled
        .then(|| worker.table.get().get(u128::from(key)))
        .flatten()
        .map(|data| Entry::unpack(data, WORK_BITS));
    if let Some(entry) = known {
        if let Some(score) = entry.narrow(&mut alpha, &mut beta) {
            worker.stats.hits += 1;
            return score;
        }
    }
    // The table's column and the one stored, in the key's coordinates, plus one (0: none).
    let to_key = |col: u32| if mirrored { geometry.cols - 1 - col } else { col };
    let hint = known
        .filter(|entry| entry.best != 0)
        .map(|entry| to_key(u32::from(entry.best - 1)));
    let (moves, count) = order_moves(worker, bits, safe, opponent, &threats, hint);
    let before = worker.stats.nodes;
    if cells - stones >= ETC_EMPTY {
        if let Some((score, col)) =
            cut_by_children_table(worker, &child_keys, &moves[..count], &mut alpha, beta)
        {
            let best = to_key(col) as u8 + 1;
            let entry = Entry {
                score,
                bound: Bound::Lower,
                best,
            };
            worker.store(key, entry.pack(1, WORK_BITS));
            return score;
        }
    }
    let Some((score, col)) = search_children::<K>(worker, bits, &moves[..count], alpha, beta) else {
        return 0;
    };
    let bound = Entry::bound_of(score, alpha, beta, known);
    let best = if bound == Bound::Upper {
        0
    } else {
        to_key(col) as u8 + 1
    };
    if tabled {
        let entry = Entry { score, bound, best };
        worker.store(key, entry.pack(worker.stats.nodes - before, WORK_BITS));
    }
    score
}

/// Searches the children in `moves`' order within (alpha, beta): the best score and its
/// column, at the first that reaches beta; `None` when the search was stopped.
#[inline(always)]
fn search_children<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    moves: &[(u64, u32, u32)],
    mut alpha: i32,
    beta: i32,
) -> Option<(i32, u32)> {
    let geometry = worker.geometry;
    let mut best = (i32::MIN, 0);
    for &(cell, _, col) in moves {
        let score = -negamax::<K>(worker, &bits.play(&geometry, cell, col), -beta, -alpha);
        if worker.stopped {
            return None;
        }
        if score > best.0 {
            best = (score, col);
        }
        if score >= beta {
            break;
        }
        if score > alpha {
            alpha = score;
        }
    }
    Some(best)
}

/// What settles a node before its moves are looked at: no safe move (a loss), two cells
/// left (a draw), the bounds of [`bound_by_position`], the opening book; the score then.
#[inline(always)]
fn settle_without_search<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    safe: u64,
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let (cells, stones) = (worker.geometry.cells() as i32, bits.moves as i32);
    if safe == 0 {
        // Every move lets the opponent win with their next piece.
        worker.stats.tactics += 1;
        return Some(-(cells - stones) / 2);
    }
    if stones >= cells - 2 {
        // Two cells left and neither side can win with them.
        return Some(0);
    }
    if let Some(score) = bound_by_position::<K>(worker, bits, alpha, beta) {
        return Some(score);
    }
    if stones <= worker.book_depth {
        if let Some(score) = worker.book.and_then(|book| book.score(bits)) {
            worker.stats.hits += 1;
            return Some(score);
        }
    }
    None
}

/// On a board of even height with an even number of stones, the claimeven bound (the
/// opponent answering each move in the same column); the score when it settles the node.
#[inline(always)]
fn bound_by_claimeven<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    alpha: i32,
    beta: &mut i32,
) -> Option<i32> {
    let geometry = worker.geometry;
    if !geometry.even_rows() || bits.moves % 2 != 0 {
        return None;
    }
    let bound = geometry.claimeven_bound::<K>(bits)?;
    let score = at_most(bound, alpha, beta)?;
    worker.stats.tactics += 1;
    Some(score)
}

/// Bounds the score of a position none of whose safe moves wins at once, where neither side
/// can win with its next piece; the score when that settles it.
#[inline(always)]
fn bound_by_position<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let geometry = worker.geometry;
    let (cells, stones) = (geometry.cells() as i32, bits.moves as i32);
    // The opponent cannot win with their next piece: bound the score from below...
    if let Some(score) = at_least(-(cells - 2 - stones) / 2, alpha, *beta) {
        return Some(score);
    }
    // ...and we cannot win with ours: from above.
    if let Some(score) = at_most((cells - 1 - stones) / 2, *alpha, beta) {
        return Some(score);
    }
    // No line left to make: at most a draw.
    if *beta > 0 && !geometry.can_win::<K>(bits) {
        if let Some(score) = at_most(0, *alpha, beta) {
            worker.stats.tactics += 1;
            return Some(score);
        }
    }
    None
}

/// Looks at every child before any is searched (after Steininger's solver): a move that
/// leaves the opponent no safe reply wins at once, and a child's score bounded without a
/// search (a forced line to a win, its claimeven bound, no line left for the opponent)
/// raises alpha for all the moves. The score when that settles the node. With `fetch`,
/// first each child's key goes there, by column, and its slot starts loading.
#[inline(always)]
fn bound_by_children<const K: usize>(
    worker: &mut Worker,
    bits: &Bits,
    safe: u64,
    fetch: Option<&mut [u64; 32]>,
    threats: &mut [u64; 32],
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let geometry = worker.geometry;
    let (cells, stones) = (geometry.cells() as i32, bits.moves as i32);
    let even_child = geometry.even_rows() && stones % 2 == 1;
    if let Some(keys) = fetch {
        // The children's slots start loading together, and early: the table lookups
        // after the scan find them in the cache.
        let mut rest = safe;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest ^= cell;
            let col = column_of(&geometry, cell);
            keys[col as usize] = bits.play(&geometry, cell, col).key();
            worker.table.get().prefetch(u128::from(keys[col as usize]));
        }
    }
    let mut rest = safe;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        rest ^= cell;
        let col = column_of(&geometry, cell);
        let child = bits.play(&geometry, cell, col);
        threats[col as usize] = child.opponent_threats::<K>(&geometry);
        let replies = child.safe_moves_against(&geometry, threats[col as usize]);
        if replies == 0 {
            // Every reply lets our next piece win: the best score left.
            worker.stats.tactics += 1;
            return Some((cells - 1 - stones) / 2);
        }
        // The opponent left with no line to make: at least a draw (worth looking for only
        // below it).
        let mut floor = if *alpha < 0 && !geometry.can_win::<K>(&child) {
            0
        } else {
            i32::MIN
        };
        if replies & (replies - 1) == 0 {
            if let Some(win) = forced_win::<K>(&geometry, &child, replies) {
                floor = floor.max(win);
            }
        }
        if even_child {
            if let Some(bound) = geometry.claimeven_bound::<K>(&child) {
                floor = floor.max(-bound);
            }
        }
        if let Some(score) = at_least(floor, alpha, *beta) {
            worker.stats.tactics += 1;
            return Some(score);
        }
    }
    // No reply lets our next piece win: neither does one with our next but one.
    at_most((cells - 3 - stones) / 2, *alpha, beta)
}

/// Follows the line forced from `child` (its side to move left one safe move, `reply`):
/// while the other side has one safe move, both play on; where it has a choice, a move
/// that leaves no safe reply wins. The score of that win, found without a search, for the
/// side that moved into `child`; `None` where the line ends otherwise.
#[inline(always)]
fn forced_win<const K: usize>(geometry: &Geometry, child: &Bits, reply: u64) -> Option<i32> {
    let cells = geometry.cells();
    let mut position = child.play(geometry, reply, column_of(geometry, reply));
    loop {
        let ours = position.safe_moves::<K>(geometry);
        if ours == 0 {
            return None;
        }
        if ours & (ours - 1) != 0 {
            // A choice: one that leaves no safe reply wins.
            let mut rest = ours;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let next = position.play(geometry, cell, column_of(geometry, cell));
                if next.moves < cells && next.safe_moves::<K>(geometry) == 0 {
                    return Some(((cells - next.moves) / 2) as i32);
                }
            }
            return None;
        }
        position = position.play(geometry, ours, column_of(geometry, ours));
        let theirs = position.safe_moves::<K>(geometry);
        if position.moves >= cells || theirs & theirs.wrapping_sub(1) != 0 {
            return None;
        }
        if theirs == 0 {
            // Every reply lets our next piece win (as `negamax` scores it, negated).
            return Some(((cells - position.moves) / 2) as i32);
        }
        position = position.play(geometry, theirs, column_of(geometry, theirs));
    }
}

/// The safe moves as (cell, rank, column), best first: the table's move, then the most
/// promising (see [`promise`]), nearest the centre on ties (a helper thread shuffles
/// near-equal moves near the root); and how many there are.
#[inline(always)]
fn order_moves(
    worker: &mut Worker,
    bits: &Bits,
    safe: u64,
    opponent: u64,
    threats: &[u64; 32],
    hint: Option<u32>,
) -> ([(u64, u32, u32); 32], usize) {
    let geometry = worker.geometry;
    let mut moves = [(0u64, 0u32, 0u32); 32];
    let mut count = 0;
    for index in 0..geometry.cols as usize {
        let col = worker.order[index];
        let cell = safe & geometry.column(col);
        if cell == 0 {
            continue;
        }
        let mut score = if hint == Some(col) {
            u32::MAX
        } else {
            promise(&geometry, bits, cell, threats[col as usize], opponent) * 8
        };
        if worker.jitter != 0 && score != u32::MAX && bits.moves < worker.jitter_below {
            score += (worker.next_random() % 12) as u32;
        }
        let mut at = count;
        while at > 0 && moves[at - 1].1 < score {
            moves[at] = moves[at - 1];
            at -= 1;
        }
        moves[at] = (cell, score, col);
        count += 1;
    }
    (moves, count)
}

/// Looks the children up (their keys by column) before any is searched (enhanced
/// transposition cut-offs): a child's stored bound raises alpha; the score and the column
/// when one reaches beta.
#[inline(always)]
fn cut_by_children_table(
    worker: &mut Worker,
    keys: &[u64; 32],
    moves: &[(u64, u32, u32)],
    alpha: &mut i32,
    beta: i32,
) -> Option<(i32, u32)> {
    for &(_, _, col) in moves {
        let Some(data) = worker.table.get().get(u128::from(keys[col as usize])) else {
            continue;
        };
        let child = Entry::unpack(data, WORK_BITS);
        if child.bound == Bound::Lower {
            continue;
        }
        if -child.score >= beta {
            worker.stats.hits += 1;
            return Some((-child.score, col));
        }
        *alpha = (*alpha).max(-child.score);
    }
    None
}

/// How promising a move to `cell` is, after Steininger's ordering: the cells it makes
/// winning for the side moving (`made`: where its pieces would then win), leaving out those
/// right above an opponent's (never reached), counted more when they sit right above a
/// playable cell (the opponent may not play under them) or one higher.
#[inline(always)]
fn promise(geometry: &Geometry, bits: &Bits, cell: u64, made: u64, opponent: u64) -> u32 {
    let ours = made & !(opponent << 1);
    let playable = ((bits.taken | cell) + geometry.bottom()) & geometry.board();
    let above = (playable << 1) & geometry.board();
    12 * (ours & above).count_ones() + 5 * (ours & above << 1).count_ones() + 3 * ours.count_ones()
}

/// The column of one cell.
#[inline(always)]
fn column_of(geometry: &Geometry, cell: u64) -> u32 {
    cell.trailing_zeros() / (geometry.rows + 1)
}
