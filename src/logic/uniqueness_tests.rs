//! Tests of the uniqueness techniques: each shape built on a board, their soundness on unique
//! puzzles, and the guard that keeps them away from puzzles with several solutions.

use super::test_boards::{at, corpus, empty9, mask, removed, set};
use super::*;
use crate::geometry::Cell;
use crate::puzzle::{Kind, Puzzle, Relation};
use crate::search::{solve, solve_with, EngineKind, Options, Status};

#[test]
fn a_unique_rectangle_of_type_1_clears_its_fourth_corner() {
    let p = empty9();
    let mut b = Board::empty(&p);
    set(
        &mut b,
        &[("r4c4", &[1, 2]), ("r4c7", &[1, 2]), ("r5c4", &[1, 2])],
    );
    let step = Technique::UniqueRectangle.find(&b).unwrap();
    assert_eq!(removed(&step), [("r5c7".to_string(), vec![1, 2])]);
    let text = sentence(&step, &b);
    assert!(text.contains("r4c4, r4c7, r5c4 and r5c7"), "{text}");
    assert!(
        text.contains("type 1: relies on the puzzle having one solution"),
        "{text}"
    );
}

#[test]
fn a_unique_rectangle_of_type_2_clears_what_sees_both_roof_cells() {
    let p = empty9();
    let mut b = Board::empty(&p);
    set(
        &mut b,
        &[
            ("r4c4", &[1, 2]),
            ("r4c7", &[1, 2]),
            ("r5c4", &[1, 2, 3]),
            ("r5c7", &[1, 2, 3]),
        ],
    );
    let step = Technique::UniqueRectangle.find(&b).unwrap();
    let expected: Vec<(String, Vec<u8>)> = [1, 2, 3, 5, 6, 8, 9]
        .iter()
        .map(|c| (format!("r5c{c}"), vec![3]))
        .collect();
    assert_eq!(removed(&step), expected);
    assert!(sentence(&step, &b).contains("type 2"));
}

#[test]
fn a_unique_rectangle_of_type_4_clears_the_other_digit_from_its_roof() {
    let p = empty9();
    let mut b = Board::empty(&p);
    set(&mut b, &[("r4c4", &[1, 2]), ("r4c7", &[1, 2])]);
    for c in 1..=9 {
        if c != 4 && c != 7 {
            b.eliminate(at(&format!("r5c{c}")), 1);
        }
    }
    let step = Technique::UniqueRectangle.find(&b).unwrap();
    assert_eq!(
        removed(&step),
        [("r5c4".to_string(), vec![2]), ("r5c7".to_string(), vec![2])]
    );
    assert!(sentence(&step, &b).contains("type 4"));
}

#[test]
fn a_rectangle_over_four_blocks_or_touched_by_a_relation_is_no_unique_rectangle() {
    let p = empty9();
    let mut b = Board::empty(&p);
    // r1, r4 × c1, c4: four blocks, the swap would break them.
    set(
        &mut b,
        &[("r1c1", &[1, 2]), ("r1c4", &[1, 2]), ("r4c1", &[1, 2])],
    );
    assert_eq!(Technique::UniqueRectangle.find(&b), None);
    // A relation on one corner: the swap could break it.
    let relation = Relation::new(Cell::at(at("r4c4"), 9), true, Cell::at(at("r3c4"), 9));
    let p = Puzzle::new(Kind::Inequality, 9, vec![0; 81], vec![relation]).unwrap();
    let mut b = Board::empty(&p);
    set(
        &mut b,
        &[("r4c4", &[1, 2]), ("r4c7", &[1, 2]), ("r5c4", &[1, 2])],
    );
    assert_eq!(Technique::UniqueRectangle.find(&b), None);
}

/// Runs the techniques with uniqueness on unique puzzles, checking every step against the
/// solution; returns how often each uniqueness technique stepped.
fn check(puzzles: &[Puzzle]) -> [usize; 2] {
    let mut used = [0; 2];
    let allowed = Techniques::ALL.with_uniqueness();
    for puzzle in puzzles {
        let outcome = solve(puzzle, Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique);
        let solution = &outcome.solutions[0];
        let mut board = Board::new(puzzle).unwrap();
        let ending = solve_steps(&mut board, allowed, 10_000, |step, board| {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution[cell], digit, "{step:?}");
            }
            for &(cell, digits) in &step.eliminations {
                assert!(!digits.contains(solution[cell]), "{step:?}");
            }
            match step.technique {
                Technique::UniqueRectangle => used[0] += 1,
                Technique::BugPlusOne => used[1] += 1,
                _ => return,
            }
            let text = sentence(step, board);
            assert!(
                text.contains("relies on the puzzle having one solution"),
                "{text}"
            );
        });
        assert_ne!(ending, Ending::Broken);
    }
    used
}

#[test]
fn no_uniqueness_step_removes_a_digit_of_the_solution() {
    let mut puzzles = corpus("bench9/puzzles3_magictour_top1465", 300);
    puzzles.extend(corpus("bench9/puzzles6_forum_hardest_1106", 100));
    let used = check(&puzzles);
    eprintln!("unique rectangles {}, BUG+1 {}", used[0], used[1]);
    assert!(used[0] > 0, "no unique rectangle on the corpus");
}

