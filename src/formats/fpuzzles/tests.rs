use serde_json::{json, Value};

use super::*;
use crate::formats::{detect, read as read_format, Format, Writer};

/// An f-puzzles object of `size` with `givens` (row-major, 0 empty) and `extra` keys.
fn fpuzzles(size: usize, givens: &[u8], extra: Value) -> Value {
    let grid: Vec<Vec<Value>> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| match givens.get(r * size + c).copied().unwrap_or(0) {
                    0 => json!({}),
                    d => json!({ "value": d, "given": true }),
                })
                .collect()
        })
        .collect();
    let mut object =
        json!({ "size": size, "title": "t", "author": "a", "ruleset": "r", "grid": grid });
    for (k, v) in extra.as_object().unwrap() {
        object[k] = v.clone();
    }
    object
}

fn read_all(text: &str) -> Vec<Result<Entry, InputError>> {
    read_format(text, Format::FPuzzles, ReadOptions::default()).collect()
}

fn one(text: &str) -> Puzzle {
    read_all(text).remove(0).unwrap().puzzle
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// The 4×4 of docs/src/formats.md: every white and black dot of its solution, with both negatives.
fn kropki4() -> Value {
    fpuzzles(
        4,
        &[],
        json!({
            "difference": [
                {"cells": ["R1C1", "R1C2"]}, {"cells": ["R1C2", "R1C3"]}, {"cells": ["R1C3", "R1C4"]},
                {"cells": ["R2C1", "R2C2"]}, {"cells": ["R2C3", "R2C4"]},
                {"cells": ["R2C1", "R3C1"]}, {"cells": ["R2C4", "R3C4"]},
                {"cells": ["R3C1", "R3C2"]}, {"cells": ["R3C3", "R3C4"]},
                {"cells": ["R4C1", "R4C2"]}, {"cells": ["R4C2", "R4C3"]}, {"cells": ["R4C3", "R4C4"]}
            ],
            "ratio": [
                {"cells": ["R1C2", "R2C2"]}, {"cells": ["R1C4", "R2C4"]},
                {"cells": ["R3C1", "R4C1"]}, {"cells": ["R3C3", "R4C3"]}
            ],
            "negative": ["ratio", "difference"]
        }),
    )
}

#[test]
fn dots_and_their_negative_read_as_markers() {
    let puzzle = one(&kropki4().to_string());
    assert_eq!(puzzle.kind(), Kind::Classic);
    assert_eq!(puzzle.markers().len(), 16);
    assert!(puzzle
        .markers()
        .contains(&Marker::new(cell("r1c2"), MarkerKind::BLACK, cell("r2c2"))));
    assert_eq!(puzzle.negative(), &[MarkerKind::WHITE, MarkerKind::BLACK]);
    // The same puzzle as the picture in docs/src/formats.md, which has one solution.
    let picture = "4 classic negative=white,black\n. o . o . o .\n-   *   -   *\n\
                   . o . | . o .\no   -   -   o\n. o . | . o .\n*   -   *   -\n. o . o . o .\n";
    let drawn = read_format(picture, Format::Picture, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap()
        .puzzle;
    assert_eq!(puzzle, drawn);
}

#[test]
fn givens_values_and_xv_are_read() {
    let mut givens = vec![0u8; 81];
    givens[0] = 5;
    givens[80] = 9;
    let value = fpuzzles(
        9,
        &givens,
        json!({
            "difference": [{"cells": ["R5C5", "R5C6"], "value": "3"}],
            "ratio": [{"cells": ["R6C1", "R7C1"], "value": 3}],
            "xv": [{"cells": ["R2C2", "R2C3"], "value": "X"}, {"cells": ["R3C3", "R2C3"], "value": "V"}],
        }),
    );
    // A player's digits (not given) and colours are not rules.
    let mut value = value;
    value["grid"][0][1] = json!({ "value": 4, "c": "#FF0000", "centerPencilMarks": [1, 2] });
    let puzzle = one(&value.to_string());
    assert_eq!(puzzle.givens()[0], 5);
    assert_eq!(puzzle.givens()[1], 0);
    assert_eq!(puzzle.givens()[80], 9);
    let kinds: Vec<MarkerKind> = puzzle.markers().iter().map(|m| m.kind).collect();
    assert!(kinds.contains(&MarkerKind::Difference(3)));
    assert!(kinds.contains(&MarkerKind::Ratio(3)));
    assert!(puzzle
        .markers()
        .contains(&Marker::new(cell("r2c3"), MarkerKind::V, cell("r3c3"))));
    assert!(puzzle.negative().is_empty());
    let xv = json!({"xv": [{"cells": ["R1C1", "R1C2"], "value": "x"}], "negative": ["xv"]});
    let puzzle = one(&fpuzzles(9, &[], xv).to_string());
    assert_eq!(puzzle.negative(), &[MarkerKind::V, MarkerKind::X]);
}

#[test]
fn nonconsecutive_is_the_negative_white_dot() {
    let puzzle = one(&fpuzzles(4, &[], json!({ "nonconsecutive": true })).to_string());
    assert_eq!(puzzle.negative(), &[MarkerKind::WHITE]);
}

#[test]
fn links_and_compressed_strings_read_like_the_json() {
    let value = kropki4();
    let plain = one(&value.to_string());
    let packed = lz_str::compress_to_base64(value.to_string().as_str());
    assert!(packed.starts_with("N4Ig"), "{packed}");
    let links = [
        packed.clone(),
        format!("https://www.f-puzzles.com/?load={packed}"),
        format!("https://sudokupad.app/fpuz{packed}"),
        format!(
            "https://sudokupad.app/fpuzzles?load={}&setting-x=1",
            packed
                .replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
    ];
    for link in &links {
        assert_eq!(detect(link), Ok(Format::FPuzzles), "{link}");
        assert_eq!(one(link), plain, "{link}");
    }
    // One link per line; a bad line is one bad puzzle, named where it is.
    let text = format!("{}\n\n  not-a-link\n{}\n", links[1], links[2]);
    let all = read_all(&text);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().unwrap_err();
    assert_eq!((e.pos, e.puzzle), (Pos::new(3, 3), Some(2)));
    assert!(e.message.contains("not lz-string base64"), "{}", e.message);
}

#[test]
fn a_long_compressed_string_is_refused_before_decompressing() {
    let text = format!("N4Ig{}", "A".repeat(MAX_COMPRESSED));
    let e = read_all(&text).remove(0).unwrap_err();
    assert!(e.message.contains("at most 8192"), "{}", e.message);
}

#[test]
fn a_json_object_with_a_grid_is_fpuzzles() {
    assert_eq!(detect(&kropki4().to_string()), Ok(Format::FPuzzles));
    assert_eq!(detect("{\"size\":9,\"givens\":\"\"}"), Ok(Format::Json));
}

#[test]
fn every_constraint_it_cannot_solve_is_named() {
    let value = fpuzzles(
        9,
        &[],
        json!({
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1"]}],
            "thermometer": [{"lines": [["R5C5", "R5C6"]]}],
            "diagonal+": true,
            "antiknight": false,
            "arrow": [],
        }),
    );
    let e = read_all(&value.to_string()).remove(0).unwrap_err();
    assert!(e.message.contains("killercage (2)"), "{}", e.message);
    assert!(e.message.contains("thermometer (1)"), "{}", e.message);
    assert!(e.message.contains("diagonal+"), "{}", e.message);
    // Empty or false ones are no rule.
    assert!(!e.message.contains("antiknight") && !e.message.contains("arrow"));
}

#[test]
fn irregular_regions_and_cell_constraints_are_named_by_cell() {
    let mut value = fpuzzles(6, &[], json!({}));
    value["grid"][0][2] = json!({ "region": 0 });
    assert!(read_all(&value.to_string())[0].is_ok(), "its own block");
    value["grid"][0][3] = json!({ "region": 0 });
    let e = read_all(&value.to_string()).remove(0).unwrap_err();
    assert!(
        e.message.starts_with("r1c4 is in region 0"),
        "{}",
        e.message
    );
    assert_eq!(e.cells, vec![cell("r1c4")]);
    let mut value = fpuzzles(9, &[], json!({}));
    value["grid"][8][8] = json!({ "givenPencilMarks": [1, 2] });
    let e = read_all(&value.to_string()).remove(0).unwrap_err();
    assert!(e.message.contains("r9c9") && e.message.contains("givenPencilMarks"));
}

#[test]
fn bad_markers_say_which() {
    for (extra, says) in [
        (
            json!({"difference": [{"cells": ["R1C1", "R2C2"]}]}),
            "not adjacent",
        ),
        (
            json!({"ratio": [{"cells": ["R1C1", "R10C1"]}]}),
            "not a cell",
        ),
        (
            json!({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}),
            "value 'Y'",
        ),
        (
            json!({"negative": ["thermo"]}),
            "negative constraint 'thermo'",
        ),
        (
            json!({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "9"}]}),
            "no two different digits",
        ),
        (
            json!({
                "difference": [{"cells": ["R1C1", "R1C2"]}],
                "xv": [{"cells": ["R2C1", "R2C2"], "value": "V"}],
                "negative": ["xv"],
            }),
            "Kropki dots and X/V together",
        ),
    ] {
        let e = read_all(&fpuzzles(4, &[], extra).to_string())
            .remove(0)
            .unwrap_err();
        assert!(e.message.contains(says), "{} / {says}", e.message);
    }
}

#[test]
fn a_puzzle_exports_and_reads_back_the_same() {
    for value in [
        kropki4(),
        fpuzzles(
            9,
            &[0, 0, 3],
            json!({
                "difference": [{"cells": ["R5C5", "R5C6"], "value": "2"}],
                "ratio": [{"cells": ["R6C1", "R7C1"]}, {"cells": ["R6C2", "R7C2"]}],
                "negative": ["ratio"],
            }),
        ),
        fpuzzles(
            9,
            &[1],
            json!({"xv": [{"cells": ["R2C2", "R2C3"], "value": "X"}], "negative": ["xv"]}),
        ),
    ] {
        let puzzle = one(&value.to_string());
        let mut out = String::new();
        Writer::new(Format::FPuzzles)
            .puzzle(&mut out, &puzzle, Alphabet::Digits)
            .unwrap();
        assert_eq!(one(&out), puzzle, "{out}");
    }
}

#[test]
fn what_f_puzzles_cannot_hold_is_refused_on_export() {
    let write = |puzzle: &Puzzle| {
        let mut out = String::new();
        Writer::new(Format::FPuzzles)
            .puzzle(&mut out, puzzle, Alphabet::Digits)
            .map(|()| out)
    };
    let futoshiki = Puzzle::new(Kind::Futoshiki, 5, vec![0; 25], vec![]).unwrap();
    assert!(write(&futoshiki)
        .unwrap_err()
        .message
        .contains("not futoshiki"));
    let seven = Puzzle::new(Kind::Classic, 9, vec![0; 81], vec![])
        .unwrap()
        .with_markers(
            vec![Marker::new(cell("r1c1"), MarkerKind::Sum(7), cell("r1c2"))],
            vec![],
        )
        .unwrap();
    assert!(write(&seven).unwrap_err().message.contains("X and V only"));
    // A white-dot negative with a difference-2 dot: f-puzzles would forbid both differences.
    let narrow = Puzzle::new(Kind::Classic, 9, vec![0; 81], vec![])
        .unwrap()
        .with_markers(
            vec![Marker::new(
                cell("r1c1"),
                MarkerKind::Difference(2),
                cell("r1c2"),
            )],
            vec![MarkerKind::WHITE],
        )
        .unwrap();
    assert!(write(&narrow)
        .unwrap_err()
        .message
        .contains("difference negative"));
}

#[test]
fn a_solution_is_written_filled_in() {
    let entry = read_all(&kropki4().to_string()).remove(0).unwrap();
    let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut out = String::new();
    Writer::new(Format::FPuzzles).solution(&mut out, &entry, &solution);
    let value: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["solution"], json!(solution));
    assert_eq!(value["grid"][3][3], json!({ "value": 1 }));
    assert_eq!(
        one(&out),
        entry.puzzle,
        "the solution's digits are not givens"
    );
}
