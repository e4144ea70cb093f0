//! The sentences of the almost-locked-set techniques and Sue de Coq (src/logic/als.rs,
//! src/logic/als_chain.rs, src/logic/sue_de_coq.rs), called from explain.rs with the step's effect in words.

use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::words::{cell_name, cells, digits};
use crate::digits::DigitSet;

fn union(board: &Board, list: &[usize]) -> u32 {
    list.iter().fold(0, |m, &c| m | board.candidates(c))
}

/// "{1,4,7,8}".
fn braces(mask: u32) -> String {
    let digits: Vec<String> = (0..32)
        .filter(|d| mask >> d & 1 != 0)
        .map(|d| (d + 1).to_string())
        .collect();
    format!("{{{}}}", digits.join(","))
}

/// "1, 4 and 7", the digits of `mask`.
fn digit_list(mask: u32) -> String {
    digits(DigitSet::from_bits(mask))
}

const NUMBERS: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];

fn verb(n: usize) -> &'static str {
    if n == 1 {
        "holds"
    } else {
        "hold"
    }
}

fn number(n: usize) -> String {
    NUMBERS.get(n - 1).map_or(n.to_string(), |w| w.to_string())
}

/// Every way to split `list` into `parts` runs, each an almost locked set (cells sharing a
/// house, one more digit than cells): the step keeps its sets in order but not their sizes.
fn splits(board: &Board, list: &[usize], parts: usize) -> Vec<Vec<Vec<usize>>> {
    if parts == 0 {
        return if list.is_empty() {
            vec![Vec::new()]
        } else {
            Vec::new()
        };
    }
    let g = board.geometry();
    let mut out = Vec::new();
    for k in 1..=list.len() {
        let head = &list[..k];
        let house = head.iter().fold(u128::MAX, |m, &c| m & g.house_mask(c));
        if house == 0 {
            break;
        }
        if union(board, head).count_ones() as usize != k + 1 {
            continue;
        }
        for mut rest in splits(board, &list[k..], parts - 1) {
            rest.insert(0, head.to_vec());
            out.push(rest);
        }
    }
    out
}

/// "r1c2, r1c5 and r1c7 hold four digits between three cells (an almost locked set:
/// {1,4,7,8})"; a single cell: "r5c5 holds {2,6}".
fn als(board: &Board, set: &[usize]) -> String {
    let digits = union(board, set);
    if set.len() == 1 {
        return format!(
            "{} holds {}",
            cell_name(board.geometry(), set[0]),
            braces(digits)
        );
    }
    format!(
        "{} hold {} digits between {} cells (an almost locked set: {})",
        cells(board.geometry(), set),
        number(set.len() + 1),
        number(set.len()),
        braces(digits)
    )
}

/// The digits of `mask` whose every place in `a` sees every place in `b`.
fn links(board: &Board, a: &[usize], b: &[usize], mask: u32) -> u32 {
    (0..32)
        .filter(|d| mask >> d & 1 != 0)
        .filter(|&d| {
            let places = |s: &[usize]| -> Vec<usize> {
                s.iter()
                    .copied()
                    .filter(|&c| board.candidates(c) >> d & 1 != 0)
                    .collect()
            };
            let (pa, pb) = (places(a), places(b));
            pa.iter().all(|&x| pb.iter().all(|&y| board.sees(x, y)))
        })
        .fold(0, |m, d| m | 1 << d)
}

/// An ALS-XZ's two sets as its sentence reads them, and their restricted common digits (a
/// mask: two or more when doubly linked).
fn xz_reading(step: &Step, board: &Board, removed: u32) -> Option<(Vec<Vec<usize>>, u32)> {
    splits(board, &step.cells, 2).into_iter().find_map(|s| {
        let common = union(board, &s[0]) & union(board, &s[1]);
        let rcc = links(board, &s[0], &s[1], common);
        (rcc != 0 && common & removed != 0).then_some((s, rcc))
    })
}

