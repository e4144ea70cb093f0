//! [`Nine`]: the depth-first search over copies of [`Bands`], counting solutions.

use crate::search::driver::End;
use crate::search::options::Options;

use super::bands::{Bands, Relations};

/// Fast-path nodes after which a search that has found no solution yet hands over to the
/// general engine ([`Propagate`], whose conflict-weighted branching has no such
/// tails): 3× the most any puzzle of the bench9 sets takes (1,375, forum_hardest_1905_11+),
/// ~0.6 ms. Norvig's "impossible" puzzle took this path 1,580,403 nodes (0.2–1 s) where the
/// general engine needs 2,507 (0.6 ms).
pub const HAND_OVER_NODES: u64 = 4096;

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
/// The relations are borrowed and the counts kept as plain fields, made [`Stats`] once at
/// the end: in wasm a copy or clear of more than a few words is a `memory.copy` or
/// `memory.fill`, a call into C in V8, and this saves three per puzzle (0.5–1% less time in
/// wasm on the easy sets, no slower natively).
pub(super) struct Nine<'a> {
    pub(super) options: Options,
    pub(super) relations: Option<&'a Relations>,
    /// The node count at which the search stops to look: the node limit, or before it
    /// [`HAND_OVER_NODES`] while no solution is found (then `handed_over`).
    pub(super) stop_at: u64,
    pub(super) handed_over: bool,
    pub(super) nodes: u64,
    pub(super) guesses: u64,
    pub(super) backtracks: u64,
    pub(super) contradictions: u64,
    pub(super) solutions: u64,
    pub(super) grids: Vec<Vec<u8>>,
    /// What ends the search: [`End::Exhausted`] unless a limit stops it first.
    pub(super) end: End,
}

impl Nine<'_> {
    pub(super) fn stopped(&self) -> bool {
        self.end != End::Exhausted
    }

    /// At `stop_at` nodes: the node limit ends the search; the hand-over point ends it too
    /// when no solution is found yet (the general engine takes over, see [`solve_by`]), and
    /// else moves on to the node limit. True when the search ends.
    #[cold]
    fn at_stop(&mut self) -> bool {
        if self.nodes >= self.options.node_limit {
            self.end = End::Limit;
            return true;
        }
        if self.solutions == 0 {
            self.handed_over = true;
            self.end = End::Limit;
            return true;
        }
        self.stop_at = self.options.node_limit;
        false
    }

    /// Searches below `state` by code compiled for the CPU at hand: on x86-64 with AVX2,
    /// BMI2 and POPCNT (x86-64-v3), [`Nine::search_v3`], else the portable code. The
    /// baseline x86-64 has no population count, and the branch rule counts open peers
    /// ([`Bands::branch_cell`]): the v3 copy takes 6–14% less time on the bench9 sets.
    pub(super) fn run(&mut self, state: &mut Bands) {
        #[cfg(target_arch = "x86_64")]
        if crate::search::portable::runs_v3() {
            // SAFETY: the CPU has what `search_v3` is compiled for (just checked).
            return unsafe { self.search_v3(state) };
        }
        self.search_portable(state);
    }

    #[inline(never)]
    pub(super) fn search_portable(&mut self, state: &mut Bands) {
        self.search::<false>(state);
    }

    /// [`Nine::search`] compiled for x86-64 with AVX2, BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    pub(super) fn search_v3(&mut self, state: &mut Bands) {
        self.search::<true>(state);
    }

    /// The search below a branch, in the same compiled copy as the caller (`V3`).
    #[inline(always)]
    fn descend<const V3: bool>(&mut self, state: &mut Bands) {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: `V3` is true only inside `search_v3`, which runs only where the CPU
            // has what it is compiled for.
            return unsafe { self.search_v3(state) };
        }
        self.search_portable(state);
    }

    /// Searches below `state`: propagates, then branches on a cell, each digit but the last
    /// in a copy, the last in `state` itself (a loop, not a call: when the others failed,
    /// the cell holds that digit). Inlined into [`Nine::search_portable`] and
    /// [`Nine::search_v3`], each compiled for its instruction set.
    #[inline(always)]
    fn search<const V3: bool>(&mut self, state: &mut Bands) {
        // Branches taken in place, undone when this call returns.
        let mut in_place = 0;
        loop {
            if self.stopped() {
                break;
            }
            if self.nodes >= self.stop_at && self.at_stop() {
                break;
            }
            self.nodes += 1;
            if state.propagate(self.relations).is_err() {
                self.contradictions += 1;
                break;
            }
            if state.solved() {
                self.solutions += 1;
                if self.grids.len() < 2 {
                    self.grids.push(state.grid());
                }
                if self.solutions >= self.options.solution_limit {
                    self.end = End::Solutions;
                }
                break;
            }
            let Some((b, bit)) = state.branch_cell() else {
                break;
            };
            let mut digits: u32 = 0;
            for d in 0..9 {
                if state.masks[d][b] & bit != 0 {
                    digits |= 1 << d;
                }
            }
            // Every digit but the last in a copy; a failed digit leaves the cell.
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *state;
                self.guesses += 1;
                child.fix(d, b, bit);
                self.descend::<V3>(&mut child);
                if self.stopped() {
                    return;
                }
                self.backtracks += 1;
                state.masks[d][b] &= !bit;
            }
            // The last digit here.
            let d = digits.trailing_zeros() as usize;
            self.guesses += 1;
            in_place += 1;
            state.fix(d, b, bit);
        }
        if !self.stopped() {
            self.backtracks += in_place;
        }
    }
}