/// A solution grid with the four cells of a deadly rectangle blanked (and the placements
/// of one more digit around a corner, so the corner keeps a third candidate): two solutions.
fn two_solutions() -> Option<(Puzzle, usize)> {
    for puzzle in corpus("bench9/puzzles3_magictour_top1465", 50) {
        let s = solve(&puzzle, Options::default()).unwrap().solutions[0].clone();
        let g = crate::geometry::Geometry::classic(9).unwrap();
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        let blocks: std::collections::BTreeSet<_> =
                            cells.iter().filter_map(|&c| g.block_of(c)).collect();
                        if blocks.len() != 2
                            || s[cells[0]] != s[cells[3]]
                            || s[cells[1]] != s[cells[2]]
                        {
                            continue;
                        }
                        let mut givens = s.clone();
                        let corner = cells[3];
                        let third = s[(r2 * 9 + (c2 + 1) % 9)..].first().copied()?;
                        for &c in &cells {
                            givens[c] = 0;
                        }
                        for &peer in g.peers(corner) {
                            if s[peer as usize] == third {
                                givens[peer as usize] = 0;
                            }
                        }
                        let p = Puzzle::classic(givens).unwrap();
                        let board = Board::new(&p).unwrap();
                        if solve(&p, Options::default()).unwrap().status == Status::Multiple
                            && Technique::UniqueRectangle.find(&board).is_some()
                        {
                            return Some((p, corner));
                        }
                    }
                }
            }
        }
    }
    None
}

#[test]
fn a_puzzle_with_several_solutions_gets_no_uniqueness_step() {
    assert!(!Techniques::ALL.assumes_uniqueness());
    assert!(!Techniques::up_to(100).assumes_uniqueness());
    assert!(Techniques::ALL.with_uniqueness().assumes_uniqueness());
    assert!(!Techniques::up_to(44).with_uniqueness().assumes_uniqueness());
    let (p, _) = two_solutions().expect("a deadly rectangle in some solution");
    // The grade (as a caller that has not checked uniqueness asks for it): no UR, no BUG.
    let g = grade(&p, Techniques::ALL);
    assert_eq!(g.steps[Technique::UniqueRectangle as usize], 0);
    assert_eq!(g.steps[Technique::BugPlusOne as usize], 0);
    // The hint refuses a puzzle with several solutions.
    assert!(hint(&p, &PlayerState::default()).is_err());
    // The logic engine still finds both solutions.
    let options = Options {
        solution_limit: 2,
        ..Options::default()
    };
    let outcome = solve_with(EngineKind::Logic, &p, options).unwrap();
    assert_eq!(outcome.solutions.len(), 2);
}

#[test]
fn a_hidden_rectangle_clears_the_corner_across_from_its_bivalue_corner() {
    // r4c4 holds only 1 and 2; every corner holds both. In row 5 and column 7 (the lines of
    // r5c7, across from r4c4) 1 has no place outside the rectangle: were r5c7 2, r5c4 and
    // r4c7 would be 1 and r4c4 2 — a swappable pattern. So r5c7 is not 2.
    let p = empty9();
    let mut b = Board::empty(&p);
    set(
        &mut b,
        &[
            ("r4c4", &[1, 2]),
            ("r4c7", &[1, 2, 3]),
            ("r5c4", &[1, 2, 4]),
            ("r5c7", &[1, 2, 5, 6]),
        ],
    );
    for c in [1, 2, 3, 5, 6, 8, 9] {
        let cell = format!("r5c{c}");
        b.restrict(at(&cell), b.candidates(at(&cell)) & !mask(&[1]));
    }
    for r in [1, 2, 3, 6, 7, 8, 9] {
        let cell = format!("r{r}c7");
        b.restrict(at(&cell), b.candidates(at(&cell)) & !mask(&[1]));
    }
    let step = Technique::UniqueRectangle.find(&b).unwrap();
    assert_eq!(removed(&step), [("r5c7".to_string(), vec![2])]);
    let text = sentence(&step, &b);
    assert!(
        text.starts_with("r4c4 holds only 1 and 2, and in row 5 and column 7 the only places of 1"),
        "{text}"
    );
    assert!(
        text.contains("Were r5c7 2, r4c7 and r5c4 would be 1"),
        "{text}"
    );
    assert!(text.contains("hidden rectangle"), "{text}");
    // Without the confinement in column 7 there is no hidden rectangle (and no other type).
    let mut other = Board::empty(&p);
    set(
        &mut other,
        &[
            ("r4c4", &[1, 2]),
            ("r4c7", &[1, 2, 3]),
            ("r5c4", &[1, 2, 4]),
            ("r5c7", &[1, 2, 5, 6]),
        ],
    );
    for c in [1, 2, 3, 5, 6, 8, 9] {
        let cell = format!("r5c{c}");
        other.restrict(at(&cell), other.candidates(at(&cell)) & !mask(&[1]));
    }
    assert!(Technique::UniqueRectangle.find(&other).is_none());
}
