//! A search advanced in small steps, or reset onto another puzzle, ends exactly as a fresh
//! run; the node and solution limits stop it where they say.

mod common;

use common::solving::{
    all_relations_of, check_outcome, four_by_four_with_a_dead_cell, nth, rising_futoshiki,
    CQOI_MULTI, HARDEST, POJ3076_SAMPLE, TOP95,
};
use common::{assert_solves, classic_puzzle, cyclic_grid, limit, solve_with, with_strategy};
use sudoku_lab::formats::Format;
use sudoku_lab::{Kind, Options, Progress, Propagate, Puzzle, Search, Silent, Status, Strategy};

/// Advancing `budget` nodes at a time must end exactly where one `run` ends.
fn assert_stepping_matches_running(puzzle: &Puzzle, options: Options, budget: u64, what: &str) {
    let mut whole = Propagate::new(puzzle, options, Silent);
    let status = whole.run();
    let mut stepped = Propagate::new(puzzle, options, Silent);
    let stepped_status = loop {
        let before = stepped.stats().nodes;
        let progress = stepped.advance(budget);
        let spent = stepped.stats().nodes - before;
        assert!(
            spent <= budget,
            "{what}: {spent} nodes on a budget of {budget}"
        );
        match progress {
            Progress::Running => {
                assert_eq!(spent, budget, "{what}: paused before the budget ran out");
                assert_eq!(stepped.status(), None, "{what}");
            }
            Progress::Done(status) => break status,
            other => panic!("not known to this test: {other:?}"),
        }
        assert!(
            stepped.stats().nodes <= whole.stats().nodes,
            "{what}: stepping takes more nodes than running"
        );
    };
    let what = format!("{what}, {budget} node(s) at a time");
    assert_eq!(stepped_status, status, "{what}");
    assert_eq!(stepped.status(), Some(status), "{what}");
    assert_eq!(stepped.solutions(), whole.solutions(), "{what}");
    assert_eq!(stepped.stats(), whole.stats(), "{what}");
    assert_eq!(stepped.outcome(), whole.outcome(), "{what}");
    // A finished search stays finished and does no more work.
    assert_eq!(stepped.advance(10), Progress::Done(status), "{what}");
    assert_eq!(stepped.stats(), whole.stats(), "{what}");
}

#[test]
fn advancing_in_small_budgets_ends_exactly_like_a_single_run() {
    let cases: Vec<(&str, Puzzle, Options)> = vec![
        (
            "norvig_hardest #1",
            nth(HARDEST, Format::Poj3074, 1),
            limit(2),
        ),
        (
            "a top95 9×9 with singles",
            nth(TOP95, Format::Poj3074, 2),
            with_strategy(Strategy::SINGLES, 2),
        ),
        (
            "the POJ 3076 sample (probing starts after 200 nodes)",
            nth(POJ3076_SAMPLE, Format::Poj3076, 1),
            limit(2),
        ),
        (
            "a multi CQOI puzzle, counted",
            nth(CQOI_MULTI, Format::Cqoi, 1),
            limit(1000),
        ),
        (
            "a 4×4 with a dead cell",
            four_by_four_with_a_dead_cell(),
            limit(2),
        ),
        ("an empty 9×9", classic_puzzle(9, vec![0; 81]), limit(2)),
        ("a rising futoshiki", rising_futoshiki(), limit(2)),
    ];
    for (what, puzzle, options) in &cases {
        for budget in [1, 7] {
            assert_stepping_matches_running(puzzle, *options, budget, what);
        }
    }
}

