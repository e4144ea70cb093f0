//! Solving without the technique library: by a fast path when one applies, else by the
//! `propagate` engine. What needs only an answer (the grader, hints, the generator) calls
//! this, below the dispatcher that can also run the `logic` engine.

use crate::puzzle::{Problem, Puzzle};

use super::driver::Search;
use super::observer::Silent;
use super::options::{Options, Outcome};
use super::propagate::Propagate;
use super::{nine, sixteen, twentyfive};

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
    solve_propagate(puzzle, options)
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

/// True when `solve_fast` answers `puzzle` (a fast path applies).
pub fn fast_path_applies(puzzle: &Puzzle) -> bool {
    nine::applies(puzzle) || sixteen::applies(puzzle) || twentyfive::applies(puzzle)
}

/// Validates `puzzle` and solves it with the `propagate` engine (no fast path).
pub fn solve_propagate(puzzle: &Puzzle, options: Options) -> Result<Outcome, Problem> {
    puzzle.validate()?;
    let mut engine = Propagate::new(puzzle, options, Silent);
    engine.run();
    Ok(engine.outcome())
}
