//! Bit tables and bit tricks of the 25×25 fast path: a band is five rows of twenty-five cells
//! in one `u128` (125 bits), twenty-five bits a row, and a row's five minirows are its five
//! quintets — minirow k of the band (row k / 5, block k mod 5) is bits 5k..5k+4.

/// Every cell of a band.
pub(super) const ALL: u128 = (1 << 125) - 1;
/// One row of a band (the row's lane: 25 bits).
pub(super) const ROW: u128 = (1 << 25) - 1;
/// The lowest bit of each row's lane.
pub(super) const LANES: u128 = 1 | 1 << 25 | 1 << 50 | 1 << 75 | 1 << 100;
/// The highest bit of each row's lane.
pub(super) const LANE_TOPS: u128 = LANES << 24;
/// The first cell of every minirow: bit 5k.
pub(super) const QUINTET_FIRSTS: u128 = {
    let mut m = 0;
    let mut k = 0;
    while k < 25 {
        m |= 1 << (5 * k);
        k += 1;
    }
    m
};
/// The five cells of each minirow's row in a 25-bit row lane: bit 5x (of the five flags).
const FLAGS5: u64 = 1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20;
/// The same bit in each of four 5-bit fields (rows 1 to 4 of a 5×5 matrix).
const REP5: u32 = 1 | 1 << 5 | 1 << 10 | 1 << 15;

/// `COLUMN[c]`: the cells of column c in a band.
pub(super) const COLUMN: [u128; 25] = {
    let mut t = [0; 25];
    let mut c = 0;
    while c < 25 {
        t[c] = LANES << c;
        c += 1;
    }
    t
};

/// `LANE[i]`: row i of a band (its lane: bits 25i..25i+24).
pub(super) const LANE: [u128; 5] = [ROW, ROW << 25, ROW << 50, ROW << 75, ROW << 100];

/// `BLOCK[x]`: the cells of block x of a band (columns 5x..5x+4 of its five rows).
pub(super) const BLOCK: [u128; 5] = {
    let mut t = [0; 5];
    let mut x = 0;
    while x < 5 {
        t[x] = (0x1F << (5 * x)) * LANES;
        x += 1;
    }
    t
};

/// `STACK[s]`: the columns of stack s (blocks s of every band) in each lane of a band: the
/// same bits as block s of a band, [`BLOCK`]`[s]`, whose cells are those columns' in its rows.
pub(super) const STACK: [u128; 5] = BLOCK;

/// `SPREAD5[v]`: bit k of the 5-bit value v moved to bit 5k.
const SPREAD5: [u32; 32] = {
    let mut t = [0; 32];
    let mut v = 0;
    while v < 32 {
        let mut k = 0;
        while k < 5 {
            if v >> k & 1 != 0 {
                t[v] |= 1 << (5 * k);
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// `FILL5[v]`: bit k of the 5-bit value v made the quintet 5k..5k+4.
const FILL5: [u32; 32] = {
    let mut t = [0; 32];
    let mut v = 0;
    while v < 32 {
        t[v] = SPREAD5[v] * 0x1F;
        v += 1;
    }
    t
};

/// The bits of `x` that `mask` selects, packed at the bottom, in order: BMI2's gather over
/// 128 bits (two `pext`, the low half's bits first).
///
/// # Safety
/// Only in code compiled for x86-64-v3 (`V3`: the CPU has BMI2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn gather(x: u128, mask: u128) -> u64 {
    use std::arch::x86_64::_pext_u64;
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    _pext_u64(x as u64, low) | _pext_u64((x >> 64) as u64, high) << low.count_ones()
}

/// The inverse of [`gather`]: the low bits of `x`, in order, at the bits `mask` selects (two
/// `pdep`).
///
/// # Safety
/// As [`gather`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn scatter(x: u64, mask: u128) -> u128 {
    use std::arch::x86_64::_pdep_u64;
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    (_pdep_u64(x >> low.count_ones(), high) as u128) << 64 | _pdep_u64(x, low) as u128
}

/// The 25-bit set of the non-empty quintets of `m`: bit k ⇔ bits 5k..5k+4 not all 0. Of a
/// band mask, its minirows (bit 5·row + block). In code compiled for x86-64-v3 (`V3`, see
/// [`TwentyFive::run`](super::search::TwentyFive::run)), two BMI2 gathers.
#[inline(always)]
pub(super) fn quintets<const V3: bool>(m: u128) -> u32 {
    let t = (m | m >> 1 | m >> 2 | m >> 3 | m >> 4) & QUINTET_FIRSTS;
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: `V3` is true only in the search compiled for x86-64-v3, which runs only
        // where the CPU has BMI2.
        return unsafe { gather(t, QUINTET_FIRSTS) } as u32;
    }
    let mut set = 0;
    for i in 0..5 {
        // Within a row's lane the flags sit at bits 5k; flag k times bit 20 − 4k of the
        // multiplier lands on bit 20 + k. The other 20 products land on bits 20 + k + 4(k − k')
        // of their own (no two collide, so nothing carries into bits 20..24).
        let lane = (t >> (25 * i)) as u64 & FLAGS5;
        let gathered = lane.wrapping_mul(1 << 20 | 1 << 16 | 1 << 12 | 1 << 8 | 1 << 4) >> 20;
        set |= (gathered as u32 & 0x1F) << (5 * i);
    }
    set
}

/// The inverse spread of [`quintets`]: every set bit k becomes the full quintet 5k..5k+4.
#[inline(always)]
pub(super) fn fill_quintets<const V3: bool>(set: u32) -> u128 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: as in `quintets`.
        return unsafe { scatter(set as u64, QUINTET_FIRSTS) } * 0x1F;
    }
    // Filled quintets from the table: `t * 0x1F` on the spread bits would be a `u128`
    // product, a library call in wasm.
    let mut t = 0u128;
    for i in 0..5 {
        t |= (FILL5[(set >> (5 * i) & 0x1F) as usize] as u128) << (25 * i);
    }
    t
}

