//! **ALS chain** (HoDoKu's ALS-AIC): almost locked sets `A1 … An`, each joined to the next by
//! a restricted common digit `x_i` (every `x_i` of `A_i` sees every `x_i` of `A_i+1`), each
//! link's digit different from the one before it. If `A1` lacks `x1` it is locked; else
//! `A2` lacks `x1`, is locked and so holds `x2`, which `A3` then lacks, … down to `An`,
//! locked without `x_n-1`. So `A1` (without `x1`) or `An` (without `x_n-1`) is locked: a
//! digit `z` of both that is neither end link's digit is in one of them, and leaves every
//! cell that sees all the `z` of both.
//!
//! Two sets are ALS-XZ and three ALS-XY-wing (src/logic/als.rs); this file looks for four to
//! [`MOST`], the shortest first, over sets that do not overlap.

use super::almost_locked::{Als, AlsIndex};
use super::als::{bits, pattern, remove};
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// The fewest sets: two are an ALS-XZ, three an ALS-XY-wing, each found before.
const FEWEST: usize = 4;

/// The most sets, as HoDoKu's solution paths rarely go further: each one more multiplies the
/// chains to try.
pub(super) const MOST: usize = 6;

/// The most links followed in one call: a 9×9 board with a thousand sets can branch into
/// millions of chains, and a hint must come within a few milliseconds. The count, not a
/// clock, bounds it, so the same board always gives the same step.
const WORK: usize = 100_000;

/// The most links followed from one start at one length, so that a start among many linked
/// sets (a hundred links each is common on the hardest boards) cannot spend the whole
/// budget before the others are tried.
const START_WORK: usize = 1_000;

/// No link digit yet (the first set is entered by none).
const NONE: usize = 31;

/// A link from one set to another: the other set (by index in the list), with its cells and
/// digits copied beside it, and their restricted common digits. The walk reads the links of
/// a set in one run of memory: most links it meets lead to a set that overlaps the chain,
/// and a copy of that set's mask turns it down without a visit to the set itself.
#[derive(Clone, Copy)]
struct Link {
    mask: u128,
    next: usize,
    digits: u32,
    rcc: u32,
}

/// The links of every set, in one list: those of set `i` are `list[starts[i]..starts[i + 1]]`,
/// in the order of the sets they lead to.
struct Links {
    list: Vec<Link>,
    starts: Vec<usize>,
}

impl Links {
    fn of(&self, i: usize) -> &[Link] {
        &self.list[self.starts[i]..self.starts[i + 1]]
    }
}

/// The search: the links between sets, the chain so far and the links followed.
struct Search<'a> {
    index: &'a AlsIndex,
    links: &'a Links,
    /// The chain: each set and the digit that links it to the one before.
    path: Vec<(usize, usize)>,
    work: usize,
    /// The links followed from the current start.
    spent: usize,
}

pub(crate) fn als_chain(view: &View) -> Option<Step> {
    let index = view.als();
    let list = &index.list;
    if list.len() < FEWEST {
        return None;
    }
    let mut each = vec![Vec::new(); list.len()];
    for (i, a) in list.iter().enumerate() {
        for (j, b) in list.iter().enumerate().skip(i + 1) {
            if a.digits & b.digits == 0 || a.mask & b.mask != 0 {
                continue;
            }
            let rcc = index.rccs(a, b);
            if rcc != 0 {
                each[i].push((j, rcc));
                each[j].push((i, rcc));
            }
        }
    }
    let mut links = Links {
        list: Vec::with_capacity(each.iter().map(Vec::len).sum()),
        starts: Vec::with_capacity(list.len() + 1),
    };
    for set in &each {
        links.starts.push(links.list.len());
        links.list.extend(set.iter().map(|&(next, rcc)| Link {
            mask: list[next].mask,
            next,
            digits: list[next].digits,
            rcc,
        }));
    }
    links.starts.push(links.list.len());
    let mut search = Search {
        index,
        links: &links,
        path: Vec::with_capacity(MOST),
        work: 0,
        spent: 0,
    };
    // The shortest chain first: each length from every start before the next length.
    for length in FEWEST..=MOST {
        for (start, a) in list.iter().enumerate() {
            // The digits whose places in the first set some open cell sees (a `z` needs it).
            let zs = bits(a.digits).fold(0u32, |m, z| {
                m | u32::from(a.sees_all[z] & index.has[z] != 0) << z
            });
            if zs == 0 || links.of(start).is_empty() {
                continue;
            }
            search.path.clear();
            search.spent = 0;
            search.path.push((start, NONE));
            if let Some(step) = search.walk(a.mask, length, zs, view) {
                return Some(step);
            }
            if search.work > WORK {
                return None;
            }
        }
    }
    None
}

impl Search<'_> {
    /// Extends the chain to `length` sets (none overlapping `used`), returning the step of
    /// the first whose ends remove something; `zs`: the first set's digits some cell sees.
    fn walk(&mut self, used: u128, length: usize, zs: u32, view: &View) -> Option<Step> {
        let &(last, came) = self.path.last()?;
        let last_one = self.path.len() + 1 == length;
        let links = self.links;
        for link in links.of(last) {
            if link.mask & used != 0 {
                continue;
            }
            for x in bits(link.rcc & !(1 << came)) {
                self.work += 1;
                self.spent += 1;
                if self.work > WORK || self.spent > START_WORK {
                    return None;
                }
                let first_link = if self.path.len() == 1 {
                    x
                } else {
                    self.path[1].1
                };
                if last_one && link.digits & zs & !(1 << first_link) & !(1 << x) == 0 {
                    continue;
                }
                self.path.push((link.next, x));
                let found = if last_one {
                    self.step(view)
                } else {
                    self.walk(used | link.mask, length, zs, view)
                };
                self.path.pop();
                if found.is_some() || self.work > WORK || self.spent > START_WORK {
                    return found;
                }
            }
        }
        None
    }

    /// The step of the chain in `path`, if its ends remove something.
    fn step(&self, view: &View) -> Option<Step> {
        let index = self.index;
        let (a, b) = (
            &index.list[self.path[0].0],
            &index.list[self.path[self.path.len() - 1].0],
        );
        let ends = 1 << self.path[1].1 | 1 << self.path[self.path.len() - 1].1;
        let targets = |z: usize| a.sees_all[z] & b.sees_all[z] & index.has[z];
        let zs = bits(a.digits & b.digits & !ends)
            .fold(0u32, |m, z| m | u32::from(targets(z) != 0) << z);
        if zs == 0 {
            return None;
        }
        let sets: Vec<&Als> = self.path.iter().map(|&(s, _)| &index.list[s]).collect();
        let links = self.path[1..].iter().fold(0u32, |m, &(_, x)| m | 1 << x);
        let mut step = pattern(Technique::AlsChain, &sets, links | zs);
        for z in bits(zs) {
            remove(&mut step, view.board, index, z, targets(z));
        }
        step.useful()
    }
}
