//! A position drawn as a self-contained SVG figure: the grid with its column and row numbers
//! (1-based, column then row, as the course writes moves; columns only where pieces fall) and
//! the marks.
//!
//! ```
//! use minimax_core::figures::board;
//! use minimax_core::games::mnk::{read_position, Shape};
//!
//! let position = read_position("X X -\n- O O\n- - -\n", Shape::CLASSIC, None).unwrap();
//! let figure = board::svg(&position);
//! let (width, height) = board::size(Shape::CLASSIC);
//! assert!(figure.starts_with("<svg"));
//! assert!(figure.contains(&format!("width=\"{width}\"")));
//! assert!(figure.contains(&format!("height=\"{height}\"")));
//! ```

use crate::games::mnk::{Mark, Position, Shape, Square};
use svg::node::element::{Group, Line, Rectangle, Text};
use svg::Document;

const CELL: f64 = 40.0;
const MARGIN: f64 = 26.0;

/// The width and height of a board's figure, in pixels.
pub fn size(shape: Shape) -> (usize, usize) {
    let (cols, rows) = (f64::from(shape.cols), f64::from(shape.rows));
    (
        (MARGIN + cols * CELL + 8.0).ceil() as usize,
        (MARGIN + rows * CELL + 8.0).ceil() as usize,
    )
}

/// The board of `position` (who moves is said by the text around it, in its language).
pub fn svg(position: &Position) -> String {
    let shape = position.board.shape();
    let (cols, rows) = (f64::from(shape.cols), f64::from(shape.rows));
    let (width, height) = (MARGIN + cols * CELL + 8.0, MARGIN + rows * CELL + 8.0);
    let text = |content: String, x: f64, y: f64, size: f64| {
        Text::new(content)
            .set("x", x)
            .set("y", y)
            .set("text-anchor", "middle")
            .set("font-size", size)
            .set("font-family", "sans-serif")
    };
    let mut grid = Group::new().set("stroke", "#000");
    grid = grid.add(
        Rectangle::new()
            .set("x", MARGIN)
            .set("y", MARGIN)
            .set("width", cols * CELL)
            .set("height", rows * CELL)
            .set("fill", "#fff"),
    );
    for col in 1..shape.cols {
        let x = MARGIN + f64::from(col) * CELL;
        grid = grid.add(
            Line::new()
                .set("x1", x)
                .set("y1", MARGIN)
                .set("x2", x)
                .set("y2", MARGIN + rows * CELL),
        );
    }
    for row in 1..shape.rows {
        let y = MARGIN + f64::from(row) * CELL;
        grid = grid.add(
            Line::new()
                .set("x1", MARGIN)
                .set("y1", y)
                .set("x2", MARGIN + cols * CELL)
                .set("y2", y),
        );
    }
    let mut marks = Group::new().set("class", "marks");
    for col in 0..shape.cols {
        let x = MARGIN + (f64::from(col) + 0.5) * CELL;
        marks = marks.add(text((col + 1).to_string(), x, MARGIN - 8.0, 12.0).set("fill", "#555"));
    }
    for row in 0..shape.rows {
        let y = MARGIN + (f64::from(row) + 0.5) * CELL + 4.0;
        // Where pieces fall a move is its column: row numbers would only mislead.
        if !shape.gravity {
            marks = marks.add(text((row + 1).to_string(), MARGIN / 2.0, y, 12.0).set("fill", "#555"));
        }
        for col in 0..shape.cols {
            if let Some(mark) = position.board.get(Square::new(col, row)) {
                let x = MARGIN + (f64::from(col) + 0.5) * CELL;
                let colour = if mark == Mark::X { "#000" } else { "#333" };
                marks = marks.add(text(mark.to_string(), x, y + 6.0, 24.0).set("fill", colour));
            }
        }
    }
    Document::new()
        .set("viewBox", (0, 0, width.ceil() as i64, height.ceil() as i64))
        .set("width", width.ceil() as i64)
        .set("height", height.ceil() as i64)
        .add(grid)
        .add(marks)
        .to_string()
        + "\n"
}
