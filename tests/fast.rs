//! The fast paths against the general engine: same status, same unique solution, same
//! count, on every 9×9 corpus (classic and inequality), on 25×25 puzzles, and on random
//! puzzles of every fast-path size — and every answer verified independently.

mod common;

use proptest::prelude::*;
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{solve_fast, Cell, Kind, Options, Outcome, Puzzle, Relation, Status};

fn corpus(path: &str, format: Format, step: usize) -> Vec<Puzzle> {
    common::puzzles(path, format)
        .into_iter()
        .step_by(step)
        .collect()
}

/// The fast path's first solution of `p`.
fn answer(p: &Puzzle) -> Vec<u8> {
    solve_fast(p, Options::default())
        .unwrap()
        .solutions
        .remove(0)
}

/// The first empty cell of `p`.
fn first_empty(p: &Puzzle) -> usize {
    p.givens().iter().position(|&g| g == 0).unwrap()
}

/// The cells of the givens of `p`, in order.
fn given_cells(p: &Puzzle) -> Vec<usize> {
    (0..p.givens().len())
        .filter(|&cell| p.givens()[cell] != 0)
        .collect()
}

/// `p` without the givens in `cells`.
fn without_givens(p: &Puzzle, cells: &[usize]) -> Puzzle {
    let mut givens = p.givens().to_vec();
    for &cell in cells {
        givens[cell] = 0;
    }
    Puzzle::classic(givens).unwrap()
}

/// `p` with `digit` given in `cell`, when that is still a valid puzzle (no given of the
/// cell's houses holds the digit).
fn with_digit(p: &Puzzle, cell: usize, digit: u8) -> Option<Puzzle> {
    let mut givens = p.givens().to_vec();
    givens[cell] = digit;
    let puzzle = Puzzle::classic(givens).unwrap();
    puzzle.validate().is_ok().then_some(puzzle)
}

#[test]
fn fast_path_agrees_on_the_poj3074_corpora() {
    for (path, step) in [
        ("poj3074/sample.in", 1),
        ("poj3074/acwing169_sample.in", 1),
        ("poj3074/norvig_easy50.in", 1),
        ("poj3074/norvig_top95.in", 1),
        ("poj3074/norvig_hardest.in", 1),
        ("poj3074/royle_sudoku17_first1000.in", 1),
        ("poj3074/royle_sudoku17_all.in", 97),
    ] {
        common::agree_fast_unique(path, &corpus(path, Format::Poj3074, step));
    }
}

#[test]
fn fast_path_agrees_on_the_bench9_sets() {
    for (path, step) in [
        ("bench9/puzzles2_17_clue", 491),
        ("bench9/puzzles3_magictour_top1465", 7),
        ("bench9/puzzles5_forum_hardest_1905_11+", 487),
        ("bench9/puzzles6_forum_hardest_1106", 3),
        ("bench9/kaggle3m_subset_puzzles", 29),
    ] {
        for (i, p) in corpus(path, Format::Line, step).iter().enumerate() {
            common::agree_fast(p, 2, &format!("{path} #{i}"));
        }
    }
}

#[test]
fn fast_path_counts_like_the_general_engine_on_multi_solution_puzzles() {
    // Every serg puzzle has two or more solutions: count them up to 200.
    for (i, p) in corpus("bench9/puzzles7_serg_benchmark", Format::Line, 250)
        .iter()
        .enumerate()
    {
        assert_eq!(
            common::agree_fast(p, 200, &format!("serg #{i}")),
            Status::Multiple
        );
    }
    // A 17-clue puzzle with a clue taken away has many solutions.
    for (i, p) in corpus("poj3074/royle_sudoku17_first1000.in", Format::Poj3074, 111)
        .iter()
        .enumerate()
    {
        let loose = without_givens(p, &given_cells(p)[..1]);
        common::agree_fast(&loose, 500, &format!("17-clue #{i} less a clue"));
    }
}

#[test]
fn fast_path_finds_no_solution_where_there_is_none() {
    for (i, p) in corpus("poj3074/norvig_top95.in", Format::Poj3074, 5)
        .iter()
        .enumerate()
    {
        // Put a wrong digit in the first empty cell: valid as a puzzle, unsolvable.
        let cell = first_empty(p);
        if let Some(wrong) = with_digit(p, cell, answer(p)[cell] % 9 + 1) {
            assert_eq!(
                common::agree_fast(&wrong, 2, &format!("top95 #{i} with a wrong digit")),
                Status::Unsolvable
            );
        }
    }
}

