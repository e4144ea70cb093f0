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

use common::sat::{against_sat, Summary};
use common::{print_machine, read_puzzles};

use sudoku_lab::formats::Format;
use sudoku_lab::{Options, Puzzle, Status};

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
    read_puzzles(
        &format!("benches/data/markers/{stem}-{part}.jsonl"),
        Format::Json,
        None,
    )
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    print_machine();
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
            let options = Options {
                solution_limit: 2,
                ..Options::default()
            };
            let rows = against_sat(&puzzles, runs, options, &[Status::Unique]);
            let (m_lo, m_hi) = puzzles.iter().fold((usize::MAX, 0), |(lo, hi), p| {
                (lo.min(p.markers().len()), hi.max(p.markers().len()))
            });
            println!(
                "| {} | {part} | {} | {m_lo}–{m_hi} | {} |",
                set.name,
                rows.len(),
                Summary::of(&rows).cells("", false),
            );
        }
    }
}
