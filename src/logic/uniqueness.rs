//! Uniqueness techniques: deductions that hold only because the puzzle has one solution.
//!
//! - **Unique rectangle**: four open cells in two rows, two columns and at most two blocks
//!   (any rectangle on a grid without blocks) that all hold the digits `a` and `b`. Were
//!   they all `a` or `b`, the two digits could be swapped in them and the puzzle would have a
//!   second solution: a *deadly pattern*. Type 1: three cells are exactly `{a, b}`, so the
//!   fourth is neither. Type 2 (type 5 when the extra cells are diagonal or three): the cells
//!   beyond `{a, b}` all hold one more digit `z` and nothing else, so one of them is `z`,
//!   and `z` leaves every cell that sees all of them. Type 3: the two extra cells share a
//!   house; one of them holds a digit beyond `a` and `b`, so together they act as one cell
//!   holding those digits, which may make a naked subset with other cells of the house.
//!   Type 4: the two extra cells share a house where `a` has no other place, so one of them
//!   is `a`; the other cannot be `b`, so `b` leaves both. Type 6: the two extra cells lie
//!   across from each other and `a` has its only places at the corners in both rows (or both
//!   columns): `a` leaves both. The hidden rectangle is described at its finder.
//! - **Avoidable rectangle**: the same four cells, none a given, solved so far as such a
//!   pattern would be. Solved digits that are not givens could be swapped too, so an open
//!   corner must not complete the pattern (types 1 and 2, as for the unique rectangle).
//! - **BUG+1**: every open cell has two candidates but one, which has three, and every digit
//!   has two places in every house but the three houses of that cell, where one digit has
//!   three. Without that digit the board would be a *bivalue universal grave*, which has no
//!   solution or at least two (each cell can take its other digit); so the cell holds it.
//!
//! They are sound only on a puzzle with one solution whose digits the candidates keep and
//! the placed digits are (the hints check a player's marks and entries first).
//! [`crate::logic::Techniques::ALL`] leaves them out; a caller that has established
//! uniqueness adds them with [`crate::logic::Techniques::with_uniqueness`] (the grade and the
//! hints of a unique puzzle). A relation or marker can break the swap, so a rectangle any of
//! them touches is skipped, and BUG+1 skips puzzles that have any.

use super::board::Board;
use super::few::Few;
use super::step::Step;
use super::subsets::unions;
use super::technique::Technique;
use super::view::View;
use super::words::{and_list, cell_name, cells, digits, houses};
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

/// True when the digits of `cells` (`[r1c1, r1c2, r2c1, r2c2]`) could be swapped without
/// breaking a block (the cells lie in at most two blocks) or a relation or marker.
fn swappable(board: &Board, cells: &[usize; 4]) -> bool {
    let mut blocks = [usize::MAX; 2];
    for b in cells.iter().filter_map(|&c| board.geometry().block_of(c)) {
        if blocks.contains(&b) {
            continue;
        }
        match blocks.iter().position(|&x| x == usize::MAX) {
            Some(i) => blocks[i] = b,
            None => return false,
        }
    }
    untouched(board, cells)
}

/// Every rectangle of open cells `[r1c1, r1c2, r2c1, r2c2]` that share two candidates and
/// whose digits could be swapped ([`swappable`]). Called at every step a simpler technique
/// did not take, so it allocates nothing per rectangle and drops one at its first missing
/// piece.
fn rectangles(board: &Board) -> Vec<[usize; 4]> {
    let n = board.size();
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
                    if swappable(board, &cells) {
                        found.push(cells);
                    }
                }
            }
        }
    }
    found
}

