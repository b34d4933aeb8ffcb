//! Grading throughput, with the sandbox (every layer this machine allows) and without it.
//! Throughput is in runs per second ("elem/s").
//!
//! - a trivial program (`echo X 1 1`) on every reachable position (4,520 runs): this measures
//!   the grader alone: walls, spawning, capturing, killing, judging;
//! - a real interpreter (`python3 -c 'print("X 1 1")'`) on 200 positions: what a class of
//!   Python programs costs, of which the walls are a part.
//!
//! A whole Java class (100 submissions on the practice's starter, built and run through the
//! java-gato harness) takes minutes per sample: `benches/java-class.sh` times it once.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minimax::class::programs::{grade, Settings};
use minimax::class::{Class, Student};
use minimax::harness::Harness;
use minimax_core::exercises::positions::hidden_exercises;
use minimax_core::games::mnk::Coords;
use minimax_core::games::mnk::Shape;
use minimax_sandbox::runner::RunLimits;
use minimax_sandbox::{Mode, Policy, Sandbox};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn throughput(c: &mut Criterion, name: &str, command: &str, count: Option<usize>) {
    let exercises = hidden_exercises(Shape::CLASSIC, count, 0);
    let folder = tempfile::tempdir().expect("a temporary folder");
    let class = Class {
        students: vec![Student::new("student".into(), folder.path().to_path_buf())],
        not_graded: Vec::new(),
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let settings = Settings {
        harness: Harness::stdio(Some(command.into())),
        limits: RunLimits::default(),
        build_timeout: Duration::from_secs(60),
        jobs,
        coords: Coords::ColRow,
        accept: Vec::new(),
        search: None,
    };
    let never = AtomicBool::new(false);
    // One student, the class's set (grade takes a set per student).
    let sets = vec![std::sync::Arc::new(exercises.clone())];
    let mut group = c.benchmark_group("grading");
    group.sample_size(10).measurement_time(Duration::from_secs(30));
    group.throughput(Throughput::Elements(exercises.len() as u64));
    for mode in [Mode::Off, Mode::Auto] {
        let sandbox = Sandbox::prepare(Policy {
            mode,
            ..Policy::default()
        })
        .expect("the sandbox can be prepared");
        eprintln!("{}", sandbox.info().summary());
        let id = format!(
            "{name}, {} positions, {jobs} jobs, sandbox {mode:?}",
            exercises.len()
        );
        group.bench_function(id, |b| {
            b.iter(|| grade(&class, &sets, &settings, &sandbox, &never, &|_| {}))
        });
    }
    group.finish();
}

fn trivial_program(c: &mut Criterion) {
    throughput(c, "echo", "echo X 1 1", None);
}

fn python_program(c: &mut Criterion) {
    if std::path::Path::new(PYTHON).exists() {
        throughput(c, "python", &format!("{PYTHON} -c 'print(\"X 1 1\")'"), Some(200));
    } else {
        eprintln!("skipped: no {PYTHON}");
    }
}

/// The system's interpreter, the same with and without the sandbox's clean PATH.
const PYTHON: &str = "/usr/bin/python3";

criterion_group!(benches, trivial_program, python_program);
criterion_main!(benches);
