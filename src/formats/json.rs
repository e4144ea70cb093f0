//! The `json` format: the canonical puzzle model shared by the CLI, the wasm API and the page.
//!
//! ```text
//! {"size":9,"kind":"inequality","givens":"5.3……","relations":[["r1c1","<","r1c2"],…]}
//! ```
//! Input may be one object, an array of objects, or JSON Lines (one object per line).
//!
//! Memory: an object costs about its size once read, except where a few bytes of JSON would
//! become many of Rust, which are capped while deserializing: at most [`MAX_RELATIONS`]
//! relations (a triple of three strings is ~9 times its JSON) and 625 givens numbers; nesting
//! deeper than serde_json's limit of 128 is an error.

use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::alphabet::{self, number_value, Alphabet};
use super::scan::{a_size, char_column, coord, exact_root, without_bom, MAX_CELLS};
use super::{quote, Entry, InputError, Pos, ReadOptions};
use crate::geometry::{block_shape, Cell, LATIN_SIZES};
use crate::puzzle::{Kind, Problem, Puzzle, Relation};

/// A puzzle as JSON. On input `kind` may be left out (`inequality` when there are relations,
/// else `classic` where the size has blocks, else `futoshiki`), as may `relations` and
/// `alphabet` (detected from the givens like the line format).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct JsonPuzzle {
    /// N: digits 1..N, N×N cells.
    pub size: usize,
    /// `classic`, `inequality` or `futoshiki`; empty on input means "infer".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// N² symbols in reading order, or an array of N² numbers (0 = empty).
    pub givens: Givens,
    /// `["r1c1","<","r1c2"]`: `<` `>` compare the first cell with the second; `^` `v` relate
    /// a cell to the one below it (`^`: upper < lower). At most [`MAX_RELATIONS`] on input.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "capped_relations"
    )]
    pub relations: Vec<[String; 3]>,
    /// The alphabet of `givens` (see [`Alphabet`]); written whenever it is not `digits`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alphabet: Option<String>,
}

/// The most relations a JSON puzzle may list: 2·25·24 = 1200, the pairs of adjacent cells of
/// a 25×25 grid, the largest. No puzzle has more distinct relations than pairs (two opposite
/// ones on a pair are a cycle), and [`crate::Puzzle::new`] keeps a relation listed twice once,
/// so a longer list can only repeat itself; it is refused while it is read, before it is held.
pub const MAX_RELATIONS: usize = 2 * 25 * 24;

/// Deserializes the relations array, failing as soon as it holds more than [`MAX_RELATIONS`].
fn capped_relations<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<[String; 3]>, D::Error> {
    struct Capped;

    impl<'de> Visitor<'de> for Capped {
        type Value = Vec<[String; 3]>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an array of [cell, symbol, cell] relations")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let hint = seq.size_hint().unwrap_or(0).min(MAX_RELATIONS);
            let mut relations = Vec::with_capacity(hint);
            while let Some(triple) = seq.next_element::<[String; 3]>()? {
                if relations.len() == MAX_RELATIONS {
                    return Err(de::Error::custom(format!(
                        "relations has more than {MAX_RELATIONS} entries, the number of pairs \
                         of adjacent cells in a 25×25 grid (a relation listed twice counts \
                         twice here, though a puzzle keeps it once)"
                    )));
                }
                relations.push(triple);
            }
            Ok(relations)
        }
    }

    deserializer.deserialize_seq(Capped)
}

/// The givens of a [`JsonPuzzle`]: a string of line-format symbols or an array of numbers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Givens {
    /// `"53..7…"`: one symbol per cell, `.` (or `0`, `-`, `_`) empty.
    Symbols(String),
    /// `[5,3,0,0,7,…]`: one number per cell, 0 empty.
    Numbers(Vec<u8>),
}

