//! [`InputError`]: bad input, with the [`Pos`] where it was found and what is wrong.

use std::fmt;

use crate::geometry::Cell;

/// A place in the input: 1-based line and 1-based column counted in characters.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub const fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Bad input: where it was found and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputError {
    pub pos: Pos,
    pub message: String,
    /// Cells the message is about (empty for pure syntax errors).
    pub cells: Vec<Cell>,
    /// The 1-based number of the puzzle the error is in, counted as [`Entry::number`](super::Entry::number) counts
    /// (bad puzzles count too); `None` for an error about the input as a whole, such as a
    /// count line that disagrees with the puzzles or JSON between two puzzles.
    pub puzzle: Option<usize>,
}

impl InputError {
    pub fn new(pos: Pos, message: impl Into<String>) -> InputError {
        InputError {
            pos,
            message: message.into(),
            cells: Vec::new(),
            puzzle: None,
        }
    }

    /// An error that choosing `option` (one of [`CHOICES`]) settles: the message ends with
    /// the advice to choose one, in the command line's words ([`js_message`] rewords it).
    pub fn choose(pos: Pos, message: impl Into<String>, option: &'static str) -> InputError {
        debug_assert!(CHOICES.contains(&option));
        InputError::new(pos, format!("{}{}", message.into(), cli_advice(option)))
    }

    /// This error, as one in puzzle `number`.
    pub fn in_puzzle(self, number: usize) -> InputError {
        InputError {
            puzzle: Some(number),
            ..self
        }
    }
}

/// The reading options whose choice settles an error ([`InputError::choose`]).
pub const CHOICES: [&str; 2] = ["format", "alphabet"];

/// The advice that ends a message [`InputError::choose`] makes, in the command line's words.
fn cli_advice(option: &str) -> String {
    format!("; choose one with --{option}")
}

/// `message` (of an [`InputError`], or of a [`crate::Problem`] made from one, as a JSON
/// puzzle's givens error is) as a JavaScript caller reads it: advice that names a
/// command-line flag names the option of the call's `options` object instead —
/// `choose one with options.format`.
pub fn js_message(message: &str) -> String {
    for option in CHOICES {
        if let Some(head) = message.strip_suffix(&cli_advice(option)) {
            return format!("{head}; choose one with options.{option}");
        }
    }
    message.to_string()
}

impl fmt::Display for InputError {
    /// `LINE:COL: message`, ready to be prefixed with a file name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for InputError {}
