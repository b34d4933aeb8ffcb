//! Finding the answer in what a student's program printed, tolerantly.
//!
//! An answer is an action in any common spelling (`X 3 1`, `x,3,1`, `X (3, 1)`, `(X, 3, 1)`)
//! or a next board in any form the solver reads. Debug lines around it are tolerated when
//! exactly one answer can be found; a board equal to the position itself is an echo of the
//! state, not an answer. The move an answer names ([`answered_move`]) is read here too, since
//! two spellings of one move are one answer.
//!
//! ```
//! use minimax_core::grading::Gato;
//! use minimax_core::gradable::{Gradable, Verdict};
//! use minimax_core::notation::Coords;
//!
//! // Every common spelling of the winning move is found, debug lines around it or not.
//! let gato = Gato::default();
//! let position = gato.read("X X -\n- O O\n- - -\n").unwrap();
//! let decision = gato.solve(&position).unwrap().unwrap();
//! for output in ["x,3,1", "X (3, 1)", "(X, 3, 1)", "thinking...\nX 3 1\n"] {
//!     let judgement = gato.judge(&position, &decision, output, Coords::ColRow);
//!     assert_eq!(judgement.verdict, Verdict::Optimal, "{output}");
//!     assert_eq!(judgement.answer.as_deref(), Some("X 3 1"));
//! }
//! ```

use crate::games::mnk::parse::{self, RawPosition};
use crate::games::mnk::{legality, Board, Coords, Mark, Move, Position, Square};

/// What the student answered, before judging it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A mark and two 1-based numbers, in the order the course writes them.
    Action { mark: Mark, first: u32, second: u32 },
    /// A column where pieces fall (`X 4`, `4`, `col 4`), the mark if written.
    Column { mark: Option<Mark>, col: u32 },
    /// A whole board, meant as the next state.
    Board(Board),
}

/// An answer found in the output, and whether anything else was printed around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) answer: Answer,
    pub(crate) extra_lines: usize,
}

/// Why no single answer could be taken from the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotFound {
    Empty,
    Nothing,
    OnlyThePosition,
    Several(Vec<String>),
}

impl NotFound {
    /// Why, in words; `coords` says what an action looks like in this course.
    pub(crate) fn explain(&self, coords: Coords) -> String {
        match self {
            NotFound::Empty => "the answer is empty: nothing was printed".to_string(),
            NotFound::Nothing if coords == Coords::Column => {
                "no column (such as `X 4` or `4`) or board found in the output".to_string()
            }
            NotFound::Nothing => "no action (such as `X 3 1`) or board found in the output".to_string(),
            NotFound::OnlyThePosition => "the output only shows the position itself, unchanged".to_string(),
            NotFound::Several(all) => format!("several different answers in the output: {}", all.join(", ")),
        }
    }
}

/// Reads the single answer in `output`, given the position it answers and the order in which
/// the course writes coordinates (an action and the matching board are the same answer).
pub(crate) fn find(output: &str, position: &Position, coords: Coords) -> Result<Found, NotFound> {
    let lines: Vec<&str> = output
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(NotFound::Empty);
    }
    let shape = position.board.shape();
    let rows = usize::from(shape.rows);
    let mut found: Vec<(Answer, usize)> = Vec::new(); // answer, lines it spans
    let mut echoed = false;
    let mut index = 0;
    while index < lines.len() {
        let column = (coords == Coords::Column)
            .then(|| read_column(lines[index]))
            .flatten();
        if let Some(action) = read_action(lines[index]).or(column) {
            found.push((action, 1));
            index += 1;
            continue;
        }
        let spans = [1, rows].into_iter().filter(|&n| index + n <= lines.len());
        let board = spans
            .into_iter()
            .find_map(|n| read_board(&lines[index..index + n].join("\n"), position).map(|b| (b, n)));
        match board {
            Some((board, n)) if board == position.board => {
                echoed = true;
                index += n;
            }
            Some((board, n)) => {
                found.push((Answer::Board(board), n));
                index += n;
            }
            None => index += 1,
        }
    }
    let mut distinct: Vec<&Answer> = Vec::new();
    for (answer, _) in &found {
        if !distinct.iter().any(|seen| same(seen, answer, position, coords)) {
            distinct.push(answer);
        }
    }
    match distinct.as_slice() {
        [] if echoed => Err(NotFound::OnlyThePosition),
        [] => Err(NotFound::Nothing),
        [answer] => {
            let spanned = found.first().map_or(0, |(_, n)| *n);
            Ok(Found {
                answer: (*answer).clone(),
                extra_lines: lines.len() - spanned,
            })
        }
        several => Err(NotFound::Several(several.iter().map(|a| describe(a)).collect())),
    }
}

