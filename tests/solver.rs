//! The `propagate` engine as a user sees it: every corpus in `../shared/data` is solved and
//! each answer is checked by the verifier in `common` (never by the library's own check);
//! every strategy gives the same answers; a search advanced in small steps or reset onto
//! another puzzle ends exactly as a fresh run; outcomes, validation and statistics say what
//! they promise.

mod common;

use common::{
    answers, assert_agree, assert_solves, classic_puzzle, cyclic_grid, data, limit, manifest,
    pattern_grid, puzzles, solve_with, with_strategy, Rules,
};
use sudoku_lab::formats::Format;
use sudoku_lab::{
    solve, Cell, Kind, Options, Outcome, Progress, Propagate, Puzzle, Relation, Rule, Search,
    Silent, Status, Strategy,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/// What a corpus promises about each of its puzzles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Expect {
    /// Exactly one solution, equal to the answer file's.
    Unique,
    /// Two or more solutions; the answer file holds one of them.
    Multiple,
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("{name} is not a cell name"))
}

fn less(a: &str, b: &str) -> Relation {
    Relation::new(cell(a), true, cell(b))
}

/// A puzzle from `(cell, digit)` givens.
fn puzzle_with(kind: Kind, size: usize, givens: &[(&str, u8)], relations: Vec<Relation>) -> Puzzle {
    let mut grid = vec![0u8; size * size];
    for &(name, digit) in givens {
        grid[cell(name).index(size)] = digit;
    }
    Puzzle::new(kind, size, grid, relations).expect("a well-formed puzzle")
}

/// Checks what every finished search promises, whatever the limit: solutions that verify,
/// as many as the status says, distinct when there are two.
fn check_outcome(puzzle: &Puzzle, outcome: &Outcome, what: &str) {
    let found = outcome.stats.solutions;
    match outcome.status {
        Status::Unique => {
            assert_eq!(found, 1, "{what}: unique, but {found} solutions counted");
            assert_eq!(outcome.solutions.len(), 1, "{what}");
        }
        Status::Solved => {
            assert_eq!(found, 1, "{what}: solved, but {found} solutions counted");
            assert_eq!(outcome.solutions.len(), 1, "{what}");
        }
        Status::Multiple => {
            assert!(
                found >= 2,
                "{what}: multiple, but {found} solutions counted"
            );
            assert_eq!(outcome.solutions.len(), 2, "{what}: two solutions shown");
            assert_ne!(
                outcome.solutions[0], outcome.solutions[1],
                "{what}: the two solutions shown are the same grid"
            );
        }
        Status::Unsolvable => {
            assert_eq!(
                found, 0,
                "{what}: unsolvable, but {found} solutions counted"
            );
            assert!(outcome.solutions.is_empty(), "{what}");
        }
        Status::LimitReached => panic!("{what}: the node limit was reached"),
    }
    for (i, solution) in outcome.solutions.iter().enumerate() {
        assert_solves(puzzle, solution, &format!("{what}, solution {}", i + 1));
    }
}

/// Solves every puzzle of `input` with the default options, verifies the answers and
/// compares them with the expected output file; returns the outcomes.
fn check_corpus(input: &str, format: Format, expected: &str, expect: Expect) -> Vec<Outcome> {
    let puzzles = puzzles(input, format);
    let answers = answers(expected);
    assert!(!puzzles.is_empty(), "{input}: no puzzles read");
    assert_eq!(
        puzzles.len(),
        answers.len(),
        "{input} and {expected} hold different numbers of grids"
    );
    puzzles
        .iter()
        .zip(&answers)
        .enumerate()
        .map(|(i, (puzzle, answer))| {
            let what = format!("{input} #{}", i + 1);
            assert_eq!(puzzle.validate(), Ok(()), "{what}");
            assert_solves(puzzle, answer, &format!("{what} (the expected answer)"));
            let outcome = solve_with(puzzle, Options::default());
            check_outcome(puzzle, &outcome, &what);
            match expect {
                Expect::Unique => {
                    assert_eq!(outcome.status, Status::Unique, "{what}");
                    assert_eq!(
                        &outcome.solutions[0], answer,
                        "{what}: the only solution is not the expected answer"
                    );
                }
                Expect::Multiple => assert_eq!(outcome.status, Status::Multiple, "{what}"),
            }
            outcome
        })
        .collect()
}

/// Every row of the manifest under `prefix`, solved and compared.
fn check_manifest(prefix: &str, expect: Expect) -> usize {
    let rows = manifest(prefix);
    assert!(!rows.is_empty(), "no manifest rows under {prefix}");
    for (mode, input, expected) in &rows {
        let format = Format::parse(mode).unwrap_or_else(|| panic!("unknown mode {mode}"));
        check_corpus(input, format, expected, expect);
    }
    rows.len()
}

