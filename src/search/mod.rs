//! Searching: the engine contract and its driver, the engines, the fast paths, and the
//! options, outcomes, statistics and observer they share.
//!
//! # The contract
//!
//! An engine is a resumable state machine over a stack of candidate grids. It implements
//! [`Search`] by writing five things — how a search begins, what one node does, its grid,
//! its depth, and how it starts over — and owns a [`Book`] (limits, counts, solutions,
//! status, observer) that it hands out by `book`/`book_mut`:
//!
//! ```text
//! trait Search (type Observer)          written by each engine       written once (provided)
//!   begin()      givens in at depth 0   ✓
//!   node()       propagate, then branch ✓
//!                / Book::found / backtrack / Book::exhausted
//!   grid(), depth()                     ✓ (`grid_in_frames!()` over a `Frames` stack)
//!   reset(puzzle)                       ✓
//!   book(), book_mut()                  ✓ (`book_in_field!()`)
//!   advance(budget) run() status() stats() solutions()
//!   observer() observer_mut() outcome()                              ✓ budget, node limit,
//!                                                                      stop/pause, End::status
//! ```
//!
//! [`Search::advance`] does about `budget` units of work and returns, so a caller (the CLI,
//! the wasm handle, the page's worker) can stream progress, stop at any time, or run to the
//! end with [`Search::run`]. The observer is a type parameter: with [`Silent`] every hook is
//! an empty inline function and compiles away. Propagation returns
//! `Result<_, Contradiction>`.
//!
//! # Adding an engine
//!
//! 1. A file `search/NAME.rs` with `pub struct Name<O: Observer> { …, book: Book<O> }`,
//!    `Name::new(puzzle, options, observer)`, and `impl<O: Observer> Search for Name<O>` with
//!    `type Observer = O;` and `book_in_field!();`, then:
//!    - `begin`: fill depth 0 and put in each given (`book.place(…, Rule::Given, …)`);
//!    - `node`: count `book.stats.nodes`, report [`Observer::round`], propagate; on a dead end
//!      `book.contradiction(…)` and backtrack ([`Book::step_back`] reports it and goes up a
//!      level, or at the root ends the search; then remove the failed digit as a
//!      [`Rule::Refutation`]);
//!      with every cell placed [`Book::found`] (true: the solution limit ended the search;
//!      false: backtrack and go on); else branch (`book.guess(…)`);
//!    - `grid`, `depth`, and `reset` (start over on another puzzle, keeping the buffers); an
//!      engine that branches by copying grids keeps them in a `Frames` stack (`frames.rs`),
//!      which also fills the root with the givens (`Frames::begin`), copies a branch
//!      (`Frames::branch`) and writes `grid` and `depth` (`grid_in_frames!()`);
//!    - report by the protocol in [`Observer`] (an elimination that leaves one candidate is
//!      followed by its `place`): `book.place`, `book.eliminate`, `book.guess`,
//!      `book.backtrack` and `book.contradiction` each count in `book.stats` and tell the
//!      observer, so what is counted is what is reported;
//!    - import what it uses from the files that define it (`driver.rs`, `observer.rs`,
//!      `options.rs`, `stats.rs`, `frames.rs`, `crate::contradiction`), never through this
//!      file, which dispatches to it (`tests/architecture.rs` fails on a circle or an
//!      arrow up).
//! 2. A variant in [`EngineKind`] (its name; `supports` when it cannot take every kind),
//!    and one in [`Engine`], with its arm in `each!`, [`Engine::new`] and [`Engine::kind`].
//! 3. What a failing check then points at: the TypeScript union `EngineName` in
//!    `src/wasm/exports/mod.rs` (asserted against [`EngineKind::ALL`]), the message the wasm
//!    argument test expects for an unknown engine, a node budget per engine in `tests/trace.rs` (a non-exhaustive
//!    match), and `tests/lists.rs`: the page's menu entry with its one-line description
//!    (`ENGINES` in `www/js/controls.js`), the element's `engine` types
//!    (`package/board.d.ts`), the `--engine` help of `solve`, `count` and `trace`, and the
//!    READMEs.
//!
//! Nothing else: the CLI (`--engine`, `compare`), the wasm module (`engine:`), the trace,
//! and the tests that loop over [`EngineKind::ALL`] (`tests/limits.rs`, `tests/trace.rs`)
//! pick it up. (Checked on 2026-12-02 by adding a copy of `naive` under another name: the
//! steps above were all it took for `solve --engine`, `compare` and the tests.)
//!
//! | file | what |
//! | --- | --- |
//! | `mod.rs` | the engines by kind ([`Engine`]) and [`solve_with`]; declares and re-exports |
//! | `options.rs` | [`EngineKind`], [`Options`], [`Strategy`], [`Status`], [`Progress`], [`Outcome`] |
//! | `driver.rs`, `observer.rs`, `stats.rs` | [`Search`] and [`Book`]; [`Observer`] and [`Via`]; [`Stats`] and [`Rule`] |
//! | `plain.rs` | [`solve`] and [`solve_fast`]: a fast path, else `propagate`, never `logic` (what grading and hints call) |
//! | `propagate/`, `dlx/`, `naive.rs`, `logic.rs`, `frames.rs` | the engines, and the grid stack two of them share |
//! | `nine/`, `sixteen/`, `twentyfive/`, `bitboards.rs`, `portable.rs` | the fast paths, what the 16×16 and 25×25 ones share, and the switch to their portable code |
//!
//! The fast paths (`nine/`, `sixteen/`, `twentyfive/`) are not engines: they are searches over
//! bit bands with no observer, so they are not resumable; they share `End` with the driver, so
//! a limit ends them with the same status.

