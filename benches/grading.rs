//! Grading throughput: one program run and judged per reachable position (4,520 runs).
//! The program is trivial (`echo X 1 1`), so this measures the grader: spawning, capturing,
//! killing the process group, judging. Throughput is in runs per second ("elem/s").

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minimax::grade::class::{grade, Settings, Student};
use minimax::grade::exercise::hidden_set;
use minimax::grade::runner::RunLimits;
use minimax::tictactoe::Coords;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn all_positions(c: &mut Criterion) {
    let exercises = hidden_set(None, 0);
    let students = [Student {
        name: "echo".into(),
        folder: PathBuf::from("."),
    }];
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let settings = Settings {
        command: "echo X 1 1".into(),
        limits: RunLimits::default(),
        jobs,
        coords: Coords::ColRow,
    };
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("grading");
    group.sample_size(10).measurement_time(Duration::from_secs(30));
    group.throughput(Throughput::Elements(exercises.len() as u64));
    group.bench_function(format!("{} positions, {jobs} jobs", exercises.len()), |b| {
        b.iter(|| grade(&students, &exercises, &settings, &never))
    });
    group.finish();
}

criterion_group!(benches, all_positions);
criterion_main!(benches);
