//! [`TwentyFive`]: the depth-first search over copies of [`Bands`], with probing (lookahead)
//! and the branching rules. The search keeps its branches in a stack on the heap, not in
//! recursion: a state is 2.5 KB, a search may go hundreds of levels deep, and a wasm stack
//! or a worker thread's is small.

use crate::contradiction::Contradiction;
use crate::search::bitboards::{Board, Tally};
use crate::search::driver::End;
use crate::search::restarts::Restarts;
use crate::search::stats::Stats;

use super::bands::*;
use super::beside::Beside;
use super::bits::*;

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
pub(super) struct TwentyFive {
    pub(super) tally: Tally<25>,
    /// Lookaheads in a row that found nothing, since the last that found something or the
    /// last contradiction (see [`TwentyFive::node`]).
    pub(super) idle: u32,
    /// The count of contradictions when `idle` last grew: one more starts it afresh.
    pub(super) idle_since: u64,
    /// Lookahead's working space (56 KB), kept here rather than on the stack.
    pub(super) scratch: Box<Scratch>,
    /// When the work done ends the search.
    pub(super) budget: Budget,
    /// Restarts before the first solution.
    pub(super) restarts: Restarts,
}

/// When the work done ends a search: at the node limit, or at the hand-over point
/// ([`HAND_OVER_WORK`](super::HAND_OVER_WORK)) while no solution is found, when the general
/// engine takes over.
pub(super) struct Budget {
    pub(super) node_limit: u64,
    /// The work at which the search stops to look: the node limit or the hand-over point.
    pub(super) stop_at: u64,
    pub(super) handed_over: bool,
    /// The general engine beside the search before its first solution, whose work counts
    /// against the same limits.
    pub(super) beside: Beside,
}

impl Budget {
    /// Whether the work counted in `tally` ends the search (then its `end` says why): at the
    /// node limit; at the hand-over point too when no solution is found yet, else the search
    /// goes on to the node limit.
    #[inline(always)]
    fn exhausted(&mut self, tally: &mut Tally<25>) -> bool {
        let stats = &tally.stats;
        let work = stats.work() + self.beside.work;
        if work < self.stop_at {
            return false;
        }
        if work < self.node_limit && stats.solutions > 0 {
            self.stop_at = self.node_limit;
            return false;
        }
        self.handed_over = work < self.node_limit;
        tally.end = End::Limit;
        true
    }
}

/// What lookahead works in: the unions of a block's trials per digit, and two states.
pub(super) struct Scratch {
    /// `block[d]`: the union of the successful trials of digit d in the current block.
    block: [Masks; 25],
    /// A trial.
    trial: Bands,
    /// A skipped trial's stand-in: the state with the placement made, not propagated.
    direct: Bands,
}

impl Scratch {
    pub(super) fn new() -> Box<Scratch> {
        Box::new(Scratch {
            block: [[[0; 25]; 5]; 25],
            trial: Bands::new(),
            direct: Bands::new(),
        })
    }
}

/// Candidates above which a grid with no refutation yet is not probed: an empty grid has
/// 15,625, where probing costs tens of thousands of trials per node and finds nothing to
/// refute (there the search branches until the grid tightens or a branch fails).
pub(super) const PROBE_CANDIDATES: u32 = 5000;

/// Below the root, lookahead tries only the cells with at most this many candidates (the
/// root, every cell): a trial of a wide cell costs as much and seldom fails. On the minimal
/// 25×25 puzzles of `benches/data` 1.2–1.6× less time than trying every cell (more nodes,
/// fewer trials); 3 or 5 were slower, as the general engine's 2 is (BENCHMARKS.md).
pub(super) const PROBE_WIDTH: u32 = 4;

/// The quiet cells that end the round of a lookahead after one that found nothing (a full
/// round ends after 625).
pub(super) const SHORT_ROUND: usize = 125;

/// The cells of each block in turn, block 5·band + stack at 25·block: (band, bit of the band).
pub(super) const BLOCK_ORDER: [(u8, u8); 625] = {
    let mut order = [(0, 0); 625];
    let mut at = 0;
    while at < 625 {
        let (block, i) = (at / 25, at % 25);
        let (b, x) = (block / 5, block % 5);
        order[at] = (b as u8, (25 * (i / 5) + 5 * x + i % 5) as u8);
        at += 1;
    }
    order
};

