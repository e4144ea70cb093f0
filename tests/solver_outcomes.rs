//! Outcomes say what they promise (unsolvable, several distinct solutions, exactly one), and
//! invalid puzzles are refused before any search, naming the cells involved.

mod common;

use common::solving::{
    all_relations_of, cell, check_outcome, four_by_four_with_a_dead_cell, less, nth, puzzle_with,
    rising_futoshiki, strategies, POJ3076_SAMPLE, ROYLE, TOP95,
};
use common::{answers, classic_puzzle, cyclic_grid, limit, puzzles, with_strategy};
use sudoku_lab::formats::Format;
use sudoku_lab::{solve, Cell, Kind, Options, Puzzle, Relation, Rule, Status, Strategy};

#[test]
fn a_valid_puzzle_with_a_cell_left_without_candidates_is_unsolvable() {
    let puzzle = four_by_four_with_a_dead_cell();
    assert_eq!(puzzle.validate(), Ok(()));
    let outcome = solve(&puzzle, Options::default()).expect("valid");
    check_outcome(&puzzle, &outcome, "a 4×4 with a dead cell");
    assert_eq!(outcome.status, Status::Unsolvable);
}

#[test]
fn a_given_against_the_unique_solution_makes_a_puzzle_unsolvable() {
    // Adding a digit the unique solution does not have, where no given forbids it, leaves a
    // valid puzzle with no solution: only an exhaustive search can tell.
    let solutions = answers("poj3074/royle_sudoku17_first1000.out");
    for (number, puzzle) in puzzles(ROYLE, Format::Poj3074).iter().enumerate().take(20) {
        let solution = &solutions[number];
        let givens = puzzle.givens();
        let open = (0..81).filter(|&i| givens[i] == 0);
        let (at, digit) = open
            .flat_map(|i| (1..=9u8).map(move |d| (i, d)))
            .find(|&(i, d)| {
                let mut changed = givens.to_vec();
                changed[i] = d;
                d != solution[i] && classic_puzzle(9, changed).validate().is_ok()
            })
            .expect("some digit fits the givens");
        let mut changed = givens.to_vec();
        changed[at] = digit;
        let changed = classic_puzzle(9, changed);
        let what = format!("{ROYLE} #{} with {} = {digit}", number + 1, Cell::at(at, 9));
        for (name, strategy) in strategies(&changed) {
            let options = Options {
                strategy,
                ..Options::default()
            };
            let outcome = solve(&changed, options).expect("valid");
            check_outcome(&changed, &outcome, &what);
            assert_eq!(outcome.status, Status::Unsolvable, "{what} with {name}");
        }
    }
}

#[test]
fn a_futoshiki_whose_relations_leave_no_room_for_the_top_digit_is_unsolvable() {
    // Every cell of column 1 is below its right neighbour, so none of them can be 3.
    let puzzle = puzzle_with(
        Kind::Futoshiki,
        3,
        &[],
        vec![
            less("r1c1", "r1c2"),
            less("r2c1", "r2c2"),
            less("r3c1", "r3c2"),
        ],
    );
    assert_eq!(puzzle.validate(), Ok(()));
    let outcome = solve(&puzzle, Options::default()).expect("valid");
    check_outcome(
        &puzzle,
        &outcome,
        "a futoshiki with column 1 below column 2",
    );
    assert_eq!(outcome.status, Status::Unsolvable);
}

#[test]
fn empty_grids_have_multiple_distinct_solutions() {
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let puzzle = classic_puzzle(size, vec![0; size * size]);
        // With singles at 25×25: there the default strategy's probing takes seconds, which
        // is a matter for the benchmarks.
        let options = match size {
            25 => with_strategy(Strategy::SINGLES, 2),
            _ => Options::default(),
        };
        let outcome = solve(&puzzle, options).expect("valid");
        let what = format!("an empty {size}×{size} classic grid");
        check_outcome(&puzzle, &outcome, &what);
        assert_eq!(outcome.status, Status::Multiple, "{what}");
    }
    for size in 3..=9 {
        let puzzle = Puzzle::new(Kind::Futoshiki, size, vec![0; size * size], vec![]).unwrap();
        let outcome = solve(&puzzle, Options::default()).expect("valid");
        let what = format!("an empty {size}×{size} futoshiki");
        check_outcome(&puzzle, &outcome, &what);
        assert_eq!(outcome.status, Status::Multiple, "{what}");
    }
}

