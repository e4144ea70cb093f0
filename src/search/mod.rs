//! The search driver: options, outcomes, statistics and the observer every engine reports to.
//!
//! An engine is a resumable state machine: [`Search::advance`] does at most `budget` nodes of
//! work and returns, so a caller (the CLI, the wasm handle, the page's worker) can stream
//! progress, stop at any time, or run to the end with [`Search::run`]. The observer is a type
//! parameter: with [`Silent`] every hook is an empty inline function and compiles away.

mod dlx;
mod naive;
mod nine;
mod propagate;
mod sixteen;

use std::fmt;

use crate::digits::DigitSet;
use crate::puzzle::{Kind, Problem, Puzzle};

pub use dlx::Dlx;
pub use naive::Naive;
pub use propagate::Search;

/// The solving strategies. All report the same events and statistics, so the page can
/// compare them on one puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EngineKind {
    /// Constraint propagation with branching on the most constrained cell (the default).
    #[default]
    Propagate,
    /// Knuth's Algorithm X with dancing links over the exact-cover matrix (classic kinds).
    Dlx,
    /// Cell-order depth-first search that checks only placed neighbours (every kind).
    Naive,
}

impl EngineKind {
    pub const ALL: [EngineKind; 3] = [EngineKind::Propagate, EngineKind::Dlx, EngineKind::Naive];

    pub const fn name(self) -> &'static str {
        match self {
            EngineKind::Propagate => "propagate",
            EngineKind::Dlx => "dlx",
            EngineKind::Naive => "naive",
        }
    }

    pub fn parse(text: &str) -> Option<EngineKind> {
        EngineKind::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
    }

    /// Whether the engine can solve puzzles of `kind` (DLX has no relations).
    pub const fn supports(self, kind: Kind) -> bool {
        !matches!(
            (self, kind),
            (EngineKind::Dlx, Kind::Inequality | Kind::Futoshiki)
        )
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A search by any engine, behind one interface.
// One engine lives per search and is moved at most once: its size does not matter, and
// boxing would add an indirection to every call.
#[allow(clippy::large_enum_variant)]
pub enum Engine<O: Observer> {
    Propagate(Search<O>),
    Dlx(Dlx<O>),
    Naive(Naive<O>),
}

/// Calls the same method on whichever engine is inside.
macro_rules! each {
    ($engine:expr, $s:ident => $body:expr) => {
        match $engine {
            Engine::Propagate($s) => $body,
            Engine::Dlx($s) => $body,
            Engine::Naive($s) => $body,
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
            EngineKind::Propagate => Engine::Propagate(Search::new(puzzle, options, observer)),
            EngineKind::Dlx => Engine::Dlx(Dlx::new(puzzle, options, observer)),
            EngineKind::Naive => Engine::Naive(Naive::new(puzzle, options, observer)),
        })
    }

    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::Propagate(_) => EngineKind::Propagate,
            Engine::Dlx(_) => EngineKind::Dlx,
            Engine::Naive(_) => EngineKind::Naive,
        }
    }

    /// See [`Search::advance`]: at most about `budget` units of work, then return.
    pub fn advance(&mut self, budget: u64) -> Progress {
        each!(self, s => s.advance(budget))
    }

    pub fn run(&mut self) -> Status {
        each!(self, s => s.run())
    }

    pub fn status(&self) -> Option<Status> {
        each!(self, s => s.status())
    }

    pub fn stats(&self) -> &Stats {
        each!(self, s => s.stats())
    }

    pub fn solutions(&self) -> &[Vec<u8>] {
        each!(self, s => s.solutions())
    }

    pub fn depth(&self) -> usize {
        each!(self, s => s.depth())
    }

    /// The candidate grid at the current depth (bit `d-1` ⇔ digit `d`).
    pub fn grid(&self) -> &[u32] {
        each!(self, s => s.grid())
    }

    pub fn observer(&self) -> &O {
        each!(self, s => s.observer())
    }

    pub fn observer_mut(&mut self) -> &mut O {
        each!(self, s => s.observer_mut())
    }

    pub fn outcome(&self) -> Outcome {
        Outcome {
            status: self.status().unwrap_or(Status::LimitReached),
            solutions: self.solutions().to_vec(),
            stats: self.stats().clone(),
        }
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
    /// Escalate to probing (trials of every candidate, constructive disjunction, lookahead
    /// branching) once the search has backtracked this many times: 0 probes from the start,
    /// `u64::MAX` never. Probing costs much per node and saves whole subtrees; it pays on the
    /// puzzles that plain propagation finds hard, which show it by failing branches (a big
    /// empty grid needs many guesses but no backtracking, and never escalates).
    pub probe_after: u64,
}

