//! Unit tests of the `propagate` engine: its deductions one at a time, and the state it keeps
//! up to date checked against a recomputation.

use super::*;
use crate::digits::DigitSet;
use crate::geometry::Cell;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use crate::puzzle::{Kind, Relation};
use crate::search::{Options, Rule, Search, Silent, Via};

use super::crossings::Crossings;

/// A search over an empty grid of `size` whose depth-0 candidates the test sets by hand.
fn bare(kind: Kind, size: usize, relations: Vec<Relation>) -> Propagate<Silent> {
    let puzzle = Puzzle::new(kind, size, vec![0; size * size], relations).unwrap();
    let mut search = Propagate::new(&puzzle, Options::default(), Silent);
    search.frames.grids[..size * size].fill(DigitSet::full(size).bits());
    search
}

fn bits(digits: &[u8]) -> u32 {
    digits.iter().copied().collect::<DigitSet>().bits()
}

fn index(name: &str, size: usize) -> usize {
    Cell::parse(name).unwrap().index(size)
}

#[test]
fn hidden_single_in_block_places_digit() {
    let mut s = bare(Kind::Classic, 4, vec![]);
    // Block 1 is r1c1 r1c2 r2c1 r2c2; only r2c2 keeps 3.
    for name in ["r1c1", "r1c2", "r2c1"] {
        s.frames.grids[index(name, 4)] = bits(&[1, 2, 4]);
    }
    s.dirty = 1 << 8; // block 1 only (houses: 4 rows, 4 columns, then blocks)
    assert!(s.hidden_singles().is_ok());
    assert_eq!(s.frames.grids[index("r2c2", 4)], bits(&[3]));
    assert_eq!(s.queue, vec![index("r2c2", 4) as u16]);
    assert_eq!(s.book.stats.placements[Rule::HiddenSingleBlock as usize], 1);
    assert_eq!(
        s.book.stats.eliminations[Rule::HiddenSingleBlock as usize],
        3
    );
}

#[test]
fn a_digit_with_no_place_in_a_house_is_a_contradiction() {
    let mut s = bare(Kind::Classic, 4, vec![]);
    for c in 0..4 {
        s.frames.grids[c] = bits(&[1, 2, 3]);
    }
    s.dirty = 1; // row 1
    assert!(s.hidden_singles().is_err());
    assert_eq!(s.book.stats.contradictions, 1);
}

#[test]
fn relation_bounds_narrow_both_cells() {
    let less = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
    let mut s = bare(Kind::Futoshiki, 4, vec![less]);
    s.frames.grids[0] = bits(&[3, 4]);
    s.touch(0);
    // r1c2 must exceed min(r1c1) = 3; r1c1 must stay below max(r1c2) = 4.
    assert!(s.relation_bounds().is_ok());
    assert_eq!(s.frames.grids[1], bits(&[4]));
    assert_eq!(s.frames.grids[0], bits(&[3]));
    assert_eq!(s.book.stats.eliminations[Rule::Relation as usize], 3 + 1);
    assert_eq!(s.book.stats.placements[Rule::NakedSingle as usize], 2);
}

#[test]
fn only_relations_of_changed_cells_are_looked_at_again() {
    let rels = vec![
        Relation::new(Cell::new(0, 0), true, Cell::new(0, 1)),
        Relation::new(Cell::new(2, 2), true, Cell::new(2, 3)),
    ];
    let mut s = bare(Kind::Futoshiki, 4, rels);
    s.frames.grids[0] = bits(&[4]);
    s.frames.grids[10] = bits(&[4]);
    s.touch(10);
    // r3c3 changed: its relation narrows r3c4 to nothing; r1c1's relation is not queued
    // (r1c1 did not change as far as the search knows), so r1c2 keeps its candidates.
    assert!(s.relation_bounds().is_err());
    assert_eq!(s.frames.grids[1], bits(&[1, 2, 3, 4]));
}

