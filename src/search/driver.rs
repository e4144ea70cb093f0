//! The engine contract, [`Search`], and the driver written once for every engine: the
//! bookkeeping ([`Book`]), advancing by a budget, tallying solutions and deciding the final
//! status from the limits ([`End`]).

use crate::digits::DigitSet;
use crate::puzzle::Puzzle;

use super::observer::{Observer, Via};
use super::options::{Options, Outcome, Progress, Status};
use super::stats::{Rule, Stats};

/// What every search keeps, whatever its engine: the limits, the counts, the solutions so
/// far, the status once it has ended, and the observer. An engine owns one and counts into
/// [`Book::stats`] and reports to [`Book::observer`] as it works; the driver reads the rest.
pub struct Book<O> {
    /// The limits of this search.
    pub options: Options,
    /// What the search has done: an engine counts its nodes, guesses, backtracks,
    /// contradictions, probes, placements and eliminations here (solutions are counted by
    /// [`Book::found`]).
    pub stats: Stats,
    /// The observer, told of every event as it happens.
    pub observer: O,
    status: Option<Status>,
    solutions: Vec<Vec<u8>>,
    /// The digits of the latest solution (scratch for [`Book::found`]).
    answer: Vec<u8>,
    pub(super) started: bool,
}

impl<O: Observer> Book<O> {
    pub fn new(options: Options, observer: O) -> Book<O> {
        Book {
            options,
            stats: Stats::default(),
            observer,
            status: None,
            solutions: Vec::with_capacity(2),
            answer: Vec::new(),
            started: false,
        }
    }

    /// Forgets the last search (its counts, solutions and status) for a new one; the options
    /// and the observer stay.
    pub fn restart(&mut self) {
        self.stats = Stats::default();
        self.status = None;
        self.solutions.clear();
        self.started = false;
    }

    /// `cell` holds only `digit` now, by `rule`: counted and reported. (Its other candidates
    /// go with it, uncounted: a caller that counts them adds them itself.)
    #[inline(always)]
    pub fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
        self.stats.placements[rule as usize] += 1;
        self.observer.place(cell, digit, rule, via, depth);
    }

    /// The digits of `removed` left `cell`, by `rule`: counted and reported.
    #[inline(always)]
    pub fn eliminate(&mut self, cell: usize, removed: u32, rule: Rule, via: Via, depth: usize) {
        self.stats.eliminations[rule as usize] += u64::from(removed.count_ones());
        self.observer
            .eliminate(cell, DigitSet::from_bits(removed), rule, via, depth);
    }

    /// A branch at the new `depth`: `cell` is tried as `digit`, which takes the cell's
    /// `dropped` other candidates with it (counted, not reported).
    #[inline(always)]
    pub fn guess(&mut self, cell: usize, digit: u8, dropped: u32, depth: usize) {
        self.stats.guesses += 1;
        self.observer.guess(cell, digit, Rule::Guess, depth);
        self.stats.eliminations[Rule::Guess as usize] += u64::from(dropped.count_ones());
        self.stats.placements[Rule::Guess as usize] += 1;
    }

    /// A dead end at `depth` (see [`Observer::contradiction`]): counted and reported.
    #[inline(always)]
    pub fn contradiction(&mut self, cell: Option<usize>, digit: u8, via: Via, depth: usize) {
        self.stats.contradictions += 1;
        self.observer.contradiction(cell, digit, via, depth);
    }

    /// The branch at `depth` is undone; the search returns to `depth - 1`.
    #[inline(always)]
    pub fn backtrack(&mut self, depth: usize) {
        self.observer.backtrack(depth);
        self.stats.backtracks += 1;
    }

    /// Steps back from a dead end at `*depth`: reports the backtrack and goes one level up,
    /// or, at the root, ends the search with an exact count. True when it stepped back.
    #[inline]
    pub fn step_back(&mut self, depth: &mut usize) -> bool {
        if *depth == 0 {
            self.exhausted();
            return false;
        }
        self.backtrack(*depth);
        *depth -= 1;
        true
    }

    /// Every cell of `grid` (the search's candidate grid) holds one digit and no constraint
    /// is broken: reports the solution, counts it, keeps it (the first two), and returns true
    /// when the solution limit ends the search — else the engine goes on by backtracking.
    pub fn found(&mut self, grid: &[u32], depth: usize) -> bool {
        self.answer.clear();
        self.answer
            .extend(grid.iter().map(|&m| m.trailing_zeros() as u8 + 1));
        self.observer.solution(&self.answer, depth);
        self.stats.solutions += 1;
        if self.solutions.len() < 2 {
            self.solutions.push(self.answer.clone());
        }
        if self.stats.solutions >= self.options.solution_limit {
            self.status = Some(End::Solutions.status(self.stats.solutions));
            true
        } else {
            false
        }
    }

    /// The search has explored every branch: ends it, its count exact.
    pub fn exhausted(&mut self) {
        self.status = Some(End::Exhausted.status(self.stats.solutions));
    }

    /// The status once the search has ended.
    pub fn status(&self) -> Option<Status> {
        self.status
    }

    /// The solutions found so far (at most two are kept).
    pub fn solutions(&self) -> &[Vec<u8>] {
        &self.solutions
    }
}

