//! The last resort before a guess: suppose a candidate true and follow what it forces.
//!
//! An *implication engine* over candidates: from an assumption `d in cell` it derives, one
//! at a time, facts `d in c` (on) and `d not in c` (off), each from earlier facts:
//!
//! - `d in c` ⇒ `d not in` every peer of `c`, and every other digit `not in c`;
//! - `d not in c` ⇒ the last candidate of `c` is in it (naked single), the last place of
//!   `d` in a house of `c` holds it (hidden single).
//!
//! Nothing else — no subsets, no fish — so each derived fact has a one-line reason a learner
//! checks on the board. Three modes, easiest first:
//!
//! - [`Technique::Nishio`] follows one digit only (its places and its hidden singles);
//! - [`Technique::ForcingChain`] follows *static* implications — a last candidate or last
//!   place counts only when the cell or house had two on the board — so every fact has one
//!   parent and each branch is a chain;
//! - [`Technique::DynamicForcingChain`] counts the facts derived so far (a cell's last
//!   candidate after earlier facts took the others), so a fact may rest on several: a net.
//!
//! Each mode concludes three ways: an assumption that ends in a contradiction (a candidate
//! both in and not in its cell, a cell without candidates, a digit without a place in a
//! house) is false; a fact that follows from every candidate of a cell (cell forcing) or from
//! every place of a digit in a house (unit forcing) is true. The step is the one with the
//! shortest proof; its `branches` hold each branch's facts in the order derived (only those
//! the conclusion rests on), the assumption first.
//!
//! Relations and markers tie a cell to its neighbour: `d in c` ⇒ every digit the tie does
//! not allow beside `d` is not in the neighbour (`c < n`: no digit up to `d` in `n`; a white
//! dot: only `d − 1` and `d + 1` stay). Nishio, which follows one digit, does not read them
//! (a tie joins two cells of a house, where the digit is ruled out already). Nishio skips grids over [`MAX_SIZE`] (a 25×25 board
//! has 15 625 candidates to assume), the forcing chains grids over [`MAX_DYNAMIC`] (a hint
//! must stay under 200 ms on 16×16).

use super::step::{ChainNode, Step};
use super::technique::Technique;
use super::view::View;

/// The largest grid forcing runs on.
const MAX_SIZE: usize = 16;

/// The largest grid forcing chains (static and dynamic) run on: on 16×16 a hint assuming
/// each of ~1,000 candidates took over 200 ms where they found nothing.
const MAX_DYNAMIC: usize = 9;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Digit(u8),
    Static,
    Dynamic,
}

/// Why a fact holds; `NONE` while not derived. Off facts: the index of the on fact that rules
/// them out. On facts: `ASSUMED`, `CELL` (last candidate) or `HOUSE0 - h` (last place in h).
/// Sixteen bits: a 16×16 board has 4,096 candidates, and each propagation zeroes these
/// tables anew (half the grade's time on puzzles that need forcing chains went to zeroing
/// them while they were four bytes a fact).
const NONE: u16 = u16::MAX;
const ASSUMED: u16 = u16::MAX - 1;
const CELL: u16 = u16::MAX - 2;
const HOUSE0: u16 = u16::MAX - 3;

/// How an assumption failed.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// The candidate is both in and not in its cell.
    Both(u32),
    /// The cell has no candidate left.
    Empty(usize),
    /// The digit has no place left in the house.
    NoPlace(usize, u8),
}

/// The facts one assumption forces, kept compact: a hard board's forcing chains hold one of
/// these for each of its few hundred candidates at once.
struct Facts {
    /// The facts in the order derived, each with why it holds and its depth: how many
    /// implications from the assumption it was derived by, up to 255 — its proof has at
    /// least this many facts besides the assumption.
    order: Vec<Fact>,
    /// `slot << 16 | position in order` for every fact, by slot (`2 * candidate + on`): the
    /// lookup of a fact. Both fit sixteen bits: forcing runs up to 16×16 ([`MAX_SIZE`]), at
    /// most 4,096 candidates and 8,192 facts.
    index: Vec<u32>,
    conflict: Option<Conflict>,
}

