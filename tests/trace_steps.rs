//! Steps: events group into the steps a person names — one reason with all its effects, a
//! pattern one step even when its removals interleave with another's, and each technique step
//! of the `logic` engine with its instance.

mod common;

use common::replay::sample;
use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::search::Progress;
use sudoku_lab::trace::{Batch, Event, EventKind, StepKind, TraceOptions, Tracer};
use sudoku_lab::{EngineKind, Options, Puzzle, Rule};

/// Traces a whole search of `puzzle` by `engine` in batches of `budget`, handing `each` every
/// batch with its events decoded; returns the tracer, finished.
fn trace(
    puzzle: &Puzzle,
    engine: EngineKind,
    budget: u64,
    mut each: impl FnMut(&Batch, &[Event]),
) -> Tracer {
    let mut tracer =
        Tracer::new(engine, puzzle, Options::default(), TraceOptions::default()).unwrap();
    loop {
        let batch = tracer.advance(budget);
        each(&batch, &Event::decode_all(&batch.records).unwrap());
        if batch.progress != Progress::Running {
            return tracer;
        }
    }
}

/// The puzzle of an 81-symbol line.
fn puzzle_of(line: &str) -> Puzzle {
    formats::read(line, Format::Line, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap()
        .puzzle
}

/// The XY-wing puzzle the logic engine's technique steps are shown on.
fn xy_wing() -> Puzzle {
    puzzle_of(".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..")
}

/// Hands `each` every technique instance (note) of the logic engine's trace of `line`.
fn logic_notes(line: &str, mut each: impl FnMut(&sudoku_lab::trace::Note)) {
    trace(&puzzle_of(line), EngineKind::Logic, 1 << 12, |batch, _| {
        batch.notes.iter().for_each(&mut each)
    });
}

/// The steps of one traced search by `engine`: the kind of each step's head, and the events.
fn steps_of(puzzle: &Puzzle, engine: EngineKind) -> (Vec<StepKind>, usize) {
    let mut kinds = Vec::new();
    let mut events = 0;
    let tracer = trace(puzzle, engine, 1 << 20, |batch, records| {
        assert_eq!(records.len(), batch.steps.len());
        events += records.len();
        for (e, &step) in records.iter().zip(&batch.steps) {
            if step as usize == kinds.len() {
                kinds.push(match (e.kind, e.rule) {
                    (EventKind::Place, Some(Rule::Given)) | (EventKind::Round, _) => {
                        StepKind::Start
                    }
                    (EventKind::Place, _) => StepKind::Place,
                    (EventKind::Guess, _) => StepKind::Guess,
                    (EventKind::Backtrack, _) => StepKind::Backtrack,
                    (EventKind::Contradiction, _) => StepKind::Contradiction,
                    (EventKind::Solution, _) => StepKind::Solution,
                    (EventKind::Eliminate, Some(Rule::Relation)) if e.cause.is_none() => {
                        StepKind::Start
                    }
                    (EventKind::Eliminate, Some(Rule::Relation)) => StepKind::Relation,
                    (EventKind::Eliminate, Some(Rule::LockedCandidates)) => StepKind::Locked,
                    (EventKind::Eliminate, Some(Rule::Technique)) => StepKind::Technique,
                    _ => StepKind::Other,
                });
            }
            assert!(
                (step as usize) < kinds.len(),
                "{e:?} in step {step} of {}",
                kinds.len()
            );
        }
    });
    assert_eq!(tracer.step_count() as usize, kinds.len());
    (kinds, events)
}

#[test]
fn a_step_is_one_reason_with_all_its_effects() {
    // The CQOI sample has no givens: the relations on their own remove 311 candidates
    // before the first hidden single. They are one step, the start; then every placement is a
    // step with its peers and the bounds that follow from it.
    let cqoi = sample("cqoi2013/sample1.in", "cqoi", 1).remove(0);
    let (kinds, events) = steps_of(&cqoi, EngineKind::Propagate);
    assert_eq!(kinds[0], StepKind::Start);
    assert_eq!(kinds[1], StepKind::Place);
    assert_eq!(kinds.iter().filter(|&&k| k == StepKind::Place).count(), 81);
    assert!(
        kinds
            .iter()
            .all(|k| matches!(k, StepKind::Start | StepKind::Place | StepKind::Solution)),
        "{kinds:?}"
    );
    assert!(
        events >= 7 * kinds.len(),
        "{events} events in {} steps",
        kinds.len()
    );

    // The 16×16 sample guesses: guesses and backtracks head steps, and the eliminations of
    // each placement go with it: a removal heads a step only when it empties a placed cell.
    let sixteen = sample("poj3076/sample.in", "poj3076", 1).remove(0);
    let (kinds, events) = steps_of(&sixteen, EngineKind::Propagate);
    let guesses = kinds.iter().filter(|&&k| k == StepKind::Guess).count();
    assert!(guesses > 0 && guesses == kinds.iter().filter(|&&k| k == StepKind::Backtrack).count());
    // A step of another kind is a removal that empties a placed cell: a contradiction follows.
    let others = kinds.iter().filter(|&&k| k == StepKind::Other).count();
    let contradictions = kinds
        .iter()
        .filter(|&&k| k == StepKind::Contradiction)
        .count();
    assert!(
        others <= contradictions,
        "{others} other steps, {contradictions} contradictions"
    );
    assert!(
        events >= 3 * kinds.len(),
        "{events} events in {} steps",
        kinds.len()
    );

    // The logic engine: a technique instance is one step, whatever it removes.
    let xy = xy_wing();
    let (kinds, _) = steps_of(&xy, EngineKind::Logic);
    let techniques = kinds.iter().filter(|&&k| k == StepKind::Technique).count();
    let mut instances = std::collections::BTreeSet::new();
    let mut eliminations = 0;
    trace(&xy, EngineKind::Logic, 1 << 20, |batch, records| {
        for (e, &step) in records.iter().zip(&batch.steps) {
            if e.rule == Some(Rule::Technique) {
                instances.insert(step);
                eliminations += 1;
            }
        }
    });
    assert_eq!(instances.len(), techniques);
    assert!(
        eliminations > techniques,
        "{eliminations} removals in {techniques} technique steps"
    );
}

#[test]
fn a_pattern_is_one_step_when_its_removals_interleave_with_another() {
    // Propagation removes locked candidates cell by cell: on Norvig's first top95 puzzle the
    // 2 and the 6 confined to block 2 in column 5 leave r1c6, r2c6 and r3c6 in turn. Each
    // pattern (its house, the house it is confined to, its digit) is one step between two
    // decisions, whatever comes between its removals.
    for puzzle in sample("poj3074/norvig_top95.in", "poj3074", 8) {
        let mut segment = 0;
        let mut step_of = std::collections::HashMap::new();
        let mut locked = 0;
        trace(&puzzle, EngineKind::Propagate, 1 << 16, |batch, records| {
            for (e, &step) in records.iter().zip(&batch.steps) {
                if e.kind.is_decision() {
                    segment += 1;
                }
                if e.rule == Some(Rule::LockedCandidates) {
                    locked += 1;
                    let key = (segment, format!("{:?}", e.via), e.digit);
                    let first = *step_of.entry(key.clone()).or_insert(step);
                    assert_eq!(first, step, "{key:?}: two steps");
                }
            }
        });
        assert!(locked > 0 && step_of.len() < locked, "{locked} removals");
    }
}

#[test]
fn each_technique_step_of_the_logic_engine_carries_its_instance() {
    // At the full level the logic engine says each instance as a hint does, with the cells of
    // its pattern, on the seq of its first event: the step a learner reads names the pivot
    // and pincers of a wing, not a template.
    let mut technique_steps = std::collections::BTreeSet::new();
    let mut noted_steps = std::collections::BTreeSet::new();
    let mut sentences = Vec::new();
    trace(&xy_wing(), EngineKind::Logic, 1 << 12, |batch, records| {
        for note in &batch.notes {
            let at = records
                .iter()
                .position(|e| e.seq == note.seq)
                .unwrap_or_else(|| panic!("note {note:?} names no event of its batch"));
            assert_eq!(records[at].rule, Some(Rule::Technique), "{note:?}");
            assert!(noted_steps.insert(batch.steps[at]), "two notes in one step");
            assert!(
                !note.pattern.is_empty() && !note.sentence.is_empty(),
                "{note:?}"
            );
            sentences.push(note.sentence.clone());
        }
        for (e, &step) in records.iter().zip(&batch.steps) {
            if e.rule == Some(Rule::Technique) {
                technique_steps.insert(step);
            }
        }
    });
    assert_eq!(noted_steps, technique_steps, "{sentences:#?}");
    let wing = sentences
        .iter()
        .find(|s| s.contains("pivot"))
        .unwrap_or_else(|| panic!("no XY-wing in {sentences:#?}"));
    for cell in [(3, 8), (2, 9), (3, 2)] {
        let name = format!("r{}c{}", cell.0, cell.1);
        assert!(wing.contains(&name), "{wing}: no {name}");
    }
}

#[test]
fn a_forcing_chain_instance_carries_its_branches() {
    // The page lists and draws each branch of a forcing chain: its note says them as a hint's
    // report does (`4r1c2 → −4r2c3 → …`, the supposition first); other notes have none.
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let mut forcing = Vec::new();
    logic_notes(line, |note| {
        let forcing_kind = ["Nishio", "Forcing chain", "Dynamic forcing chain"]
            .iter()
            .any(|t| note.sentence.starts_with(t));
        if note.sentence.starts_with("Forcing chain") {
            forcing.push(note.branches.clone());
        } else if !forcing_kind {
            assert!(note.branches.is_empty(), "{note:?}");
        }
    });
    let branches = forcing.first().expect("a forcing chain step");
    assert!(!branches.is_empty(), "{branches:?}");
    for branch in branches {
        let first = branch.split(" → ").next().unwrap();
        assert!(
            first.starts_with(|c: char| c.is_ascii_digit()) && first.contains('r'),
            "the supposition first, a digit in a cell: {branch}"
        );
        assert!(branch.contains(" → "), "{branch}");
    }
}

#[test]
fn a_finned_fish_instance_carries_its_fins() {
    // The page draws a finned fish's fins apart from its other places: its note names them
    // (cells of its pattern, those its sentence names after "but for the fin"); other notes
    // have none. The glossary's finned X-wing (www/js/glossary.js).
    let line = "43.8.......7.....35..1..9...92....6415.........3.9.8........65.37164.......7.2...";
    let mut finned = 0;
    logic_notes(line, |note| {
        if !note.sentence.contains("but for the fin") {
            assert!(note.fins.is_empty(), "{note:?}");
            return;
        }
        finned += 1;
        assert!(!note.fins.is_empty(), "{note:?}");
        for &fin in &note.fins {
            assert!(note.pattern.contains(&fin), "{note:?}");
            let name = format!("r{}c{}", fin / 9 + 1, fin % 9 + 1);
            assert!(note.sentence.contains(&name), "{name} in {}", note.sentence);
        }
    });
    assert!(finned > 0, "a fish with fins on the path");
}
