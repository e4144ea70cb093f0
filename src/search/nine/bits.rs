//! Bit tables and bit tricks of the 9×9 fast path: a band is three rows of nine cells, 27
//! bits of a `u32` per digit.

/// A table of `$n` entries built at compile time, entry `$i` being `$entry`: what
/// `std::array::from_fn` is at run time (constant code has no closures and no `for`).
macro_rules! table {
    ($n:expr, |$i:ident| $entry:expr) => {{
        let mut table = [0; $n];
        let mut $i = 0;
        while $i < $n {
            table[$i] = $entry;
            $i += 1;
        }
        table
    }};
}

pub(super) const ALL: u32 = (1 << 27) - 1;
/// Column claims are tried only while at least this many cells are open. On the bench9 sets
/// no claim round with fewer than 12 open cells ever removed a candidate, and on the easy
/// sets a quarter to nearly half of all claim rounds came there (grids a guess away from
/// solved); 16 leaves the node counts as they were.
pub(super) const CLAIM_MIN_OPEN: u32 = 16;
pub(super) const ROW: u32 = 0o777;

/// Bit `3·r + x` (minirow of band row r in block x) for a 27-bit band mask.
pub(super) const fn minirow_bit(r: usize, x: usize) -> u32 {
    1 << (3 * r + x)
}

/// The 3 cells of minirow (r, x) as a 27-bit mask.
pub(super) const fn minirow_cells(r: usize, x: usize) -> u32 {
    0b111 << (9 * r + 3 * x)
}

/// For every 9-bit row, the 3-bit set of its non-empty minirows, times 4: assembled into a
/// minirow set, that is a byte offset into [`MATCHING_CELLS`].
pub(super) const SHRINK: [u8; 512] = table!(512, |row| shrink(row) << 2);

/// The 3-bit set of the non-empty minirows of a 9-bit row.
const fn shrink(row: usize) -> u8 {
    let mut bits = 0;
    let mut x = 0;
    while x < 3 {
        if row >> (3 * x) & 0b111 != 0 {
            bits |= 1 << x;
        }
        x += 1;
    }
    bits
}

/// For every set of possible minirows, the union of the permutations (row → block) it
/// contains — the minirows that can still hold the digit — as the 27-bit mask of their cells
/// (one lookup where two would chain).
/// Stored as little-endian bytes and read at byte offset 4·set: in wasm, V8 adds a byte offset
/// to the address for free but scales an index with an extra instruction.
pub(super) const MATCHING_CELLS: [u8; 2048] = table!(2048, |i| {
    EXPAND[MATCHING[i / 4] as usize].to_le_bytes()[i % 4]
});

/// The entry of [`MATCHING_CELLS`] at byte offset `at`, a minirow set assembled from
/// [`SHRINK`] values. Unchecked: in wasm, LLVM adds the table's address as an instruction of
/// its own when the offset is masked for a bounds check, and V8 then spends an instruction on
/// it; unchecked, it goes into the load (1.5–3% faster in wasm, and natively too).
#[inline(always)]
pub(super) fn matching_cells(at: usize) -> u32 {
    debug_assert!(at <= 0x7fc && at % 4 == 0);
    // SAFETY: SHRINK's values are at most 0b111 << 2, so `at` is at most 0x7fc and the four
    // bytes from it lie in the table.
    u32::from_le(unsafe { (MATCHING_CELLS.as_ptr().add(at) as *const u32).read_unaligned() })
}

/// The same as 9-bit minirow sets.
pub(super) const MATCHING: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    /// The minirows of permutation p.
    const BITS: [u16; 6] = table!(6, |p| {
        let perm = PERMUTATIONS[p];
        (minirow_bit(0, perm[0]) | minirow_bit(1, perm[1]) | minirow_bit(2, perm[2])) as u16
    });
    table!(512, |set| {
        let mut union = 0u16;
        let mut p = 0;
        while p < 6 {
            if set as u16 & BITS[p] == BITS[p] {
                union |= BITS[p];
            }
            p += 1;
        }
        union
    })
};

/// For every 9-bit set of minirows, its cells as a 27-bit band mask.
pub(super) const EXPAND: [u32; 512] = table!(512, |set| {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        let (r, x) = (k / 3, k % 3);
        if set & minirow_bit(r, x) as usize != 0 {
            cells |= minirow_cells(r, x);
        }
        k += 1;
    }
    cells
});

/// For every 9-bit set of columns: the columns that are alone in their block (the digit is
/// in that column within this band).
pub(super) const LONE_COLUMNS: [u16; 512] = table!(512, |cols| {
    let mut lone = 0u16;
    let mut x = 0;
    while x < 3 {
        let block = (cols >> (3 * x)) & 0b111;
        if block != 0 && block & (block - 1) == 0 {
            lone |= (block << (3 * x)) as u16;
        }
        x += 1;
    }
    lone
});

