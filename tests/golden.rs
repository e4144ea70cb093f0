//! The golden trace: a small puzzle traced at the full level, stored as binary records, its
//! binary premise table, and as decoded JSON (each event with all its premises). The
//! JavaScript decoder (www/js) is tested against the same three files, so neither layout can
//! drift between Rust and JS. Run with `BLESS=1` to rewrite them after an intended change of
//! a layout or of the engine.

use std::path::PathBuf;

use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::logic::Technique;
use sudoku_lab::trace::{
    Event, EventKind, Level, PremiseReader, TraceOptions, Tracer, RECORD_WORDS,
};
use sudoku_lab::{EngineKind, Options, Progress, Via};

/// A 4×4 inequality sudoku with one given and a black dot: small, yet it places, eliminates
/// by peers, relations and the marker, guesses, hits contradictions, backtracks and finds two
/// solutions.
const PUZZLE: &str = "4 inequality\n\
    . < . | . * .\n\
    - - - -\n\
    . | . | . > .\n\
    - ^ - -\n\
    . | . | 2 | .\n\
    - - - -\n\
    . | . | . | .\n";

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

fn via_json(via: Via) -> serde_json::Value {
    match via {
        Via::Nothing => serde_json::Value::Null,
        Via::Cell(c) => serde_json::json!({ "cell": c }),
        Via::House(h) => serde_json::json!({ "house": h }),
        Via::Relation(r) => serde_json::json!({ "relation": r }),
        Via::Confined { house, to } => serde_json::json!({ "confined": [house, to] }),
        Via::Technique(t) => serde_json::json!({ "technique": Technique::ALL[t as usize].name() }),
        Via::Marker(m) => serde_json::json!({ "marker": m }),
        other => panic!("not known to this test: {other:?}"),
    }
}

#[test]
fn golden_trace_matches_the_stored_records() {
    let entry = formats::read(PUZZLE, Format::Picture, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    let options = Options {
        solution_limit: 2,
        ..Options::default()
    };
    let trace = TraceOptions {
        level: Level::Full,
        max_events: 10_000,
    };
    let mut tracer = Tracer::new(EngineKind::Propagate, &entry.puzzle, options, trace).unwrap();
    let (mut words, mut table) = (Vec::new(), Vec::new());
    loop {
        let batch = tracer.advance(1);
        words.extend(batch.records);
        // Entries come in seq order, batch after batch: together, the whole trace's table.
        table.extend(batch.premises);
        if let Progress::Done(_) = batch.progress {
            break;
        }
    }
    let events = Event::decode_all(&words).unwrap();
    let premises = PremiseReader::read_all(&events, &table).unwrap();
    assert!(
        premises.iter().any(|p| p.len() > 2),
        "the golden trace should show an event of several premises"
    );
    for kind in EventKind::ALL {
        assert!(
            events.iter().any(|e| e.kind == kind),
            "the golden trace should show a {} event",
            kind.name()
        );
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let table_bytes: Vec<u8> = table.iter().flat_map(|w| w.to_le_bytes()).collect();
    let json: Vec<serde_json::Value> = events
        .iter()
        .zip(&premises)
        .map(|(e, premises)| {
            serde_json::json!({
                "seq": e.seq,
                "kind": e.kind.name(),
                "rule": e.rule.map(|r| r.name()),
                "depth": e.depth,
                "cell": e.cell,
                "digit": e.digit,
                "cause": e.cause,
                "premises": premises,
                "via": via_json(e.via),
            })
        })
        .collect();
    let document = serde_json::json!({
        "puzzle": PUZZLE,
        "record_words": RECORD_WORDS,
        "events": json,
    });
    let text = serde_json::to_string_pretty(&document).unwrap() + "\n";
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(golden("trace.bin"), &bytes).unwrap();
        std::fs::write(golden("premises.bin"), &table_bytes).unwrap();
        std::fs::write(golden("trace.json"), &text).unwrap();
    }
    let stored_bytes = std::fs::read(golden("trace.bin")).expect("run with BLESS=1 once");
    let stored_table = std::fs::read(golden("premises.bin")).expect("run with BLESS=1 once");
    let stored_text = std::fs::read_to_string(golden("trace.json")).unwrap();
    assert_eq!(
        bytes, stored_bytes,
        "records changed: rerun with BLESS=1 if intended"
    );
    assert_eq!(
        table_bytes, stored_table,
        "premise table changed: rerun with BLESS=1 if intended"
    );
    assert_eq!(text, stored_text, "decoded events changed");
}
