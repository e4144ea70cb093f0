//! Batches lose nothing: one bad puzzle among good ones costs only itself, in every format
//! and every command that reads many puzzles.

use std::process::Output;

mod common;

use common::cli::{
    assert_contains, code, line_with, run, sample_lines, stderr, stdout, temp_path, unsolvable,
};
use common::load;

/// A file of three puzzles whose second is bad, in one format.
struct Batch {
    name: &'static str,
    format: &'static str,
    /// The three puzzles.
    input: String,
    /// The same without the bad one.
    good: String,
    /// Where the diagnostic points, and a part of what it says.
    at: (u32, u32),
    says: &'static str,
}

impl Batch {
    /// The batch `first`, `bad`, `last`; its good part is the same without `bad`.
    fn new(
        name: &'static str,
        format: &'static str,
        [first, bad, last]: [String; 3],
        at: (u32, u32),
        says: &'static str,
    ) -> Batch {
        Batch {
            name,
            format,
            input: format!("{first}{bad}{last}"),
            good: format!("{first}{last}"),
            at,
            says,
        }
    }
}

/// A 9×9 line puzzle as nine rows.
fn grid_rows(line: &str) -> String {
    line.as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect()
}

/// A 4×4 Futoshiki picture with `first` as its top-left cell and `rel` after it.
fn picture(first: &str, rel: &str) -> String {
    format!(
        "4\n{first} {rel} . | . | .\n- - - v\n. | . | 4 | .\n- - - -\n. | 4 | . | .\n^ - - -\n\
         . | . | . | 4\n"
    )
}