impl Strategy {
    /// Singles and relation bounds only, fewest-candidates branching.
    pub const SINGLES: Strategy = Strategy {
        locked_candidates: false,
        weighted: false,
        probe_after: u64::MAX,
    };

    /// The strategy measured fastest for the puzzle's size and kind (see README,
    /// "Benchmarks"): locked candidates and weighted branching everywhere they apply;
    /// probing only from 12×12 up, after 100 backtracks, where plain propagation gets lost on
    /// the hard public 16×16 puzzles (from minutes to milliseconds) while the easy ones
    /// finish before it starts.
    pub fn for_puzzle(puzzle: &Puzzle) -> Strategy {
        Strategy {
            locked_candidates: puzzle.kind().has_blocks(),
            weighted: true,
            probe_after: if puzzle.size() >= 12 { 100 } else { u64::MAX },
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

/// How a search ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Exactly one solution: the search space was exhausted.
    Unique,
    /// A solution was found and the solution limit (1) stopped the search before
    /// uniqueness was known.
    Solved,
    /// At least two distinct solutions.
    Multiple,
    /// No solution exists.
    Unsolvable,
    /// The node limit ran out before the question was settled.
    LimitReached,
}

impl Status {
    /// The word used in text, JSON and the UI.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Solved => "solved",
            Status::Multiple => "multiple",
            Status::Unsolvable => "unsolvable",
            Status::LimitReached => "limit",
        }
    }

    /// True when at least one solution is known.
    pub const fn has_solution(self) -> bool {
        matches!(self, Status::Unique | Status::Solved | Status::Multiple)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a digit was placed or a candidate removed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Rule {
    /// Fixed by the puzzle.
    Given = 0,
    /// Removed because a peer holds the digit.
    Peer = 1,
    /// The cell has one candidate left.
    NakedSingle = 2,
    /// The digit has one place left in a row.
    HiddenSingleRow = 3,
    /// The digit has one place left in a column.
    HiddenSingleColumn = 4,
    /// The digit has one place left in a block.
    HiddenSingleBlock = 5,
    /// Removed by a relation bound: `a < b` ⇒ `b > min(a)` and `a < max(b)`.
    Relation = 6,
    /// A search branch.
    Guess = 7,
    /// Removed because trying it (a branch or a probe) led to a contradiction.
    Refutation = 8,
    /// Removed because, where a block meets a row or column, one of them keeps the digit
    /// only in the intersection.
    LockedCandidates = 9,
    /// Removed because every candidate of some other cell, tried in turn, removes it.
    Disjunction = 10,
    /// A trial one level down, always undone; only its verdict is kept.
    Probe = 11,
}

impl Rule {
    pub const COUNT: usize = 12;

    pub const ALL: [Rule; Rule::COUNT] = [
        Rule::Given,
        Rule::Peer,
        Rule::NakedSingle,
        Rule::HiddenSingleRow,
        Rule::HiddenSingleColumn,
        Rule::HiddenSingleBlock,
        Rule::Relation,
        Rule::Guess,
        Rule::Refutation,
        Rule::LockedCandidates,
        Rule::Disjunction,
        Rule::Probe,
    ];

    /// The snake_case name used in JSON and traces.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Given => "given",
            Rule::Peer => "peer",
            Rule::NakedSingle => "naked_single",
            Rule::HiddenSingleRow => "hidden_single_row",
            Rule::HiddenSingleColumn => "hidden_single_column",
            Rule::HiddenSingleBlock => "hidden_single_block",
            Rule::Relation => "relation",
            Rule::Guess => "guess",
            Rule::Refutation => "refutation",
            Rule::LockedCandidates => "locked_candidates",
            Rule::Disjunction => "disjunction",
            Rule::Probe => "probe",
        }
    }
}

