//! Benchmark sets nobody tuned on, made by the generator, and two tables over them:
//!
//! 1. generation: per kind, size and options, the time to one puzzle (median, 90th
//!    percentile, worst) and the grids it took;
//! 2. solving: per puzzle, the fast path where one applies (else the general engine),
//!    counting to 2 — median, 90th percentile and worst µs — and at 16×16 the same with the
//!    portable code (`portable_only`), so both paths are reported; on the sparse 16×16 set
//!    (grids with many solutions, made from the generated ones' solutions) dancing links
//!    beside them.
//!
//! Every set has a *tuned* part (seed 1) and a *held-out* part (seed 1,000,001): only the
//! tuned part is looked at while changing the solver; both are printed. The generator is
//! deterministic, so the sets are the same on every run and need no files.
//! Run with `make bench` (or `cargo bench --bench generated`); `BENCH_SETS=16x16` picks sets
//! by a part of their name.

mod common;

use common::sat::sat_count;
use common::{picked_sets, print_machine};
use std::time::Instant;

use sudoku_lab::generate::{Advance, Generated, Generator, Relations, Request, Rng};
use sudoku_lab::logic::Level;
use sudoku_lab::{
    portable_only, solve_fast, solve_with, EngineKind, Kind, Options, Propagate, Puzzle, Search,
    Silent, Status,
};

const TUNED_SEED: u64 = 1;
const HELD_OUT_SEED: u64 = 1_000_001;

struct Spec {
    name: &'static str,
    request: Request,
    count: usize,
}

/// The set `name`: `count` puzzles of `kind` and `size`, as `Request::new` asks for them.
fn spec(name: &'static str, kind: Kind, size: usize, count: usize) -> Spec {
    Spec {
        name,
        request: Request::new(kind, size),
        count,
    }
}

impl Spec {
    /// The same set, only puzzles the grader puts at `level`.
    fn level(mut self, level: Level) -> Spec {
        self.request.level = Some(level);
        self
    }

    /// The same set, only minimal puzzles (no given can go).
    fn minimal(mut self) -> Spec {
        self.request.minimal = true;
        self
    }

    /// The same set with relations only, no givens.
    fn no_givens(mut self) -> Spec {
        self.request.no_givens = true;
        self
    }

    /// The same set with `relations` drawn.
    fn relations(mut self, relations: Relations) -> Spec {
        self.request.relations = Some(relations);
        self
    }
}

fn specs(smoke: bool) -> Vec<Spec> {
    let n = |full: usize| if smoke { full.min(3) } else { full };
    vec![
        spec("classic 9x9 minimal", Kind::Classic, 9, n(1000)).minimal(),
        // The hardest level the grader tells apart: since the forcing chains, a minimal 9×9
        // that needs guessing is too rare to make (none in 2,000 attempts).
        spec("classic 9x9 extreme", Kind::Classic, 9, n(50))
            .level(Level::Extreme)
            .minimal(),
        spec("classic 16x16", Kind::Classic, 16, n(100)),
        spec("classic 16x16 minimal", Kind::Classic, 16, n(40)).minimal(),
        spec("classic 25x25", Kind::Classic, 25, n(20)),
        spec(
            "inequality 9x9 CQOI (no givens)",
            Kind::Inequality,
            9,
            n(200),
        )
        .no_givens(),
        spec(
            "inequality 9x9 blocks + fewest givens",
            Kind::Inequality,
            9,
            n(200),
        ),
        spec("inequality 9x9 30 relations", Kind::Inequality, 9, n(100))
            .relations(Relations::Random(30)),
        spec("inequality 9x9 easy", Kind::Inequality, 9, n(50)).level(Level::Easy),
        spec("inequality 9x9 hard", Kind::Inequality, 9, n(50)).level(Level::Hard),
        spec("inequality 9x9 expert", Kind::Inequality, 9, n(10)).level(Level::Expert),
        spec("futoshiki 5x5", Kind::Futoshiki, 5, n(200)),
        spec("futoshiki 6x6 easy", Kind::Futoshiki, 6, n(50)).level(Level::Easy),
        spec("futoshiki 6x6 medium", Kind::Futoshiki, 6, n(20)).level(Level::Medium),
        spec("futoshiki 6x6 extreme", Kind::Futoshiki, 6, n(30)).level(Level::Extreme),
        spec("futoshiki 7x7", Kind::Futoshiki, 7, n(200)),
        spec("futoshiki 7x7 hard", Kind::Futoshiki, 7, n(50)).level(Level::Hard),
        spec("futoshiki 9x9", Kind::Futoshiki, 9, n(100)),
    ]
}

