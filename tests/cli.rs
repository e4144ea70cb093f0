//! The `sudoku-lab` binary's commands as a user runs them: puzzles with no, many or too costly
//! solutions, every engine, count, check, --output, stdin and files, and usage. (Corpora, bad
//! input and batches have files of their own: `cli_corpora.rs`, `cli_bad_input.rs`,
//! `cli_batches.rs`.)

use std::io::Read;

mod common;

use sudoku_lab::formats::Format;
use sudoku_lab::EngineKind;

use common::cli::{
    assert_bad_input, assert_contains, assert_no_panic, check_nine, check_poj3074_answers, code,
    join, line_with, poj3074_puzzles, run, run_file, spawn, stderr, stdout, temp_path, unsolvable,
    EMPTY_81,
};
use common::{data, load};

// ---------------------------------------------------------------------------------------------
// Puzzles with no, many, or too costly solutions.

#[test]
fn an_unsolvable_puzzle_is_named_and_the_others_are_still_solved() {
    let first = load("poj3074/sample.in")
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let input = format!("{first}\n{}\n{first}\nend\n", unsolvable());
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o).trim(),
        "sudoku-lab: puzzle 2 (line 2): no solution"
    );
    assert_eq!(stdout(&o).lines().count(), 2);
    check_poj3074_answers(&format!("{first}\n{first}\nend\n"), &stdout(&o));
}

#[test]
fn a_puzzle_with_many_solutions_gets_its_first_and_a_warning() {
    let o = run(&["solve", "--format", "line"], EMPTY_81.as_bytes());
    assert_eq!(code(&o), 0);
    assert_contains(
        &stderr(&o),
        "puzzle 1 (line 1): more than one solution; wrote the first",
    );
    check_poj3074_answers(&format!("{EMPTY_81}\nend\n"), &stdout(&o));
}

#[test]
fn every_warning_of_a_long_batch_reaches_stderr_in_order_before_the_summary() {
    // More warnings than the CLI gathers before writing them, a bad puzzle among them.
    let mut lines = vec![EMPTY_81.to_string(); 3000];
    lines[1500] = line_with("55");
    let o = run(
        &["solve", "--stats", "--threads", "2"],
        join(&lines).as_bytes(),
    );
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    let mut expected: Vec<String> = (1..=3000)
        .map(|k| match k {
            1501 => "sudoku-lab: <stdin>:1501:2: puzzle 1501: r1c1 and r1c2 are both 5 in row 1"
                .to_string(),
            k => format!(
                "sudoku-lab: puzzle {k} (line {k}): more than one solution; wrote the first"
            ),
        })
        .collect();
    expected.push("sudoku-lab: stats: 3000 puzzles: 2999 multiple, 1 invalid".to_string());
    let got: Vec<&str> = err.lines().take(expected.len()).collect();
    assert_eq!(got, expected);
    assert_eq!(stdout(&o).lines().count(), 2999);
}

#[test]
fn the_node_limit_gives_up_with_exit_1() {
    // Puzzle 11 of top95 needs about a hundred nodes; the empty grid has many solutions, so
    // no search can settle it in one node.
    let hard = load("poj3074/norvig_top95.in")
        .lines()
        .nth(10)
        .unwrap_or_default()
        .to_string();
    for puzzle in [hard.as_str(), EMPTY_81] {
        let o = run(
            &["solve", "--node-limit", "1", "--format", "poj3074"],
            puzzle.as_bytes(),
        );
        assert_eq!(code(&o), 1, "{puzzle}");
        assert_contains(
            &stderr(&o),
            "puzzle 1 (line 1): gave up after 1 node (raise --node-limit)",
        );
        assert_eq!(stdout(&o), "");
    }
}

// ---------------------------------------------------------------------------------------------
// --engine: every engine answers alike; dlx refuses relations where they are.

