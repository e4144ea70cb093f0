//! The engines' puzzles through `sudoku_lab::trace::Tracer` at every level, with small event
//! budgets and small `advance` budgets. Every batch decodes, its premise table too (entries
//! of its own records only, ascending, ending at the cause); seqs run on across batches;
//! every event is of the level's kinds, names only earlier premises, and replays (`Replay`)
//! from the start state, a solution event replaying to the solution; the event count stays
//! within `max_events` (exactly at it when the budget was used up). When the budget was not
//! used up, the counts of events match the statistics and the traced search ends exactly
//! as an untraced one, and the engine keeps the observer protocol (`ReplayCheck`). Steps
//! (`Steps`): numbered by their first event, premises in the same or an earlier step, every
//! decision a step of its own that closes the steps before it, and the events in step order
//! replay to the same grid at every decision and at the end.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::trace::{
    check_step_order, Event, EventKind, Level, PremiseReader, Replay, ReplayCheck, TraceOptions,
    Tracer,
};
use sudoku_lab::{Engine, EngineKind, Progress, Search, Silent, Via};
use sudoku_lab_fuzz::case::{self, small_options, Case};
use sudoku_lab_fuzz::check::{check_event_counts, Rules};
use sudoku_lab_fuzz::verdict::Verdict;

fn run(case: &Case, u: &mut Unstructured<'_>) -> Result<()> {
    let puzzle = &case.puzzle;
    let engines: Vec<EngineKind> = EngineKind::ALL
        .into_iter()
        .filter(|e| e.refusal(puzzle).is_none())
        .collect();
    let engine = *u.choose(&engines)?;
    let level = *u.choose(&Level::ALL)?;
    let max_events = u.int_in_range(0..=800u64)?;
    let mut options = small_options(u)?;
    if engine == EngineKind::Logic && puzzle.size() > 9 {
        // A step of the technique search on a 16×16 board costs tens of milliseconds under
        // coverage, three searches run: a few steps keep an input within the fuzz timeout.
        options.node_limit = options.node_limit.min(8);
    }
    let trace = TraceOptions { level, max_events };
    let mut tracer = match Tracer::new(engine, puzzle, options, trace) {
        Ok(tracer) => tracer,
        Err(problem) => {
            assert!(
                puzzle.validate().is_err(),
                "Tracer refused a valid puzzle: {problem}"
            );
            return Ok(());
        }
    };
    let what = format!("{engine} at {} with {max_events} events", level.name());
    let rules = Rules::of(puzzle);
    let mut replay = Replay::new(puzzle);
    let mut events: Vec<Event> = Vec::new();
    let mut step_of: Vec<u32> = Vec::new();
    let (mut steps, mut floor) = (0u32, 0u32);
    let mut replayed_solutions: Vec<Vec<u8>> = Vec::new();
    let mut calls = 0u64;
    let (status, event_limit) = loop {
        let budget = u.int_in_range(1..=64u64)?;
        let batch = tracer.advance(budget);
        assert_eq!(
            batch.first_seq as usize,
            events.len(),
            "{what}: a batch starts at seq {} after {} events",
            batch.first_seq,
            events.len()
        );
        let decoded = Event::decode_all(&batch.records)
            .unwrap_or_else(|e| panic!("{what}: records do not decode: {e}"));
        let premises = PremiseReader::read_all(&decoded, &batch.premises)
            .unwrap_or_else(|e| panic!("{what}: the premise table does not fit: {e}"));
        // N + 2 words per record, but a named technique's event (the `logic` engine) names
        // a removal per candidate its pattern rests on: at most every removal of the grid.
        let n = puzzle.size();
        let bound: usize = decoded
            .iter()
            .map(|e| match e.via {
                Via::Technique(_) => n * n * n + 2,
                _ => n + 2,
            })
            .sum();
        assert!(
            batch.premises.len() <= bound,
            "{what}: {} premise words for {} records",
            batch.premises.len(),
            decoded.len()
        );
        assert_eq!(
            batch.steps.len(),
            decoded.len(),
            "{what}: one step per record"
        );
        for ((e, premises), &step) in decoded.into_iter().zip(premises).zip(&batch.steps) {
            let decision = e.kind.is_decision();
            assert!(step <= steps, "{what}: {e:?} in step {step} of {steps}");
            assert!(
                !decision || step == steps,
                "{what}: decision {e:?} joins step {step}"
            );
            assert!(
                step >= floor,
                "{what}: {e:?} joins step {step}, closed at {floor}"
            );
            for &p in &premises {
                assert!(
                    step_of[p as usize] <= step,
                    "{what}: {e:?} rests on a later step"
                );
            }
            steps += (step == steps) as u32;
            if decision {
                floor = step;
            }
            step_of.push(step);
            assert_eq!(e.seq as usize, events.len(), "{what}: seqs run on");
            assert!(level.records(e.kind), "{what}: {e:?} at this level");
            if let Some(cause) = e.cause {
                assert!(cause < e.seq, "{what}: {e:?} names a later cause");
            }
            for p in premises {
                let kind = events[p as usize].kind;
                assert_ne!(kind, EventKind::Round, "{what}: {e:?} rests on a round");
            }
            replay
                .apply(&e)
                .unwrap_or_else(|err| panic!("{what}: replay fails: {err}"));
            if e.kind == EventKind::Solution && level != Level::Decisions {
                let grid = replay.values();
                if let Err(err) = rules.check(&grid) {
                    panic!(
                        "{what}: solution event {} replays to a wrong grid: {err}",
                        e.seq
                    );
                }
                replayed_solutions.push(grid);
            }
            events.push(e);
        }
        assert!(
            events.len() as u64 <= max_events,
            "{what}: {} events recorded",
            events.len()
        );
        if let Progress::Done(status) = batch.progress {
            break (status, batch.event_limit);
        }
        calls += 1;
        assert!(calls <= options.node_limit + 1, "{what}: no end in sight");
    };
    assert_eq!(tracer.step_count(), steps, "{what}: the step count");
    check_step_order(puzzle, &events, &step_of).unwrap_or_else(|e| panic!("{what}: steps: {e}"));
    let outcome = tracer.engine().outcome();
    assert_eq!(outcome.status, status);
    // The event budget stops a search as the node limit does, but with less work done.
    let node_limit = if event_limit { 0 } else { options.node_limit };
    Verdict::of(&what, &outcome).check(
        puzzle,
        options.solution_limit,
        node_limit,
        case.answer.as_deref(),
    );
    if event_limit {
        assert_eq!(
            events.len() as u64,
            max_events,
            "{what}: records stop at the budget"
        );
        return Ok(());
    }
    if level != Level::Decisions {
        let kept = replayed_solutions.len().min(2);
        assert_eq!(
            &replayed_solutions[..kept],
            &outcome.solutions[..],
            "{what}: solution events replay to the solutions"
        );
    }
    check_event_counts(&events, &outcome.stats, level).unwrap_or_else(|e| panic!("{what}: {e}"));

    // The observer does not steer the search, and neither do the advance budgets.
    let mut silent = Engine::new(engine, puzzle, options, Silent).unwrap();
    silent.run();
    let untraced = silent.outcome();
    assert_eq!(
        untraced, outcome,
        "{what}: traced and untraced searches differ"
    );
    let mut checked = Engine::new(engine, puzzle, options, ReplayCheck::new(puzzle)).unwrap();
    checked.run();
    if let Err(e) = checked.observer().result() {
        panic!("{what}: the engine breaks the observer protocol: {e}");
    }
    assert_eq!(
        checked.outcome(),
        outcome,
        "{what}: checked and traced searches differ"
    );
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = case::with_small_case(data, 16, run);
});
