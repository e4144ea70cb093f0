//! Text formats: read any supported format into [`Puzzle`]s, write puzzles and answers back.
//!
//! | format    | shape                                                                 |
//! |-----------|-----------------------------------------------------------------------|
//! | `line`    | one puzzle per line, N² symbols                                       |
//! | `grid`    | N lines of N symbols (separators ignored), blank line between puzzles |
//! | `poj3074` | 81-symbol lines ending with a line `end`                              |
//! | `poj3076` | 16 lines of `A`-`P`/`-`, blank line between puzzles (SPOJ: count first) |
//! | `cqoi`    | 108 relation symbols per puzzle as one stream, whitespace ignored     |
//! | `picture` | optional `N [kind]` line, then 2N−1 lines drawing cells and relations |
//! | `json`    | the canonical model: `{"size":9,"kind":…,"givens":…,"relations":[…]}` |
//!
//! Reading is lazy ([`read`] yields one [`Entry`] at a time) so a file of any length is
//! processed in constant memory; every error carries the line and column where it was found.
//!
//! A bad puzzle does not end the reading: each reader yields its error and goes on at the next
//! place a puzzle can start (see [`read`]), so one bad puzzle among many costs only itself.
//! Input text quoted in a message goes through [`quote`], so no control or invisible
//! character of the input reaches a terminal or a page unescaped.

mod alphabet;
mod capped;
mod cqoi;
mod detect;
mod entry;
mod error;
mod format;
mod fpuzzles;
mod grid;
mod json;
mod line;
mod picture;
mod quote;
pub(crate) mod scan;

use crate::puzzle::{Problem, Puzzle, Relation};

pub use alphabet::Alphabet;
pub use detect::detect;
pub(crate) use entry::Dialect;
pub use entry::{CellPlaces, Entry, ReadOptions};
pub use error::{js_message, InputError, Pos, CHOICES};
pub use format::{Format, MAX_INPUT_BYTES};
pub use fpuzzles::MAX_COMPRESSED;
#[cfg(target_arch = "wasm32")]
pub(crate) use json::cut_serde_message;
pub use json::{
    json_values, puzzle_to_json, Givens, JsonPuzzle, JsonValue, JsonValues, MAX_NEGATIVE,
    MAX_RELATIONS,
};
pub use quote::{escape, quote, quote_name, NAME_CHARS, QUOTE_CHARS};
pub use scan::pos_at;

/// Reads puzzles of `format` from `text`, one at a time. Structural problems (size, adjacency)
/// are errors here; semantic ones (equal givens, cycles) are left to [`Puzzle::validate`] so a
/// UI can show them on the board.
///
/// An error does not end the reading: the reader yields it, with the number of the puzzle it
/// is in ([`InputError::puzzle`]), and goes on where the next puzzle can start, numbering
/// the following puzzles as if the bad one had been good:
///
/// | format              | goes on at |
/// |---------------------|------------|
/// | `line`, `poj3074`   | the next line |
/// | `grid`, `poj3076`   | after the bad puzzle's N rows, or at a blank line if one comes first; when the first row does not tell N, after the lines as wide as it |
/// | `picture`           | after the bad picture's 2N−1 lines, or at a blank line or an `N kind` header if one comes first; at the first blank line the bad picture crossed, if it crossed one |
/// | `cqoi`              | after the bad puzzle's 108 symbols (every non-whitespace char counts as one) |
/// | `json`              | after the bad value, found by matching brackets outside strings, or at the next line that starts with `{` no deeper than the bad value, if that comes first |
///
/// See each module for why that place is sound.
pub fn read<'a>(
    text: &'a str,
    format: Format,
    options: ReadOptions,
) -> Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a> {
    match format {
        Format::Line => Box::new(line::read(text, options, Dialect::Free)),
        Format::Poj3074 => Box::new(line::read(text, options, Dialect::Judge)),
        Format::Grid => Box::new(grid::read(text, options, Dialect::Free)),
        Format::Poj3076 => Box::new(grid::read(text, options, Dialect::Judge)),
        Format::Cqoi => Box::new(cqoi::read(text, options)),
        Format::Picture => Box::new(picture::read(text, options)),
        Format::Json => Box::new(json::read(text, options)),
        Format::FPuzzles => fpuzzles::read(text, options),
    }
}