#[test]
fn every_engine_writes_the_judge_answers_of_the_poj3074_sample() {
    let expected = load("poj3074/sample.out");
    let input = data("poj3074/sample.in");
    for engine in ["propagate", "dlx", "naive", "logic"] {
        let o = run_file(&["solve", "--engine", engine], &input);
        assert_eq!(code(&o), 0, "{engine}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{engine}");
        let o = run_file(&["count", "--engine", engine], &input);
        assert_eq!(code(&o), 0, "{engine}: {}", stderr(&o));
        assert!(
            stdout(&o).lines().all(|l| l == "1"),
            "{engine}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn dlx_and_logic_on_top95_and_naive_on_easy50_pass_the_independent_checker() {
    for (engine, corpus) in [
        ("dlx", "norvig_top95"),
        ("naive", "norvig_easy50"),
        ("logic", "norvig_top95"),
    ] {
        let input = load(&format!("poj3074/{corpus}.in"));
        let o = run(
            &["solve", "--engine", engine, "--format", "poj3074"],
            input.as_bytes(),
        );
        assert_eq!(code(&o), 0, "{engine} on {corpus}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            load(&format!("poj3074/{corpus}.out")),
            "{engine}"
        );
        check_poj3074_answers(&input, &stdout(&o));
    }
}

#[test]
fn naive_solves_the_cqoi_samples() {
    for sample in ["sample1", "sample2"] {
        let o = run_file(
            &["solve", "--engine", "naive"],
            &data(&format!("cqoi2013/{sample}.in")),
        );
        assert_eq!(code(&o), 0, "{sample}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            load(&format!("cqoi2013/{sample}.out")),
            "{sample}"
        );
    }
}

#[test]
fn dlx_refuses_an_inequality_puzzle_at_its_position() {
    let input = load("cqoi2013/sample1.in");
    for (command, answers) in [("solve", ""), ("count", "invalid\n")] {
        let o = run(&[command, "--engine", "dlx"], input.as_bytes());
        let pos = assert_bad_input(
            &o,
            "puzzle 1: the dlx engine solves classic puzzles only, not inequality ones",
        );
        assert_eq!(pos, (1, 1), "{command}");
        assert_eq!(stdout(&o), answers, "{command}");
    }
    // The classic puzzles before it are answered first.
    let first = load("poj3074/sample.in")
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let json = r#"{"size":4,"kind":"inequality","givens":"................","relations":[["r1c1","<","r1c2"]]}"#;
    let input = format!(
        "{}
{json}
",
        sudoku_lab_json(&first)
    );
    let o = run(
        &["solve", "--engine", "dlx", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(
        assert_bad_input(&o, "the dlx engine solves classic puzzles only"),
        (2, 1)
    );
    // The classic puzzle's answer, then the refused puzzle's object.
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(
        (&lines[1]["puzzle"], &lines[1]["status"]),
        (&serde_json::json!(2), &serde_json::json!("invalid"))
    );
}

/// A classic 9×9 puzzle line as a JSON puzzle.
fn sudoku_lab_json(line: &str) -> String {
    format!(r#"{{"size":9,"kind":"classic","givens":"{line}"}}"#)
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    for command in ["solve", "count", "trace"] {
        let o = run(&[command, "--engine", "sat"], EMPTY_81.as_bytes());
        assert_eq!(code(&o), 2, "{command}");
        assert_eq!(
            stderr(&o),
            format!(
                "sudoku-lab: --engine 'sat' is not an engine (choose propagate, dlx, naive, logic) \
                 (see 'sudoku-lab {command} --help')\n"
            )
        );
    }
}

// ---------------------------------------------------------------------------------------------
// count, check, --output, stdin and files.

#[test]
fn count_reports_every_solution_up_to_the_limit() {
    let empty_4 = "................\n".as_bytes();
    let o = run(&["count", "--format", "line"], empty_4);
    assert_eq!((code(&o), stdout(&o)), (0, "288\n".to_string()));
    let o = run(&["count", "--limit", "10"], EMPTY_81.as_bytes());
    assert_eq!(
        (code(&o), stdout(&o)),
        (0, "10 (solution limit reached)\n".to_string())
    );
    let input = format!(
        "{}\n{}\n",
        unsolvable(),
        load("poj3074/sample.in").lines().next().unwrap_or_default()
    );
    let o = run(&["count", "--format", "line"], input.as_bytes());
    assert_eq!((code(&o), stdout(&o)), (0, "0\n1\n".to_string()));
    let o = run(&["count", "--node-limit", "2"], empty_4);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).ends_with(" (node limit reached)\n"),
        "{}",
        stdout(&o)
    );
    // The same as JSON, one object a puzzle, a bad puzzle's in its place.
    let input = format!("{}\nbad\n{}\n", unsolvable(), EMPTY_81);
    let o = run(
        &[
            "count", "--format", "line", "--limit", "10", "--output", "json",
        ],
        input.as_bytes(),
    );
    assert_eq!(code(&o), 2, "a bad puzzle: {}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"puzzle\":1,\"solutions\":0}\n{\"puzzle\":2,\"status\":\"invalid\"}\n\
         {\"puzzle\":3,\"solutions\":10,\"stopped_by\":\"solution_limit\"}\n"
    );
    let o = run(&["count", "--node-limit", "2", "--output", "json"], empty_4);
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(line["stopped_by"], "node_limit", "{line}");
    assert!(line["solutions"].is_u64(), "{line}");
}

#[test]
fn check_accepts_good_answers_and_rejects_tampered_ones() {
    let puzzles = data("poj3074/norvig_easy50.in");
    let solved = run_file(&["solve"], &puzzles);
    assert_eq!(code(&solved), 0);
    let good = temp_path("good.out");
    std::fs::write(&good, &solved.stdout).expect("temp file");
    let p = puzzles.to_string_lossy().to_string();
    let o = run(&["check", &p, &good.to_string_lossy()], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).ends_with("50 of 50 answers are correct\n"));

    // Swap the first two digits of answer 3: its row stays whole, its columns do not.
    let mut text = stdout(&solved);
    let at = text.match_indices('\n').nth(1).map_or(0, |(i, _)| i + 1);
    let (a, b) = (text.as_bytes()[at] as char, text.as_bytes()[at + 1] as char);
    text.replace_range(at..at + 2, &format!("{b}{a}"));
    let bad = temp_path("bad.out");
    std::fs::write(&bad, &text).expect("temp file");
    let o = run(&["check", &p, &bad.to_string_lossy()], b"");
    assert_eq!(code(&o), 1);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines[0], "puzzle 1: ok");
    assert!(
        lines[2].starts_with("puzzle 3: ") && lines[2] != "puzzle 3: ok",
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("49 of 50 answers are correct")
    );

    // Fewer answers than puzzles: the puzzles left over have none.
    let short = temp_path("short.out");
    std::fs::write(&short, text.lines().take(3).collect::<Vec<_>>().join("\n")).expect("temp file");
    let o = run(&["check", &p, &short.to_string_lossy()], b"");
    assert_eq!(code(&o), 1);
    assert_contains(&stderr(&o), "3 answers for 50 puzzles");
    assert_contains(
        &stdout(&o),
        "puzzle 50: no answer (the answers have run out)\n\
         2 of 3 answers are correct; 47 puzzles have no answer\n",
    );

    // The answers may come from stdin.
    let o = run(&["check", &p, "-"], &solved.stdout);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for f in [good, bad, short] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn check_reads_cqoi_and_poj3076_answers() {
    for input in [
        "cqoi2013/sample2_garbled_line_breaks.in",
        "poj3076/multi_case_all.in",
    ] {
        let path = data(input);
        let solved = run_file(&["solve"], &path);
        let answers = temp_path("answers.out");
        std::fs::write(&answers, &solved.stdout).expect("temp file");
        let o = run(
            &["check", &path.to_string_lossy(), &answers.to_string_lossy()],
            b"",
        );
        let _ = std::fs::remove_file(&answers);
        assert_eq!(code(&o), 0, "{input}: {}{}", stdout(&o), stderr(&o));
    }
}

#[test]
fn json_output_has_one_object_per_puzzle_with_status_solutions_and_stats() {
    let input = format!(
        "{}\n{}\n{}\n",
        load("poj3074/sample.in").lines().next().unwrap_or_default(),
        unsolvable(),
        EMPTY_81
    );
    let o = run(
        &["solve", "--format", "line", "--output", "json"],
        input.as_bytes(),
    );
    assert_eq!(code(&o), 1, "the second puzzle has no solution");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    let statuses: Vec<&str> = lines
        .iter()
        .map(|v| v["status"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(statuses, ["unique", "unsolvable", "multiple"]);
    assert_eq!(lines[0]["puzzle"], 1);
    assert!(lines[1]["solution"].is_null());
    assert_eq!(lines[2]["solutions"].as_array().map(Vec::len), Some(2));
    assert!(lines[0]["stats"]["nodes"].as_u64().is_some_and(|n| n >= 1));
    assert!(lines[0]["stats"]["placements"]["given"]
        .as_u64()
        .is_some_and(|n| n > 0));
    let puzzles: Vec<Vec<u8>> = poj3074_puzzles(&input);
    for (k, v) in [(0, &lines[0]), (2, &lines[2])] {
        let answer: Vec<u8> = v["solution"]
            .as_str()
            .unwrap_or("")
            .bytes()
            .map(|b| b - b'0')
            .collect();
        assert_eq!(check_nine(&puzzles[k], &answer), Ok(()));
    }
}

#[test]
fn stdin_a_file_and_a_dash_give_the_same_answers() {
    let path = data("poj3074/norvig_hardest.in");
    let p = path.to_string_lossy().to_string();
    let from_stdin = run_file(&["solve"], &path);
    let from_file = run(&["solve", &p], b"");
    let from_dash = run_file(&["solve", "-"], &path);
    assert_eq!(code(&from_stdin), 0);
    assert_eq!(from_stdin.stdout, from_file.stdout);
    assert_eq!(from_stdin.stdout, from_dash.stdout);
    check_poj3074_answers(&load("poj3074/norvig_hardest.in"), &stdout(&from_file));
}

#[test]
fn output_can_change_the_format() {
    let path = data("poj3076/sample.in");
    let o = run_file(&["solve", "--output", "line"], &path);
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o).trim().len(), 256);
    let o = run_file(&["solve", "--output", "poj3074"], &path);
    assert_bad_input(&o, "poj3074 answers are 9×9");
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    let o = run_file(&["solve", "--stats"], &data("poj3074/norvig_hardest.in"));
    assert_eq!(code(&o), 0);
    let err = stderr(&o);
    for part in [
        "11 puzzles: 11 unique",
        "nodes",
        "guesses",
        "eliminations",
        "peer",
        "µs per puzzle",
    ] {
        assert_contains(&err, part);
    }
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = spawn(&[
        "solve",
        &data("poj3074/royle_sudoku17_first1000.in").to_string_lossy(),
    ]);
    let mut first = [0u8; 82];
    child
        .stdout
        .as_mut()
        .expect("piped")
        .read_exact(&mut first)
        .expect("one answer");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("the binary finishes");
    assert_no_panic(&o);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

// ---------------------------------------------------------------------------------------------
// Usage.

#[test]
fn every_command_has_help() {
    for args in [
        &["--help"][..],
        &["help"],
        &["help", "solve"],
        &["solve", "--help"],
        &["count", "--help"],
        &["check", "-h"],
        &["trace", "--help"],
        &["compare", "-h"],
        &["help", "trace"],
        &["formats", "--help"],
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 0, "{args:?}");
        assert!(stdout(&o).contains("Usage"), "{args:?}: {}", stdout(&o));
    }
    let o = run(&["--version"], b"");
    assert_eq!(
        stdout(&o),
        format!("sudoku-lab {}\n", env!("CARGO_PKG_VERSION"))
    );
    let o = run(&["formats"], b"");
    assert_eq!(stdout(&o).lines().count(), Format::ALL.len());
}

#[test]
fn every_help_names_every_format_the_reader_knows() {
    // Each help lists the formats from `Format::ALL` (clap's possible values, "- NAME: what"
    // under --format): this holds every command that reads puzzles to it.
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    for command in [
        "solve", "count", "check", "trace", "compare", "hint", "grade",
    ] {
        let help = stdout(&run(&[command, "--help"], b""));
        let listed: Vec<&str> = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("--format <F>"))
            .skip(1)
            .take_while(|l| l.trim().is_empty() || l.starts_with("        "))
            .filter_map(|l| l.trim().strip_prefix("- "))
            .filter_map(|l| l.split(':').next())
            .filter(|w| *w != "auto")
            .collect();
        assert_eq!(listed, names, "{command}: {help}");
    }
}

#[test]
fn a_misspelt_command_or_option_gets_a_suggestion() {
    let o = run(&["count", "--limt", "3"], b"");
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "sudoku-lab: unknown option '--limt' for 'count': did you mean '--limit'? \
         (see 'sudoku-lab count --help')\n"
    );
    let o = run(&["grade", "--step"], b"");
    assert_contains(&stderr(&o), "did you mean '--steps'?");
    let o = run(&["slove"], b"");
    assert_contains(
        &stderr(&o),
        "unknown command 'slove': did you mean 'solve'?",
    );
    // Nothing near: no suggestion, the usual line.
    let o = run(&["count", "--zzzzzz"], b"");
    assert!(!stderr(&o).contains("did you mean"), "{}", stderr(&o));
}

