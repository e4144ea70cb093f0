//! The 16×16 fast path against the general engine: same status, same unique solution, same
//! count, on every 16×16 corpus, on puzzles with several solutions or none, at the limits,
//! and on random puzzles (in tests/fast.rs, beside the 9×9 ones) — and every answer verified
//! independently.

mod common;

use common::limit;
use sudoku_lab::formats::Format;
use sudoku_lab::{solve_fast, Options, Propagate, Puzzle, Search, Silent, Status};

/// Every `step`-th puzzle of a shared data file (every one in release builds).
fn corpus(path: &str, format: Format, step: usize) -> Vec<Puzzle> {
    let step = if cfg!(debug_assertions) { step } else { 1 };
    common::puzzles(path, format)
        .into_iter()
        .step_by(step)
        .collect()
}

#[test]
fn fast_path_agrees_on_the_public_sixteen_set() {
    let path = "sixteen/public_120_AP.txt";
    common::agree_fast_unique(path, &corpus(path, Format::Line, 7));
}

#[test]
fn fast_path_agrees_on_the_generated_sixteen_set() {
    let path = "sixteen/generated_200_AP.txt";
    common::agree_fast_unique(path, &corpus(path, Format::Line, 11));
}

#[test]
fn fast_path_solves_the_poj3076_samples_as_the_judge_expects() {
    for (_, input, expected) in common::manifest("poj3076/") {
        let puzzles = corpus(&input, Format::Poj3076, 1);
        let answers = common::answers(&expected);
        assert_eq!(puzzles.len(), answers.len(), "{input}");
        for (i, (p, answer)) in puzzles.iter().zip(&answers).enumerate() {
            if !sixteen_classic(p) {
                continue;
            }
            let what = format!("{input} #{i}");
            assert_eq!(common::agree_fast(p, 2, &what), Status::Unique, "{what}");
            let fast = solve_fast(p, limit(2)).unwrap();
            assert_eq!(&fast.solutions[0], answer, "{what}");
        }
    }
}

fn sixteen_classic(p: &Puzzle) -> bool {
    p.size() == 16 && p.kind() == sudoku_lab::Kind::Classic
}

/// The first public puzzle's solution, found by the general engine.
fn solved_grid() -> (Puzzle, Vec<u8>) {
    let puzzle = common::puzzles("sixteen/public_120_AP.txt", Format::Line).remove(0);
    let mut general = Propagate::new(&puzzle, limit(2), Silent);
    assert_eq!(general.run(), Status::Unique);
    let solution = general.solutions()[0].clone();
    (puzzle, solution)
}

#[test]
fn fast_path_counts_like_the_general_engine_on_multi_solution_puzzles() {
    let (puzzle, _) = solved_grid();
    let givens = puzzle.givens();
    let placed: Vec<usize> = (0..256).filter(|&c| givens[c] != 0).collect();
    // Take away 2, 4, 8 … givens spread over the grid: the count grows.
    for gone in [2usize, 4, 8, 16, 24] {
        let mut loose = givens.to_vec();
        for k in 0..gone {
            loose[placed[k * placed.len() / gone]] = 0;
        }
        let loose = Puzzle::classic(loose).unwrap();
        let what = format!("public #0 less {gone} givens");
        let status = common::agree_fast(&loose, 50, &what);
        assert!(status.has_solution(), "{what}");
    }
    let empty = Puzzle::classic(vec![0; 256]).unwrap();
    assert_eq!(
        common::agree_fast(&empty, 2, "empty grid"),
        Status::Multiple
    );
    assert_eq!(
        common::agree_fast(&empty, 30, "empty grid, 30"),
        Status::Multiple
    );
}

#[test]
fn fast_path_finds_no_solution_where_there_is_none() {
    let (puzzle, solution) = solved_grid();
    let mut tried = 0;
    for cell in (0..256).filter(|&c| puzzle.givens()[c] == 0).step_by(17) {
        // A wrong digit in an empty cell: often still valid as a puzzle, never solvable.
        let mut givens = puzzle.givens().to_vec();
        givens[cell] = solution[cell] % 16 + 1;
        let wrong = Puzzle::classic(givens).unwrap();
        if wrong.validate().is_ok() {
            tried += 1;
            let what = format!("public #0 with a wrong digit at {cell}");
            assert_eq!(
                common::agree_fast(&wrong, 2, &what),
                Status::Unsolvable,
                "{what}"
            );
        }
    }
    assert!(tried > 0);
}

