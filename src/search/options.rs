//! The vocabulary of a search, shared by the engines, the fast paths and their callers: which
//! engine ([`EngineKind`]), its limits ([`Options`]) and deductions ([`Strategy`]), and how it
//! ended ([`Status`], [`Progress`], [`Outcome`]).

use crate::puzzle::{Kind, Problem, Puzzle};

use super::stats::Stats;

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

    /// Why the engine cannot search `puzzle`, if it cannot: DLX's exact cover has no
    /// relations and no markers.
    pub fn refusal(self, puzzle: &Puzzle) -> Option<Problem> {
        if !self.supports(puzzle.kind()) {
            return Some(Problem::new(
                format!(
                    "the {self} engine solves classic puzzles only, not {} ones",
                    puzzle.kind()
                ),
                vec![],
            ));
        }
        (self == EngineKind::Dlx && puzzle.has_markers()).then(|| {
            Problem::new(
                format!("the {self} engine solves classic puzzles without markers only"),
                vec![],
            )
        })
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

    /// The strategy measured fastest for the puzzle's size and kind (see
    /// docs/src/benchmarks.md): locked candidates and weighted branching everywhere they apply;
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

/// Where a resumable search stands after [`Search::advance`](super::Search::advance).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
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
