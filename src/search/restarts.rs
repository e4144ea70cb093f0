//! Restarts against heavy tails: while a search has found no solution, it goes back to its
//! root now and then, keeping what it refuted there, and tries the digits of each branch
//! point in another order.
//!
//! A search that made a bad early choice on a grid with many solutions can spend millions of
//! nodes refuting the subtree under it, where another order finds a solution in thousands (a
//! heavy tail). Of 1,500 random 25×25 grids thinned to 40–54% of their digits, finding a
//! solution took more than 300,000 work `propagate` on 27 and the 25×25 fast path on 16
//! (`benches/data/hard/tail25-random-*`, where the numbers with restarts are). The runs are
//! spaced by the Luby sequence (1, 1, 2, 1, 1, 2, 4, … times a unit of backtracks), so the
//! search stays complete: a run of any length comes in time. Once a solution is found the
//! search goes on as it is, so counts, statuses and limits mean what they meant.
//!
//! Used by `propagate` once it probes (12×12 and up; not when it takes over from a fast
//! path) and by the 25×25 fast path; each names its unit (`RESTART_UNIT`). A search that
//! restarts still emits every event: a restart is a backtrack to depth 0.

/// Where a search stands in its restarts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Restarts {
    /// Runs so far (0: the first, in the digits' own order).
    run: u32,
    /// The backtracks of one unit of the Luby sequence.
    unit: u64,
    /// The backtracks at which the next restart is due.
    due: u64,
}

impl Restarts {
    /// The first run, restarting after `unit` backtracks (`u64::MAX`: never).
    pub(crate) fn new(unit: u64) -> Restarts {
        Restarts {
            run: 0,
            unit,
            due: unit,
        }
    }

    /// The first run, counted from `backtracks`.
    pub(crate) fn from(unit: u64, backtracks: u64) -> Restarts {
        Restarts {
            due: backtracks.saturating_add(unit),
            ..Restarts::new(unit)
        }
    }

    /// Whether a search that has found `solutions` and made `backtracks` should go back to
    /// its root now.
    #[inline(always)]
    pub(crate) fn due(&self, solutions: u64, backtracks: u64) -> bool {
        solutions == 0 && backtracks >= self.due
    }

    /// Starts the next run, at `backtracks`.
    pub(crate) fn next(&mut self, backtracks: u64) {
        self.run += 1;
        let length = self.unit.saturating_mul(luby(u64::from(self.run) + 1));
        self.due = backtracks.saturating_add(length);
    }

    /// The digit (a bit of `digits`, not empty) to try first at a branch point at `depth`: the
    /// smallest in the first run; later, the first at or after a position that the run and
    /// the depth choose (the same at every node of that depth in the run), else the smallest.
    #[inline(always)]
    pub(crate) fn pick(&self, digits: u32, depth: usize) -> u32 {
        let lowest = digits & digits.wrapping_neg();
        if self.run == 0 {
            return lowest;
        }
        let mut h = (u64::from(self.run) << 32 | depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        // A position below the highest digit, so that each digit can come first.
        let span = 32 - digits.leading_zeros();
        let at = ((h >> 32) % u64::from(span)) as u32;
        let later = digits & !((1u32 << at) - 1);
        later & later.wrapping_neg()
    }
}

/// The Luby sequence from `i = 1`: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
fn luby(mut i: u64) -> u64 {
    loop {
        // k: the number of bits of i, so 2^(k-1) <= i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 || k == 64 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence_begins_as_published() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn restarts_stop_at_the_first_solution_and_space_out() {
        let mut r = Restarts::new(10);
        assert!(!r.due(0, 9));
        assert!(r.due(0, 10));
        assert!(!r.due(1, 10));
        let mut at = 10;
        let mut lengths = Vec::new();
        for _ in 0..6 {
            r.next(at);
            lengths.push(r.due - at);
            at = r.due;
        }
        assert_eq!(lengths, [10, 20, 10, 10, 20, 40]);
        assert_eq!(r.run, 6);
    }

    #[test]
    fn the_first_run_takes_the_smallest_digit_and_later_runs_take_one_of_them() {
        let mut r = Restarts::new(1);
        assert_eq!(r.pick(0b1011_0100, 3), 0b100);
        let mut seen = 0;
        for run in 1..200 {
            r.next(run);
            for depth in 0..4 {
                let bit = r.pick(0b1011_0100, depth);
                assert_eq!(bit.count_ones(), 1);
                assert_ne!(bit & 0b1011_0100, 0);
                seen |= bit;
            }
        }
        assert_eq!(seen, 0b1011_0100, "every digit comes first in some run");
    }
}
