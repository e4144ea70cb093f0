//! An f-puzzles object as read: what sudoku-lab solves, kept; everything else, named and
//! counted but never held. Deserializing is capped so that memory stays bounded whatever the
//! JSON: at most 25 rows of 25 cells, [`MAX_MARKERS`] markers per list, and for any other key
//! only its name and its length.

use std::fmt;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::formats::capped::{capped as capped_list, Cap};

/// The most markers one list may hold: every adjacent pair of a 25×25 grid.
pub const MAX_MARKERS: usize = 2 * 25 * 24;

/// The most names of unsupported keys kept (the rest are counted in `more`).
const MAX_NAMES: usize = 16;

/// What a value of a key sudoku-lab does not read amounts to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Presence {
    /// Something is there: a non-empty array, object or string, `true`, a number.
    pub present: bool,
    /// The length of an array.
    pub len: Option<usize>,
}

impl<'de> Deserialize<'de> for Presence {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Presence, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Presence;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E>(self, b: bool) -> Result<Presence, E> {
                Ok(Presence {
                    present: b,
                    len: None,
                })
            }
            fn visit_i64<E>(self, _: i64) -> Result<Presence, E> {
                Ok(Presence {
                    present: true,
                    len: None,
                })
            }
            fn visit_u64<E>(self, _: u64) -> Result<Presence, E> {
                Ok(Presence {
                    present: true,
                    len: None,
                })
            }
            fn visit_f64<E>(self, _: f64) -> Result<Presence, E> {
                Ok(Presence {
                    present: true,
                    len: None,
                })
            }
            fn visit_str<E>(self, s: &str) -> Result<Presence, E> {
                Ok(Presence {
                    present: !s.is_empty(),
                    len: None,
                })
            }
            fn visit_unit<E>(self) -> Result<Presence, E> {
                Ok(Presence {
                    present: false,
                    len: None,
                })
            }
            fn visit_none<E>(self) -> Result<Presence, E> {
                Ok(Presence {
                    present: false,
                    len: None,
                })
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Presence, D::Error> {
                Presence::deserialize(d)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Presence, A::Error> {
                let mut len = 0;
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    len += 1;
                }
                Ok(Presence {
                    present: len > 0,
                    len: Some(len),
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Presence, A::Error> {
                let mut present = false;
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {
                    present = true;
                }
                Ok(Presence { present, len: None })
            }
        }
        d.deserialize_any(V)
    }
}

/// Names of keys that hold something sudoku-lab does not read, with array lengths.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Unsupported {
    pub names: Vec<String>,
    pub more: usize,
}

impl Unsupported {
    fn add(&mut self, key: &str, p: Presence) {
        if !p.present {
            return;
        }
        if self.names.len() == MAX_NAMES {
            self.more += 1;
            return;
        }
        let plain = key.len() <= 40
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-_()".contains(c));
        let key = if plain {
            key.to_string()
        } else {
            crate::formats::quote::quote_name(key)
        };
        self.names.push(match p.len {
            Some(n) => format!("{key} ({n})"),
            None => key,
        });
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn text(&self) -> String {
        let mut text = self.names.join(", ");
        if self.more > 0 {
            text.push_str(&format!(" and {} more", self.more));
        }
        text
    }
}

/// A number or a string (f-puzzles writes marker values as strings, some tools as numbers),
/// or something else, passed over.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    Number(f64),
    Text(String),
    Other,
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or a string")
            }
            fn visit_bool<E>(self, _: bool) -> Result<Scalar, E> {
                Ok(Scalar::Other)
            }
            fn visit_i64<E>(self, n: i64) -> Result<Scalar, E> {
                Ok(Scalar::Number(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Scalar, E> {
                Ok(Scalar::Number(n as f64))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Scalar, E> {
                Ok(Scalar::Number(n))
            }
            fn visit_str<E>(self, s: &str) -> Result<Scalar, E> {
                // A name or a number is short: a long string is kept cut.
                Ok(Scalar::Text(s.chars().take(40).collect()))
            }
            fn visit_unit<E>(self) -> Result<Scalar, E> {
                Ok(Scalar::Other)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Scalar::Other)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Scalar::Other)
            }
        }
        d.deserialize_any(V)
    }
}

impl Scalar {
    /// The value as a whole number, from a number or a string of digits.
    pub fn whole(&self) -> Option<u64> {
        match self {
            Scalar::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n < 1e9 => Some(*n as u64),
            Scalar::Text(t) => t.trim().parse().ok(),
            _ => None,
        }
    }

