//! Unit tests of the 25×25 fast path: its bit tricks against slow, obvious versions.

use super::bits::*;
use super::*;
use crate::formats::Format;
use crate::search::bitboards::{assert_block_by_block, assert_fewest_first};
use crate::search::portable::has_v3;
use crate::search::Status;

/// A xorshift walk over 128-bit band masks, sparse and dense, plus the extremes.
fn masks() -> Vec<u128> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = vec![0, ALL, QUINTET_FIRSTS, LANE_TOPS, LANES, ROW << 100];
    for _ in 0..5_000 {
        let m = ((next() as u128) << 64 | next() as u128) & ALL;
        out.extend([
            m,
            m & m >> 3,
            m & m >> 5 & m >> 11,
            m & m >> 7 & m >> 13 & m >> 29,
        ]);
    }
    out
}

#[test]
fn quintets_agree_with_a_quintet_by_quintet_look() {
    for m in masks() {
        let slow = (0..25)
            .filter(|k| m >> (5 * k) & 0x1F != 0)
            .fold(0u32, |set, k| set | 1 << k);
        assert_eq!(quintets::<false>(m), slow, "{m:#034x}");
        assert_eq!(quintets::<false>(fill_quintets::<false>(slow)), slow);
        assert_eq!(fill_quintets::<false>(slow) & m, m, "{m:#034x}");
        if has_v3() {
            assert_eq!(quintets::<true>(m), slow, "{m:#034x}");
            assert_eq!(fill_quintets::<true>(slow), fill_quintets::<false>(slow));
        }
    }
}

/// The union of the permutations inside a 5×5 set, by trying all 120.
fn slow_matching(set: u32) -> u32 {
    let mut union = 0;
    let mut perm = [0, 1, 2, 3, 4];
    // Heap's algorithm over the 120 orders.
    let mut c = [0usize; 5];
    let mut check = |p: &[usize; 5]| {
        let bits = (0..5).fold(0u32, |m, i| m | 1 << (5 * i + p[i]));
        if bits & set == bits {
            union |= bits;
        }
    };
    check(&perm);
    let mut i = 0;
    while i < 5 {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            check(&perm);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    union
}

#[test]
fn matching_keeps_exactly_the_entries_of_some_permutation() {
    assert_eq!(matching((1 << 25) - 1), (1 << 25) - 1);
    let identity = (0..5).fold(0, |m, i| m | 1 << (6 * i));
    assert_eq!(matching(identity), identity);
    assert_eq!(
        matching(((1 << 25) - 1) & !0x1F),
        0,
        "row 0 has nowhere to go"
    );
    let mut x: u32 = 0x1234_5678;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        for set in [
            x & ((1 << 25) - 1),
            x & x >> 3 & ((1 << 25) - 1),
            x | x >> 7,
        ] {
            let set = set & ((1 << 25) - 1);
            assert_eq!(matching(set), slow_matching(set), "{set:#09x}");
        }
    }
}

#[test]
fn lone_cells_are_the_rows_with_one_cell() {
    for m in masks() {
        // Only masks with no empty row are asked.
        if (0..5).any(|i| m >> (25 * i) & ROW == 0) {
            continue;
        }
        let slow = (0..5).fold(0u128, |lone, i| {
            let row = m >> (25 * i) & ROW;
            lone | if row.count_ones() == 1 {
                row << (25 * i)
            } else {
                0
            }
        });
        assert_eq!(lone_cells(m), slow, "{m:#034x}");
        // wasm's way of spreading the rows (the product's elsewhere).
        let tops = (0..5).fold(0u128, |t, i| {
            t | u128::from(slow >> (25 * i) & ROW != 0) << (25 * i + 24)
        });
        assert_eq!(m & smear_lanes(tops), slow, "{m:#034x}");
    }
}

#[test]
fn stacks_turn_and_turn_back() {
    for m in masks() {
        let offered = m;
        let back = (0..5).fold(0, |all, s| {
            all | unstack::<false>(stack::<false>(offered, s), s)
        });
        assert_eq!(back, offered);
        for s in 0..5 {
            for b in 0..5 {
                for j in 0..5 {
                    assert_eq!(
                        stack::<false>(offered, s) >> (5 * b + j) & 1,
                        (offered >> (25 * b + 5 * s + j) & 1) as u32
                    );
                }
            }
            if has_v3() {
                assert_eq!(stack::<true>(offered, s), stack::<false>(offered, s));
                let k = stack::<false>(offered, s) & 0x1AB_CDEF;
                assert_eq!(unstack::<true>(k, s), unstack::<false>(k, s));
            }
        }
        let union = (0..5).fold(0, |c, i| c | (m >> (25 * i) & ROW) as u32);
        assert_eq!(columns(m), union);
        assert_eq!(columns_in_every_row(m), every_row(union));
        // Both ways of `offer` (wasm's, the others'): lane b replaced, the rest kept.
        for (b, &lane) in LANE.iter().enumerate() {
            let other = m.rotate_left(37) & ALL;
            let want = other & !(ROW << (25 * b)) | (union as u128) << (25 * b);
            assert_eq!(offer(other, b, m), want);
            assert_eq!(other & !lane | columns_in_every_row(m) & lane, want);
        }
    }
}