impl Serialize for Givens {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Givens::Symbols(s) => serializer.serialize_str(s),
            Givens::Numbers(v) => v.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Givens {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Givens, D::Error> {
        struct GivensVisitor;

        impl<'de> Visitor<'de> for GivensVisitor {
            type Value = Givens;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string of symbols or an array of numbers")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Givens, E> {
                Ok(Givens::Symbols(v.to_string()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Givens, A::Error> {
                let mut numbers = Vec::new();
                while let Some(n) = seq.next_element::<u8>()? {
                    // More numbers than the largest grid has cells can only be an error.
                    if numbers.len() == MAX_CELLS {
                        return Err(de::Error::custom(format!(
                            "givens has more than {MAX_CELLS} numbers"
                        )));
                    }
                    numbers.push(n);
                }
                Ok(Givens::Numbers(numbers))
            }
        }

        deserializer.deserialize_any(GivensVisitor)
    }
}

impl JsonPuzzle {
    /// The puzzle this object describes, and the alphabet of its givens. `options.kind`
    /// overrides the object's kind; the object's alphabet overrides `options.alphabet`, since
    /// it says how its own givens are written.
    pub fn to_puzzle(&self, options: ReadOptions) -> Result<(Puzzle, Alphabet), Problem> {
        let size = self.size;
        if !LATIN_SIZES.contains(&size) {
            return Err(Problem::new(
                format!(
                    "size {size} is not supported: sizes go from {} to {}",
                    LATIN_SIZES.start(),
                    LATIN_SIZES.end()
                ),
                Vec::new(),
            ));
        }
        let relations = self
            .relations
            .iter()
            .map(relation)
            .collect::<Result<Vec<Relation>, Problem>>()?;
        let kind = match (options.kind, self.kind.trim()) {
            (Some(kind), _) => kind,
            (None, "") if relations.is_empty() || block_shape(size).is_none() => {
                super::scan::default_kind(size)
            }
            (None, "") => Kind::Inequality,
            (None, name) => Kind::parse(name).ok_or_else(|| {
                Problem::new(
                    format!(
                        "{} is not a kind (classic, inequality or futoshiki)",
                        quote(name)
                    ),
                    Vec::new(),
                )
            })?,
        };
        let named = match &self.alphabet {
            Some(name) => Some(Alphabet::parse(name).ok_or_else(|| {
                Problem::new(
                    format!(
                        "{} is not an alphabet (digits, letters, alnum, hex or numbers)",
                        quote(name)
                    ),
                    Vec::new(),
                )
            })?),
            None => None,
        };
        let forced = named.or(options.alphabet);
        let (givens, alphabet) = match &self.givens {
            Givens::Symbols(text) => symbol_givens(text, size, forced)?,
            Givens::Numbers(numbers) => {
                if numbers.len() != size * size {
                    return Err(Problem::new(
                        format!(
                            "givens has {} numbers; {} puzzle needs {}",
                            numbers.len(),
                            a_size(size),
                            size * size
                        ),
                        Vec::new(),
                    ));
                }
                if let Some((i, &d)) = numbers
                    .iter()
                    .enumerate()
                    .find(|(_, &d)| usize::from(d) > size)
                {
                    let cell = Cell::at(i, size);
                    return Err(Problem::new(
                        format!("{cell} holds {d}, but digits go from 1 to {size}"),
                        vec![cell],
                    ));
                }
                let alphabet = forced.unwrap_or(if size <= 9 {
                    Alphabet::Digits
                } else {
                    Alphabet::Numbers
                });
                (numbers.clone(), alphabet.or_fitting(size))
            }
        };
        let puzzle = Puzzle::new(kind, size, givens, relations)?;
        Ok((puzzle, alphabet))
    }
}

/// Decodes a givens string: one symbol per cell (whitespace ignored), or numbers between
/// spaces in the numbers alphabet.
fn symbol_givens(
    text: &str,
    size: usize,
    forced: Option<Alphabet>,
) -> Result<(Vec<u8>, Alphabet), Problem> {
    let problem = |e: InputError| Problem::new(format!("givens: {}", e.message), Vec::new());
    let needs = |count: usize, noun: &str| {
        Problem::new(
            format!(
                "givens has {count} {noun}; {} puzzle needs {}",
                a_size(size),
                size * size
            ),
            Vec::new(),
        )
    };
    let at = |i: usize| Pos::new(1, coord(i).saturating_add(1));
    if forced == Some(Alphabet::Numbers) {
        let count = text.split_whitespace().count();
        if count != size * size {
            return Err(needs(count, "numbers"));
        }
        let givens = text
            .split_whitespace()
            .enumerate()
            .map(|(i, t)| number_value(t, size, Alphabet::Numbers, at(i)))
            .collect::<Result<Vec<u8>, InputError>>()
            .map_err(problem)?;
        return Ok((givens, Alphabet::Numbers));
    }
    let symbols = || text.chars().filter(|c| !c.is_whitespace());
    let count = symbols().count();
    if count != size * size {
        let hint = match exact_root(count) {
            Some(n) if n != size => format!(" (a {n}×{n} grid: is the size wrong?)"),
            _ => String::new(),
        };
        let mut p = needs(count, "symbols");
        p.message.push_str(&hint);
        return Err(p);
    }
    let symbols: Vec<(char, Pos)> = symbols().enumerate().map(|(i, c)| (c, at(i))).collect();
    alphabet::decode(&symbols, size, forced, Pos::new(1, 1)).map_err(problem)
}

/// One `[cell, symbol, cell]` triple as a relation.
fn relation(triple: &[String; 3]) -> Result<Relation, Problem> {
    let [a, symbol, b] = triple;
    let cell = |text: &str| {
        Cell::parse(text).ok_or_else(|| {
            Problem::new(
                format!(
                    "{} is not a cell (write r1c1 for row 1, column 1)",
                    quote(text)
                ),
                Vec::new(),
            )
        })
    };
    let (a, b) = (cell(a)?, cell(b)?);
    let below = b.row == a.row.wrapping_add(1) && a.col == b.col;
    match symbol.trim() {
        "<" => Ok(Relation::new(a, true, b)),
        ">" => Ok(Relation::new(a, false, b)),
        "^" | "v" if below => Ok(Relation::new(a, symbol.trim() == "^", b)),
        s @ ("^" | "v") => Err(Problem::new(
            format!(
                "{} relates a cell to the one below it, not {a} to {b}",
                quote(s)
            ),
            vec![a, b],
        )),
        s => Err(Problem::new(
            format!("{} is not a relation symbol (< > ^ v)", quote(s)),
            vec![a, b],
        )),
    }
}

/// The JSON form of a puzzle: givens in `alphabet` (an array for numbers), relations in
/// reading order as `["r1c1","<","r1c2"]` with the left or upper cell first.
pub fn puzzle_to_json(puzzle: &Puzzle, alphabet: Alphabet) -> JsonPuzzle {
    let size = puzzle.size();
    let alphabet = alphabet.or_fitting(size);
    let givens = if alphabet == Alphabet::Numbers {
        Givens::Numbers(puzzle.givens().to_vec())
    } else {
        let mut text = String::with_capacity(size * size);
        for &d in puzzle.givens() {
            alphabet.push_digit(&mut text, d, '.');
        }
        Givens::Symbols(text)
    };
    let mut oriented: Vec<(Cell, bool, Cell)> =
        puzzle.relations().iter().map(|r| r.oriented()).collect();
    oriented.sort_by_key(|&(a, _, b)| (a, b));
    let relations = oriented
        .into_iter()
        .map(|(a, less, b)| {
            [
                a.to_string(),
                if less { "<" } else { ">" }.to_string(),
                b.to_string(),
            ]
        })
        .collect();
    JsonPuzzle {
        size,
        kind: puzzle.kind().name().to_string(),
        givens,
        relations,
        alphabet: (alphabet != Alphabet::Digits).then(|| alphabet.name().to_string()),
    }
}

/// An answer as JSON.
#[derive(Serialize)]
struct JsonSolution<'a> {
    size: usize,
    kind: &'a str,
    solution: Givens,
    #[serde(skip_serializing_if = "Option::is_none")]
    alphabet: Option<&'a str>,
}

/// Writes `{"size":9,"kind":"classic","solution":"…"}` and a line break; the solution is in
/// the puzzle's alphabet (an array for numbers, which also names the alphabet).
pub(crate) fn write_solution(out: &mut String, entry: &Entry, solution: &[u8]) {
    let size = entry.puzzle.size();
    let alphabet = entry.alphabet.or_fitting(size);
    let solution = if alphabet == Alphabet::Numbers {
        Givens::Numbers(solution.to_vec())
    } else {
        let mut text = String::with_capacity(solution.len());
        for &d in solution {
            alphabet.push_digit(&mut text, d, '.');
        }
        Givens::Symbols(text)
    };
    let answer = JsonSolution {
        size,
        kind: entry.puzzle.kind().name(),
        solution,
        alphabet: (alphabet != Alphabet::Digits).then(|| alphabet.name()),
    };
    // Serializing strings and numbers cannot fail.
    if let Ok(json) = serde_json::to_string(&answer) {
        out.push_str(&json);
    }
    out.push('\n');
}

/// Writes a puzzle as one line of compact JSON.
pub(crate) fn write_puzzle(
    out: &mut String,
    puzzle: &Puzzle,
    alphabet: Alphabet,
) -> Result<(), Problem> {
    let json = serde_json::to_string(&puzzle_to_json(puzzle, alphabet))
        .map_err(|e| Problem::new(format!("cannot write JSON: {e}"), Vec::new()))?;
    out.push_str(&json);
    out.push('\n');
    Ok(())
}

/// Reads one object, an array of objects, or a stream of objects (JSON Lines).
pub(crate) fn read(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, InputError>> + '_ {
    let text = without_bom(text);
    let start = skip_whitespace(text, 0);
    let mode = if text[start..].starts_with('[') {
        Mode::Array { next: start + 1 }
    } else {
        Mode::Stream {
            stream: serde_json::Deserializer::from_str(text).into_iter(),
        }
    };
    JsonReader {
        text,
        options,
        mode,
        number: 0,
        done: false,
        locator: Locator::new(text),
    }
}

enum Mode<'a> {
    /// Inside a top-level array; `next` is the byte after `[` or after the last element.
    Array { next: usize },
    Stream {
        stream: serde_json::StreamDeserializer<'a, serde_json::de::StrRead<'a>, JsonPuzzle>,
    },
}

struct JsonReader<'a> {
    text: &'a str,
    options: ReadOptions,
    mode: Mode<'a>,
    number: usize,
    done: bool,
    locator: Locator<'a>,
}