/// The contract every engine implements. An engine writes how a search begins (the givens,
/// at depth 0), what one node does (propagate, then branch, record a solution or backtrack),
/// its candidate grid and depth, and how it starts over; the driver — the provided methods —
/// does the rest the same way for every engine: [`Search::advance`] by a budget,
/// [`Search::run`] to the end, the node limit and the observer's stop and pause, and the
/// outcome. See the module docs of `search` for how to add an engine.
pub trait Search {
    /// What the search reports to.
    type Observer: Observer;

    /// The search's bookkeeping (see [`Book`]).
    fn book(&self) -> &Book<Self::Observer>;

    fn book_mut(&mut self) -> &mut Book<Self::Observer>;

    /// Called once by the driver, before the first node: puts the givens in at depth 0,
    /// reporting each ([`Observer::place`] with [`super::Rule::Given`]).
    fn begin(&mut self);

    /// Called by the driver until the search has ended: one node of work, counted in
    /// [`Stats::nodes`]. A node that finds a solution calls [`Book::found`]; one that runs
    /// out of branches at the root calls [`Book::exhausted`].
    fn node(&mut self);

    /// The candidate grid at the current depth (bit `d-1` ⇔ digit `d`).
    fn grid(&self) -> &[u32];

    /// The current search depth (the number of open branches).
    fn depth(&self) -> usize;

    /// Starts over on `puzzle`, keeping the buffers when the size allows; the options and
    /// the observer stay.
    fn reset(&mut self, puzzle: &Puzzle);

    /// Does about `budget` units of work (nodes and probes, see [`Stats::work`]): it stops
    /// at the first node boundary at or past the budget, at the node limit, or when the
    /// observer asks (to stop, or to pause). Returns [`Progress::Running`] while the search
    /// has not ended; calling again continues where it stopped.
    fn advance(&mut self, budget: u64) -> Progress {
        if !self.book().started {
            self.book_mut().started = true;
            self.begin();
        }
        let start = self.book().stats.work();
        loop {
            let book = self.book();
            if let Some(status) = book.status {
                return Progress::Done(status);
            }
            let work = book.stats.work();
            if work - start >= budget || book.observer.pause() {
                return Progress::Running;
            }
            if work >= book.options.node_limit || book.observer.stop() {
                let status = End::Limit.status(book.stats.solutions);
                self.book_mut().status = Some(status);
                return Progress::Done(status);
            }
            self.node();
        }
    }

    /// Runs to the end and returns the status.
    fn run(&mut self) -> Status {
        loop {
            if let Progress::Done(status) = self.advance(u64::MAX) {
                return status;
            }
        }
    }

    /// The status once the search has ended.
    fn status(&self) -> Option<Status> {
        self.book().status
    }

    /// What the search has done so far.
    fn stats(&self) -> &Stats {
        &self.book().stats
    }

    /// Solutions found so far (at most two are kept).
    fn solutions(&self) -> &[Vec<u8>] {
        &self.book().solutions
    }

    /// The observer the search reports to.
    fn observer(&self) -> &Self::Observer {
        &self.book().observer
    }

    /// The observer, to read out or adjust between calls to [`Search::advance`].
    fn observer_mut(&mut self) -> &mut Self::Observer {
        &mut self.book_mut().observer
    }

    /// The finished (or interrupted: [`Status::LimitReached`]) search as an [`Outcome`].
    fn outcome(&self) -> Outcome {
        let book = self.book();
        Outcome {
            status: book.status.unwrap_or(Status::LimitReached),
            solutions: book.solutions.clone(),
            stats: book.stats.clone(),
        }
    }
}

/// Writes [`Search::book`] and [`Search::book_mut`] for an engine that keeps its [`Book`]
/// in a field named `book` (every engine here does).
macro_rules! book_in_field {
    () => {
        fn book(&self) -> &$crate::search::driver::Book<Self::Observer> {
            &self.book
        }

        fn book_mut(&mut self) -> &mut $crate::search::driver::Book<Self::Observer> {
            &mut self.book
        }
    };
}

pub(crate) use book_in_field;

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
