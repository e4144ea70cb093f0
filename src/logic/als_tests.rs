//! Tests of the almost-locked-set techniques and Sue de Coq: each on a board built to show
//! it, with its exact step and sentence; and on the shared hardest corpora, that no step
//! removes a digit of the solution.

use super::test_boards::at;
use super::*;
use crate::puzzle::{givens_of, Puzzle};
use crate::search::{solve, Options, Status};

/// The puzzles of a shared corpus file (at most `take`).
fn corpus(path: &str, take: usize) -> Vec<Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/bench9")
        .join(path);
    let text = std::fs::read_to_string(&path).expect("the shared corpus (../shared/data)");
    text.lines()
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .filter(|l| l.len() == 81)
        .take(take)
        .map(|l| Puzzle::classic(givens_of(&l.replace('.', "0"))).unwrap())
        .collect()
}

/// An empty 9×9 board with the candidates of each named cell set.
fn board_with(cells: &[(&str, &[u8])]) -> Board {
    let p = Puzzle::classic(vec![0; 81]).unwrap();
    let mut b = Board::empty(&p);
    for &(name, digits) in cells {
        b.restrict(at(name), digits.iter().fold(0, |m, &d| m | 1 << (d - 1)));
    }
    b
}

/// The step's cells and its eliminations as `(cell name, digits)`, sorted.
fn shape(step: &Step) -> (Vec<String>, Vec<(String, Vec<u8>)>) {
    let name = |c: usize| crate::geometry::Cell::at(c, 9).to_string();
    let mut gone: Vec<(String, Vec<u8>)> = step
        .eliminations
        .iter()
        .map(|(c, s)| (name(*c), s.iter().collect()))
        .collect();
    gone.sort();
    (step.cells.iter().map(|&c| name(c)).collect(), gone)
}

