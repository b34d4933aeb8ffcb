//! The exact search for boards where pieces do not fall, on bitboards: the Connect Four
//! solver's ideas ([`crate::games::connect4::search`]) carried to boards where every empty
//! cell is a move.
//!
//! Each row takes `cols + 1` bits, the spare bit closing it, so that no line wraps from one
//! row into the next. Scores count how early the game is won, as the column solver's do: a
//! win with the mover's m-th piece from now is `(cells + 1 - stones) / 2 - (m - 1)`. What
//! makes it fast:
//! - two enemy threats are a loss without a search, one is answered by its block alone, and
//!   a move making two threats of our own wins in the child without a search;
//! - a side with no line left free of the other's pieces cannot win: the score is bounded
//!   at a draw without a search;
//! - the table ([`crate::search::table`], compact slots in pairs) holds a bound and the best
//!   move for positions up to the board's symmetries, each key kept up move by move (in
//!   base 3, one sum per symmetry);
//! - moves are ordered by the table's move, then by the threats they make, then by the
//!   lines through their cell;
//! - null windows prove the score: first win, draw or loss, then the distance.
//!
//! ```
//! use minimax_core::games::mnk::cells::{CellGeometry, CellSolver};
//! use minimax_core::games::mnk::{Position, Shape, TicTacToe};
//! use minimax_core::search::distance::Outcome;
//!
//! // Gato: `X 3 1` wins at once; blocking O with `X 1 2` wins too, two plies later.
//! let position: Position = "XX-/-OO/---".parse().unwrap();
//! let mut solver = CellSolver::new(CellGeometry::of(Shape::CLASSIC).unwrap(), 1);
//! let game = TicTacToe::new(Shape::CLASSIC);
//! let decision = solver.decide(&game, &position).unwrap().unwrap();
//! assert_eq!(decision.best().mv.to_string(), "X 3 1");
//! assert_eq!(decision.best().outcome, Outcome::Win { plies: 1 });
//! let optimal: Vec<_> = decision.optimal().map(|rated| rated.mv.to_string()).collect();
//! assert_eq!(optimal, ["X 3 1", "X 1 2"]);
//! ```

use super::{Mark, Move, Position, Shape, TicTacToe};
use crate::game::Game;
use crate::games::bits::{completing, shl, shr};
use crate::search::decision::{Decision, RatedMove};
use crate::search::solver::{OutOfTime, Stats};
use crate::search::table::{at_least, at_most, Bound, Entry, Layout, Table};

/// Bits of a table entry that say how much work it holds.
const WORK_BITS: u32 = 2;
use crate::search::distance::from_pieces;
use web_time::Instant;

/// Runs `f::<K>(args)` with the board's k as the constant `K`, so that line tests unroll.
macro_rules! with_k {
    ($k:expr, $f:ident :: < K > ( $($arg:expr),* )) => {
        match $k {
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            _ => $f::<8>($($arg),*),
        }
    };
}

/// Most cells of a board this solver takes: a key (a base-3 digit per cell, times two for
/// the side to move) must fit 64 bits, and a score and a cell a table slot's 16 bits.
const MOST_CELLS: u32 = 39;

/// A board's layout and the tables made from it once.
#[derive(Clone, Debug)]
pub struct CellGeometry {
    cols: u32,
    k: u32,
    cells: u32,
    /// Bits per row: the columns and a spare one.
    width: u32,
    /// Every cell.
    board: u64,
    /// How many symmetries the board has (8 on squares, 4 on rectangles).
    symmetries: usize,
    /// Per bit: 3 to the power of the cell's image under each symmetry, for the keys.
    weights: Vec<[u64; 8]>,
    /// Per row-major cell: its image under each symmetry, and the cell whose image it is.
    image: Vec<[u8; 8]>,
    inverse: Vec<[u8; 8]>,
    /// The cells' bits, those on the most lines first (row-major on ties).
    order: Vec<u32>,
}