#[test]
fn a_futoshiki_with_relations_and_no_givens_is_solved_by_its_relations() {
    let puzzle = rising_futoshiki();
    let outcome = solve(&puzzle, limit(1000)).expect("valid");
    check_outcome(&puzzle, &outcome, "a rising futoshiki");
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions[0], [1, 2, 3, 2, 3, 1, 3, 1, 2]);
    assert_eq!(outcome.stats.placements[Rule::Given as usize], 0);

    // Every relation of a 6×6 Latin square, no givens: the square satisfies them all.
    let grid = cyclic_grid(6);
    let puzzle = Puzzle::new(Kind::Futoshiki, 6, vec![0; 36], all_relations_of(&grid, 6)).unwrap();
    let outcome = solve(&puzzle, Options::default()).expect("valid");
    check_outcome(&puzzle, &outcome, "the relations of a cyclic 6×6");
    if outcome.status == Status::Unique {
        assert_eq!(outcome.solutions[0], grid);
    }
}

#[test]
fn a_unique_puzzle_counts_exactly_one_solution() {
    for (what, puzzle) in [
        ("a top95 9×9", nth(TOP95, Format::Poj3074, 1)),
        (
            "a derived unique CQOI puzzle",
            nth(
                "cqoi2013/derived/unique/royle17sol_0002.in",
                Format::Cqoi,
                1,
            ),
        ),
        (
            "the POJ 3076 sample",
            nth(POJ3076_SAMPLE, Format::Poj3076, 1),
        ),
        ("a rising futoshiki", rising_futoshiki()),
    ] {
        let outcome = solve(&puzzle, limit(1000)).expect("valid");
        check_outcome(&puzzle, &outcome, what);
        assert_eq!(outcome.status, Status::Unique, "{what}");
        assert_eq!(outcome.stats.solutions, 1, "{what}");
    }
}

// ---------------------------------------------------------------------------------------------
// Validation before solving

#[test]
fn solve_rejects_equal_givens_naming_both_cells() {
    for (a, b, house) in [
        ("r3c1", "r3c7", "row"),
        ("r2c4", "r8c4", "column"),
        ("r1c1", "r3c3", "block"),
    ] {
        let puzzle = puzzle_with(Kind::Classic, 9, &[(a, 5), (b, 5), ("r5c5", 1)], vec![]);
        let problem = solve(&puzzle, Options::default()).expect_err("equal givens");
        assert_eq!(
            problem.cells,
            [cell(a), cell(b)],
            "equal givens in a {house}"
        );
        assert!(
            problem.message.contains(&format!("{a} and {b} are both 5")),
            "{house}: {problem}"
        );
    }
}

#[test]
fn solve_rejects_a_relation_cycle_naming_the_cycle() {
    let ring = ["r2c2", "r2c3", "r2c4", "r3c4", "r3c3", "r3c2"];
    let mut relations: Vec<Relation> = ring
        .iter()
        .zip(ring.iter().cycle().skip(1))
        .map(|(a, b)| less(a, b))
        .collect();
    relations.push(less("r5c1", "r5c2")); // not part of the cycle
    for kind in [Kind::Futoshiki, Kind::Inequality] {
        let size = if kind == Kind::Futoshiki { 7 } else { 9 };
        let puzzle = Puzzle::new(kind, size, vec![0; size * size], relations.clone()).unwrap();
        let problem = solve(&puzzle, Options::default()).expect_err("a cycle");
        let (_, chain) = problem
            .message
            .split_once("cycle: ")
            .unwrap_or_else(|| panic!("{kind}: the message names no cycle: {problem}"));
        let named: Vec<Cell> = chain.split(" < ").map(cell).collect();
        assert_eq!(named.len(), ring.len() + 1, "{kind}: {problem}");
        assert_eq!(
            named.first(),
            named.last(),
            "{kind}: the cycle is not closed: {problem}"
        );
        for pair in named.windows(2) {
            assert!(
                relations.contains(&Relation::new(pair[0], true, pair[1])),
                "{kind}: {} < {} is not a relation of the puzzle: {problem}",
                pair[0],
                pair[1]
            );
        }
        let mut cells = problem.cells.clone();
        cells.sort();
        let mut expected: Vec<Cell> = ring.iter().map(|n| cell(n)).collect();
        expected.sort();
        assert_eq!(cells, expected, "{kind}: {problem}");
    }
}

#[test]
fn solve_rejects_impossible_relations_before_searching() {
    // A chain of five rising cells in a 4×4, and a relation that a given 4 cannot satisfy.
    let snake = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"];
    let chain = snake.windows(2).map(|w| less(w[0], w[1])).collect();
    let puzzle = puzzle_with(Kind::Futoshiki, 4, &[], chain);
    assert!(
        solve(&puzzle, Options::default()).is_err(),
        "a chain of 5 in 4 digits"
    );

    let puzzle = puzzle_with(
        Kind::Futoshiki,
        4,
        &[("r2c2", 4)],
        vec![less("r2c2", "r2c3")],
    );
    let problem = solve(&puzzle, Options::default()).expect_err("4 < something in 1..4");
    assert!(problem.cells.contains(&cell("r2c2")), "{problem}");
}
