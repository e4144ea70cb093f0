//! What the 16×16 and 25×25 fast paths share: a band of cells as one word ([`Band`]: `u64`
//! or `u128`), the moves on a state of band masks that are the same at both sizes
//! ([`Board`]), and what a search counts and keeps ([`Tally`]). Generic and inlined: each
//! path compiles its own copy (instructions on the benchmark sets −0.4% to +0.2% against
//! the two paths' own copies; the 16×16 naked singles keep their loop, which as
//! [`Board::settle_singles`] cost +1.1–1.3% there).

use std::ops::{BitAnd, BitOr, Not};

use crate::contradiction::Contradiction;
use crate::search::driver::End;
use crate::search::options::{Options, Outcome};
use crate::search::stats::Stats;

/// The cells of one band, a bit a cell: `u64` (four rows of sixteen), `u128` (five rows of
/// twenty-five, bits 125..127 unused).
pub(super) trait Band:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// The cells of a band.
    const CELLS: usize;
    const EMPTY: Self;
    /// The cell at bit `at`.
    fn cell(at: usize) -> Self;
    fn trailing_zeros(self) -> u32;
    /// The lowest cell of `self`.
    fn lowest(self) -> Self;
    /// `self` without its lowest cell.
    fn without_lowest(self) -> Self;
}

