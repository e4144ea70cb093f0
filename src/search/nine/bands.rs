//! [`Bands`]: the state of a 9×9 search (each digit's candidates as three 27-bit bands) and
//! its propagation, with the [`Relations`] of an inequality puzzle.

use crate::contradiction::Contradiction;
use crate::geometry::Cell;
use crate::puzzle::Puzzle;

use super::bits::*;

/// A set of cells as three band masks.
pub(super) type Cells = [u32; 3];

/// The relations of an inequality puzzle as cell masks, by direction of the neighbour:
/// right, left, below, above.
#[derive(Clone, Copy, Default)]
pub(super) struct Relations {
    /// `bigger[k]`: cells whose neighbour in direction k is smaller than they are.
    pub(super) bigger: [Cells; 4],
    /// `smaller[k]`: cells whose neighbour in direction k is larger than they are.
    pub(super) smaller: [Cells; 4],
}

impl Relations {
    pub(super) fn of(puzzle: &Puzzle) -> Relations {
        let mut relations = Relations::default();
        let at = |c: Cell| {
            let (r, col) = (c.row as usize, c.col as usize);
            (r / 3, 1u32 << (9 * (r % 3) + col))
        };
        for r in puzzle.relations() {
            let (s, l) = (r.smaller, r.larger);
            // The direction from one cell to the other: 0 right, 1 left, 2 below, 3 above.
            let from_smaller = match (l.row.cmp(&s.row), l.col.cmp(&s.col)) {
                (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => 0,
                (std::cmp::Ordering::Equal, _) => 1,
                (std::cmp::Ordering::Greater, _) => 2,
                _ => 3,
            };
            let from_larger = from_smaller ^ 1;
            let (b, bit) = at(s);
            relations.smaller[from_smaller][b] |= bit;
            let (b, bit) = at(l);
            relations.bigger[from_larger][b] |= bit;
        }
        relations
    }

    /// `x` moved so that each cell sees its neighbour's bit in direction `k` (bits that
    /// wrap to another row or leave the band fall on cells without a neighbour there, which
    /// the direction's masks leave out). Plain 32-bit shifts: as cheap in wasm as natively.
    #[inline(always)]
    pub(super) fn neighbour(x: Cells, k: usize) -> Cells {
        match k {
            0 => x.map(|m| m >> 1),
            1 => x.map(|m| m << 1),
            2 => [
                x[0] >> 9 | (x[1] & ROW) << 18,
                x[1] >> 9 | (x[2] & ROW) << 18,
                x[2] >> 9,
            ],
            _ => [x[0] << 9, x[1] << 9 | x[0] >> 18, x[2] << 9 | x[1] >> 18],
        }
    }

    /// The cells where digit `d` may stay given the others' digits: `below` holds the cells
    /// with some candidate smaller than `d`, `above` those with some candidate larger.
    #[inline(always)]
    pub(super) fn allowed(&self, below: Cells, above: Cells) -> Cells {
        let mut keep = [ALL; 3];
        for k in 0..4 {
            let (low, high) = (Self::neighbour(below, k), Self::neighbour(above, k));
            for b in 0..3 {
                keep[b] &= (!self.bigger[k][b] | low[b]) & (!self.smaller[k][b] | high[b]);
            }
        }
        keep
    }
}

/// The state of a 9×9 search: small and `Copy`, copied on branch.
#[derive(Clone, Copy)]
pub(super) struct Bands {
    /// `masks[d][b]`: cells of band b where digit d+1 is possible.
    pub(super) masks: [[u32; 3]; 9],
    /// `seen[d][b]`: the mask last propagated (a subband is stale when it differs).
    pub(super) seen: [[u32; 3]; 9],
    /// Unsolved cells of each band.
    pub(super) unsolved: [u32; 3],
    /// Cells with exactly two candidates, per band, from the last naked-singles pass.
    pub(super) pairs: [u32; 3],
}

impl Bands {
    pub(super) fn new() -> Bands {
        Bands {
            masks: [[ALL; 3]; 9],
            seen: [[0; 3]; 9],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        }
    }