    /// The value as the JSON shows it (for messages).
    pub fn shown(&self) -> String {
        match self {
            Scalar::Number(n) => n.to_string(),
            Scalar::Text(t) => crate::formats::quote::quote(t),
            Scalar::Other => "(not a number or a string)".into(),
        }
    }
}

/// One marker of `difference`, `ratio` or `xv`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FMarker {
    #[serde(default, deserialize_with = "two_cells")]
    pub cells: Vec<Scalar>,
    #[serde(default)]
    pub value: Option<Scalar>,
}

fn two_cells<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Scalar>, D::Error> {
    capped(d, 4, "cells")
}

/// One cell of `grid`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FCell {
    pub value: Option<Scalar>,
    pub given: bool,
    /// `None` when left out or `null`.
    pub region: Option<Scalar>,
    /// Keys of the cell that are rules sudoku-lab does not read (given pencil marks …).
    pub unsupported: Unsupported,
}

/// Keys of a cell that are not rules (colours and a player's marks).
const CELL_NOT_RULES: &[&str] = &[
    "c",
    "cArray",
    "highlight",
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
];

impl<'de> Deserialize<'de> for FCell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FCell, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FCell;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a cell object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FCell, A::Error> {
                let mut cell = FCell::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "value" => cell.value = map.next_value()?,
                        "given" => cell.given = map.next_value::<Option<bool>>()? == Some(true),
                        "region" => cell.region = map.next_value()?,
                        k if CELL_NOT_RULES.contains(&k) => {
                            map.next_value::<IgnoredAny>()?;
                        }
                        k => {
                            let p = map.next_value::<Presence>()?;
                            cell.unsupported.add(k, p);
                        }
                    }
                }
                Ok(cell)
            }
        }
        d.deserialize_map(V)
    }
}

/// A list of at most `max` `what` (`null` for none, as f-puzzles writes it), refused as soon
/// as it holds more.
fn capped<'de, D, T>(d: D, max: usize, what: &'static str) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let expecting = format!("a list of {what}");
    let too_many = |max: usize| format!("more than {max} {what} in one list");
    capped_list(
        d,
        Cap {
            max,
            expecting: &expecting,
            null: true,
            too_many: &too_many,
        },
    )
}

/// A row of `grid`: at most 25 cells.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row(pub Vec<FCell>);

impl<'de> Deserialize<'de> for Row {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Row, D::Error> {
        capped(d, 25, "cells").map(Row)
    }
}

/// The f-puzzles object: its size, grid and markers; the rest named.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FObject {
    pub size: Option<Scalar>,
    pub grid: Option<Vec<Row>>,
    pub difference: Vec<FMarker>,
    pub ratio: Vec<FMarker>,
    pub xv: Vec<FMarker>,
    pub negative: Vec<Scalar>,
    pub nonconsecutive: bool,
    pub unsupported: Unsupported,
}

/// Keys of an f-puzzles object that are not rules: what a puzzle is called, by whom, its rule
/// text, its solution, and drawings without meaning to a solver.
const NOT_RULES: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
];

impl<'de> Deserialize<'de> for FObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FObject, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FObject;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an f-puzzles object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FObject, A::Error> {
                let mut o = FObject::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "size" => o.size = map.next_value()?,
                        "grid" => o.grid = Some(map.next_value::<Rows>()?.0),
                        "difference" => o.difference = map.next_value::<Markers>()?.0,
                        "ratio" => o.ratio = map.next_value::<Markers>()?.0,
                        "xv" => o.xv = map.next_value::<Markers>()?.0,
                        "negative" => o.negative = map.next_value::<Names>()?.0,
                        "nonconsecutive" => {
                            o.nonconsecutive = map.next_value::<Option<bool>>()? == Some(true)
                        }
                        k if NOT_RULES.contains(&k) => {
                            map.next_value::<IgnoredAny>()?;
                        }
                        k => {
                            let p = map.next_value::<Presence>()?;
                            o.unsupported.add(k, p);
                        }
                    }
                }
                Ok(o)
            }
        }
        d.deserialize_map(V)
    }
}

struct Rows(Vec<Row>);

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rows, D::Error> {
        capped(d, 25, "rows").map(Rows)
    }
}

struct Markers(Vec<FMarker>);

impl<'de> Deserialize<'de> for Markers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Markers, D::Error> {
        capped(d, MAX_MARKERS, "markers").map(Markers)
    }
}

struct Names(Vec<Scalar>);

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Names, D::Error> {
        capped(d, 8, "names").map(Names)
    }
}
