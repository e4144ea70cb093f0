//! The `picture` format: the native drawing of inequality and Futoshiki puzzles, and of
//! puzzles with markers between cells (Kropki dots, X and V).
//!
//! ```text
//! 5 futoshiki             ← optional header: the size, then the kind
//! . < . | . | . | 4       ← a cell row: N cells joined by `<`, `>` or `|` (no relation)
//! ^   -   -   v   -       ← a gap row: `^` upper < lower, `v` upper > lower, `-` or `.` none
//! . | . | 2 > . | .
//! …                         2N−1 lines in all; whitespace between tokens is optional
//! ```
//! The layout is that of `check.py futoshiki`, which reads the size from the header.
//!
//! Markers take the place of `|` in a cell row and of `-` in a gap row: `o` a white dot
//! (consecutive digits), `*` a black dot (one double the other), `X` (summing to 10), `V`
//! (summing to 5) — upper case, so `V` is never the `v` of a relation. In a cell row a marker
//! glyph is one only where a separator is due, so a cell may still be `X` or `V` in an
//! alphabet of letters. The header may end with `negative=white,black` (any marker names of
//! the JSON model): the negative constraint, "all those markers are given".
//!
//! ```text
//! 4 classic negative=white,black
//! . o . | . * .
//! -   o   -   -
//! . | . | . o .
//! …
//! ```
//! Differences, ratios and sums of other values have no glyph: the JSON model takes them.
//!
//! After a bad picture the reader goes on after its 2N−1 lines, or before a blank line or an
//! `N kind` header if one comes first: pictures may follow each other without either, so the
//! line count is the one bound a picture always has, and a header always starts a picture.
//! Blank lines inside a picture are allowed (`check.py` drops them), but they nearly always
//! separate pictures: when a bad picture crossed one, the reader goes back to the line after
//! the first it crossed, so a picture cut short never takes the next one down with it. When
//! the size is not known (a bad header, or a bad first row without a header), the bad
//! picture runs to the next blank line or header.

use std::iter::Peekable;
use std::str::CharIndices;

use super::alphabet::{self, not_a_digit, number_value, Alphabet};
use super::scan::{a_size, allowed_sizes_text, count_of, shorten, Line, Lines, MAX_SIZE};
use crate::formats::entry::{problem_error, Entry, ReadOptions};
use crate::formats::error::{InputError, Pos};
use crate::formats::quote::{is_not, quote, KINDS, MARKERS};
use crate::geometry::{Cell, LATIN_SIZES};
use crate::puzzle::{Kind, Marker, MarkerKind, Puzzle, Relation};

/// Reads pictures, one after another (blank lines between them are optional; `#` lines are
/// comments). The kind is `options.kind`, else the header's, else futoshiki: a bare `N`
/// header, or none, means a Latin square, as in `check.py`. After a bad picture reading goes
/// on as the module docs say.
pub(crate) fn read(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, InputError>> + '_ {
    PictureReader {
        lines: Lines::new(text),
        options,
        number: 0,
        end: Pos::new(1, 1),
        after_blank: None,
    }
}

struct PictureReader<'a> {
    lines: Lines<'a>,
    options: ReadOptions,
    number: usize,
    /// Just past the last text read.
    end: Pos,
    /// The lines after the first blank line the current picture crossed, if it crossed one:
    /// where reading goes on if the picture turns out bad.
    after_blank: Option<Lines<'a>>,
}

/// How much of a bad picture is left to skip.
enum Rest {
    /// Nothing: the error came once every line was read, or at the line after the last.
    Nothing,
    /// Up to this many more lines.
    Lines(usize),
    /// Everything up to a blank line or a header (the size is not known).
    Block,
}

/// The optional first line: `N`, `N kind`, or `N kind negative=…`.
struct Header {
    size: usize,
    kind: Option<Kind>,
    negative: Vec<MarkerKind>,
}

/// The marker a glyph draws (`o` white, `*` black, `X`, `V`), if it draws one.
fn marker_glyph(c: char) -> Option<MarkerKind> {
    match c {
        'o' => Some(MarkerKind::WHITE),
        '*' => Some(MarkerKind::BLACK),
        'X' => Some(MarkerKind::X),
        'V' => Some(MarkerKind::V),
        _ => None,
    }
}