#[test]
fn fast_path_stops_at_the_limits() {
    let tight = Options {
        node_limit: 3,
        solution_limit: 1000,
        ..Options::default()
    };
    // The 9×9 path counts nodes; the 25×25 path's probes count as work too.
    let nodes: fn(&Outcome) -> u64 = |o| o.stats.nodes;
    let work: fn(&Outcome) -> u64 = |o| o.stats.work();
    for (size, spent) in [(9, nodes), (25, work)] {
        let empty = Puzzle::classic(vec![0; size * size]).unwrap();
        let first = solve_fast(&empty, common::limit(1)).unwrap();
        assert_eq!(first.status, Status::Solved, "{size}×{size}");
        let outcome = solve_fast(&empty, tight).unwrap();
        assert_eq!(outcome.status, Status::LimitReached, "{size}×{size}");
        assert!(spent(&outcome) <= 3, "{size}×{size}");
    }
    let latin = Puzzle::new(Kind::Futoshiki, 9, vec![0; 81], vec![]).unwrap();
    assert!(
        solve_fast(&latin, Options::default()).is_none(),
        "no fast path for a grid without blocks"
    );
}

#[test]
fn fast_path_agrees_on_25x25_puzzles() {
    // Eight of the generator's (`generate --size 25 --seed 11`), settled by probing at the
    // root, and a minimal one with 7 of its solution's digits given back, which branches.
    let mut puzzles = common::fixture("classic25-generated-seed11.txt");
    puzzles.extend(common::fixture("twenty-five-hard.line"));
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(
            common::agree_fast(p, 2, &format!("25×25 #{i}")),
            Status::Unique
        );
        // One wrong digit in the first empty cell: valid, and no solution.
        let cell = first_empty(p);
        let right = answer(p)[cell];
        for wrong in (1..=25).filter(|&d| d != right) {
            if let Some(puzzle) = with_digit(p, cell, wrong) {
                let what = format!("25×25 #{i} with {wrong} in its first empty cell");
                assert_eq!(common::agree_fast(&puzzle, 2, &what), Status::Unsolvable);
                break;
            }
        }
        // The last two givens taken away: count the solutions to 50.
        let cells = given_cells(p);
        let loose = without_givens(p, &cells[cells.len() - 2..]);
        common::agree_fast(&loose, 50, &format!("25×25 #{i} less two givens"));
    }
}

/// Puzzle `index` (from 0) of `benches/data/hard/tail25-random-tuned.txt`: random 25×25
/// grids with many solutions where a search without restarts got lost before its first.
fn tail25(index: usize) -> Puzzle {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/hard/tail25-random-tuned.txt"
    );
    let text = std::fs::read_to_string(path).expect("the tail25 set");
    let line = text.lines().nth(index).expect("a puzzle at that line");
    let options = ReadOptions {
        alphabet: Some(Alphabet::Letters),
        ..ReadOptions::default()
    };
    let entry = formats::read(line, Format::Line, options)
        .next()
        .expect("one puzzle");
    entry.expect("it reads").puzzle
}

/// Finds one solution of `puzzle` within `work` (nodes and probes) by `solve` (the fast path)
/// or the general engine, and checks it.
fn solved_within(puzzle: &Puzzle, work: u64, fast: bool, what: &str) {
    let options = Options {
        solution_limit: 1,
        node_limit: work,
        ..Options::default()
    };
    let outcome = if fast {
        solve_fast(puzzle, options).expect("a fast path applies")
    } else {
        common::solve_with(puzzle, options)
    };
    assert_eq!(
        outcome.status,
        Status::Solved,
        "{what}: {:?}",
        outcome.stats
    );
    common::assert_solves(puzzle, outcome.solution().unwrap(), what);
}

/// Restarts (src/search/restarts.rs) get a search out of a subtree without solutions that a
/// bad early choice led it into, and the general engine's turns beside the 25×25 fast path
/// settle a grid where the fast path is lost and the general engine is not. Work to find a
/// solution of each, without / with (benches/data/hard/README.md):
/// - #32, #59: `propagate` more than 2,000,000 / 33,909 and 15,189 (its restarts);
/// - #30: the fast path more than 3,000,000 / 1,290,139 (its restarts);
/// - #53: the fast path 385,162 / 65,882 (the general engine beside it needs 161).
#[test]
fn restarts_and_turns_cut_the_heavy_tails_of_random_25x25_grids() {
    solved_within(&tail25(32), 100_000, false, "tail25 #32, propagate");
    solved_within(&tail25(59), 100_000, false, "tail25 #59, propagate");
    solved_within(&tail25(30), 1_400_000, true, "tail25 #30, fast path");
    solved_within(&tail25(53), 80_000, true, "tail25 #53, fast path");
}

