//! Reading a position from text: the sheet's grid, one line, or JSON (detected automatically).
//!
//! Reading only finds the cells and the side to move; whether they make a legal position is
//! [`super::legality`]'s business, so every problem of either kind can be reported at once.
//!
//! ```
//! use minimax_core::games::mnk::parse::parse;
//!
//! // The sheet's grid and one line read alike; a stray letter is reported, not guessed.
//! assert!(parse("X X -\n- O O\n- - -\n").is_ok());
//! assert!(parse("XX-/-OO/---").is_ok());
//! assert!(parse("X X -\n- Q O\n- - -\n").is_err());
//! ```

use super::board::Shape;
use super::json;
use super::mark::Mark;
use super::problem::{Located, Problem};
use super::raw::{read_rows, RawMoves, MAX_LINE};
pub use super::raw::{unflatten, RawPosition};
use crate::notation::diagnostic::Location;
use std::sync::Arc;

/// Reads any supported form; JSON when the text starts with `{`.
pub fn parse(text: &str) -> Result<RawPosition, Vec<Located>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(vec![Problem::Empty.nowhere()]);
    }
    if text.trim_start().starts_with('{') {
        json::parse(text)
    } else {
        parse_text(text)
    }
}

/// Keys accepted before the side to move, compared case-insensitively.
const TO_MOVE_KEYS: [&str; 4] = ["to move", "to_move", "turno", "turn"];
/// Keys accepted before how many in a row win.
const K_KEYS: [&str; 2] = ["in a row", "k"];
/// Keys accepted before the columns played.
const MOVES_KEYS: [&str; 3] = ["moves", "jugadas", "jogadas"];

fn parse_text(text: &str) -> Result<RawPosition, Vec<Located>> {
    let mut raw = RawPosition::default();
    let mut problems = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let content = line.trim_end();
        if content.trim().is_empty() || is_rule(content) {
            continue;
        }
        if let Some((offset, value)) = keyed_value(content, &K_KEYS) {
            let at = Some(Location::text(number, char_column(content, offset), content));
            match value.parse::<usize>() {
                Ok(_) if raw.k.is_some() => problems.push(Problem::KTwice.at(at)),
                Ok(k) => raw.k = Some((k, at)),
                Err(_) => problems.push(Problem::BadK(value.to_string()).at(at)),
            }
            continue;
        }
        if let Some((offset, value)) = keyed_value(content, &MOVES_KEYS) {
            let shared: Arc<str> = Arc::from(content);
            let at = Some(Location::in_line(number, char_column(content, offset), &shared));
            if raw.moves.is_some() {
                problems.push(Problem::MovesTwice.at(at));
            } else if value.chars().count() > MAX_LINE {
                let length = value.chars().count();
                problems.push(
                    Problem::LineTooLong {
                        length,
                        limit: MAX_LINE,
                    }
                    .at(at),
                );
            } else {
                let first = char_column(content, offset);
                let mut moves = RawMoves {
                    columns: Vec::new(),
                    at,
                };
                for (index, c) in value.chars().enumerate() {
                    let at = Some(Location::in_line(number, first + index, &shared));
                    match c.to_digit(10) {
                        Some(column) => moves.columns.push((column, at)),
                        None if c.is_whitespace() || c == ',' => {}
                        None => problems.push(Problem::BadColumn(c.to_string()).at(at)),
                    }
                }
                raw.moves = Some(moves);
            }
            continue;
        }
        if let Some((offset, value)) = keyed_value(content, &TO_MOVE_KEYS) {
            let at = Some(Location::text(number, char_column(content, offset), content));
            match value.parse::<Mark>() {
                Ok(_) if raw.to_move.is_some() => problems.push(Problem::ToMoveTwice.at(at)),
                Ok(mark) => raw.to_move = Some((mark, at)),
                Err(_) => problems.push(Problem::BadToMove(value.to_string()).at(at)),
            }
            continue;
        }
        read_rows(content, number, &mut raw.rows, &mut problems);
    }
    if problems.is_empty() {
        Ok(raw)
    } else {
        Err(problems)
    }
}

/// A rule line such as `---+---+---` or `=====`: only rule characters, with a `+` or `=`, or
/// more dashes than the widest board has cells (`--------` is an empty row of 8 cells).
fn is_rule(content: &str) -> bool {
    let only_rule_chars = content
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace());
    let dashes = content.chars().filter(|&c| c == '-').count();
    only_rule_chars && (content.contains(['+', '=']) || dashes > usize::from(Shape::MAX_SIDE))
}

