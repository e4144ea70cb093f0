//! The whole-process peer of `sudoku-lab count` and `sudoku-lab solve` on 9×9 line files:
//! the `sudoku` crate (a JCZSolve port, a dev-dependency only) reading every line, counting
//! up to 2 solutions or writing the first, as a small program would. `benches/cli.rs` times
//! both processes on the same files.
//!
//!     peer_sudoku count FILE    # one count (0, 1 or 2) per line
//!     peer_sudoku solve FILE    # the first solution of each line (an empty line if none)

use std::io::Write;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: peer_sudoku count|solve FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut out = String::with_capacity(text.len());
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let Ok(sudoku) = sudoku::Sudoku::from_str_line(line) else {
            eprintln!("not a puzzle: {line}");
            std::process::exit(2);
        };
        if mode == "count" {
            let n = sudoku.solutions_count_up_to(2);
            out.push(char::from(b'0' + n as u8));
        } else if let Some(solution) = sudoku.solution() {
            out.push_str(&solution.to_str_line());
        }
        out.push('\n');
    }
    std::io::stdout()
        .lock()
        .write_all(out.as_bytes())
        .expect("stdout is writable");
}
