//! The generator's puzzles with markers between cells — Kropki and XV sudoku, Kropki Latin
//! squares — keep their promises: unique (counted by two engines), every marker true of the
//! solution and, with the negative constraint, every marker the solution has drawn (checked
//! here from the digits, not by the crate's validator), the markers needed, the same seed
//! giving the same puzzle.

use super::*;
use crate::logic::{grade, Level, Technique, Techniques};
use crate::puzzle::{Kind, MarkerKind, Puzzle};
use crate::search::{solve_with, EngineKind, Options, Status};

fn status_by(engine: EngineKind, puzzle: &Puzzle) -> Status {
    solve_with(engine, puzzle, Options::default())
        .expect("a generated puzzle is valid")
        .status
}

fn request(kind: Kind, size: usize, markers: Markers, negative: bool, seed: u64) -> Request {
    Request {
        seed,
        markers,
        negative,
        ..Request::new(kind, size)
    }
}

/// Which of the family's relations digits `x` and `y` have, worked out here: consecutive
/// and double for Kropki, sums of ten and five for XV.
fn related(family: Markers, x: u8, y: u8) -> Vec<MarkerKind> {
    let mut found = Vec::new();
    match family {
        Markers::Kropki => {
            if x + 1 == y || y + 1 == x {
                found.push(MarkerKind::WHITE);
            }
            if x * 2 == y || y * 2 == x {
                found.push(MarkerKind::BLACK);
            }
        }
        Markers::Xv => {
            if x + y == 10 {
                found.push(MarkerKind::X);
            }
            if x + y == 5 {
                found.push(MarkerKind::V);
            }
        }
        Markers::None => {}
    }
    found
}

/// Every promise of a generated marker puzzle, `naive` counting too when small.
fn assert_keeps_promises(g: &Generated, family: Markers, negative: bool) {
    let p = &g.puzzle;
    let n = p.size();
    let what = format!("{p:?}");
    assert_eq!(
        status_by(EngineKind::Propagate, p),
        Status::Unique,
        "{what}"
    );
    // The second count: `naive` up to 6×6; at 9×9 `logic` with the negative constraint
    // (both run into their node limits on a 9×9 that keeps only a few of its dots, where
    // `propagate` needs a few hundred guesses).
    let second = match (n <= 6, negative) {
        (true, _) => Some(EngineKind::Naive),
        (false, true) => Some(EngineKind::Logic),
        (false, false) => None,
    };
    if let Some(engine) = second {
        assert_eq!(status_by(engine, p), Status::Unique, "{what}");
    }
    assert!(p.relations().is_empty(), "{what}");
    assert!(!p.markers().is_empty(), "{what}");
    assert!(p
        .givens()
        .iter()
        .zip(&g.solution)
        .all(|(&given, &s)| given == 0 || given == s));
    let digit = |c: crate::geometry::Cell| g.solution[c.index(n)];
    for m in p.markers() {
        let (x, y) = (digit(m.a), digit(m.b));
        assert!(
            related(family, x, y).contains(&m.kind),
            "{m} on {x} and {y}: {what}"
        );
    }
    let expected: Vec<MarkerKind> = if negative {
        family.kinds().to_vec()
    } else {
        vec![]
    };
    assert_eq!(p.negative(), sorted(expected).as_slice(), "{what}");
    if negative {
        // Every adjacent pair the solution relates has its marker; no other pair has one.
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                let (ca, cb) = (
                    crate::geometry::Cell::at(a, n),
                    crate::geometry::Cell::at(b, n),
                );
                let marked = p.markers().iter().any(|m| m.a == ca && m.b == cb);
                let relation = !related(family, g.solution[a], g.solution[b]).is_empty();
                assert_eq!(marked, relation, "{ca}–{cb}: {what}");
            }
        }
    }
    // The markers are needed: the givens alone leave a second solution.
    let plain = Puzzle::new(p.kind(), n, p.givens().to_vec(), vec![]).unwrap();
    assert_eq!(
        status_by(EngineKind::Propagate, &plain),
        Status::Multiple,
        "{what}"
    );
    assert_eq!(grade(p, Techniques::GRADED.with_uniqueness()), g.grade);
}

fn sorted(mut kinds: Vec<MarkerKind>) -> Vec<MarkerKind> {
    kinds.sort();
    kinds
}

#[test]
fn kropki_and_xv_sudoku_and_kropki_latin_squares_are_unique_with_true_markers() {
    let shapes = [
        (Kind::Classic, 4, Markers::Kropki),
        (Kind::Classic, 6, Markers::Kropki),
        (Kind::Classic, 9, Markers::Kropki),
        (Kind::Classic, 6, Markers::Xv),
        (Kind::Classic, 9, Markers::Xv),
        (Kind::Futoshiki, 5, Markers::Kropki),
        (Kind::Futoshiki, 6, Markers::Xv),
    ];
    for (kind, size, family) in shapes {
        for negative in [true, false] {
            let r = request(kind, size, family, negative, 7);
            for g in generate(&r, 2).unwrap() {
                assert_keeps_promises(&g, family, negative);
            }
        }
    }
}

