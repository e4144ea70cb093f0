//! Franken and mutant fish (HoDoKu's, after the Ultimate Fish Guide): for one digit, `n`
//! base houses (2 to 4) whose places all lie in `n` cover houses (none of them a base
//! house). A Franken fish mixes blocks into a fish of rows and columns (base rows and
//! blocks, cover columns and blocks, or the reverse); a mutant fish mixes rows and columns
//! in its base or its cover.
//!
//! Why it holds: each base house holds the digit once, and while no two base houses share a
//! place, those are `n` different cells, each in a cover house; a cover house holds the
//! digit at most once, so the `n` cells fill the `n` cover houses, one each. The digit then
//! leaves every other cell of the cover houses, and a base place in two cover houses
//! (cannibalism) too, since it would fill two at once and leave a cover house empty.
//! *Fins* are base places outside every cover house and *endo fins* places of two base
//! houses: if none holds the digit the fish stands, so what sees every fin loses it.
//!
//! Bounds (classic grids of at most 128 cells): at most [`MOST_FINS`] fins of which
//! [`MOST_ENDO_FINS`] endo fins (HoDoKu's defaults are 5 and 2; 5 fins made the slowest
//! search take over half a second), fins kept only while some place of the digit sees them
//! all, and [`BUDGET`] search nodes per call.

use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::view::View;
use super::words::{cells, digits, houses};

/// The most fins a fish may have, endo fins included.
const MOST_FINS: u32 = 2;
/// The most endo fins (places in two base houses).
const MOST_ENDO_FINS: u32 = 2;
/// Search nodes (base sets tried and cover choices made) per call, so a board full of
/// places cannot hold a hint up: the same board always gives the same step.
pub(crate) const BUDGET: usize = 100_000;

/// The kind of a house: row, column or block.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Row,
    Column,
    Block,
}

/// Which houses may be base and cover houses, and which shapes count.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Franken,
    Mutant,
}

/// The first Franken fish (sizes 2 to 4, with or without fins) on the board.
pub(crate) fn franken_fish(view: &View) -> Option<Step> {
    search(view, Shape::Franken)
}

/// The first mutant fish (sizes 2 to 4, with or without fins) on the board.
pub(crate) fn mutant_fish(view: &View) -> Option<Step> {
    search(view, Shape::Mutant)
}

/// What one search reads: the digit's places, per house and per cell's peers. House sets are
/// `u64` masks (bit `h` for house `h`: at most 27 houses on the grids of at most 128 cells
/// searched), so a cover search asks "is this house free and allowed" with one mask.
struct Pond {
    /// Every place of the digit.
    places: u128,
    /// Per house, its places of the digit (0 when the digit is placed there).
    house: Vec<u128>,
    /// Per cell, its peers.
    peers: Vec<u128>,
    /// Per kind (row, column, block: `Kind as usize`), its houses.
    of_kind: [u64; 3],
    /// Per cell, its row, column and block.
    houses_of: Vec<[usize; 3]>,
    /// Search nodes so far (see [`BUDGET`]).
    nodes: usize,
    /// The fish looked for: its size, shape and the houses that may cover it.
    n: usize,
    shape: Shape,
    coverable: u64,
    /// The base set being covered: its places and its houses; its cover houses so far.
    union: u128,
    base: u64,
    cover: [usize; 4],
}

