//! Whether what was read is a position that a real game could reach, reporting every reason it is not.
//!
//! ```
//! use minimax_core::games::mnk::{legality, parse, Shape};
//!
//! // Three X against no O: X cannot have moved three times already.
//! let raw = parse::parse("X X X\n- - -\n- - -\n").unwrap();
//! assert!(legality::check(raw, Shape::CLASSIC, None).is_err());
//! let raw = parse::parse("X - -\n- O -\n- - -\n").unwrap();
//! assert!(legality::check(raw, Shape::CLASSIC, None).is_ok());
//! ```

use super::board::{Board, Line, Shape};
use super::mark::Mark;
use super::position::Position;
use super::problem::{Located, Problem};
use super::raw::{unflatten, RawMoves, RawPosition};
use super::square::Square;
use crate::notation::diagnostic::Location;

/// Checks the board's shape, then the rules: counts, winners, and the side to move.
///
/// `first` is the side that opened the game when the user said so (`--first`); otherwise X,
/// unless the input names the side to move on a board with equal counts, which says who opened.
pub fn check(mut raw: RawPosition, shape: Shape, first: Option<Mark>) -> Result<Position, Vec<Located>> {
    let (board, first) = match raw.moves.take() {
        Some(_) if !raw.rows.is_empty() => return Err(vec![Problem::MovesAndBoard.nowhere()]),
        // The moves say who opened: the first mover, X unless told otherwise.
        Some(moves) => (
            replay(&moves, shape, first.unwrap_or(Mark::X))?,
            Some(first.unwrap_or(Mark::X)),
        ),
        None => {
            unflatten(&mut raw, shape);
            (board_of(&raw, shape)?, first)
        }
    };
    let mut problems = Vec::new();
    if shape.gravity {
        floating(&raw, &board, shape, &mut problems);
    }
    let to_move = side_to_move(&raw, &board, first, &mut problems);
    winners(&board, shape, to_move, &mut problems);
    match to_move {
        Some(to_move) if problems.is_empty() => Ok(Position { board, to_move }),
        _ => Err(problems),
    }
}

/// Reports every piece with an empty cell under it (on a board with gravity).
fn floating(raw: &RawPosition, board: &Board, shape: Shape, problems: &mut Vec<Located>) {
    let floating = board.floating_cells();
    for index in (0..shape.cells()).filter(|&index| floating & (1u64 << index) != 0) {
        let square = shape.square(index);
        let at = raw
            .rows
            .get(usize::from(square.row))
            .and_then(|row| row.cells.get(usize::from(square.col)))
            .and_then(|cell| cell.at.clone());
        let mark = board.get(square).unwrap_or(Mark::X);
        problems.push(
            Problem::Floating {
                mark,
                col: square.col + 1,
                row: square.row + 1,
            }
            .at(at),
        );
    }
}

/// Who opened, who moved last, who moves next (`None`: the counts are too far apart), from
/// the counts, the side that opened (`first`) and the side the input names; reports what
/// contradicts.
fn side_to_move(
    raw: &RawPosition,
    board: &Board,
    first: Option<Mark>,
    problems: &mut Vec<Located>,
) -> Option<Mark> {
    let (x, o) = (board.count(Mark::X), board.count(Mark::O));
    let given = raw.to_move.as_ref().map(|(mark, _)| *mark);
    let given_at = raw.to_move.as_ref().and_then(|(_, at)| at.clone());
    let contradicts =
        |reason: String| given.map(|given| Problem::ToMoveContradicts { given, reason }.at(given_at.clone()));

    let opener = match (x.cmp(&o), first, given) {
        (std::cmp::Ordering::Equal, None, Some(given)) => given,
        (_, first, _) => first.unwrap_or(Mark::X),
    };
    if x.abs_diff(o) > 1 {
        problems.push(Problem::CountsApart { x, o }.nowhere());
        None
    } else if x == o {
        if let (Some(first), Some(given)) = (first, given) {
            if first != given {
                problems.extend(contradicts(format!(
                    "the counts are equal and {first} moves first, so {first} is to move"
                )));
            }
        }
        Some(opener)
    } else {
        let (more, fewer) = if x > o {
            (Mark::X, Mark::O)
        } else {
            (Mark::O, Mark::X)
        };
        if more != opener {
            problems.push(
                Problem::WrongOpener {
                    more,
                    fewer,
                    first: opener,
                }
                .nowhere(),
            );
        }
        if given == Some(more) {
            problems.extend(contradicts(format!(
                "{more} has one mark more than {fewer}, so {fewer} is to move"
            )));
        }
        Some(fewer)
    }
}

