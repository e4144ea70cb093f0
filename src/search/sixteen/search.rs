//! [`Sixteen`]: the depth-first search over copies of [`Bands`], with probing (lookahead)
//! and the branching rules.

use crate::contradiction::Contradiction;
use crate::search::bitboards::{Board, Tally};
use crate::search::driver::End;

use super::bands::*;
use super::bits::*;

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
pub(super) struct Sixteen {
    pub(super) tally: Tally<16>,
    /// Lookaheads in a row that found nothing, since the last that found something or the
    /// last contradiction (see [`Sixteen::search`]).
    pub(super) idle: u32,
    /// The count of contradictions when `idle` last grew: one more starts it afresh.
    pub(super) idle_since: u64,
}

/// Candidates above which a grid with no refutation yet is not probed. The sixteen sets
/// start at 558–1093 after propagation, where probing pays from the root; an empty grid has
/// 4096, where it costs thousands of trials per node and finds nothing to refute (there the
/// search branches until the grid tightens or a branch fails).
pub(super) const PROBE_CANDIDATES: u32 = 1400;

/// The quiet cells that end the round of a lookahead after one that found nothing (a full
/// round ends after 256): a grid that is tight enough gives its refutations in its tightest
/// blocks, probed first. Against ending after 256 there too, work (nodes and trials) on the
/// public and generated sets 0–3% less, no puzzle more; at 32, nine of the 120 public
/// puzzles took more.
pub(super) const SHORT_ROUND: usize = 64;

/// The cells of each block in turn, block 4·band + stack at 16·block: (band, bit).
pub(super) const BLOCK_ORDER: [(usize, u64); 256] = {
    let mut order = [(0, 0); 256];
    let mut at = 0;
    while at < 256 {
        let (block, i) = (at / 16, at % 16);
        let (b, x) = (block / 4, block % 4);
        order[at] = (b, 1 << (16 * (i / 4) + 4 * x + i % 4));
        at += 1;
    }
    order
};

/// After lookahead changed `state`: propagates, and since the state is new, restarts the
/// count of quiet cells and forgets the placements implied by earlier trials. Returns whether
/// the grid is solved.
#[inline]
pub(super) fn renewed(
    state: &mut Bands,
    quiet: &mut usize,
    implied: &mut Masks,
) -> Result<bool, Contradiction> {
    if state.stale == 0 {
        return Ok(false);
    }
    state.propagate()?;
    *quiet = 0;
    *implied = [[0; 16]; 4];
    Ok(state.solved())
}

/// Adds what a successful trial of digit `d` kept (or its stand-in) to the cell's union and to
/// the digit's union in the block; the digit's first trial in the block starts it (`tried`).
#[inline]
pub(super) fn keep_trial(
    masks: &Masks,
    d: usize,
    union: &mut Masks,
    block: &mut [Masks; 16],
    tried: &mut u32,
) {
    or_into(union, masks);
    if *tried & 1 << d == 0 {
        *tried |= 1 << d;
        block[d] = *masks;
    } else {
        or_into(&mut block[d], masks);
    }
}

/// ORs the candidates of `from` into `into`.
#[inline]
pub(super) fn or_into(into: &mut Masks, from: &Masks) {
    for (u, t) in into.iter_mut().zip(from) {
        for (u, t) in u.iter_mut().zip(t) {
            *u |= t;
        }
    }
}

/// What lookahead leaves: the state is solved, or the branch to take, or the node limit
/// stopped it.
pub(super) enum Lookahead {
    Solved,
    Branch(usize, u64),
    Stopped,
}

impl Bands {
    /// The open cell with the fewest candidates (the first of them), by bit-sliced counting
    /// across digits; `(0, 0)` when every cell is placed.
    pub(super) fn fewest(&self) -> (usize, u64) {
        let mut best = (u32::MAX, 0, 0);
        for b in 0..4 {
            // counts[k]: cells with more than k candidates.
            let mut counts = [0u64; 16];
            for &mask in &self.masks[b] {
                let mut carry = mask;
                for count in counts.iter_mut() {
                    let next = *count & carry;
                    *count |= carry;
                    carry = next;
                    if carry == 0 {
                        break;
                    }
                }
            }
            for (k, &count) in counts.iter().enumerate().skip(1) {
                let exact = count & !counts.get(k + 1).copied().unwrap_or(0) & self.unsolved[b];
                if exact != 0 {
                    if (k as u32) < best.0 {
                        best = (k as u32, b, exact & exact.wrapping_neg());
                    }
                    break;
                }
            }
        }
        (best.1, best.2)
    }

