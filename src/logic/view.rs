//! [`View`]: a board as the techniques read it, with where each digit can go in each house
//! worked out once.

use std::cell::OnceCell;

use super::almost_locked::AlsIndex;
use super::barren::Barren;
use super::board::Board;
use super::technique::Technique;
use crate::digits::MAX_SIZE;

/// A board with what most techniques ask first worked out once: where each digit can go in
/// each house.
pub(crate) struct View<'b> {
    pub board: &'b Board,
    /// `positions[h * size + d - 1]`: [`Board::positions`] of digit `d` in house `h`.
    positions: Vec<u32>,
    /// The almost locked sets, worked out the first time an ALS technique asks.
    als: OnceCell<AlsIndex>,
    /// Chains and rectangles as Sudoku Explainer has them, for a grade on its scale
    /// ([`Techniques::explainer_forms`](super::technique::Techniques::explainer_forms)).
    pub explainer_forms: bool,
    /// What a run of steps knows its one-digit techniques find nothing on (none for a
    /// board looked at once).
    pub barren: Option<&'b Barren>,
}

impl<'b> View<'b> {
    pub fn new(board: &'b Board) -> View<'b> {
        let size = board.size();
        let geometry = board.geometry();
        let mut positions = vec![0u32; geometry.house_count() * size];
        for h in 0..geometry.house_count() {
            let row = &mut positions[h * size..(h + 1) * size];
            for (i, &c) in geometry.house(h).iter().enumerate() {
                let c = c as usize;
                if !board.is_open(c) {
                    continue;
                }
                let mut m = board.candidates(c);
                while m != 0 {
                    row[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        View {
            board,
            positions,
            als: OnceCell::new(),
            explainer_forms: false,
            barren: None,
        }
    }

    /// `find()`, technique `t`'s search of digit `d` alone — skipped when the run of steps
    /// knows it finds nothing on `d`'s places ([`Barren`]). `find` must read nothing but those
    /// places (and the grid's shape): its "nothing" is remembered by them.
    pub fn one_digit<R>(&self, t: Technique, d: u8, find: impl FnOnce() -> Option<R>) -> Option<R> {
        match self.barren {
            Some(barren) => {
                let mut places = [0; MAX_SIZE];
                for (p, row) in places.iter_mut().zip(self.rows()) {
                    *p = self.positions(row, d);
                }
                barren.unless_known(t, d, places, find)
            }
            None => find(),
        }
    }

    /// The board's almost locked sets (built on first use, then shared).
    pub fn als(&self) -> &AlsIndex {
        self.als.get_or_init(|| AlsIndex::new(self.board))
    }

    /// Where digit `d` can go in house `h` (bit `i`: the `i`-th cell of the house).
    #[inline]
    pub fn positions(&self, h: usize, d: u8) -> u32 {
        self.positions[h * self.board.size() + d as usize - 1]
    }

    /// The cells of house `h` at the positions of `mask`.
    pub fn cells_at(&self, h: usize, mask: u32) -> impl Iterator<Item = usize> + 'b {
        let house = self.board.geometry().house(h);
        let mut m = mask;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(house[i] as usize)
        })
    }

    /// The rows, columns and blocks as ranges of house numbers.
    pub fn rows(&self) -> std::ops::Range<usize> {
        0..self.board.size()
    }

    pub fn columns(&self) -> std::ops::Range<usize> {
        let n = self.board.size();
        n..2 * n
    }

    pub fn blocks(&self) -> std::ops::Range<usize> {
        let n = self.board.size();
        if self.board.geometry().block_shape().is_some() {
            2 * n..3 * n
        } else {
            0..0
        }
    }

    /// Every digit of the grid.
    pub fn digits(&self) -> std::ops::RangeInclusive<u8> {
        1..=self.board.size() as u8
    }
}
