//! The native twin of `benches/hints.mjs`: the page's hint (the library's `hint` and its
//! report at `reveal: step`, as JSON) from the same states — the start of each puzzle and the
//! state before every step rated 4.5 or more on the grade's path, the candidates of that state
//! being the player's pencil marks. Wall time on a shared machine swings; this program exists
//! so the slowest states can be found, and then counted under callgrind one at a time, and so
//! a change to the hint can be checked to give the same answer on every state.
//!
//!     hint_states times [--letters] FILE...     # per file: states, median, p99, the 8 slowest
//!     hint_states json [--letters] FILE...      # every state's hint, one JSON line each
//!     hint_states one [--letters] FILE K S      # state S (0-based) of puzzle K (1-based) only
//!     hint_states each [--letters] FILE K S     # that state's time in each technique tried
//!
//! `each` runs each technique five times through `try_technique`, which callgrind can count
//! one call at a time: `valgrind --tool=callgrind --dump-before=hint_states::try_technique`.
//!
//! FILE holds one puzzle a line (the first word of the line); `--letters` reads `A`–`P` as
//! the digits of 16×16 puzzles. `BENCH_HINT_PUZZLES` caps the puzzles a file, as it does for
//! `benches/hints.mjs` (400 there; here every puzzle unless set).

use std::time::Instant;

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::logic::{
    hint, solve_steps, Board, HintReport, PlayerState, Reveal, Technique, Techniques, MAX_STEPS,
};
use sudoku_lab::puzzle::Puzzle;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let letters = args.iter().any(|a| a == "--letters");
    args.retain(|a| a != "--letters");
    let usage = || -> ! {
        eprintln!(
            "usage: hint_states times|json [--letters] FILE... | one|each [--letters] FILE K S"
        );
        std::process::exit(2);
    };
    let Some(mode) = args.first().cloned() else {
        usage()
    };
    match mode.as_str() {
        "times" | "json" => {
            for file in &args[1..] {
                let puzzles = read(file, letters);
                if mode == "json" {
                    for (k, puzzle) in puzzles.iter().enumerate() {
                        for (s, state) in states(puzzle).iter().enumerate() {
                            println!("{} {s} {}", k + 1, report(puzzle, state));
                        }
                    }
                } else {
                    times(file, &puzzles);
                }
            }
        }
        "one" => {
            let (Some(file), Some(k), Some(s)) = (args.get(1), args.get(2), args.get(3)) else {
                usage()
            };
            let (k, s): (usize, usize) = (k.parse().unwrap(), s.parse().unwrap());
            let puzzle = &read(file, letters)[k - 1];
            let state = &states(puzzle)[s];
            // Only the hint is measured: the states were made before.
            println!("{}", report(puzzle, state));
        }
        "each" => {
            let (Some(file), Some(k), Some(s)) = (args.get(1), args.get(2), args.get(3)) else {
                usage()
            };
            let (k, s): (usize, usize) = (k.parse().unwrap(), s.parse().unwrap());
            let puzzle = &read(file, letters)[k - 1];
            each(puzzle, &states(puzzle)[s]);
        }
        _ => usage(),
    }
}

/// True when `technique` finds a step on `board`.
#[inline(never)]
fn try_technique(technique: Technique, board: &Board) -> bool {
    std::hint::black_box(technique.find(board)).is_some()
}

/// The time of each technique the hint tries on `state`, in its order, up to the one that
/// finds the step (the least of five runs each).
fn each(puzzle: &Puzzle, state: &PlayerState) {
    let Ok((_, board)) = hint(puzzle, state) else {
        return;
    };
    let allowed = Techniques::ALL.with_uniqueness();
    for t in Technique::ALL.into_iter().filter(|&t| allowed.contains(t)) {
        let mut found = false;
        let ms = (0..5)
            .map(|_| {
                let at = Instant::now();
                found = try_technique(t, &board);
                at.elapsed().as_secs_f64() * 1e3
            })
            .fold(f64::INFINITY, f64::min);
        println!("{ms:8.3} ms  {}", t.name());
        if found {
            break;
        }
    }
}

/// The puzzles of `file`, one a line.
fn read(file: &str, letters: bool) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let options = ReadOptions {
        kind: None,
        alphabet: letters.then_some(Alphabet::Letters),
    };
    let cap = std::env::var("BENCH_HINT_PUZZLES").map_or(usize::MAX, |v| v.parse().unwrap());
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.len() == 81 || w.len() == 256)
        .take(cap)
        .map(|w| {
            let entry = formats::read(w, Format::Line, options).next().unwrap();
            entry
                .unwrap_or_else(|e| panic!("{file}: {}", e.message))
                .puzzle
        })
        .collect()
}

/// The states `benches/hints.mjs` times on `puzzle`: the start, and before every later step
/// of the grade's path rated 4.5 or more.
fn states(puzzle: &Puzzle) -> Vec<PlayerState> {
    let Ok(mut board) = Board::new(puzzle) else {
        return Vec::new();
    };
    let mut out = vec![state_of(&board)];
    let mut i = 0;
    solve_steps(
        &mut board,
        Techniques::GRADED.with_uniqueness(),
        MAX_STEPS,
        |step, board| {
            if i > 0 && step.rating(board.size()) >= 45 {
                out.push(state_of(board));
            }
            i += 1;
        },
    );
    out
}

/// A player's state on `board`: its digits placed, its candidates as pencil marks.
fn state_of(board: &Board) -> PlayerState {
    // An open cell's candidates; none on a placed one.
    let marks = (0..board.cells())
        .map(|c| board.candidates(c) * u32::from(board.is_open(c)))
        .collect();
    PlayerState {
        entries: board.values().to_vec(),
        marks: Some(marks),
    }
}

/// What the page's hint returns from `state`, as JSON. Never inlined: callgrind counts it
/// alone with `--toggle-collect=hint_states::report`.
#[inline(never)]
fn report(puzzle: &Puzzle, state: &PlayerState) -> String {
    match hint(puzzle, state) {
        Ok((found, board)) => {
            serde_json::to_string(&HintReport::of(&found, &board, Reveal::Step)).unwrap()
        }
        Err(problem) => format!("error: {}", problem.message),
    }
}

/// The median, 99th percentile and slowest states of `puzzles`.
fn times(file: &str, puzzles: &[Puzzle]) {
    let mut timed: Vec<(f64, usize, usize)> = Vec::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        for (s, state) in states(puzzle).iter().enumerate() {
            // The least of five runs where one takes over a millisecond: the time the state
            // costs, without the time another process held the core.
            let once = || {
                let t = Instant::now();
                std::hint::black_box(report(puzzle, state));
                t.elapsed().as_secs_f64() * 1e3
            };
            let first = once();
            let ms = if first > 1.0 {
                (0..4).map(|_| once()).fold(first, f64::min)
            } else {
                first
            };
            timed.push((ms, k + 1, s));
        }
    }
    timed.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |q: f64| timed[((q * timed.len() as f64) as usize).min(timed.len() - 1)].0;
    println!(
        "{file}: {} states, median {:.2} ms, p99 {:.2} ms (least of 5 runs over 1 ms)",
        timed.len(),
        at(0.5),
        at(0.99)
    );
    for (ms, k, s) in timed.iter().rev().take(8) {
        println!("  {ms:8.2} ms  puzzle {k} state {s}");
    }
}
