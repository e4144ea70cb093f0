//! The `grid` and `poj3076` formats: N rows of N symbols per puzzle.
//!
//! ```text
//! 1                      ← optional count line (SPOJ SUDOKU, Luogu P10481)
//! 53..7.... | 4 . . 12 . ← a cell row: one char per symbol, or numbers between spaces
//! ------+------+------   ← a rule line, ignored
//! ```
//!
//! After a bad puzzle the reader goes on after its N rows, or at a blank line if one comes
//! first: puzzles may follow each other without blank lines, so the N rows are the only
//! bound a puzzle has there, and a blank line is never inside a puzzle (it is an error
//! there), so a puzzle cut short ends at it. When the first row is what is wrong (too wide,
//! or a width the kind does not allow), N is taken to be that width (at most 25), counting
//! only rows as wide as it: a narrower row is the start of something else.

use super::alphabet::{self, number_value, Alphabet};
use super::scan::{
    self, a_size, allowed_sizes_text, coord, count_of, default_kind, exact_root, shorten,
    size_allowed, Line, Lines, MAX_SIZE,
};
use crate::formats::entry::{entry_of_cells, Dialect, Entry, ReadOptions};
use crate::formats::error::{InputError, Pos};
use crate::puzzle::{Problem, Puzzle};

/// Reads grids. A puzzle is N cell rows of N symbols, where N is the first row's symbol count;
/// puzzles are separated by blank lines or simply follow each other. Spaces and `|` separate
/// symbols; rule lines (`+`, `=`, or dashes not N long) are ignored; `#` lines are comments.
/// In POJ 3076 every grid is 16×16 in letters `A`-`P` with `-` empty.
///
/// A first line holding only a number K is a count line (SPOJ, Luogu P10481) when the next
/// cell row's symbol count differs from K's digit count — a 4×4 row `1234` followed by rows of
/// 4 stays a row — and always in POJ 3076. Exactly K puzzles must follow, bad ones counted;
/// when they do not, every puzzle is still read and the error comes at the end.
pub(crate) fn read<'a>(
    text: &'a str,
    options: ReadOptions,
    dialect: Dialect,
) -> impl Iterator<Item = Result<Entry, InputError>> + 'a {
    let mut reader = GridReader {
        lines: Lines::new(text),
        options,
        judge: dialect == Dialect::Judge,
        number: 0,
        count: None,
        first_extra: None,
        started: false,
        done: false,
        end: Pos::new(1, 1),
        lookahead: None,
    };
    std::iter::from_fn(move || reader.next_entry()).fuse()
}

/// How a cell row splits into symbols.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Split {
    /// Every char but spaces and `|` is one symbol.
    Chars,
    /// Tokens between spaces and `|` are decimal numbers (or `.`).
    Numbers,
}

/// One cell's symbol as written.
#[derive(Clone, Copy, Debug)]
enum Symbol<'a> {
    Char(char),
    Number(&'a str),
}

/// The count line: what it says, as written, and where.
struct CountLine<'a> {
    value: Option<u64>,
    text: &'a str,
    pos: Pos,
}

struct GridReader<'a> {
    lines: Lines<'a>,
    options: ReadOptions,
    judge: bool,
    number: usize,
    count: Option<CountLine<'a>>,
    /// Where the first puzzle past the count line's number starts.
    first_extra: Option<Pos>,
    started: bool,
    /// The count check has run at the end of the input: nothing more to say.
    done: bool,
    /// Just past the last text read, for errors at the end of the input.
    end: Pos,
    /// The last look past dash lines: (line number it reached, that row's symbol count).
    lookahead: Option<(u32, Option<usize>)>,
}

