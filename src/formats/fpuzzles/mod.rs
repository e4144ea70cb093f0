//! The `fpuzzles` format: the puzzle JSON of f-puzzles.com, which SudokuPad also opens —
//! plain, or lz-string compressed to base64 as it travels in links
//! (`https://www.f-puzzles.com/?load=N4Ig…`, `https://sudokupad.app/fpuzN4Ig…`).
//!
//! ```text
//! {"size":9,"grid":[[{"value":5,"given":true},{},…],…],
//!  "difference":[{"cells":["R1C1","R1C2"]}],          white dots; "value":"3" a difference of 3
//!  "ratio":[{"cells":["R4C5","R5C5"]}],               black dots; "value":"3" a ratio of 3
//!  "xv":[{"cells":["R2C2","R2C3"],"value":"X"}],
//!  "negative":["difference","ratio","xv"], "nonconsecutive":true}
//! ```
//!
//! What sudoku-lab reads: the size (classic sizes, standard blocks), the given digits, the
//! Kropki dots of any value, X and V, and the negative constraints ("negative" names the
//! families whose missing markers mean "not so related"; "nonconsecutive" is the negative
//! white dot). A difference negative covers each difference value the puzzle uses (1 when it
//! uses none), as f-puzzles says it; likewise a ratio negative. Every other constraint —
//! killer cages, thermometers, arrows, irregular regions, diagonals … — is refused with its
//! name and count, never dropped: a puzzle read without one of its rules would be another
//! puzzle. Titles, authors, rule text, colours, pencil marks and text labels are not rules
//! and are passed over. A pair with markers of both families (a Kropki dot and an X) under a
//! negative constraint is refused too: f-puzzles exempts from each family's negative only
//! the pairs of that family, sudoku-lab every marked pair.
//!
//! Input is one JSON value or several (as the `json` format reads them, an array included),
//! or lines that each hold one link or compressed string. A compressed string is capped at
//! [`MAX_COMPRESSED`] bytes: lz-string's output can grow with the square of its input.

use std::mem;

use super::alphabet::Alphabet;
use super::json::{json_values, JsonValue};
use super::scan::{coord, without_bom};
use crate::formats::entry::{Entry, ReadOptions};
use crate::formats::error::{InputError, Pos};
use crate::formats::quote::quote;
use crate::geometry::{block_shape, Cell};
use crate::puzzle::{Kind, Marker, MarkerKind, Problem, Puzzle};

mod object;
mod write;

use object::{FMarker, FObject, Read, Scalar};

pub(crate) use write::{write_puzzle, write_solution};

#[cfg(test)]
mod tests;

/// The longest compressed string read, in bytes: above a 16×16 puzzle with every cell
/// coloured and pencil-marked and 200 dots (4.9 KB; a plain 9×9 Kropki link is under 1 KB).
/// lz-string's output can grow with the square of its input: at this length, 8.5 million
/// chars at the most (a run of one letter), ~40 MB while decompressing, before the text is
/// refused as no puzzle.
pub const MAX_COMPRESSED: usize = 8 * 1024;

pub(crate) fn read(
    text: &str,
    _options: ReadOptions,
) -> Box<dyn Iterator<Item = Result<Entry, InputError>> + '_> {
    let text = without_bom(text);
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return Box::new(json_values::<Read<FObject>>(text).map(|item| {
            let JsonValue { value, pos, number } = item?;
            entry(&value.0, pos, number)
        }));
    }
    let mut number = 0;
    Box::new(text.lines().enumerate().filter_map(move |(i, line)| {
        let start = line.len() - line.trim_start().len();
        let link = line.trim();
        if link.is_empty() {
            return None;
        }
        number += 1;
        let pos = Pos::new(coord(i + 1), coord(line[..start].chars().count() + 1));
        Some(
            decompress(link)
                .map_err(|message| InputError {
                    pos,
                    message,
                    cells: vec![],
                    puzzle: Some(number),
                })
                .and_then(|value| entry(&value, pos, number)),
        )
    }))
}

