//! [`Bands`]: the state of a 16×16 search (a candidate mask per band and digit) and its
//! propagation.

use crate::contradiction::Contradiction;
use crate::search::bitboards::{grid, Board};

use super::bits::*;

/// The state of a 16×16 search: `Copy`, copied on branch.
#[derive(Clone, Copy)]
pub(super) struct Bands {
    /// `masks[b][d]`: cells of band b where digit d+1 is possible. Band-major: a placement
    /// clears one cell from sixteen neighbouring words, which vector registers do at once.
    pub(super) masks: Masks,
    /// Bit 4d + b: `masks[b][d]` changed since [`Bands::update`] last looked at it. Every
    /// write goes through [`Board::restrict`] or sets it.
    pub(super) stale: u64,
    /// `offered[d]`: the columns each band offers digit d+1 (lane b, bit c), as of the last
    /// look at the digit's stacks; lanes are refreshed as their subbands are looked at.
    pub(super) offered: [u64; 16],
    /// Unsolved cells of each band.
    pub(super) unsolved: [u64; 4],
}

impl Board for Bands {
    type Band = u64;
    const DIGITS: usize = 16;
    const BANDS: usize = 4;

    fn new() -> Bands {
        Bands {
            masks: [[ALL; 16]; 4],
            stale: ALL,
            offered: [ALL; 16],
            unsolved: [ALL; 4],
        }
    }

    #[inline(always)]
    fn mask(&self, b: usize, d: usize) -> u64 {
        self.masks[b][d]
    }

    #[inline(always)]
    fn restrict(&mut self, d: usize, b: usize, keep: u64) {
        // Branch-free: whether something goes is data, and a mispredicted branch costs more.
        let m = self.masks[b][d];
        self.masks[b][d] = m & keep;
        self.stale |= u64::from(m & !keep != 0) << (4 * d + b);
    }

    #[inline(always)]
    fn clear_portable(&mut self, b: usize, cells: u64, d: usize) {
        self.clear::<false>(b, cells, d);
    }

    #[inline(always)]
    fn houses(bit: u64) -> (u64, u64, u64) {
        let at = bit.trailing_zeros();
        let row = ROW << (at & !15);
        let column = LANES << (at & 15);
        let block = (0xF << (at & 12)) * LANES;
        (row, column, block)
    }

    #[inline(always)]
    fn hold(&mut self, d: usize, b: usize, bit: u64) {
        self.masks[b][d] |= bit;
        self.unsolved[b] &= !bit;
    }
}

impl Bands {
    /// Takes `cells` of band `b` from every digit but `d` (which keeps its candidates),
    /// marking the subbands that lose something stale. Branch-free: which digits lose a
    /// cell is data, and mispredicted branches cost more than the sixteen masks.
    #[inline(always)]
    pub(super) fn clear<const V3: bool>(&mut self, b: usize, cells: u64, d: usize) {
        let keep = self.masks[b][d];
        let stale = take::<V3>(&mut self.masks[b], cells);
        self.masks[b][d] = keep;
        self.stale |= (stale & !(1 << (4 * d))) << b;
    }

    /// Keeps only the candidates that `other` keeps too.
    pub(super) fn intersect(&mut self, other: &Masks) {
        // Mostly nothing goes: a straight pass (vector registers) says so first.
        let mut taken = [0u64; 4];
        for (masks, keep) in self.masks.iter().zip(other) {
            for d in 0..16 {
                taken[d % 4] |= masks[d] & !keep[d];
            }
        }
        if taken != [0; 4] {
            self.restrict_all(|b, d| other[b][d]);
        }
    }

