//! `sudoku-lab trace` and `sudoku-lab compare` end to end: the event lines are JSON that
//! agrees with the library's binary records, levels and limits hold, every engine is
//! covered, and the comparison table has a row per engine.

use std::io::Write;
use std::process::Output;

use serde_json::Value;
use sudoku_lab::formats::{self, ReadOptions};
use sudoku_lab::trace::{Event, Level, PremiseReader, Steps, TraceOptions, Tracer};
use sudoku_lab::{EngineKind, Options, Progress, Puzzle, Via};

mod common;

use common::cli::{assert_contains, code, run, spawn, stderr, stdout};
use common::load;

/// A 4×4 puzzle with one solution, solved by singles alone.
const FOUR: &str = "1...\n..2.\n.3..\n...4\n";

/// A trace's output: the event objects and the summary object.
struct Traced {
    events: Vec<Value>,
    summary: Value,
}

/// Parses every line as JSON: events first, the summary last.
fn parse_trace(o: &Output) -> Traced {
    let mut lines: Vec<Value> = stdout(o)
        .lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}: {l}", i + 1))
        })
        .collect();
    let summary = lines.pop().expect("a summary line");
    assert!(summary["summary"].is_object(), "the last line: {summary}");
    assert!(
        lines.iter().all(|e| e.get("summary").is_none()),
        "one summary"
    );
    Traced {
        events: lines,
        summary: summary["summary"].clone(),
    }
}

/// Numbered from 0 one by one, each cause an earlier event, premises on every line: earlier
/// events, ascending, ending at the cause; and the count in the summary.
fn assert_well_formed(t: &Traced, what: &str) {
    for (i, e) in t.events.iter().enumerate() {
        assert_eq!(e["seq"].as_u64(), Some(i as u64), "{what}: {e}");
        assert!(e["event"].is_string() && e["depth"].is_u64(), "{what}: {e}");
        if let Some(cause) = e.get("cause") {
            assert!(cause.as_u64().is_some_and(|c| c < i as u64), "{what}: {e}");
        }
        let premises: Vec<u64> = e["premises"]
            .as_array()
            .unwrap_or_else(|| panic!("{what}: no premises: {e}"))
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        assert!(premises.windows(2).all(|w| w[0] < w[1]), "{what}: {e}");
        assert!(premises.iter().all(|&p| p < i as u64), "{what}: {e}");
        assert_eq!(
            premises.last(),
            e.get("cause").and_then(Value::as_u64).as_ref()
        );
        for field in ["cell", "digit", "rule", "via", "cause"] {
            assert!(e.get(field).is_none_or(|v| !v.is_null()), "{what}: {e}");
        }
    }
    assert_eq!(
        t.summary["events"].as_u64(),
        Some(t.events.len() as u64),
        "{what}"
    );
}

fn kinds(t: &Traced) -> Vec<&str> {
    t.events
        .iter()
        .map(|e| e["event"].as_str().unwrap_or(""))
        .collect()
}

/// A 4×4 inequality puzzle with one solution (1243 3421 4312 2134), small enough for naive.
const FOUR_INEQUALITY: &str = r#"{"size":4,"kind":"inequality","givens":"1..........2....","relations":[["r1c1","<","r1c2"],["r1c2","<","r1c3"],["r1c3",">","r1c4"],["r2c1","<","r2c2"],["r2c2",">","r2c3"],["r2c3",">","r2c4"],["r3c1",">","r3c2"],["r3c2",">","r3c3"]]}"#;

/// The puzzles trace is run on below, with the engines that finish each within the default
/// event budget (naive needs more than a million decisions on the CQOI sample).
fn cases() -> Vec<(&'static str, String, Vec<&'static str>)> {
    vec![
        (
            "4×4",
            FOUR.to_string(),
            vec!["propagate", "dlx", "naive", "logic"],
        ),
        (
            "4×4 inequality",
            FOUR_INEQUALITY.to_string(),
            vec!["propagate", "naive", "logic"],
        ),
        (
            "cqoi sample1",
            load("cqoi2013/sample1.in"),
            vec!["propagate", "logic"],
        ),
        (
            "top95 #1",
            load("poj3074/norvig_top95.in"),
            vec!["propagate", "dlx", "logic"],
        ),
    ]
}

