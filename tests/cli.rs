//! The `sudoku-lab` binary end to end: every corpus answer checked by `check.py` and by an
//! independent checker here, bad input located and never a panic, and each command's contract.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;

use common::cli::{assert_contains, assert_no_panic, code, run, spawn, stderr, stdout};
use common::{data, load};

/// A fresh path in the temp directory; the file is the caller's to write and remove.
fn temp_path(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("sudoku-lab-cli-{}-{n}-{name}", std::process::id()))
}

fn run_file(args: &[&str], stdin_file: &Path) -> Output {
    let input =
        std::fs::read(stdin_file).unwrap_or_else(|e| panic!("{}: {e}", stdin_file.display()));
    run(args, &input)
}

/// Asserts exit code 2 and a `<stdin>:LINE:COL: message` diagnostic that contains `message`,
/// returning the (line, col) it names.
fn assert_bad_input(o: &Output, message: &str) -> (u32, u32) {
    let err = stderr(o);
    assert_eq!(code(o), 2, "expected exit 2, stderr: {err}");
    let rest = err
        .strip_prefix("sudoku-lab: <stdin>:")
        .unwrap_or_else(|| panic!("no <stdin>:LINE:COL: prefix in {err:?}"));
    let mut parts = rest.splitn(3, ':');
    let line: u32 = parts
        .next()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("no line in {err:?}"));
    let col: u32 = parts
        .next()
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no column in {err:?}"));
    let text = parts.next().unwrap_or("");
    assert!(text.contains(message), "expected {message:?} in {err:?}");
    assert_eq!(err.lines().count(), 1, "one line of diagnostics: {err:?}");
    (line, col)
}

/// Asserts exit code 2 and that every line of stderr is a `<stdin>:LINE:COL: message`
/// diagnostic, returning their number.
fn assert_all_bad_input(o: &Output) -> usize {
    let err = stderr(o);
    assert_eq!(code(o), 2, "expected exit 2, stderr: {err}");
    for line in err.lines() {
        let rest = line
            .strip_prefix("sudoku-lab: <stdin>:")
            .unwrap_or_else(|| panic!("no <stdin>:LINE:COL: prefix in {line:?}"));
        let mut parts = rest.splitn(3, ':');
        let numbers = parts.next().and_then(|l| l.parse::<u32>().ok()).is_some()
            && parts.next().and_then(|c| c.parse::<u32>().ok()).is_some();
        assert!(numbers, "no LINE:COL in {line:?}");
    }
    err.lines().count()
}

fn python3() -> &'static str {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "python3 is needed to run ../shared/data/check.py (the independent checker); install it"
    );
    "python3"
}

// ---------------------------------------------------------------------------------------------
// An independent 9×9 checker, sharing no code with the crate.

/// The POJ 3074 puzzles of `text`: 81-char lines up to `end`, 0 for empty.
fn poj3074_puzzles(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take_while(|&l| l != "end")
        .map(|l| {
            l.bytes()
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect()
        })
        .collect()
}

/// Whether `answer` solves the 9×9 puzzle of `givens` (read here, not by the library's
/// readers), by the tests' own checker.
fn check_nine(givens: &[u8], answer: &[u8]) -> Result<(), String> {
    common::Rules::of(&common::classic_puzzle(9, givens.to_vec())).check(answer)
}

fn check_poj3074_answers(input: &str, output: &str) {
    let puzzles = poj3074_puzzles(input);
    let answers: Vec<Vec<u8>> = output
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().bytes().map(|b| b.wrapping_sub(b'0')).collect())
        .collect();
    assert_eq!(puzzles.len(), answers.len(), "one answer line per puzzle");
    for (k, (p, a)) in puzzles.iter().zip(&answers).enumerate() {
        if let Err(e) = check_nine(p, a) {
            panic!("answer {}: {e}", k + 1);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every corpus of the manifest, checked by check.py.

/// `(mode, input)` rows of MANIFEST.tsv in `mode`, without the 49,151-puzzle file (a release
/// build checks that one: see the Makefile).
fn manifest_rows(mode: &str) -> Vec<String> {
    load("MANIFEST.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let m = fields.next()?;
            let input = fields.next()?;
            (m == mode && !input.contains("royle_sudoku17_all")).then(|| input.to_string())
        })
        .collect()
}

/// One solved manifest row: the input's path and text, and the answers in a temp file.
struct Solved {
    input: PathBuf,
    text: String,
    answers: PathBuf,
    output: String,
}

impl Drop for Solved {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.answers);
    }
}

