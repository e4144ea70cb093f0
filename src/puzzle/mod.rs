//! The puzzle model — kind, size, givens, relations — and (in `validate`) its validation
//! before solving and the check of answers.
//!
//! A [`Puzzle`] is structurally sound by construction (size, kinds, adjacency are checked by
//! [`Puzzle::new`]); [`Puzzle::problems`] finds what makes a sound puzzle hopeless — equal
//! givens in a house, relation cycles, chains too long for the digits, relations that
//! contradict givens — and names the cells involved, so a UI can mark them.

mod markers;
mod model;
mod problem;
mod validate;

pub use markers::{Marker, MarkerKind, PairRule, PairSource};
#[cfg(test)]
pub(crate) use model::givens_of;
pub use model::{Kind, Puzzle, Relation};
pub use problem::Problem;
