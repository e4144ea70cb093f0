//! The 16×16 classic fast path: every digit's candidates as four 64-bit band masks, with the
//! row, block and column reasoning done by bit operations and one permutation table. Used by
//! `solve` when nothing is traced; the general engine (`propagate.rs`) stays the reference
//! and the traced path, and the differential tests hold the two to the same answers.
//!
//! ```text
//! band b = rows 4b..4b+3                 bit of cell (r, c) in its band: 16·(r mod 4) + c
//!          ┌ col 0 … 3 │ 4 … 7 │ 8 … 11 │ 12 … 15 ┐
//!  row 4b  │   0 … 3   │ 4 … 7 │ 8 … 11 │ 12 … 15 │   minirow (r, x): row r of the band ∩
//!  row 4b+1│  16 …     │       │        │      31 │   block x, 4 cells (a nibble); the band
//!  row 4b+2│  32 …     │       │        │      47 │   condenses to 16 minirow bits, bit 4r + x
//!  row 4b+3│  48 …     │       │        │      63 │
//! masks[b][d]: the cells of band b where digit d+1 is still possible
//! ```
//!
//! Reasoning, per digit, all to a fixed point:
//! - **rows and blocks** (per band): the digit sits once in each row and once in each block
//!   of the band, so its four minirows form a permutation (row → block). [`MATCHING`] gives,
//!   for any set of possible minirows, the minirows that belong to some permutation; the
//!   others go. This is hidden singles in blocks and locked candidates both ways (and
//!   their pairs and triples), in one lookup.
//! - **columns and blocks** (per stack of four columns): the same, turned: the digit sits
//!   once in each band of the stack and once in each of its columns, so the band → column
//!   choices form a permutation too. The columns each band still offers, transposed as a
//!   4×4 matrix of nibbles, index the same table.
//! - **solved cells**: a band row down to one cell places the digit there; the cell leaves
//!   every other digit.
//!
//! Then naked singles across digits (bit-sliced counting). Every node then probes
//! ([`Sixteen::lookahead`]): each candidate of each open cell is tried on a copy and
//! propagated; a failed trial removes its candidate, and what no trial of a cell (or of a
//! digit in a block) kept is removed too — with bit boards the union of trials is a few
//! dozen ORs. Blocks are probed tightest first (fewest candidates per open cell, as the
//! state stands when the previous block is done): there the trials fail or remove the most,
//! and the earlier the state shrinks, the cheaper and stronger the rest of the round. A
//! candidate that an earlier trial placed, the state unchanged since, is not tried: its
//! trial keeps at least what that one kept, so it cannot fail, and in the unions the
//! placement alone (unpropagated) stands in for it — 14–18% fewer trials, the cheap ones.
//! The hard public puzzles need ~2000 nodes of plain search; singleton consistency settles
//! most of them at the root within the first round, in a median of ~500 trials (~245 for
//! the generated ones). Only a loose grid (many candidates, nothing refuted yet, such as
//! an empty one) branches without probing, on the cell with the fewest candidates.
//!
//! Trials are most of the time, and in a trial most of it is [`Bands::update`]; the
//! updates that depend on data (which digits a solved cell takes, whether a subband loses
//! something) are branch-free, since mispredictions cost more there than the work. The
//! order of its looks matters too: it takes the lowest stale digit first, and the digits are
//! renamed at the root, fewest candidates first ([`Bands::rename_digits`]), so the
//! constrained ones go first; solutions are named back on the way out.
//!
//! On x86-64 CPUs with AVX2 and BMI2 (detected at run time), propagation runs a copy compiled
//! for them ([`Bands::propagate`]): the minirow gather is one `pext`, and the masks are stored
//! band-major so that clearing a solved cell from sixteen digits takes four vector steps.

use crate::puzzle::{Kind, Puzzle};

use super::{End, Options, Outcome, Stats};

