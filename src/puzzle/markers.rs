//! Markers between two orthogonally adjacent cells — Kropki dots, X and V, differences,
//! ratios and sums — and the negative constraint; and, for the engines, every such
//! constraint of a puzzle as a table of which digit pairs it allows ([`PairRule`]).
//!
//! A marker constrains the pair's two digits symmetrically: a white dot says they differ by
//! one (`Difference(1)`), a black dot that one is twice the other (`Ratio(2)`), an X that
//! they sum to ten (`Sum(10)`), a V to five (`Sum(5)`). The *negative constraint* of a kind
//! says that every adjacent pair without any marker is *not* so related: "all the dots are
//! given". Inequality signs (`<`, `>`) are [`Relation`](super::Relation)s, kept apart: the
//! engines bound them by ranges, not tables.

use std::fmt;

use crate::geometry::Cell;

/// What a marker says of the two digits it joins.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum MarkerKind {
    /// The digits differ by exactly k (a white Kropki dot: k = 1).
    Difference(u8),
    /// One digit is k times the other (a black Kropki dot: k = 2).
    Ratio(u8),
    /// The digits sum to k (X: 10, V: 5).
    Sum(u8),
}

impl MarkerKind {
    /// A white Kropki dot: consecutive digits.
    pub const WHITE: MarkerKind = MarkerKind::Difference(1);
    /// A black Kropki dot: one digit double the other.
    pub const BLACK: MarkerKind = MarkerKind::Ratio(2);
    /// An X: digits summing to ten.
    pub const X: MarkerKind = MarkerKind::Sum(10);
    /// A V: digits summing to five.
    pub const V: MarkerKind = MarkerKind::Sum(5);

    /// Whether digits `x` and `y` (either order) satisfy the marker.
    pub const fn holds(self, x: u8, y: u8) -> bool {
        match self {
            MarkerKind::Difference(k) => x.abs_diff(y) == k,
            MarkerKind::Ratio(k) => {
                x as u16 == k as u16 * y as u16 || y as u16 == k as u16 * x as u16
            }
            MarkerKind::Sum(k) => x as u16 + y as u16 == k as u16,
        }
    }

    /// Whether two different digits of `1..=size` satisfy the marker (adjacent cells share a
    /// row or a column, so their digits differ).
    pub fn possible(self, size: usize) -> bool {
        (1..=size as u8).any(|x| (1..=size as u8).any(|y| x != y && self.holds(x, y)))
    }

    /// The marker's name in JSON and on the command line: `white`, `black`, `X`, `V`, or
    /// `difference:k`, `ratio:k`, `sum:k`.
    pub fn token(self) -> String {
        match self.word() {
            Some(word) => word.to_string(),
            None => {
                let (family, k) = self.family();
                format!("{family}:{k}")
            }
        }
    }

    /// The word of a marker that has one of its own: `white`, `black`, `X`, `V`.
    fn word(self) -> Option<&'static str> {
        match self {
            MarkerKind::WHITE => Some("white"),
            MarkerKind::BLACK => Some("black"),
            MarkerKind::X => Some("X"),
            MarkerKind::V => Some("V"),
            _ => None,
        }
    }

    /// The name of the marker's family and its value: `("difference", 3)`.
    fn family(self) -> (&'static str, u8) {
        match self {
            MarkerKind::Difference(k) => ("difference", k),
            MarkerKind::Ratio(k) => ("ratio", k),
            MarkerKind::Sum(k) => ("sum", k),
        }
    }

    /// The marker named `text` ([`MarkerKind::token`]'s names, any ASCII case, `diff` for
    /// `difference`, and the glyphs `o` white, `*` black); `None` for anything else. The
    /// value is not checked against a size here.
    pub fn parse(text: &str) -> Option<MarkerKind> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        match lower.as_str() {
            "white" | "o" => return Some(MarkerKind::WHITE),
            "black" | "*" => return Some(MarkerKind::BLACK),
            "x" => return Some(MarkerKind::X),
            "v" => return Some(MarkerKind::V),
            _ => {}
        }
        let (name, value) = lower.split_once(':')?;
        let value: u8 = value.trim().parse().ok().filter(|&k| k > 0)?;
        match name.trim() {
            "difference" | "diff" => Some(MarkerKind::Difference(value)),
            "ratio" => Some(MarkerKind::Ratio(value)),
            "sum" => Some(MarkerKind::Sum(value)),
            _ => None,
        }
    }

    /// The marker's name in a sentence: "white dot", "black dot", "X", "V", "difference of
    /// 3", "ratio of 3", "sum of 7".
    pub fn name(self) -> String {
        match self.word() {
            Some(dot @ ("white" | "black")) => format!("{dot} dot"),
            Some(word) => word.to_string(),
            None => {
                let (family, k) = self.family();
                format!("{family} of {k}")
            }
        }
    }

    /// The name with its article: "a white dot", "an X".
    pub fn describe(self) -> String {
        match self {
            MarkerKind::X => "an X".to_string(),
            _ => format!("a {}", self.name()),
        }
    }

    /// Whether digits `x` and `y` are so related, in words: "3 and 4 are consecutive", "3 and
    /// 7 are not consecutive", "2 and 8 sum to 10", "2 and 7 do not sum to 10", "3 and 6 are
    /// in ratio 2", "1 and 5 are 4 apart".
    pub fn says(self, x: u8, y: u8, holds: bool) -> String {
        let not = if holds { "" } else { "not " };
        match self {
            MarkerKind::WHITE => format!("{x} and {y} are {not}consecutive"),
            MarkerKind::Difference(k) => format!("{x} and {y} are {not}{k} apart"),
            MarkerKind::Ratio(k) => format!("{x} and {y} are {not}in ratio {k}"),
            MarkerKind::Sum(k) if holds => format!("{x} and {y} sum to {k}"),
            MarkerKind::Sum(k) => format!("{x} and {y} do not sum to {k}"),
        }
    }
}

