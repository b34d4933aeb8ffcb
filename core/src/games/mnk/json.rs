//! The JSON form of a position: `{"board": ["XX-", "-OO", "---"], "to_move": "X"}`.
//!
//! `board` may also be a grid of one-character strings or a flat array of every cell.
//! Unknown keys are errors: a typo such as `too_move` must not be silently ignored.

use super::mark::Mark;
use super::problem::{Located, Problem};
use super::raw::{read_cell, read_rows, RawCell, RawMoves, RawPosition, RawRow, MAX_LINE};
use crate::notation::diagnostic::{json_error_location, json_error_message, json_kind as kind, Location};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPosition {
    #[serde(default)]
    board: Option<Value>,
    /// The columns played, as a string of digits: `"4453"`.
    #[serde(default)]
    moves: Option<Value>,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(default)]
    k: Option<usize>,
}

pub(crate) fn parse(text: &str) -> Result<RawPosition, Vec<Located>> {
    let json: JsonPosition = serde_json::from_str(text).map_err(|error| vec![syntax(text, &error)])?;
    let mut problems = Vec::new();
    let rows = match &json.board {
        Some(board) => read_board(board, &mut problems),
        None if json.moves.is_some() => Vec::new(),
        None => {
            problems.push(
                Problem::JsonBoard(
                    "give the position as `board` (its rows) or `moves` (the columns played)".into(),
                )
                .nowhere(),
            );
            Vec::new()
        }
    };
    let moves = json.moves.and_then(|value| read_moves(&value, &mut problems));
    let to_move = json.to_move.and_then(|value| match value.parse::<Mark>() {
        Ok(mark) => Some((mark, Some(Location::Json("to_move".into())))),
        Err(_) => {
            problems.push(Problem::BadToMove(value).at(Some(Location::Json("to_move".into()))));
            None
        }
    });
    if problems.is_empty() {
        let k = json.k.map(|k| (k, Some(Location::Json("k".into()))));
        Ok(RawPosition {
            rows,
            to_move,
            k,
            moves,
        })
    } else {
        Err(problems)
    }
}

/// `"moves": "4453"` (a number of digits is read the same way).
fn read_moves(value: &Value, problems: &mut Vec<Located>) -> Option<RawMoves> {
    let at = || Some(Location::Json("moves".into()));
    let text = match value {
        Value::String(text) => text.clone(),
        Value::Number(number) if number.is_u64() => number.to_string(),
        other => {
            problems.push(
                Problem::JsonBoard(format!(
                    "`moves` must be a string of the columns played, such as \"4453\"; found {}",
                    kind(other)
                ))
                .at(at()),
            );
            return None;
        }
    };
    if text.chars().count() > MAX_LINE {
        let length = text.chars().count();
        let limit = MAX_LINE;
        problems.push(Problem::LineTooLong { length, limit }.at(at()));
        return None;
    }
    let mut moves = RawMoves {
        columns: Vec::new(),
        at: at(),
    };
    for c in text.chars() {
        match c.to_digit(10) {
            Some(column) => moves.columns.push((column, at())),
            None if c.is_whitespace() || c == ',' => {}
            None => problems.push(Problem::BadColumn(c.to_string()).at(at())),
        }
    }
    Some(moves)
}

/// serde_json's message, located at the line and column it names.
fn syntax(text: &str, error: &serde_json::Error) -> Located {
    Problem::Json(json_error_message(error)).at(json_error_location(text, error))
}

