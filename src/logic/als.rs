//! Techniques on almost locked sets (ALS: `N` cells of one house holding `N + 1` digits,
//! see src/logic/almost_locked.rs):
//!
//! - **ALS-XZ**: two ALS `A` and `B` share a restricted common candidate `x` (every `x` of `A`
//!   sees every `x` of `B`, so at most one of them holds `x` and the other is locked without
//!   it): a digit `z` of both is in `A` or in `B`, so it leaves every cell that sees all the
//!   `z` of both. Doubly linked (two such `x`): both sets are locked, so each digit leaves
//!   what sees all its places in one set, and each link digit what sees its places in both.
//! - **ALS-XY-wing**: `A` and `C` share a restricted common `x`, `B` and `C` one `y ≠ x`; `C`
//!   cannot lose both, so `A` or `B` is locked: a digit `z` of `A` and `B` leaves what sees
//!   all their `z`.
//! - **Death blossom**: a stem cell each of whose candidates `d` sees every `d` of a petal
//!   ALS; whichever the stem holds, that petal is locked: a digit `z` of every petal (not of
//!   the stem) leaves what sees all their `z`.
//!
//! Only ALS that do not overlap are paired. Sound under relations and markers: the sets are
//! read from the houses alone.

use super::almost_locked::{Als, AlsIndex};
use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The cells of `mask`.
pub(super) fn cells_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            c
        })
    })
}

/// The bits of `mask` as digit indices (0-based).
pub(super) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

/// Removes digit index `d` from the open cells of `targets` that hold it.
pub(super) fn remove(step: &mut Step, board: &Board, index: &AlsIndex, d: usize, targets: u128) {
    for c in cells_of(targets & index.has[d]) {
        step.remove(board, c, 1 << d);
    }
}

/// A step of `technique` whose pattern is every cell of `sets`, in their houses.
pub(super) fn pattern(technique: Technique, sets: &[&Als], mask: u32) -> Step {
    Step::pattern(
        technique,
        sets.iter().flat_map(|s| s.cells.iter().copied()),
        sets.iter().map(|s| s.house),
        mask,
    )
}

pub(crate) fn als_xz(view: &View) -> Option<Step> {
    let board = view.board;
    let index = view.als();
    let list = &index.list;
    // Pairs by their number of cells, fewest first: the smallest pattern is shown. Each
    // pair is still visited once (`list` is sorted by size).
    let most = list.last().map_or(0, |s| s.cells.len());
    let by_size = |k: usize| -> &[Als] {
        let from = list.partition_point(|s| s.cells.len() < k);
        let to = list.partition_point(|s| s.cells.len() <= k);
        &list[from..to]
    };
    let pairs = (2..=2 * most).flat_map(|total| {
        (1..=total / 2).flat_map(move |ka| {
            let (sa, sb) = (by_size(ka), by_size(total - ka));
            sa.iter().enumerate().flat_map(move |(i, a)| {
                let rest = if ka == total - ka { &sb[i + 1..] } else { sb };
                rest.iter().map(move |b| (a, b))
            })
        })
    });
    for (a, b) in pairs {
        {
            if a.digits & b.digits == 0 || a.mask & b.mask != 0 {
                continue;
            }
            let rcc = index.rccs(a, b);
            if rcc == 0 {
                continue;
            }
            let common = a.digits & b.digits;
            let outside = !(a.mask | b.mask);
            // Whether anything goes, before a step is built (most linked pairs remove
            // nothing, and a step allocates).
            let hits = |d: usize, targets: u128| targets & index.has[d] != 0;
            let doubly = rcc.count_ones() >= 2
                && ([a, b]
                    .iter()
                    .any(|s| bits(s.digits & !rcc).any(|d| hits(d, s.sees_all[d])))
                    || bits(rcc).any(|x| hits(x, a.sees_all[x] & b.sees_all[x])));
            if !doubly
                && !bits(common & !rcc).any(|z| hits(z, a.sees_all[z] & b.sees_all[z] & outside))
            {
                continue;
            }
            let mut step = pattern(Technique::AlsXz, &[a, b], common);
            if rcc.count_ones() >= 2 {
                // Doubly linked: one link digit in each set at most, so both are locked.
                for s in [a, b] {
                    for d in bits(s.digits & !rcc) {
                        remove(&mut step, board, index, d, s.sees_all[d]);
                    }
                }
                for x in bits(rcc) {
                    remove(&mut step, board, index, x, a.sees_all[x] & b.sees_all[x]);
                }
            }
            for z in bits(common & !rcc) {
                remove(
                    &mut step,
                    board,
                    index,
                    z,
                    a.sees_all[z] & b.sees_all[z] & outside,
                );
            }
            step.digits = crate::digits::DigitSet::from_bits(rcc | removed_digits(&step));
            if let Some(step) = step.useful() {
                return Some(step);
            }
        }
    }
    None
}

