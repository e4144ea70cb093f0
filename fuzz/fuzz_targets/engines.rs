//! Small puzzles, most valid and many with a known answer, through every engine that takes
//! their kind, with small random limits, driven by `advance` in small random budgets. Every
//! solution is checked independently; the status agrees with the count and the limits; a
//! unique solution is the grid the puzzle was built from; engines that finish agree; the
//! search ends within its node limit; and a puzzle that fails validation has no solution.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::{Engine, EngineKind, Options, Progress, Search, Silent};
use sudoku_lab_fuzz::case::{self, small_options, Case};
use sudoku_lab_fuzz::check::describe;
use sudoku_lab_fuzz::verdict::Verdict;

fn run(case: &Case, u: &mut Unstructured<'_>) -> Result<()> {
    let puzzle = &case.puzzle;
    let solution_limit = u.int_in_range(1..=5u64)?;
    let mut finished = Vec::new();
    for engine in EngineKind::ALL {
        // DLX takes classic puzzles without markers only.
        if engine.refusal(puzzle).is_some() {
            continue;
        }
        let options = Options {
            solution_limit,
            ..small_options(u)?
        };
        let mut search = Engine::new(engine, puzzle, options, Silent)
            .unwrap_or_else(|p| panic!("{engine} takes {} but refused: {p}", puzzle.kind()));
        let mut calls = 0u64;
        let status = loop {
            let budget = u.int_in_range(1..=64u64)?;
            if let Progress::Done(status) = search.advance(budget) {
                break status;
            }
            calls += 1;
            // Every advance with a budget does at least one unit of work.
            assert!(
                calls <= options.node_limit + 1,
                "{engine}: still running after {calls} advances with node limit {}",
                options.node_limit
            );
        };
        assert_eq!(search.status(), Some(status), "{engine}");
        assert_eq!(
            search.advance(1),
            Progress::Done(status),
            "{engine}: done stays done"
        );
        assert_eq!(search.grid().len(), puzzle.size() * puzzle.size());
        let outcome = search.outcome();
        assert_eq!(outcome.status, status);
        Verdict::of(engine.name(), &outcome).check(
            puzzle,
            solution_limit,
            options.node_limit,
            case.answer.as_deref(),
        );
        if let Err(problem) = puzzle.validate() {
            assert!(
                !status.has_solution(),
                "validate reported {problem}, but {engine} solved {}",
                describe(puzzle)
            );
        }
        finished.push((engine, outcome));
    }
    for (i, (a, outcome_a)) in finished.iter().enumerate() {
        for (b, outcome_b) in &finished[i + 1..] {
            Verdict::of(a.name(), outcome_a).agree(&Verdict::of(b.name(), outcome_b), puzzle);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = case::with_small_case(data, 16, run);
});
