//! Shared by the solver tests: an answer verifier that trusts nothing in the library, the
//! corpus loader, the grids puzzles are made from, a placements-level replay check, and the
//! events of a trace counted against its statistics.
#![allow(dead_code)]

pub mod cli;
pub mod event_counts;
pub mod placed;
pub mod reading;
pub mod replay;
pub mod rules;
pub mod solving;

pub use rules::{block_shape, Rules};

use std::path::PathBuf;

use proptest::prelude::{any, Just};
use proptest::strategy::Strategy as _;

use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::{
    solve_fast, Kind, Options, Outcome, Propagate, Puzzle, Search, Silent, Status, Strategy,
};

/// Wikipedia's example puzzle (singles solve it), one line.
pub const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
/// Its solution.
pub const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Panics, naming `what`, unless `answer` solves `puzzle`.
pub fn assert_solves(puzzle: &Puzzle, answer: &[u8], what: &str) {
    if let Err(e) = Rules::of(puzzle).check(answer) {
        panic!("{what}: the answer is wrong: {e}\nanswer: {answer:?}\npuzzle: {puzzle:?}");
    }
}

/// The fast path and the general engine agree on `puzzle` with `limit` solutions: the same
/// status and count, the same solution when it is unique, the solutions it keeps (at most
/// two, distinct) each verified by the rules; returns the status. `what` names the puzzle.
pub fn agree_fast(puzzle: &Puzzle, limit: u64, what: &str) -> Status {
    let options = Options {
        solution_limit: limit,
        ..Options::default()
    };
    let fast = solve_fast(puzzle, options).unwrap_or_else(|| panic!("{what}: no fast path"));
    assert_agree(&fast, &solve_with(puzzle, options), what);
    assert_eq!(
        fast.solutions.len() as u64,
        fast.stats.solutions.min(2),
        "{what}: kept solutions"
    );
    for s in &fast.solutions {
        assert_solves(puzzle, s, what);
    }
    if fast.solutions.len() == 2 {
        assert_ne!(fast.solutions[0], fast.solutions[1], "{what}");
    }
    fast.status
}

/// [`agree_fast`] with at most `work` nodes and probes for each search, for random puzzles
/// where either search may meet a heavy tail (a debug build runs tens of thousands of nodes
/// a second, so an unbounded one could hold up the suite for hours). When both searches
/// finish they agree in full; when one stops at the node limit, the other's answer stands,
/// checked on its own: every solution either kept solves the puzzle, and the stopped one
/// found no more solutions than the finished one counted.
pub fn agree_fast_within(puzzle: &Puzzle, limit: u64, work: u64, what: &str) -> Status {
    let options = Options {
        solution_limit: limit,
        node_limit: work,
        ..Options::default()
    };
    let fast = solve_fast(puzzle, options).unwrap_or_else(|| panic!("{what}: no fast path"));
    let general = solve_with(puzzle, options);
    for outcome in [&fast, &general] {
        for s in &outcome.solutions {
            assert_solves(puzzle, s, what);
        }
        if outcome.solutions.len() == 2 {
            assert_ne!(outcome.solutions[0], outcome.solutions[1], "{what}");
        }
    }
    match (fast.status, general.status) {
        (Status::LimitReached, Status::LimitReached) => {}
        (Status::LimitReached, _) => {
            assert!(
                fast.stats.solutions <= general.stats.solutions,
                "{what}: fast path"
            );
        }
        (_, Status::LimitReached) => {
            assert!(
                general.stats.solutions <= fast.stats.solutions,
                "{what}: general"
            );
        }
        _ => assert_agree(&fast, &general, what),
    }
    if fast.status == Status::LimitReached {
        general.status
    } else {
        fast.status
    }
}

/// Two searches of one puzzle agree: the same status, the same number of solutions, and the
/// same solution when it is unique. `what` names the puzzle and the searches.
pub fn assert_agree(ours: &Outcome, theirs: &Outcome, what: &str) {
    assert_eq!(ours.status, theirs.status, "{what}: status");
    assert_eq!(
        ours.stats.solutions, theirs.stats.solutions,
        "{what}: a different number of solutions"
    );
    if ours.status == Status::Unique {
        assert_eq!(ours.solutions, theirs.solutions, "{what}: the solution");
    }
}

/// [`agree_fast`] on each of `puzzles`, read from the file `path`: each has one solution.
pub fn agree_fast_unique(path: &str, puzzles: &[Puzzle]) {
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(agree_fast(p, 2, &format!("{path} #{i}")), Status::Unique);
    }
}

/// The text of `tests/fixtures/{name}`.
pub fn fixture_text(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The puzzles of a fixture file in `tests/fixtures`, one line each.
pub fn fixture(name: &str) -> Vec<Puzzle> {
    formats::read(&fixture_text(name), Format::Line, ReadOptions::default())
        .map(|e| e.expect("the fixture reads").puzzle)
        .collect()
}

/// A path inside the shared data directory.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path)
}

