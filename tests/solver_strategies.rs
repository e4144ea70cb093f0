//! Every strategy of the `propagate` engine gives the same answers: the same statuses,
//! solution counts and unique solutions on puzzles of every size and kind.

mod common;

use common::solving::{check_outcome, nth, sample, strategies, HARDEST, ROYLE, TOP95};
use common::{assert_agree, classic_puzzle, manifest, solve_with};
use sudoku_lab::formats::Format;
use sudoku_lab::{Options, Outcome, Puzzle, Status};

/// Solves `puzzle` with every strategy and `solution_limit`; the statuses and solution
/// counts must agree, and so must the solution of a unique puzzle. Returns the count.
fn assert_strategies_agree(puzzle: &Puzzle, solution_limit: u64, what: &str) -> (Status, u64) {
    let mut first: Option<(&str, Outcome)> = None;
    for (name, strategy) in strategies(puzzle) {
        let options = Options {
            solution_limit,
            strategy,
            ..Options::default()
        };
        let outcome = solve_with(puzzle, options);
        let what = format!("{what} with {name}");
        check_outcome(puzzle, &outcome, &what);
        match &first {
            None => first = Some((name, outcome)),
            Some((base_name, base)) => {
                assert_agree(&outcome, base, &format!("{what}, against {base_name}"));
            }
        }
    }
    let (_, base) = first.expect("at least one strategy");
    (base.status, base.stats.solutions)
}

#[test]
fn strategies_agree_on_nine_by_nine_puzzles() {
    let mut cases = sample("poj3074/norvig_easy50.in", Format::Poj3074, 5);
    cases.extend(sample(TOP95, Format::Poj3074, 1));
    cases.extend(sample(HARDEST, Format::Poj3074, 1));
    cases.extend(sample(ROYLE, Format::Poj3074, 20));
    for (what, puzzle) in &cases {
        let (status, _) = assert_strategies_agree(puzzle, 2, what);
        assert_eq!(status, Status::Unique, "{what}");
    }
}

#[test]
fn strategies_agree_on_sixteen_by_sixteen_puzzles() {
    let mut cases = sample("poj3076/multi_case_all.in", Format::Poj3076, 1);
    cases.extend(sample(
        "poj3076/converted/etiennedupere_sudoku16_e.in",
        Format::Poj3076,
        1,
    ));
    cases.extend(sample("sixteen/generated_200_AP.txt", Format::Line, 10));
    for (what, puzzle) in &cases {
        let (status, _) = assert_strategies_agree(puzzle, 2, what);
        assert_eq!(status, Status::Unique, "{what}");
    }
}

#[test]
fn strategies_agree_on_cqoi_puzzles() {
    let mut checked = 0;
    for (_, input, _) in manifest("cqoi2013/").iter().step_by(6) {
        for (what, puzzle) in sample(input, Format::Cqoi, 1) {
            let (status, _) = assert_strategies_agree(&puzzle, 2, &what);
            if input.contains("/unique/") {
                assert_eq!(status, Status::Unique, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked}");
}

#[test]
fn strategies_count_the_same_solutions_of_every_multi_cqoi_puzzle() {
    for (_, input, _) in manifest("cqoi2013/derived/multi/") {
        for (what, puzzle) in sample(&input, Format::Cqoi, 1) {
            let (status, count) = assert_strategies_agree(&puzzle, 1000, &what);
            assert_eq!(status, Status::Multiple, "{what}");
            assert!(
                count < 1000,
                "{what}: {count} solutions, too many to count here"
            );
        }
    }
}

#[test]
fn strategies_count_the_same_solutions_of_sparse_nine_by_nine_puzzles() {
    // 17-clue puzzles with their third given removed: a few hundred solutions each.
    for number in [1, 2] {
        let puzzle = nth(ROYLE, Format::Poj3074, number);
        let mut givens = puzzle.givens().to_vec();
        let third = givens
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != 0)
            .nth(2)
            .map(|(i, _)| i)
            .expect("17 givens");
        givens[third] = 0;
        let sparse = classic_puzzle(9, givens);
        let what = format!("{ROYLE} #{number} without its third given");
        let (status, count) = assert_strategies_agree(&sparse, 1000, &what);
        assert_eq!(status, Status::Multiple, "{what}");
        assert!((3..1000).contains(&count), "{what}: {count} solutions");
    }
}
