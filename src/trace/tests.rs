//! Unit tests of the trace: records, premises, replay, recorder and tracer.

use super::*;
use crate::digits::DigitSet;
use crate::geometry::Cell;
use crate::puzzle::{givens_of, Kind, Puzzle, Relation};
use crate::search::{Engine, EngineKind, Options, Progress, Rule, Search, Status, Via};

#[test]
fn records_round_trip_through_their_words() {
    let vias = [
        Via::Nothing,
        Via::Cell(624),
        Via::House(74),
        Via::Relation(1199),
        Via::Confined { house: 70, to: 3 },
    ];
    for (i, via) in vias.into_iter().enumerate() {
        let event = Event {
            seq: 7 + i as u32,
            kind: EventKind::ALL[i],
            rule: Rule::ALL.get(i * 2).copied(),
            depth: 626,
            cell: (i % 2 == 0).then_some(600),
            digit: (i * 5) as u8,
            cause: (i % 3 != 0).then_some(3),
            via,
        };
        let mut words = Vec::new();
        event.encode(&mut words);
        assert_eq!(words.len(), RECORD_WORDS);
        assert_eq!(Event::decode(&words), Ok(event));
    }
}

#[test]
fn a_word_no_encoder_writes_is_refused() {
    assert!(Event::decode(&[0, 9, 0, 0, 0]).is_err(), "kind 9");
    assert!(Event::decode(&[0, 0, 0, 0, 7 << 24]).is_err(), "via tag 7");
    assert!(Event::decode_all(&[0; 7]).is_err(), "7 words");
}

#[test]
fn replay_refuses_to_eliminate_a_missing_candidate() {
    let puzzle = Puzzle::classic(vec![0; 16]).unwrap();
    let mut replay = Replay::new(&puzzle);
    let mut e = Event {
        seq: 0,
        kind: EventKind::Eliminate,
        rule: Some(Rule::Peer),
        depth: 0,
        cell: Some(0),
        digit: 2,
        cause: None,
        via: Via::Nothing,
    };
    assert_eq!(replay.apply(&e), Ok(()));
    assert_eq!(replay.grid()[0], 0b1101);
    e.seq = 1;
    assert!(replay.apply(&e).is_err());
}

#[test]
fn replay_keeps_a_grid_per_depth() {
    let puzzle = Puzzle::classic(vec![0; 16]).unwrap();
    let mut replay = Replay::new(&puzzle);
    let guess = Event {
        seq: 0,
        kind: EventKind::Guess,
        rule: Some(Rule::Guess),
        depth: 1,
        cell: Some(5),
        digit: 3,
        cause: None,
        via: Via::Nothing,
    };
    replay.apply(&guess).unwrap();
    assert_eq!((replay.depth(), replay.grid()[5]), (1, 0b100));
    let back = Event {
        kind: EventKind::Backtrack,
        cell: None,
        digit: 0,
        seq: 1,
        ..guess
    };
    replay.apply(&back).unwrap();
    assert_eq!((replay.depth(), replay.grid()[5]), (0, 0b1111));
    assert!(replay.apply(&back).is_err(), "depth out of step");
}

fn traced(puzzle: &Puzzle, level: Level) -> Vec<Event> {
    traced_with_premises(puzzle, level).0
}

/// Tracing at the full level, up to `max_events` events.
fn full_trace(max_events: u64) -> TraceOptions {
    TraceOptions {
        level: Level::Full,
        max_events,
    }
}

/// Every event of a propagate trace in small batches, and the premises of each.
fn traced_with_premises(puzzle: &Puzzle, level: Level) -> (Vec<Event>, Vec<Vec<u32>>) {
    let options = TraceOptions {
        level,
        max_events: u64::MAX,
    };
    let mut tracer =
        Tracer::new(EngineKind::Propagate, puzzle, Options::default(), options).unwrap();
    let (mut events, mut premises) = (Vec::new(), Vec::new());
    loop {
        let batch = tracer.advance(3);
        let new = Event::decode_all(&batch.records).unwrap();
        premises.extend(PremiseReader::read_all(&new, &batch.premises).unwrap());
        events.extend(new);
        if let Progress::Done(_) = batch.progress {
            return (events, premises);
        }
    }
}

