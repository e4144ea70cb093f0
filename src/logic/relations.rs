//! Techniques that read relations (inequality sudoku and Futoshiki):
//!
//! - **chain bound**: a strictly increasing chain of `k` cells `c1 < c2 < … < ck` puts the
//!   `i`-th cell in `i ..= N − k + i`, whatever the candidates (the longest chain through a
//!   cell, by its relations alone);
//! - **relation bound**: `a < b` removes from `b` every digit up to the smallest candidate of
//!   `a`, and from `a` every digit from the largest candidate of `b` (arc consistency of one
//!   relation: Tatham's "links");
//! - **house bound**: the cells of one house that must be below a cell (through chains of
//!   relations) hold different digits, so if there are `m` of them the cell is above the
//!   `m`-th smallest digit they can hold — and likewise above it. With the cells of a row
//!   below and above a cell this is "the largest and smallest digit of a row" reasoning; it is
//!   what Tatham's solver notes as missing ("multiple links on the same row").
//!
//! They read the [`Order`](super::order::Order) of the relations, their transitive closure.

use super::board::Board;
use super::order::Memo;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The longest chain of relations through some cell pins every cell of it: the `i`-th of
/// `k` is at least `i` and at most `N − k + i`. The first chain (through the cells in
/// reading order) that removes something.
pub(crate) fn chain_bound(view: &View) -> Option<Step> {
    let board = view.board;
    let order = board.order();
    let n = board.size();
    let mut memo = Memo::new(board.cells());
    for cell in board.open_cells() {
        if !order.has_relations(cell) {
            continue;
        }
        let (cells, joins) = order.longest_chain(cell, &mut memo);
        let k = cells.len();
        // A chain longer than the digits is a contradiction validation reports, not a bound.
        if k < 2 || k > n {
            continue;
        }
        let mut step = Step::new(Technique::ChainBound).with_cells(cells.iter().copied());
        for (i, &c) in cells.iter().enumerate() {
            // Position i + 1 of k: digits i + 1 ..= n − k + i + 1.
            let keep = range_mask(i + 1, n - k + i + 1);
            step.remove(board, c, !keep);
        }
        if step.is_useful() {
            step.relations = joins;
            return Some(step);
        }
    }
    None
}

/// One relation `a < b` and the candidates of one end bound the other end.
pub(crate) fn relation_bound(view: &View) -> Option<Step> {
    let board = view.board;
    for (i, &(s, l)) in board.relations().iter().enumerate() {
        let (cs, cl) = (board.candidates(s), board.candidates(l));
        if cs == 0 || cl == 0 {
            continue;
        }
        // b > min(a): remove 1 ..= min(a) from the larger cell.
        let min_s = cs.trailing_zeros() + 1;
        let max_l = 32 - cl.leading_zeros();
        for (target, other, mask) in [
            (l, s, range_mask(1, min_s as usize)),
            (s, l, !range_mask(1, max_l as usize - 1)),
        ] {
            if let Some(mut step) = bound(board, Technique::RelationBound, other, target, mask) {
                step.relations = vec![i];
                return Some(step);
            }
        }
    }
    None
}

/// The step of `technique` that takes `mask` from `target` for what `other` holds (cells
/// `[other, target]`), if that removes anything: a bound across one relation or marker.
pub(super) fn bound(
    board: &Board,
    technique: Technique,
    other: usize,
    target: usize,
    mask: u32,
) -> Option<Step> {
    let mut step = Step::new(technique).with_cells([other, target]);
    step.remove(board, target, mask);
    step.useful()
}

/// The cells `Q` of one house that must be below cell `x` hold |Q| different digits, all
/// below `x`: `x` is above the |Q|-th smallest digit they can hold. Likewise above. For
/// |Q| ≥ 2 (one cell is a relation or chain bound).
pub(crate) fn house_bound(view: &View) -> Option<Step> {
    let board = view.board;
    let order = board.order();
    let geometry = board.geometry();
    for x in board.open_cells() {
        if !order.has_relations(x) {
            continue;
        }
        for h in 0..geometry.house_count() {
            let house = geometry.house(h);
            for upward in [false, true] {
                let q: Vec<usize> = house
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| {
                        c != x
                            && if upward {
                                order.below(x, c)
                            } else {
                                order.below(c, x)
                            }
                    })
                    .collect();
                if q.len() < 2 {
                    continue;
                }
                let union = q.iter().fold(0u32, |m, &c| m | board.candidates(c));
                let digits: Vec<u32> = (0..32).filter(|b| union >> b & 1 != 0).collect();
                if digits.len() < q.len() {
                    continue;
                }
                let mask = if upward {
                    // Below the |Q|-th largest: remove it and everything above.
                    let bound = digits[digits.len() - q.len()] + 1;
                    !range_mask(1, bound as usize - 1)
                } else {
                    let bound = digits[q.len() - 1] + 1;
                    range_mask(1, bound as usize)
                };
                let mut step = Step::new(Technique::HouseBound)
                    .with_cells(q.iter().copied().chain([x]))
                    .with_houses([h]);
                step.remove(board, x, mask);
                if step.is_useful() {
                    let mut with_x = q.clone();
                    with_x.push(x);
                    step.relations = order.relations_between(&with_x);
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The digits `lo ..= hi` as a mask (empty when `hi < lo`).
pub(crate) fn range_mask(lo: usize, hi: usize) -> u32 {
    if hi < lo || hi == 0 {
        return 0;
    }
    let upto = |d: usize| -> u32 {
        if d >= 32 {
            u32::MAX
        } else {
            (1u32 << d) - 1
        }
    };
    upto(hi) & !upto(lo - 1)
}