/// `to move: O` → the byte offset of `O` and `O`, for any of `keys`.
fn keyed_value<'a>(content: &'a str, keys: &[&str]) -> Option<(usize, &'a str)> {
    let lower = content.to_ascii_lowercase();
    let start = lower.len() - lower.trim_start().len();
    let key = keys.iter().find(|key| lower[start..].starts_with(*key))?;
    let rest = &content[start + key.len()..];
    let after_colon = rest.trim_start().strip_prefix([':', '='])?;
    let value = after_colon.trim();
    let offset = content.len() - after_colon.len() + (after_colon.len() - after_colon.trim_start().len());
    Some((offset, value))
}

fn char_column(content: &str, byte_offset: usize) -> usize {
    content[..byte_offset].chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheets_grid_is_read_with_zero_as_o() {
        let raw = parse("X   X   -\n-   0   0\n-   -   -\n").unwrap();
        assert_eq!(raw.row_strings(), ["XX-", "-OO", "---"]);
        assert_eq!(raw.to_move, None);
    }

    #[test]
    fn separators_case_crlf_bom_and_rules_are_tolerated() {
        let text = "\u{feff}\r\n x | x | . \r\n---+---+---\r\n_|o|o\r\n===========\r\n-\t-\t-  \r\n\r\n";
        assert_eq!(parse(text).unwrap().row_strings(), ["XX-", "-OO", "---"]);
    }

    #[test]
    fn one_line_forms_are_split_into_rows() {
        let mut raw = parse("XX-/-00/---").unwrap();
        assert_eq!(raw.row_strings(), ["XX-", "-OO", "---"]);
        raw = parse("XX--OO---\n").unwrap();
        unflatten(&mut raw, Shape::CLASSIC);
        assert_eq!(raw.row_strings(), ["XX-", "-OO", "---"]);
    }

    #[test]
    fn the_side_to_move_may_come_before_or_after_the_grid() {
        let raw = parse("turno: 0\nXX-\n-OO\n---").unwrap();
        assert_eq!(raw.to_move.map(|(mark, _)| mark), Some(Mark::O));
        let raw = parse("XX-\n-OO\n---\nTo move = x").unwrap();
        assert_eq!(raw.to_move.map(|(mark, _)| mark), Some(Mark::X));
    }

    #[test]
    fn every_unknown_character_is_reported_with_its_column() {
        let problems = parse("X Z -\n- 0 ?\n").unwrap_err();
        let found: Vec<_> = problems
            .iter()
            .map(|p| match &p.at {
                Some(Location::Text { line, column, .. }) => (p.problem.clone(), *line, *column),
                other => panic!("no text location: {other:?}"),
            })
            .collect();
        assert_eq!(
            found,
            [
                (Problem::UnknownCharacter('Z'), 1, 3),
                (Problem::UnknownCharacter('?'), 2, 5)
            ]
        );
    }

    #[test]
    fn a_bad_side_to_move_points_at_the_value() {
        let problems = parse("to move: Y\nXX-\n-OO\n---").unwrap_err();
        assert_eq!(problems[0].problem, Problem::BadToMove("Y".into()));
        assert_eq!(problems[0].at, Some(Location::text(1, 10, "to move: Y")));
    }

    #[test]
    fn an_empty_row_of_a_wide_board_is_a_row_and_a_long_dash_line_a_rule() {
        let raw = parse("-------\n---X---\n---------------").unwrap();
        assert_eq!(raw.row_strings(), ["-------", "---X---"]);
    }

    #[test]
    fn moves_are_read_with_the_place_of_each_column() {
        let raw = parse("moves: 44 5,3").unwrap();
        let moves = raw.moves.unwrap();
        let columns: Vec<u32> = moves.columns.iter().map(|(c, _)| *c).collect();
        assert_eq!(columns, [4, 4, 5, 3]);
        assert_eq!(moves.columns[3].1, Some(Location::text(1, 13, "moves: 44 5,3")));
        let problems = parse("moves: 44x5").unwrap_err();
        assert_eq!(problems[0].problem, Problem::BadColumn("x".into()));
        assert_eq!(problems[0].at, Some(Location::text(1, 10, "moves: 44x5")));
    }

    #[test]
    fn blank_input_is_empty() {
        assert_eq!(parse(" \n\t\n").unwrap_err()[0].problem, Problem::Empty);
        assert_eq!(parse("\u{feff}\n\n").unwrap_err()[0].problem, Problem::Empty);
    }
}
