//! [`Bands`]: the state of a 25×25 search (a candidate mask per band and digit) and its
//! propagation.

use crate::contradiction::Contradiction;
use crate::search::bitboards::{grid, Board};

use super::bits::*;

/// The state of a 25×25 search: `Copy`, copied on branch and for every trial (2.5 KB).
#[derive(Clone, Copy)]
pub(super) struct Bands {
    /// `masks[b][d]`: cells of band b where digit d+1 is possible. Band-major: a placement
    /// clears one cell from twenty-five neighbouring words.
    pub(super) masks: Masks,
    /// `stale[b]` bit d: `masks[b][d]` changed since [`Bands::update`] last looked at it.
    /// Every write goes through [`Board::restrict`] or sets it. A word per band, not one
    /// bit set: a placement marks up to 25 digits of one band, with one OR.
    pub(super) stale: [u32; 5],
    /// `offered[d]`: the columns each band offers digit d+1 (lane b, bit c), as of the last
    /// look at the digit's stacks; lanes are refreshed as their subbands are looked at.
    pub(super) offered: [u128; 25],
    /// `minirows[b][d]`: the minirows of `masks[b][d]` as of the last look at the subband,
    /// which kept only those of some permutation. The mask only loses cells, so when its
    /// minirows are still these, the permutations are the same and the look is skipped
    /// (a subband is looked at ~25 times per trial; its minirows change ~5 times).
    pub(super) minirows: [[u32; 25]; 5],
    /// Unsolved cells of each band.
    pub(super) unsolved: [u128; 5],
    /// Bit b: band b changed since [`Bands::naked_singles`] last counted it (every change
    /// passes through [`Bands::update`], which marks the band).
    pub(super) touched: u32,
}

impl Board for Bands {
    type Band = u128;
    const DIGITS: usize = 25;
    const BANDS: usize = 5;

    fn new() -> Bands {
        Bands {
            masks: [[ALL; 25]; 5],
            stale: [(1 << 25) - 1; 5],
            offered: [ALL; 25],
            minirows: [[(1 << 25) - 1; 25]; 5],
            unsolved: [ALL; 5],
            touched: 0x1F,
        }
    }

    #[inline(always)]
    fn mask(&self, b: usize, d: usize) -> u128 {
        self.masks[b][d]
    }

    #[inline(always)]
    fn restrict(&mut self, d: usize, b: usize, keep: u128) {
        // Branch-free: whether something goes is data, and a mispredicted branch costs more.
        let m = self.masks[b][d];
        self.masks[b][d] = m & keep;
        self.stale[b] |= u32::from(m & !keep != 0) << d;
    }

    #[inline(always)]
    fn clear_portable(&mut self, b: usize, cells: u128, d: usize) {
        self.clear::<false>(b, cells, d);
    }

    #[inline(always)]
    fn houses(bit: u128) -> (u128, u128, u128) {
        let at = bit.trailing_zeros() as usize;
        let (i, c) = (at / 25, at % 25);
        (ROW << (25 * i), COLUMN[c], BLOCK[c / 5])
    }

    #[inline(always)]
    fn hold(&mut self, d: usize, b: usize, bit: u128) {
        self.masks[b][d] |= bit;
        self.unsolved[b] &= !bit;
    }
}

impl Bands {
    /// Takes `cells` of band `b` from every digit but `d` (which keeps its candidates),
    /// marking the subbands that lose something stale.
    #[inline(always)]
    pub(super) fn clear<const V3: bool>(&mut self, b: usize, cells: u128, d: usize) {
        let keep = self.masks[b][d];
        let stale = take::<V3>(&mut self.masks[b], cells);
        self.masks[b][d] = keep;
        self.stale[b] |= stale & !(1 << d);
    }

