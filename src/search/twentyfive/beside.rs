//! The general engine beside the 25×25 search while it has no solution (see [`Beside`]).

use crate::puzzle::Puzzle;
use crate::search::driver::Search;
use crate::search::observer::Silent;
use crate::search::options::{Options, Outcome, Progress, Status};
use crate::search::propagate::Propagate;
use crate::search::stats::Stats;

/// The search's work without a solution at which the general engine first gets a turn
/// beside it ([`Beside`]): most 25×25 puzzles are settled before.
pub const BESIDE_FIRST: u64 = 65_536;

/// The general engine's turns beside the search get this fraction (1/32) of the search's
/// work: about 3% more work before the first solution where they do not settle it (a turn
/// ends at a node boundary, and a probing node of the general engine can overshoot it).
pub const BESIDE_SHARE: u64 = 32;

/// The general engine (`propagate`, with its restarts) beside a search that has found no
/// solution: when the search's work reaches [`BESIDE_FIRST`], then each time it doubles, the
/// general engine resumes for a [`BESIDE_SHARE`]th of the work the search did since its last
/// turn. On a grid where this search is lost and the general engine is not, the general
/// engine's answer comes after about `BESIDE_SHARE` times its own work; elsewhere the turns
/// cost about 1/`BESIDE_SHARE` of the work before the first solution.
pub(super) struct Beside {
    puzzle: Puzzle,
    engine: Option<Box<Propagate<Silent>>>,
    /// The search's work at the next turn, and at the last.
    pub(super) next_at: u64,
    last: u64,
    /// The general engine's answer, once it has settled the puzzle.
    pub(super) answer: Option<Outcome>,
    /// The general engine's work so far, which counts against the search's limits.
    pub(super) work: u64,
}

impl Beside {
    pub(super) fn new(puzzle: &Puzzle) -> Beside {
        Beside {
            puzzle: puzzle.clone(),
            engine: None,
            next_at: BESIDE_FIRST,
            last: 0,
            answer: None,
            work: 0,
        }
    }

    /// The general engine's statistics so far (none before its first turn).
    pub(super) fn stats(&self) -> Option<&Stats> {
        self.engine.as_deref().map(|e| e.stats())
    }

    /// The general engine's turn, at the search's work `work` (its options `options`); true
    /// when it settled the puzzle (its outcome is in `answer`).
    pub(super) fn turn(&mut self, work: u64, options: Options) -> bool {
        self.next_at = work.saturating_mul(2);
        let room = options
            .node_limit
            .saturating_sub(work.saturating_add(self.work));
        let slice = ((work - self.last) / BESIDE_SHARE).min(room);
        self.last = work;
        if slice == 0 {
            return false;
        }
        let puzzle = &self.puzzle;
        let engine = self
            .engine
            .get_or_insert_with(|| Box::new(Propagate::new(puzzle, options, Silent)));
        let before = engine.stats().work();
        let progress = engine.advance(slice);
        self.work += engine.stats().work() - before;
        match progress {
            Progress::Done(status) if status != Status::LimitReached => {
                self.answer = Some(engine.outcome());
                true
            }
            _ => false,
        }
    }
}
