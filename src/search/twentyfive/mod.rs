//! The 25×25 classic fast path: every digit's candidates as five 125-bit band masks (one
//! `u128` a band), with the row, block and column reasoning done by bit operations over the
//! 16×16 path's permutation table. Used by `solve` when nothing is traced; the general
//! engine (`propagate.rs`) stays the reference and the traced path, and the differential
//! tests hold the two to the same answers.
//!
//! ```text
//! band b = rows 5b..5b+4                 bit of cell (r, c) in its band: 25·(r mod 5) + c
//!          ┌ col 0 … 4 │ 5 … 9 │ … │ 20 … 24 ┐
//!  row 5b  │   0 … 4   │ 5 … 9 │ … │ 20 … 24 │   minirow (r, x): row r of the band ∩ block
//!  row 5b+1│  25 …     │       │   │      49 │   x, 5 cells: bits 5k..5k+4 for k = 5r + x,
//!  …       │           │       │   │         │   so a band condenses to 25 minirow bits
//!  row 5b+4│ 100 …     │       │   │     124 │   (bits 125..127 stay 0)
//! masks[b][d]: the cells of band b where digit d+1 is still possible
//! ```
//!
//! Reasoning, per digit, all to a fixed point (the 16×16 path's, one size up):
//! - **rows and blocks** (per band): the digit's five minirows in a band form a permutation
//!   (row → block). The union of the permutations inside a 5×5 set is five lookups in the
//!   16×16 path's 4×4 table (row 0 takes some column x; the rest is a 4×4 permutation):
//!   hidden singles in blocks and locked candidates both ways, pairs and triples included.
//! - **columns and blocks** (per stack of five columns): the same, turned: the band → column
//!   choices of a stack form a permutation too.
//! - **solved cells**: a band row down to one cell places the digit there.
//!
//! Then naked singles across digits (bit-sliced counting), and the 16×16 path's probing
//! ([`TwentyFive::lookahead`]: singleton consistency with constructive disjunction, block by
//! block, tightest first) and branching (the fewest candidates, the trials that remove the
//! most), on a heap stack of branch points rather than by recursion.
//!
//! Against heavy tails, while no solution is found: restarts ([`RESTART_UNIT`]), turns of
//! the general engine beside the search ([`beside::BESIDE_FIRST`], [`beside::BESIDE_SHARE`]),
//! and at last the hand-over ([`HAND_OVER_WORK`], [`DLX_TRIAL`]).

use crate::puzzle::{Kind, Puzzle};
use crate::search::bitboards::Tally;
use crate::search::dlx::Dlx;
use crate::search::driver::Search;
use crate::search::observer::Silent;
use crate::search::options::{Options, Outcome, Status};
use crate::search::propagate::Propagate;
use crate::search::restarts::Restarts;

/// Work (nodes and trials) after which a search that has found no solution yet hands over
/// to the general engine ([`Propagate`]), from the start, with the rest of the node limit.
/// Here trials are cheap and many: on the minimal 25×25 puzzles the fast path is 1.2–4×
/// faster than the general engine, but on two of them (of 28) it needs more than the default
/// node limit (10,000,000) where the general engine needs 6.1 M and 8.1 M; those that the
/// fast path settles at all mostly take it under 1.5 M (`benches/data/hard`).
pub const HAND_OVER_WORK: u64 = 1_500_000;

/// Nodes of dancing links tried first at the hand-over, before the general engine: a heavy
/// tail of the cell-branching searches (a dense grid under a sparse band, many solutions)
/// that `propagate` takes a million nodes and seconds on, DLX's branching on the tightest
/// constraint settles in a few thousand (`benches/data/hard/tail25-fuzz.json`: 1,936
/// guesses: `count --limit 2` 7.6 s → 0.60 s). 200,000 DLX nodes take 0.06 s on a minimal
/// 25×25 that DLX does not settle, 3% of the 1.96 s the fast path spends before the
/// hand-over; its answer is exact when it ends within them, and otherwise only its work is
/// counted.
pub const DLX_TRIAL: u64 = 200_000;