/// At most one winner, who made the last move (the opponent of `to_move`) with a single
/// stroke: reports both sides winning, a winner who did not move last, a win buried under
/// later pieces and two separate lines.
fn winners(board: &Board, shape: Shape, to_move: Option<Mark>, problems: &mut Vec<Located>) {
    let lines = shape.lines();
    let won = |mark: Mark| -> Vec<Line> {
        let cells = board.cells_of(mark);
        lines
            .iter()
            .copied()
            .filter(|line| cells & line.mask == line.mask)
            .collect()
    };
    let (x_lines, o_lines) = (won(Mark::X), won(Mark::O));
    let name = |line: &Line| line.describe(shape);
    match (x_lines.first(), o_lines.first()) {
        (Some(x_line), Some(o_line)) => problems.push(
            Problem::BothWin {
                k: shape.k,
                x_line: name(x_line),
                o_line: name(o_line),
            }
            .nowhere(),
        ),
        (Some(_), None) | (None, Some(_)) => {
            let (winner, winning) = if x_lines.is_empty() {
                (Mark::O, &o_lines)
            } else {
                (Mark::X, &x_lines)
            };
            let last = to_move.map(Mark::opponent);
            if let Some(last) = last.filter(|&last| last != winner) {
                problems.push(
                    Problem::WinnerDidNotMoveLast {
                        winner,
                        k: shape.k,
                        line: name(&winning[0]),
                        last,
                    }
                    .nowhere(),
                );
            }
            let common = winning.iter().fold(u64::MAX, |cells, line| cells & line.mask);
            // With gravity the winning piece was played last, so nothing can lie on it.
            if shape.gravity && common != 0 && common & board.top_cells() == 0 && board.floating_cells() == 0
            {
                problems.push(
                    Problem::WinBuried {
                        winner,
                        k: shape.k,
                        line: name(&winning[0]),
                    }
                    .nowhere(),
                );
            }
            if common == 0 {
                let apart = winning
                    .iter()
                    .find(|line| line.mask & winning[0].mask == 0)
                    .unwrap_or(&winning[1]);
                problems.push(
                    Problem::SeparateLines {
                        winner,
                        first: name(&winning[0]),
                        second: name(apart),
                    }
                    .nowhere(),
                );
            }
        }
        (None, None) => {}
    }
}

/// The board a list of columns builds, dropping each piece in turn from `opener` on; every
/// column off the board, into a full column or after the game was won is reported.
pub(crate) fn replay(moves: &RawMoves, shape: Shape, opener: Mark) -> Result<Board, Vec<Located>> {
    let lines = shape.lines();
    let mut board = Board::empty(shape);
    let mut mark = opener;
    let mut ended: Option<(usize, Mark)> = None;
    let mut problems = Vec::new();
    for (index, (col, at)) in moves.columns.iter().enumerate() {
        let index = index + 1;
        if let Some((ended, winner)) = ended {
            problems.push(
                Problem::MoveAfterEnd {
                    index,
                    ended,
                    winner,
                    k: shape.k,
                }
                .at(at.clone()),
            );
            break;
        }
        if !(1..=u32::from(shape.cols)).contains(col) {
            problems.push(
                Problem::ColumnOutside {
                    index,
                    col: *col,
                    cols: shape.cols,
                }
                .at(at.clone()),
            );
            continue;
        }
        let Some(square) = board.landing((col - 1) as u8) else {
            problems.push(Problem::ColumnFull { index, col: *col }.at(at.clone()));
            continue;
        };
        board = board.with(square, mark);
        let mine = board.cells_of(mark);
        if lines.iter().any(|line| mine & line.mask == line.mask) {
            ended = Some((index, mark));
        }
        mark = mark.opponent();
    }
    if problems.is_empty() {
        Ok(board)
    } else {
        Err(problems)
    }
}

/// The board's shape as the input draws it: its rows, the number of cells most rows have (a
/// single row holding a whole square board is split), and `k` from the command line, else
/// from the input (`k: 4`), else the shorter side (4 where pieces fall).
pub fn shape_of(raw: &RawPosition, k: Option<usize>, gravity: bool) -> Result<Shape, Vec<Located>> {
    let (k, k_at) = match (k, &raw.k) {
        (Some(k), _) => (Some(k), None),
        (None, Some((k, at))) => (Some(*k), at.clone()),
        (None, None) => (None, None),
    };
    let (cols, rows, at) = match raw.rows.as_slice() {
        [] => return Err(vec![Problem::Empty.nowhere()]),
        [row] => {
            let cells = row.cells.len();
            match (1..=usize::from(Shape::MAX_SIDE)).find(|side| side * side == cells) {
                Some(side) => (side, side, row.at.clone()),
                None => return Err(vec![Problem::FlatNotSquare(cells).at(row.at.clone())]),
            }
        }
        rows => {
            // The length most rows share, so that the row that is off is the one reported;
            // on a tie, a square board, else the first row's length.
            let mut lengths: Vec<usize> = rows.iter().map(|r| r.cells.len()).collect();
            let first = lengths[0];
            lengths.sort_unstable();
            let preference = |length: usize| (length == rows.len(), length == first);
            let mut best = (0, first);
            for run in lengths.chunk_by(|a, b| a == b) {
                let better =
                    run.len() > best.0 || (run.len() == best.0 && preference(run[0]) > preference(best.1));
                if better {
                    best = (run.len(), run[0]);
                }
            }
            (
                best.1,
                rows.len(),
                rows.get(usize::from(Shape::MAX_SIDE)).and_then(|r| r.at.clone()),
            )
        }
    };
    Shape::with_rules(cols, rows, k, gravity).map_err(|error| {
        let at = match error {
            super::board::ShapeError::K { .. } => k_at,
            _ => at,
        };
        vec![Problem::Shape(error).at(at)]
    })
}

