//! The `propagate` engine: constraint propagation to a fixed point, then branching on the
//! most constrained cell, with an explicit stack so it can pause anywhere.
//!
//! State is one candidate grid per depth, copied on branch (no undo log):
//!
//! ```text
//! grids: [ depth 0: cells × u32 ][ depth 1 ][ depth 2 ] …   (allocated once, cells + 2 frames)
//! choices[d] = (cell, digit) tried to go from depth d to d + 1
//! ```
//! A cell whose set has one digit is *placed*; its digit leaves its peers exactly once, when it
//! leaves the queue. When a branch fails, its digit is removed from the cell in the parent grid
//! (a refutation) and the parent is propagated again — the last branch of a cell is never
//! copied. Probing (see [`Strategy`]) tries a digit one level down in the same way and keeps
//! only the refutations.
//!
//! Hidden singles are looked for only in *dirty* houses, those in which some candidate changed
//! since the last look (a bit set over house numbers).

use std::sync::OnceLock;

use crate::digits::{DigitSet, MAX_SIZE};
use crate::geometry::{Geometry, HouseKind};
use crate::puzzle::Puzzle;

use super::{Book, Observer, Options, Rule, Search, Strategy, Via};

/// Where the blocks meet the lines, for locked candidates: one [`Side`] for rows against
/// blocks and one for columns against blocks. Built once per size, like [`Geometry`].
struct Crossings {
    sides: [Side; 2],
}

/// One side of [`Crossings`]. A *segment* is the part of a line inside one block; segment
/// `s = line * segs + k` is where `line` crosses the `k`-th block on its way. A *band* is the
/// `band_lines` lines that cross the same blocks:
///
/// ```text
/// rows side of 9×9:   line 0: seg 0 | seg 1 | seg 2     band 0 = lines 0-2 = blocks 1-3
///                     line 1: seg 3 | seg 4 | seg 5
///                     line 2: seg 6 | seg 7 | seg 8
/// ```
struct Side {
    /// The cells of segment `s` are `cells[s * len..(s + 1) * len]`, in line order.
    cells: Vec<u16>,
    /// The block house of each segment.
    blocks: Vec<u8>,
    /// The line and block houses of each segment as a bit set over house numbers.
    houses: Vec<u128>,
    /// The houses of each band (its lines and its blocks) as a bit set over house numbers.
    bands: Vec<u128>,
    /// The house number of line 0 (rows come first, then columns).
    first_line: usize,
    len: usize,
    segs: usize,
    band_lines: usize,
}

/// The digits of the cells `house` of `grid` (its first `n`): those in at least one cell
/// and those in two or more.
#[inline(always)]
fn once_and_twice(grid: &[u32], house: &[u16], n: usize) -> (u32, u32) {
    let (mut once, mut twice) = (0u32, 0u32);
    for &c in &house[..n] {
        let m = grid[c as usize];
        twice |= once & m;
        once |= m;
    }
    (once, twice)
}

/// Which of the cells `peers` of `grid` (its first `n`, at most 64) hold a digit of `bit`:
/// bit `i` of the result for `peers[i]`.
#[inline(always)]
fn holders(grid: &[u32], peers: &[u16], bit: u32, n: usize) -> u64 {
    let mut hits = 0u64;
    for (i, &peer) in peers[..n].iter().enumerate() {
        hits |= ((grid[peer as usize] & bit != 0) as u64) << i;
    }
    hits
}

/// The most segments a line crosses, and the most lines in a band (25×25: 5 blocks of 5).
const MAX_BLOCK: usize = 5;

static CROSSINGS: [OnceLock<Crossings>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

impl Crossings {
    /// The table of a classic geometry, `None` without blocks.
    fn of(geometry: &Geometry) -> Option<&'static Crossings> {
        let (br, bc) = geometry.block_shape()?;
        let n = geometry.size();
        Some(CROSSINGS[n].get_or_init(|| {
            let blocks_across = n / bc;
            let side = |transposed: bool| {
                let (len, segs, band_lines) = if transposed {
                    (br, n / br, bc)
                } else {
                    (bc, n / bc, br)
                };
                let mut side = Side {
                    cells: Vec::with_capacity(n * n),
                    blocks: Vec::with_capacity(n * segs),
                    houses: Vec::with_capacity(n * segs),
                    bands: vec![0; n / band_lines],
                    first_line: if transposed { n } else { 0 },
                    len,
                    segs,
                    band_lines,
                };
                for line in 0..n {
                    for k in 0..segs {
                        for pos in k * len..(k + 1) * len {
                            let (row, col) = if transposed { (pos, line) } else { (line, pos) };
                            side.cells.push((row * n + col) as u16);
                        }
                        let block = if transposed {
                            k * blocks_across + line / bc
                        } else {
                            line / br * blocks_across + k
                        };
                        let houses = 1u128 << (side.first_line + line) | 1u128 << (2 * n + block);
                        side.blocks.push((2 * n + block) as u8);
                        side.houses.push(houses);
                        side.bands[line / band_lines] |= houses;
                    }
                }
                side
            };
            Crossings {
                sides: [side(false), side(true)],
            }
        }))
    }
}