#[test]
fn reset_onto_another_puzzle_gives_the_outcome_of_a_fresh_search() {
    let sequence = [
        nth(HARDEST, Format::Poj3074, 3),
        nth(POJ3076_SAMPLE, Format::Poj3076, 1),
        four_by_four_with_a_dead_cell(),
        nth(CQOI_MULTI, Format::Cqoi, 1),
        rising_futoshiki(),
        nth(TOP95, Format::Poj3074, 5),
        // The same number of cells as the 9×9 before it, but no blocks.
        Puzzle::new(
            Kind::Futoshiki,
            9,
            vec![0; 81],
            all_relations_of(&cyclic_grid(9), 9)
                .into_iter()
                .step_by(4)
                .collect(),
        )
        .unwrap(),
        nth(TOP95, Format::Poj3074, 5),
        nth(TOP95, Format::Poj3074, 5),
    ];
    // The default strategies, and probing early and narrow (below the root only
    // two-candidate cells: the wider cells go unscored, and no score may come from the
    // puzzle before).
    let narrow = Strategy {
        probe_after: 3,
        probe_width: 2,
        ..Strategy::SINGLES
    };
    for options in [limit(1000), with_strategy(narrow, 1000)] {
        let mut search = Propagate::new(&sequence[0], options, Silent);
        search.run();
        for (i, puzzle) in sequence.iter().enumerate() {
            let fresh = solve_with(puzzle, options);
            search.reset(puzzle);
            assert_eq!(search.status(), None, "puzzle {i} after reset");
            assert_eq!(search.stats().nodes, 0, "puzzle {i} after reset");
            search.run();
            assert_eq!(search.outcome(), fresh, "puzzle {i} of the sequence");
            // Interrupted half-way, then reset: no trace of the interrupted search remains.
            search.reset(puzzle);
            search.advance(3);
            search.reset(puzzle);
            search.run();
            assert_eq!(search.outcome(), fresh, "puzzle {i}, reset mid-search");
        }
    }
}

#[test]
fn node_limit_stops_with_limit_reached_after_exactly_that_many_nodes() {
    let puzzle = nth(TOP95, Format::Poj3074, 49);
    let free = solve_with(&puzzle, with_strategy(Strategy::SINGLES, 2));
    let needed = free.stats.nodes;
    assert!(
        needed > 10,
        "the puzzle should need a search, took {needed} nodes"
    );
    for node_limit in [1, 2, needed / 2, needed - 1] {
        let options = Options {
            node_limit,
            ..with_strategy(Strategy::SINGLES, 2)
        };
        let mut search = Propagate::new(&puzzle, options, Silent);
        assert_eq!(search.run(), Status::LimitReached, "limit {node_limit}");
        assert_eq!(search.stats().nodes, node_limit, "limit {node_limit}");
        assert_eq!(search.outcome().status, Status::LimitReached);
        for solution in search.solutions() {
            assert_solves(&puzzle, solution, "a solution found before the limit");
        }
    }
    // A limit of exactly the nodes needed is enough.
    let options = Options {
        node_limit: needed,
        ..with_strategy(Strategy::SINGLES, 2)
    };
    assert_eq!(solve_with(&puzzle, options), free);
}

#[test]
fn solution_limit_one_reports_solved_before_uniqueness_is_known() {
    for (what, puzzle) in [
        (
            "a unique 9×9 needing guesses",
            nth(HARDEST, Format::Poj3074, 2),
        ),
        (
            "a unique 9×9 from norvig_easy50",
            nth("poj3074/norvig_easy50.in", Format::Poj3074, 1),
        ),
        ("a multi CQOI puzzle", nth(CQOI_MULTI, Format::Cqoi, 1)),
        ("an empty 6×6", classic_puzzle(6, vec![0; 36])),
    ] {
        let outcome = solve_with(&puzzle, limit(1));
        check_outcome(&puzzle, &outcome, what);
        assert_eq!(outcome.status, Status::Solved, "{what}");
        assert_eq!(outcome.stats.solutions, 1, "{what}");
    }
    let puzzle = nth(HARDEST, Format::Poj3074, 2);
    assert_eq!(
        solve_with(&puzzle, limit(1)).solutions,
        solve_with(&puzzle, limit(2)).solutions,
        "the first solution found does not depend on the limit"
    );
}
