//! Nishio and forcing chains: their steps on the hardest shared puzzles checked against the
//! solution, and the shape of their proofs (each branch from its assumption to the
//! conclusion).

use super::test_boards::{assert_keeps, hardest, solution};
use super::*;
use crate::puzzle::Puzzle;

/// Checks `step` against `solution` and the shape of its proof.
fn check(step: &Step, board: &Board, solution: &[u8]) {
    assert_keeps(step, solution);
    assert!(!step.branches.is_empty());
    let (cell, digit, on) = match (step.placements.first(), step.eliminations.first()) {
        (Some(&(c, d)), _) => (c, d, true),
        (None, Some(&(c, s))) => (c, s.iter().next().unwrap(), false),
        _ => panic!("a useless step"),
    };
    for branch in &step.branches {
        assert!(branch[0].on, "a branch starts with its assumption");
        if step.branches.len() == 1 {
            // A contradiction: the assumption is what goes.
            assert_eq!(
                (branch[0].cells[0], branch[0].digit, on),
                (cell, digit, false)
            );
        } else {
            let last = branch.last().unwrap();
            assert_eq!((last.cells[0], last.digit, last.on), (cell, digit, on));
        }
    }
    let text = sentence(step, board);
    assert!(text.ends_with('.') && text.len() > 40, "{text}");
}

/// The board of `puzzle` after every step of the techniques up to AIC.
fn stuck_board(puzzle: &Puzzle) -> Board {
    let mut board = Board::new(puzzle).unwrap();
    solve_steps(&mut board, Techniques::up_to(70), 10_000, |_, _| {});
    board
}

#[test]
fn each_forcing_technique_finds_a_sound_step_where_chains_are_stuck() {
    let mut found = [0usize; 3];
    for puzzle in hardest(60, 25) {
        let solution = solution(&puzzle);
        let board = stuck_board(&puzzle);
        if board.is_solved() {
            continue;
        }
        let kinds = [
            Technique::Nishio,
            Technique::ForcingChain,
            Technique::DynamicForcingChain,
        ];
        for (k, t) in kinds.into_iter().enumerate() {
            if let Some(step) = t.find(&board) {
                assert_eq!(step.technique, t);
                check(&step, &board, &solution);
                found[k] += 1;
            }
        }
    }
    eprintln!("nishio, forcing, dynamic: {found:?}");
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
}

#[test]
fn forcing_steps_are_sound_on_the_hardest_puzzles() {
    let (mut stuck, mut forcing) = (0, 0);
    for puzzle in hardest(0, 25) {
        let solution = solution(&puzzle);
        let mut board = Board::new(&puzzle).unwrap();
        let ending = solve_steps(&mut board, Techniques::ALL, 10_000, |step, board| {
            if step.technique.rating() >= Technique::Nishio.rating() {
                check(step, board, &solution);
                forcing += 1;
            }
        });
        assert_ne!(ending, Ending::Broken);
        stuck += usize::from(ending == Ending::Stuck);
    }
    eprintln!("forcing steps {forcing}, stuck {stuck}");
    assert!(forcing > 0);
}

#[test]
fn a_forcing_step_reports_its_branches() {
    let (board, step) = hardest(60, 0)
        .iter()
        .map(stuck_board)
        .find_map(|b| next_step(&b, Techniques::ALL).map(|s| (b, s)))
        .unwrap();
    let report = StepReport::of(&step, &board);
    assert_eq!(report.branches.len(), step.branches.len());
    assert!(report.branches[0].contains(" → "), "{:?}", report.branches);
    assert!(report.rating >= 7.5);
}

/// The slowest next_step where the techniques up to AIC are stuck (run by hand:
/// `cargo test --lib forcing_tests::slowest -- --ignored --nocapture`).
#[test]
#[ignore]
fn slowest_next_step_where_chains_are_stuck() {
    let puzzles = hardest(300, 375);
    let mut worst = std::time::Duration::ZERO;
    for puzzle in &puzzles {
        let board = stuck_board(puzzle);
        let t = std::time::Instant::now();
        let _ = next_step(&board, Techniques::ALL);
        worst = worst.max(t.elapsed());
    }
    eprintln!(
        "slowest next_step on {} stuck states: {worst:?}",
        puzzles.len()
    );
}

/// The slowest next_step on 16×16 boards where the techniques up to AIC are stuck.
#[test]
#[ignore]
fn slowest_next_step_on_sixteen() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/sixteen/public_120_AP.txt");
    let text = std::fs::read_to_string(&path).expect("the shared corpus (../shared/data)");
    let (mut worst, mut stuck) = (std::time::Duration::ZERO, 0);
    for line in text.lines().filter(|l| l.len() == 256) {
        let givens = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
            .collect();
        let board = stuck_board(&Puzzle::classic(givens).unwrap());
        if board.is_solved() {
            continue;
        }
        stuck += 1;
        let t = std::time::Instant::now();
        let _ = next_step(&board, Techniques::ALL);
        worst = worst.max(t.elapsed());
    }
    eprintln!("slowest next_step on {stuck} stuck 16×16 states: {worst:?}");
}