/// A resumable `propagate` search over one puzzle. Owns its buffers, so it can live in a
/// wasm handle; [`Propagate::reset`] reuses them for the next puzzle of the same size.
pub struct Propagate<O: Observer> {
    geometry: &'static Geometry,
    cells: usize,
    full: u32,
    strategy: Strategy,
    /// `(smaller, larger)` cell indices of every relation.
    relations: Vec<(u16, u16)>,
    /// The relations of cell `c` are `cell_relations[relation_start[c]..relation_start[c + 1]]`.
    relation_start: Vec<u32>,
    cell_relations: Vec<u16>,
    /// Relations to look at again: one of their cells changed (each queued once).
    relation_queue: Vec<u16>,
    relation_queued: Vec<bool>,
    givens: Vec<u8>,
    grids: Vec<u32>,
    choices: Vec<(u16, u8)>,
    depth: usize,
    /// Cells that became single and still have to be removed from their peers.
    queue: Vec<u16>,
    /// Houses where a candidate changed since hidden singles last looked.
    dirty: u128,
    /// Per depth, one set per house: the digits of its placed cells whose digit has left
    /// their peers (frames of `house_count` sets, like `grids`). Hidden singles run on an
    /// empty queue, when these are exactly the digits of the house's one-candidate cells.
    solved: Vec<u32>,
    /// Houses where a candidate changed since locked candidates last looked.
    locked_dirty: u128,
    /// Where blocks meet lines (`None` without blocks).
    crossings: Option<&'static Crossings>,
    /// Scratch for locked candidates: the candidates of each segment of the side in hand.
    segments: [u32; 125],
    /// Conflict weight of each cell, for weighted branching: the sum over its houses of one
    /// plus the contradictions seen there (kept per cell so branching need not add it up).
    weights: Vec<u64>,
    /// Whether probing is on (from `strategy.probe_after` nodes on).
    probing: bool,
    /// Lookahead score of each probed cell: the product of (eliminations + 1) of its trials.
    scores: Vec<u64>,
    /// Scratch for probing: the union of the grids of successful trials.
    union: Vec<u32>,
    book: Book<O>,
}

impl<O: Observer> Propagate<O> {
    /// Prepares a search; no work is done until [`Search::advance`] or [`Search::run`].
    pub fn new(puzzle: &Puzzle, options: Options, observer: O) -> Propagate<O> {
        let geometry = puzzle.geometry();
        let cells = geometry.cell_count();
        let mut search = Propagate {
            geometry,
            cells,
            full: 0,
            strategy: Strategy::SINGLES,
            relations: Vec::new(),
            relation_start: Vec::new(),
            cell_relations: Vec::new(),
            relation_queue: Vec::new(),
            relation_queued: Vec::new(),
            givens: Vec::new(),
            grids: vec![0; cells * (cells + 2)],
            choices: vec![(0, 0); cells + 1],
            depth: 0,
            queue: Vec::with_capacity(cells),
            dirty: 0,
            solved: Vec::new(),
            locked_dirty: 0,
            crossings: None,
            segments: [0; 125],
            weights: Vec::new(),
            probing: false,
            scores: vec![0; cells],
            union: vec![0; cells],
            book: Book::new(options, observer),
        };
        search.load(puzzle);
        search
    }

    fn load(&mut self, puzzle: &Puzzle) {
        let size = puzzle.size();
        self.geometry = puzzle.geometry();
        self.crossings = Crossings::of(self.geometry);
        self.full = DigitSet::full(size).bits();
        self.strategy = self
            .book
            .options
            .strategy
            .unwrap_or_else(|| Strategy::for_puzzle(puzzle));
        if !puzzle.kind().has_blocks() {
            self.strategy.locked_candidates = false;
        }
        self.relations.clear();
        self.relations.extend(
            puzzle
                .relations()
                .iter()
                .map(|r| (r.smaller.index(size) as u16, r.larger.index(size) as u16)),
        );
        // Each cell's relations, for the relation work list.
        let cells = size * size;
        self.relation_start.clear();
        self.relation_start.resize(cells + 1, 0);
        for &(lo, hi) in &self.relations {
            self.relation_start[lo as usize + 1] += 1;
            self.relation_start[hi as usize + 1] += 1;
        }
        for c in 0..cells {
            self.relation_start[c + 1] += self.relation_start[c];
        }
        self.cell_relations.clear();
        self.cell_relations.resize(2 * self.relations.len(), 0);
        let mut fill = self.relation_start.clone();
        for (i, &(lo, hi)) in self.relations.iter().enumerate() {
            for cell in [lo as usize, hi as usize] {
                self.cell_relations[fill[cell] as usize] = i as u16;
                fill[cell] += 1;
            }
        }
        self.relation_queue.clear();
        self.relation_queued.clear();
        self.relation_queued.resize(self.relations.len(), false);
        self.givens.clear();
        self.givens.extend_from_slice(puzzle.givens());
        // Every frame is written before it is read (the root by `place_givens`).
        let houses = self.geometry.house_count();
        self.solved.resize(houses * (cells + 2), 0);
        self.weights.clear();
        let houses_per_cell = self.geometry.houses_of(0).len() as u64;
        self.weights.resize(cells, houses_per_cell);
        self.probing = self.strategy.probe_after == 0;
        self.depth = 0;
        self.queue.clear();
        self.dirty = 0;
        self.locked_dirty = 0;
        self.book.restart();
    }