mod bitboards;
mod dlx;
mod driver;
mod frames;
mod logic;
mod naive;
mod nine;
mod observer;
pub(crate) mod options;
pub(crate) mod plain;
mod portable;
mod propagate;
mod restarts;
mod sixteen;
pub(crate) mod stats;
mod twentyfive;

use crate::puzzle::{Problem, Puzzle};

pub use crate::contradiction::Contradiction;
pub use dlx::Dlx;
pub use driver::{Book, Search};
pub use logic::Logic;
pub use naive::Naive;
pub use observer::{Observer, Silent, Via};
pub use options::{EngineKind, Options, Outcome, Progress, Status, Strategy};
pub use plain::{fast_path_applies, solve, solve_fast};
pub use portable::portable_only;
pub use propagate::Propagate;
pub use stats::{Rule, Stats};

/// A search by any engine, chosen at run time.
// One engine lives per search and is moved at most once: its size does not matter, and
// boxing would add an indirection to every call.
#[allow(clippy::large_enum_variant)]
#[non_exhaustive]
pub enum Engine<O: Observer> {
    Propagate(Propagate<O>),
    Dlx(Dlx<O>),
    Naive(Naive<O>),
    Logic(Logic<O>),
}

/// Calls the same method on whichever engine is inside.
macro_rules! each {
    ($engine:expr, $s:ident => $body:expr) => {
        match $engine {
            Engine::Propagate($s) => $body,
            Engine::Dlx($s) => $body,
            Engine::Naive($s) => $body,
            Engine::Logic($s) => $body,
        }
    };
}

impl<O: Observer> Engine<O> {
    /// Prepares a search of `puzzle` by `kind`; fails when the engine cannot express the
    /// puzzle (DLX and relations).
    pub fn new(
        kind: EngineKind,
        puzzle: &Puzzle,
        options: Options,
        observer: O,
    ) -> Result<Engine<O>, Problem> {
        if let Some(problem) = kind.refusal(puzzle) {
            return Err(problem);
        }
        Ok(match kind {
            EngineKind::Propagate => Engine::Propagate(Propagate::new(puzzle, options, observer)),
            EngineKind::Dlx => Engine::Dlx(Dlx::new(puzzle, options, observer)),
            EngineKind::Naive => Engine::Naive(Naive::new(puzzle, options, observer)),
            EngineKind::Logic => Engine::Logic(Logic::new(puzzle, options, observer)),
        })
    }

    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::Propagate(_) => EngineKind::Propagate,
            Engine::Dlx(_) => EngineKind::Dlx,
            Engine::Naive(_) => EngineKind::Naive,
            Engine::Logic(_) => EngineKind::Logic,
        }
    }
}

