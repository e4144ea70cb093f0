//! The `propagate` engine's state and its [`Search`] contract: the givens, branching on the
//! most constrained cell, backtracking (the deductions are in the sibling files).

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::{PairRule, Puzzle};

use crate::search::driver::{book_in_field, Book, Search};
use crate::search::frames::{grid_in_frames, Frames};
use crate::search::observer::{Observer, Silent, Via};
use crate::search::options::{Options, Outcome, Strategy};
use crate::search::restarts::Restarts;
use crate::search::stats::{Rule, Stats};

use super::crossings::Crossings;

/// Backtracks of a unit of the restarts' Luby sequence (see `search/restarts.rs`), once the
/// search probes. On random 25×25 grids with many solutions where the search without
/// restarts needed more than 2,000,000 work to find one (23 of 72 tuned, 19 of 73 held
/// out, `benches/data/hard/tail25-random-*`), the worst is 621,699 / 328,848 with them; the
/// 115 hard 16×16 puzzles of `benches/data/hard` take the same work as without (256 cost one
/// of them 28%).
pub(super) const RESTART_UNIT: u64 = 1024;

/// A resumable `propagate` search over one puzzle. Owns its buffers, so it can live in a
/// wasm handle; [`Search::reset`] reuses them for the next puzzle of the same size.
pub struct Propagate<O: Observer> {
    pub(super) geometry: &'static Geometry,
    pub(super) full: u32,
    pub(super) strategy: Strategy,
    /// `(smaller, larger)` cell indices of every relation.
    pub(super) relations: Vec<(u16, u16)>,
    /// The marker rules ([`Puzzle::pair_rules`]): pair `relations.len() + i` of the work list
    /// is marker rule `i`.
    pub(super) markers: Vec<PairRule>,
    /// The pairs (relations, then marker rules) of cell `c` are
    /// `cell_relations[relation_start[c]..relation_start[c + 1]]`.
    pub(super) relation_start: Vec<u32>,
    pub(super) cell_relations: Vec<u16>,
    /// Pairs to look at again: one of their cells changed (each queued once).
    pub(super) relation_queue: Vec<u16>,
    pub(super) relation_queued: Vec<bool>,
    pub(super) givens: Vec<u8>,
    pub(super) frames: Frames,
    pub(super) choices: Vec<(u16, u8)>,
    pub(super) depth: usize,
    /// Cells that became single and still have to be removed from their peers.
    pub(super) queue: Vec<u16>,
    /// Houses where a candidate changed since hidden singles last looked.
    pub(super) dirty: u128,
    /// Per depth, one set per house: the digits of its placed cells whose digit has left
    /// their peers (frames of `house_count` sets, like `grids`). Hidden singles run on an
    /// empty queue, when these are exactly the digits of the house's one-candidate cells.
    pub(super) solved: Vec<u32>,
    /// Houses where a candidate changed since locked candidates last looked.
    pub(super) locked_dirty: u128,
    /// Where blocks meet lines (`None` without blocks).
    pub(super) crossings: Option<&'static Crossings>,
    /// Scratch for locked candidates: the candidates of each segment of the side in hand.
    pub(super) segments: [u32; 125],
    /// Conflict weight of each cell, for weighted branching: the sum over its houses of one
    /// plus the contradictions seen there (kept per cell so branching need not add it up).
    pub(super) weights: Vec<u64>,
    /// Whether probing is on (from `strategy.probe_after` nodes on).
    pub(super) probing: bool,
    /// Lookahead score of each probed cell: the product of (eliminations + 1) of its trials.
    pub(super) scores: Vec<u64>,
    /// Scratch for probing: the union of the grids of successful trials.
    pub(super) union: Vec<u32>,
    /// Restarts while probing and no solution is found.
    pub(super) restarts: Restarts,
    /// The backtracks of a unit of the restarts' Luby sequence (`u64::MAX`: no restarts).
    pub(super) restart_unit: u64,
    pub(super) book: Book<O>,
}

