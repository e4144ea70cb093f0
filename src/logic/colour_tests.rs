//! Tests of simple colours, multi colours and the WXYZ-wing: each shape built on a board with
//! its exact step and sentence, and their soundness on unique puzzles (every state along a
//! solve, each technique asked directly, no step removes a digit of the solution).

use super::test_boards::{at, empty9, only};
use super::*;
use crate::puzzle::{givens_of, Puzzle};
use crate::search::{solve, Options, Status};

/// The step's eliminations as sorted cell names, each with the one digit `d`.
fn removed(step: &Step, d: u8) -> Vec<String> {
    let mut list: Vec<String> = step
        .eliminations
        .iter()
        .map(|(c, s)| {
            assert_eq!(s.iter().collect::<Vec<u8>>(), [d]);
            crate::geometry::Cell::at(*c, 9).to_string()
        })
        .collect();
    list.sort();
    list
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_colour_trap_removes_what_sees_both_colours() {
    let p = empty9();
    let mut b = Board::empty(&p);
    only(&mut b, 7, "r1", &["r1c1", "r1c5"]);
    only(&mut b, 7, "c5", &["r1c5", "r5c5"]);
    only(&mut b, 7, "r5", &["r5c5", "r5c2"]);
    let step = Technique::SimpleColours.find(&b).unwrap();
    assert_eq!(removed(&step, 7), sorted(&["r2c2", "r3c2", "r4c1", "r6c1"]));
    let s = sentence(&step, &b);
    assert_eq!(
        s,
        "Colour the places of 7 joined by strong links (the only two places of the digit in a house) in two colours, alternating along the links: one colour holds 7 in every place, the other in none — A: r1c1 and r5c5; B: r1c5 and r5c2. r2c2 sees r1c1 (A) and r5c2 (B); r3c2 sees r1c1 (A) and r5c2 (B); r4c1 sees r1c1 (A) and r5c2 (B); r6c1 sees r1c1 (A) and r5c2 (B): whichever colour holds 7, each of them sees it, so 7 leaves r2c2, r3c2, r4c1 and r6c1."
    );
    assert_eq!(
        pointer(&step, &b, Reveal::Technique),
        "Look for simple colours on 7."
    );
}

#[test]
fn a_colour_wrap_removes_the_colour_that_sees_itself() {
    let p = empty9();
    let mut b = Board::empty(&p);
    only(&mut b, 7, "r1", &["r1c1", "r1c5"]);
    only(&mut b, 7, "c5", &["r1c5", "r4c5"]);
    only(&mut b, 7, "r4", &["r4c5", "r4c3"]);
    only(&mut b, 7, "c3", &["r4c3", "r2c3"]);
    let step = Technique::SimpleColours.find(&b).unwrap();
    assert_eq!(removed(&step, 7), sorted(&["r1c1", "r2c3", "r4c5"]));
    let s = sentence(&step, &b);
    assert!(
        s.contains("A: r1c1, r4c5 and r2c3; B: r1c5 and r4c3. r1c1 and r2c3 both have colour A and see each other, so A cannot hold 7: B does, so 7 leaves"),
        "{s}"
    );
}

#[test]
fn multi_colours_trap_what_sees_both_opposites() {
    let p = empty9();
    let mut b = Board::empty(&p);
    only(&mut b, 7, "r1", &["r1c1", "r1c4"]);
    only(&mut b, 7, "c4", &["r1c4", "r7c4"]);
    only(&mut b, 7, "r3", &["r3c2", "r3c6"]);
    only(&mut b, 7, "c6", &["r3c6", "r9c6"]);
    assert_eq!(Technique::SimpleColours.find(&b), None);
    let step = Technique::MultiColours.find(&b).unwrap();
    // r2c4 and r2c6 have no 7 left (columns 4 and 6 hold it in two places each).
    assert_eq!(removed(&step, 7), sorted(&["r2c5"]));
    let s = sentence(&step, &b);
    assert!(
        s.contains("A: r1c1 and r7c4, A′: r1c4; B: r3c2 and r9c6, B′: r3c6. r1c1 (A) sees r3c2 (B), so A and B do not both hold 7: A′ or B′ does. r2c5 sees r1c4 (A′) and r3c6 (B′): each sees both, so 7 leaves r2c5."),
        "{s}"
    );
}

#[test]
fn multi_colours_wrap_a_colour_that_sees_both_colours_of_another_cluster() {
    let p = empty9();
    let mut b = Board::empty(&p);
    only(&mut b, 7, "r1", &["r1c1", "r1c4"]);
    only(&mut b, 7, "c4", &["r1c4", "r7c4"]);
    only(&mut b, 7, "r3", &["r3c2", "r3c9"]);
    only(&mut b, 7, "c9", &["r3c9", "r8c9"]);
    only(&mut b, 7, "r8", &["r8c9", "r8c5"]);
    assert_eq!(Technique::SimpleColours.find(&b), None);
    let step = Technique::MultiColours.find(&b).unwrap();
    assert_eq!(removed(&step, 7), sorted(&["r1c1", "r7c4"]));
    let s = sentence(&step, &b);
    assert!(
        s.contains("r1c1 (A) sees r3c2 (B) and r7c4 (A) sees r8c5 (B′): one of B and B′ holds 7, so A does not, so 7 leaves r1c1 and r7c4."),
        "{s}"
    );
}

#[test]
fn a_wxyz_wing_puts_its_loose_digit_in_one_of_its_places() {
    let p = empty9();
    let mut b = Board::empty(&p);
    for (name, digits) in [
        ("r1c1", 0b1111),
        ("r1c2", 0b1001),
        ("r2c3", 0b1010),
        ("r1c7", 0b1100),
    ] {
        b.restrict(at(name), digits);
    }
    let step = Technique::WxyzWing.find(&b).unwrap();
    assert_eq!(removed(&step, 4), sorted(&["r1c3"]));
    assert_eq!(
        sentence(&step, &b),
        "r1c1, r1c2, r1c7 and r2c3 hold only 1, 2, 3 and 4 between them, and are not all in one house; the places of each of 1, 2 and 3 among them see each other, so each of those goes in at most one of the four: 1, 2 and 3 fill at most three, and one of r1c1, r1c2, r1c7 and r2c3 is 4, so 4 leaves r1c3."
    );
    // In one house the four are a naked quad, not a WXYZ-wing.
    let mut b = Board::empty(&p);
    for (name, digits) in [
        ("r1c1", 0b1111),
        ("r1c2", 0b1001),
        ("r1c3", 0b1010),
        ("r1c7", 0b1100),
    ] {
        b.restrict(at(name), digits);
    }
    assert_eq!(Technique::WxyzWing.find(&b), None);
}

/// The puzzles of a shared corpus file (at most `take`).
fn corpus(path: &str, take: usize) -> Vec<Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/bench9")
        .join(path);
    let text = std::fs::read_to_string(&path).expect("the shared corpus (../shared/data)");
    text.lines()
        .filter(|l| l.len() == 81)
        .take(take)
        .map(|l| Puzzle::classic(givens_of(&l.replace('.', "0"))).unwrap())
        .collect()
}