impl Iterator for JsonReader<'_> {
    type Item = Result<Entry, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.next_object().map(|object| {
            let (value, start) = object?;
            self.number += 1;
            let pos = self.locator.pos(start);
            let (puzzle, alphabet) = value.to_puzzle(self.options).map_err(|p| InputError {
                pos,
                message: p.message,
                cells: p.cells,
            })?;
            Ok(Entry {
                puzzle,
                alphabet,
                number: self.number,
                pos,
                cell_pos: Vec::new(),
                relation_pos: Vec::new(),
            })
        });
        if !matches!(result, Some(Ok(_))) {
            self.done = true;
        }
        result
    }
}

impl JsonReader<'_> {
    /// The next object and the byte where it starts.
    fn next_object(&mut self) -> Option<Result<(JsonPuzzle, usize), InputError>> {
        let text = self.text;
        match &mut self.mode {
            Mode::Stream { stream } => {
                let start = skip_whitespace(text, stream.byte_offset());
                match stream.next()? {
                    Ok(value) => Some(Ok((value, start))),
                    Err(e) => Some(Err(serde_error(text, 0, &e, &mut self.locator))),
                }
            }
            Mode::Array { next } => {
                let start = skip_whitespace(text, *next);
                let bytes = text.as_bytes();
                if bytes.get(start) == Some(&b']') {
                    return if text[start + 1..].trim().is_empty() {
                        None
                    } else {
                        Some(Err(syntax_error(text, &mut self.locator)))
                    };
                }
                let Some(end) = value_end(bytes, start) else {
                    return Some(Err(syntax_error(text, &mut self.locator)));
                };
                let element = &text[start..end];
                let value = match serde_json::from_str::<JsonPuzzle>(element) {
                    Ok(value) => value,
                    Err(e) => return Some(Err(serde_error(text, start, &e, &mut self.locator))),
                };
                let after = skip_whitespace(text, end);
                match bytes.get(after) {
                    Some(b',') if bytes.get(skip_whitespace(text, after + 1)) != Some(&b']') => {
                        *next = after + 1;
                    }
                    Some(b']') => *next = after,
                    _ => return Some(Err(syntax_error(text, &mut self.locator))),
                }
                Some(Ok((value, start)))
            }
        }
    }
}