impl<O: Observer> Propagate<O> {
    /// Prepares a search; no work is done until [`Search::advance`] or [`Search::run`].
    pub fn new(puzzle: &Puzzle, options: Options, observer: O) -> Propagate<O> {
        // Empty buffers: `reset` sizes them for the puzzle, as it does for every next one.
        let mut search = Propagate {
            geometry: puzzle.geometry(),
            full: 0,
            strategy: Strategy::SINGLES,
            relations: Vec::new(),
            markers: Vec::new(),
            relation_start: Vec::new(),
            cell_relations: Vec::new(),
            relation_queue: Vec::new(),
            relation_queued: Vec::new(),
            givens: Vec::new(),
            frames: Frames::new(0, 1),
            choices: Vec::new(),
            depth: 0,
            queue: Vec::new(),
            dirty: 0,
            solved: Vec::new(),
            locked_dirty: 0,
            crossings: None,
            segments: [0; 125],
            weights: Vec::new(),
            probing: false,
            scores: Vec::new(),
            union: Vec::new(),
            restarts: Restarts::new(u64::MAX),
            restart_unit: RESTART_UNIT,
            book: Book::new(options, observer),
        };
        search.reset(puzzle);
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
        self.markers = puzzle.pair_rules();
        // Each cell's pairs (relations, then marker rules), for the work list.
        let cells = size * size;
        let pairs: Vec<(usize, usize)> = self
            .relations
            .iter()
            .map(|&(lo, hi)| (lo as usize, hi as usize))
            .chain(self.markers.iter().map(|m| (m.a, m.b)))
            .collect();
        self.relation_start.clear();
        self.relation_start.resize(cells + 1, 0);
        for &(a, b) in &pairs {
            self.relation_start[a + 1] += 1;
            self.relation_start[b + 1] += 1;
        }
        for c in 0..cells {
            self.relation_start[c + 1] += self.relation_start[c];
        }
        self.cell_relations.clear();
        self.cell_relations.resize(2 * pairs.len(), 0);
        let mut fill = self.relation_start.clone();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for cell in [a, b] {
                self.cell_relations[fill[cell] as usize] = i as u16;
                fill[cell] += 1;
            }
        }
        self.relation_queue.clear();
        self.relation_queued.clear();
        self.relation_queued.resize(pairs.len(), false);
        self.givens.clear();
        self.givens.extend_from_slice(puzzle.givens());
        // Every frame is written before it is read (the root by `begin`).
        let houses = self.geometry.house_count();
        self.solved.resize(houses * (cells + 2), 0);
        self.weights.clear();
        let houses_per_cell = self.geometry.houses_of(0).len() as u64;
        self.weights.resize(cells, houses_per_cell);
        self.probing = self.strategy.probe_after == 0;
        self.restarts = Restarts::new(self.restart_unit);
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
        self.frames
            .frame(self.depth)
            .iter()
            .map(|&m| DigitSet::from_bits(m))
    }

    /// The unplaced cell to branch on, or `None` when every cell is placed: the fewest
    /// candidates (ties: the best lookahead score when probing), or with weighted branching
    /// the fewest candidates per unit of conflict weight of the cell's houses (dom/wdeg),
    /// which steers the search to where it failed.
    pub(super) fn choose(&self) -> Option<usize> {
        let grid = self.frames.frame(self.depth);
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
    pub(super) fn escalate(&mut self) {
        self.probing = true;
        self.restarts = Restarts::from(self.restart_unit, self.book.stats.backtracks);
        if self.book.stats.solutions == 0 {
            self.back_to_root();
        }
    }

    /// Returns to the root (a restart), keeping what was refuted there.
    pub(super) fn back_to_root(&mut self) {
        while self.depth > 0 {
            self.book.backtrack(self.depth);
            self.depth -= 1;
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
    pub(super) fn copy_solved(&mut self) {
        let houses = self.geometry.house_count();
        let from = self.depth * houses;
        self.solved.copy_within(from..from + houses, from + houses);
    }

    /// The solved digits of every house at the current depth, from the one-candidate cells
    /// of the grid: what `solved` keeps up to date, recomputed from scratch.
    pub(super) fn solved_in_grid(&self) -> Vec<u32> {
        let grid = self.frames.frame(self.depth);
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
    pub(super) fn recount_solved(&mut self) {
        let solved = self.solved_in_grid();
        let from = self.depth * solved.len();
        self.solved[from..from + solved.len()].copy_from_slice(&solved);
    }

    /// Opens a branch: copies the grid one level down and tries a candidate: the smallest,
    /// or after a restart the one the restarts pick.
    pub(super) fn branch(&mut self, cell: usize) {
        let (restarts, depth) = (self.restarts, self.depth);
        let (digit, rest) = self.frames.branch(depth, cell, |m| restarts.pick(m, depth));
        self.copy_solved();
        self.choices[self.depth] = (cell as u16, digit);
        self.depth += 1;
        self.book.guess(cell, digit, rest, self.depth);
        self.dirty = self.geometry.house_mask(cell);
        self.locked_dirty = self.dirty;
        self.touch(cell);
        self.queue.push(cell as u16);
    }

    /// Returns from a dead end: pops branches, removing each failed digit from its cell in
    /// the parent grid, until a parent still has something to try. Ends the search at the root.
    fn backtrack(&mut self) {
        self.queue.clear();
        self.forget_relations();
        self.dirty = 0;
        self.locked_dirty = 0;
        while self.book.step_back(&mut self.depth) {
            let (cell, digit) = self.choices[self.depth];
            if self
                .remove(
                    cell as usize,
                    1 << (digit - 1),
                    Rule::Refutation,
                    Via::Nothing,
                )
                .is_ok()
            {
                return;
            }
        }
    }
}

impl Propagate<Silent> {
    /// The answer when a fast path hands a search over after the work in `spent`: the general
    /// engine's, from the start, within the rest of the node limit; the statistics count both.
    pub(crate) fn take_over(puzzle: &Puzzle, options: Options, spent: &Stats) -> Outcome {
        let rest = Options {
            node_limit: options.node_limit - spent.work(),
            ..options
        };
        let mut engine = Propagate::new(puzzle, rest, Silent);
        // A fast path hands over only a puzzle it found hard; there the restarts cost more
        // than they save (benches/data/hard/README.md).
        engine.restart_unit = u64::MAX;
        engine.restarts = Restarts::new(u64::MAX);
        engine.run();
        let mut outcome = engine.outcome();
        outcome.stats.add(spent);
        outcome
    }
}

impl<O: Observer> Search for Propagate<O> {
    type Observer = O;

    book_in_field!();

    /// Fills depth 0 with every digit, then fixes the givens (queued for propagation).
    fn begin(&mut self) {
        let queue = &mut self.queue;
        self.frames
            .begin(self.full, &self.givens, &mut self.book, |cell| {
                queue.push(cell as u16)
            });
        let houses = self.geometry.house_count();
        self.solved[..houses].fill(0);
        self.dirty = (1u128 << houses) - 1;
        self.locked_dirty = self.dirty;
        self.touch_all_relations();
    }

    /// One node: escalate to probing when due (or, probing without a solution yet, restart
    /// from the root when due), propagate (and probe), then branch, record a solution, or
    /// backtrack.
    fn node(&mut self) {
        self.book.stats.nodes += 1;
        if !self.probing && self.book.stats.backtracks >= self.strategy.probe_after {
            self.escalate();
        } else if self.probing
            && self.depth > 0
            && self
                .restarts
                .due(self.book.stats.solutions, self.book.stats.backtracks)
        {
            self.back_to_root();
            self.restarts.next(self.book.stats.backtracks);
        }
        self.book
            .observer
            .round(self.depth, self.frames.frame(self.depth));
        if self.propagate().and_then(|()| self.probe()).is_err() {
            self.backtrack();
            return;
        }
        let Some(cell) = self.choose() else {
            // Every cell is placed and propagation found no conflict: a solution.
            if !self.book.found(self.frames.frame(self.depth), self.depth) {
                self.backtrack();
            }
            return;
        };
        self.branch(cell);
    }

    grid_in_frames!();

    /// Starts over on `puzzle`, keeping the buffers when the size allows.
    fn reset(&mut self, puzzle: &Puzzle) {
        let cells = puzzle.geometry().cell_count();
        if self.frames.fit(cells) {
            self.choices = vec![(0, 0); cells + 1];
            self.queue = Vec::with_capacity(cells);
            self.union = vec![0; cells];
            self.scores = vec![0; cells];
        }
        self.load(puzzle);
    }
}