#[test]
fn pointing_removes_the_digit_from_the_rest_of_the_row() {
    let mut s = bare(Kind::Classic, 4, vec![]);
    // In block 1, digit 2 stays only in row 1 (r1c1, r1c2): it leaves r1c3 and r1c4.
    for name in ["r2c1", "r2c2"] {
        s.frames.grids[index(name, 4)] = bits(&[1, 3, 4]);
    }
    s.locked_dirty = !0 >> (128 - 12);
    assert_eq!(s.locked_candidates(), Ok(true));
    for name in ["r1c3", "r1c4"] {
        assert_eq!(s.frames.grids[index(name, 4)], bits(&[1, 3, 4]), "{name}");
    }
    assert_eq!(s.frames.grids[index("r1c1", 4)], bits(&[1, 2, 3, 4]));
    assert_eq!(
        s.book.stats.eliminations[Rule::LockedCandidates as usize],
        2
    );
}

#[test]
fn a_probe_that_fails_refutes_its_digit() {
    let mut s = bare(Kind::Classic, 4, vec![]);
    // r1c1 ∈ {1, 2}; 1 also is the only candidate left of r1c2, so trying 1 in r1c1
    // empties r1c2: the probe refutes 1 and r1c1 becomes 2.
    s.frames.grids[0] = bits(&[1, 2]);
    s.frames.grids[1] = bits(&[1]);
    s.recount_solved(); // r1c2 is placed by hand, not by propagation
    s.probing = true;
    assert!(s.probe().is_ok());
    assert_eq!(s.frames.grids[0], bits(&[2]));
    assert!(s.book.stats.probes >= 1);
    assert!(s.book.stats.eliminations[Rule::Refutation as usize] >= 1);
}

#[test]
fn branching_prefers_the_cell_with_fewest_candidates() {
    let mut s = bare(Kind::Classic, 9, vec![]);
    s.frames.grids[40] = bits(&[2, 7]);
    s.frames.grids[3] = bits(&[1, 5, 9]);
    assert_eq!(s.choose(), Some(40));
    s.branch(40);
    assert_eq!(s.depth, 1);
    assert_eq!(s.frames.frame(1)[40], bits(&[2]));
    assert_eq!(
        s.frames.frame(0)[40],
        bits(&[2, 7]),
        "the parent grid is untouched"
    );
}

#[test]
fn escalation_returns_to_the_root_when_nothing_was_found() {
    let mut s = bare(Kind::Classic, 4, vec![]);
    s.frames.grids[0] = bits(&[1, 2]);
    s.branch(0);
    s.escalate();
    assert_eq!(s.depth, 0);
    assert!(s.probing);
}

mod incremental {
    //! The state kept up to date as the search goes, checked against a recomputation.
    use super::*;
    use crate::search::{Observer, Silent};

    /// Counts contradictions per house, as the events report them.
    struct Conflicts {
        geometry: &'static Geometry,
        per_house: Vec<u64>,
    }

