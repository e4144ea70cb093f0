//! Unit tests of the 9×9 fast path.

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