fn search(view: &View, shape: Shape) -> Option<Step> {
    let board = view.board;
    let geometry = board.geometry();
    let size = board.size();
    let cells = geometry.cell_count();
    if view.blocks().is_empty() || cells > 128 {
        return None;
    }
    let kinds = [Kind::Row, Kind::Column, Kind::Block];
    let kind = |h: usize| kinds[h / size];
    let mut pond = Pond {
        places: 0,
        house: vec![0; 3 * size],
        peers: (0..cells)
            .map(|c| geometry.peers(c).iter().fold(0u128, |m, &p| m | 1u128 << p))
            .collect(),
        of_kind: kinds.map(|k| {
            (0..3 * size)
                .filter(|&h| kind(h) == k)
                .fold(0, |m, h| m | 1 << h)
        }),
        houses_of: (0..cells)
            .map(|c| {
                let h = geometry.houses_of(c);
                [h[0] as usize, h[1] as usize, h[2] as usize]
            })
            .collect(),
        nodes: 0,
        n: 0,
        shape,
        coverable: 0,
        union: 0,
        base: 0,
        cover: [0; 4],
    };
    // Franken: base rows (or columns) and blocks, cover the other lines and blocks.
    let orientations: &[(Kind, Kind)] = match shape {
        Shape::Franken => &[(Kind::Row, Kind::Column), (Kind::Column, Kind::Row)],
        Shape::Mutant => &[(Kind::Block, Kind::Block)],
    };
    for n in 2..=4 {
        for d in view.digits() {
            let bit = 1u32 << (d - 1);
            for (h, places) in pond.house.iter_mut().enumerate() {
                *places = if board.placed_in(h) & bit != 0 {
                    0
                } else {
                    (view.cells_at(h, view.positions(h, d))).fold(0u128, |m, c| m | 1u128 << c)
                };
            }
            pond.places = pond.house.iter().fold(0, |m, &p| m | p);
            for &(line, cross) in orientations {
                let base_ok = |k: Kind| shape == Shape::Mutant || k == line || k == Kind::Block;
                let bases: Vec<usize> = (0..3 * size)
                    .filter(|&h| pond.house[h] != 0 && base_ok(kind(h)))
                    .collect();
                pond.n = n;
                pond.coverable = match shape {
                    Shape::Mutant => !0,
                    Shape::Franken => {
                        pond.of_kind[cross as usize] | pond.of_kind[Kind::Block as usize]
                    }
                };
                let mut chosen = Vec::with_capacity(n);
                let found = pond.bases(&bases, 0, 0, 0, &mut chosen);
                if let Some((base, cover, targets)) = found {
                    return Some(step(view, shape, d, &base, &cover, targets));
                }
                if pond.nodes > BUDGET {
                    return None;
                }
            }
        }
    }
    None
}

/// A found fish: its base houses, cover houses and the places it removes.
type Fish = (Vec<usize>, Vec<usize>, u128);