/// A cell row: its cell tokens and the separators between them.
struct CellRow<'a> {
    cells: Vec<(&'a str, Pos)>,
    separators: Vec<(char, Pos)>,
}

impl Iterator for PictureReader<'_> {
    type Item = Result<Entry, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let first = self.next_line()?;
        self.number += 1;
        self.after_blank = None;
        let result = self.picture(first).map_err(|(e, rest)| {
            self.skip(rest);
            e.in_puzzle(self.number)
        });
        Some(result)
    }
}

impl<'a> PictureReader<'a> {
    /// The next line with something to read, noting the first blank line crossed.
    fn next_line(&mut self) -> Option<Line<'a>> {
        loop {
            let line = self.lines.next()?;
            if line.trimmed().is_empty() {
                if self.after_blank.is_none() {
                    self.after_blank = Some(self.lines.clone());
                }
                continue;
            }
            if line.is_skipped() {
                continue;
            }
            self.end = line.end();
            return Some(line);
        }
    }

    /// Moves past the rest of a bad picture (see the module docs).
    fn skip(&mut self, rest: Rest) {
        if let Some(lines) = self.after_blank.take() {
            self.lines = lines;
            return;
        }
        let mut left = match rest {
            Rest::Nothing => return,
            Rest::Lines(n) => n,
            Rest::Block => usize::MAX,
        };
        while left > 0 {
            let mut ahead = self.lines.clone();
            let Some(line) = ahead.next() else {
                return;
            };
            if line.trimmed().is_empty() || looks_like_header(line.trimmed()) {
                return;
            }
            if !line.is_skipped() {
                left -= 1;
                self.end = line.end();
            }
            self.lines = ahead;
        }
    }

    /// "row 3".
    fn row_name(&self, row: usize) -> String {
        format!("row {row}")
    }

    /// Reads the picture starting at `first`; an error comes with what is left of the picture
    /// to skip.
    fn picture(&mut self, first: Line<'a>) -> Result<Entry, (InputError, Rest)> {
        let start = first.start();
        let header = header(first).map_err(|e| {
            // The header says nothing usable: the first cell row tells how tall the picture
            // is, so that the pictures after it are not swallowed too.
            let next = self.lines.clone().find(|l| !l.is_skipped());
            (e, rest_of(next.and_then(|l| width_guess(l.text)), 0))
        })?;
        let kind = self
            .options
            .kind
            .or(header.as_ref().and_then(|h| h.kind))
            .unwrap_or(Kind::Futoshiki);
        let mut size = header.as_ref().map(|h| h.size);
        if let Some(n) = size {
            check_size(kind, n, start).map_err(|e| (e, Rest::Lines(2 * n - 1)))?;
        }
        // What is left of the picture once `read` of its lines are read; before its size is
        // known, the first cell row's separators guess it.
        let guess = width_guess(first.text);
        let rest = |size: Option<usize>, read: usize| rest_of(size.or(guess), read);
        let mut lines_read = 0;
        let mut cells: Vec<(&'a str, Pos)> = Vec::new();
        let mut relation_pos: Vec<(Relation, Pos)> = Vec::new();
        let mut markers: Vec<Marker> = Vec::new();
        let mut row = 0;
        let mut pending = header.is_none().then_some(first);
        loop {
            let line = match pending.take() {
                Some(line) => line,
                None => self
                    .row_line(lines_read, size)
                    .map_err(|e| (e, Rest::Nothing))?,
            };
            lines_read += 1;
            let cell_row = self
                .cell_row(line, row, size)
                .map_err(|e| (e, rest(size, lines_read)))?;
            let n = match size {
                Some(n) => n,
                None => {
                    let n = cell_row.cells.len();
                    check_size(kind, n, start).map_err(|e| (e, rest(Some(n), lines_read)))?;
                    size = Some(n);
                    cells.reserve(n * n);
                    n
                }
            };
            for (k, &(sep, pos)) in cell_row.separators.iter().enumerate() {
                let (a, b) = (Cell::new(row, k), Cell::new(row, k + 1));
                match sep {
                    '<' => relation_pos.push((Relation::new(a, true, b), pos)),
                    '>' => relation_pos.push((Relation::new(a, false, b), pos)),
                    c => {
                        if let Some(kind) = marker_glyph(c) {
                            markers.push(Marker::new(a, kind, b));
                        }
                    }
                }
            }
            cells.extend(cell_row.cells);
            if row + 1 == n {
                break;
            }
            let line = self
                .row_line(lines_read, size)
                .map_err(|e| (e, Rest::Nothing))?;
            lines_read += 1;
            self.gap_row(line, row, n, &mut relation_pos, &mut markers)
                .map_err(|e| (e, rest(size, lines_read)))?;
            row += 1;
        }
        // Every line is read: a problem from here on leaves nothing to skip.
        self.after_blank = None;
        let size = size.unwrap_or(0);
        let (givens, alphabet) = decode_cells(&cells, size, self.options.alphabet, start)
            .map_err(|e| (e, Rest::Nothing))?;
        let cell_pos: Vec<Pos> = cells.iter().map(|c| c.1).collect();
        let relations = relation_pos.iter().map(|r| r.0).collect();
        let negative = header.map(|h| h.negative).unwrap_or_default();
        let puzzle = Puzzle::new(kind, size, givens, relations)
            .and_then(|p| {
                if markers.is_empty() && negative.is_empty() {
                    Ok(p)
                } else {
                    p.with_markers(markers, negative)
                }
            })
            .map_err(|p| {
                (
                    problem_error(p, size, &cell_pos, &relation_pos, start),
                    Rest::Nothing,
                )
            })?;
        Ok(Entry {
            puzzle,
            alphabet,
            number: self.number,
            pos: start,
            cell_pos: cell_pos.into(),
            relation_pos,
        })
    }

    /// The next line of the picture; the input ending, or a header, first is an error (and
    /// the header is left for the next picture).
    fn row_line(&mut self, lines_read: usize, size: Option<usize>) -> Result<Line<'a>, InputError> {
        let next = self.lines.clone().find(|l| !l.is_skipped());
        match next {
            Some(line) if !looks_like_header(line.trimmed()) => {
                Ok(self.next_line().unwrap_or(line))
            }
            _ => {
                let pos = next.map_or(self.end, |l| l.start());
                let n = size.unwrap_or(0);
                Err(InputError::new(
                    pos,
                    format!(
                        "the picture ends after {} of its {}; {} picture has 2N−1 lines",
                        lines_read,
                        count_of((2 * n).saturating_sub(1), "line"),
                        a_size(n)
                    ),
                ))
            }
        }
    }

    /// Splits a cell row into cells and separators. Digit runs are one cell (`12`); any other
    /// char is one cell on its own.
    fn cell_row(
        &self,
        line: Line<'a>,
        row: usize,
        size: Option<usize>,
    ) -> Result<CellRow<'a>, InputError> {
        let limit = size.unwrap_or(MAX_SIZE);
        let mut cells: Vec<(&'a str, Pos)> = Vec::with_capacity(limit);
        let mut separators: Vec<(char, Pos)> = Vec::with_capacity(limit);
        let mut chars: Peekable<CharIndices<'a>> = line.text.char_indices().peekable();
        let mut expect_cell = true;
        while let Some((i, c)) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            let pos = line.pos_at_byte(i);
            // A marker glyph where a separator is due is one; where a cell is due, a cell.
            let marker = !expect_cell && marker_glyph(c).is_some();
            if marker || matches!(c, '<' | '>' | '|') {
                if expect_cell {
                    return Err(InputError::new(
                        pos,
                        format!(
                            "expected a cell of {}, found {}",
                            self.row_name(row + 1),
                            quote(&c.to_string())
                        ),
                    ));
                }
                separators.push((c, pos));
                expect_cell = true;
                continue;
            }
            let mut end = i + c.len_utf8();
            if c.is_ascii_digit() {
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
            }
            let token = &line.text[i..end];
            if !expect_cell {
                let k = cells.len();
                return Err(InputError::new(
                    pos,
                    format!(
                        "expected '<', '>', '|' or a marker (o * X V) between {} and {}, found {}",
                        Cell::new(row, k - 1),
                        Cell::new(row, k),
                        quote(token)
                    ),
                ));
            }
            if cells.len() == limit {
                let needs = match size {
                    Some(n) => format!("{} picture needs {n}", a_size(n)),
                    None => format!("the largest picture is {MAX_SIZE}×{MAX_SIZE}"),
                };
                return Err(InputError::new(
                    pos,
                    format!(
                        "{} has more than {}; {needs}",
                        self.row_name(row + 1),
                        count_of(limit, "cell")
                    ),
                ));
            }
            cells.push((token, pos));
            expect_cell = false;
        }
        if let (true, Some(&(sep, _))) = (expect_cell, separators.last()) {
            return Err(InputError::new(
                line.end(),
                format!(
                    "{} ends with '{sep}'; a cell must follow it",
                    self.row_name(row + 1)
                ),
            ));
        }
        if let Some(n) = size {
            if cells.len() != n {
                return Err(InputError::new(
                    line.end(),
                    format!(
                        "{} has {}; {} picture needs {n}",
                        self.row_name(row + 1),
                        count_of(cells.len(), "cell"),
                        a_size(n)
                    ),
                ));
            }
        }
        Ok(CellRow { cells, separators })
    }

    /// Reads the gap row below row `upper` (0-based): `^` `v` `-` `.` or a marker glyph,
    /// one per column.
    fn gap_row(
        &self,
        line: Line<'a>,
        upper: usize,
        size: usize,
        relation_pos: &mut Vec<(Relation, Pos)>,
        markers: &mut Vec<Marker>,
    ) -> Result<(), InputError> {
        let which = format!("the gap row below row {}", upper + 1);
        let mut column = 0;
        for (i, c) in line.text.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            let pos = line.pos_at_byte(i);
            if column == size {
                return Err(InputError::new(
                    pos,
                    format!(
                        "{which} has more than {}; {} picture needs {size}",
                        count_of(size, "symbol"),
                        a_size(size)
                    ),
                ));
            }
            let (a, b) = (Cell::new(upper, column), Cell::new(upper + 1, column));
            match c {
                '^' => relation_pos.push((Relation::new(a, true, b), pos)),
                'v' => relation_pos.push((Relation::new(a, false, b), pos)),
                '-' | '.' => {}
                c if marker_glyph(c).is_some() => markers.push(Marker::new(
                    a,
                    marker_glyph(c).unwrap_or(MarkerKind::WHITE),
                    b,
                )),
                _ => {
                    let hint = if line.text.contains(['<', '>', '|']) {
                        " (a gap row of ^ v - comes between cell rows)"
                    } else {
                        ""
                    };
                    return Err(InputError::new(
                        pos,
                        format!(
                            "expected '^', 'v', '-' or a marker (o * X V) between {a} and {b}, found {}{hint}",
                            quote(&c.to_string())
                        ),
                    ));
                }
            }
            column += 1;
        }
        if column != size {
            return Err(InputError::new(
                line.end(),
                format!(
                    "{which} has {}; {} picture needs {size}",
                    count_of(column, "symbol"),
                    a_size(size)
                ),
            ));
        }
        Ok(())
    }
}

