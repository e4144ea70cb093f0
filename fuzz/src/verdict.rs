//! The contract of a search outcome, whatever produced it (an engine, a traced engine, a fast
//! path): every solution checked independently, the status consistent with the solution
//! count and the limits, a known answer respected; and what two outcomes of the same puzzle
//! with the same solution limit must share.

use sudoku_lab::{Outcome, Puzzle, Stats, Status};

use crate::check::{describe, Rules};

/// One search's result as the checks see it.
#[derive(Clone, Copy, Debug)]
pub struct Verdict<'a> {
    /// Who produced it, for messages: `propagate`, `fast path`, …
    pub who: &'a str,
    pub status: Status,
    pub solutions: &'a [Vec<u8>],
    pub stats: &'a Stats,
}

/// The status a search must report after counting `count` solutions with `solution_limit`
/// when the node limit did not stop it. A limit of 0 acts as 1: the first solution ends the
/// search, as in every engine.
pub fn expected_status(count: u64, solution_limit: u64) -> Status {
    let limit = solution_limit.max(1);
    if count >= limit {
        if count >= 2 {
            Status::Multiple
        } else {
            Status::Solved
        }
    } else {
        match count {
            0 => Status::Unsolvable,
            1 => Status::Unique,
            _ => Status::Multiple,
        }
    }
}

impl<'a> Verdict<'a> {
    pub fn of(who: &'a str, outcome: &'a Outcome) -> Verdict<'a> {
        Verdict {
            who,
            status: outcome.status,
            solutions: &outcome.solutions,
            stats: &outcome.stats,
        }
    }

    fn count(&self) -> u64 {
        self.stats.solutions
    }

    /// Checks the outcome on its own. `answer` is a solution known by construction.
    pub fn check(
        &self,
        puzzle: &Puzzle,
        solution_limit: u64,
        node_limit: u64,
        answer: Option<&[u8]>,
    ) {
        let who = self.who;
        let context = || {
            format!(
                "{who} on {} (solution limit {solution_limit}, node limit {node_limit})",
                describe(puzzle)
            )
        };
        let rules = Rules::of(puzzle);
        for s in self.solutions {
            if let Err(e) = rules.check(s) {
                panic!("{}: a wrong solution: {e}\n{s:?}", context());
            }
        }
        assert!(
            self.solutions.len() as u64 == self.count().min(2),
            "{}: {} solutions kept for a count of {}",
            context(),
            self.solutions.len(),
            self.count()
        );
        if let [a, b] = self.solutions {
            assert!(a != b, "{}: the two solutions are the same grid", context());
        }
        let limit = solution_limit.max(1);
        if self.status == Status::LimitReached {
            assert!(
                self.count() < limit,
                "{}: the node limit was reported, but {} solutions reach the solution limit",
                context(),
                self.count()
            );
            assert!(
                self.stats.work() >= node_limit,
                "{}: the node limit was reported after {} units of work",
                context(),
                self.stats.work()
            );
        } else {
            assert!(
                self.count() <= limit,
                "{}: {} solutions counted past the solution limit",
                context(),
                self.count()
            );
            let expected = expected_status(self.count(), solution_limit);
            assert!(
                self.status == expected,
                "{}: status {} with {} solutions; expected {}",
                context(),
                self.status,
                self.count(),
                expected
            );
        }
        if let Some(answer) = answer {
            assert!(
                self.status != Status::Unsolvable,
                "{}: unsolvable, but {answer:?} solves it",
                context()
            );
            if self.status == Status::Unique {
                assert!(
                    self.solutions[0] == answer,
                    "{}: unique, but its solution is not the grid the puzzle was built from\n{:?}\n{answer:?}",
                    context(),
                    self.solutions[0]
                );
            }
        }
    }

    /// Checks two outcomes of one puzzle with one solution limit against each other: when
    /// neither was stopped by the node limit, the same status and count (and the same grid
    /// when unique); when one was, its count is at most the other's exact count.
    pub fn agree(&self, other: &Verdict<'_>, puzzle: &Puzzle) {
        let (a, b) = (self, other);
        let context = || {
            format!(
                "{} says {} ({} solutions), {} says {} ({} solutions) on {}",
                a.who,
                a.status,
                a.count(),
                b.who,
                b.status,
                b.count(),
                describe(puzzle)
            )
        };
        match (
            a.status == Status::LimitReached,
            b.status == Status::LimitReached,
        ) {
            (false, false) => {
                assert!(
                    a.status == b.status && a.count() == b.count(),
                    "{}",
                    context()
                );
                if a.status == Status::Unique {
                    assert!(
                        a.solutions[0] == b.solutions[0],
                        "{}: different unique solutions",
                        context()
                    );
                }
            }
            (true, false) => assert!(a.count() <= b.count(), "{}", context()),
            (false, true) => assert!(b.count() <= a.count(), "{}", context()),
            (true, true) => {}
        }
    }
}