fn list(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn each(names: &[&str], digits: &[u8]) -> Vec<(String, Vec<u8>)> {
    names
        .iter()
        .map(|s| (s.to_string(), digits.to_vec()))
        .collect()
}

#[test]
fn als_xz_removes_a_common_digit_seen_in_both_sets() {
    // A = r1c1 {1,2}; B = r1c5, r2c5 {1,2,3}; every 1 of A sees every 1 of B.
    let b = board_with(&[("r1c1", &[1, 2]), ("r1c5", &[1, 3]), ("r2c5", &[2, 3])]);
    let step = Technique::AlsXz.find(&b).unwrap();
    let (cells, gone) = shape(&step);
    assert_eq!(cells, list(&["r1c1", "r1c5", "r2c5"]));
    assert_eq!(gone, each(&["r1c4", "r1c6", "r2c1", "r2c2", "r2c3"], &[2]));
    let words = sentence(&step, &b);
    assert!(
        words.contains(
            "r1c5 and r2c5 hold three digits between two cells (an almost locked set: {1,2,3})"
        ),
        "{words}"
    );
    assert!(
        words.contains("Every 1 of the first sees every 1 of the second"),
        "{words}"
    );
}

#[test]
fn als_xy_wing_links_two_sets_through_a_third() {
    let b = board_with(&[("r1c1", &[1, 2]), ("r1c5", &[1, 3]), ("r5c5", &[2, 3])]);
    let step = Technique::AlsXyWing.find(&b).unwrap();
    let (cells, gone) = shape(&step);
    assert_eq!(cells, list(&["r1c1", "r5c5", "r1c5"]));
    assert_eq!(gone, each(&["r5c1"], &[2]));
    let words = sentence(&step, &b);
    assert!(
        words.contains("the third cannot lose both 1 and 3"),
        "{words}"
    );
}

#[test]
fn a_death_blossom_locks_the_petal_of_the_stems_digit() {
    let b = board_with(&[("r5c5", &[1, 2]), ("r5c1", &[1, 9]), ("r1c5", &[2, 9])]);
    let step = Technique::DeathBlossom.find(&b).unwrap();
    let (cells, gone) = shape(&step);
    assert_eq!(cells, list(&["r5c5", "r5c1", "r1c5"]));
    assert_eq!(gone, each(&["r1c1"], &[9]));
    let words = sentence(&step, &b);
    assert!(
        words.contains("The stem r5c5 holds {1,2}: if it is 1, the set r5c1 ({1,9})"),
        "{words}"
    );
}

#[test]
fn sue_de_coq_splits_the_intersection_between_line_and_block() {
    // r1c1, r1c2 hold {1,2,3,4}; r1c5 {1,3} in the row, r2c2 {2,4} in the block.
    let b = board_with(&[
        ("r1c1", &[1, 2, 3]),
        ("r1c2", &[1, 2, 4]),
        ("r1c5", &[1, 3]),
        ("r2c2", &[2, 4]),
    ]);
    let step = Technique::SueDeCoq.find(&b).unwrap();
    let (cells, gone) = shape(&step);
    assert_eq!(cells, list(&["r1c1", "r1c2", "r1c5", "r2c2"]));
    let mut want = each(&["r1c4", "r1c6", "r1c7", "r1c8", "r1c9"], &[1, 3]);
    want.extend(each(&["r2c1", "r2c3", "r3c1", "r3c2", "r3c3"], &[2, 4]));
    want.sort();
    assert_eq!(gone, want);
    assert_eq!(step.houses, vec![0, 18]);
    let words = sentence(&step, &b);
    assert!(
        words.starts_with("Where row 1 meets block 1, r1c1 and r1c2 hold {1,2,3,4}"),
        "{words}"
    );
}

const NEW: [Technique; 4] = [
    Technique::SueDeCoq,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::DeathBlossom,
];

/// Applies every technique on each puzzle, checking every step against the solution and
/// on every state met, each new technique's own first step and its sentence; returns how
/// often each new one found a step.
fn sound_on(puzzles: &[Puzzle]) -> [usize; 4] {
    let mut used = [0; 4];
    for puzzle in puzzles {
        let outcome = solve(puzzle, Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique);
        let solution = &outcome.solutions[0];
        let mut board = Board::new(puzzle).unwrap();
        let check = |step: &Step, b: &Board| {
            for &(cell, digit) in &step.placements {
                assert_eq!(solution[cell], digit, "{step:?}");
            }
            for &(cell, digits) in &step.eliminations {
                assert!(!digits.contains(solution[cell]), "{step:?} on {b:?}");
            }
        };
        let ending = solve_steps(&mut board, Techniques::ALL, 10_000, |step, b| {
            check(step, b);
            // Each new technique on every state met, not only where it is the simplest.
            for (i, t) in NEW.into_iter().enumerate() {
                if let Some(step) = t.find(b) {
                    check(&step, b);
                    used[i] += 1;
                    let words = sentence(&step, b);
                    assert!(words.ends_with('.') && words.len() > 40, "{words}");
                }
            }
        });
        assert_ne!(ending, Ending::Broken);
    }
    used
}

#[test]
fn no_als_or_sue_de_coq_step_removes_a_digit_of_the_solution() {
    let mut puzzles = corpus("puzzles6_forum_hardest_1106", 120);
    puzzles.extend(corpus("puzzles3_magictour_top1465", 120));
    let used = sound_on(&puzzles);
    eprintln!("{NEW:?}: {used:?}");
    // The hardest puzzles call on each of them.
    assert!(used.iter().all(|&n| n > 0), "{used:?}");
}

#[test]
#[ignore]
fn print_sentences() {
    for puzzle in corpus("puzzles3_magictour_top1465", 40) {
        let mut board = Board::new(&puzzle).unwrap();
        let mut shown = [0; 4];
        solve_steps(&mut board, Techniques::ALL, 10_000, |_, b| {
            for (i, t) in NEW.into_iter().enumerate() {
                if shown[i] < 1 {
                    if let Some(step) = t.find(b) {
                        shown[i] += 1;
                        eprintln!("{t}: {}\n", sentence(&step, b));
                    }
                }
            }
        });
    }
}

/// The slowest `next_step` met while solving forum_hardest (run in release:
/// `cargo test --release --lib logic::als_tests::slowest -- --ignored --nocapture`).
#[test]
#[ignore]
fn slowest_next_step_on_forum_hardest() {
    let mut worst = std::time::Duration::ZERO;
    let mut stuck = 0;
    for puzzle in corpus("puzzles6_forum_hardest_1106", 10_000) {
        let mut board = Board::new(&puzzle).unwrap();
        loop {
            let start = std::time::Instant::now();
            let step = next_step(&board, Techniques::ALL);
            worst = worst.max(start.elapsed());
            let Some(step) = step else {
                stuck += usize::from(!board.is_solved());
                break;
            };
            step.apply(&mut board).unwrap();
        }
    }
    eprintln!("worst next_step {worst:?}, stuck {stuck}");
}

/// The slowest call of each new technique on the stuck states of forum_hardest.
#[test]
#[ignore]
fn slowest_new_technique_on_forum_hardest() {
    let mut worst = [std::time::Duration::ZERO; 4];
    for puzzle in corpus("puzzles6_forum_hardest_1106", 10_000) {
        let mut board = Board::new(&puzzle).unwrap();
        solve_steps(&mut board, Techniques::ALL, 10_000, |_, _| {});
        for (i, t) in NEW.into_iter().enumerate() {
            let start = std::time::Instant::now();
            let _ = t.find(&board);
            worst[i] = worst[i].max(start.elapsed());
        }
    }
    eprintln!("{NEW:?}: {worst:?}");
}

/// The first top1465 puzzle whose path uses each new technique (for the glossary examples).
#[test]
#[ignore]
fn examples() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/data/bench9/puzzles3_magictour_top1465"),
    )
    .unwrap();
    let mut found = [false; 4];
    for line in text.lines().filter(|l| l.len() == 81) {
        let puzzle = Puzzle::classic(givens_of(&line.replace('.', "0"))).unwrap();
        let mut board = Board::new(&puzzle).unwrap();
        solve_steps(&mut board, Techniques::ALL, 10_000, |step, _| {
            if let Some(i) = NEW.iter().position(|&t| t == step.technique) {
                if !found[i] {
                    found[i] = true;
                    eprintln!("{}: {line}", NEW[i]);
                }
            }
        });
    }
}
