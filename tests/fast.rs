//! The 9×9 fast path against the general engine: same status, same unique solution, same
//! count, on every 9×9 corpus and on random puzzles — and every answer verified independently.

mod common;

use proptest::prelude::*;
use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::{solve_fast, Options, Puzzle, Search, Silent, Status};

fn corpus(path: &str, format: Format, step: usize) -> Vec<Puzzle> {
    let full = format!("{}/../shared/data/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    formats::read(&text, format, ReadOptions::default())
        .step_by(step)
        .map(|e| e.unwrap().puzzle)
        .collect()
}

/// Fast and general agree on `puzzle` with `limit` solutions; returns the status.
fn agree(puzzle: &Puzzle, limit: u64, what: &str) -> Status {
    let options = Options {
        solution_limit: limit,
        ..Options::default()
    };
    let fast = solve_fast(puzzle, options).expect("a 9×9 classic puzzle takes the fast path");
    let mut general = Search::new(puzzle, options, Silent);
    let status = general.run();
    assert_eq!(fast.status, status, "{what}");
    assert_eq!(
        fast.stats.solutions,
        general.stats().solutions,
        "{what}: counts"
    );
    if status == Status::Unique {
        assert_eq!(fast.solutions, general.solutions(), "{what}");
    }
    for s in &fast.solutions {
        common::Rules::of(puzzle)
            .check(s)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
    }
    if fast.solutions.len() == 2 {
        assert_ne!(fast.solutions[0], fast.solutions[1], "{what}");
    }
    status
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
        for (i, p) in corpus(path, Format::Poj3074, step).iter().enumerate() {
            assert_eq!(agree(p, 2, &format!("{path} #{i}")), Status::Unique);
        }
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
            agree(p, 2, &format!("{path} #{i}"));
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
        assert_eq!(agree(p, 200, &format!("serg #{i}")), Status::Multiple);
    }
    // A 17-clue puzzle with a clue taken away has many solutions.
    for (i, p) in corpus("poj3074/royle_sudoku17_first1000.in", Format::Poj3074, 111)
        .iter()
        .enumerate()
    {
        let mut givens = p.givens().to_vec();
        let first = givens.iter().position(|&g| g != 0).unwrap();
        givens[first] = 0;
        let loose = Puzzle::classic(givens).unwrap();
        agree(&loose, 500, &format!("17-clue #{i} less a clue"));
    }
}

#[test]
fn fast_path_finds_no_solution_where_there_is_none() {
    for (i, p) in corpus("poj3074/norvig_top95.in", Format::Poj3074, 5)
        .iter()
        .enumerate()
    {
        // Put a wrong digit in the first empty cell: valid as a puzzle, unsolvable.
        let mut fast = solve_fast(p, Options::default()).unwrap();
        let answer = fast.solutions.remove(0);
        let mut givens = p.givens().to_vec();
        let cell = givens.iter().position(|&g| g == 0).unwrap();
        givens[cell] = answer[cell] % 9 + 1;
        let wrong = Puzzle::classic(givens).unwrap();
        if wrong.validate().is_ok() {
            assert_eq!(
                agree(&wrong, 2, &format!("top95 #{i} with a wrong digit")),
                Status::Unsolvable
            );
        }
    }
}

#[test]
fn fast_path_stops_at_the_limits() {
    let empty = Puzzle::classic(vec![0; 81]).unwrap();
    let first = Options {
        solution_limit: 1,
        ..Options::default()
    };
    assert_eq!(solve_fast(&empty, first).unwrap().status, Status::Solved);
    let tight = Options {
        node_limit: 3,
        solution_limit: 1000,
        ..Options::default()
    };
    let outcome = solve_fast(&empty, tight).unwrap();
    assert_eq!(outcome.status, Status::LimitReached);
    assert!(outcome.stats.nodes <= 3);
    let sixteen = Puzzle::classic(vec![0; 256]).unwrap();
    assert!(solve_fast(&sixteen, Options::default()).is_none());
}

/// A solved 9×9 grid: the pattern grid with its digits permuted and its rows permuted
/// within bands.
fn solved_grid() -> impl Strategy<Value = Vec<u8>> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        proptest::collection::vec(Just([0usize, 1, 2]).prop_shuffle(), 3),
    )
        .prop_map(|(digits, rows)| {
            let pattern = common::pattern_grid(9, (3, 3));
            (0..81)
                .map(|i| {
                    let (r, c) = (i / 9, i % 9);
                    let source = r / 3 * 3 + rows[r / 3][r % 3];
                    digits[pattern[source * 9 + c] as usize - 1]
                })
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fast_path_agrees_on_random_puzzles(
        grid in solved_grid(),
        keep in proptest::collection::vec(0u8..100, 81),
        density in 15u8..60,
    ) {
        let givens: Vec<u8> = grid
            .iter()
            .zip(&keep)
            .map(|(&d, &k)| if k < density { d } else { 0 })
            .collect();
        let puzzle = Puzzle::classic(givens).unwrap();
        let status = agree(&puzzle, 20, "random");
        prop_assert!(status.has_solution());
    }
}