    /// Of the blocks (4·band + stack) in `among`, the one lookahead probes next: the fewest
    /// candidates per open cell, a solved block last. Tight blocks hold the trials that fail
    /// or whose unions remove something, and the earlier the state shrinks, the cheaper and
    /// stronger every later trial of the round.
    pub(super) fn tightest_block(&self, among: u16) -> usize {
        let mut counts = [0u32; 16];
        for (b, masks) in self.masks.iter().enumerate() {
            for &m in masks {
                let open = m & self.unsolved[b];
                for x in 0..4 {
                    counts[4 * b + x] += (open & ((0xF << (4 * x)) * LANES)).count_ones();
                }
            }
        }
        let mut best = (u32::MAX, among.trailing_zeros() as usize);
        let mut blocks = among;
        while blocks != 0 {
            let block = blocks.trailing_zeros() as usize;
            blocks &= blocks - 1;
            let (b, x) = (block / 4, block % 4);
            let open = (self.unsolved[b] & ((0xF << (4 * x)) * LANES)).count_ones();
            let tightness = (counts[block] * 256).checked_div(open).unwrap_or(u32::MAX);
            if tightness < best.0 {
                best = (tightness, block);
            }
        }
        best.1
    }

    /// Renames the digits, fewest candidates first, and returns the puzzle's digit behind
    /// each new name. `update` looks at the lowest stale digit first, so the constrained
    /// digits get looked at first: their singles and contradictions show sooner, and the
    /// others' stale subbands gather more changes before a look (generated_200: median
    /// 5% less time; public_120: 1%; the other way round costs 25%). The state must have
    /// no stale subband (propagated).
    pub(super) fn rename_digits(&mut self) -> [u8; 16] {
        debug_assert_eq!(self.stale, 0);
        let count: [u32; 16] =
            std::array::from_fn(|d| self.masks.iter().map(|m| m[d].count_ones()).sum());
        let mut names: [u8; 16] = std::array::from_fn(|d| d as u8);
        names.sort_unstable_by_key(|&d| (count[d as usize], d));
        let offered = self.offered;
        for masks in &mut self.masks {
            *masks = names.map(|old| masks[old as usize]);
        }
        self.offered = names.map(|old| offered[old as usize]);
        names
    }

    /// The number of candidates left, all digits.
    pub(super) fn candidates(&self) -> u32 {
        self.masks.iter().flatten().map(|m| m.count_ones()).sum()
    }
}

impl Sixteen {
    pub(super) fn stopped(&self) -> bool {
        self.tally.stopped()
    }

    pub(super) fn found(&mut self, state: &Bands) {
        self.tally.found(|names| state.grid(names));
    }

    /// A trial in `trial`: `state` with `d` at `bit` of band `b`, propagated; false when it
    /// fails. `digits` are the cell's candidates (bit d for digit d+1), `d` among them.
    pub(super) fn probe(
        &mut self,
        state: &Bands,
        trial: &mut Bands,
        (d, digits): (usize, u32),
        b: usize,
        bit: u64,
    ) -> bool {
        self.tally.stats.probes += 1;
        *trial = *state;
        // The place the other candidates leave: known here, so not looked for in all
        // sixteen digits.
        let mut others = digits & !(1 << d);
        while others != 0 {
            let other = others.trailing_zeros() as usize;
            others &= others - 1;
            trial.restrict(other, b, !bit);
        }
        trial.settle(d, b, bit);
        trial.propagate().is_ok()
    }

