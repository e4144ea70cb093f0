//! Whole processes on whole files: `sudoku-lab count --limit 2` and `sudoku-lab solve`
//! (reading, validating, solving, verifying every answer, writing) against the peer program
//! `examples/peer_sudoku.rs` (the `sudoku` crate doing the same, without the checks), one
//! thread each, wall-clock, on every bench9 set, with the ratio. The two programs take turns
//! run by run, so that whatever else the machine does falls on both; each keeps its fastest
//! run.
//!
//! Run with `make bench` (or `cargo build --release --example peer_sudoku && cargo bench
//! --bench cli`). `BENCH_SETS=serg,1106` picks sets by a part of their name, `BENCH_RUNS=N`
//! sets the runs (default 9), and `CLI_BASELINE=PATH` times another `sudoku-lab` binary
//! (an older build) in the same turns, in a column of its own. Under `cargo test
//! --all-targets` it makes a smoke run: the first 100 puzzles of each set, once.

mod common;

use common::{machine, picked_sets, today, BENCH9};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Puzzles per set in the smoke run.
const SMOKE_PUZZLES: usize = 100;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path)
}

/// One program and the arguments of one command.
struct Run<'a> {
    program: &'a Path,
    args: Vec<String>,
}

impl Run<'_> {
    /// Seconds of one run, and its output. Stderr is thrown away (sudoku-lab names every
    /// puzzle with several solutions there) but still written: the cost is timed.
    fn once(&self) -> (f64, Vec<u8>) {
        let start = Instant::now();
        let out = Command::new(self.program)
            .args(&self.args)
            .stderr(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", self.program.display()));
        (start.elapsed().as_secs_f64(), out.stdout)
    }
}

/// The fastest of `runs` turns of every program (one run each per turn), in seconds, and the
/// output of each program's last run.
fn fastest(runs: usize, programs: &[Run<'_>]) -> Vec<(f64, Vec<u8>)> {
    let mut best: Vec<(f64, Vec<u8>)> = programs
        .iter()
        .map(|_| (f64::INFINITY, Vec::new()))
        .collect();
    for _ in 0..runs {
        for (run, best) in programs.iter().zip(&mut best) {
            let (seconds, output) = run.once();
            *best = (best.0.min(seconds), output);
        }
    }
    best
}

/// The lines of a program's output.
fn lines(output: &[u8]) -> Vec<&str> {
    std::str::from_utf8(output)
        .expect("UTF-8 output")
        .lines()
        .collect()
}

/// Holds sudoku-lab's output to the peer's: a count per line, the same numbers (sudoku-lab
/// adds `(solution limit reached)` to a count that stopped at the limit); a solution per line,
/// the same wherever the peer wrote one (it writes an empty line for a puzzle without a unique
/// solution, sudoku-lab the first solution).
fn check(name: &str, command: &str, ours: &[u8], peer: &[u8]) {
    let (ours, peer) = (lines(ours), lines(peer));
    assert_eq!(
        ours.len(),
        peer.len(),
        "{name} {command}: one line per puzzle"
    );
    for (i, (a, b)) in ours.iter().zip(&peer).enumerate() {
        let agree = if command == "count" {
            a.split(' ').next() == Some(*b)
        } else {
            b.is_empty() || a == b
        };
        assert!(
            agree,
            "{name} {command}, puzzle {}: {a:?} against {b:?}",
            i + 1
        );
    }
}

/// The first `n` puzzle lines of `file`, written to a file of their own for the smoke run.
fn first_puzzles(file: &Path, name: &str, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let head: String = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .map(|l| format!("{l}\n"))
        .collect();
    let path = std::env::temp_dir().join(format!(
        "sudoku-lab-cli-bench-{}-{name}",
        std::process::id()
    ));
    std::fs::write(&path, head).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path
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
    let baseline = std::env::var_os("CLI_BASELINE").map(PathBuf::from);
    let runs = match std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
    {
        _ if smoke => 1,
        Some(runs) if runs > 0 => runs,
        _ => 9,
    };
    let wanted = picked_sets(&[]);

    println!("Machine: {}; {}", machine(), today());
    println!(
        "Whole process, one thread, fastest of {runs} runs taken in turns, seconds (ours \
         validates every puzzle and verifies every answer; the peer does not){}:",
        if smoke {
            "; a smoke run, 100 puzzles a set"
        } else {
            ""
        }
    );
    println!();
    match &baseline {
        Some(path) => {
            println!("Baseline: {}", path.display());
            println!();
            println!("| file | puzzles | command | baseline | sudoku-lab | peer (sudoku 0.8) | baseline / peer | ours / peer |");
            println!("|---|---:|---|---:|---:|---:|---:|---:|");
        }
        None => {
            println!("| file | puzzles | command | sudoku-lab | peer (sudoku 0.8) | ours / peer |");
            println!("|---|---:|---|---:|---:|---:|");
        }
    }
    for (name, path) in BENCH9 {
        if !wanted(name) {
            continue;
        }
        let whole = data(path);
        let file = if smoke {
            first_puzzles(&whole, name, SMOKE_PUZZLES)
        } else {
            whole
        };
        let file_arg = file.to_str().expect("a UTF-8 path").to_string();
        let puzzles = std::fs::read_to_string(&file)
            .map(|t| t.lines().filter(|l| !l.trim().is_empty()).count())
            .unwrap_or(0);
        for (command, label, options) in [
            ("count", "count --limit 2", &["--limit", "2"][..]),
            ("solve", "solve", &[][..]),
        ] {
            let mut ours_args: Vec<String> = vec![command.to_string()];
            ours_args.extend(options.iter().map(|o| o.to_string()));
            ours_args.extend(["--threads".to_string(), "1".to_string(), file_arg.clone()]);
            let mut programs = vec![
                Run {
                    program: &ours,
                    args: ours_args.clone(),
                },
                Run {
                    program: &peer,
                    args: vec![command.to_string(), file_arg.clone()],
                },
            ];
            if let Some(baseline) = &baseline {
                programs.push(Run {
                    program: baseline,
                    args: ours_args,
                });
            }
            let timed = fastest(runs, &programs);
            let (a, b) = (timed[0].0, timed[1].0);
            check(name, command, &timed[0].1, &timed[1].1);
            match timed.get(2) {
                Some((c, output)) => {
                    assert_eq!(
                        output, &timed[0].1,
                        "{name} {label}: the baseline's output differs"
                    );
                    println!(
                        "| {name} | {puzzles} | {label} | {c:.3} | {a:.3} | {b:.3} | {:.2} | {:.2} |",
                        c / b,
                        a / b
                    );
                }
                None => println!(
                    "| {name} | {puzzles} | {label} | {a:.3} | {b:.3} | {:.2} |",
                    a / b
                ),
            }
        }
        if smoke {
            let _ = std::fs::remove_file(&file);
        }
    }
}