/// The puzzle object inside a link or a compressed string.
fn decompress(link: &str) -> Result<FObject, String> {
    let payload = payload(link);
    if payload.len() > MAX_COMPRESSED {
        return Err(format!(
            "a compressed f-puzzles string of {} bytes; at most {MAX_COMPRESSED} are read",
            payload.len()
        ));
    }
    if payload.is_empty() {
        return Err(format!(
            "no f-puzzles puzzle in {}: expected a link with load=…, a SudokuPad fpuz… link \
             or the compressed string itself",
            quote(link)
        ));
    }
    let decoded = percent_decoded(payload);
    let wide = lz_str::decompress_from_base64(&decoded)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| format!("{} is not lz-string base64", quote(payload)))?;
    let json = String::from_utf16(&wide)
        .map_err(|_| format!("{} decompresses to broken text", quote(payload)))?;
    serde_json::from_str(&json)
        .map(|Read(object)| object)
        .map_err(|e| {
            format!(
                "{} decompresses to text that is not an f-puzzles object ({e})",
                quote(payload)
            )
        })
}

/// The compressed part of a link: after `load=` (to the next `&` or `#`), after `fpuz` in a
/// SudokuPad link, else the whole token.
fn payload(link: &str) -> &str {
    if let Some(at) = link.find("load=") {
        let rest = &link[at + 5..];
        return &rest[..rest.find(['&', '#']).unwrap_or(rest.len())];
    }
    if let Some(at) = link.find("fpuz") {
        let rest = &link[at + 4..];
        let rest = rest.strip_prefix("zles").unwrap_or(rest);
        let rest = rest.trim_start_matches(['/', '?']);
        return &rest[..rest.find(['&', '#', '?']).unwrap_or(rest.len())];
    }
    link
}

/// `%2B` `%2F` `%3D` decoded; a space (a `+` a form turned into a space) back to `+`.
fn percent_decoded(text: &str) -> String {
    text.replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+")
}

fn entry(value: &FObject, pos: Pos, number: usize) -> Result<Entry, InputError> {
    let read = puzzle_of(value).map(|puzzle| {
        let alphabet = if puzzle.size() > 9 {
            Alphabet::Numbers
        } else {
            Alphabet::Digits
        };
        (puzzle, alphabet)
    });
    Entry::of_value(read, pos, number)
}

fn problem(message: impl Into<String>) -> Problem {
    Problem::new(message.into(), vec![])
}

/// The puzzle an f-puzzles object describes, or what in it sudoku-lab cannot solve.
pub(crate) fn puzzle_of(object: &FObject) -> Result<Puzzle, Problem> {
    if !object.unsupported.is_empty() {
        return Err(problem(format!(
            "f-puzzles constraints sudoku-lab does not solve: {}; it reads givens, Kropki dots \
             (difference, ratio), X and V, and their negative constraints",
            object.unsupported.text()
        )));
    }
    let size = match object.size.as_ref().map(Scalar::whole) {
        Some(Some(n)) if n <= 25 && block_shape(n as usize).is_some() => n as usize,
        Some(Some(n)) => {
            return Err(problem(format!(
                "an f-puzzles size of {n}: sudoku-lab reads the classic sizes 4, 6, 8, 9, 12, \
                 16 and 25"
            )))
        }
        _ => return Err(problem("an f-puzzles puzzle needs \"size\", a number")),
    };
    let givens = givens(object, size)?;
    let markers = markers(object, size)?;
    let negative = negative(object, &markers)?;
    Puzzle::new(Kind::Classic, size, givens, vec![])?.with_markers(markers, negative)
}

fn givens(object: &FObject, size: usize) -> Result<Vec<u8>, Problem> {
    let rows = object
        .grid
        .as_ref()
        .filter(|rows| rows.len() == size)
        .ok_or_else(|| problem(format!("\"grid\" must be {size} rows of {size} cells")))?;
    let (bh, bw) = block_shape(size).unwrap_or((size, 1));
    let mut givens = vec![0u8; size * size];
    for (r, row) in rows.iter().enumerate() {
        if row.0.len() != size {
            return Err(problem(format!(
                "row {} of \"grid\" is not {size} cells",
                r + 1
            )));
        }
        for (c, cell) in row.0.iter().enumerate() {
            let here = Cell::new(r, c);
            if !cell.unsupported.is_empty() {
                return Err(Problem::new(
                    format!(
                        "{here}: the cell property {} is a constraint sudoku-lab does not solve",
                        cell.unsupported.text()
                    ),
                    vec![here],
                ));
            }
            if let Some(region) = &cell.region {
                let standard = (r / bh) * (size / bw) + c / bw;
                if region.whole() != Some(standard as u64) {
                    return Err(Problem::new(
                        format!(
                            "{here} is in region {}, not its block: irregular regions are not \
                             supported",
                            region.shown()
                        ),
                        vec![here],
                    ));
                }
            }
            if cell.given {
                let digit = cell
                    .value
                    .as_ref()
                    .and_then(Scalar::whole)
                    .filter(|d| (1..=size as u64).contains(d))
                    .ok_or_else(|| {
                        Problem::new(
                            format!("{here}: a given needs a value from 1 to {size}"),
                            vec![here],
                        )
                    })?;
                givens[r * size + c] = digit as u8;
            }
        }
    }
    Ok(givens)
}