impl Pond {
    /// Base sets of `n` houses of `list` from `from` on (after `chosen`, whose places are
    /// `union`, `endo` those in two of them), each tried with every cover set.
    fn bases(
        &mut self,
        list: &[usize],
        from: usize,
        union: u128,
        endo: u128,
        chosen: &mut Vec<usize>,
    ) -> Option<Fish> {
        let n = self.n;
        if chosen.len() == n {
            self.union = union;
            self.base = chosen.iter().fold(0, |m, &h| m | 1 << h);
            let targets = self.covers(endo, 0, self.base, 0)?;
            return Some((chosen.clone(), self.cover[..n].to_vec(), targets));
        }
        for i in from..list.len() {
            if list.len() - i < n - chosen.len() {
                break;
            }
            self.nodes += 1;
            if self.nodes > BUDGET {
                return None;
            }
            let h = list[i];
            let places = self.house[h];
            let endo = endo | (union & places);
            if endo.count_ones() > MOST_ENDO_FINS {
                continue;
            }
            chosen.push(h);
            let found = self.bases(list, i + 1, union | places, endo, chosen);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Cover sets for the base set (its places `self.union`), `k` cover houses chosen
    /// (`self.cover[..k]`): the lowest place neither covered nor a fin is covered by one of
    /// its houses, or is a fin; `used` are the base and cover houses. The places the fish
    /// removes, its cover houses left in `self.cover`.
    fn covers(&mut self, fins: u128, covered: u128, used: u64, k: usize) -> Option<u128> {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return None;
        }
        let rest = self.union & !covered & !fins;
        if k == self.n {
            let fins = fins | rest;
            if fins.count_ones() > MOST_FINS {
                return None;
            }
            return self.fish(used, fins);
        }
        if rest == 0 {
            return None;
        }
        let c = rest.trailing_zeros() as usize;
        let free = self.coverable & !used;
        for h in self.houses_of[c] {
            if free >> h & 1 == 0 {
                continue;
            }
            self.cover[k] = h;
            let found = self.covers(fins, covered | self.house[h], used | 1 << h, k + 1);
            if found.is_some() {
                return found;
            }
        }
        // `c` as a fin, while some place of the digit still sees every fin.
        let with = fins | 1u128 << c;
        if with.count_ones() <= MOST_FINS && self.seeing(with) & self.places & !with != 0 {
            return self.covers(with, covered, used, k);
        }
        None
    }

    /// The places the fish of the base set, cover houses `self.cover` (with the base:
    /// `used`) and `fins` removes, if it is of the shape looked for and removes something.
    fn fish(&self, used: u64, fins: u128) -> Option<u128> {
        let kinds = |hs: u64| self.of_kind.map(|k| hs & k != 0);
        let (b, c) = (kinds(self.base), kinds(used & !self.base));
        // A fish of rows (and blocks) over columns (and blocks), or the reverse, is basic
        // or Franken; one with a block in it is Franken; the rest are mutant.
        let franken_shaped = (!b[1] && !c[0]) || (!b[0] && !c[1]);
        match self.shape {
            Shape::Franken if !(b[2] || c[2]) => return None,
            Shape::Mutant if franken_shaped => return None,
            _ => {}
        }
        let (mut covered, mut twice) = (0u128, 0u128);
        for &h in &self.cover[..self.n] {
            twice |= covered & self.house[h];
            covered |= self.house[h];
        }
        let union = self.union;
        let targets = ((covered & !union) | (twice & union)) & !fins & self.seeing(fins);
        (targets != 0).then_some(targets)
    }

    /// The cells that see every cell of `fins` (all cells when there is none).
    fn seeing(&self, fins: u128) -> u128 {
        let mut sees = !0u128;
        let mut m = fins;
        while m != 0 {
            sees &= self.peers[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        sees
    }
}

/// The step of a fish of digit `d`: its base places as the pattern, base then cover houses.
fn step(view: &View, shape: Shape, d: u8, base: &[usize], cover: &[usize], targets: u128) -> Step {
    let board = view.board;
    let bit = 1u32 << (d - 1);
    let technique = match shape {
        Shape::Franken => Technique::FrankenFish,
        Shape::Mutant => Technique::MutantFish,
    };
    let pattern: Vec<usize> = base
        .iter()
        .flat_map(|&h| view.cells_at(h, view.positions(h, d)))
        .collect();
    let mut step = Step::pattern(technique, pattern, base.iter().chain(cover).copied(), bit);
    let mut m = targets;
    while m != 0 {
        step.remove(board, m.trailing_zeros() as usize, bit);
        m &= m - 1;
    }
    step
}

/// "In row 3 and block 5, 7 can only go in columns 2 and 6 (r3c2, r3c6 and r6c6) but for
/// the fin r2c8 (if a fin holds it, the targets see it): one 7 of each of columns 2 and 6
/// is in row 3 and block 5, so 7 leaves r7c2." A place of two base houses is named as a fin; a base place removed
/// for lying in two cover houses is named with why.
pub(crate) fn sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let d = digits(step.digits);
    let n = step.houses.len() / 2;
    let (base, cover) = step.houses.split_at(n);
    let in_houses = |c: usize, hs: &[usize]| super::fins::in_houses(board, c, hs);
    let fins = super::fins::fins(step, board);
    let endo = fins.iter().any(|&c| in_houses(c, base) > 1);
    let fins = match fins.len() {
        0 => String::new(),
        k => format!(
            " but for the {} {} ({}if a fin holds it, the targets see it)",
            if k == 1 { "fin" } else { "fins" },
            cells(g, &fins),
            if endo {
                "a place in two base houses is a fin too; "
            } else {
                ""
            }
        ),
    };
    let eaten: Vec<usize> = (step.eliminations.iter())
        .map(|&(c, _)| c)
        .filter(|c| step.cells.contains(c))
        .collect();
    let eaten = match eaten.len() {
        0 => String::new(),
        _ => format!(
            ", and {} in two of them would take two at once and leave one without",
            cells(g, &eaten)
        ),
    };
    // Every place named: blocks among the houses leave some off the lines the words name.
    let places: Vec<usize> = (step.cells.iter().copied())
        .filter(|&c| in_houses(c, cover) > 0 && in_houses(c, base) == 1)
        .collect();
    let places = cells(g, &places);
    let (base, cover) = (houses(g, base), houses(g, cover));
    format!(
        "In {base}, {d} can only go in {cover} ({places}){fins}: one {d} of each of {cover} is in {base}{eaten}, {effect}."
    )
}