/// The first unique rectangle of type 1, 2 (or 5), 4, 6 or 3, or hidden, that removes
/// something; then the first avoidable rectangle. In Sudoku Explainer's forms
/// ([`View::explainer_forms`], the grade) only the types SE 1.2.1 has (its unique loops of four
/// cells: 1, 2 with 5, 3 and 4): a hidden rectangle, type 6 or avoidable rectangle that the
/// grade took at 4.5 stood for steps SE proves by chains (7.1–7.2 on the diabolical sets).
pub(crate) fn unique_rectangle(view: &View) -> Option<Step> {
    let board = view.board;
    let all_types = !view.explainer_forms;
    for cells in rectangles(board) {
        let common = cells.iter().fold(u32::MAX, |m, &c| m & board.candidates(c));
        // Each pair of digits both cells share.
        let digits: Few<u32> = (0..32)
            .map(|i| 1u32 << i)
            .filter(|b| common & b != 0)
            .collect();
        for (i, &a) in digits.iter().enumerate() {
            for &b in &digits[i + 1..] {
                let ab = a | b;
                let extra: Few<usize> = cells
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
                if all_types {
                    if let Some(step) = hidden_rectangle(view, cells, a, b) {
                        return Some(step);
                    }
                }
                if let [e1, e2] = extra[..] {
                    let mut found = type_4(view, cells, [e1, e2], a, b);
                    if found.is_none() && all_types {
                        found = type_6(view, cells, [e1, e2], a, b);
                    }
                    if found.is_none() {
                        found = type_3(board, cells, [e1, e2], ab);
                    }
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
    if all_types {
        avoidable_rectangle(board)
    } else {
        None
    }
}

/// Type 4: the two extra cells (`roof`) share a house where one of `a`, `b` has no other
/// place, so one of them holds it; the other digit leaves both.
fn type_4(view: &View, cells: [usize; 4], roof: [usize; 2], a: u32, b: u32) -> Option<Step> {
    let board = view.board;
    let g = board.geometry();
    let shared = g.house_mask(roof[0]) & g.house_mask(roof[1]);
    for h in (0..g.house_count()).filter(|&h| shared >> h & 1 != 0) {
        for (x, y) in [(a, b), (b, a)] {
            let dx = x.trailing_zeros() as u8 + 1;
            if view.positions(h, dx).count_ones() != 2 {
                continue;
            }
            let mut step = Step::pattern(Technique::UniqueRectangle, cells, [h], a | b);
            step.remove(board, roof[0], y);
            step.remove(board, roof[1], y);
            if let Some(step) = step.useful() {
                return Some(step);
            }
        }
    }
    None
}

/// Type 6: the two extra cells (`roof`) lie across from each other, so the other two hold
/// only `a` and `b`; in both rows (or both columns) of the rectangle one digit `x` has its
/// only places at the corners. Were a corner with more `x`, the corners beside it would be
/// `y`, the last place of `x` in the other line the other extra corner, and the four a
/// swappable pattern: so `x` leaves both extra corners. The step's houses are those lines.
fn type_6(view: &View, cells: [usize; 4], roof: [usize; 2], a: u32, b: u32) -> Option<Step> {
    let board = view.board;
    let n = board.size();
    if roof[0] / n == roof[1] / n || roof[0] % n == roof[1] % n {
        return None;
    }
    let (rows, columns) = ([cells[0] / n, cells[3] / n], [cells[0] % n, cells[3] % n]);
    // Where x is in a row: the rectangle's two columns; in a column, its two rows.
    let in_row = (1u32 << columns[0]) | (1u32 << columns[1]);
    let in_column = (1u32 << rows[0]) | (1u32 << rows[1]);
    for x in [a, b] {
        let dx = x.trailing_zeros() as u8 + 1;
        let lines = if rows.iter().all(|&r| view.positions(r, dx) == in_row) {
            rows
        } else if (columns.iter()).all(|&c| view.positions(n + c, dx) == in_column) {
            [n + columns[0], n + columns[1]]
        } else {
            continue;
        };
        let mut step = Step::pattern(Technique::UniqueRectangle, cells, lines, a | b);
        step.remove(board, roof[0], x);
        step.remove(board, roof[1], x);
        if let Some(step) = step.useful() {
            return Some(step);
        }
    }
    None
}

/// The largest naked subset a type 3 looks for, the two extra cells counted as one: a quad,
/// as the naked subsets go.
const TYPE_3_MOST: usize = 4;

/// Type 3: the two extra cells (`roof`) share a house; one of them holds one of their
/// digits beyond `ab`, so the two act as one cell holding those digits. With `k - 1` other
/// cells of the house they make a naked subset of `k` digits, which leave the house's other
/// cells. The step's cells are the corners, then those `k - 1` cells.
fn type_3(board: &Board, cells: [usize; 4], roof: [usize; 2], ab: u32) -> Option<Step> {
    let g = board.geometry();
    let more = (board.candidates(roof[0]) | board.candidates(roof[1])) & !ab;
    let shared = g.house_mask(roof[0]) & g.house_mask(roof[1]);
    for k in 2..=TYPE_3_MOST {
        if more.count_ones() as usize > k {
            continue;
        }
        for h in (0..g.house_count()).filter(|&h| shared >> h & 1 != 0) {
            let house = g.house(h);
            // Each other open cell, with the roof's digits added: the union of k - 1 of
            // them is the subset's digits.
            let others: Vec<(usize, u32)> = (house.iter())
                .map(|&c| c as usize)
                .filter(|&c| board.is_open(c) && !cells.contains(&c))
                .map(|c| (c, board.candidates(c) | more))
                .collect();
            let found = unions(&others, k - 1, k as u32, &mut |set, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                let pattern = cells.iter().chain(set).copied();
                let mut step = Step::pattern(Technique::UniqueRectangle, pattern, [h], ab | union);
                for &c in house {
                    let c = c as usize;
                    if !roof.contains(&c) && !set.contains(&c) {
                        step.remove(board, c, union);
                    }
                }
                step.useful()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The first avoidable rectangle: four cells of two rows, two columns and at most two
/// blocks, none a given, solved so far as a swappable pattern would be (each solved corner
/// the digit of the solved corner across from it, if any). Type 1: three are solved, `a`
/// across from the open one and `b` beside it: were it `a`, the four could be swapped
/// without touching a given, so it is not. Type 2: two solved corners in one line, `a` and
/// `b`; the open ones hold the digit of the corner across and one more digit `z`, the same
/// in both: one of them is `z`, and `z` leaves every cell that sees both.
fn avoidable_rectangle(board: &Board) -> Option<Step> {
    let n = board.size();
    let givens = board.puzzle().givens();
    // The bit of a solved cell's digit.
    let bit = |c: usize| 1u32 << (board.value(c) - 1);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                if givens[r1 * n + c1] != 0 || givens[r2 * n + c1] != 0 {
                    continue;
                }
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if givens[cells[1]] != 0 || givens[cells[3]] != 0 {
                        continue;
                    }
                    // Bit k: corner k is open. Across from k is 3 - k; beside it, k ^ 1
                    // and k ^ 2.
                    let open = (0..4).fold(0u8, |m, k| m | u8::from(board.is_open(cells[k])) << k);
                    let (k, l) = (
                        open.trailing_zeros() as usize,
                        7usize.saturating_sub(open.leading_zeros() as usize),
                    );
                    let step = match open.count_ones() {
                        1 if board.value(cells[k ^ 1]) == board.value(cells[k ^ 2]) => {
                            let (a, b) = (bit(cells[3 - k]), bit(cells[k ^ 1]));
                            let mut step =
                                Step::pattern(Technique::UniqueRectangle, cells, [], a | b);
                            step.remove(board, cells[k], a);
                            step
                        }
                        2 if l != 3 - k => {
                            let (p, q) = (cells[k], cells[l]);
                            let (a, b) = (bit(cells[3 - k]), bit(cells[3 - l]));
                            let z = board.candidates(p) & !a;
                            if board.candidates(p) & a == 0
                                || board.candidates(q) != b | z
                                || z.count_ones() != 1
                                || z & b != 0
                            {
                                continue;
                            }
                            let mut step =
                                Step::pattern(Technique::UniqueRectangle, cells, [], a | b | z);
                            for c in board.open_cells() {
                                if c != p && c != q && board.sees(c, p) && board.sees(c, q) {
                                    step.remove(board, c, z);
                                }
                            }
                            step
                        }
                        _ => continue,
                    };
                    if !swappable(board, &cells) {
                        continue;
                    }
                    if let Some(step) = step.useful() {
                        return Some(step);
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
        _ => rectangle_sentence(step, board, effect),
    }
}

/// A unique or avoidable rectangle in words. Its kind shows in the step's shape (see each
/// finder): a solved corner (avoidable), one corner with more than `a` and `b` (type 1), no
/// house (type 2 or 5), a row and a column (hidden), two rows or two columns (type 6), one
/// house and cells beyond the corners (type 3) or none (type 4).
fn rectangle_sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let corners = &step.cells[..4];
    if corners.iter().any(|&c| !board.is_open(c)) {
        return avoidable_sentence(step, board, effect);
    }
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
    let floors: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.candidates(c) == ab.bits())
        .collect();
    let deadly = format!(
        "{all} could only hold {ab_text} — and a puzzle with one solution cannot have them, since {ab_text} could be swapped"
    );
    let then = capitalised(effect);
    let lines_of_one_kind = step.houses.len() == 2
        && g.house_name(step.houses[0]).kind == g.house_name(step.houses[1]).kind;
    if extra.len() == 1 {
        format!(
            "If {} were {}, {deadly}. {then} (unique rectangle, type 1: relies on the puzzle having one solution).",
            cell_name(g, extra[0]),
            digits(ab).replace(" and ", " or "),
        )
    } else if step.houses.is_empty() {
        let z = DigitSet::from_bits(step.digits.bits() & !ab.bits());
        let kind = if extra.len() == 2 && g.house_mask(extra[0]) & g.house_mask(extra[1]) != 0 {
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
    } else if lines_of_one_kind {
        let gone = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
        format!(
            "In {} the only places of {} are corners of the rectangle {all}, and {} hold only {ab_text}. Were {} {}, the other would be {} too and {} {}: {all} would hold a pattern of {ab_text} that could be swapped, which a puzzle with one solution cannot have. {then} (unique rectangle, type 6: relies on the puzzle having one solution).",
            houses(g, &step.houses),
            digits(gone),
            cells(g, &floors),
            cells(g, &extra).replace(" and ", " or "),
            digits(gone),
            digits(gone),
            cells(g, &floors),
            digits(ab.difference(gone)),
        )
    } else if step.houses.len() == 2 {
        let (opposite, gone) = step.eliminations[0];
        let kept = ab.difference(gone);
        let floor = floors.first().copied().unwrap_or(corners[0]);
        let partners: Vec<usize> = corners
            .iter()
            .copied()
            .filter(|&c| c != floor && c != opposite)
            .collect();
        format!(
            "{} holds only {ab_text}, and in {} and {} the only places of {} are corners of the rectangle {all}. Were {} {}, {} would be {} (the last places of {} in those lines), so {} would be {}: {all} would hold a pattern of {ab_text} that could be swapped, which a puzzle with one solution cannot have. {then} (hidden rectangle, a unique rectangle: relies on the puzzle having one solution).",
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
    } else if step.cells.len() > 4 {
        let others = &step.cells[4..];
        let more = extra.iter().fold(0, |m, &c| m | board.candidates(c)) & !ab.bits();
        let subset = others.iter().fold(more, |m, &c| m | board.candidates(c));
        let more_text = digits(DigitSet::from_bits(more)).replace(" and ", " or ");
        let size = ["pair", "triple", "quad"][others.len() - 1];
        format!(
            "{} hold {ab_text} and, besides, {}; if neither held {more_text}, {deadly}. So one of them is {more_text}, and with {} they make a naked {size} of {} in {}: {effect} (unique rectangle, type 3: relies on the puzzle having one solution).",
            cells(g, &extra),
            digits(DigitSet::from_bits(more)),
            cells(g, others),
            digits(DigitSet::from_bits(subset)),
            g.house_name(step.houses[0]),
        )
    } else {
        let gone = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
        let kept = ab.difference(gone);
        format!(
            "{} are the only places of {} in {}, so one of them is {}; were the other {}, {deadly}. {then} (unique rectangle, type 4: relies on the puzzle having one solution).",
            cells(g, &extra),
            digits(kept),
            g.house_name(step.houses[0]),
            digits(kept),
            digits(gone),
        )
    }
}

/// The step's effect ("so 2 leaves r5c4") opening a sentence ("So 2 leaves r5c4").
fn capitalised(effect: &str) -> String {
    match effect.strip_prefix("so ") {
        Some(rest) => format!("So {rest}"),
        None => effect.to_string(),
    }
}

/// An avoidable rectangle in words: its solved corners and what the open ones would be.
fn avoidable_sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let corners = &step.cells[..4];
    let all = cells(g, corners);
    let (solved, open): (Vec<usize>, Vec<usize>) =
        corners.iter().partition(|&&c| !board.is_open(c));
    let values = and_list(solved.iter().map(|&c| board.value(c).to_string()));
    // What each open corner would be in the pattern: the digit of the corner across.
    let across =
        |c: usize| board.value(corners[3 - corners.iter().position(|&x| x == c).unwrap_or(0)]);
    let would = and_list(open.iter().map(|&c| across(c).to_string()));
    let ab = solved.iter().fold(0, |m, &c| m | board.candidates(c));
    let swap = format!(
        "{all} would hold {} in a pattern that could be swapped without touching a given, and the puzzle would have a second solution",
        digits(DigitSet::from_bits(ab))
    );
    let then = capitalised(effect);
    let none_given = if solved.len() == 2 {
        "neither a given"
    } else {
        "none of them a given"
    };
    if let [cell] = open[..] {
        format!(
            "{} were solved as {values} ({none_given}); were {} {would}, {swap}. {then} (avoidable rectangle, type 1: relies on the puzzle having one solution).",
            cells(g, &solved),
            cell_name(g, cell),
        )
    } else {
        let z = open.iter().fold(0, |m, &c| m | board.candidates(c)) & !ab;
        let z = digits(DigitSet::from_bits(z));
        format!(
            "{} were solved as {values} ({none_given}), and {} hold {would}, each with {z}; were neither {z}, they would be {would} and {swap}. So one of them is {z}, {effect} (avoidable rectangle, type 2: relies on the puzzle having one solution).",
            cells(g, &solved),
            cells(g, &open),
        )
    }
}
