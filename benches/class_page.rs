//! The class page (`--format html`) and the JSON report of a class of 300 students answering
//! ten positions: the summary computed and the page drawn, from a report already judged.

use criterion::{criterion_group, criterion_main, Criterion};
use minimax::class::check::check;
use minimax::report::{render, Format};
use minimax_core::exercises::tree_answers::TreeRules;
use minimax_core::figures::exercise_sheet::Lang;
use minimax_core::games::mnk::Coords;
use minimax_core::grading::Gato;
use minimax_core::search::alphabeta::Cutoff;
use std::sync::Arc;

const POSITIONS: [&str; 10] = [
    "XX-/-OO/---",
    "-OX/XOO/--X",
    "--X/--O/XOX",
    "--X/OXX/OO-",
    "X--/-O-/---",
    "---/-X-/---",
    "XO-/---/---",
    "X-O/---/---",
    "---/---/--X",
    "O-X/-X-/---",
];
const ANSWERS: [&str; 8] = [
    "X 3 1", "X 1 3", "X 2 3", "X 1 1", "O 2 2", "no sé", "X 3 3", "O 1 1",
];

fn class_page(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let sheet = dir.path().join("answers.csv");
    let mut csv = String::from("student,position,answer\n");
    for student in 0..300 {
        for (p, position) in POSITIONS.iter().enumerate() {
            let answer = ANSWERS[(student * 7 + p * 3) % ANSWERS.len()];
            csv.push_str(&format!("Estudiante Número {student:03},{position},{answer}\n"));
        }
    }
    std::fs::write(&sheet, csv).expect("the sheet is written");
    let rules = TreeRules {
        cutoff: Cutoff::Inclusive,
        root: minimax_core::tree::MAX,
    };
    let report =
        check(&Arc::new(Gato::default()), &sheet, Coords::ColRow, rules).expect("the sheet is judged");
    let page = render(&report, Format::Html, Lang::Es).expect("the page is drawn");
    eprintln!(
        "class page of 300 students and 10 positions: {} bytes",
        page.len()
    );
    let mut group = c.benchmark_group("class-page");
    group.sample_size(20);
    group.bench_function("html, 300 students", |b| {
        b.iter(|| render(&report, Format::Html, Lang::Es))
    });
    group.bench_function("json, 300 students", |b| {
        b.iter(|| render(&report, Format::Json, Lang::Es))
    });
    group.finish();
}

criterion_group!(benches, class_page);
criterion_main!(benches);