impl<'a> GridReader<'a> {
    /// The next entry; `None` once the input is used up.
    fn next_entry(&mut self) -> Option<Result<Entry, InputError>> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            self.read_count_line();
        }
        let first = loop {
            let Some(line) = self.lines.next() else {
                self.done = true;
                return self.check_count().err().map(Err);
            };
            if line.is_skipped() {
                continue;
            }
            self.end = line.end();
            let size = self.judge.then_some(16);
            if !self.is_rule(line, size) {
                break line;
            }
        };
        let past_count = self
            .count
            .as_ref()
            .is_some_and(|count| count.value.is_some_and(|k| self.number as u64 >= k));
        if past_count && self.first_extra.is_none() {
            self.first_extra = Some(first.start());
        }
        self.number += 1;
        Some(self.puzzle(first).map_err(|e| e.in_puzzle(self.number)))
    }

    /// Takes a leading count line, if the text has one (see [`read`]).
    fn read_count_line(&mut self) {
        let mut ahead = self.lines.clone();
        let Some(line) = ahead.find(|l| !l.is_skipped()) else {
            return;
        };
        let t = line.trimmed();
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return;
        }
        let is_count = self.judge || next_row_count(ahead.clone()) != Some(t.len());
        if is_count {
            self.lines = ahead;
            self.end = line.end();
            self.count = Some(CountLine {
                value: t.parse().ok(),
                text: t,
                pos: line.start(),
            });
        }
    }

    /// At the end of the input: exactly as many puzzles as the count line said?
    fn check_count(&self) -> Result<(), InputError> {
        let Some(count) = &self.count else {
            return Ok(());
        };
        if count.value == Some(self.number as u64) {
            return Ok(());
        }
        let follow = match self.number {
            0 => "none follow".to_string(),
            1 => "1 follows".to_string(),
            n => format!("{n} follow"),
        };
        let says = match count.value {
            Some(1) => "1 puzzle".to_string(),
            _ => format!("{} puzzles", shorten(count.text)),
        };
        let pos = match self.first_extra {
            Some(pos) => pos,
            None if self.number == 0 => count.pos,
            None => self.end,
        };
        Err(InputError::new(
            pos,
            format!("the first line says {says} but {follow}"),
        ))
    }

    /// True for a line drawn between rows: it has `+` or `=`, or only dashes (and `|`) that
    /// are not a row of N empty cells. Before N is known, a dash line is a row when the next
    /// row has as many symbols as it has dashes.
    fn is_rule(&mut self, line: Line<'a>, size: Option<usize>) -> bool {
        let t = line.trimmed();
        // POJ 3076 draws no rules: there every line is a row.
        if self.judge || !is_separator_only(t) {
            return false;
        }
        if t.contains('+') || t.contains('=') {
            return true;
        }
        let dashes = t.chars().filter(|&c| c == '-').count();
        let next = match (size, self.lookahead) {
            (Some(n), _) => return dashes != n,
            // Lines up to a cached look-ahead's row are all separators: reuse its answer.
            (None, Some((reached, count))) if line.number < reached => count,
            (None, _) => {
                let mut ahead = self.lines.clone();
                let found = ahead.find(|l| !l.is_skipped() && !is_separator_only(l.trimmed()));
                let count = found.map(|l| row_count(l.text, auto_split(l.text, None)));
                self.lookahead = Some((found.map_or(u32::MAX, |l| l.number), count));
                count
            }
        };
        next != Some(dashes)
    }

    /// The split a row uses: forced by the alphabet or the judge format, else numbers when
    /// the row reads as numbers (or the puzzle already does).
    fn split(&self, text: &str, size: Option<usize>, puzzle: Option<Split>) -> Split {
        match self.options.alphabet {
            _ if self.judge => Split::Chars,
            Some(Alphabet::Numbers) => Split::Numbers,
            Some(_) => Split::Chars,
            None if puzzle == Some(Split::Numbers) => Split::Numbers,
            None => auto_split(text, size),
        }
    }

    /// Reads the puzzle whose first row is `first`. On an error the rest of the bad puzzle is
    /// skipped (see the module docs), so the next call starts at the next puzzle.
    fn puzzle(&mut self, first: Line<'a>) -> Result<Entry, InputError> {
        let start = first.start();
        let mut split = self.split(first.text, None, None);
        let size = if self.judge {
            16
        } else {
            let width = row_count(first.text, split);
            match self.first_row_size(first, width) {
                Ok(size) => size,
                Err(e) => {
                    self.skip_rows(width.min(MAX_SIZE).saturating_sub(1), width, Some(width));
                    return Err(e);
                }
            }
        };
        let mut symbols: Vec<(Symbol<'a>, Pos)> = Vec::with_capacity(size * size);
        if let Err(e) = self.push_row(first, 1, size, &mut split, &mut symbols) {
            self.skip_rows(size - 1, size, None);
            return Err(e);
        }
        let mut rows = 1;
        while rows < size {
            let Some(line) = self.lines.next() else {
                return Err(self.incomplete(rows, size, self.end));
            };
            if line.trimmed().is_empty() {
                return Err(self.incomplete(rows, size, Pos::new(line.number, 1)));
            }
            if line.is_skipped() {
                continue;
            }
            self.end = line.end();
            if self.is_rule(line, Some(size)) {
                continue;
            }
            rows += 1;
            if let Err(e) = self.push_row(line, rows, size, &mut split, &mut symbols) {
                let size = self.bad_puzzle_size(line, rows, size, split);
                self.skip_rows(size.saturating_sub(rows), size, None);
                return Err(e);
            }
        }
        let (givens, alphabet) = self.decode(&symbols, size, split, start)?;
        let kind = self.options.kind.unwrap_or_else(|| default_kind(size));
        let cell_pos = symbols.iter().map(|s| s.1).collect();
        entry_of_cells(kind, size, givens, cell_pos, alphabet, self.number, start)
    }

    /// How many rows the bad puzzle has whose row `rows` (`line`) failed, when the first row
    /// set `size`. When the second row is as wide as the row after it but not as the first,
    /// the first was the odd one (a symbol missing or extra) and the puzzle is as tall as
    /// the others are wide: grids may follow each other without a blank line, and skipping
    /// by the first row's width would stitch the rest of this puzzle to the next one.
    fn bad_puzzle_size(&self, line: Line<'a>, rows: usize, size: usize, split: Split) -> usize {
        let width = row_count(line.text, split);
        if rows != 2 || width == size || !size_allowed(self.options.kind, width) {
            return size;
        }
        let mut ahead = self.lines.clone();
        let third = ahead.find(|l| {
            l.trimmed().is_empty() || (!l.is_skipped() && !is_separator_only(l.trimmed()))
        });
        match third {
            Some(l) if !l.trimmed().is_empty() && row_count(l.text, split) == width => width,
            _ => size,
        }
    }

    /// Skips up to `left` more cell rows of a bad puzzle `size` wide (rule lines and comments
    /// between them too), stopping before a blank line; with `width`, also before a row of
    /// another width.
    fn skip_rows(&mut self, mut left: usize, size: usize, width: Option<usize>) {
        while left > 0 {
            let mut ahead = self.lines.clone();
            let Some(line) = ahead.next() else {
                return;
            };
            if line.trimmed().is_empty() {
                return;
            }
            if !line.is_skipped() && !self.is_rule(line, Some(size)) {
                let other_width = width.is_some_and(|w| {
                    row_count(line.text, auto_split(line.text, None)) != w
                        && row_count(line.text, Split::Chars) != w
                });
                if other_width {
                    return;
                }
                left -= 1;
            }
            self.lines = ahead;
            self.end = line.end();
        }
    }

    /// The size a puzzle's first row sets, if some kind allows it.
    fn first_row_size(&self, first: Line<'a>, count: usize) -> Result<usize, InputError> {
        let has = format!("line {} has {}", first.number, count_of(count, "symbol"));
        if count > MAX_SIZE {
            let hint = if exact_root(count).is_some() {
                " (a whole puzzle on one line? use the line format)"
            } else {
                ""
            };
            return Err(InputError::new(
                nth_symbol_pos(first, Split::Chars, MAX_SIZE),
                format!("{has}; a grid row has at most {MAX_SIZE}{hint}"),
            ));
        }
        if !size_allowed(self.options.kind, count) {
            let kind = self.options.kind.map_or(String::new(), |k| format!("{k} "));
            return Err(InputError::new(
                first.start(),
                format!(
                    "{has}; a {kind}grid row has {} symbols",
                    allowed_sizes_text(self.options.kind)
                ),
            ));
        }
        Ok(count)
    }

    /// Adds row `row` (1-based) of the puzzle, which must hold `size` symbols.
    fn push_row(
        &self,
        line: Line<'a>,
        row: usize,
        size: usize,
        puzzle_split: &mut Split,
        symbols: &mut Vec<(Symbol<'a>, Pos)>,
    ) -> Result<(), InputError> {
        let split = self.split(line.text, Some(size), Some(*puzzle_split));
        if split == Split::Numbers {
            *puzzle_split = Split::Numbers;
        }
        let count = row_count(line.text, split);
        if count != size {
            let grid = if self.judge {
                "a POJ 3076 grid".to_string()
            } else {
                format!("{} grid", a_size(size))
            };
            let pos = if count > size {
                nth_symbol_pos(line, split, size)
            } else {
                line.end()
            };
            return Err(InputError::new(
                pos,
                format!(
                    "row {row} has {}; {grid} needs {size}",
                    count_of(count, "symbol")
                ),
            ));
        }
        match split {
            Split::Chars => symbols.extend(
                line.text
                    .chars()
                    .enumerate()
                    .filter(|&(_, c)| !is_gap(c))
                    .map(|(i, c)| {
                        (
                            Symbol::Char(c),
                            Pos::new(line.number, coord(i).saturating_add(1)),
                        )
                    }),
            ),
            Split::Numbers => symbols
                .extend(tokens(line.text).map(|(i, t)| (Symbol::Number(t), line.pos_at_byte(i)))),
        }
        Ok(())
    }

    fn incomplete(&self, rows: usize, size: usize, pos: Pos) -> InputError {
        InputError::new(
            pos,
            format!(
                "the puzzle ends after {}; {} grid has {size}",
                count_of(rows, "row"),
                a_size(size)
            ),
        )
    }

    /// Turns the symbols into givens: numbers if any row was numbers, else one-char symbols in
    /// the chosen or detected alphabet (letters for POJ 3076).
    fn decode(
        &self,
        symbols: &[(Symbol<'a>, Pos)],
        size: usize,
        split: Split,
        start: Pos,
    ) -> Result<(Vec<u8>, Alphabet), InputError> {
        if split == Split::Numbers {
            let givens = symbols
                .iter()
                .map(|&(s, pos)| match s {
                    Symbol::Char(c) => number_value(&c.to_string(), size, Alphabet::Numbers, pos),
                    Symbol::Number(t) => number_value(t, size, Alphabet::Numbers, pos),
                })
                .collect::<Result<Vec<u8>, InputError>>()?;
            return Ok((givens, Alphabet::Numbers));
        }
        let chars: Vec<(char, Pos)> = symbols
            .iter()
            .map(|&(s, pos)| match s {
                Symbol::Char(c) => (c, pos),
                // Not reached: a chars split makes no number tokens.
                Symbol::Number(t) => (t.chars().next().unwrap_or('?'), pos),
            })
            .collect();
        let forced = if self.judge {
            Some(Alphabet::Letters)
        } else {
            self.options.alphabet
        };
        alphabet::decode(&chars, size, forced, start)
    }
}

/// True for chars that separate symbols inside a row.
fn is_gap(c: char) -> bool {
    c.is_whitespace() || c == '|'
}

/// True for a line of separators only: dashes, `=`, `+`, `|` and spaces.
fn is_separator_only(t: &str) -> bool {
    t.contains('+')
        || t.chars()
            .all(|c| matches!(c, '-' | '=' | '|') || c.is_whitespace())
}

/// The tokens of a row between spaces and `|`, with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let base = text.as_ptr() as usize;
    text.split(is_gap)
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - base, t))
}

