//! Grading throughput: one program run and judged per reachable position (4,520 runs), with
//! the sandbox (every layer this machine allows) and without it. The program is trivial
//! (`echo X 1 1`), so this measures the grader: walls, spawning, capturing, killing, judging.
//! Throughput is in runs per second ("elem/s").

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minimax::grade::class::{grade, Class, Settings, Student};
use minimax::grade::exercise::hidden_set;
use minimax::grade::runner::RunLimits;
use minimax::grade::sandbox::{Mode, Policy, Sandbox};
use minimax::tictactoe::Coords;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn all_positions(c: &mut Criterion) {
    let exercises = hidden_set(None, 0);
    let folder = tempfile::tempdir().expect("a temporary folder");
    let class = Class {
        students: vec![Student {
            name: "echo".into(),
            folder: folder.path().to_path_buf(),
        }],
        not_graded: Vec::new(),
    };
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
    for mode in [Mode::Off, Mode::Auto] {
        let sandbox = Sandbox::prepare(Policy {
            mode,
            ..Policy::default()
        })
        .expect("the sandbox can be prepared");
        eprintln!("{}", sandbox.info().summary());
        let name = format!("{} positions, {jobs} jobs, sandbox {mode:?}", exercises.len());
        group.bench_function(name, |b| {
            b.iter(|| grade(&class, &exercises, &settings, &sandbox, &never, &|| {}))
        });
    }
    group.finish();
}

criterion_group!(benches, all_positions);
criterion_main!(benches);
