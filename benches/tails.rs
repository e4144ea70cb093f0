//! Heavy tails: puzzles without a solution that nothing in them says so at once. Each is a
//! published puzzle with one wrong given (a digit no given of its houses holds, but not the
//! solution's: the puzzle is valid and unsolvable), added to an empty cell ("+1") or put in
//! place of a given ("changed": as few clues as the source, the contradiction deep), plus
//! Norvig's "impossible" puzzle.
//! Per puzzle, the fast path's time and nodes beside the general engine's (`propagate`),
//! counting to 2; per set the worst and median ratio fast / propagate, with the puzzle that
//! gives the worst. The sets' first halves were looked at while choosing the fast paths'
//! hand-over ("tuned"); the second halves were not ("held out").
//!
//! Run with `make bench` (or `cargo bench --bench tails`); `BENCH_SETS=1106` picks sets by a
//! part of their name. Under `cargo test --all-targets` it makes a smoke run of one set.

mod common;

use common::{fastest, picked_sets, print_machine, read_puzzles};

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{solve_fast, solve_with, EngineKind, Options, Puzzle, Status};

/// Norvig's "impossible" puzzle (norvig.com/sudoku.html): valid, no solution.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

/// A small deterministic generator (the sets are the same every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// How a puzzle is made wrong: a given added to an empty cell, or a given changed (fewer
/// clues: the contradiction lies deeper, as in Norvig's puzzle).
#[derive(Clone, Copy, PartialEq)]
enum Wrong {
    Added,
    Changed,
}

/// `puzzle` with one wrong given: a cell (empty, or a given for [`Wrong::Changed`]) gets a
/// digit none of its peers' givens holds, other than the solution's. None when the puzzle has
/// no unique solution.
fn with_wrong_given(puzzle: &Puzzle, how: Wrong, rng: &mut Lcg) -> Option<Puzzle> {
    let options = Options {
        solution_limit: 2,
        ..Options::default()
    };
    let outcome = solve_with(EngineKind::Propagate, puzzle, options).ok()?;
    if outcome.status != Status::Unique {
        return None;
    }
    let solution = outcome.solution()?.to_vec();
    let g = puzzle.geometry();
    let n = puzzle.size();
    let givens = puzzle.givens();
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| (givens[c] == 0) == (how == Wrong::Added))
        .collect();
    for _ in 0..64 {
        let cell = cells[rng.below(cells.len())];
        let mut free: Vec<u8> = (1..=n as u8)
            .filter(|&d| d != solution[cell])
            .filter(|&d| g.peers(cell).iter().all(|&p| givens[p as usize] != d))
            .collect();
        if free.is_empty() {
            continue;
        }
        let digit = free.swap_remove(rng.below(free.len()));
        let mut next = givens.to_vec();
        next[cell] = digit;
        let wrong = Puzzle::classic(next).ok()?;
        if wrong.validate().is_ok() {
            return Some(wrong);
        }
    }
    None
}

struct Row {
    index: usize,
    fast_s: f64,
    fast_nodes: u64,
    general_s: f64,
    general_nodes: u64,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.fast_s / self.general_s.max(1e-9)
    }
}