/// The text of a shared data file (invalid UTF-8 replaced, as the CLI does).
pub fn load(path: &str) -> String {
    let p = data(path);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every puzzle of a shared data file.
pub fn puzzles(path: &str, format: Format) -> Vec<Puzzle> {
    formats::read(&load(path), format, ReadOptions::default())
        .map(|entry| entry.unwrap_or_else(|e| panic!("{path}:{e}")).puzzle)
        .collect()
}

/// The answers of a judge output file: rows of digits (`527389416…`), of letters
/// (`FPAH…`, `A` = 1) or of space-separated numbers (`6 9 3 …`), N rows of N per answer.
pub fn answers(path: &str) -> Vec<Vec<u8>> {
    let text = load(path);
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let row: Vec<u8> = if line.contains(char::is_whitespace) {
            line.split_whitespace()
                .map(|t| t.parse().unwrap_or_else(|_| panic!("{path}: {t:?}")))
                .collect()
        } else {
            line.chars()
                .map(|ch| match ch {
                    '1'..='9' => ch as u8 - b'0',
                    'A'..='Y' => ch as u8 - b'A' + 1,
                    _ => panic!("{path}: unexpected {ch:?} in {line:?}"),
                })
                .collect()
        };
        rows.push(row);
    }
    // A row longer than the largest size is a whole grid on one line; otherwise a grid is
    // as many rows as a row is long.
    let mut found = Vec::new();
    let mut at = 0;
    while at < rows.len() {
        let width = rows[at].len();
        let take = if width > 25 { 1 } else { width };
        assert!(at + take <= rows.len(), "{path}: a grid is cut short");
        found.push(rows[at..at + take].concat());
        at += take;
    }
    found
}

/// The rows of `MANIFEST.tsv` whose input starts with `prefix`: (mode, input, expected).
pub fn manifest(prefix: &str) -> Vec<(String, String, String)> {
    load("MANIFEST.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .filter(|(_, input, _)| input.starts_with(prefix))
        .collect()
}

/// Runs a fresh search to the end.
pub fn solve_with(puzzle: &Puzzle, options: Options) -> Outcome {
    let mut search = Propagate::new(puzzle, options, Silent);
    search.run();
    search.outcome()
}

/// Options with a solution limit and otherwise the defaults.
pub fn limit(solution_limit: u64) -> Options {
    Options {
        solution_limit,
        ..Options::default()
    }
}

/// Options with a fixed strategy and a solution limit.
pub fn with_strategy(strategy: Strategy, solution_limit: u64) -> Options {
    Options {
        solution_limit,
        strategy: Some(strategy),
        ..Options::default()
    }
}

/// A solved classic grid by construction: `d(r, c) = (bc·(r mod br) + ⌊r / br⌋ + c) mod N + 1`.
/// Each row is the one above shifted by `bc` (by one more at a band boundary), so rows,
/// columns and blocks all hold every digit once.
pub fn pattern_grid(size: usize, (br, bc): (usize, usize)) -> Vec<u8> {
    (0..size * size)
        .map(|i| {
            let (r, c) = (i / size, i % size);
            ((bc * (r % br) + r / br + c) % size + 1) as u8
        })
        .collect()
}

/// A Latin square by construction: `d(r, c) = (r + c) mod N + 1`.
pub fn cyclic_grid(size: usize) -> Vec<u8> {
    (0..size * size)
        .map(|i| ((i / size + i % size) % size + 1) as u8)
        .collect()
}

/// A classic puzzle from row-major givens (0 = empty).
pub fn classic_puzzle(size: usize, givens: Vec<u8>) -> Puzzle {
    Puzzle::new(Kind::Classic, size, givens, Vec::new()).expect("a well-formed classic puzzle")
}

/// The digits of a solved grid whose `keep` byte is below `density`, 0 elsewhere.
pub fn thinned(grid: &[u8], keep: &[u8], density: u8) -> Vec<u8> {
    grid.iter()
        .zip(keep)
        .map(|(&d, &k)| if k < density { d } else { 0 })
        .collect()
}

/// A classic puzzle of `size` with a solution: a random solved grid thinned to about
/// `density` percent of its digits (a keep byte in `0..100` per cell).
pub fn thinned_puzzle(
    size: usize,
    density: std::ops::Range<u8>,
) -> impl proptest::strategy::Strategy<Value = Puzzle> {
    (
        classic_grid(size),
        proptest::collection::vec(0u8..100, size * size),
        density,
    )
        .prop_map(|(grid, keep, density)| {
            Puzzle::classic(thinned(&grid, &keep, density)).expect("a well-formed puzzle")
        })
}

/// A random permutation of `0..n`.
pub fn permutation(n: usize) -> impl proptest::strategy::Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// A solved classic grid: the pattern grid with its digits relabelled, its bands and the
/// rows inside each band reordered, its stacks and the columns inside each stack reordered,
/// and (square blocks only) perhaps transposed. Each of these maps a solved grid to another.
pub fn classic_grid(size: usize) -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    let (br, bc) = block_shape(size).expect("a classic size");
    let (bands, stacks) = (size / br, size / bc);
    (
        permutation(size),
        permutation(bands),
        proptest::collection::vec(permutation(br), bands),
        permutation(stacks),
        proptest::collection::vec(permutation(bc), stacks),
        any::<bool>(),
    )
        .prop_map(
            move |(digits, band_order, row_orders, stack_order, col_orders, transpose)| {
                let base = pattern_grid(size, (br, bc));
                let row = |i: usize| {
                    let band = band_order[i / br];
                    band * br + row_orders[band][i % br]
                };
                let col = |j: usize| {
                    let stack = stack_order[j / bc];
                    stack * bc + col_orders[stack][j % bc]
                };
                (0..size * size)
                    .map(|k| {
                        let (i, j) = (k / size, k % size);
                        let (i, j) = if transpose && br == bc {
                            (j, i)
                        } else {
                            (i, j)
                        };
                        digits[base[row(i) * size + col(j)] as usize - 1] as u8 + 1
                    })
                    .collect()
            },
        )
}

/// Every pair of orthogonal neighbours `(left or upper, right or lower)`, row-major indices,
/// in reading order of their first cell, the right neighbour first.
pub fn adjacent_pairs(size: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..size * size {
        if i % size + 1 < size {
            pairs.push((i, i + 1));
        }
        if i / size + 1 < size {
            pairs.push((i, i + size));
        }
    }
    pairs
}

/// A small deterministic generator (xorshift64*, from a nonzero seed), so generated puzzles
/// are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
