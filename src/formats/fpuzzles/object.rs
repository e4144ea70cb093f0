//! An f-puzzles object as read: what sudoku-lab solves, kept; everything else, named and
//! counted but never held. Deserializing is capped so that memory stays bounded whatever the
//! JSON: at most 25 rows of 25 cells, [`MAX_MARKERS`] markers per list, and for any other key
//! only its name and its length.

use std::fmt;
use std::marker::PhantomData;

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
        let (present, len) = match Glimpse::deserialize(d)? {
            Glimpse::Bool(b) => (b, None),
            Glimpse::Number(_) => (true, None),
            Glimpse::Text(s) => (!s.is_empty(), None),
            Glimpse::Null => (false, None),
            Glimpse::List(len) => (len > 0, Some(len)),
            Glimpse::Object { empty } => (!empty, None),
        };
        Ok(Presence { present, len })
    }
}

/// Any JSON value, summed up as it is read and never held: what [`Presence`] and [`Scalar`]
/// keep of a value.
enum Glimpse {
    Bool(bool),
    Number(f64),
    /// A string's first 40 chars: a name or a number is short, a long string is kept cut.
    Text(String),
    Null,
    /// An array, by its length.
    List(usize),
    Object {
        empty: bool,
    },
}

impl<'de> Deserialize<'de> for Glimpse {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Glimpse, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Glimpse;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E>(self, b: bool) -> Result<Glimpse, E> {
                Ok(Glimpse::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Glimpse, E> {
                Ok(Glimpse::Number(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Glimpse, E> {
                Ok(Glimpse::Number(n as f64))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Glimpse, E> {
                Ok(Glimpse::Number(n))
            }
            fn visit_str<E>(self, s: &str) -> Result<Glimpse, E> {
                Ok(Glimpse::Text(s.chars().take(40).collect()))
            }
            fn visit_unit<E>(self) -> Result<Glimpse, E> {
                Ok(Glimpse::Null)
            }
            fn visit_none<E>(self) -> Result<Glimpse, E> {
                Ok(Glimpse::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Glimpse, D::Error> {
                Glimpse::deserialize(d)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Glimpse, A::Error> {
                let mut len = 0;
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    len += 1;
                }
                Ok(Glimpse::List(len))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Glimpse, A::Error> {
                let mut empty = true;
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {
                    empty = false;
                }
                Ok(Glimpse::Object { empty })
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

    /// Reads the value of `key`, a key of no rule sudoku-lab reads, and names the key if the
    /// value holds something.
    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        let p = map.next_value::<Presence>()?;
        self.add(key, p);
        Ok(())
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
        Ok(match Glimpse::deserialize(d)? {
            Glimpse::Number(n) => Scalar::Number(n),
            Glimpse::Text(t) => Scalar::Text(t),
            _ => Scalar::Other,
        })
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

impl Keyed for FCell {
    const EXPECTING: &'static str = "a cell object";

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "value" => self.value = map.next_value()?,
            "given" => self.given = map.next_value::<Option<bool>>()? == Some(true),
            "region" => self.region = map.next_value()?,
            // Not rules: colours and a player's marks.
            "c" | "cArray" | "highlight" | "centerPencilMarks" | "cornerPencilMarks"
            | "candidates" => pass_over(map)?,
            _ => self.unsupported.read(key, map)?,
        }
        Ok(())
    }
}

/// An object read key by key, as [`Read`]: the keys it knows into its fields, keys that are
/// not rules passed over, and every other key named in its [`Unsupported`].
pub trait Keyed: Default {
    /// What it is, for serde's "expected …" message.
    const EXPECTING: &'static str;

    /// Reads the value of `key`.
    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error>;
}

/// A [`Keyed`] object as serde reads it.
pub struct Read<T>(pub T);

impl<'de, T: Keyed> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Read<T>, D::Error> {
        struct KeyedVisitor<T>(PhantomData<T>);
        impl<'de, T: Keyed> Visitor<'de> for KeyedVisitor<T> {
            type Value = Read<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(T::EXPECTING)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read<T>, A::Error> {
                let mut object = T::default();
                while let Some(key) = map.next_key::<String>()? {
                    object.read(&key, &mut map)?;
                }
                Ok(Read(object))
            }
        }
        d.deserialize_map(KeyedVisitor(PhantomData))
    }
}

/// Reads the value of a key that is no rule, holding nothing of it.
fn pass_over<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>()?;
    Ok(())
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
        let cells: Vec<Read<FCell>> = capped(d, 25, "cells")?;
        Ok(Row(cells.into_iter().map(|Read(cell)| cell).collect()))
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

impl Keyed for FObject {
    const EXPECTING: &'static str = "an f-puzzles object";

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "size" => self.size = map.next_value()?,
            "grid" => self.grid = Some(map.next_value::<Rows>()?.0),
            "difference" => self.difference = map.next_value::<Markers>()?.0,
            "ratio" => self.ratio = map.next_value::<Markers>()?.0,
            "xv" => self.xv = map.next_value::<Markers>()?.0,
            "negative" => self.negative = map.next_value::<Names>()?.0,
            "nonconsecutive" => {
                self.nonconsecutive = map.next_value::<Option<bool>>()? == Some(true)
            }
            // Not rules: what a puzzle is called, by whom, its rule text, its solution, and
            // drawings without meaning to a solver.
            "title"
            | "author"
            | "ruleset"
            | "solution"
            | "text"
            | "disabledlogic"
            | "truecandidatesoptions"
            | "highlightConflicts" => pass_over(map)?,
            _ => self.unsupported.read(key, map)?,
        }
        Ok(())
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