#[derive(Clone, Copy)]
struct Fact {
    candidate: u32,
    on: bool,
    depth: u8,
    why: u16,
}

impl Facts {
    /// Where in `order` the fact `(candidate, on)` stands, if it was derived.
    fn position(&self, (i, on): (u32, bool)) -> Option<usize> {
        let slot = 2 * i + u32::from(on);
        let at = self.index.partition_point(|&x| x >> 16 < slot);
        let x = *self.index.get(at)?;
        (x >> 16 == slot).then_some((x & 0xFFFF) as usize)
    }

    fn get(&self, fact: (u32, bool)) -> Option<&Fact> {
        self.position(fact).map(|at| &self.order[at])
    }

    fn holds(&self, fact: (u32, bool)) -> bool {
        self.get(fact).is_some()
    }

    fn depth(&self, fact: (u32, bool)) -> usize {
        self.get(fact).map_or(0, |f| usize::from(f.depth))
    }
}

/// The tables one propagation works in, by candidate, reused for every assumption (and left
/// clear after each: only the facts derived are reset).
struct Scratch {
    on: Vec<u16>,
    off: Vec<u16>,
    /// By slot `2 * candidate + on`.
    depth: Vec<u8>,
    /// The facts derived, in order: the queue of what is still to follow.
    order: Vec<(u32, bool)>,
}

impl Scratch {
    fn new(candidates: usize) -> Scratch {
        Scratch {
            on: vec![NONE; candidates],
            off: vec![NONE; candidates],
            depth: vec![0; 2 * candidates],
            order: Vec::with_capacity(2 * candidates),
        }
    }

    /// Clears the tables of the facts derived, for the next assumption.
    fn clear(&mut self) {
        for &(i, on) in &self.order {
            let table = if on { &mut self.on } else { &mut self.off };
            table[i as usize] = NONE;
            self.depth[2 * i as usize + usize::from(on)] = 0;
        }
        self.order.clear();
    }

    /// The facts derived, compact, with the tables cleared for the next assumption.
    fn take(&mut self, conflict: Option<Conflict>) -> Facts {
        let order: Vec<Fact> = self
            .order
            .iter()
            .map(|&(i, on)| {
                let slot = 2 * i as usize + usize::from(on);
                let table = if on { &mut self.on } else { &mut self.off };
                let why = std::mem::replace(&mut table[i as usize], NONE);
                let depth = std::mem::take(&mut self.depth[slot]);
                Fact {
                    candidate: i,
                    on,
                    depth,
                    why,
                }
            })
            .collect();
        self.order.clear();
        let mut index: Vec<u32> = order
            .iter()
            .enumerate()
            .map(|(k, f)| (2 * f.candidate + u32::from(f.on)) << 16 | k as u32)
            .collect();
        index.sort_unstable();
        Facts {
            order,
            index,
            conflict,
        }
    }
}

/// What joins a cell to a neighbour whose digits its own restricts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tie {
    /// The board's relation of this index, `(smaller, larger)`.
    Relation(usize),
    /// The board's marker rule of this index.
    Marker(usize),
}

/// The digits `tie` allows in the other cell when `cell` holds `d`.
pub(crate) fn allowed(board: &super::board::Board, tie: Tie, cell: usize, d: u8) -> u32 {
    let all = super::board::full(board.size());
    match tie {
        Tie::Relation(r) if board.relations()[r].0 == cell => all & !((1u32 << d) - 1),
        Tie::Relation(_) => (1u32 << (d - 1)) - 1,
        Tie::Marker(m) => board.markers()[m].allowed[usize::from(d)],
    }
}

