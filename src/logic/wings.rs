//! Wings: a few cells with two or three candidates that force a digit into one of two
//! places (the pincers), so it leaves every cell that sees both.
//!
//! - **XY-wing**: pivot `{x, y}`, pincers `{x, z}` and `{y, z}` each seeing the pivot;
//! - **XYZ-wing**: pivot `{x, y, z}` and the same pincers: `z` leaves what all three see;
//! - **W-wing**: two `{x, w}` cells that do not see each other, joined by a conjugate pair of
//!   `x` (one end seen by each): one of them is `w`.

use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The open cells with exactly `k` candidates.
fn cells_with_count(view: &View, k: u32) -> Vec<usize> {
    let board = view.board;
    board
        .open_cells()
        .filter(|&c| board.candidates(c).count_ones() == k)
        .collect()
}

/// `step` with the digits of `mask` removed from every open cell (outside `seeing`) that
/// sees all of `seeing`, if that removes any.
fn seen_by_all(view: &View, mut step: Step, mask: u32, seeing: &[usize]) -> Option<Step> {
    let board = view.board;
    for c in board.open_cells() {
        if !seeing.contains(&c) && seeing.iter().all(|&s| board.sees(c, s)) {
            step.remove(board, c, mask);
        }
    }
    step.useful()
}

pub(crate) fn xy_wing(view: &View) -> Option<Step> {
    let board = view.board;
    let pairs = cells_with_count(view, 2);
    for &pivot in &pairs {
        let p = board.candidates(pivot);
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&c| board.sees(c, pivot) && (board.candidates(c) & p).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (board.candidates(a), board.candidates(b));
                let z = ca & cb;
                // Each pincer shares a different digit with the pivot, and z is outside it.
                if z.count_ones() != 1 || z & p != 0 || (ca & p) == (cb & p) {
                    continue;
                }
                let step = Step::pattern(Technique::XyWing, [pivot, a, b], [], p | z);
                if let Some(step) = seen_by_all(view, step, z, &[a, b]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

pub(crate) fn xyz_wing(view: &View) -> Option<Step> {
    let board = view.board;
    let pairs = cells_with_count(view, 2);
    for pivot in cells_with_count(view, 3) {
        let p = board.candidates(pivot);
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&c| board.sees(c, pivot) && board.candidates(c) & !p == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (board.candidates(a), board.candidates(b));
                let z = ca & cb;
                if z.count_ones() != 1 || ca | cb != p {
                    continue;
                }
                let step = Step::pattern(Technique::XyzWing, [pivot, a, b], [], p);
                if let Some(step) = seen_by_all(view, step, z, &[pivot, a, b]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

pub(crate) fn w_wing(view: &View) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    let pairs = cells_with_count(view, 2);
    for (i, &a) in pairs.iter().enumerate() {
        for &d in &pairs[i + 1..] {
            let m = board.candidates(a);
            if board.candidates(d) != m || board.sees(a, d) {
                continue;
            }
            for x in [m & m.wrapping_neg(), m & (m - 1)] {
                let w = m & !x;
                let digit = x.trailing_zeros() as u8 + 1;
                for h in 0..geometry.house_count() {
                    let p = view.positions(h, digit);
                    if p.count_ones() != 2 {
                        continue;
                    }
                    let mut ends = view.cells_at(h, p);
                    let (Some(b), Some(c)) = (ends.next(), ends.next()) else {
                        continue;
                    };
                    if [b, c].iter().any(|e| *e == a || *e == d) {
                        continue;
                    }
                    let joined = (board.sees(a, b) && board.sees(d, c))
                        || (board.sees(a, c) && board.sees(d, b));
                    if !joined {
                        continue;
                    }
                    let step = Step::pattern(Technique::WWing, [a, b, c, d], [h], m);
                    if let Some(step) = seen_by_all(view, step, w, &[a, d]) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
