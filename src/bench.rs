//! Timing the solver the same way natively and in WebAssembly: the CLI's `bench` command and
//! the wasm `bench` export both call [`measure`], each with its own clock, so their numbers
//! compare like for like (`make bench` prints the native/wasm ratio).

use crate::formats::{Entry, InputError};
use crate::puzzle::Puzzle;
use crate::search::{solve_fast, Options, Propagate, Search, Silent};

/// The most puzzles one `bench` times at once, natively and in wasm: every puzzle is held for
/// the runs, at up to ~8 times the size of its line (a 3×3 puzzle is 10 bytes of text, ~80 in
/// memory).
pub const MAX_PUZZLES: usize = 1_000_000;

/// The most runs one `bench` makes over its puzzles.
pub const MAX_RUNS: u64 = 1_000;

/// More than [`MAX_PUZZLES`] puzzles, good and bad together: reading stopped there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TooMany;

/// The valid puzzles of `entries` (a reader's output), in order, for [`measure`]; every bad
/// one — unreadable or invalid — goes to `bad` as it is met. Fails past [`MAX_PUZZLES`]
/// items, good and bad counted alike, so that neither list grows without bound.
pub fn collect(
    entries: impl Iterator<Item = Result<Entry, InputError>>,
    mut bad: impl FnMut(InputError),
) -> Result<Vec<Puzzle>, TooMany> {
    let mut puzzles = Vec::new();
    for (i, item) in entries.enumerate() {
        if i == MAX_PUZZLES {
            return Err(TooMany);
        }
        match item.and_then(Entry::validated) {
            Ok(entry) => puzzles.push(entry.puzzle),
            Err(error) => bad(error),
        }
    }
    Ok(puzzles)
}

/// The result of timing one set of puzzles.
#[derive(Clone, Copy, PartialEq, Debug, serde::Serialize)]
pub struct Measurement {
    pub puzzles: usize,
    /// Solutions found per run (the same every run: a check that the work was done).
    pub solutions: u64,
    /// The median over the runs of the time per puzzle, in microseconds.
    pub micros_per_puzzle: f64,
    /// The fastest run's time per puzzle, in microseconds: on a shared machine the least
    /// disturbed run, the best estimate of what the code costs (ratios use it).
    pub fastest_micros_per_puzzle: f64,
}

/// Solves every puzzle `runs` times (a fast path where one applies, else the general
/// engine; one thread) counting up to `solution_limit` solutions, and returns the median and
/// the fastest time per puzzle. `now` is the clock, in milliseconds.
pub fn measure(
    puzzles: &[Puzzle],
    solution_limit: u64,
    runs: usize,
    now: impl Fn() -> f64,
) -> Measurement {
    let options = Options {
        solution_limit,
        ..Options::default()
    };
    let mut search: Option<Propagate<Silent>> = None;
    let mut times = Vec::with_capacity(runs.max(1));
    let mut solutions = 0;
    for _ in 0..runs.max(1) {
        solutions = 0;
        let start = now();
        for p in puzzles {
            solutions += match solve_fast(p, options) {
                Some(outcome) => outcome.stats.solutions,
                None => {
                    let s = search.get_or_insert_with(|| Propagate::new(p, options, Silent));
                    s.reset(p);
                    s.run();
                    s.stats().solutions
                }
            };
        }
        times.push(now() - start);
    }
    times.sort_by(f64::total_cmp);
    let per_puzzle = |ms: f64| ms * 1000.0 / puzzles.len().max(1) as f64;
    Measurement {
        puzzles: puzzles.len(),
        solutions,
        micros_per_puzzle: per_puzzle(times[times.len() / 2]),
        fastest_micros_per_puzzle: per_puzzle(times[0]),
    }
}

/// The distribution of the time one puzzle takes to grade.
#[derive(Clone, Copy, PartialEq, Debug, serde::Serialize)]
pub struct GradeTimes {
    pub puzzles: usize,
    /// Puzzles the techniques solved without guessing.
    pub without_guessing: usize,
    pub median_millis: f64,
    pub p90_millis: f64,
    pub worst_millis: f64,
}

/// Grades every puzzle once (every technique, one thread) and returns the distribution of
/// the time per puzzle. `now` is the clock, in milliseconds.
pub fn measure_grades(puzzles: &[Puzzle], now: impl Fn() -> f64) -> GradeTimes {
    let mut times = Vec::with_capacity(puzzles.len());
    let mut without_guessing = 0;
    for p in puzzles {
        let start = now();
        let g = crate::logic::grade(p, crate::logic::Techniques::GRADED);
        times.push(now() - start);
        without_guessing += usize::from(!g.needs_guessing);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    GradeTimes {
        puzzles: puzzles.len(),
        without_guessing,
        median_millis: at(0.5),
        p90_millis: at(0.9),
        worst_millis: times.last().copied().unwrap_or(0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measure_counts_solutions_and_takes_the_median_and_the_fastest() {
        let puzzles = vec![Puzzle::classic(vec![0; 16]).unwrap(); 3];
        let ticks = std::cell::Cell::new(0.0);
        // A clock that advances 1 ms, 3 ms, 2 ms per run: the median run took 2 ms.
        let steps = [0.0, 1.0, 1.0, 3.0, 3.0, 2.0];
        let i = std::cell::Cell::new(0);
        let now = || {
            let t = ticks.get() + steps[i.get() % steps.len()];
            ticks.set(t);
            i.set(i.get() + 1);
            t
        };
        let m = measure(&puzzles, 2, 3, now);
        assert_eq!(m.puzzles, 3);
        assert_eq!(m.solutions, 6, "two solutions of each empty 4×4 grid");
        assert!((m.micros_per_puzzle - 2000.0 / 3.0).abs() < 1e-6, "{m:?}");
        assert!(
            (m.fastest_micros_per_puzzle - 1000.0 / 3.0).abs() < 1e-6,
            "{m:?}"
        );
    }
}
