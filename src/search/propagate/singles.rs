//! Propagation to a fixed point: a placed digit leaves its peers (naked singles follow),
//! relation bounds, hidden singles in dirty houses; and the bookkeeping of dead ends.

use crate::digits::DigitSet;
use crate::geometry::HouseKind;
use crate::puzzle::PairSource;

use crate::contradiction::Contradiction;
use crate::search::observer::{Observer, Via};
use crate::search::stats::Rule;

use super::engine::Propagate;

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

impl<O: Observer> Propagate<O> {
    /// Propagates the top grid to a fixed point.
    pub(super) fn propagate(&mut self) -> Result<(), Contradiction> {
        let base = self.depth * self.frames.cells;
        let geometry = self.geometry;
        let solved_base = self.depth * geometry.house_count();
        let related = !self.relation_queued.is_empty();
        loop {
            // Peer elimination from every newly placed cell (naked singles follow). The
            // changed houses and the count are gathered in locals (registers) and stored once.
            let (mut changed_houses, mut eliminated) = (0u128, 0u64);
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = self.frames.grids[base + cell];
                for &h in geometry.houses_of(cell) {
                    self.solved[solved_base + h as usize] |= bit;
                }
                // First which peers have the digit, without branching (whether a peer has it
                // is a coin toss for the branch predictor), then those peers in order.
                for peers in geometry.peers(cell).chunks(64) {
                    let grid = &self.frames.grids[base..base + self.frames.cells];
                    // 9×9 and 16×16 get a loop of constant length, unrolled.
                    let mut hits = match peers.len() {
                        20 => holders(grid, peers, bit, 20),
                        39 => holders(grid, peers, bit, 39),
                        n => holders(grid, peers, bit, n),
                    };
                    while hits != 0 {
                        let peer = peers[hits.trailing_zeros() as usize] as usize;
                        hits &= hits - 1;
                        let m = self.frames.grids[base + peer];
                        let left = m & !bit;
                        self.frames.grids[base + peer] = left;
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
                            return Err(self.contradiction(peer));
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
            if !self.relation_queued.is_empty() {
                self.relation_bounds()?;
            }
            if !self.queue.is_empty() {
                continue;
            }
            if self.dirty != 0 {
                self.hidden_singles()?;
            }
            if !self.queue.is_empty() {
                continue;
            }
            if !self.strategy.locked_candidates || self.locked_dirty == 0 {
                return Ok(());
            }
            if !self.locked_candidates()? {
                return Ok(());
            }
        }
    }

    /// `cell` has just become single (`bit`): count it, report it, queue it.
    #[inline]
    pub(super) fn placed(&mut self, cell: usize, bit: u32, rule: Rule, via: Via) {
        let digit = bit.trailing_zeros() as u8 + 1;
        self.book.place(cell, digit, rule, via, self.depth);
        self.queue.push(cell as u16);
    }

    /// `cell` changed: queue its relations for another look.
    #[inline(always)]
    pub(super) fn touch(&mut self, cell: usize) {
        if self.relation_queued.is_empty() {
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
    pub(super) fn touch_all_relations(&mut self) {
        self.relation_queue.clear();
        self.relation_queue
            .extend(0..self.relation_queued.len() as u16);
        self.relation_queued.fill(true);
    }

    /// Drops the queued relations (the grid they were queued for is abandoned).
    pub(super) fn forget_relations(&mut self) {
        for &r in &self.relation_queue {
            self.relation_queued[r as usize] = false;
        }
        self.relation_queue.clear();
    }

    /// A dead end at `cell`, left without candidates: weigh its houses, report, drop
    /// pending work.
    #[inline]
    pub(super) fn contradiction(&mut self, cell: usize) -> Contradiction {
        for &h in self.geometry.houses_of(cell) {
            self.weigh(h as usize);
        }
        self.book
            .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
        self.dead_end()
    }

    /// A dead end in house `h`, where `bit`'s digit has no place left.
    fn house_contradiction(&mut self, h: usize, bit: u32) -> Contradiction {
        self.weigh(h);
        let digit = bit.trailing_zeros() as u8 + 1;
        self.book
            .contradiction(None, digit, Via::House(h as u8), self.depth);
        self.dead_end()
    }

    /// One more contradiction in house `h`: each of its cells weighs one more.
    fn weigh(&mut self, h: usize) {
        for &c in self.geometry.house(h) {
            self.weights[c as usize] += 1;
        }
    }

    /// Drops the pending work of the grid in hand (its dead end is reported).
    fn dead_end(&mut self) -> Contradiction {
        self.forget_relations();
        self.queue.clear();
        self.dirty = 0;
        self.locked_dirty = 0;
        Contradiction
    }

    /// Removes `digits` from `cell` (those it has) by `rule`; queues the cell if it became
    /// single.
    #[inline]
    pub(super) fn remove(
        &mut self,
        cell: usize,
        digits: u32,
        rule: Rule,
        via: Via,
    ) -> Result<(), Contradiction> {
        let at = self.depth * self.frames.cells + cell;
        let old = self.frames.grids[at];
        let removed = old & digits;
        if removed == 0 {
            return Ok(());
        }
        let new = old & !digits;
        self.frames.grids[at] = new;
        self.dirty |= self.geometry.house_mask(cell);
        self.locked_dirty |= self.geometry.house_mask(cell);
        self.touch(cell);
        self.book.eliminate(cell, removed, rule, via, self.depth);
        if new == 0 {
            return Err(self.contradiction(cell));
        }
        if new & (new - 1) == 0 {
            self.placed(cell, new, Rule::NakedSingle, Via::Nothing);
        }
        Ok(())
    }

    /// Applies every queued pair (those with a cell that changed) until none is left. A
    /// relation `smaller < larger`: `larger` keeps digits above `min(smaller)`, `smaller`
    /// keeps digits below `max(larger)`. A marker rule: each cell keeps the digits some digit
    /// of the other supports ([`PairRule::supported`](crate::puzzle::PairRule::supported)).
    pub(super) fn relation_bounds(&mut self) -> Result<(), Contradiction> {
        let base = self.depth * self.frames.cells;
        while let Some(i) = self.relation_queue.pop() {
            let i = i as usize;
            self.relation_queued[i] = false;
            if i >= self.relations.len() {
                self.marker_supports(i - self.relations.len())?;
                continue;
            }
            let via = Via::Relation(i as u16);
            let (lo, hi) = self.relations[i];
            let (lo, hi) = (lo as usize, hi as usize);
            let l = self.frames.grids[base + lo];
            let h = self.frames.grids[base + hi];
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
            if h & !above != 0 {
                self.remove(hi, !above, Rule::Relation, via)?;
            }
            if l & !below != 0 {
                self.remove(lo, !below, Rule::Relation, via)?;
            }
        }
        Ok(())
    }

    /// Marker rule `m`: each of its two cells keeps only the digits that some candidate of
    /// the other allows (a removal queues the pair again, so both sides settle).
    fn marker_supports(&mut self, m: usize) -> Result<(), Contradiction> {
        let base = self.depth * self.frames.cells;
        let rule = &self.markers[m];
        let (a, b) = (rule.a, rule.b);
        let why = match rule.source {
            PairSource::Marker(_) => Rule::Marker,
            PairSource::Negative => Rule::Negative,
        };
        let via = Via::Marker(m as u16);
        let keep_a = rule.supported(self.frames.grids[base + b]);
        if self.frames.grids[base + a] & !keep_a != 0 {
            self.remove(a, !keep_a, why, via)?;
        }
        let keep_b = self.markers[m].supported(self.frames.grids[base + a]);
        if self.frames.grids[base + b] & !keep_b != 0 {
            self.remove(b, !keep_b, why, via)?;
        }
        Ok(())
    }

    /// Places every digit that has one place left in a dirty house; fails when a digit has
    /// no place left.
    pub(super) fn hidden_singles(&mut self) -> Result<(), Contradiction> {
        let base = self.depth * self.frames.cells;
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
            let grid = &self.frames.grids[base..base + self.frames.cells];
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
                return Err(self.house_contradiction(h, missing & missing.wrapping_neg()));
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
                    .find(|&&c| self.frames.grids[base + c as usize] & bit != 0)
                else {
                    // An earlier hidden single of this house took the only place.
                    return Err(self.house_contradiction(h, bit));
                };
                let c = c as usize;
                // The placement takes the cell's other candidates with it (counted, not
                // reported one by one).
                let removed = self.frames.grids[base + c] & !bit;
                self.frames.grids[base + c] = bit;
                self.dirty |= geometry.house_mask(c);
                self.touch(c);
                self.locked_dirty |= geometry.house_mask(c);
                self.book.stats.eliminations[rule as usize] += removed.count_ones() as u64;
                self.placed(c, bit, rule, Via::House(h as u8));
            }
            if !self.queue.is_empty() {
                // Propagate these placements before looking further.
                return Ok(());
            }
        }
        Ok(())
    }
}
