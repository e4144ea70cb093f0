//! Whole processes on whole files: `sudoku-lab count --limit 2` and `sudoku-lab solve`
//! (reading, validating, solving, verifying every answer, writing) against the peer program
//! `examples/peer_sudoku.rs` (the `sudoku` crate doing the same, without the checks), one
//! thread each, wall-clock, the fastest of several runs, with the ratio. Run with
//! `make bench` (or `cargo build --release --example peer_sudoku && cargo bench --bench
//! cli`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path)
}

/// Seconds of the fastest of `runs` runs of `program args…`, output thrown away; the
/// output of the last run is returned for a check.
fn fastest(runs: usize, program: &Path, args: &[&str]) -> (f64, Vec<u8>) {
    let mut best = f64::INFINITY;
    let mut output = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let out = Command::new(program)
            .args(args)
            .stderr(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
        best = best.min(start.elapsed().as_secs_f64());
        output = out.stdout;
    }
    (best, output)
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_sudoku-lab"));
    let peer = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/examples/peer_sudoku");
    if !peer.exists() {
        eprintln!(
            "{} is missing: build it with 'cargo build --release --example peer_sudoku'",
            peer.display()
        );
        if smoke {
            return;
        }
        std::process::exit(1);
    }
    let runs = if smoke { 1 } else { 7 };
    let sets = [
        ("17_clue", "bench9/puzzles2_17_clue"),
        ("top1465", "bench9/puzzles3_magictour_top1465"),
        ("kaggle3m_subset", "bench9/kaggle3m_subset_puzzles"),
    ];
    println!("Whole process, one thread, fastest of {runs} runs, seconds (ours verifies every answer; the peer does not):");
    println!();
    println!("| file | puzzles | command | sudoku-lab | peer (sudoku 0.8) | ours / peer |");
    println!("|---|---:|---|---:|---:|---:|");
    for (name, path) in sets {
        let file = data(path);
        let file = file.to_str().expect("a UTF-8 path");
        let puzzles = std::fs::read_to_string(file)
            .map(|t| t.lines().filter(|l| !l.trim().is_empty()).count())
            .unwrap_or(0);
        for (command, ours_args, peer_args) in [
            (
                "count --limit 2",
                vec!["count", "--limit", "2", "--threads", "1", file],
                vec!["count", file],
            ),
            (
                "solve",
                vec!["solve", "--threads", "1", file],
                vec!["solve", file],
            ),
        ] {
            let (a, out_a) = fastest(runs, &ours, &ours_args);
            let (b, out_b) = fastest(runs, &peer, &peer_args);
            // The same answers, line for line (counts, or solutions of unique puzzles).
            if command.starts_with("count") {
                assert_eq!(out_a, out_b, "{name}: the counts differ");
            } else {
                assert_eq!(
                    out_a.split(|&b| b == b'\n').count(),
                    out_b.split(|&b| b == b'\n').count(),
                    "{name}: one answer line per puzzle"
                );
            }
            println!(
                "| {name} | {puzzles} | {command} | {a:.3} | {b:.3} | {:.2} |",
                a / b
            );
        }
    }
}