/// The first byte at or after `from` that is not whitespace.
fn skip_whitespace(text: &str, from: usize) -> usize {
    let from = from.min(text.len());
    text.get(from..)
        .and_then(|rest| rest.find(|c: char| !c.is_whitespace()).map(|i| from + i))
        .unwrap_or(text.len())
}

/// The end (exclusive) of the JSON value starting at `start`, by matching brackets outside
/// strings; `None` when it runs off the input or is empty. Iterative, so deep nesting is safe.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth == 0 => return (i > start).then_some(i),
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b',' if depth == 0 => return (i > start).then_some(i),
                b if depth == 0 && b.is_ascii_whitespace() => return Some(i),
                _ => {}
            }
        }
        i += 1;
    }
    (depth == 0 && !in_string && i > start).then_some(i)
}

/// The error serde_json finds in the whole text (used when the array structure is broken).
fn syntax_error(text: &str, locator: &mut Locator<'_>) -> InputError {
    match serde_json::from_str::<serde_json::Value>(text) {
        Err(e) => serde_error(text, 0, &e, locator),
        Ok(_) => InputError::new(
            locator.pos(text.len()),
            "expected an array of puzzle objects",
        ),
    }
}

/// A serde_json error in the text starting at byte `base`, placed in the whole text.
fn serde_error(
    text: &str,
    base: usize,
    e: &serde_json::Error,
    locator: &mut Locator<'_>,
) -> InputError {
    let message = e.to_string();
    // serde_json appends " at line L column C"; the position is reported on its own.
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    let part = text.get(base..).unwrap_or("");
    // Byte offset of the error inside `part`: its line's start plus the (byte) column.
    let line_start = if e.line() <= 1 {
        0
    } else {
        part.match_indices('\n')
            .nth(e.line() - 2)
            .map_or(part.len(), |(i, _)| i + 1)
    };
    let offset = (line_start + e.column().max(1) - 1).min(part.len());
    let message = if e.classify() == serde_json::error::Category::Eof {
        format!("{message} (the JSON ends too early)")
    } else {
        message
    };
    InputError::new(locator.pos(base + offset), message)
}

