//! Format detection: which of the text formats a text is written in.

use super::alphabet::fits_some_alphabet;
use super::error::{InputError, Pos};
use super::format::Format;
use super::grid::plausible_row;
use super::picture::looks_like_header;
use super::scan::{exact_root, without_bom, Line, Lines};

/// How many content lines detection looks at: enough to see a 25×25 grid, little enough to
/// stay fast on a file of 50,000 puzzles.
const SAMPLE: usize = 64;

/// Tells the format of `text`, first match wins:
///
/// 1. first non-whitespace char `{` or `[` → json, or fpuzzles when the start has a
///    `"grid"` and no `"givens"`; an f-puzzles or SudokuPad link (`load=N4Ig…`,
///    `fpuzN4Ig…`, `N4Ig…`) first → fpuzzles;
/// 2. only `<` `>` `^` `v` and whitespace, but for at most one other char per 27 symbols →
///    cqoi;
/// 3. 81-symbol lines (digits, `.`, `0`) up to a line `end` → poj3074;
/// 4. a `<` or `>`, a row of `^` `v` `-`, or cells joined by `|` above a gap row, in lines
///    that are cell rows and gap rows → picture;
/// 5. blocks of 16 rows of 16 `A`-`P`/`-`, after an optional count line → poj3076;
/// 6. lines of N² symbols, every one a digit of an N×N puzzle → line (81-symbol lines
///    without `end` land here);
/// 7. rows of 3 to 25 symbols (after an optional count line) → grid;
/// 8. lines longer than 25 symbols that fit nothing above → line, whose reader then names
///    the problem (an 80-symbol line, an `X` in a 9×9 line).
///
/// So that one bad puzzle among good ones does not hide the format of the rest, rules 3 to 8
/// hold when at least two thirds of the sampled lines (and two at least) fit, except rule 6
/// for puzzles under 6×6: their lines are as long as grid rows, so there every line must fit.
/// Detection samples the first lines only; the reader then checks every line.
pub fn detect(text: &str) -> Result<Format, InputError> {
    let Some(first) = text
        .chars()
        .find(|&c| !c.is_whitespace() && c != '\u{feff}')
    else {
        return Err(InputError::new(Pos::new(1, 1), "the input is empty"));
    };
    if first == '{' || first == '[' {
        // f-puzzles objects have a "grid" of cell objects where ours have "givens".
        let mut end = text.len().min(1 << 16);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let head = &text[..end];
        if head.contains("\"grid\"") && !head.contains("\"givens\"") {
            return Ok(Format::FPuzzles);
        }
        return Ok(Format::Json);
    }
    if is_fpuzzles_link(text) {
        return Ok(Format::FPuzzles);
    }
    if is_cqoi(text) {
        return Ok(Format::Cqoi);
    }
    let lines: Vec<Line<'_>> = Lines::new(text)
        .filter(|l| !l.is_skipped())
        .take(SAMPLE)
        .collect();
    if is_poj3074(text, &lines) {
        return Ok(Format::Poj3074);
    }
    if is_picture(&lines) {
        return Ok(Format::Picture);
    }
    if is_poj3076(&lines) {
        return Ok(Format::Poj3076);
    }
    if is_line(&lines) {
        return Ok(Format::Line);
    }
    if is_grid(&lines) {
        return Ok(Format::Grid);
    }
    // Lines too long to be grid rows that fit no format exactly (80 symbols, an 'X' among 81)
    // are read as lines, so the reader can say precisely what is wrong.
    let long = lines
        .iter()
        .filter(|l| symbol_count(l.trimmed()) > 25)
        .count();
    if mostly(long, lines.len()) {
        return Ok(Format::Line);
    }
    let pos = lines.first().map_or(Pos::new(1, 1), |l| l.start());
    Err(InputError::choose(
        pos,
        "could not tell the format (tried json, cqoi, poj3074, picture, poj3076, line and grid)",
        "format",
    ))
}

