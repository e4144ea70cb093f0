//! Fish: for one digit, `n` base lines (rows, or columns) whose places lie in `n` cover
//! lines (columns, or rows): each cover line's digit is in a base line, so it leaves the
//! cover lines' other cells. `n` = 2 X-wing, 3 swordfish, 4 jellyfish. A *finned* fish has
//! extra places (fins) in one block beside the pattern: either a fin holds the digit or the
//! fish stands, so the digit leaves the cover cells that are also in the fins' block
//! (*sashimi* when a base line keeps only one place in the cover lines).

use super::few::Few;
use super::step::Step;
use super::subsets::{combinations, unions};
use super::technique::Technique;
use super::view::View;

/// The fish of size `n` without fins.
pub(crate) fn basic(view: &View, n: usize) -> Option<Step> {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][n - 2];
    search(view, n, technique, false)
}

/// The fish of size `n` with fins in one block (classic kinds only).
pub(crate) fn finned(view: &View, n: usize) -> Option<Step> {
    if view.blocks().is_empty() {
        return None;
    }
    let technique = [
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
    ][n - 2];
    search(view, n, technique, true)
}

fn search(view: &View, n: usize, technique: Technique, fins: bool) -> Option<Step> {
    // A fish reads one digit's places: where they are as they were when it found nothing,
    // it is not looked for again.
    view.digits()
        .find_map(|d| view.one_digit(technique, d, || search_digit(view, n, technique, fins, d)))
}

fn search_digit(view: &View, n: usize, technique: Technique, fins: bool, d: u8) -> Option<Step> {
    let board = view.board;
    let size = board.size();
    let bit = 1u32 << (d - 1);
    for rows in [true, false] {
        let base_houses = if rows { view.rows() } else { view.columns() };
        // Lines where the digit is still to be placed, with their places.
        let lines: Few<(usize, u32)> = base_houses
            .filter(|&h| board.placed_in(h) & bit == 0)
            .map(|h| (h, view.positions(h, d)))
            .filter(|&(_, p)| {
                let k = p.count_ones() as usize;
                k >= 1
                    && (if fins {
                        k <= n + 2
                    } else {
                        (2..=n).contains(&k)
                    })
            })
            .collect();
        if lines.len() < n {
            continue;
        }
        let cell_at = |line: usize, p: usize| {
            let l = line % size;
            if rows {
                l * size + p
            } else {
                p * size + l
            }
        };
        let cover_house = |p: usize| if rows { size + p } else { p };
        let keyed: Few<((usize, u32), u32)> = lines.iter().map(|&(h, p)| ((h, p), p)).collect();
        let most = if fins { n as u32 + 2 } else { n as u32 };
        let found = unions(&keyed, n, most, &mut |base, union| {
            let count = union.count_ones() as usize;
            if !fins {
                if count != n {
                    return None;
                }
                return eliminate(
                    view,
                    technique,
                    d,
                    base,
                    union,
                    &cell_at,
                    &cover_house,
                    None,
                );
            }
            if count <= n || count > n + 2 {
                return None;
            }
            let places: Few<u32> = (0..size as u32).filter(|p| union >> p & 1 != 0).collect();
            combinations(&places, n, &mut |cover| {
                let cover_mask = cover.iter().fold(0u32, |m, &p| m | 1 << p);
                if base.iter().any(|&(_, p)| p & cover_mask == 0) {
                    return None;
                }
                // Every fin in one block.
                let mut block = None;
                for &(line, p) in base {
                    let mut extra = p & !cover_mask;
                    while extra != 0 {
                        let q = extra.trailing_zeros() as usize;
                        extra &= extra - 1;
                        let b = board.geometry().block_of(cell_at(line, q));
                        if block.is_some() && block != b {
                            return None;
                        }
                        block = b;
                    }
                }
                eliminate(
                    view,
                    technique,
                    d,
                    base,
                    cover_mask,
                    &cell_at,
                    &cover_house,
                    block,
                )
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Removes digit `d` from the cells of the cover lines outside the base lines — only those
/// in block `fins` when the fish has fins there.
#[allow(clippy::too_many_arguments)]
fn eliminate(
    view: &View,
    technique: Technique,
    d: u8,
    base: &[(usize, u32)],
    cover: u32,
    cell_at: &impl Fn(usize, usize) -> usize,
    cover_house: &impl Fn(usize) -> usize,
    fins: Option<usize>,
) -> Option<Step> {
    let board = view.board;
    let size = board.size();
    let bit = 1u32 << (d - 1);
    let geometry = board.geometry();
    // The targets: cover cells outside the base lines (in the fins' block) that hold the digit.
    let targets = (0..size)
        .filter(|&q| cover >> q & 1 != 0)
        .flat_map(|q| (0..size).map(move |other| (q, other)))
        .filter(|&(_, other)| !base.iter().any(|&(line, _)| line % size == other))
        .map(|(q, other)| cell_at(other, q))
        .filter(|&cell| {
            board.is_open(cell)
                && board.candidates(cell) & bit != 0
                && fins.is_none_or(|b| geometry.block_of(cell) == Some(b))
        });
    let mut step = Step::new(technique).with_digits(bit);
    for cell in targets {
        step.remove(board, cell, bit);
    }
    if !step.is_useful() {
        return None;
    }
    let mut pattern = Vec::new();
    for &(line, p) in base {
        let mut m = p;
        while m != 0 {
            let q = m.trailing_zeros() as usize;
            m &= m - 1;
            pattern.push(cell_at(line, q));
        }
    }
    let covers: Vec<usize> = (0..size)
        .filter(|&q| cover >> q & 1 != 0)
        .map(cover_house)
        .collect();
    let step = step
        .with_cells(pattern)
        .with_houses(base.iter().map(|&(line, _)| line))
        .with_houses(covers);
    match fins {
        Some(b) => step.with_houses([2 * size + b]).useful(),
        None => step.useful(),
    }
}
