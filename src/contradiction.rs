//! [`Contradiction`]: the dead end that the engines, the fast paths and the technique library
//! all carry out of propagation with `?`.

/// A dead end: the grid in hand has an empty cell, or a digit with no place in a house.
/// Propagation returns `Result<_, Contradiction>` so that `?` carries a dead end out; what
/// it was is reported to the observer where it is found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;