#[test]
fn without_the_negative_constraint_markers_are_taken_away_too() {
    // Every marker the solution has would be twenty or more on a 6×6; a few are left.
    let r = request(Kind::Classic, 6, Markers::Kropki, false, 3);
    let all = request(Kind::Classic, 6, Markers::Kropki, true, 3);
    let (some, every) = (generate(&r, 1).unwrap(), generate(&all, 1).unwrap());
    assert!(some[0].puzzle.markers().len() < every[0].puzzle.markers().len());
    assert!(some[0].puzzle.negative().is_empty());
}

#[test]
fn a_minimal_marker_puzzle_loses_uniqueness_without_any_clue() {
    let mut r = request(Kind::Classic, 6, Markers::Xv, false, 2);
    r.minimal = true;
    let g = generate(&r, 1).unwrap().remove(0);
    assert_keeps_promises(&g, Markers::Xv, false);
    let p = &g.puzzle;
    for k in 0..p.markers().len() {
        let mut less = p.markers().to_vec();
        less.remove(k);
        let q = Puzzle::new(p.kind(), p.size(), p.givens().to_vec(), vec![])
            .and_then(|q| q.with_markers(less, vec![]))
            .unwrap();
        assert_eq!(
            status_by(EngineKind::Propagate, &q),
            Status::Multiple,
            "marker {k}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_marker_puzzle() {
    for negative in [true, false] {
        let r = request(Kind::Classic, 6, Markers::Kropki, negative, 5);
        let a = generate(&r, 2).unwrap();
        assert_eq!(a, generate(&r, 2).unwrap());
        let other = request(Kind::Classic, 6, Markers::Kropki, negative, 6);
        assert_ne!(a[0].puzzle, generate(&other, 1).unwrap()[0].puzzle);
    }
}

#[test]
fn a_symmetric_marker_request_gives_symmetric_givens() {
    let mut r = request(Kind::Classic, 6, Markers::Kropki, true, 4);
    r.symmetry = Symmetry::Rotational;
    let g = generate(&r, 1).unwrap().remove(0);
    let givens = g.puzzle.givens();
    for c in 0..36 {
        assert_eq!(givens[c] != 0, givens[35 - c] != 0, "{c}");
    }
}

#[test]
fn marker_puzzles_are_made_at_the_level_asked_through_the_marker_techniques() {
    // Kropki and XV, with and without the negative constraint, easy and medium on 6×6 and
    // 9×9: each unique, graded at its level, and the grade rests on a marker technique
    // (without them the techniques stop: the markers are needed).
    let (marker_techniques, without): (Vec<Technique>, Vec<Technique>) =
        Technique::ALL.into_iter().partition(|t| t.uses_markers());
    for (size, family, negative, level) in [
        (6, Markers::Kropki, true, Level::Easy),
        (6, Markers::Kropki, false, Level::Medium),
        (9, Markers::Kropki, true, Level::Easy),
        (9, Markers::Xv, false, Level::Easy),
        (9, Markers::Xv, true, Level::Medium),
    ] {
        let mut r = request(Kind::Classic, size, family, negative, 1);
        r.level = Some(level);
        let g = generate(&r, 1).unwrap().remove(0);
        assert_keeps_promises(&g, family, negative);
        assert_eq!(g.grade.level, level, "{:?}", g.puzzle);
        assert_eq!(
            grade(&g.puzzle, Techniques::GRADED.with_uniqueness()).level,
            level
        );
        let used: u32 = marker_techniques
            .iter()
            .map(|&t| g.grade.steps[t as usize])
            .sum();
        assert!(used > 0, "{:?}", g.grade);
        let plain = grade(&g.puzzle, Techniques::only(&without));
        assert_eq!(plain.level, Level::Guessing, "{:?}", g.puzzle);
    }
}

#[test]
fn impossible_marker_requests_are_refused_with_the_option_named() {
    let bad = |change: fn(&mut Request)| {
        let mut r = request(Kind::Classic, 9, Markers::Kropki, false, 1);
        change(&mut r);
        Generator::new(r).err().expect("refused").message
    };
    assert!(bad(|r| {
        r.markers = Markers::Xv;
        r.size = 4;
    })
    .contains("an X"));
    assert!(bad(|r| r.kind = Kind::Inequality).contains("not inequality"));
    assert!(bad(|r| r.relations = Some(Relations::Adjacent)).contains("without inequality"));
    assert!(bad(|r| {
        r.markers = Markers::None;
        r.negative = true;
    })
    .contains("needs markers"));
    // Markers alone, no givens, is a fair request (a Kropki sudoku often has none).
    let mut r = request(Kind::Classic, 4, Markers::Kropki, true, 1);
    r.no_givens = true;
    let g = generate(&r, 1).unwrap().remove(0);
    assert!(g.puzzle.givens().iter().all(|&d| d == 0));
}