/// The on facts of `before` whose tie to `cell` rules `d` out there, each with that tie:
/// why `d not in cell` follows across a relation or marker (the step's premises, the
/// sentence's reason).
pub(crate) fn tied<'a>(
    board: &'a super::board::Board,
    ties: &'a [Vec<(usize, Tie)>],
    before: &'a [ChainNode],
    cell: usize,
    d: u8,
) -> impl Iterator<Item = (&'a ChainNode, Tie)> + 'a {
    before.iter().filter(|m| m.on).flat_map(move |m| {
        let x = m.cells[0];
        ties[x]
            .iter()
            .filter(move |&&(o, tie)| {
                o == cell && allowed(board, tie, x, m.digit) >> (d - 1) & 1 == 0
            })
            .map(move |&(_, tie)| (m, tie))
    })
}

/// Each cell's ties: `(neighbour, tie)`.
pub(crate) fn ties(board: &super::board::Board) -> Vec<Vec<(usize, Tie)>> {
    let mut ties = vec![Vec::new(); board.cells()];
    for (r, &(a, b)) in board.relations().iter().enumerate() {
        ties[a].push((b, Tie::Relation(r)));
        ties[b].push((a, Tie::Relation(r)));
    }
    for (m, rule) in board.markers().iter().enumerate() {
        ties[rule.a].push((rule.b, Tie::Marker(m)));
        ties[rule.b].push((rule.a, Tie::Marker(m)));
    }
    ties
}

/// The board's candidates as the engine sees them.
struct Engine<'v> {
    view: &'v View<'v>,
    size: usize,
    /// The open cells' candidates (0 for placed cells).
    cands: Vec<u32>,
    /// Each cell's relations and markers.
    ties: Vec<Vec<(usize, Tie)>>,
}

