//! Property tests of the solver on puzzles whose answer is known by construction: random
//! solved grids of every classic size (no solver involved), inequality and Futoshiki puzzles
//! with relations read off such grids, and — on 4×4 grids — solution counts against a brute
//! force enumeration written here. Every answer is checked by the verifier in `common`.

mod common;

use common::rules::Say;
use common::{
    adjacent_pairs, block_shape, classic_grid, cyclic_grid, pattern_grid, permutation, Rules,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::subsequence;
use proptest::strategy::Union;
use sudoku_lab::{
    solve, Cell, Kind, Options, Outcome, Puzzle, Relation, Status, Strategy as SearchStrategy,
};

// ---------------------------------------------------------------------------------------------
// Solved grids by construction

/// A Latin square: the cyclic square with its rows, columns and digits permuted.
fn latin_grid(size: usize) -> impl Strategy<Value = Vec<u8>> {
    (permutation(size), permutation(size), permutation(size)).prop_map(
        move |(rows, cols, digits)| {
            let base = cyclic_grid(size);
            (0..size * size)
                .map(|k| {
                    digits[base[rows[k / size] * size + cols[k % size]] as usize - 1] as u8 + 1
                })
                .collect()
        },
    )
}

/// A puzzle in the making: a solved grid, the cells it keeps as givens and the neighbour
/// pairs it turns into relations (as the grid orders them).
#[derive(Clone, Debug)]
struct Case {
    kind: Kind,
    size: usize,
    grid: Vec<u8>,
    kept: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

impl Case {
    /// The puzzle: the kept cells as givens, and each chosen pair related as the grid has it.
    fn puzzle(&self) -> Puzzle {
        let mut givens = vec![0u8; self.size * self.size];
        for &i in &self.kept {
            givens[i] = self.grid[i];
        }
        let relations = self
            .pairs
            .iter()
            .map(|&(a, b)| {
                Relation::new(
                    Cell::at(a, self.size),
                    self.grid[a] < self.grid[b],
                    Cell::at(b, self.size),
                )
            })
            .collect();
        Puzzle::new(self.kind, self.size, givens, relations).expect("a well-formed puzzle")
    }
}

/// Puzzles of `kind` and `size` from a random grid: between `givens.0` and `givens.1` givens,
/// and (for kinds with relations) any subset of the neighbour pairs as relations.
fn case(kind: Kind, size: usize, givens: (usize, usize)) -> BoxedStrategy<Case> {
    let grid = match kind {
        Kind::Futoshiki => latin_grid(size).boxed(),
        Kind::Classic | Kind::Inequality => classic_grid(size).boxed(),
        other => panic!("not known to this test: {other:?}"),
    };
    let pairs = match kind {
        Kind::Classic => Vec::new(),
        Kind::Inequality | Kind::Futoshiki => adjacent_pairs(size),
        other => panic!("not known to this test: {other:?}"),
    };
    let cells: Vec<usize> = (0..size * size).collect();
    let pair_count = pairs.len();
    (
        grid,
        subsequence(cells, givens.0..=givens.1),
        subsequence(pairs, 0..=pair_count),
    )
        .prop_map(move |(grid, kept, pairs)| Case {
            kind,
            size,
            grid,
            kept,
            pairs,
        })
        .boxed()
}

/// Puzzles of `kind` from a random grid, of each `(size, givens)` equally often.
fn cases(kind: Kind, shapes: &[(usize, (usize, usize))]) -> impl Strategy<Value = Case> {
    Union::new(
        shapes
            .iter()
            .map(|&(size, givens)| case(kind, size, givens)),
    )
}

// ---------------------------------------------------------------------------------------------
// Checks

/// The strategies every property is checked with: each is sound, so each must give the
/// same answers.
fn strategies(puzzle: &Puzzle) -> [(&'static str, Option<SearchStrategy>); 4] {
    [
        ("the default strategy", None),
        ("singles", Some(SearchStrategy::SINGLES)),
        (
            "locked candidates",
            Some(SearchStrategy {
                locked_candidates: true,
                ..SearchStrategy::SINGLES
            }),
        ),
        (
            "probing from the start",
            Some(SearchStrategy {
                probe_after: 0,
                ..SearchStrategy::for_puzzle(puzzle)
            }),
        ),
    ]
}

fn options(solution_limit: u64, strategy: Option<SearchStrategy>) -> Options {
    Options {
        solution_limit,
        strategy,
        ..Options::default()
    }
}

/// The puzzle made from the case's grid passes validation and, with every strategy, has a
/// solution; every solution shown is valid, two shown are distinct, and a unique solution is
/// the grid itself.
fn check_against_grid(case: &Case) -> Result<(), TestCaseError> {
    let puzzle = case.puzzle();
    let rules = Rules::of(&puzzle);
    prop_assert_eq!(
        rules.check(&case.grid),
        Ok(()),
        "the construction grid is not solved"
    );
    let mut statuses = Vec::new();
    for (name, strategy) in strategies(&puzzle) {
        let outcome: Outcome = match solve(&puzzle, options(2, strategy)) {
            Ok(outcome) => outcome,
            Err(problem) => return Err(TestCaseError::fail(format!("rejected: {problem}"))),
        };
        for solution in &outcome.solutions {
            if let Err(e) = rules.check(solution) {
                return Err(TestCaseError::fail(format!(
                    "{name}: a wrong solution: {e}"
                )));
            }
        }
        match outcome.status {
            Status::Unique => {
                prop_assert_eq!(outcome.solutions.len(), 1, "{}", name);
                prop_assert_eq!(
                    &outcome.solutions[0],
                    &case.grid,
                    "{}: unique, not the grid",
                    name
                );
            }
            Status::Multiple => {
                prop_assert_eq!(outcome.solutions.len(), 2, "{}", name);
                prop_assert_ne!(&outcome.solutions[0], &outcome.solutions[1], "{}", name);
            }
            status => prop_assert!(
                false,
                "{}: a puzzle made from a grid ended {}",
                name,
                status
            ),
        }
        statuses.push(outcome.status);
    }
    prop_assert!(
        statuses.windows(2).all(|w| w[0] == w[1]),
        "strategies disagree: {:?}",
        statuses
    );
    Ok(())
}

/// Counts the grids that satisfy `rules` without any cleverness: every digit in every cell in
/// reading order, each checked against the cells already filled in its row, column and
/// block; relations are checked on complete grids.
fn brute_force_count(rules: &Rules) -> u64 {
    fn fill(rules: &Rules, grid: &mut [u8], at: usize) -> u64 {
        let n = rules.size;
        if at == n * n {
            return u64::from(rules.check(grid).is_ok());
        }
        let (r, c) = (at / n, at % n);
        let same_block = |i: usize| match rules.block {
            Some((br, bc)) => i / n / br == r / br && i % n / bc == c / bc,
            None => false,
        };
        let mut count = 0;
        for d in 1..=n as u8 {
            let given = rules.givens[at];
            if given != 0 && given != d {
                continue;
            }
            let clash =
                (0..at).any(|i| grid[i] == d && (i / n == r || i % n == c || same_block(i)));
            if !clash {
                grid[at] = d;
                count += fill(rules, grid, at + 1);
                grid[at] = 0;
            }
        }
        count
    }
    let mut grid = vec![0u8; rules.size * rules.size];
    fill(rules, &mut grid, 0)
}

/// With every strategy, the library's count (up to 10,000) equals the brute force count and
/// its status says the same; a puzzle the library rejects before solving has no solution.
fn check_count(puzzle: &Puzzle) -> Result<(), TestCaseError> {
    let rules = Rules::of(puzzle);
    let expected = brute_force_count(&rules);
    let status = match expected {
        0 => Status::Unsolvable,
        1 => Status::Unique,
        _ => Status::Multiple,
    };
    for (name, strategy) in strategies(puzzle) {
        let outcome = match solve(puzzle, options(10_000, strategy)) {
            Ok(outcome) => outcome,
            Err(problem) => {
                prop_assert_eq!(expected, 0, "rejected ({}) but solvable", problem);
                return Ok(());
            }
        };
        prop_assert_eq!(
            outcome.stats.solutions,
            expected,
            "{}: {}",
            name,
            outcome.status
        );
        prop_assert_eq!(outcome.status, status, "{}", name);
        prop_assert_eq!(outcome.solutions.len() as u64, expected.min(2), "{}", name);
        for solution in &outcome.solutions {
            prop_assert_eq!(rules.check(solution), Ok(()), "{}", name);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The grids themselves

#[test]
fn the_pattern_grid_is_solved_for_any_block_shape() {
    for (br, bc) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (2, 5),
        (5, 5),
    ] {
        let size = br * bc;
        let rules = Rules {
            size,
            block: Some((br, bc)),
            givens: vec![0; size * size],
            less: Vec::new(),
            markers: Vec::new(),
            negative: Vec::new(),
        };
        assert_eq!(
            rules.check(&pattern_grid(size, (br, bc))),
            Ok(()),
            "{br}×{bc}"
        );
    }
}

#[test]
fn the_verifier_rejects_what_breaks_a_rule() {
    let size = 4;
    let grid = pattern_grid(size, (2, 2));
    let rules = |givens: Vec<u8>, less: Vec<(usize, usize)>| Rules {
        size,
        block: Some((2, 2)),
        givens,
        less,
        markers: Vec::new(),
        negative: Vec::new(),
    };
    let open = rules(vec![0; 16], Vec::new());
    assert_eq!(open.check(&grid), Ok(()));
    // Swapping two cells of a row keeps the row but breaks both columns.
    let mut swapped = grid.clone();
    swapped.swap(0, 1);
    assert!(open.check(&swapped).is_err(), "columns broken");
    // A Latin square that is not a sudoku: the cyclic 4×4 has 1 and 2 twice in a block.
    assert!(open.check(&cyclic_grid(4)).is_err(), "blocks broken");
    let mut zero = grid.clone();
    zero[5] = 0;
    assert!(open.check(&zero).is_err(), "an empty cell");
    let mut given = vec![0; 16];
    given[0] = grid[0] % 4 + 1;
    assert!(
        rules(given, Vec::new()).check(&grid).is_err(),
        "a given changed"
    );
    let (a, b) = if grid[0] < grid[1] { (1, 0) } else { (0, 1) };
    assert!(
        rules(vec![0; 16], vec![(a, b)]).check(&grid).is_err(),
        "a relation broken"
    );
    assert!(open.check(&grid[..15]).is_err(), "a cell missing");
    // Markers: r1c1 and r1c2 hold x and y.
    let (x, y) = (grid[0], grid[1]);
    let marked = |say: Say, negative: Vec<Say>| Rules {
        markers: vec![(0, 1, say)],
        negative,
        ..open.clone()
    };
    assert_eq!(marked(Say::Sum(x + y), vec![]).check(&grid), Ok(()));
    assert!(
        marked(Say::Sum(x + y + 1), vec![]).check(&grid).is_err(),
        "a marker broken"
    );
    let differ = Say::Differ(x.abs_diff(y));
    let unmarked = Rules {
        negative: vec![differ],
        ..open.clone()
    };
    assert!(
        unmarked.check(&grid).is_err(),
        "the negative constraint broken"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn shuffled_grids_are_solved_grids(
        grid in (0..7usize).prop_flat_map(|i| {
            let size = [4, 6, 8, 9, 12, 16, 25][i];
            (Just(size), classic_grid(size))
        }),
        latin in (3..=25usize).prop_flat_map(|size| (Just(size), latin_grid(size))),
    ) {
        let (size, grid) = grid;
        let classic = Rules { size, block: block_shape(size), givens: vec![], less: vec![], markers: vec![], negative: vec![] };
        prop_assert_eq!(classic.check(&grid), Ok(()));
        let (size, latin) = latin;
        let square = Rules { size, block: None, givens: vec![], less: vec![], markers: vec![], negative: vec![] };
        prop_assert_eq!(square.check(&latin), Ok(()));
    }
}

// ---------------------------------------------------------------------------------------------
// Puzzles made from grids

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn small_classic_puzzles_made_from_a_grid_are_solved_consistently_with_it(
        case in cases(Kind::Classic, &[(4, (0, 16)), (6, (0, 36)), (8, (0, 64)), (9, (25, 81))]),
    ) {
        check_against_grid(&case)?;
    }

    #[test]
    fn inequality_puzzles_with_relations_read_off_a_grid_are_solved_consistently_with_it(
        case in cases(Kind::Inequality, &[(4, (0, 2)), (6, (0, 4)), (8, (0, 6)), (9, (0, 9))]),
    ) {
        check_against_grid(&case)?;
    }

    #[test]
    fn futoshiki_puzzles_with_relations_read_off_a_latin_square_are_solved_consistently(
        case in (3..=7usize).prop_flat_map(|size| case(Kind::Futoshiki, size, (0, size))),
    ) {
        check_against_grid(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn large_classic_puzzles_made_from_a_grid_are_solved_consistently_with_it(
        case in cases(Kind::Classic, &[(12, (144 * 45 / 100, 144)), (16, (256 * 55 / 100, 256))]),
    ) {
        check_against_grid(&case)?;
    }

    #[test]
    fn large_inequality_puzzles_made_from_a_grid_are_solved_consistently_with_it(
        case in cases(
            Kind::Inequality,
            &[(12, (144 * 30 / 100, 144)), (16, (256 * 45 / 100, 256))],
        ),
    ) {
        check_against_grid(&case)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn twenty_five_by_twenty_five_puzzles_made_from_a_grid_are_solved_consistently_with_it(
        case in case(Kind::Classic, 25, (625 * 70 / 100, 625)),
    ) {
        check_against_grid(&case)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Counting against brute force

/// A 4×4 (or 3×3 for Futoshiki) puzzle with arbitrary givens and relations, which may break
/// every rule: equal givens, relation cycles, no solution at all.
fn arbitrary_small_puzzle(kind: Kind, size: usize) -> impl Strategy<Value = Puzzle> {
    let pairs = match kind {
        Kind::Classic => Vec::new(),
        Kind::Inequality | Kind::Futoshiki => adjacent_pairs(size),
        other => panic!("not known to this test: {other:?}"),
    };
    let pair_count = pairs.len();
    (
        vec((0..size * size, 1..=size as u8), 0..=size + 2),
        subsequence(pairs, 0..=pair_count.min(10)),
        vec(any::<bool>(), pair_count),
    )
        .prop_map(move |(givens, pairs, orientations)| {
            let mut grid = vec![0u8; size * size];
            for (cell, digit) in givens {
                grid[cell] = digit;
            }
            let relations = pairs
                .iter()
                .zip(orientations)
                .map(|(&(a, b), less)| Relation::new(Cell::at(a, size), less, Cell::at(b, size)))
                .collect();
            Puzzle::new(kind, size, grid, relations).expect("a well-formed puzzle")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn four_by_four_puzzles_from_a_grid_count_as_many_solutions_as_brute_force(
        case in prop_oneof![
            case(Kind::Classic, 4, (0, 6)),
            case(Kind::Inequality, 4, (0, 3)),
            case(Kind::Futoshiki, 4, (0, 3)),
        ],
    ) {
        check_count(&case.puzzle())?;
    }

    #[test]
    fn arbitrary_small_puzzles_count_as_many_solutions_as_brute_force(
        puzzle in prop_oneof![
            arbitrary_small_puzzle(Kind::Classic, 4),
            arbitrary_small_puzzle(Kind::Inequality, 4),
            arbitrary_small_puzzle(Kind::Futoshiki, 4),
            arbitrary_small_puzzle(Kind::Futoshiki, 3),
        ],
    ) {
        check_count(&puzzle)?;
    }
}