    impl Observer for Conflicts {
        fn contradiction(&mut self, cell: Option<usize>, _digit: u8, via: Via, _depth: usize) {
            match (via, cell) {
                (Via::House(h), _) => self.per_house[h as usize] += 1,
                (_, Some(cell)) => {
                    for &h in self.geometry.houses_of(cell) {
                        self.per_house[h as usize] += 1;
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn cell_weights_are_the_sums_of_their_house_weights() {
        // A hard 9×9 puzzle (many contradictions) and an empty 6×6 one.
        let hard =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let digits = |t: &str| t.bytes().map(|b| b.saturating_sub(b'0')).collect();
        for puzzle in [
            Puzzle::classic(digits(hard)).unwrap(),
            Puzzle::classic(vec![0; 36]).unwrap(),
        ] {
            let geometry = puzzle.geometry();
            let observer = Conflicts {
                geometry,
                per_house: vec![0; geometry.house_count()],
            };
            let mut search = Propagate::new(&puzzle, Options::default(), observer);
            search.run();
            let per_house = &search.observer().per_house;
            assert!(per_house.iter().sum::<u64>() > 0 || geometry.size() == 6);
            for cell in 0..geometry.cell_count() {
                let expected: u64 = geometry
                    .houses_of(cell)
                    .iter()
                    .map(|&h| 1 + per_house[h as usize])
                    .sum();
                assert_eq!(search.weights[cell], expected, "cell {cell}");
            }
        }
    }

    #[test]
    fn crossings_cover_every_cell_once_per_side_inside_one_line_and_block() {
        for size in crate::geometry::CLASSIC_SIZES {
            let geometry = Geometry::classic(size).unwrap();
            let crossings = Crossings::of(geometry).unwrap();
            for side in &crossings.sides {
                let mut seen = vec![false; size * size];
                for s in 0..side.blocks.len() {
                    let line = side.first_line + s / side.segs;
                    let block = side.blocks[s] as usize;
                    assert_eq!(side.houses[s], 1u128 << line | 1u128 << block);
                    assert_eq!(
                        side.bands[s / side.segs / side.band_lines] & side.houses[s],
                        side.houses[s]
                    );
                    for &c in &side.cells[s * side.len..(s + 1) * side.len] {
                        assert!(!seen[c as usize], "size {size}: cell {c} twice");
                        seen[c as usize] = true;
                        assert!(geometry.house(line).contains(&c));
                        assert!(geometry.house(block).contains(&c));
                    }
                }
                assert!(seen.iter().all(|&s| s), "size {size}: every cell");
            }
        }
    }

    /// The band filter of locked candidates against the rule written out plainly: some
    /// intersection with a changed line or block has a digit confined to it in exactly one
    /// of its line and its block.
    #[test]
    fn band_filter_finds_exactly_the_bands_with_locked_candidates() {
        let mut rng = crate::generate::Rng::new(0x9e37_79b9_7f4a_7c15);
        for size in crate::geometry::CLASSIC_SIZES {
            let puzzle = Puzzle::classic(vec![0; size * size]).unwrap();
            let mut s = Propagate::new(&puzzle, Options::default(), Silent);
            let crossings = s.crossings.unwrap();
            let houses = s.geometry.house_count();
            for round in 0..300 {
                // Sparse candidates make locked candidates likely, dense ones unlikely.
                let keep = 2 + round % 6;
                for c in 0..size * size {
                    let mut m = 0;
                    for d in 0..size {
                        if rng.below(8) < keep {
                            m |= 1 << d;
                        }
                    }
                    s.frames.grids[c] = m;
                }
                let changed =
                    (0..houses).fold(
                        0u128,
                        |m, h| {
                            if rng.below(3) == 0 {
                                m | 1u128 << h
                            } else {
                                m
                            }
                        },
                    );
                for side in &crossings.sides {
                    let seg = |s: &Propagate<Silent>, i: usize| {
                        side.cells[i * side.len..(i + 1) * side.len]
                            .iter()
                            .fold(0, |m, &c| m | s.frames.grids[c as usize])
                    };
                    for band in 0..side.bands.len() {
                        let mut expected = false;
                        let lines = band * side.band_lines..(band + 1) * side.band_lines;
                        for line in lines.clone() {
                            for k in 0..side.segs {
                                let i = line * side.segs + k;
                                if changed & side.houses[i] == 0 {
                                    continue;
                                }
                                let rest_of_line = (0..side.segs)
                                    .filter(|&j| j != k)
                                    .fold(0, |m, j| m | seg(&s, line * side.segs + j));
                                let rest_of_block = lines
                                    .clone()
                                    .filter(|&o| o != line)
                                    .fold(0, |m, o| m | seg(&s, o * side.segs + k));
                                let here = seg(&s, i);
                                expected |= here & !rest_of_block & rest_of_line != 0
                                    || here & !rest_of_line & rest_of_block != 0;
                            }
                        }
                        assert_eq!(
                            s.band_has_locked_candidates(side, band, changed),
                            expected,
                            "size {size}, band {band}"
                        );
                    }
                }
            }
        }
    }
}