fn batches() -> Vec<Batch> {
    let (a, b) = sample_lines();
    let x = format!("{}X{}", &b[..4], &b[5..]);
    let json = |line: &str| format!(r#"{{"size":9,"givens":"{line}"}}"#);
    // JSON Lines: `bad` between the objects of the two good puzzles.
    let json_lines = |bad: String| [format!("{}\n", json(&a)), bad, format!("{}\n", json(&b))];
    let cqoi1 = load("cqoi2013/sample1.in");
    let cqoi2 = load("cqoi2013/sample2.in");
    let blocks = load("poj3076/multi_case_all.in");
    let blocks: Vec<&str> = blocks.split("\n\n").map(str::trim_end).collect();
    let bad_block = blocks[1].replacen('-', "x", 1);
    let contradiction = r#"{"size":9,"givens":"9","relations":[["r1c1","<","r1c2"]]}"#
        .replace("\"9\"", &format!("\"9{}\"", ".".repeat(80)));
    vec![
        Batch::new(
            "a bad symbol in a line",
            "line",
            [format!("{a}\n"), format!("{x}\n"), format!("{b}\n")],
            (2, 5),
            "'X' is not a digit",
        ),
        Batch::new(
            "a bad symbol in a poj3074 line",
            "poj3074",
            [format!("{a}\n"), format!("{x}\n"), format!("{b}\nend\n")],
            (2, 5),
            "'X' is not a symbol of a POJ 3074 puzzle",
        ),
        Batch::new(
            "a short grid block",
            "grid",
            [
                format!("{}\n", grid_rows(&a)),
                format!("{}\n", lines_of(&grid_rows(&b), 8)),
                grid_rows(&b),
            ],
            (19, 1),
            "the puzzle ends after 8 rows; a 9×9 grid has 9",
        ),
        Batch::new(
            "a bad letter in a poj3076 grid",
            "poj3076",
            [
                format!("{}\n\n", blocks[0]),
                format!("{bad_block}\n\n"),
                format!("{}\n", blocks[2]),
            ],
            (18, 1),
            "'x' is not a digit",
        ),
        Batch::new(
            "a garbled cqoi puzzle",
            "cqoi",
            [cqoi1, cqoi2.replacen('^', "x", 1), cqoi2],
            (17, 5),
            "'x' is not a relation symbol",
        ),
        Batch::new(
            "a picture whose relation contradicts a given",
            "picture",
            [picture(".", "|"), picture("4", "<"), picture(".", "|")],
            (10, 1),
            "r1c1 is 4, but r1c1 < r1c2 needs at most 3 there",
        ),
        Batch::new(
            "a bad element in a JSON array",
            "json",
            [
                format!("[\n{},\n", json(&a)),
                "{\"size\":9,\"givens\":5},\n".to_string(),
                format!("{}\n]\n", json(&b)),
            ],
            (3, 20),
            "invalid type: integer `5`",
        ),
        Batch::new(
            "a bad line in JSON Lines",
            "json",
            json_lines("{\"size\":9,\"givens\":\"...\"\n".to_string()),
            (3, 1),
            "EOF while parsing an object",
        ),
        Batch::new(
            "a JSON relation contradicting a given",
            "json",
            json_lines(format!("{contradiction}\n")),
            (2, 1),
            "r1c1 is 9",
        ),
    ]
}

/// The first `n` lines of `text`.
fn lines_of(text: &str, n: usize) -> String {
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

/// The diagnostics on stderr (warnings about several solutions left out).
fn diagnostics(o: &Output) -> Vec<String> {
    stderr(o)
        .lines()
        .filter(|l| l.starts_with("sudoku-lab: <stdin>:"))
        .map(str::to_string)
        .collect()
}

/// Asserts the one diagnostic of a batch: its place, puzzle 2, and what it says.
fn assert_names_the_bad_puzzle(o: &Output, batch: &Batch, command: &str) {
    assert_eq!(code(o), 2, "{command}, {}: {}", batch.name, stderr(o));
    let found = diagnostics(o);
    let prefix = format!(
        "sudoku-lab: <stdin>:{}:{}: puzzle 2: ",
        batch.at.0, batch.at.1
    );
    assert!(
        found.len() == 1 && found[0].starts_with(&prefix) && found[0].contains(batch.says),
        "{command}, {}: expected {prefix}…{}…, got {found:?}",
        batch.name,
        batch.says
    );
}

#[test]
fn solve_answers_every_good_puzzle_around_a_bad_one_in_every_format() {
    for batch in batches() {
        for format in [batch.format, "auto"] {
            let o = run(&["solve", "--format", format], batch.input.as_bytes());
            assert_names_the_bad_puzzle(&o, &batch, "solve");
            let good = run(&["solve", "--format", batch.format], batch.good.as_bytes());
            assert_eq!(code(&good), 0, "{}: {}", batch.name, stderr(&good));
            if batch.format == "json" {
                // JSON answers name their puzzle and line, and the bad one has an object.
                let solutions = |o: &Output| -> Vec<serde_json::Value> {
                    stdout(o)
                        .lines()
                        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
                        .filter(|v| v["status"] != "invalid")
                        .map(|v| v["solution"].clone())
                        .collect()
                };
                assert_eq!(solutions(&o), solutions(&good), "{} ({format})", batch.name);
            } else {
                assert_eq!(stdout(&o), stdout(&good), "{} ({format})", batch.name);
            }
        }
    }
}

#[test]
fn count_gives_a_bad_puzzle_its_line_and_counts_the_others() {
    for batch in batches() {
        let o = run(&["count", "--format", batch.format], batch.input.as_bytes());
        assert_names_the_bad_puzzle(&o, &batch, "count");
        let good = run(&["count", "--format", batch.format], batch.good.as_bytes());
        let mut expected: Vec<String> = stdout(&good).lines().map(String::from).collect();
        expected.insert(1, "invalid".to_string());
        let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
        assert_eq!(lines, expected, "{}", batch.name);
    }
}

#[test]
fn solve_json_output_writes_one_object_for_a_bad_puzzle() {
    for batch in batches() {
        let o = run(
            &["solve", "--format", batch.format, "--output", "json"],
            batch.input.as_bytes(),
        );
        assert_names_the_bad_puzzle(&o, &batch, "solve --output json");
        let lines: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 3, "{}", batch.name);
        let numbers: Vec<u64> = lines.iter().filter_map(|v| v["puzzle"].as_u64()).collect();
        assert_eq!(numbers, [1, 2, 3], "{}", batch.name);
        let bad = &lines[1];
        assert_eq!(bad["status"], "invalid", "{}", batch.name);
        assert_eq!(
            (bad["line"].as_u64(), bad["column"].as_u64()),
            (Some(batch.at.0.into()), Some(batch.at.1.into())),
            "{}",
            batch.name
        );
        let error = bad["error"].as_str().unwrap_or_default();
        assert!(error.contains(batch.says), "{}: {error}", batch.name);
        assert!(lines[0]["solution"].is_string() || lines[0]["solution"].is_array());
    }
}

#[test]
fn check_reports_a_bad_puzzle_pairs_no_answer_with_it_and_checks_the_rest() {
    for batch in batches() {
        let puzzles = temp_path("batch.in");
        std::fs::write(&puzzles, &batch.input).expect("temp file");
        for output in [None, Some("json")] {
            let mut args = vec!["solve", "--format", batch.format];
            args.extend(output.map(|f| ["--output", f]).into_iter().flatten());
            let solved = run(&args, batch.input.as_bytes());
            let answers = temp_path("batch.out");
            std::fs::write(&answers, &solved.stdout).expect("temp file");
            let o = run(
                &[
                    "check",
                    "--format",
                    batch.format,
                    &puzzles.to_string_lossy(),
                    &answers.to_string_lossy(),
                ],
                b"",
            );
            let _ = std::fs::remove_file(&answers);
            let name = format!("{} ({output:?})", batch.name);
            assert_eq!(code(&o), 2, "{name}: {}{}", stdout(&o), stderr(&o));
            assert_eq!(
                stdout(&o),
                "puzzle 1: ok\npuzzle 2: invalid puzzle\npuzzle 3: ok\n\
                 2 of 2 answers are correct; 1 invalid puzzle not checked\n",
                "{name}"
            );
            let err = stderr(&o);
            let at = format!(":{}:{}: puzzle 2: ", batch.at.0, batch.at.1);
            assert!(
                err.lines().count() == 1 && err.contains(&at) && err.contains(batch.says),
                "{name}: {err}"
            );
            // The same verdicts as JSON, one object a puzzle, then the totals.
            std::fs::write(&answers, &solved.stdout).expect("temp file");
            let o = run(
                &[
                    "check",
                    "--format",
                    batch.format,
                    "--output",
                    "json",
                    &puzzles.to_string_lossy(),
                    &answers.to_string_lossy(),
                ],
                b"",
            );
            let _ = std::fs::remove_file(&answers);
            assert_eq!(code(&o), 2, "{name}: {}", stderr(&o));
            assert_eq!(
                stdout(&o),
                "{\"puzzle\":1,\"verdict\":\"ok\"}\n\
                 {\"puzzle\":2,\"verdict\":\"invalid_puzzle\",\"detail\":\"invalid puzzle\"}\n\
                 {\"puzzle\":3,\"verdict\":\"ok\"}\n\
                 {\"correct\":2,\"checked\":2,\"unanswered\":0,\"invalid\":1}\n",
                "{name}"
            );
        }
        let _ = std::fs::remove_file(&puzzles);
    }
}

#[test]
fn check_reads_past_an_unreadable_answer() {
    let (a, b) = sample_lines();
    let input = format!("{a}\n{b}\n{a}\nend\n");
    let solved = run(&["solve"], input.as_bytes());
    let mut answers: Vec<String> = stdout(&solved).lines().map(String::from).collect();
    answers[1].truncate(80);
    let puzzles = temp_path("unreadable.in");
    let bad = temp_path("unreadable.out");
    std::fs::write(&puzzles, &input).expect("temp file");
    std::fs::write(&bad, answers.join("\n") + "\n").expect("temp file");
    let o = run(
        &["check", &puzzles.to_string_lossy(), &bad.to_string_lossy()],
        b"",
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let name = bad.to_string_lossy();
    assert_eq!(
        stdout(&o),
        format!(
            "puzzle 1: ok\npuzzle 2: unreadable answer ({name}:2:81)\npuzzle 3: ok\n\
             2 of 3 answers are correct\n"
        )
    );
    assert_eq!(
        stderr(&o),
        format!(
            "sudoku-lab: {name}:2:81: answer 2: line 2 has 80 symbols; a POJ 3074 puzzle line \
             has 81\n"
        )
    );
    for f in [puzzles, bad] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn bad_input_wins_over_an_unsolvable_puzzle_once_everything_is_answered() {
    let (a, _) = sample_lines();
    let input = format!("{}\n{a}\n{}\n{a}\n", unsolvable(), line_with("77"));
    for command in ["solve", "count"] {
        let o = run(&[command, "--format", "line"], input.as_bytes());
        assert_eq!(code(&o), 2, "{command}: {}", stderr(&o));
        let err = stderr(&o);
        assert_contains(&err, "puzzle 3: r1c1 and r1c2 are both 7");
        if command == "solve" {
            assert_contains(&err, "puzzle 1 (line 1): no solution");
            assert_eq!(stdout(&o).lines().count(), 2, "puzzles 2 and 4 answered");
        } else {
            assert_eq!(stdout(&o), "0\n1\ninvalid\n1\n");
        }
    }
}

#[test]
fn bench_times_the_good_puzzles_and_names_the_bad() {
    let (a, b) = sample_lines();
    let file = temp_path("bench.in");
    std::fs::write(&file, format!("{a}\n{}\n{b}\n", line_with("11"))).expect("temp file");
    let o = run(
        &["bench", "--json", "--runs", "1", &file.to_string_lossy()],
        b"",
    );
    let _ = std::fs::remove_file(&file);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_contains(
        &stderr(&o),
        ":2:2: puzzle 2: r1c1 and r1c2 are both 1 in row 1",
    );
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!((&line["puzzles"], &line["invalid"]), (&2.into(), &1.into()));
}

#[test]
fn bench_times_every_file_it_can_read_around_one_it_cannot() {
    let (a, b) = sample_lines();
    let good = temp_path("good.in");
    std::fs::write(&good, format!("{a}\n{b}\n")).expect("temp file");
    let missing = temp_path("missing.in");
    let (good_name, missing_name) = (good.to_string_lossy(), missing.to_string_lossy());
    let o = run(
        &["bench", "--json", "--runs", "1", &missing_name, &good_name],
        b"",
    );
    let _ = std::fs::remove_file(&good);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_contains(&stderr(&o), "cannot open");
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(
        (&line["puzzles"], &line["file"]),
        (&2.into(), &good_name.into())
    );
}

#[test]
fn bench_refuses_more_puzzles_than_it_keeps() {
    // A million and one empty 3×3 Latin squares: 10 MB of text, 80 MB or so in memory.
    let file = temp_path("many.in");
    std::fs::write(&file, ".........\n".repeat(1_000_001)).expect("temp file");
    let o = run(&["bench", "--runs", "1", &file.to_string_lossy()], b"");
    let _ = std::fs::remove_file(&file);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_contains(
        &stderr(&o),
        "more than 1000000 puzzles; bench keeps them all in memory",
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn a_nul_and_an_esc_in_the_input_reach_stderr_escaped() {
    let (a, b) = sample_lines();
    let input = format!(
        "{a}\n{}\u{0}{}\n{}\u{1b}{}\n{b}\n",
        &b[..4],
        &b[5..],
        &b[..6],
        &b[7..]
    );
    let o = run(&["solve", "--format", "line"], input.as_bytes());
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(
        err.contains(r"<stdin>:2:5: puzzle 2: '\u{0}' is not a digit"),
        "{err}"
    );
    assert!(
        err.contains(r"<stdin>:3:7: puzzle 3: '\u{1b}' is not a digit"),
        "{err}"
    );
    assert!(!err.contains(['\u{0}', '\u{1b}']), "{err:?}");
    assert_eq!(stdout(&o).lines().count(), 2);
}