const NEW: [Technique; 3] = [
    Technique::WxyzWing,
    Technique::SimpleColours,
    Technique::MultiColours,
];

#[test]
fn colours_and_wxyz_wings_never_remove_a_digit_of_the_solution() {
    let mut asked = [0usize; 3];
    let mut fired = [0usize; 3];
    let puzzles = corpus("puzzles3_magictour_top1465", 120)
        .into_iter()
        .chain(corpus("puzzles6_forum_hardest_1106", 60));
    for puzzle in puzzles {
        let outcome = solve(&puzzle, Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique);
        let solution = &outcome.solutions[0];
        let mut board = Board::new(&puzzle).unwrap();
        // Each state along the solve, every new technique asked directly (not only when
        // the simpler ones find nothing).
        solve_steps(&mut board, Techniques::ALL, 10_000, |_, board| {
            for (i, t) in NEW.into_iter().enumerate() {
                asked[i] += 1;
                let Some(step) = t.find(board) else { continue };
                fired[i] += 1;
                for &(cell, digits) in &step.eliminations {
                    assert!(
                        !digits.contains(solution[cell]),
                        "{step:?} removes the solution's {}: {}",
                        solution[cell],
                        sentence(&step, board)
                    );
                }
            }
        });
    }
    eprintln!("asked {asked:?} fired {fired:?} (wxyz, simple, multi)");
}
