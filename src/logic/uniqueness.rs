//! Uniqueness techniques: deductions that hold only because the puzzle has one solution.
//!
//! - **Unique rectangle**: four open cells in two rows, two columns and at most two blocks
//!   (any rectangle on a grid without blocks) that all hold the digits `a` and `b`. Were
//!   they all `a` or `b`, the two digits could be swapped in them and the puzzle would have a
//!   second solution: a *deadly pattern*. Type 1: three cells are exactly `{a, b}`, so the
//!   fourth is neither. Type 2 (type 5 when the extra cells are diagonal or three): the cells
//!   beyond `{a, b}` all hold one more digit `z` and nothing else, so one of them is `z`,
//!   and `z` leaves every cell that sees all of them. Type 4: the two extra cells share a
//!   house where `a` has no other place, so one of them is `a`; the other cannot be `b`, so
//!   `b` leaves both.
//! - **BUG+1**: every open cell has two candidates but one, which has three, and every digit
//!   has two places in every house but the three houses of that cell, where one digit has
//!   three. Without that digit the board would be a *bivalue universal grave*, which has no
//!   solution or at least two (each cell can take its other digit); so the cell holds it.
//!
//! They are sound only on a puzzle with one solution, and the candidates must keep the
//! solution's digits (a player's marks that do are fine). [`crate::logic::Techniques::ALL`]
//! leaves them out; a caller that has established uniqueness adds them with
//! [`crate::logic::Techniques::with_uniqueness`] (the grade and the hints of a unique
//! puzzle). A relation or marker can break the swap, so a rectangle any of them touches is
//! skipped, and BUG+1 skips puzzles that have any.

use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::view::View;
use super::words::{cell_name, cells, digits};
use crate::digits::DigitSet;

/// True when no relation or marker rule touches any of `cells`.
fn untouched(board: &Board, cells: &[usize]) -> bool {
    board
        .relations()
        .iter()
        .all(|&(s, l)| !cells.contains(&s) && !cells.contains(&l))
        && board
            .markers()
            .iter()
            .all(|m| !cells.contains(&m.a) && !cells.contains(&m.b))
}

/// Every rectangle of open cells `[r1c1, r1c2, r2c1, r2c2]` that share two candidates and
/// whose digits could be swapped without breaking a block (the cells lie in at most two
/// blocks) or a relation or marker. Called at every step a simpler technique did not take,
/// so it allocates nothing per rectangle and drops one at its first missing piece.
fn rectangles(board: &Board) -> Vec<[usize; 4]> {
    let n = board.size();
    let g = board.geometry();
    let shared = |a: usize, b: usize| {
        if board.is_open(a) && board.is_open(b) {
            board.candidates(a) & board.candidates(b)
        } else {
            0
        }
    };
    let mut found = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                let left = shared(r1 * n + c1, r2 * n + c1);
                if left.count_ones() < 2 {
                    continue;
                }
                for c2 in c1 + 1..n {
                    let common = left & shared(r1 * n + c2, r2 * n + c2);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    // At most two blocks among the four (none on a grid without blocks).
                    let mut blocks = [usize::MAX; 2];
                    let mut spread = false;
                    for b in cells.iter().filter_map(|&c| g.block_of(c)) {
                        if blocks.contains(&b) {
                            continue;
                        }
                        match blocks.iter().position(|&x| x == usize::MAX) {
                            Some(i) => blocks[i] = b,
                            None => spread = true,
                        }
                    }
                    if spread || !untouched(board, &cells) {
                        continue;
                    }
                    found.push(cells);
                }
            }
        }
    }
    found
}

