//! The `sudoku-lab` binary run as a user runs it: arguments, stdin, and what came out —
//! never a panic, an internal error or a signal.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary printed and returned.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs the binary with `args`, feeding `stdin` from a thread so that a large input cannot
/// deadlock against a full stdout pipe.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku-lab binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // The binary may stop reading early (bad input, size limit): a broken pipe is expected.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    let _ = feeder.join();
    let run = Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    };
    assert!(
        output.status.code().is_some(),
        "killed by a signal: {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("internal error"),
        "the binary panicked: {}",
        run.stderr
    );
    assert_ne!(run.code, 3, "internal error: {}", run.stderr);
    run
}
