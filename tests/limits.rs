//! Limits mean the same on every path: the fast paths (9×9 classic and inequality, 16×16
//! and 25×25 classic) and every engine, stopped by node and solution limits of every size, each
//! say `limit` exactly when a limit stopped them, and otherwise give the exact status and
//! count — the one a search without a node limit gives. Every solution is verified
//! independently.

mod common;

use common::cli;
use sudoku_lab::formats::Format;
use sudoku_lab::{
    solve_fast, Engine, EngineKind, Options, Outcome, Puzzle, Search, Silent, Status,
};

/// The node limits tried: the smallest, ones that stop a search among its first solutions,
/// and ones that let most searches finish.
const NODE_LIMITS: [u64; 9] = [1, 2, 5, 20, 100, 321, 1_000, 5_000, 50_000];
/// The solution limits tried (0 acts as 1).
const SOLUTION_LIMITS: [u64; 6] = [0, 1, 2, 4, 30, 1_000];

fn options(solution_limit: u64, node_limit: u64) -> Options {
    Options {
        solution_limit,
        node_limit,
        ..Options::default()
    }
}

fn engine(kind: EngineKind, puzzle: &Puzzle, options: Options) -> Outcome {
    let mut engine = Engine::new(kind, puzzle, options, Silent).expect("the engine applies");
    engine.run();
    engine.outcome()
}