#[test]
fn contradictory_givens_are_unsolvable_without_validation() {
    let (r1c1, r1c9, r9c1, r2c2) = (0, 8, 8 * 16, 17);
    for (a, b, house) in [
        (r1c1, r1c9, "row"),
        (r1c1, r9c1, "column"),
        (r1c1, r2c2, "block"),
    ] {
        let mut givens = vec![0; 256];
        givens[a] = 5;
        givens[b] = 5;
        let puzzle = Puzzle::classic(givens).unwrap();
        assert!(puzzle.validate().is_err());
        let outcome = solve_fast(&puzzle, limit(2)).unwrap();
        assert_eq!(outcome.status, Status::Unsolvable, "two 5s in a {house}");
        assert!(outcome.solutions.is_empty());
    }
}

#[test]
fn fast_path_stops_at_the_limits() {
    let empty = Puzzle::classic(vec![0; 256]).unwrap();
    assert_eq!(solve_fast(&empty, limit(1)).unwrap().status, Status::Solved);
    let (puzzle, solution) = solved_grid();
    let first = solve_fast(&puzzle, limit(1)).unwrap();
    assert_eq!(first.status, Status::Solved);
    assert_eq!(first.solutions, vec![solution]);
    for (p, limit) in [(&empty, 3), (&puzzle, 1), (&puzzle, 5)] {
        let tight = Options {
            node_limit: limit,
            solution_limit: 1000,
            ..Options::default()
        };
        let outcome = solve_fast(p, tight).unwrap();
        assert_eq!(outcome.status, Status::LimitReached, "limit {limit}");
        assert!(outcome.stats.work() <= limit, "{:?}", outcome.stats);
    }
    let nine = Puzzle::classic(vec![0; 81]).unwrap();
    let twelve = Puzzle::classic(vec![0; 144]).unwrap();
    assert!(solve_fast(&twelve, limit(2)).is_none());
    assert_eq!(solve_fast(&nine, limit(2)).unwrap().solutions[0].len(), 81);
}

#[test]
fn statistics_count_the_work() {
    let (puzzle, _) = solved_grid();
    let outcome = solve_fast(&puzzle, limit(2)).unwrap();
    let stats = &outcome.stats;
    assert!(stats.nodes >= 1);
    assert_eq!(stats.solutions, 1);
    assert!(stats.backtracks <= stats.guesses);
}

/// `keep` cells of `solution`, picked by `rng`, as a puzzle: with few givens, one with many
/// solutions (a serg-like puzzle at 16×16).
fn sparse(solution: &[u8], keep: usize, rng: &mut common::Rng) -> Puzzle {
    let mut cells: Vec<usize> = (0..256).collect();
    rng.shuffle(&mut cells);
    let mut givens = vec![0; 256];
    for &c in &cells[..keep] {
        givens[c] = solution[c];
    }
    Puzzle::classic(givens).unwrap()
}

#[test]
fn fast_path_counts_like_the_general_engine_on_sparse_grids() {
    let (_, solution) = solved_grid();
    let mut rng = common::Rng(0x005E_ED16);
    let step = if cfg!(debug_assertions) { 40 } else { 10 };
    for keep in (20..=120).step_by(step) {
        for k in 0..3 {
            let puzzle = sparse(&solution, keep, &mut rng);
            for limit in [2, 7] {
                let what = format!("{keep} givens #{k}, limit {limit}");
                assert!(
                    common::agree_fast(&puzzle, limit, &what).has_solution(),
                    "{what}"
                );
            }
        }
    }
}

/// A grid with many solutions refutes nothing for dozens of levels; probing every one of
/// them took ~50,000 trials to count such a puzzle to 2 (15–30 ms). After two lookaheads in a
/// row that find nothing the fast path branches without probing until a branch fails: a
/// few thousand trials. Work, not time: the counts are the same on every machine.
#[test]
fn sparse_grids_are_not_probed_at_every_level() {
    let (_, solution) = solved_grid();
    let mut rng = common::Rng(0x005E_ED20);
    for keep in [20, 40, 60] {
        for k in 0..3 {
            let puzzle = sparse(&solution, keep, &mut rng);
            let outcome = solve_fast(&puzzle, limit(2)).unwrap();
            assert_eq!(outcome.status, Status::Multiple, "{keep} givens #{k}");
            assert!(
                outcome.stats.probes < 8_000,
                "{keep} givens #{k}: {:?}",
                outcome.stats
            );
        }
    }
}
