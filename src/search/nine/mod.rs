//! The 9×9 classic fast path: every digit's candidates as three 27-bit band masks, with the
//! row, block and column reasoning done by table lookups. Used by `solve` when nothing is
//! traced; the general engine (`propagate.rs`) stays the reference and the traced path, and
//! the differential tests hold the two to the same answers.
//!
//! ```text
//! band b = rows 3b..3b+2                       bit of cell (r, c) in its band: 9·(r mod 3) + c
//!          ┌ col 0 1 2 │ 3 4 5 │ 6 7 8 ┐
//!  row 3b  │   0 1 2   │ 3 4 5 │ 6 7 8 │       minirow (r, x): row r of the band ∩ block x,
//!  row 3b+1│   9 …     │       │    17 │       3 cells; a band row of 9 bits condenses to
//!  row 3b+2│  18 …     │       │    26 │       3 minirow bits, the band to 9
//! masks[d][b]: the cells of band b where digit d+1 is still possible
//! ```
//!
//! Reasoning, per digit and band (a *subband*), all to a fixed point:
//! - **rows and blocks**: the digit sits once in each row and once in each block of the band,
//!   so its three minirows form a permutation (row → block). A table gives, for any set of
//!   possible minirows, the minirows that belong to some permutation; the others go. This is
//!   hidden singles in rows and blocks and locked candidates between them, in one lookup.
//! - **columns, pointing**: a block of the band whose candidates lie in one column puts the
//!   digit in that column here, so the other bands lose it.
//! - **solved cells**: a band row down to one cell places the digit there; the cell leaves
//!   every other digit.
//! - **columns, claiming** (once the above is quiet, for the digits that changed): a column
//!   that only one band still offers gets the digit there, so the rest of its block in that
//!   band loses it. Off the hot loop it costs little and saves nodes (per puzzle, 17-clue:
//!   5.7 → 2.8; top1465: 45 → 39; forum 1106: 654 → 572). Not tried in nearly solved grids
//!   ([`CLAIM_MIN_OPEN`]), where it never finds anything. (It finds nothing on the serg set
//!   either — an open top band over six nearly full rows — and costs there ~10% of the time;
//!   no cheap test tells those states apart from ones where a fifth of the claims pay.)
//!
//! Then naked singles across digits (bit-sliced counting), and a branch when propagation
//! stops: on the two-candidate cell (found by the naked-singles count) with the most open
//! peers, else a three-candidate one, else the first open cell. Every digit but the last is
//! tried in a copy of the state; the last in the state itself, since by then the others have
//! failed.
//!
//! A search that reaches [`HAND_OVER_NODES`] without a solution hands over to the general
//! engine, from the start, with the rest of the node limit: the branching above has heavy
//! tails on puzzles without a solution (Norvig's "impossible" one: 1,580,403 nodes, where
//! the general engine's conflict-weighted branching needs 2,507), and no puzzle of the
//! bench9 sets needs a third of that budget (`make bench`'s tails table holds the rest).
//!
//! On x86-64 CPUs with AVX2, BMI2 and POPCNT (detected at run time), the whole search runs a
//! copy compiled for them ([`Nine::search_v3`]); the portable copy stays, and a test holds
//! the two to the same answers and counts.
//!
//! Inequality puzzles add relations between adjacent cells, also as masks ([`Relations`]):
//! a cell's neighbour to the right is one bit up, the one below nine bits up (or, from the
//! last row of a band, in the first row of the next band). For each direction, the cells whose
//! neighbour there is smaller keep digit d only where that neighbour still has a digit below
//! d (a shifted prefix union of the digits' masks); those whose neighbour is larger, only where
//! it has one above. That is bounds consistency on every relation at once, the same reasoning
//! as the general engine's, in about a hundred word operations a pass.

use crate::puzzle::{Kind, Puzzle};
use crate::search::driver::End;
use crate::search::options::{Options, Outcome};
use crate::search::propagate::Propagate;
use crate::search::stats::Stats;

mod bands;
mod bits;
mod search;
#[cfg(test)]
mod tests;

use bands::*;
use search::*;

/// Whether the fast path applies: a 9×9 puzzle with blocks (classic or inequality) and no
/// markers (Kropki dots, XV: the general engines take those).
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.size() == 9 && puzzle.kind().has_blocks() && !puzzle.has_markers()
}

/// Solves a 9×9 classic or inequality puzzle by the fast path. Statistics count nodes, guesses,
/// backtracks, contradictions and solutions; placements and eliminations by rule are the
/// general engine's business and stay 0 here.
pub fn solve(puzzle: &Puzzle, options: Options) -> Outcome {
    solve_by(puzzle, options, |nine, state| nine.run(state))
}

/// [`solve`] with the search entry `search`: [`Nine::run`] (the code for the CPU at hand), or
/// in tests one compiled copy of the search by name.
fn solve_by(
    puzzle: &Puzzle,
    options: Options,
    search: impl for<'r> FnOnce(&mut Nine<'r>, &mut Bands),
) -> Outcome {
    debug_assert!(applies(puzzle));
    let relations = (puzzle.kind() == Kind::Inequality).then(|| Relations::of(puzzle));
    let mut nine = Nine {
        options,
        relations: relations.as_ref(),
        stop_at: options.node_limit.min(HAND_OVER_NODES),
        handed_over: false,
        nodes: 0,
        guesses: 0,
        backtracks: 0,
        contradictions: 0,
        solutions: 0,
        grids: Vec::with_capacity(2),
        end: End::Exhausted,
    };
    if let Ok(mut state) = Bands::with_givens(puzzle.givens()) {
        search(&mut nine, &mut state);
    }
    let status = nine.end.status(nine.solutions);
    let stats = Stats {
        nodes: nine.nodes,
        guesses: nine.guesses,
        backtracks: nine.backtracks,
        contradictions: nine.contradictions,
        solutions: nine.solutions,
        ..Stats::default()
    };
    if nine.handed_over {
        // The rest of the node limit goes to the general engine (the work so far is the
        // nodes: the 9×9 path does not probe).
        return Propagate::take_over(puzzle, options, &stats);
    }
    Outcome {
        status,
        solutions: nine.grids,
        stats,
    }
}
