//! The 9×9 classic fast path: every digit's candidates as three 27-bit band masks, with the
//! row, block and column reasoning done by table lookups. Used by `solve` when nothing is
//! traced; the general engine (`propagate.rs`) stays the reference and the traced path, and
//! the differential tests hold the two to the same answers.
//!
//! ```text
//! band b = rows 3b..3b+2                       bit of cell (r, c) in its band: 9·(r mod 3) + c
//!          ┌ col 0 1 2 │ 3 4 5 │ 6 7 8 ┐
//!  row 3b  │   0 1 2   │ 3 4 5 │ 6 7 8 │       minirow (r, x): row r of the band ∩ block x,
//!  row 3b+1│   9 …     │       │    17 │       3 cells; a band row of 9 bits condenses to
//!  row 3b+2│  18 …     │       │    26 │       3 minirow bits, the band to 9
//! masks[d][b]: the cells of band b where digit d+1 is still possible
//! ```
//!
//! Reasoning, per digit and band (a *subband*), all to a fixed point:
//! - **rows and blocks**: the digit sits once in each row and once in each block of the band,
//!   so its three minirows form a permutation (row → block). A table gives, for any set of
//!   possible minirows, the minirows that belong to some permutation; the others go. This is
//!   hidden singles in rows and blocks and locked candidates between them, in one lookup.
//! - **columns, pointing**: a block of the band whose candidates lie in one column puts the
//!   digit in that column here, so the other bands lose it.
//! - **solved cells**: a band row down to one cell places the digit there; the cell leaves
//!   every other digit.
//! - **columns, claiming** (once the above is quiet, for the digits that changed): a column
//!   that only one band still offers gets the digit there, so the rest of its block in that
//!   band loses it. Off the hot loop it costs little and saves nodes (per puzzle, 17-clue:
//!   5.7 → 2.8; top1465: 45 → 39; forum 1106: 654 → 572). Not tried in nearly solved grids
//!   ([`CLAIM_MIN_OPEN`]), where it never finds anything. (It finds nothing on the serg set
//!   either — an open top band over six nearly full rows — and costs there ~10% of the time;
//!   no cheap test tells those states apart from ones where a fifth of the claims pay.)
//!
//! Then naked singles across digits (bit-sliced counting), and a branch when propagation
//! stops: on a two-candidate cell (found by the naked-singles count), else a three-candidate
//! one, else the first open cell. Every digit but the last is tried in a copy of the state;
//! the last in the state itself, since by then the others have failed.
//!
//! Inequality puzzles add relations between adjacent cells, also as masks ([`Relations`]):
//! a cell's neighbour to the right is one bit up, the one below nine bits up (or, from the
//! last row of a band, in the first row of the next band). For each direction, the cells whose
//! neighbour there is smaller keep digit d only where that neighbour still has a digit below
//! d (a shifted prefix union of the digits' masks); those whose neighbour is larger, only where
//! it has one above. That is bounds consistency on every relation at once, the same reasoning
//! as the general engine's, in about a hundred word operations a pass.

use crate::geometry::Cell;
use crate::puzzle::{Kind, Puzzle};

use super::{End, Options, Outcome, Stats};

const ALL: u32 = (1 << 27) - 1;
/// Column claims are tried only while at least this many cells are open. On the bench9 sets
/// no claim round with fewer than 12 open cells ever removed a candidate, and on the easy
/// sets a quarter to nearly half of all claim rounds came there (grids a guess away from
/// solved); 16 leaves the node counts as they were.
const CLAIM_MIN_OPEN: u32 = 16;
const ROW: u32 = 0o777;

/// Bit `3·r + x` (minirow of band row r in block x) for a 27-bit band mask.
const fn minirow_bit(r: usize, x: usize) -> u32 {
    1 << (3 * r + x)
}

/// The 3 cells of minirow (r, x) as a 27-bit mask.
const fn minirow_cells(r: usize, x: usize) -> u32 {
    0b111 << (9 * r + 3 * x)
}

/// For every 9-bit row, the 3-bit set of its non-empty minirows, times 4: assembled into a
/// minirow set, that is a byte offset into [`MATCHING_CELLS`].
const SHRINK: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut bits = 0;
        let mut x = 0;
        while x < 3 {
            if row >> (3 * x) & 0b111 != 0 {
                bits |= 1 << x;
            }
            x += 1;
        }
        table[row] = bits << 2;
        row += 1;
    }
    table
};

