//! How a command ends: the exit codes, the [`Failure`] that stops one early, and messages on
//! stderr.

use std::fmt;
use std::io::Write;

/// Every puzzle solved (or counted, or every answer correct).
pub const EXIT_OK: u8 = 0;
/// Some puzzle has no solution, a limit stopped the search, or an answer is wrong.
pub const EXIT_UNSOLVED: u8 = 1;
/// Bad input or bad usage.
pub const EXIT_INPUT: u8 = 2;
/// A bug in sudoku-lab.
pub const EXIT_INTERNAL: u8 = 3;

/// The exit status of a run over many puzzles: bad input wins over unsolved puzzles.
pub fn exit_code(bad: bool, unsolved: bool) -> u8 {
    if bad {
        EXIT_INPUT
    } else if unsolved {
        EXIT_UNSOLVED
    } else {
        EXIT_OK
    }
}

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments: the message, and the command whose help explains them.
    Usage {
        message: String,
        command: Option<String>,
    },
    /// Bad input: a complete message, usually `FILE:LINE:COL: what`.
    Input(String),
    /// A bug: the solver's answer failed the independent check, or the like.
    Internal(String),
}

impl Failure {
    pub fn usage(message: impl Into<String>, command: &str) -> Failure {
        Failure::Usage {
            message: message.into(),
            command: Some(command.to_string()),
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage { .. } | Failure::Input(_) => EXIT_INPUT,
            Failure::Internal(_) => EXIT_INTERNAL,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage {
                message,
                command: Some(command),
            } => write!(f, "{message} (see 'sudoku-lab {command} --help')"),
            Failure::Usage {
                message,
                command: None,
            } => write!(f, "{message} (see 'sudoku-lab --help')"),
            Failure::Input(message) => f.write_str(message),
            Failure::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

/// What every message on stderr starts with.
pub const REPORT_PREFIX: &str = "sudoku-lab: ";

/// Writes `sudoku-lab: message` to stderr, in one write (stderr is not buffered: `writeln!`
/// would make three). A closed stderr is ignored: there is nobody left to tell. Messages about
/// single puzzles of a batch go through [`output::Sink::note`] instead, which gathers them.
pub fn report(message: &str) {
    let line = format!("{REPORT_PREFIX}{message}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}