/// Which event removed each candidate (`[cell * n + d - 1]`) after `events`, none of
/// them in a branch: an elimination of it, or a placement of the cell as another digit.
fn removals(puzzle: &Puzzle, events: &[Event]) -> Vec<Option<u32>> {
    let n = puzzle.size();
    let mut replay = Replay::new(puzzle);
    let mut removed = vec![None; n * n * n];
    for e in events {
        assert_eq!(e.depth, 0, "{e:?}");
        if let Some(c) = e.cell.map(usize::from) {
            match e.kind {
                EventKind::Place => {
                    for d in DigitSet::from_bits(replay.grid()[c]).iter() {
                        if d != e.digit {
                            removed[c * n + d as usize - 1] = Some(e.seq);
                        }
                    }
                }
                EventKind::Eliminate => removed[c * n + e.digit as usize - 1] = Some(e.seq),
                _ => {}
            }
        }
        replay.apply(e).unwrap();
    }
    removed
}

/// The removals of `digit` from `cells`, ascending; each must have happened.
fn removals_of(removed: &[Option<u32>], n: usize, cells: &[usize], digits: &[u8]) -> Vec<u32> {
    let mut list: Vec<u32> = cells
        .iter()
        .flat_map(|&c| digits.iter().map(move |&d| (c, d)))
        .map(|(c, d)| removed[c * n + d as usize - 1].expect("a removal"))
        .collect();
    list.sort_unstable();
    list.dedup();
    list
}

#[test]
fn a_peer_elimination_is_caused_by_the_placement_of_its_peer() {
    let puzzle = Puzzle::classic(givens_of("1... .... .... ....")).unwrap();
    let events = traced(&puzzle, Level::Full);
    let given = events
        .iter()
        .find(|e| e.kind == EventKind::Place && e.rule == Some(Rule::Given))
        .unwrap();
    let peer = events
        .iter()
        .find(|e| e.rule == Some(Rule::Peer) && e.via == Via::Cell(0))
        .unwrap();
    assert_eq!(peer.digit, 1);
    assert_eq!(peer.cause, Some(given.seq));
}

/// What a placement of a 4×4 classic puzzle's full trace rests on: its premises, and each
/// premise as (kind, cell, digit, via).
struct Resting {
    event: Event,
    premises: Vec<u32>,
    by: Vec<(EventKind, Option<u16>, u8, Via)>,
}

/// The first event of `givens`' full trace that `picks` finds, checked to rest on the
/// removals of `digits` from `cells` before it and on nothing else.
fn resting_on(givens: &str, picks: fn(&Event) -> bool, cells: &[usize], digits: &[u8]) -> Resting {
    let puzzle = Puzzle::classic(givens_of(givens)).unwrap();
    let (events, mut premises) = traced_with_premises(&puzzle, Level::Full);
    let s = events.iter().position(picks).unwrap();
    let removed = removals(&puzzle, &events[..s]);
    assert_eq!(premises[s], removals_of(&removed, 4, cells, digits));
    let by = premises[s]
        .iter()
        .map(|&p| events[p as usize])
        .map(|p| (p.kind, p.cell, p.digit, p.via))
        .collect();
    Resting {
        event: events[s],
        premises: premises.swap_remove(s),
        by,
    }
}

#[test]
fn a_hidden_single_rests_on_the_removal_of_its_digit_from_every_other_cell_of_its_house() {
    // 4×4 with 1 at r2c3 and r3c2: in row 1, r1c2 loses 1 to r3c2 (column), r1c3 and
    // r1c4 to r2c3 (block): r1c1 is the only place left for 1.
    let single = resting_on(
        ".... ..1. .1.. ....",
        |e| e.rule == Some(Rule::HiddenSingleRow),
        &[1, 2, 3],
        &[1],
    );
    let (e, by) = (single.event, single.by);
    assert_eq!((e.cell, e.digit, e.via), (Some(0), 1, Via::House(0)));
    let peer = |cell, via| (EventKind::Eliminate, Some(cell), 1, Via::Cell(via));
    assert_eq!(by.len(), 3, "one removal per other cell of the row");
    for expected in [peer(1, 9), peer(2, 6), peer(3, 6)] {
        assert!(by.contains(&expected), "{expected:?} in {by:?}");
    }
    assert_eq!(e.cause, single.premises.last().copied());
}