/// Turns byte offsets into line and char-column positions, moving forward incrementally.
struct Locator<'a> {
    text: &'a str,
    byte: usize,
    line: u32,
    line_start: usize,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Locator<'a> {
        Locator {
            text,
            byte: 0,
            line: 1,
            line_start: 0,
        }
    }

    fn pos(&mut self, byte: usize) -> Pos {
        let byte = byte.min(self.text.len());
        if byte < self.byte {
            *self = Locator::new(self.text);
        }
        let passed = self.text.as_bytes().get(self.byte..byte).unwrap_or(&[]);
        for (i, &b) in passed.iter().enumerate() {
            if b == b'\n' {
                self.line = self.line.saturating_add(1);
                self.line_start = self.byte + i + 1;
            }
        }
        self.byte = byte;
        let line = self.text.get(self.line_start..).unwrap_or("");
        Pos::new(self.line, char_column(line, byte - self.line_start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read as read_format, Format};

    fn read_all(text: &str) -> Vec<Result<Entry, InputError>> {
        read_format(text, Format::Json, ReadOptions::default()).collect()
    }

    const ONE: &str = r#"{"size":4,"givens":"1...........4...","relations":[["r1c1","<","r1c2"]]}"#;

    #[test]
    fn kind_is_inferred_from_relations() {
        let e = read_all(ONE).remove(0).unwrap();
        assert_eq!(e.puzzle.kind(), Kind::Inequality);
        assert_eq!(e.puzzle.relations().len(), 1);
        let e =
            read_all(r#"{"size":5,"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]}"#)
                .remove(0)
                .unwrap();
        assert_eq!(
            (e.puzzle.kind(), e.puzzle.givens()[24]),
            (Kind::Futoshiki, 1)
        );
    }

    #[test]
    fn objects_come_alone_in_arrays_or_as_lines() {
        assert_eq!(read_all(ONE).len(), 1);
        let array = format!("[\n  {ONE},\n  {ONE}\n]\n");
        let entries = read_all(&array);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].as_ref().unwrap().pos, Pos::new(3, 3));
        let lines = format!("{ONE}\n{ONE}\n\n{ONE}\n");
        let entries = read_all(&lines);
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[2].as_ref().unwrap().pos, Pos::new(4, 1));
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let text = "[\n{\"size\":4,\n \"givens\": x}\n]";
        let e = read_all(text).remove(0).unwrap_err();
        assert_eq!(e.pos, Pos::new(3, 12));
        let e = read_all("{\"size\": 4,").remove(0).unwrap_err();
        assert!(e.message.contains("ends too early"), "{e}");
        let e = read_all(&format!("[{ONE},]")).pop().unwrap().unwrap_err();
        assert!(e.message.contains("trailing comma"), "{e}");
    }

    #[test]
    fn model_errors_point_at_the_object() {
        let text = format!("{ONE}\n{}", ONE.replace("r1c2", "r2c2"));
        let entries = read_all(&text);
        let e = entries[1].as_ref().unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 1));
        assert_eq!(
            e.message,
            "relation r1c1 < r2c2: r1c1 and r2c2 are not adjacent"
        );
    }

    #[test]
    fn caret_relations_need_the_lower_cell_second() {
        let ok = ONE.replace(r#""<","r1c2""#, r#""^","r2c1""#);
        assert_eq!(
            read_all(&ok).remove(0).unwrap().puzzle.relations()[0].to_string(),
            "r1c1 < r2c1"
        );
        let bad = ONE.replace(r#"["r1c1","<","r1c2"]"#, r#"["r2c1","v","r1c1"]"#);
        let e = read_all(&bad).remove(0).unwrap_err();
        assert_eq!(
            e.message,
            "'v' relates a cell to the one below it, not r2c1 to r1c1"
        );
    }

    #[test]
    fn a_huge_size_is_refused() {
        let e = read_all(r#"{"size":99999999999,"givens":""}"#)
            .remove(0)
            .unwrap_err();
        assert!(
            e.message.starts_with("size 99999999999 is not supported"),
            "{e}"
        );
    }

    #[test]
    fn written_puzzles_read_back_in_reading_order() {
        let p = read_all(ONE).remove(0).unwrap().puzzle;
        let mut out = String::new();
        write_puzzle(&mut out, &p, Alphabet::Digits).unwrap();
        assert_eq!(
            out,
            "{\"size\":4,\"kind\":\"inequality\",\"givens\":\"1...........4...\",\
             \"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]}\n"
        );
        assert_eq!(read_all(&out).remove(0).unwrap().puzzle, p);
    }

    #[test]
    fn solutions_are_one_object_per_line() {
        let e = read_all(ONE).remove(0).unwrap();
        let mut out = String::new();
        write_solution(
            &mut out,
            &e,
            &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
        );
        assert_eq!(
            out,
            "{\"size\":4,\"kind\":\"inequality\",\"solution\":\"1234341221434321\"}\n"
        );
    }

    #[test]
    fn value_ends_match_brackets_outside_strings() {
        let t = br#"{"a":"}]","b":[1,{"c":2}]} , 5"#;
        assert_eq!(value_end(t, 0), Some(26));
        assert_eq!(value_end(b"12, 3", 0), Some(2));
        assert_eq!(value_end(b"{", 0), None);
    }
}
