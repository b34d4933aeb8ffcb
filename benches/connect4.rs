//! Connect Four, rated column by column, on a file of positions written as moves (one game
//! per line, `4453`): the side of `benches/connect4.sh` that times this solver. It prints
//! each line as Pons' `c4solver -a` does (the line, then every column's score, -1000 for a
//! full column), so the two outputs compare with `diff`, and the mean time per position on
//! stderr. One solver serves the whole file, its table kept, as `c4solver` keeps its own.
//! With `--root`, each position is only solved (its own score, one line per position),
//! to compare with the cost of rating every column; `--each` prints each one's time on
//! stderr, `--threads=N` and `--hash=MIB` set the threads (1) and the table's size (256 MiB).
//! With `--book=PATH`, each position's score is read from that opening book instead (one line
//! per position, as `--root` prints it; a position the book lacks is an error), to check a
//! book against another solver (`benches/connect4-book.sh`). A line `-` is the empty board.

use minimax_core::games::connect4::book::Book;
use minimax_core::games::connect4::{Bits, ColumnSolver, Geometry};
use minimax_core::games::mnk::{read_any, Rules, Shape};
use std::io::Write;
use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().skip(1).find(|arg| !arg.starts_with("--")) else {
        eprintln!("usage: cargo bench --bench connect4 -- POSITIONS");
        std::process::exit(2);
    };
    let root_only = std::env::args().any(|arg| arg == "--root");
    let each = std::env::args().any(|arg| arg == "--each");
    let option = |name: &str, default: usize| {
        std::env::args()
            .find_map(|arg| arg.strip_prefix(name)?.parse().ok())
            .unwrap_or(default)
    };
    let (threads, hash) = (option("--threads=", 1), option("--hash=", 256));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        eprintln!("{path}: {error}");
        std::process::exit(2);
    });
    let geometry = Geometry::of(Shape::CONNECT_FOUR).expect("Connect Four fits a word");
    if let Some(book) = std::env::args().find_map(|arg| arg.strip_prefix("--book=").map(str::to_owned)) {
        print_book_scores(&read_book(&book), &geometry, &path, &text);
        return;
    }
    // No opening book: the solver itself is timed, as Pons' is without his.
    let mut solver = ColumnSolver::new(geometry, hash)
        .with_book(None)
        .with_threads(threads);
    let mut out = std::io::stdout().lock();
    let (mut total, mut count) = (0.0f64, 0);
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let bits = read_game(&geometry, &path, line);
        let started = Instant::now();
        if root_only {
            // A position whose side to move wins at once is solved without a search.
            let score = solver.solve(&bits).expect("no limit was set");
            let took = started.elapsed().as_secs_f64();
            total += took;
            if each {
                eprintln!("{line} {:.3} ms", took * 1e3);
            }
            count += 1;
            let _ = writeln!(out, "{line} {score}");
            continue;
        }
        let scores = solver.analyze(&bits).expect("no limit was set");
        total += started.elapsed().as_secs_f64();
        count += 1;
        let scores: Vec<String> = scores.iter().map(|s| s.unwrap_or(-1000).to_string()).collect();
        let _ = writeln!(out, "{line} {}", scores.join(" "));
    }
    eprintln!(
        "{count} positions, mean {:.3} ms, {} nodes",
        total * 1e3 / f64::from(count.max(1)),
        solver.stats.nodes
    );
}

/// The opening book at `path`, or the reason it is not one (exit 2).
fn read_book(path: &str) -> Book {
    let bytes = std::fs::read(path).unwrap_or_else(|error| {
        eprintln!("{path}: {error}");
        std::process::exit(2);
    });
    Book::read(&bytes).unwrap_or_else(|error| {
        eprintln!("{path}: not an opening book: {error}");
        std::process::exit(2);
    })
}

/// The position after the moves of `line` (exit 2 when it is not a Connect Four game).
fn read_game(geometry: &Geometry, path: &str, line: &str) -> Bits {
    let moves = if line.trim() == "-" { "" } else { line };
    let position = read_any(&format!("moves: {moves}"), Rules::CONNECT_FOUR, None).unwrap_or_else(|_| {
        eprintln!("{path}: not a Connect Four game: {line}");
        std::process::exit(2);
    });
    Bits::of(&position, geometry)
}

/// Each line's score as `book` holds it, printed as `--root` prints a solved one (exit 1 on a
/// position the book lacks).
fn print_book_scores(book: &Book, geometry: &Geometry, path: &str, text: &str) {
    let mut out = std::io::stdout().lock();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let Some(score) = book.score(&read_game(geometry, path, line)) else {
            eprintln!("{path}: the book has no entry for {line}");
            std::process::exit(1);
        };
        let _ = writeln!(out, "{line} {score}");
    }
}
