//! What the fuzz targets share: an answer checker that trusts nothing in the library
//! ([`check`]), puzzles built from arbitrary bytes, most with a known answer ([`case`]), and
//! the contract every search outcome must keep ([`verdict`]).
//!
//! A target is one file in `fuzz_targets/` and one `[[bin]]` entry in `Cargo.toml`.

pub mod case;
pub mod check;
pub mod verdict;