/// The cells of `raw` on a board of `shape`, or every row and cell count that does not fit.
pub(crate) fn board_of(raw: &RawPosition, shape: Shape) -> Result<Board, Vec<Located>> {
    let (rows, cols) = (usize::from(shape.rows), usize::from(shape.cols));
    let mut problems = Vec::new();
    if raw.rows.len() != rows {
        let at = raw.rows.get(rows).and_then(|row| row.at.clone());
        problems.push(
            Problem::RowCount {
                expected: rows,
                found: raw.rows.len(),
            }
            .at(at),
        );
    }
    for (r, row) in raw.rows.iter().enumerate().take(rows) {
        if row.cells.len() != cols {
            // Point at the first extra cell, or just past the last cell when some are missing.
            let at = match row.cells.get(cols) {
                Some(extra) => extra.at.clone(),
                None => row
                    .cells
                    .last()
                    .and_then(|cell| cell.at.clone())
                    .map(Location::after)
                    .or_else(|| row.at.clone()),
            };
            problems.push(
                Problem::CellCount {
                    row: r + 1,
                    expected: cols,
                    found: row.cells.len(),
                }
                .at(at),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut board = Board::empty(shape);
    for (r, row) in raw.rows.iter().enumerate() {
        for (c, cell) in row.cells.iter().enumerate() {
            if let Some(mark) = cell.mark {
                board = board.with(Square::new(c as u8, r as u8), mark);
            }
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::parse::parse;

    fn checked(text: &str, first: Option<Mark>) -> Result<Position, Vec<Problem>> {
        let raw = parse(text).map_err(|p| p.into_iter().map(|l| l.problem).collect::<Vec<_>>())?;
        check(raw, Shape::CLASSIC, first).map_err(|p| p.into_iter().map(|l| l.problem).collect())
    }

    #[test]
    fn the_side_to_move_is_inferred_from_the_counts() {
        assert_eq!(checked("XX-/-OO/---", None).unwrap().to_move, Mark::X);
        assert_eq!(checked("X--/---/---", None).unwrap().to_move, Mark::O);
        assert_eq!(checked("---/---/---", Some(Mark::O)).unwrap().to_move, Mark::O);
        assert_eq!(checked("O--/---/---", Some(Mark::O)).unwrap().to_move, Mark::X);
    }

    #[test]
    fn with_equal_counts_either_side_may_be_said_to_move() {
        assert_eq!(checked("XX-/-OO/---\nto move: O", None).unwrap().to_move, Mark::O);
    }

    #[test]
    fn counts_impossible_for_the_opener_are_rejected() {
        assert_eq!(
            checked("XXX/X--/O--", None).unwrap_err(),
            [Problem::CountsApart { x: 4, o: 1 }]
        );
        assert_eq!(
            checked("O--/---/---", None).unwrap_err(),
            [Problem::WrongOpener {
                more: Mark::O,
                fewer: Mark::X,
                first: Mark::X
            }]
        );
    }

    #[test]
    fn a_side_to_move_against_the_counts_is_rejected() {
        let problems = checked("X--/---/---\nto move: X", None).unwrap_err();
        assert!(
            matches!(problems[..], [Problem::ToMoveContradicts { given: Mark::X, .. }]),
            "{problems:?}"
        );
        let problems = checked("XO-/---/---\nto move: O", Some(Mark::X)).unwrap_err();
        assert!(
            matches!(problems[..], [Problem::ToMoveContradicts { given: Mark::O, .. }]),
            "{problems:?}"
        );
    }

    #[test]
    fn winners_must_be_alone_and_have_moved_last() {
        assert!(matches!(
            checked("XXX/OOO/---", None).unwrap_err()[..],
            [Problem::BothWin { .. }]
        ));
        // X has a line but the counts say O moved last.
        assert!(matches!(
            checked("XXX/OO-/O--", None).unwrap_err()[..],
            [Problem::WinnerDidNotMoveLast {
                winner: Mark::X,
                last: Mark::O,
                ..
            }]
        ));
        // Two parallel lines cannot be completed by one move.
        assert!(matches!(
            checked("XXX/OOX/XXX\n", None).unwrap_err()[..],
            [Problem::CountsApart { .. }, Problem::SeparateLines { .. }]
        ));
    }

    #[test]
    fn two_lines_through_one_cell_are_a_legal_win() {
        let position = checked("XXX/OXO/OOX", None).unwrap();
        assert_eq!(position.to_move, Mark::O);
    }

    #[test]
    fn every_row_and_cell_count_problem_is_reported() {
        assert_eq!(
            checked("XX\nOO-\n---\n---", None).unwrap_err(),
            [
                Problem::RowCount {
                    expected: 3,
                    found: 4
                },
                Problem::CellCount {
                    row: 1,
                    expected: 3,
                    found: 2
                },
            ]
        );
    }
}