/// The strategies a puzzle can be solved with, by name. Every strategy is sound, so all
/// must give the same answers.
fn strategies(puzzle: &Puzzle) -> Vec<(&'static str, Option<Strategy>)> {
    vec![
        ("singles", Some(Strategy::SINGLES)),
        (
            "locked candidates",
            Some(Strategy {
                locked_candidates: true,
                ..Strategy::SINGLES
            }),
        ),
        (
            "weighted branching",
            Some(Strategy {
                weighted: true,
                ..Strategy::SINGLES
            }),
        ),
        (
            "probing from the start",
            Some(Strategy {
                probe_after: 0,
                ..Strategy::for_puzzle(puzzle)
            }),
        ),
        (
            "probing two-candidate cells only",
            Some(Strategy {
                probe_after: 0,
                probe_width: 2,
                ..Strategy::for_puzzle(puzzle)
            }),
        ),
        ("the default strategy", None),
    ]
}

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

/// Every `step`-th puzzle of a corpus file.
fn sample(path: &str, format: Format, step: usize) -> Vec<(String, Puzzle)> {
    puzzles(path, format)
        .into_iter()
        .enumerate()
        .step_by(step)
        .map(|(i, p)| (format!("{path} #{}", i + 1), p))
        .collect()
}

/// The one puzzle at 1-based `number` of a corpus file.
fn nth(path: &str, format: Format, number: usize) -> Puzzle {
    puzzles(path, format).swap_remove(number - 1)
}

/// `r1c1 r1c2 / r3c3 r4c3`: a valid 4×4 whose r1c3 has no candidate left (1 and 2 in its
/// row, 3 and 4 in its column), though no house holds a digit twice.
fn four_by_four_with_a_dead_cell() -> Puzzle {
    puzzle_with(
        Kind::Classic,
        4,
        &[("r1c1", 1), ("r1c2", 2), ("r3c3", 3), ("r4c3", 4)],
        vec![],
    )
}

/// A 3×3 Futoshiki with no givens whose relations allow one grid only: row 1 and column 1
/// rise, so both are 1 2 3, and the Latin square is fixed from there.
fn rising_futoshiki() -> Puzzle {
    puzzle_with(
        Kind::Futoshiki,
        3,
        &[],
        vec![
            less("r1c1", "r1c2"),
            less("r1c2", "r1c3"),
            less("r1c1", "r2c1"),
            less("r2c1", "r3c1"),
        ],
    )
}

/// Every relation between orthogonal neighbours, oriented as `grid` has them.
fn all_relations_of(grid: &[u8], size: usize) -> Vec<Relation> {
    let mut relations = Vec::new();
    for r in 0..size {
        for c in 0..size {
            let a = Cell::new(r, c);
            let here = grid[r * size + c];
            if c + 1 < size {
                relations.push(Relation::new(
                    a,
                    here < grid[r * size + c + 1],
                    Cell::new(r, c + 1),
                ));
            }
            if r + 1 < size {
                relations.push(Relation::new(
                    a,
                    here < grid[(r + 1) * size + c],
                    Cell::new(r + 1, c),
                ));
            }
        }
    }
    relations
}

const ROYLE: &str = "poj3074/royle_sudoku17_first1000.in";
const TOP95: &str = "poj3074/norvig_top95.in";
const HARDEST: &str = "poj3074/norvig_hardest.in";
const POJ3076_SAMPLE: &str = "poj3076/sample.in";
const CQOI_MULTI: &str = "cqoi2013/derived/multi/royle17sol_0001_MULTI.in";

// ---------------------------------------------------------------------------------------------
// Corpora

#[test]
fn judge_samples_of_poj3074_are_solved_uniquely_as_the_judge_answers() {
    assert_eq!(check_manifest("poj3074/sample", Expect::Unique), 1);
    assert_eq!(check_manifest("poj3074/acwing169", Expect::Unique), 1);
}

#[test]
fn norvig_easy_puzzles_have_the_expected_unique_solutions() {
    check_manifest("poj3074/norvig_easy50", Expect::Unique);
}

#[test]
fn norvig_top95_puzzles_have_the_expected_unique_solutions() {
    check_manifest("poj3074/norvig_top95", Expect::Unique);
}

#[test]
fn norvig_hardest_puzzles_have_the_expected_unique_solutions() {
    check_manifest("poj3074/norvig_hardest", Expect::Unique);
}

#[test]
fn the_first_thousand_17_clue_puzzles_have_the_expected_unique_solutions() {
    let outcomes = check_corpus(
        ROYLE,
        Format::Poj3074,
        "poj3074/royle_sudoku17_first1000.out",
        Expect::Unique,
    );
    assert_eq!(outcomes.len(), 1000);
}

#[test]
fn every_poj3076_file_is_solved_uniquely_as_the_expected_output() {
    // sample, multi_case_all, spoj_variant/sample (a count line first) and converted/*.
    let checked = check_manifest("poj3076/", Expect::Unique);
    assert!(
        checked >= 10,
        "only {checked} poj3076 files in the manifest"
    );
}

