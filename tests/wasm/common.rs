// The tests shared by tests/wasm_node.rs (Node) and tests/wasm_browser.rs (headless
// Chromium): the exports behave the same wherever the module runs.

use js_sys::{Array, Reflect, Uint32Array};
use sudoku_lab::trace::{Event, EventKind, PremiseReader, RECORD_WORDS};
use sudoku_lab::Rule;
use sudoku_lab::wasm::{
    format_puzzle as format, grade, hint, layout, parse, solve, validate, version, Solver,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

const POJ3074: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const CQOI: &str = "> < < < > <\nv ^ v v ^ v ^ ^ v\n< < < > < <\nv ^ v ^ v v ^ ^ v\n\
< < < < > >\n< > > > < >\nv v ^ ^ v ^ ^ v v\n< > > < > >\n^ v v v ^ v v ^ v\n\
> < < > > >\n< > > > > <\nv v v v ^ ^ ^ ^ ^\n> < < < < <\n^ ^ ^ ^ ^ v v v ^\n> > < > < <\n";

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap()
}

fn text(object: &JsValue, key: &str) -> String {
    get(object, key).as_string().unwrap_or_default()
}

fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (k, v) in pairs {
        Reflect::set(&object, &(*k).into(), v).unwrap();
    }
    object.into()
}

/// Rows, columns and 3×3 blocks all different, givens kept: checked here, not by the crate.
fn assert_sudoku(puzzle: &str, answer: &str) {
    let d: Vec<u32> = answer.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(d.len(), 81);
    for (p, a) in puzzle.chars().zip(answer.chars()) {
        assert!(p == '.' || p == a);
    }
    for i in 0..9 {
        let row: u32 = (0..9).map(|j| 1 << d[i * 9 + j]).sum();
        let col: u32 = (0..9).map(|j| 1 << d[j * 9 + i]).sum();
        let block: u32 = (0..9)
            .map(|j| 1 << d[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3])
            .sum();
        assert_eq!((row, col, block), (0x3FE, 0x3FE, 0x3FE));
    }
}

#[wasm_bindgen_test]
fn solve_returns_a_plain_object_with_the_verified_answer() {
    let result = solve(POJ3074.into(), Some("auto".into()), None).unwrap();
    assert_eq!(text(&result, "status"), "unique");
    assert_eq!(text(&result, "kind"), "classic");
    assert_sudoku(POJ3074, &text(&result, "solution"));
    let stats = get(&result, "stats");
    assert!(get(&stats, "nodes").as_f64().unwrap() >= 1.0);
    assert_eq!(get(&stats, "solutions").as_f64(), Some(1.0));
    // A 9×9 classic puzzle takes the fast path, which counts no rules: no tables by rule.
    assert!(get(&stats, "placements").is_undefined());
    assert!(get(&stats, "eliminations").is_undefined());
    assert_eq!(Array::from(&get(&result, "solutions")).length(), 1);
    // The general engine counts them: the givens are placements by the rule "given".
    let opts = options(&[("engine", "naive".into())]);
    let naive = solve(POJ3074.into(), None, Some(opts)).unwrap();
    let placements = get(&get(&naive, "stats"), "placements");
    let givens = POJ3074.bytes().filter(u8::is_ascii_digit).count() as f64;
    assert_eq!(get(&placements, "given").as_f64(), Some(givens));
}

#[wasm_bindgen_test]
fn every_engine_solves_through_the_options() {
    for engine in ["propagate", "dlx", "naive", "logic"] {
        let opts = options(&[("engine", engine.into())]);
        let result = solve(POJ3074.into(), None, Some(opts)).unwrap();
        assert_eq!(text(&result, "engine"), engine);
        assert_sudoku(POJ3074, &text(&result, "solution"));
    }
    let opts = options(&[("engine", "quantum".into())]);
    let e = solve(POJ3074.into(), None, Some(opts)).unwrap_err();
    assert_eq!(
        text(&e, "message"),
        "options.engine: expected 'propagate', 'dlx', 'naive' or 'logic' (or undefined), \
         got the string 'quantum'"
    );
    assert_eq!(text(&e, "argument"), "options.engine");
}