    /// Rows, blocks and columns for every stale subband, until none is stale.
    #[inline(always)]
    pub(super) fn update<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        while self.stale != 0 {
            let d = self.stale.trailing_zeros() as usize / 4;
            let bands = self.stale >> (4 * d) & 0xF;
            self.stale &= !(0xF << (4 * d));
            let mut offered = self.offered[d];
            let mut bands = bands;
            while bands != 0 {
                let b = bands.trailing_zeros() as usize;
                bands &= bands - 1;
                // The table's answer is a union of permutations: looking again finds the
                // same, so the subband is not stale after this.
                let mut m = self.masks[b][d];
                let minirows = minirows::<V3>(m);
                let kept = MATCHING[minirows as usize];
                if kept != minirows {
                    // Mostly the table keeps every minirow.
                    if kept == 0 {
                        return Err(Contradiction);
                    }
                    m &= fill_minirows::<V3>(kept);
                    self.masks[b][d] = m;
                }
                let solved = lone_cells(m) & self.unsolved[b];
                if solved != 0 {
                    self.unsolved[b] &= !solved;
                    self.clear::<V3>(b, solved, d);
                }
                offered = offered & !(ROW << (16 * b)) | columns(m) << (16 * b);
            }
            if offered == self.offered[d] {
                continue;
            }
            // The stacks: lane b of `offered` holds the columns band b offers, nibble s
            // the stack; transposed, lane s holds stack s as a band × column matrix.
            let stacks = transpose(offered);
            let mut kept = 0;
            for s in 0..4 {
                let k = MATCHING[(stacks >> (16 * s) & ROW) as usize];
                if k == 0 {
                    return Err(Contradiction);
                }
                kept |= (k as u64) << (16 * s);
            }
            if kept == stacks {
                // Every stack keeps all it offers (the usual case): nothing to take.
                self.offered[d] = offered;
                continue;
            }
            let allowed = transpose(kept);
            // What the restrictions below leave (they take whole columns).
            self.offered[d] = offered & allowed;
            for b in 0..4 {
                self.restrict(d, b, (allowed >> (16 * b) & ROW).wrapping_mul(LANES));
            }
        }
        Ok(())
    }

    /// Places every cell that has one candidate left; fails on a cell with none. Returns
    /// whether anything was placed.
    #[inline(always)]
    pub(super) fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        // Bit-sliced counting across digits, all bands at once (the compiler keeps them in
        // vector registers): `one` has ≥ 1 candidate, `two` ≥ 2.
        let (mut one, mut two) = ([0u64; 4], [0u64; 4]);
        for (b, masks) in self.masks.iter().enumerate() {
            // Four counters per band (digits d ≡ k mod 4 in lane k), merged at the end.
            let (mut ones, mut twos) = ([0u64; 4], [0u64; 4]);
            for digits in masks.chunks_exact(4) {
                for k in 0..4 {
                    twos[k] |= ones[k] & digits[k];
                    ones[k] |= digits[k];
                }
            }
            one[b] = ones[0] | ones[1] | ones[2] | ones[3];
            two[b] = twos[0]
                | twos[1]
                | twos[2]
                | twos[3]
                | ones[0] & (ones[1] | ones[2] | ones[3])
                | ones[1] & (ones[2] | ones[3])
                | ones[2] & ones[3];
        }
        for b in 0..4 {
            if one[b] != ALL {
                return Err(Contradiction);
            }
            // A placement in an earlier band can take a counted cell's last candidate: then
            // `find` below fails, as it should. (Not `Board::settle_singles`, which does the
            // same: in this loop it cost 1.1–1.3% more instructions on the sixteen sets, from
            // how the registers of the propagation came to be allocated.)
            let mut singles = one[b] & !two[b] & self.unsolved[b];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // The cell's one digit: nothing else to take from it.
                let d = (0..16)
                    .find(|&d| self.masks[b][d] & bit != 0)
                    .ok_or(Contradiction)?;
                self.settle(d, b, bit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Propagates to a fixed point, by code compiled for the CPU at hand: on x86-64 with
    /// AVX2 and BMI2 (x86-64-v3: most CPUs since 2015), [`Bands::propagate_v3`], else the
    /// portable code. Propagation is ~85% of the time, and the two differ only in
    /// instructions: BMI2 gathers a band's minirows in one instruction (`pext`) where
    /// portable code takes eight, and AVX2 clears a solved cell from four digits' masks at
    /// once. Medians 13–14% lower on both sixteen sets; the check costs a load and a branch
    /// that always goes the same way.
    #[inline]
    pub(super) fn propagate(&mut self) -> Result<(), Contradiction> {
        #[cfg(target_arch = "x86_64")]
        if crate::search::portable::runs_v3() {
            // SAFETY: the CPU has what `propagate_v3` is compiled for (just checked).
            return unsafe { self.propagate_v3() };
        }
        self.fixpoint::<false>()
    }

    /// [`Bands::fixpoint`] compiled for x86-64 with AVX2 and BMI2 (the `x86-64-v3` level).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn propagate_v3(&mut self) -> Result<(), Contradiction> {
        self.fixpoint::<true>()
    }

    /// Propagates to a fixed point; `V3` says whether the code runs with AVX2 and BMI2 (only
    /// in [`Bands::propagate_v3`]).
    #[inline(always)]
    pub(super) fn fixpoint<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        loop {
            self.update::<V3>()?;
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    pub(super) fn solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    /// The solution, row-major digits 1..=16, digit d of the state being `names[d]` + 1 of the
    /// puzzle.
    pub(super) fn grid(&self, names: &[u8; 16]) -> Vec<u8> {
        grid(&self.masks, names)
    }
}
