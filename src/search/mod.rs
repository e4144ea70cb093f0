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
//!      observer, so what is counted is what is reported.
//! 2. A variant in [`EngineKind`] (its name; `supports` when it cannot take every kind),
//!    and one in [`Engine`], with its arm in `each!`, [`Engine::new`] and [`Engine::kind`].
//! 3. What a failing check then points at: the TypeScript union `EngineName` in
//!    `src/wasm/exports/mod.rs` (asserted against [`EngineKind::ALL`]), the message the wasm
//!    argument test expects for an unknown engine, a node budget per engine in `tests/trace.rs` (a non-exhaustive
//!    match), and the page's menu entry with its one-line description (`ENGINES` in
//!    `www/js/explain.js`).
//!
//! Nothing else: the CLI (`--engine`, `compare`), the wasm module (`engine:`), the trace,
//! and the tests that loop over [`EngineKind::ALL`] (`tests/limits.rs`, `tests/trace.rs`)
//! pick it up. (Checked on 2026-12-02 by adding a copy of `naive` under another name: the
//! steps above were all it took for `solve --engine`, `compare` and the tests.)
//!
//! The fast paths (`nine/`, `sixteen/`, `twentyfive/`) are not engines: they are searches over
//! bit bands with no observer, so they are not resumable; they share `End` with the driver, so
//! a limit ends them with the same status.

mod dlx;
mod driver;
mod frames;
mod logic;
mod naive;
mod nine;
mod observer;
mod propagate;
mod sixteen;
mod stats;
mod twentyfive;

use crate::puzzle::{Kind, Problem, Puzzle};

pub use dlx::Dlx;
pub(crate) use driver::{book_in_field, End};
pub use driver::{Book, Contradiction, Search};
pub use logic::Logic;
pub use naive::Naive;
pub use observer::{Observer, Silent, Via};
pub use propagate::Propagate;
pub use stats::{Rule, Stats};

named! {
    /// The solving strategies. All report the same events and statistics, so the page can
    /// compare them on one puzzle.
    #[derive(Default)]
    pub enum EngineKind {
        /// Constraint propagation with branching on the most constrained cell (the default).
        #[default]
        Propagate = "propagate",
        /// Knuth's Algorithm X with dancing links over the exact-cover matrix (classic kinds).
        Dlx = "dlx",
        /// Cell-order depth-first search that checks only placed neighbours (every kind).
        Naive = "naive",
        /// Named techniques as a person applies them, simplest first; a guess only when none
        /// applies (every kind).
        Logic = "logic",
    }
}

impl EngineKind {
    /// Whether the engine can solve puzzles of `kind` (DLX has no relations).
    pub const fn supports(self, kind: Kind) -> bool {
        !matches!(
            (self, kind),
            (EngineKind::Dlx, Kind::Inequality | Kind::Futoshiki)
        )
    }
}

/// A search by any engine, chosen at run time.
// One engine lives per search and is moved at most once: its size does not matter, and
// boxing would add an indirection to every call.
#[allow(clippy::large_enum_variant)]
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
        if !kind.supports(puzzle.kind()) {
            return Err(Problem::new(
                format!(
                    "the {kind} engine solves classic puzzles only, not {} ones",
                    puzzle.kind()
                ),
                vec![],
            ));
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

/// Which deductions the `propagate` engine makes beyond naked and hidden singles and
/// relation bounds, and how it branches. Every choice is sound, so a strategy changes speed,
/// never answers. [`Strategy::for_puzzle`] picks what measured fastest for the size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Strategy {
    /// Pointing and claiming where blocks meet rows and columns.
    pub locked_candidates: bool,
    /// Branch on the fewest candidates per conflict weight (dom/wdeg) instead of the fewest
    /// candidates.
    pub weighted: bool,
    /// Escalate to probing (trials of every candidate, within [`Strategy::probe_width`];
    /// constructive disjunction, lookahead branching) once the search has backtracked this
    /// many times: 0 probes from the start, `u64::MAX` never. Probing costs much per node and
    /// saves whole subtrees; it pays on the puzzles that plain propagation finds hard, which
    /// show it by failing branches (a big empty grid needs many guesses but no backtracking,
    /// and never escalates).
    pub probe_after: u64,
    /// Below the root, probe only the open cells with at most this many candidates
    /// (`u32::MAX`: every open cell; the root, whenever the search probes there, probes every
    /// one). A trial of a wide cell seldom fails, and at 25×25 each costs microseconds.
    pub probe_width: u32,
}

impl Strategy {
    /// Singles and relation bounds only, fewest-candidates branching.
    pub const SINGLES: Strategy = Strategy {
        locked_candidates: false,
        weighted: false,
        probe_after: u64::MAX,
        probe_width: u32::MAX,
    };

    /// The strategy measured fastest for the puzzle's size and kind (see README,
    /// "Benchmarks"): locked candidates and weighted branching everywhere they apply;
    /// probing only from 12×12 up, after 100 backtracks, where plain propagation gets lost on
    /// the hard public 16×16 puzzles (from minutes to milliseconds) while the easy ones
    /// finish before it starts. At 25×25, below the root, only two-candidate cells are
    /// probed: on minimal 25×25 puzzles that is 5–15× the nodes for 0.36–1.1× the trials (a
    /// trial of a wide cell costs microseconds and seldom fails) — 1.4–3× less time, and one
    /// puzzle that the wide probes did not settle within the default node limit is solved
    /// (BENCHMARKS.md). Not at 16×16: its hard public puzzles need the wide trials (with
    /// two-candidate cells only, `public_120` takes this engine seconds per puzzle instead
    /// of milliseconds).
    pub fn for_puzzle(puzzle: &Puzzle) -> Strategy {
        let size = puzzle.size();
        Strategy {
            locked_candidates: puzzle.kind().has_blocks(),
            weighted: true,
            probe_after: if size >= 12 { 100 } else { u64::MAX },
            probe_width: if size >= 25 { 2 } else { u32::MAX },
        }
    }
}