#[wasm_bindgen_test]
fn the_cqoi_sample_is_an_inequality_puzzle_with_one_solution() {
    let result = solve(CQOI.into(), None, None).unwrap();
    assert_eq!(text(&result, "kind"), "inequality");
    assert_eq!(text(&result, "status"), "unique");
    assert_sudoku(&".".repeat(81), &text(&result, "solution"));
    // The 9×9 fast path takes relations too: it counts nodes and solutions, not rules.
    let stats = get(&result, "stats");
    assert!(get(&stats, "nodes").as_f64().unwrap() >= 1.0);
    assert_eq!(get(&stats, "solutions").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_that_says_where() {
    let duplicate = format!("5...5{}", ".".repeat(76));
    let e = solve(duplicate.into(), None, None).unwrap_err();
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(text(&e, "message"), "r1c1 and r1c5 are both 5 in row 1");
    let cells: Vec<String> = Array::from(&get(&e, "cells"))
        .iter()
        .map(|c| c.as_string().unwrap())
        .collect();
    assert_eq!(cells, ["r1c1", "r1c5"]);

    let x = format!("....X{}", ".".repeat(76));
    let e = solve(x.into(), None, None).unwrap_err();
    assert!(text(&e, "message").starts_with("puzzle:1:5: 'X'"));
    assert_eq!(get(&e, "column").as_f64(), Some(5.0));

    let e = solve(JsValue::from(42), None, None).unwrap_err();
    assert!(text(&e, "message").starts_with("puzzle: expected a text"));
    assert_eq!(text(&e, "argument"), "puzzle");
}

#[wasm_bindgen_test]
fn the_model_object_round_trips_through_parse_and_format() {
    let model = parse(CQOI.into(), None, None).unwrap();
    assert_eq!(get(&model, "size").as_f64(), Some(9.0));
    assert_eq!(Array::from(&get(&model, "relations")).length(), 108);
    let back = format(model.clone(), "cqoi".into(), None).unwrap();
    let flat = |s: &str| s.split_whitespace().collect::<String>();
    assert_eq!(flat(&back), flat(CQOI));
    let picture = format(model.clone(), "picture".into(), None).unwrap();
    assert!(picture.starts_with("9 inequality"));
    let e = format(model, "poj3074".into(), None).unwrap_err();
    assert!(!text(&e, "message").is_empty(), "POJ 3074 cannot hold relations");
}

#[wasm_bindgen_test]
fn validate_lists_every_problem_with_its_cells() {
    let duplicate = format!("5...5{}", ".".repeat(76));
    let found = Array::from(&validate(duplicate.into(), None, None).unwrap());
    assert_eq!(found.length(), 1);
    assert_eq!(Array::from(&get(&found.get(0), "cells")).length(), 2);
    let sound = Array::from(&validate(POJ3074.into(), None, None).unwrap());
    assert_eq!(sound.length(), 0);
}

#[wasm_bindgen_test]
fn the_solver_streams_records_that_decode_and_end_in_the_solution() {
    let opts = options(&[("level", "full".into())]);
    let solver = Solver::new(POJ3074.into(), None, Some(opts)).unwrap();
    let mut words = Vec::new();
    let mut premises = Vec::new();
    let mut batches = 0;
    let last = loop {
        let batch = solver.advance(1.into()).unwrap();
        batches += 1;
        let records: Uint32Array = get(&batch, "records").into();
        let count = get(&batch, "count").as_f64().unwrap() as usize;
        assert_eq!(records.length() as usize, count * RECORD_WORDS);
        assert_eq!(
            get(&batch, "firstSeq").as_f64().unwrap() as usize,
            words.len() / RECORD_WORDS
        );
        // Each batch's premise table covers its own records.
        let table: Uint32Array = get(&batch, "premises").dyn_into().unwrap();
        let new = Event::decode_all(&records.to_vec()).unwrap();
        premises.extend(PremiseReader::read_all(&new, &table.to_vec()).unwrap());
        words.extend(records.to_vec());
        if get(&batch, "done").as_bool().unwrap() {
            break batch;
        }
        assert!(get(&batch, "status").is_null());
    };
    assert!(batches >= 1);
    assert_eq!(text(&last, "status"), "unique");
    let events = Event::decode_all(&words).unwrap();
    // A naked single rests on the removal of each of its 8 other digits.
    let single = events
        .iter()
        .position(|e| e.rule == Some(Rule::NakedSingle))
        .unwrap();
    assert!(premises[single].len() > 1, "{:?}", premises[single]);
    assert!(premises[single]
        .iter()
        .all(|&p| events[p as usize].kind == EventKind::Eliminate
            && events[p as usize].cell == events[single].cell));
    assert!(events.iter().any(|e| e.kind == EventKind::Eliminate));
    assert_eq!(events.last().unwrap().kind, EventKind::Solution);
    let grid: Uint32Array = get(&last, "grid").into();
    assert_eq!(grid.length(), 81);
    let solution = Array::from(&get(&last, "solutions")).get(0).as_string().unwrap();
    assert_sudoku(POJ3074, &solution);
    assert_eq!(solver.status().unwrap().as_deref(), Some("unique"));
}

#[wasm_bindgen_test]
fn an_event_budget_stops_the_solver_and_says_so() {
    let opts = options(&[("maxEvents", 25.into()), ("level", "full".into())]);
    let solver = Solver::new(POJ3074.into(), None, Some(opts)).unwrap();
    let batch = solver.advance(1e9.into()).unwrap();
    assert!(get(&batch, "done").as_bool().unwrap());
    assert_eq!(text(&batch, "status"), "limit");
    assert_eq!(get(&batch, "eventLimit").as_bool(), Some(true));
    assert_eq!(get(&batch, "count").as_f64(), Some(25.0));
}

#[wasm_bindgen_test]
fn the_layout_names_the_kinds_and_rules_in_record_order() {
    let layout = layout();
    assert_eq!(get(&layout, "recordWords").as_f64(), Some(5.0));
    let kinds = Array::from(&get(&layout, "kinds"));
    assert_eq!(kinds.get(2).as_string().as_deref(), Some("eliminate"));
    assert!(!version().is_empty());
}

#[wasm_bindgen_test]
fn bench_times_the_solver_with_the_host_clock() {
    let text = format!("{POJ3074}\n{POJ3074}\n");
    let opts = options(&[("runs", 1.into())]);
    let m = sudoku_lab::wasm::bench(text.into(), None, Some(opts)).unwrap();
    assert_eq!(get(&m, "puzzles").as_f64(), Some(2.0));
    assert_eq!(get(&m, "solutions").as_f64(), Some(2.0));
    let median = get(&m, "micros_per_puzzle").as_f64().unwrap();
    let fastest = get(&m, "fastest_micros_per_puzzle").as_f64().unwrap();
    assert!(0.0 <= fastest && fastest <= median, "{fastest} {median}");
}

/// Wikipedia's example puzzle: singles solve it; its first step is 8 in r1c6.
const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[wasm_bindgen_test]
fn hint_gives_the_next_step_at_the_level_asked() {
    let step = hint(WIKI.into(), None, None, None).unwrap();
    assert_eq!(text(&step, "kind"), "step");
    assert_eq!(text(&step, "technique"), "hidden_single");
    assert_eq!(text(&step, "hint"), "In block 2, 8 has one place left, so 8 goes in r1c6.");
    let placements: Array = get(&step, "placements").into();
    let first: Array = placements.get(0).into();
    assert_eq!((first.get(0).as_string(), first.get(1).as_f64()), (Some("r1c6".into()), Some(8.0)));
    let light = hint(WIKI.into(), None, Some(options(&[("reveal", "technique".into())])), None).unwrap();
    assert_eq!(text(&light, "hint"), "Look for a hidden single in block 2.");
}

#[wasm_bindgen_test]
fn hint_reports_a_wrong_entry_first_and_checks_the_players_state() {
    let mut entries = vec![0u32; 81];
    entries[2] = 5; // r1c3 = 5 repeats the given r1c1 = 5.
    let array: Array = entries.iter().map(|&d| JsValue::from(d)).collect();
    let player = options(&[("entries", array.into())]);
    let wrong = hint(WIKI.into(), None, None, Some(player)).unwrap();
    assert_eq!(text(&wrong, "kind"), "wrong_entry");
    assert_eq!(text(&wrong, "peer"), "r1c1");
    let bad = options(&[("marks", "12 x".into())]);
    let e = hint(WIKI.into(), None, None, Some(bad)).unwrap_err();
    assert_eq!(text(&e, "argument"), "player.marks");
    let bad = options(&[("moves", JsValue::from(1))]);
    let e = hint(WIKI.into(), None, None, Some(bad)).unwrap_err();
    assert!(text(&e, "message").contains("'moves' is not a field"), "{}", text(&e, "message"));
}

#[wasm_bindgen_test]
fn grade_scores_by_the_hardest_technique() {
    let g = grade(WIKI.into(), None, None).unwrap();
    assert_eq!(text(&g, "level"), "easy");
    assert_eq!(get(&g, "needs_guessing").as_bool(), Some(false));
    assert!(get(&get(&g, "steps"), "hidden_single").as_f64().unwrap() > 0.0);
    let e = grade(".".repeat(81).into(), None, None).unwrap_err();
    assert!(text(&e, "message").contains("grades need a puzzle with one solution"));
}

#[wasm_bindgen_test]
fn a_25x25_puzzle_takes_the_fast_path_and_agrees_with_the_general_engines() {
    // A generated 25×25 puzzle (`generate --size 25 --seed 11`), then the empty grid: the
    // fast path's `u128` bands in wasm answer as the general engine does, and on the empty
    // grid as DLX does too (DLX needs seconds natively for the generated one, over 20 s in a
    // loaded browser: past the test runner's patience).
    let generated = include_str!("../fixtures/classic25-generated-seed11.txt")
        .lines()
        .next()
        .unwrap();
    let empty = ".".repeat(625);
    for (puzzle, status, engines) in [
        (generated, "unique", &["propagate"][..]),
        (empty.as_str(), "multiple", &["propagate", "dlx"][..]),
    ] {
        let fast = solve(puzzle.into(), None, None).unwrap();
        assert_eq!(text(&fast, "status"), status);
        // The fast path counts no rules.
        assert!(get(&get(&fast, "stats"), "placements").is_undefined());
        for &engine in engines {
            let other = solve(puzzle.into(), None, Some(options(&[("engine", engine.into())])))
                .unwrap();
            assert_eq!(text(&other, "status"), status, "{engine}");
            if status == "unique" {
                assert_eq!(text(&fast, "solution"), text(&other, "solution"), "{engine}");
            }
        }
        let solutions = Array::from(&get(&fast, "solutions"));
        assert_eq!(solutions.length(), if status == "unique" { 1 } else { 2 });
    }
}

/// The README's 4×4 Kropki puzzle (every white and black dot of its solution, both negative
/// constraints) as f-puzzles JSON, the way a link carries it.
fn kropki4_link() -> String {
    let sol = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];
    let (mut difference, mut ratio) = (Vec::new(), Vec::new());
    for r in 0..4 {
        for c in 0..4 {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < 4 && c2 < 4 {
                    let (a, b): (i32, i32) = (sol[r][c], sol[r2][c2]);
                    let cells = format!(r#"{{"cells":["R{}C{}","R{}C{}"]}}"#, r + 1, c + 1, r2 + 1, c2 + 1);
                    if (a - b).abs() == 1 {
                        difference.push(cells);
                    } else if a == 2 * b || b == 2 * a {
                        ratio.push(cells);
                    }
                }
            }
        }
    }
    let json = format!(
        r#"{{"size":4,"title":"","grid":[{row},{row},{row},{row}],"difference":[{}],"ratio":[{}],"negative":["ratio","difference"]}}"#,
        difference.join(","),
        ratio.join(","),
        row = "[{},{},{},{}]"
    );
    format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(json.as_str()))
}

