//! The `dlx` engine: Knuth's Algorithm X with dancing links over the exact-cover matrix.
//!
//! A row per candidate `(cell, digit)`, a column per constraint, every link a `u32` index
//! into one flat array of nodes allocated once per size:
//!
//! ```text
//! nodes: [ 0 .. 4N²: column headers h              ][ 4N² + 4q + k: node k of row q        ]
//!          h = cell                  the cell is filled   q = cell·N + d − 1, one per candidate
//!              N² + row·N + d−1      the row has d        k = 0 1 2 3: its node in the cell,
//!             2N² + col·N + d−1      the column has d     row-digit, column-digit and
//!             3N² + block·N + d−1    the block has d      block-digit columns
//!
//! column h:  h ⇅ node ⇅ node ⇅ … ⇅ h        up/down ring through the column's rows
//! row q:     n ─ n+1 ─ n+2 ─ n+3             fixed, never unlinked: n = 4N² + 4q, a multiple
//!                                            of 4, so the nodes of node i's row are i & !3 | k
//! counts[h]: rows left in column h, + COVERED once covered (in place of a header ring)
//! ```
//!
//! Mapped onto the [`Observer`] protocol: a node chooses the column with the fewest rows;
//! none is a contradiction, one a forced placement (a hidden single for a house-digit column),
//! more a guess on its first row. Selecting a row covers its 4 columns; every other row the
//! covering removes is a candidate leaving the grid: a peer elimination, or one of the cell's
//! other digits (implied by the placement). A cell left with one candidate is reported placed
//! (a naked single) at once, as `propagate` does, and its row selected when its column comes
//! up; a cell left with none ends the node in a contradiction. A failed guess is uncovered and
//! its row then removed at the parent (a refutation), so the candidate grid is always exactly
//! the rows left in the matrix.

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;

use super::{Book, EngineKind, Observer, Options, Rule, Search, Via};

/// Trail entries: a node index in the low bits, what was done with its row in the top two.
const FORCED: u32 = 0;
const GUESS: u32 = 1 << 30;
const REFUTED: u32 = 2 << 30;
const NODE: u32 = (1 << 30) - 1;

/// Added to the count of a covered column (above any count: at most 25 rows per column).
const COVERED: i16 = 1 << 14;

/// A resumable DLX search over one classic puzzle. Owns its buffers, so it can live in a
/// wasm handle; [`Dlx::reset`] reuses them for the next puzzle of the same size.
pub struct Dlx<O: Observer> {
    geometry: &'static Geometry,
    size: usize,
    cells: usize,
    /// Index of the first row node: 4N², past the column headers.
    first: usize,
    /// Every node: column headers, then 4 per row.
    nodes: Vec<Node>,
    /// Rows left in each column, plus [`COVERED`] once it is covered (so the least count is
    /// always an open column's).
    counts: Vec<i16>,
    /// Columns not covered yet; none left is a solution.
    open: usize,
    /// What was selected or refuted, in order; undone from the end.
    trail: Vec<u32>,
    givens: Vec<u8>,
    /// The candidate grid: bit `d-1` of `grid[cell]` ⇔ row `(cell, d)` is in the matrix.
    grid: Vec<u32>,
    /// Whether cells left with one candidate are reported as placed (not while the givens
    /// go in: they are reported after all the givens).
    announcing: bool,
    /// The first cell a selection left without candidates.
    emptied: Option<usize>,
    depth: usize,
    book: Book<O>,
}

impl<O: Observer> Dlx<O> {
    /// Prepares a search; no work is done until [`Dlx::advance`] or [`Dlx::run`].
    ///
    /// # Panics
    /// When the puzzle is not classic ([`EngineKind::supports`]: DLX has no relations;
    /// [`super::Engine::new`] refuses such puzzles with an error instead).
    pub fn new(puzzle: &Puzzle, options: Options, observer: O) -> Dlx<O> {
        let mut dlx = Dlx {
            geometry: puzzle.geometry(),
            size: 0,
            cells: 0,
            first: 0,
            nodes: Vec::new(),
            counts: Vec::new(),
            open: 0,
            trail: Vec::new(),
            givens: Vec::new(),
            grid: Vec::new(),
            announcing: false,
            emptied: None,
            depth: 0,
            book: Book::new(options, observer),
        };
        dlx.reset(puzzle);
        dlx
    }

