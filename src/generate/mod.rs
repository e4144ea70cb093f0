//! Fresh puzzles: unique, of any kind and size, deterministic for a seed.
//!
//! One attempt fills a random solution grid (`fill`), chooses the clues it may give —
//! the givens, for inequality and Futoshiki the relations of a [`Relations`] set,
//! oriented as the solution says, and the [`Markers`] of a family where the solution has
//! them — and then takes clues away in a random order of
//! symmetry orbits, keeping each removal that leaves the puzzle acceptable:
//!
//! | kind | clues taken away | starting point |
//! | --- | --- | --- |
//! | classic | givens | every given |
//! | inequality | givens (and with `minimal` then relations) | the relations alone, plus givens where two solutions differ until one is left |
//! | Futoshiki | givens and relations, mixed (as Tatham's Unequal does) | every clue |
//! | with [`Markers`] | givens, then markers (with the negative constraint: givens only) | every given and every marker of the family the solution has |
//!
//! A puzzle with markers must need them: one whose givens alone settle it is a miss.
//!
//! *Acceptable* is "exactly one solution" (counted to two by the fast path or the
//! `propagate` engine), and with a target [`Level`](crate::logic::Level) below guessing also "the techniques of
//! that level finish it": the puzzle is then taken as far as that level allows, and the
//! attempt is kept when [`grade`](crate::logic::grade) places it exactly at the level (not easier). With
//! `minimal`, removals are judged by uniqueness alone, so that no clue can go, and the level
//! is checked at the end. Every returned puzzle is counted once more by the engine before it
//! is returned. An attempt that misses (a level, a clue count, relations alone not enough)
//! starts over with a new grid, up to [`Request::attempts`].
//!
//! Work is counted in *checks* (one uniqueness count or one technique solve), so that
//! [`Generator::advance`] can run in slices and report progress.

mod fill;
mod generator;
mod request;
mod rng;

pub use generator::{count, generate, Advance, Generated, Generator, Position};
pub use request::{Markers, Relations, Request, Symmetry};
pub use rng::Rng;

#[cfg(test)]
mod marker_tests;
#[cfg(test)]
mod tests;