#[test]
fn take_clears_the_cells_and_names_the_masks_that_lost_some() {
    let all = masks();
    for (i, &cells) in all.iter().enumerate().step_by(7) {
        let band: [u128; 25] = std::array::from_fn(|e| all[(i + 3 * e + 1) % all.len()]);
        let mut slow = band;
        let lost = take::<false>(&mut slow, cells);
        for e in 0..25 {
            assert_eq!(slow[e], band[e] & !cells);
            assert_eq!(lost >> e & 1 != 0, band[e] & cells != 0);
        }
        if has_v3() {
            let mut fast = band;
            assert_eq!(take::<true>(&mut fast, cells), lost);
            assert_eq!(fast, slow);
        }
    }
}

#[test]
fn count_to_two_counts_candidates_across_digits() {
    let all = masks();
    for i in (0..all.len()).step_by(11) {
        let band: [u128; 25] =
            std::array::from_fn(|e| all[(i + 5 * e + 2) % all.len()] & all[(i + e) % all.len()]);
        let (one, two) = count_to_two(&band);
        for bit in 0..125 {
            let n = band.iter().filter(|&&m| m >> bit & 1 != 0).count();
            assert_eq!(one >> bit & 1 != 0, n >= 1, "bit {bit}");
            assert_eq!(two >> bit & 1 != 0, n >= 2, "bit {bit}");
        }
    }
}

#[test]
fn block_order_visits_every_cell_once_block_by_block() {
    let order = BLOCK_ORDER
        .iter()
        .map(|&(b, bit)| (b as usize, bit as usize));
    assert_block_by_block(order, 5);
}

#[test]
fn fewest_finds_the_first_cell_with_fewest_candidates() {
    // r7c4 (band 1, bit 25 + 3) keeps digits 1, 2 and 3; r11c1 (band 2, bit 0) keeps 4, 5.
    assert_fewest_first(Bands::fewest, 28);
}

#[test]
fn an_empty_grid_has_several_solutions() {
    let puzzle = Puzzle::classic(vec![0; 625]).unwrap();
    let outcome = solve(&puzzle, Options::default());
    assert_eq!(outcome.status, Status::Multiple);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    for s in &outcome.solutions {
        puzzle.check_answer(s).unwrap();
    }
}

#[test]
fn the_portable_and_the_v3_search_agree() {
    if !has_v3() {
        return;
    }
    let texts = [
        include_str!("../../../tests/fixtures/classic25-generated-seed11.txt"),
        include_str!("../../../tests/fixtures/twenty-five-hard.line"),
    ];
    let puzzles = texts.iter().flat_map(|t| read(t, Format::Line));
    for (i, puzzle) in puzzles.enumerate() {
        for (solution_limit, node_limit) in [(2, Options::DEFAULT_NODE_LIMIT), (1, 50), (3, 500)] {
            let options = Options {
                solution_limit,
                node_limit,
                strategy: None,
            };
            let portable = solve_by(&puzzle, options, HAND_OVER, |s, state| {
                s.search_portable(state)
            });
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the CPU has BMI2 (checked above), and AVX2 and POPCNT with it on every
            // CPU that has BMI2.
            let v3 = solve_by(&puzzle, options, HAND_OVER, |s, state| unsafe {
                s.search_v3(state)
            });
            #[cfg(not(target_arch = "x86_64"))]
            let v3 = portable.clone();
            let what = format!("#{i}, limits {solution_limit} / {node_limit}");
            assert_eq!(portable.status, v3.status, "{what}");
            assert_eq!(portable.solutions, v3.solutions, "{what}");
            assert_eq!(portable.stats, v3.stats, "{what}");
        }
    }
}

/// The puzzles of a fixture's text.
fn read(text: &str, format: Format) -> Vec<Puzzle> {
    crate::formats::read(text, format, Default::default())
        .map(|e| e.expect("the fixture reads").puzzle)
        .collect()
}

/// The hand-over of [`solve`].
const HAND_OVER: HandOver = HandOver {
    after: HAND_OVER_WORK,
    dlx_trial: DLX_TRIAL,
};