/// Every cell of a band.
const ALL: u64 = u64::MAX;
/// One row of a band (the row's lane: 16 bits).
const ROW: u64 = 0xFFFF;
/// The lowest bit of each row's lane.
const LANES: u64 = 0x0001_0001_0001_0001;
/// The highest bit of each row's lane.
const LANE_TOPS: u64 = 0x8000_8000_8000_8000;
/// The first cell of every minirow: bit 16r + 4x = 4·(4r + x).
const NIBBLE_FIRSTS: u64 = 0x1111_1111_1111_1111;

/// The 16-bit set of the non-empty nibbles of `m`: bit k ⇔ bits 4k..4k+3 of `m` not all 0.
/// Of a band mask, its minirows (bit 4r + x).
#[inline]
const fn nibbles(m: u64) -> u16 {
    let mut t = m | m >> 1;
    t = (t | t >> 2) & NIBBLE_FIRSTS;
    // Within each 16-bit lane, the flags at bits 0, 4, 8, 12 gather at bits 12..15: flag k
    // times bit 12 − 3k of the multiplier lands on bit 12 + k, and the other 12 products all
    // land on bits of their own (no two collide, so nothing carries).
    t = t.wrapping_mul(0x1248) >> 12 & 0x000F_000F_000F_000F;
    t = (t | t >> 12) & 0x0000_00FF_0000_00FF;
    (t | t >> 24) as u16
}

/// [`nibbles`], by the BMI2 gather in code compiled for x86-64-v3 (`V3`: see
/// [`Bands::propagate`]).
#[inline(always)]
fn minirows<const V3: bool>(m: u64) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        let t = m | m >> 1;
        // SAFETY: `V3` is true only inside `Bands::propagate_v3`, which runs only where the
        // CPU has AVX2 and BMI2.
        return unsafe { std::arch::x86_64::_pext_u64(t | t >> 2, NIBBLE_FIRSTS) } as u16;
    }
    nibbles(m)
}

/// [`fill_nibbles`], by the BMI2 scatter in code compiled for x86-64-v3, as [`minirows`].
#[inline(always)]
fn fill_minirows<const V3: bool>(set: u16) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: as in `minirows`.
        return unsafe { std::arch::x86_64::_pdep_u64(set as u64, NIBBLE_FIRSTS) } * 0xF;
    }
    fill_nibbles(set)
}

/// Takes `cells` from all sixteen masks of a band; returns, as stale bits of band 0 (bit 4d
/// for `masks[d]`), those that lose something. Compiled for x86-64-v3 (`V3`), four masks
/// per instruction.
#[inline(always)]
fn take<const V3: bool>(masks: &mut [u64; 16], cells: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        use std::arch::x86_64::*;
        let mut hits = 0;
        // SAFETY: `V3` is true only inside `Bands::propagate_v3`, which runs only where the
        // CPU has AVX2 and BMI2; the four unaligned loads and stores stay inside `masks`.
        unsafe {
            let cells = _mm256_set1_epi64x(cells as i64);
            for (k, quad) in masks.chunks_exact_mut(4).enumerate() {
                let at = quad.as_mut_ptr() as *mut __m256i;
                let m = _mm256_loadu_si256(at);
                let kept = _mm256_cmpeq_epi64(_mm256_and_si256(m, cells), _mm256_setzero_si256());
                let lost = _mm256_movemask_pd(_mm256_castsi256_pd(kept)) as u32 ^ 0xF;
                hits |= lost << (4 * k);
                _mm256_storeu_si256(at, _mm256_andnot_si256(cells, m));
            }
            return _pdep_u64(hits as u64, NIBBLE_FIRSTS);
        }
    }
    let mut stale = 0;
    for (d, mask) in masks.iter_mut().enumerate() {
        let m = *mask;
        stale |= u64::from(m & cells != 0) << (4 * d);
        *mask = m & !cells;
    }
    stale
}

