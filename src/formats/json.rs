//! The `json` format: the canonical puzzle model shared by the CLI, the wasm API and the page.
//!
//! ```text
//! {"size":9,"kind":"inequality","givens":"5.3……","relations":[["r1c1","<","r1c2"],…]}
//! ```
//! Input may be one object, an array of objects, or JSON Lines (one object per line).
//!
//! A bad value (broken JSON, or an object that is not a puzzle) is one bad puzzle. Reading
//! goes on after it, where matching its brackets outside strings says it ends — that keeps
//! one-line and pretty-printed objects alike, and the elements of an array, in step — or,
//! when its brackets never close (a `}` missing), at the next line whose first char is a `{`
//! indented no deeper than the bad value: in JSON Lines and in a pretty-printed array such a
//! line starts the next puzzle, and a puzzle object has no object inside it. Text after the
//! closing `]` of an array is an error of its own and ends the reading: the array says the
//! input is one value.
//!
//! Memory: an object costs about its size once read, except where a few bytes of JSON would
//! become many of Rust, which are capped while deserializing: at most [`MAX_RELATIONS`]
//! relations (a triple of three strings is ~9 times its JSON) and 625 givens numbers; nesting
//! deeper than serde_json's limit of 128 is an error.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::alphabet::{self, number_value, Alphabet};
use super::scan::{a_size, coord, exact_root, without_bom, MAX_CELLS};
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

/// Reads one object, an array of objects, or a stream of objects (JSON Lines); a bad value is
/// one bad puzzle (see the module docs for where reading goes on).
pub(crate) fn read(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, InputError>> + '_ {
    json_values::<JsonPuzzle>(text).map(move |item| {
        let JsonValue { value, pos, number } = item?;
        let (puzzle, alphabet) = value.to_puzzle(options).map_err(|p| InputError {
            pos,
            message: p.message,
            cells: p.cells,
            puzzle: Some(number),
        })?;
        Ok(Entry {
            puzzle,
            alphabet,
            number,
            pos,
            cell_pos: Vec::new(),
            relation_pos: Vec::new(),
        })
    })
}

/// One value of a JSON text holding several.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JsonValue<T> {
    pub value: T,
    /// Where the value starts.
    pub pos: Pos,
    /// Its 1-based number in the text, bad values counted.
    pub number: usize,
}

/// The values of `text` as `T`: the elements of one top-level array, or a stream of values
/// (one object, or JSON Lines). A value that is not valid JSON, or not a `T`, is an error
/// numbered like a value ([`InputError::puzzle`]), and reading goes on after it as the module
/// docs say; errors between values (a missing comma, a trailing comma, text after the array)
/// have no number. The puzzle reader and `sudoku-lab check`'s answer reader share this.
pub fn json_values<T: DeserializeOwned>(text: &str) -> JsonValues<'_, T> {
    let text = without_bom(text);
    JsonValues {
        text,
        at: 0,
        state: State::Start,
        array: false,
        number: 0,
        locator: Locator::new(text),
        value: PhantomData,
    }
}

/// The iterator of [`json_values`].
pub struct JsonValues<'a, T> {
    text: &'a str,
    /// The byte to go on from.
    at: usize,
    state: State,
    /// Inside a top-level array (else a stream of values).
    array: bool,
    number: usize,
    locator: Locator<'a>,
    value: PhantomData<fn() -> T>,
}

/// What comes next in a [`JsonValues`] text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Nothing is read yet: an array, or a stream of values.
    Start,
    /// Just after the `[`: the first element, or `]`.
    Open,
    /// A value.
    Value,
    /// After an element: `,` or `]`.
    Separator,
    /// After the `]`: nothing more.
    Closed,
    Done,
}