fn measure(puzzles: &[Puzzle], runs: usize) -> Vec<Row> {
    let options = Options {
        solution_limit: 2,
        ..Options::default()
    };
    puzzles
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let (fast_s, fast) = fastest(runs, || {
                solve_fast(p, options).expect("a fast path applies")
            });
            let (general_s, general) = fastest(runs, || {
                solve_with(EngineKind::Propagate, p, options).expect("valid")
            });
            assert_eq!(
                fast.status, general.status,
                "puzzle {index}: the paths agree"
            );
            assert_eq!(
                fast.stats.solutions, general.stats.solutions,
                "puzzle {index}"
            );
            Row {
                index,
                fast_s,
                fast_nodes: fast.stats.nodes,
                general_s,
                general_nodes: general.stats.nodes,
            }
        })
        .collect()
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let wanted = picked_sets(if smoke { &["impossible"] } else { &[] });
    let per_set = if smoke { 4 } else { 200 };
    let runs = if smoke { 1 } else { 3 };
    print_machine();
    println!("Unsolvable puzzles: one wrong given added to {per_set} puzzles of each set (tuned: the first half of them; held out: the second), and random 25×25 grids with many solutions where a search got lost; counting to 2, fastest of {runs} runs. Ratio = fast path time / propagate time.");
    println!();
    println!("| set | part | puzzles | fast median µs | fast worst µs | propagate median µs | median ratio | worst ratio (puzzle: fast / propagate nodes) |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    // Each set with the number of its tuned puzzles (the rest are held out).
    let mut sets: Vec<(&str, Vec<Puzzle>, usize)> = Vec::new();
    if wanted("impossible") {
        let p = formats::read(IMPOSSIBLE, Format::Line, ReadOptions::default())
            .next()
            .unwrap()
            .unwrap()
            .puzzle;
        sets.push(("norvig_impossible", vec![p], 1));
    }
    for (name, path, alphabet, how) in [
        (
            "top1465 +1",
            "bench9/puzzles3_magictour_top1465",
            None,
            Wrong::Added,
        ),
        (
            "forum_hardest_1106 +1",
            "bench9/puzzles6_forum_hardest_1106",
            None,
            Wrong::Added,
        ),
        (
            "17_clue changed",
            "bench9/puzzles2_17_clue",
            None,
            Wrong::Changed,
        ),
        (
            "top1465 changed",
            "bench9/puzzles3_magictour_top1465",
            None,
            Wrong::Changed,
        ),
        (
            "forum_hardest_1905_11+ changed",
            "bench9/puzzles5_forum_hardest_1905_11+",
            None,
            Wrong::Changed,
        ),
        (
            "kaggle3m_subset +1",
            "bench9/kaggle3m_subset_puzzles",
            None,
            Wrong::Added,
        ),
        (
            "sixteen/public_120 +1",
            "sixteen/public_120_AP.txt",
            Some(Alphabet::Letters),
            Wrong::Added,
        ),
        (
            "sixteen/public_120 changed",
            "sixteen/public_120_AP.txt",
            Some(Alphabet::Letters),
            Wrong::Changed,
        ),
        (
            "sixteen/generated_200 changed",
            "sixteen/generated_200_AP.txt",
            Some(Alphabet::Letters),
            Wrong::Changed,
        ),
    ] {
        if !wanted(name) {
            continue;
        }
        let mut rng = Lcg(0x5eed ^ name.len() as u64);
        let source = read_puzzles(&format!("../shared/data/{path}"), Format::Line, alphabet);
        // Spread over the file, not its first lines only.
        let step = (source.len() / per_set).max(1);
        let wrong: Vec<Puzzle> = source
            .iter()
            .step_by(step)
            .filter_map(|p| with_wrong_given(p, how, &mut rng))
            .take(per_set)
            .collect();
        let tuned = wrong.len().div_ceil(2);
        sets.push((name, wrong, tuned));
    }
    // Solvable puzzles with many solutions where a search without restarts got lost before
    // its first solution (benches/data/hard/README.md): the tuned part chose the restarts.
    if wanted("tail25") {
        let read = |part: &str| {
            let path = format!("benches/data/hard/tail25-random-{part}.txt");
            read_puzzles(&path, Format::Line, Some(Alphabet::Letters))
        };
        let mut puzzles = read("tuned");
        let tuned = puzzles.len();
        puzzles.extend(read("held-out"));
        sets.push(("tail25-random (many solutions)", puzzles, tuned));
    }
    let mut worst_all = (0.0f64, String::new());
    for (name, puzzles, tuned) in &sets {
        let rows = measure(puzzles, runs);
        let parts: Vec<(&str, &[Row])> = if rows.len() > 1 {
            vec![("tuned", &rows[..*tuned]), ("held out", &rows[*tuned..])]
        } else {
            vec![("all", &rows[..])]
        };
        for (part, rows) in parts {
            if rows.is_empty() {
                continue;
            }
            let mut ratios: Vec<f64> = rows.iter().map(Row::ratio).collect();
            ratios.sort_by(f64::total_cmp);
            let median = |mut v: Vec<f64>| {
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            let worst = rows
                .iter()
                .max_by(|a, b| a.ratio().total_cmp(&b.ratio()))
                .unwrap();
            let fast_worst = rows.iter().map(|r| r.fast_s).fold(0.0, f64::max);
            println!(
                "| {name} | {part} | {} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} (#{}: {} / {}) |",
                rows.len(),
                median(rows.iter().map(|r| r.fast_s * 1e6).collect()),
                fast_worst * 1e6,
                median(rows.iter().map(|r| r.general_s * 1e6).collect()),
                ratios[ratios.len() / 2],
                worst.ratio(),
                worst.index,
                worst.fast_nodes,
                worst.general_nodes,
            );
            // TAILS_DUMP=1: the worst puzzle's line, to look at it with the CLI.
            if std::env::var_os("TAILS_DUMP").is_some() {
                let line: String = puzzles[worst.index]
                    .givens()
                    .iter()
                    .map(|&d| match d {
                        0 => '.',
                        d if puzzles[worst.index].size() > 9 => (b'A' + d - 1) as char,
                        d => (b'0' + d) as char,
                    })
                    .collect();
                eprintln!("{name} {part} worst: {line}");
            }
            if worst.ratio() > worst_all.0 {
                worst_all = (worst.ratio(), format!("{name} #{}", worst.index));
            }
        }
    }
    println!();
    println!(
        "worst ratio fast / propagate: {:.2} ({})",
        worst_all.0, worst_all.1
    );
}