/// The digits the step removes.
fn removed_digits(step: &Step) -> u32 {
    step.eliminations.iter().fold(0, |m, e| m | e.1.bits())
}

pub(crate) fn als_xy_wing(view: &View) -> Option<Step> {
    let board = view.board;
    let index = view.als();
    let list = &index.list;
    for c in list {
        // The sets linked to the pivot set `c`, with their link digits.
        let linked: Vec<(&Als, u32)> = list
            .iter()
            .filter(|s| s.mask & c.mask == 0 && s.digits & c.digits != 0)
            .map(|s| (s, index.rccs(s, c)))
            .filter(|&(_, r)| r != 0)
            .collect();
        for (i, &(a, ra)) in linked.iter().enumerate() {
            for &(b, rb) in &linked[i + 1..] {
                if a.mask & b.mask != 0 || a.digits & b.digits == 0 {
                    continue;
                }
                // Some x of A–C and y of B–C that differ.
                let Some((x, y)) = bits(ra)
                    .flat_map(|x| bits(rb).map(move |y| (x, y)))
                    .find(|&(x, y)| x != y)
                else {
                    continue;
                };
                let zs = a.digits & b.digits & !(1 << x) & !(1 << y);
                let outside = !(a.mask | b.mask | c.mask);
                for z in bits(zs) {
                    let targets = a.sees_all[z] & b.sees_all[z] & outside;
                    if targets & index.has[z] == 0 {
                        continue;
                    }
                    // The pattern in chain order, the pivot between A and B, as the sentence
                    // and the page's drawing name the sets.
                    let mut step =
                        pattern(Technique::AlsXyWing, &[a, c, b], 1 << x | 1 << y | 1 << z);
                    remove(&mut step, board, index, z, targets);
                    return step.useful();
                }
            }
        }
    }
    None
}

/// At most this many candidates in a stem: each adds a petal to choose, multiplying the
/// combinations.
const STEM_MOST: u32 = 3;

pub(crate) fn death_blossom(view: &View) -> Option<Step> {
    let board = view.board;
    let index = view.als();
    if index.list.is_empty() {
        return None;
    }
    for stem in board.open_cells() {
        let sd = board.candidates(stem);
        if sd.count_ones() < 2 || sd.count_ones() > STEM_MOST {
            continue;
        }
        let stem_bit = 1u128 << stem;
        let peers = index.peers[stem];
        // Petals of each stem digit: ALS without the stem whose every `d` sees the stem.
        let petals: Vec<(usize, Vec<&Als>)> = bits(sd)
            .map(|d| {
                let list = index
                    .list
                    .iter()
                    .filter(|s| {
                        s.mask & stem_bit == 0
                            && s.digits >> d & 1 != 0
                            && s.places[d] & !peers == 0
                    })
                    .collect();
                (d, list)
            })
            .collect();
        let all_digits = petals
            .iter()
            .fold(!0u32, |m, (_, l)| m & l.iter().fold(0, |u, s| u | s.digits));
        for z in bits(all_digits & !sd) {
            let lists: Vec<Vec<&Als>> = petals
                .iter()
                .map(|(_, l)| {
                    l.iter()
                        .copied()
                        .filter(|s| s.digits >> z & 1 != 0)
                        .collect()
                })
                .collect();
            let mut chosen = Vec::new();
            let targets = index.has[z] & !stem_bit;
            if let Some(found) = blossom(&lists, z, targets, 0, &mut chosen) {
                let mut step = Step::pattern(
                    Technique::DeathBlossom,
                    std::iter::once(stem).chain(found.iter().flat_map(|s| s.cells.clone())),
                    found.iter().map(|s| s.house),
                    sd | 1 << z,
                );
                let mut t = targets;
                for s in &found {
                    t &= s.sees_all[z] & !s.mask;
                }
                remove(&mut step, board, index, z, t);
                return step.useful();
            }
        }
    }
    None
}

/// Chooses one petal from each of `lists` (disjoint from those `chosen`), keeping some cell
/// of `targets` that sees every `z` of the petals; the petals when all are chosen.
fn blossom<'a>(
    lists: &[Vec<&'a Als>],
    z: usize,
    targets: u128,
    used: u128,
    chosen: &mut Vec<&'a Als>,
) -> Option<Vec<&'a Als>> {
    let Some((first, rest)) = lists.split_first() else {
        return Some(chosen.clone());
    };
    for &s in first {
        let t = targets & s.sees_all[z];
        if s.mask & used != 0 || t == 0 {
            continue;
        }
        chosen.push(s);
        if let Some(found) = blossom(rest, z, t, used | s.mask, chosen) {
            return Some(found);
        }
        chosen.pop();
    }
    None
}
