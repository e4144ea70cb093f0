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

/// The most cells a digit set may fit before the WXYZ-wing search skips it (on 9×9, and
/// beyond): on 16×16 and 25×25 grids there are 1,820 and 12,650 sets of four digits, and
/// the quadruples of many fitting cells would explode past a hint's time.
const WXYZ_MAX_FITTING: usize = 14;
const WXYZ_MAX_FITTING_BIG: usize = 8;

/// WXYZ-wing (a bent set of four): four cells, not all in one house, whose candidates are
/// four digits between them. Each digit whose cells all see each other can go in at most
/// one of them; if three digits are so and the fourth, `z`, is not, the four cells cannot
/// be filled without `z`: `z` leaves what sees every cell of the four that has it.
pub(crate) fn wxyz_wing(view: &View) -> Option<Step> {
    let board = view.board;
    let size = board.size();
    let open: Vec<usize> = board
        .open_cells()
        .filter(|&c| (2..=4).contains(&board.candidates(c).count_ones()))
        .collect();
    let quads = (0..size).flat_map(move |i| {
        (i + 1..size).flat_map(move |j| {
            (j + 1..size).flat_map(move |k| (k + 1..size).map(move |l| [i, j, k, l]))
        })
    });
    for set in quads.map(|q| q.iter().fold(0u32, |m, &i| m | 1 << i)) {
        let fitting: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&c| board.candidates(c) & !set == 0)
            .collect();
        let most = if size <= 9 {
            WXYZ_MAX_FITTING
        } else {
            WXYZ_MAX_FITTING_BIG
        };
        if fitting.len() < 4 || fitting.len() > most {
            continue;
        }
        let n = fitting.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for e in c + 1..n {
                        let cells = [fitting[a], fitting[b], fitting[c], fitting[e]];
                        if let Some(step) = wxyz_step(view, cells, set) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The WXYZ-wing step on `cells` (whose candidates lie in `set`), if they make one.
fn wxyz_step(view: &View, cells: [usize; 4], set: u32) -> Option<Step> {
    let board = view.board;
    let union = cells.iter().fold(0, |m, &c| m | board.candidates(c));
    if union != set {
        return None;
    }
    // Not all in one house: that is a naked quad.
    let shared = cells
        .iter()
        .fold(u128::MAX, |m, &c| m & board.geometry().house_mask(c));
    if shared != 0 {
        return None;
    }
    let holders = |bit: u32| -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&c| board.candidates(c) & bit != 0)
            .collect()
    };
    let mut loose = Vec::new();
    let mut m = set;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        m &= m - 1;
        let h = holders(bit);
        let restricted = h
            .iter()
            .enumerate()
            .all(|(i, &x)| h[i + 1..].iter().all(|&y| board.sees(x, y)));
        if !restricted {
            loose.push(bit);
        }
    }
    let [z] = loose[..] else {
        return None;
    };
    let step = Step::pattern(Technique::WxyzWing, cells, [], set);
    seen_by_all(view, step, z, &holders(z))
}
