//! Subsets: `k` cells of a house holding `k` digits between them (naked), or `k` digits of a
//! house with the same `k` places (hidden), for `k` = 2, 3, 4; and, with relations, a naked
//! subset whose cells the relations order (ordered subset).

use super::board::Board;
use super::few::Few;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The naked and hidden subsets by size, from 2.
const NAKED: [Technique; 3] = [
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
];
const HIDDEN: [Technique; 3] = [
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

/// `k` open cells of a house whose candidates, together, are `k` digits: those digits leave
/// the house's other cells.
pub(crate) fn naked(view: &View, k: usize) -> Option<Step> {
    let board = view.board;
    let technique = NAKED[k - 2];
    for h in houses(view) {
        let house = board.geometry().house(h);
        let cells: Few<(usize, u32)> = house
            .iter()
            .map(|&c| (c as usize, board.candidates(c as usize)))
            .filter(|&(c, m)| board.is_open(c) && (2..=k as u32).contains(&m.count_ones()))
            .collect();
        let found = exactly(view, k, h, &cells, |set, union| {
            // Most subsets a house holds remove nothing (any more): no step is built for them.
            let removes = |&c: &u16| {
                let c = c as usize;
                !set.contains(&c) && Step::would_remove(board, c, union)
            };
            if !house.iter().any(removes) {
                return None;
            }
            let mut step = Step::pattern(technique, set.iter().copied(), [h], union);
            for &c in house {
                let c = c as usize;
                if !set.contains(&c) {
                    step.remove(board, c, union);
                }
            }
            step.useful()
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `k` digits of a house whose places, together, are `k` cells: those cells hold nothing
/// else.
pub(crate) fn hidden(view: &View, k: usize) -> Option<Step> {
    let board = view.board;
    let technique = HIDDEN[k - 2];
    hidden_subsets(view, k, |h, mask, cells| {
        stripped(board, technique, h, mask, cells).useful()
    })
}

/// The step of a hidden subset: the `digits` (a mask) of house `h` have their only places in
/// `cells`, which lose every other candidate.
pub(crate) fn stripped(
    board: &Board,
    technique: Technique,
    h: usize,
    digits: u32,
    cells: &[usize],
) -> Step {
    let mut step = Step::pattern(technique, cells.iter().copied(), [h], digits);
    for &c in cells {
        step.remove(board, c, !digits);
    }
    step
}

/// Calls `f(house, digits, cells)` for each `k` digits (a mask) of a house whose places,
/// together, are the `k` cells `cells`, in a house with more open cells than `k`, until it
/// returns something; not for those whose cells hold no other digit (such a subset strips
/// nothing, and leaves every other digit where it was: no step of either caller).
pub(crate) fn hidden_subsets<R>(
    view: &View,
    k: usize,
    mut f: impl FnMut(usize, u32, &[usize]) -> Option<R>,
) -> Option<R> {
    for h in houses(view) {
        let digits: Few<(u8, u32)> = view
            .digits()
            .map(|d| (d, view.positions(h, d)))
            .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
            .collect();
        let found = exactly(view, k, h, &digits, |set, places| {
            let mask = set.iter().fold(0u32, |m, &d| m | 1 << (d - 1));
            if view
                .cells_at(h, places)
                .all(|c| view.board.candidates(c) & !mask == 0)
            {
                return None;
            }
            let cells: Few<usize> = view.cells_at(h, places).collect();
            f(h, mask, &cells)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A naked subset (2 to 4 cells of a house with as many digits) whose cells relations order:
/// a cell below `b` others of the subset and above `a` holds one of the digits ranked
/// `a + 1 ..= k − b`, so the others leave it.
pub(crate) fn ordered(view: &View) -> Option<Step> {
    let board = view.board;
    let order = board.order();
    for h in houses(view) {
        let house = board.geometry().house(h);
        let cells: Few<(usize, u32)> = house
            .iter()
            .map(|&c| (c as usize, board.candidates(c as usize)))
            .filter(|&(c, m)| board.is_open(c) && m.count_ones() <= 4 && order.has_relations(c))
            .collect();
        for k in 2..=4.min(cells.len()) {
            let found = unions(&cells, k, k as u32, &mut |set, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                let digits: Vec<u32> = (0..32).filter(|b| union >> b & 1 != 0).collect();
                let mut step =
                    Step::pattern(Technique::OrderedSubset, set.iter().copied(), [h], union);
                for &x in set {
                    let below = set.iter().filter(|&&y| order.below(y, x)).count();
                    let above = set.iter().filter(|&&y| order.below(x, y)).count();
                    let keep = digits[below..k - above]
                        .iter()
                        .fold(0u32, |m, &b| m | 1 << b);
                    step.remove(board, x, union & !keep);
                }
                if step.is_useful() {
                    step.relations = order.relations_between(set);
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

/// Rows, columns, then blocks.
fn houses(view: &View) -> impl Iterator<Item = usize> {
    view.rows().chain(view.columns()).chain(view.blocks())
}

/// The first step `f` makes of `k` of `items` (cells or digits of house `h`, each with its
/// mask of digits or places) whose masks together have exactly `k` bits — when the house
/// has more than `k` open cells, so that there is something else to clear.
fn exactly<T: Copy + Default, R>(
    view: &View,
    k: usize,
    h: usize,
    items: &[(T, u32)],
    mut f: impl FnMut(&[T], u32) -> Option<R>,
) -> Option<R> {
    if items.len() < k || open_count(view, h) <= k {
        return None;
    }
    unions(items, k, k as u32, &mut |set, union| {
        if union.count_ones() as usize != k {
            return None;
        }
        f(set, union)
    })
}

/// The open cells of house `h`.
fn open_count(view: &View, h: usize) -> usize {
    let board = view.board;
    board
        .geometry()
        .house(h)
        .iter()
        .filter(|&&c| board.is_open(c as usize))
        .count()
}

/// Calls `f` with each `k`-subset of `items` whose masks' union has at most `most` bits, and
/// that union, until it returns something. Subsets are pruned as soon as their union grows
/// past `most`, which is what makes subsets and fish cheap to look for.
pub(crate) fn unions<T: Copy + Default, R>(
    items: &[(T, u32)],
    k: usize,
    most: u32,
    f: &mut impl FnMut(&[T], u32) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy + Default, R>(
        items: &[(T, u32)],
        k: usize,
        most: u32,
        from: usize,
        union: u32,
        chosen: &mut Few<T>,
        f: &mut impl FnMut(&[T], u32) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        let need = k - chosen.len();
        for i in from..items.len() {
            if items.len() - i < need {
                break;
            }
            let u = union | items[i].1;
            if u.count_ones() > most {
                continue;
            }
            chosen.push(items[i].0);
            let found = go(items, k, most, i + 1, u, chosen, f);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    go(items, k, most, 0, 0, &mut Few::new(), f)
}

/// Calls `f` with each `k`-subset of `items` (in lexicographic order of positions) until it
/// returns something.
pub(crate) fn combinations<T: Copy + Default, R>(
    items: &[T],
    k: usize,
    f: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy + Default, R>(
        items: &[T],
        k: usize,
        from: usize,
        chosen: &mut Few<T>,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen);
        }
        let need = k - chosen.len();
        for i in from..=items.len().saturating_sub(need) {
            if items.len() < need {
                break;
            }
            chosen.push(items[i]);
            let found = go(items, k, i + 1, chosen, f);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k > items.len() {
        return None;
    }
    go(items, k, 0, &mut Few::new(), f)
}