impl fmt::Display for MarkerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token())
    }
}

/// A marker between two orthogonally adjacent cells, `a` before `b` in reading order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Marker {
    pub a: Cell,
    pub b: Cell,
    pub kind: MarkerKind,
}

impl Marker {
    /// The marker `kind` between `a` and `b`, in either order.
    pub fn new(a: Cell, kind: MarkerKind, b: Cell) -> Marker {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Marker { a, b, kind }
    }
}

impl fmt::Display for Marker {
    /// `r1c1 white r1c2`, as JSON writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.a, self.kind, self.b)
    }
}

/// Where a [`PairRule`] comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PairSource {
    /// The puzzle's marker of this index ([`Puzzle::markers`](super::Puzzle::markers)).
    Marker(usize),
    /// The negative constraint: the pair has no marker, so none of the puzzle's negative
    /// kinds holds for it.
    Negative,
}

/// One constraint on two adjacent cells as a table: `allowed[x]` is the set of digits
/// (bit d − 1 for digit d) that `b` may hold when `a` holds `x` (1-based). Symmetric
/// constraints, so the same table read the other way serves `b`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PairRule {
    /// Cell indices, `a` before `b` in reading order.
    pub a: usize,
    pub b: usize,
    pub allowed: [u32; 26],
    pub source: PairSource,
}

impl PairRule {
    /// The digits of `a` (bit d − 1) that some digit of `b_digits` supports: those that can
    /// stay in `a`. The table is symmetric, so `supported(b's digits)` for `a` and
    /// `supported(a's digits)` for `b` alike.
    #[inline]
    pub fn supported(&self, other: u32) -> u32 {
        let mut keep = 0;
        let mut x = 1;
        while x < 26 {
            if self.allowed[x] & other != 0 {
                keep |= 1 << (x - 1);
            }
            x += 1;
        }
        keep
    }
}

/// The table of a relation that allows the pair `(x, y)` exactly when `allows(x, y)`.
pub(super) fn table(size: usize, allows: impl Fn(u8, u8) -> bool) -> [u32; 26] {
    let mut allowed = [0u32; 26];
    for x in 1..=size as u8 {
        for y in 1..=size as u8 {
            if allows(x, y) {
                allowed[x as usize] |= 1 << (y - 1);
            }
        }
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_hold_for_their_pairs_in_either_order() {
        assert!(MarkerKind::WHITE.holds(4, 5) && MarkerKind::WHITE.holds(5, 4));
        assert!(!MarkerKind::WHITE.holds(4, 6));
        assert!(MarkerKind::BLACK.holds(3, 6) && MarkerKind::BLACK.holds(6, 3));
        assert!(!MarkerKind::BLACK.holds(3, 5));
        assert!(MarkerKind::X.holds(1, 9) && MarkerKind::V.holds(2, 3));
        assert!(MarkerKind::Ratio(3).holds(9, 3) && MarkerKind::Difference(4).holds(1, 5));
        assert!(!MarkerKind::X.possible(4), "no two digits of 1–4 sum to 10");
        assert!(MarkerKind::V.possible(4));
        assert!(!MarkerKind::Ratio(5).possible(4));
    }

    #[test]
    fn tokens_read_back() {
        for kind in [
            MarkerKind::WHITE,
            MarkerKind::BLACK,
            MarkerKind::X,
            MarkerKind::V,
            MarkerKind::Difference(3),
            MarkerKind::Ratio(3),
            MarkerKind::Sum(7),
        ] {
            assert_eq!(MarkerKind::parse(&kind.token()), Some(kind), "{kind}");
        }
        assert_eq!(
            MarkerKind::parse(" Diff:2 "),
            Some(MarkerKind::Difference(2))
        );
        assert_eq!(MarkerKind::parse("o"), Some(MarkerKind::WHITE));
        assert_eq!(MarkerKind::parse("sum:0"), None);
        assert_eq!(MarkerKind::parse("thermo"), None);
    }

    #[test]
    fn a_rule_keeps_the_digits_some_partner_digit_supports() {
        let rule = PairRule {
            a: 0,
            b: 1,
            allowed: table(9, |x, y| MarkerKind::WHITE.holds(x, y)),
            source: PairSource::Marker(0),
        };
        // b holds 5 or 7: a keeps 4, 6 and 8.
        assert_eq!(rule.supported(1 << 4 | 1 << 6), 1 << 3 | 1 << 5 | 1 << 7);
        assert_eq!(rule.supported(0), 0);
    }
}