/// An ALS-XY-wing's sets in chain order — A, the pivot, B (the step's pattern keeps that
/// order) — and its x (A to the pivot) and y (B to the pivot), one-bit masks: A and B both
/// hold what it removes.
fn wing_reading(step: &Step, board: &Board, removed: u32) -> Option<(Vec<Vec<usize>>, u32, u32)> {
    splits(board, &step.cells, 3).into_iter().find_map(|s| {
        let (ua, uc, ub) = (
            union(board, &s[0]),
            union(board, &s[1]),
            union(board, &s[2]),
        );
        let xs = links(board, &s[0], &s[1], ua & uc) & !removed;
        let ys = links(board, &s[2], &s[1], ub & uc) & !removed;
        let (x, y) = (0..32)
            .flat_map(|x| (0..32).map(move |y| (x, y)))
            .find(|&(x, y)| x != y && xs >> x & 1 != 0 && ys >> y & 1 != 0)?;
        (ua & ub & removed == removed).then_some((s, 1u32 << x, 1u32 << y))
    })
}

/// A death blossom's stem, its petals (the i-th with the stem's i-th digit) and the digits
/// (one-bit masks) linking each petal to the stem.
fn blossom_reading(
    step: &Step,
    board: &Board,
    removed: u32,
) -> Option<(usize, Vec<Vec<usize>>, Vec<u32>)> {
    let stem = *step.cells.first()?;
    let sd = board.candidates(stem);
    let parts = sd.count_ones() as usize;
    let stem_digits: Vec<u32> = (0..32)
        .filter(|d| sd >> d & 1 != 0)
        .map(|d| 1 << d)
        .collect();
    let petals = splits(board, &step.cells[1..], parts)
        .into_iter()
        .find(|petals| {
            petals.iter().zip(&stem_digits).all(|(p, &d)| {
                links(board, &[stem], p, d) != 0 && union(board, p) & (d | removed) == d | removed
            })
        })?;
    Some((stem, petals, stem_digits))
}

