//! Direct forms, as Sudoku Explainer has them: a pointing, a claiming, a hidden pair or a
//! hidden triple whose removals leave a digit one place in a house. The step is the pattern's
//! removals and that placement, as SE applies it: taking only the placement would leave the
//! removals to a plain pointing or subset later, rated above the single they made.
//!
//! The single is looked for where SE 1.2.1 looks (`Locking` and `HiddenSet` in direct mode):
//! after a pointing, in another block the line crosses; after a claiming, in another line of
//! the same kind that crosses the block; after a hidden subset, in the subset's own house. A
//! single the removals make elsewhere (in a column through a pointing's row, a cell left with
//! one candidate) is the plain technique's, then a single's: SE rates it so.

use std::ops::Range;

use super::board::Board;
use super::intersections::{claimings, confined, pointings};
use super::step::Step;
use super::subsets::{hidden_subsets, stripped};
use super::technique::Technique;
use super::view::View;
use super::words::{cells, digits, houses};

/// A pointing (a digit confined in a block to one line) that leaves the digit one place in
/// another block the line crosses.
pub(crate) fn direct_pointing(view: &View) -> Option<Step> {
    pointings(view, |block, line, d, pattern| {
        single_after(
            view,
            Technique::DirectPointing,
            [block, line],
            d,
            pattern,
            view.blocks(),
        )
    })
}

/// A claiming (a digit confined in a line to one block) that leaves the digit one place in
/// another line of the same kind through the block.
pub(crate) fn direct_claiming(view: &View) -> Option<Step> {
    claimings(view, |line, block, d, pattern| {
        let kind = if line < view.board.size() {
            view.rows()
        } else {
            view.columns()
        };
        single_after(
            view,
            Technique::DirectClaiming,
            [line, block],
            d,
            pattern,
            kind,
        )
    })
}

/// Digit `d`, confined in house `from` to `pattern` (all in house `to`), leaves the rest of
/// `to`: the step that does so and places it where a house of `kind` other than `from` had
/// it in two places or more and keeps one, outside `to`.
fn single_after(
    view: &View,
    technique: Technique,
    [from, to]: [usize; 2],
    d: u8,
    pattern: &[usize],
    kind: Range<usize>,
) -> Option<Step> {
    let geometry = view.board.geometry();
    for h in kind.filter(|&h| h != from) {
        let places = view.positions(h, d);
        if places.count_ones() < 2 {
            continue;
        }
        // Houses of one kind do not meet, so every place of `h` inside `to` is removed.
        let mut kept = view
            .cells_at(h, places)
            .filter(|&c| geometry.house_mask(c) >> to & 1 == 0);
        if let (Some(cell), None) = (kept.next(), kept.next()) {
            let mut step = confined(view, technique, from, to, d, pattern)?.with_houses([h]);
            step.put(cell, d);
            return Some(step);
        }
    }
    None
}

/// A hidden pair (`k` = 2) or triple (3) whose cells, holding nothing else, leave another
/// digit one place in the house.
pub(crate) fn direct_hidden(view: &View, k: usize) -> Option<Step> {
    let technique = [Technique::DirectHiddenPair, Technique::DirectHiddenTriple][k - 2];
    hidden_subsets(view, k, |h, mask, subset| {
        for d in view.digits().filter(|&d| mask >> (d - 1) & 1 == 0) {
            let places = view.positions(h, d);
            if places.count_ones() < 2 {
                continue;
            }
            let mut kept = view.cells_at(h, places).filter(|c| !subset.contains(c));
            if let (Some(cell), None) = (kept.next(), kept.next()) {
                let mut step = stripped(view.board, technique, h, mask, subset);
                step.put(cell, d);
                return Some(step.with_digits(1 << (d - 1)));
            }
        }
        None
    })
}

/// The sentence of a direct step, given what its removals do (`removals`: "so 7 leaves r2c4
/// and r2c5"): "In block 1, 7 can only go in r2c1 and r2c2 (all in row 2), so 7 leaves r2c4
/// and r2c5: it has one place left in block 3, so 7 goes in r1c8."
pub(crate) fn sentence(step: &Step, board: &Board, removals: &str) -> String {
    let g = board.geometry();
    let (cell, placed) = step.placements[0];
    let pattern = cells(g, &step.cells);
    let goes = format!("so {placed} goes in {}", g.cell(cell));
    match step.technique {
        Technique::DirectPointing | Technique::DirectClaiming => format!(
            "In {}, {placed} can only go in {pattern} (all in {}), {removals}: it has one place left in {}, {goes}.",
            houses(g, &step.houses[..1]),
            houses(g, &step.houses[1..2]),
            houses(g, &step.houses[2..]),
        ),
        _ => {
            let subset = step.digits.bits() & !(1 << (placed - 1));
            format!(
                "In {}, {} can only go in {pattern}, so those cells hold nothing else ({}): {placed} has one place left in {}, {goes}.",
                houses(g, &step.houses),
                digits(crate::digits::DigitSet::from_bits(subset)),
                removals.trim_start_matches("so "),
                houses(g, &step.houses),
            )
        }
    }
}