#[test]
fn every_line_is_json_numbered_from_zero_with_causes_before_their_events() {
    for (name, input, engines) in cases() {
        for engine in engines {
            for level in Level::ALL {
                let what = format!("{name}, {engine}, {}", level.name());
                let o = run(
                    &["trace", "--engine", engine, "--level", level.name()],
                    &input,
                );
                assert_eq!(code(&o), 0, "{what}: {}", stderr(&o));
                let t = parse_trace(&o);
                assert_well_formed(&t, &what);
                let s = &t.summary;
                assert_eq!(s["status"], "unique", "{what}");
                assert_eq!(s["engine"], engine, "{what}");
                assert_eq!(s["level"], level.name(), "{what}");
                assert_eq!(s["event_limit"], false, "{what}");
                assert!(s["stats"]["nodes"].as_u64().is_some(), "{what}");
                assert!(s["stats"]["eliminations"]["peer"].is_u64(), "{what}");
                assert!(s["solution"].is_string(), "{what}");
                let kinds = kinds(&t);
                let solutions = kinds.iter().filter(|&&k| k == "solution").count();
                assert_eq!(solutions, 1, "{what}");
                match level {
                    Level::Decisions => assert!(
                        kinds.iter().all(|k| {
                            ["guess", "backtrack", "contradiction", "solution"].contains(k)
                        }),
                        "{what}: {kinds:?}"
                    ),
                    Level::Placements => {
                        assert!(kinds.contains(&"place"), "{what}");
                        assert!(!kinds.contains(&"eliminate"), "{what}");
                    }
                    Level::Full => assert!(kinds.contains(&"eliminate"), "{what}"),
                    other => panic!("not known to this test: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn the_solution_in_the_summary_is_the_solve_answer() {
    let o = run(&["trace", "--format", "cqoi"], load("cqoi2013/sample1.in"));
    let solution = parse_trace(&o).summary["solution"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let expected: String = load("cqoi2013/sample1.out").split_whitespace().collect();
    assert_eq!(solution, expected);
}

/// The library's records of the same trace, decoded, with the premises of each.
fn library_events(puzzle: &Puzzle, engine: EngineKind, level: Level) -> Vec<(Event, Vec<u32>)> {
    let options = TraceOptions {
        level,
        max_events: TraceOptions::DEFAULT_MAX_EVENTS,
    };
    let mut tracer = Tracer::new(engine, puzzle, Options::default(), options).unwrap();
    let mut events = Vec::new();
    loop {
        let batch = tracer.advance(64);
        let new = Event::decode_all(&batch.records).unwrap();
        let premises = PremiseReader::read_all(&new, &batch.premises).unwrap();
        events.extend(new.into_iter().zip(premises));
        if let Progress::Done(_) = batch.progress {
            return events;
        }
    }
}

fn cell_name(puzzle: &Puzzle, cell: u16) -> String {
    let size = puzzle.size();
    format!("r{}c{}", cell as usize / size + 1, cell as usize % size + 1)
}

/// The JSON form of a `via`, spelled out here from the house numbering in the trace docs.
fn via_json(puzzle: &Puzzle, via: Via) -> Option<Value> {
    let size = puzzle.size();
    let house = |h: u8| {
        let family = ["row", "column", "block"][h as usize / size];
        format!("{family} {}", h as usize % size + 1)
    };
    match via {
        Via::Nothing => None,
        Via::Cell(c) => Some(serde_json::json!({ "cell": cell_name(puzzle, c) })),
        Via::House(h) => Some(serde_json::json!({ "house": house(h) })),
        Via::Relation(r) => {
            let rel = puzzle.relations()[r as usize];
            let (a, less, b) = rel.oriented();
            let text = format!(
                "r{}c{} {} r{}c{}",
                a.row + 1,
                a.col + 1,
                if less { '<' } else { '>' },
                b.row + 1,
                b.col + 1
            );
            Some(serde_json::json!({ "relation": text }))
        }
        Via::Confined { house: h, to } => Some(serde_json::json!({
            "confined": { "house": house(h), "to": house(to) }
        })),
        Via::Technique(t) => Some(serde_json::json!({
            "technique": sudoku_lab::logic::Technique::ALL[t as usize].name()
        })),
        // The trace cases have no markers; tests/golden.rs spells a marker's JSON out.
        Via::Marker(m) => panic!("a marker ({m}) in a puzzle without markers"),
        other => panic!("not known to this test: {other:?}"),
    }
}

#[test]
fn every_event_line_agrees_with_the_library_record() {
    for (name, input, engines) in cases() {
        let format = formats::detect(&input).unwrap();
        let entry = formats::read(&input, format, ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        let puzzle = &entry.puzzle;
        for engine in engines {
            let kind = EngineKind::parse(engine).unwrap();
            let expected = library_events(puzzle, kind, Level::Full);
            let o = run(&["trace", "--engine", engine], &input);
            let t = parse_trace(&o);
            let what = format!("{name}, {engine}");
            assert_eq!(t.events.len(), expected.len(), "{what}");
            let (mut vias, mut lists) = (0, 0);
            let mut steps = Steps::new();
            for (json, (e, premises)) in t.events.iter().zip(&expected) {
                assert_eq!(json["seq"], e.seq, "{what}");
                assert_eq!(json["event"], e.kind.name(), "{what}: {json}");
                assert_eq!(json["depth"], e.depth, "{what}: {json}");
                let cell = e.cell.map(|c| Value::from(cell_name(puzzle, c)));
                assert_eq!(json.get("cell"), cell.as_ref(), "{what}: {json}");
                let digit = (e.digit != 0).then(|| Value::from(e.digit));
                assert_eq!(json.get("digit"), digit.as_ref(), "{what}: {json}");
                let rule = e.rule.map(|r| Value::from(r.name()));
                assert_eq!(json.get("rule"), rule.as_ref(), "{what}: {json}");
                let cause = e.cause.map(Value::from);
                assert_eq!(json.get("cause"), cause.as_ref(), "{what}: {json}");
                let via = via_json(puzzle, e.via);
                vias += usize::from(via.is_some());
                assert_eq!(json.get("via"), via.as_ref(), "{what}: {json}");
                assert_eq!(json["premises"], Value::from(premises.clone()), "{what}");
                // Steps are grouped the same in small batches and in the CLI's.
                let step = steps.push(e, premises).unwrap();
                assert_eq!(json["step"], step, "{what}: {json}");
                lists += usize::from(premises.len() > 1);
            }
            assert_eq!(t.summary["steps"], steps.count(), "{what}");
            assert!(
                steps.count() > 0 && (steps.count() as usize) < t.events.len(),
                "{what}"
            );
            assert!(vias > 0, "{what}: some event names what it used");
            assert!(lists > 0, "{what}: some event rests on several");
        }
    }
}

#[test]
fn max_events_stops_the_trace_at_exactly_that_many_with_exit_1() {
    let input = load("poj3074/norvig_top95.in");
    for engine in ["propagate", "dlx", "naive", "logic"] {
        let o = run(&["trace", "--engine", engine, "--max-events", "10"], &input);
        assert_eq!(code(&o), 1, "{engine}");
        let t = parse_trace(&o);
        assert_eq!(t.events.len(), 10, "{engine}");
        assert_well_formed(&t, engine);
        assert_eq!(t.summary["event_limit"], true, "{engine}");
        assert_eq!(t.summary["status"], "limit", "{engine}");
        assert!(t.summary.get("solution").is_none(), "{engine}");
        assert_eq!(
            stderr(&o),
            "sudoku-lab: puzzle 1 (line 1): the trace stopped after 10 events \
             (raise --max-events)\n",
            "{engine}"
        );
    }
}

#[test]
fn the_node_limit_stops_the_trace_with_exit_1() {
    let input = load("poj3074/norvig_top95.in");
    let args: Vec<&str> = "trace --engine naive --level decisions --node-limit 50"
        .split(' ')
        .collect();
    let o = run(&args, &input);
    assert_eq!(code(&o), 1);
    let t = parse_trace(&o);
    assert_well_formed(&t, "naive, node limit");
    assert_eq!(t.summary["status"], "limit");
    assert_eq!(t.summary["event_limit"], false);
    assert_contains(&stderr(&o), "(raise --node-limit)");
}

/// Traces puzzle `number` of `input` at the decisions level; the summary's puzzle number and
/// line.
fn traced_puzzle_and_line(input: &str, number: &str) -> (Option<u64>, Option<u64>) {
    let o = run(
        &["trace", "--level", "decisions", "--puzzle", number],
        input,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let t = parse_trace(&o);
    (t.summary["puzzle"].as_u64(), t.summary["line"].as_u64())
}

#[test]
fn puzzle_picks_which_puzzle_of_the_input_is_traced() {
    let input = load("poj3074/norvig_top95.in");
    assert_eq!(traced_puzzle_and_line(&input, "3"), (Some(3), Some(3)));
    let o = run(&["trace", "--puzzle", "2"], FOUR);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "sudoku-lab: <stdin>: the input holds 1 puzzle, not 2\n"
    );
}

#[test]
fn a_bad_puzzle_before_the_one_asked_for_is_not_its_business() {
    let input = format!("{}\n{}", "1..1\n....\n....\n....\n", FOUR);
    assert_eq!(traced_puzzle_and_line(&input, "2"), (Some(2), Some(6)));
    let o = run(&["compare", "--puzzle", "2"], &input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run(&["trace", "--puzzle", "1"], &input);
    assert_eq!(code(&o), 2);
    assert_contains(
        &stderr(&o),
        "<stdin>:1:4: puzzle 1: r1c1 and r1c4 are both 1",
    );
}

#[test]
fn an_invalid_puzzle_is_refused_at_its_position() {
    let o = run(&["trace"], "1..1\n....\n....\n....\n");
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "sudoku-lab: <stdin>:1:4: puzzle 1: r1c1 and r1c4 are both 1 in row 1\n"
    );
    assert_eq!(stdout(&o), "");
    let o = run(&["trace", "--engine", "dlx"], load("cqoi2013/sample1.in"));
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "sudoku-lab: <stdin>:1:1: puzzle 1: the dlx engine solves classic puzzles only, \
         not inequality ones\n"
    );
    let o = run(&["trace"], "");
    assert_eq!(code(&o), 2);
    let o = run(&["trace", "--level", "some"], FOUR);
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "--level 'some' is not a level");
}

/// The rows of a comparison table: engine name → its cells.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| !l.starts_with("engine"));
    let head = lines.next().expect("a table header");
    assert!(
        head.split_whitespace().eq([
            "engine",
            "status",
            "nodes",
            "guesses",
            "backtracks",
            "placements",
            "eliminations",
            "time"
        ]),
        "{head}"
    );
    lines
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn compare_prints_a_row_per_engine_with_its_status() {
    let o = run(
        &["compare", "--node-limit", "20000"],
        load("poj3074/norvig_top95.in"),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    let rows = table_rows(&text);
    let engines: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(engines, ["propagate", "dlx", "naive", "logic"], "{text}");
    assert_eq!(rows[0][1], "unique", "{text}");
    assert_eq!(rows[1][1], "unique", "{text}");
    assert!(["unique", "limit"].contains(&rows[2][1].as_str()), "{text}");
    for row in &rows {
        assert!(
            row[2..7].iter().all(|n| n.parse::<u64>().is_ok()),
            "{row:?}"
        );
        assert!(["µs", "ms"].contains(&row[8].as_str()), "{row:?}");
    }
    if rows[2][1] == "limit" {
        assert_eq!(rows[2][2], "20000", "{text}");
        assert_contains(
            &text,
            "naive: stopped after 20000 nodes (raise --node-limit)",
        );
    }
    assert_contains(&text, "eliminations by rule:");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("propagate  peer ")),
        "{text}"
    );
}

#[test]
fn compare_json_says_the_same_as_the_table() {
    let args = ["compare", "--node-limit", "20000"];
    let text = stdout(&run(&args, load("poj3074/norvig_top95.in")));
    let rows = table_rows(&text);
    let o = run(
        &[&args[..], &["--output", "json"]].concat(),
        load("poj3074/norvig_top95.in"),
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let object: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (object["puzzle"].as_u64(), object["line"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(object["node_limit"], 20000);
    let engines = object["engines"].as_array().unwrap();
    assert_eq!(engines.len(), rows.len());
    for (engine, row) in engines.iter().zip(&rows) {
        assert_eq!(engine["engine"], row[0].as_str());
        assert_eq!(engine["status"], row[1].as_str());
        assert_eq!(engine["stats"]["nodes"].to_string(), row[2], "{engine}");
        assert!(engine["micros"].as_f64().unwrap() > 0.0);
        assert!(engine["stats"]["eliminations"]["peer"].as_u64().unwrap() > 0);
    }
    let skipped = run(
        &["compare", "--output", "json"],
        load("cqoi2013/sample1.in"),
    );
    let object: serde_json::Value = serde_json::from_str(stdout(&skipped).trim()).unwrap();
    let notes = object["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().starts_with("dlx: skipped")),
        "{object}"
    );
}

#[test]
fn compare_skips_dlx_on_a_puzzle_with_relations() {
    let o = run(&["compare"], load("cqoi2013/sample1.in"));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    let rows = table_rows(&text);
    let summary: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            ("propagate", "unique"),
            ("naive", "unique"),
            ("logic", "unique")
        ],
        "{text}"
    );
    assert!(text
        .contains("dlx: skipped: the dlx engine solves classic puzzles only, not inequality ones"));
    assert_contains(&text, "relation ");
}

#[test]
fn every_command_has_help_and_the_overview_lists_them() {
    let o = run(&["--help"], "");
    for command in ["solve", "count", "check", "trace", "compare"] {
        assert!(
            stdout(&o).contains(&format!("sudoku-lab {command} ")),
            "{command}"
        );
        let help = run(&[command, "--help"], "");
        assert_eq!(code(&help), 0);
        assert!(stdout(&help).starts_with(&format!("Usage: sudoku-lab {command}")));
        assert_eq!(stdout(&run(&["help", command], "")), stdout(&help));
    }
    for command in ["solve", "count", "trace"] {
        assert!(stdout(&run(&[command, "--help"], "")).contains("--engine <E>"));
    }
}

#[test]
fn a_closed_pipe_ends_a_long_trace_quietly() {
    // The empty 16×16 grid traced in full is long; reading one line and closing must stop
    // the search at once, not after the whole trace.
    let mut child = spawn(&["trace", "--format", "line", "--alphabet", "letters"]);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(&[b'.'; 256]).unwrap();
    stdin.write_all(b"\n").unwrap();
    drop(stdin);
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut first = [0u8; 64];
    std::io::Read::read_exact(&mut out, &mut first).unwrap();
    assert!(first.starts_with(b"{\"seq\":0,"));
    drop(out);
    let output = child.wait_with_output().expect("the binary finishes");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn a_logic_trace_names_each_technique_instance_on_its_first_event() {
    let input =
        ".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..\n";
    let o = run(&["trace", "--engine", "logic"], input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let t = parse_trace(&o);
    assert_well_formed(&t, "logic");
    let instances: Vec<&Value> = t
        .events
        .iter()
        .filter(|e| e.get("instance").is_some())
        .collect();
    assert!(!instances.is_empty());
    for e in &instances {
        assert_eq!(e["rule"], "technique", "{e}");
        let pattern = e["instance"]["pattern"].as_array().unwrap();
        assert!(
            !pattern.is_empty()
                && pattern
                    .iter()
                    .all(|c| c.as_str().is_some_and(|c| c.starts_with('r'))),
            "{e}"
        );
        assert!(
            e["instance"]["sentence"]
                .as_str()
                .is_some_and(|s| !s.is_empty()),
            "{e}"
        );
    }
    let wing = instances
        .iter()
        .find(|e| e["via"]["technique"] == "xy_wing")
        .unwrap_or_else(|| panic!("no XY-wing: {instances:?}"));
    let sentence = wing["instance"]["sentence"].as_str().unwrap();
    for cell in ["r3c8", "r2c9", "r3c2"] {
        assert!(sentence.contains(cell), "{sentence}");
        assert!(
            wing["instance"]["pattern"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c == cell),
            "{wing}"
        );
    }
    // Only the first event of an instance carries it; the others of its step do not.
    let step = &wing["step"];
    let same_step = t
        .events
        .iter()
        .filter(|e| &e["step"] == step && e.get("instance").is_some());
    assert_eq!(same_step.count(), 1);
    // Other engines have no instances to tell.
    let o = run(&["trace"], input);
    assert!(parse_trace(&o)
        .events
        .iter()
        .all(|e| e.get("instance").is_none()));
}

#[test]
fn a_finned_fish_instance_names_its_fins_among_its_pattern() {
    // The glossary's finned X-wing: its instance names the fins its sentence names, cells of
    // its pattern; an instance without fins has no "fins".
    let line =
        "43.8.......7.....35..1..9...92....6415.........3.9.8........65.37164.......7.2...\n";
    let o = run(&["trace", "--engine", "logic", "--level", "full"], line);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let t = parse_trace(&o);
    let mut finned = 0;
    for instance in t.events.iter().filter_map(|e| e.get("instance")) {
        let sentence = instance["sentence"].as_str().unwrap();
        let Some(fins) = instance.get("fins") else {
            assert!(!sentence.contains("but for the fin"), "{instance}");
            continue;
        };
        finned += 1;
        let pattern = instance["pattern"].as_array().unwrap();
        for fin in fins.as_array().unwrap() {
            assert!(pattern.contains(fin), "{instance}");
            assert!(sentence.contains(fin.as_str().unwrap()), "{instance}");
        }
    }
    assert!(finned > 0, "a fish with fins on the path");
}