/// Counts of what a search did. Machine-independent: the same puzzle and options always give
/// the same numbers. (Wall time is measured by the caller: the core has no clock, so it runs
/// unchanged in WebAssembly.)
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Propagation rounds, one per decision point visited.
    pub nodes: u64,
    /// Branches tried.
    pub guesses: u64,
    /// Branches undone.
    pub backtracks: u64,
    /// Dead ends: an empty cell or a digit with no place in a house.
    pub contradictions: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Trial placements made by probing (each also counted in `placements[Probe]`).
    pub probes: u64,
    /// Placements by [`Rule`] (indexed by `rule as usize`).
    pub placements: [u64; Rule::COUNT],
    /// Candidate eliminations by [`Rule`].
    pub eliminations: [u64; Rule::COUNT],
}

/// A table of counts by [`Rule`] (`Stats::placements` or `eliminations`) as JSON: an object
/// keyed by rule name in [`Rule::ALL`] order.
struct ByRule<'a>(&'a [u64; Rule::COUNT]);

impl serde::Serialize for ByRule<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        let mut map = serializer.serialize_map(Some(Rule::COUNT))?;
        for rule in Rule::ALL {
            map.serialize_entry(rule.name(), &self.0[rule as usize])?;
        }
        map.end()
    }
}

/// As JSON: the counts, then `placements` and `eliminations` as objects keyed by rule name
/// in [`Rule::ALL`] order — the one shape the CLI, the wasm module and the page share.
impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_with(serializer, true)
    }
}

impl Stats {
    /// The JSON shape of [`Stats`], with the tables by rule or (`by_rule` false) without them
    /// — for a search that counted no rules, as wasm's `solve` writes it.
    pub fn serialize_with<S: serde::Serializer>(
        &self,
        serializer: S,
        by_rule: bool,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        let mut map = serializer.serialize_map(Some(if by_rule { 8 } else { 6 }))?;
        map.serialize_entry("nodes", &self.nodes)?;
        map.serialize_entry("guesses", &self.guesses)?;
        map.serialize_entry("backtracks", &self.backtracks)?;
        map.serialize_entry("contradictions", &self.contradictions)?;
        map.serialize_entry("solutions", &self.solutions)?;
        map.serialize_entry("probes", &self.probes)?;
        if by_rule {
            map.serialize_entry("placements", &ByRule(&self.placements))?;
            map.serialize_entry("eliminations", &ByRule(&self.eliminations))?;
        }
        map.end()
    }

    /// The unit of [`Options::node_limit`] and of [`Search::advance`]'s budget: nodes plus
    /// probes, each roughly one propagation.
    pub fn work(&self) -> u64 {
        self.nodes + self.probes
    }

    pub fn total_placements(&self) -> u64 {
        self.placements.iter().sum()
    }

    pub fn total_eliminations(&self) -> u64 {
        self.eliminations.iter().sum()
    }

    /// Adds another search's counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.contradictions += other.contradictions;
        self.solutions += other.solutions;
        self.probes += other.probes;
        for i in 0..Rule::COUNT {
            self.placements[i] += other.placements[i];
            self.eliminations[i] += other.eliminations[i];
        }
    }
}