/// The words of a short line, with `separators` read as spaces and a final `.` dropped;
/// `None` for a long line (an action is a few characters, whatever a long line holds).
fn words(line: &str, separators: &str) -> Option<Vec<String>> {
    if line.len() > 64 {
        return None;
    }
    let cleaned: String = line
        .trim_end_matches('.')
        .chars()
        .map(|c| if separators.contains(c) { ' ' } else { c })
        .collect();
    Some(cleaned.split_whitespace().map(str::to_string).collect())
}

/// An action line: a mark and two numbers, with any of ` ,;:()[]` between them.
fn read_action(line: &str) -> Option<Answer> {
    let tokens = words(line, "(),;:[]")?;
    let [mark, first, second] = &tokens[..] else {
        return None;
    };
    Some(Answer::Action {
        mark: mark.parse().ok()?,
        first: first.parse().ok()?,
        second: second.parse().ok()?,
    })
}

/// Words that may stand before a column number.
const COLUMN_WORDS: [&str; 6] = ["col", "column", "columna", "coluna", "c", "drop"];

/// A column answer: `X 4`, `4`, `col 4`, `X col 4`, `O: column 4`.
fn read_column(line: &str) -> Option<Answer> {
    let mut tokens = words(line, "(),;:[]=")?;
    let mark = match tokens.first().map(|t| t.parse::<Mark>()) {
        // A lone `0` is column zero, not the mark O.
        Some(Ok(mark)) if tokens.len() > 1 => {
            tokens.remove(0);
            Some(mark)
        }
        _ => None,
    };
    if let [word, _] = &tokens[..] {
        if COLUMN_WORDS.contains(&word.to_ascii_lowercase().as_str()) {
            tokens.remove(0);
        }
    }
    let [col] = &tokens[..] else {
        return None;
    };
    Some(Answer::Column {
        mark,
        col: col.parse().ok()?,
    })
}

/// A board in any form the solver reads, with the position's shape.
fn read_board(text: &str, position: &Position) -> Option<Board> {
    let mut raw: RawPosition = parse::parse(text).ok()?;
    if raw.to_move.is_some() {
        return None;
    }
    parse::unflatten(&mut raw, position.board.shape());
    legality::board_of(&raw, position.board.shape()).ok()
}

fn same(a: &Answer, b: &Answer, position: &Position, coords: Coords) -> bool {
    a == b || resolved(a, position, coords).is_some_and(|a| Some(a) == resolved(b, position, coords))
}

/// The move an answer names, when it names a legal one: a board, an action and a column
/// that play the same move are the same answer.
fn resolved(answer: &Answer, position: &Position, coords: Coords) -> Option<Move> {
    answered_move(answer, position, coords).ok()
}

/// The answer as text, for messages.
pub(crate) fn describe(answer: &Answer) -> String {
    match answer {
        Answer::Action { mark, first, second } => format!("{mark} {first} {second}"),
        Answer::Column {
            mark: Some(mark),
            col,
        } => format!("{mark} {col}"),
        Answer::Column { mark: None, col } => col.to_string(),
        Answer::Board(board) => board.rows().join("/"),
    }
}

/// Why an answer names no move that can be played here (said to the student as it is).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum IllegalMove {
    #[error("{mark} is not to move: {to_move} is")]
    NotToMove { mark: Mark, to_move: Mark },
    #[error("column {col} is off the board (columns 1 to {cols})")]
    ColumnOffBoard { col: u32, cols: u8 },
    #[error("column {col} is full")]
    ColumnFull { col: u32 },
    #[error("{first} {second} is off the board ({cols} columns, {rows} rows)")]
    OffBoard {
        first: u32,
        second: u32,
        cols: u8,
        rows: u8,
    },
    #[error("{first} {second} is already taken by {taken}")]
    Taken { first: u32, second: u32, taken: Mark },
    #[error("{first} {second} is not where a piece dropped in column {col} lands")]
    NotWhereItLands { first: u32, second: u32, col: u8 },
    #[error("the board adds an {mark}, but {to_move} is to move")]
    AddsWrongMark { mark: Mark, to_move: Mark },
    /// The squares (named `col row`) whose marks were removed or overwritten.
    #[error("the board is not one move on from the position: marks were removed or overwritten at {0}")]
    Overwritten(String),
    /// How many marks were added (none, or several).
    #[error("the board is not one move on from the position: {0} marks were added")]
    Added(usize),
}