/// For every set of possible minirows, the union of the permutations (row → block) it
/// contains — the minirows that can still hold the digit — as the 27-bit mask of their cells
/// (one lookup where two would chain).
/// Stored as little-endian bytes and read at byte offset 4·set: in wasm, V8 adds a byte offset
/// to the address for free but scales an index with an extra instruction.
const MATCHING_CELLS: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut set = 0;
    while set < 512 {
        let bytes = EXPAND[MATCHING[set] as usize].to_le_bytes();
        let mut i = 0;
        while i < 4 {
            table[4 * set + i] = bytes[i];
            i += 1;
        }
        set += 1;
    }
    table
};

/// The entry of [`MATCHING_CELLS`] at byte offset `at`, a minirow set assembled from
/// [`SHRINK`] values. Unchecked: in wasm, LLVM adds the table's address as an instruction of
/// its own when the offset is masked for a bounds check, and V8 then spends an instruction on
/// it; unchecked, it goes into the load (1.5–3% faster in wasm, and natively too).
#[inline(always)]
fn matching_cells(at: usize) -> u32 {
    debug_assert!(at <= 0x7fc && at % 4 == 0);
    // SAFETY: SHRINK's values are at most 0b111 << 2, so `at` is at most 0x7fc and the four
    // bytes from it lie in the table.
    u32::from_le(unsafe { (MATCHING_CELLS.as_ptr().add(at) as *const u32).read_unaligned() })
}

/// The same as 9-bit minirow sets.
const MATCHING: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut union = 0u16;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut bits = 0u16;
            let mut r = 0;
            while r < 3 {
                bits |= minirow_bit(r, perm[r]) as u16;
                r += 1;
            }
            if set as u16 & bits == bits {
                union |= bits;
            }
            p += 1;
        }
        table[set] = union;
        set += 1;
    }
    table
};

/// For every 9-bit set of minirows, its cells as a 27-bit band mask.
const EXPAND: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut cells = 0;
        let mut r = 0;
        while r < 3 {
            let mut x = 0;
            while x < 3 {
                if set & minirow_bit(r, x) as usize != 0 {
                    cells |= minirow_cells(r, x);
                }
                x += 1;
            }
            r += 1;
        }
        table[set] = cells;
        set += 1;
    }
    table
};

/// For every 9-bit set of columns: the columns that are alone in their block (the digit is
/// in that column within this band).
const LONE_COLUMNS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut lone = 0u16;
        let mut x = 0;
        while x < 3 {
            let block = (cols >> (3 * x)) & 0b111;
            if block != 0 && block & (block - 1) == 0 {
                lone |= (block << (3 * x)) as u16;
            }
            x += 1;
        }
        table[cols] = lone;
        cols += 1;
    }
    table
};

/// For every 9-bit band row: itself when it holds one cell (the digit is placed there), else 0.
const LONE_CELL: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut row = 1;
    while row < 512 {
        if row & (row - 1) == 0 {
            table[row] = row as u16;
        }
        row += 1;
    }
    table
};

/// [`LONE_COLUMNS`] as the cells of those columns in a band.
const LONE_COLUMN_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        table[cols] = column_cells(LONE_COLUMNS[cols] as u32);
        cols += 1;
    }
    table
};

/// The cells of the other bands that keep the digit given band mask `m`: all but those in the
/// columns that `m` holds alone in a block.
#[inline(always)]
fn pointing_keep(m: u32) -> u32 {
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
fn pointing_keep_by_bytes(m: u32) -> u32 {
    const KEEP: [u8; 2048] = {
        let mut table = [0u8; 2048];
        let mut i = 0;
        while i < 2048 {
            table[i] = (!LONE_COLUMN_CELLS[i / 4] >> (8 * (i % 4))) as u8;
            i += 1;
        }
        table
    };
    let at = ((m << 2 | m >> 7 | m >> 16) & ROW << 2) as usize;
    u32::from_le_bytes([KEEP[at], KEEP[at + 1], KEEP[at + 2], KEEP[at + 3]])
}

/// A 9-bit set of columns as the 27-bit mask of their cells in a band.
const fn column_cells(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For every 9-bit set of columns that a band must take: the cells of the band that stay
/// possible (in each block holding such a column, only that column).
const CLAIM_KEEP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
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
        table[cols] = keep;
        cols += 1;
    }
    table
};

/// For each cell of a band (bit 0..27), the other cells of its band row and block.
const ROW_AND_BLOCK: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut at = 0;
    while at < 27 {
        let (r, c) = (at / 9, at % 9);
        let block = column_cells(0b111 << (c / 3 * 3));
        table[at] = ((ROW << (9 * r)) | block) & !(1 << at);
        at += 1;
    }
    table
};