/// Backtracks of a unit of the restarts' Luby sequence (see `search/restarts.rs`). On the
/// random 25×25 grids with many solutions of `benches/data/hard/tail25-random-*` (tuned /
/// held out), finding one took at most 3.0 M / 1.7 M work without restarts and takes
/// 1.4 M / 1.1 M with them (in all 21 M / 15 M → 13 M / 9.3 M); the 40 hard unique 25×25
/// puzzles there take the same work as without. A unit of 1,024 cut the tails further
/// (0.78 M / 0.75 M) but cost three of those 40 puzzles 40–65%: their first solution came
/// after the hand-over.
pub const RESTART_UNIT: u64 = 2048;

mod bands;
mod beside;
mod bits;
mod search;
#[cfg(test)]
mod tests;

use bands::*;
use beside::Beside;
use search::*;

/// Whether the fast path applies: a 25×25 classic puzzle without markers (relations and
/// markers need the general engine).
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.size() == 25 && puzzle.kind() == Kind::Classic && !puzzle.has_markers()
}

/// Solves a 25×25 classic puzzle by the fast path. Statistics count nodes, guesses,
/// backtracks, contradictions, solutions and probes; placements and eliminations by rule are
/// the general engine's business and stay 0 here.
pub fn solve(puzzle: &Puzzle, options: Options) -> Outcome {
    let hand_over = HandOver {
        after: HAND_OVER_WORK,
        dlx_trial: DLX_TRIAL,
    };
    solve_by(puzzle, options, hand_over, |search, state| {
        search.run(state)
    })
}

/// When a search without a solution gives up, and what it tries then.
#[derive(Clone, Copy, Debug)]
struct HandOver {
    /// Work after which it hands over.
    after: u64,
    /// Nodes of DLX tried before the general engine.
    dlx_trial: u64,
}

/// [`solve`] with the hand-over `hand_over` and the search entry `run`:
/// [`TwentyFive::run`] (the code for the CPU at hand), or in tests one compiled copy of the
/// search by name.
fn solve_by(
    puzzle: &Puzzle,
    options: Options,
    hand_over: HandOver,
    run: impl FnOnce(&mut TwentyFive, Bands),
) -> Outcome {
    let mut search = TwentyFive {
        tally: Tally::new(options),
        idle: 0,
        idle_since: 0,
        restarts: Restarts::new(RESTART_UNIT),
        scratch: Scratch::new(),
        budget: Budget {
            node_limit: options.node_limit,
            stop_at: options.node_limit.min(hand_over.after),
            handed_over: false,
            beside: Beside::new(puzzle),
        },
    };
    if let Some(mut state) = search
        .tally
        .root(puzzle.givens(), Bands::propagate::<false>)
    {
        search.tally.names = state.rename_digits();
        run(&mut search, state);
    }
    let beside = search.budget.beside.stats().cloned().unwrap_or_default();
    if let Some(mut outcome) = search.budget.beside.answer.take() {
        outcome.stats.add(&search.tally.stats);
        return outcome;
    }
    if search.budget.handed_over {
        // The rest of the node limit goes to DLX for a short trial, then to the general
        // engine, each from the start; the first answer within its budget is the answer, and
        // the statistics count every search.
        let mut spent = search.tally.stats;
        spent.add(&beside);
        let rest = options.node_limit - spent.work();
        if hand_over.dlx_trial > 0 {
            let trial = Options {
                node_limit: hand_over.dlx_trial.min(rest),
                ..options
            };
            let mut dlx = Dlx::new(puzzle, trial, Silent);
            dlx.run();
            let mut outcome = dlx.outcome();
            if outcome.status != Status::LimitReached || trial.node_limit == rest {
                outcome.stats.add(&spent);
                return outcome;
            }
            spent.add(&outcome.stats);
        }
        return Propagate::take_over(puzzle, options, &spent);
    }
    let mut outcome = search.tally.outcome();
    outcome.stats.add(&beside);
    outcome
}
