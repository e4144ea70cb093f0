//! Unit tests of validation: each problem found and named with its cells, and answers
//! checked without the solver.

use super::*;
use crate::puzzle::{Kind, Relation};

fn rel(a: &str, less: bool, b: &str) -> Relation {
    Relation::new(Cell::parse(a).unwrap(), less, Cell::parse(b).unwrap())
}

fn nine(givens: &[(usize, u8)], relations: Vec<Relation>) -> Puzzle {
    let mut g = vec![0u8; 81];
    for &(i, d) in givens {
        g[i] = d;
    }
    let kind = if relations.is_empty() {
        Kind::Classic
    } else {
        Kind::Inequality
    };
    Puzzle::new(kind, 9, g, relations).unwrap()
}

#[test]
fn equal_givens_in_a_row_name_both_cells() {
    let p = nine(&[(18, 5), (24, 5)], vec![]);
    let problem = p.validate().unwrap_err();
    assert_eq!(problem.message, "r3c1 and r3c7 are both 5 in row 3");
    assert_eq!(problem.cells, vec![Cell::new(2, 0), Cell::new(2, 6)]);
}

#[test]
fn equal_givens_sharing_row_and_block_are_reported_once() {
    let p = nine(&[(0, 7), (1, 7)], vec![]);
    assert_eq!(p.problems().len(), 1);
}

#[test]
fn a_nine_beside_a_larger_neighbour_is_reported() {
    let p = nine(&[(0, 9)], vec![rel("r1c1", true, "r1c2")]);
    let problem = p.validate().unwrap_err();
    assert_eq!(
        problem.message,
        "r1c1 is 9, but r1c1 < r1c2 needs at most 8 there"
    );
    assert_eq!(p.problems().len(), 1);
}

/// Relations in a chain, each cell less than the next.
fn ascending(cells: &[&str]) -> Vec<Relation> {
    cells.windows(2).map(|w| rel(w[0], true, w[1])).collect()
}

#[test]
fn relations_the_digits_cannot_keep_are_reported_with_their_chain() {
    // A 5×5 Futoshiki with r1c1 < r1c2 < r1c3.
    let five = |givens: &[(usize, u8)]| {
        let mut g = vec![0; 25];
        for &(i, d) in givens {
            g[i] = d;
        }
        Puzzle::new(Kind::Futoshiki, 5, g, ascending(&["r1c1", "r1c2", "r1c3"])).unwrap()
    };
    // (case, puzzle, message, the number of cells named where the case says)
    for (case, p, message, cells) in [
        (
            "a cycle is printed as a chain back to its start",
            nine(&[], ascending(&["r1c1", "r1c2", "r2c2", "r2c1", "r1c1"])),
            "the relations form a cycle: r1c1 < r1c2 < r2c2 < r2c1 < r1c1",
            Some(4),
        ),
        (
            "two givens against their relation",
            nine(&[(0, 5), (1, 3)], vec![rel("r1c1", true, "r1c2")]),
            "r1c2 is 3, but r1c1=5 < r1c2 needs at least 6 there",
            None,
        ),
        (
            // A snake through rows 1 and 2 of a 4×4 grid: 5 cells in increasing order.
            "a chain longer than the digits",
            Puzzle::new(
                Kind::Futoshiki,
                4,
                vec![0; 16],
                ascending(&["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"]),
            )
            .unwrap(),
            "r1c1 < r1c2 < r1c3 < r1c4 < r2c4 is a chain of 5 cells, longer than the 4 digits allow",
            None,
        ),
        (
            "a given below its chain is reported at the given",
            five(&[(0, 3), (2, 4)]),
            "r1c3 is 4, but r1c1=3 < r1c2 < r1c3 needs at least 5 there",
            Some(3),
        ),
        (
            "a given above its chain is reported at the given",
            five(&[(0, 4)]),
            "r1c1 is 4, but r1c1 < r1c2 < r1c3 needs at most 3 there",
            None,
        ),
    ] {
        let Err(problem) = p.validate() else {
            panic!("{case}: no problem found");
        };
        assert_eq!(problem.message, message, "{case}");
        if let Some(cells) = cells {
            assert_eq!(problem.cells.len(), cells, "{case}");
        }
    }
}

/// A solved classic grid of size `n` with `br`×`bc` blocks: row r is row 0 shifted.
fn solved(n: usize, br: usize, bc: usize) -> Vec<u8> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((r % br * bc + r / br + c) % n + 1) as u8
        })
        .collect()
}

/// An answer by the definition, cell by cell and house by house.
fn is_answer_by_definition(p: &Puzzle, grid: &[u8]) -> bool {
    let n = p.size();
    let g = p.geometry();
    grid.iter()
        .zip(p.givens())
        .all(|(&d, &given)| (1..=n as u8).contains(&d) && (given == 0 || given == d))
        && (0..g.house_count()).all(|h| {
            let mut digits: Vec<u8> = g.house(h).iter().map(|&c| grid[c as usize]).collect();
            digits.sort_unstable();
            digits.dedup();
            digits.len() == n
        })
}

#[test]
fn answer_check_agrees_with_the_definition_on_every_change_of_a_solved_grid() {
    for (n, br, bc) in [(9, 3, 3), (16, 4, 4), (6, 2, 3), (4, 2, 2)] {
        let answer = solved(n, br, bc);
        let mut givens = answer.clone();
        for (i, g) in givens.iter_mut().enumerate() {
            if i % 3 != 0 {
                *g = 0;
            }
        }
        let puzzle = Puzzle::new(Kind::Classic, n, givens, vec![]).unwrap();
        assert!(is_answer_by_definition(&puzzle, &answer), "{n}");
        assert_eq!(puzzle.check_answer(&answer), Ok(()), "{n}");
        let agree = |grid: &[u8], what: &str| {
            let expected = is_answer_by_definition(&puzzle, grid);
            assert_eq!(puzzle.is_answer(grid), expected, "{n}×{n}, {what}");
            assert_eq!(
                puzzle.check_answer(grid).is_ok(),
                expected,
                "{n}×{n}, {what}"
            );
        };
        // Every cell set to every value, in range or not (255 included).
        for i in 0..n * n {
            for v in (0..=n as u8 + 1).chain([31, 32, 255]) {
                let mut grid = answer.clone();
                grid[i] = v;
                agree(&grid, &format!("cell {i} set to {v}"));
            }
        }
        // Every two cells swapped.
        for i in 0..n * n {
            for j in i + 1..n * n {
                let mut grid = answer.clone();
                grid.swap(i, j);
                agree(&grid, &format!("cells {i} and {j} swapped"));
            }
        }
        // A true sudoku that breaks the givens: the digits renamed.
        let renamed: Vec<u8> = answer.iter().map(|&d| d % n as u8 + 1).collect();
        agree(&renamed, "digits renamed");
        // Rows of a Latin square whose blocks are wrong.
        let latin: Vec<u8> = (0..n * n)
            .map(|i| ((i / n + i % n) % n + 1) as u8)
            .collect();
        let free = Puzzle::new(Kind::Classic, n, vec![0; n * n], vec![]).unwrap();
        assert!(
            !free.is_answer(&latin),
            "{n}×{n}: a Latin square with bad blocks"
        );
    }
}

#[test]
fn sound_relations_pass() {
    let p = nine(
        &[(0, 1)],
        vec![rel("r1c1", true, "r1c2"), rel("r1c2", false, "r2c2")],
    );
    assert_eq!(p.problems(), vec![]);
}