fn cell_of(name: &Scalar, size: usize, key: &str) -> Result<Cell, Problem> {
    match name {
        Scalar::Text(t) => Cell::parse(t),
        _ => None,
    }
    .filter(|c| (c.row as usize) < size && (c.col as usize) < size)
    .ok_or_else(|| {
        problem(format!(
            "{key}: {} is not a cell of the grid (R1C1 …)",
            name.shown()
        ))
    })
}

fn markers(object: &FObject, size: usize) -> Result<Vec<Marker>, Problem> {
    let mut markers = Vec::new();
    let lists: [(&str, &[FMarker]); 3] = [
        ("difference", &object.difference),
        ("ratio", &object.ratio),
        ("xv", &object.xv),
    ];
    for (key, list) in lists {
        for entry in list {
            let [a, b] = entry.cells.as_slice() else {
                return Err(problem(format!("a \"{key}\" marker names two cells")));
            };
            let (a, b) = (cell_of(a, size, key)?, cell_of(b, size, key)?);
            let value = entry.value.as_ref();
            let whole = |default: u64| match value {
                None => Some(default),
                Some(Scalar::Text(t)) if t.trim().is_empty() => Some(default),
                Some(v) => v.whole(),
            };
            let kind = match key {
                "difference" => whole(1)
                    .filter(|k| (1..=24).contains(k))
                    .map(|k| MarkerKind::Difference(k as u8)),
                "ratio" => whole(2)
                    .filter(|k| (2..=25).contains(k))
                    .map(|k| MarkerKind::Ratio(k as u8)),
                _ => match value {
                    Some(Scalar::Text(t)) if t.trim().eq_ignore_ascii_case("x") => {
                        Some(MarkerKind::X)
                    }
                    Some(Scalar::Text(t)) if t.trim().eq_ignore_ascii_case("v") => {
                        Some(MarkerKind::V)
                    }
                    _ => None,
                },
            }
            .ok_or_else(|| {
                Problem::new(
                    format!(
                        "{key} marker between {a} and {b}: value {} is not one sudoku-lab reads",
                        value.map_or("(none)".to_string(), Scalar::shown)
                    ),
                    vec![a, b],
                )
            })?;
            markers.push(Marker::new(a.min(b), kind, a.max(b)));
        }
    }
    Ok(markers)
}

/// The negative constraint's kinds: per family named in `negative`, every value of that
/// family the markers use (1 / 2 when they use none); X and V for `xv`; white for
/// `nonconsecutive`.
fn negative(object: &FObject, markers: &[Marker]) -> Result<Vec<MarkerKind>, Problem> {
    let mut kinds = Vec::new();
    // Every kind of `family` the markers use, or `family(default)` when they use none.
    let used = |family: fn(u8) -> MarkerKind, default: u8| {
        let of_family = |k: &MarkerKind| mem::discriminant(k) == mem::discriminant(&family(0));
        let used: Vec<MarkerKind> = markers.iter().map(|m| m.kind).filter(of_family).collect();
        if used.is_empty() {
            vec![family(default)]
        } else {
            used
        }
    };
    for name in &object.negative {
        match name {
            Scalar::Text(t) if t == "difference" => kinds.extend(used(MarkerKind::Difference, 1)),
            Scalar::Text(t) if t == "ratio" => kinds.extend(used(MarkerKind::Ratio, 2)),
            Scalar::Text(t) if t == "xv" => kinds.extend([MarkerKind::X, MarkerKind::V]),
            other => {
                return Err(problem(format!(
                    "negative constraint {}: sudoku-lab reads difference, ratio and xv",
                    other.shown()
                )))
            }
        }
    }
    if object.nonconsecutive {
        kinds.push(MarkerKind::WHITE);
    }
    let kropki = |k: MarkerKind| !matches!(k, MarkerKind::Sum(_));
    let mixed = markers.iter().any(|m| kropki(m.kind)) && markers.iter().any(|m| !kropki(m.kind));
    if mixed && !kinds.is_empty() {
        return Err(problem(
            "Kropki dots and X/V together under a negative constraint: f-puzzles exempts only a \
             family's own marked pairs from its negative, sudoku-lab every marked pair",
        ));
    }
    Ok(kinds)
}
