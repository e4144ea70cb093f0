//! Shared by the solver tests: an answer verifier that trusts nothing in the library, the
//! corpus loader, and the grids puzzles are made from.
#![allow(dead_code)]

pub mod cli;

use std::path::PathBuf;

use proptest::prelude::{any, Just};
use proptest::strategy::Strategy as _;

use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::{Kind, Options, Outcome, Puzzle, Search, Silent, Strategy};

/// Block rows × block columns of every classic size, written out here rather than taken
/// from the library, so that verifying an answer also checks the library's geometry.
pub fn block_shape(size: usize) -> Option<(usize, usize)> {
    match size {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        8 => Some((2, 4)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        25 => Some((5, 5)),
        _ => None,
    }
}

/// Everything an answer must satisfy, in plain numbers: digits `1..=size`, givens kept,
/// rows, columns and (when there are blocks) blocks all-different, `answer[a] < answer[b]`
/// for every `(a, b)` in `less`. Cells are row-major indices.
#[derive(Clone, Debug)]
pub struct Rules {
    pub size: usize,
    pub block: Option<(usize, usize)>,
    pub givens: Vec<u8>,
    pub less: Vec<(usize, usize)>,
}

impl Rules {
    /// The rules of a library puzzle, read through its public fields only.
    pub fn of(puzzle: &Puzzle) -> Rules {
        let size = puzzle.size();
        let block = match puzzle.kind() {
            Kind::Futoshiki => None,
            Kind::Classic | Kind::Inequality => {
                Some(block_shape(size).expect("a classic size has a block shape"))
            }
        };
        let index = |c: sudoku_lab::Cell| c.row as usize * size + c.col as usize;
        Rules {
            size,
            block,
            givens: puzzle.givens().to_vec(),
            less: puzzle
                .relations()
                .iter()
                .map(|r| (index(r.smaller), index(r.larger)))
                .collect(),
        }
    }

    /// The first broken rule, in words; `Ok` for a valid answer.
    pub fn check(&self, answer: &[u8]) -> Result<(), String> {
        let n = self.size;
        if answer.len() != n * n {
            return Err(format!("{} cells instead of {}", answer.len(), n * n));
        }
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        for (i, &d) in answer.iter().enumerate() {
            if d == 0 || d as usize > n {
                return Err(format!("{} holds {d}, outside 1..={n}", name(i)));
            }
            let given = self.givens.get(i).copied().unwrap_or(0);
            if given != 0 && given != d {
                return Err(format!("{} is given {given} but holds {d}", name(i)));
            }
        }
        let mut houses: Vec<(String, Vec<usize>)> = Vec::new();
        for r in 0..n {
            houses.push((
                format!("row {}", r + 1),
                (0..n).map(|c| r * n + c).collect(),
            ));
        }
        for c in 0..n {
            houses.push((
                format!("column {}", c + 1),
                (0..n).map(|r| r * n + c).collect(),
            ));
        }
        if let Some((br, bc)) = self.block {
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    let cells = (top..top + br)
                        .flat_map(|r| (left..left + bc).map(move |c| r * n + c))
                        .collect();
                    houses.push((format!("the block at {}", name(top * n + left)), cells));
                }
            }
        }
        for (house, cells) in &houses {
            let mut seen = vec![None; n + 1];
            for &i in cells {
                let d = answer[i] as usize;
                if let Some(first) = seen[d] {
                    return Err(format!(
                        "{} and {} are both {d} in {house}",
                        name(first),
                        name(i)
                    ));
                }
                seen[d] = Some(i);
            }
        }
        for &(a, b) in &self.less {
            if answer[a] >= answer[b] {
                return Err(format!(
                    "{} < {} is broken: {} against {}",
                    name(a),
                    name(b),
                    answer[a],
                    answer[b]
                ));
            }
        }
        Ok(())
    }
}

/// Panics, naming `what`, unless `answer` solves `puzzle`.
pub fn assert_solves(puzzle: &Puzzle, answer: &[u8], what: &str) {
    if let Err(e) = Rules::of(puzzle).check(answer) {
        panic!("{what}: the answer is wrong: {e}\nanswer: {answer:?}\npuzzle: {puzzle:?}");
    }
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
    let mut search = Search::new(puzzle, options, Silent);
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
