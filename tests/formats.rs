//! Text formats against the shared corpora, error messages that say where and what, messages
//! safe to print, and the JSON model's shape and memory. (Batches, round trips and fuzzing
//! have files of their own: `formats_batches.rs`, `formats_round_trips.rs`,
//! `formats_fuzzing.rs`.)

#[path = "common/allocations.rs"]
mod allocations;
mod common;

use allocations::measure;
use common::load;
use common::reading::{first_error, read_default, read_ok, FIVE_PICTURE, SUDOKU};
use sudoku_lab::formats::{detect, read, Alphabet, Entry, Format, Pos, ReadOptions, Writer};
use sudoku_lab::{Cell, Kind};

/// `(mode, input, output)` for every pair in MANIFEST.tsv.
fn manifest() -> Vec<(String, String, String)> {
    load("MANIFEST.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((
                f.next()?.to_string(),
                f.next()?.to_string(),
                f.next()?.to_string(),
            ))
        })
        .collect()
}

fn format_of_mode(mode: &str) -> Format {
    match mode {
        "cqoi" => Format::Cqoi,
        "poj3074" => Format::Poj3074,
        "poj3076" => Format::Poj3076,
        other => panic!("unknown mode {other}"),
    }
}

/// The format an answer file of `mode` is read back with.
fn answer_format(mode: &str) -> Format {
    match mode {
        "cqoi" => Format::Grid,
        "poj3074" => Format::Line,
        _ => Format::Poj3076,
    }
}

// ───────────────────────────── corpora ─────────────────────────────

#[test]
fn every_manifest_input_parses_and_its_answer_fills_the_grid() {
    let pairs = manifest();
    assert!(pairs.len() > 300, "manifest has {} pairs", pairs.len());
    for (mode, input, output) in pairs {
        let format = format_of_mode(&mode);
        let puzzles = read_default(&load(&input), format);
        assert!(!puzzles.is_empty(), "{input}");
        if output == "-" {
            continue;
        }
        let answers = read_default(&load(&output), answer_format(&mode));
        assert_eq!(answers.len(), puzzles.len(), "{output}");
        for (p, a) in puzzles.iter().zip(&answers) {
            assert_eq!(a.puzzle.size(), p.puzzle.size(), "{output}");
            assert!(
                a.puzzle.givens().iter().all(|&d| d != 0),
                "{output}: not solved"
            );
            for (g, s) in p.puzzle.givens().iter().zip(a.puzzle.givens()) {
                assert!(*g == 0 || g == s, "{output}: a given changed");
            }
            for r in p.puzzle.relations() {
                let value = |c: Cell| a.puzzle.givens()[c.index(9)];
                assert!(value(r.smaller) < value(r.larger), "{output}: {r} broken");
            }
        }
    }
}

#[test]
fn answers_are_written_exactly_as_the_judges_expect() {
    for (mode, input, output) in manifest() {
        if output == "-" || input.contains("royle_sudoku17_all") {
            continue;
        }
        let puzzles = read_default(&load(&input), format_of_mode(&mode));
        let expected = load(&output);
        let answers = read_default(&expected, answer_format(&mode));
        let mut writer = Writer::new(format_of_mode(&mode));
        let mut out = String::new();
        for (p, a) in puzzles.iter().zip(&answers) {
            writer.solution(&mut out, p, a.puzzle.givens());
        }
        // Some expected files end with a blank line or have trailing spaces (copied from the
        // judges' pages); the judges ignore both.
        let tidy = |t: &str| t.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
        assert_eq!(
            tidy(&out).trim_end(),
            tidy(&expected).trim_end(),
            "{output}"
        );
        assert!(out.ends_with('\n') && !out.ends_with("\n\n"), "{output}");
    }
}

#[test]
fn detection_recognizes_every_manifest_input() {
    for (mode, input, _) in manifest() {
        assert_eq!(detect(&load(&input)), Ok(format_of_mode(&mode)), "{input}");
    }
}