/// True when `good` of `total` lines fitting a format says it is that format: all of them,
/// or at least two and two thirds, so that one bad puzzle does not hide the format.
fn mostly(good: usize, total: usize) -> bool {
    total > 0 && (good == total || (good >= 2 && 3 * good >= 2 * total))
}

/// The non-whitespace chars of `t`.
fn symbol_count(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}

/// The chars [`is_cqoi`] looks at: enough for 600 puzzles, and a 256 MiB file of another
/// format is told apart without reading it all.
const CQOI_SAMPLE: usize = 1 << 16;

/// Relation symbols and whitespace, but for at most one other char per 27 symbols (a garbled
/// symbol or two in a puzzle of 108), in the first [`CQOI_SAMPLE`] chars.
fn is_cqoi(text: &str) -> bool {
    let (mut symbols, mut others) = (0usize, 0usize);
    for c in text.chars().take(CQOI_SAMPLE) {
        match c {
            '<' | '>' | '^' | 'v' => symbols += 1,
            '\u{feff}' => {}
            c if c.is_whitespace() => {}
            _ => others += 1,
        }
    }
    others == 0 || others.saturating_mul(27) < symbols
}

/// 81 symbols of digits, `.` or `0`.
fn is_poj3074_line(t: &str) -> bool {
    t.chars().filter(|c| !c.is_whitespace()).count() == 81
        && t.chars()
            .all(|c| c.is_whitespace() || matches!(c, '0'..='9' | '.'))
}

