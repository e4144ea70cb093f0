//! The `sudoku-lab` binary run as a user runs it: arguments, stdin, and what came out —
//! never a panic, an internal error or a signal.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

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
