//! The command line keeps what it prints and what its help promises, on the inputs a
//! careless or hostile user gives it: `check` pairs answers with the puzzles they answer when
//! `solve` wrote none for a puzzle; `generate --minimal` is minimal whatever the effort and
//! `--givens` holds for every kind; wrong paths say "cannot open"; a lone carriage return
//! ends a line; a marks file with one huge token is refused at its place, by its length,
//! without its digits being gathered; a long argument is quoted so it can be recognised.

mod common;

use common::cli::{assert_contains, code, run, stderr, stdout, temp_file};

/// Two unique 9×9 puzzles and, between them, one that validation passes but that has no
/// solution: r1c1 sees 1–4 in its row, 5–8 in its column and 9 in its block.
const SOLVABLE_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const UNSOLVABLE: &str =
    ".1234....59.......6........7........8............................................";
const SOLVABLE_2: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";

#[test]
fn check_pairs_each_answer_with_the_puzzle_it_answers_when_solve_skipped_one() {
    let puzzles = temp_file(
        "three.txt",
        &format!("{SOLVABLE_1}\n{UNSOLVABLE}\n{SOLVABLE_2}\n"),
    );
    let solved = run(&["solve", &puzzles], "");
    assert_eq!(code(&solved), 1, "{}", stderr(&solved));
    assert_eq!(
        stdout(&solved).lines().count(),
        2,
        "no answer for the unsolvable one"
    );
    let answers = temp_file("three.out", &stdout(&solved));
    let o = run(&["check", &puzzles, &answers], "");
    assert_eq!(
        stdout(&o),
        "puzzle 1: ok\npuzzle 2: no answer (the next answer fits puzzle 3)\npuzzle 3: ok\n\
         2 of 2 answers are correct; 1 puzzle has no answer\n"
    );
    assert_eq!(code(&o), 1, "a puzzle without an answer: {}", stderr(&o));

    // The unsolvable puzzle last: the answers run out, and it has none.
    let puzzles = temp_file(
        "last.txt",
        &format!("{SOLVABLE_1}\n{SOLVABLE_2}\n{UNSOLVABLE}\n"),
    );
    let solved = run(&["solve", &puzzles], "");
    let answers = temp_file("last.out", &stdout(&solved));
    let o = run(&["check", &puzzles, &answers], "");
    assert_eq!(
        stdout(&o),
        "puzzle 1: ok\npuzzle 2: ok\npuzzle 3: no answer (the answers have run out)\n\
         2 of 2 answers are correct; 1 puzzle has no answer\n"
    );
    assert_eq!(code(&o), 1);
    assert_contains(&stderr(&o), "2 answers for 3 puzzles");

    // A wrong answer to the right puzzle is still that puzzle's wrong answer.
    let puzzles = temp_file("two.txt", &format!("{SOLVABLE_1}\n{SOLVABLE_2}\n"));
    let solved = stdout(&run(&["solve", &puzzles], ""));
    let mut first: Vec<u8> = solved.lines().next().unwrap().bytes().collect();
    first.swap(1, 2);
    let wrong = format!(
        "{}\n{}\n",
        String::from_utf8(first).unwrap(),
        solved.lines().nth(1).unwrap()
    );
    let o = run(&["check", &puzzles, &temp_file("two.out", &wrong)], "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("puzzle 1: ") && lines[0] != "puzzle 1: ok",
        "{out}"
    );
    assert_eq!(lines[1], "puzzle 2: ok", "{out}");
    assert_eq!(code(&o), 1);
}

/// The givens of a line puzzle, and the puzzle without each of them in turn.
fn without_each_given(line: &str) -> Vec<String> {
    line.char_indices()
        .filter(|&(_, c)| c != '.')
        .map(|(i, _)| format!("{}.{}", &line[..i], &line[i + 1..]))
        .collect()
}

