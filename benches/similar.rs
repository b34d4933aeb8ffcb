//! `minimax similar` on a class of 300 students × 300 lines of Java each (the practice's
//! starter plus code of their own, drawn at random from a small grammar of statements; every
//! tenth student copies another's with the names changed): reading, tokenising, fingerprinting
//! and comparing all 44,850 pairs, the starter left out. Run: `cargo bench --bench similar`.

use criterion::{criterion_group, criterion_main, Criterion};
use minimax::class::similar::{compare, Base, Options, Submission};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::path::Path;

const STUDENTS: usize = 300;
const LINES: usize = 300;
const STARTER: &str = include_str!("../tests/similar/starter/Minimax.java");

/// A statement of the student's own, on one line or a few.
fn statement(rng: &mut ChaCha8Rng, out: &mut String, depth: usize, names: &[String]) {
    let name = |rng: &mut ChaCha8Rng| names[rng.random_range(0..names.len())].clone();
    let ops = ["+", "-", "*", "/", "%"];
    let cmps = ["<", ">", "<=", ">=", "==", "!="];
    let indent = "    ".repeat(depth + 2);
    match rng.random_range(0..if depth < 2 { 6 } else { 3 }) {
        0 => {
            let (a, b, c) = (name(rng), name(rng), name(rng));
            let _ = writeln!(out, "{indent}{a} = {b} {} {c};", ops[rng.random_range(0..5)]);
        }
        1 => {
            let (a, b) = (name(rng), name(rng));
            let _ = writeln!(out, "{indent}{a} = Math.max({b}, {});", rng.random_range(0..100));
        }
        2 => {
            let (a, b) = (name(rng), name(rng));
            let _ = writeln!(
                out,
                "{indent}{a} += tablero[{b} % 3][{}];",
                rng.random_range(0..3)
            );
        }
        3 => {
            let (a, b) = (name(rng), name(rng));
            let _ = writeln!(out, "{indent}if ({a} {} {b}) {{", cmps[rng.random_range(0..6)]);
            statement(rng, out, depth + 1, names);
            let _ = writeln!(out, "{indent}}}");
        }
        4 => {
            let a = name(rng);
            let _ = writeln!(out, "{indent}for (int i = 0; i < {a}; i++) {{");
            statement(rng, out, depth + 1, names);
            statement(rng, out, depth + 1, names);
            let _ = writeln!(out, "{indent}}}");
        }
        _ => {
            let (a, b) = (name(rng), name(rng));
            let _ = writeln!(out, "{indent}while ({a} > {b}) {{");
            statement(rng, out, depth + 1, names);
            let _ = writeln!(out, "{indent}    {a}--;");
            let _ = writeln!(out, "{indent}}}");
        }
    }
}

/// The starter with about `LINES` lines of the student's own methods.
fn submission(rng: &mut ChaCha8Rng) -> String {
    let mut own = String::new();
    let mut method = 0;
    while own.lines().count() + STARTER.lines().count() < LINES {
        let names: Vec<String> = (0..4)
            .map(|i| format!("v{}_{i}", rng.random_range(0..1000)))
            .collect();
        let _ = writeln!(own, "    int metodo{method}(int[][] tablero) {{");
        for name in &names {
            let _ = writeln!(own, "        int {name} = {};", rng.random_range(0..10));
        }
        for _ in 0..rng.random_range(3..8) {
            statement(rng, &mut own, 0, &names);
        }
        let _ = writeln!(own, "        return {};\n    }}\n", names[0]);
        method += 1;
    }
    STARTER.replacen(
        "    /** Regresa la acción",
        &format!("{own}    /** Regresa la acción"),
        1,
    )
}

fn class(root: &Path) -> Vec<Submission> {
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let mut sources: Vec<String> = Vec::new();
    for student in 0..STUDENTS {
        let source = if student % 10 == 9 {
            // A copy of the previous student's, every name changed.
            sources[student - 1]
                .replace("v", "w")
                .replace("metodo", "funcion")
        } else {
            submission(&mut rng)
        };
        sources.push(source);
    }
    sources
        .iter()
        .enumerate()
        .map(|(student, source)| {
            let folder = root.join(format!("student{student:03}"));
            std::fs::create_dir_all(folder.join("Minimax/src")).expect("a folder");
            std::fs::write(folder.join("Minimax/src/Minimax.java"), source).expect("written");
            Submission {
                name: format!("student{student:03}"),
                folder,
            }
        })
        .collect()
}

fn similar(c: &mut Criterion) {
    let root = tempfile::tempdir().expect("a temporary folder");
    // SIMILAR_CLASS=DIR keeps the class there, for timing Dolos on it (SPEED=1 benches/similar-eval.sh).
    let kept = std::env::var_os("SIMILAR_CLASS").map(std::path::PathBuf::from);
    let students = class(kept.as_deref().unwrap_or(root.path()));
    let starter = root.path().join("starter.java");
    std::fs::write(&starter, STARTER).expect("written");
    let options = Options::default();
    let base = Base::read(&starter).expect("the starter reads");
    let (report, _) = compare(&students, &base, &options).expect("compares");
    assert!(
        report.pairs.len() >= STUDENTS / 10,
        "the copies are found: {}",
        report.pairs.len()
    );
    let mut group = c.benchmark_group("similar");
    group.sample_size(10);
    group.bench_function("300 students x 300 lines, starter left out", |b| {
        b.iter(|| {
            let base = Base::read(&starter).expect("the starter reads");
            compare(&students, &base, &options).expect("compares")
        })
    });
    group.finish();
}

criterion_group!(benches, similar);
criterion_main!(benches);
