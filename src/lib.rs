//! sudoku-lab: a constraint-solving core for Sudoku-family puzzles.
//!
//! ```text
//! text / JSON ──formats──▶ Puzzle ──▶ Search<O: Observer> ──▶ Outcome + Stats
//! ```
//! See `README.md` for the vocabulary and the architecture.

#[macro_use]
mod named;

pub mod bench;
mod contradiction;
pub mod digits;
pub mod formats;
pub mod generate;
pub mod geometry;
pub mod logic;
pub mod puzzle;
pub mod search;
pub mod trace;
pub mod wasm;

pub use digits::DigitSet;
pub use geometry::{Cell, Geometry, House, HouseKind};
pub use named::Named;
pub use puzzle::{Kind, Marker, MarkerKind, Problem, Puzzle, Relation};
pub use search::{
    portable_only, solve, solve_fast, solve_with, Engine, EngineKind, Observer, Options, Outcome,
    Progress, Propagate, Rule, Search, Silent, Stats, Status, Strategy, Via,
};