    /// The grid with `givens` (row-major, 0 for empty) placed: each given cell keeps its
    /// digit alone and the rest of its band row loses it; [`Bands::update`] does the rest.
    /// Fails on two equal givens in a row.
    pub(super) fn with_givens(givens: &[u8]) -> Result<Bands, Contradiction> {
        let mut state = Bands::new();
        // `own[d]`: the cells given digit d. The given cells leave the other digits once, at
        // the end (no two givens share a cell, so the check below never depends on that).
        let mut own = [[0u32; 3]; 9];
        // By band, row and column rather than by cell index: no division per cell.
        for (b, band) in givens.chunks_exact(27).take(3).enumerate() {
            let (n1, n2) = NEIGHBOURS[b];
            for (r, row) in band.chunks_exact(9).enumerate() {
                // The row's given columns as bits, and only those visited: a branch per cell
                // on whether it is given mispredicts about once per given (kaggle: 4% less
                // time natively, 3% in wasm; serg, 35 givens a puzzle: 0.5% more natively,
                // 0–2% in wasm).
                let w = u64::from_le_bytes(row[..8].try_into().unwrap_or_default());
                const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
                // Bit 7 of each non-zero byte, gathered into the top byte by the multiply.
                let nonzero = (((w & LOW7) + LOW7) | w) & !LOW7;
                let mut cols = ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
                    | ((row[8] != 0) as u32) << 8;
                while cols != 0 {
                    let c = cols.trailing_zeros() as usize;
                    cols &= cols - 1;
                    let g = row[c];
                    if g > 9 {
                        continue;
                    }
                    let (d, at) = (g as usize - 1, 9 * r + c);
                    let bit = 1u32 << at;
                    if state.masks[d][b] & bit == 0 {
                        return Err(Contradiction);
                    }
                    // The cell's row, block and column lose this digit.
                    let column = column_cells(1 << c);
                    let masks = &mut state.masks[d];
                    masks[b] &= !ROW_AND_BLOCK[at];
                    masks[n1] &= !column;
                    masks[n2] &= !column;
                    own[d][b] |= bit;
                    state.unsolved[b] &= !bit;
                }
            }
        }
        for (masks, own) in state.masks.iter_mut().zip(&own) {
            for b in 0..3 {
                masks[b] = masks[b] & state.unsolved[b] | own[b];
            }
        }
        Ok(state)
    }

    /// Fixes digit `d` (0-based), still possible at `bit` of band `b`, there: the rest of its
    /// band row loses the digit. The cell's other digits leave at the next update, which sees
    /// the band row down to one cell.
    #[inline(always)]
    pub(super) fn fix(&mut self, d: usize, b: usize, bit: u32) {
        debug_assert!(self.masks[d][b] & bit != 0);
        let row = ROW << (9 * (bit.trailing_zeros() / 9));
        self.masks[d][b] &= !(row & !bit);
    }