/// Median, 90th percentile and worst of `values` (sorted here), and the worst's index.
fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), v[v.len() - 1])
}

/// µs to count each puzzle to 2 (fast path, else `propagate`), the fastest of 5 passes over
/// the set (a puzzle solved back to back trains the branch predictor on it).
fn solve_times(puzzles: &[Puzzle]) -> Vec<f64> {
    times(puzzles, |p| match solve_fast(p, Options::default()) {
        Some(outcome) => outcome.status,
        None => Propagate::new(p, Options::default(), Silent).run(),
    })
}

/// As [`solve_times`], by the dancing-links engine.
fn dlx_times(puzzles: &[Puzzle]) -> Vec<f64> {
    times(puzzles, |p| {
        solve_with(EngineKind::Dlx, p, Options::default())
            .expect("a valid puzzle")
            .status
    })
}

/// µs for `count` on each puzzle, the fastest of 5 passes over the set.
fn times(puzzles: &[Puzzle], count: impl Fn(&Puzzle) -> Status) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; puzzles.len()];
    for _ in 0..5 {
        for (p, best) in puzzles.iter().zip(&mut best) {
            let start = Instant::now();
            std::hint::black_box(count(p));
            *best = best.min(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    best
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let wanted = picked_sets(&[]);
    print_machine();
    println!("Generation, one thread: ms to one puzzle (grading included), and grids tried.");
    println!();
    println!("| set | part | puzzles | median ms | p90 ms | worst ms | grids: median | worst |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    let mut made: Vec<(String, &'static str, Vec<Puzzle>)> = Vec::new();
    for spec in specs(smoke).into_iter().filter(|s| wanted(s.name)) {
        for (part, seed) in [("tuned", TUNED_SEED), ("held-out", HELD_OUT_SEED)] {
            let mut request = spec.request.clone();
            request.seed = seed;
            // One puzzle after another, each timed from the end of the one before.
            let mut generator = Generator::new(request).expect("the benchmark requests are valid");
            let mut all = Vec::with_capacity(spec.count);
            let mut times = Vec::with_capacity(spec.count);
            let mut start = Instant::now();
            while all.len() < spec.count {
                match generator.advance(u64::MAX) {
                    Advance::Found(g) => {
                        times.push(start.elapsed().as_secs_f64() * 1e3);
                        all.push(*g);
                        start = Instant::now();
                    }
                    Advance::GaveUp(p) => panic!("{}: {p}", spec.name),
                    Advance::Working => {}
                    other => panic!("not known to this test: {other:?}"),
                }
            }
            let (median, p90, worst) = spread(&times);
            let grids: Vec<f64> = all.iter().map(|g| f64::from(g.attempts)).collect();
            let (gm, _, gw) = spread(&grids);
            println!(
                "| {} | {part} | {} | {median:.2} | {p90:.2} | {worst:.2} | {gm:.0} | {gw:.0} |",
                spec.name,
                all.len()
            );
            if spec.name == "classic 16x16" {
                made.push((
                    "classic 16x16 sparse, 20–100 givens (2+ solutions)".to_string(),
                    part,
                    sparse(&all, seed),
                ));
            }
            let puzzles: Vec<Puzzle> = all.into_iter().map(|g| g.puzzle).collect();
            // The hardest by search effort: the most guesses the fast path needs, 2% of
            // the set (at least 5), as a set of its own.
            if puzzles.len() >= 100 && puzzles[0].kind() == Kind::Classic {
                let mut by_guesses: Vec<(u64, &Puzzle)> =
                    puzzles.iter().map(|p| (guesses(p), p)).collect();
                by_guesses.sort_by_key(|&(g, _)| std::cmp::Reverse(g));
                let keep = (puzzles.len() / 50).max(5);
                let hardest = by_guesses[..keep].iter().map(|&(_, p)| p.clone()).collect();
                made.push((
                    format!("{}, hardest {keep} by guesses", spec.name),
                    part,
                    hardest,
                ));
            }
            made.push((spec.name.to_string(), part, puzzles));
        }
    }
    println!();
    println!("Solving, one thread, counting to 2: µs per puzzle (each the fastest of 5 passes over its set); a fast path where one applies (9×9 classic and inequality, 16×16 and 25×25 classic), else the general engine. At 16×16 also with the portable code only.");
    println!();
    println!("| set | part | puzzles | median µs | p90 µs | worst µs |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut peers = Vec::new();
    for (name, part, puzzles) in &made {
        let ours = solve_times(puzzles);
        let (m, p, w) = spread(&ours);
        println!(
            "| {name} | {part} | {} | {m:.1} | {p:.1} | {w:.1} |",
            puzzles.len()
        );
        if !smoke && puzzles.first().is_some_and(|p| p.size() == 25) {
            peers.push((name.clone(), *part, puzzles.clone(), ours));
        }
        if name.contains("sparse") {
            // Dancing links beside it: on grids with many solutions it has nothing to
            // refute and branches on the tightest constraint (cell or digit in a house).
            let (m, p, w) = spread(&dlx_times(puzzles));
            println!(
                "| {name}, dancing links (general engine) | {part} | {} | {m:.1} | {p:.1} | {w:.1} |",
                puzzles.len()
            );
        }
        if puzzles.first().is_some_and(|p| p.size() == 16) {
            portable_only(true);
            let (m, p, w) = spread(&solve_times(puzzles));
            portable_only(false);
            println!(
                "| {name}, portable | {part} | {} | {m:.1} | {p:.1} | {w:.1} |",
                puzzles.len()
            );
        }
    }
    // 25×25 has no public peer of its kind: a SAT solver counts the same puzzles, and every
    // count must be 1. (Minimal 25×25 puzzles, which take seconds each, are timed against
    // it by `cargo bench --bench hard`.)
    if !peers.is_empty() {
        println!();
        println!("25×25 against a CDCL SAT solver (varisat 0.2, encoding included), counting to 2, ms per puzzle:");
        println!();
        println!("| set | part | puzzles | ours median | ours worst | SAT median | SAT worst | SAT / ours (medians) |");
        println!("|---|---|---:|---:|---:|---:|---:|---:|");
    }
    for (name, part, puzzles, ours) in peers {
        let sat: Vec<f64> = puzzles
            .iter()
            .map(|p| {
                let count = sat_count(p);
                assert_eq!(
                    count.solutions, 1,
                    "{name}: the SAT solver finds another solution"
                );
                // Encoding included, as a SAT-based solver pays it (`cargo bench --bench
                // hard` reports the two apart).
                (count.encode_s + count.solve_s) * 1e3
            })
            .collect();
        let (om, _, ow) = spread(&ours);
        let (sm, _, sw) = spread(&sat);
        let ratio = sm / (om / 1e3);
        // Below 10 the digits after the point matter (a SAT solver ahead reads below 1).
        let ratio = if ratio < 10.0 {
            format!("{ratio:.2}")
        } else {
            format!("{ratio:.0}")
        };
        println!(
            "| {name} | {part} | {} | {:.2} | {:.2} | {sm:.1} | {sw:.1} | {ratio} |",
            puzzles.len(),
            om / 1e3,
            ow / 1e3,
        );
    }
}

/// Puzzles with many solutions, as `serg_benchmark` is at 9×9: each keeps 20, 40, 60, 80 or
/// 100 cells (in turn) of a generated puzzle's solution, picked at random (deterministic for
/// the seed). Counting one to 2 finds two solutions deep in a loose grid, where probing
/// refutes nothing.
fn sparse(generated: &[Generated], seed: u64) -> Vec<Puzzle> {
    generated
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mut rng = Rng::derive(seed ^ 0x005B_A55E, i as u64);
            let mut cells: Vec<usize> = (0..256).collect();
            rng.shuffle(&mut cells);
            let mut givens = vec![0; 256];
            for &c in &cells[..20 + 20 * (i % 5)] {
                givens[c] = g.solution[c];
            }
            Puzzle::classic(givens).expect("a 16×16 grid")
        })
        .collect()
}

/// The guesses a count to 2 takes (fast path, else `propagate`).
fn guesses(p: &Puzzle) -> u64 {
    let options = Options::default();
    match solve_fast(p, options) {
        Some(outcome) => outcome.stats.guesses,
        None => {
            let mut s = Propagate::new(p, options, Silent);
            s.run();
            s.stats().guesses
        }
    }
}
