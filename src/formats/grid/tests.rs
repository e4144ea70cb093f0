//! Unit tests of the `grid` format.

use super::*;
use crate::formats::{read as read_format, Format};
use crate::puzzle::Kind;

fn read_all(text: &str, format: Format) -> Vec<Result<Entry, InputError>> {
    read_format(text, format, ReadOptions::default()).collect()
}

/// Wikipedia's example puzzle as a grid (shared with tests/formats.rs).
const NINE: &str = include_str!("../../../tests/fixtures/nine.grid");

#[test]
fn a_nine_by_nine_grid_reads_row_by_row() {
    let e = read_all(NINE, Format::Grid).remove(0).unwrap();
    assert_eq!(e.puzzle.size(), 9);
    assert_eq!(e.puzzle.givens()[..3], [5, 3, 0]);
    assert_eq!(e.cell_pos.get(10), Some(Pos::new(2, 2)));
}

#[test]
fn separators_and_rule_lines_are_ignored() {
    let text = "\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
|-------+-------+-------|
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";
    let a = read_all(text, Format::Grid).remove(0).unwrap();
    let b = read_all(NINE, Format::Grid).remove(0).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.cell_pos.get(0), Some(Pos::new(2, 3)));
}

#[test]
fn puzzles_may_follow_each_other_without_blank_lines() {
    let text = format!("{NINE}{NINE}\n\n{NINE}");
    let entries = read_all(&text, Format::Grid);
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[1].as_ref().unwrap().pos, Pos::new(10, 1));
}

#[test]
fn a_row_of_n_dashes_is_an_empty_row() {
    let text = "----\n12-4\n----\n4-2-\n";
    let e = read_all(text, Format::Grid).remove(0).unwrap();
    assert_eq!(e.puzzle.size(), 4);
    assert_eq!(e.puzzle.givens()[..8], [0, 0, 0, 0, 1, 2, 0, 4]);
}

#[test]
fn a_count_line_must_match_the_puzzles() {
    // Puzzles past the count are still read; the count is reported at the end, at the
    // first puzzle too many.
    let poj3076 = "----------------\n".repeat(16);
    // (case, text, format, the puzzles read before the error, its message, where)
    for (case, text, format, puzzles, message, pos) in [
        (
            "fewer puzzles than the count",
            format!("3\n{NINE}\n{NINE}"),
            Format::Grid,
            2,
            "the first line says 3 puzzles but 2 follow",
            Pos::new(20, 10),
        ),
        (
            "more puzzles than the count",
            format!("1\n{NINE}\n{NINE}\n{NINE}"),
            Format::Grid,
            3,
            "the first line says 1 puzzle but 3 follow",
            Pos::new(12, 1),
        ),
        (
            "a poj3076 count line that disagrees",
            format!("2\n{poj3076}"),
            Format::Poj3076,
            1,
            "the first line says 2 puzzles but 1 follows",
            Pos::new(17, 17),
        ),
    ] {
        let entries = read_all(&text, format);
        assert_eq!(entries.len(), puzzles + 1, "{case}");
        assert!(entries[..puzzles].iter().all(|e| e.is_ok()), "{case}");
        let Err(e) = &entries[puzzles] else {
            panic!("{case}: no error after the puzzles");
        };
        assert_eq!(e.message, message, "{case}");
        assert_eq!((e.pos, e.puzzle), (pos, None), "{case}");
    }
}

#[test]
fn a_row_as_long_as_the_count_line_is_a_row() {
    let text = "1234\n3412\n2143\n4321\n";
    let entries = read_all(text, Format::Grid);
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].as_ref().unwrap().puzzle.givens()[..4],
        [1, 2, 3, 4]
    );
}

#[test]
fn a_huge_count_is_only_compared() {
    let e = read_all(&format!("99999999999999999999999\n{NINE}"), Format::Grid);
    assert_eq!(
        e[1].as_ref().unwrap_err().message,
        "the first line says 99999999999999999999… puzzles but 1 follows"
    );
}

#[test]
fn a_bad_row_says_what_is_wrong_and_where() {
    // (case, a row of NINE, its bad replacement, the message, where)
    for (case, row, bad, message, pos) in [
        (
            "a short row says how many symbols it needs",
            "6..195...",
            "6..195..",
            "row 2 has 8 symbols; a 9×9 grid needs 9",
            Pos::new(2, 9),
        ),
        (
            "a blank line inside a puzzle ends it too early",
            ".98....6.\n",
            ".98....6.\n\n",
            "the puzzle ends after 3 rows; a 9×9 grid has 9",
            Pos::new(4, 1),
        ),
    ] {
        let text = NINE.replacen(row, bad, 1);
        let Err(e) = read_all(&text, Format::Grid).remove(0) else {
            panic!("{case}: read without an error");
        };
        assert_eq!(e.message, message, "{case}");
        assert_eq!(e.pos, pos, "{case}");
    }
}

#[test]
fn numbers_between_spaces_make_big_grids() {
    let mut text = String::new();
    for r in 0..16 {
        let row: Vec<String> = (0..16)
            .map(|c| ((r * 4 + r / 4 + c) % 16 + 1).to_string())
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let e = read_all(&text, Format::Grid).remove(0).unwrap();
    assert_eq!(e.alphabet, Alphabet::Numbers);
    assert_eq!(e.puzzle.givens()[..3], [1, 2, 3]);
    let mut out = String::new();
    write_solution(&mut out, &e, e.puzzle.givens(), true);
    assert_eq!(out, text);
}

#[test]
fn block_spaced_digits_are_not_numbers() {
    let text = "123 456 789\n".repeat(9);
    let e = read_all(&text, Format::Grid).remove(0).unwrap();
    assert_eq!(e.alphabet, Alphabet::Digits);
}

#[test]
fn poj3076_output_has_a_blank_line_between_grids_only() {
    let p = Puzzle::new(Kind::Classic, 16, vec![1; 256], vec![]).unwrap();
    let mut out = String::new();
    write_puzzle(&mut out, &p, Alphabet::Digits, true, Dialect::Judge).unwrap();
    write_puzzle(&mut out, &p, Alphabet::Digits, false, Dialect::Judge).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[16], "");
    assert_eq!(lines[0], "A".repeat(16));
    assert!(out.ends_with("AAAA\n"));
}

#[test]
fn poj3076_rows_are_sixteen_letters() {
    let grid = "----------------\n".repeat(15) + "-----------------\n";
    let e = read_all(&grid, Format::Poj3076).remove(0).unwrap_err();
    assert_eq!(e.message, "row 16 has 17 symbols; a POJ 3076 grid needs 16");
    let grid = "----------------\n".repeat(15) + "---------------1\n";
    let e = read_all(&grid, Format::Poj3076).remove(0).unwrap_err();
    assert_eq!(e.pos, Pos::new(16, 16));
}