impl CellGeometry {
    /// The geometry of `shape` when pieces do not fall and the board has at most 39 cells.
    pub fn of(shape: Shape) -> Option<CellGeometry> {
        let (cols, rows, k) = (u32::from(shape.cols), u32::from(shape.rows), u32::from(shape.k));
        let cells = cols * rows;
        let width = cols + 1;
        if shape.gravity || cells > MOST_CELLS || width * rows > 64 || !(3..=8).contains(&k) {
            return None;
        }
        let bit = |index: u32| (index / cols) * width + index % cols;
        let maps = shape.symmetries();
        let mut weights = vec![[0u64; 8]; (width * rows) as usize];
        let mut image = vec![[0u8; 8]; cells as usize];
        let mut inverse = vec![[0u8; 8]; cells as usize];
        for (s, map) in maps.iter().enumerate() {
            for index in 0..cells {
                let to = u32::from(map[index as usize]);
                weights[bit(index) as usize][s] = 3u64.pow(to);
                image[index as usize][s] = to as u8;
                inverse[to as usize][s] = index as u8;
            }
        }
        let board = (0..cells).fold(0u64, |mask, index| mask | 1 << bit(index));
        let mut geometry = CellGeometry {
            cols,
            k,
            cells,
            width,
            board,
            symmetries: maps.len(),
            weights,
            image,
            inverse,
            order: Vec::new(),
        };
        let lines: Vec<u32> = (0..cells)
            .map(|index| with_k!(k, lines_through::<K>(&geometry, 1 << bit(index))))
            .collect();
        let mut order: Vec<u32> = (0..cells).collect();
        order.sort_by_key(|&index| (std::cmp::Reverse(lines[index as usize]), index));
        geometry.order = order.into_iter().map(bit).collect();
        Some(geometry)
    }

    /// The row-major index of a bit, and back.
    fn index_of(&self, bit: u32) -> u32 {
        (bit / self.width) * self.cols + bit % self.width
    }

    fn bit_of(&self, index: u32) -> u32 {
        (index / self.cols) * self.width + index % self.cols
    }

    /// The four directions' shifts: along a row, down a column, and the two diagonals.
    #[inline(always)]
    fn shifts(&self) -> [u32; 4] {
        [1, self.width, self.width - 1, self.width + 1]
    }

    /// Whether `cells` hold a line of k.
    #[inline(always)]
    fn has_line<const K: usize>(&self, cells: u64) -> bool {
        self.shifts().into_iter().any(|shift| {
            let mut line = cells;
            for i in 1..K as u32 {
                line &= shr(cells, shift * i);
            }
            line != 0
        })
    }

    /// The empty cells (of `empty`) that would complete a line of k for `pieces`: for each
    /// direction, runs of pieces reaching a cell from either side that make k - 1 together.
    #[inline(always)]
    fn winning_cells<const K: usize>(&self, pieces: u64, empty: u64) -> u64 {
        let shifts = self.shifts();
        let winning = completing::<K>(pieces, shifts[0])
            | completing::<K>(pieces, shifts[1])
            | completing::<K>(pieces, shifts[2])
            | completing::<K>(pieces, shifts[3]);
        winning & empty
    }
}

/// How many lines of k on the board pass through `cell`.
fn lines_through<const K: usize>(geometry: &CellGeometry, cell: u64) -> u32 {
    let board = geometry.board;
    let mut count = 0;
    for shift in geometry.shifts() {
        for offset in 0..K as u32 {
            // The line starting `offset` cells before `cell` in this direction.
            let start = shr(cell, shift * offset);
            let mut line = 0u64;
            for i in 0..K as u32 {
                line |= shl(start, shift * i);
            }
            if start != 0 && line.count_ones() == K as u32 && line & !board == 0 && line & cell != 0 {
                count += 1;
            }
        }
    }
    count
}

/// A position for the search: the side to move's pieces and the opponent's, and the keys of
/// the board's images under every symmetry.
#[derive(Clone, Copy, Debug)]
struct Cells {
    mine: u64,
    theirs: u64,
    stones: u32,
    /// Whether the side to move plays X (the keys are of marks, not of sides).
    x_to_move: bool,
    keys: [u64; 8],
}

impl Cells {
    fn of(position: &Position, geometry: &CellGeometry) -> Cells {
        let mut cells = Cells {
            mine: 0,
            theirs: 0,
            stones: 0,
            x_to_move: position.to_move == Mark::X,
            keys: [0; 8],
        };
        let shape = position.board.shape();
        for index in 0..geometry.cells {
            let Some(mark) = position.board.get(shape.square(index)) else {
                continue;
            };
            let bit = geometry.bit_of(index);
            if mark == position.to_move {
                cells.mine |= 1 << bit;
            } else {
                cells.theirs |= 1 << bit;
            }
            cells.stones += 1;
            let digit = if mark == Mark::X { 1 } else { 2 };
            for s in 0..geometry.symmetries {
                cells.keys[s] += digit * geometry.weights[bit as usize][s];
            }
        }
        cells
    }

    #[inline(always)]
    fn empty(&self, geometry: &CellGeometry) -> u64 {
        geometry.board & !(self.mine | self.theirs)
    }