impl<O: Observer> Search for Engine<O> {
    type Observer = O;

    fn book(&self) -> &Book<O> {
        each!(self, s => s.book())
    }

    fn book_mut(&mut self) -> &mut Book<O> {
        each!(self, s => s.book_mut())
    }

    fn begin(&mut self) {
        each!(self, s => s.begin())
    }

    fn node(&mut self) {
        each!(self, s => s.node())
    }

    fn grid(&self) -> &[u32] {
        each!(self, s => s.grid())
    }

    fn depth(&self) -> usize {
        each!(self, s => s.depth())
    }

    /// Starts over on `puzzle` with the same engine (which must support its kind).
    fn reset(&mut self, puzzle: &Puzzle) {
        each!(self, s => s.reset(puzzle))
    }

    /// One dispatch, then the engine's own driver loop (not a dispatch per node).
    fn advance(&mut self, budget: u64) -> Progress {
        each!(self, s => s.advance(budget))
    }
}

/// Validates `puzzle` and solves it with the engine `kind`.
pub fn solve_with(kind: EngineKind, puzzle: &Puzzle, options: Options) -> Result<Outcome, Problem> {
    puzzle.validate()?;
    let mut engine = Engine::new(kind, puzzle, options, Silent)?;
    engine.run();
    Ok(engine.outcome())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::givens_of;

    #[test]
    fn rules_are_listed_in_index_order_with_distinct_names() {
        for (i, rule) in Rule::ALL.iter().enumerate() {
            assert_eq!(*rule as usize, i);
        }
        let mut names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Rule::COUNT);
    }

    #[test]
    fn stats_add_up_field_by_field() {
        let mut a = Stats {
            nodes: 2,
            probes: 3,
            ..Stats::default()
        };
        a.placements[Rule::Guess as usize] = 1;
        let b = a.clone();
        a.add(&b);
        assert_eq!((a.nodes, a.work(), a.total_placements()), (4, 10, 2));
    }

    #[test]
    fn each_fast_path_finds_an_empty_grid_not_unique() {
        type FastPath = fn(&Puzzle, Options) -> Outcome;
        for (size, solve) in [
            (9, nine::solve as FastPath),
            (16, sixteen::solve),
            (25, twentyfive::solve),
        ] {
            let puzzle = Puzzle::classic(vec![0; size * size]).unwrap();
            let outcome = solve(&puzzle, Options::default());
            assert_eq!(outcome.status, Status::Multiple, "{size}×{size}");
            assert_ne!(outcome.solutions[0], outcome.solutions[1]);
            for s in &outcome.solutions {
                puzzle.check_answer(s).unwrap();
            }
        }
    }

    #[test]
    fn solve_refuses_an_invalid_puzzle_before_searching() {
        let puzzle = Puzzle::classic(givens_of("11.. .... .... ....")).unwrap();
        let problem = solve(&puzzle, Options::default()).unwrap_err();
        assert_eq!(problem.message, "r1c1 and r1c2 are both 1 in row 1");
    }

    #[test]
    fn only_large_grids_escalate_to_probing() {
        let small = Puzzle::classic(vec![0; 81]).unwrap();
        let large = Puzzle::classic(vec![0; 256]).unwrap();
        assert_eq!(Strategy::for_puzzle(&small).probe_after, u64::MAX);
        assert!(Strategy::for_puzzle(&large).probe_after < u64::MAX);
    }
}