impl<T: DeserializeOwned> Iterator for JsonValues<'_, T> {
    type Item = Result<JsonValue<T>, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.text.as_bytes();
        loop {
            let at = skip_whitespace(self.text, self.at);
            let byte = bytes.get(at).copied();
            match self.state {
                State::Done => return None,
                State::Start => {
                    self.array = byte == Some(b'[');
                    if self.array {
                        self.at = at + 1;
                        self.state = State::Open;
                    } else {
                        self.state = State::Value;
                    }
                }
                State::Open if byte == Some(b']') => {
                    self.at = at + 1;
                    self.state = State::Closed;
                }
                State::Open => self.state = State::Value,
                State::Value => return self.value(at, byte),
                State::Separator => match byte {
                    Some(b',') => {
                        let after = skip_whitespace(self.text, at + 1);
                        if bytes.get(after) == Some(&b']') {
                            self.at = after + 1;
                            self.state = State::Closed;
                            return Some(Err(
                                self.error(at, "a trailing comma after the last puzzle")
                            ));
                        }
                        self.at = at + 1;
                        self.state = State::Value;
                    }
                    Some(b']') => {
                        self.at = at + 1;
                        self.state = State::Closed;
                    }
                    None => {
                        self.state = State::Done;
                        return Some(Err(self.error(
                            at,
                            "the array is not closed: expected ',' or ']' (the JSON ends too early)",
                        )));
                    }
                    Some(_) => {
                        // Read on as if the comma were there.
                        self.at = at;
                        self.state = State::Value;
                        let message = format!("expected ',' or ']' after puzzle {}", self.number);
                        return Some(Err(self.error(at, message)));
                    }
                },
                State::Closed => {
                    self.state = State::Done;
                    return (at < self.text.len()).then(|| {
                        Err(self.error(at, "text after the closing ']' of the array of puzzles"))
                    });
                }
            }
        }
    }
}

impl<T: DeserializeOwned> JsonValues<'_, T> {
    /// Reads the value at `at` (first byte `byte`).
    fn value(&mut self, at: usize, byte: Option<u8>) -> Option<Result<JsonValue<T>, InputError>> {
        match byte {
            None => {
                self.state = State::Done;
                return self.array.then(|| {
                    Err(self.error(
                        at,
                        "the array is not closed: expected ']' (the JSON ends too early)",
                    ))
                });
            }
            Some(b',') if self.array => {
                self.at = at;
                self.state = State::Separator;
                return Some(Err(self.error(at, "expected a puzzle before ','")));
            }
            Some(b @ (b',' | b']' | b'}')) => {
                self.at = at + 1;
                let message = format!("unexpected '{}' where a puzzle should start", b as char);
                return Some(Err(self.error(at, message)));
            }
            Some(_) => {}
        }
        self.number += 1;
        let pos = self.locator.pos(at);
        let indent = at - self.locator.line_start;
        let (end, closed) = value_extent(self.text.as_bytes(), at, indent);
        let part = &self.text[at..end];
        let mut stream = serde_json::Deserializer::from_str(part).into_iter::<T>();
        let parsed = stream.next();
        let result = match parsed {
            Some(Ok(value)) => {
                // The extent is where a value that closes ends; serde agrees on a good one.
                self.at = at + stream.byte_offset();
                Ok(JsonValue {
                    value,
                    pos,
                    number: self.number,
                })
            }
            Some(Err(e)) => {
                self.at = end;
                let cut = if end == self.text.len() {
                    " (the JSON ends too early)"
                } else {
                    " (it is not closed before the next line that starts with '{')"
                };
                let e = serde_error(self.text, at..end, &e, cut, &mut self.locator);
                Err(e.in_puzzle(self.number))
            }
            None => {
                self.at = end;
                Err(InputError::new(pos, "expected a puzzle").in_puzzle(self.number))
            }
        };
        self.state = match (self.array, closed) {
            _ if self.at >= self.text.len() && result.is_err() => State::Done,
            (true, true) => State::Separator,
            (true, false) => State::Value,
            (false, _) => State::Value,
        };
        Some(result)
    }

    fn error(&mut self, at: usize, message: impl Into<String>) -> InputError {
        InputError::new(self.locator.pos(at), message)
    }
}

/// The first byte at or after `from` that is not whitespace.
fn skip_whitespace(text: &str, from: usize) -> usize {
    let from = from.min(text.len());
    text.get(from..)
        .and_then(|rest| rest.find(|c: char| !c.is_whitespace()).map(|i| from + i))
        .unwrap_or(text.len())
}

/// The end (exclusive) of the JSON value starting at `start`, `indent` bytes into its line,
/// by matching brackets outside strings, and whether the value closes there. A value that
/// does not close ends at the next line whose first non-blank char is a `{` indented no
/// deeper than `indent` (the next object of JSON Lines or of a pretty-printed array), else
/// at the end of the input. One pass, no recursion: deep nesting and unclosed strings cost
/// no more than their length.
fn value_extent(bytes: &[u8], start: usize, indent: usize) -> (usize, bool) {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        if b == b'\n' && (depth > 0 || in_string) {
            // A raw line break is never inside a good string, so this holds inside one too.
            let lead = bytes[i + 1..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            if lead <= indent && bytes.get(i + 1 + lead) == Some(&b'{') {
                return (i + 1 + lead, false);
            }
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if depth == 0 {
                    return (i + 1, true);
                }
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' | b',' if depth == 0 => return (i.max(start + 1), i > start),
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return (i + 1, true);
                    }
                }
                b if depth == 0 && b.is_ascii_whitespace() => return (i, true),
                _ => {}
            }
        }
        i += 1;
    }
    (bytes.len(), depth == 0 && !in_string)
}