/// True for `N`, `N word` or `N word negative=…`: a line no cell row can be.
pub(crate) fn looks_like_header(t: &str) -> bool {
    let mut words = t.split_whitespace();
    let first = words.next().unwrap_or("");
    let second = words.next();
    !first.is_empty()
        && first.bytes().all(|b| b.is_ascii_digit())
        && second.is_none_or(|w| w.chars().all(char::is_alphabetic))
        && words.next().is_none_or(|w| w.starts_with("negative="))
        && words.next().is_none()
}

/// What is left of a picture of `size` (unknown: up to a blank line or a header) once `read`
/// of its lines are read.
fn rest_of(size: Option<usize>, read: usize) -> Rest {
    match size {
        Some(n) => Rest::Lines((2 * n - 1).saturating_sub(read)),
        None => Rest::Block,
    }
}

/// How many cells a cell row has, by its separators (`<` `>` `|` between every two cells),
/// for a row too broken to read: a size to skip by, when it is one a picture can have.
fn width_guess(text: &str) -> Option<usize> {
    let n = text
        .chars()
        .filter(|c| matches!(c, '<' | '>' | '|' | 'o' | '*'))
        .count()
        + 1;
    LATIN_SIZES.contains(&n).then_some(n)
}

/// The header, if `line` is one.
fn header(line: Line<'_>) -> Result<Option<Header>, InputError> {
    let t = line.trimmed();
    if !looks_like_header(t) {
        return Ok(None);
    }
    let mut words = t.split_whitespace();
    let number = words.next().unwrap_or("");
    let size = if number.len() <= 2 {
        number.parse::<usize>().ok()
    } else {
        None
    };
    let Some(size) = size.filter(|n| LATIN_SIZES.contains(n)) else {
        return Err(InputError::new(
            line.start(),
            format!(
                "a picture of size {} is not supported: sizes go from {} to {}",
                shorten(number),
                LATIN_SIZES.start(),
                LATIN_SIZES.end()
            ),
        ));
    };
    // A word of the header that is not `what`, at its place.
    let not_a = |word: &str, what: &str| {
        let at = line.text.find(word).unwrap_or(0);
        InputError::new(line.pos_at_byte(at), is_not(word, what))
    };
    let kind = match words.next() {
        None => None,
        Some(word) => match Kind::parse(word) {
            Some(kind) => Some(kind),
            None => return Err(not_a(word, KINDS)),
        },
    };
    let mut negative = Vec::new();
    if let Some(word) = words.next() {
        let names = word.strip_prefix("negative=").unwrap_or(word);
        for name in names.split(',').filter(|n| !n.is_empty()) {
            match MarkerKind::parse(name) {
                Some(marker) => negative.push(marker),
                None => return Err(not_a(name, MARKERS)),
            }
        }
    }
    Ok(Some(Header {
        size,
        kind,
        negative,
    }))
}

