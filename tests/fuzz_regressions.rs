//! What the fuzz targets (`fuzz/`, see the README's "Fuzzing") found, replayed through the
//! public API. Each test names its target and the minimized input saved in
//! `fuzz/regressions/<target>/`; structured inputs are restated here as the puzzle and options
//! the fuzz crate decodes them into.

mod common;

use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::{solve_fast, solve_with, EngineKind, Options, Outcome, Puzzle, Status};

fn options(solution_limit: u64, node_limit: u64) -> Options {
    Options {
        solution_limit,
        node_limit,
        strategy: None,
    }
}

/// Every error message `format` gives on `text`, among the first few entries.
fn messages(text: &str, format: Format) -> Vec<String> {
    formats::read(text, format, ReadOptions::default())
        .take(8)
        .filter_map(|e| e.err())
        .map(|e| e.message)
        .collect()
}

/// fuzz/regressions/formats/control-character-in-cqoi: a CQOI stream with a U+0011 where a
/// relation symbol belongs; the same in a 9×9 line that starts with an ESC. The messages show
/// the character raw; input text in a message must be escaped (`\u{11}`), as the design says,
/// so a terminal or a log shows it safely.
#[test]
fn a_control_character_in_the_input_is_escaped_in_the_message() {
    let cqoi = include_str!("../fuzz/regressions/formats/control-character-in-cqoi");
    let line = format!("\u{1b}{}\n", ".".repeat(80));
    for (text, format) in [(line.as_str(), Format::Line), (cqoi, Format::Cqoi)] {
        let found = messages(text, format);
        assert!(!found.is_empty(), "{format}: the input is bad");
        for message in found {
            assert!(
                !message.chars().any(char::is_control),
                "{format}: a raw control character in {message:?}"
            );
        }
    }
}

fn fast_and_general(puzzle: &Puzzle, options: Options) -> (Outcome, Outcome) {
    let fast = solve_fast(puzzle, options).expect("a fast-path shape");
    let general = solve_with(EngineKind::Propagate, puzzle, options).expect("a valid puzzle");
    for s in fast.solutions.iter().chain(&general.solutions) {
        common::assert_solves(puzzle, s, "fuzz regression");
    }
    (fast, general)
}

/// fuzz/regressions/differential/solution-limit-zero (the empty input): an empty 9×9 grid
/// with a solution limit of 0. Engines take 0 as 1 and say `solved`; the fast paths say
/// `unique` after one solution, which nothing proved.
#[test]
fn a_solution_limit_of_zero_means_the_same_on_the_fast_paths() {
    for size in [9, 16] {
        let puzzle = common::classic_puzzle(size, vec![0; size * size]);
        let (fast, general) = fast_and_general(&puzzle, options(0, Options::DEFAULT_NODE_LIMIT));
        assert_eq!(general.status, Status::Solved, "{size}×{size}");
        assert_eq!(
            (fast.status, fast.stats.solutions),
            (general.status, general.stats.solutions),
            "{size}×{size}"
        );
    }
}

/// The contract of the differential target: a fast path that does not say `limit` has an
/// exact count, so with the same solution limit it says what `propagate` says when that
/// finishes within a generous node limit. Returns the fast path's status.
fn assert_fast_path_exact(puzzle: &Puzzle, solution_limit: u64, fast_node_limit: u64) -> Status {
    let fast = solve_fast(puzzle, options(solution_limit, fast_node_limit)).unwrap();
    let general = solve_with(
        EngineKind::Propagate,
        puzzle,
        options(solution_limit, 100_000),
    )
    .expect("a valid puzzle");
    for s in fast.solutions.iter().chain(&general.solutions) {
        common::assert_solves(puzzle, s, "fuzz regression");
    }
    assert_ne!(general.status, Status::LimitReached);
    if fast.status != Status::LimitReached {
        assert_eq!(
            (fast.status, fast.stats.solutions),
            (general.status, general.stats.solutions),
            "fast path with node limit {fast_node_limit}, solution limit {solution_limit}"
        );
    }
    fast.status
}

/// fuzz/regressions/differential/multiple-at-node-limit: this inequality puzzle (no givens,
/// 74 relations) has at least 4 solutions. With a node limit of 899 and a solution limit of 4
/// the 9×9 fast path stopped at its node limit after 2 solutions and said `multiple` with a
/// count of 2, which reads as exact; `propagate` counts 4. (Since the fast path branches on
/// the cell with the most open peers it finds all 4 in 632 nodes; at 300 it has 2.) The empty grids show the same with
/// a node limit of 100 and a solution limit of 1000 (9×9 and 16×16 alike).
#[test]
fn a_fast_path_stopped_by_its_node_limit_says_limit() {
    let picture = "9 inequality
. < . | . | . | . | . | . | . | .
v   v   v   v   ^   ^   v   ^   -
. | . < . > . < . < . > . | . | .
^   -   -   -   -   -   ^   v   -
. < . < . < . > . > . < . > . < .
-   -   -   -   -   ^   -   -   ^
. | . | . < . | . | . | . | . | .
v   v   v   ^   ^   v   ^   -   v
. < . > . < . < . > . < . < . > .
-   -   -   -   -   -   -   -   ^
. | . | . | . | . | . | . | . | .
^   v   ^   ^   ^   v   v   ^   -
. > . < . < . > . < . > . < . > .
-   -   -   -   -   -   -   -   -
. > . > . | . | . | . | . | . | .
-   ^   ^   v   ^   v   v   ^   -
. > . | . | . < . > . | . < . | .
";
    let entry = formats::read(picture, Format::Picture, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(entry.puzzle.relations().len(), 74);
    // Each of these stops at its node limit after two solutions or more: a limit, not a
    // count.
    assert_eq!(
        assert_fast_path_exact(&entry.puzzle, 4, 300),
        Status::LimitReached
    );
    for size in [9, 16] {
        let empty = common::classic_puzzle(size, vec![0; size * size]);
        assert_eq!(
            assert_fast_path_exact(&empty, 1000, 100),
            Status::LimitReached,
            "{size}×{size}"
        );
    }
}

/// fuzz/regressions/formats/two-relations-on-one-pair: a JSON puzzle relating r1c1 and r2c1
/// both ways (a cycle, which validation reports). The picture and CQOI writers draw one
/// symbol per pair and wrote one of the two, so the text read back as another puzzle; they
/// now refuse it, and JSON, which lists relations, keeps both.
#[test]
fn a_puzzle_with_two_relations_on_one_pair_is_not_written_as_a_picture() {
    let json = include_str!("../fuzz/regressions/formats/two-relations-on-one-pair");
    let entry = formats::read(json, Format::Json, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(entry.puzzle.relations().len(), 2);
    assert!(entry.puzzle.validate().is_err(), "a cycle of two");
    for format in [Format::Picture, Format::Cqoi] {
        let mut out = String::new();
        let e = formats::Writer::new(format)
            .puzzle(&mut out, &entry.puzzle, entry.alphabet)
            .unwrap_err();
        if format == Format::Picture {
            assert_eq!(
                e.message,
                "r1c1 and r2c1 have two relations (r1c1 > r2c1 and r1c1 < r2c1); picture draws \
                 one symbol between two cells"
            );
        }
    }
    let mut out = String::new();
    formats::Writer::new(Format::Json)
        .puzzle(&mut out, &entry.puzzle, entry.alphabet)
        .unwrap();
    let back = formats::read(&out, Format::Json, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(back.puzzle, entry.puzzle);
}