/// A hand-over after `work`, straight to the general engine.
fn at(work: u64) -> HandOver {
    HandOver {
        after: work,
        dlx_trial: 0,
    }
}

#[test]
fn a_search_without_a_solution_at_the_hand_over_point_ends_in_the_general_engine() {
    use crate::search::{Propagate, Search, Silent};
    let text = include_str!("../../../tests/fixtures/twenty-five-hard.line");
    let puzzle = read(text, Format::Line).remove(0);
    // A wrong digit in an empty cell, one no given of its houses holds: no solution.
    let answer = solve(&puzzle, Options::default()).solutions.remove(0);
    let wrong = (0..625)
        .filter(|&cell| puzzle.givens()[cell] == 0)
        .flat_map(|cell| (1..=25).map(move |d| (cell, d)))
        .filter(|&(cell, d)| d != answer[cell])
        .map(|(cell, d)| {
            let mut givens = puzzle.givens().to_vec();
            givens[cell] = d;
            Puzzle::classic(givens).unwrap()
        })
        .filter(|p| p.validate().is_ok())
        // One whose contradiction lies deeper than the hand-over point below.
        .find(|p| solve(p, Options::default()).stats.work() > 100)
        .expect("a wrong digit no peer holds, refuted below the root");
    for (puzzle, status) in [(&wrong, Status::Unsolvable), (&puzzle, Status::Unique)] {
        let alone = solve(puzzle, Options::default());
        assert_eq!(alone.status, status);
        let handed = solve_by(puzzle, Options::default(), at(20), |s, state| s.run(state));
        assert_eq!(handed.status, status);
        assert_eq!(handed.solutions, alone.solutions);
        let mut general = Propagate::new(puzzle, Options::default(), Silent);
        general.run();
        let general = general.outcome();
        assert_eq!(general.status, status);
        // The statistics count both searches: the fast path's 20 units of work (no solution
        // by then) and all of the general engine's.
        assert_eq!(handed.stats.work(), general.stats.work() + 20);
        // A node limit inside the fast path's part still stops the whole search there.
        let tight = Options {
            node_limit: 10,
            ..Options::default()
        };
        let stopped = solve_by(puzzle, tight, at(20), |s, state| s.run(state));
        assert_eq!(stopped.status, Status::LimitReached);
        assert!(stopped.stats.work() >= 10 && stopped.stats.work() <= 11);
    }
}

#[test]
fn at_the_hand_over_a_short_dlx_trial_settles_the_heavy_tail_the_fuzzer_found() {
    // Dense at the bottom, sparse on top, many solutions: `propagate` alone takes a million
    // nodes to find one; DLX a few thousand.
    let text = include_str!("../../../benches/data/hard/tail25-fuzz.json");
    let puzzle = read(text, Format::Json).remove(0);
    let options = Options {
        solution_limit: 1,
        ..Options::default()
    };
    let trial = HandOver {
        after: 2_000,
        dlx_trial: 50_000,
    };
    let outcome = solve_by(&puzzle, options, trial, |s, state| s.run(state));
    assert_eq!(outcome.status, Status::Solved);
    // The whole search: the fast path's 2,000 and DLX's part, far below propagate's million.
    assert!(
        outcome.stats.work() < 2_000 + 50_000,
        "{}",
        outcome.stats.work()
    );
    // The grid, checked here: the givens kept, every house a permutation.
    let grid = &outcome.solutions[0];
    for (g, d) in puzzle.givens().iter().zip(grid) {
        assert!(*g == 0 || g == d);
    }
    for house in 0..25 {
        let row: u32 = (0..25).map(|i| 1 << grid[house * 25 + i]).sum();
        let col: u32 = (0..25).map(|i| 1 << grid[i * 25 + house]).sum();
        let (br, bc) = (house / 5 * 5, house % 5 * 5);
        let block: u32 = (0..25)
            .map(|i| 1 << grid[(br + i / 5) * 25 + bc + i % 5])
            .sum();
        assert_eq!((row, col, block), (0x3FF_FFFE, 0x3FF_FFFE, 0x3FF_FFFE));
    }
    // A DLX trial that runs out hands on to the general engine, and the node limit holds
    // across all three parts: 2,000 in the fast path, 10 in DLX, the 5 left in `propagate`.
    let short = HandOver {
        after: 2_000,
        dlx_trial: 10,
    };
    let again = solve_by(
        &puzzle,
        Options {
            node_limit: 2_000 + 10 + 5,
            ..options
        },
        short,
        |s, state| s.run(state),
    );
    assert_eq!(again.status, Status::LimitReached);
    assert!(
        again.stats.work() <= 2_000 + 10 + 6,
        "{}",
        again.stats.work()
    );
}
