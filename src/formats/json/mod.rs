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

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::alphabet::{self, number_value, Alphabet};
use super::capped::{capped, Cap};
use super::scan::{a_size, coord, exact_root, MAX_CELLS};
use crate::formats::entry::{Entry, ReadOptions};
use crate::formats::error::{InputError, Pos};
use crate::formats::quote::{is_not, quote, KINDS, MARKERS};
use crate::geometry::{block_shape, Cell, LATIN_SIZES};
use crate::puzzle::{Kind, Marker, MarkerKind, Problem, Puzzle, Relation};

mod values;

#[cfg(target_arch = "wasm32")]
pub(crate) use values::cut_serde_message;
pub use values::{json_values, JsonValue, JsonValues};

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
    /// `["r4c5","white","r4c6"]`: a marker between two adjacent cells (any order): `white`,
    /// `black`, `X`, `V`, `difference:k`, `ratio:k`, `sum:k` (see [`MarkerKind::token`]). At
    /// most [`MAX_RELATIONS`] on input.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "capped_markers"
    )]
    pub markers: Vec<[String; 3]>,
    /// The marker kinds whose negative constraint holds (every adjacent pair without a marker
    /// is not so related): e.g. `["white","black"]` for "all dots are given". At most
    /// [`MAX_NEGATIVE`] on input.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "capped_negative"
    )]
    pub negative: Vec<String>,
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
fn capped_relations<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<[String; 3]>, D::Error> {
    capped_pairs(
        d,
        "an array of [cell, symbol, cell] relations",
        "relations",
        "relation",
    )
}

/// Deserializes the markers array, failing as soon as it holds more than [`MAX_RELATIONS`].
fn capped_markers<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<[String; 3]>, D::Error> {
    capped_pairs(
        d,
        "an array of [cell, marker, cell] markers",
        "markers",
        "marker",
    )
}

/// Deserializes the array `list` (serde's `expecting`) of `one`s between two adjacent cells,
/// failing as soon as it holds more than [`MAX_RELATIONS`].
fn capped_pairs<'de, D: Deserializer<'de>>(
    d: D,
    expecting: &str,
    list: &str,
    one: &str,
) -> Result<Vec<[String; 3]>, D::Error> {
    capped(
        d,
        Cap {
            max: MAX_RELATIONS,
            expecting,
            null: false,
            too_many: &|max| {
                format!(
                    "{list} has more than {max} entries, the number of pairs of adjacent cells \
                     in a 25×25 grid (a {one} listed twice counts twice here, though a puzzle \
                     keeps it once)"
                )
            },
        },
    )
}

/// The most marker kinds a JSON puzzle's `negative` may name: every difference, ratio and sum
/// of a 25×25 grid's digits is far fewer than this many kinds a puzzle ever negates.
pub const MAX_NEGATIVE: usize = 64;

/// Deserializes the `negative` array, failing as soon as it holds more than [`MAX_NEGATIVE`].
fn capped_negative<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    capped(
        d,
        Cap {
            max: MAX_NEGATIVE,
            expecting: "an array of marker names",
            null: false,
            too_many: &|max| format!("negative has more than {max} entries"),
        },
    )
}

/// The givens of a [`JsonPuzzle`]: a string of line-format symbols or an array of numbers.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
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
            (None, name) => Kind::parse(name).ok_or_else(|| not_a(name, KINDS))?,
        };
        let named = match &self.alphabet {
            Some(name) => Some(Alphabet::parse(name).ok_or_else(|| {
                not_a(name, "an alphabet (digits, letters, alnum, hex or numbers)")
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
        let markers = self
            .markers
            .iter()
            .map(marker)
            .collect::<Result<Vec<Marker>, Problem>>()?;
        if self.negative.len() > 16 {
            return Err(Problem::new(
                format!(
                    "negative has {} entries: there are few marker kinds",
                    self.negative.len()
                ),
                Vec::new(),
            ));
        }
        let negative = self
            .negative
            .iter()
            .map(|name| marker_kind(name))
            .collect::<Result<Vec<MarkerKind>, Problem>>()?;
        let puzzle = Puzzle::new(kind, size, givens, relations)?;
        let puzzle = if markers.is_empty() && negative.is_empty() {
            puzzle
        } else {
            puzzle.with_markers(markers, negative)?
        };
        Ok((puzzle, alphabet))
    }
}

/// A marker kind by name ([`MarkerKind::parse`]).
fn marker_kind(name: &str) -> Result<MarkerKind, Problem> {
    MarkerKind::parse(name).ok_or_else(|| not_a(name, MARKERS))
}

/// One `[cell, marker, cell]` triple as a marker.
fn marker(triple: &[String; 3]) -> Result<Marker, Problem> {
    let [a, kind, b] = triple;
    let (a, b) = (json_cell(a)?, json_cell(b)?);
    Ok(Marker::new(a, marker_kind(kind)?, b))
}

/// A cell name (`r1c1`).
fn json_cell(text: &str) -> Result<Cell, Problem> {
    Cell::parse(text).ok_or_else(|| not_a(text, "a cell (write r1c1 for row 1, column 1)"))
}

/// The problem of a `word` of the object that is not `what` ([`is_not`]).
fn not_a(word: &str, what: &str) -> Problem {
    Problem::new(is_not(word, what), Vec::new())
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
    let (a, b) = (json_cell(a)?, json_cell(b)?);
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
            is_not(s, "a relation symbol (< > ^ v)"),
            vec![a, b],
        )),
    }
}

/// The JSON form of a puzzle: givens in `alphabet` (an array for numbers), relations in
/// reading order as `["r1c1","<","r1c2"]` with the left or upper cell first, markers as
/// `["r4c5","white","r4c6"]` and the negative constraints by kind.
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
        markers: puzzle
            .markers()
            .iter()
            .map(|m| [m.a.to_string(), m.kind.token(), m.b.to_string()])
            .collect(),
        negative: puzzle.negative().iter().map(|k| k.token()).collect(),
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
        Entry::of_value(value.to_puzzle(options), pos, number)
    })
}

#[cfg(test)]
mod tests;