/// The cells of `m`, a band mask with no empty row, whose band row holds only them.
#[inline(always)]
fn lone_cells(m: u32) -> u32 {
    // In wasm, V8 spends 18 instructions on the three lookups and 13 on the word operations
    // (1% faster); natively the lookups are shorter in latency and no slower.
    if cfg!(target_arch = "wasm32") {
        lone_cells_by_words(m)
    } else {
        lone_cells_by_table(m)
    }
}

#[inline(always)]
fn lone_cells_by_table(m: u32) -> u32 {
    LONE_CELL[(m & ROW) as usize] as u32
        | (LONE_CELL[(m >> 9 & ROW) as usize] as u32) << 9
        | (LONE_CELL[(m >> 18 & ROW) as usize] as u32) << 18
}

#[inline(always)]
fn lone_cells_by_words(m: u32) -> u32 {
    const LOW: u32 = 1 | 1 << 9 | 1 << 18;
    const HIGH: u32 = LOW << 8;
    // Each row without its lowest cell (no row is empty, so no borrow crosses rows).
    let rest = m & m.wrapping_sub(LOW);
    // The top bit of each row that has cells left (no carry leaves a row: 0xff + 0xff < 0x200).
    let busy = (((rest & !HIGH) + (ALL & !HIGH)) | rest) & HIGH;
    m & !((busy >> 8) * ROW)
}

/// The two other bands of each band.
const NEIGHBOURS: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];

/// Why propagation stopped short.
struct Contradiction;

/// A set of cells as three band masks.
type Cells = [u32; 3];

/// The relations of an inequality puzzle as cell masks, by direction of the neighbour:
/// right, left, below, above.
#[derive(Clone, Copy, Default)]
struct Relations {
    /// `bigger[k]`: cells whose neighbour in direction k is smaller than they are.
    bigger: [Cells; 4],
    /// `smaller[k]`: cells whose neighbour in direction k is larger than they are.
    smaller: [Cells; 4],
}

