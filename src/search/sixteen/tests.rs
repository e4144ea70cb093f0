//! Unit tests of the 16×16 fast path.

use super::bits::*;
use super::*;
use crate::search::bitboards::{assert_block_by_block, assert_fewest_first, Board};
use crate::search::Status;

#[test]
fn nibbles_and_fill_nibbles_are_inverse() {
    let m: u64 = 0x0000_0100_F000_0002;
    // Nibble 0 (bits 0..3), nibble 7 (bits 28..31), nibble 10 (bits 40..43).
    assert_eq!(nibbles(m), 1 | 1 << 7 | 1 << 10);
    assert_eq!(fill_nibbles(nibbles(m)), 0x0000_0F00_F000_000F);
    for set in [0u16, 1, 0x8000, 0xFFFF, 0x1234, 0xA5C3] {
        assert_eq!(nibbles(fill_nibbles(set)), set);
    }
}

#[test]
fn nibbles_agree_with_a_nibble_by_nibble_look() {
    // A xorshift walk over masks, sparse and dense, plus the nibble-aligned extremes.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut masks = vec![0, ALL, NIBBLE_FIRSTS, LANE_TOPS, 0xF000_0000_0000_000F];
    for _ in 0..10_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        masks.extend([x, x & x >> 3, x & x >> 5 & x >> 11]);
    }
    for m in masks {
        let slow = (0..16)
            .filter(|k| m >> (4 * k) & 0xF != 0)
            .fold(0u16, |set, k| set | 1 << k);
        assert_eq!(nibbles(m), slow, "{m:#018x}");
    }
}

#[test]
fn transpose_swaps_nibble_rows_and_columns() {
    let x: u64 = 0xFEDC_BA98_7654_3210;
    let t = transpose(x);
    for i in 0..4 {
        for j in 0..4 {
            let at = |v: u64, i: usize, j: usize| v >> (16 * i + 4 * j) & 0xF;
            assert_eq!(at(t, i, j), at(x, j, i), "({i}, {j})");
        }
    }
    assert_eq!(transpose(t), x);
}

#[test]
fn columns_fold_the_four_rows() {
    assert_eq!(columns(0x8000_0000_0010_0001), 0x8011);
}

#[test]
fn lone_cells_are_the_rows_with_one_cell() {
    let m: u64 = 0x0400_0300_8000_0001;
    assert_eq!(lone_cells(m), 0x0400_0000_8000_0001);
    assert_eq!(lone_cells(ALL), 0);
}

#[test]
fn matching_keeps_only_entries_of_some_permutation() {
    assert_eq!(MATCHING[0xFFFF], 0xFFFF);
    // The identity alone.
    assert_eq!(MATCHING[0x8421], 0x8421);
    // Row 0 may take only column 0: no other row takes it.
    let set = 0xFFF1;
    assert_eq!(MATCHING[set], 0xEEE1);
    // Rows 0 and 1 both want columns 0 and 1 only: rows 2 and 3 lose them.
    assert_eq!(MATCHING[0xFF33], 0xCC33);
    // Three rows confined to two columns: nothing fits.
    assert_eq!(MATCHING[0xF333], 0);
    assert_eq!(MATCHING[0x0FFF], 0, "row 3 has nowhere to go");
    let count = MATCHING.iter().filter(|&&m| m != 0).count();
    assert!(count > 24 && count < 1 << 16);
}

#[test]
fn block_order_visits_every_cell_once_block_by_block() {
    let order = BLOCK_ORDER.iter().map(|&(b, bit)| {
        assert_eq!(bit.count_ones(), 1);
        (b, bit.trailing_zeros() as usize)
    });
    assert_block_by_block(order, 4);
}

#[test]
fn fewest_finds_the_first_cell_with_fewest_candidates() {
    // r6c3 (band 1, bit 16 + 2) keeps digits 1, 2 and 3; r9c1 (band 2, bit 0) keeps 4, 5.
    assert_fewest_first(Bands::fewest, 18);
}

#[test]
fn tightest_block_has_fewest_candidates_per_open_cell() {
    let mut state = Bands::new();
    assert_eq!(
        state.tightest_block(u16::MAX),
        0,
        "ties go to the first block"
    );
    // Block 6 (band 1, stack 2): every cell down to digits 1 and 2.
    let block6 = (0xF << 8) * LANES;
    for d in 2..16 {
        state.masks[1][d] &= !block6;
    }
    assert_eq!(state.tightest_block(u16::MAX), 6);
    assert_eq!(state.tightest_block(!(1 << 6)), 0, "only among those asked");
    // Block 6 solved: it comes last.
    state.unsolved[1] &= !block6;
    assert_eq!(state.tightest_block(1 << 6 | 1 << 9), 9);
}

