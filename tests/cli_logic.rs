//! `sudoku-lab hint` and `sudoku-lab grade` as a user runs them: the levels of help, the
//! JSON objects, wrong entries and pencil marks, bad input with its place, and grades in
//! input order with bad and non-unique puzzles among them.

mod common;

use common::cli::{assert_contains, code, run, stderr, stdout, temp_file};
use common::{WIKI, WIKI_SOLUTION};

#[test]
fn a_hint_names_the_technique_then_the_cells_then_the_step() {
    let o = run(&["hint", "--reveal", "technique"], WIKI);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "Look for a hidden single in block 2.\n");
    let o = run(&["hint", "--reveal", "cells"], WIKI);
    assert_eq!(
        stdout(&o),
        "Look for a hidden single in block 2. The cells: r1c6.\n"
    );
    let o = run(&["hint"], WIKI);
    assert_eq!(
        stdout(&o),
        "In block 2, 8 has one place left, so 8 goes in r1c6.\n"
    );
}

#[test]
fn a_hint_in_json_has_the_step_and_its_premises() {
    let o = run(&["hint", "--output", "json"], WIKI);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["kind"], "step");
    assert_eq!(v["technique"], "hidden_single");
    assert_eq!(v["placements"], serde_json::json!([["r1c6", 8]]));
    assert_eq!(v["eliminations"], serde_json::json!([]));
    assert_eq!(v["houses"], serde_json::json!(["block 2"]));
    assert_eq!(v["relations"], serde_json::json!([]));
    assert!(v["sentence"].as_str().unwrap().contains("r1c6"));
}

#[test]
fn a_wrong_entry_comes_first_and_says_why() {
    // r1c3 = 5 repeats the given r1c1 = 5.
    let mut entries = vec![b'.'; 81];
    entries[2] = b'5';
    let entries = String::from_utf8(entries).unwrap();
    let o = run(&["hint", "--entries", &entries], WIKI);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "r1c3: 5 is wrong there: row 1 already has 5 in r1c1.\n"
    );
    // A digit that breaks no rule but is not the solution's.
    let mut entries = vec![b'.'; 81];
    entries[2] = b'1'; // r1c3 is 4 in the solution; 1 clashes with nothing yet.
    let entries = String::from_utf8(entries).unwrap();
    let o = run(&["hint", "--output", "json", "--entries", &entries], WIKI);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["cell"].as_str(), v["why"].as_str()),
        (Some("wrong_entry"), Some("r1c3"), Some("solution"))
    );
}

#[test]
fn pencil_marks_that_lost_the_digit_are_reported_and_otherwise_used() {
    // r1c3's marks 12: its digit is 4.
    let mut marks = vec!["."; 81];
    marks[2] = "12";
    let marks_file = temp_file("marks.txt", &marks.join(" "));
    let o = run(&["hint", "--marks", &marks_file], WIKI);
    assert_eq!(
        stdout(&o),
        "r1c3: your pencil marks have lost its digit, 4.\n"
    );
    let o = run(&["hint", "--reveal", "cells", "--marks", &marks_file], WIKI);
    assert_eq!(
        stdout(&o),
        "r1c3: your pencil marks there have lost the digit that belongs there.\n"
    );
    // Marks that keep the digit narrow the candidates: r1c3 marked 4 alone is a naked single
    // — but a hidden single in a block comes first, as the techniques are tried easiest first.
    marks[2] = "4";
    let o = run(
        &["hint", "--output", "json", "--marks", &marks.join(" ")],
        WIKI,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["kind"], "step");
}

#[test]
fn a_full_grid_of_right_entries_is_solved() {
    let o = run(&["hint", "--entries", WIKI_SOLUTION], WIKI);
    assert_eq!(stdout(&o), "Solved: every cell is filled, and rightly.\n");
}