#[test]
fn royle_first_thousand_holds_a_thousand_puzzles() {
    let entries = read_default(
        &load("poj3074/royle_sudoku17_first1000.in"),
        Format::Poj3074,
    );
    assert_eq!(entries.len(), 1000);
    assert!(entries
        .iter()
        .all(|e| e.puzzle.givens().iter().filter(|&&d| d != 0).count() == 17));
}

#[test]
fn poj3076_multi_case_holds_eight_grids() {
    let entries = read_default(&load("poj3076/multi_case_all.in"), Format::Poj3076);
    assert_eq!(entries.len(), 8);
    assert!(entries.iter().all(|e| e.alphabet == Alphabet::Letters));
}

#[test]
fn the_spoj_variant_count_line_is_read() {
    let entries = read_default(&load("poj3076/spoj_variant/sample.in"), Format::Poj3076);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].pos, Pos::new(2, 1));
}

#[test]
fn every_cqoi_file_is_one_puzzle_of_108_relations() {
    for (mode, input, _) in manifest() {
        if mode != "cqoi" {
            continue;
        }
        let entries = read_default(&load(&input), Format::Cqoi);
        assert_eq!(entries.len(), 1, "{input}");
        let p = &entries[0].puzzle;
        assert_eq!(
            (p.kind(), p.size(), p.relations().len()),
            (Kind::Inequality, 9, 108)
        );
        assert!(p.givens().iter().all(|&d| d == 0));
    }
}

#[test]
fn all_cqoi_variants_of_a_sample_read_the_same_puzzle() {
    let one = |f: &str| read_default(&load(f), Format::Cqoi).remove(0).puzzle;
    assert_eq!(
        one("cqoi2013/sample1.in"),
        one("cqoi2013/sample1_spaced_layout.in")
    );
    let sample2 = one("cqoi2013/sample2.in");
    assert_eq!(sample2, one("cqoi2013/sample2_garbled_line_breaks.in"));
    assert_eq!(
        sample2,
        one("cqoi2013/sample2_trailing_spaces_no_final_newline.in")
    );
    assert_ne!(sample2, one("cqoi2013/sample1.in"));
}

#[test]
fn sixteen_by_sixteen_lines_are_letters() {
    for file in ["sixteen/public_120_AP.txt", "sixteen/generated_200_AP.txt"] {
        let entries = read_default(&load(file), Format::Line);
        assert!(entries.len() >= 120, "{file}");
        assert!(entries
            .iter()
            .all(|e| e.alphabet == Alphabet::Letters && e.puzzle.size() == 16));
    }
}

#[test]
fn bench_sets_read_as_lines() {
    let entries = read_default(&load("bench9/puzzles6_forum_hardest_1106"), Format::Line);
    assert_eq!(entries.len(), 375);
    assert_eq!(
        detect(&load("bench9/puzzles7_serg_benchmark")),
        Ok(Format::Line)
    );
}

// ───────────────────────────── error messages ─────────────────────────────

#[test]
fn an_x_in_a_nine_by_nine_line_is_reported_at_its_column() {
    let line = format!("{}X{}", &SUDOKU[..12], &SUDOKU[13..]);
    let e = first_error(&line, Format::Line);
    assert_eq!(e.pos, Pos::new(1, 13));
    assert_eq!(
        e.message,
        "'X' is not a digit of a 9×9 puzzle (digits 1-9, empty . 0 - _)"
    );
    assert_eq!(e.to_string(), format!("1:13: {}", e.message));
}

#[test]
fn an_eighty_symbol_line_asks_for_eighty_one() {
    let e = first_error(&format!("{SUDOKU}\n{}\n", &SUDOKU[1..]), Format::Line);
    assert_eq!(e.message, "line 2 has 80 symbols; a 9×9 puzzle needs 81");
    assert_eq!(e.pos, Pos::new(2, 81));
}

