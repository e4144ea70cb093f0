//! sudoku-lab: a constraint-solving core for Sudoku-family puzzles — classic sudoku of sizes
//! 4 to 25, inequality sudoku and Futoshiki, with markers between cells (Kropki dots, X, V)
//! on any of them — with engines that report every deduction and its premises, a library of
//! the techniques a person uses (hints, grades), and a generator of unique puzzles.
//!
//! ```text
//! text / JSON ──formats──▶ Puzzle ──▶ Search<O: Observer> ──▶ Outcome + Stats
//!                               └────▶ logic (steps, hints, grades) · generate
//! ```
//!
//! # Solve
//!
//! [`formats::read`] reads any supported text (one puzzle or a file of them, lazily) into
//! [`Puzzle`]s; [`solve`] answers with a [`Status`] and up to two solutions (the default
//! [`Options`] count to two, so [`Status::Unique`] is proven):
//!
//! ```
//! use sudoku_lab::formats::{self, Format, ReadOptions};
//! use sudoku_lab::{solve, Options, Status};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let entry = formats::read(text, Format::Line, ReadOptions::default())
//!     .next()
//!     .expect("one puzzle")
//!     .expect("it reads");
//! let outcome = solve(&entry.puzzle, Options::default()).expect("a valid puzzle");
//! assert_eq!(outcome.status, Status::Unique);
//! assert_eq!(&outcome.solution().unwrap()[..9], &[5, 3, 4, 6, 7, 8, 9, 1, 2]);
//! ```
//!
//! # Count
//!
//! `solution_limit` counts further; a limit reached is said by the status and the stats:
//!
//! ```
//! use sudoku_lab::{solve, Options, Puzzle, Status};
//!
//! let empty = Puzzle::classic(vec![0; 16]).unwrap(); // a blank 4×4
//! let options = Options { solution_limit: 1000, ..Options::default() };
//! let outcome = solve(&empty, options).unwrap();
//! assert_eq!(outcome.stats.solutions, 288); // every 4×4 sudoku grid
//! assert_eq!(outcome.status, Status::Multiple);
//! ```
//!
//! # Inequalities and markers
//!
//! The JSON model (as the CLI, the wasm module and the page write it) carries relations
//! (`<`, `>`) and markers — here a 4×4 Kropki sudoku: white dots join consecutive digits,
//! black dots a digit and its double, and with the negative constraint no other neighbours
//! are so related:
//!
//! ```
//! use sudoku_lab::formats::{self, Format, ReadOptions};
//! use sudoku_lab::{solve, Options, Status};
//!
//! let json = r#"{"size":4,"kind":"classic","givens":"................",
//!   "markers":[["r1c1","black","r2c1"],["r1c3","white","r1c4"],["r1c4","black","r2c4"],
//!     ["r2c1","white","r2c2"],["r2c1","white","r3c1"],["r2c2","white","r3c2"],
//!     ["r2c3","black","r3c3"],["r2c4","white","r3c4"],["r3c2","black","r3c3"],
//!     ["r3c2","black","r4c2"],["r3c3","white","r3c4"],["r3c3","black","r4c3"],
//!     ["r4c1","white","r4c2"],["r4c2","black","r4c3"]],
//!   "negative":["white","black"]}"#;
//! let puzzle = formats::read(json, Format::Json, ReadOptions::default())
//!     .next().unwrap().unwrap().puzzle;
//! assert_eq!(puzzle.markers().len(), 14);
//! let outcome = solve(&puzzle, Options::default()).unwrap();
//! assert_eq!(outcome.status, Status::Unique);
//! ```
//!
//! # Grade and hint
//!
//! [`logic::grade`] says how hard a puzzle is for a person, by the techniques it needs;
//! [`logic::hint`] gives the next step from a player's grid, as data and as a sentence:
//!
//! ```
//! use sudoku_lab::logic::{grade, hint, HintReport, Level, PlayerState, Reveal, Techniques};
//! use sudoku_lab::Puzzle;
//!
//! let digits = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let givens = digits.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let puzzle = Puzzle::classic(givens).unwrap();
//! assert_eq!(grade(&puzzle, Techniques::ALL).level, Level::Easy);
//! let state = PlayerState { entries: vec![0; 81], marks: None };
//! let (next, board) = hint(&puzzle, &state).unwrap();
//! match HintReport::of(&next, &board, Reveal::Step) {
//!     HintReport::Step { hint, .. } => {
//!         assert_eq!(hint, "In block 2, 8 has one place left, so 8 goes in r1c6.")
//!     }
//!     other => panic!("a step, not {other:?}"),
//! }
//! ```
//!
//! # Generate
//!
//! [`generate::generate`] makes puzzles with exactly one solution at a level, the same for
//! the same request and seed (natively and in wasm):
//!
//! ```
//! use sudoku_lab::generate::{generate, Request};
//! use sudoku_lab::logic::Level;
//! use sudoku_lab::{solve, Kind, Options, Status};
//!
//! let request = Request { level: Some(Level::Easy), seed: 7, ..Request::new(Kind::Classic, 6) };
//! let made = generate(&request, 1).unwrap();
//! assert_eq!(made[0].grade.level, Level::Easy);
//! assert_eq!(solve(&made[0].puzzle, Options::default()).unwrap().status, Status::Unique);
//! ```
//!
//! # Growing lists
//!
//! The public enums are `#[non_exhaustive]`: engines, techniques, formats, kinds, statuses,
//! rules and the other lists grow from one version to the next, so a `match` on one outside
//! this crate ends in a wildcard arm. Each list of choices is a [`Named`] enum whose `ALL`
//! holds every variant, for code that lists or parses them.
//!
//! See `README.md` and `docs/` for the command line, the module, the page, the vocabulary and the
//! architecture.

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

/// The README's Rust example, run as a doctest so that it stays true (the README's other
/// examples are run by tests/package/readme.test.mjs).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

pub use digits::DigitSet;
pub use geometry::{Cell, Geometry, House, HouseKind};
pub use named::Named;
pub use puzzle::{Kind, Marker, MarkerKind, Problem, Puzzle, Relation};
pub use search::{
    portable_only, solve, solve_fast, solve_with, Engine, EngineKind, Observer, Options, Outcome,
    Progress, Propagate, Rule, Search, Silent, Stats, Status, Strategy, Via,
};