fn is_poj3074(text: &str, lines: &[Line<'_>]) -> bool {
    let (mut good, mut total) = (0, 0);
    for line in lines {
        let t = line.trimmed();
        if t == "end" {
            return total == 0 || mostly(good, total);
        }
        total += 1;
        good += usize::from(is_poj3074_line(t));
    }
    // The sampled lines are puzzles: look for `end` further on.
    lines.len() == SAMPLE && mostly(good, total) && has_end_line(text)
}

/// Whether some line of `text` (as [`Lines`] splits it) is `end`, blanks around it allowed:
/// found by a vectorized search for `end`, each hit's line then trimmed as [`Line`] trims
/// it, instead of trimming every line (a file of 50,000 puzzle lines has none).
fn has_end_line(text: &str) -> bool {
    let text = without_bom(text);
    let bytes = text.as_bytes();
    memchr::memmem::find_iter(bytes, b"end").any(|at| {
        // Line breaks are ASCII, so these are char boundaries.
        let start = memchr::memrchr2(b'\n', b'\r', &bytes[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        text[start..end].trim() == "end"
    })
}

/// An f-puzzles or SudokuPad link, or lz-string base64 of a JSON object (`N4Ig…`), on the
/// first line with text.
fn is_fpuzzles_link(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    first.starts_with("N4Ig")
        || first.contains("load=N4Ig")
        || first.contains("fpuzN4Ig")
        || first.contains("fpuzzlesN4Ig")
}

/// Cells joined by `<` `>` `|` (or a marker glyph, `o` `*` `X` `V`, where a separator is
/// due) with no two cells adjacent: the number of cells, if a row.
fn picture_cells(t: &str) -> Option<usize> {
    let mut cells = 0;
    let mut expect_cell = true;
    let mut chars = t.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        let marker = !expect_cell && matches!(c, 'o' | '*' | 'X' | 'V');
        if marker || matches!(c, '<' | '>' | '|') {
            if expect_cell {
                return None;
            }
            expect_cell = true;
        } else {
            if !expect_cell {
                return None;
            }
            if c.is_ascii_digit() {
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
            }
            cells += 1;
            expect_cell = false;
        }
    }
    (!expect_cell && cells >= 3).then_some(cells)
}

/// The symbols of a gap row (`^` `v` `-` `.`, marker glyphs `o` `*` `X` `V`), if `t` is one.
fn gap_symbols(t: &str) -> Option<usize> {
    let mut count = 0;
    for c in t.chars().filter(|c| !c.is_whitespace()) {
        if !matches!(c, '^' | 'v' | '-' | '.' | 'o' | '*' | 'X' | 'V') {
            return None;
        }
        count += 1;
    }
    (count > 0).then_some(count)
}

fn is_picture(lines: &[Line<'_>]) -> bool {
    let drawn = lines.iter().any(|l| l.text.contains(['<', '>', '^']))
        // No relation drawn: a `|`-joined cell row above a gap row as wide.
        || lines.windows(2).any(|w| {
            let gap = w[1].trimmed();
            picture_cells(w[0].trimmed()).is_some_and(|n| gap_symbols(gap) == Some(n))
        });
    if !drawn {
        return false;
    }
    let body: Vec<&str> = lines
        .iter()
        .map(|l| l.trimmed())
        .filter(|t| !looks_like_header(t))
        .collect();
    let rows = body
        .iter()
        .filter(|t| picture_cells(t).is_some() || gap_symbols(t).is_some())
        .count();
    mostly(rows, body.len())
}

/// 16-row blocks of `A`-`P` and `-`, after an optional count line.
fn is_poj3076(lines: &[Line<'_>]) -> bool {
    let rows = match lines.first() {
        Some(l) if l.trimmed().bytes().all(|b| b.is_ascii_digit()) => &lines[1..],
        _ => lines,
    };
    let row = |l: &Line<'_>| {
        let t = l.trimmed();
        t.len() == 16 && t.bytes().all(|b| matches!(b, b'A'..=b'P' | b'-'))
    };
    let good = rows.iter().filter(|l| row(l)).count();
    let whole = good == rows.len() && (rows.len() % 16 == 0 || lines.len() == SAMPLE);
    rows.len() >= 16 && whole || good >= 15 && mostly(good, rows.len())
}

/// N² symbols per line, each a digit (or empty mark) of an N×N puzzle in some alphabet: all
/// lines, or mostly lines of 6×6 puzzles and up (shorter ones could be grid rows).
fn is_line(lines: &[Line<'_>]) -> bool {
    // The size of the puzzle a line is, if it is one.
    let size = |t: &str| {
        exact_root(symbol_count(t)).filter(|&n| {
            n >= 3
                && t.chars()
                    .filter(|c| !c.is_whitespace())
                    .all(|c| fits_some_alphabet(c, n))
        })
    };
    let sizes: Vec<Option<usize>> = lines.iter().map(|l| size(l.trimmed())).collect();
    let long = sizes.iter().filter(|s| s.is_some_and(|n| n >= 6)).count();
    (!sizes.is_empty() && sizes.iter().all(Option::is_some)) || mostly(long, sizes.len())
}

/// Rows of 3 to 25 symbols, after an optional count line, rule lines left out.
fn is_grid(lines: &[Line<'_>]) -> bool {
    let rows = match lines.first() {
        Some(l) if l.trimmed().bytes().all(|b| b.is_ascii_digit()) && lines.len() > 1 => {
            &lines[1..]
        }
        _ => lines,
    };
    let rule = |t: &str| t.contains('+') || t.chars().all(|c| matches!(c, '-' | '=' | '|' | ' '));
    let cells: Vec<&Line<'_>> = rows.iter().filter(|l| !rule(l.trimmed())).collect();
    // Only rule lines: a grid of dash rows, if the first is as wide as a row can be.
    if cells.is_empty() {
        return rows
            .first()
            .and_then(|l| plausible_row(l.text))
            .is_some_and(|n| (3..=25).contains(&n));
    }
    let good = cells
        .iter()
        .filter(|l| plausible_row(l.text).is_some_and(|n| (3..=25).contains(&n)))
        .count();
    mostly(good, cells.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUDOKU: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    #[test]
    fn broken_puzzle_lines_are_read_as_lines_to_explain_them() {
        assert_eq!(detect(&".".repeat(80)), Ok(Format::Line));
        assert_eq!(detect(&format!("X{}", ".".repeat(80))), Ok(Format::Line));
    }

    #[test]
    fn json_starts_with_a_brace_or_bracket() {
        assert_eq!(detect("  {\"size\":9}"), Ok(Format::Json));
        assert_eq!(detect("\n[ ]"), Ok(Format::Json));
    }

    #[test]
    fn relation_symbols_alone_are_cqoi() {
        assert_eq!(detect("> < <\nv ^ v\n"), Ok(Format::Cqoi));
    }

    #[test]
    fn lines_ending_with_end_are_poj3074() {
        assert_eq!(
            detect(&format!("{SUDOKU}\n{SUDOKU}\nend\n")),
            Ok(Format::Poj3074)
        );
        assert_eq!(detect(&format!("{SUDOKU}\n{SUDOKU}\n")), Ok(Format::Line));
        let many = format!("{SUDOKU}\n").repeat(100) + "end\n";
        assert_eq!(detect(&many), Ok(Format::Poj3074));
    }

    #[test]
    fn an_end_line_is_found_where_the_line_reader_finds_one() {
        let by_lines = |text: &str| Lines::new(text).any(|l| l.trimmed() == "end");
        for text in [
            "",
            "end",
            "end\n",
            "  end \r\n",
            "\u{feff}end\n",
            "\u{feff} end",
            "x\u{feff}end",
            "\u{a0}end\u{3000}\n",
            "ending\n",
            "the end\n",
            "endend",
            "x\rend",
            "end\rx",
            "x\r\nend\r\n",
            "en\nd",
            "1end\nend1\n",
            "\n\n\tend\t\n\n",
            "x\nend",
        ] {
            assert_eq!(has_end_line(text), by_lines(text), "{text:?}");
        }
    }

    #[test]
    fn drawn_relations_are_a_picture() {
        assert_eq!(
            detect("3\n1 < . | .\n- ^ -\n. | . | .\n- - -\n. | . | .\n"),
            Ok(Format::Picture)
        );
        assert_eq!(
            detect("1 | . | .\n- - -\n. | . | 2\n- - -\n. | . | .\n"),
            Ok(Format::Picture)
        );
    }

    #[test]
    fn drawn_markers_are_a_picture() {
        // Kropki dots and X / V where separators are due; `X` in a cell's place is a cell.
        let kropki = "4 classic negative=white,black\n. o . o . o .\n-   *   -   *\n\
                      . o . | . o .\no   -   -   o\n. o . | . o .\n*   -   *   -\n\
                      . o . o . o .\n";
        assert_eq!(detect(kropki), Ok(Format::Picture));
        let xv = "X V . | . | .\n- X - -\n. | . | . | .\n- - - -\n";
        assert_eq!(detect(xv), Ok(Format::Picture));
    }

    #[test]
    fn sixteen_rows_of_letters_are_poj3076() {
        let grid = "--A----C-----O-I\n".repeat(16);
        assert_eq!(detect(&grid), Ok(Format::Poj3076));
        assert_eq!(detect(&format!("1\n{grid}")), Ok(Format::Poj3076));
    }

    #[test]
    fn rows_of_a_grid_are_a_grid_not_tiny_lines() {
        let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        assert_eq!(detect(grid), Ok(Format::Grid));
        assert_eq!(detect(&format!("1\n{grid}")), Ok(Format::Grid));
        assert_eq!(detect("123|456|789\n".repeat(9).as_str()), Ok(Format::Grid));
    }

    #[test]
    fn a_line_of_a_latin_square_is_a_line() {
        assert_eq!(detect("123231312\n"), Ok(Format::Line));
    }

    #[test]
    fn nothing_is_an_error() {
        assert_eq!(detect(" \n\t").unwrap_err().message, "the input is empty");
        assert!(detect("hello world").is_err());
    }
}