/// Puzzles with no solution, one, a few and very many: the empty grids, the CQOI-derived
/// puzzles with several solutions (inequality, and the same givens as classic), hard
/// classic ones, and 16×16 and 25×25 ones.
fn puzzles() -> Vec<(String, Puzzle)> {
    let mut all = vec![
        (
            "empty 9×9".to_string(),
            common::classic_puzzle(9, vec![0; 81]),
        ),
        (
            "empty 16×16".to_string(),
            common::classic_puzzle(16, vec![0; 256]),
        ),
    ];
    // A generated 25×25 puzzle less its seventh given: 7 solutions.
    let puzzle = common::fixture("classic25-generated-seed11.txt").remove(0);
    let mut givens = puzzle.givens().to_vec();
    let seventh = (0..625).filter(|&c| givens[c] != 0).nth(6).unwrap();
    givens[seventh] = 0;
    all.push((
        "25×25 less a given".to_string(),
        common::classic_puzzle(25, givens),
    ));
    let mut no_solution = vec![0; 81];
    // Row 1 and column 9 leave r1c9 nothing: 1-8 in row 1 and 9 in column 9.
    no_solution[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    no_solution[9 * 4 + 8] = 9;
    all.push((
        "no solution".to_string(),
        common::classic_puzzle(9, no_solution),
    ));
    for n in ["0001", "0003", "0006", "0013"] {
        let path = format!("cqoi2013/derived/multi/royle17sol_{n}_MULTI.in");
        let puzzle = common::puzzles(&path, Format::Cqoi).remove(0);
        all.push((path, puzzle));
    }
    for (path, format, take) in [
        ("poj3074/norvig_top95.in", Format::Poj3074, 3),
        ("bench9/puzzles2_17_clue", Format::Line, 2),
        ("sixteen/public_120_AP.txt", Format::Line, 2),
    ] {
        for (i, p) in common::puzzles(path, format)
            .into_iter()
            .take(take)
            .enumerate()
        {
            all.push((format!("{path} #{}", i + 1), p));
        }
    }
    all
}

/// The exact answer to "how many solutions, up to `solution_limit`": a search whose node
/// limit never stops it.
fn exact(puzzle: &Puzzle, solution_limit: u64) -> Outcome {
    let outcome = engine(
        EngineKind::Propagate,
        puzzle,
        options(solution_limit, Options::DEFAULT_NODE_LIMIT),
    );
    assert_ne!(
        outcome.status,
        Status::LimitReached,
        "the reference finishes"
    );
    outcome
}

/// `got` is honest about its limits: `limit` only when its work reached the node limit;
/// otherwise the exact status and count.
fn honest(got: &Outcome, exact: &Outcome, node_limit: u64, puzzle: &Puzzle, what: &str) {
    for s in &got.solutions {
        common::assert_solves(puzzle, s, what);
    }
    if got.solutions.len() == 2 {
        assert_ne!(got.solutions[0], got.solutions[1], "{what}");
    }
    assert_eq!(
        got.solutions.len() as u64,
        got.stats.solutions.min(2),
        "{what}: the first two solutions are kept"
    );
    if got.status == Status::LimitReached {
        assert!(
            got.stats.work() >= node_limit,
            "{what}: 'limit' after {} of {node_limit} nodes",
            got.stats.work()
        );
        return;
    }
    assert_eq!(got.status, exact.status, "{what}: status");
    assert_eq!(got.stats.solutions, exact.stats.solutions, "{what}: count");
    if got.status == Status::Unique {
        assert_eq!(got.solutions, exact.solutions, "{what}: the solution");
    }
}

#[test]
fn every_path_reports_a_limit_exactly_when_one_stopped_it() {
    let mut stopped = [0usize; 2];
    for (name, puzzle) in puzzles() {
        let fast_applies = solve_fast(&puzzle, Options::default()).is_some();
        for solution_limit in SOLUTION_LIMITS {
            let exact = exact(&puzzle, solution_limit);
            for node_limit in NODE_LIMITS {
                let opts = options(solution_limit, node_limit);
                let what = format!("{name}, {solution_limit} solutions, {node_limit} nodes");
                if let Some(fast) = solve_fast(&puzzle, opts) {
                    honest(&fast, &exact, node_limit, &puzzle, &format!("fast: {what}"));
                    stopped[usize::from(fast.status != Status::LimitReached)] += 1;
                }
                for kind in EngineKind::ALL {
                    // Plain DLX and naive search take millions of nodes on 16×16 puzzles:
                    // small limits are what they are tried with; at 25×25 smaller still
                    // (the logic engine's techniques cost milliseconds a node there).
                    let most = if puzzle.size() == 25 { 321 } else { 5_000 };
                    if !kind.supports(puzzle.kind())
                        || (kind != EngineKind::Propagate && node_limit > most)
                    {
                        continue;
                    }
                    let got = engine(kind, &puzzle, opts);
                    honest(
                        &got,
                        &exact,
                        node_limit,
                        &puzzle,
                        &format!("{kind}: {what}"),
                    );
                }
            }
        }
        assert!(
            fast_applies || puzzle.size() != 9,
            "{name} takes the fast path"
        );
    }
    // The sets above exercise both outcomes of the fast paths.
    assert!(stopped[0] > 50 && stopped[1] > 50, "{stopped:?}");
}

#[test]
fn a_node_limit_after_several_solutions_is_a_limit_not_a_count() {
    let empty = common::classic_puzzle(9, vec![0; 81]);
    let opts = options(1_000, 100);
    let fast = solve_fast(&empty, opts).expect("9×9 takes the fast path");
    let general = engine(EngineKind::Propagate, &empty, opts);
    assert_eq!(fast.status, Status::LimitReached);
    assert_eq!(general.status, Status::LimitReached);
    assert!(
        fast.stats.solutions >= 2,
        "solutions were found before the limit"
    );

    let empty16 = common::classic_puzzle(16, vec![0; 256]);
    let fast16 = solve_fast(&empty16, options(1_000_000, 100_000)).expect("16×16 fast path");
    assert_eq!(fast16.status, Status::LimitReached);
    assert!(fast16.stats.solutions >= 2);
}

#[test]
fn a_solution_limit_of_zero_acts_as_one_on_every_path() {
    let puzzle = common::puzzles("poj3074/sample.in", Format::Poj3074).remove(0);
    let opts = options(0, Options::DEFAULT_NODE_LIMIT);
    let fast = solve_fast(&puzzle, opts).expect("9×9 takes the fast path");
    assert_eq!(fast.status, Status::Solved);
    for kind in EngineKind::ALL {
        assert_eq!(engine(kind, &puzzle, opts).status, Status::Solved, "{kind}");
    }
    assert_eq!(fast.stats.solutions, 1);
}

/// `count` prints a plain number only for an exact count, and exits 1 when a limit stopped
/// it, whichever path answered.
#[test]
fn count_says_when_a_node_limit_cut_it_short() {
    let empty9 = format!("{}\n", ".".repeat(81));
    let empty16 = format!("{}\n", ".".repeat(256));
    let multi = common::load("cqoi2013/derived/multi/royle17sol_0006_MULTI.in");
    let every = &["propagate", "dlx", "naive", "logic"][..];
    for (input, args, engines, limited) in [
        (
            &empty9,
            &["--limit", "1000", "--node-limit", "100"][..],
            every,
            true,
        ),
        (
            &empty16,
            &["--limit", "1000000", "--node-limit", "100000"],
            every,
            true,
        ),
        // (The logic engine's forcing chains, which read the signs, count this one's four
        // solutions in under 321 nodes.)
        (
            &multi,
            &["--limit", "1000", "--node-limit", "100"],
            &["propagate", "naive", "logic"],
            true,
        ),
        // (Naive search needs millions of nodes on an inequality puzzle.)
        (&multi, &["--limit", "1000"], &["propagate"], false),
    ] {
        for &engine in engines {
            let mut all = vec!["count", "--engine", engine];
            all.extend_from_slice(args);
            let run = cli::run(&all, input.as_bytes());
            let what = format!("{all:?}: {run:?}");
            if limited {
                assert!(
                    cli::stdout(&run).ends_with(" (node limit reached)\n"),
                    "{what}"
                );
                assert_eq!(cli::code(&run), 1, "{what}");
                assert!(cli::stderr(&run).contains("raise --node-limit"), "{what}");
            } else {
                assert_eq!(cli::stdout(&run), "4\n", "{what}");
                assert_eq!(cli::code(&run), 0, "{what}");
            }
        }
    }
}

/// `solve` and `count` refuse limits of 0 rather than giving them a meaning of their own.
#[test]
fn zero_limits_are_refused_on_the_command_line() {
    let empty9 = format!("{}\n", ".".repeat(81));
    for (args, option) in [
        (&["count", "--limit", "0"][..], "limit"),
        (&["count", "--node-limit", "0"], "node-limit"),
        (&["solve", "--node-limit", "0"], "node-limit"),
    ] {
        let run = cli::run(args, empty9.as_bytes());
        assert_eq!(cli::code(&run), 2, "{args:?}: {run:?}");
        let said = format!("--{option} '0' is not a whole number of at least 1");
        assert!(cli::stderr(&run).contains(&said), "{args:?}: {run:?}");
        assert!(cli::stdout(&run).is_empty(), "{args:?}: {run:?}");
    }
}

/// Every numeric option has the range the wasm module gives it; past the top it is refused
/// with the most it takes, never cut down without a word.
#[test]
fn options_past_their_ceiling_are_refused_and_name_it() {
    let empty9 = format!("{}\n", ".".repeat(81));
    let over = (Options::MAX_LIMIT + 1).to_string();
    let events = (sudoku_lab::trace::TraceOptions::MAX_EVENTS + 1).to_string();
    for (args, most) in [
        (
            vec!["count", "--node-limit", &over],
            Options::MAX_LIMIT.to_string(),
        ),
        (
            vec!["count", "--limit", &over],
            Options::MAX_LIMIT.to_string(),
        ),
        (
            vec!["solve", "--node-limit", &over],
            Options::MAX_LIMIT.to_string(),
        ),
        (
            vec!["trace", "--max-events", &events],
            "10000000".to_string(),
        ),
        (vec!["solve", "--threads", "257"], "256".to_string()),
        (vec!["bench", "--runs", "1001", "-"], "1000".to_string()),
    ] {
        let run = cli::run(&args, empty9.as_bytes());
        assert_eq!(cli::code(&run), 2, "{args:?}: {run:?}");
        assert!(
            cli::stderr(&run).contains(&format!("is above the most allowed, {most}")),
            "{args:?}: {run:?}"
        );
    }
    let at_most = Options::MAX_LIMIT.to_string();
    let run = cli::run(&["count", "--node-limit", &at_most], empty9.as_bytes());
    assert_eq!(
        (cli::code(&run), cli::stdout(&run).as_str()),
        (0, "1000 (solution limit reached)\n")
    );
}

/// `1,000,000` for 1000000.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The limits table (docs/src/limits.md) says what the code does: each row names the value
/// of the constant behind it.
#[test]
fn the_docs_limits_table_states_the_limits_the_code_has() {
    use sudoku_lab::trace::{TraceOptions, Tracer};
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/limits.md"))
        .expect("docs/src/limits.md");
    let row = |name: &str| -> String {
        table
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no '{name}' row in the limits table"))
            .to_string()
    };
    let mib = |bytes: usize| format!("{} MiB", bytes >> 20);
    for (name, value) in [
        ("input size", mib(sudoku_lab::formats::MAX_INPUT_BYTES)),
        (
            "puzzle text in wasm",
            mib(sudoku_lab::formats::MAX_INPUT_BYTES),
        ),
        (
            "JSON relations",
            sudoku_lab::formats::MAX_RELATIONS.to_string(),
        ),
        (
            "JSON markers",
            format!("{} per list", sudoku_lab::formats::MAX_RELATIONS),
        ),
        (
            "JSON markers",
            format!("{} names in `negative`", sudoku_lab::formats::MAX_NEGATIVE),
        ),
        (
            "compressed f-puzzles string",
            format!("{} KiB", sudoku_lab::formats::MAX_COMPRESSED >> 10),
        ),
        (
            "puzzles per `bench` file",
            grouped(sudoku_lab::bench::MAX_PUZZLES as u64),
        ),
        (
            "puzzles per `bench()` text",
            grouped(sudoku_lab::bench::MAX_PUZZLES as u64),
        ),
        (
            "bench runs",
            format!("1 to {}", sudoku_lab::bench::MAX_RUNS),
        ),
        ("nodes", grouped(Options::DEFAULT_NODE_LIMIT)),
        ("nodes", "2⁵³−1".to_string()),
        (
            "events per trace",
            grouped(TraceOptions::DEFAULT_MAX_EVENTS),
        ),
        (
            "events per trace",
            format!("1 to {}", grouped(TraceOptions::MAX_EVENTS)),
        ),
        (
            "records per `advance()`",
            grouped(Tracer::MAX_BATCH_EVENTS as u64),
        ),
        (
            "option strings",
            sudoku_lab::wasm::args::MAX_OPTION_CHARS.to_string(),
        ),
        ("quoted input", sudoku_lab::formats::QUOTE_CHARS.to_string()),
    ] {
        assert!(
            row(name).contains(&value),
            "'{name}' should say {value}: {}",
            row(name)
        );
    }
    assert_eq!(Options::MAX_LIMIT, (1 << 53) - 1, "2⁵³−1 in the table");
}