    /// The position after the side to move takes the cell at `bit`.
    #[inline(always)]
    fn play(&self, geometry: &CellGeometry, bit: u32) -> Cells {
        let digit = if self.x_to_move { 1 } else { 2 };
        let weights = &geometry.weights[bit as usize];
        let mut keys = self.keys;
        for s in 0..geometry.symmetries {
            keys[s] += digit * weights[s];
        }
        Cells {
            mine: self.theirs,
            theirs: self.mine | 1 << bit,
            stones: self.stones + 1,
            x_to_move: !self.x_to_move,
            keys,
        }
    }

    /// The key up to symmetry (with the side to move), and the symmetry that gives it.
    #[inline(always)]
    fn key(&self, geometry: &CellGeometry) -> (u64, usize) {
        let mut best = (self.keys[0], 0);
        for s in 1..geometry.symmetries {
            if self.keys[s] < best.0 {
                best = (self.keys[s], s);
            }
        }
        (best.0 << 1 | u64::from(self.x_to_move), best.1)
    }
}

/// A search context for one board: the table, the statistics and the limits.
pub struct CellSolver {
    geometry: CellGeometry,
    table: Table,
    /// Slots filled (the table grows at half).
    filled: usize,
    /// What the searches so far counted.
    pub stats: Stats,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
}

impl CellSolver {
    /// A solver whose table takes at most `hash_mib` MiB.
    pub fn new(geometry: CellGeometry, hash_mib: usize) -> CellSolver {
        let states = 3u64.saturating_pow(geometry.cells).saturating_mul(2);
        CellSolver {
            geometry,
            table: Table::new(Layout::Compact, hash_mib, states).with_work_bits(WORK_BITS),
            filled: 0,
            stats: Stats::default(),
            deadline: None,
            node_limit: None,
            stopped: false,
        }
    }

    /// Stops searching at `deadline` and after `limit` nodes (either may be `None`).
    pub fn with_limits(mut self, deadline: Option<Instant>, limit: Option<u64>) -> Self {
        self.deadline = deadline;
        self.node_limit = limit;
        self
    }

    /// The table's size now, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// One legal move of `position` rated exactly, as the generic solver rates it: `WIN - p`
    /// for a win `p` plies on (counting the move), `-(WIN - p)` for a loss, 0 for a draw.
    pub fn rate(&mut self, position: &Position, mv: Move) -> Result<RatedMove<Move>, OutOfTime> {
        let cells = Cells::of(position, &self.geometry);
        let bit = self.geometry.bit_of(position.board.shape().index(mv.square));
        let score = self.score_of_move(&cells, bit)?;
        Ok(RatedMove::exact(
            mv,
            from_pieces(self.geometry.cells, cells.stones, score),
        ))
    }

    /// Every legal move of `position` rated exactly, one table for all; `None` when the game
    /// is over. The moves and the tie-break are [`crate::search::decision`]'s.
    pub fn decide(
        &mut self,
        game: &TicTacToe,
        position: &Position,
    ) -> Result<Option<Decision<Move>>, OutOfTime> {
        if game.is_terminal(position) {
            return Ok(None);
        }
        let before = self.stats.nodes;
        let moves = game
            .moves(position)
            .map(|mv| self.rate(position, mv))
            .collect::<Result<_, _>>()?;
        Ok(Decision::choose(moves, 1 + self.stats.nodes - before))
    }

    /// The score, for the side to move at `cells`, of taking the cell at `bit`.
    fn score_of_move(&mut self, cells: &Cells, bit: u32) -> Result<i32, OutOfTime> {
        let geometry = &self.geometry;
        let winning = with_k!(
            geometry.k,
            winning_cells::<K>(geometry, cells.mine, cells.empty(geometry))
        );
        if winning & 1 << bit != 0 {
            return Ok(win_now(geometry, cells));
        }
        let child = cells.play(geometry, bit);
        Ok(-self.solve(&child)?)
    }

