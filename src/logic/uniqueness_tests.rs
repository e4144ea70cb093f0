//! Tests of the uniqueness techniques: shapes built on a board (with
//! tests/fixtures/techniques/uniqueness.json), their soundness on unique puzzles, and the
//! guard that keeps them away from puzzles with several solutions.

use super::test_boards::{at, board_with, corpus, hardest, set, shown, steps_keep_solution};
use super::view::View;
use super::*;
use crate::geometry::Cell;
use crate::puzzle::{Kind, Puzzle, Relation};
use crate::search::{solve, solve_with, EngineKind, Options, Status};

#[test]
fn a_rectangle_over_four_blocks_or_touched_by_a_relation_is_no_unique_rectangle() {
    // r1, r4 × c1, c4: four blocks, the swap would break them.
    let b = board_with(
        &[],
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
/// solution; returns how often each uniqueness technique stepped, by the kind its sentence
/// names ("unique rectangle, type 3", "avoidable rectangle, type 1", "BUG+1").
fn check(puzzles: &[Puzzle]) -> std::collections::BTreeMap<String, usize> {
    let mut used = std::collections::BTreeMap::new();
    let allowed = Techniques::ALL.with_uniqueness();
    for puzzle in puzzles {
        steps_keep_solution(puzzle, allowed, |step, board, _| {
            if !step.technique.relies_on_uniqueness() {
                return;
            }
            let text = sentence(step, board);
            let kind = text
                .strip_suffix(": relies on the puzzle having one solution).")
                .and_then(|t| t.rsplit_once(" ("))
                .unwrap_or_else(|| panic!("{text}"))
                .1;
            *used.entry(kind.to_string()).or_insert(0) += 1;
        });
    }
    used
}

#[test]
fn no_uniqueness_step_removes_a_digit_of_the_solution() {
    let used = check(&hardest(300, 100));
    eprintln!("{used:?}");
    let rectangles: usize = (used.iter())
        .filter(|(kind, _)| kind.contains("rectangle"))
        .map(|(_, n)| n)
        .sum();
    assert!(rectangles > 0, "no unique rectangle on the corpus");
    // Types 4, 5 and 6 and the avoidable rectangle of type 2 step on none of these (nor on
    // all of top1465 and forum_hardest): the fixtures show them.
    for kind in ["unique rectangle, type 3", "avoidable rectangle, type 1"] {
        assert!(
            used.get(kind).is_some_and(|&n| n > 0),
            "no {kind} on the corpus"
        );
    }
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
fn without_its_confinement_in_a_column_there_is_no_hidden_rectangle() {
    // The hidden rectangle of the fixture, with 1 confined in row 5 only: no rectangle of
    // any type.
    let corners: &[(&str, &[u8])] = &[
        ("r4c4", &[1, 2]),
        ("r4c7", &[1, 2, 3]),
        ("r5c4", &[1, 2, 4]),
        ("r5c7", &[1, 2, 5, 6]),
    ];
    let other = board_with(&[(1, "r5", &["r5c4", "r5c7"])], corners);
    assert!(Technique::UniqueRectangle.find(&other).is_none());
}

#[test]
fn a_rectangle_with_a_given_corner_is_no_avoidable_rectangle() {
    // The avoidable rectangle of the fixture, with r4c4's 1 given: swapping would change a
    // given, so r5c7 may well be 1.
    let mut givens = vec![0; 81];
    givens[at("r4c4")] = 1;
    let mut b = Board::new(&Puzzle::classic(givens).unwrap()).unwrap();
    b.place(at("r4c7"), 2).unwrap();
    b.place(at("r5c4"), 2).unwrap();
    assert_eq!(Technique::UniqueRectangle.find(&b), None);
}

/// In Sudoku Explainer's forms (the grade) only the rectangles SE 1.2.1 has step: types 1
/// to 4 (2 with 5), each as the hints find it; the hidden rectangle, type 6 and the
/// avoidable rectangle do not (SE proves their steps by chains, which the grade rates so).
#[test]
fn the_grade_takes_only_the_rectangles_sudoku_explainer_has() {
    let (mut kept, mut left) = (0, 0);
    for case in shown("uniqueness") {
        if case.technique != "unique_rectangle" {
            continue;
        }
        let (board, step) = case.check();
        let mut view = View::new(&board);
        view.explainer_forms = true;
        let graded = uniqueness::unique_rectangle(&view);
        let other = ["hidden rectangle", "type 6", "avoidable"];
        if other.iter().any(|k| case.name.contains(k)) {
            assert_eq!(graded, None, "{}", case.name);
            left += 1;
        } else {
            assert_eq!(graded, Some(step), "{}", case.name);
            kept += 1;
        }
    }
    assert!(kept >= 4 && left >= 3, "{kept} {left}");
}