#[test]
fn completions_cover_every_command_option_and_choice() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell], b"");
        assert_eq!(code(&o), 0, "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for word in [
            "solve",
            "count",
            "check",
            "trace",
            "compare",
            "grade",
            "hint",
            "generate",
            "bench",
            "formats",
            "--engine",
            "--node-limit",
            "--steps",
            "--markers",
        ] {
            // fish writes an option as `-l engine`.
            let bare = word.trim_start_matches('-');
            assert!(script.contains(bare), "{shell}: no {word}");
        }
        // The choices come from the library's lists (elvish's and powershell's scripts
        // complete option names only).
        if ["elvish", "powershell"].contains(&shell) {
            continue;
        }
        for engine in EngineKind::ALL {
            assert!(script.contains(engine.name()), "{shell}: no {engine}");
        }
        for format in Format::ALL {
            assert!(script.contains(format.name()), "{shell}: no {format}");
        }
    }
    let o = run(&["completions", "tcsh"], b"");
    assert_eq!(code(&o), 2);
    assert_contains(
        &stderr(&o),
        "'tcsh' is not a choice (choose bash, elvish, fish, powershell, zsh)",
    );
}

#[test]
fn unknown_commands_and_options_are_one_line_usage_errors() {
    for args in [
        &["sovle"][..],
        &["solve", "--frist"],
        &["solve", "--format", "png"],
        &["solve", "--node-limit", "0"],
        &["count", "--limit", "many"],
        &["check", "only-one-file"],
        &["solve", "a", "b"],
        &["trace", "--level", "all"],
        &["trace", "--puzzle", "0"],
        &["compare", "--engine", "dlx"],
        &["compare", "a", "b"],
        &[],
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 2, "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("--help"), "{args:?}: {err}");
    }
}

