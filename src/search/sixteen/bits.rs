//! Bit tables and bit tricks of the 16×16 fast path: a band is four rows of sixteen cells in
//! one `u64`, sixteen bits a row.

/// Every cell of a band.
pub(super) const ALL: u64 = u64::MAX;
/// One row of a band (the row's lane: 16 bits).
pub(super) const ROW: u64 = 0xFFFF;
/// The lowest bit of each row's lane.
pub(super) const LANES: u64 = 0x0001_0001_0001_0001;
/// The highest bit of each row's lane.
pub(super) const LANE_TOPS: u64 = 0x8000_8000_8000_8000;
/// The first cell of every minirow: bit 16r + 4x = 4·(4r + x).
pub(super) const NIBBLE_FIRSTS: u64 = 0x1111_1111_1111_1111;

/// The 16-bit set of the non-empty nibbles of `m`: bit k ⇔ bits 4k..4k+3 of `m` not all 0.
/// Of a band mask, its minirows (bit 4r + x).
#[inline]
pub(super) const fn nibbles(m: u64) -> u16 {
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
pub(super) fn minirows<const V3: bool>(m: u64) -> u16 {
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
pub(super) fn fill_minirows<const V3: bool>(set: u16) -> u64 {
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
pub(super) fn take<const V3: bool>(masks: &mut [u64; 16], cells: u64) -> u64 {
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
pub(super) const fn fill_nibbles(set: u16) -> u64 {
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
pub(super) const fn transpose(x: u64) -> u64 {
    let t = (x ^ x >> 24) & 0x0000_0000_FF00_FF00;
    let x = x ^ t ^ t << 24;
    let t = (x ^ x >> 12) & 0x0000_F0F0_0000_F0F0;
    x ^ t ^ t << 12
}

/// The 16-bit set of columns a band mask offers (the union of its rows).
#[inline]
pub(super) const fn columns(m: u64) -> u64 {
    (m | m >> 16 | m >> 32 | m >> 48) & ROW
}

/// The cells of `m` alone in their row. `m` must have no empty row (then subtracting 1
/// from each lane borrows nothing across lanes).
#[inline]
pub(super) const fn lone_cells(m: u64) -> u64 {
    let rest = m & m.wrapping_sub(LANES);
    let nonzero = ((rest & !LANE_TOPS).wrapping_add(!LANE_TOPS) | rest) & LANE_TOPS;
    let lone = (!nonzero & LANE_TOPS) >> 15;
    m & lone.wrapping_mul(ROW)
}

/// For every 4×4 bit matrix (bit 4i + j ⇔ row i may take column j), the union of the
/// permutations (one column per row, one row per column) inside it: the entries that some
/// permutation uses. 0 when there is none. Built by giving each of the 24 permutations to
/// each of its 4096 supersets.
pub(in crate::search) static MATCHING: [u16; 1 << 16] = {
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
pub(super) type Masks = [[u64; 16]; 4];