    /// Rows, blocks and columns for every stale subband, until none is stale; then columns
    /// that one band alone offers, and again while that finds something.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn update(&mut self) -> Result<(), Contradiction> {
        // Always all ones, but opaque to the optimizer: tested with each subband (LLVM makes
        // it one test per digit), it changes how LLVM lays out the 27 unrolled checks (fewer
        // spills): 3–5% fewer instructions and 2–4% less time natively on every bench9 set.
        // (The `sudoku` crate's hot loop carries the same kind of always-true condition,
        // `requirement_for_weird_optimization`.)
        let gate = std::hint::black_box(u32::MAX);
        loop {
            // Digits whose masks changed since the column claims last looked.
            let mut claims: u32 = 0;
            loop {
                // Digits that changed in this round. (Set by each subband that changed, not
                // or-ed from a flag per subband: no value to merge where a subband is skipped,
                // 2–4% faster natively and 4–9% in wasm.)
                let mut round: u32 = 0;
                macro_rules! digit {
                    ($d:literal) => {
                        self.subband::<$d, 0>(gate, &mut round)?;
                        self.subband::<$d, 1>(gate, &mut round)?;
                        self.subband::<$d, 2>(gate, &mut round)?;
                    };
                }
                digit!(0);
                digit!(1);
                digit!(2);
                digit!(3);
                digit!(4);
                digit!(5);
                digit!(6);
                digit!(7);
                digit!(8);
                if round == 0 {
                    break;
                }
                claims |= round;
            }
            if claims == 0
                || self.unsolved[0].count_ones()
                    + self.unsolved[1].count_ones()
                    + self.unsolved[2].count_ones()
                    < CLAIM_MIN_OPEN
            {
                return Ok(());
            }
            let mut changed = false;
            while claims != 0 {
                let d = claims.trailing_zeros() as usize;
                claims &= claims - 1;
                changed |= self.claim(d)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Rows, blocks and pointing columns for digit `D` in band `B`, if it changed since the
    /// last look (and `gate` has bit D, as it always has); if it did, bit D of `changed` is set.
    #[inline(always)]
    pub(super) fn subband<const D: usize, const B: usize>(
        &mut self,
        gate: u32,
        changed: &mut u32,
    ) -> Result<(), Contradiction> {
        if gate >> D & 1 == 0 || self.masks[D][B] == self.seen[D][B] {
            return Ok(());
        }
        *changed |= 1 << D;
        let m = self.masks[D][B];
        let minirows = SHRINK[(m & ROW) as usize] as usize
            | (SHRINK[(m >> 9 & ROW) as usize] as usize) << 3
            | (SHRINK[(m >> 18 & ROW) as usize] as usize) << 6;
        let m = m & matching_cells(minirows);
        if m == 0 {
            return Err(Contradiction);
        }
        self.masks[D][B] = m;
        self.seen[D][B] = m;
        // Columns pointing out of the band.
        let keep = pointing_keep(m);
        let (n1, n2) = NEIGHBOURS[B];
        self.masks[D][n1] &= keep;
        self.masks[D][n2] &= keep;
        // Band rows down to one cell: the digit is placed there.
        let solved = lone_cells(m) & self.unsolved[B];
        // Mostly nothing new is solved, but a branch on it mispredicts more than the nine
        // read-modify-writes cost: natively (kaggle +10% time with it) and, since the subband
        // checks were laid out for fewer spills, in wasm too (kaggle +11%, 17-clue +8%; serg
        // 1% less).
        self.unsolved[B] &= !solved;
        for (d, masks) in self.masks.iter_mut().enumerate() {
            if d != D {
                masks[B] &= !solved;
            }
        }
        Ok(())
    }

    /// Columns of digit `d` that only one band still offers: the band takes the digit there.
    /// Returns whether a candidate left.
    #[inline(always)]
    pub(super) fn claim(&mut self, d: usize) -> Result<bool, Contradiction> {
        let masks = &mut self.masks[d];
        let cols = masks.map(|m| (m | m >> 9 | m >> 18) & ROW);
        if cols[0] | cols[1] | cols[2] != ROW {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (b, &(n1, n2)) in NEIGHBOURS.iter().enumerate() {
            let only = cols[b] & !cols[n1] & !cols[n2];
            let kept = masks[b] & CLAIM_KEEP[only as usize];
            changed |= kept != masks[b];
            masks[b] = kept;
        }
        Ok(changed)
    }

    /// Places every cell that has one candidate left; fails on a cell with none. Records the
    /// two-candidate cells for branching. Returns whether anything was placed.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        // One band at a time, each with its band fixed at compile time: in wasm, V8 otherwise
        // computes and spills an address per digit.
        Ok(self.naked_singles_in::<0>()?
            | self.naked_singles_in::<1>()?
            | self.naked_singles_in::<2>()?)
    }

    /// [`Bands::naked_singles`] in band `B`.
    #[inline(always)]
    pub(super) fn naked_singles_in<const B: usize>(&mut self) -> Result<bool, Contradiction> {
        let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let m = self.masks[d][B];
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        if one != ALL {
            return Err(Contradiction);
        }
        self.pairs[B] = two & !three;
        let mut singles = one & !two & self.unsolved[B];
        let placed = singles != 0;
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            let d = (0..9)
                .find(|&d| self.masks[d][B] & bit != 0)
                .ok_or(Contradiction)?;
            self.fix(d, B, bit);
        }
        Ok(placed)
    }

    /// Bounds on every relation, once over all digits. Returns whether a candidate left.
    pub(super) fn relations(&mut self, relations: &Relations) -> bool {
        // above[d]: cells with a candidate larger than digit d.
        let mut above = [[0u32; 3]; 9];
        for d in (0..8).rev() {
            let (next, masks) = (above[d + 1], self.masks[d + 1]);
            above[d] = [next[0] | masks[0], next[1] | masks[1], next[2] | masks[2]];
        }
        let mut below = [0u32; 3];
        let mut changed = false;
        for (masks, above) in self.masks.iter_mut().zip(&above) {
            let keep = relations.allowed(below, *above);
            let old = *masks;
            for b in 0..3 {
                masks[b] &= keep[b];
                below[b] |= masks[b];
            }
            changed |= *masks != old;
        }
        changed
    }

    /// Propagates to a fixed point, with the relations of an inequality puzzle if any.
    /// Inlined natively, as are the steps below, so that the x86-64-v3 copy of the search
    /// ([`super::search::Nine::search_v3`]) compiles them for its instruction set.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn propagate(&mut self, relations: Option<&Relations>) -> Result<(), Contradiction> {
        loop {
            self.update()?;
            if let Some(relations) = relations {
                if self.relations(relations) {
                    continue;
                }
            }
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    pub(super) fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on: of the two-candidate cells, the one with the most open peers
    /// (the first of them), else a three-candidate cell, else the first unsolved one.
    ///
    /// The open peers: a branch there places a digit that the most open cells must then
    /// avoid, so propagation goes furthest on both sides (the "most constraining" rule
    /// beside the "most constrained" one). Against the first two-candidate cell in band
    /// order, guesses per puzzle: forum 1106 570 → 282, top1465 38 → 21, 17-clue 2.6 → 1.4;
    /// time −34% (forum 1106) to −10% (kaggle) at ~10 word operations per two-candidate cell,
    /// but +13% on serg, whose guesses it does not change (BENCHMARKS.md).
    #[inline(always)]
    pub(super) fn branch_cell(&self) -> Option<(usize, u32)> {
        // The best as (open peers, 127 − 27·band − cell): the largest wins, the first among
        // equals, without a branch on the data (which cell wins is anybody's guess, and
        // mispredicted branches cost more than the counting). 0 while there is none.
        let mut best = 0;
        for (b, &(n1, n2)) in NEIGHBOURS.iter().enumerate() {
            let mut pairs = self.pairs[b] & self.unsolved[b];
            // The other bands' open cells, one per half of a word: a column's open cells
            // there in one count.
            let others = u64::from(self.unsolved[n1]) | u64::from(self.unsolved[n2]) << 32;
            while pairs != 0 {
                let at = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let peers = (self.unsolved[b] & ROW_AND_BLOCK[at]).count_ones()
                    + (others & COLUMN_TWICE[at]).count_ones();
                best = best.max(peers << 7 | (127 - 27 * b - at) as u32);
            }
        }
        if best != 0 {
            let cell = 127 - (best & 127) as usize;
            return Some((cell / 27, 1 << (cell % 27)));
        }
        // No two-candidate cell (rare, early in hard puzzles): one with three if any.
        for b in 0..3 {
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let m = self.masks[d][b];
                four |= three & m;
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            let m = three & !four & self.unsolved[b];
            if m != 0 {
                return Some((b, m & m.wrapping_neg()));
            }
        }
        (0..3).find(|&b| self.unsolved[b] != 0).map(|b| {
            let m = self.unsolved[b];
            (b, m & m.wrapping_neg())
        })
    }

    /// The solution, row-major digits 1..=9: in a solved grid each digit holds exactly one
    /// cell of each band row, found without a loop.
    pub(super) fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0u8; 81];
        for (d, masks) in self.masks.iter().enumerate() {
            for (b, &mask) in masks.iter().enumerate() {
                for r in 0..3 {
                    debug_assert_eq!((mask >> (9 * r) & ROW).count_ones(), 1);
                    // (The sentinel bit keeps the column in range for any mask.)
                    let col = (mask >> (9 * r) & ROW | 1 << 8).trailing_zeros() as usize;
                    grid[27 * b + 9 * r + col] = d as u8 + 1;
                }
            }
        }
        grid
    }
}