#[test]
fn a_megabyte_line_fails_without_collecting() {
    let text = "5".repeat(1 << 20);
    for format in [Format::Line, Format::Poj3074, Format::Grid, Format::Picture] {
        let (failed, peak, _) =
            measure(|| read(&text, format, ReadOptions::default()).any(|r| r.is_err()));
        assert!(failed, "{format}");
        // A line's symbols are counted, not gathered: 16 bytes a symbol would be 16 MB.
        assert!(peak < 64 << 10, "{format} held {peak} bytes at once");
    }
    // Detection hands an over-long line to the line reader, which says what is wrong.
    assert_eq!(detect(&text), Ok(Format::Line));
    let e = first_error(&text, Format::Line);
    assert_eq!(
        e.message,
        "line 1 has 1048576 symbols; the longest puzzle line is 625 (25×25)"
    );
}

#[test]
fn a_sixteen_by_sixteen_line_in_digits_names_both_alphabets() {
    let line = format!("123456789.......{}", ".".repeat(240));
    let e = first_error(&line, Format::Line);
    assert_eq!(
        e.message,
        "the symbols of this 16×16 puzzle fit several alphabets: alnum (1-9A-G), hex (0-9A-F); \
         choose one with --alphabet"
    );
    let options = ReadOptions {
        kind: None,
        alphabet: Some(Alphabet::Hex),
    };
    let e = read_ok(&line, Format::Line, options).remove(0);
    assert_eq!(e.puzzle.givens()[..2], [2, 3]);
}

#[test]
fn cqoi_counts_missing_symbols_at_the_end() {
    let text = load("cqoi2013/sample2_trailing_spaces_no_final_newline.in");
    let cut = text.trim_end().strip_suffix('>').unwrap();
    let e = first_error(cut, Format::Cqoi);
    assert_eq!(e.message, "expected 108 relation symbols, found 107");
    assert_eq!(e.pos, Pos::new(15, 10));
}

#[test]
fn cqoi_refuses_a_vertical_symbol_in_a_horizontal_slot() {
    let text = load("cqoi2013/sample1.in").replacen("< > > > < >", "< > > ^ < >", 1);
    let e = first_error(&text, Format::Cqoi);
    assert_eq!(
        e.message,
        "expected '<' or '>' between r4c5 and r4c6, found '^'"
    );
    assert_eq!(e.pos, Pos::new(6, 7));
    assert_eq!(e.cells, vec![Cell::new(3, 4), Cell::new(3, 5)]);
}

#[test]
fn poj3076_count_line_that_disagrees_is_reported() {
    let text = load("poj3076/multi_case_all.in");
    let e = first_error(&format!("9\n{text}"), Format::Poj3076);
    assert_eq!(e.message, "the first line says 9 puzzles but 8 follow");
    // Every puzzle is still read; the count is reported at the end, at the one too many.
    let entries: Vec<_> = read(
        &format!("7\n{text}"),
        Format::Poj3076,
        ReadOptions::default(),
    )
    .collect();
    assert_eq!(entries.len(), 9);
    assert!(entries[..8].iter().all(Result::is_ok));
    let e = entries[8].as_ref().unwrap_err();
    assert_eq!(e.message, "the first line says 7 puzzles but 8 follow");
    assert_eq!((e.pos, e.puzzle), (Pos::new(8 * 17 - 15, 1), None));
}

#[test]
fn a_relation_in_a_classic_picture_is_reported_at_its_symbol() {
    let text = "4 classic\n. < . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n";
    let e = first_error(text, Format::Picture);
    assert_eq!(e.pos, Pos::new(2, 3));
    assert!(e.message.contains("classic puzzle has no relations"), "{e}");
}

#[test]
fn semantic_problems_are_left_to_validation() {
    let line = format!("55{}", &SUDOKU[2..]);
    let e = read_default(&line, Format::Line).remove(0);
    let problem = e.puzzle.validate().unwrap_err();
    assert_eq!(e.locate(&problem), Pos::new(1, 2));
}

