//! [`PlacedCheck`]: a search replayed as a trace at the placements level keeps it
//! (placements, guesses and backtracks), checked at every round against the engine's grid.

use sudoku_lab::trace::ReplayCheck;
use sudoku_lab::{Observer, Puzzle, Rule, Via};

/// Passes placements, guesses and backtracks on to a [`ReplayCheck`], and at every round
/// checks that the replayed depth is the engine's and the cells replayed placed are exactly
/// the engine's single-candidate cells.
pub struct PlacedCheck {
    replay: ReplayCheck,
    rounds: u64,
    error: Option<String>,
}

impl PlacedCheck {
    pub fn new(puzzle: &Puzzle) -> PlacedCheck {
        PlacedCheck {
            replay: ReplayCheck::new(puzzle),
            rounds: 0,
            error: None,
        }
    }

    /// The first disagreement found, if any, and the number of rounds compared.
    pub fn result(&self) -> Result<u64, String> {
        self.replay.result()?;
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(self.rounds),
        }
    }
}

/// The digit of every single-candidate cell of a candidate grid, 0 elsewhere.
pub fn single_values(grid: &[u32]) -> Vec<u8> {
    grid.iter()
        .map(|&m| {
            if m.count_ones() == 1 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect()
}

impl Observer for PlacedCheck {
    fn round(&mut self, depth: usize, grid: &[u32]) {
        self.rounds += 1;
        let replayed = self.replay.replay();
        if self.error.is_none()
            && (replayed.values() != single_values(grid) || replayed.depth() != depth)
        {
            self.error = Some(format!("round {}: placed cells differ", self.rounds));
        }
    }

    fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
        self.replay.place(cell, digit, rule, via, depth);
    }

    fn guess(&mut self, cell: usize, digit: u8, rule: Rule, depth: usize) {
        self.replay.guess(cell, digit, rule, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.replay.backtrack(depth);
    }
}