    /// Keeps only the candidates that `other` keeps too.
    #[inline(always)]
    pub(super) fn intersect(&mut self, other: &Masks) {
        // Mostly nothing goes: a straight pass says so first.
        let mut taken = 0u128;
        for (masks, keep) in self.masks.iter().zip(other) {
            for (m, k) in masks.iter().zip(keep) {
                taken |= m & !k;
            }
        }
        if taken != 0 {
            self.restrict_all(|b, d| other[b][d]);
        }
    }

    /// Rows, blocks and columns for every stale subband, until none is stale.
    #[inline(always)]
    pub(super) fn update<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        loop {
            let any = self.stale.iter().fold(0, |any, s| any | s);
            if any == 0 {
                return Ok(());
            }
            let d = any.trailing_zeros() as usize;
            let mut bands = 0;
            for (b, stale) in self.stale.iter_mut().enumerate() {
                bands |= (*stale >> d & 1) << b;
                *stale &= !(1 << d);
            }
            let mut offered = self.offered[d];
            self.touched |= bands;
            while bands != 0 {
                let b = bands.trailing_zeros() as usize;
                bands &= bands - 1;
                // The union of permutations is one: looking again finds the same, so the
                // subband is not stale after this.
                let mut m = self.masks[b][d];
                let minirows = quintets::<V3>(m);
                if minirows != self.minirows[b][d] {
                    let kept = matching(minirows);
                    if kept != minirows {
                        if kept == 0 {
                            return Err(Contradiction);
                        }
                        m &= fill_quintets::<V3>(kept);
                        self.masks[b][d] = m;
                    }
                    self.minirows[b][d] = kept;
                }
                let solved = lone_cells(m) & self.unsolved[b];
                if solved != 0 {
                    self.unsolved[b] &= !solved;
                    self.clear::<V3>(b, solved, d);
                }
                offered = offer(offered, b, m);
            }
            // The stacks: band b offers the columns in lane b; stack s is the 5×5 matrix
            // band × column of its five columns, and needs a permutation too. What the
            // last look kept was a union of permutations: only a stack that lost something
            // since can lose more.
            let changed = offered ^ self.offered[d];
            if changed == 0 {
                continue;
            }
            let mut allowed = offered;
            for (s, &columns) in STACK.iter().enumerate() {
                if changed & columns == 0 {
                    continue;
                }
                let m = stack::<V3>(offered, s);
                let k = matching(m);
                if k == 0 {
                    return Err(Contradiction);
                }
                if k != m {
                    allowed = allowed & !columns | unstack::<V3>(k, s);
                }
            }
            self.offered[d] = allowed;
            if allowed == offered {
                // Every stack keeps all it offers (the usual case): nothing to take.
                continue;
            }
            for b in 0..5 {
                self.restrict(d, b, every_row((allowed >> (25 * b)) as u32 & ROW as u32));
            }
        }
    }

    /// Places every cell that has one candidate left; fails on a cell with none. Returns
    /// whether anything was placed.
    #[inline(always)]
    pub(super) fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        let mut bands = std::mem::take(&mut self.touched);
        while bands != 0 {
            let b = bands.trailing_zeros() as usize;
            bands &= bands - 1;
            let (one, two) = count_to_two(&self.masks[b]);
            if one != ALL {
                return Err(Contradiction);
            }
            // A placement in this or an earlier band can take a counted cell's last
            // candidate: then `settle_singles` fails, as it should.
            let singles = one & !two & self.unsolved[b];
            placed |= self.settle_singles(b, singles)?;
        }
        Ok(placed)
    }

    /// Propagates to a fixed point; `V3` says whether the code runs compiled for x86-64-v3
    /// (see [`TwentyFive::run`](super::search::TwentyFive::run)).
    #[inline(always)]
    pub(super) fn propagate<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        loop {
            self.update::<V3>()?;
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    pub(super) fn solved(&self) -> bool {
        self.unsolved == [0; 5]
    }

    /// The solution, row-major digits 1..=25, digit d of the state being `names[d]` + 1 of the
    /// puzzle.
    pub(super) fn grid(&self, names: &[u8; 25]) -> Vec<u8> {
        grid(&self.masks, names)
    }
}
