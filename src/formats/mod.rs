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
mod cqoi;
mod detect;
mod grid;
mod json;
mod line;
mod picture;
pub(crate) mod scan;

use std::fmt;

use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle, Relation};

pub use alphabet::Alphabet;
pub use detect::detect;
#[cfg(target_arch = "wasm32")]
pub(crate) use json::cut_serde_message;
pub use json::{
    json_values, puzzle_to_json, Givens, JsonPuzzle, JsonValue, JsonValues, MAX_RELATIONS,
};
pub use scan::pos_at;

named! {
    /// A supported text format.
    pub enum Format {
        Line = "line", Grid = "grid", Poj3074 = "poj3074", Poj3076 = "poj3076",
        Cqoi = "cqoi", Picture = "picture", Json = "json",
    }
}

/// The most text one input may hold, in bytes of UTF-8: far above any real puzzle file
/// (49,151 puzzles are 4 MB), low enough that memory stays bounded whatever is piped in. The
/// CLI refuses a larger file and the wasm module a larger string.
pub const MAX_INPUT_BYTES: usize = 256 << 20;

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
    /// The 1-based number of the puzzle the error is in, counted as [`Entry::number`] counts
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

/// What the caller knows beyond the text; `None` fields are detected.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    pub kind: Option<Kind>,
    pub alphabet: Option<Alphabet>,
}

/// Which of a family's two formats: the free one (`line`, `grid`) or the judge's (POJ 3074,
/// POJ 3076), which fixes the size and the symbols.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dialect {
    Free,
    Judge,
}

/// Where each cell's symbol is in the text, for pointing at a given.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum CellPlaces {
    /// Not known: the format has no symbol per cell.
    #[default]
    None,
    /// Cell `i` at column `col + i` of `line`, for `cells` cells: a line of one-char symbols
    /// without blanks, the common case, kept without a list.
    Row { line: u32, col: u32, cells: usize },
    /// Each cell's place, row-major.
    Listed(Vec<Pos>),
}

impl CellPlaces {
    /// Where cell `i` (row-major) is, if known.
    pub fn get(&self, i: usize) -> Option<Pos> {
        match self {
            CellPlaces::None => None,
            CellPlaces::Row { line, col, cells } => (i < *cells).then(|| Pos {
                line: *line,
                col: col.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)),
            }),
            CellPlaces::Listed(list) => list.get(i).copied(),
        }
    }

    /// True when no place is known.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many places are known (0, or one per cell).
    pub fn len(&self) -> usize {
        match self {
            CellPlaces::None => 0,
            CellPlaces::Row { cells, .. } => *cells,
            CellPlaces::Listed(list) => list.len(),
        }
    }

    /// Every place, row-major.
    pub fn to_vec(&self) -> Vec<Pos> {
        match self {
            CellPlaces::Listed(list) => list.clone(),
            CellPlaces::None => Vec::new(),
            CellPlaces::Row { cells, .. } => (0..*cells).filter_map(|i| self.get(i)).collect(),
        }
    }
}

impl From<Vec<Pos>> for CellPlaces {
    fn from(list: Vec<Pos>) -> CellPlaces {
        CellPlaces::Listed(list)
    }
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
    /// Where each cell's symbol is (row-major; none for formats without cell symbols).
    pub cell_pos: CellPlaces,
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
                if let Some(pos) = self.cell_pos.get(c.index(size)) {
                    return pos;
                }
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
                    .and_then(|c| self.cell_pos.get(c.index(size)))
            })
            .unwrap_or(self.pos)
    }

    /// The entry when its puzzle passes [`Puzzle::validate`], else the problem as an input
    /// error at its place.
    pub fn validated(self) -> Result<Entry, InputError> {
        match self.puzzle.validate() {
            Ok(()) => Ok(self),
            Err(problem) => Err(self.input_error(problem)),
        }
    }

    /// The problem as an input error at its place, in this puzzle.
    pub fn input_error(&self, problem: Problem) -> InputError {
        InputError {
            pos: self.locate(&problem),
            message: problem.message,
            cells: problem.cells,
            puzzle: Some(self.number),
        }
    }
}