pub(super) fn sentence(step: &Step, board: &Board, effect: &str) -> String {
    let removed = step.eliminations.iter().fold(0, |m, e| m | e.1.bits());
    match step.technique {
        Technique::AlsXz => {
            let Some((sets, rcc)) = xz_reading(step, board, removed) else {
                return format!("Two almost locked sets share a restricted digit, {effect}.");
            };
            let (a, b) = (&sets[0], &sets[1]);
            if rcc.count_ones() >= 2 {
                format!(
                    "{}; {}. Every {} of the one sees every {} of the other, so each of {} is in at most one of them: neither can spare a digit, both are locked, {effect}.",
                    als(board, a),
                    als(board, b),
                    digit_list(rcc),
                    digit_list(rcc),
                    digit_list(rcc)
                )
            } else {
                format!(
                    "{}; {}. Every {x} of the first sees every {x} of the second, so at most one of them has {x}, and the other, without it, is locked: one of them has {}, {effect}.",
                    als(board, a),
                    als(board, b),
                    digit_list(removed),
                    x = digit_list(rcc)
                )
            }
        }
        Technique::AlsXyWing => {
            let Some((sets, x, y)) = wing_reading(step, board, removed) else {
                return format!("Three almost locked sets make a wing, {effect}.");
            };
            // Named in chain order, the pivot second, as the page letters them (A, B, C).
            format!(
                "{}; {}; {}. Every {x} of the first sees every {x} of the second, every {y} of the third every {y} of the second. The second cannot lose both {x} and {y}: if it has {x} the first lacks {x}, if it has {y} the third lacks {y}, and that set is locked. Either way the first or the third is locked, and both have {z}: one of them has {z}, {effect}.",
                als(board, &sets[0]),
                als(board, &sets[1]),
                als(board, &sets[2]),
                x = digit_list(x),
                y = digit_list(y),
                z = digit_list(removed)
            )
        }
        Technique::AlsChain => chain_sentence(step, board, removed, effect),
        Technique::DeathBlossom => {
            let Some((stem, petals, stem_digits)) = blossom_reading(step, board, removed) else {
                return format!("A death blossom, {effect}.");
            };
            let each: Vec<String> = petals
                .iter()
                .zip(&stem_digits)
                .map(|(p, &d)| {
                    format!(
                        "if it is {d}, the set {} ({}) loses {d} (every {d} there sees the stem) and is locked",
                        cells(board.geometry(), p),
                        braces(union(board, p)),
                        d = d.trailing_zeros() + 1
                    )
                })
                .collect();
            format!(
                "The stem {} holds {}: {}. Whatever the stem holds, one of these sets is locked, and each has {z}: one of them has {z}, {effect}.",
                cell_name(board.geometry(), stem),
                braces(board.candidates(stem)),
                each.join("; "),
                z = digit_list(removed)
            )
        }
        _ => {
            // Sue de Coq: the step's houses are the line and the block.
            let g = board.geometry();
            let (line, block) = (step.houses[0], step.houses[1]);
            let in_both = |c: &usize| {
                g.houses_of(*c).contains(&(line as u16))
                    && g.houses_of(*c).contains(&(block as u16))
            };
            let inter: Vec<usize> = step.cells.iter().copied().filter(in_both).collect();
            // The cells of `house` outside the intersection.
            let rest = |house: usize| -> Vec<usize> {
                let own = |c: &usize| !in_both(c) && g.houses_of(*c).contains(&(house as u16));
                step.cells.iter().copied().filter(own).collect()
            };
            let (l, b) = (rest(line), rest(block));
            format!(
                "Where {} meets {}, {} hold {} between {} cells; {} in {} {} {} and {} in {} {} {}, with no digit in common. Each digit can sit at most once among these {} cells (the line's digits only in the line, the block's only in the block), and there are as many digits as cells, so each is there once, {effect}.",
                g.house_name(line),
                g.house_name(block),
                cells(board.geometry(), &inter),
                braces(union(board, &inter)),
                number(inter.len()),
                cells(g, &l),
                g.house_name(line),
                verb(l.len()),
                braces(union(board, &l)),
                cells(g, &b),
                g.house_name(block),
                verb(b.len()),
                braces(union(board, &b)),
                number(step.cells.len())
            )
        }
    }
}

const ORDINALS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];