/// The inverse spread of [`nibbles`]: every set bit k becomes the full nibble 4k..4k+3.
#[inline]
const fn fill_nibbles(set: u16) -> u64 {
    let mut t = set as u64;
    t = (t | t << 24) & 0x0000_00FF_0000_00FF;
    t = (t | t << 12) & 0x000F_000F_000F_000F;
    t = (t | t << 6) & 0x0303_0303_0303_0303;
    t = (t | t << 3) & NIBBLE_FIRSTS;
    t * 0xF
}

/// Transposes a 4×4 matrix of nibbles, nibble (i, j) at bits 16i + 4j, by two delta swaps:
/// the off-diagonal 2×2 blocks trade places, then each 2×2 block turns.
#[inline]
const fn transpose(x: u64) -> u64 {
    let t = (x ^ x >> 24) & 0x0000_0000_FF00_FF00;
    let x = x ^ t ^ t << 24;
    let t = (x ^ x >> 12) & 0x0000_F0F0_0000_F0F0;
    x ^ t ^ t << 12
}

/// The 16-bit set of columns a band mask offers (the union of its rows).
#[inline]
const fn columns(m: u64) -> u64 {
    (m | m >> 16 | m >> 32 | m >> 48) & ROW
}

/// The cells of `m` alone in their row. `m` must have no empty row (then subtracting 1
/// from each lane borrows nothing across lanes).
#[inline]
const fn lone_cells(m: u64) -> u64 {
    let rest = m & m.wrapping_sub(LANES);
    let nonzero = ((rest & !LANE_TOPS).wrapping_add(!LANE_TOPS) | rest) & LANE_TOPS;
    let lone = (!nonzero & LANE_TOPS) >> 15;
    m & lone.wrapping_mul(ROW)
}