#[test]
fn a_naked_single_rests_on_the_removal_of_each_other_candidate() {
    // 4×4 with r1c2 = 1, r1c3 = 2, r2c1 = 3: r1c1 can only be 4.
    let single = resting_on(
        ".12. 3... .... ....",
        |e| e.rule == Some(Rule::NakedSingle) && e.cell == Some(0),
        &[0],
        &[1, 2, 3],
    );
    assert_eq!(single.event.digit, 4);
    let by = single.by;
    for (digit, given) in [(1, 1), (2, 2), (3, 4)] {
        let expected = (EventKind::Eliminate, Some(0), digit, Via::Cell(given));
        assert!(by.contains(&expected), "{expected:?} in {by:?}");
    }
}

#[test]
fn a_relation_elimination_rests_on_the_partner_losing_every_digit_past_it() {
    // 4×4 Futoshiki, r1c1 < r1c2, r3c2 = 4 and r4c2 = 3: r1c2 keeps 1 and 2. So r1c2
    // loses 1 (r1c1 is at least 1: the relation alone), and r1c1 loses 2 (r1c2 lost 3 and
    // 4), 3 (r1c2 lost 4) and 4 (nothing above 4: the relation alone).
    let givens = givens_of(".... .... .4.. .3..");
    let rel = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
    let puzzle = Puzzle::new(Kind::Futoshiki, 4, givens, vec![rel]).unwrap();
    let (events, premises) = traced_with_premises(&puzzle, Level::Full);
    let by_relation = |cell: u16, digit: u8| {
        let s = events
            .iter()
            .position(|e| {
                e.rule == Some(Rule::Relation) && e.cell == Some(cell) && e.digit == digit
            })
            .unwrap_or_else(|| panic!("r1c{} loses {digit} by the relation", cell + 1));
        assert_eq!(events[s].via, Via::Relation(0));
        assert_eq!(events[s].cause, premises[s].last().copied());
        (premises[s].clone(), removals(&puzzle, &events[..s]))
    };
    assert_eq!(by_relation(1, 1).0, Vec::<u32>::new());
    let (two, removed) = by_relation(0, 2);
    assert_eq!(two, removals_of(&removed, 4, &[1], &[3, 4]));
    let (three, removed) = by_relation(0, 3);
    assert_eq!(three, removals_of(&removed, 4, &[1], &[4]));
    assert_eq!(by_relation(0, 4).0, Vec::<u32>::new());
    let mut by: Vec<_> = two
        .iter()
        .map(|&p| (events[p as usize].digit, events[p as usize].via))
        .collect();
    by.sort_unstable_by_key(|&(d, _)| d);
    assert_eq!(
        by,
        [(3, Via::Cell(13)), (4, Via::Cell(9))],
        "r1c2 lost 3 to r4c2 and 4 to r3c2"
    );
}

#[test]
fn locked_candidates_rest_on_the_removal_of_the_digit_from_the_rest_of_the_house() {
    // 9×9 with r2c1..r2c3 = 2 3 4 and r3c1..r3c3 = 5 6 7: in block 1, 1, 8 and 9 are
    // confined to row 1, so they leave the rest of row 1 — because the six givens took
    // them from the other cells of the block.
    let mut givens = vec![0; 81];
    for (i, cell) in [9, 10, 11, 18, 19, 20].into_iter().enumerate() {
        givens[cell] = i as u8 + 2;
    }
    let puzzle = Puzzle::classic(givens).unwrap();
    let (events, premises) = traced_with_premises(&puzzle, Level::Full);
    let first_guess = events.iter().position(|e| e.kind == EventKind::Guess);
    let locked: Vec<usize> = (0..first_guess.unwrap_or(events.len()))
        .filter(|&s| events[s].via == Via::Confined { house: 18, to: 0 })
        .collect();
    assert_eq!(locked.len(), 6 * 3, "1, 8 and 9 from r1c4..r1c9");
    let givens: Vec<u32> = (0..6).collect();
    for s in locked {
        let e = events[s];
        assert_eq!(e.rule, Some(Rule::LockedCandidates));
        let removed = removals(&puzzle, &events[..s]);
        let outside_row = [9, 10, 11, 18, 19, 20];
        assert_eq!(
            premises[s],
            removals_of(&removed, 9, &outside_row, &[e.digit])
        );
        assert_eq!(premises[s], givens, "the six givens, one per cell");
    }
}

