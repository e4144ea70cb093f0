//! Unit tests of the `dlx` engine: the matrix, its links, and how its events map onto the
//! observer protocol.

use super::*;
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use crate::search::Status;
use crate::search::{Observer, Options, Rule, Search, Silent, Via};

fn empty(size: usize) -> Dlx<Silent> {
    let puzzle = Puzzle::classic(vec![0; size * size]).unwrap();
    Dlx::new(&puzzle, Options::default(), Silent)
}

/// Everything the links hold, in one list to compare before and after.
fn snapshot<O: Observer>(dlx: &Dlx<O>) -> Vec<i64> {
    let links = dlx.nodes.iter().flat_map(|n| [n.up, n.down]);
    let counts = dlx.counts.iter().map(|&c| c as i64);
    (links.chain(dlx.grid.iter().copied()).map(i64::from))
        .chain(counts)
        .chain([dlx.open as i64])
        .collect()
}

/// The node of candidate `(cell, digit)` in its cell column.
fn node(dlx: &Dlx<impl Observer>, cell: usize, digit: usize) -> usize {
    dlx.first + 4 * (cell * dlx.size + digit - 1)
}

#[test]
fn a_fresh_matrix_has_n_rows_in_each_of_its_4n2_columns() {
    for size in crate::geometry::CLASSIC_SIZES {
        let dlx = empty(size);
        assert_eq!(dlx.counts.len(), 4 * size * size);
        assert!(dlx.counts.iter().all(|&c| c == size as i16));
        for h in 0..dlx.counts.len() {
            let mut rows = 0;
            let mut i = dlx.nodes[h].down as usize;
            while i != h {
                assert_eq!(dlx.nodes[i].column as usize, h);
                assert_eq!(dlx.nodes[dlx.nodes[i].down as usize].up as usize, i);
                rows += 1;
                i = dlx.nodes[i].down as usize;
            }
            assert_eq!(rows, size, "column {h} of size {size}");
        }
    }
}

#[test]
fn selecting_a_row_places_the_cell_and_removes_the_digit_from_its_peers() {
    let mut dlx = empty(9);
    let cell = 40; // r5c5
    let removed = dlx.select(node(&dlx, cell, 7), cell);
    assert_eq!(
        removed,
        8 + 20,
        "its other 8 digits and 7 from its 20 peers"
    );
    assert_eq!(dlx.grid[cell], 1 << 6);
    let geometry = Geometry::classic(9).unwrap();
    for c in 0..81 {
        let expected = if c == cell {
            1 << 6
        } else if geometry.peers(cell).contains(&(c as u16)) {
            0x1FF & !(1 << 6)
        } else {
            0x1FF
        };
        assert_eq!(dlx.grid[c], expected, "cell {c}");
    }
    assert_eq!(dlx.open, 4 * 81 - 4);
}

#[test]
fn unselect_and_unhide_restore_every_link_exactly() {
    let mut dlx = empty(6);
    let before = snapshot(&dlx);
    let a = node(&dlx, 0, 3);
    // Select through a house column (node 2 of the row), then another row, then refute.
    dlx.select(a | 2, 0);
    let b = node(&dlx, 20, 5);
    dlx.select(b + 1, 20);
    let c = node(&dlx, 35, 1);
    dlx.hide(c);
    assert_ne!(snapshot(&dlx), before);
    dlx.unhide(c);
    dlx.unselect(b + 1);
    dlx.unselect(a | 2);
    assert!(snapshot(&dlx) == before);
}

#[test]
fn columns_are_chosen_fewest_rows_first_then_in_column_order() {
    let mut dlx = empty(4);
    assert_eq!(dlx.choose(), (0, 4));
    dlx.hide(node(&dlx, 5, 2));
    // Cell r2c2 (column 5) and three house-digit columns now have 3 rows: the cell first.
    assert_eq!(dlx.choose(), (5, 3));
    let peer = node(&dlx, 0, 1);
    dlx.select(peer, 0);
    // r2c2 is down to 3 and 4, the first column with two rows.
    assert_eq!(dlx.choose(), (5, 2));
}

/// Records placements and refutations as `(kind, cell, digit, depth)`.
#[derive(Default)]
struct Decisions {
    events: Vec<(&'static str, usize, u8, usize)>,
    places: Vec<(usize, u8, Rule, Via, usize)>,
}

impl Observer for Decisions {
    fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
        self.places.push((cell, digit, rule, via, depth));
    }
    fn guess(&mut self, cell: usize, digit: u8, _: Rule, depth: usize) {
        self.events.push(("guess", cell, digit, depth));
    }
    fn backtrack(&mut self, depth: usize) {
        self.events.push(("backtrack", 0, 0, depth));
    }
    fn eliminate(&mut self, cell: usize, removed: DigitSet, rule: Rule, _: Via, depth: usize) {
        if rule == Rule::Refutation {
            let digit = removed.min().unwrap_or(0);
            self.events.push(("refutation", cell, digit, depth));
        }
    }
}

#[test]
fn a_house_digit_column_with_one_row_is_a_hidden_single_in_that_house() {
    // 1 is given in r2c4, r3c7, r4c2 and r7c3: in row 1 it fits only r1c1 (and in
    // column 1 and block 1 too, but the row's column comes first).
    let mut givens = vec![0; 81];
    for (r, c) in [(1, 3), (2, 6), (3, 1), (6, 2)] {
        givens[r * 9 + c] = 1;
    }
    let puzzle = Puzzle::classic(givens).unwrap();
    let mut dlx = Dlx::new(&puzzle, Options::default(), Decisions::default());
    dlx.advance(1);
    let first = dlx.observer().places[4];
    assert_eq!(first, (0, 1, Rule::HiddenSingleRow, Via::House(0), 0));
    assert_eq!(dlx.stats().placements[Rule::HiddenSingleRow as usize], 1);
    assert_eq!(dlx.grid()[0], 1);
}

#[test]
fn every_backtrack_refutes_its_guess_one_level_up() {
    let mut dlx = Dlx::new(
        &Puzzle::classic(vec![0; 16]).unwrap(),
        Options {
            solution_limit: 1000,
            ..Options::default()
        },
        Decisions::default(),
    );
    assert_eq!(dlx.run(), Status::Multiple);
    assert_eq!(dlx.stats().solutions, 288);
    let events = &dlx.observer().events;
    let mut open = Vec::new();
    for (i, &(kind, cell, digit, depth)) in events.iter().enumerate() {
        match kind {
            "guess" => open.push((cell, digit, depth)),
            "backtrack" => {
                let (cell, digit, guessed_at) = open.pop().unwrap();
                assert_eq!(guessed_at, depth);
                assert_eq!(events[i + 1], ("refutation", cell, digit, depth - 1));
            }
            _ => {}
        }
    }
    // Every dead end but the last, at the root, backtracks once.
    let stats = dlx.stats();
    assert_eq!(stats.backtracks, stats.solutions + stats.contradictions - 1);
    assert!(open.is_empty(), "the search ends at the root");
}