/// The number of symbols of a row read as the first row of a grid, if every symbol is a digit
/// of a grid that wide in some alphabet (for format detection).
pub(crate) fn plausible_row(text: &str) -> Option<usize> {
    let split = auto_split(text, None);
    let count = row_count(text, split);
    let plausible = split == Split::Numbers
        || text
            .chars()
            .filter(|&c| !is_gap(c))
            .all(|c| alphabet::fits_some_alphabet(c, count));
    plausible.then_some(count)
}

/// The number of symbols of a row under `split`.
fn row_count(text: &str, split: Split) -> usize {
    match split {
        Split::Chars => text.chars().filter(|&c| !is_gap(c)).count(),
        Split::Numbers => tokens(text).count(),
    }
}

/// Where the symbol after the first `n` is (or the end of the line).
fn nth_symbol_pos(line: Line<'_>, split: Split, n: usize) -> Pos {
    let found = match split {
        Split::Chars => line
            .text
            .char_indices()
            .filter(|&(_, c)| !is_gap(c))
            .nth(n)
            .map(|(i, _)| i),
        Split::Numbers => tokens(line.text).nth(n).map(|(i, _)| i),
    };
    found.map_or_else(|| line.end(), |i| line.pos_at_byte(i))
}

/// A row reads as numbers when it has a token of two digits and every token is a number no
/// larger than the row is long (or `.`, `-`, `_`): `12 . 3 16 …`, never `123 456 789`.
fn auto_split(text: &str, size: Option<usize>) -> Split {
    let mut count = 0;
    let mut largest = 0;
    let mut two_digits = false;
    for (_, t) in tokens(text) {
        count += 1;
        let number = t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
        if count > MAX_SIZE || !(number || matches!(t, "." | "-" | "_")) {
            return Split::Chars;
        }
        two_digits |= t.len() == 2;
        largest = largest.max(t.parse::<usize>().unwrap_or(0));
    }
    let width = size.unwrap_or(count);
    if two_digits && count == width && largest <= width && width >= 3 {
        Split::Numbers
    } else {
        Split::Chars
    }
}

