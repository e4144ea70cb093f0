//! Reading formats in tests: every puzzle of a text, its first error, and the puzzles and
//! fixtures the format tests share.

use sudoku_lab::formats::{read, Entry, Format, InputError, ReadOptions};

pub fn read_ok(text: &str, format: Format, options: ReadOptions) -> Vec<Entry> {
    read(text, format, options)
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{format}: {e}"))
}

pub fn read_default(text: &str, format: Format) -> Vec<Entry> {
    read_ok(text, format, ReadOptions::default())
}

pub fn first_error(text: &str, format: Format) -> InputError {
    read(text, format, ReadOptions::default())
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("{format}: expected an error"))
}

// The puzzles and fixtures the format tests share.

/// A 9×9 puzzle line.
pub const SUDOKU: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/// A 9×9 puzzle as a grid (`tests/fixtures/nine.grid`).
pub const NINE_GRID: &str = include_str!("../fixtures/nine.grid");

/// A 5×5 Futoshiki puzzle as a picture (`tests/fixtures/five.picture`).
pub const FIVE_PICTURE: &str = include_str!("../fixtures/five.picture");