#[test]
fn fast_path_agrees_on_the_cqoi_inequality_puzzles() {
    let mut files: Vec<String> = ["sample1.in", "sample2.in", "sample1_spaced_layout.in"]
        .map(|f| format!("cqoi2013/{f}"))
        .into();
    for dir in ["unique", "multi"] {
        let full = format!(
            "{}/../shared/data/cqoi2013/derived/{dir}",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut names: Vec<String> = std::fs::read_dir(&full)
            .unwrap_or_else(|e| panic!("{full}: {e}"))
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".in"))
            .collect();
        names.sort();
        files.extend(
            names
                .into_iter()
                .map(|n| format!("cqoi2013/derived/{dir}/{n}")),
        );
    }
    assert!(files.len() > 250, "the derived sets are there");
    let (mut unique, mut multiple) = (0, 0);
    for path in &files {
        for p in corpus(path, Format::Cqoi, 1) {
            assert_eq!(p.kind(), Kind::Inequality);
            match common::agree_fast(&p, 20, path) {
                Status::Unique => unique += 1,
                Status::Multiple => multiple += 1,
                other => panic!("{path}: {other:?}"),
            }
        }
    }
    assert!(
        unique > 200 && multiple >= 50,
        "{unique} unique, {multiple} multiple"
    );
}

#[test]
fn fast_path_finds_contradictory_relations() {
    // r1c1 < r1c2 and r1c2 < r1c1: no grid satisfies both.
    let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
    let both = vec![Relation::new(a, true, b), Relation::new(b, true, a)];
    let puzzle = Puzzle::new(Kind::Inequality, 9, vec![0; 81], both).unwrap();
    assert_eq!(
        solve_fast(&puzzle, Options::default()).unwrap().status,
        Status::Unsolvable
    );
    // A chain of nine increasing cells down a column fixes it to 1..9.
    let chain = (0..8)
        .map(|r| Relation::new(Cell::new(r, 4), true, Cell::new(r + 1, 4)))
        .collect();
    let puzzle = Puzzle::new(Kind::Inequality, 9, vec![0; 81], chain).unwrap();
    let outcome = solve_fast(&puzzle, Options::default()).unwrap();
    assert_eq!(outcome.status, Status::Multiple);
    for s in &outcome.solutions {
        let column: Vec<u8> = (0..9).map(|r| s[r * 9 + 4]).collect();
        assert_eq!(column, (1..=9).collect::<Vec<u8>>());
    }
}

/// The work (nodes and probes) each search of a random puzzle may spend.
const RANDOM_WORK: u64 = 200_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(280))]

    /// The classic fast paths, 9×9 (200 cases), 16×16 (64) and 25×25 (16), against the
    /// general engine.
    #[test]
    fn fast_paths_agree_on_random_puzzles(
        puzzle in prop_oneof![
            200 => common::thinned_puzzle(9, 15..60),
            64 => common::thinned_puzzle(16, 5..80),
            16 => common::thinned_puzzle(25, 40..95),
        ]
    ) {
        let limit = match puzzle.size() {
            9 => 20,
            16 => 5,
            _ => 3,
        };
        // A bound on the work, not the default ten million nodes: about one random 25×25
        // puzzle in a hundred met a heavy tail in one search or the other before restarts
        // (benches/data/hard/README.md).
        let status = common::agree_fast_within(&puzzle, limit, RANDOM_WORK, "random");
        prop_assert!(status.has_solution() || status == Status::LimitReached);
    }
}

/// Every relation between horizontally or vertically adjacent cells of `grid`, as it holds
/// there (`keep` picks which), and — when `flip` picks any — some turned the wrong way.
fn relations_of(grid: &[u8], keep: &[u8], flip: &[u8], density: u8) -> Vec<Relation> {
    let mut relations = Vec::new();
    let mut k = 0;
    for r in 0..9 {
        for c in 0..9 {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 == 9 || c2 == 9 {
                    continue;
                }
                k += 1;
                if keep[k % keep.len()] >= density {
                    continue;
                }
                let (a, b) = (Cell::new(r, c), Cell::new(r2, c2));
                let less = grid[r * 9 + c] < grid[r2 * 9 + c2];
                relations.push(Relation::new(a, less ^ (flip[k % flip.len()] == 0), b));
            }
        }
    }
    relations
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fast_path_agrees_on_random_inequality_puzzles(
        grid in common::classic_grid(9),
        givens_kept in proptest::collection::vec(0u8..100, 81),
        given_density in 0u8..25,
        relations_kept in proptest::collection::vec(0u8..100, 144),
        relation_density in 20u8..101,
        flip in proptest::collection::vec(0u8..40, 1..4),
    ) {
        let givens = common::thinned(&grid, &givens_kept, given_density);
        // Mostly true relations (the grid solves the puzzle); sometimes one is flipped.
        let relations = relations_of(&grid, &relations_kept, &flip, relation_density);
        let puzzle = Puzzle::new(Kind::Inequality, 9, givens, relations).unwrap();
        if puzzle.validate().is_ok() {
            common::agree_fast(&puzzle, 20, "random inequality");
        }
    }
}
