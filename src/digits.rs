//! Candidate sets: the digits still possible in a cell, as one machine word.
//!
//! ```text
//! bit:    24 23 … 8 7 6 5 4 3 2 1 0
//! digit:  25 24 … 9 8 7 6 5 4 3 2 1      (bit d-1 set ⇔ digit d is a candidate)
//! ```
//! The set operations of the general engines, the trace and validation live here, so they
//! read as set algebra. The engines' innermost loops and the fast paths (`search/nine`,
//! `search/sixteen`) keep their own word-level tricks on raw masks, beside the layouts they
//! work on: there a `DigitSet` per operation would hide the layout that makes them fast.

use std::fmt;

/// The largest size (number of digits) the crate supports.
pub const MAX_SIZE: usize = 25;

/// A set of digits `1..=25`. Invariant: no bit above bit 24 is ever set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit `1..=size`.
    #[inline]
    pub const fn full(size: usize) -> DigitSet {
        DigitSet(((1u64 << size) - 1) as u32)
    }

    /// The set holding only `digit` (1-based).
    #[inline]
    pub const fn single(digit: u8) -> DigitSet {
        DigitSet(1 << (digit - 1))
    }

    /// Builds a set from raw bits (bit d-1 ⇔ digit d). Bits above 24 are dropped.
    #[inline]
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits & ((1 << MAX_SIZE) - 1))
    }

    /// The raw bits (bit d-1 ⇔ digit d).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Digits strictly smaller than `digit`.
    #[inline]
    pub const fn below(digit: u8) -> DigitSet {
        DigitSet((1u32 << (digit - 1)) - 1)
    }

    /// Digits strictly greater than `digit`, up to 25.
    #[inline]
    pub const fn above(digit: u8) -> DigitSet {
        DigitSet::from_bits(!((1u32 << digit) - 1))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when exactly one digit is in the set.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    #[inline]
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit as usize <= MAX_SIZE && self.0 & (1 << (digit - 1)) != 0
    }

    /// The smallest digit, or `None` for the empty set.
    #[inline]
    pub const fn min(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The largest digit, or `None` for the empty set.
    #[inline]
    pub const fn max(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(32 - self.0.leading_zeros() as u8)
        }
    }

    #[inline]
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    #[inline]
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in increasing order.
    #[inline]
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
#[derive(Clone)]
pub struct Digits(u32);

impl Iterator for Digits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Digits {}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        iter.into_iter()
            .fold(DigitSet::EMPTY, |set, d| set.union(DigitSet::single(d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_holds_exactly_the_digits_of_the_size() {
        assert_eq!(
            DigitSet::full(9).iter().collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
        assert_eq!(DigitSet::full(25).len(), 25);
        assert!(!DigitSet::full(25).contains(26));
    }

    #[test]
    fn bounds_split_the_set_around_a_digit() {
        let all = DigitSet::full(9);
        assert_eq!(
            all.intersection(DigitSet::below(4))
                .iter()
                .collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(
            all.intersection(DigitSet::above(7))
                .iter()
                .collect::<Vec<_>>(),
            [8, 9]
        );
        assert!(DigitSet::below(1).is_empty());
        assert_eq!(DigitSet::above(25), DigitSet::EMPTY);
    }

    #[test]
    fn min_max_and_single() {
        let s: DigitSet = [3, 5, 9].into_iter().collect();
        assert_eq!((s.min(), s.max(), s.len()), (Some(3), Some(9), 3));
        assert!(!s.is_single());
        assert!(DigitSet::single(25).is_single());
        assert_eq!(DigitSet::EMPTY.min(), None);
    }
}