/// For every 9-bit band row: itself when it holds one cell (the digit is placed there), else 0.
pub(super) const LONE_CELL: [u16; 512] = table!(512, |row| {
    if row.count_ones() == 1 {
        row as u16
    } else {
        0
    }
});

/// [`LONE_COLUMNS`] as the cells of those columns in a band.
pub(super) const LONE_COLUMN_CELLS: [u32; 512] =
    table!(512, |cols| column_cells(LONE_COLUMNS[cols] as u32));

/// The cells of the other bands that keep the digit given band mask `m`: all but those in the
/// columns that `m` holds alone in a block.
#[inline(always)]
pub(super) fn pointing_keep(m: u32) -> u32 {
    // In wasm, V8 adds a byte offset to an address for free but scales an index with an
    // instruction of its own, and inverting the entry is one more; each is on the critical
    // path (1–2% faster with the bytes). Natively an inverted table makes LLVM lay the loop
    // out worse (17-clue +5% time).
    if cfg!(target_arch = "wasm32") {
        pointing_keep_by_bytes(m)
    } else {
        !LONE_COLUMN_CELLS[((m | m >> 9 | m >> 18) & ROW) as usize]
    }
}

/// [`pointing_keep`] from a table stored inverted, as bytes read at offset 4·cols, with the
/// columns gathered already shifted.
#[inline(always)]
pub(super) fn pointing_keep_by_bytes(m: u32) -> u32 {
    const KEEP: [u8; 2048] = table!(2048, |i| (!LONE_COLUMN_CELLS[i / 4] >> (8 * (i % 4))) as u8);
    let at = ((m << 2 | m >> 7 | m >> 16) & ROW << 2) as usize;
    u32::from_le_bytes([KEEP[at], KEEP[at + 1], KEEP[at + 2], KEEP[at + 3]])
}

/// A 9-bit set of columns as the 27-bit mask of their cells in a band.
pub(super) const fn column_cells(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For every 9-bit set of columns that a band must take: the cells of the band that stay
/// possible (in each block holding such a column, only that column).
pub(super) const CLAIM_KEEP: [u32; 512] = table!(512, |cols| {
    let mut keep = ALL;
    let mut x = 0;
    while x < 3 {
        let block = ((cols >> (3 * x)) & 0b111) as u32;
        if block != 0 {
            let others = 0b111 & !block;
            keep &= !column_cells(others << (3 * x));
        }
        x += 1;
    }
    keep
});

/// For each cell of a band (bit 0..27), the other cells of its band row and block.
pub(super) const ROW_AND_BLOCK: [u32; 27] = table!(27, |at| {
    let (r, c) = (at / 9, at % 9);
    let block = column_cells(0b111 << (c / 3 * 3));
    ((ROW << (9 * r)) | block) & !(1 << at)
});

/// For each cell of a band: its column in a band mask, in both halves of a word (the other
/// two bands' open cells side by side, as [`Bands::branch_cell`] counts them).
pub(super) const COLUMN_TWICE: [u64; 27] =
    table!(27, |at| column_cells(1 << (at % 9)) as u64 * 0x1_0000_0001);

/// The cells of `m`, a band mask with no empty row, whose band row holds only them.
#[inline(always)]
pub(super) fn lone_cells(m: u32) -> u32 {
    // In wasm, V8 spends 18 instructions on the three lookups and 13 on the word operations
    // (1% faster); natively the lookups are shorter in latency and no slower.
    if cfg!(target_arch = "wasm32") {
        lone_cells_by_words(m)
    } else {
        lone_cells_by_table(m)
    }
}

#[inline(always)]
pub(super) fn lone_cells_by_table(m: u32) -> u32 {
    LONE_CELL[(m & ROW) as usize] as u32
        | (LONE_CELL[(m >> 9 & ROW) as usize] as u32) << 9
        | (LONE_CELL[(m >> 18 & ROW) as usize] as u32) << 18
}

#[inline(always)]
pub(super) fn lone_cells_by_words(m: u32) -> u32 {
    const LOW: u32 = 1 | 1 << 9 | 1 << 18;
    const HIGH: u32 = LOW << 8;
    // Each row without its lowest cell (no row is empty, so no borrow crosses rows).
    let rest = m & m.wrapping_sub(LOW);
    // The top bit of each row that has cells left (no carry leaves a row: 0xff + 0xff < 0x200).
    let busy = (((rest & !HIGH) + (ALL & !HIGH)) | rest) & HIGH;
    m & !((busy >> 8) * ROW)
}

/// The two other bands of each band.
pub(super) const NEIGHBOURS: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];
