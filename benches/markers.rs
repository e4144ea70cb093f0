//! Kropki and XV sudoku (issue 33): ours beside a SAT solver given the same constraints. The
//! sets are files in `benches/data/markers/` (see its README: how each was made and chosen),
//! one JSON puzzle model a line: 9×9 Kropki with and without the negative constraint, 9×9 XV
//! with it — each with a *tuned* and a *held-out* part — and the published Kropki puzzles of
//! `tests/fixtures/published-kropki.json`.
//!
//! Per set and part: ours (`sudoku_lab::solve`, default options: the `propagate` engine, as
//! the fast paths leave puzzles with markers to it), counting to 2 — median and worst ms and
//! nodes; the SAT peer (varisat, `common::sat`: one-hot CNF plus one binary clause per digit
//! pair a marker or the negative constraint forbids, counting to 2 with a blocking clause) —
//! encoding and solving apart; and per puzzle the ratio ours / SAT solving, its median and
//! its worst with the puzzle that gives it (1-based line of the part's file).
//!
//! Run with `make bench` (or `cargo bench --bench markers`). Under `cargo test
//! --all-targets` it makes a smoke run: the first puzzle of each part, one run.

mod common;

use common::sat::sat_fastest;
use common::{fastest, machine, median_worst, today};

use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::{solve, Options, Puzzle, Status};

/// A set: `benches/data/markers/{stem}-{part}.jsonl` for each of its parts.
struct Set {
    name: &'static str,
    stem: &'static str,
    parts: &'static [&'static str],
}

const SETS: &[Set] = &[
    Set {
        name: "Kropki 9×9, all dots given (negative)",
        stem: "kropki-negative",
        parts: &["tuned", "held-out"],
    },
    Set {
        name: "Kropki 9×9, dots only",
        stem: "kropki",
        parts: &["tuned", "held-out"],
    },
    Set {
        name: "XV 9×9, all X and V given (negative)",
        stem: "xv-negative",
        parts: &["tuned", "held-out"],
    },
    Set {
        name: "Kropki, published (WPF, WSC, UKPA)",
        stem: "kropki",
        parts: &["published"],
    },
];

fn read(stem: &str, part: &str) -> Vec<Puzzle> {
    let path = format!(
        "{}/benches/data/markers/{stem}-{part}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    formats::read(&text, Format::Json, ReadOptions::default())
        .map(|e| e.unwrap_or_else(|e| panic!("{path}: {e:?}")).puzzle)
        .collect()
}

/// One puzzle's measurements: seconds are the fastest of the runs.
struct Row {
    line: usize,
    ours_s: f64,
    nodes: u64,
    encode_s: f64,
    sat_s: f64,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.ours_s / self.sat_s.max(1e-9)
    }
}

fn measure(puzzles: &[Puzzle], runs: usize) -> Vec<Row> {
    puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let options = Options {
                solution_limit: 2,
                ..Options::default()
            };
            let (ours_s, outcome) = fastest(runs, || solve(p, options).expect("valid"));
            assert_eq!(outcome.status, Status::Unique, "puzzle {}: ours", k + 1);
            let (encode_s, sat_s) = sat_fastest(p, runs, &format!("puzzle {}", k + 1));
            Row {
                line: k + 1,
                ours_s,
                nodes: outcome.stats.nodes,
                encode_s,
                sat_s,
            }
        })
        .collect()
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    println!("machine: {}; date: {}", machine(), today());
    println!();
    let runs = if smoke { 1 } else { 5 };
    let how = if smoke {
        "smoke run: the first puzzle of each part, one run"
    } else {
        "the fastest of 5 runs"
    };
    println!("Counting to 2, ms per puzzle ({how}). Ours: `sudoku_lab::solve`, default options. SAT: varisat 0.2, one-hot CNF plus the markers' forbidden pairs, encoding apart. Ratio: ours / SAT solving, per puzzle; worst: its line in the part's file.");
    println!();
    println!("| set | part | puzzles | markers | ours median | ours worst | nodes median / worst | SAT encode median | SAT median | SAT worst | ratio median | ratio worst (puzzle) |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for set in SETS {
        for &part in set.parts {
            let mut puzzles = read(set.stem, part);
            if smoke {
                puzzles.truncate(1);
            }
            let rows = measure(&puzzles, runs);
            let (m_lo, m_hi) = puzzles.iter().fold((usize::MAX, 0), |(lo, hi), p| {
                (lo.min(p.markers().len()), hi.max(p.markers().len()))
            });
            let (om, ow) = median_worst(rows.iter().map(|r| r.ours_s * 1e3));
            let (nm, nw) = median_worst(rows.iter().map(|r| r.nodes as f64));
            let (em, _) = median_worst(rows.iter().map(|r| r.encode_s * 1e3));
            let (sm, sw) = median_worst(rows.iter().map(|r| r.sat_s * 1e3));
            let (rm, _) = median_worst(rows.iter().map(Row::ratio));
            let worst = rows
                .iter()
                .max_by(|a, b| a.ratio().total_cmp(&b.ratio()))
                .expect("a set has puzzles");
            println!(
                "| {} | {part} | {} | {m_lo}–{m_hi} | {om:.3} | {ow:.3} | {nm:.0} / {nw:.0} | {em:.2} | {sm:.3} | {sw:.3} | {rm:.2} | {:.2} (#{}) |",
                set.name,
                rows.len(),
                worst.ratio(),
                worst.line,
            );
        }
    }
}