#[test]
fn cqoi_samples_in_every_layout_are_solved_uniquely_as_the_judge_answers() {
    assert_eq!(check_manifest("cqoi2013/sample", Expect::Unique), 5);
}

#[test]
fn derived_unique_cqoi_puzzles_have_exactly_the_recorded_solution() {
    assert_eq!(
        check_manifest("cqoi2013/derived/unique/", Expect::Unique),
        242
    );
}

#[test]
fn derived_multi_cqoi_puzzles_report_two_distinct_solutions() {
    assert_eq!(
        check_manifest("cqoi2013/derived/multi/", Expect::Multiple),
        50
    );
}

#[test]
fn every_manifest_row_except_the_full_17_clue_set_is_checked_here() {
    let covered = [
        "poj3074/sample",
        "poj3074/acwing169",
        "poj3074/norvig_easy50",
        "poj3074/norvig_top95",
        "poj3074/norvig_hardest",
        "poj3074/royle_sudoku17_first1000",
        "poj3074/royle_sudoku17_all", // 49,151 puzzles: a release-build benchmark, not a test
        "poj3076/",
        "cqoi2013/sample",
        "cqoi2013/derived/unique/",
        "cqoi2013/derived/multi/",
    ];
    for (_, input, _) in manifest("") {
        assert!(
            covered.iter().any(|p| input.starts_with(p)),
            "{input} is in the manifest but no test here checks it"
        );
    }
}

#[test]
fn every_judge_input_in_the_corpora_is_in_the_manifest() {
    let listed: Vec<String> = manifest("")
        .into_iter()
        .map(|(_, input, _)| input)
        .collect();
    let mut found = Vec::new();
    let mut dirs = vec!["poj3074".to_string(), "poj3076".into(), "cqoi2013".into()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(data(&dir)).expect("a corpus directory") {
            let entry = entry.expect("a directory entry");
            let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if entry.file_type().expect("a file type").is_dir() {
                dirs.push(path);
            } else if path.ends_with(".in") {
                assert!(
                    listed.contains(&path),
                    "{path} is missing from MANIFEST.tsv"
                );
                found.push(path);
            }
        }
    }
    for path in &listed {
        assert!(
            found.contains(path),
            "MANIFEST.tsv lists {path}, which is not there"
        );
    }
}

#[test]
fn generated_sixteen_by_sixteen_puzzles_are_unique() {
    let path = "sixteen/generated_200_AP.txt";
    let puzzles = puzzles(path, Format::Line);
    assert_eq!(puzzles.len(), 200);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let what = format!("{path} #{}", i + 1);
        assert_eq!(puzzle.size(), 16, "{what}");
        let outcome = solve_with(puzzle, Options::default());
        check_outcome(puzzle, &outcome, &what);
        assert_eq!(outcome.status, Status::Unique, "{what}");
    }
}

#[test]
fn public_sixteen_by_sixteen_puzzles_are_solved() {
    // The first ten only: the set needs deep search with weak strategies, and the tests run
    // at opt-level 1.
    let path = "sixteen/public_120_AP.txt";
    for (i, puzzle) in puzzles(path, Format::Line).iter().take(10).enumerate() {
        let what = format!("{path} #{}", i + 1);
        let outcome = solve_with(puzzle, Options::default());
        check_outcome(puzzle, &outcome, &what);
    }
}

#[test]
fn a_hard_twenty_five_by_twenty_five_puzzle_is_solved_alike_by_narrow_and_wide_probing() {
    // A minimal 25×25 puzzle of the generator (seed 1) with 7 of its solution's digits given
    // back: hard enough that the default strategy escalates to probing and branches below the
    // root, where at 25×25 it probes only two-candidate cells.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/twenty-five-hard.line"
    ))
    .expect("the fixture");
    let puzzle = sudoku_lab::formats::read(&text, Format::Line, Default::default())
        .next()
        .and_then(Result::ok)
        .expect("the fixture reads")
        .puzzle;
    let narrow = solve_with(&puzzle, Options::default());
    check_outcome(&puzzle, &narrow, "default strategy");
    assert_eq!(narrow.status, Status::Unique);
    let default = Strategy::for_puzzle(&puzzle);
    assert_eq!(default.probe_width, 2, "the 25×25 default");
    let wide = solve_with(
        &puzzle,
        with_strategy(
            Strategy {
                probe_width: u32::MAX,
                ..default
            },
            2,
        ),
    );
    assert_agree(&narrow, &wide, "narrow against wide probing");
    // Both probed, and not alike: the narrow rule was at work below the root.
    assert!(narrow.stats.probes > 0 && wide.stats.probes > 0);
    assert_ne!(narrow.stats.probes, wide.stats.probes);
    assert!(narrow.stats.nodes > 1, "branched below the root");
}

// ---------------------------------------------------------------------------------------------
// Strategies agree

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

// ---------------------------------------------------------------------------------------------
// Resumability

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

// ---------------------------------------------------------------------------------------------
// Outcomes

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

// ---------------------------------------------------------------------------------------------
// Statistics

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