/// Limits of one search. Every limit is explicit and reported when hit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Stop after this many solutions: 1 finds one answer, 2 (the default) also proves
    /// uniqueness, larger values count. 0 acts as 1 (a search stops at its first solution
    /// at the earliest); the CLI and the wasm module refuse it.
    pub solution_limit: u64,
    /// Stop after this much work: search nodes (propagation rounds between decisions) plus
    /// probes (trial propagations), see [`Stats::work`]. Checked at node boundaries.
    pub node_limit: u64,
    /// The deductions and branching to use; `None` chooses by puzzle size.
    pub strategy: Option<Strategy>,
}

impl Options {
    /// The largest node or solution limit the CLI and the wasm module take: the largest whole
    /// number a JavaScript number holds exactly, so that a limit means the same in both.
    pub const MAX_LIMIT: u64 = (1 << 53) - 1;

    /// The default node limit: far above what any sound 9×9 or 16×16 puzzle needs (the
    /// hardest known 9×9 puzzles need a few thousand nodes, the hard public 16×16 ones a few
    /// thousand probes) and a bound of seconds to minutes on a pathological 25×25 one.
    pub const DEFAULT_NODE_LIMIT: u64 = 10_000_000;
}

impl Default for Options {
    fn default() -> Options {
        Options {
            solution_limit: 2,
            node_limit: Options::DEFAULT_NODE_LIMIT,
            strategy: None,
        }
    }
}

named! {
    /// How a search ended (its name in text, JSON and the UI):
    ///
    /// | status | meaning |
    /// | --- | --- |
    /// | `unique` | exactly one solution: the search space was exhausted |
    /// | `solved` | a solution was found and the solution limit (1) stopped the search before uniqueness was known |
    /// | `multiple` | at least two distinct solutions |
    /// | `unsolvable` | no solution exists |
    /// | `limit` | the node limit ran out before the question was settled |
    pub enum Status {
        Unique = "unique", Solved = "solved", Multiple = "multiple", Unsolvable = "unsolvable",
        LimitReached = "limit",
    }
}

impl Status {
    /// True when at least one solution is known.
    pub const fn has_solution(self) -> bool {
        matches!(self, Status::Unique | Status::Solved | Status::Multiple)
    }
}

/// Where a resumable search stands after [`Search::advance`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// The budget ran out; call `advance` again to continue.
    Running,
    /// The search has ended.
    Done(Status),
}

/// The result of a finished search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub status: Status,
    /// Up to two distinct solutions, row-major digits.
    pub solutions: Vec<Vec<u8>>,
    pub stats: Stats,
}

impl Outcome {
    /// The first solution, if any.
    pub fn solution(&self) -> Option<&[u8]> {
        self.solutions.first().map(Vec::as_slice)
    }
}

/// Validates `puzzle` and solves it: by a fast path when one applies and no strategy is
/// forced (9×9 classic and inequality, 16×16 and 25×25 classic; their statistics count
/// nodes, guesses and probes, not rules), else by the `propagate` engine.
pub fn solve(puzzle: &Puzzle, options: Options) -> Result<Outcome, Problem> {
    if options.strategy.is_none() {
        puzzle.validate()?;
        if let Some(outcome) = solve_fast(puzzle, options) {
            return Ok(outcome);
        }
    }
    solve_with(EngineKind::Propagate, puzzle, options)
}

/// Solves by a specialised path when one applies (9×9 classic and inequality, see `nine/`;
/// 16×16 classic, see `sixteen/`; 25×25 classic, see `twentyfive/`); `None` for other
/// puzzles. No validation, no events: the fastest way to an answer.
pub fn solve_fast(puzzle: &Puzzle, options: Options) -> Option<Outcome> {
    if nine::applies(puzzle) {
        Some(nine::solve(puzzle, options))
    } else if sixteen::applies(puzzle) {
        Some(sixteen::solve(puzzle, options))
    } else if twentyfive::applies(puzzle) {
        Some(twentyfive::solve(puzzle, options))
    } else {
        None
    }
}

/// Set: the fast paths run their portable code even where the CPU has more (AVX2, BMI2 and
/// POPCNT: the 9×9 search, the 16×16 propagation), so that a benchmark can time both on one
/// machine. Off by default.
static PORTABLE_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes the fast paths use their portable code only (`true`) or the best the CPU runs
/// (`false`, the default): for benchmarks and tests that compare the two.
pub fn portable_only(flag: bool) {
    PORTABLE_ONLY.store(flag, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the fast paths are held to their portable code ([`portable_only`]); only x86-64
/// has another path to choose.
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn is_portable_only() -> bool {
    PORTABLE_ONLY.load(std::sync::atomic::Ordering::Relaxed)
}

/// True when `solve_fast` answers `puzzle` (a fast path applies).
pub fn fast_path_applies(puzzle: &Puzzle) -> bool {
    nine::applies(puzzle) || sixteen::applies(puzzle) || twentyfive::applies(puzzle)
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