/// Runs `job` over `items` on a few threads, keeping the order.
fn parallel<T: Sync, R: Send>(items: &[T], job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let size = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(size)
            .map(|chunk| scope.spawn(|| chunk.iter().map(&job).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker thread finishes"))
            .collect()
    })
}

/// Solves every manifest input of `mode` with `solve --format MODE < INPUT` and has
/// check.py accept the answers. Each row runs `check.py MODE INPUT ANSWERS` as a command,
/// except the hundreds of small derived CQOI rows, which one Python process checks with the
/// same `run_mode` function (a Python start costs more than the whole check).
fn solve_manifest(mode: &str) -> Vec<Solved> {
    let python = python3();
    let rows = manifest_rows(mode);
    assert!(!rows.is_empty(), "no manifest rows for {mode}");
    let solved: Vec<Result<Solved, String>> = parallel(&rows, |input| solve_row(mode, input));
    let failures: Vec<&String> = solved.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        join(&failures)
    );
    let solved: Vec<Solved> = solved.into_iter().filter_map(Result::ok).collect();
    let (batched, single): (Vec<&Solved>, Vec<&Solved>) = solved
        .iter()
        .partition(|s| s.input.to_string_lossy().contains("/derived/"));
    let mut failures: Vec<String> = parallel(&single, |s| check_py(python, mode, s))
        .into_iter()
        .flatten()
        .collect();
    failures.extend(check_py_batch(python, mode, &batched));
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        join(&failures)
    );
    solved
}

fn join(lines: &[impl AsRef<str>]) -> String {
    lines
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\n")
}

fn solve_row(mode: &str, input: &str) -> Result<Solved, String> {
    let path = data(input);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{input}: {e}"))?;
    let solved = run(&["solve", "--format", mode], text.as_bytes());
    if code(&solved) != 0 {
        return Err(format!(
            "{input}: solve exited {}: {}",
            code(&solved),
            stderr(&solved)
        ));
    }
    let answers = temp_path("answers.out");
    std::fs::write(&answers, &solved.stdout).map_err(|e| format!("{input}: {e}"))?;
    Ok(Solved {
        input: path,
        text,
        answers,
        output: stdout(&solved),
    })
}

/// `python3 check.py MODE INPUT ANSWERS`; the complaint when it does not exit 0.
fn check_py(python: &str, mode: &str, s: &Solved) -> Option<String> {
    let checked = Command::new(python)
        .arg(data("check.py"))
        .arg(mode)
        .arg(&s.input)
        .arg(&s.answers)
        .output();
    match checked {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(format!(
            "{}: check.py rejected the answers:\n{}",
            s.input.display(),
            String::from_utf8_lossy(&o.stdout)
        )),
        Err(e) => Some(format!("check.py did not run: {e}")),
    }
}

/// check.py's `run_mode` over many rows in one Python process, as `check.py` itself calls it.
fn check_py_batch(python: &str, mode: &str, rows: &[&Solved]) -> Vec<String> {
    if rows.is_empty() {
        return Vec::new();
    }
    const DRIVER: &str = "\
import sys
sys.path.insert(0, sys.argv[1])
import check
bad = 0
for line in sys.stdin.read().splitlines():
    mode, pin, pout = line.split('\\t')
    try:
        ok = check.run_mode(mode, pin, pout, quiet=True)
    except check.Malformed as e:
        ok = False
        print('MALFORMED %s: %s' % (pin, e))
    if not ok:
        bad += 1
        print('BAD %s' % pin)
sys.exit(1 if bad else 0)
";
    let list: String = rows
        .iter()
        .map(|s| format!("{mode}\t{}\t{}\n", s.input.display(), s.answers.display()))
        .collect();
    let mut child = match Command::new(python)
        .arg("-c")
        .arg(DRIVER)
        .arg(data(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return vec![format!("python3 did not run: {e}")],
    };
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(list.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) if o.status.success() => Vec::new(),
        Ok(o) => vec![format!(
            "check.py's run_mode rejected answers:\n{}",
            String::from_utf8_lossy(&o.stdout)
        )],
        Err(e) => vec![format!("python3 did not finish: {e}")],
    }
}

#[test]
fn every_cqoi_corpus_is_solved_and_accepted_by_check_py() {
    solve_manifest("cqoi");
}

#[test]
fn every_poj3076_corpus_is_solved_and_accepted_by_check_py() {
    solve_manifest("poj3076");
}

