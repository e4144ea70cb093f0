//! Unit tests of the 9×9 fast path.

use super::bits::*;
use super::*;
use crate::search::Status;

#[test]
fn matching_keeps_only_minirows_of_some_permutation() {
    // Row 0 only in block 0: block 0 belongs to row 0, so rows 1 and 2 lose it.
    let set = minirow_bit(0, 0) | 0b111 << 3 | 0b111 << 6;
    let kept = MATCHING[set as usize] as u32;
    assert_eq!(kept & (minirow_bit(1, 0) | minirow_bit(2, 0)), 0);
    assert_eq!(MATCHING[0b111_111_111], 0b111_111_111);
    assert_eq!(MATCHING[0b000_111_111], 0, "row 2 has nowhere to go");
}

#[test]
fn a_lone_column_in_a_block_is_found() {
    assert_eq!(LONE_COLUMNS[0b010_110_001], 0b010_000_001);
}

#[test]
fn lone_cells_by_words_agree_with_the_table() {
    for row in 1..512u32 {
        for other in [0b1, 0b11, 0b100_010_000, ROW] {
            for m in [
                row | other << 9 | other << 18,
                other | row << 9 | other << 18,
                other | other << 9 | row << 18,
            ] {
                assert_eq!(lone_cells_by_words(m), lone_cells_by_table(m), "{m:#o}");
            }
        }
    }
}

#[test]
fn pointing_keep_by_bytes_agrees_with_the_table() {
    for m in (0..=ALL).step_by(499) {
        let lone = LONE_COLUMN_CELLS[((m | m >> 9 | m >> 18) & ROW) as usize];
        assert_eq!(pointing_keep_by_bytes(m), !lone, "{m:#o}");
    }
}

#[test]
fn claiming_keeps_only_the_claimed_column_in_its_block() {
    let keep = CLAIM_KEEP[0b000_000_010];
    assert_eq!(keep & ROW, 0b111_111_010);
}

#[test]
fn solves_the_poj_sample_and_proves_uniqueness() {
    let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let givens = line
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    let puzzle = Puzzle::classic(givens).unwrap();
    let outcome = solve(&puzzle, Options::default());
    assert_eq!(outcome.status, Status::Unique);
    puzzle.check_answer(&outcome.solutions[0]).unwrap();
}

/// The search compiled for AVX2, BMI2 and POPCNT against the portable code: the same
/// statuses, solutions and counts (nodes, guesses, ...) on classic and inequality puzzles,
/// whole searches from the givens, under solution and node limits too.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_search_for_x86_64_v3_agrees_with_the_portable_code() {
    if !crate::search::portable::v3_to_compare() {
        return;
    }
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/bench9/");
    let mut puzzles = Vec::new();
    for (file, take) in [
        ("puzzles3_magictour_top1465", 300),
        ("puzzles6_forum_hardest_1106", 60),
        ("puzzles7_serg_benchmark", 100),
    ] {
        let text = std::fs::read_to_string(format!("{data}{file}")).unwrap();
        for line in text.lines().filter(|l| l.len() >= 81).take(take) {
            let givens = line[..81]
                .bytes()
                .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                .collect();
            puzzles.push(Puzzle::classic(givens).unwrap());
        }
    }
    // Inequality puzzles (CQOI-style), with one solution and with several.
    let cqoi = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/cqoi2013/derived/"
    );
    let files = ["unique", "multi"].map(|dir| std::fs::read_dir(format!("{cqoi}{dir}")).unwrap());
    for entry in files.into_iter().flat_map(|dir| dir.flatten().take(30)) {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let read = crate::formats::read(
            &text,
            crate::formats::Format::Cqoi,
            crate::formats::ReadOptions::default(),
        );
        puzzles.extend(read.flatten().map(|e| e.puzzle));
    }
    assert!(puzzles.len() > 460, "{} puzzles", puzzles.len());
    let limits = [
        Options::default(),
        Options {
            solution_limit: 1,
            ..Options::default()
        },
        Options {
            node_limit: 7,
            ..Options::default()
        },
    ];
    for (k, puzzle) in puzzles.iter().enumerate() {
        for options in limits {
            let portable = solve_by(puzzle, options, |nine, state| nine.search_portable(state));
            // SAFETY: the CPU has AVX2, BMI2 and POPCNT (checked above).
            let v3 = solve_by(puzzle, options, |nine, state| unsafe {
                nine.search_v3(state)
            });
            assert_eq!(v3.status, portable.status, "puzzle {k}");
            assert_eq!(v3.solutions, portable.solutions, "puzzle {k}");
            assert_eq!(v3.stats, portable.stats, "puzzle {k}");
        }
    }
}

/// Norvig's "impossible" puzzle (norvig.com/sudoku.html): valid, no solution, and a heavy tail
/// for this path's branching (1,580,403 nodes) where the general engine needs 2,507.
fn impossible() -> Puzzle {
    let givens = crate::puzzle::givens_of(
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
    );
    Puzzle::classic(givens).unwrap()
}

/// Solves `puzzle` by the fast path, which must end in `status` after more nodes than the
/// hand-over's.
fn solve_past_hand_over(puzzle: &Puzzle, options: Options, status: Status) -> Outcome {
    let outcome = solve(puzzle, options);
    assert_eq!(outcome.status, status);
    assert!(
        outcome.stats.nodes > HAND_OVER_NODES,
        "{}",
        outcome.stats.nodes
    );
    outcome
}

#[test]
fn a_search_without_a_solution_hands_over_to_the_general_engine() {
    let puzzle = impossible();
    // The fast path's budget, then the general engine's own search (it counts by rule).
    let outcome = solve_past_hand_over(&puzzle, Options::default(), Status::Unsolvable);
    assert!(
        outcome.stats.nodes < HAND_OVER_NODES + 10_000,
        "{}",
        outcome.stats.nodes
    );
    assert!(
        outcome.stats.total_placements() > 0,
        "the general engine ran"
    );
    // The node limit holds across both: the rest of it goes to the general engine.
    for limit in [
        1,
        HAND_OVER_NODES - 1,
        HAND_OVER_NODES,
        HAND_OVER_NODES + 100,
    ] {
        let options = Options {
            node_limit: limit,
            ..Options::default()
        };
        let limited = solve(&puzzle, options);
        assert_eq!(limited.status, Status::LimitReached, "node limit {limit}");
        assert!(
            limited.stats.work() >= limit,
            "node limit {limit}: {}",
            limited.stats.work()
        );
        assert!(
            limited.stats.nodes <= limit,
            "node limit {limit}: {}",
            limited.stats.nodes
        );
    }
}

#[test]
fn a_search_that_has_found_a_solution_keeps_to_the_fast_path() {
    // An empty grid counted to 5,000 solutions takes more than the hand-over's nodes, all of
    // them here: no rule counted, so the general engine never ran.
    let empty = Puzzle::classic(vec![0; 81]).unwrap();
    let to_5000 = Options {
        solution_limit: 5000,
        ..Options::default()
    };
    let outcome = solve_past_hand_over(&empty, to_5000, Status::Multiple);
    assert_eq!(outcome.stats.solutions, 5000);
    assert_eq!(outcome.stats.total_placements(), 0);
}