#[test]
fn coarser_levels_keep_only_their_events_and_causes_among_them() {
    let puzzle = Puzzle::classic(givens_of("1... .... .... ....")).unwrap();
    for level in Level::ALL {
        // (The reader checks that premises ascend and end at the cause.)
        let (events, premises) = traced_with_premises(&puzzle, level);
        assert!(events.iter().all(|e| level.records(e.kind)), "{level:?}");
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e.seq as usize, i);
            for &p in &premises[i] {
                assert!((p as usize) < i, "premises come first: {e:?}");
                assert_ne!(events[p as usize].kind, EventKind::Round, "{e:?}");
            }
        }
        let placed = events
            .iter()
            .position(|e| e.rule == Some(Rule::NakedSingle));
        if level == Level::Decisions {
            assert_eq!(placed, None);
        } else {
            // Below the full level the eliminations behind a naked single are not
            // recorded: its premises are the placements and guesses that caused them.
            let s = placed.unwrap();
            assert!(!premises[s].is_empty(), "{level:?}");
            let mut kinds = premises[s].iter().map(|&p| events[p as usize].kind);
            assert!(
                kinds.all(|k| match level {
                    Level::Full => k == EventKind::Eliminate,
                    _ => matches!(k, EventKind::Place | EventKind::Guess),
                }),
                "{level:?}"
            );
        }
    }
}

#[test]
fn the_event_budget_stops_the_search_and_is_reported() {
    let puzzle = Puzzle::classic(vec![0; 81]).unwrap();
    let options = full_trace(100);
    let mut tracer =
        Tracer::new(EngineKind::Propagate, &puzzle, Options::default(), options).unwrap();
    let batch = tracer.advance(u64::MAX);
    assert_eq!(batch.progress, Progress::Done(Status::LimitReached));
    assert!(batch.event_limit);
    assert_eq!(batch.records.len(), 100 * RECORD_WORDS);
}

/// Runs `tracer` (of a puzzle of `size`) to the end; every batch within the cap, numbered
/// on from the last, with the premise entries of its own records and no others, at most
/// `size + 2` words per record.
fn batches(tracer: &mut Tracer, budget: u64, size: usize) -> (Vec<usize>, Vec<u32>) {
    let (mut sizes, mut words) = (Vec::new(), Vec::new());
    loop {
        let batch = tracer.advance(budget);
        assert_eq!(batch.first_seq as usize, words.len() / RECORD_WORDS);
        assert!(batch.records.len() <= Tracer::MAX_BATCH_EVENTS * RECORD_WORDS);
        let events = Event::decode_all(&batch.records).unwrap();
        PremiseReader::read_all(&events, &batch.premises).unwrap();
        assert!(batch.premises.len() <= events.len() * (size + 2));
        sizes.push(batch.records.len() / RECORD_WORDS);
        words.extend(batch.records);
        if let Progress::Done(status) = batch.progress {
            assert_eq!(tracer.status(), Some(status));
            return (sizes, words);
        }
        assert_eq!(tracer.status(), None, "not done while records wait");
    }
}