    /// Singleton consistency with constructive disjunction, then the branch: tries every
    /// candidate of every open cell, cell after cell, until a whole round of cells brings
    /// nothing new. A trial that fails removes its candidate (a failed literal); a candidate
    /// that no successful trial of a cell kept goes too (the cell takes one of its digits,
    /// and none of them leaves it: with bit boards, the union of the trials is a few dozen
    /// ORs). A candidate that a successful trial placed since the state last changed is
    /// not tried (see the module docs). Then [`Sixteen::choose`] picks the branch. A round
    /// ends after `round` cells in a row brought nothing.
    #[inline(never)]
    pub(super) fn lookahead(
        &mut self,
        state: &mut Bands,
        round: usize,
    ) -> Result<Lookahead, Contradiction> {
        // block[d]: the union of the successful trials of digit d in the current block
        // (8 KB: on this frame only, which is why lookahead is never inlined into the
        // recursive search).
        let mut block = [[[0u64; 16]; 4]; 16];
        let mut tried = 0u32;
        let mut trial = Bands::new();
        // The blocks probed in this pass, and the one being probed.
        let mut visited = 0u16;
        let mut current = 0;
        // implied[b][d]: where the successful trials since the state last changed placed
        // digit d+1 (beyond the state's own placements); emptied on every change.
        let mut implied;
        // A skipped trial's stand-in: the state with the placement made, not propagated.
        let mut direct = Bands::new();
        loop {
            implied = [[0u64; 16]; 4];
            let mut quiet = 0;
            let mut at = 0;
            while quiet < round {
                if at % 16 == 0 {
                    if visited == u16::MAX {
                        visited = 0;
                    }
                    current = state.tightest_block(!visited);
                    visited |= 1 << current;
                    tried = 0;
                }
                let (b, bit) = BLOCK_ORDER[16 * current + at % 16];
                at = (at + 1) % 256;
                quiet += 1;
                if state.unsolved[b] & bit != 0 {
                    let mut union = [[0u64; 16]; 4];
                    // Whether the union covers every candidate the cell has left.
                    let mut whole = true;
                    let mut all = state.digits(b, bit);
                    let mut digits = all;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        if self.tally.stats.work() >= self.tally.options.node_limit {
                            self.tally.end = End::Limit;
                            return Ok(Lookahead::Stopped);
                        }
                        if implied[b][d] & bit != 0 {
                            // An earlier trial (since the last change) placed `d` here:
                            // this one would keep at least what that one kept, so it
                            // cannot fail. In the unions the placement alone stands in for
                            // it: unpropagated, it keeps more, so they stay sound.
                            direct.masks = state.masks;
                            direct.unsolved = state.unsolved;
                            let mut others = all & !(1 << d);
                            while others != 0 {
                                let other = others.trailing_zeros() as usize;
                                others &= others - 1;
                                direct.masks[b][other] &= !bit;
                            }
                            direct.settle(d, b, bit);
                            keep_trial(&direct.masks, d, &mut union, &mut block, &mut tried);
                            continue;
                        }
                        if !self.probe(state, &mut trial, (d, all), b, bit) {
                            // Propagated at once, so that the cell's next trials start
                            // from the smaller state (their unions with the earlier
                            // trials stay sound: those only kept more). When every
                            // trial fails, propagation finds the cell empty.
                            state.restrict(d, b, !bit);
                            if renewed(state, &mut quiet, &mut implied)? {
                                return Ok(Lookahead::Solved);
                            }
                            if state.unsolved[b] & bit == 0 {
                                // Placed, maybe with a digit not tried yet.
                                whole = false;
                                break;
                            }
                            all = state.digits(b, bit);
                            digits &= all;
                            continue;
                        }
                        // What the trial placed beyond the state's own placements.
                        let placed: [u64; 4] = std::array::from_fn(|band| {
                            state.unsolved[band] & !trial.unsolved[band]
                        });
                        for ((implied, masks), placed) in
                            implied.iter_mut().zip(&trial.masks).zip(placed)
                        {
                            for (implied, mask) in implied.iter_mut().zip(masks) {
                                *implied |= mask & placed;
                            }
                        }
                        keep_trial(&trial.masks, d, &mut union, &mut block, &mut tried);
                    }
                    if whole {
                        state.intersect(&union);
                    }
                    if renewed(state, &mut quiet, &mut implied)? {
                        return Ok(Lookahead::Solved);
                    }
                }
                if at % 16 == 0 {
                    // The block is done: every digit not placed in it takes one of the
                    // places it was tried at.
                    let cells = (0xF << (bit.trailing_zeros() & 12)) * LANES;
                    let placed = cells & !state.unsolved[b];
                    let mut digits = tried;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        if state.masks[b][d] & placed == 0 {
                            state.intersect(&block[d]);
                        }
                    }
                    if renewed(state, &mut quiet, &mut implied)? {
                        return Ok(Lookahead::Solved);
                    }
                }
            }
            if let Some(choice) = self.choose(state)? {
                return Ok(choice);
            }
        }
    }

    /// The branch: among the open cells with the fewest candidates, the one whose trials
    /// remove the most candidates (the product of removals + 1, so that both branches
    /// simplify). `None` when a trial failed after all (the state changed: look again).
    pub(super) fn choose(&mut self, state: &mut Bands) -> Result<Option<Lookahead>, Contradiction> {
        let fewest = (0..256)
            .filter(|&cell| state.unsolved[cell / 64] & 1 << (cell % 64) != 0)
            .map(|cell| state.digits(cell / 64, 1 << (cell % 64)).count_ones())
            .min();
        let Some(fewest) = fewest else {
            return Ok(Some(Lookahead::Solved));
        };
        let before = state.candidates();
        let mut trial = Bands::new();
        let mut best: Option<(u64, usize)> = None;
        for cell in 0..256 {
            let (b, bit) = (cell / 64, 1u64 << (cell % 64));
            let all = state.digits(b, bit);
            let mut digits = all;
            if state.unsolved[b] & bit == 0 || digits.count_ones() != fewest {
                continue;
            }
            let mut score = 1u64;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if self.tally.stats.work() >= self.tally.options.node_limit {
                    self.tally.end = End::Limit;
                    return Ok(Some(Lookahead::Stopped));
                }
                if !self.probe(state, &mut trial, (d, all), b, bit) {
                    state.restrict(d, b, !bit);
                    state.propagate()?;
                    return Ok(state.solved().then_some(Lookahead::Solved));
                }
                let removed = before - trial.candidates();
                score = score.saturating_mul(removed as u64 + 1);
            }
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, cell));
            }
        }
        Ok(best.map(|(_, cell)| Lookahead::Branch(cell / 64, 1 << (cell % 64))))
    }

    pub(super) fn search(&mut self, mut state: Bands) {
        if self.stopped() {
            return;
        }
        if self.tally.stats.work() >= self.tally.options.node_limit {
            self.tally.end = End::Limit;
            return;
        }
        self.tally.stats.nodes += 1;
        if !self.settle(&mut state) {
            return;
        }
        let before = state.candidates();
        if self.tally.stats.contradictions != self.idle_since {
            self.idle = 0;
        }
        if self.tally.stats.backtracks == 0 && before > PROBE_CANDIDATES || self.idle >= 2 {
            // A loose grid with nothing refuted yet: probing would try thousands of
            // candidates for little; branch on the fewest candidates. The same after two
            // lookaheads in a row found nothing, until a branch fails: a grid with many
            // solutions (20–100 givens of a solved grid, counted to 2) refutes nothing
            // for dozens of levels, and probing each of them took 3–30× the work.
            let (b, bit) = state.fewest();
            return self.branch(state, b, bit);
        }
        let round = if self.idle == 1 { SHORT_ROUND } else { 256 };
        let (b, bit) = match self.lookahead(&mut state, round) {
            Err(Contradiction) => {
                self.tally.stats.contradictions += 1;
                return;
            }
            Ok(Lookahead::Solved) => {
                self.found(&state);
                return;
            }
            Ok(Lookahead::Stopped) => return,
            Ok(Lookahead::Branch(b, bit)) => {
                if state.candidates() == before {
                    self.idle += 1;
                    self.idle_since = self.tally.stats.contradictions;
                } else {
                    self.idle = 0;
                }
                (b, bit)
            }
        };
        self.branch(state, b, bit);
    }

    /// Propagates `state`; false when that ends its branch: a contradiction (counted) or a
    /// solution (recorded).
    #[inline(always)]
    fn settle(&mut self, state: &mut Bands) -> bool {
        if state.propagate().is_err() {
            self.tally.stats.contradictions += 1;
            return false;
        }
        if state.solved() {
            self.found(state);
            return false;
        }
        true
    }

    /// Tries each candidate of the cell at `bit` of band `b` in turn; a refuted one leaves
    /// the cell.
    pub(super) fn branch(&mut self, mut state: Bands, b: usize, bit: u64) {
        for d in 0..16 {
            if state.masks[b][d] & bit == 0 {
                continue;
            }
            let mut child = state;
            self.tally.stats.guesses += 1;
            if child.place(d, b, bit).is_ok() {
                self.search(child);
            }
            if self.stopped() {
                return;
            }
            self.tally.stats.backtracks += 1;
            // The branch failed or is exhausted: the digit leaves the cell here too.
            state.restrict(d, b, !bit);
            if !self.settle(&mut state) {
                return;
            }
            if state.unsolved[b] & bit == 0 {
                // The cell got placed by propagation: branch afresh from this state.
                self.search(state);
                return;
            }
        }
    }
}
