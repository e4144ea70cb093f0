//! Intersections: where a block meets a row or column, a digit confined to the meeting in
//! one of them leaves the rest of the other (pointing: confined in the block; claiming:
//! confined in the line).

use super::few::Few;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// In a block, a digit's places lie in one row or column: it leaves the rest of that line.
pub(crate) fn pointing(view: &View) -> Option<Step> {
    pointings(view, |b, line, d, cells| {
        confined(view, Technique::Pointing, b, line, d, cells)
    })
}

/// In a row or column, a digit's places lie in one block: it leaves the rest of the block.
pub(crate) fn claiming(view: &View) -> Option<Step> {
    claimings(view, |line, b, d, cells| {
        confined(view, Technique::Claiming, line, b, d, cells)
    })
}

/// Calls `f(block, line, digit, cells)` for each digit whose places (two or more, `cells`)
/// in a block lie in one line, until it returns something.
pub(crate) fn pointings<R>(
    view: &View,
    mut f: impl FnMut(usize, usize, u8, &[usize]) -> Option<R>,
) -> Option<R> {
    for b in view.blocks() {
        for d in view.digits() {
            let p = view.positions(b, d);
            if p.count_ones() < 2 {
                continue;
            }
            let cells: Few<usize> = view.cells_at(b, p).collect();
            for line in lines_through(view, &cells).into_iter().flatten() {
                if let Some(found) = f(b, line, d, &cells) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Calls `f(line, block, digit, cells)` for each digit whose places (two or more, `cells`)
/// in a row or column lie in one block, until it returns something.
pub(crate) fn claimings<R>(
    view: &View,
    mut f: impl FnMut(usize, usize, u8, &[usize]) -> Option<R>,
) -> Option<R> {
    let board = view.board;
    if view.blocks().is_empty() {
        return None;
    }
    let geometry = board.geometry();
    for line in view.rows().chain(view.columns()) {
        for d in view.digits() {
            let p = view.positions(line, d);
            if p.count_ones() < 2 {
                continue;
            }
            let cells: Few<usize> = view.cells_at(line, p).collect();
            let Some(block) = geometry.block_of(cells[0]) else {
                continue;
            };
            if cells.iter().all(|&c| geometry.block_of(c) == Some(block)) {
                let b = 2 * board.size() + block;
                if let Some(found) = f(line, b, d, &cells) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The row and the column (house numbers) that hold every cell of `cells`, where they do.
fn lines_through(view: &View, cells: &[usize]) -> [Option<usize>; 2] {
    let geometry = view.board.geometry();
    let n = view.board.size();
    let first = geometry.cell(cells[0]);
    let row = cells.iter().all(|&c| geometry.cell(c).row == first.row);
    let col = cells.iter().all(|&c| geometry.cell(c).col == first.col);
    [
        row.then_some(first.row as usize),
        col.then_some(n + first.col as usize),
    ]
}

/// Digit `d`, confined in house `from` to `cells` (all in house `to`), leaves the other
/// cells of `to`.
pub(crate) fn confined(
    view: &View,
    technique: Technique,
    from: usize,
    to: usize,
    d: u8,
    cells: &[usize],
) -> Option<Step> {
    let board = view.board;
    let bit = 1 << (d - 1);
    let rest = || {
        board
            .geometry()
            .house(to)
            .iter()
            .map(|&c| c as usize)
            .filter(|c| !cells.contains(c))
    };
    // Most confinements remove nothing (any more): no step is built for them.
    if !rest().any(|c| Step::would_remove(board, c, bit)) {
        return None;
    }
    let mut step = Step::pattern(technique, cells.iter().copied(), [from, to], bit);
    for c in rest() {
        step.remove(board, c, bit);
    }
    step.useful()
}
