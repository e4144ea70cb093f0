//! Probing: every candidate of every open cell (below the root, of the cells no wider than
//! `Strategy::probe_width`) tried one level down, keeping only the verdicts (refutations,
//! constructive disjunction) and a lookahead score for branching.

use crate::contradiction::Contradiction;
use crate::search::observer::{Observer, Via};
use crate::search::stats::Rule;

use super::engine::Propagate;

impl<O: Observer> Propagate<O> {
    /// Probing, once the search has escalated to it. Each digit of each open cell (below the
    /// root, of those with at most [`Strategy::probe_width`] candidates) is tried one level
    /// down (a trial):
    /// - a digit whose trial ends in a contradiction is removed (a refutation);
    /// - a candidate of another cell that no successful trial of this cell kept is removed
    ///   (constructive disjunction: whatever this cell is, that candidate is impossible);
    /// - each cell gets a lookahead score, the product of (eliminations + 1) over its trials,
    ///   which [`Propagate::choose`] uses to branch where both branches simplify most.
    ///
    /// Runs until a full round of cells brings nothing new (singleton consistency over the
    /// cells probed). Fails when the grid itself turns out contradictory.
    ///
    /// [`Strategy::probe_width`]: crate::search::Strategy::probe_width
    pub(super) fn probe(&mut self) -> Result<(), Contradiction> {
        if !self.probing {
            return Ok(());
        }
        let cells = self.frames.cells;
        let base = self.depth * cells;
        // The root is probed in full (what it settles holds in every branch, and it is
        // probed once per branch there, not once per node).
        let width = if self.depth == 0 {
            u32::MAX
        } else {
            self.strategy.probe_width
        };
        // Scores are this node's only: a cell not probed here (too wide) ranks as unscored,
        // never by what an earlier node or puzzle left.
        self.scores.fill(0);
        let mut quiet = 0;
        let mut cell = 0;
        while quiet < cells {
            let m = self.frames.grids[base + cell];
            let count = m.count_ones();
            if count >= 2 && count <= width {
                let mut bits = m;
                let mut first = true;
                let mut score = 1u64;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let before = self.book.stats.total_eliminations();
                    let trial = self.trial(cell, bit);
                    score = score.saturating_mul(self.book.stats.total_eliminations() - before + 1);
                    if trial.is_err() {
                        self.remove(cell, bit, Rule::Refutation, Via::Nothing)?;
                        self.propagate()?;
                        quiet = 0;
                        bits &= self.frames.grids[base + cell];
                        continue;
                    }
                    // Constructive disjunction: keep what some successful trial kept.
                    let trial = &self.frames.grids[base + cells..base + 2 * cells];
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
                if !first && self.frames.grids[base + cell].count_ones() >= 2 {
                    let mut changed = false;
                    for other in 0..cells {
                        let excluded = self.frames.grids[base + other] & !self.union[other];
                        if excluded != 0 {
                            changed = true;
                            let via = Via::Cell(cell as u16);
                            self.remove(other, excluded, Rule::Disjunction, via)?;
                        }
                    }
                    if changed {
                        self.propagate()?;
                        quiet = 0;
                    }
                }
            }
            quiet += 1;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
        }
        Ok(())
    }

    /// Tries `bit` in `cell` one level down: fails when propagation there finds a
    /// contradiction. The trial is undone either way.
    pub(super) fn trial(&mut self, cell: usize, bit: u32) -> Result<(), Contradiction> {
        let cells = self.frames.cells;
        let base = self.depth * cells;
        self.frames
            .grids
            .copy_within(base..base + cells, base + cells);
        self.copy_solved();
        self.depth += 1;
        self.book.stats.probes += 1;
        let digit = bit.trailing_zeros() as u8 + 1;
        self.book
            .observer
            .guess(cell, digit, Rule::Probe, self.depth);
        self.frames.grids[base + cells + cell] = bit;
        self.queue.push(cell as u16);
        self.dirty = self.geometry.house_mask(cell);
        self.touch(cell);
        let pending = self.locked_dirty;
        self.locked_dirty = self.dirty;
        let verdict = self.propagate();
        self.book.observer.backtrack(self.depth);
        self.depth -= 1;
        self.queue.clear();
        self.forget_relations();
        self.dirty = 0;
        self.locked_dirty = pending;
        verdict
    }
}
