//! JSON values one after another (one object, an array of them, or JSON Lines), each read
//! on its own so that a bad one costs no other, with errors placed at their line and column.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use crate::formats::error::{InputError, Pos};
use crate::formats::scan::{coord, without_bom};

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
pub(super) fn value_extent(bytes: &[u8], start: usize, indent: usize) -> (usize, bool) {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        let breaks = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if breaks && (depth > 0 || in_string) {
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
        let bytes = self.text.as_bytes();
        if byte >= self.byte {
            let passed = self.byte..byte;
            match line_breaks(bytes, passed.clone()).next_back() {
                Some(i) => {
                    let lines = line_breaks(bytes, passed).count();
                    self.line = self.line.saturating_add(coord(lines));
                    self.line_start = i + 1;
                    self.column = coord(self.text[self.line_start..byte].chars().count());
                }
                None => {
                    let passed = &self.text[self.byte..byte];
                    self.column = self.column.saturating_add(coord(passed.chars().count()));
                }
            }
        } else if byte >= self.line_start {
            // Back within the line (an error past the place reading goes on from).
            let back = coord(self.text[byte..self.byte].chars().count());
            self.column = self.column.saturating_sub(back);
        } else {
            let lines = line_breaks(bytes, byte..self.byte).count();
            self.line = self.line.saturating_sub(coord(lines));
            self.line_start = line_breaks(bytes, 0..byte).next_back().map_or(0, |i| i + 1);
            self.column = coord(self.text[self.line_start..byte].chars().count());
        }
        self.byte = byte;
        Pos::new(self.line, self.column.saturating_add(1))
    }
}

/// The last byte of each line break in `bytes[range]`: a `\n`, or a lone `\r` (one that no
/// `\n` follows: in `\r\n` the break ends at the `\n`), as the line readers count them.
fn line_breaks(
    bytes: &[u8],
    range: std::ops::Range<usize>,
) -> impl DoubleEndedIterator<Item = usize> + '_ {
    let start = range.start;
    bytes[range]
        .iter()
        .enumerate()
        .filter(move |&(i, &b)| {
            b == b'\n' || (b == b'\r' && bytes.get(start + i + 1) != Some(&b'\n'))
        })
        .map(move |(i, _)| start + i)
}
