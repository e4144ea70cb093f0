//! The [`Observer`] every engine reports to, and the evidence of a deduction ([`Via`]).

use crate::digits::DigitSet;

use super::stats::Rule;

/// What a deduction used, beside the cell it changed: the evidence an explanation points at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Via {
    /// Nothing beyond the event itself (a given, a guess, a naked single, a refutation).
    #[default]
    Nothing,
    /// A cell: the placed peer whose digit was removed (peer), or the cell whose candidates,
    /// each tried, all removed the digit (disjunction), or the cell left empty (contradiction).
    Cell(u16),
    /// A house: where the digit has one place left (hidden single) or none (contradiction).
    House(u8),
    /// A relation, by its index in [`crate::Puzzle::relations`].
    Relation(u16),
    /// A marker rule (a marker, or the negative constraint on an unmarked pair), by its index
    /// in [`crate::Puzzle::pair_rules`].
    Marker(u16),
    /// Locked candidates: inside house `house` the digit is confined to where it meets house
    /// `to`, so it leaves the rest of `to`.
    Confined { house: u8, to: u8 },
    /// A named technique of the `logic` engine, by its index in
    /// [`crate::logic::Technique::ALL`]; what its pattern rests on was announced by
    /// [`Observer::basis`] just before.
    Technique(u8),
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
/// - [`round`](Observer::round) marks the start of each node's propagation, with the grid;
/// - [`basis`](Observer::basis) comes before the events of a named technique (rule
///   [`Rule::Technique`]): the candidates whose absence they rest on.
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
    /// The events of rule [`Rule::Technique`] that follow, until the next call, rest on the
    /// absence of these candidates: `(cell, digits)`, each digit already removed from its
    /// cell (the pattern of the technique's step: its cells' missing digits, its digits'
    /// missing places in its houses, the strong links of its chain).
    #[inline(always)]
    fn basis(&mut self, _absent: &[(usize, u32)]) {}
    /// Whether [`Observer::instance`] is wanted: its sentence costs a formatting per step.
    #[inline(always)]
    fn wants_instances(&self) -> bool {
        false
    }
    /// The events of rule [`Rule::Technique`] that follow, until the next call, are one
    /// instance of a named technique: `sentence` says it as a hint's last level does (its
    /// pattern named, then what it changes), `pattern` lists the cells of its pattern and
    /// `branches` a forcing chain's branches as text (empty for other techniques), `als` an
    /// ALS step's sets and links as text (none for other techniques), `fins` a fish's fins,
    /// cells of `pattern` (empty for other techniques).
    /// Called only when [`Observer::wants_instances`].
    #[inline(always)]
    fn instance(
        &mut self,
        _sentence: &str,
        _pattern: &[usize],
        _branches: Vec<String>,
        _als: Option<String>,
        _fins: &[usize],
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
    /// A dead end at `depth`: `cell` has no candidate left (`via` is the cell; `digit` is 0,
    /// or a given's digit its cell no longer has), or `digit` has no place left in a house
    /// (`via` is the house; `cell` is `None`).
    #[inline(always)]
    fn contradiction(&mut self, _cell: Option<usize>, _digit: u8, _via: Via, _depth: usize) {}
    /// A complete grid that satisfies every constraint.
    #[inline(always)]
    fn solution(&mut self, _grid: &[u8], _depth: usize) {}
    /// Asked at every node: true makes the search stop with [`super::Status::LimitReached`]
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