// ───────────────────────────── messages are safe to print ─────────────────────────────

#[test]
fn quote_cuts_escapes_and_wraps_input_text() {
    use sudoku_lab::formats::{escape, quote};
    let cases = [
        ("X", "'X'"),
        ("\u{0}", r"'\u{0}'"),
        ("\u{1b}[31m", r"'\u{1b}[31m'"),
        ("\u{7f}\u{85}\u{9b}", r"'\u{7f}\u{85}\u{9b}'"),
        ("a\tb\nc\rd", r"'a\tb\nc\rd'"),
        (
            "\u{200b}\u{200d}\u{202e}\u{2066}\u{feff}\u{ad}",
            r"'\u{200b}\u{200d}\u{202e}\u{2066}\u{feff}\u{ad}'",
        ),
        ("\u{a0}\u{3000}\u{2028}", r"'\u{a0}\u{3000}\u{2028}'"),
        ("\u{301}e\u{e000}\u{3164}", r"'\u{301}e\u{e000}\u{3164}'"),
        (r"it's \u{1b}", r"'it\'s \\u{1b}'"),
        ("r1c1 × é \"x\"", "'r1c1 × é \"x\"'"),
        ("abcdefghijklmnopqrstuvwxyz", "'abcdefghijklmnopqrst…'"),
    ];
    for (text, quoted) in cases {
        assert_eq!(quote(text), quoted, "{text:?}");
    }
    // Cut after 20 chars of input, however long their escapes.
    let escapes = "\u{1b}".repeat(30);
    assert_eq!(quote(&escapes), format!("'{}…'", r"\u{1b}".repeat(20)));
    assert_eq!(escape("it's\u{1b}\\"), r"it's\u{1b}\");
}

#[test]
fn a_nul_and_an_esc_in_a_line_puzzle_are_shown_escaped() {
    for (ch, shown) in [('\u{0}', r"'\u{0}'"), ('\u{1b}', r"'\u{1b}'")] {
        let line = format!("{}{ch}{}", &SUDOKU[..40], &SUDOKU[41..]);
        for format in [Format::Line, Format::Poj3074] {
            let e = first_error(&line, format);
            assert!(e.message.starts_with(shown), "{format}: {}", e.message);
            assert!(!e.message.contains(ch), "{format}: {:?}", e.message);
            assert_eq!(e.pos, Pos::new(1, 41));
        }
    }
}

#[test]
fn json_names_of_cells_kinds_and_alphabets_are_shown_escaped() {
    let cases = [
        (
            r#"{"size":4,"givens":"................","relations":[["r1c1\u001b[2J","<","r1c2"]]}"#,
            r"'r1c1\u{1b}[2J' is not a cell",
        ),
        (
            r#"{"size":4,"givens":"................","relations":[["r1c1","<\u202e","r1c2"]]}"#,
            r"'<\u{202e}' is not a relation symbol",
        ),
        (
            r#"{"size":4,"givens":"................","kind":"\u202eclassic"}"#,
            r"'\u{202e}classic' is not a kind",
        ),
        (
            r#"{"size":4,"givens":"................","alphabet":"digits\u200b"}"#,
            r"'digits\u{200b}' is not an alphabet",
        ),
        (
            r#"{"size":4,"givens":"..\u0000............."}"#,
            r"givens: '\u{0}' is not a digit of a 4×4 puzzle",
        ),
    ];
    for (json, message) in cases {
        let e = first_error(json, Format::Json);
        assert!(e.message.starts_with(message), "{}", e.message);
        assert!(
            !e.message
                .chars()
                .any(|c| c.is_control() || c == '\u{202e}' || c == '\u{200b}'),
            "{:?}",
            e.message
        );
    }
}

#[test]
fn picture_and_cqoi_symbols_are_shown_escaped() {
    let body = FIVE_PICTURE.strip_prefix("5\n").unwrap();
    let text = body.replacen("^   -   -   v   -", "^   -   \u{1b}   v   -", 1);
    let e = first_error(&text, Format::Picture);
    assert!(e.message.contains(r"found '\u{1b}'"), "{}", e.message);
    let text = body.replacen(". < . | . | . | 4", ". < . | . | . \u{7f} 4", 1);
    let e = first_error(&text, Format::Picture);
    assert!(e.message.contains(r"found '\u{7f}'"), "{}", e.message);
    let text = load("cqoi2013/sample1.in").replacen('v', "\u{0}", 1);
    let e = first_error(&text, Format::Cqoi);
    assert_eq!(e.message, r"'\u{0}' is not a relation symbol (< > ^ v)");
}

// ───────────────────────────── JSON memory ─────────────────────────────

/// A 4×4 JSON puzzle whose array `list` holds `item` `n` times.
fn json_listing(list: &str, item: &str, n: usize) -> String {
    let items = vec![item; n].join(",");
    format!(r#"{{"size":4,"givens":"................","{list}":[{items}]}}"#)
}

#[test]
fn a_relations_or_markers_array_past_the_cap_fails_where_it_passes_the_cap() {
    use sudoku_lab::formats::MAX_RELATIONS;
    assert_eq!(MAX_RELATIONS, 1200);
    let relations: fn(&Entry) -> usize = |e| e.puzzle.relations().len();
    let markers: fn(&Entry) -> usize = |e| e.puzzle.markers().len();
    for (list, one, item, kept) in [
        ("relations", "relation", r#"["r1c1","<","r1c2"]"#, relations),
        ("markers", "marker", r#"["r1c1","white","r1c2"]"#, markers),
    ] {
        // At the cap: read, and the repeats are kept once.
        let e = read_default(&json_listing(list, item, MAX_RELATIONS), Format::Json).remove(0);
        assert_eq!(kept(&e), 1, "{list}");
        // Past it: refused at the entry past the cap, long before the end of the array.
        let text = json_listing(list, item, 2_000_000);
        let (e, peak, _) = measure(|| first_error(&text, Format::Json));
        // The entries up to the cap, not the 40 MB array.
        assert!(peak < 4 << 20, "{list}: {peak} bytes held at once");
        let said = format!(
            "{list} has more than 1200 entries, the number of pairs of adjacent cells in a 25×25 \
             grid (a {one} listed twice counts twice here, though a puzzle keeps it once)"
        );
        assert!(e.message.starts_with(&said), "{}", e.message);
        let entry = item.len() + 1;
        assert!(
            (e.pos.col as usize) < 60 + (MAX_RELATIONS + 2) * entry,
            "{list}: at column {}",
            e.pos.col
        );
    }
}

#[test]
fn the_json_model_keeps_its_shape_for_serde() {
    use sudoku_lab::formats::{Givens, JsonPuzzle};
    let model = JsonPuzzle {
        size: 4,
        kind: "inequality".to_string(),
        givens: Givens::Symbols("1...............".to_string()),
        relations: vec![["r1c1".to_string(), "<".to_string(), "r1c2".to_string()]],
        markers: vec![["r2c1".to_string(), "white".to_string(), "r2c2".to_string()]],
        negative: vec!["black".to_string()],
        alphabet: None,
    };
    let json = serde_json::to_string(&model).unwrap();
    let back: JsonPuzzle = serde_json::from_str(&json).unwrap();
    assert_eq!(back, model);
    let value = serde_json::to_value(&model).unwrap();
    let back: JsonPuzzle = serde_json::from_value(value).unwrap();
    assert_eq!(back, model);
    let too_many = serde_json::from_str::<JsonPuzzle>(&json_listing(
        "relations",
        r#"["r1c1","<","r1c2"]"#,
        1201,
    ));
    assert!(too_many.is_err());
}