fn read_board(board: &Value, problems: &mut Vec<Located>) -> Vec<RawRow> {
    let shape_error = |what: &str| {
        Problem::JsonBoard(format!(
            "`board` must be an array of row strings, of rows of cells, or of every cell; found {what}"
        ))
        .at(Some(Location::Json("board".into())))
    };
    let Value::Array(items) = board else {
        problems.push(shape_error(kind(board)));
        return Vec::new();
    };
    let flat = items.len() > 1
        && items
            .iter()
            .all(|item| item.as_str().is_some_and(|s| s.chars().count() <= 1));
    if flat {
        let cells = items
            .iter()
            .enumerate()
            .map(|(i, item)| read_json_cell(item, format!("board[{i}]"), problems))
            .collect();
        return vec![RawRow {
            cells,
            at: Some(Location::Json("board".into())),
        }];
    }
    let mut rows = Vec::new();
    for (r, item) in items.iter().enumerate() {
        let path = format!("board[{r}]");
        match item {
            Value::String(text) => {
                let mut found = Vec::new();
                let mut row_problems = Vec::new();
                read_rows(text, 1, &mut found, &mut row_problems);
                problems.extend(row_problems.into_iter().map(|p| relocate(p, &path)));
                for row in found {
                    rows.push(RawRow {
                        cells: row
                            .cells
                            .into_iter()
                            .map(|c| RawCell {
                                at: Some(Location::Json(path.clone())),
                                ..c
                            })
                            .collect(),
                        at: Some(Location::Json(path.clone())),
                    });
                }
            }
            Value::Array(cells) => {
                let cells = cells
                    .iter()
                    .enumerate()
                    .map(|(c, cell)| read_json_cell(cell, format!("{path}[{c}]"), problems))
                    .collect();
                rows.push(RawRow {
                    cells,
                    at: Some(Location::Json(path)),
                });
            }
            other => problems.push(shape_error(&format!("{} at {path}", kind(other)))),
        }
    }
    rows
}

/// A cell string: `X`, `O` or `0` (any case), or `""`, `" "`, `-`, `.`, `_` for empty.
fn read_json_cell(value: &Value, path: String, problems: &mut Vec<Located>) -> RawCell {
    let at = Some(Location::Json(path));
    let text = value.as_str().map(str::trim);
    let mark = match text.map(|t| (t.chars().next(), t.chars().count())) {
        Some((None, _)) => Some(None),
        Some((Some(c), 1)) => read_cell(c),
        _ => None,
    };
    match mark {
        Some(mark) => RawCell { mark, at },
        None => {
            let problem = match text {
                Some(text) if text.chars().count() == 1 => {
                    Problem::UnknownCharacter(text.chars().next().unwrap_or(' '))
                }
                _ => Problem::JsonBoard(format!("a cell must be a one-character string, found {value}")),
            };
            problems.push(problem.at(at.clone()));
            RawCell { mark: None, at }
        }
    }
}

/// A problem found inside a row string, placed at that string's JSON path and column.
fn relocate(located: Located, path: &str) -> Located {
    let place = match &located.at {
        Some(Location::Text { column, .. }) => format!("{path}, character {column}"),
        _ => path.to_string(),
    };
    Located {
        at: Some(Location::Json(place)),
        ..located
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_grids_and_flat_boards_are_read() {
        let rows = parse(r#"{"board": ["XX-", "-00", "---"], "to_move": "x"}"#).unwrap();
        assert_eq!(rows.row_strings(), ["XX-", "-OO", "---"]);
        assert_eq!(rows.to_move.map(|(m, _)| m), Some(Mark::X));
        let grid = parse(r#"{"board": [["X","X",""], [" ","O","o"], ["-",".","_"]]}"#).unwrap();
        assert_eq!(grid.row_strings(), ["XX-", "-OO", "---"]);
        let flat = parse(r#"{"board": ["X","X","","","O","O","","",""]}"#).unwrap();
        assert_eq!(flat.row_strings(), ["XX--OO---"]);
    }

    #[test]
    fn an_unknown_key_is_an_error_that_names_it() {
        let problems = parse(r#"{"board": ["XX-", "-OO", "---"], "too_move": "X"}"#).unwrap_err();
        let Problem::Json(message) = &problems[0].problem else {
            panic!("{problems:?}")
        };
        assert!(message.contains("unknown field `too_move`"), "{message}");
        assert!(matches!(problems[0].at, Some(Location::Text { line: 1, .. })));
    }

    #[test]
    fn bad_cells_are_named_by_their_path() {
        let problems = parse(r#"{"board": ["XZ-", "-OO", ["-", 7, "-"]]}"#).unwrap_err();
        let places: Vec<_> = problems.iter().map(|p| p.at.clone()).collect();
        assert_eq!(
            places,
            [
                Some(Location::Json("board[0], character 2".into())),
                Some(Location::Json("board[2][1]".into()))
            ]
        );
    }
}