    /// The exact score of a position that is not over, for its side to move: first whether
    /// it wins, draws or loses, then how soon, a null window at a time.
    fn solve(&mut self, cells: &Cells) -> Result<i32, OutOfTime> {
        let geometry = &self.geometry;
        let empty = cells.empty(geometry);
        if with_k!(geometry.k, winning_cells::<K>(geometry, cells.mine, empty)) != 0 {
            self.stats.nodes += 1;
            self.stats.tactics += 1;
            return Ok(win_now(geometry, cells));
        }
        if empty == 0 {
            return Ok(0);
        }
        let (total, stones) = (geometry.cells as i32, cells.stones as i32);
        let mut min = -(total - stones) / 2;
        let mut max = (total + 1 - stones) / 2;
        let mut probes = [0, -1, 1].into_iter();
        self.stopped = false;
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            if let Some(probe) = probes.find(|&p| min <= p && p < max) {
                med = probe;
            }
            let score = with_k!(self.geometry.k, negamax::<K>(self, cells, med, med + 1));
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

    #[inline(always)]
    fn out_of_time(&mut self) -> bool {
        if self.stats.nodes & 0xfff == 0 {
            let over_nodes = self.node_limit.is_some_and(|limit| self.stats.nodes > limit);
            let over_time = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
            self.stopped |= over_nodes || over_time;
        }
        self.stopped
    }

    #[inline(always)]
    fn store(&mut self, key: u64, data: u64) {
        self.filled += usize::from(self.table.put(u128::from(key), data));
        if self.filled * 2 > self.table.slots() && self.table.can_grow() {
            self.table.grow();
        }
    }
}

/// The score of a win with the side to move's next piece.
fn win_now(geometry: &CellGeometry, cells: &Cells) -> i32 {
    ((geometry.cells + 1 - cells.stones) / 2) as i32
}

fn winning_cells<const K: usize>(geometry: &CellGeometry, pieces: u64, empty: u64) -> u64 {
    geometry.winning_cells::<K>(pieces, empty)
}

/// The score within (alpha, beta) of a position whose side to move cannot win at once.
// The search's inner loop, one node's phases in the order they cut work, each a function of
// its own, inlined back into this one (issue 44: the split measured no slower).
fn negamax<const K: usize>(solver: &mut CellSolver, cells: &Cells, mut alpha: i32, mut beta: i32) -> i32 {
    solver.stats.nodes += 1;
    if solver.out_of_time() {
        return 0;
    }
    let geometry = &solver.geometry;
    let (total, stones) = (geometry.cells as i32, cells.stones as i32);
    let empty = cells.empty(geometry);
    let threats = geometry.winning_cells::<K>(cells.theirs, empty);
    if threats & threats.wrapping_sub(1) != 0 {
        // Two threats: the opponent wins with their next piece.
        solver.stats.tactics += 1;
        return -(total - stones) / 2;
    }
    if stones >= total - 1 {
        // The last cell, and it does not win.
        return 0;
    }
    if let Some(score) = bound_by_position::<K>(geometry, cells, empty, &mut alpha, &mut beta) {
        return score;
    }
    if threats != 0 {
        // One threat: the block is the only move that does not lose at once.
        let child = cells.play(geometry, threats.trailing_zeros());
        return -negamax::<K>(solver, &child, -beta, -alpha);
    }
    let (key, symmetry) = cells.key(geometry);
    let known = solver
        .table
        .get(u128::from(key))
        .map(|data| Entry::unpack(data, WORK_BITS));
    if let Some(entry) = known {
        if let Some(score) = entry.narrow(&mut alpha, &mut beta) {
            solver.stats.hits += 1;
            return score;
        }
    }
    let geometry = &solver.geometry;
    let hint = known.filter(|entry| entry.best != 0).map(|entry| {
        let index = geometry.inverse[usize::from(entry.best - 1)][symmetry];
        geometry.bit_of(u32::from(index))
    });
    let (moves, count) = order_cells::<K>(geometry, cells, empty, hint);
    let before = solver.stats.nodes;
    let Some((score, bit)) = search_cells::<K>(solver, cells, &moves[..count], alpha, beta) else {
        return 0;
    };
    let bound = Entry::bound_of(score, alpha, beta, known);
    let geometry = &solver.geometry;
    let best = if bound == Bound::Upper {
        0
    } else {
        geometry.image[geometry.index_of(bit) as usize][symmetry] + 1
    };
    let entry = Entry { score, bound, best };
    solver.store(key, entry.pack(solver.stats.nodes - before, WORK_BITS));
    score
}

/// Bounds the score of a position where neither side wins with its next piece (the block
/// answers the one threat); the score when that settles it.
#[inline(always)]
fn bound_by_position<const K: usize>(
    geometry: &CellGeometry,
    cells: &Cells,
    empty: u64,
    alpha: &mut i32,
    beta: &mut i32,
) -> Option<i32> {
    let (total, stones) = (geometry.cells as i32, cells.stones as i32);
    if let Some(score) = at_least(-(total - 2 - stones) / 2, alpha, *beta) {
        return Some(score);
    }
    if let Some(score) = at_most((total - 1 - stones) / 2, *alpha, beta) {
        return Some(score);
    }
    // A side with no line left free of the other's pieces draws at best.
    if *beta > 0 && !geometry.has_line::<K>(cells.mine | empty) {
        if let Some(score) = at_most(0, *alpha, beta) {
            return Some(score);
        }
    }
    if *alpha < 0 && !geometry.has_line::<K>(cells.theirs | empty) {
        if let Some(score) = at_least(0, alpha, *beta) {
            return Some(score);
        }
    }
    None
}

/// The empty cells as (bit, rank), best first: the table's move (`hint`), then the moves
/// making the most threats, then the cells on the most lines (the geometry's order; kept
/// among equals); and how many there are.
#[inline(always)]
fn order_cells<const K: usize>(
    geometry: &CellGeometry,
    cells: &Cells,
    empty: u64,
    hint: Option<u32>,
) -> ([(u32, u32); 64], usize) {
    let mut moves = [(0u32, 0u32); 64];
    let mut count = 0;
    for &bit in &geometry.order {
        if empty & 1 << bit == 0 {
            continue;
        }
        let score = if hint == Some(bit) {
            u32::MAX
        } else {
            geometry
                .winning_cells::<K>(cells.mine | 1 << bit, empty & !(1 << bit))
                .count_ones()
        };
        let mut at = count;
        while at > 0 && moves[at - 1].1 < score {
            moves[at] = moves[at - 1];
            at -= 1;
        }
        moves[at] = (bit, score);
        count += 1;
    }
    (moves, count)
}

/// Searches `moves` in order within (alpha, beta): the best score and its cell, at the
/// first that reaches beta; `None` when the search was stopped.
#[inline(always)]
fn search_cells<const K: usize>(
    solver: &mut CellSolver,
    cells: &Cells,
    moves: &[(u32, u32)],
    mut alpha: i32,
    beta: i32,
) -> Option<(i32, u32)> {
    let mut best = (i32::MIN, 0);
    for &(bit, _) in moves {
        let child = cells.play(&solver.geometry, bit);
        let score = -negamax::<K>(solver, &child, -beta, -alpha);
        if solver.stopped {
            return None;
        }
        if score > best.0 {
            best = (score, bit);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::tests::{random_positions_from, rated};
    use crate::search::decision::decide_solved;
    use crate::search::solver::Solver;

    #[test]
    fn the_cell_solver_rates_every_move_as_the_generic_solver_does() {
        for (cols, rows, k, count, empty, seed) in [
            (3, 3, 3, 40, 9, 1),
            (4, 4, 3, 30, 12, 2),
            (4, 4, 4, 20, 12, 3),
            (5, 4, 4, 12, 13, 4),
            (4, 5, 3, 12, 13, 5),
            (5, 5, 4, 6, 14, 6),
            (6, 5, 4, 4, 13, 7),
        ] {
            let shape = Shape::new(cols, rows, Some(k)).unwrap();
            let game = TicTacToe::new(shape);
            let mut fast = CellSolver::new(CellGeometry::of(shape).unwrap(), 8);
            let mut plain = Solver::new(&game, 64);
            // Odd seeds let O move first.
            let first = if seed % 2 == 0 { Mark::X } else { Mark::O };
            for position in random_positions_from(shape, first, count, empty, seed) {
                let ours = fast.decide(&game, &position).unwrap().unwrap();
                let theirs = decide_solved(&mut plain, &game, &position).unwrap().unwrap();
                assert_eq!(rated(&ours), rated(&theirs), "{cols}x{rows} k {k}\n{position:?}");
                assert_eq!(ours.best().mv, theirs.best().mv);
            }
        }
    }

    #[test]
    fn the_cell_solver_takes_only_boards_without_gravity_that_fit_its_key() {
        let shape = |c, r, k| Shape::new(c, r, Some(k)).unwrap();
        assert!(CellGeometry::of(shape(5, 5, 4)).is_some());
        assert!(CellGeometry::of(shape(6, 6, 4)).is_some());
        assert!(CellGeometry::of(shape(7, 6, 4)).is_none(), "42 cells");
        assert!(CellGeometry::of(shape(5, 4, 4).with_gravity(true)).is_none());
        assert_eq!(CellGeometry::of(shape(5, 5, 4)).unwrap().symmetries, 8);
        assert_eq!(CellGeometry::of(shape(6, 5, 4)).unwrap().symmetries, 4);
    }

    #[test]
    fn the_centre_of_the_board_is_searched_first() {
        let geometry = CellGeometry::of(Shape::new(5, 5, Some(4)).unwrap()).unwrap();
        assert_eq!(geometry.index_of(geometry.order[0]), 12);
    }
}