#[test]
fn rename_digits_puts_the_fewest_candidates_first() {
    let mut state = Bands::new();
    state.stale = 0;
    // Digit 6 (index 5) keeps band 0 only, digit 10 (index 9) bands 0 and 1.
    for b in 0..4 {
        state.masks[b][5] = if b == 0 { ALL } else { 0 };
        state.masks[b][9] = if b < 2 { ALL } else { 0 };
    }
    let names = state.rename_digits();
    assert_eq!(names[..3], [5, 9, 0]);
    assert_eq!(state.masks.map(|m| m[0]), [ALL, 0, 0, 0]);
    assert_eq!(state.masks.map(|m| m[1]), [ALL, ALL, 0, 0]);
    let mut sorted = names;
    sorted.sort_unstable();
    assert_eq!(sorted, std::array::from_fn(|d| d as u8), "a permutation");
}

/// Propagation compiled for AVX2 and BMI2 against the portable code, from states made of
/// a solution's cells and some wrong digits: the same fixpoints, the same contradictions.
#[cfg(target_arch = "x86_64")]
#[test]
fn propagation_for_avx2_and_bmi2_agrees_with_the_portable_code() {
    if !crate::search::portable::v3_to_compare() {
        return;
    }
    let empty = Puzzle::classic(vec![0; 256]).unwrap();
    let solution = solve(&empty, Options::default()).solutions.remove(0);
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n) as usize
    };
    let (mut fixpoints, mut contradictions) = (0, 0);
    for _ in 0..3000 {
        let mut state = Bands::new();
        let givens = 20 + next(180);
        let wrong = next(4);
        for i in 0..givens {
            let cell = next(256);
            let mut digit = solution[cell] as usize - 1;
            if i < wrong {
                digit = (digit + 1 + next(15)) % 16;
            }
            let _ = state.place(digit, cell / 64, 1 << (cell % 64));
        }
        let (mut portable, mut v3) = (state, state);
        let expected = portable.fixpoint::<false>();
        // SAFETY: the CPU has AVX2 and BMI2 (checked above).
        let got = unsafe { v3.propagate_v3() };
        assert_eq!(got.is_ok(), expected.is_ok());
        if expected.is_ok() {
            fixpoints += 1;
            assert_eq!(v3.masks, portable.masks);
            assert_eq!(v3.unsolved, portable.unsolved);
            assert_eq!(v3.offered, portable.offered);
            assert_eq!(v3.stale, 0);
        } else {
            contradictions += 1;
        }
    }
    assert!(
        fixpoints > 300 && contradictions > 300,
        "{fixpoints} / {contradictions}"
    );
}

#[test]
fn equal_givens_in_a_column_make_it_unsolvable() {
    let mut givens = vec![0; 256];
    givens[3] = 7;
    givens[16 * 9 + 3] = 7;
    let puzzle = Puzzle::classic(givens).unwrap();
    assert_eq!(
        solve(&puzzle, Options::default()).status,
        Status::Unsolvable
    );
}

#[test]
fn givens_that_contradict_through_propagation_cost_one_node_and_no_trial() {
    // A puzzle of ../shared/data/sixteen/generated_200_AP.txt with one given changed (the
    // tails benchmark's "changed" set): its givens leave 16 no place in row 15, which the
    // root's propagation finds. The search used to start from the half-propagated state and
    // refute it again by 4,016 trials.
    let text = "..OD......CAGH..M.....H...B.KLO.H...FN.CG.E......NP..M..I..L.....L.O.AJ.EFD....\
                PD..N..I.H..P...M..J..EM..G..HN.O..C.D.....M.A...J....C..BEP.M........DB......K.\
                GG......I...HJ..AC.HL.....J.............EL...NJP.K..J..DM...C..E......LFND..K...\
                BEA...OG.F...L..I";
    let givens: Vec<u8> = text
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'A' + 1 })
        .collect();
    let puzzle = Puzzle::classic(givens).unwrap();
    puzzle.validate().expect("no two givens clash");
    let outcome = solve(&puzzle, Options::default());
    assert_eq!(outcome.status, Status::Unsolvable);
    assert_eq!((outcome.stats.nodes, outcome.stats.probes), (1, 0));
    assert_eq!(outcome.stats.contradictions, 1);
    // A node limit of 0 stops before the root, as for any puzzle.
    let none = Options {
        node_limit: 0,
        ..Options::default()
    };
    assert_eq!(solve(&puzzle, none).status, Status::LimitReached);
}
