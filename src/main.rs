//! `sudoku-lab`: the native command line — solve, count and check puzzles in judge formats,
//! trace one puzzle's search as JSON events, and compare the engines on one puzzle.
//!
//! The command line is native only (its parser, clap, is a native dependency): built for
//! wasm32 — as `cargo test --target wasm32-unknown-unknown` builds every binary — it is an
//! empty program; the WebAssembly build is the library's.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::panic;
    use std::process::ExitCode;

    // A panic is a bug: report it in one line and exit 3 rather than with a backtrace dump.
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        cli::report(&format!("internal error: {message}{place}"));
    }));
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let code = panic::catch_unwind(move || cli::run(args)).unwrap_or(cli::EXIT_INTERNAL);
    ExitCode::from(code)
}
