//! Statistics count what the search did: singles, guesses, backtracks, refutations, and only
//! the deductions the strategy allows.

mod common;

use common::solving::{
    all_relations_of, check_outcome, four_by_four_with_a_dead_cell, nth, sample, strategies,
    CQOI_MULTI, HARDEST, ROYLE, TOP95,
};
use common::{
    classic_puzzle, cyclic_grid, manifest, pattern_grid, puzzles, solve_with, with_strategy, Rules,
};
use sudoku_lab::formats::Format;
use sudoku_lab::{Kind, Options, Propagate, Puzzle, Rule, Search, Silent, Status, Strategy};

/// Placements by the rules that fill a cell by deduction.
fn single_placements(placements: &[u64; Rule::COUNT]) -> u64 {
    [
        Rule::NakedSingle,
        Rule::HiddenSingleRow,
        Rule::HiddenSingleColumn,
        Rule::HiddenSingleBlock,
    ]
    .iter()
    .map(|&r| placements[r as usize])
    .sum()
}

#[test]
fn a_grid_missing_one_digit_is_completed_by_one_single_in_one_node() {
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let grid = pattern_grid(size, common::block_shape(size).unwrap());
        assert_eq!(
            Rules::of(&classic_puzzle(size, grid.clone())).check(&grid),
            Ok(())
        );
        let hole = size * size / 2 + 1;
        let mut givens = grid.clone();
        givens[hole] = 0;
        let puzzle = classic_puzzle(size, givens);
        for (name, strategy) in strategies(&puzzle) {
            let what = format!("a {size}×{size} grid missing one digit, with {name}");
            let options = Options {
                strategy,
                ..Options::default()
            };
            let outcome = solve_with(&puzzle, options);
            let stats = &outcome.stats;
            assert_eq!(outcome.status, Status::Unique, "{what}");
            assert_eq!(outcome.solutions.len(), 1, "{what}");
            assert_eq!(outcome.solutions[0], grid, "{what}");
            assert_eq!(stats.nodes, 1, "{what}");
            assert_eq!(stats.guesses, 0, "{what}");
            assert_eq!(stats.backtracks, 0, "{what}");
            assert_eq!(stats.contradictions, 0, "{what}");
            assert_eq!(
                stats.placements[Rule::Given as usize],
                (size * size - 1) as u64,
                "{what}"
            );
            assert_eq!(single_placements(&stats.placements), 1, "{what}");
            assert_eq!(stats.total_placements(), (size * size) as u64, "{what}");
            // The hole loses every digit but one, each exactly once, to its given peers.
            assert_eq!(
                stats.eliminations[Rule::Peer as usize],
                (size - 1) as u64,
                "{what}"
            );
            assert_eq!(stats.total_eliminations(), (size - 1) as u64, "{what}");
        }
    }
}

#[test]
fn a_puzzle_solved_without_guessing_places_each_open_cell_once_and_removes_each_candidate_once() {
    // In one node without guesses or trials, every open cell goes from N candidates to 1:
    // placed once, and each of its N − 1 other digits removed once, whatever the rule.
    let mut cases = sample("poj3074/norvig_easy50.in", Format::Poj3074, 1);
    cases.extend(sample(ROYLE, Format::Poj3074, 10));
    for (_, input, _) in manifest("cqoi2013/derived/unique/").iter().step_by(5) {
        cases.extend(sample(input, Format::Cqoi, 1));
    }
    cases.extend(sample(
        "poj3076/converted/lumenghe_sudoku16.in",
        Format::Poj3076,
        1,
    ));
    let singles_and_locked = Strategy {
        locked_candidates: true,
        ..Strategy::SINGLES
    };
    let mut without_guessing = 0;
    for (what, puzzle) in &cases {
        for strategy in [Strategy::SINGLES, singles_and_locked] {
            let outcome = solve_with(puzzle, with_strategy(strategy, 2));
            let stats = &outcome.stats;
            if stats.guesses > 0 {
                continue;
            }
            without_guessing += 1;
            let n = puzzle.size() as u64;
            let cells = n * n;
            let given = puzzle.givens().iter().filter(|&&d| d != 0).count() as u64;
            assert_eq!(outcome.status, Status::Unique, "{what}");
            assert_eq!(stats.nodes, 1, "{what}");
            assert_eq!(stats.contradictions, 0, "{what}");
            assert_eq!(stats.placements[Rule::Given as usize], given, "{what}");
            assert_eq!(
                single_placements(&stats.placements),
                cells - given,
                "{what}"
            );
            assert_eq!(stats.total_placements(), cells, "{what}");
            assert_eq!(
                stats.total_eliminations(),
                (cells - given) * (n - 1),
                "{what}"
            );
        }
    }
    assert!(
        without_guessing >= 50,
        "only {without_guessing} solved without guessing"
    );
}