/// For every 4×4 bit matrix (bit 4i + j ⇔ row i may take column j), the union of the
/// permutations (one column per row, one row per column) inside it: the entries that some
/// permutation uses. 0 when there is none. Built by giving each of the 24 permutations to
/// each of its 4096 supersets.
static MATCHING: [u16; 1 << 16] = {
    let mut table = [0u16; 1 << 16];
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c {
                    let perm: u32 = 1 << a | 1 << (4 + b) | 1 << (8 + c) | 1 << (12 + d);
                    let others = !perm & 0xFFFF;
                    let mut sub = others;
                    loop {
                        table[(sub | perm) as usize] |= perm as u16;
                        if sub == 0 {
                            break;
                        }
                        sub = (sub - 1) & others;
                    }
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// Candidates as band masks: `[b][d]` holds the cells of band b where digit d+1 may go.
type Masks = [[u64; 16]; 4];

/// Why propagation stopped short.
struct Contradiction;

/// The state of a 16×16 search: `Copy`, copied on branch.
#[derive(Clone, Copy)]
struct Bands {
    /// `masks[b][d]`: cells of band b where digit d+1 is possible. Band-major: a placement
    /// clears one cell from sixteen neighbouring words, which vector registers do at once.
    masks: Masks,
    /// Bit 4d + b: `masks[b][d]` changed since [`Bands::update`] last looked at it. Every
    /// write goes through [`Bands::restrict`] or sets it.
    stale: u64,
    /// `offered[d]`: the columns each band offers digit d+1 (lane b, bit c), as of the last
    /// look at the digit's stacks; lanes are refreshed as their subbands are looked at.
    offered: [u64; 16],
    /// Unsolved cells of each band.
    unsolved: [u64; 4],
}

impl Bands {
    fn new() -> Bands {
        Bands {
            masks: [[ALL; 16]; 4],
            stale: ALL,
            offered: [ALL; 16],
            unsolved: [ALL; 4],
        }
    }

    /// Keeps only `keep` of digit `d`'s candidates in band `b`, marking the subband stale
    /// when that removes something.
    #[inline(always)]
    fn restrict(&mut self, d: usize, b: usize, keep: u64) {
        // Branch-free: whether something goes is data, and a mispredicted branch costs more.
        let m = self.masks[b][d];
        self.masks[b][d] = m & keep;
        self.stale |= u64::from(m & !keep != 0) << (4 * d + b);
    }

    /// Takes `cells` of band `b` from every digit but `d` (which keeps its candidates),
    /// marking the subbands that lose something stale. Branch-free: which digits lose a
    /// cell is data, and mispredicted branches cost more than the sixteen masks.
    #[inline(always)]
    fn clear<const V3: bool>(&mut self, b: usize, cells: u64, d: usize) {
        let keep = self.masks[b][d];
        let stale = take::<V3>(&mut self.masks[b], cells);
        self.masks[b][d] = keep;
        self.stale |= (stale & !(1 << (4 * d))) << b;
    }

    /// Keeps only the candidates that `other` keeps too.
    fn intersect(&mut self, other: &Masks) {
        // Mostly nothing goes: a straight pass (vector registers) says so first.
        let mut taken = [0u64; 4];
        for (masks, keep) in self.masks.iter().zip(other) {
            for d in 0..16 {
                taken[d % 4] |= masks[d] & !keep[d];
            }
        }
        if taken == [0; 4] {
            return;
        }
        for (b, keep) in other.iter().enumerate() {
            for (d, &keep) in keep.iter().enumerate() {
                self.restrict(d, b, keep);
            }
        }
    }

    /// Fixes digit `d` (0-based) at `bit` of band `b`: the cell loses every other digit, the
    /// digit leaves the rest of the cell's row, block and column.
    #[inline]
    fn place(&mut self, d: usize, b: usize, bit: u64) -> Result<(), Contradiction> {
        if self.masks[b][d] & bit == 0 {
            return Err(Contradiction);
        }
        self.clear::<false>(b, bit, d);
        self.settle(d, b, bit);
        Ok(())
    }

    /// The digit's side of [`Bands::place`]: `d` leaves the rest of the row, block and
    /// column of the cell at `bit` of band `b`, which it must hold and which the other
    /// digits must have left.
    #[inline(always)]
    fn settle(&mut self, d: usize, b: usize, bit: u64) {
        let at = bit.trailing_zeros();
        let row = ROW << (at & !15);
        let column = LANES << (at & 15);
        let block = (0xF << (at & 12)) * LANES;
        for other in 0..4 {
            let keep = if other == b { !(row | block) } else { !column };
            self.restrict(d, other, keep);
        }
        self.masks[b][d] |= bit;
        self.unsolved[b] &= !bit;
    }

    /// Rows, blocks and columns for every stale subband, until none is stale.
    #[inline(always)]
    fn update<const V3: bool>(&mut self) -> Result<(), Contradiction> {
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
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
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
            // `find` below fails, as it should.
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
    fn propagate(&mut self) -> Result<(), Contradiction> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            // SAFETY: the CPU has what `propagate_v3` is compiled for (just checked).
            return unsafe { self.propagate_v3() };
        }
        self.fixpoint::<false>()
    }

    /// [`Bands::fixpoint`] compiled for x86-64 with AVX2 and BMI2 (the `x86-64-v3` level).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn propagate_v3(&mut self) -> Result<(), Contradiction> {
        self.fixpoint::<true>()
    }

    /// Propagates to a fixed point; `V3` says whether the code runs with AVX2 and BMI2 (only
    /// in [`Bands::propagate_v3`]).
    #[inline(always)]
    fn fixpoint<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        loop {
            self.update::<V3>()?;
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    /// The solution, row-major digits 1..=16, digit d of the state being `names[d]` + 1 of the
    /// puzzle.
    fn grid(&self, names: &[u8; 16]) -> Vec<u8> {
        let mut grid = vec![0u8; 256];
        for (b, masks) in self.masks.iter().enumerate() {
            for (d, &mask) in masks.iter().enumerate() {
                let mut m = mask;
                while m != 0 {
                    let bit = m.trailing_zeros() as usize;
                    m &= m - 1;
                    grid[64 * b + bit] = names[d] + 1;
                }
            }
        }
        grid
    }
}

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
struct Sixteen {
    options: Options,
    /// `names[d]`: the puzzle's digit (0-based) that the search calls d.
    names: [u8; 16],
    stats: Stats,
    solutions: Vec<Vec<u8>>,
    /// What ends the search: [`End::Exhausted`] unless a limit stops it first.
    end: End,
}

/// Candidates above which a grid with no refutation yet is not probed. The sixteen sets
/// start at 558–1093 after propagation, where probing pays from the root; an empty grid has
/// 4096, where it costs thousands of trials per node and finds nothing to refute (there the
/// search branches until the grid tightens or a branch fails).
const PROBE_CANDIDATES: u32 = 1400;

/// The cells of each block in turn, block 4·band + stack at 16·block: (band, bit).
const BLOCK_ORDER: [(usize, u64); 256] = {
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
fn renewed(
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
fn keep_trial(
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
fn or_into(into: &mut Masks, from: &Masks) {
    for (u, t) in into.iter_mut().zip(from) {
        for (u, t) in u.iter_mut().zip(t) {
            *u |= t;
        }
    }
}

/// What lookahead leaves: the state is solved, or the branch to take, or the node limit
/// stopped it.
enum Lookahead {
    Solved,
    Branch(usize, u64),
    Stopped,
}

impl Bands {
    /// The candidates of the cell at `bit` of band `b`, bit d for digit d+1.
    fn digits(&self, b: usize, bit: u64) -> u32 {
        let at = bit.trailing_zeros();
        let mut digits = 0;
        for (d, mask) in self.masks[b].iter().enumerate() {
            digits |= ((mask >> at & 1) as u32) << d;
        }
        digits
    }

    /// The open cell with the fewest candidates (the first of them), by bit-sliced counting
    /// across digits; `(0, 0)` when every cell is placed.
    fn fewest(&self) -> (usize, u64) {
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
    fn tightest_block(&self, among: u16) -> usize {
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
    fn rename_digits(&mut self) -> [u8; 16] {
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
    fn candidates(&self) -> u32 {
        self.masks.iter().flatten().map(|m| m.count_ones()).sum()
    }
}

impl Sixteen {
    fn stopped(&self) -> bool {
        self.end != End::Exhausted
    }

    fn found(&mut self, state: &Bands) {
        self.stats.solutions += 1;
        if self.solutions.len() < 2 {
            self.solutions.push(state.grid(&self.names));
        }
        if self.stats.solutions >= self.options.solution_limit {
            self.end = End::Solutions;
        }
    }

    /// A trial in `trial`: `state` with `d` at `bit` of band `b`, propagated; false when it
    /// fails. `digits` are the cell's candidates (bit d for digit d+1), `d` among them.
    fn probe(
        &mut self,
        state: &Bands,
        trial: &mut Bands,
        (d, digits): (usize, u32),
        b: usize,
        bit: u64,
    ) -> bool {
        self.stats.probes += 1;
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
    /// not tried (see the module docs). Then [`Sixteen::choose`] picks the branch.
    #[inline(never)]
    fn lookahead(&mut self, state: &mut Bands) -> Result<Lookahead, Contradiction> {
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
            while quiet < 256 {
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
                        if self.stats.work() >= self.options.node_limit {
                            self.end = End::Limit;
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
    fn choose(&mut self, state: &mut Bands) -> Result<Option<Lookahead>, Contradiction> {
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
                if self.stats.work() >= self.options.node_limit {
                    self.end = End::Limit;
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

    fn search(&mut self, mut state: Bands) {
        if self.stopped() {
            return;
        }
        if self.stats.work() >= self.options.node_limit {
            self.end = End::Limit;
            return;
        }
        self.stats.nodes += 1;
        if state.propagate().is_err() {
            self.stats.contradictions += 1;
            return;
        }
        if state.solved() {
            self.found(&state);
            return;
        }
        if self.stats.backtracks == 0 && state.candidates() > PROBE_CANDIDATES {
            // A loose grid with nothing refuted yet: probing would try thousands of
            // candidates for little; branch on the fewest candidates.
            let (b, bit) = state.fewest();
            return self.branch(state, b, bit);
        }
        let (b, bit) = match self.lookahead(&mut state) {
            Err(Contradiction) => {
                self.stats.contradictions += 1;
                return;
            }
            Ok(Lookahead::Solved) => {
                self.found(&state);
                return;
            }
            Ok(Lookahead::Stopped) => return,
            Ok(Lookahead::Branch(b, bit)) => (b, bit),
        };
        self.branch(state, b, bit);
    }

    /// Tries each candidate of the cell at `bit` of band `b` in turn; a refuted one leaves
    /// the cell.
    fn branch(&mut self, mut state: Bands, b: usize, bit: u64) {
        for d in 0..16 {
            if state.masks[b][d] & bit == 0 {
                continue;
            }
            let mut child = state;
            self.stats.guesses += 1;
            if child.place(d, b, bit).is_ok() {
                self.search(child);
            }
            if self.stopped() {
                return;
            }
            self.stats.backtracks += 1;
            // The branch failed or is exhausted: the digit leaves the cell here too.
            state.restrict(d, b, !bit);
            if state.propagate().is_err() {
                self.stats.contradictions += 1;
                return;
            }
            if state.solved() {
                self.found(&state);
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

/// Whether the fast path applies: a 16×16 classic puzzle (relations need the general
/// engine).
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.size() == 16 && puzzle.kind() == Kind::Classic
}

/// Solves a 16×16 classic puzzle by the fast path. Statistics count nodes, guesses,
/// backtracks, contradictions, solutions and probes; placements and eliminations by rule are
/// the general engine's business and stay 0 here.
pub fn solve(puzzle: &Puzzle, options: Options) -> Outcome {
    let mut sixteen = Sixteen {
        options,
        names: std::array::from_fn(|d| d as u8),
        stats: Stats::default(),
        solutions: Vec::with_capacity(2),
        end: End::Exhausted,
    };
    let mut state = Bands::new();
    let mut ok = puzzle.givens().len() == 256;
    for (cell, &g) in puzzle.givens().iter().enumerate() {
        if (1..=16).contains(&g) {
            let (b, bit) = (cell / 64, 1u64 << (cell % 64));
            ok &= state.place(g as usize - 1, b, bit).is_ok();
        } else {
            ok &= g == 0;
        }
    }
    if ok {
        // (A contradiction here is found again, and counted, by the search.)
        if state.propagate().is_ok() {
            sixteen.names = state.rename_digits();
        }
        sixteen.search(state);
    }
    let status = sixteen.end.status(sixteen.stats.solutions);
    Outcome {
        status,
        solutions: sixteen.solutions,
        stats: sixteen.stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Status;

    #[test]
    fn nibbles_and_fill_nibbles_are_inverse() {
        let m: u64 = 0x0000_0100_F000_0002;
        // Nibble 0 (bits 0..3), nibble 7 (bits 28..31), nibble 10 (bits 40..43).
        assert_eq!(nibbles(m), 1 | 1 << 7 | 1 << 10);
        assert_eq!(fill_nibbles(nibbles(m)), 0x0000_0F00_F000_000F);
        for set in [0u16, 1, 0x8000, 0xFFFF, 0x1234, 0xA5C3] {
            assert_eq!(nibbles(fill_nibbles(set)), set);
        }
    }

    #[test]
    fn nibbles_agree_with_a_nibble_by_nibble_look() {
        // A xorshift walk over masks, sparse and dense, plus the nibble-aligned extremes.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut masks = vec![0, ALL, NIBBLE_FIRSTS, LANE_TOPS, 0xF000_0000_0000_000F];
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            masks.extend([x, x & x >> 3, x & x >> 5 & x >> 11]);
        }
        for m in masks {
            let slow = (0..16)
                .filter(|k| m >> (4 * k) & 0xF != 0)
                .fold(0u16, |set, k| set | 1 << k);
            assert_eq!(nibbles(m), slow, "{m:#018x}");
        }
    }

    #[test]
    fn transpose_swaps_nibble_rows_and_columns() {
        let x: u64 = 0xFEDC_BA98_7654_3210;
        let t = transpose(x);
        for i in 0..4 {
            for j in 0..4 {
                let at = |v: u64, i: usize, j: usize| v >> (16 * i + 4 * j) & 0xF;
                assert_eq!(at(t, i, j), at(x, j, i), "({i}, {j})");
            }
        }
        assert_eq!(transpose(t), x);
    }

    #[test]
    fn columns_fold_the_four_rows() {
        assert_eq!(columns(0x8000_0000_0010_0001), 0x8011);
    }

    #[test]
    fn lone_cells_are_the_rows_with_one_cell() {
        let m: u64 = 0x0400_0300_8000_0001;
        assert_eq!(lone_cells(m), 0x0400_0000_8000_0001);
        assert_eq!(lone_cells(ALL), 0);
    }

    #[test]
    fn matching_keeps_only_entries_of_some_permutation() {
        assert_eq!(MATCHING[0xFFFF], 0xFFFF);
        // The identity alone.
        assert_eq!(MATCHING[0x8421], 0x8421);
        // Row 0 may take only column 0: no other row takes it.
        let set = 0xFFF1;
        assert_eq!(MATCHING[set], 0xEEE1);
        // Rows 0 and 1 both want columns 0 and 1 only: rows 2 and 3 lose them.
        assert_eq!(MATCHING[0xFF33], 0xCC33);
        // Three rows confined to two columns: nothing fits.
        assert_eq!(MATCHING[0xF333], 0);
        assert_eq!(MATCHING[0x0FFF], 0, "row 3 has nowhere to go");
        let count = MATCHING.iter().filter(|&&m| m != 0).count();
        assert!(count > 24 && count < 1 << 16);
    }

    #[test]
    fn block_order_visits_every_cell_once_block_by_block() {
        let mut seen = [0u64; 4];
        for (at, &(b, bit)) in BLOCK_ORDER.iter().enumerate() {
            assert_eq!(bit.count_ones(), 1);
            assert_eq!(seen[b] & bit, 0, "visited twice");
            seen[b] |= bit;
            let at_bit = bit.trailing_zeros() as usize;
            let (row, col) = (4 * b + at_bit / 16, at_bit % 16);
            assert_eq!(row / 4 * 4 + col / 4, at / 16, "cell {at} in block");
        }
        assert_eq!(seen, [ALL; 4]);
    }

    #[test]
    fn fewest_finds_the_first_cell_with_fewest_candidates() {
        let mut state = Bands::new();
        assert_eq!(state.fewest(), (0, 1));
        // r6c3 (band 1, bit 16 + 2) keeps digits 1, 2 and 3; r9c1 (band 2, bit 0) keeps 4, 5.
        for d in 3..16 {
            state.masks[1][d] &= !(1 << 18);
        }
        assert_eq!(state.fewest(), (1, 1 << 18));
        for d in (0..16).filter(|&d| d != 3 && d != 4) {
            state.masks[2][d] &= !1;
        }
        assert_eq!(state.fewest(), (2, 1));
    }

    #[test]
    fn tightest_block_has_fewest_candidates_per_open_cell() {
        let mut state = Bands::new();
        assert_eq!(
            state.tightest_block(u16::MAX),
            0,
            "ties go to the first block"
        );
        // Block 6 (band 1, stack 2): every cell down to digits 1 and 2.
        let block6 = (0xF << 8) * LANES;
        for d in 2..16 {
            state.masks[1][d] &= !block6;
        }
        assert_eq!(state.tightest_block(u16::MAX), 6);
        assert_eq!(state.tightest_block(!(1 << 6)), 0, "only among those asked");
        // Block 6 solved: it comes last.
        state.unsolved[1] &= !block6;
        assert_eq!(state.tightest_block(1 << 6 | 1 << 9), 9);
    }

    #[test]
    fn rename_digits_puts_the_fewest_candidates_first() {
        let mut state = Bands::new();
        state.stale = 0;
        // Digit 6 (index 5) keeps band 0 only, digit 10 (index 9) bands 0 and 1.
        for b in 0..4 {
            state.masks[b][5] = if b == 0 { ALL } else { 0 };
            state.masks[b][9] = if b < 2 { ALL } else { 0 };
        }
        let names = state.rename_digits();
        assert_eq!(names[..3], [5, 9, 0]);
        assert_eq!(state.masks.map(|m| m[0]), [ALL, 0, 0, 0]);
        assert_eq!(state.masks.map(|m| m[1]), [ALL, ALL, 0, 0]);
        let mut sorted = names;
        sorted.sort_unstable();
        assert_eq!(sorted, std::array::from_fn(|d| d as u8), "a permutation");
    }

    /// Propagation compiled for AVX2 and BMI2 against the portable code, from states made of
    /// a solution's cells and some wrong digits: the same fixpoints, the same contradictions.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn propagation_for_avx2_and_bmi2_agrees_with_the_portable_code() {
        if !(std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi2"))
        {
            eprintln!("this CPU has no AVX2 and BMI2: the code compiled for them cannot run");
            return;
        }
        let empty = Puzzle::classic(vec![0; 256]).unwrap();
        let solution = solve(&empty, Options::default()).solutions.remove(0);
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n) as usize
        };
        let (mut fixpoints, mut contradictions) = (0, 0);
        for _ in 0..3000 {
            let mut state = Bands::new();
            let givens = 20 + next(180);
            let wrong = next(4);
            for i in 0..givens {
                let cell = next(256);
                let mut digit = solution[cell] as usize - 1;
                if i < wrong {
                    digit = (digit + 1 + next(15)) % 16;
                }
                let _ = state.place(digit, cell / 64, 1 << (cell % 64));
            }
            let (mut portable, mut v3) = (state, state);
            let expected = portable.fixpoint::<false>();
            // SAFETY: the CPU has AVX2 and BMI2 (checked above).
            let got = unsafe { v3.propagate_v3() };
            assert_eq!(got.is_ok(), expected.is_ok());
            if expected.is_ok() {
                fixpoints += 1;
                assert_eq!(v3.masks, portable.masks);
                assert_eq!(v3.unsolved, portable.unsolved);
                assert_eq!(v3.offered, portable.offered);
                assert_eq!(v3.stale, 0);
            } else {
                contradictions += 1;
            }
        }
        assert!(
            fixpoints > 300 && contradictions > 300,
            "{fixpoints} / {contradictions}"
        );
    }

    #[test]
    fn solves_an_empty_grid_and_finds_it_not_unique() {
        let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
        let outcome = solve(&puzzle, Options::default());
        assert_eq!(outcome.status, Status::Multiple);
        assert_ne!(outcome.solutions[0], outcome.solutions[1]);
        for s in &outcome.solutions {
            puzzle.check_answer(s).unwrap();
        }
    }

    #[test]
    fn equal_givens_in_a_column_make_it_unsolvable() {
        let mut givens = vec![0; 256];
        givens[3] = 7;
        givens[16 * 9 + 3] = 7;
        let puzzle = Puzzle::classic(givens).unwrap();
        assert_eq!(
            solve(&puzzle, Options::default()).status,
            Status::Unsolvable
        );
    }
}