/// The move an answer names, or why it cannot be played.
pub(crate) fn answered_move(
    answer: &Answer,
    position: &Position,
    coords: Coords,
) -> Result<Move, IllegalMove> {
    match answer {
        Answer::Action { mark, first, second } => legal_action(*mark, *first, *second, position, coords),
        Answer::Column { mark, col } => legal_column(*mark, *col, position),
        Answer::Board(board) => single_change(position, board).map(|(square, mark)| Move { mark, square }),
    }
}

/// The move a column names where pieces fall: the column's lowest free cell.
fn legal_column(mark: Option<Mark>, col: u32, position: &Position) -> Result<Move, IllegalMove> {
    let shape = position.board.shape();
    let mark = mark.unwrap_or(position.to_move);
    if mark != position.to_move {
        let to_move = position.to_move;
        return Err(IllegalMove::NotToMove { mark, to_move });
    }
    if !(1..=u32::from(shape.cols)).contains(&col) {
        let cols = shape.cols;
        return Err(IllegalMove::ColumnOffBoard { col, cols });
    }
    let square = position
        .board
        .landing((col - 1) as u8)
        .ok_or(IllegalMove::ColumnFull { col })?;
    Ok(Move { mark, square })
}

/// The move an action names, or why it cannot be played.
pub(crate) fn legal_action(
    mark: Mark,
    first: u32,
    second: u32,
    position: &Position,
    coords: Coords,
) -> Result<Move, IllegalMove> {
    let shape = position.board.shape();
    if mark != position.to_move {
        let to_move = position.to_move;
        return Err(IllegalMove::NotToMove { mark, to_move });
    }
    let off = IllegalMove::OffBoard {
        first,
        second,
        cols: shape.cols,
        rows: shape.rows,
    };
    let square = coords.square(first, second).ok_or(off.clone())?;
    if !shape.contains(square) {
        return Err(off);
    }
    if let Some(taken) = position.board.get(square) {
        return Err(IllegalMove::Taken { first, second, taken });
    }
    if position.board.playable_cells() & (1u64 << shape.index(square)) == 0 {
        let col = square.col + 1;
        return Err(IllegalMove::NotWhereItLands { first, second, col });
    }
    Ok(Move { mark, square })
}

