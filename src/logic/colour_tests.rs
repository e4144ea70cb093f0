//! Tests of simple colours, multi colours and the WXYZ-wing: what a shape built on a board
//! does beyond its exact step and sentence (those are the cases of
//! tests/fixtures/techniques/colours.json), and their soundness on unique puzzles (every
//! state along a solve, each technique asked directly, no step removes a digit of the
//! solution).

use super::test_boards::{board_with, hardest, shown_case, solution};
use super::*;

#[test]
fn a_colour_trap_is_pointed_to_by_its_digit() {
    let (b, step) = shown_case("colours", "a colour trap removes what sees both colours").check();
    assert_eq!(
        pointer(&step, &b, Reveal::Technique),
        "Look for simple colours on 7."
    );
}

#[test]
fn four_cells_in_one_house_are_a_naked_quad_not_a_wxyz_wing() {
    let quad = board_with(
        &[],
        &[
            ("r1c1", &[1, 2, 3, 4]),
            ("r1c2", &[1, 4]),
            ("r1c3", &[2, 4]),
            ("r1c7", &[3, 4]),
        ],
    );
    assert_eq!(Technique::WxyzWing.find(&quad), None);
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
    for puzzle in hardest(120, 60) {
        let solution = solution(&puzzle);
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
