//! The stack of candidate grids that `naive` and `propagate` branch on: one frame per search
//! depth, allocated once, a branch copying its frame one level down.
//!
//! ```text
//! grids: [ depth 0: cells × u32 ][ depth 1 ][ depth 2 ] … [ spare frames ]
//! ```

use super::driver::Book;
use super::observer::{Observer, Via};
use super::stats::Rule;

/// Candidate grids by depth (a bit set of digits per cell), `cells + 1` frames for the
/// deepest search plus the spare frames an engine asks for as scratch.
pub(crate) struct Frames {
    pub(crate) cells: usize,
    spare: usize,
    pub(crate) grids: Vec<u32>,
}

impl Frames {
    /// Room for every depth of a `cells`-cell grid and `spare` scratch frames after them.
    pub(crate) fn new(cells: usize, spare: usize) -> Frames {
        Frames {
            cells,
            spare,
            grids: vec![0; cells * (cells + 1 + spare)],
        }
    }

    /// Makes room for `cells`-cell grids; true when the size changed and the frames were
    /// made anew (the engine's other per-cell buffers must follow).
    pub(crate) fn fit(&mut self, cells: usize) -> bool {
        if cells == self.cells {
            return false;
        }
        *self = Frames::new(cells, self.spare);
        true
    }

    /// The grid at `depth`.
    #[inline]
    pub(crate) fn frame(&self, depth: usize) -> &[u32] {
        &self.grids[depth * self.cells..(depth + 1) * self.cells]
    }

    /// Fills depth 0 with `full` in every cell and fixes each given, reporting it to `book`
    /// and then to `given` (the cell).
    pub(crate) fn begin<O: Observer>(
        &mut self,
        full: u32,
        givens: &[u8],
        book: &mut Book<O>,
        mut given: impl FnMut(usize),
    ) {
        self.grids[..self.cells].fill(full);
        for (cell, &d) in givens.iter().enumerate() {
            if d == 0 {
                continue;
            }
            book.place(cell, d, Rule::Given, Via::Nothing, 0);
            self.grids[cell] = 1 << (d - 1);
            given(cell);
        }
    }

    /// Opens a branch from `depth` on `cell`: copies the grid one level down and leaves the
    /// cell's smallest candidate alone there. Returns that digit and the candidates it set
    /// aside (what a `guess` event reports).
    pub(crate) fn branch(
        &mut self,
        depth: usize,
        cell: usize,
        pick: impl FnOnce(u32) -> u32,
    ) -> (u8, u32) {
        let cells = self.cells;
        let from = depth * cells;
        self.grids.copy_within(from..from + cells, from + cells);
        let m = self.grids[from + cell];
        let bit = pick(m);
        self.grids[from + cells + cell] = bit;
        (bit.trailing_zeros() as u8 + 1, m & !bit)
    }
}

/// Writes [`Search::grid`](super::Search::grid) and [`Search::depth`](super::Search::depth)
/// for an engine that keeps its grids in a field `frames` and its depth in a field `depth`.
macro_rules! grid_in_frames {
    () => {
        fn grid(&self) -> &[u32] {
            self.frames.frame(self.depth)
        }

        fn depth(&self) -> usize {
            self.depth
        }
    };
}

pub(crate) use grid_in_frames;
