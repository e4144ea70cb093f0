//! Text formats against the shared corpora, write→read round trips, error messages, and
//! fuzzing: no input may make a reader or the detector panic, and none makes one hold more
//! than a puzzle's worth of memory (measured by a counting allocator, not by a clock).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as Counter;

mod common;

use common::{adjacent_pairs, data, load, Rng};
use proptest::prelude::*;
use sudoku_lab::formats::{
    detect, read, Alphabet, Entry, Format, InputError, Pos, ReadOptions, Writer,
};
use sudoku_lab::{Cell, Kind, Puzzle, Relation};

/// The system allocator, counting per thread the bytes live now, the most live since
/// [`measure`] began, and the bytes allocated in all: work and memory a test can bound
/// without timing anything (tests run on several threads; each counts its own).
struct Counting;

thread_local! {
    static LIVE: Counter<isize> = const { Counter::new(0) };
    static PEAK: Counter<isize> = const { Counter::new(0) };
    static TOTAL: Counter<usize> = const { Counter::new(0) };
}

fn note(grown: isize) {
    // `try_with`: a thread being torn down has no counters left.
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + grown);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
        if grown > 0 {
            let _ = TOTAL.try_with(|total| total.set(total.get() + grown as usize));
        }
    });
}

// SAFETY: every call is passed to `System` unchanged; the counting touches only
// const-initialised thread locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        note(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, size);
        if !q.is_null() {
            note(size as isize - layout.size() as isize);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` cost this thread: the most bytes it held at once beyond what was live before,
/// and the bytes it allocated in all.
fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let live = LIVE.with(Counter::get);
    PEAK.with(|p| p.set(live));
    let total = TOTAL.with(Counter::get);
    let result = f();
    let peak = (PEAK.with(Counter::get) - live).max(0) as usize;
    (result, peak, TOTAL.with(Counter::get) - total)
}

fn read_ok(text: &str, format: Format, options: ReadOptions) -> Vec<Entry> {
    read(text, format, options)
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{format}: {e}"))
}

fn read_default(text: &str, format: Format) -> Vec<Entry> {
    read_ok(text, format, ReadOptions::default())
}

fn first_error(text: &str, format: Format) -> InputError {
    read(text, format, ReadOptions::default())
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("{format}: expected an error"))
}

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

const SUDOKU: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

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

// ───────────────────────────── batches lose nothing ─────────────────────────────

/// An error as `(puzzle, line, col)`.
type Place = (Option<usize>, u32, u32);

/// What a reader yields, one item per entry: `Ok(number)` for a puzzle, `Err((puzzle, line,
/// col))` for an error.
fn outline(text: &str, format: Format) -> Vec<Result<usize, Place>> {
    read(text, format, ReadOptions::default())
        .map(|r| match r {
            Ok(e) => Ok(e.number),
            Err(e) => Err((e.puzzle, e.pos.line, e.pos.col)),
        })
        .collect()
}

/// The outline of `count` puzzles in a row, each of `bad` (number, line, col) an error there.
fn bad_among(count: usize, bad: &[(usize, u32, u32)]) -> Vec<Result<usize, Place>> {
    (1..=count)
        .map(|n| match bad.iter().find(|b| b.0 == n) {
            Some(&(_, line, col)) => Err((Some(n), line, col)),
            None => Ok(n),
        })
        .collect()
}

/// `text`'s lines from 1-based `first` to `last`, each with its line break.
fn lines(text: &str, first: usize, last: usize) -> String {
    text.lines()
        .skip(first - 1)
        .take(last + 1 - first)
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_line_reader_goes_on_at_the_line_after_a_bad_one() {
    let bad = format!("{}X{}", &SUDOKU[..40], &SUDOKU[41..]);
    let text = format!("{SUDOKU}\n{bad}\n{SUDOKU}\n{}\n{SUDOKU}\n", &SUDOKU[1..]);
    assert_eq!(
        outline(&text, Format::Line),
        bad_among(5, &[(2, 2, 41), (4, 4, 81)])
    );
    let judge = format!("{SUDOKU}\n{bad}\n{SUDOKU}\nend\n");
    assert_eq!(
        outline(&judge, Format::Poj3074),
        bad_among(3, &[(2, 2, 41)])
    );
}

const NINE_GRID: &str = include_str!("fixtures/nine.grid");

#[test]
fn a_grid_reader_goes_on_after_the_bad_puzzles_rows_or_at_a_blank_line() {
    // A short row in puzzle 2 of three separated by blank lines.
    let short = NINE_GRID.replacen("8...6...3", "8...6...", 1);
    let text = format!("{NINE_GRID}\n{short}\n{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(3, &[(2, 14, 9)]));
    // The same without blank lines: the bad puzzle's other rows are skipped.
    let text = format!("{NINE_GRID}{short}{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(3, &[(2, 13, 9)]));
    // A block cut short ends at its blank line, not in the next puzzle.
    let cut = lines(NINE_GRID, 1, 5);
    let text = format!("{NINE_GRID}\n{cut}\n{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(3, &[(2, 16, 1)]));
    // A first row too wide for any grid: its rows as wide go with it, a narrower one starts
    // the next puzzle.
    let wide = format!("{SUDOKU}\n").repeat(2);
    let text = format!("{NINE_GRID}{wide}{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(3, &[(2, 10, 26)]));
    let e = read(&text, Format::Grid, ReadOptions::default())
        .find_map(Result::err)
        .unwrap();
    assert_eq!(
        e.message,
        "line 10 has 81 symbols; a grid row has at most 25 (a whole puzzle on one line? use the \
         line format)"
    );
}

#[test]
fn a_grid_whose_first_row_lost_a_symbol_is_not_stitched_to_the_next() {
    // Without blank lines, a first row one symbol short would make the puzzle 8×8 (a size
    // with blocks): skipping eight rows would leave its ninth row to start the next puzzle.
    let short_first = NINE_GRID.replacen("53..7....", "53..7...", 1);
    let text = format!("{NINE_GRID}{short_first}{NINE_GRID}{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(4, &[(2, 11, 9)]));
    // The second row short instead: the first row was right, the puzzle is 9 rows.
    let short_second = NINE_GRID.replacen("6..195...", "6..195..", 1);
    let text = format!("{NINE_GRID}{short_second}{NINE_GRID}{NINE_GRID}");
    assert_eq!(outline(&text, Format::Grid), bad_among(4, &[(2, 11, 9)]));
    for item in read(&text, Format::Grid, ReadOptions::default()).flatten() {
        assert_eq!(item.puzzle.size(), 9, "no puzzle made of two");
    }
}

#[test]
fn a_poj3076_reader_goes_on_after_a_bad_grid() {
    let text = load("poj3076/multi_case_all.in");
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 8);
    let bad = blocks[2].replacen('-', "x", 1);
    let mut broken = blocks.clone();
    broken[2] = &bad;
    let items = outline(&broken.join("\n\n"), Format::Poj3076);
    assert_eq!(items.len(), 8);
    assert_eq!(items[2], Err((Some(3), 35, 2)));
    for (i, item) in items.iter().enumerate().filter(|(i, _)| *i != 2) {
        assert_eq!(*item, Ok(i + 1));
    }
    // A row too long in grid 5: the rest of its rows are skipped, grid 6 is read.
    let long = format!("{}-", blocks[4].lines().next().unwrap());
    let rest = blocks[4].lines().skip(1).collect::<Vec<_>>().join("\n");
    let bad = format!("{long}\n{rest}");
    let mut broken = blocks.clone();
    broken[4] = &bad;
    let items = outline(&broken.join("\n\n"), Format::Poj3076);
    assert_eq!(items[4], Err((Some(5), 69, 17)));
    assert_eq!(items[5..], [Ok(6), Ok(7), Ok(8)]);
}

const FIVE_PICTURE: &str = include_str!("fixtures/five.picture");

#[test]
fn a_picture_reader_goes_on_after_the_bad_pictures_lines() {
    let body = FIVE_PICTURE.strip_prefix("5\n").unwrap();
    // A bad gap symbol in picture 2 of three headerless pictures that simply follow each
    // other: the rest of its nine lines go with it.
    let bad = body.replacen("^   -   -   v   -", "^   -   x   v   -", 1);
    let text = format!("{body}{bad}{body}");
    assert_eq!(outline(&text, Format::Picture), bad_among(3, &[(2, 11, 9)]));
    // A picture cut short, a blank line, a headerless picture: the blank line it crossed is
    // where the next one starts.
    let cut = lines(body, 1, 5);
    let text = format!("{body}\n{cut}\n{body}\n{body}");
    let items = outline(&text, Format::Picture);
    assert_eq!(items[0], Ok(1));
    assert!(matches!(items[1], Err((Some(2), _, _))), "{items:?}");
    assert_eq!(items[2..], [Ok(3), Ok(4)]);
    // A bad header: the picture runs to the next blank line.
    let text = format!("{FIVE_PICTURE}\n99 futoshiki\n{body}\n{FIVE_PICTURE}");
    assert_eq!(outline(&text, Format::Picture), bad_among(3, &[(2, 12, 1)]));
    // A picture cut short by the next header leaves the header to that picture.
    let text = format!("{}{FIVE_PICTURE}", lines(FIVE_PICTURE, 1, 4));
    assert_eq!(outline(&text, Format::Picture), bad_among(2, &[(1, 5, 1)]));
}

#[test]
fn a_broken_picture_of_unknown_size_takes_only_its_own_lines() {
    let body = FIVE_PICTURE.strip_prefix("5\n").unwrap();
    // A header that says no kind, then pictures that follow each other without blank lines:
    // the first cell row tells how tall the broken picture is.
    let text = format!("{FIVE_PICTURE}5 sudokuish\n{body}{body}{FIVE_PICTURE}");
    assert_eq!(outline(&text, Format::Picture), bad_among(4, &[(2, 11, 3)]));
    // A headerless picture whose first row is broken: its separators still count its cells.
    let broken = body.replacen(". < . | . | . | 4", ". < . | . | . | 4 x", 1);
    let text = format!("{body}{broken}{body}{body}");
    let items = outline(&text, Format::Picture);
    assert_eq!(items[0], Ok(1));
    assert!(matches!(items[1], Err((Some(2), 10, _))), "{items:?}");
    assert_eq!(items[2..], [Ok(3), Ok(4)]);
}

#[test]
fn a_cqoi_reader_takes_a_garbled_puzzles_108_symbols_and_goes_on() {
    let sample = load("cqoi2013/sample1.in");
    let garbled = sample.replacen("^ v v v ^", "^ v x v ^", 1);
    let text = format!("{sample}{garbled}{sample}");
    assert_eq!(outline(&text, Format::Cqoi), bad_among(3, &[(2, 24, 5)]));
    // Two garbled symbols in one puzzle are one error.
    let twice = garbled.replacen("> < < > > >", "> < # > > >", 1);
    let text = format!("{twice}{sample}");
    assert_eq!(outline(&text, Format::Cqoi), bad_among(2, &[(1, 9, 5)]));
    // A missing symbol shifts the puzzles after it: they are reported, never misread.
    let short = sample.replacen("> < < < > <", "> < < < >", 1);
    let items = outline(&format!("{short}{sample}{sample}"), Format::Cqoi);
    assert!(items.iter().all(Result::is_err), "{items:?}");
    assert_eq!(items.len(), 3);
}

#[test]
fn a_json_array_goes_on_after_a_bad_element() {
    let one = r#"{"size":4,"givens":"1...........4..."}"#;
    // Not a puzzle, broken JSON, a model error: each is one bad element.
    let text = format!(
        "[\n{one},\n{{\"size\":\"4\"}},\n{one},\n{{\"size\": x}},\n{one},\n{},\n{one}\n]\n",
        one.replace("1..", "11.")
    );
    let items = outline(&text, Format::Json);
    assert_eq!(items, bad_among(7, &[(2, 3, 11), (4, 5, 10)]));
    // Equal givens are left to validation, like every format.
    let entries: Vec<_> = read(&text, Format::Json, ReadOptions::default())
        .filter_map(Result::ok)
        .collect();
    assert!(entries[3].puzzle.validate().is_err());
    // A pretty-printed element whose `}` is missing ends where the next element starts.
    let pretty =
        format!("[\n  {{\n    \"size\": 4,\n    \"givens\": \"................\"\n  ,\n  {one}\n]");
    assert_eq!(outline(&pretty, Format::Json), bad_among(2, &[(1, 6, 3)]));
}

#[test]
fn json_lines_go_on_at_the_next_object_after_a_bad_one() {
    let one = r#"{"size":4,"givens":"1...........4..."}"#;
    let broken = r#"{"size":4,"givens":"1...........4...""#;
    let text = format!("{one}\n{broken}\n{one}\n[1,2]\n{one}\n");
    let items = outline(&text, Format::Json);
    assert_eq!(items, bad_among(5, &[(2, 3, 1), (4, 4, 4)]));
    let e = first_error(&text, Format::Json);
    assert!(
        e.message
            .ends_with("(it is not closed before the next line that starts with '{')"),
        "{e}"
    );
}

#[test]
fn json_errors_between_puzzles_name_no_puzzle() {
    let one = r#"{"size":4,"givens":"1...........4..."}"#;
    let items = outline(&format!("[{one} {one},{one},]"), Format::Json);
    let at = |k: usize| u32::try_from(k).unwrap();
    assert_eq!(
        items,
        [
            Ok(1),
            Err((None, 1, at(one.len() + 3))),
            Ok(2),
            Ok(3),
            Err((None, 1, at(3 * one.len() + 4)))
        ]
    );
    let e = outline(&format!("[{one}] {one}"), Format::Json);
    assert_eq!(e, [Ok(1), Err((None, 1, at(one.len() + 4)))]);
    assert_eq!(
        outline(&format!("[{one},"), Format::Json),
        [Ok(1), Err((None, 1, at(one.len() + 3)))]
    );
}

#[test]
fn detection_is_not_thrown_off_by_one_bad_puzzle() {
    let bad_line = format!("{}X{}", &SUDOKU[..40], &SUDOKU[41..]);
    let cases = [
        (format!("{SUDOKU}\n{bad_line}\n{SUDOKU}\n"), Format::Line),
        (format!("{SUDOKU}\nhello\n{SUDOKU}\n"), Format::Line),
        (
            format!("{SUDOKU}\n{}\n{SUDOKU}\n", &SUDOKU[1..]),
            Format::Line,
        ),
        (
            format!("{SUDOKU}\n{bad_line}\n{SUDOKU}\nend\n"),
            Format::Poj3074,
        ),
        (format!("{SUDOKU}\n1 < 2\n{SUDOKU}\nend\n"), Format::Poj3074),
        (
            format!(
                "{NINE_GRID}\n{}\n{NINE_GRID}",
                NINE_GRID.replacen("53..7....", "53..7X...", 1)
            ),
            Format::Grid,
        ),
        (
            load("poj3076/multi_case_all.in").replacen("--A-", "--a@", 1),
            Format::Poj3076,
        ),
        (
            format!(
                "{0}{1}{0}",
                load("cqoi2013/sample1.in"),
                load("cqoi2013/sample1.in").replacen('v', "x", 1)
            ),
            Format::Cqoi,
        ),
        (
            format!(
                "{FIVE_PICTURE}\n{}\n{FIVE_PICTURE}",
                FIVE_PICTURE.replacen("^   -   -   v   -", "^   -   x   v   -", 1)
            ),
            Format::Picture,
        ),
    ];
    for (text, format) in cases {
        assert_eq!(detect(&text), Ok(format), "{text}");
    }
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

/// A 4×4 JSON puzzle listing `n` relations (all the same one).
fn json_with_relations(n: usize) -> String {
    let relation = r#"["r1c1","<","r1c2"]"#;
    let list = vec![relation; n].join(",");
    format!(r#"{{"size":4,"givens":"................","relations":[{list}]}}"#)
}

#[test]
fn a_relations_array_past_the_cap_fails_where_it_passes_the_cap() {
    use sudoku_lab::formats::MAX_RELATIONS;
    assert_eq!(MAX_RELATIONS, 1200);
    // At the cap: read, and the repeats are kept once.
    let e = read_default(&json_with_relations(MAX_RELATIONS), Format::Json).remove(0);
    assert_eq!(e.puzzle.relations().len(), 1);
    // Past it: refused at the entry past the cap, long before the end of the array.
    let text = json_with_relations(2_000_000);
    let (e, peak, _) = measure(|| first_error(&text, Format::Json));
    // The entries up to the cap, not the 40 MB array.
    assert!(peak < 4 << 20, "{peak} bytes held at once");
    assert!(
        e.message.starts_with(
            "relations has more than 1200 entries, the number of pairs of adjacent cells in a \
             25×25 grid (a relation listed twice counts twice here, though a puzzle keeps it once)"
        ),
        "{}",
        e.message
    );
    let entry = r#"["r1c1","<","r1c2"],"#.len();
    assert!(
        (e.pos.col as usize) < 60 + (MAX_RELATIONS + 2) * entry,
        "at column {}",
        e.pos.col
    );
}

#[test]
fn the_json_model_keeps_its_shape_for_serde() {
    use sudoku_lab::formats::{Givens, JsonPuzzle};
    let model = JsonPuzzle {
        size: 4,
        kind: "inequality".to_string(),
        givens: Givens::Symbols("1...............".to_string()),
        relations: vec![["r1c1".to_string(), "<".to_string(), "r1c2".to_string()]],
        alphabet: None,
    };
    let json = serde_json::to_string(&model).unwrap();
    let back: JsonPuzzle = serde_json::from_str(&json).unwrap();
    assert_eq!(back, model);
    let value = serde_json::to_value(&model).unwrap();
    let back: JsonPuzzle = serde_json::from_value(value).unwrap();
    assert_eq!(back, model);
    let too_many = serde_json::from_str::<JsonPuzzle>(&json_with_relations(1201));
    assert!(too_many.is_err());
}

// ───────────────────────────── round trips ─────────────────────────────

/// A puzzle in a form that ignores the order of its relations, as text for short failure
/// messages: `classic 4 1...2... r1c1<r1c2 …`.
fn canonical(p: &Puzzle) -> String {
    let mut relations: Vec<String> = p
        .relations()
        .iter()
        .map(|r| r.to_string().replace(' ', ""))
        .collect();
    relations.sort();
    let givens: String = p
        .givens()
        .iter()
        .map(|&d| {
            if d == 0 {
                ".".to_string()
            } else {
                format!("{d},")
            }
        })
        .collect();
    format!("{} {} {givens} {}", p.kind(), p.size(), relations.join(" "))
}

/// A random puzzle of `kind` and `size` (one `u64` from proptest builds it): some givens, and
/// for kinds with relations some relations (at most one per pair of neighbours), plus an
/// alphabet that can write it.
fn random_puzzle(kind: Kind, size: usize, seed: u64) -> (Puzzle, Alphabet) {
    let mut rng = Rng(seed | 1);
    let density = rng.below(60);
    let givens: Vec<u8> = (0..size * size)
        .map(|_| {
            if rng.below(100) < density {
                1 + rng.below(size) as u8
            } else {
                0
            }
        })
        .collect();
    let mut relations = Vec::new();
    if kind != Kind::Classic {
        for (a, b) in adjacent_pairs(size) {
            if rng.below(4) == 0 {
                let less = rng.below(2) == 0;
                relations.push(Relation::new(Cell::at(a, size), less, Cell::at(b, size)));
            }
        }
    }
    let choices: &[Alphabet] = match size {
        0..=9 => &[Alphabet::Digits, Alphabet::Numbers],
        16 => &[
            Alphabet::Letters,
            Alphabet::Alnum,
            Alphabet::Hex,
            Alphabet::Numbers,
        ],
        _ => &[Alphabet::Letters, Alphabet::Alnum, Alphabet::Numbers],
    };
    let alphabet = choices[rng.below(choices.len())];
    (
        Puzzle::new(kind, size, givens, relations).unwrap(),
        alphabet,
    )
}

/// A random CQOI puzzle: each of the 108 in-block pairs in a random direction.
fn random_cqoi(seed: u64) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let block = |i: usize| (i / 27, i % 9 / 3);
    let relations = adjacent_pairs(9)
        .into_iter()
        .filter(|&(a, b)| block(a) == block(b))
        .map(|(a, b)| Relation::new(Cell::at(a, 9), rng.below(2) == 0, Cell::at(b, 9)))
        .collect();
    Puzzle::new(Kind::Inequality, 9, vec![0; 81], relations).unwrap()
}

/// Whether `format` can hold `puzzle` written in `alphabet`.
fn expressible(format: Format, p: &Puzzle, alphabet: Alphabet) -> bool {
    let plain = p.relations().is_empty();
    let sudoku = p.kind() != Kind::Futoshiki;
    match format {
        Format::Line => plain && alphabet != Alphabet::Numbers,
        Format::Grid => plain,
        Format::Poj3074 => plain && sudoku && p.size() == 9,
        Format::Poj3076 => plain && sudoku && p.size() == 16,
        Format::Cqoi => false,
        Format::Picture | Format::Json => true,
    }
}

/// The alphabet a judge format writes in, else the one asked for.
fn written_alphabet(format: Format, alphabet: Alphabet) -> Alphabet {
    match format {
        Format::Poj3074 | Format::Cqoi => Alphabet::Digits,
        Format::Poj3076 => Alphabet::Letters,
        _ => alphabet,
    }
}

/// Writes `p` twice in `format`, reads it back with the kind and alphabet known, and checks
/// both copies; then writes an answer and reads it back as a grid of its family.
fn check_round_trip(format: Format, p: &Puzzle, alphabet: Alphabet, seed: u64) {
    let mut writer = Writer::new(format);
    let mut out = String::new();
    let written = writer.puzzle(&mut out, p, alphabet);
    if format != Format::Cqoi {
        assert_eq!(
            written.is_ok(),
            expressible(format, p, alphabet),
            "{format} {alphabet:?}\n{p:?}"
        );
    }
    if written.is_err() {
        return;
    }
    writer.puzzle(&mut out, p, alphabet).unwrap();
    writer.finish(&mut out, true);
    let alphabet = written_alphabet(format, alphabet);
    let options = ReadOptions {
        kind: Some(p.kind()),
        alphabet: Some(alphabet),
    };
    let entries = read_ok(&out, format, options);
    assert_eq!(entries.len(), 2, "{format}\n{out}");
    for e in &entries {
        assert_eq!(canonical(&e.puzzle), canonical(p), "{format}\n{out}");
    }
    assert_eq!(entries[1].number, 2);

    // Answers: a grid of digits 1..=N (not a valid solution; the writers do not care).
    let mut rng = Rng(seed | 1);
    let size = p.size();
    let solution: Vec<u8> = (0..size * size)
        .map(|_| 1 + rng.below(size) as u8)
        .collect();
    let mut writer = Writer::new(format);
    let mut out = String::new();
    writer.solution(&mut out, &entries[0], &solution);
    writer.solution(&mut out, &entries[0], &solution);
    let (family, answer_alphabet) = match format {
        Format::Line | Format::Poj3074 => (Format::Line, alphabet),
        Format::Grid | Format::Poj3076 => (format, alphabet),
        Format::Cqoi | Format::Picture => (Format::Grid, Alphabet::Numbers),
        Format::Json => {
            let lines: Vec<serde_json::Value> = out
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(lines.len(), 2);
            assert_eq!(lines[0]["size"], size);
            assert_eq!(lines[0]["kind"], p.kind().name());
            return;
        }
    };
    let options = ReadOptions {
        kind: Some(p.kind()),
        alphabet: Some(answer_alphabet),
    };
    let answers = read_ok(&out, family, options);
    assert_eq!(answers.len(), 2, "{format}\n{out}");
    assert_eq!(
        answers[1].puzzle.givens(),
        solution.as_slice(),
        "{format}\n{out}"
    );
}

fn kind_and_size() -> impl Strategy<Value = (Kind, usize)> {
    prop_oneof![
        prop::sample::select(vec![4usize, 6, 9, 16, 25]).prop_map(|n| (Kind::Classic, n)),
        prop::sample::select(vec![4usize, 6, 9, 16, 25]).prop_map(|n| (Kind::Inequality, n)),
        (3usize..=9).prop_map(|n| (Kind::Futoshiki, n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_format_reads_back_what_it_writes((kind, size) in kind_and_size(), seed in any::<u64>()) {
        let (p, alphabet) = random_puzzle(kind, size, seed);
        for format in Format::ALL {
            check_round_trip(format, &p, alphabet, seed);
        }
    }

    #[test]
    fn cqoi_puzzles_read_back_and_detect(seed in any::<u64>()) {
        let p = random_cqoi(seed);
        check_round_trip(Format::Cqoi, &p, Alphabet::Digits, seed);
        let mut out = String::new();
        Writer::new(Format::Cqoi).puzzle(&mut out, &p, Alphabet::Digits).unwrap();
        prop_assert_eq!(detect(&out), Ok(Format::Cqoi));
        prop_assert_eq!(out.lines().count(), 15);
    }

    #[test]
    fn written_puzzles_are_detected_and_read_without_options(
        (kind, size) in kind_and_size(),
        seed in any::<u64>(),
    ) {
        let (p, alphabet) = random_puzzle(kind, size, seed);
        // JSON says everything; pictures say their kind, and digits need no detection.
        let mut formats = vec![Format::Json];
        if size <= 9 {
            formats.push(Format::Picture);
        }
        if p.relations().is_empty() && p.kind() == Kind::Classic {
            if size == 9 {
                formats.push(Format::Poj3074);
            }
            if size == 16 {
                formats.push(Format::Poj3076);
            }
        }
        for format in formats {
            let mut writer = Writer::new(format);
            let mut out = String::new();
            writer.puzzle(&mut out, &p, alphabet).unwrap();
            writer.finish(&mut out, true);
            prop_assert_eq!(detect(&out), Ok(format), "{}", out);
            let e = read_default(&out, format).remove(0);
            prop_assert_eq!(canonical(&e.puzzle), canonical(&p), "{}", out);
        }
    }
}

/// Runs `check.py MODE puzzle answer` on texts; `None` when Python is not installed.
fn check_py(mode: &str, puzzle: &str, answer: &str, name: &str) -> Option<bool> {
    let dir = std::env::temp_dir();
    let id = format!("{}-{name}", std::process::id());
    let (p, a) = (dir.join(format!("{id}.in")), dir.join(format!("{id}.out")));
    std::fs::write(&p, puzzle).unwrap();
    std::fs::write(&a, answer).unwrap();
    let status = std::process::Command::new("python3")
        .arg(data("check.py"))
        .args(["--strict", mode])
        .arg(&p)
        .arg(&a)
        .stdout(std::process::Stdio::null())
        .status();
    let _ = (std::fs::remove_file(&p), std::fs::remove_file(&a));
    status.ok().map(|s| s.success())
}

#[test]
fn check_py_accepts_written_futoshiki_pictures_and_answers() {
    for (n, seed) in [(3usize, 7u64), (5, 11), (7, 23), (9, 42)] {
        // A Latin square with shuffled rows and columns, relations read off it.
        let mut rng = Rng(seed);
        let mut rows: Vec<usize> = (0..n).collect();
        let mut cols: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut rows);
        rng.shuffle(&mut cols);
        let solution: Vec<u8> = (0..n * n)
            .map(|i| ((rows[i / n] + cols[i % n]) % n + 1) as u8)
            .collect();
        let givens: Vec<u8> = solution
            .iter()
            .map(|&d| if rng.below(4) == 0 { d } else { 0 })
            .collect();
        let mut relations = Vec::new();
        for (a, b) in adjacent_pairs(n) {
            if rng.below(3) == 0 {
                let less = solution[a] < solution[b];
                relations.push(Relation::new(Cell::at(a, n), less, Cell::at(b, n)));
            }
        }
        let p = Puzzle::new(Kind::Futoshiki, n, givens, relations).unwrap();
        let mut writer = Writer::new(Format::Picture);
        let mut picture = String::new();
        writer.puzzle(&mut picture, &p, Alphabet::Digits).unwrap();
        let entry = read_default(&picture, Format::Picture).remove(0);
        let mut answer = String::new();
        Writer::new(Format::Picture).solution(&mut answer, &entry, &solution);
        match check_py("futoshiki", &picture, &answer, &format!("futoshiki{n}")) {
            Some(ok) => assert!(ok, "check.py rejected\n{picture}\n{answer}"),
            None => eprintln!("python3 not found: check.py cross-check skipped"),
        }
    }
}

#[test]
fn check_py_accepts_written_cqoi_puzzles_and_answers() {
    let entry = read_default(
        &load("cqoi2013/sample2_garbled_line_breaks.in"),
        Format::Cqoi,
    )
    .remove(0);
    let solution = read_default(&load("cqoi2013/sample2.out"), Format::Grid).remove(0);
    let mut writer = Writer::new(Format::Cqoi);
    let mut puzzle = String::new();
    writer
        .puzzle(&mut puzzle, &entry.puzzle, Alphabet::Digits)
        .unwrap();
    assert_eq!(puzzle, load("cqoi2013/sample2.in").replace(" \n", "\n"));
    let mut answer = String::new();
    Writer::new(Format::Cqoi).solution(&mut answer, &entry, solution.puzzle.givens());
    if let Some(ok) = check_py("cqoi", &puzzle, &answer, "cqoi") {
        assert!(ok, "check.py rejected\n{puzzle}\n{answer}");
    }
}

// ───────────────────────────── fuzzing ─────────────────────────────

/// Reads `text` in every format and detects it; any panic fails the test.
fn read_everything(text: &str) {
    for format in Format::ALL {
        for options in [
            ReadOptions::default(),
            ReadOptions {
                kind: Some(Kind::Futoshiki),
                alphabet: Some(Alphabet::Numbers),
            },
            ReadOptions {
                kind: Some(Kind::Inequality),
                alphabet: Some(Alphabet::Hex),
            },
        ] {
            let _ = read(text, format, options).count();
        }
    }
    let _ = detect(text);
}

#[test]
fn pathological_inputs_hold_little_memory_and_allocate_in_proportion() {
    let inputs = [
        "-\n".repeat(200_000),
        "---\n".repeat(100_000) + "123\n",
        "[".repeat(100_000),
        "{".repeat(100_000),
        format!("[{}]", "{},".repeat(50_000)),
        "|".repeat(1 << 20),
        "1 | ".repeat(1 << 18),
        "^".repeat(1 << 20) + "x",
        "9\n".repeat(100_000),
        format!("{}\n", "10 ".repeat(1 << 18)),
        format!("{{\"size\":9,\"givens\":[{}0]}}", "1,".repeat(1 << 18)),
        format!("{{\"size\":9,\"givens\":\"{}\"}}", ".".repeat(1 << 20)),
        "99999999999999999999\n".repeat(3),
        format!("{}\n", "\u{00d7}".repeat(1 << 20)),
    ];
    for text in &inputs {
        let ((), peak, total) = measure(|| read_everything(text));
        let head: String = text.chars().take(20).collect();
        // Every reader streams: what it holds at once is a puzzle or two (at most one JSON
        // value of the input, copied whole by serde), whatever the input's length...
        let most = (64 << 10) + text.len();
        assert!(peak < most, "{head:?}… held {peak} bytes at once");
        // ...and what it allocates grows with the input, not with its square: an error
        // message or an entry per line at most, read in 21 ways (2,846 bytes a byte at the
        // most, measured: `-` lines; a square would be ~10⁵ times more).
        assert!(
            total < 10_000 * text.len(),
            "{head:?}… allocated {total} bytes"
        );
    }
}

/// Small real inputs of every format, for mutation.
fn seeds() -> Vec<String> {
    vec![
        load("cqoi2013/sample1.in"),
        load("cqoi2013/sample2_garbled_line_breaks.in"),
        load("poj3074/sample.in"),
        load("poj3076/spoj_variant/sample.in"),
        "5 futoshiki\n. < . | . | . | 4\n^ - - v -\n. | . | 2 > . | .\n- - - - -\n\
         . | . | . | . | .\n- - - - ^\n. > . | . | . | .\n- - - - -\n. | . | . | . | .\n"
            .to_string(),
        "10\n10 | . | 3\n".to_string(),
        "[{\"size\":4,\"givens\":\"1...........4...\",\"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]},\n\
         {\"size\":16,\"givens\":[1,2,3],\"alphabet\":\"hex\"}]"
            .to_string(),
        "2\n+---+\n|12|34|\n----\n3412\n2143\n4321\n\n1 2 3 4\n. . . .\n. . . .\n. . . .\n".to_string(),
    ]
}

/// Edits `text`: each edit inserts, deletes or replaces one char.
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(op, at, ch) in edits {
        let i = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op % 3 {
            0 => chars.insert(i, ch),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => chars[i] = ch,
            _ => chars.push(ch),
        }
    }
    chars.into_iter().collect()
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '<', '>', '^', 'v', '|', '-', '.', '0', '1', '9', 'A', 'P', 'Z', '\n', ' ', '\r', '{',
            '}', '[', ']', '"', ',', ':', '#', '+', '=', '×', '\u{feff}',
        ]),
        any::<char>(),
    ]
}

/// Fuzz cases per test: 256, or `FORMATS_FUZZ_CASES` for a long run.
fn fuzz_cases() -> u32 {
    std::env::var("FORMATS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases()))]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,300}") {
        read_everything(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_real_inputs_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), interesting_char()), 1..12),
    ) {
        let seeds = seeds();
        let text = mutate(&seeds[which.index(seeds.len())], &edits);
        read_everything(&text);
    }
}
