//! [`Replay`]: a trace applied to a puzzle's start state, checked event by event; and
//! [`ReplayCheck`], the observer that replays a search while it runs.

use crate::digits::{DigitSet, MAX_SIZE};
use crate::puzzle::Puzzle;
use crate::search::{Observer, Rule, Via};

use super::event::{Event, EventKind};

/// Applies events to a puzzle's start state (every digit possible in every cell), keeping
/// one candidate grid per depth, by the protocol of [`Observer`]. Checks each event against
/// the state: an event that does not fit (a digit eliminated twice, a depth out of step) is an
/// error.
#[derive(Clone, Debug)]
pub struct Replay {
    cells: usize,
    /// Grids of depths `0..=depth`, each `cells` long.
    stack: Vec<u32>,
    depth: usize,
}

impl Replay {
    pub fn new(puzzle: &Puzzle) -> Replay {
        let cells = puzzle.size() * puzzle.size();
        Replay {
            cells,
            stack: vec![DigitSet::full(puzzle.size()).bits(); cells],
            depth: 0,
        }
    }

    /// The candidate grid at the current depth.
    pub fn grid(&self) -> &[u32] {
        &self.stack[self.depth * self.cells..]
    }

    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The digit of every placed cell (0 where more than one candidate is left).
    pub fn values(&self) -> Vec<u8> {
        self.grid()
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
    }

    pub fn apply(&mut self, e: &Event) -> Result<(), String> {
        let at_depth = |expected: usize| {
            if e.depth as usize == expected {
                Ok(())
            } else {
                Err(format!(
                    "event {} ({}) at depth {} but the replay is at depth {}",
                    e.seq,
                    e.kind.name(),
                    e.depth,
                    self.depth
                ))
            }
        };
        let cell = || {
            e.cell
                .map(usize::from)
                .filter(|&c| c < self.cells)
                .ok_or_else(|| format!("event {} ({}) has no valid cell", e.seq, e.kind.name()))
        };
        let bit = || {
            if (1..=MAX_SIZE as u8).contains(&e.digit) {
                Ok(1u32 << (e.digit - 1))
            } else {
                Err(format!("event {} has no valid digit", e.seq))
            }
        };
        let base = self.depth * self.cells;
        match e.kind {
            EventKind::Round | EventKind::Contradiction | EventKind::Solution => {
                at_depth(self.depth)
            }
            EventKind::Place | EventKind::Eliminate => {
                at_depth(self.depth)?;
                let (c, bit) = (cell()?, bit()?);
                let m = &mut self.stack[base + c];
                if *m & bit == 0 {
                    return Err(format!(
                        "event {}: {} is not a candidate of cell {c}",
                        e.seq, e.digit
                    ));
                }
                *m = if e.kind == EventKind::Place {
                    bit
                } else {
                    *m & !bit
                };
                Ok(())
            }
            EventKind::Guess => {
                at_depth(self.depth + 1)?;
                let (c, bit) = (cell()?, bit()?);
                if self.stack[base + c] & bit == 0 {
                    return Err(format!(
                        "event {}: guessed {} is not a candidate of cell {c}",
                        e.seq, e.digit
                    ));
                }
                self.stack.extend_from_within(base..base + self.cells);
                self.depth += 1;
                self.stack[base + self.cells + c] = bit;
                Ok(())
            }
            EventKind::Backtrack => {
                at_depth(self.depth)?;
                if self.depth == 0 {
                    return Err(format!("event {}: backtrack from the root", e.seq));
                }
                self.depth -= 1;
                self.stack.truncate((self.depth + 1) * self.cells);
                Ok(())
            }
        }
    }
}

/// An observer that replays what an engine reports and compares, at every round, the
/// replayed grid with the engine's own: the test that an engine keeps the protocol.
#[derive(Clone, Debug)]
pub struct ReplayCheck {
    replay: Replay,
    seq: u32,
    rounds: u64,
    error: Option<String>,
}

impl ReplayCheck {
    pub fn new(puzzle: &Puzzle) -> ReplayCheck {
        ReplayCheck {
            replay: Replay::new(puzzle),
            seq: 0,
            rounds: 0,
            error: None,
        }
    }

    /// The first disagreement found, if any, and the number of rounds compared.
    pub fn result(&self) -> Result<u64, String> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(self.rounds),
        }
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    fn apply(&mut self, kind: EventKind, depth: usize, cell: Option<usize>, digit: u8) {
        if self.error.is_some() {
            return;
        }
        let event = Event {
            seq: self.seq,
            kind,
            rule: None,
            depth: depth as u16,
            cell: cell.map(|c| c as u16),
            digit,
            cause: None,
            via: Via::Nothing,
        };
        self.seq += 1;
        if let Err(e) = self.replay.apply(&event) {
            self.error = Some(e);
        }
    }
}

impl Observer for ReplayCheck {
    fn round(&mut self, depth: usize, grid: &[u32]) {
        self.apply(EventKind::Round, depth, None, 0);
        self.rounds += 1;
        if self.error.is_none() && self.replay.grid() != grid {
            let c = (0..grid.len())
                .find(|&c| self.replay.grid()[c] != grid[c])
                .unwrap_or(0);
            self.error = Some(format!(
                "round {} (event {}): cell {c} is {:?} in the engine but {:?} in the replay",
                self.rounds,
                self.seq,
                DigitSet::from_bits(grid[c]),
                DigitSet::from_bits(self.replay.grid()[c])
            ));
        }
    }

    fn place(&mut self, cell: usize, digit: u8, _: Rule, _: Via, depth: usize) {
        self.apply(EventKind::Place, depth, Some(cell), digit);
    }

    fn eliminate(&mut self, cell: usize, removed: DigitSet, _: Rule, _: Via, depth: usize) {
        for digit in removed.iter() {
            self.apply(EventKind::Eliminate, depth, Some(cell), digit);
        }
    }

    fn guess(&mut self, cell: usize, digit: u8, _: Rule, depth: usize) {
        self.apply(EventKind::Guess, depth, Some(cell), digit);
    }

    fn backtrack(&mut self, depth: usize) {
        self.apply(EventKind::Backtrack, depth, None, 0);
    }

    fn contradiction(&mut self, _: Option<usize>, _: u8, _: Via, depth: usize) {
        self.apply(EventKind::Contradiction, depth, None, 0);
    }

    fn solution(&mut self, grid: &[u8], depth: usize) {
        self.apply(EventKind::Solution, depth, None, 0);
        if self.error.is_none() && self.replay.values() != grid {
            self.error = Some(format!(
                "solution {grid:?} differs from the replayed grid {:?}",
                self.replay.values()
            ));
        }
    }
}