/// The one cell a next board adds to the position, or why it is not one move on.
pub(crate) fn single_change(position: &Position, board: &Board) -> Result<(Square, Mark), IllegalMove> {
    let shape = position.board.shape();
    let mut added = Vec::new();
    let mut changed = Vec::new();
    for row in 0..shape.rows {
        for col in 0..shape.cols {
            let square = Square::new(col, row);
            match (position.board.get(square), board.get(square)) {
                (before, after) if before == after => {}
                (None, Some(mark)) => added.push((square, mark)),
                _ => changed.push(square),
            }
        }
    }
    let name = |s: &Square| format!("{} {}", s.col + 1, s.row + 1);
    match (added.as_slice(), changed.as_slice()) {
        ([(square, mark)], []) if *mark == position.to_move => Ok((*square, *mark)),
        ([(_, mark)], []) => Err(IllegalMove::AddsWrongMark {
            mark: *mark,
            to_move: position.to_move,
        }),
        (_, [_, ..]) => Err(IllegalMove::Overwritten(
            changed.iter().map(name).collect::<Vec<_>>().join(", "),
        )),
        (added, []) => Err(IllegalMove::Added(added.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position() -> Position {
        "XX-/-00/---".parse().unwrap()
    }

    fn action(mark: Mark, first: u32, second: u32) -> Answer {
        Answer::Action { mark, first, second }
    }

    #[test]
    fn every_common_spelling_of_an_action_is_read() {
        for text in [
            "X 3 1",
            "x 3 1",
            "X,3,1",
            "X (3, 1)",
            "(X, 3, 1)",
            "  X 3 1.  \n\n",
            "[x; 3; 1]",
        ] {
            let found = find(text, &position(), Coords::ColRow).unwrap();
            assert_eq!(found.answer, action(Mark::X, 3, 1), "{text:?}");
            assert_eq!(found.extra_lines, 0, "{text:?}");
        }
        assert_eq!(
            find("0 1 2", &position(), Coords::ColRow).unwrap().answer,
            action(Mark::O, 1, 2)
        );
    }

    #[test]
    fn where_pieces_fall_every_spelling_of_a_column_is_read() {
        let position = crate::games::mnk::read_any("moves: 4453", Default::default(), None).unwrap();
        for text in ["X 4", "4", "col 4", "X: column 4", "columna = 4.", "(x, 4)"] {
            let found = find(text, &position, Coords::Column).unwrap();
            let col = |found: &Found| match found.answer {
                Answer::Column { col, .. } => col,
                _ => 0,
            };
            assert_eq!(col(&found), 4, "{text:?}");
        }
        // A lone 0 is column zero, not the mark O; and only where pieces fall.
        assert_eq!(
            find("0", &position, Coords::Column).unwrap().answer,
            Answer::Column { mark: None, col: 0 }
        );
        assert_eq!(find("4", &position, Coords::ColRow), Err(NotFound::Nothing));
        // An action and the column it lands in are one answer, not two.
        assert!(find("X 4\nX 4 4", &position, Coords::Column).is_ok());
    }

    #[test]
    fn a_next_board_is_read_in_any_form() {
        let next = "X   X   X\n-   0   0\n-   -   -\n";
        for text in [next, "XXX/-OO/---", "XXX\n-OO\n---"] {
            let Answer::Board(board) = find(text, &position(), Coords::ColRow).unwrap().answer else {
                panic!("{text}")
            };
            assert_eq!(board.rows(), ["XXX", "-OO", "---"]);
        }
    }

    #[test]
    fn debug_lines_around_one_answer_are_tolerated_and_counted() {
        let found = find("thinking...\nbest value: 1\nX 3 1\n", &position(), Coords::ColRow).unwrap();
        assert_eq!((found.answer, found.extra_lines), (action(Mark::X, 3, 1), 2));
    }

    #[test]
    fn an_echo_of_the_position_is_not_an_answer() {
        let found = find("X X -\n- 0 0\n- - -\nX 3 1\n", &position(), Coords::ColRow).unwrap();
        assert_eq!((found.answer, found.extra_lines), (action(Mark::X, 3, 1), 3));
        assert_eq!(
            find("XX-/-00/---", &position(), Coords::ColRow),
            Err(NotFound::OnlyThePosition)
        );
    }

    #[test]
    fn the_same_answer_as_action_and_board_counts_once() {
        let found = find("X 3 1\nXXX/-OO/---\n", &position(), Coords::ColRow).unwrap();
        assert_eq!(found.answer, action(Mark::X, 3, 1));
    }

    #[test]
    fn an_action_and_its_board_agree_in_the_courses_coordinate_order() {
        // Row 1, column 3 written row first, and the board with X there: one answer.
        let found = find("X 1 3\nXXX/-OO/---\n", &position(), Coords::RowCol).unwrap();
        assert_eq!(found.answer, action(Mark::X, 1, 3));
        // The same action read column first names another cell: two answers.
        assert!(matches!(
            find("X 1 3\nXXX/-OO/---\n", &position(), Coords::ColRow),
            Err(NotFound::Several(_))
        ));
    }

    #[test]
    fn two_different_answers_are_not_guessed_between() {
        assert_eq!(
            find("X 3 1\nX 1 2\n", &position(), Coords::ColRow),
            Err(NotFound::Several(vec!["X 3 1".into(), "X 1 2".into()]))
        );
        assert_eq!(find("", &position(), Coords::ColRow), Err(NotFound::Empty));
        assert_eq!(
            find("I give up", &position(), Coords::ColRow),
            Err(NotFound::Nothing)
        );
    }
}
