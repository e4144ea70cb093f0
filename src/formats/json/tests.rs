//! Unit tests of the `json` format.

use super::values::value_extent;
use super::*;
use crate::formats::{read as read_format, Format};

fn read_all(text: &str) -> Vec<Result<Entry, InputError>> {
    read_format(text, Format::Json, ReadOptions::default()).collect()
}

const ONE: &str = r#"{"size":4,"givens":"1...........4...","relations":[["r1c1","<","r1c2"]]}"#;

#[test]
fn kind_is_inferred_from_relations() {
    let e = read_all(ONE).remove(0).unwrap();
    assert_eq!(e.puzzle.kind(), Kind::Inequality);
    assert_eq!(e.puzzle.relations().len(), 1);
    let e = read_all(r#"{"size":5,"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]}"#)
        .remove(0)
        .unwrap();
    assert_eq!(
        (e.puzzle.kind(), e.puzzle.givens()[24]),
        (Kind::Futoshiki, 1)
    );
}

#[test]
fn objects_come_alone_in_arrays_or_as_lines() {
    assert_eq!(read_all(ONE).len(), 1);
    let array = format!("[\n  {ONE},\n  {ONE}\n]\n");
    let entries = read_all(&array);
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].as_ref().unwrap().pos, Pos::new(3, 3));
    let lines = format!("{ONE}\n{ONE}\n\n{ONE}\n");
    let entries = read_all(&lines);
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2].as_ref().unwrap().pos, Pos::new(4, 1));
}

#[test]
fn syntax_errors_carry_line_and_column() {
    let text = "[\n{\"size\":4,\n \"givens\": x}\n]";
    let e = read_all(text).remove(0).unwrap_err();
    assert_eq!(e.pos, Pos::new(3, 12));
    let e = read_all("{\"size\": 4,").remove(0).unwrap_err();
    assert!(e.message.contains("ends too early"), "{e}");
    let e = read_all(&format!("[{ONE},]")).pop().unwrap().unwrap_err();
    assert!(e.message.contains("trailing comma"), "{e}");
}

#[test]
fn model_errors_point_at_the_object() {
    let text = format!("{ONE}\n{}", ONE.replace("r1c2", "r2c2"));
    let entries = read_all(&text);
    let e = entries[1].as_ref().unwrap_err();
    assert_eq!(e.pos, Pos::new(2, 1));
    assert_eq!(
        e.message,
        "relation r1c1 < r2c2: r1c1 and r2c2 are not adjacent"
    );
}

#[test]
fn caret_relations_need_the_lower_cell_second() {
    let ok = ONE.replace(r#""<","r1c2""#, r#""^","r2c1""#);
    assert_eq!(
        read_all(&ok).remove(0).unwrap().puzzle.relations()[0].to_string(),
        "r1c1 < r2c1"
    );
    let bad = ONE.replace(r#"["r1c1","<","r1c2"]"#, r#"["r2c1","v","r1c1"]"#);
    let e = read_all(&bad).remove(0).unwrap_err();
    assert_eq!(
        e.message,
        "'v' relates a cell to the one below it, not r2c1 to r1c1"
    );
}

#[test]
fn a_huge_size_is_refused() {
    let e = read_all(r#"{"size":99999999999,"givens":""}"#)
        .remove(0)
        .unwrap_err();
    assert!(
        e.message.starts_with("size 99999999999 is not supported"),
        "{e}"
    );
}

#[test]
fn written_puzzles_read_back_in_reading_order() {
    let p = read_all(ONE).remove(0).unwrap().puzzle;
    let mut out = String::new();
    write_puzzle(&mut out, &p, Alphabet::Digits).unwrap();
    assert_eq!(
        out,
        "{\"size\":4,\"kind\":\"inequality\",\"givens\":\"1...........4...\",\
         \"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]}\n"
    );
    assert_eq!(read_all(&out).remove(0).unwrap().puzzle, p);
}

#[test]
fn solutions_are_one_object_per_line() {
    let e = read_all(ONE).remove(0).unwrap();
    let mut out = String::new();
    write_solution(
        &mut out,
        &e,
        &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
    );
    assert_eq!(
        out,
        "{\"size\":4,\"kind\":\"inequality\",\"solution\":\"1234341221434321\"}\n"
    );
}

#[test]
fn value_extents_match_brackets_outside_strings() {
    let t = br#"{"a":"}]","b":[1,{"c":2}]} , 5"#;
    assert_eq!(value_extent(t, 0, 0), (26, true));
    assert_eq!(value_extent(b"12, 3", 0, 0), (2, true));
    assert_eq!(value_extent(b"{", 0, 0), (1, false));
    // An object that never closes ends where a line starts the next one.
    let t = b"  {\"a\":1\n    {\"nested\":1}\n  {\"b\":2}";
    assert_eq!(value_extent(t, 2, 2), (28, false));
}
