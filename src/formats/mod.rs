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

mod alphabet;
mod cqoi;
mod detect;
mod grid;
mod json;
mod line;
mod picture;
mod scan;

use std::fmt;

use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle, Relation};

pub use alphabet::Alphabet;
pub use detect::detect;
pub use json::{puzzle_to_json, Givens, JsonPuzzle};

/// A supported text format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    Line,
    Grid,
    Poj3074,
    Poj3076,
    Cqoi,
    Picture,
    Json,
}

impl Format {
    pub const ALL: [Format; 7] = [
        Format::Line,
        Format::Grid,
        Format::Poj3074,
        Format::Poj3076,
        Format::Cqoi,
        Format::Picture,
        Format::Json,
    ];

    /// The name used on the command line, in the page and in URLs.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Poj3074 => "poj3074",
            Format::Poj3076 => "poj3076",
            Format::Cqoi => "cqoi",
            Format::Picture => "picture",
            Format::Json => "json",
        }
    }

    /// Parses a format name (case-insensitive).
    pub fn parse(text: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
}

impl InputError {
    pub fn new(pos: Pos, message: impl Into<String>) -> InputError {
        InputError {
            pos,
            message: message.into(),
            cells: Vec::new(),
        }
    }
}

impl fmt::Display for InputError {
    /// `LINE:COL: message`, ready to be prefixed with a file name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for InputError {}

/// What the caller knows beyond the text; `None` fields are detected.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    pub kind: Option<Kind>,
    pub alphabet: Option<Alphabet>,
}

/// One puzzle read from text, with what is needed to answer in kind and to point at errors.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub puzzle: Puzzle,
    /// The symbols the puzzle was written in; answers are written in the same.
    pub alphabet: Alphabet,
    /// 1-based number of the puzzle in its input.
    pub number: usize,
    /// Where the puzzle starts.
    pub pos: Pos,
    /// Where each cell's symbol is (row-major; empty for formats without cell symbols).
    pub cell_pos: Vec<Pos>,
    /// Where each relation's symbol is.
    pub relation_pos: Vec<(Relation, Pos)>,
}

impl Entry {
    /// The best place to point at for a problem with this puzzle: the last given the problem
    /// names (the second of two equal givens), else the first relation touching its cells,
    /// else the start of the puzzle.
    pub fn locate(&self, problem: &Problem) -> Pos {
        let size = self.puzzle.size();
        if !self.cell_pos.is_empty() {
            if let Some(c) = problem
                .cells
                .iter()
                .rev()
                .find(|c| self.puzzle.given(**c).is_some())
            {
                return self.cell_pos[c.index(size)];
            }
        }
        self.relation_pos
            .iter()
            .find(|(r, _)| problem.cells.contains(&r.smaller) && problem.cells.contains(&r.larger))
            .or_else(|| {
                self.relation_pos.iter().find(|(r, _)| {
                    problem.cells.contains(&r.smaller) || problem.cells.contains(&r.larger)
                })
            })
            .map(|(_, p)| *p)
            .or_else(|| {
                problem
                    .cells
                    .first()
                    .and_then(|c| self.cell_pos.get(c.index(size)).copied())
            })
            .unwrap_or(self.pos)
    }

    /// The problem as an input error at its place.
    pub fn input_error(&self, problem: Problem) -> InputError {
        InputError {
            pos: self.locate(&problem),
            message: problem.message,
            cells: problem.cells,
        }
    }
}

/// Reads puzzles of `format` from `text`, one at a time. After the first error the iterator
/// ends. Structural problems (size, adjacency) are errors here; semantic ones (equal givens,
/// cycles) are left to [`Puzzle::validate`] so a UI can show them on the board.
pub fn read<'a>(
    text: &'a str,
    format: Format,
    options: ReadOptions,
) -> Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a> {
    match format {
        Format::Line => Box::new(line::read(text, options, false)),
        Format::Poj3074 => Box::new(line::read(text, options, true)),
        Format::Grid => Box::new(grid::read(text, options, false)),
        Format::Poj3076 => Box::new(grid::read(text, options, true)),
        Format::Cqoi => Box::new(cqoi::read(text, options)),
        Format::Picture => Box::new(picture::read(text, options)),
        Format::Json => Box::new(json::read(text, options)),
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
        }
    }

    /// Writes a puzzle (export). Fails when the format cannot express it (a 16×16 puzzle as
    /// `poj3074`, givens as `cqoi`, relations as `line`, …).
    pub fn puzzle(
        &mut self,
        out: &mut String,
        puzzle: &Puzzle,
        alphabet: Alphabet,
    ) -> Result<(), Problem> {
        let first = self.written == 0;
        match self.format {
            Format::Line => line::write_puzzle(out, puzzle, alphabet, false),
            Format::Poj3074 => line::write_puzzle(out, puzzle, alphabet, true),
            Format::Grid => grid::write_puzzle(out, puzzle, alphabet, first, false),
            Format::Poj3076 => grid::write_puzzle(out, puzzle, alphabet, first, true),
            Format::Cqoi => cqoi::write_puzzle(out, puzzle, first),
            Format::Picture => picture::write_puzzle(out, puzzle, alphabet, first),
            Format::Json => json::write_puzzle(out, puzzle, alphabet),
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

/// `'text'` for a message: shortened, with control and invisible characters escaped.
// (A placeholder until the formats work lands its own; same name and signature.)
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    for (i, c) in text.chars().enumerate() {
        if i == 20 {
            out.push('…');
            break;
        }
        if c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
        {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}
