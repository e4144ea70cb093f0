//! Singles: the last open cell of a house (full house), a digit with one place left in a
//! house (hidden single, blocks first), a cell with one candidate left (naked single).

use super::board::full;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// A house with one open cell: it takes the one digit the house lacks.
pub(crate) fn full_house(view: &View) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    let all = full(board.size());
    for h in houses_blocks_first(view) {
        let mut open = geometry
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.is_open(c));
        let (Some(cell), None) = (open.next(), open.next()) else {
            continue;
        };
        let missing = all & !board.placed_in(h);
        if missing.count_ones() == 1 && board.candidates(cell) & missing != 0 {
            let digit = missing.trailing_zeros() as u8 + 1;
            return Some(Step::placing(Technique::FullHouse, cell, digit).with_houses([h]));
        }
    }
    None
}

/// A digit with one place left in a house (blocks before rows and columns, as a person
/// scans them first).
pub(crate) fn hidden_single(view: &View) -> Option<Step> {
    let board = view.board;
    for h in houses_blocks_first(view) {
        for d in view.digits() {
            let bit = 1u32 << (d - 1);
            if board.placed_in(h) & bit != 0 {
                continue;
            }
            let p = view.positions(h, d);
            if p.count_ones() == 1 {
                let cell = view.cells_at(h, p).next()?;
                return Some(Step::placing(Technique::HiddenSingle, cell, d).with_houses([h]));
            }
        }
    }
    None
}

/// An open cell with one candidate left.
pub(crate) fn naked_single(view: &View) -> Option<Step> {
    let board = view.board;
    let cell = board
        .open_cells()
        .find(|&c| board.candidates(c).count_ones() == 1)?;
    let digit = board.candidates(cell).trailing_zeros() as u8 + 1;
    Some(Step::placing(Technique::NakedSingle, cell, digit).with_cells([cell]))
}

/// Blocks, then rows, then columns.
pub(crate) fn houses_blocks_first(view: &View) -> impl Iterator<Item = usize> {
    view.blocks().chain(view.rows()).chain(view.columns())
}