/// The symbol count of the next cell row in `lines` (separator lines skipped).
fn next_row_count(mut lines: Lines<'_>) -> Option<usize> {
    lines
        .find(|l| !l.is_skipped() && !is_separator_only(l.trimmed()))
        .map(|l| row_count(l.text, auto_split(l.text, None)))
}

/// Writes the solution as N rows of N symbols (numbers between spaces), with a blank line
/// before every puzzle but the first.
pub(crate) fn write_solution(out: &mut String, entry: &Entry, solution: &[u8], first: bool) {
    let size = entry.puzzle.size();
    write_rows(
        out,
        solution,
        size,
        entry.alphabet.or_fitting(size),
        '.',
        first,
    );
}

/// Writes a puzzle as N rows, `.` for empty cells (POJ 3076: letters, `-` empty, 16×16
/// sudoku only). Grids hold no relations.
pub(crate) fn write_puzzle(
    out: &mut String,
    puzzle: &Puzzle,
    alphabet: Alphabet,
    first: bool,
    dialect: Dialect,
) -> Result<(), Problem> {
    let size = puzzle.size();
    scan::without_relations(puzzle, "grid")?;
    let (alphabet, empty) = if dialect == Dialect::Judge {
        scan::judge_takes(puzzle, "POJ 3076", 16)?;
        (Alphabet::Letters, '-')
    } else {
        alphabet::writes(alphabet, size)?;
        (alphabet, '.')
    };
    write_rows(out, puzzle.givens(), size, alphabet, empty, first);
    Ok(())
}

fn write_rows(
    out: &mut String,
    digits: &[u8],
    size: usize,
    alphabet: Alphabet,
    empty: char,
    first: bool,
) {
    if !first {
        out.push('\n');
    }
    for row in digits.chunks(size.max(1)) {
        for (i, &d) in row.iter().enumerate() {
            if alphabet == Alphabet::Numbers && i > 0 {
                out.push(' ');
            }
            alphabet.push_digit(out, d, empty);
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests;
