//! The speed table: µs per puzzle on every benchmark set, for sudoku-lab's fast path, its
//! general engine (the traced path, tracing off) and — on 9×9 sets — the `sudoku` crate
//! (a JCZSolve port) as the peer, run in the same process, with the ratio. Counting up to 2
//! solutions (uniqueness) and stopping at the first. One thread; the median of several runs.
//! Run with `make bench` (or `cargo bench --bench solvers`); `BENCH_SETS=17_clue,1106` picks
//! sets by a part of their name.

mod common;

use common::{picked_sets, print_machine, BENCH9};
use std::time::Instant;

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{solve_fast, Options, Propagate, Puzzle, Search, Silent, Status};

struct Set {
    name: &'static str,
    puzzles: Vec<Puzzle>,
    /// The 81-character lines, for the peer (9×9 sets only).
    lines: Vec<String>,
}

fn data(path: &str) -> String {
    format!("{}/../shared/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &'static str, path: &str, format: Format, alphabet: Option<Alphabet>) -> Set {
    let path = data(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let options = ReadOptions {
        alphabet,
        ..ReadOptions::default()
    };
    let puzzles: Vec<Puzzle> = formats::read(&text, format, options)
        .map(|e| e.expect("benchmark sets parse").puzzle)
        .collect();
    let lines = if puzzles
        .first()
        .is_some_and(|p| p.size() == 9 && p.relations().is_empty())
    {
        puzzles
            .iter()
            .map(|p| {
                p.givens()
                    .iter()
                    .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    Set {
        name,
        puzzles,
        lines,
    }
}

fn cqoi_dir(name: &'static str, dir: &str) -> Set {
    let mut text = String::new();
    let mut files: Vec<_> = std::fs::read_dir(data(dir))
        .expect("cqoi derived sets")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    for f in files {
        text.push_str(&std::fs::read_to_string(f).unwrap());
        text.push('\n');
    }
    let puzzles = formats::read(&text, Format::Cqoi, ReadOptions::default())
        .map(|e| e.unwrap().puzzle)
        .collect();
    Set {
        name,
        puzzles,
        lines: Vec::new(),
    }
}

/// Median seconds per item of `runs` timed runs of `f` over `items` items.
fn per_item(runs: usize, items: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed().as_secs_f64() / items.max(1) as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// Seconds of the fastest of `runs` timed runs of `f`.
fn fastest(runs: usize, mut f: impl FnMut() -> usize) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Fast path when it applies, else the general engine; returns the solutions found.
fn fast(puzzles: &[Puzzle], limit: u64) -> usize {
    let options = Options {
        solution_limit: limit,
        ..Options::default()
    };
    let mut search: Option<Propagate<Silent>> = None;
    let mut found = 0;
    for p in puzzles {
        match solve_fast(p, options) {
            Some(outcome) => found += outcome.stats.solutions as usize,
            None => {
                let s = search.get_or_insert_with(|| Propagate::new(p, options, Silent));
                s.reset(p);
                s.run();
                found += s.stats().solutions as usize;
            }
        }
    }
    found
}

fn general(puzzles: &[Puzzle], limit: u64) -> usize {
    let options = Options {
        solution_limit: limit,
        ..Options::default()
    };
    let mut search = Propagate::new(&puzzles[0], options, Silent);
    let mut found = 0;
    for p in puzzles {
        search.reset(p);
        search.run();
        found += search.stats().solutions as usize;
    }
    found
}

fn peer(lines: &[String], limit: usize) -> usize {
    lines
        .iter()
        .map(|l| {
            let s = sudoku::Sudoku::from_str_line(l).expect("peer parses");
            s.solutions_count_up_to(limit)
        })
        .sum()
}

fn main() {
    // `cargo test --all-targets` runs this too, without `--bench`: then a smoke run of the
    // smallest sets keeps the harness working without costing the test suite a benchmark.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let wanted = picked_sets(if smoke {
        &["1106", "cqoi/derived/multi"]
    } else {
        &[]
    });
    let mut sets = Vec::new();
    for (name, path) in BENCH9 {
        if wanted(name) {
            sets.push(load(name, path, Format::Line, None));
        }
    }
    for (name, path) in [
        ("sixteen/public_120", "sixteen/public_120_AP.txt"),
        ("sixteen/generated_200", "sixteen/generated_200_AP.txt"),
    ] {
        if wanted(name) {
            sets.push(load(name, path, Format::Line, Some(Alphabet::Letters)));
        }
    }
    for (name, dir) in [
        ("cqoi/derived/unique", "cqoi2013/derived/unique"),
        ("cqoi/derived/multi", "cqoi2013/derived/multi"),
    ] {
        if wanted(name) {
            sets.push(cqoi_dir(name, dir));
        }
    }
    print_machine();
    println!("µs per puzzle, one thread, median of runs. fast = a fast path where one applies (9×9 classic and inequality, 16×16 and 25×25 classic), else the general engine.");
    println!();
    println!("| set | puzzles | limit | fast | general | peer (sudoku 0.8) | fast / peer | general / peer |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for set in &sets {
        let n = set.puzzles.len();
        // About a second of work per measurement on the big sets, more runs on small ones.
        let runs = if n > 20_000 {
            3
        } else if n > 1000 {
            5
        } else {
            9
        };
        // The general engine on the big hard sets: every 10th puzzle.
        let sample: Vec<Puzzle> = if n > 20_000 {
            set.puzzles.iter().step_by(10).cloned().collect()
        } else {
            set.puzzles.clone()
        };
        for limit in [2u64, 1] {
            let f = per_item(runs, n, || fast(&set.puzzles, limit)) * 1e6;
            let g = per_item(runs, sample.len(), || general(&sample, limit)) * 1e6;
            let sampled = if sample.len() < n { " (1/10)" } else { "" };
            if set.lines.is_empty() {
                println!(
                    "| {} | {n} | {limit} | {f:.1} | {g:.1}{sampled} | — | — | — |",
                    set.name
                );
            } else {
                let p = per_item(runs, n, || peer(&set.lines, limit as usize)) * 1e6;
                println!(
                    "| {} | {n} | {limit} | {f:.2} | {g:.1}{sampled} | {p:.2} | {:.2} | {:.2} |",
                    set.name,
                    f / p,
                    g / p
                );
            }
        }
    }
    // The targets for 16×16 and inequality puzzles are per puzzle (median and worst): time
    // each puzzle's solve inside passes over the whole set, keeping each puzzle's fastest of
    // five passes. (Solving one puzzle several times in a row trains the branch predictor on
    // it: the fastest of nine back-to-back solves read up to 40% below a solve in sequence.)
    let spread: Vec<&Set> = sets.iter().filter(|s| s.lines.is_empty()).collect();
    if !spread.is_empty() {
        println!();
        println!("Per puzzle, fast path, counting to 2 (each puzzle timed in passes over its set, the fastest of 5 passes), µs:");
        println!();
        println!("| set | puzzles | median | 90th percentile | worst | worst puzzle |");
        println!("|---|---:|---:|---:|---:|---:|");
    }
    for set in spread {
        let mut best = vec![f64::INFINITY; set.puzzles.len()];
        for _ in 0..5 {
            for (p, best) in set.puzzles.iter().zip(&mut best) {
                *best = best.min(fastest(1, || fast(std::slice::from_ref(p), 2)) * 1e6);
            }
        }
        let mut times: Vec<(f64, usize)> = best.into_iter().zip(1..).collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].0;
        let (worst, which) = times[times.len() - 1];
        println!(
            "| {} | {} | {:.1} | {:.1} | {worst:.1} | #{which} |",
            set.name,
            times.len(),
            at(0.5),
            at(0.9)
        );
    }
    // Every fast answer agrees with the general engine (the differential tests check this on
    // every corpus; here a cheap guard against benchmarking a broken path).
    for set in &sets {
        for p in set.puzzles.iter().step_by(97) {
            let options = Options::default();
            if let Some(fast) = solve_fast(p, options) {
                let mut s = Propagate::new(p, options, Silent);
                let status = s.run();
                assert_eq!(fast.status, status, "{}", set.name);
                if status == Status::Unique {
                    assert_eq!(fast.solutions[0], s.solutions()[0], "{}", set.name);
                }
            }
        }
    }
}