#[test]
fn every_poj3074_corpus_is_solved_and_accepted_by_check_py_and_by_an_independent_checker() {
    for solved in solve_manifest("poj3074") {
        check_poj3074_answers(&solved.text, &solved.output);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input: exit 2, a position, a message, never a panic.

const EMPTY_81: &str =
    ".................................................................................";

fn line_with(prefix: &str) -> String {
    format!("{prefix}{}", &EMPTY_81[prefix.len()..])
}

#[test]
fn two_equal_givens_in_a_row_point_at_the_second() {
    let input = format!("{}\nend\n", line_with("5...5"));
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    let pos = assert_bad_input(&o, "r1c1 and r1c5 are both 5 in row 1");
    assert_eq!(pos, (1, 5));
}

#[test]
fn an_x_in_a_nine_by_nine_line_is_named() {
    let input = format!("{}\nend\n", line_with("1234X"));
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    assert_eq!(assert_bad_input(&o, "'X'"), (1, 5));
    let o = run(
        &["solve", "--format", "line"],
        line_with("1234X").as_bytes(),
    );
    assert_bad_input(&o, "X");
}

#[test]
fn an_eighty_character_line_says_how_long_it_is() {
    let input = format!("{}\nend\n", &EMPTY_81[1..]);
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    assert_bad_input(&o, "80 symbols");
    let o = run(&["solve", "--format", "line"], &EMPTY_81.as_bytes()[1..]);
    assert_bad_input(&o, "80 symbols");
}

#[test]
fn broken_lines_are_explained_without_a_format_flag() {
    let o = run(&["solve"], line_with("1234X").as_bytes());
    assert_eq!(
        assert_bad_input(&o, "'X' is not a digit of a 9×9 puzzle"),
        (1, 5)
    );
    let o = run(&["solve"], &EMPTY_81.as_bytes()[1..]);
    assert_bad_input(&o, "line 1 has 80 symbols; a 9×9 puzzle needs 81");
}

#[test]
fn answers_keep_input_order_whatever_the_thread_count() {
    let input = load("poj3074/norvig_top95.in");
    let one = run(
        &["solve", "--format", "poj3074", "--threads", "1"],
        input.as_bytes(),
    );
    let three = run(
        &["solve", "--format", "poj3074", "--threads", "3"],
        input.as_bytes(),
    );
    assert_eq!(code(&one), 0);
    assert_eq!(stdout(&one), stdout(&three));
    check_poj3074_answers(&input, &stdout(&three));
}

#[test]
fn one_hundred_and_seven_cqoi_symbols_are_too_few() {
    let sample = load("cqoi2013/sample1.in");
    // Drop the last symbol: the stream ends one short.
    let cut = sample
        .rfind(['<', '>', '^', 'v'])
        .expect("the sample has symbols");
    let input = &sample[..cut];
    for args in [&["solve", "--format", "cqoi"][..], &["solve"]] {
        let o = run(args, input.as_bytes());
        assert_bad_input(&o, "found 107");
    }
}

#[test]
fn a_relation_cycle_is_printed() {
    let picture = "4\n. < . | . | .\nv ^ - -\n. > . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n";
    let o = run(&["solve", "--format", "picture"], picture.as_bytes());
    assert_bad_input(
        &o,
        "the relations form a cycle: r1c1 < r1c2 < r2c2 < r2c1 < r1c1",
    );
    let json = r#"{"size":4,"kind":"futoshiki","givens":"................","relations":[["r1c1","<","r1c2"],["r1c2","^","r2c2"],["r2c2","<","r2c1"],["r1c1","v","r2c1"]]}"#;
    let o = run(&["solve"], json.as_bytes());
    assert_bad_input(&o, "cycle");
}

#[test]
fn a_relation_contradicting_a_given_is_located() {
    let picture = "4\n4 < . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n";
    let o = run(&["solve", "--format", "picture"], picture.as_bytes());
    let pos = assert_bad_input(&o, "r1c1 is 4, but r1c1 < r1c2 needs at most 3 there");
    assert_eq!(pos, (2, 1), "the given's place");
    let json = r#"{"size":9,"givens":"9................................................................................","relations":[["r1c1","<","r1c2"]]}"#;
    let o = run(&["solve", "--format", "json"], json.as_bytes());
    assert_bad_input(&o, "r1c1 is 9");
}

/// xorshift64*: a reproducible byte stream without a crate.
fn random_bytes(seed: u64, len: usize, ascii: bool) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let b = (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8;
            if ascii {
                let table = b" .123456789ABCDEFGP<>^v|-\n{}[]\":,";
                table[b as usize % table.len()]
            } else {
                b
            }
        })
        .collect()
}

