//! Batches lose nothing: after a bad puzzle every reader goes on where the next one can start,
//! and numbers the rest as if the bad one had been good.

mod common;

use common::load;
use common::reading::{first_error, FIVE_PICTURE, NINE_GRID, SUDOKU};
use sudoku_lab::formats::{detect, read, Format, ReadOptions};

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
    // The second row short instead: the first row was right, the puzzle is 9 rows.
    for (row, short_row) in [("53..7....", "53..7..."), ("6..195...", "6..195..")] {
        let short = NINE_GRID.replacen(row, short_row, 1);
        let text = format!("{NINE_GRID}{short}{NINE_GRID}{NINE_GRID}");
        let what = format!("{row} one symbol short");
        assert_eq!(
            outline(&text, Format::Grid),
            bad_among(4, &[(2, 11, 9)]),
            "{what}"
        );
        for item in read(&text, Format::Grid, ReadOptions::default()).flatten() {
            assert_eq!(item.puzzle.size(), 9, "{what}: no puzzle made of two");
        }
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
