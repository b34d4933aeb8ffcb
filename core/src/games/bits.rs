//! Bit helpers shared by the games' bitboards (Connect Four's columns in
//! [`super::connect4::bitboard`], the m×n boards' rows in [`super::mnk::cells`]): whatever the
//! layout, a line of k is k bits a fixed shift apart, so both find lines and the cells that
//! complete them with the same shifts. They live above both games so that neither borrows
//! from the other.

/// The cells that would complete a line of k for `pieces` along the direction of `shift`
/// (either way): runs of pieces reaching a cell from both sides that make k - 1 together.
#[inline(always)]
pub(crate) fn completing<const K: usize>(pieces: u64, shift: u32) -> u64 {
    // before[i]: the i cells before the cell (in the direction's order) all hold pieces;
    // after[i]: the i cells after it.
    let mut before = [u64::MAX; K];
    let mut after = [u64::MAX; K];
    for i in 1..K {
        before[i] = before[i - 1] & shl(pieces, shift * i as u32);
        after[i] = after[i - 1] & shr(pieces, shift * i as u32);
    }
    let mut cells = 0;
    for i in 0..K {
        cells |= before[i] & after[K - 1 - i];
    }
    cells
}

/// `bits << by`, empty when the shift reaches past the word (tall boards shift by more than 63).
#[inline(always)]
pub(crate) fn shl(bits: u64, by: u32) -> u64 {
    bits.checked_shl(by).unwrap_or(0)
}

/// `bits >> by`, empty when the shift reaches past the word.
#[inline(always)]
pub(crate) fn shr(bits: u64, by: u32) -> u64 {
    bits.checked_shr(by).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cell_between_two_runs_completes_their_line() {
        // A row of cells one bit apart: pieces on 0, 1 and 3, three in a row to win. Only the
        // cell between them (2) completes a line; cell 4 would make 3-4, two in a row.
        let pieces = 0b1011;
        assert_eq!(completing::<3>(pieces, 1) & !pieces, 0b0100);
        // Along a column of 8 bits (shift 8), cells 0 and 8 are completed by 16.
        assert_eq!(completing::<3>(1 | 1 << 8, 8) & !(1 | 1 << 8), 1 << 16);
    }

    #[test]
    fn shifts_past_the_word_empty_it() {
        assert_eq!(shl(1, 64), 0);
        assert_eq!(shr(u64::MAX, 70), 0);
        assert_eq!(shl(1, 63), 1 << 63);
    }
}