/// For a 5×5 bit matrix (bit 5i + j ⇔ row i may take column j), the union of the
/// permutations (one column per row, one row per column) inside it: the entries that some
/// permutation uses; 0 when there is none. Every permutation takes one column x of the row
/// with the fewest entries, and then a permutation of the 4×4 matrix left without that row
/// and column x: the 4×4 table of the 16×16 path answers that, so the union is one lookup
/// per entry of that row.
#[inline(always)]
pub(super) fn matching(set: u32) -> u32 {
    let counts: [u32; 5] = std::array::from_fn(|i| (set >> (5 * i) & 0x1F).count_ones());
    let mut r = 0;
    for i in 1..5 {
        if counts[i] < counts[r] {
            r = i;
        }
    }
    if counts[r] == 0 {
        return 0;
    }
    // The other four rows, in order, as 5-bit fields.
    let below = (1 << (5 * r)) - 1;
    let rest = set & below | set >> 5 & !below & 0xF_FFFF;
    let mut pivot = set >> (5 * r) & 0x1F;
    let mut kept = 0;
    while pivot != 0 {
        let x = pivot.trailing_zeros();
        pivot &= pivot - 1;
        // Columns below x stay where they are; those above move down one.
        let low = ((1 << x) - 1) * REP5;
        let high = (0xF ^ ((1 << x) - 1)) * REP5;
        let f = rest & low | rest >> 1 & high;
        let sub = f & 0xF | f >> 1 & 0xF0 | f >> 2 & 0xF00 | f >> 3 & 0xF000;
        let k = MATCHING[sub as usize] as u32;
        if k != 0 {
            let e = k & 0xF | k << 1 & 0x1E0 | k << 2 & 0x3C00 | k << 3 & 0x7_8000;
            let others = e & low | (e & high) << 1;
            kept |= 1 << (5 * r as u32 + x) | others & below | (others & !below) << 5;
        }
    }
    kept
}

/// `offered` with lane b replaced by the columns band mask `m` offers (the union of its
/// rows). In wasm by shifts by constants and masks: a `u128` shifted by a variable amount
/// (25·b) or multiplied is a library call there (LLVM makes a spread of a value known to fit
/// one lane a product), where x86-64 does either in a few instructions.
#[inline(always)]
pub(super) fn offer(offered: u128, b: usize, m: u128) -> u128 {
    if cfg!(target_arch = "wasm32") {
        offered & !LANE[b] | columns_in_every_row(m) & LANE[b]
    } else {
        offered & !LANE[b] | (columns(m) as u128) << (25 * b)
    }
}

/// The 25-bit set of columns a band mask offers (the union of its rows).
#[inline]
pub(super) fn columns(m: u128) -> u32 {
    ((m | m >> 25 | m >> 50 | m >> 75 | m >> 100) & ROW) as u32
}

/// [`columns`] in every lane, by shifts of the whole band; `m` a band mask (no bit above 124).
#[inline]
pub(super) fn columns_in_every_row(m: u128) -> u128 {
    let down = m | m >> 25 | m >> 50 | m >> 75 | m >> 100;
    (down | m << 25 | m << 50 | m << 75 | m << 100) & ALL
}

/// A 25-bit row lane repeated in every row of a band.
#[inline]
pub(super) fn every_row(lane: u32) -> u128 {
    let l = lane as u128;
    l | l << 25 | l << 50 | l << 75 | l << 100
}

/// The 5×5 matrix of stack s (the five columns of blocks s) that the bands offer: bit 5b + j
/// ⇔ band b offers column 5s + j. `offered` holds band b's columns in lane b, so the matrix
/// is the bits of [`STACK`]`[s]` in order: in code compiled for x86-64-v3 (`V3`), two BMI2
/// gathers.
#[inline(always)]
pub(super) fn stack<const V3: bool>(offered: u128, s: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: as in `quintets`.
        return unsafe { gather(offered, STACK[s]) } as u32;
    }
    // One shift by a variable amount (a library call for a `u128` in wasm), then constants.
    let lanes = offered >> (5 * s);
    let mut m = 0;
    for b in 0..5 {
        m |= ((lanes >> (25 * b)) as u32 & 0x1F) << (5 * b);
    }
    m
}

