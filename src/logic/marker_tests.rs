//! Tests of the marker techniques (marker bound, negative bound, marker pair): what a board
//! built to show one does beyond its exact eliminations, markers and sentence (those are the
//! cases of tests/fixtures/techniques/markers.json), shapes that make no step, and, on random
//! Kropki and XV puzzles, that no step of theirs removes a digit of the solution.

use super::test_boards::{at, mask, shown_case, steps_keep_solution};
use super::*;
use crate::geometry::Cell;
use crate::puzzle::{Kind, Marker, MarkerKind, Puzzle};

/// An empty 9×9 classic puzzle with `markers` and the negative constraint of `negative`.
fn marked(markers: &[(&str, MarkerKind, &str)], negative: &[MarkerKind]) -> Puzzle {
    let list = markers
        .iter()
        .map(|&(a, k, b)| Marker::new(Cell::parse(a).unwrap(), k, Cell::parse(b).unwrap()))
        .collect();
    Puzzle::new(Kind::Classic, 9, vec![0; 81], vec![])
        .and_then(|p| p.with_markers(list, negative.to_vec()))
        .unwrap()
}

#[test]
fn a_white_dot_beside_three_and_four_bounds_only_one_way() {
    let case = "a white dot beside three and four leaves two to five";
    let (mut b, _) = shown_case("markers", case).check();
    b.eliminate(at("r4c6"), mask(&[1, 6, 7, 8, 9]));
    // Back the other way: r4c6 is {2, 3, 4, 5} and r4c5 keeps {3, 4}: nothing more.
    assert!(Technique::MarkerBound.find(&b).is_none());
}

#[test]
fn a_negative_bound_names_the_unmarked_pair_as_its_rule() {
    let case = "a placed five under negative white takes four and six from its neighbours";
    let (b, step) = shown_case("markers", case).check();
    let rule = &b.markers()[step.markers[0]];
    assert_eq!((rule.a, rule.b), (at("r4c5"), at("r5c5")));
}

#[test]
fn partners_that_do_not_see_each_other_make_no_marker_pair() {
    // r2c2 joined to r1c2 and r3c2 (column 2: they see each other) only with the column
    // dots; to r2c1 and r2c3 by none. Without a shared house nothing follows.
    let p = marked(
        &[
            ("r1c2", MarkerKind::WHITE, "r2c2"),
            ("r2c2", MarkerKind::WHITE, "r2c3"),
        ],
        &[],
    );
    let b = Board::empty(&p);
    // r1c2 and r2c3 share block 1: a marker pair.
    assert!(Technique::MarkerPair.find(&b).is_some());
    let p = marked(
        &[
            ("r3c3", MarkerKind::WHITE, "r3c4"),
            ("r3c4", MarkerKind::WHITE, "r4c4"),
        ],
        &[],
    );
    // r3c3 (block 1) and r4c4 (block 5) share no house.
    assert!(Technique::MarkerPair.find(&Board::empty(&p)).is_none());
}

#[test]
fn marker_techniques_find_nothing_without_markers() {
    let p = Puzzle::classic(vec![0; 81]).unwrap();
    let b = Board::empty(&p);
    for t in Technique::ALL.into_iter().filter(|t| t.uses_markers()) {
        assert!(t.find(&b).is_none(), "{t}");
    }
}

/// Random Kropki and XV sudoku (4×4, 6×6, 9×9, with and without the negative constraint)
/// from the generator: no step of a marker technique removes a digit of the unique
/// solution, and every technique step keeps it.
#[test]
fn marker_steps_never_remove_a_digit_of_the_solution() {
    use crate::generate::{generate, Markers, Request};
    let mut seen = [0usize; Technique::COUNT];
    for (size, family, negative, seeds) in [
        (4, Markers::Kropki, true, 0..12u64),
        (6, Markers::Xv, false, 0..6),
        (6, Markers::Kropki, false, 0..10),
        (6, Markers::Kropki, true, 0..10),
        (6, Markers::Xv, true, 0..10),
        (9, Markers::Kropki, true, 0..4),
        (9, Markers::Kropki, false, 0..3),
        (9, Markers::Xv, true, 0..3),
    ] {
        for seed in seeds {
            let request = Request {
                seed,
                markers: family,
                negative,
                ..Request::new(Kind::Classic, size)
            };
            let g = &generate(&request, 1).unwrap()[0];
            steps_keep_solution(&g.puzzle, Techniques::ALL, |step, _, _| {
                seen[step.technique as usize] += 1;
            });
        }
    }
    for t in Technique::ALL.into_iter().filter(|t| t.uses_markers()) {
        assert!(seen[t as usize] > 0, "{t} never used: {seen:?}");
    }
}