    /// The deductions and branching in use.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The candidates of every cell at the current depth.
    pub fn candidates(&self) -> impl Iterator<Item = DigitSet> + '_ {
        self.frame(self.depth)
            .iter()
            .map(|&m| DigitSet::from_bits(m))
    }

    #[inline]
    fn frame(&self, depth: usize) -> &[u32] {
        &self.grids[depth * self.cells..(depth + 1) * self.cells]
    }

    /// Fills depth 0 with every digit, then fixes the givens (queued for propagation).
    fn place_givens(&mut self) {
        let full = self.full;
        self.grids[..self.cells].fill(full);
        for cell in 0..self.cells {
            let d = self.givens[cell];
            if d == 0 {
                continue;
            }
            self.book.stats.placements[Rule::Given as usize] += 1;
            self.book
                .observer
                .place(cell, d, Rule::Given, Via::Nothing, 0);
            self.grids[cell] = 1 << (d - 1);
            self.queue.push(cell as u16);
        }
        let houses = self.geometry.house_count();
        self.solved[..houses].fill(0);
        self.dirty = (1u128 << houses) - 1;
        self.locked_dirty = self.dirty;
        self.touch_all_relations();
    }

    /// Propagates the top grid to a fixed point. Returns false on a contradiction.
    fn propagate(&mut self) -> bool {
        let base = self.depth * self.cells;
        let geometry = self.geometry;
        let solved_base = self.depth * geometry.house_count();
        let related = !self.relations.is_empty();
        loop {
            // Peer elimination from every newly placed cell (naked singles follow). The
            // changed houses and the count are gathered in locals (registers) and stored once.
            let (mut changed_houses, mut eliminated) = (0u128, 0u64);
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = self.grids[base + cell];
                for &h in geometry.houses_of(cell) {
                    self.solved[solved_base + h as usize] |= bit;
                }
                // First which peers have the digit, without branching (whether a peer has it
                // is a coin toss for the branch predictor), then those peers in order.
                for peers in geometry.peers(cell).chunks(64) {
                    let grid = &self.grids[base..base + self.cells];
                    // 9×9 and 16×16 get a loop of constant length, unrolled.
                    let mut hits = match peers.len() {
                        20 => holders(grid, peers, bit, 20),
                        39 => holders(grid, peers, bit, 39),
                        n => holders(grid, peers, bit, n),
                    };
                    while hits != 0 {
                        let peer = peers[hits.trailing_zeros() as usize] as usize;
                        hits &= hits - 1;
                        let m = self.grids[base + peer];
                        let left = m & !bit;
                        self.grids[base + peer] = left;
                        changed_houses |= geometry.house_mask(peer);
                        if related {
                            self.touch(peer);
                        }
                        eliminated += 1;
                        self.book.observer.eliminate(
                            peer,
                            DigitSet::from_bits(bit),
                            Rule::Peer,
                            Via::Cell(cell as u16),
                            self.depth,
                        );
                        if left == 0 {
                            // (A dead end drops the changed houses.)
                            self.book.stats.eliminations[Rule::Peer as usize] += eliminated;
                            return self.contradiction(peer);
                        }
                        if left & (left - 1) == 0 {
                            self.placed(peer, left, Rule::NakedSingle, Via::Nothing);
                        }
                    }
                }
            }
            self.book.stats.eliminations[Rule::Peer as usize] += eliminated;
            self.dirty |= changed_houses;
            self.locked_dirty |= changed_houses;
            if !self.relations.is_empty() && !self.relation_bounds() {
                return false;
            }
            if !self.queue.is_empty() {
                continue;
            }
            if self.dirty != 0 && !self.hidden_singles() {
                return false;
            }
            if !self.queue.is_empty() {
                continue;
            }
            if !self.strategy.locked_candidates || self.locked_dirty == 0 {
                return true;
            }
            match self.locked_candidates() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// `cell` has just become single (`bit`): count it, report it, queue it.
    #[inline]
    fn placed(&mut self, cell: usize, bit: u32, rule: Rule, via: Via) {
        self.book.stats.placements[rule as usize] += 1;
        self.book
            .observer
            .place(cell, bit.trailing_zeros() as u8 + 1, rule, via, self.depth);
        self.queue.push(cell as u16);
    }

    /// `cell` changed: queue its relations for another look.
    #[inline(always)]
    fn touch(&mut self, cell: usize) {
        if self.relations.is_empty() {
            return;
        }
        let (from, to) = (
            self.relation_start[cell] as usize,
            self.relation_start[cell + 1] as usize,
        );
        for k in from..to {
            let r = self.cell_relations[k] as usize;
            if !self.relation_queued[r] {
                self.relation_queued[r] = true;
                self.relation_queue.push(r as u16);
            }
        }
    }

    /// Queues every relation (a fresh grid, or one whose history is unknown).
    fn touch_all_relations(&mut self) {
        self.relation_queue.clear();
        self.relation_queue.extend(0..self.relations.len() as u16);
        self.relation_queued.fill(true);
    }

    /// Drops the queued relations (the grid they were queued for is abandoned).
    fn forget_relations(&mut self) {
        for &r in &self.relation_queue {
            self.relation_queued[r as usize] = false;
        }
        self.relation_queue.clear();
    }

    /// A dead end at `cell`, left without candidates: weigh its houses, report, drop
    /// pending work.
    #[inline]
    fn contradiction(&mut self, cell: usize) -> bool {
        for &h in self.geometry.houses_of(cell) {
            self.weigh(h as usize);
        }
        self.book
            .observer
            .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
        self.dead_end()
    }

    /// A dead end in house `h`, where `bit`'s digit has no place left.
    fn house_contradiction(&mut self, h: usize, bit: u32) -> bool {
        self.weigh(h);
        let digit = bit.trailing_zeros() as u8 + 1;
        self.book
            .observer
            .contradiction(None, digit, Via::House(h as u8), self.depth);
        self.dead_end()
    }

    /// One more contradiction in house `h`: each of its cells weighs one more.
    fn weigh(&mut self, h: usize) {
        for &c in self.geometry.house(h) {
            self.weights[c as usize] += 1;
        }
    }

    fn dead_end(&mut self) -> bool {
        self.book.stats.contradictions += 1;
        self.forget_relations();
        self.queue.clear();
        self.dirty = 0;
        self.locked_dirty = 0;
        false
    }

    /// Removes `digits` from `cell` (those it has) by `rule`; queues the cell if it became
    /// single. Returns false on a contradiction.
    #[inline]
    fn remove(&mut self, cell: usize, digits: u32, rule: Rule, via: Via) -> bool {
        let at = self.depth * self.cells + cell;
        let old = self.grids[at];
        let removed = old & digits;
        if removed == 0 {
            return true;
        }
        let new = old & !digits;
        self.grids[at] = new;
        self.dirty |= self.geometry.house_mask(cell);
        self.locked_dirty |= self.geometry.house_mask(cell);
        self.touch(cell);
        self.book.stats.eliminations[rule as usize] += removed.count_ones() as u64;
        self.book
            .observer
            .eliminate(cell, DigitSet::from_bits(removed), rule, via, self.depth);
        if new == 0 {
            return self.contradiction(cell);
        }
        if new & (new - 1) == 0 {
            self.placed(cell, new, Rule::NakedSingle, Via::Nothing);
        }
        true
    }

    /// Applies `smaller < larger` to every queued relation (those with a cell that changed)
    /// until none is left:
    /// `larger` keeps digits above `min(smaller)`, `smaller` keeps digits below `max(larger)`.
    fn relation_bounds(&mut self) -> bool {
        let base = self.depth * self.cells;
        while let Some(i) = self.relation_queue.pop() {
            let i = i as usize;
            self.relation_queued[i] = false;
            let via = Via::Relation(i as u16);
            let (lo, hi) = self.relations[i];
            let (lo, hi) = (lo as usize, hi as usize);
            let l = self.grids[base + lo];
            let h = self.grids[base + hi];
            // Digits above the smallest candidate of `lo`: clear its lowest bit and below.
            let lowest = l & l.wrapping_neg();
            let above = !((lowest << 1).wrapping_sub(1));
            // Digits below the largest candidate of `hi`.
            let highest = if h == 0 {
                0
            } else {
                1u32 << (31 - h.leading_zeros())
            };
            let below = highest.wrapping_sub(1);
            // A narrowed cell queues its relations again (this one included).
            if h & !above != 0 && !self.remove(hi, !above, Rule::Relation, via) {
                return false;
            }
            if l & !below != 0 && !self.remove(lo, !below, Rule::Relation, via) {
                return false;
            }
        }
        true
    }

    /// Places every digit that has one place left in a dirty house; fails when a digit has
    /// no place left.
    fn hidden_singles(&mut self) -> bool {
        let base = self.depth * self.cells;
        let geometry = self.geometry;
        let solved_base = self.depth * geometry.house_count();
        debug_assert!(self.queue.is_empty());
        debug_assert_eq!(
            self.solved[solved_base..solved_base + geometry.house_count()],
            self.solved_in_grid()[..],
            "solved digits drifted from the grid"
        );
        while self.dirty != 0 {
            let h = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let house = geometry.house(h);
            let grid = &self.grids[base..base + self.cells];
            // The common sizes get a loop of constant length, unrolled.
            let (once, twice) = match house.len() {
                9 => once_and_twice(grid, house, 9),
                16 => once_and_twice(grid, house, 16),
                n => once_and_twice(grid, house, n),
            };
            let placed = self.solved[solved_base + h];
            if once != self.full {
                // Some digit has no place left in this house.
                let missing = self.full & !once;
                return self.house_contradiction(h, missing & missing.wrapping_neg());
            }
            let mut hidden = once & !twice & !placed;
            if hidden == 0 {
                continue;
            }
            let rule = match geometry.house_name(h).kind {
                HouseKind::Row => Rule::HiddenSingleRow,
                HouseKind::Column => Rule::HiddenSingleColumn,
                HouseKind::Block => Rule::HiddenSingleBlock,
            };
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let Some(&c) = house
                    .iter()
                    .find(|&&c| self.grids[base + c as usize] & bit != 0)
                else {
                    // An earlier hidden single of this house took the only place.
                    return self.house_contradiction(h, bit);
                };
                let c = c as usize;
                // The placement takes the cell's other candidates with it (counted, not
                // reported one by one).
                let removed = self.grids[base + c] & !bit;
                self.grids[base + c] = bit;
                self.dirty |= geometry.house_mask(c);
                self.touch(c);
                self.locked_dirty |= geometry.house_mask(c);
                self.book.stats.eliminations[rule as usize] += removed.count_ones() as u64;
                self.placed(c, bit, rule, Via::House(h as u8));
            }
            if !self.queue.is_empty() {
                // Propagate these placements before looking further.
                return true;
            }
        }
        true
    }

    /// Fills `segments` for `band` of `side` and tells whether some intersection there with a
    /// changed line or block has locked candidates, without removing anything.
    ///
    /// Inside an intersection, a digit is pointing or claiming when exactly one of the line and
    /// the block has it elsewhere too. With `twice` = the digits in two or more segments of
    /// the line (or of the block), `here & rest_of_line == here & twice_of_line`, so the
    /// digits to act on are `here & (twice_of_line ^ twice_of_block)`.
    #[inline]
    fn band_has_locked_candidates(&mut self, side: &Side, band: usize, changed: u128) -> bool {
        // The square shapes get loops of constant length, unrolled.
        match (side.len, side.segs, side.band_lines) {
            (3, 3, 3) => self.scan_band(side, band, changed, 3, 3, 3),
            (4, 4, 4) => self.scan_band(side, band, changed, 4, 4, 4),
            (5, 5, 5) => self.scan_band(side, band, changed, 5, 5, 5),
            (len, segs, lines) => self.scan_band(side, band, changed, len, segs, lines),
        }
    }

    /// [`Propagate::band_has_locked_candidates`] for a side of the given shape.
    #[inline(always)]
    fn scan_band(
        &mut self,
        side: &Side,
        band: usize,
        changed: u128,
        len: usize,
        segs: usize,
        band_lines: usize,
    ) -> bool {
        let base = self.depth * self.cells;
        let first = band * band_lines * segs;
        let (mut once_block, mut twice_block) = ([0u32; MAX_BLOCK], [0u32; MAX_BLOCK]);
        let mut twice_line = [0u32; MAX_BLOCK];
        for (i, twice_line) in twice_line[..band_lines].iter_mut().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for k in 0..segs {
                let s = first + i * segs + k;
                let m = side.cells[s * len..(s + 1) * len]
                    .iter()
                    .fold(0, |m, &c| m | self.grids[base + c as usize]);
                self.segments[s] = m;
                twice |= once & m;
                once |= m;
                twice_block[k] |= once_block[k] & m;
                once_block[k] |= m;
            }
            *twice_line = twice;
        }
        let mut found = 0;
        for (i, &twice_line) in twice_line[..band_lines].iter().enumerate() {
            for (k, &twice_block) in twice_block[..segs].iter().enumerate() {
                let s = first + i * segs + k;
                if changed & side.houses[s] != 0 {
                    found |= self.segments[s] & (twice_line ^ twice_block);
                }
            }
        }
        found != 0
    }

    /// Locked candidates, for each intersection of a block with a row or column:
    /// a digit that the block keeps only in the intersection leaves the rest of the line
    /// (pointing); a digit that the line keeps only in the intersection leaves the rest of the
    /// block (claiming). Only intersections whose line or block changed since the last look
    /// are examined. Returns whether anything was removed, `None` on a contradiction.
    fn locked_candidates(&mut self) -> Option<bool> {
        let changed_houses = std::mem::take(&mut self.locked_dirty);
        let crossings = self.crossings?;
        let mut changed = false;
        // Rows against blocks, then columns against blocks.
        for side in &crossings.sides {
            let (len, segs, band_lines) = (side.len, side.segs, side.band_lines);
            for (band, &houses) in side.bands.iter().enumerate() {
                // Segments are read only by the intersections of their own band, and nothing
                // outside a band changes while it is examined: a band with no changed line
                // or block is skipped whole.
                if changed_houses & houses == 0 {
                    continue;
                }
                let lines = band * band_lines..(band + 1) * band_lines;
                let band_segs = lines.start * segs..lines.end * segs;
                if !self.band_has_locked_candidates(side, band, changed_houses) {
                    continue;
                }
                for line in lines.clone() {
                    let line_h = side.first_line + line;
                    let line_dirty = changed_houses >> line_h & 1 != 0;
                    for k in 0..segs {
                        let s = line * segs + k;
                        let block_h = side.blocks[s] as usize;
                        if !line_dirty && changed_houses >> block_h & 1 == 0 {
                            continue;
                        }
                        let here = self.segments[s];
                        let mut rest_of_line = 0;
                        for j in line * segs..(line + 1) * segs {
                            if j != s {
                                rest_of_line |= self.segments[j];
                            }
                        }
                        let mut rest_of_block = 0;
                        for other in (band_segs.start + k..band_segs.end).step_by(segs) {
                            if other != s {
                                rest_of_block |= self.segments[other];
                            }
                        }
                        let pointing = here & !rest_of_block & rest_of_line;
                        if pointing != 0 {
                            let via = Via::Confined {
                                house: block_h as u8,
                                to: line_h as u8,
                            };
                            for j in line * segs..(line + 1) * segs {
                                if j == s {
                                    continue;
                                }
                                for &cell in &side.cells[j * len..(j + 1) * len] {
                                    let cell = cell as usize;
                                    if !self.remove(cell, pointing, Rule::LockedCandidates, via) {
                                        return None;
                                    }
                                }
                                self.segments[j] &= !pointing;
                            }
                            changed = true;
                        }
                        let claiming = here & !rest_of_line & rest_of_block;
                        if claiming != 0 {
                            let via = Via::Confined {
                                house: line_h as u8,
                                to: block_h as u8,
                            };
                            for other in (band_segs.start + k..band_segs.end).step_by(segs) {
                                if other == s {
                                    continue;
                                }
                                for &cell in &side.cells[other * len..(other + 1) * len] {
                                    let cell = cell as usize;
                                    if !self.remove(cell, claiming, Rule::LockedCandidates, via) {
                                        return None;
                                    }
                                }
                                self.segments[other] &= !claiming;
                            }
                            changed = true;
                        }
                    }
                }
            }
            if !self.queue.is_empty() {
                return Some(true);
            }
        }
        Some(changed)
    }

    /// Probing, once the search has escalated to it. Each digit of each open cell is tried one
    /// level down (a trial):
    /// - a digit whose trial ends in a contradiction is removed (a refutation);
    /// - a candidate of another cell that no successful trial of this cell kept is removed
    ///   (constructive disjunction: whatever this cell is, that candidate is impossible);
    /// - each cell gets a lookahead score, the product of (eliminations + 1) over its trials,
    ///   which [`Propagate::choose`] uses to branch where both branches simplify most.
    ///
    /// Runs until a full round of cells brings nothing new (singleton consistency).
    /// Returns false when the grid itself turns out contradictory.
    fn probe(&mut self) -> bool {
        if !self.probing {
            return true;
        }
        let cells = self.cells;
        let base = self.depth * cells;
        let mut quiet = 0;
        let mut cell = 0;
        while quiet < cells {
            let m = self.grids[base + cell];
            let count = m.count_ones();
            if count >= 2 {
                let mut bits = m;
                let mut first = true;
                let mut score = 1u64;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let before = self.book.stats.total_eliminations();
                    let ok = self.trial(cell, bit);
                    score = score.saturating_mul(self.book.stats.total_eliminations() - before + 1);
                    if !ok {
                        if !self.remove(cell, bit, Rule::Refutation, Via::Nothing)
                            || !self.propagate()
                        {
                            return false;
                        }
                        quiet = 0;
                        bits &= self.grids[base + cell];
                        continue;
                    }
                    // Constructive disjunction: keep what some successful trial kept.
                    let trial = &self.grids[base + cells..base + 2 * cells];
                    if first {
                        self.union.copy_from_slice(trial);
                        first = false;
                    } else {
                        for (u, &t) in self.union.iter_mut().zip(trial) {
                            *u |= t;
                        }
                    }
                }
                self.scores[cell] = score;
                if !first && self.grids[base + cell].count_ones() >= 2 {
                    let mut changed = false;
                    for other in 0..cells {
                        let excluded = self.grids[base + other] & !self.union[other];
                        if excluded != 0 {
                            changed = true;
                            let via = Via::Cell(cell as u16);
                            if !self.remove(other, excluded, Rule::Disjunction, via) {
                                return false;
                            }
                        }
                    }
                    if changed {
                        if !self.propagate() {
                            return false;
                        }
                        quiet = 0;
                    }
                }
            }
            quiet += 1;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
        }
        true
    }

    /// Tries `bit` in `cell` one level down; true when propagation finds no contradiction.
    fn trial(&mut self, cell: usize, bit: u32) -> bool {
        let cells = self.cells;
        let base = self.depth * cells;
        self.grids.copy_within(base..base + cells, base + cells);
        self.copy_solved();
        self.depth += 1;
        self.book.stats.probes += 1;
        let digit = bit.trailing_zeros() as u8 + 1;
        self.book
            .observer
            .guess(cell, digit, Rule::Probe, self.depth);
        self.grids[base + cells + cell] = bit;
        self.queue.push(cell as u16);
        self.dirty = self.geometry.house_mask(cell);
        self.touch(cell);
        let pending = self.locked_dirty;
        self.locked_dirty = self.dirty;
        let ok = self.propagate();
        self.book.observer.backtrack(self.depth);
        self.depth -= 1;
        self.queue.clear();
        self.forget_relations();
        self.dirty = 0;
        self.locked_dirty = pending;
        ok
    }

    /// The unplaced cell to branch on, or `None` when every cell is placed: the fewest
    /// candidates (ties: the best lookahead score when probing), or with weighted branching
    /// the fewest candidates per unit of conflict weight of the cell's houses (dom/wdeg),
    /// which steers the search to where it failed.
    fn choose(&self) -> Option<usize> {
        let grid = self.frame(self.depth);
        let mut best = None;
        if self.probing {
            // Among the cells with the fewest candidates, the one whose trials removed most.
            let mut best_key = (u32::MAX, 0u64);
            for (cell, &m) in grid.iter().enumerate() {
                let count = m.count_ones();
                if count < 2 {
                    continue;
                }
                let score = self.scores[cell];
                if count < best_key.0 || (count == best_key.0 && score > best_key.1) {
                    best = Some(cell);
                    best_key = (count, score);
                }
            }
            return best;
        }
        if self.strategy.weighted {
            // Starting from 1/0 makes the first open cell win the first comparison.
            let (mut best_count, mut best_weight) = (1u64, 0u64);
            for (cell, (&m, &weight)) in grid.iter().zip(&self.weights).enumerate() {
                // An open cell has two candidates or more: when even two would not win,
                // its count does not matter. (That test first: it is the predictable one.)
                if 2 * best_weight >= best_count * weight || m & m.wrapping_sub(1) == 0 {
                    continue;
                }
                let count = m.count_ones() as u64;
                if count * best_weight < best_count * weight {
                    best = Some(cell);
                    (best_count, best_weight) = (count, weight);
                }
            }
            return best;
        }
        let mut best_count = u32::MAX;
        for (cell, &m) in grid.iter().enumerate() {
            let count = m.count_ones();
            if count > 1 && count < best_count {
                best = Some(cell);
                best_count = count;
                if count == 2 {
                    break;
                }
            }
        }
        best
    }

    /// Turns probing on. Without a solution yet, the search also returns to the root: the
    /// choices made so far were made blind, and probing makes better ones. (Refutations
    /// recorded at the root stay: they hold everywhere.)
    fn escalate(&mut self) {
        self.probing = true;
        if self.book.stats.solutions > 0 {
            return;
        }
        while self.depth > 0 {
            self.book.observer.backtrack(self.depth);
            self.depth -= 1;
            self.book.stats.backtracks += 1;
        }
        // The queue may hold cells placed at the root whose digits never leave their peers:
        // they count as solved all the same.
        self.queue.clear();
        self.recount_solved();
        self.dirty = (1u128 << self.geometry.house_count()) - 1;
        self.locked_dirty = self.dirty;
        self.touch_all_relations();
    }

    /// Copies the solved digits of the current depth one level down (for a branch or trial).
    fn copy_solved(&mut self) {
        let houses = self.geometry.house_count();
        let from = self.depth * houses;
        self.solved.copy_within(from..from + houses, from + houses);
    }

    /// The solved digits of every house at the current depth, from the one-candidate cells
    /// of the grid: what `solved` keeps up to date, recomputed from scratch.
    fn solved_in_grid(&self) -> Vec<u32> {
        let grid = self.frame(self.depth);
        (0..self.geometry.house_count())
            .map(|h| {
                self.geometry.house(h).iter().fold(0, |placed, &c| {
                    let m = grid[c as usize];
                    if m & m.wrapping_sub(1) == 0 {
                        placed | m
                    } else {
                        placed
                    }
                })
            })
            .collect()
    }

    /// Recomputes the solved digits of the current depth from the grid.
    fn recount_solved(&mut self) {
        let solved = self.solved_in_grid();
        let from = self.depth * solved.len();
        self.solved[from..from + solved.len()].copy_from_slice(&solved);
    }

    /// Opens a branch: copies the grid one level down and tries the smallest candidate.
    fn branch(&mut self, cell: usize) {
        let cells = self.cells;
        let from = self.depth * cells;
        self.grids.copy_within(from..from + cells, from + cells);
        self.copy_solved();
        let m = self.grids[from + cell];
        let bit = m & m.wrapping_neg();
        let digit = bit.trailing_zeros() as u8 + 1;
        self.choices[self.depth] = (cell as u16, digit);
        self.depth += 1;
        self.book.stats.guesses += 1;
        self.book
            .observer
            .guess(cell, digit, Rule::Guess, self.depth);
        self.grids[from + cells + cell] = bit;
        self.dirty = self.geometry.house_mask(cell);
        self.locked_dirty = self.dirty;
        self.touch(cell);
        // The guess takes the cell's other candidates with it (counted, not reported).
        self.book.stats.eliminations[Rule::Guess as usize] += (m & !bit).count_ones() as u64;
        self.book.stats.placements[Rule::Guess as usize] += 1;
        self.queue.push(cell as u16);
    }

    /// Returns from a dead end: pops branches, removing each failed digit from its cell in
    /// the parent grid, until a parent still has something to try. Ends the search at the root.
    fn backtrack(&mut self) {
        self.queue.clear();
        self.forget_relations();
        self.dirty = 0;
        self.locked_dirty = 0;
        loop {
            if self.depth == 0 {
                self.book.exhausted();
                return;
            }
            self.book.observer.backtrack(self.depth);
            self.depth -= 1;
            self.book.stats.backtracks += 1;
            let (cell, digit) = self.choices[self.depth];
            if self.remove(
                cell as usize,
                1 << (digit - 1),
                Rule::Refutation,
                Via::Nothing,
            ) {
                return;
            }
        }
    }

    /// Every cell is placed and propagation found no conflict: a solution.
    fn record_solution(&mut self) {
        let grid = &self.grids[self.depth * self.cells..(self.depth + 1) * self.cells];
        if !self.book.found(grid, self.depth) {
            self.backtrack();
        }
    }
}