/// The inverse of [`stack`]: the columns of stack s that each band may keep, in its lane.
#[inline(always)]
pub(super) fn unstack<const V3: bool>(m: u32, s: usize) -> u128 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: as in `quintets`.
        return unsafe { scatter(m as u64, STACK[s]) };
    }
    let mut offered = 0u128;
    for b in 0..5 {
        offered |= ((m >> (5 * b) & 0x1F) as u128) << (25 * b);
    }
    offered << (5 * s)
}

/// Takes `cells` from all twenty-five masks of a band; returns, as bit e for `masks[e]`,
/// those that lose something. Compiled for x86-64-v3 (`V3`), two masks per instruction.
#[inline(always)]
pub(super) fn take<const V3: bool>(masks: &mut [u128; 25], cells: u128) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        use std::arch::x86_64::*;
        let mut lost = 0u32;
        // SAFETY: `V3` is true only in the search compiled for x86-64-v3, which runs only
        // where the CPU has AVX2; the unaligned loads and stores stay inside `masks`.
        unsafe {
            let c = _mm256_set_epi64x(
                (cells >> 64) as i64,
                cells as i64,
                (cells >> 64) as i64,
                cells as i64,
            );
            for k in 0..12 {
                let at = masks.as_mut_ptr().add(2 * k) as *mut __m256i;
                let m = _mm256_loadu_si256(at);
                let kept = _mm256_cmpeq_epi64(_mm256_and_si256(m, c), _mm256_setzero_si256());
                // Bits 0, 1: the low and high halves of mask 2k untouched; 2, 3: of 2k + 1.
                let untouched = _mm256_movemask_pd(_mm256_castsi256_pd(kept)) as u32;
                let first = u32::from(untouched & 3 != 3);
                let second = u32::from(untouched >> 2 != 3);
                lost |= (first | second << 1) << (2 * k);
                _mm256_storeu_si256(at, _mm256_andnot_si256(c, m));
            }
        }
        let m = masks[24];
        lost |= u32::from(m & cells != 0) << 24;
        masks[24] = m & !cells;
        return lost;
    }
    let mut lost = 0u32;
    for (e, mask) in masks.iter_mut().enumerate() {
        let m = *mask;
        lost |= u32::from(m & cells != 0) << e;
        *mask = m & !cells;
    }
    lost
}

/// Bit-sliced counting across the twenty-five masks of a band: the cells with at least one
/// candidate, and those with at least two. Four 64-bit counters (the halves of two masks at
/// a time), merged at the end, so that the code compiled for x86-64-v3 keeps them in one
/// vector register.
#[inline(always)]
pub(super) fn count_to_two(masks: &[u128; 25]) -> (u128, u128) {
    let (mut ones, mut twos) = ([0u64; 4], [0u64; 4]);
    for pair in masks[..24].chunks_exact(2) {
        let lanes = [
            pair[0] as u64,
            (pair[0] >> 64) as u64,
            pair[1] as u64,
            (pair[1] >> 64) as u64,
        ];
        for k in 0..4 {
            twos[k] |= ones[k] & lanes[k];
            ones[k] |= lanes[k];
        }
    }
    let join = |lanes: [u64; 4], k: usize| (lanes[k + 1] as u128) << 64 | lanes[k] as u128;
    let (one_a, one_b) = (join(ones, 0), join(ones, 2));
    let (two_a, two_b) = (join(twos, 0), join(twos, 2));
    let last = masks[24];
    let one = one_a | one_b;
    let two = two_a | two_b | one_a & one_b | one & last;
    (one | last, two)
}

/// The cells of `m` alone in their row. `m` must have no empty row (then subtracting 1
/// from each lane borrows nothing across lanes).
#[inline]
pub(super) fn lone_cells(m: u128) -> u128 {
    let rest = m & m.wrapping_sub(LANES);
    let lows = ALL & !LANE_TOPS;
    let nonzero = ((rest & lows).wrapping_add(lows) | rest) & LANE_TOPS;
    let tops = !nonzero & LANE_TOPS;
    if cfg!(target_arch = "wasm32") {
        m & smear_lanes(tops)
    } else {
        m & (tops >> 24).wrapping_mul(ROW)
    }
}

/// Each lane's top bit (25i + 24) in `tops` smeared down over its lane (1 + 1 + 2 + 4 + 8 + 9
/// = 25 bits): `(tops >> 24) · ROW` without the product, a library call in wasm (and four
/// times the instructions of the product on x86-64).
#[inline(always)]
pub(super) fn smear_lanes(tops: u128) -> u128 {
    let mut lanes = tops;
    lanes |= lanes >> 1;
    lanes |= lanes >> 2;
    lanes |= lanes >> 4;
    lanes |= lanes >> 8;
    lanes | lanes >> 9
}

/// Candidates as band masks: `[b][d]` holds the cells of band b where digit d+1 may go.
pub(super) type Masks = [[u128; 25]; 5];

pub(super) use crate::search::sixteen::MATCHING;