impl Relations {
    fn of(puzzle: &Puzzle) -> Relations {
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
    fn neighbour(x: Cells, k: usize) -> Cells {
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
    fn allowed(&self, below: Cells, above: Cells) -> Cells {
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
struct Bands {
    /// `masks[d][b]`: cells of band b where digit d+1 is possible.
    masks: [[u32; 3]; 9],
    /// `seen[d][b]`: the mask last propagated (a subband is stale when it differs).
    seen: [[u32; 3]; 9],
    /// Unsolved cells of each band.
    unsolved: [u32; 3],
    /// Cells with exactly two candidates, per band, from the last naked-singles pass.
    pairs: [u32; 3],
}

impl Bands {
    fn new() -> Bands {
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
    fn with_givens(givens: &[u8]) -> Result<Bands, Contradiction> {
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
    fn fix(&mut self, d: usize, b: usize, bit: u32) {
        debug_assert!(self.masks[d][b] & bit != 0);
        let row = ROW << (9 * (bit.trailing_zeros() / 9));
        self.masks[d][b] &= !(row & !bit);
    }

    /// Rows, blocks and columns for every stale subband, until none is stale; then columns
    /// that one band alone offers, and again while that finds something.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn update(&mut self) -> Result<(), Contradiction> {
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
    fn subband<const D: usize, const B: usize>(
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
    fn claim(&mut self, d: usize) -> Result<bool, Contradiction> {
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
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        // One band at a time, each with its band fixed at compile time: in wasm, V8 otherwise
        // computes and spills an address per digit.
        Ok(self.naked_singles_in::<0>()?
            | self.naked_singles_in::<1>()?
            | self.naked_singles_in::<2>()?)
    }

    /// [`Bands::naked_singles`] in band `B`.
    #[inline(always)]
    fn naked_singles_in<const B: usize>(&mut self) -> Result<bool, Contradiction> {
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
    fn relations(&mut self, relations: &Relations) -> bool {
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
    fn propagate(&mut self, relations: Option<&Relations>) -> Result<(), Contradiction> {
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

    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on: a two-candidate cell if any, else the first unsolved one.
    fn branch_cell(&self) -> Option<(usize, u32)> {
        if let Some(b) = (0..3).find(|&b| self.pairs[b] & self.unsolved[b] != 0) {
            let m = self.pairs[b] & self.unsolved[b];
            return Some((b, m & m.wrapping_neg()));
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
    fn grid(&self) -> Vec<u8> {
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

/// The fast path's search: depth-first over copies of [`Bands`], counting solutions.
/// The relations are borrowed and the counts kept as plain fields, made [`Stats`] once at
/// the end: in wasm a copy or clear of more than a few words is a `memory.copy` or
/// `memory.fill`, a call into C in V8, and this saves three per puzzle (0.5–1% less time in
/// wasm on the easy sets, no slower natively).
struct Nine<'a> {
    options: Options,
    relations: Option<&'a Relations>,
    nodes: u64,
    guesses: u64,
    backtracks: u64,
    contradictions: u64,
    solutions: u64,
    grids: Vec<Vec<u8>>,
    /// What ends the search: [`End::Exhausted`] unless a limit stops it first.
    end: End,
}

impl Nine<'_> {
    fn stopped(&self) -> bool {
        self.end != End::Exhausted
    }

    /// Searches below `state`: propagates, then branches on a cell, each digit but the last
    /// in a copy, the last in `state` itself (a loop, not a call: when the others failed,
    /// the cell holds that digit).
    fn search(&mut self, state: &mut Bands) {
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

/// Whether the fast path applies: a 9×9 puzzle with blocks (classic or inequality).
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.size() == 9 && puzzle.kind().has_blocks()
}

/// Solves a 9×9 classic or inequality puzzle by the fast path. Statistics count nodes, guesses,
/// backtracks, contradictions and solutions; placements and eliminations by rule are the
/// general engine's business and stay 0 here.
pub fn solve(puzzle: &Puzzle, options: Options) -> Outcome {
    debug_assert!(applies(puzzle));
    let relations = (puzzle.kind() == Kind::Inequality).then(|| Relations::of(puzzle));
    let mut nine = Nine {
        options,
        relations: relations.as_ref(),
        nodes: 0,
        guesses: 0,
        backtracks: 0,
        contradictions: 0,
        solutions: 0,
        grids: Vec::with_capacity(2),
        end: End::Exhausted,
    };
    if let Ok(mut state) = Bands::with_givens(puzzle.givens()) {
        nine.search(&mut state);
    }
    let status = nine.end.status(nine.solutions);
    Outcome {
        status,
        solutions: nine.grids,
        stats: Stats {
            nodes: nine.nodes,
            guesses: nine.guesses,
            backtracks: nine.backtracks,
            contradictions: nine.contradictions,
            solutions: nine.solutions,
            ..Stats::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Status;

    #[test]
    fn matching_keeps_only_minirows_of_some_permutation() {
        // Row 0 only in block 0: block 0 belongs to row 0, so rows 1 and 2 lose it.
        let set = minirow_bit(0, 0) | 0b111 << 3 | 0b111 << 6;
        let kept = MATCHING[set as usize] as u32;
        assert_eq!(kept & (minirow_bit(1, 0) | minirow_bit(2, 0)), 0);
        assert_eq!(MATCHING[0b111_111_111], 0b111_111_111);
        assert_eq!(MATCHING[0b000_111_111], 0, "row 2 has nowhere to go");
    }

    #[test]
    fn a_lone_column_in_a_block_is_found() {
        assert_eq!(LONE_COLUMNS[0b010_110_001], 0b010_000_001);
    }

    #[test]
    fn lone_cells_by_words_agree_with_the_table() {
        for row in 1..512u32 {
            for other in [0b1, 0b11, 0b100_010_000, ROW] {
                for m in [
                    row | other << 9 | other << 18,
                    other | row << 9 | other << 18,
                    other | other << 9 | row << 18,
                ] {
                    assert_eq!(lone_cells_by_words(m), lone_cells_by_table(m), "{m:#o}");
                }
            }
        }
    }

    #[test]
    fn pointing_keep_by_bytes_agrees_with_the_table() {
        for m in (0..=ALL).step_by(499) {
            let lone = LONE_COLUMN_CELLS[((m | m >> 9 | m >> 18) & ROW) as usize];
            assert_eq!(pointing_keep_by_bytes(m), !lone, "{m:#o}");
        }
    }

    #[test]
    fn claiming_keeps_only_the_claimed_column_in_its_block() {
        let keep = CLAIM_KEEP[0b000_000_010];
        assert_eq!(keep & ROW, 0b111_111_010);
    }

    #[test]
    fn solves_the_poj_sample_and_proves_uniqueness() {
        let line =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
        let givens = line
            .bytes()
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect();
        let puzzle = Puzzle::classic(givens).unwrap();
        let outcome = solve(&puzzle, Options::default());
        assert_eq!(outcome.status, Status::Unique);
        puzzle.check_answer(&outcome.solutions[0]).unwrap();
    }

    #[test]
    fn an_empty_grid_has_several_solutions() {
        let puzzle = Puzzle::classic(vec![0; 81]).unwrap();
        let outcome = solve(&puzzle, Options::default());
        assert_eq!(outcome.status, Status::Multiple);
        assert_ne!(outcome.solutions[0], outcome.solutions[1]);
        for s in &outcome.solutions {
            puzzle.check_answer(s).unwrap();
        }
    }
}
