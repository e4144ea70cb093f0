//! Tests of the marker techniques (marker bound, negative bound, marker pair): each on a
//! board built to show it, with its exact eliminations, markers and sentence; and, on random
//! Kropki and XV puzzles, that no step of theirs removes a digit of the solution.

use super::test_boards::{at, mask, names, removed, set, steps_keep_solution};
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
fn a_black_dot_keeps_only_digits_with_a_double_or_a_half() {
    let p = marked(&[("r1c1", MarkerKind::BLACK, "r1c2")], &[]);
    let b = Board::empty(&p);
    let step = Technique::MarkerBound.find(&b).unwrap();
    // r1c2 is full, yet 5, 7 and 9 have no double or half from 1 to 9.
    assert_eq!(removed(&step), names(&[("r1c1", &[5, 7, 9])]));
    assert_eq!(step.markers, [0]);
    assert_eq!(step.cells, [at("r1c2"), at("r1c1")]);
    assert_eq!(
        sentence(&step, &b),
        "r1c1 and r1c2 are joined by a black dot: no digit from 1 to 9 goes with 5, 7 or 9 across a black dot, so r1c1 loses 5, 7 and 9."
    );
}

#[test]
fn a_white_dot_beside_three_and_four_leaves_two_to_five() {
    let p = marked(&[("r4c5", MarkerKind::WHITE, "r4c6")], &[]);
    let mut b = Board::empty(&p);
    set(&mut b, &[("r4c5", &[3, 4])]);
    let step = Technique::MarkerBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r4c6", &[1, 6, 7, 8, 9])]));
    b.eliminate(at("r4c6"), mask(&[1, 6, 7, 8, 9]));
    // Back the other way: r4c6 is {2, 3, 4, 5} and r4c5 keeps {3, 4}: nothing more.
    assert!(Technique::MarkerBound.find(&b).is_none());
    // With 5 and 7 gone from r4c6, 6 has no partner left there, so it leaves r4c5.
    let mut b = Board::empty(&p);
    set(&mut b, &[("r4c6", &[1, 2, 3, 4, 6, 8, 9])]);
    let step = Technique::MarkerBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r4c5", &[6])]));
    assert_eq!(
        sentence(&step, &b),
        "r4c5 and r4c6 are joined by a white dot: r4c6 has no 5 or 7 left, so 6 leaves r4c5."
    );
}

#[test]
fn an_x_and_a_v_bound_their_partners() {
    let p = marked(
        &[
            ("r1c1", MarkerKind::X, "r1c2"),
            ("r2c1", MarkerKind::V, "r2c2"),
        ],
        &[],
    );
    let b = Board::empty(&p);
    // X: 5 has no partner (5 + 5 in one row is no pair of different digits); V: 5 and above.
    let step = Technique::MarkerBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r1c1", &[5])]));
    let mut b = b;
    b.eliminate(at("r1c2"), mask(&[5]));
    b.eliminate(at("r1c1"), mask(&[5]));
    let step = Technique::MarkerBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r2c1", &[5, 6, 7, 8, 9])]));
    assert_eq!(step.markers, [1]);
}

#[test]
fn a_placed_five_under_negative_white_takes_four_and_six_from_its_neighbours() {
    let p = marked(&[("r5c5", MarkerKind::WHITE, "r5c6")], &[MarkerKind::WHITE]);
    let mut b = Board::empty(&p);
    b.place(at("r5c5"), 5).unwrap();
    // Marker bound first: r5c6 beside the dot keeps 4 and 6.
    let step = Technique::MarkerBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r5c6", &[1, 2, 3, 7, 8, 9])]));
    // The unmarked neighbours lose 4 and 6 (5 left already, as a peer), the first in
    // reading order being r4c5 (the pair r4c5–r5c5).
    let step = Technique::NegativeBound.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r4c5", &[4, 6])]));
    assert_eq!(step.cells, [at("r5c5"), at("r4c5")]);
    let rule = &b.markers()[step.markers[0]];
    assert_eq!((rule.a, rule.b), (at("r4c5"), at("r5c5")));
    assert_eq!(
        sentence(&step, &b),
        "No white dot joins r4c5 and r5c5, so by the negative constraint they are not consecutive: r5c5 holds 5, so r4c5 loses 4 and 6."
    );
}

#[test]
fn negative_x_and_v_and_black_remove_the_related_digit() {
    // One candidate left beside an unmarked pair: the digit it is related to leaves.
    for (kind, left, gone) in [
        (MarkerKind::X, 3u8, vec![7u8]),
        (MarkerKind::V, 1, vec![4]),
        (MarkerKind::BLACK, 4, vec![2, 8]),
    ] {
        let p = marked(&[], &[kind]);
        let mut b = Board::empty(&p);
        set(&mut b, &[("r1c1", &[left])]);
        let step = Technique::NegativeBound.find(&b).unwrap();
        // r1c1 and r1c2 see each other: the digit itself goes too.
        let mut expected = gone.clone();
        expected.push(left);
        expected.sort();
        assert_eq!(removed(&step), names(&[("r1c2", &expected)]), "{kind}");
    }
}

#[test]
fn the_middle_of_three_white_dots_in_a_row_is_neither_one_nor_nine() {
    let p = marked(
        &[
            ("r4c4", MarkerKind::WHITE, "r4c5"),
            ("r4c5", MarkerKind::WHITE, "r4c6"),
        ],
        &[],
    );
    let b = Board::empty(&p);
    assert!(Technique::MarkerBound.find(&b).is_none());
    let step = Technique::MarkerPair.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r4c5", &[1, 9])]));
    assert_eq!(step.cells, [at("r4c5"), at("r4c4"), at("r4c6")]);
    assert_eq!(step.markers, [0, 1]);
    assert_eq!(step.houses, [3]);
    assert_eq!(
        sentence(&step, &b),
        "r4c5 is joined to r4c4 by a white dot and to r4c6 by a white dot; r4c4 and r4c6 see each other in row 4, so they hold different digits: 1 in r4c5 would need 2 in both, 9 would need 8 in both, so r4c5 loses 1 and 9."
    );
}

#[test]
fn a_cell_between_two_black_dots_of_a_house_is_not_one() {
    // r1c1 joined by black dots to r1c2 and r2c1, which share block 1. The bounds first.
    let p = marked(
        &[
            ("r1c1", MarkerKind::BLACK, "r1c2"),
            ("r1c1", MarkerKind::BLACK, "r2c1"),
        ],
        &[],
    );
    let mut b = Board::empty(&p);
    for c in ["r1c1", "r1c2", "r2c1"] {
        b.eliminate(at(c), mask(&[5, 7, 9]));
    }
    assert!(Technique::MarkerBound.find(&b).is_none());
    let step = Technique::MarkerPair.find(&b).unwrap();
    // 1 needs 2 in both, 3 needs 6, 6 needs 3 and 8 needs 4 (12 and 16 are too big);
    // 2 has 1 and 4, 4 has 2 and 8: they stay.
    assert_eq!(removed(&step), names(&[("r1c1", &[1, 3, 6, 8])]));
    assert_eq!(step.houses, [18]);
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