#[test]
fn generate_minimal_is_minimal_whatever_the_effort() {
    let o = run(
        &[
            "generate",
            "--minimal",
            "--effort",
            "1",
            "--size",
            "9",
            "--seed",
            "1",
            "--count",
            "30",
        ],
        "",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let puzzles: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(puzzles.len(), 30);
    // Every puzzle is unique, and none stays unique without any one of its givens.
    let counts = run(&["count", "--limit", "2", "--format", "line"], stdout(&o));
    assert_eq!(stdout(&counts), "1\n".repeat(30));
    let lesser: Vec<String> = puzzles.iter().flat_map(|p| without_each_given(p)).collect();
    let counts = run(
        &["count", "--limit", "2", "--format", "line"],
        lesser.join("\n"),
    );
    for (line, count) in lesser.iter().zip(stdout(&counts).lines()) {
        assert_eq!(
            count, "2 (solution limit reached)",
            "{line} is unique without a given"
        );
    }
    assert_eq!(stdout(&counts).lines().count(), lesser.len());
}

#[test]
fn generate_keeps_the_givens_range_for_inequality_puzzles() {
    for (range, low, high) in [("40-50", 40, 50), ("30-32", 30, 32)] {
        let o = run(
            &[
                "generate",
                "--kind",
                "inequality",
                "--givens",
                range,
                "--seed",
                "1",
                "--count",
                "3",
                "--output",
                "json",
            ],
            "",
        );
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        for line in stdout(&o).lines() {
            let model: serde_json::Value = serde_json::from_str(line).unwrap();
            let givens = model["givens"].as_str().unwrap();
            let n = givens.chars().filter(|&c| c != '.').count();
            assert!((low..=high).contains(&n), "{range}: {n} givens in {givens}");
        }
    }
}

#[test]
fn a_path_that_does_not_exist_cannot_be_opened_rather_than_read_as_text() {
    let puzzle = temp_file("one.txt", &format!("{SOLVABLE_1}\n"));
    for option in ["--entries", "--marks"] {
        // A path: a file or nothing.
        let o = run(&["hint", &puzzle, option, "/nonexistent/file"], "");
        assert_eq!(code(&o), 2);
        let err = stderr(&o);
        assert_contains(&err, "sudoku-lab: /nonexistent/file: cannot open");
        assert!(!err.contains("<argument>"), "{err}");
        // A word that reads like a file name: the missing file is said first.
        let o = run(&["hint", &puzzle, option, "entries.txt"], "");
        assert_eq!(code(&o), 2);
        assert_contains(
            &stderr(&o),
            "sudoku-lab: entries.txt: cannot open: no such file (and as text, <argument>:1:1: ",
        );
    }
    // Text typed as the value is still read as text.
    let o = run(&["hint", &puzzle, "--entries", SOLVABLE_1], "");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    let rows: Vec<&str> = (0..9).map(|r| &SOLVABLE_1[r * 9..r * 9 + 9]).collect();
    let grid = rows.join("\r") + "\r";
    let o = run(&["solve", "--format", "grid"], &grid);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let expected = run(&["solve", "--format", "grid"], rows.join("\n") + "\n");
    assert_eq!(stdout(&o), stdout(&expected));
    // Detected, and errors are placed by those lines.
    let o = run(&["solve"], grid.replacen('4', "x", 1));
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "<stdin>:1:1:");
    let o = run(&["solve"], format!("{SOLVABLE_1}\r{SOLVABLE_2}\r"));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2);
    let o = run(&["solve"], format!("{SOLVABLE_1}\r{}\r", &SOLVABLE_2[1..]));
    assert_contains(&stderr(&o), "<stdin>:2:");
    // JSON Lines too: the bad object is placed on its line, and the one after it is read.
    let good = format!(r#"{{"size":9,"givens":"{SOLVABLE_1}"}}"#);
    let bad = r#"{"size":9,"givens":"1"}"#;
    let o = run(
        &["solve", "--format", "json"],
        format!("{good}\r{bad}\r{good}\r"),
    );
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "<stdin>:2:");
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{}", stderr(&o));
    assert_contains(&lines[1], r#""status":"invalid""#);
    assert_contains(&lines[2], r#""status":"unique""#);
    // And a byte that is not UTF-8.
    let o = run(&["solve"], b"123\r45\xff6\n");
    assert_contains(&stderr(&o), "<stdin>:2:3: the input is not UTF-8 text");
}

#[test]
fn a_marks_file_with_one_huge_token_is_refused_where_it_starts() {
    let puzzle = temp_file("marks-puzzle.txt", &format!("{SOLVABLE_1}\n"));
    let marks = temp_file("huge.marks", &format!("12 {}\n", "1".repeat(16 << 20)));
    let o = run(&["hint", &puzzle, "--marks", &marks], "");
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_contains(&err, "huge.marks:1:4:");
    assert_contains(&err, "a set of marks has at most 9");
}

#[test]
fn a_long_argument_is_quoted_so_that_it_can_be_recognised() {
    let long = format!("/tmp/{}/puzzles-of-the-week-{}.txt", "a".repeat(40), 49);
    let o = run(&["solve", "first.txt", &long], "");
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_contains(&err, "'/tmp/aaaaaaaaaaaaaaaaaaaaaaaa…");
    assert_contains(&err, "puzzles-of-the-week-49.txt'");
    let o = run(&["solve", "first.txt", "second.txt"], "");
    assert_contains(&stderr(&o), "'second.txt'");
}