/// The first unique rectangle of type 1, 2 (or 5) or 4 that removes something.
pub(crate) fn unique_rectangle(view: &View) -> Option<Step> {
    let board = view.board;
    let g = board.geometry();
    for cells in rectangles(board) {
        let common = cells.iter().fold(u32::MAX, |m, &c| m & board.candidates(c));
        // Each pair of digits both cells share.
        let digits: Vec<u32> = (0..32)
            .map(|i| 1u32 << i)
            .filter(|b| common & b != 0)
            .collect();
        for (i, &a) in digits.iter().enumerate() {
            for &b in &digits[i + 1..] {
                let ab = a | b;
                let extra: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| board.candidates(c) != ab)
                    .collect();
                let pattern =
                    |mask: u32| Step::pattern(Technique::UniqueRectangle, cells, [], mask);
                // Type 1: the one cell with more loses a and b.
                if extra.len() == 1 {
                    let mut step = pattern(ab);
                    step.remove(board, extra[0], ab);
                    return step.useful();
                }
                if extra.len() < 2 {
                    continue;
                }
                // Type 2 / 5: the extra cells hold one more digit z, the same in each.
                let more = board.candidates(extra[0]) & !ab;
                if more.count_ones() == 1 && extra.iter().all(|&c| board.candidates(c) == ab | more)
                {
                    let mut step = pattern(ab | more);
                    for c in board.open_cells() {
                        if !cells.contains(&c) && extra.iter().all(|&e| board.sees(c, e)) {
                            step.remove(board, c, more);
                        }
                    }
                    if let Some(step) = step.useful() {
                        return Some(step);
                    }
                }
                if let Some(step) = hidden_rectangle(view, cells, a, b) {
                    return Some(step);
                }
                // Type 4: two extra cells in a house where one of a, b has no other place.
                if extra.len() != 2 {
                    continue;
                }
                let shared = g.house_mask(extra[0]) & g.house_mask(extra[1]);
                for h in (0..g.house_count()).filter(|&h| shared >> h & 1 != 0) {
                    for (x, y) in [(a, b), (b, a)] {
                        let dx = x.trailing_zeros() as u8 + 1;
                        if view.positions(h, dx).count_ones() != 2 {
                            continue;
                        }
                        let mut step = pattern(ab).with_houses([h]);
                        step.remove(board, extra[0], y);
                        step.remove(board, extra[1], y);
                        if let Some(step) = step.useful() {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// A hidden rectangle on `cells` (`[r1c1, r1c2, r2c1, r2c2]`, every one holding `a` and `b`):
/// a corner holding only `a` and `b`; in the row and the column of the opposite corner, one
/// of the two digits, `x`, has no place outside the rectangle. Were the opposite corner the
/// other digit `y`, both its partners would be `x` (each the last place of `x` in its line),
/// the first corner `y`, and the four corners a swappable `x`/`y` pattern: so `y` leaves the
/// opposite corner. The step's houses are that row and that column.
fn hidden_rectangle(view: &View, cells: [usize; 4], a: u32, b: u32) -> Option<Step> {
    let board = view.board;
    let n = board.size();
    let ab = a | b;
    for (k, &floor) in cells.iter().enumerate() {
        if board.candidates(floor) != ab {
            continue;
        }
        // The corner across (index 3 - k); its partner in its row differs in the column bit
        // of the index, its partner in its column in the row bit.
        let across = 3 - k;
        let opposite = cells[across];
        let (row_partner, column_partner) = (cells[across ^ 1], cells[across ^ 2]);
        let (r, c) = (opposite / n, opposite % n);
        let in_row = (1u32 << c) | (1u32 << (row_partner % n));
        let in_column = (1u32 << r) | (1u32 << (column_partner / n));
        for (x, y) in [(a, b), (b, a)] {
            let dx = x.trailing_zeros() as u8 + 1;
            if view.positions(r, dx) != in_row || view.positions(n + c, dx) != in_column {
                continue;
            }
            let mut step = Step::pattern(Technique::UniqueRectangle, cells, [r, n + c], ab);
            step.remove(board, opposite, y);
            if let Some(step) = step.useful() {
                return Some(step);
            }
        }
    }
    None
}

/// BUG+1: the one cell with three candidates takes the digit that has three places in its
/// houses, when every other (house, digit) has two places or none.
pub(crate) fn bug_plus_one(view: &View) -> Option<Step> {
    let board = view.board;
    if !board.relations().is_empty() || !board.markers().is_empty() {
        return None;
    }
    let mut three = None;
    for c in board.open_cells() {
        match board.candidates(c).count_ones() {
            2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return None,
        }
    }
    let cell = three?;
    let g = board.geometry();
    let mut extra = None;
    for h in 0..g.house_count() {
        let inside = g.house_mask(cell) >> h & 1 != 0;
        for d in view.digits() {
            let count = view.positions(h, d).count_ones();
            match count {
                0 | 2 => {}
                3 if inside => match extra {
                    None => extra = Some(d),
                    Some(e) if e == d => {}
                    Some(_) => return None,
                },
                _ => return None,
            }
        }
    }
    let d = extra?;
    if board.candidates(cell) >> (d - 1) & 1 == 0 {
        return None;
    }
    // Each house of the cell must count d three times (else removing it leaves a count of 2
    // in one house and 1 in another, which is no grave).
    if g.houses_of(cell)
        .iter()
        .any(|&h| view.positions(h as usize, d).count_ones() != 3)
    {
        return None;
    }
    let mut step = Step::placing(Technique::BugPlusOne, cell, d);
    step.digits = DigitSet::from_bits(board.candidates(cell));
    step.useful()
}

/// The step in words, saying that it rests on the puzzle having one solution.
pub(super) fn sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    match step.technique {
        Technique::BugPlusOne => {
            let (cell, d) = step.placements[0];
            format!(
                "Every open cell but {} has two candidates, and every digit two places in each house but {d}, which has three in the houses of {}: were {} not {d}, no digit could be told from its partner and the puzzle would have no solution or several, {effect} (BUG+1: relies on the puzzle having one solution).",
                cell_name(g, cell),
                cell_name(g, cell),
                cell_name(g, cell),
            )
        }
        _ => {
            let corners = &step.cells;
            let all = cells(g, corners);
            let common = corners
                .iter()
                .fold(u32::MAX, |m, &c| m & board.candidates(c));
            // a and b: the step's digits both in every corner (type 2 adds z, in some only).
            let ab = DigitSet::from_bits(step.digits.bits() & common);
            let ab_text = digits(ab);
            let extra: Vec<usize> = corners
                .iter()
                .copied()
                .filter(|&c| board.candidates(c) != ab.bits())
                .collect();
            let deadly = format!(
                "{all} could only hold {ab_text} — and a puzzle with one solution cannot have them, since {ab_text} could be swapped"
            );
            if extra.len() == 1 {
                format!(
                    "If {} were {}, {deadly}. So {}, {effect} (unique rectangle, type 1: relies on the puzzle having one solution).",
                    cell_name(g, extra[0]),
                    digits(ab).replace(" and ", " or "),
                    cell_name(g, extra[0]),
                )
            } else if step.houses.is_empty() {
                let z = DigitSet::from_bits(step.digits.bits() & !ab.bits());
                let kind =
                    if extra.len() == 2 && g.house_mask(extra[0]) & g.house_mask(extra[1]) != 0 {
                        "type 2"
                    } else {
                        "type 5"
                    };
                format!(
                    "{} hold {ab_text} and {}; if none were {}, {deadly}. So one of them is {}, {effect} (unique rectangle, {kind}: relies on the puzzle having one solution).",
                    cells(g, &extra),
                    digits(z),
                    digits(z),
                    digits(z),
                )
            } else if step.houses.len() == 2 {
                let (opposite, gone) = step.eliminations[0];
                let kept = ab.difference(gone);
                let floor = corners
                    .iter()
                    .copied()
                    .find(|&c| board.candidates(c) == ab.bits())
                    .unwrap_or(corners[0]);
                let partners: Vec<usize> = corners
                    .iter()
                    .copied()
                    .filter(|&c| c != floor && c != opposite)
                    .collect();
                format!(
                    "{} holds only {ab_text}, and in {} and {} the only places of {} are corners of the rectangle {all}. Were {} {}, {} would be {} (the last places of {} in those lines), so {} would be {}: {all} would hold a pattern of {ab_text} that could be swapped, which a puzzle with one solution cannot have. So {effect} (hidden rectangle, a unique rectangle: relies on the puzzle having one solution).",
                    cell_name(g, floor),
                    g.house_name(step.houses[0]),
                    g.house_name(step.houses[1]),
                    digits(kept),
                    cell_name(g, opposite),
                    digits(gone),
                    cells(g, &partners),
                    digits(kept),
                    digits(kept),
                    cell_name(g, floor),
                    digits(gone),
                )
            } else {
                let gone = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
                let kept = ab.difference(gone);
                format!(
                    "{} are the only places of {} in {}, so one of them is {}; were the other {}, {deadly}. So {effect} (unique rectangle, type 4: relies on the puzzle having one solution).",
                    cells(g, &extra),
                    digits(kept),
                    g.house_name(step.houses[0]),
                    digits(kept),
                    digits(gone),
                )
            }
        }
    }
}
