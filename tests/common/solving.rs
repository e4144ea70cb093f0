//! What the solver tests share: cells and relations by name, small puzzles with a known
//! end, samples of the corpora, every strategy by name, and a check of any finished search.

use sudoku_lab::formats::Format;
use sudoku_lab::{Cell, Kind, Outcome, Puzzle, Relation, Status, Strategy};

use super::{assert_solves, puzzles};

pub fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("{name} is not a cell name"))
}

pub fn less(a: &str, b: &str) -> Relation {
    Relation::new(cell(a), true, cell(b))
}

/// A puzzle from `(cell, digit)` givens.
pub fn puzzle_with(
    kind: Kind,
    size: usize,
    givens: &[(&str, u8)],
    relations: Vec<Relation>,
) -> Puzzle {
    let mut grid = vec![0u8; size * size];
    for &(name, digit) in givens {
        grid[cell(name).index(size)] = digit;
    }
    Puzzle::new(kind, size, grid, relations).expect("a well-formed puzzle")
}

/// Checks what every finished search promises, whatever the limit: solutions that verify,
/// as many as the status says, distinct when there are two.
pub fn check_outcome(puzzle: &Puzzle, outcome: &Outcome, what: &str) {
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
        other => panic!("not known to this test: {other:?}"),
    }
    for (i, solution) in outcome.solutions.iter().enumerate() {
        assert_solves(puzzle, solution, &format!("{what}, solution {}", i + 1));
    }
}

/// The strategies a puzzle can be solved with, by name. Every strategy is sound, so all
/// must give the same answers.
pub fn strategies(puzzle: &Puzzle) -> Vec<(&'static str, Option<Strategy>)> {
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

/// Every `step`-th puzzle of a corpus file.
pub fn sample(path: &str, format: Format, step: usize) -> Vec<(String, Puzzle)> {
    puzzles(path, format)
        .into_iter()
        .enumerate()
        .step_by(step)
        .map(|(i, p)| (format!("{path} #{}", i + 1), p))
        .collect()
}

/// The one puzzle at 1-based `number` of a corpus file.
pub fn nth(path: &str, format: Format, number: usize) -> Puzzle {
    puzzles(path, format).swap_remove(number - 1)
}

/// `r1c1 r1c2 / r3c3 r4c3`: a valid 4×4 whose r1c3 has no candidate left (1 and 2 in its
/// row, 3 and 4 in its column), though no house holds a digit twice.
pub fn four_by_four_with_a_dead_cell() -> Puzzle {
    puzzle_with(
        Kind::Classic,
        4,
        &[("r1c1", 1), ("r1c2", 2), ("r3c3", 3), ("r4c3", 4)],
        vec![],
    )
}

/// A 3×3 Futoshiki with no givens whose relations allow one grid only: row 1 and column 1
/// rise, so both are 1 2 3, and the Latin square is fixed from there.
pub fn rising_futoshiki() -> Puzzle {
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
pub fn all_relations_of(grid: &[u8], size: usize) -> Vec<Relation> {
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

pub const ROYLE: &str = "poj3074/royle_sudoku17_first1000.in";
pub const TOP95: &str = "poj3074/norvig_top95.in";
pub const HARDEST: &str = "poj3074/norvig_hardest.in";
pub const POJ3076_SAMPLE: &str = "poj3076/sample.in";
pub const CQOI_MULTI: &str = "cqoi2013/derived/multi/royle17sol_0001_MULTI.in";
