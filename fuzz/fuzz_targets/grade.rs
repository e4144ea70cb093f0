//! The technique library on small puzzles of every kind, relation puzzles among them, many
//! unsolvable or with several solutions: `solve_steps` and `grade` never panic; a run that
//! ends `Solved` leaves a grid the independent checker accepts; a grade that needs no
//! guessing belongs to a puzzle that has a solution; and where the case knows a solution,
//! no step removes one of its digits or places another (a technique removes only what no
//! solution has, so any one solution must survive every step).
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::logic::{grade, solve_steps, Board, Ending, Techniques};
use sudoku_lab::{solve, Options};
use sudoku_lab_fuzz::case::{self, Case};
use sudoku_lab_fuzz::check::{assert_solves, describe};

fn run(case: &Case, _: &mut Unstructured<'_>) -> Result<()> {
    let puzzle = &case.puzzle;
    let Ok(mut board) = Board::new(puzzle) else {
        // Clashing givens: the grade says it needs guessing, and nothing panics.
        assert!(grade(puzzle, Techniques::ALL).needs_guessing);
        return Ok(());
    };
    let ending = solve_steps(&mut board, Techniques::ALL, 2_000, |step, _| {
        let Some(answer) = case.answer.as_deref() else {
            return;
        };
        for &(cell, digit) in &step.placements {
            assert_eq!(
                answer[cell],
                digit,
                "{:?} places a digit no solution has there: {step:?}\n{}",
                step.technique,
                describe(puzzle)
            );
        }
        for (cell, digits) in &step.eliminations {
            assert!(
                !digits.contains(answer[*cell]),
                "{:?} removes a digit of a solution: {step:?}\n{}",
                step.technique,
                describe(puzzle)
            );
        }
    });
    if ending == Ending::Solved {
        assert_solves(puzzle, board.values(), "the techniques' solved grid");
    }
    let g = grade(puzzle, Techniques::ALL);
    if !g.needs_guessing {
        // Graded as solvable by the techniques: a search finds a solution too.
        let options = Options {
            solution_limit: 1,
            ..Options::default()
        };
        let found = solve(puzzle, options).is_ok_and(|o| o.status.has_solution());
        assert!(
            found,
            "graded {:?} without a solution: {}",
            g.level,
            describe(puzzle)
        );
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = case::with_small_case(data, 9, run);
});
