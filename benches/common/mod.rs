//! What the benchmarks share: the machine and the date they print first, the sets they pick
//! and read, timing, and the SAT peer.
// Each benchmark is a crate of its own: each leaves some of this unused.
#![allow(dead_code)]

pub mod sat;

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::Puzzle;

/// The bench9 sets: a short name and the file under `../shared/data`.
pub const BENCH9: [(&str, &str); 6] = [
    ("17_clue", "bench9/puzzles2_17_clue"),
    ("top1465", "bench9/puzzles3_magictour_top1465"),
    (
        "forum_hardest_1905_11+",
        "bench9/puzzles5_forum_hardest_1905_11+",
    ),
    ("forum_hardest_1106", "bench9/puzzles6_forum_hardest_1106"),
    ("serg_benchmark", "bench9/puzzles7_serg_benchmark"),
    ("kaggle3m_subset", "bench9/kaggle3m_subset_puzzles"),
];

/// Whether `BENCH_SETS` (parts of set names, comma-separated) picks a set by its name; when it
/// is not set, the sets named by a part of `unset` are picked, every set if `unset` is empty.
pub fn picked_sets(unset: &[&str]) -> impl Fn(&str) -> bool {
    let parts: Vec<String> = match std::env::var("BENCH_SETS") {
        Ok(v) => v
            .split(',')
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        Err(_) => unset.iter().map(|p| p.to_string()).collect(),
    };
    move |name: &str| parts.is_empty() || parts.iter().any(|p| name.contains(p.as_str()))
}

/// Prints the machine and the date, then a blank line: the head of every report.
pub fn print_machine() {
    println!("machine: {}; date: {}", machine(), today());
    println!();
}

/// Every puzzle of a file, its path from the crate's root (`../shared/data/…`,
/// `benches/data/…`); a puzzle that does not read is a broken benchmark.
pub fn read_puzzles(path: &str, format: Format, alphabet: Option<Alphabet>) -> Vec<Puzzle> {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let options = ReadOptions {
        alphabet,
        ..ReadOptions::default()
    };
    formats::read(&text, format, options)
        .map(|e| e.unwrap_or_else(|e| panic!("{path}: {e:?}")).puzzle)
        .collect()
}

/// The CPU, its cores and the architecture.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores, {}", std::env::consts::ARCH)
}

/// Today, as `date +%Y-%m-%d` says.
pub fn today() -> String {
    std::process::Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// Runs `f` `runs` times (at least once): the fastest run's seconds and the last result.
pub fn fastest<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let start = std::time::Instant::now();
        let out = std::hint::black_box(f());
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(out);
    }
    (best, last.expect("one run at least"))
}

/// The median (the upper one of an even count) and the largest of `values`.
pub fn median_worst(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}