/// The longest message taken from serde_json, in chars: its messages quote the input's
/// strings (escaped, but whole), and a string may be megabytes long.
const MAX_SERDE_MESSAGE: usize = 240;

/// Cuts a serde message (it quotes the input's strings, escaped) to [`MAX_SERDE_MESSAGE`]
/// characters.
pub(crate) fn cut_serde_message(message: &mut String) {
    if let Some((i, _)) = message.char_indices().nth(MAX_SERDE_MESSAGE) {
        message.truncate(i);
        message.push('…');
    }
}

/// A serde_json error in the part `span` of `text`, placed in the whole text. An error of
/// reaching the end of the part too early is placed there, and `cut` is added to it.
fn serde_error(
    text: &str,
    span: std::ops::Range<usize>,
    e: &serde_json::Error,
    cut: &str,
    locator: &mut Locator<'_>,
) -> InputError {
    let base = span.start;
    let message = e.to_string();
    // serde_json appends " at line L column C"; the position is reported on its own.
    let mut message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    cut_serde_message(&mut message);
    let part = text.get(span).unwrap_or("");
    if e.classify() == serde_json::error::Category::Eof {
        message.push_str(cut);
        return InputError::new(locator.pos(base + part.len()), message);
    }
    // Byte offset of the error inside `part`: its line's start plus the (byte) column.
    let line_start = if e.line() <= 1 {
        0
    } else {
        part.match_indices('\n')
            .nth(e.line() - 2)
            .map_or(part.len(), |(i, _)| i + 1)
    };
    let offset = (line_start + e.column().max(1) - 1).min(part.len());
    InputError::new(locator.pos(base + offset), message)
}

/// Turns byte offsets into line and char-column positions, moving on from the last offset
/// asked for, so that reading a text costs its length however many positions are asked.
struct Locator<'a> {
    text: &'a str,
    byte: usize,
    line: u32,
    line_start: usize,
    /// Chars from `line_start` to `byte`.
    column: u32,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Locator<'a> {
        Locator {
            text,
            byte: 0,
            line: 1,
            line_start: 0,
            column: 0,
        }
    }

    fn pos(&mut self, byte: usize) -> Pos {
        let mut byte = byte.min(self.text.len());
        while !self.text.is_char_boundary(byte) {
            byte -= 1;
        }
        if byte >= self.byte {
            let passed = &self.text[self.byte..byte];
            match passed.rfind('\n') {
                Some(i) => {
                    let lines = passed.bytes().filter(|&b| b == b'\n').count();
                    self.line = self.line.saturating_add(coord(lines));
                    self.line_start = self.byte + i + 1;
                    self.column = coord(self.text[self.line_start..byte].chars().count());
                }
                None => {
                    self.column = self.column.saturating_add(coord(passed.chars().count()));
                }
            }
        } else if byte >= self.line_start {
            // Back within the line (an error past the place reading goes on from).
            let back = coord(self.text[byte..self.byte].chars().count());
            self.column = self.column.saturating_sub(back);
        } else {
            let back = &self.text[byte..self.byte];
            let lines = back.bytes().filter(|&b| b == b'\n').count();
            self.line = self.line.saturating_sub(coord(lines));
            self.line_start = self.text[..byte].rfind('\n').map_or(0, |i| i + 1);
            self.column = coord(self.text[self.line_start..byte].chars().count());
        }
        self.byte = byte;
        Pos::new(self.line, self.column.saturating_add(1))
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
    fn value_extents_match_brackets_outside_strings() {
        let t = br#"{"a":"}]","b":[1,{"c":2}]} , 5"#;
        assert_eq!(value_extent(t, 0, 0), (26, true));
        assert_eq!(value_extent(b"12, 3", 0, 0), (2, true));
        assert_eq!(value_extent(b"{", 0, 0), (1, false));
        // An object that never closes ends where a line starts the next one.
        let t = b"  {\"a\":1\n    {\"nested\":1}\n  {\"b\":2}";
        assert_eq!(value_extent(t, 2, 2), (28, false));
    }
}
