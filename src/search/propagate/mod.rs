//! The `propagate` engine: constraint propagation to a fixed point, then branching on the
//! most constrained cell, with an explicit stack so it can pause anywhere.
//!
//! State is one candidate grid per depth, copied on branch (no undo log):
//!
//! ```text
//! frames = the candidate grids by depth (`Frames`: cells + 1, and one spare for probing)
//! choices[d] = (cell, digit) tried to go from depth d to d + 1
//! ```
//! A cell whose set has one digit is *placed*; its digit leaves its peers exactly once, when it
//! leaves the queue. When a branch fails, its digit is removed from the cell in the parent grid
//! (a refutation) and the parent is propagated again — the last branch of a cell is never
//! copied. Probing (see [`Strategy`](super::Strategy)) tries a digit one level down in the same way and keeps
//! only the refutations.
//!
//! Hidden singles are looked for only in *dirty* houses, those in which some candidate changed
//! since the last look (a bit set over house numbers).
//!
//! | file | what |
//! | --- | --- |
//! | `engine.rs` | the state, the givens, branching and backtracking, the `Search` contract |
//! | `crossings.rs` | where blocks meet lines: the table locked candidates walk |
//! | `singles.rs` | propagation to a fixed point: peers, naked and hidden singles, relation bounds |
//! | `locked.rs` | locked candidates (pointing and claiming) over the crossings of blocks and lines |
//! | `probe.rs` | probing: trials, refutations, constructive disjunction, lookahead scores |

mod crossings;
mod engine;
mod locked;
mod probe;
mod singles;
#[cfg(test)]
mod tests;

pub use engine::Propagate;
