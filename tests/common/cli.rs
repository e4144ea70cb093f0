//! The `sudoku-lab` binary run as a user runs it: arguments, stdin, and what came out —
//! never a panic, an internal error or a signal; diagnostics read back, answers checked by the
//! tests' own 9×9 checker, and the puzzles the CLI tests share.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::load;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");

/// Starts the binary with `args` and its stdin, stdout and stderr piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku-lab binary runs")
}

/// Runs the binary with `args`, feeding `stdin` from a thread so that a large input cannot
/// deadlock against a full stdout pipe; fails the test on a panic, an internal error or a
/// signal.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_ref().to_vec();
    // The binary may stop reading early (bad input, size limit): a broken pipe is expected.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    let _ = feeder.join();
    assert_no_panic(&output);
    output
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// Fails the test, showing `text`, unless `text` contains `part`.
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} missing from {text}");
}

/// Fails the test when the run ended in a panic, an internal error or a signal.
pub fn assert_no_panic(o: &Output) {
    let err = stderr(o);
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "the binary panicked: {err}"
    );
    assert_ne!(code(o), 3, "internal error: {err}");
    assert!(o.status.code().is_some(), "killed by a signal: {err}");
}

/// A fresh path in the temp directory; the file is the caller's to write and remove.
pub fn temp_path(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("sudoku-lab-cli-{}-{n}-{name}", std::process::id()))
}

/// Writes `text` to a fresh file named after `name` in the temp directory: its path.
pub fn temp_file(name: &str, text: &str) -> String {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path.to_string_lossy().into_owned()
}

pub fn run_file(args: &[&str], stdin_file: &Path) -> Output {
    let input =
        std::fs::read(stdin_file).unwrap_or_else(|e| panic!("{}: {e}", stdin_file.display()));
    run(args, &input)
}

/// Asserts exit code 2 and a `<stdin>:LINE:COL: message` diagnostic that contains `message`,
/// returning the (line, col) it names.
pub fn assert_bad_input(o: &Output, message: &str) -> (u32, u32) {
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
pub fn assert_all_bad_input(o: &Output) -> usize {
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

/// `lines` joined by line breaks (none after the last).
pub fn join(lines: &[impl AsRef<str>]) -> String {
    lines
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn python3() -> &'static str {
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
pub fn poj3074_puzzles(text: &str) -> Vec<Vec<u8>> {
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
pub fn check_nine(givens: &[u8], answer: &[u8]) -> Result<(), String> {
    super::Rules::of(&super::classic_puzzle(9, givens.to_vec())).check(answer)
}

pub fn check_poj3074_answers(input: &str, output: &str) {
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
// Puzzles the CLI tests share.

/// An empty 9×9 line puzzle.
pub const EMPTY_81: &str =
    ".................................................................................";

pub fn line_with(prefix: &str) -> String {
    format!("{prefix}{}", &EMPTY_81[prefix.len()..])
}

/// The first two puzzles of the POJ 3074 sample.
pub fn sample_lines() -> (String, String) {
    let text = load("poj3074/sample.in");
    let mut lines = text.lines().map(str::to_string);
    (
        lines.next().unwrap_or_default(),
        lines.next().unwrap_or_default(),
    )
}

/// A 9×9 puzzle that passes validation but has no solution: r1c9 must be 9, and r2c9 is.
pub fn unsolvable() -> String {
    format!("12345678.........9{}", &EMPTY_81[18..])
}