#[wasm_bindgen_test]
fn an_f_puzzles_link_with_kropki_dots_solves_and_its_dots_hold() {
    let link = kropki4_link();
    let model = parse(link.clone().into(), None, None).unwrap();
    assert_eq!(Array::from(&get(&model, "markers")).length(), 16);
    let result = solve(link.clone().into(), None, None).unwrap();
    assert_eq!(text(&result, "status"), "unique");
    let d: Vec<i32> = text(&result, "solution")
        .chars()
        .map(|c| c.to_digit(10).unwrap() as i32)
        .collect();
    assert_eq!(d.len(), 16);
    // Checked here: Latin rows and columns, 2×2 blocks, and every adjacent pair as the dots
    // (and their absence, the negative constraint) say.
    for i in 0..4 {
        let row: i32 = (0..4).map(|j| 1 << d[i * 4 + j]).sum();
        let col: i32 = (0..4).map(|j| 1 << d[j * 4 + i]).sum();
        let block: i32 = (0..4).map(|j| 1 << d[(i / 2 * 2 + j / 2) * 4 + i % 2 * 2 + j % 2]).sum();
        assert_eq!((row, col, block), (30, 30, 30));
    }
    let markers = Array::from(&get(&model, "markers"));
    let index = |name: &str| {
        let rc: Vec<usize> = name[1..].split('c').map(|n| n.parse().unwrap()).collect();
        (rc[0] - 1) * 4 + rc[1] - 1
    };
    let mut marked = std::collections::HashSet::new();
    for m in markers.iter() {
        let m = Array::from(&m);
        let (a, kind, b) = (m.get(0).as_string().unwrap(), m.get(1).as_string().unwrap(), m.get(2).as_string().unwrap());
        let (x, y) = (d[index(&a)], d[index(&b)]);
        match kind.as_str() {
            "white" => assert_eq!((x - y).abs(), 1, "{a} {kind} {b}"),
            "black" => assert!(x == 2 * y || y == 2 * x, "{a} {kind} {b}"),
            other => panic!("unexpected marker {other}"),
        }
        marked.insert((index(&a), index(&b)));
    }
    for i in 0..16 {
        for j in [i + 1, i + 4] {
            if j < 16 && (j == i + 4 || i % 4 < 3) && !marked.contains(&(i, j)) {
                let (x, y) = (d[i], d[j]);
                assert!((x - y).abs() != 1 && x != 2 * y && y != 2 * x, "unmarked {i} {j}");
            }
        }
    }
    // DLX cannot express markers: it says so instead of answering another puzzle.
    let opts = options(&[("engine", "dlx".into())]);
    let e = solve(link.into(), None, Some(opts)).unwrap_err();
    assert!(text(&e, "message").contains("without markers"), "{}", text(&e, "message"));
}
