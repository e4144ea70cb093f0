//! [`Problem`]: what is wrong with a puzzle, in words, with the cells involved.

use std::fmt;

use crate::geometry::Cell;

/// Something wrong with a puzzle: a sentence that says what, and the cells involved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    pub message: String,
    /// The cells the message is about, in the order it names them.
    pub cells: Vec<Cell>,
}

impl Problem {
    pub fn new(message: impl Into<String>, cells: Vec<Cell>) -> Problem {
        Problem {
            message: message.into(),
            cells,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}