/// What a deduction used, beside the cell it changed: the evidence an explanation points at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Via {
    /// Nothing beyond the event itself (a given, a guess, a naked single, a refutation).
    #[default]
    Nothing,
    /// A cell: the placed peer whose digit was removed (peer), or the cell whose candidates,
    /// each tried, all removed the digit (disjunction), or the cell left empty (contradiction).
    Cell(u16),
    /// A house: where the digit has one place left (hidden single) or none (contradiction).
    House(u8),
    /// A relation, by its index in [`Puzzle::relations`].
    Relation(u16),
    /// Locked candidates: inside house `house` the digit is confined to where it meets house
    /// `to`, so it leaves the rest of `to`.
    Confined { house: u8, to: u8 },
}

/// Receives what a search does, as it does it. Every hook has an empty default, so an
/// observer implements only what it needs and [`Silent`] costs nothing.
///
/// Every engine reports by the same protocol, so one replay reproduces any engine's state:
/// - the search state is a stack of candidate grids; depth `d` is the grid after `d` open
///   branches;
/// - [`place`](Observer::place) makes a cell hold one digit (its other candidates go with
///   it; they are not reported one by one); [`eliminate`](Observer::eliminate) removes
///   candidates, each one still present; an elimination that leaves a cell one candidate is
///   followed at once by its `place` (a naked single), so every placed cell is announced;
/// - [`guess`](Observer::guess) opens a branch: the grid at `depth - 1` is copied to `depth`
///   and the cell is set to the digit there; [`backtrack`](Observer::backtrack) drops the grid
///   at `depth` and returns to `depth - 1` as it was when the branch opened, plus what was
///   reported at `depth - 1` since;
/// - [`round`](Observer::round) marks the start of each node's propagation, with the grid.
pub trait Observer {
    /// The start of a node's propagation at `depth`; `grid` is the candidate grid (bit `d-1`
    /// set ⇔ digit `d` possible) as the events so far leave it.
    #[inline(always)]
    fn round(&mut self, _depth: usize, _grid: &[u32]) {}
    /// `cell` now holds only `digit`, by `rule` (given, naked or hidden single).
    #[inline(always)]
    fn place(&mut self, _cell: usize, _digit: u8, _rule: Rule, _via: Via, _depth: usize) {}
    /// The digits in `removed` are no longer candidates of `cell`.
    #[inline(always)]
    fn eliminate(
        &mut self,
        _cell: usize,
        _removed: DigitSet,
        _rule: Rule,
        _via: Via,
        _depth: usize,
    ) {
    }
    /// A branch at the new `depth`: `cell` is tried as `digit`; `rule` is [`Rule::Guess`] for
    /// a search branch, [`Rule::Probe`] for a trial that is always undone.
    #[inline(always)]
    fn guess(&mut self, _cell: usize, _digit: u8, _rule: Rule, _depth: usize) {}
    /// The branch at `depth` is over (failed, exhausted, or a finished probe); the search
    /// returns to `depth - 1`.
    #[inline(always)]
    fn backtrack(&mut self, _depth: usize) {}
    /// A dead end at `depth`: `cell` has no candidate left (`via` is the cell), or `digit`
    /// has no place left in a house (`via` is the house; `cell` is `usize::MAX`).
    #[inline(always)]
    fn contradiction(&mut self, _cell: usize, _digit: u8, _via: Via, _depth: usize) {}
    /// A complete grid that satisfies every constraint.
    #[inline(always)]
    fn solution(&mut self, _grid: &[u8], _depth: usize) {}
    /// Asked at every node: true makes the search stop with [`Status::LimitReached`]
    /// (an observer's own budget, such as a maximum number of events).
    #[inline(always)]
    fn stop(&self) -> bool {
        false
    }
    /// Asked at every node boundary: true makes `advance` return early, as if its budget
    /// were spent; the search goes on at the next call (a caller's bound on what one call
    /// produces, such as the records of one batch).
    #[inline(always)]
    fn pause(&self) -> bool {
        false
    }
}

/// The observer that records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}

/// What the driver shared by every engine needs: how a search begins (the givens), what one
/// node does, and the search's bookkeeping. [`drive`] is then every engine's `advance`.
pub(crate) trait Steps {
    /// Once, before the first node.
    fn begin(&mut self);
    /// One node of work; sets the status when the search ends.
    fn node(&mut self);
    fn book(&mut self) -> Book<'_>;
}