impl<'v> Engine<'v> {
    fn new(view: &'v View<'v>) -> Engine<'v> {
        let board = view.board;
        let cands = (0..board.cells())
            .map(|c| {
                if board.is_open(c) {
                    board.candidates(c)
                } else {
                    0
                }
            })
            .collect();
        Engine {
            view,
            size: board.size(),
            cands,
            ties: ties(board),
        }
    }

    fn index(&self, cell: usize, digit: u8) -> u32 {
        (cell * self.size + digit as usize - 1) as u32
    }

    fn split(&self, i: u32) -> (usize, u8) {
        (i as usize / self.size, (i as usize % self.size) as u8 + 1)
    }

    /// The open places of `digit` in house `h` on the board.
    fn places(&self, h: usize, digit: u8) -> impl Iterator<Item = usize> + '_ {
        let bit = 1u32 << (digit - 1);
        self.view
            .board
            .geometry()
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(move |&c| self.cands[c] & bit != 0)
    }

    /// Everything `digit in cell` forces in `mode`, up to the first contradiction.
    fn propagate(&self, f: &mut Scratch, cell: usize, digit: u8, mode: Mode) -> Facts {
        let conflict = self.follow(f, cell, digit, mode);
        f.take(conflict)
    }

    /// Derives into `f` what `digit in cell` forces in `mode`; the contradiction met, if any.
    fn follow(&self, f: &mut Scratch, cell: usize, digit: u8, mode: Mode) -> Option<Conflict> {
        let board = self.view.board;
        let g = board.geometry();
        // The candidates left (static mode reads the board's only).
        let mut cur = if mode != Mode::Static {
            self.cands.clone()
        } else {
            Vec::new()
        };
        let start = self.index(cell, digit);
        f.on[start as usize] = ASSUMED;
        f.order.push((start, true));
        // The facts still to follow are those of `order` from `next` on: a fact is queued
        // when derived, and the derivation stops at the first conflict.
        let mut next = 0;
        while let Some(&(i, on)) = f.order.get(next) {
            next += 1;
            let (c, d) = self.split(i);
            let bit = 1u32 << (d - 1);
            let level = f.depth[2 * i as usize + on as usize].saturating_add(1);
            let derive = |f: &mut Scratch, j: u32, on: bool, why: u16| -> Option<Conflict> {
                let (mine, other) = if on {
                    (&mut f.on, &f.off)
                } else {
                    (&mut f.off, &f.on)
                };
                if mine[j as usize] != NONE {
                    return None;
                }
                mine[j as usize] = why;
                let clash = other[j as usize] != NONE;
                f.order.push((j, on));
                f.depth[2 * j as usize + on as usize] = level;
                clash.then_some(Conflict::Both(j))
            };
            if on {
                for &p in g.peers(c) {
                    let p = p as usize;
                    if self.cands[p] & bit != 0 {
                        if let Some(conflict) = derive(f, self.index(p, d), false, i as u16) {
                            return Some(conflict);
                        }
                    }
                }
                if !matches!(mode, Mode::Digit(_)) {
                    for e in 1..=self.size as u8 {
                        if e != d && self.cands[c] >> (e - 1) & 1 != 0 {
                            if let Some(conflict) = derive(f, self.index(c, e), false, i as u16) {
                                return Some(conflict);
                            }
                        }
                    }
                    for &(o, tie) in &self.ties[c] {
                        let mut lose = self.cands[o] & !allowed(board, tie, c, d);
                        while lose != 0 {
                            let e = lose.trailing_zeros() as u8 + 1;
                            lose &= lose - 1;
                            if let Some(conflict) = derive(f, self.index(o, e), false, i as u16) {
                                return Some(conflict);
                            }
                        }
                    }
                }
                continue;
            }
            if mode != Mode::Static {
                cur[c] &= !bit;
            }
            // The cell's last candidate.
            let cell_single = match mode {
                Mode::Digit(_) => None,
                Mode::Static => (self.cands[c].count_ones() == 2).then_some(self.cands[c] & !bit),
                Mode::Dynamic => {
                    if cur[c] == 0 {
                        return Some(Conflict::Empty(c));
                    }
                    (cur[c].count_ones() == 1).then_some(cur[c])
                }
            };
            if let Some(m) = cell_single {
                let e = m.trailing_zeros() as u8 + 1;
                if let Some(conflict) = derive(f, self.index(c, e), true, CELL) {
                    return Some(conflict);
                }
            }
            // The digit's last place in each house of the cell.
            for &h in g.houses_of(c) {
                let h = h as usize;
                // The places left: how many, and one of them (static: the board's two).
                let places = self.view.positions(h, d);
                if mode == Mode::Static && places.count_ones() != 2 {
                    continue;
                }
                let (mut count, mut one) = (0, 0);
                for x in self.view.cells_at(h, places) {
                    let left = match mode {
                        Mode::Static => x != c,
                        _ => cur[x] & bit != 0,
                    };
                    if left {
                        count += 1;
                        one = x;
                    }
                }
                if mode == Mode::Static && count + 1 != 2 {
                    continue;
                }
                match count {
                    0 if board.placed_in(h) & bit == 0 => return Some(Conflict::NoPlace(h, d)),
                    1 => {
                        let why = HOUSE0 - h as u16;
                        if let Some(conflict) = derive(f, self.index(one, d), true, why) {
                            return Some(conflict);
                        }
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The facts `targets` rest on, assumption first, in the order derived.
    fn proof(&self, f: &Facts, targets: &[(u32, bool)]) -> Vec<ChainNode> {
        let g = self.view.board.geometry();
        let n = self.cands.len() * self.size;
        // By position in `f.order`.
        let mut need = vec![false; f.order.len()];
        let mut stack: Vec<(u32, bool)> = targets.to_vec();
        while let Some((i, on)) = stack.pop() {
            let Some(at) = f.position((i, on)) else {
                continue;
            };
            if need[at] {
                continue;
            }
            need[at] = true;
            let (c, d) = self.split(i);
            let bit = 1u32 << (d - 1);
            let why = f.order[at].why;
            if !on {
                if usize::from(why) < n {
                    stack.push((u32::from(why), true));
                }
                continue;
            }
            match why {
                ASSUMED | NONE => {}
                CELL => {
                    for e in 1..=self.size as u8 {
                        let j = self.index(c, e);
                        if e != d && self.cands[c] >> (e - 1) & 1 != 0 && f.holds((j, false)) {
                            stack.push((j, false));
                        }
                    }
                }
                h => {
                    let h = (HOUSE0 - h) as usize;
                    for x in g.house(h).iter().map(|&x| x as usize) {
                        let j = self.index(x, d);
                        if x != c && self.cands[x] & bit != 0 && f.holds((j, false)) {
                            stack.push((j, false));
                        }
                    }
                }
            }
        }
        f.order
            .iter()
            .zip(need)
            .filter(|&(_, needed)| needed)
            .map(|(fact, _)| {
                let (c, d) = self.split(fact.candidate);
                ChainNode {
                    cells: vec![c],
                    digit: d,
                    on: fact.on,
                }
            })
            .collect()
    }

    /// The facts a contradiction rests on.
    fn conflict_targets(&self, f: &Facts) -> Vec<(u32, bool)> {
        let g = self.view.board.geometry();
        match f.conflict {
            Some(Conflict::Both(i)) => vec![(i, true), (i, false)],
            Some(Conflict::Empty(c)) => (1..=self.size as u8)
                .filter(|&e| self.cands[c] >> (e - 1) & 1 != 0)
                .map(|e| (self.index(c, e), false))
                .collect(),
            Some(Conflict::NoPlace(h, d)) => g
                .house(h)
                .iter()
                .map(|&x| x as usize)
                .filter(|&x| self.cands[x] >> (d - 1) & 1 != 0)
                .map(|x| (self.index(x, d), false))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The open candidates, `(cell, digit)`.
    fn candidates(&self) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for (c, &m) in self.cands.iter().enumerate() {
            for d in 1..=self.size as u8 {
                if m >> (d - 1) & 1 != 0 {
                    out.push((c, d));
                }
            }
        }
        out
    }

    /// The step for a conclusion `(candidate, on)` proved by `branches`.
    fn step(&self, technique: Technique, fact: (u32, bool), branches: Vec<Vec<ChainNode>>) -> Step {
        let board = self.view.board;
        let (c, d) = self.split(fact.0);
        let mut step = if fact.1 {
            Step::placing(technique, c, d)
        } else {
            let mut s = Step::new(technique);
            s.remove(board, c, 1 << (d - 1));
            s
        };
        let starts: Vec<usize> = branches.iter().map(|b| b[0].cells[0]).collect();
        let digits = branches
            .iter()
            .flatten()
            .fold(0u32, |m, n| m | 1 << (n.digit - 1));
        step = step.with_cells(starts).with_digits(digits);
        // The ties a fact crossed: an on fact's neighbour losing a digit the tie rules out.
        for branch in &branches {
            for (k, n) in branch.iter().enumerate().filter(|(_, n)| !n.on) {
                let (o, e) = (n.cells[0], n.digit);
                let before = || branch[..k].iter().filter(|m| m.on);
                // A digit placed in the cell, or the same digit in a cell it sees, says it.
                if before().any(|m| m.cells[0] == o || m.digit == e && board.sees(m.cells[0], o)) {
                    continue;
                }
                for (_, tie) in tied(board, &self.ties, &branch[..k], o, e) {
                    match tie {
                        Tie::Relation(r) => step.relations.push(r),
                        Tie::Marker(r) => step.markers.push(r),
                    }
                }
            }
        }
        step.relations.sort_unstable();
        step.relations.dedup();
        step.markers.sort_unstable();
        step.markers.dedup();
        step.branches = branches;
        step
    }
}

/// The total number of facts in a proof.
fn weight(branches: &[Vec<ChainNode>]) -> usize {
    branches.iter().map(Vec::len).sum()
}

/// Nishio: one digit in one cell, followed on that digit alone, leaves a house without a
/// place for it (or needs it twice): the digit leaves the cell.
pub(crate) fn nishio(view: &View) -> Option<Step> {
    if view.board.size() > MAX_SIZE {
        return None;
    }
    let engine = Engine::new(view);
    let mut scratch = Scratch::new(engine.cands.len() * engine.size);
    let mut best: Option<Step> = None;
    for (c, d) in engine.candidates() {
        // Only an assumption that fails is kept (and proved).
        let Some(conflict) = engine.follow(&mut scratch, c, d, Mode::Digit(d)) else {
            scratch.clear();
            continue;
        };
        let f = scratch.take(Some(conflict));
        let branch = engine.proof(&f, &engine.conflict_targets(&f));
        if best
            .as_ref()
            .is_none_or(|b| branch.len() < weight(&b.branches))
        {
            best = Some(engine.step(Technique::Nishio, (engine.index(c, d), false), vec![branch]));
        }
    }
    best
}

pub(crate) fn forcing_chain(view: &View) -> Option<Step> {
    if view.board.size() > MAX_DYNAMIC {
        return None;
    }
    forcing(view, Mode::Static, Technique::ForcingChain)
}

pub(crate) fn dynamic_forcing_chain(view: &View) -> Option<Step> {
    if view.board.size() > MAX_DYNAMIC {
        return None;
    }
    forcing(view, Mode::Dynamic, Technique::DynamicForcingChain)
}

/// Contradiction, cell and unit forcing in `mode`: the conclusion with the shortest proof.
fn forcing(view: &View, mode: Mode, technique: Technique) -> Option<Step> {
    let board = view.board;
    if board.size() > MAX_SIZE {
        return None;
    }
    let engine = Engine::new(view);
    let size = engine.size;
    let n = engine.cands.len() * size;
    // Per candidate: the facts it forces, or None on a conflict.
    let mut forced: Vec<Option<Facts>> = Vec::new();
    forced.resize_with(n, || None);
    let mut scratch = Scratch::new(n);
    let mut best: Option<Step> = None;
    let better =
        |best: &Option<Step>, w: usize| best.as_ref().is_none_or(|b| w < weight(&b.branches));
    for (c, d) in engine.candidates() {
        let f = engine.propagate(&mut scratch, c, d, mode);
        let i = engine.index(c, d);
        if f.conflict.is_some() {
            let branch = engine.proof(&f, &engine.conflict_targets(&f));
            if better(&best, branch.len()) {
                best = Some(engine.step(technique, (i, false), vec![branch]));
            }
            continue;
        }
        forced[i as usize] = Some(f);
    }
    // Groups of assumptions one of which is true: a cell's candidates, a digit's places.
    let mut groups: Vec<Vec<(usize, u8)>> = Vec::new();
    for c in board.open_cells() {
        let m = engine.cands[c];
        if m.count_ones() >= 2 {
            groups.push(
                (1..=size as u8)
                    .filter(|&d| m >> (d - 1) & 1 != 0)
                    .map(|d| (c, d))
                    .collect(),
            );
        }
    }
    for h in 0..board.geometry().house_count() {
        for d in 1..=size as u8 {
            let places: Vec<usize> = engine.places(h, d).collect();
            if places.len() >= 2 && board.placed_in(h) >> (d - 1) & 1 == 0 {
                groups.push(places.into_iter().map(|c| (c, d)).collect());
            }
        }
    }
    for group in groups {
        let runs: Option<Vec<&Facts>> = group
            .iter()
            .map(|&(c, d)| forced[engine.index(c, d) as usize].as_ref())
            .collect();
        let Some(runs) = runs else { continue };
        // Still a candidate of an open cell (placing or removing it changes the board), and
        // forced by every branch: counted by slot, in the scratch depth table (clear again
        // after).
        let count = &mut scratch.depth;
        let slot = |f: &Fact| 2 * f.candidate as usize + usize::from(f.on);
        for f in runs.iter().flat_map(|r| &r.order) {
            count[slot(f)] = count[slot(f)].saturating_add(1);
        }
        let all = runs.len().min(255) as u8;
        let facts: Vec<(u32, bool)> = runs[0]
            .order
            .iter()
            .filter(|f| {
                let (x, e) = engine.split(f.candidate);
                engine.cands[x] >> (e - 1) & 1 != 0 && count[slot(f)] == all
            })
            .map(|f| (f.candidate, f.on))
            .collect();
        for f in runs.iter().flat_map(|r| &r.order) {
            count[slot(f)] = 0;
        }
        // The proof of a fact has at least its depth plus one facts in each branch: the
        // facts worth tracing are those whose bound beats the best so far, smallest first.
        let bound = |fact| runs.iter().map(|f| f.depth(fact) + 1).sum::<usize>();
        let mut facts = facts;
        facts.sort_by_key(|&fact| bound(fact));
        for fact in facts {
            if !better(&best, bound(fact)) {
                break;
            }
            let branches: Vec<Vec<ChainNode>> =
                runs.iter().map(|f| engine.proof(f, &[fact])).collect();
            if better(&best, weight(&branches)) {
                best = Some(engine.step(technique, fact, branches));
            }
        }
    }
    best
}
