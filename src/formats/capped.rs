//! [`capped`]: a list deserialized element by element that fails as soon as it holds more
//! than its cap, before the rest is read or held — for lists whose JSON is small and whose
//! Rust is not (a `[cell, name, cell]` triple is about nine times its bytes), and for lists no
//! puzzle can need longer.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// How a capped list reads.
pub(crate) struct Cap<'a> {
    /// The most elements it may hold.
    pub max: usize,
    /// What it holds, for serde's "expected …" message: "an array of marker names".
    pub expecting: &'a str,
    /// Whether `null` stands for an empty list (f-puzzles writes `null` for none).
    pub null: bool,
    /// The message when the list holds more than `max` (given `max`).
    pub too_many: &'a dyn Fn(usize) -> String,
}

/// Deserializes a list of `T` under `cap`.
pub(crate) fn capped<'de, D, T>(deserializer: D, cap: Cap<'_>) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Capped<'a, T> {
        cap: Cap<'a>,
        items: PhantomData<T>,
    }

    impl<'de, T: Deserialize<'de>> Visitor<'de> for Capped<'_, T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.cap.expecting)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Vec<T>, E> {
            if self.cap.null {
                Ok(Vec::new())
            } else {
                Err(de::Error::invalid_type(de::Unexpected::Unit, &self))
            }
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let hint = seq.size_hint().unwrap_or(0).min(self.cap.max);
            let mut items = Vec::with_capacity(hint);
            while let Some(item) = seq.next_element()? {
                if items.len() == self.cap.max {
                    return Err(de::Error::custom((self.cap.too_many)(self.cap.max)));
                }
                items.push(item);
            }
            Ok(items)
        }
    }

    let visitor = Capped {
        cap,
        items: PhantomData,
    };
    if visitor.cap.null {
        deserializer.deserialize_any(visitor)
    } else {
        deserializer.deserialize_seq(visitor)
    }
}
