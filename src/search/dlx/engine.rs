//! The `dlx` engine's search over its matrix: the column to branch on, forced rows,
//! guesses, backtracking, and the [`Search`] contract.

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;

use crate::search::driver::{book_in_field, Book, Search};
use crate::search::observer::{Observer, Via};
use crate::search::options::{EngineKind, Options};
use crate::search::stats::Rule;

use super::node::Node;

/// Trail entries: a node index in the low bits, what was done with its row in the top two.
const FORCED: u32 = 0;
const GUESS: u32 = 1 << 30;
const REFUTED: u32 = 2 << 30;
const NODE: u32 = (1 << 30) - 1;

/// A resumable DLX search over one classic puzzle. Owns its buffers, so it can live in a
/// wasm handle; [`Search::reset`] reuses them for the next puzzle of the same size.
pub struct Dlx<O: Observer> {
    pub(super) geometry: &'static Geometry,
    pub(super) size: usize,
    pub(super) cells: usize,
    /// Index of the first row node: 4N², past the column headers.
    pub(super) first: usize,
    /// Every node: column headers, then 4 per row.
    pub(super) nodes: Vec<Node>,
    /// Rows left in each column, plus [`COVERED`] once it is covered (so the least count is
    /// always an open column's).
    pub(super) counts: Vec<i16>,
    /// Columns not covered yet; none left is a solution.
    pub(super) open: usize,
    /// What was selected or refuted, in order; undone from the end.
    pub(super) trail: Vec<u32>,
    pub(super) givens: Vec<u8>,
    /// The candidate grid: bit `d-1` of `grid[cell]` ⇔ row `(cell, d)` is in the matrix.
    pub(super) grid: Vec<u32>,
    /// Whether cells left with one candidate are reported as placed (not while the givens
    /// go in: they are reported after all the givens).
    pub(super) announcing: bool,
    /// The first cell a selection left without candidates.
    pub(super) emptied: Option<usize>,
    pub(super) depth: usize,
    pub(super) book: Book<O>,
}

impl<O: Observer> Dlx<O> {
    /// Prepares a search; no work is done until [`Search::advance`] or [`Search::run`].
    ///
    /// # Panics
    /// When the puzzle is not classic ([`EngineKind::supports`]: DLX has no relations;
    /// [`Engine::new`](crate::search::Engine::new) refuses such puzzles with an error instead).
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

    /// The uncovered column with the fewest rows (ties: the first in column order).
    ///
    /// A scan of the flat `counts` array rather than Knuth's walk along a header ring: the
    /// walk is a chain of dependent loads and took most of the time; the scan vectorises
    /// (`i16` lanes, 8 to a 128-bit vector even in plain SSE2), first the least count, then
    /// the first block of 16 columns holding it.
    #[inline]
    pub(super) fn choose(&self) -> (usize, i16) {
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
    pub(super) fn candidate(&self, node: usize) -> (usize, u8) {
        let info = self.nodes[node].candidate;
        ((info >> 5) as usize, (info & 31) as u8 + 1)
    }

    /// Column `h` has no row left.
    fn contradiction(&mut self, h: usize) {
        match self.meaning(h) {
            Constraint::Cell(cell) => self.cell_contradiction(cell),
            Constraint::House(house, digit) => {
                let via = Via::House(house as u8);
                self.book.contradiction(None, digit, via, self.depth);
            }
        }
    }

    /// `cell` has no candidate left.
    fn cell_contradiction(&mut self, cell: usize) {
        self.book
            .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
    }

    /// `cell`, not selected, is down to the candidates `m`: one is a naked single, reported
    /// as placed at once (its row is selected later, when its column is chosen); none is a
    /// dead end, handled when the selection that emptied it is complete.
    #[cold]
    pub(super) fn single(&mut self, cell: usize, m: u32) {
        if !self.announcing {
            return;
        }
        if m == 0 {
            self.emptied.get_or_insert(cell);
            return;
        }
        let digit = m.trailing_zeros() as u8 + 1;
        self.book
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
                let via = Via::House(house as u8);
                self.book.place(cell, digit, rule, via, self.depth);
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
        // The cell's other digits are counted by `selected`.
        self.book.guess(cell, digit, 0, self.depth);
        self.selected(node, cell, Rule::Guess);
        self.trail.push(GUESS | node as u32);
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
                    self.book.backtrack(self.depth);
                    self.unselect(node);
                    self.depth -= 1;
                    self.hide(node);
                    self.trail.push(REFUTED | node as u32);
                    let (cell, digit) = self.candidate(node);
                    let bit = 1 << (digit - 1);
                    self.book
                        .eliminate(cell, bit, Rule::Refutation, Via::Nothing, self.depth);
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

    book_in_field!();

    /// Selects the row of every given at depth 0, then reports the cells this leaves with one
    /// candidate as placed. A given whose row is already gone (an equal given in one of its
    /// houses), or a cell left without candidates, makes the puzzle unsolvable.
    fn begin(&mut self) {
        for cell in 0..self.cells {
            let d = self.givens[cell];
            if d == 0 {
                continue;
            }
            let bit = 1u32 << (d - 1);
            if self.grid[cell] & bit == 0 {
                self.book
                    .contradiction(Some(cell), d, Via::Cell(cell as u16), 0);
                self.book.exhausted();
                return;
            }
            self.book.place(cell, d, Rule::Given, Via::Nothing, 0);
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
            // Every column is covered: the selected rows are a solution.
            if !self.book.found(&self.grid, self.depth) {
                self.backtrack();
            }
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

    fn grid(&self) -> &[u32] {
        &self.grid
    }

    fn depth(&self) -> usize {
        self.depth
    }

    /// Starts over on `puzzle`, keeping the buffers when the size is the same.
    fn reset(&mut self, puzzle: &Puzzle) {
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
}