impl<O: Observer> Search for Propagate<O> {
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

    /// One node: escalate to probing when due, propagate (and probe), then branch, record a
    /// solution, or backtrack.
    fn node(&mut self) {
        self.book.stats.nodes += 1;
        if !self.probing && self.book.stats.backtracks >= self.strategy.probe_after {
            self.escalate();
        }
        let base = self.depth * self.cells;
        self.book
            .observer
            .round(self.depth, &self.grids[base..base + self.cells]);
        if !self.propagate() || !self.probe() {
            self.backtrack();
            return;
        }
        match self.choose() {
            Some(cell) => self.branch(cell),
            None => self.record_solution(),
        }
    }

    fn grid(&self) -> &[u32] {
        self.frame(self.depth)
    }

    fn depth(&self) -> usize {
        self.depth
    }

    /// Starts over on `puzzle`, keeping the buffers when the size allows.
    fn reset(&mut self, puzzle: &Puzzle) {
        let cells = puzzle.geometry().cell_count();
        if cells != self.cells {
            self.cells = cells;
            self.grids = vec![0; cells * (cells + 2)];
            self.choices = vec![(0, 0); cells + 1];
            self.queue = Vec::with_capacity(cells);
            self.union = vec![0; cells];
            self.scores = vec![0; cells];
        }
        self.load(puzzle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::puzzle::{Kind, Relation};
    use crate::search::Silent;

    /// A search over an empty grid of `size` whose depth-0 candidates the test sets by hand.
    fn bare(kind: Kind, size: usize, relations: Vec<Relation>) -> Propagate<Silent> {
        let puzzle = Puzzle::new(kind, size, vec![0; size * size], relations).unwrap();
        let mut search = Propagate::new(&puzzle, Options::default(), Silent);
        search.grids[..size * size].fill(DigitSet::full(size).bits());
        search
    }

    fn bits(digits: &[u8]) -> u32 {
        digits.iter().copied().collect::<DigitSet>().bits()
    }

    fn index(name: &str, size: usize) -> usize {
        Cell::parse(name).unwrap().index(size)
    }

    #[test]
    fn hidden_single_in_block_places_digit() {
        let mut s = bare(Kind::Classic, 4, vec![]);
        // Block 1 is r1c1 r1c2 r2c1 r2c2; only r2c2 keeps 3.
        for name in ["r1c1", "r1c2", "r2c1"] {
            s.grids[index(name, 4)] = bits(&[1, 2, 4]);
        }
        s.dirty = 1 << 8; // block 1 only (houses: 4 rows, 4 columns, then blocks)
        assert!(s.hidden_singles());
        assert_eq!(s.grids[index("r2c2", 4)], bits(&[3]));
        assert_eq!(s.queue, vec![index("r2c2", 4) as u16]);
        assert_eq!(s.book.stats.placements[Rule::HiddenSingleBlock as usize], 1);
        assert_eq!(
            s.book.stats.eliminations[Rule::HiddenSingleBlock as usize],
            3
        );
    }

    #[test]
    fn a_digit_with_no_place_in_a_house_is_a_contradiction() {
        let mut s = bare(Kind::Classic, 4, vec![]);
        for c in 0..4 {
            s.grids[c] = bits(&[1, 2, 3]);
        }
        s.dirty = 1; // row 1
        assert!(!s.hidden_singles());
        assert_eq!(s.book.stats.contradictions, 1);
    }

    #[test]
    fn relation_bounds_narrow_both_cells() {
        let less = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
        let mut s = bare(Kind::Futoshiki, 4, vec![less]);
        s.grids[0] = bits(&[3, 4]);
        s.touch(0);
        // r1c2 must exceed min(r1c1) = 3; r1c1 must stay below max(r1c2) = 4.
        assert!(s.relation_bounds());
        assert_eq!(s.grids[1], bits(&[4]));
        assert_eq!(s.grids[0], bits(&[3]));
        assert_eq!(s.book.stats.eliminations[Rule::Relation as usize], 3 + 1);
        assert_eq!(s.book.stats.placements[Rule::NakedSingle as usize], 2);
    }

    #[test]
    fn only_relations_of_changed_cells_are_looked_at_again() {
        let rels = vec![
            Relation::new(Cell::new(0, 0), true, Cell::new(0, 1)),
            Relation::new(Cell::new(2, 2), true, Cell::new(2, 3)),
        ];
        let mut s = bare(Kind::Futoshiki, 4, rels);
        s.grids[0] = bits(&[4]);
        s.grids[10] = bits(&[4]);
        s.touch(10);
        // r3c3 changed: its relation narrows r3c4 to nothing; r1c1's relation is not queued
        // (r1c1 did not change as far as the search knows), so r1c2 keeps its candidates.
        assert!(!s.relation_bounds());
        assert_eq!(s.grids[1], bits(&[1, 2, 3, 4]));
    }

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_row() {
        let mut s = bare(Kind::Classic, 4, vec![]);
        // In block 1, digit 2 stays only in row 1 (r1c1, r1c2): it leaves r1c3 and r1c4.
        for name in ["r2c1", "r2c2"] {
            s.grids[index(name, 4)] = bits(&[1, 3, 4]);
        }
        s.locked_dirty = !0 >> (128 - 12);
        assert_eq!(s.locked_candidates(), Some(true));
        for name in ["r1c3", "r1c4"] {
            assert_eq!(s.grids[index(name, 4)], bits(&[1, 3, 4]), "{name}");
        }
        assert_eq!(s.grids[index("r1c1", 4)], bits(&[1, 2, 3, 4]));
        assert_eq!(
            s.book.stats.eliminations[Rule::LockedCandidates as usize],
            2
        );
    }

    #[test]
    fn a_probe_that_fails_refutes_its_digit() {
        let mut s = bare(Kind::Classic, 4, vec![]);
        // r1c1 ∈ {1, 2}; 1 also is the only candidate left of r1c2, so trying 1 in r1c1
        // empties r1c2: the probe refutes 1 and r1c1 becomes 2.
        s.grids[0] = bits(&[1, 2]);
        s.grids[1] = bits(&[1]);
        s.recount_solved(); // r1c2 is placed by hand, not by propagation
        s.probing = true;
        assert!(s.probe());
        assert_eq!(s.grids[0], bits(&[2]));
        assert!(s.book.stats.probes >= 1);
        assert!(s.book.stats.eliminations[Rule::Refutation as usize] >= 1);
    }

    #[test]
    fn branching_prefers_the_cell_with_fewest_candidates() {
        let mut s = bare(Kind::Classic, 9, vec![]);
        s.grids[40] = bits(&[2, 7]);
        s.grids[3] = bits(&[1, 5, 9]);
        assert_eq!(s.choose(), Some(40));
        s.branch(40);
        assert_eq!(s.depth, 1);
        assert_eq!(s.frame(1)[40], bits(&[2]));
        assert_eq!(
            s.frame(0)[40],
            bits(&[2, 7]),
            "the parent grid is untouched"
        );
    }

    #[test]
    fn escalation_returns_to_the_root_when_nothing_was_found() {
        let mut s = bare(Kind::Classic, 4, vec![]);
        s.grids[0] = bits(&[1, 2]);
        s.branch(0);
        s.escalate();
        assert_eq!(s.depth, 0);
        assert!(s.probing);
    }
}

#[cfg(test)]
mod incremental {
    //! The state kept up to date as the search goes, checked against a recomputation.
    use super::*;
    use crate::search::{Observer, Silent};

    /// Counts contradictions per house, as the events report them.
    struct Conflicts {
        geometry: &'static Geometry,
        per_house: Vec<u64>,
    }

    impl Observer for Conflicts {
        fn contradiction(&mut self, cell: Option<usize>, _digit: u8, via: Via, _depth: usize) {
            match (via, cell) {
                (Via::House(h), _) => self.per_house[h as usize] += 1,
                (_, Some(cell)) => {
                    for &h in self.geometry.houses_of(cell) {
                        self.per_house[h as usize] += 1;
                    }
                }
                _ => {}
            }
        }
    }

    /// A small xorshift generator: tests stay deterministic without a dependency.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    #[test]
    fn cell_weights_are_the_sums_of_their_house_weights() {
        // A hard 9×9 puzzle (many contradictions) and an empty 6×6 one.
        let hard =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let digits = |t: &str| t.bytes().map(|b| b.saturating_sub(b'0')).collect();
        for puzzle in [
            Puzzle::classic(digits(hard)).unwrap(),
            Puzzle::classic(vec![0; 36]).unwrap(),
        ] {
            let geometry = puzzle.geometry();
            let observer = Conflicts {
                geometry,
                per_house: vec![0; geometry.house_count()],
            };
            let mut search = Propagate::new(&puzzle, Options::default(), observer);
            search.run();
            let per_house = &search.observer().per_house;
            assert!(per_house.iter().sum::<u64>() > 0 || geometry.size() == 6);
            for cell in 0..geometry.cell_count() {
                let expected: u64 = geometry
                    .houses_of(cell)
                    .iter()
                    .map(|&h| 1 + per_house[h as usize])
                    .sum();
                assert_eq!(search.weights[cell], expected, "cell {cell}");
            }
        }
    }

    #[test]
    fn crossings_cover_every_cell_once_per_side_inside_one_line_and_block() {
        for size in crate::geometry::CLASSIC_SIZES {
            let geometry = Geometry::classic(size).unwrap();
            let crossings = Crossings::of(geometry).unwrap();
            for side in &crossings.sides {
                let mut seen = vec![false; size * size];
                for s in 0..side.blocks.len() {
                    let line = side.first_line + s / side.segs;
                    let block = side.blocks[s] as usize;
                    assert_eq!(side.houses[s], 1u128 << line | 1u128 << block);
                    assert_eq!(
                        side.bands[s / side.segs / side.band_lines] & side.houses[s],
                        side.houses[s]
                    );
                    for &c in &side.cells[s * side.len..(s + 1) * side.len] {
                        assert!(!seen[c as usize], "size {size}: cell {c} twice");
                        seen[c as usize] = true;
                        assert!(geometry.house(line).contains(&c));
                        assert!(geometry.house(block).contains(&c));
                    }
                }
                assert!(seen.iter().all(|&s| s), "size {size}: every cell");
            }
        }
    }

    /// The band filter of locked candidates against the rule written out plainly: some
    /// intersection with a changed line or block has a digit confined to it in exactly one
    /// of its line and its block.
    #[test]
    fn band_filter_finds_exactly_the_bands_with_locked_candidates() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for size in crate::geometry::CLASSIC_SIZES {
            let puzzle = Puzzle::classic(vec![0; size * size]).unwrap();
            let mut s = Propagate::new(&puzzle, Options::default(), Silent);
            let crossings = s.crossings.unwrap();
            let houses = s.geometry.house_count();
            for round in 0..300 {
                // Sparse candidates make locked candidates likely, dense ones unlikely.
                let keep = 2 + round as u64 % 6;
                for c in 0..size * size {
                    let mut m = 0;
                    for d in 0..size {
                        if rng.below(8) < keep {
                            m |= 1 << d;
                        }
                    }
                    s.grids[c] = m;
                }
                let changed =
                    (0..houses).fold(
                        0u128,
                        |m, h| {
                            if rng.below(3) == 0 {
                                m | 1u128 << h
                            } else {
                                m
                            }
                        },
                    );
                for side in &crossings.sides {
                    let seg = |s: &Propagate<Silent>, i: usize| {
                        side.cells[i * side.len..(i + 1) * side.len]
                            .iter()
                            .fold(0, |m, &c| m | s.grids[c as usize])
                    };
                    for band in 0..side.bands.len() {
                        let mut expected = false;
                        let lines = band * side.band_lines..(band + 1) * side.band_lines;
                        for line in lines.clone() {
                            for k in 0..side.segs {
                                let i = line * side.segs + k;
                                if changed & side.houses[i] == 0 {
                                    continue;
                                }
                                let rest_of_line = (0..side.segs)
                                    .filter(|&j| j != k)
                                    .fold(0, |m, j| m | seg(&s, line * side.segs + j));
                                let rest_of_block = lines
                                    .clone()
                                    .filter(|&o| o != line)
                                    .fold(0, |m, o| m | seg(&s, o * side.segs + k));
                                let here = seg(&s, i);
                                expected |= here & !rest_of_block & rest_of_line != 0
                                    || here & !rest_of_line & rest_of_block != 0;
                            }
                        }
                        assert_eq!(
                            s.band_has_locked_candidates(side, band, changed),
                            expected,
                            "size {size}, band {band}"
                        );
                    }
                }
            }
        }
    }
}
