//! Unit tests of the `picture` format.

use super::*;
use crate::formats::{read as read_format, Format};

fn read_all(text: &str) -> Vec<Result<Entry, InputError>> {
    read_format(text, Format::Picture, ReadOptions::default()).collect()
}

/// A 5×5 Futoshiki picture (shared with tests/formats.rs).
const FIVE: &str = include_str!("../../../tests/fixtures/five.picture");

#[test]
fn a_bare_size_header_means_futoshiki() {
    let e = read_all(FIVE).remove(0).unwrap();
    assert_eq!((e.puzzle.size(), e.puzzle.kind()), (5, Kind::Futoshiki));
    assert_eq!(e.puzzle.givens()[4], 4);
    assert_eq!(e.puzzle.givens()[7], 2);
    let rels: Vec<String> = e.puzzle.relations().iter().map(|r| r.to_string()).collect();
    assert_eq!(
        rels,
        [
            "r1c1 < r1c2",
            "r1c1 < r2c1",
            "r1c4 > r2c4",
            "r2c3 > r2c4",
            "r3c5 < r4c5",
            "r4c1 > r4c2"
        ]
    );
    assert_eq!(e.relation_pos[0].1, Pos::new(2, 3));
}

#[test]
fn the_header_is_optional_and_spaces_too() {
    let compact: String = FIVE
        .lines()
        .skip(1)
        .map(|l| l.replace(' ', "") + "\n")
        .collect();
    let a = read_all(FIVE).remove(0).unwrap();
    let b = read_all(&compact).remove(0).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
}

#[test]
fn a_header_kind_is_used() {
    let text = FIVE.replacen("5\n", "5 futoshiki\n", 1);
    assert!(read_all(&text)[0].is_ok());
    let text = FIVE.replacen("5\n", "5 inequality\n", 1);
    let e = read_all(&text).remove(0).unwrap_err();
    assert_eq!(
        e.message,
        "a 5×5 inequality puzzle is not supported: the size must be 4, 6, 8, 9, 12, 16 or 25"
    );
}

#[test]
fn a_bad_line_says_what_is_wrong_and_where() {
    // (case, a line of FIVE, its bad replacement, the message, where, if the case says)
    for (case, line, bad, message, pos) in [
        (
            "a short row names its cell count",
            ". | . | 2 > . | .",
            ". | . | 2 > .",
            "row 2 has 4 cells; a 5×5 picture needs 5",
            Some(Pos::new(4, 14)),
        ),
        (
            "a bad gap symbol names the cells",
            "^   -   -   v   -",
            "^   -   x   v   -",
            "expected '^', 'v', '-' or a marker (o * X V) between r1c3 and r2c3, found 'x'",
            Some(Pos::new(3, 9)),
        ),
        (
            "cells without a separator are an error",
            ". < . | . | . | 4",
            ". < . | . | . 4",
            "expected '<', '>', '|' or a marker (o * X V) between r1c4 and r1c5, found '4'",
            None,
        ),
    ] {
        let text = FIVE.replacen(line, bad, 1);
        let Err(e) = read_all(&text).remove(0) else {
            panic!("{case}: read without an error");
        };
        assert_eq!(e.message, message, "{case}");
        if let Some(pos) = pos {
            assert_eq!(e.pos, pos, "{case}");
        }
    }
}

#[test]
fn a_huge_header_is_refused_without_reading_on() {
    let e = read_all("99999999999\n1<2").remove(0).unwrap_err();
    assert_eq!(
        e.message,
        "a picture of size 99999999999 is not supported: sizes go from 3 to 25"
    );
}

#[test]
fn pictures_follow_each_other() {
    let text = format!("{FIVE}\n{FIVE}{FIVE}");
    let entries = read_all(&text);
    assert_eq!(entries.len(), 3);
    assert!(entries.iter().all(|e| e.is_ok()));
}

#[test]
fn a_picture_cut_short_says_so() {
    let text: String = FIVE.lines().take(6).map(|l| format!("{l}\n")).collect();
    let e = read_all(&format!("{text}\n{FIVE}")).remove(0).unwrap_err();
    assert_eq!(
        e.message,
        "the picture ends after 5 of its 9 lines; a 5×5 picture has 2N−1 lines"
    );
    assert_eq!(e.pos, Pos::new(8, 1));
}

#[test]
fn numbers_above_nine_are_whole_tokens() {
    let mut text = String::from("10\n");
    for r in 0..10 {
        let row: Vec<String> = (0..10).map(|c| ((r + c) % 10 + 1).to_string()).collect();
        text.push_str(&row.join(" | "));
        text.push('\n');
        if r < 9 {
            text.push_str(&"- ".repeat(10));
            text.push('\n');
        }
    }
    let e = read_all(&text).remove(0).unwrap();
    assert_eq!(e.alphabet, Alphabet::Numbers);
    assert_eq!(e.puzzle.givens()[9], 10);
}

#[test]
fn written_pictures_read_back() {
    let e = read_all(FIVE).remove(0).unwrap();
    let mut out = String::new();
    write_puzzle(&mut out, &e.puzzle, Alphabet::Digits, true).unwrap();
    assert!(
        out.starts_with("5 futoshiki\n. < . | . | . | 4\n^   -   -   v   -\n"),
        "{out}"
    );
    let back = read_all(&out).remove(0).unwrap();
    assert_eq!(back.puzzle, e.puzzle);
}