    /// Starts over on `puzzle`, keeping the buffers when the size is the same.
    pub fn reset(&mut self, puzzle: &Puzzle) {
        assert!(
            EngineKind::Dlx.supports(puzzle.kind()) && puzzle.kind().has_blocks(),
            "the dlx engine solves classic puzzles only, not {} ones",
            puzzle.kind()
        );
        let size = puzzle.size();
        self.geometry = puzzle.geometry();
        if size != self.size {
            self.allocate(size);
        }
        self.link();
        self.givens.clear();
        self.givens.extend_from_slice(puzzle.givens());
        self.grid.fill(DigitSet::full(size).bits());
        self.trail.clear();
        self.announcing = false;
        self.emptied = None;
        self.depth = 0;
        self.book.restart();
    }

    fn allocate(&mut self, size: usize) {
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
    fn link(&mut self) {
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

    /// Selects the row of every given at depth 0, then reports the cells this leaves with one
    /// candidate as placed. A given whose row is already gone (an equal given in one of its
    /// houses), or a cell left without candidates, makes the puzzle unsolvable.
    fn place_givens(&mut self) {
        for cell in 0..self.cells {
            let d = self.givens[cell];
            if d == 0 {
                continue;
            }
            let bit = 1u32 << (d - 1);
            if self.grid[cell] & bit == 0 {
                self.book.stats.contradictions += 1;
                self.book
                    .observer
                    .contradiction(Some(cell), d, Via::Cell(cell as u16), 0);
                self.book.exhausted();
                return;
            }
            self.book.stats.placements[Rule::Given as usize] += 1;
            self.book
                .observer
                .place(cell, d, Rule::Given, Via::Nothing, 0);
            let node = self.first + 4 * (cell * self.size + d as usize - 1);
            // Like `propagate`, a given's other digits are not counted as eliminations.
            let same = u64::from(self.grid[cell].count_ones() - 1);
            let removed = self.select(node, cell);
            self.book.stats.eliminations[Rule::Peer as usize] += removed - same;
        }
        self.announcing = true;
        for cell in 0..self.cells {
            let m = self.grid[cell];
            if self.givens[cell] == 0 && m & m.wrapping_sub(1) == 0 {
                self.single(cell, m);
            }
        }
        if let Some(cell) = self.emptied.take() {
            self.cell_contradiction(cell);
            self.book.exhausted();
        }
    }

    /// One node: choose the column with the fewest rows and act on it.
    fn node(&mut self) {
        self.book.stats.nodes += 1;
        self.book.observer.round(self.depth, &self.grid);
        if self.open == 0 {
            self.record_solution();
            return;
        }
        let (h, rows) = self.choose();
        match rows {
            0 => {
                self.contradiction(h);
                self.backtrack();
            }
            1 => self.force(h),
            _ => self.branch(h),
        }
        // An emptied cell is a dead end found now, before the next node (whose grid would
        // show the cell empty after it was reported placed).
        if let Some(cell) = self.emptied.take() {
            self.cell_contradiction(cell);
            self.backtrack();
        }
    }

    /// The uncovered column with the fewest rows (ties: the first in column order).
    ///
    /// A scan of the flat `counts` array rather than Knuth's walk along a header ring: the
    /// walk is a chain of dependent loads and took most of the time; the scan vectorises
    /// (`i16` lanes, 8 to a 128-bit vector even in plain SSE2), first the least count, then
    /// the first block of 16 columns holding it.
    #[inline]
    fn choose(&self) -> (usize, i16) {
        let least = self.counts.iter().copied().min().unwrap_or(0);
        let mut h = 0;
        for block in self.counts.chunks(16) {
            // No early exit inside a block, so the test is a few vector compares.
            if block.iter().fold(false, |hit, &c| hit | (c == least)) {
                h += block.iter().position(|&c| c == least).unwrap_or(0);
                break;
            }
            h += block.len();
        }
        (h, least)
    }

    /// What column `h` stands for: the cell (cell columns) or the house and digit.
    fn meaning(&self, h: usize) -> Constraint {
        let (n, cells) = (self.size, self.cells);
        let (group, rest) = (h / cells, h % cells);
        if group == 0 {
            return Constraint::Cell(rest);
        }
        let house = (group - 1) * n + rest / n;
        Constraint::House(house, (rest % n) as u8 + 1)
    }

    /// The cell and digit of the row of `node`.
    #[inline]
    fn candidate(&self, node: usize) -> (usize, u8) {
        let info = self.nodes[node].candidate;
        ((info >> 5) as usize, (info & 31) as u8 + 1)
    }

    /// Column `h` has no row left.
    fn contradiction(&mut self, h: usize) {
        match self.meaning(h) {
            Constraint::Cell(cell) => self.cell_contradiction(cell),
            Constraint::House(house, digit) => {
                self.book.stats.contradictions += 1;
                let via = Via::House(house as u8);
                self.book
                    .observer
                    .contradiction(None, digit, via, self.depth);
            }
        }
    }

    /// `cell` has no candidate left.
    fn cell_contradiction(&mut self, cell: usize) {
        self.book.stats.contradictions += 1;
        self.book
            .observer
            .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
    }

    /// `cell`, not selected, is down to the candidates `m`: one is a naked single, reported
    /// as placed at once (its row is selected later, when its column is chosen); none is a
    /// dead end, handled when the selection that emptied it is complete.
    #[cold]
    fn single(&mut self, cell: usize, m: u32) {
        if !self.announcing {
            return;
        }
        if m == 0 {
            self.emptied.get_or_insert(cell);
            return;
        }
        self.book.stats.placements[Rule::NakedSingle as usize] += 1;
        let digit = m.trailing_zeros() as u8 + 1;
        self.book
            .observer
            .place(cell, digit, Rule::NakedSingle, Via::Nothing, self.depth);
    }

    /// Column `h` has one row left: select it at the current depth. A cell column's
    /// placement was reported when the cell was left with one candidate.
    fn force(&mut self, h: usize) {
        let node = self.nodes[h].down as usize;
        let (cell, digit) = self.candidate(node);
        let rule = match self.meaning(h) {
            Constraint::Cell(_) => Rule::NakedSingle,
            Constraint::House(house, _) => {
                let rule = match house / self.size {
                    0 => Rule::HiddenSingleRow,
                    1 => Rule::HiddenSingleColumn,
                    _ => Rule::HiddenSingleBlock,
                };
                self.book.stats.placements[rule as usize] += 1;
                let via = Via::House(house as u8);
                self.book.observer.place(cell, digit, rule, via, self.depth);
                rule
            }
        };
        self.selected(node, cell, rule);
        self.trail.push(FORCED | node as u32);
    }

    /// Column `h` has several rows: guess its first one, one level down.
    fn branch(&mut self, h: usize) {
        let node = self.nodes[h].down as usize;
        let (cell, digit) = self.candidate(node);
        self.depth += 1;
        self.book.stats.guesses += 1;
        self.book.stats.placements[Rule::Guess as usize] += 1;
        self.book
            .observer
            .guess(cell, digit, Rule::Guess, self.depth);
        self.selected(node, cell, Rule::Guess);
        self.trail.push(GUESS | node as u32);
    }

    /// Selects the row of `node` (in `cell`) and counts what it removed: the cell's other
    /// digits under `rule`, the rest as peer eliminations.
    #[inline]
    fn selected(&mut self, node: usize, cell: usize, rule: Rule) {
        let same = u64::from(self.grid[cell].count_ones() - 1);
        let removed = self.select(node, cell);
        self.book.stats.eliminations[rule as usize] += same;
        self.book.stats.eliminations[Rule::Peer as usize] += removed - same;
    }

    /// Covers the 4 columns of the row of `node` (in `cell`), the column of `node` first;
    /// returns the number of other rows removed. Each leaves the grid; those of other cells
    /// are reported as peer eliminations caused by `cell`.
    #[inline]
    fn select(&mut self, node: usize, cell: usize) -> u64 {
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
    fn unselect(&mut self, node: usize) {
        let base = node & !3;
        for k in (0..4).rev() {
            self.uncover(self.nodes[base | ((node + k) & 3)].column as usize);
        }
    }

    /// Knuth's cover: marks column `h` covered and takes every row of it out of its other
    /// columns. The rows leave the grid (the one selected in `cell` is put back by
    /// [`Dlx::select`]).
    #[inline]
    fn cover(&mut self, h: usize, cell: usize) {
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
    fn uncover(&mut self, h: usize) {
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
    fn unlink(&mut self, j: usize) {
        let Node {
            up, down, column, ..
        } = self.nodes[j];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.counts[column as usize] -= 1;
    }

    /// Puts node `j` back where [`Dlx::unlink`] took it from (its own links still say where).
    #[inline(always)]
    fn relink(&mut self, j: usize) {
        let Node {
            up, down, column, ..
        } = self.nodes[j];
        self.nodes[up as usize].down = j as u32;
        self.nodes[down as usize].up = j as u32;
        self.counts[column as usize] += 1;
    }

    /// Takes the single row of `node` out of all its columns (a refutation).
    fn hide(&mut self, node: usize) {
        let base = node & !3;
        for k in 0..4 {
            self.unlink(base | k);
        }
        let (cell, digit) = self.candidate(node);
        self.grid[cell] &= !(1 << (digit - 1));
    }

    /// Undoes [`Dlx::hide`] of the same node.
    fn unhide(&mut self, node: usize) {
        let base = node & !3;
        for k in (0..4).rev() {
            self.relink(base | k);
        }
        let (cell, digit) = self.candidate(node);
        self.grid[cell] |= 1 << (digit - 1);
    }

    /// Returns from a dead end or a finished subtree: undoes everything back to the latest
    /// guess, undoes the guess, and removes its row at the parent (it failed there). Ends the
    /// search when no guess is open.
    fn backtrack(&mut self) {
        while self.depth > 0 {
            let Some(entry) = self.trail.pop() else {
                break;
            };
            let node = (entry & NODE) as usize;
            match entry & !NODE {
                REFUTED => self.unhide(node),
                FORCED => self.unselect(node),
                _ => {
                    self.book.observer.backtrack(self.depth);
                    self.unselect(node);
                    self.depth -= 1;
                    self.book.stats.backtracks += 1;
                    self.hide(node);
                    self.trail.push(REFUTED | node as u32);
                    let (cell, digit) = self.candidate(node);
                    self.book.stats.eliminations[Rule::Refutation as usize] += 1;
                    self.book.observer.eliminate(
                        cell,
                        DigitSet::single(digit),
                        Rule::Refutation,
                        Via::Nothing,
                        self.depth,
                    );
                    // The cell had two candidates or more when guessed: never empty now.
                    let m = self.grid[cell];
                    if m & (m - 1) == 0 {
                        self.single(cell, m);
                    }
                    return;
                }
            }
        }
        self.book.exhausted();
    }

    /// Every column is covered: the selected rows are a solution.
    fn record_solution(&mut self) {
        if !self.book.found(&self.grid, self.depth) {
            self.backtrack();
        }
    }
}

/// One node of the matrix: its column ring links, and for row nodes the candidate.
#[derive(Clone, Copy, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The column header (a header's is itself).
    column: u32,
    /// `cell << 5 | digit - 1` of the row (0 for headers).
    candidate: u32,
}

/// What a column of the matrix requires.
enum Constraint {
    /// The cell holds a digit.
    Cell(usize),
    /// The house holds the digit.
    House(usize, u8),
}

impl<O: Observer> Search for Dlx<O> {
    type Observer = O;

    fn book(&self) -> &Book<O> {
        &self.book
    }

    fn book_mut(&mut self) -> &mut Book<O> {
        &mut self.book
    }

    fn begin(&mut self) {
        self.place_givens();
    }

    fn node(&mut self) {
        Dlx::node(self);
    }

    fn grid(&self) -> &[u32] {
        &self.grid
    }

    fn depth(&self) -> usize {
        self.depth
    }

    fn reset(&mut self, puzzle: &Puzzle) {
        Dlx::reset(self, puzzle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Silent;
    use crate::search::Status;

    fn empty(size: usize) -> Dlx<Silent> {
        let puzzle = Puzzle::classic(vec![0; size * size]).unwrap();
        Dlx::new(&puzzle, Options::default(), Silent)
    }

    /// Everything the links hold, in one list to compare before and after.
    fn snapshot<O: Observer>(dlx: &Dlx<O>) -> Vec<i64> {
        let links = dlx.nodes.iter().flat_map(|n| [n.up, n.down]);
        let counts = dlx.counts.iter().map(|&c| c as i64);
        (links.chain(dlx.grid.iter().copied()).map(i64::from))
            .chain(counts)
            .chain([dlx.open as i64])
            .collect()
    }

    /// The node of candidate `(cell, digit)` in its cell column.
    fn node(dlx: &Dlx<impl Observer>, cell: usize, digit: usize) -> usize {
        dlx.first + 4 * (cell * dlx.size + digit - 1)
    }

    #[test]
    fn a_fresh_matrix_has_n_rows_in_each_of_its_4n2_columns() {
        for size in crate::geometry::CLASSIC_SIZES {
            let dlx = empty(size);
            assert_eq!(dlx.counts.len(), 4 * size * size);
            assert!(dlx.counts.iter().all(|&c| c == size as i16));
            for h in 0..dlx.counts.len() {
                let mut rows = 0;
                let mut i = dlx.nodes[h].down as usize;
                while i != h {
                    assert_eq!(dlx.nodes[i].column as usize, h);
                    assert_eq!(dlx.nodes[dlx.nodes[i].down as usize].up as usize, i);
                    rows += 1;
                    i = dlx.nodes[i].down as usize;
                }
                assert_eq!(rows, size, "column {h} of size {size}");
            }
        }
    }

    #[test]
    fn selecting_a_row_places_the_cell_and_removes_the_digit_from_its_peers() {
        let mut dlx = empty(9);
        let cell = 40; // r5c5
        let removed = dlx.select(node(&dlx, cell, 7), cell);
        assert_eq!(
            removed,
            8 + 20,
            "its other 8 digits and 7 from its 20 peers"
        );
        assert_eq!(dlx.grid[cell], 1 << 6);
        let geometry = Geometry::classic(9).unwrap();
        for c in 0..81 {
            let expected = if c == cell {
                1 << 6
            } else if geometry.peers(cell).contains(&(c as u16)) {
                0x1FF & !(1 << 6)
            } else {
                0x1FF
            };
            assert_eq!(dlx.grid[c], expected, "cell {c}");
        }
        assert_eq!(dlx.open, 4 * 81 - 4);
    }

    #[test]
    fn unselect_and_unhide_restore_every_link_exactly() {
        let mut dlx = empty(6);
        let before = snapshot(&dlx);
        let a = node(&dlx, 0, 3);
        // Select through a house column (node 2 of the row), then another row, then refute.
        dlx.select(a | 2, 0);
        let b = node(&dlx, 20, 5);
        dlx.select(b + 1, 20);
        let c = node(&dlx, 35, 1);
        dlx.hide(c);
        assert_ne!(snapshot(&dlx), before);
        dlx.unhide(c);
        dlx.unselect(b + 1);
        dlx.unselect(a | 2);
        assert!(snapshot(&dlx) == before);
    }

    #[test]
    fn columns_are_chosen_fewest_rows_first_then_in_column_order() {
        let mut dlx = empty(4);
        assert_eq!(dlx.choose(), (0, 4));
        dlx.hide(node(&dlx, 5, 2));
        // Cell r2c2 (column 5) and three house-digit columns now have 3 rows: the cell first.
        assert_eq!(dlx.choose(), (5, 3));
        let peer = node(&dlx, 0, 1);
        dlx.select(peer, 0);
        // r2c2 is down to 3 and 4, the first column with two rows.
        assert_eq!(dlx.choose(), (5, 2));
    }

    /// Records placements and refutations as `(kind, cell, digit, depth)`.
    #[derive(Default)]
    struct Decisions {
        events: Vec<(&'static str, usize, u8, usize)>,
        places: Vec<(usize, u8, Rule, Via, usize)>,
    }

    impl Observer for Decisions {
        fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
            self.places.push((cell, digit, rule, via, depth));
        }
        fn guess(&mut self, cell: usize, digit: u8, _: Rule, depth: usize) {
            self.events.push(("guess", cell, digit, depth));
        }
        fn backtrack(&mut self, depth: usize) {
            self.events.push(("backtrack", 0, 0, depth));
        }
        fn eliminate(&mut self, cell: usize, removed: DigitSet, rule: Rule, _: Via, depth: usize) {
            if rule == Rule::Refutation {
                let digit = removed.min().unwrap_or(0);
                self.events.push(("refutation", cell, digit, depth));
            }
        }
    }

    #[test]
    fn a_house_digit_column_with_one_row_is_a_hidden_single_in_that_house() {
        // 1 is given in r2c4, r3c7, r4c2 and r7c3: in row 1 it fits only r1c1 (and in
        // column 1 and block 1 too, but the row's column comes first).
        let mut givens = vec![0; 81];
        for (r, c) in [(1, 3), (2, 6), (3, 1), (6, 2)] {
            givens[r * 9 + c] = 1;
        }
        let puzzle = Puzzle::classic(givens).unwrap();
        let mut dlx = Dlx::new(&puzzle, Options::default(), Decisions::default());
        dlx.advance(1);
        let first = dlx.observer().places[4];
        assert_eq!(first, (0, 1, Rule::HiddenSingleRow, Via::House(0), 0));
        assert_eq!(dlx.stats().placements[Rule::HiddenSingleRow as usize], 1);
        assert_eq!(dlx.grid()[0], 1);
    }

    #[test]
    fn every_backtrack_refutes_its_guess_one_level_up() {
        let mut dlx = Dlx::new(
            &Puzzle::classic(vec![0; 16]).unwrap(),
            Options {
                solution_limit: 1000,
                ..Options::default()
            },
            Decisions::default(),
        );
        assert_eq!(dlx.run(), Status::Multiple);
        assert_eq!(dlx.stats().solutions, 288);
        let events = &dlx.observer().events;
        let mut open = Vec::new();
        for (i, &(kind, cell, digit, depth)) in events.iter().enumerate() {
            match kind {
                "guess" => open.push((cell, digit, depth)),
                "backtrack" => {
                    let (cell, digit, guessed_at) = open.pop().unwrap();
                    assert_eq!(guessed_at, depth);
                    assert_eq!(events[i + 1], ("refutation", cell, digit, depth - 1));
                }
                _ => {}
            }
        }
        // Every dead end but the last, at the root, backtracks once.
        let stats = dlx.stats();
        assert_eq!(stats.backtracks, stats.solutions + stats.contradictions - 1);
        assert!(open.is_empty(), "the search ends at the root");
    }
}