macro_rules! band {
    ($word:ty, $cells:expr) => {
        impl Band for $word {
            const CELLS: usize = $cells;
            const EMPTY: $word = 0;
            #[inline(always)]
            fn cell(at: usize) -> $word {
                1 << at
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }
            #[inline(always)]
            fn lowest(self) -> $word {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn without_lowest(self) -> $word {
                self & self.wrapping_sub(1)
            }
        }
    };
}

band!(u64, 64);
band!(u128, 125);

/// A fast path's state: a candidate mask per band and digit, and its unsolved cells. The
/// required methods are where the sizes differ (how a change is marked stale, where a
/// cell's houses lie); the provided ones are written once.
pub(super) trait Board: Sized {
    type Band: Band;
    /// Digits, and the rows (and columns) of the grid.
    const DIGITS: usize;
    /// Bands of the grid.
    const BANDS: usize;

    /// Every candidate open.
    fn new() -> Self;
    /// The cells of band `b` where digit `d` may go.
    fn mask(&self, b: usize, d: usize) -> Self::Band;
    /// Keeps only `keep` of digit `d`'s candidates in band `b`, marking the subband stale
    /// when that removes something.
    fn restrict(&mut self, d: usize, b: usize, keep: Self::Band);
    /// Takes `cells` of band `b` from every digit but `d`, outside the code compiled for
    /// x86-64-v3 (the givens go in before the search chooses its copy).
    fn clear_portable(&mut self, b: usize, cells: Self::Band, d: usize);
    /// The rest of the row, the column and the block of the cell at `bit` (of its band).
    fn houses(bit: Self::Band) -> (Self::Band, Self::Band, Self::Band);
    /// Records digit `d` at `bit` of band `b` as placed.
    fn hold(&mut self, d: usize, b: usize, bit: Self::Band);

    /// The state of a puzzle's givens (row-major, 0 for an empty cell), placed and not
    /// propagated; `None` when a given is out of range or two contradict.
    fn with_givens(givens: &[u8]) -> Option<Self> {
        let mut state = Self::new();
        let mut ok = givens.len() == Self::DIGITS * Self::DIGITS;
        for (cell, &g) in givens.iter().enumerate() {
            if (1..=Self::DIGITS).contains(&(g as usize)) {
                let bit = Self::Band::cell(cell % Self::Band::CELLS);
                ok &= state
                    .place(g as usize - 1, cell / Self::Band::CELLS, bit)
                    .is_ok();
            } else {
                ok &= g == 0;
            }
        }
        ok.then_some(state)
    }

    /// Fixes digit `d` (0-based) at `bit` of band `b`: the cell loses every other digit, the
    /// digit leaves the rest of the cell's row, block and column.
    #[inline]
    fn place(&mut self, d: usize, b: usize, bit: Self::Band) -> Result<(), Contradiction> {
        if self.mask(b, d) & bit == Self::Band::EMPTY {
            return Err(Contradiction);
        }
        self.clear_portable(b, bit, d);
        self.settle(d, b, bit);
        Ok(())
    }

    /// The digit's side of [`Board::place`]: `d` leaves the rest of the row, block and
    /// column of the cell at `bit` of band `b`, which it must hold and which the other
    /// digits must have left.
    #[inline(always)]
    fn settle(&mut self, d: usize, b: usize, bit: Self::Band) {
        let (row, column, block) = Self::houses(bit);
        for other in 0..Self::BANDS {
            let keep = if other == b { !(row | block) } else { !column };
            self.restrict(d, other, keep);
        }
        self.hold(d, b, bit);
    }

    /// Places the cells `singles` of band `b`, each with the one digit it has left; fails on
    /// one that has none left (a placement before it took its last). Returns whether it
    /// placed anything.
    #[inline(always)]
    fn settle_singles(&mut self, b: usize, mut singles: Self::Band) -> Result<bool, Contradiction> {
        let mut placed = false;
        while singles != Self::Band::EMPTY {
            let bit = singles.lowest();
            singles = singles.without_lowest();
            // The cell's one digit: nothing else to take from it.
            let d = (0..Self::DIGITS)
                .find(|&d| self.mask(b, d) & bit != Self::Band::EMPTY)
                .ok_or(Contradiction)?;
            self.settle(d, b, bit);
            placed = true;
        }
        Ok(placed)
    }

    /// Keeps only the candidates `keep(b, d)` of each band b and digit d.
    #[inline(always)]
    fn restrict_all(&mut self, keep: impl Fn(usize, usize) -> Self::Band) {
        for b in 0..Self::BANDS {
            for d in 0..Self::DIGITS {
                self.restrict(d, b, keep(b, d));
            }
        }
    }

    /// The candidates of the cell at `bit` of band `b`, bit d for digit d+1.
    #[inline(always)]
    fn digits(&self, b: usize, bit: Self::Band) -> u32 {
        // By the bit itself, not its index: a `u128` shifted by a variable amount is a
        // library call in wasm (25 a call at 25×25).
        let mut digits = 0;
        for d in 0..Self::DIGITS {
            digits |= u32::from(self.mask(b, d) & bit != Self::Band::EMPTY) << d;
        }
        digits
    }
}

/// The solution in `masks` (`masks[b][d]`: the cells of band b that hold digit d), row-major,
/// digits 1..=D, digit d of the state being `names[d]` + 1 of the puzzle.
pub(super) fn grid<M: Band, const D: usize, const B: usize>(
    masks: &[[M; D]; B],
    names: &[u8; D],
) -> Vec<u8> {
    let mut grid = vec![0u8; D * D];
    for (b, masks) in masks.iter().enumerate() {
        for (d, &mask) in masks.iter().enumerate() {
            let mut m = mask;
            while m != M::EMPTY {
                grid[M::CELLS * b + m.trailing_zeros() as usize] = names[d] + 1;
                m = m.without_lowest();
            }
        }
    }
    grid
}

/// What a fast path's search counts and keeps: its limits, its names for the digits, its
/// statistics and first two solutions, and what ended it.
pub(super) struct Tally<const D: usize> {
    pub(super) options: Options,
    /// `names[d]`: the puzzle's digit (0-based) that the search calls d.
    pub(super) names: [u8; D],
    pub(super) stats: Stats,
    pub(super) solutions: Vec<Vec<u8>>,
    /// What ends the search: [`End::Exhausted`] unless a limit stops it first.
    pub(super) end: End,
}

impl<const D: usize> Tally<D> {
    pub(super) fn new(options: Options) -> Tally<D> {
        Tally {
            options,
            names: std::array::from_fn(|d| d as u8),
            stats: Stats::default(),
            solutions: Vec::with_capacity(2),
            end: End::Exhausted,
        }
    }

    /// The state to search from: the givens placed and propagated (`propagate`); `None`
    /// when the givens end the search. Givens out of range or in each other's way end it
    /// before it starts; givens that propagation refutes, at the root node, refuted (unless
    /// a node limit of 0 stops it first). The search must not start from such a state: a
    /// failed propagation leaves it half done, and propagating it again finds nothing, so
    /// the probing had to find the contradiction again, trial by trial (on a 16×16 puzzle,
    /// 4,016 trials and 1.3 ms, where the general engine needs one node and 66 µs).
    pub(super) fn root<S: Board>(
        &mut self,
        givens: &[u8],
        propagate: impl FnOnce(&mut S) -> Result<(), Contradiction>,
    ) -> Option<S> {
        let mut state = S::with_givens(givens)?;
        if propagate(&mut state).is_ok() {
            return Some(state);
        }
        if self.options.node_limit == 0 {
            self.end = End::Limit;
        } else {
            self.stats.nodes += 1;
            self.stats.contradictions += 1;
        }
        None
    }

    pub(super) fn stopped(&self) -> bool {
        self.end != End::Exhausted
    }

    /// Counts a solution, keeping the first two (`grid`: the solution, given the names of
    /// the digits), and ends the search at the solution limit.
    pub(super) fn found(&mut self, grid: impl FnOnce(&[u8; D]) -> Vec<u8>) {
        self.stats.solutions += 1;
        if self.solutions.len() < 2 {
            self.solutions.push(grid(&self.names));
        }
        if self.stats.solutions >= self.options.solution_limit {
            self.end = End::Solutions;
        }
    }

    pub(super) fn outcome(self) -> Outcome {
        Outcome {
            status: self.end.status(self.stats.solutions),
            solutions: self.solutions,
            stats: self.stats,
        }
    }
}

/// Checks a probing order of the cells (`order`: each cell's band and bit in the band) of an
/// n²×n² grid: every cell once, block by block.
#[cfg(test)]
pub(super) fn assert_block_by_block(order: impl Iterator<Item = (usize, usize)>, n: usize) {
    let side = n * n;
    let mut seen = vec![[false; 128]; n];
    for (at, (b, bit)) in order.enumerate() {
        assert!(!seen[b][bit], "visited twice");
        seen[b][bit] = true;
        let (row, col) = (n * b + bit / side, bit % side);
        assert_eq!(row / n * n + col / n, at / side, "cell {at} in block");
    }
    for band in &seen {
        assert!(band[..n * side].iter().all(|&s| s), "every cell visited");
    }
}

/// Checks `fewest` (the first open cell with the fewest candidates: its band and bit) on
/// an empty grid, then with the cell at bit `at` of band 1 down to digits 1, 2 and 3, then
/// with the first cell of band 2 down to 4 and 5.
#[cfg(test)]
pub(super) fn assert_fewest_first<S: Board>(fewest: impl Fn(&S) -> (usize, S::Band), at: usize)
where
    S::Band: std::fmt::Debug,
{
    let mut state = S::new();
    assert_eq!(fewest(&state), (0, S::Band::cell(0)));
    for d in 3..S::DIGITS {
        state.restrict(d, 1, !S::Band::cell(at));
    }
    assert_eq!(fewest(&state), (1, S::Band::cell(at)));
    for d in (0..S::DIGITS).filter(|&d| d != 3 && d != 4) {
        state.restrict(d, 2, !S::Band::cell(0));
    }
    assert_eq!(fewest(&state), (2, S::Band::cell(0)));
}