#[test]
fn a_batch_holds_at_most_its_cap_even_when_one_node_makes_more() {
    // Probing an empty 25×25 grid from the first node: one node, tens of thousands of
    // trials, far more events than a batch holds.
    let puzzle = Puzzle::classic(vec![0; 625]).unwrap();
    let options = Options {
        node_limit: 1,
        strategy: Some(crate::search::Strategy {
            probe_after: 0,
            ..crate::search::Strategy::for_puzzle(&puzzle)
        }),
        ..Options::default()
    };
    let trace = full_trace(TraceOptions::MAX_EVENTS);
    let mut tracer = Tracer::new(EngineKind::Propagate, &puzzle, options, trace).unwrap();
    let (sizes, words) = batches(&mut tracer, u64::MAX, 25);
    assert!(sizes.len() >= 3, "{sizes:?}");
    assert_eq!(sizes[0], Tracer::MAX_BATCH_EVENTS);
    let events = Event::decode_all(&words).unwrap();
    assert!(events.iter().enumerate().all(|(i, e)| e.seq as usize == i));
    let mut replay = Replay::new(&puzzle);
    for e in &events {
        replay.apply(e).unwrap();
    }
}

#[test]
fn a_large_budget_is_cut_into_batches_at_node_boundaries() {
    let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
    let trace = full_trace(300_000);
    // Counting every solution of an empty grid: a long search of small nodes.
    let options = Options {
        solution_limit: u64::MAX,
        ..Options::default()
    };
    let mut tracer = Tracer::new(EngineKind::Naive, &puzzle, options, trace).unwrap();
    let (sizes, words) = batches(&mut tracer, u64::MAX, 16);
    assert!(sizes.len() >= 4, "{sizes:?}");
    assert_eq!(
        words.len(),
        300_000 * RECORD_WORDS,
        "the event budget, exactly"
    );
    assert!(tracer.engine().observer().limit_reached());
}

#[test]
fn an_event_budget_above_the_ceiling_acts_as_the_ceiling() {
    // Counting every solution of an empty 16×16 grid records events without end.
    let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
    let options = Options {
        solution_limit: u64::MAX,
        node_limit: u64::MAX,
        ..Options::default()
    };
    let trace = full_trace(u64::MAX);
    let mut tracer = Tracer::new(EngineKind::Naive, &puzzle, options, trace).unwrap();
    let mut events = 0;
    let status = loop {
        let batch = tracer.advance(u64::MAX);
        events += batch.records.len() / RECORD_WORDS;
        if let Progress::Done(status) = batch.progress {
            assert!(batch.event_limit);
            break status;
        }
    };
    assert_eq!(status, Status::LimitReached);
    assert_eq!(events as u64, TraceOptions::MAX_EVENTS);
}

#[test]
fn a_recorder_run_to_the_end_by_hand_never_pauses() {
    // Outside a Tracer nobody takes the records between calls: run() must still end.
    let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
    let options = Options {
        solution_limit: u64::MAX,
        ..Options::default()
    };
    let trace = full_trace(4 * Tracer::MAX_BATCH_EVENTS as u64);
    let recorder = Recorder::new(&puzzle, trace);
    let mut engine = Engine::new(EngineKind::Naive, &puzzle, options, recorder).unwrap();
    assert_eq!(engine.run(), Status::LimitReached);
    assert_eq!(engine.observer().events(), trace.max_events);
}

#[test]
fn two_placed_cells_that_break_their_relation_rest_on_both_placements() {
    use crate::search::{Observer, Rule, Via};
    // r1c1 < r1c2, with r1c1 = 3 and r1c2 = 2 placed: a contradiction of the relation.
    let relation = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
    let puzzle = Puzzle::new(Kind::Futoshiki, 4, vec![0; 16], vec![relation]).unwrap();
    let mut recorder = Recorder::new(&puzzle, TraceOptions::default());
    recorder.place(0, 3, Rule::Guess, Via::Nothing, 1);
    recorder.place(1, 2, Rule::Guess, Via::Nothing, 2);
    recorder.contradiction(None, 0, Via::Relation(0), 2);
    let events = Event::decode_all(recorder.records()).unwrap();
    let premises = PremiseReader::read_all(&events, recorder.premises()).unwrap();
    let last = events.len() - 1;
    assert_eq!(events[last].kind, EventKind::Contradiction);
    let placed: Vec<u32> = (0..last)
        .filter(|&i| events[i].kind == EventKind::Place)
        .map(|i| events[i].seq)
        .collect();
    assert_eq!(premises[last], placed);
}