#[test]
fn an_exhausted_search_undoes_every_guess_and_refutes_each_undone_digit() {
    let mut cases = sample(TOP95, Format::Poj3074, 3);
    cases.extend(sample(HARDEST, Format::Poj3074, 1));
    cases.push((
        "a 4×4 with a dead cell".into(),
        four_by_four_with_a_dead_cell(),
    ));
    cases.extend(sample(CQOI_MULTI, Format::Cqoi, 1));
    let mut guessed = 0;
    for (what, puzzle) in &cases {
        for strategy in [
            Strategy::SINGLES,
            Strategy {
                weighted: true,
                locked_candidates: true,
                ..Strategy::SINGLES
            },
        ] {
            // Counting to the end exhausts the search even for a multi puzzle.
            let outcome = solve_with(puzzle, with_strategy(strategy, 1000));
            check_outcome(puzzle, &outcome, what);
            let s = &outcome.stats;
            guessed += u64::from(s.guesses > 0);
            assert_eq!(s.placements[Rule::Guess as usize], s.guesses, "{what}");
            assert_eq!(
                s.backtracks, s.guesses,
                "{what}: every branch is undone at the end"
            );
            assert_eq!(
                s.eliminations[Rule::Refutation as usize],
                s.backtracks,
                "{what}: each undone branch removes its digit from the parent"
            );
            // The root, one node per branch, and at most one per return to a parent.
            assert!(s.nodes > s.guesses, "{what}: {s:?}");
            assert!(s.nodes <= 1 + 2 * s.guesses, "{what}: {s:?}");
            assert_eq!(s.probes, 0, "{what}");
        }
    }
    assert!(guessed > 10, "too few of these puzzles needed guesses");
}

#[test]
fn a_search_stopped_at_its_solution_limit_keeps_its_open_branches() {
    for (what, puzzle) in sample(TOP95, Format::Poj3074, 10) {
        let mut search = Propagate::new(&puzzle, with_strategy(Strategy::SINGLES, 1), Silent);
        assert_eq!(search.run(), Status::Solved, "{what}");
        let s = search.stats();
        assert_eq!(s.guesses - s.backtracks, search.depth() as u64, "{what}");
        let placed: Vec<u8> = search
            .candidates()
            .map(|set| {
                assert!(
                    set.is_single(),
                    "{what}: a cell is not placed at the solution"
                );
                set.min().expect("one digit")
            })
            .collect();
        assert_eq!(placed, search.solutions()[0], "{what}");
    }
}

#[test]
fn each_strategy_uses_only_its_own_deductions() {
    let puzzles = puzzles(TOP95, Format::Poj3074);
    let total = |strategy: Strategy, rule: Rule| -> u64 {
        puzzles
            .iter()
            .take(20)
            .map(|p| solve_with(p, with_strategy(strategy, 2)).stats.eliminations[rule as usize])
            .sum()
    };
    let locked = Strategy {
        locked_candidates: true,
        ..Strategy::SINGLES
    };
    let probing = Strategy {
        probe_after: 0,
        ..Strategy::SINGLES
    };
    assert_eq!(total(Strategy::SINGLES, Rule::LockedCandidates), 0);
    assert_eq!(total(Strategy::SINGLES, Rule::Disjunction), 0);
    assert_eq!(
        total(Strategy::SINGLES, Rule::Relation),
        0,
        "classic puzzles have no relations"
    );
    assert!(
        total(locked, Rule::LockedCandidates) > 0,
        "locked candidates never fired"
    );
    assert_eq!(total(locked, Rule::Disjunction), 0);
    assert_eq!(total(probing, Rule::LockedCandidates), 0);
    let probed = solve_with(&puzzles[0], with_strategy(probing, 2)).stats;
    assert!(probed.probes > 0, "probing from the start made no trials");
    let plain = solve_with(&puzzles[0], with_strategy(Strategy::SINGLES, 2)).stats;
    assert_eq!(plain.probes, 0);
}

#[test]
fn relations_do_the_work_in_a_cqoi_puzzle() {
    let puzzle = nth("cqoi2013/sample1.in", Format::Cqoi, 1);
    let outcome = solve_with(&puzzle, Options::default());
    let stats = &outcome.stats;
    assert_eq!(
        stats.placements[Rule::Given as usize],
        0,
        "CQOI puzzles have no givens"
    );
    assert!(stats.eliminations[Rule::Relation as usize] > 0, "{stats:?}");
}

#[test]
fn locked_candidates_are_never_used_on_a_futoshiki() {
    let grid = cyclic_grid(7);
    let relations = all_relations_of(&grid, 7).into_iter().step_by(3).collect();
    let puzzle = Puzzle::new(Kind::Futoshiki, 7, vec![0; 49], relations).unwrap();
    let asked = Strategy {
        locked_candidates: true,
        ..Strategy::SINGLES
    };
    let mut search = Propagate::new(&puzzle, with_strategy(asked, 2), Silent);
    search.run();
    assert!(
        !search.strategy().locked_candidates,
        "a futoshiki has no blocks"
    );
    assert_eq!(
        search.stats().eliminations[Rule::LockedCandidates as usize],
        0
    );
    check_outcome(&puzzle, &search.outcome(), "a 7×7 futoshiki with relations");
}
