//! The matrix of the `dlx` engine: its nodes, how it is built, and Knuth's cover, uncover,
//! select and hide over it (the layout is drawn in the module docs of `dlx`).

use crate::digits::DigitSet;

use crate::search::observer::{Observer, Via};
use crate::search::stats::Rule;

use super::engine::Dlx;
use super::node::{Node, COVERED};

impl<O: Observer> Dlx<O> {
    pub(super) fn allocate(&mut self, size: usize) {
        let cells = size * size;
        let headers = 4 * cells;
        self.size = size;
        self.cells = cells;
        self.first = headers;
        self.nodes = vec![Node::default(); headers + 4 * cells * size];
        self.counts = vec![0; headers];
        // At most every cell selected and every row refuted at once.
        self.trail = Vec::with_capacity(cells + cells * size);
        self.grid = vec![0; cells];
    }
    /// Builds the full matrix: every row in, every column uncovered.
    pub(super) fn link(&mut self) {
        let n = self.size;
        let cells = self.cells;
        let headers = 4 * cells;
        self.open = headers;
        for h in 0..headers {
            self.nodes[h] = Node {
                up: h as u32,
                down: h as u32,
                column: h as u32,
                candidate: 0,
            };
            self.counts[h] = 0;
        }
        for cell in 0..cells {
            let houses = self.geometry.houses_of(cell);
            for d in 0..n {
                let q = cell * n + d;
                // House h holding digit d is column N² + h·N + d (houses: rows, columns,
                // blocks), so the row's nodes come in the order of the diagram.
                let mut columns = [cell; 4];
                for (column, &h) in columns[1..].iter_mut().zip(houses) {
                    *column = cells + h as usize * n + d;
                }
                // Rows are appended in (cell, digit) order, so a column lists the smallest
                // digit (cell columns) or the first cell (house columns) first.
                for (k, &h) in columns.iter().enumerate() {
                    let node = self.first + 4 * q + k;
                    let last = self.nodes[h].up;
                    self.nodes[node] = Node {
                        up: last,
                        down: h as u32,
                        column: h as u32,
                        candidate: (cell as u32) << 5 | d as u32,
                    };
                    self.nodes[last as usize].down = node as u32;
                    self.nodes[h].up = node as u32;
                    self.counts[h] += 1;
                }
            }
        }
    }
    /// Selects the row of `node` (in `cell`) and counts what it removed: the cell's other
    /// digits under `rule`, the rest as peer eliminations.
    #[inline]
    pub(super) fn selected(&mut self, node: usize, cell: usize, rule: Rule) {
        let same = u64::from(self.grid[cell].count_ones() - 1);
        let removed = self.select(node, cell);
        self.book.stats.eliminations[rule as usize] += same;
        self.book.stats.eliminations[Rule::Peer as usize] += removed - same;
    }
    /// Covers the 4 columns of the row of `node` (in `cell`), the column of `node` first;
    /// returns the number of other rows removed. Each leaves the grid; those of other cells
    /// are reported as peer eliminations caused by `cell`.
    #[inline]
    pub(super) fn select(&mut self, node: usize, cell: usize) -> u64 {
        let base = node & !3;
        let mut removed = 0;
        for k in 0..4 {
            let h = self.nodes[base | ((node + k) & 3)].column as usize;
            removed += self.counts[h] as u64;
            self.cover(h, cell);
        }
        // Covering cleared every digit of the cell, the selected one too: it stays.
        self.grid[cell] = 1 << (self.nodes[node].candidate & 31);
        // The selected row was counted in the first column it covered.
        removed - 1
    }
    /// Undoes [`Dlx::select`] of the same node.
    #[inline]
    pub(super) fn unselect(&mut self, node: usize) {
        let base = node & !3;
        for k in (0..4).rev() {
            self.uncover(self.nodes[base | ((node + k) & 3)].column as usize);
        }
    }
    /// Knuth's cover: marks column `h` covered and takes every row of it out of its other
    /// columns. The rows leave the grid (the one selected in `cell` is put back by
    /// [`Dlx::select`]).
    #[inline]
    pub(super) fn cover(&mut self, h: usize, cell: usize) {
        // A covered column's count never changes: its rows are in no other open column.
        self.counts[h] += COVERED;
        self.open -= 1;
        let mut i = self.nodes[h].down as usize;
        while i != h {
            let base = i & !3;
            for k in 1..4 {
                self.unlink(base | ((i + k) & 3));
            }
            let info = self.nodes[i].candidate;
            let (c, bit) = ((info >> 5) as usize, 1u32 << (info & 31));
            let m = self.grid[c] & !bit;
            self.grid[c] = m;
            // The cell's own other digits go with the placement, unreported.
            if c != cell {
                self.book.observer.eliminate(
                    c,
                    DigitSet::from_bits(bit),
                    Rule::Peer,
                    Via::Cell(cell as u16),
                    self.depth,
                );
                if m & m.wrapping_sub(1) == 0 {
                    self.single(c, m);
                }
            }
            i = self.nodes[i].down as usize;
        }
    }
    /// Undoes [`Dlx::cover`] of the same column, in exactly the reverse order.
    #[inline]
    pub(super) fn uncover(&mut self, h: usize) {
        let mut i = self.nodes[h].up as usize;
        while i != h {
            let base = i & !3;
            for k in (1..4).rev() {
                self.relink(base | ((i + k) & 3));
            }
            let info = self.nodes[i].candidate;
            self.grid[(info >> 5) as usize] |= 1 << (info & 31);
            i = self.nodes[i].up as usize;
        }
        self.counts[h] -= COVERED;
        self.open += 1;
    }
    /// Takes node `j` out of its column.
    #[inline(always)]
    pub(super) fn unlink(&mut self, j: usize) {
        let Node {
            up, down, column, ..
        } = self.nodes[j];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.counts[column as usize] -= 1;
    }
    /// Puts node `j` back where [`Dlx::unlink`] took it from (its own links still say where).
    #[inline(always)]
    pub(super) fn relink(&mut self, j: usize) {
        let Node {
            up, down, column, ..
        } = self.nodes[j];
        self.nodes[up as usize].down = j as u32;
        self.nodes[down as usize].up = j as u32;
        self.counts[column as usize] += 1;
    }
    /// Takes the single row of `node` out of all its columns (a refutation).
    pub(super) fn hide(&mut self, node: usize) {
        let base = node & !3;
        for k in 0..4 {
            self.unlink(base | k);
        }
        let (cell, digit) = self.candidate(node);
        self.grid[cell] &= !(1 << (digit - 1));
    }
    /// Undoes [`Dlx::hide`] of the same node.
    pub(super) fn unhide(&mut self, node: usize) {
        let base = node & !3;
        for k in (0..4).rev() {
            self.relink(base | k);
        }
        let (cell, digit) = self.candidate(node);
        self.grid[cell] |= 1 << (digit - 1);
    }
}
