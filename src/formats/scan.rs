//! Numbered lines, char columns and size rules shared by the text readers.

use crate::geometry::{block_shape, CLASSIC_SIZES, LATIN_SIZES};
use crate::puzzle::{Kind, Problem, Puzzle};

use super::error::Pos;

/// The longest puzzle line: 25×25 symbols.
pub(crate) const MAX_CELLS: usize = 625;

/// The largest size of any kind.
pub(crate) const MAX_SIZE: usize = 25;

/// Converts a count to a position coordinate; positions past `u32::MAX` saturate.
pub(crate) fn coord(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One line of input without its line break (`\n`, `\r\n`, or a lone `\r` as old Mac
/// editors write).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    /// 1-based line number.
    pub number: u32,
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// The position of the char at byte offset `byte` (1-based column in chars).
    pub fn pos_at_byte(&self, byte: usize) -> Pos {
        Pos::new(self.number, char_column(self.text, byte))
    }

    /// The position just after the last non-whitespace char (column 1 on a blank line).
    pub fn end(&self) -> Pos {
        let trimmed = self.text.trim_end();
        Pos::new(
            self.number,
            coord(trimmed.chars().count()).saturating_add(1),
        )
    }

    /// The position of the first non-whitespace char.
    pub fn start(&self) -> Pos {
        let lead = self.text.len() - self.text.trim_start().len();
        self.pos_at_byte(lead)
    }

    /// The text without surrounding whitespace.
    pub fn trimmed(&self) -> &'a str {
        self.text.trim()
    }

    /// True for a line with nothing to read: blank, or a `#` comment.
    pub fn is_skipped(&self) -> bool {
        let t = self.trimmed();
        t.is_empty() || t.starts_with('#')
    }
}

/// The 1-based char column of byte offset `byte` in `text` (offsets inside a char or past the
/// end are clamped, so any offset is safe).
pub(crate) fn char_column(text: &str, byte: usize) -> u32 {
    let mut end = byte.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    coord(text[..end].chars().count()).saturating_add(1)
}

/// The position (line, and char column from 1) of byte offset `byte` of `text`, its lines
/// ending where `Lines` ends them: at `\n`, and at a `\r` that no `\n` follows.
pub fn pos_at(text: &str, byte: usize) -> Pos {
    let bytes = text.as_bytes();
    let byte = byte.min(text.len());
    let (mut line, mut start) = (1u32, 0);
    for (i, &b) in bytes[..byte].iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line = line.saturating_add(1);
            start = i + 1;
        }
    }
    Pos::new(line, char_column(&text[start..], byte - start))
}

/// `text` without a leading byte order mark (editors on Windows add one).
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The lines of a text, numbered from 1. Cheap to clone, so readers can look ahead.
#[derive(Clone, Debug)]
pub(crate) struct Lines<'a> {
    rest: Option<&'a str>,
    number: u32,
}

impl<'a> Lines<'a> {
    /// The lines of `text`; a byte order mark at its start is not part of line 1.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            rest: Some(without_bom(text)),
            number: 0,
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let rest = self.rest?;
        let (text, rest) = match memchr::memchr2(b'\n', b'\r', rest.as_bytes()) {
            Some(i) => {
                let after = if rest[i..].starts_with("\r\n") {
                    i + 2
                } else {
                    i + 1
                };
                (&rest[..i], Some(&rest[after..]))
            }
            None => (rest, None),
        };
        // A final line break does not start another line.
        self.rest = rest.filter(|r| !r.is_empty());
        self.number = self.number.saturating_add(1);
        Some(Line {
            number: self.number,
            text,
        })
    }
}

/// The kind a size implies when nothing else says: classic where blocks exist, else a Latin
/// square (Futoshiki).
pub(crate) fn default_kind(size: usize) -> Kind {
    if block_shape(size).is_some() {
        Kind::Classic
    } else {
        Kind::Futoshiki
    }
}

/// True when `size` is a grid some kind allows (`kind` `None`: any kind).
pub(crate) fn size_allowed(kind: Option<Kind>, size: usize) -> bool {
    match kind {
        Some(k) => k.geometry(size).is_some(),
        None => LATIN_SIZES.contains(&size),
    }
}

/// The sizes a kind allows (`None`: any kind), smallest first.
pub(crate) fn allowed_sizes(kind: Option<Kind>) -> Vec<usize> {
    match kind {
        Some(k) if k.has_blocks() => CLASSIC_SIZES.to_vec(),
        _ => LATIN_SIZES.collect(),
    }
}

/// "4, 6, 8, 9, 12, 16 or 25" / "3 to 25": the sizes a kind allows, in words.
pub(crate) fn allowed_sizes_text(kind: Option<Kind>) -> String {
    match kind {
        Some(k) if k.has_blocks() => "4, 6, 8, 9, 12, 16 or 25".to_string(),
        _ => format!("{} to {}", LATIN_SIZES.start(), LATIN_SIZES.end()),
    }
}

/// "a 9×9" / "an 8×8": a size with its article, for messages.
pub(crate) fn a_size(size: usize) -> String {
    let article = if matches!(size, 8 | 11 | 18) || (80..90).contains(&size) {
        "an"
    } else {
        "a"
    };
    format!("{article} {size}×{size}")
}

/// "1 symbol" / "2 symbols".
pub(crate) fn count_of(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Text of ASCII digits for a message, cut after 20 chars. Any other input text goes
/// through [`super::quote`], which escapes it as well.
pub(crate) fn shorten(text: &str) -> String {
    match text.char_indices().nth(20) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// The exact square root of `n`, when `n` is a square of a size up to 25.
pub(crate) fn exact_root(n: usize) -> Option<usize> {
    (1..=MAX_SIZE).find(|r| r * r == n)
}

/// Refuses to write a puzzle with relations in a format that has none (`format`: its name).
pub(crate) fn without_relations(puzzle: &Puzzle, format: &str) -> Result<(), Problem> {
    if puzzle.relations().is_empty() {
        return Ok(());
    }
    Err(Problem::new(
        format!("the {format} format has no relations: write this puzzle as picture or json"),
        Vec::new(),
    ))
}

/// Refuses to write in a judge's format (`judge`: its name) a puzzle other than the
/// `size`×`size` sudoku it takes.
pub(crate) fn judge_takes(puzzle: &Puzzle, judge: &str, size: usize) -> Result<(), Problem> {
    if puzzle.size() == size && puzzle.kind() != Kind::Futoshiki {
        return Ok(());
    }
    Err(Problem::new(
        format!(
            "{judge} puzzles are {size}×{size} sudoku; this is {} {}",
            a_size(puzzle.size()),
            puzzle.kind()
        ),
        Vec::new(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_one_and_lose_their_breaks() {
        let lines: Vec<_> = Lines::new("a\r\nb\n\nc\n")
            .map(|l| (l.number, l.text))
            .collect();
        assert_eq!(lines, [(1, "a"), (2, "b"), (3, ""), (4, "c")]);
        assert_eq!(Lines::new("").count(), 1);
    }

    #[test]
    fn columns_count_chars_not_bytes() {
        assert_eq!(char_column("×x", 2), 2);
        assert_eq!(char_column("×x", 1), 1);
        assert_eq!(char_column("ab", 99), 3);
    }

    #[test]
    fn sizes_get_the_right_article() {
        assert_eq!(a_size(8), "an 8×8");
        assert_eq!(a_size(9), "a 9×9");
        assert_eq!(a_size(18), "an 18×18");
    }
}