/// The bookkeeping [`drive`] reads and writes.
pub(crate) struct Book<'a> {
    pub started: &'a mut bool,
    pub status: &'a mut Option<Status>,
    pub stats: &'a Stats,
    pub node_limit: u64,
    /// The observer asks to stop (its own budget).
    pub stop: bool,
    /// The observer asks `advance` to return now (see [`Observer::pause`]).
    pub pause: bool,
}

/// Runs about `budget` units of work (nodes and probes, see [`Stats::work`]), stopping at
/// the first node boundary at or past the budget, at the node limit, or when the observer
/// asks (to stop, or to pause). Returns [`Progress::Running`] while the search has not ended.
pub(crate) fn drive(engine: &mut impl Steps, budget: u64) -> Progress {
    let book = engine.book();
    if !*book.started {
        *book.started = true;
        engine.begin();
    }
    let start = engine.book().stats.work();
    loop {
        let book = engine.book();
        if let Some(status) = *book.status {
            return Progress::Done(status);
        }
        let work = book.stats.work();
        if work - start >= budget || book.pause {
            return Progress::Running;
        }
        if work >= book.node_limit || book.stop {
            let status = End::Limit.status(book.stats.solutions);
            *book.status = Some(status);
            return Progress::Done(status);
        }
        engine.node();
    }
}

/// What ended a search. The status follows from it and the number of solutions found, by
/// [`End::status`] — written once, for every engine and every fast path, so that a limit
/// means the same whichever path ran.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum End {
    /// Every branch was explored: the count is exact.
    Exhausted,
    /// The solution limit was reached (a limit of 0 acts as 1).
    Solutions,
    /// The node limit, or an observer's own budget, ran out before either of the above.
    Limit,
}

impl End {
    pub(crate) const fn status(self, solutions: u64) -> Status {
        match self {
            End::Exhausted => match solutions {
                0 => Status::Unsolvable,
                1 => Status::Unique,
                _ => Status::Multiple,
            },
            End::Solutions if solutions >= 2 => Status::Multiple,
            End::Solutions => Status::Solved,
            // Solutions found before the limit are kept, but their count is not exact and
            // uniqueness is unknown: only "limit" is true.
            End::Limit => Status::LimitReached,
        }
    }
}

/// Counts a solution an engine found (`answer`, row-major digits), keeps the first two, and
/// returns the status when the solution limit ends the search.
pub(crate) fn tally(
    stats: &mut Stats,
    kept: &mut Vec<Vec<u8>>,
    answer: &[u8],
    limit: u64,
) -> Option<Status> {
    stats.solutions += 1;
    if kept.len() < 2 {
        kept.push(answer.to_vec());
    }
    (stats.solutions >= limit).then_some(End::Solutions.status(stats.solutions))
}

/// The status of a search that has explored everything.
pub(crate) fn exhausted(stats: &Stats) -> Status {
    End::Exhausted.status(stats.solutions)
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
/// forced (9×9 classic and inequality, 16×16 classic; their statistics count nodes, guesses
/// and probes, not rules), else by the `propagate` engine.
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
/// 16×16 classic, see `sixteen/`); `None` for other puzzles. No validation, no events: the fastest way to an
/// answer.
pub fn solve_fast(puzzle: &Puzzle, options: Options) -> Option<Outcome> {
    if nine::applies(puzzle) {
        Some(nine::solve(puzzle, options))
    } else if sixteen::applies(puzzle) {
        Some(sixteen::solve(puzzle, options))
    } else {
        None
    }
}

/// True when `solve_fast` answers `puzzle` (a fast path applies).
pub fn fast_path_applies(puzzle: &Puzzle) -> bool {
    nine::applies(puzzle) || sixteen::applies(puzzle)
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
    fn solve_refuses_an_invalid_puzzle_before_searching() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        givens[1] = 1;
        let puzzle = Puzzle::classic(givens).unwrap();
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
