//! [`Nine`]: the depth-first search over copies of [`Bands`], counting solutions.

use super::*;

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
/// The relations are borrowed and the counts kept as plain fields, made [`Stats`] once at
/// the end: in wasm a copy or clear of more than a few words is a `memory.copy` or
/// `memory.fill`, a call into C in V8, and this saves three per puzzle (0.5–1% less time in
/// wasm on the easy sets, no slower natively).
pub(super) struct Nine<'a> {
    pub(super) options: Options,
    pub(super) relations: Option<&'a Relations>,
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

    /// Searches below `state`: propagates, then branches on a cell, each digit but the last
    /// in a copy, the last in `state` itself (a loop, not a call: when the others failed,
    /// the cell holds that digit).
    pub(super) fn search(&mut self, state: &mut Bands) {
        // Branches taken in place, undone when this call returns.
        let mut in_place = 0;
        loop {
            if self.stopped() {
                break;
            }
            if self.nodes >= self.options.node_limit {
                self.end = End::Limit;
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
                self.search(&mut child);
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