#[test]
fn names_given_on_the_command_line_reach_stderr_escaped() {
    let o = run(&["solve", "--format", "li\u{1b}[2Jne"], b"");
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), r"--format 'li\u{1b}[2Jne' is not a format");
    let o = run(
        &["solve", "--kind", "\u{202e}classic", "--alphabet", "x"],
        b"",
    );
    assert_contains(&stderr(&o), r"--kind '\u{202e}classic' is not a kind");
    let o = run(&["so\u{1b}lve"], b"");
    assert_eq!(
        stderr(&o),
        "sudoku-lab: unknown command 'so\\u{1b}lve': did you mean 'solve'? (commands: solve, count, check, trace, \
         compare, grade, hint, generate, bench, formats, completions, help) (see 'sudoku-lab --help')\n"
    );
}

#[test]
fn a_missing_file_is_named() {
    let o = run(&["solve", "/nonexistent/puzzles.txt"], b"");
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "/nonexistent/puzzles.txt: cannot open");
}

#[test]
fn bench_times_each_file_and_counts_its_solutions() {
    let file = data("poj3074/sample.in");
    let args = [
        "bench", "--output", "json", "--runs", "1", "--format", "poj3074",
    ];
    let o = run(&[&args[..], &[file.to_str().unwrap()]].concat(), b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(line["puzzles"], 2);
    assert_eq!(line["solutions"], 2, "each sample puzzle is unique");
    let median = line["micros_per_puzzle"].as_f64().unwrap();
    let fastest = line["fastest_micros_per_puzzle"].as_f64().unwrap();
    assert!(0.0 < fastest && fastest <= median, "{fastest} {median}");
    let o = run(&["bench"], b"");
    assert_eq!(code(&o), 2, "a file is needed");
}
