//! The fast paths (`solve_fast`: 9×9 classic and inequality, 16×16 and 25×25 classic) against the
//! general engines on the same puzzles and solution limit: the fast path with a random, often
//! small node limit; `propagate` with a generous one; for classic puzzles DLX and naive with
//! modest ones. Every solution from either side is checked independently and each outcome
//! keeps the status contract; when neither side reports `limit`, status and count are equal
//! (and a unique solution the same grid); a side stopped by its node limit has found no more
//! solutions than the other side's exact count.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::{solve_fast, solve_with, EngineKind, Kind, Options};
use sudoku_lab_fuzz::case::{self, FAST};
use sudoku_lab_fuzz::check::describe;
use sudoku_lab_fuzz::verdict::Verdict;

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let Some(case) = case::case(&mut u, FAST, |kind, size| FAST.contains(&(kind, size)))? else {
        return Ok(());
    };
    let puzzle = &case.puzzle;
    // The fast paths leave puzzles with markers to the engines (the engines target has them).
    if puzzle.has_markers() {
        return Ok(());
    }
    // 0 is a limit too: engines take it as 1.
    let solution_limit = u.int_in_range(0..=5u64)?;
    // A generous limit is bounded by size: one input must finish within the smoke run's
    // 10 s timeout in a build with debug assertions, and at 25×25 a dense puzzle with many
    // solutions can take the default limit seconds of release time (a heavy tail the fuzzer
    // found: benches/data/hard/tail25-fuzz.json, issue 30).
    let generous_fast = match puzzle.size() {
        25 => 20_000,
        16 => 200_000,
        _ => Options::DEFAULT_NODE_LIMIT,
    };
    let fast_limit = if u.ratio(1, 4)? {
        generous_fast
    } else {
        u.int_in_range(0..=3000u64)?
    };
    let fast_options = Options {
        solution_limit,
        node_limit: fast_limit,
        strategy: None,
    };
    let fast = solve_fast(puzzle, fast_options).expect("the fast path takes this shape");
    let fast_name = format!("fast path (node limit {fast_limit}, solution limit {solution_limit})");
    let fast = Verdict::of(&fast_name, &fast);
    fast.check(puzzle, solution_limit, fast_limit, case.answer.as_deref());
    if puzzle.validate().is_err() {
        assert!(
            !fast.status.has_solution(),
            "validation fails, but the fast path solved {}",
            describe(puzzle)
        );
        return Ok(());
    }
    // Work, not nodes, counts against a limit: at 16×16 and 25×25 the engine probes, and a
    // limit past what a fuzz input may take is no more exact.
    let generous = match puzzle.size() {
        16 => 20_000,
        25 => 5_000,
        _ => 100_000,
    };
    let mut engines = vec![(EngineKind::Propagate, generous)];
    if puzzle.kind() == Kind::Classic {
        engines.push((EngineKind::Dlx, 20_000));
        engines.push((EngineKind::Naive, 20_000));
    }
    for (engine, node_limit) in engines {
        let options = Options {
            solution_limit,
            node_limit,
            strategy: None,
        };
        let outcome = solve_with(engine, puzzle, options)
            .unwrap_or_else(|p| panic!("{engine} refused a valid puzzle: {p}"));
        let name = format!("{engine} (node limit {node_limit})");
        let general = Verdict::of(&name, &outcome);
        general.check(puzzle, solution_limit, node_limit, case.answer.as_deref());
        fast.agree(&general, puzzle);
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
