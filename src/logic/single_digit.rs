//! Single-digit patterns, short chains of conjugate pairs on one digit (a *conjugate pair*:
//! the digit's only two places in a house — one of them holds it):
//!
//! - **skyscraper**: two parallel lines with a conjugate pair each, one end of each in a
//!   common cross line: one of the two other ends holds the digit;
//! - **two-string kite**: a row pair and a column pair with one end of each in one block:
//!   one of the two other ends holds the digit;
//! - **empty rectangle**: in a block the digit's places lie on one row and one column (a
//!   cross); a conjugate pair in a line outside the block, one end on the cross's row
//!   (column), puts the digit in the block's column (row) or at the pair's other end.

use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The conjugate pairs of digit `d` in the houses `range`: `(house, cell, cell)`.
pub(super) fn pairs(
    view: &View,
    d: u8,
    range: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    range
        .filter_map(|h| {
            let p = view.positions(h, d);
            (p.count_ones() == 2).then(|| {
                let mut cells = view.cells_at(h, p);
                (h, cells.next().unwrap_or(0), cells.next().unwrap_or(0))
            })
        })
        .collect()
}

/// `step` with `d` removed from every cell outside its pattern that sees both `a` and `b`, if
/// that removes any.
fn seen_by_both(view: &View, mut step: Step, d: u8, a: usize, b: usize) -> Option<Step> {
    let board = view.board;
    for c in board.open_cells() {
        if !step.cells.contains(&c) && board.sees(c, a) && board.sees(c, b) {
            step.remove(board, c, 1 << (d - 1));
        }
    }
    step.useful()
}

pub(crate) fn skyscraper(view: &View) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    for d in view.digits() {
        for rows in [true, false] {
            let lines = pairs(view, d, if rows { view.rows() } else { view.columns() });
            // The cross coordinate of a cell: its column for row pairs, its row for columns.
            let across = |c: usize| {
                let cell = geometry.cell(c);
                if rows {
                    cell.col
                } else {
                    cell.row
                }
            };
            for (i, &(h1, a1, a2)) in lines.iter().enumerate() {
                for &(h2, b1, b2) in &lines[i + 1..] {
                    for (base_a, end_a) in [(a1, a2), (a2, a1)] {
                        for (base_b, end_b) in [(b1, b2), (b2, b1)] {
                            if across(base_a) != across(base_b) || across(end_a) == across(end_b) {
                                continue;
                            }
                            let cells = [base_a, end_a, base_b, end_b];
                            let step =
                                Step::pattern(Technique::Skyscraper, cells, [h1, h2], 1 << (d - 1));
                            if let Some(step) = seen_by_both(view, step, d, end_a, end_b) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

pub(crate) fn two_string_kite(view: &View) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    if view.blocks().is_empty() {
        return None;
    }
    let size = board.size();
    for d in view.digits() {
        let rows = pairs(view, d, view.rows());
        let columns = pairs(view, d, view.columns());
        for &(hr, r1, r2) in &rows {
            for &(hc, c1, c2) in &columns {
                for (near_r, far_r) in [(r1, r2), (r2, r1)] {
                    for (near_c, far_c) in [(c1, c2), (c2, c1)] {
                        let distinct = [near_r, far_r].iter().all(|x| *x != near_c && *x != far_c);
                        if !distinct || geometry.block_of(near_r) != geometry.block_of(near_c) {
                            continue;
                        }
                        // The cell in the far column end's row and the far row end's column.
                        let target = geometry.cell(far_c).row as usize * size
                            + geometry.cell(far_r).col as usize;
                        let block = 2 * size + geometry.block_of(near_r).unwrap_or(0);
                        let cells = [far_r, near_r, near_c, far_c];
                        let mut step = Step::pattern(
                            Technique::TwoStringKite,
                            cells,
                            [hr, hc, block],
                            1 << (d - 1),
                        );
                        if !cells.contains(&target) {
                            step.remove(board, target, 1 << (d - 1));
                        }
                        if step.is_useful() {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

pub(crate) fn empty_rectangle(view: &View) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    let (br, bc) = geometry.block_shape()?;
    let size = board.size();
    for b in view.blocks() {
        let block = b - 2 * size;
        let (r0, c0) = ((block / (size / bc)) * br, (block % (size / bc)) * bc);
        for d in view.digits() {
            let bit = 1u32 << (d - 1);
            let p = view.positions(b, d);
            if p.count_ones() < 2 {
                continue;
            }
            let cells: Vec<usize> = view.cells_at(b, p).collect();
            for r in r0..r0 + br {
                for c in c0..c0 + bc {
                    let on_row = |x: &usize| geometry.cell(*x).row as usize == r;
                    let on_col = |x: &usize| geometry.cell(*x).col as usize == c;
                    if !cells.iter().all(|x| on_row(x) || on_col(x))
                        || cells.iter().all(on_row)
                        || cells.iter().all(on_col)
                    {
                        continue;
                    }
                    // A column pair outside the block's columns with one end on row r: the
                    // digit leaves (other end's row, c). And the same with rows and columns
                    // swapped: coordinates are (along the pair, across it).
                    for columns in [true, false] {
                        let flip = |(x, y): (usize, usize)| if columns { (x, y) } else { (y, x) };
                        let at = |cell: usize| {
                            let p = geometry.cell(cell);
                            flip((p.row as usize, p.col as usize))
                        };
                        let (cross_along, cross_across) = flip((r, c));
                        let (band, stack) = (r0..r0 + br, c0..c0 + bc);
                        let (span_along, span_across) = if columns {
                            (band, stack)
                        } else {
                            (stack, band)
                        };
                        let lines = if columns { view.columns() } else { view.rows() };
                        for (h, x, y) in pairs(view, d, lines) {
                            if span_across.contains(&(h % size)) {
                                continue;
                            }
                            for (on, other) in [(x, y), (y, x)] {
                                let other_along = at(other).0;
                                if at(on).0 != cross_along || span_along.contains(&other_along) {
                                    continue;
                                }
                                let (tr, tc) = flip((other_along, cross_across));
                                let pattern = cells.iter().copied().chain([on, other]);
                                let mut step =
                                    Step::pattern(Technique::EmptyRectangle, pattern, [b, h], bit);
                                step.remove(board, tr * size + tc, bit);
                                if step.is_useful() {
                                    return Some(step);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    None
}