#[test]
fn random_bytes_are_bad_input_not_a_crash() {
    for seed in [1, 2, 3, 42, 2024] {
        let bytes = random_bytes(seed, 4000, false);
        let o = run(&["solve"], &bytes);
        assert_bad_input(&o, "the input is not UTF-8 text");
        let text = random_bytes(seed, 4000, true);
        let mut formats = vec![None];
        formats.extend(
            [
                "line", "grid", "poj3074", "poj3076", "cqoi", "picture", "json",
            ]
            .map(Some),
        );
        for format in formats {
            let mut args = vec!["solve"];
            args.extend(format.map(|f| ["--format", f]).into_iter().flatten());
            let o = run(&args, &text);
            assert!(assert_all_bad_input(&o) >= 1, "{args:?}");
        }
    }
}

#[test]
fn invalid_utf8_is_located_at_the_first_bad_byte() {
    let o = run(&["solve"], b"123\n45\xff6\n");
    assert_eq!(assert_bad_input(&o, "the input is not UTF-8 text"), (2, 3));
}

/// (The readers' memory on such a line is bounded in `tests/formats.rs`, by allocation.)
#[test]
fn a_one_megabyte_line_is_rejected() {
    let line = "1".repeat(1 << 20);
    for args in [
        &["solve"][..],
        &["solve", "--format", "line"],
        &["solve", "--format", "poj3074"],
        &["solve", "--format", "grid"],
        &["count", "--format", "json"],
    ] {
        let o = run(args, line.as_bytes());
        assert_bad_input(&o, "");
    }
}

#[test]
fn input_past_the_size_limit_is_refused() {
    let big = vec![b'.'; (256 << 20) + 1];
    let o = run(&["solve", "--format", "line"], &big);
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "larger than 256 MiB");
}

#[test]
fn empty_input_is_an_error() {
    let o = run(&["solve"], b"");
    assert_eq!(assert_bad_input(&o, "the input is empty"), (1, 1));
    let o = run(&["solve", "--format", "poj3074"], b"end\n");
    assert_bad_input(&o, "no puzzle");
    let o = run(&["count", "--format", "cqoi"], b"  \n");
    assert_bad_input(&o, "");
}

#[test]
fn a_bad_puzzle_costs_only_itself_whatever_the_thread_count() {
    let input = format!(
        "{}\n{}\n{}\nend\n",
        EMPTY_81.replacen('.', "1", 1),
        line_with("55"),
        EMPTY_81
    );
    for threads in ["1", "4"] {
        let o = run(
            &[
                "solve",
                "--format",
                "poj3074",
                "--first",
                "--threads",
                threads,
            ],
            input.as_bytes(),
        );
        assert_eq!(
            assert_bad_input(&o, "puzzle 2: r1c1 and r1c2 are both 5").0,
            2
        );
        assert_eq!(stdout(&o).lines().count(), 2, "puzzles 1 and 3 answered");
        check_poj3074_answers(
            &format!("{}\n{EMPTY_81}\nend\n", EMPTY_81.replacen('.', "1", 1)),
            &stdout(&o),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Batches lose nothing: one bad puzzle among good ones costs only itself.

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

/// The first two puzzles of the POJ 3074 sample.
fn sample_lines() -> (String, String) {
    let text = load("poj3074/sample.in");
    let mut lines = text.lines().map(str::to_string);
    (
        lines.next().unwrap_or_default(),
        lines.next().unwrap_or_default(),
    )
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
            [
                format!("{}\n", json(&a)),
                "{\"size\":9,\"givens\":\"...\"\n".to_string(),
                format!("{}\n", json(&b)),
            ],
            (3, 1),
            "EOF while parsing an object",
        ),
        Batch::new(
            "a JSON relation contradicting a given",
            "json",
            [
                format!("{}\n", json(&a)),
                format!("{contradiction}\n"),
                format!("{}\n", json(&b)),
            ],
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

// ---------------------------------------------------------------------------------------------
// Puzzles with no, many, or too costly solutions.

/// A 9×9 puzzle that passes validation but has no solution: r1c9 must be 9, and r2c9 is.
fn unsolvable() -> String {
    format!("12345678.........9{}", &EMPTY_81[18..])
}

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
    assert_eq!(stdout(&o).lines().count(), 7);
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
        "sudoku-lab: unknown command 'so\\u{1b}lve' (commands: solve, count, check, trace, \
         compare, grade, hint, generate, bench, formats, help) (see 'sudoku-lab --help')\n"
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
    let o = run(
        &[
            "bench",
            "--json",
            "--runs",
            "1",
            "--format",
            "poj3074",
            file.to_str().unwrap(),
        ],
        b"",
    );
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
