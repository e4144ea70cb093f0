//! The 16×16 classic fast path: every digit's candidates as four 64-bit band masks, with the
//! row, block and column reasoning done by bit operations and one permutation table. Used by
//! `solve` when nothing is traced; the general engine (`propagate.rs`) stays the reference
//! and the traced path, and the differential tests hold the two to the same answers.
//!
//! ```text
//! band b = rows 4b..4b+3                 bit of cell (r, c) in its band: 16·(r mod 4) + c
//!          ┌ col 0 … 3 │ 4 … 7 │ 8 … 11 │ 12 … 15 ┐
//!  row 4b  │   0 … 3   │ 4 … 7 │ 8 … 11 │ 12 … 15 │   minirow (r, x): row r of the band ∩
//!  row 4b+1│  16 …     │       │        │      31 │   block x, 4 cells (a nibble); the band
//!  row 4b+2│  32 …     │       │        │      47 │   condenses to 16 minirow bits, bit 4r + x
//!  row 4b+3│  48 …     │       │        │      63 │
//! masks[b][d]: the cells of band b where digit d+1 is still possible
//! ```
//!
//! Reasoning, per digit, all to a fixed point:
//! - **rows and blocks** (per band): the digit sits once in each row and once in each block
//!   of the band, so its four minirows form a permutation (row → block). [`MATCHING`] gives,
//!   for any set of possible minirows, the minirows that belong to some permutation; the
//!   others go. This is hidden singles in blocks and locked candidates both ways (and
//!   their pairs and triples), in one lookup.
//! - **columns and blocks** (per stack of four columns): the same, turned: the digit sits
//!   once in each band of the stack and once in each of its columns, so the band → column
//!   choices form a permutation too. The columns each band still offers, transposed as a
//!   4×4 matrix of nibbles, index the same table.
//! - **solved cells**: a band row down to one cell places the digit there; the cell leaves
//!   every other digit.
//!
//! Then naked singles across digits (bit-sliced counting). Every node then probes
//! ([`Sixteen::lookahead`]): each candidate of each open cell is tried on a copy and
//! propagated; a failed trial removes its candidate, and what no trial of a cell (or of a
//! digit in a block) kept is removed too — with bit boards the union of trials is a few
//! dozen ORs. Blocks are probed tightest first (fewest candidates per open cell, as the
//! state stands when the previous block is done): there the trials fail or remove the most,
//! and the earlier the state shrinks, the cheaper and stronger the rest of the round. A
//! candidate that an earlier trial placed, the state unchanged since, is not tried: its
//! trial keeps at least what that one kept, so it cannot fail, and in the unions the
//! placement alone (unpropagated) stands in for it — 14–18% fewer trials, the cheap ones.
//! The hard public puzzles need ~2000 nodes of plain search; singleton consistency settles
//! most of them at the root within the first round, in a median of ~500 trials (~245 for
//! the generated ones). Only a loose grid (many candidates, nothing refuted yet, such as
//! an empty one) branches without probing, on the cell with the fewest candidates — and so
//! does a grid that gave two lookaheads in a row nothing (the second ends its round after
//! 64 quiet cells), until a branch fails: a grid with many solutions refutes nothing for
//! dozens of levels, and probing each of them cost 3–30× the work.
//!
//! Trials are most of the time, and in a trial most of it is [`Bands::update`]; the
//! updates that depend on data (which digits a solved cell takes, whether a subband loses
//! something) are branch-free, since mispredictions cost more there than the work. The
//! order of its looks matters too: it takes the lowest stale digit first, and the digits are
//! renamed at the root, fewest candidates first ([`Bands::rename_digits`]), so the
//! constrained ones go first; solutions are named back on the way out.
//!
//! On x86-64 CPUs with AVX2 and BMI2 (detected at run time), propagation runs a copy compiled
//! for them ([`Bands::propagate`]): the minirow gather is one `pext`, and the masks are stored
//! band-major so that clearing a solved cell from sixteen digits takes four vector steps.

use crate::puzzle::{Kind, Puzzle};
use crate::search::bitboards::Tally;
use crate::search::options::{Options, Outcome};

mod bands;
mod bits;
mod search;
#[cfg(test)]
mod tests;

use bands::*;
/// The 4×4 permutation table, which the 25×25 path builds its 5×5 one from.
pub(super) use bits::MATCHING;
use search::*;

/// Whether the fast path applies: a 16×16 classic puzzle without markers (relations and
/// markers need the general engine).
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.size() == 16 && puzzle.kind() == Kind::Classic && !puzzle.has_markers()
}

/// Solves a 16×16 classic puzzle by the fast path. Statistics count nodes, guesses,
/// backtracks, contradictions, solutions and probes; placements and eliminations by rule are
/// the general engine's business and stay 0 here.
pub fn solve(puzzle: &Puzzle, options: Options) -> Outcome {
    let mut sixteen = Sixteen {
        tally: Tally::new(options),
        idle: 0,
        idle_since: 0,
    };
    if let Some(mut state) = sixteen.tally.root(puzzle.givens(), Bands::propagate) {
        sixteen.tally.names = state.rename_digits();
        sixteen.search(state);
    }
    sixteen.tally.outcome()
}