/// Refuses a puzzle with two relations on one pair of cells (`r1c1 < r1c2` and `r1c2 <
/// r1c1`, a cycle validation reports) for a format that draws one symbol per pair: written,
/// one of them would be lost without a word.
fn one_relation_per_pair(puzzle: &Puzzle, format: Format) -> Result<(), Problem> {
    let size = puzzle.size();
    let pair = |r: &Relation| {
        let (a, _, b) = r.oriented();
        (a.index(size), b.index(size))
    };
    // Relations are kept in the reading order of their pairs: two on one pair are neighbours.
    match puzzle
        .relations()
        .windows(2)
        .find(|w| pair(&w[0]) == pair(&w[1]))
    {
        None => Ok(()),
        Some(w) => {
            let (a, _, b) = w[0].oriented();
            Err(Problem::new(
                format!(
                    "{a} and {b} have two relations ({} and {}); {format} draws one symbol \
                     between two cells",
                    w[0], w[1]
                ),
                vec![a, b],
            ))
        }
    }
}

/// Writes puzzles and answers in one format, with the separators the format puts between
/// puzzles. Call [`Writer::finish`] once at the end.
#[derive(Debug)]
pub struct Writer {
    format: Format,
    written: usize,
}

impl Writer {
    pub fn new(format: Format) -> Writer {
        Writer { format, written: 0 }
    }

    /// Writes the answer to `entry` — the judge's exact output for judge formats; the solved
    /// grid in the same family for `line`, `grid` and `picture`; for `json`, one JSON object
    /// per line with `size`, `kind` and `solution`.
    pub fn solution(&mut self, out: &mut String, entry: &Entry, solution: &[u8]) {
        let first = self.written == 0;
        self.written += 1;
        match self.format {
            Format::Line | Format::Poj3074 => line::write_solution(out, entry, solution),
            Format::Grid | Format::Poj3076 => grid::write_solution(out, entry, solution, first),
            Format::Cqoi => cqoi::write_solution(out, solution, first),
            Format::Picture => picture::write_solution(out, entry, solution, first),
            Format::Json => json::write_solution(out, entry, solution),
            Format::FPuzzles => fpuzzles::write_solution(out, entry, solution),
        }
    }

    /// Writes a puzzle (export). Fails when the format cannot express it (a 16×16 puzzle as
    /// `poj3074`, givens as `cqoi`, relations as `line`, markers but as `picture` or `json`,
    /// …).
    pub fn puzzle(
        &mut self,
        out: &mut String,
        puzzle: &Puzzle,
        alphabet: Alphabet,
    ) -> Result<(), Problem> {
        let first = self.written == 0;
        if puzzle.has_markers()
            && !matches!(
                self.format,
                Format::Picture | Format::Json | Format::FPuzzles
            )
        {
            return Err(Problem::new(
                format!(
                    "the {} format has no markers between cells: write picture, json or fpuzzles",
                    self.format
                ),
                vec![],
            ));
        }
        match self.format {
            Format::Line => line::write_puzzle(out, puzzle, alphabet, Dialect::Free),
            Format::Poj3074 => line::write_puzzle(out, puzzle, alphabet, Dialect::Judge),
            Format::Grid => grid::write_puzzle(out, puzzle, alphabet, first, Dialect::Free),
            Format::Poj3076 => grid::write_puzzle(out, puzzle, alphabet, first, Dialect::Judge),
            Format::Cqoi => one_relation_per_pair(puzzle, Format::Cqoi)
                .and_then(|()| cqoi::write_puzzle(out, puzzle, first)),
            Format::Picture => one_relation_per_pair(puzzle, Format::Picture)
                .and_then(|()| picture::write_puzzle(out, puzzle, alphabet, first)),
            Format::Json => json::write_puzzle(out, puzzle, alphabet),
            Format::FPuzzles => fpuzzles::write_puzzle(out, puzzle),
        }?;
        self.written += 1;
        Ok(())
    }

    /// Writes what ends the file (`end` after POJ 3074 puzzles).
    pub fn finish(&mut self, out: &mut String, puzzles: bool) {
        if puzzles && self.format == Format::Poj3074 {
            out.push_str("end\n");
        }
    }
}