/// The longest stretch of input text a message quotes, in chars; longer text is cut and
/// ends with `…`.
pub const QUOTE_CHARS: usize = 20;

/// Input text as a message quotes it: cut after [`QUOTE_CHARS`] chars (then `…`), every
/// char that could hide, move or restyle text escaped the Rust way, between single quotes:
/// `'X'`, `'\u{0}'`, `'\u{1b}[31m'`, `'abcdefghijklmnopqrst…'`. What is escaped: `\t` `\n`
/// `\r`; as `\u{..}` other control chars (C0, DEL, C1), format chars (zero-width, bidi
/// controls, U+FEFF), separators and spaces other than the plain space, private-use and
/// unassigned code points, combining marks and blank look-alikes; and `\\` and `\'`, so the
/// quote stays unambiguous. Every message that shows text from the input shows it through
/// this function.
pub fn quote(text: &str) -> String {
    let (shown, cut) = match text.char_indices().nth(QUOTE_CHARS) {
        Some((i, _)) => (&text[..i], true),
        None => (text, false),
    };
    let mut out = quote_all(shown);
    if cut {
        out.insert(out.len() - 1, '…');
    }
    out
}

/// The most chars [`quote_name`] shows of a name whole.
pub const NAME_CHARS: usize = 60;

/// A name the user typed (an argument, a file name) quoted as [`quote`] quotes text, but
/// kept recognisable: whole up to [`NAME_CHARS`] chars, else its first and last 29 with `…`
/// between (two long paths usually differ at their ends).
pub fn quote_name(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= NAME_CHARS {
        return quote_all(text);
    }
    let keep = (NAME_CHARS - 2) / 2;
    let head: String = text.chars().take(keep).collect();
    let tail: String = text.chars().skip(chars - keep).collect();
    let (head, tail) = (quote_all(&head), quote_all(&tail));
    format!("{}…{}", &head[..head.len() - 1], &tail[1..])
}

/// `text` quoted whole (see [`quote`]).
fn quote_all(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c => push_escaped(&mut out, c),
        }
    }
    out.push('\'');
    out
}

/// `text` with every char that is unsafe to show escaped as [`quote`] escapes it, but whole,
/// unquoted, and `\` and `'` as they are: for text shown on its own, such as a file name
/// before `:LINE:COL:`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Appends `c`, escaped if it is unsafe to show (see [`quote`]).
fn push_escaped(out: &mut String, c: char) {
    match c {
        ' ' | '"' | '\'' | '\\' => out.push(c),
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        // std's tables (what `{:?}` uses) say which chars are not printable; the blank Hangul
        // fillers and the blank Braille pattern are printable there but show nothing.
        c if c.escape_debug().nth(1).is_some()
            || c.is_whitespace()
            || matches!(
                c,
                '\u{115f}' | '\u{1160}' | '\u{2800}' | '\u{3164}' | '\u{ffa0}'
            ) =>
        {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        }
        c => out.push(c),
    }
}

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
            Format::Line => line::write_puzzle(out, puzzle, alphabet, Dialect::Free),
            Format::Poj3074 => line::write_puzzle(out, puzzle, alphabet, Dialect::Judge),
            Format::Grid => grid::write_puzzle(out, puzzle, alphabet, first, Dialect::Free),
            Format::Poj3076 => grid::write_puzzle(out, puzzle, alphabet, first, Dialect::Judge),
            Format::Cqoi => one_relation_per_pair(puzzle, Format::Cqoi)
                .and_then(|()| cqoi::write_puzzle(out, puzzle, first)),
            Format::Picture => one_relation_per_pair(puzzle, Format::Picture)
                .and_then(|()| picture::write_puzzle(out, puzzle, alphabet, first)),
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