fn check_size(kind: Kind, size: usize, pos: Pos) -> Result<(), InputError> {
    if kind.geometry(size).is_some() {
        return Ok(());
    }
    Err(InputError::new(
        pos,
        format!(
            "{} {kind} puzzle is not supported: the size must be {}",
            a_size(size),
            allowed_sizes_text(Some(kind))
        ),
    ))
}

/// Turns cell tokens into givens. Without a chosen alphabet, numbers (`12`, `.`) are read as
/// numbers; tokens with letters are one-char symbols of a detected alphabet.
fn decode_cells(
    cells: &[(&str, Pos)],
    size: usize,
    forced: Option<Alphabet>,
    start: Pos,
) -> Result<(Vec<u8>, Alphabet), InputError> {
    let numeric = |t: &str| t.bytes().all(|b| b.is_ascii_digit()) || matches!(t, "." | "-" | "_");
    let numbers = match forced {
        Some(Alphabet::Numbers) => Some(Alphabet::Numbers),
        None if cells.iter().all(|(t, _)| numeric(t)) => Some(if size <= 9 {
            Alphabet::Digits
        } else {
            Alphabet::Numbers
        }),
        _ => None,
    };
    if let Some(alphabet) = numbers {
        let givens = cells
            .iter()
            .map(|&(t, pos)| number_value(t, size, alphabet, pos))
            .collect::<Result<Vec<u8>, InputError>>()?;
        return Ok((givens, alphabet));
    }
    let mut chars = Vec::with_capacity(cells.len());
    for &(t, pos) in cells {
        let mut it = t.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => chars.push((c, pos)),
            _ => {
                let shown = forced.unwrap_or(Alphabet::Alnum);
                return Err(not_a_digit(t, shown, size, pos));
            }
        }
    }
    alphabet::decode(&chars, size, forced, start)
}

mod write;

pub(crate) use write::{write_puzzle, write_solution};

#[cfg(test)]
mod tests;