/// After lookahead changed `state`: propagates, and since the state is new, restarts the
/// count of quiet cells, forgets the placements implied by earlier trials and asks for the
/// blocks' candidates to be counted again. Returns whether the grid is solved.
#[inline(always)]
fn renewed<const V3: bool>(
    state: &mut Bands,
    quiet: &mut usize,
    implied: &mut Masks,
    recount: &mut bool,
) -> Result<bool, Contradiction> {
    if state.stale == [0; 5] {
        return Ok(false);
    }
    state.propagate::<V3>()?;
    *quiet = 0;
    *implied = [[0; 25]; 5];
    *recount = true;
    Ok(state.solved())
}

/// Adds what a successful trial of digit `d` kept (or its stand-in) to the cell's union and to
/// the digit's union in the block; the digit's first trial in the block starts it (`tried`).
#[inline(always)]
fn keep_trial(
    masks: &Masks,
    d: usize,
    union: &mut Masks,
    block: &mut [Masks; 25],
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
#[inline(always)]
fn or_into(into: &mut Masks, from: &Masks) {
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
    Branch(usize, u128),
    Stopped,
}

/// A branch point of the search: the state, the cell branched on, and the digit whose
/// subtree is being searched (`None` before the first).
struct Frame {
    state: Bands,
    b: usize,
    bit: u128,
    trying: Option<usize>,
}

impl Bands {
    /// The open cell with the fewest candidates (the first of them), by bit-sliced counting
    /// across digits; `(0, 0)` when every cell is placed.
    #[inline(always)]
    pub(super) fn fewest(&self) -> (usize, u128) {
        let mut best = (u32::MAX, 0, 0);
        for b in 0..5 {
            // counts[k]: cells with more than k candidates.
            let mut counts = [0u128; 25];
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
            for k in 1..25 {
                let more = if k + 1 < 25 { counts[k + 1] } else { 0 };
                let exact = counts[k] & !more & self.unsolved[b];
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

    /// The candidates of the open cells of each block (5·band + stack).
    #[inline(always)]
    pub(super) fn block_candidates(&self) -> [u32; 25] {
        let mut counts = [0u32; 25];
        for (b, masks) in self.masks.iter().enumerate() {
            for &m in masks {
                let open = m & self.unsolved[b];
                for x in 0..5 {
                    counts[5 * b + x] += (open & BLOCK[x]).count_ones();
                }
            }
        }
        counts
    }

    /// Of the blocks (5·band + stack) in `among`, the one lookahead probes next: the fewest
    /// candidates per open cell (`counts`, from [`Bands::block_candidates`]), a solved block
    /// last.
    #[inline(always)]
    pub(super) fn tightest_block(&self, among: u32, counts: &[u32; 25]) -> usize {
        let mut best = (u32::MAX, among.trailing_zeros() as usize);
        let mut blocks = among;
        while blocks != 0 {
            let block = blocks.trailing_zeros() as usize;
            blocks &= blocks - 1;
            let (b, x) = (block / 5, block % 5);
            let open = (self.unsolved[b] & BLOCK[x]).count_ones();
            let tightness = (counts[block] * 625).checked_div(open).unwrap_or(u32::MAX);
            if tightness < best.0 {
                best = (tightness, block);
            }
        }
        best.1
    }

    /// Renames the digits, fewest candidates first, and returns the puzzle's digit behind
    /// each new name: `update` looks at the lowest stale digit first, so the constrained
    /// digits get looked at first. The state must have no stale subband (propagated).
    pub(super) fn rename_digits(&mut self) -> [u8; 25] {
        debug_assert_eq!(self.stale, [0; 5]);
        let count: [u32; 25] =
            std::array::from_fn(|d| self.masks.iter().map(|m| m[d].count_ones()).sum());
        let mut names: [u8; 25] = std::array::from_fn(|d| d as u8);
        names.sort_unstable_by_key(|&d| (count[d as usize], d));
        let offered = self.offered;
        for masks in &mut self.masks {
            *masks = names.map(|old| masks[old as usize]);
        }
        self.offered = names.map(|old| offered[old as usize]);
        for minirows in &mut self.minirows {
            *minirows = names.map(|old| minirows[old as usize]);
        }
        names
    }

    /// The number of candidates left, all digits.
    #[inline(always)]
    pub(super) fn candidates(&self) -> u32 {
        let mut count = 0;
        for masks in &self.masks {
            for m in masks {
                count += m.count_ones();
            }
        }
        count
    }
}

impl TwentyFive {
    /// Searches from `root` by code compiled for the CPU at hand: on x86-64 with AVX2, BMI2
    /// and POPCNT (x86-64-v3), [`TwentyFive::search_v3`], else the portable code. A 25×25
    /// state is wide: the baseline has no population count (candidates are counted at every
    /// node and block) and gathers a band's minirows in twenty operations where BMI2 takes
    /// two.
    pub(super) fn run(&mut self, root: Bands) {
        #[cfg(target_arch = "x86_64")]
        if crate::search::portable::runs_v3() {
            // SAFETY: the CPU has what `search_v3` is compiled for (just checked).
            return unsafe { self.search_v3(root) };
        }
        self.search_portable(root);
    }

    #[inline(never)]
    pub(super) fn search_portable(&mut self, root: Bands) {
        self.search::<false>(root);
    }

    /// [`TwentyFive::search`] compiled for x86-64 with AVX2, BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    pub(super) fn search_v3(&mut self, root: Bands) {
        self.search::<true>(root);
    }

    pub(super) fn stopped(&self) -> bool {
        self.tally.stopped()
    }

    fn found(&mut self, state: &Bands) {
        self.tally.found(|names| state.grid(names));
    }

    /// A trial in `trial`: `state` with `d` at `bit` of band `b`, propagated; false when it
    /// fails. `digits` are the cell's candidates (bit d for digit d+1), `d` among them.
    #[inline(always)]
    fn probe<const V3: bool>(
        stats: &mut Stats,
        state: &Bands,
        trial: &mut Bands,
        (d, digits): (usize, u32),
        b: usize,
        bit: u128,
    ) -> bool {
        stats.probes += 1;
        *trial = *state;
        // The place the other candidates leave: known here, so not looked for in all
        // twenty-five digits.
        let mut others = digits & !(1 << d);
        while others != 0 {
            let other = others.trailing_zeros() as usize;
            others &= others - 1;
            trial.restrict(other, b, !bit);
        }
        trial.settle(d, b, bit);
        trial.propagate::<V3>().is_ok()
    }

    /// Singleton consistency with constructive disjunction, then the branch, as the 16×16
    /// path does (see its `lookahead`): every candidate of every open cell is tried, block
    /// by block, tightest block first, until `round` cells in a row bring nothing new. A
    /// failed trial removes its candidate; a candidate that no successful trial of a cell
    /// (or of a digit in a block) kept goes too; a candidate an earlier trial placed since
    /// the state last changed is not tried.
    #[inline(always)]
    fn lookahead<const V3: bool>(
        &mut self,
        state: &mut Bands,
        round: usize,
    ) -> Result<Lookahead, Contradiction> {
        let mut tried = 0u32;
        // The digits of the cells of the block that were not tried (too wide).
        let mut skipped = 0u32;
        // The blocks probed in this pass, and the one being probed.
        let mut visited = 0u32;
        let mut current = 0;
        // implied[b][d]: where the successful trials since the state last changed placed
        // digit d+1 (beyond the state's own placements); emptied on every change.
        let mut implied;
        // The blocks' candidates as last counted, and whether the state changed since.
        let mut counts = [0u32; 25];
        let mut recount;
        loop {
            let scratch = &mut *self.scratch;
            // A failed trial of `choose` may have changed the state.
            recount = true;
            implied = [[0u128; 25]; 5];
            let mut quiet = 0;
            let mut at = 0;
            while quiet < round {
                if at % 25 == 0 {
                    if visited == (1 << 25) - 1 {
                        visited = 0;
                    }
                    if recount {
                        // Counted again only after the state changed (1,250 population
                        // counts: most blocks of a round change nothing).
                        counts = state.block_candidates();
                        recount = false;
                    }
                    current = state.tightest_block(!visited & ((1 << 25) - 1), &counts);
                    visited |= 1 << current;
                    tried = 0;
                    skipped = 0;
                }
                let (b, bit) = BLOCK_ORDER[25 * current + at % 25];
                let (b, bit) = (b as usize, 1u128 << bit);
                at = (at + 1) % 625;
                quiet += 1;
                let width = if self.tally.stats.nodes > 1 {
                    PROBE_WIDTH
                } else {
                    25
                };
                if state.unsolved[b] & bit != 0 && state.digits(b, bit).count_ones() > width {
                    // Too wide to try here; its digits' places in the block are not all
                    // known, so the block's unions must leave them alone.
                    skipped |= state.digits(b, bit);
                } else if state.unsolved[b] & bit != 0 {
                    let mut union = [[0u128; 25]; 5];
                    // Whether the union covers every candidate the cell has left.
                    let mut whole = true;
                    let mut all = state.digits(b, bit);
                    let mut digits = all;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        if self.budget.exhausted(&mut self.tally) {
                            return Ok(Lookahead::Stopped);
                        }
                        if implied[b][d] & bit != 0 {
                            // An earlier trial (since the last change) placed `d` here: this
                            // one would keep at least what that one kept, so it cannot fail.
                            // In the unions the placement alone stands in for it.
                            let direct = &mut scratch.direct;
                            direct.masks = state.masks;
                            direct.unsolved = state.unsolved;
                            let mut others = all & !(1 << d);
                            while others != 0 {
                                let other = others.trailing_zeros() as usize;
                                others &= others - 1;
                                direct.masks[b][other] &= !bit;
                            }
                            direct.settle(d, b, bit);
                            keep_trial(
                                &direct.masks,
                                d,
                                &mut union,
                                &mut scratch.block,
                                &mut tried,
                            );
                            continue;
                        }
                        let trial = &mut scratch.trial;
                        if !Self::probe::<V3>(&mut self.tally.stats, state, trial, (d, all), b, bit)
                        {
                            // Propagated at once, so that the cell's next trials start from
                            // the smaller state. When every trial fails, propagation finds
                            // the cell empty.
                            state.restrict(d, b, !bit);
                            if renewed::<V3>(state, &mut quiet, &mut implied, &mut recount)? {
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
                        for (band, (implied, masks)) in
                            implied.iter_mut().zip(&trial.masks).enumerate()
                        {
                            let placed = state.unsolved[band] & !trial.unsolved[band];
                            if placed != 0 {
                                for (implied, mask) in implied.iter_mut().zip(masks) {
                                    *implied |= mask & placed;
                                }
                            }
                        }
                        keep_trial(&trial.masks, d, &mut union, &mut scratch.block, &mut tried);
                    }
                    if whole {
                        state.intersect(&union);
                    }
                    if renewed::<V3>(state, &mut quiet, &mut implied, &mut recount)? {
                        return Ok(Lookahead::Solved);
                    }
                }
                if at % 25 == 0 {
                    // The block is done: every digit not placed in it takes one of the
                    // places it was tried at.
                    let cells = BLOCK[current % 5];
                    let placed = cells & !state.unsolved[current / 5];
                    let mut digits = tried & !skipped;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        if state.masks[current / 5][d] & placed == 0 {
                            state.intersect(&scratch.block[d]);
                        }
                    }
                    if renewed::<V3>(state, &mut quiet, &mut implied, &mut recount)? {
                        return Ok(Lookahead::Solved);
                    }
                }
            }
            if let Some(choice) = self.choose::<V3>(state)? {
                return Ok(choice);
            }
        }
    }

    /// The branch: among the open cells with the fewest candidates, the one whose trials
    /// remove the most candidates (the product of removals + 1, so that both branches
    /// simplify). `None` when a trial failed after all (the state changed: look again).
    #[inline(always)]
    fn choose<const V3: bool>(
        &mut self,
        state: &mut Bands,
    ) -> Result<Option<Lookahead>, Contradiction> {
        let mut fewest = u32::MAX;
        for cell in 0..625 {
            let (b, bit) = (cell / 125, 1u128 << (cell % 125));
            if state.unsolved[b] & bit != 0 {
                fewest = fewest.min(state.digits(b, bit).count_ones());
            }
        }
        if fewest == u32::MAX {
            return Ok(Some(Lookahead::Solved));
        }
        let before = state.candidates();
        let trial = &mut self.scratch.trial;
        let mut best: Option<(u64, usize)> = None;
        for cell in 0..625 {
            let (b, bit) = (cell / 125, 1u128 << (cell % 125));
            if state.unsolved[b] & bit == 0 {
                continue;
            }
            let all = state.digits(b, bit);
            if all.count_ones() != fewest {
                continue;
            }
            let mut digits = all;
            let mut score = 1u64;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if self.budget.exhausted(&mut self.tally) {
                    return Ok(Some(Lookahead::Stopped));
                }
                if !Self::probe::<V3>(&mut self.tally.stats, state, trial, (d, all), b, bit) {
                    state.restrict(d, b, !bit);
                    state.propagate::<V3>()?;
                    return Ok(state.solved().then_some(Lookahead::Solved));
                }
                let removed = before - trial.candidates();
                score = score.saturating_mul(removed as u64 + 1);
            }
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, cell));
            }
        }
        Ok(best.map(|(_, cell)| Lookahead::Branch(cell / 125, 1 << (cell % 125))))
    }

    /// One node: propagates `state`, then probes it or not, and says where to branch;
    /// `None` when the node ends its branch (a contradiction, a solution, a limit).
    #[inline(always)]
    fn node<const V3: bool>(&mut self, mut state: Bands) -> Option<(Bands, usize, u128)> {
        if self.stopped() {
            return None;
        }
        if self.budget.exhausted(&mut self.tally) {
            return None;
        }
        self.tally.stats.nodes += 1;
        if !self.settle::<V3>(&mut state) {
            return None;
        }
        let before = state.candidates();
        if self.tally.stats.contradictions != self.idle_since {
            self.idle = 0;
        }
        if self.tally.stats.backtracks == 0 && before > PROBE_CANDIDATES || self.idle >= 2 {
            // A loose grid with nothing refuted yet, or two lookaheads in a row that found
            // nothing (until a branch fails): branch on the fewest candidates.
            let (b, bit) = state.fewest();
            return Some((state, b, bit));
        }
        let round = if self.idle == 1 { SHORT_ROUND } else { 625 };
        match self.lookahead::<V3>(&mut state, round) {
            Err(Contradiction) => {
                self.tally.stats.contradictions += 1;
                None
            }
            Ok(Lookahead::Solved) => {
                self.found(&state);
                None
            }
            Ok(Lookahead::Stopped) => None,
            Ok(Lookahead::Branch(b, bit)) => {
                if state.candidates() == before {
                    self.idle += 1;
                    self.idle_since = self.tally.stats.contradictions;
                } else {
                    self.idle = 0;
                }
                Some((state, b, bit))
            }
        }
    }

    /// Propagates `state`; false when that ends its branch: a contradiction (counted) or a
    /// solution (recorded).
    #[inline(always)]
    fn settle<const V3: bool>(&mut self, state: &mut Bands) -> bool {
        if state.propagate::<V3>().is_err() {
            self.tally.stats.contradictions += 1;
            return false;
        }
        if state.solved() {
            self.found(state);
            return false;
        }
        true
    }

    /// The depth-first search from `root`: each branch point tries the candidates of its
    /// cell in turn, and a refuted or exhausted one leaves the cell.
    #[inline(always)]
    fn search<const V3: bool>(&mut self, root: Bands) {
        let mut frames: Vec<Frame> = Vec::new();
        let mut next = Some(root);
        loop {
            if let Some(state) = next.take() {
                if let Some((state, b, bit)) = self.node::<V3>(state) {
                    frames.push(Frame {
                        state,
                        b,
                        bit,
                        trying: None,
                    });
                }
            }
            if self.stopped() {
                return;
            }
            let stats = &self.tally.stats;
            if stats.solutions == 0 && stats.work() >= self.budget.beside.next_at {
                let (work, options) = (stats.work(), self.tally.options);
                if self.budget.beside.turn(work, options) {
                    return;
                }
            }
            let stats = &self.tally.stats;
            if frames.len() > 1 && self.restarts.due(stats.solutions, stats.backtracks) {
                frames.truncate(1);
                frames[0].trying = None;
                self.restarts.next(self.tally.stats.backtracks);
            }
            let depth = frames.len();
            let Some(frame) = frames.last_mut() else {
                return;
            };
            let (b, bit) = (frame.b, frame.bit);
            if let Some(d) = frame.trying.take() {
                // The branch failed or is exhausted: the digit leaves the cell here too.
                self.tally.stats.backtracks += 1;
                frame.state.restrict(d, b, !bit);
                if !self.settle::<V3>(&mut frame.state) {
                    frames.pop();
                    continue;
                }
                if frame.state.unsolved[b] & bit == 0 {
                    // The cell got placed by propagation: search afresh from this state.
                    next = frames.pop().map(|f| f.state);
                    continue;
                }
            }
            let d = self
                .restarts
                .pick(frame.state.digits(b, bit), depth)
                .trailing_zeros() as usize;
            frame.trying = Some(d);
            self.tally.stats.guesses += 1;
            let mut child = frame.state;
            if child.place(d, b, bit).is_ok() {
                next = Some(child);
            }
        }
    }
}
