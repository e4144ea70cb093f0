//! The core on criterion: the library calls a user makes — `solve` (fast paths and engines),
//! counting, tracing, `grade`, `hint` and `generate` — each timed with criterion's statistics
//! (confidence intervals, and a comparison with a saved baseline), so that a change to the
//! core is judged by a measured difference and not by one run.
//!
//! ```sh
//! cargo bench --bench core -- --save-baseline before   # on the commit before a change
//! cargo bench --bench core -- --baseline before        # after it: the change, with its interval
//! ```
//!
//! The other benches (`solvers`, `generated`, `hard`, `tails`, `markers`, `trace`, `cli`)
//! measure against peers run in the same process — tdoku's driver, the `sudoku` crate, a SAT
//! solver — and print ratios; this one measures the core against itself. Without `--bench`
//! (as `cargo test --all-targets` runs it) each benchmark runs once, as a test.

mod common;

use common::read_puzzles;
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};

use sudoku_lab::formats::{Alphabet, Format};
use sudoku_lab::generate::{generate, Request};
use sudoku_lab::logic::{grade, hint, Level, PlayerState, Techniques};
use sudoku_lab::trace::{Level as TraceLevel, Recorder, TraceOptions};
use sudoku_lab::{solve, Engine, EngineKind, Kind, Options, Propagate, Puzzle, Search, Silent};

/// The first `take` puzzles of a file of `../shared/data`.
fn load(path: &str, format: Format, alphabet: Option<Alphabet>, take: usize) -> Vec<Puzzle> {
    let mut puzzles = read_puzzles(&format!("../shared/data/{path}"), format, alphabet);
    puzzles.truncate(take);
    puzzles
}

/// The sets `solve` is timed on: 9×9 hard and minimal, 16×16, and CQOI inequality puzzles.
fn sets() -> Vec<(&'static str, Vec<Puzzle>)> {
    vec![
        (
            "9x9 top95",
            load("poj3074/norvig_top95.in", Format::Poj3074, None, 95),
        ),
        (
            "9x9 17-clue",
            load(
                "poj3074/royle_sudoku17_first1000.in",
                Format::Poj3074,
                None,
                200,
            ),
        ),
        (
            "16x16",
            load(
                "poj3076/sample.in",
                Format::Poj3076,
                Some(Alphabet::Letters),
                usize::MAX,
            ),
        ),
        (
            "cqoi",
            load("cqoi2013/sample1.in", Format::Cqoi, None, usize::MAX),
        ),
    ]
}

/// The first 20 puzzles of top95, and a group `{name} top95[..20]` of benchmarks over all of
/// them (its throughput: puzzles).
fn top95_group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> (Vec<Puzzle>, BenchmarkGroup<'a, WallTime>) {
    let puzzles = load("poj3074/norvig_top95.in", Format::Poj3074, None, 20);
    let mut group = c.benchmark_group(format!("{name} top95[..20]"));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    (puzzles, group)
}

/// `solve` as a user calls it (the fast path where one applies), counting to two.
fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for (name, puzzles) in sets() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| solve(p, Options::default()).unwrap().stats.solutions)
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

/// Each general engine on the same 9×9 puzzles (no fast path): what their reasoning costs.
fn engines(c: &mut Criterion) {
    let (puzzles, mut group) = top95_group(c, "engine");
    for kind in [EngineKind::Propagate, EngineKind::Dlx, EngineKind::Logic] {
        group.bench_function(BenchmarkId::from_parameter(kind), |b| {
            b.iter(|| {
                let mut found = 0;
                for p in &puzzles {
                    let mut engine = Engine::new(kind, p, Options::default(), Silent).unwrap();
                    engine.run();
                    found += engine.outcome().stats.solutions;
                }
                found
            })
        });
    }
    group.finish();
}

/// Counting many solutions: an empty 9×9 up to 10,000.
fn counting(c: &mut Criterion) {
    let empty = Puzzle::classic(vec![0; 81]).unwrap();
    let options = Options {
        solution_limit: 10_000,
        ..Options::default()
    };
    let mut group = c.benchmark_group("count");
    group.throughput(Throughput::Elements(10_000));
    group.bench_function("empty 9x9 to 10000", |b| {
        b.iter(|| solve(&empty, options).unwrap().stats.solutions)
    });
    group.finish();
}

/// A full trace (every event and its premises) against the silent search, on top95.
fn tracing(c: &mut Criterion) {
    let (puzzles, mut group) = top95_group(c, "trace");
    group.bench_function("silent", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for p in &puzzles {
                let mut search = Propagate::new(p, Options::default(), Silent);
                search.run();
                nodes += search.stats().nodes;
            }
            nodes
        })
    });
    group.bench_function("recorded, full", |b| {
        b.iter(|| {
            let mut events = 0;
            for p in &puzzles {
                let options = TraceOptions {
                    level: TraceLevel::Full,
                    max_events: u64::MAX,
                };
                let mut search = Propagate::new(p, Options::default(), Recorder::new(p, options));
                search.run();
                events += search.observer().events();
            }
            events
        })
    });
    group.finish();
}

/// The person's side: a grade of each puzzle, and a first hint from the empty grid.
fn reasoning(c: &mut Criterion) {
    let (puzzles, mut group) = top95_group(c, "logic");
    group.bench_function("grade", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| grade(p, Techniques::ALL).score)
                .sum::<u32>()
        })
    });
    group.bench_function("first hint", |b| {
        b.iter_batched(
            || PlayerState {
                entries: vec![0; 81],
                marks: None,
            },
            |state| puzzles.iter().filter(|p| hint(p, &state).is_ok()).count(),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// New puzzles: one medium 9×9 and one Futoshiki 5×5, the same for the same seed.
fn generating(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    let medium = Request {
        level: Some(Level::Medium),
        seed: 1,
        ..Request::new(Kind::Classic, 9)
    };
    group.bench_function("9x9 medium", |b| {
        b.iter(|| generate(&medium, 1).unwrap().len())
    });
    let futoshiki = Request {
        seed: 1,
        ..Request::new(Kind::Futoshiki, 5)
    };
    group.bench_function("futoshiki 5x5", |b| {
        b.iter(|| generate(&futoshiki, 1).unwrap().len())
    });
    group.finish();
}

criterion_group!(core, solving, engines, counting, tracing, reasoning, generating);
criterion_main!(core);