/// The link digits of `sets` read as an ALS chain (each pair in a row joined by a
/// restricted common digit unlike the one before) whose ends both hold `removed` outside
/// their end links, if there is such a reading.
fn chain_links(board: &Board, sets: &[Vec<usize>], removed: u32, chosen: &mut Vec<u32>) -> bool {
    let i = chosen.len();
    if i + 1 == sets.len() {
        let ends = union(board, &sets[0]) & union(board, &sets[i]) & !chosen[0] & !chosen[i - 1];
        return ends & removed == removed;
    }
    let before = chosen.last().copied().unwrap_or(0);
    let common = union(board, &sets[i]) & union(board, &sets[i + 1]);
    let options = links(board, &sets[i], &sets[i + 1], common) & !before;
    for x in (0..32).filter(|x| options >> x & 1 != 0) {
        chosen.push(1 << x);
        if chain_links(board, sets, removed, chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// An ALS chain's sets in order and the link digit (a one-bit mask) joining each to the
/// next, as its sentence reads them: the sentence and the page's drawing name the same sets.
fn chain_reading(step: &Step, board: &Board, removed: u32) -> Option<(Vec<Vec<usize>>, Vec<u32>)> {
    (4..=super::als_chain::MOST).find_map(|parts| {
        splits(board, &step.cells, parts)
            .into_iter()
            .find_map(|sets| {
                let mut xs = Vec::new();
                chain_links(board, &sets, removed, &mut xs).then_some((sets, xs))
            })
    })
}

/// An ALS step as text, for the page to draw its sets, read the way its sentence names them.
///
/// - ALS chain, ALS-XZ, ALS-XY-wing: the sets in order, a set's cells joined by `,`, each
///   set joined to the next by its restricted common digit — `r4c4 -1- r6c5,r6c6 -5- r9c5`;
///   an ALS-XY-wing in chain order (A, the pivot, B); a doubly linked ALS-XZ joins its two
///   sets by both digits, `r1c1,r1c2 -1,2- r2c5,r3c5`.
/// - Death blossom: the stem cell, then each petal after the digit of the stem it sees,
///   petals parted by ` | ` — `r5c5 -1- r5c1,r5c2 | -2- r1c5`.
///
/// None for other steps (and for a pattern the sentence cannot read, which it then names
/// without its sets).
pub(crate) fn als_text(step: &Step, board: &Board) -> Option<String> {
    let removed = step.eliminations.iter().fold(0, |m, e| m | e.1.bits());
    let g = board.geometry();
    let set = |set: &[usize]| -> String {
        let names: Vec<String> = set.iter().map(|&c| cell_name(g, c)).collect();
        names.join(",")
    };
    let link = |mask: u32| -> String {
        let digits: Vec<String> = (0..32)
            .filter(|d| mask >> d & 1 != 0)
            .map(|d| (d + 1).to_string())
            .collect();
        format!(" -{}- ", digits.join(","))
    };
    let chain = |sets: &[Vec<usize>], xs: &[u32]| -> String {
        let mut text = set(&sets[0]);
        for (s, &x) in sets[1..].iter().zip(xs) {
            text.push_str(&link(x));
            text.push_str(&set(s));
        }
        text
    };
    match step.technique {
        Technique::AlsChain => {
            let (sets, xs) = chain_reading(step, board, removed)?;
            Some(chain(&sets, &xs))
        }
        Technique::AlsXz => {
            let (sets, rcc) = xz_reading(step, board, removed)?;
            Some(chain(&sets, &[rcc]))
        }
        Technique::AlsXyWing => {
            let (sets, x, y) = wing_reading(step, board, removed)?;
            Some(chain(&sets, &[x, y]))
        }
        Technique::DeathBlossom => {
            let (stem, petals, ds) = blossom_reading(step, board, removed)?;
            let each: Vec<String> = petals
                .iter()
                .zip(&ds)
                .map(|(p, &d)| format!("{}{}", link(d).trim_start(), set(p)))
                .collect();
            Some(format!("{} {}", cell_name(g, stem), each.join(" | ")))
        }
        _ => None,
    }
}

/// An ALS chain: the sets, their links, and how the lock passes from one end to the other.
fn chain_sentence(step: &Step, board: &Board, removed: u32, effect: &str) -> String {
    let Some((sets, xs)) = chain_reading(step, board, removed) else {
        return format!("Almost locked sets make a chain, {effect}.");
    };
    let ordinal = |i: usize| ORDINALS.get(i).copied().unwrap_or("next");
    let named: Vec<String> = sets.iter().map(|s| als(board, s)).collect();
    let joins: Vec<String> = xs
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let (x, from, to) = (digit_list(x), ordinal(i), ordinal(i + 1));
            if i == 0 {
                format!("every {x} of the {from} sees every {x} of the {to}")
            } else {
                format!("every {x} of the {from} every {x} of the {to}")
            }
        })
        .collect();
    let passes: Vec<String> = (1..sets.len() - 1)
        .map(|i| {
            format!(
                "the {} lacks {}, is locked and has {}",
                ordinal(i),
                digit_list(xs[i - 1]),
                digit_list(xs[i])
            )
        })
        .collect();
    let last = xs[xs.len() - 1];
    format!(
        "{}. They make a chain: {}. If the first lacks {x} it is locked; else {}, so the last lacks {} and is locked. Either way the first or the last set is locked, and both have {z}: one of them has {z}, {effect}.",
        named.join("; "),
        joins.join(", "),
        passes.join("; so "),
        digit_list(last),
        x = digit_list(xs[0]),
        z = digit_list(removed)
    )
}