#[test]
fn bad_marks_and_entries_say_where_and_what() {
    let o = run(&["hint", "--marks", "12 x"], WIKI);
    assert_eq!(code(&o), 2);
    assert_contains(
        &stderr(&o),
        "<argument>:1:4: 'x' is not a set of pencil marks of a 9×9 puzzle",
    );
    let o = run(&["hint", "--entries", "1234"], WIKI);
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "<argument>");
    // An entry that changes a given is the entries' fault, named so.
    let mut entries = vec![b'.'; 81];
    entries[0] = b'4';
    let o = run(
        &["hint", "--entries", std::str::from_utf8(&entries).unwrap()],
        WIKI,
    );
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "sudoku-lab: <argument>: r1c1 is a given 5; the entries say 4\n"
    );
    let o = run(&["hint", "--reveal", "all"], WIKI);
    assert_eq!(code(&o), 2);
    assert_contains(
        &stderr(&o),
        "--reveal 'all' is not a level of help (choose technique, cells, step)",
    );
    // A puzzle with several solutions has no hints.
    let o = run(&["hint"], ".".repeat(81) + "\n");
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "hints need a puzzle with one solution");
}

#[test]
fn grades_come_one_line_per_puzzle_in_order_with_bad_ones_named() {
    let input = format!(
        "{WIKI}{}\n12\n{}\n",
        ".".repeat(81),
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    );
    let o = run(&["grade"], input);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].ends_with("easy hidden_single×51") || lines[0].contains(" easy "),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "not unique");
    assert_eq!(lines[2], "invalid");
    assert!(
        lines[3].contains("guessing") || lines[3].contains("extreme"),
        "{}",
        lines[3]
    );
    assert_contains(&stderr(&o), "puzzle 3:");
}

#[test]
fn grades_in_json_name_every_technique_used() {
    let o = run(&["grade", "--output", "json"], WIKI);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["puzzle"], 1);
    assert_eq!(v["level"], "easy");
    assert_eq!(v["needs_guessing"], false);
    let steps = v["steps"].as_object().unwrap();
    let placed: u64 = steps.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(placed, 51, "one step per empty cell: {steps:?}");
}

/// A puzzle the logic engine needs an XY-wing for (tests/js/steps.test.mjs uses it too).
const XY: &str =
    ".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..\n";

#[test]
fn grade_steps_lists_a_path_that_places_the_solution_and_removes_nothing_of_it() {
    for puzzle in [WIKI, XY] {
        let o = run(&["solve", "--output", "line"], puzzle);
        let solution: Vec<u8> = stdout(&o).trim().bytes().map(|b| b - b'0').collect();
        let o = run(&["grade", "--steps", "--output", "json"], puzzle);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let path = line["path"].as_array().expect("a path");
        assert_eq!(line["path_end"], "solved", "{puzzle}");
        // As many steps of each technique as the grade counts.
        let counted: u64 = line["steps"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(path.len() as u64, counted);
        // Checked here against the solution: every placement is the solution's digit, no
        // removal takes one, and every empty cell is placed once.
        let index = |name: &str| {
            let (r, c) = name[1..].split_once('c').unwrap();
            (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
        };
        let mut placed = std::collections::BTreeSet::new();
        for step in path {
            for p in step["placements"].as_array().unwrap() {
                let cell = index(p[0].as_str().unwrap());
                assert_eq!(p[1].as_u64().unwrap() as u8, solution[cell], "{step}");
                assert!(placed.insert(cell), "{step}: placed twice");
            }
            for e in step["eliminations"].as_array().unwrap() {
                let cell = index(e[0].as_str().unwrap());
                assert_ne!(e[1].as_u64().unwrap() as u8, solution[cell], "{step}");
            }
            assert!(!step["sentence"].as_str().unwrap().is_empty());
        }
        let empty = puzzle.trim().bytes().filter(|&b| b == b'.').count();
        assert_eq!(placed.len(), empty, "{puzzle}");
        // The text: the grade line, a numbered line per step, the end.
        let o = run(&["grade", "--steps"], puzzle);
        let text = stdout(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), path.len() + 2, "{text}");
        assert!(lines[1].starts_with("  1. "), "{text}");
        assert_eq!(*lines.last().unwrap(), "  solved");
    }
    let o = run(&["grade", "--steps"], XY);
    assert_contains(&stdout(&o), "XY-wing (4.2): ");
}

#[test]
fn grade_steps_says_where_the_techniques_stop() {
    // The first of bench9's forum_hardest_1905_11+ (SE 11+): the techniques stop short, and
    // the path says the next move is a guess.
    let hard =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6\n";
    let o = run(&["grade", "--steps"], hard);
    let text = stdout(&o);
    assert!(text.contains(" guessing "), "{text}");
    assert_eq!(
        text.lines().last(),
        Some("  stuck: no technique applies, the next move is a guess")
    );
}
