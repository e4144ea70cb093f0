//! The `line` and `poj3074` formats: one puzzle per line, N² symbols, row by row.
//!
//! A line is a whole puzzle, so after a bad one the reader goes on at the next line: nothing
//! of a bad line can belong to another puzzle.

use super::alphabet::{self, Alphabet};
use super::entry::{entry_of_cells, CellPlaces, Dialect, Entry, ReadOptions};
use super::error::{InputError, Pos};
use super::quote::quote;
use super::scan::{
    self, a_size, allowed_sizes, allowed_sizes_text, coord, count_of, default_kind, exact_root,
    size_allowed, Line, Lines, MAX_CELLS,
};
use crate::puzzle::{Kind, Problem, Puzzle};

/// Reads one puzzle per non-blank line; `#` lines are comments. With `judge` (POJ 3074) every
/// line holds 81 symbols (digits, `.` or `0` empty) and a line `end` ends the input; a
/// missing `end` is forgiven. A bad line is one bad puzzle; reading goes on at the next line.
pub(crate) fn read<'a>(
    text: &'a str,
    options: ReadOptions,
    dialect: Dialect,
) -> impl Iterator<Item = Result<Entry, InputError>> + 'a {
    let mut reader = LineReader {
        lines: Lines::new(text),
        options,
        judge: dialect == Dialect::Judge,
        number: 0,
    };
    std::iter::from_fn(move || reader.next_entry()).fuse()
}

struct LineReader<'a> {
    lines: Lines<'a>,
    options: ReadOptions,
    judge: bool,
    number: usize,
}

impl LineReader<'_> {
    /// The next entry; `None` once the input is used up (or at POJ 3074's `end`).
    fn next_entry(&mut self) -> Option<Result<Entry, InputError>> {
        while let Some(line) = self.lines.next() {
            if line.is_skipped() {
                continue;
            }
            if self.judge && line.trimmed() == "end" {
                break;
            }
            self.number += 1;
            return Some(self.entry(line).map_err(|e| e.in_puzzle(self.number)));
        }
        None
    }
    fn entry(&self, line: Line<'_>) -> Result<Entry, InputError> {
        match self.plain_entry(&line) {
            Some(entry) => Ok(entry),
            None => self.general_entry(line),
        }
    }

    fn general_entry(&self, line: Line<'_>) -> Result<Entry, InputError> {
        // Char index + 1 is the column: no position is worked out more than once.
        let symbols = || {
            line.text
                .chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace())
                .map(|(i, c)| (c, Pos::new(line.number, coord(i).saturating_add(1))))
        };
        // Counting first keeps a huge line from being collected.
        let count = symbols().count();
        let size = exact_root(count).filter(|&n| {
            if self.judge {
                n == 9
            } else {
                size_allowed(self.options.kind, n)
            }
        });
        let Some(size) = size else {
            return Err(self.length_error(line, count, symbols().nth(MAX_CELLS)));
        };
        let symbols: Vec<(char, Pos)> = symbols().collect();
        let start = line.start();
        let (givens, alphabet) = if self.judge {
            (judge_givens(&symbols)?, Alphabet::Digits)
        } else {
            alphabet::decode(&symbols, size, self.options.alphabet, start)?
        };
        let kind = self.options.kind.unwrap_or_else(|| {
            if self.judge {
                Kind::Classic
            } else {
                default_kind(size)
            }
        });
        let cell_pos = symbols.iter().map(|s| s.1).collect();
        entry_of_cells(kind, size, givens, cell_pos, alphabet, self.number, start)
    }

    /// The common case read without collecting symbols: a line of ASCII symbols and no
    /// blanks, of a size whose alphabet needs no detection (9 or less, or one given), every
    /// symbol a digit of it, and a well-formed puzzle. `None` sends every other line (and
    /// every error) to the general reader, which says what is wrong and where; both give the
    /// same entry for a line this one takes (`a_plain_line_reads_as_the_general_reader_does`).
    fn plain_entry(&self, line: &Line<'_>) -> Option<Entry> {
        let bytes = line.text.as_bytes();
        if self.judge {
            return None;
        }
        let size = exact_root(bytes.len()).filter(|&n| size_allowed(self.options.kind, n))?;
        let alphabet = match self.options.alphabet {
            Some(a) if a.fits(size) => a,
            Some(_) => return None,
            None if size <= 9 => Alphabet::Digits,
            None => return None,
        };
        let givens = if alphabet == Alphabet::Digits {
            // The commonest line of all, in one pass without a branch or a table, which the
            // compiler vectorizes (a lookup table a byte cost ~600 instructions a 9×9 line,
            // a tenth of reading and checking it): `0` to the size's digit stands for itself
            // (`0` empty), `.` `-` `_` are empty, and any other byte — a digit above the
            // size, a blank, a byte of a wider char — sends the line to the general reader.
            let top = size as u8; // at most 9 for the digits alphabet
            let mut givens = vec![0u8; bytes.len()];
            let mut bad = false;
            for (g, &b) in givens.iter_mut().zip(bytes) {
                let d = b.wrapping_sub(b'0');
                let digit = d <= top;
                bad |= !(digit | (b == b'.') | (b == b'-') | (b == b'_'));
                *g = if digit { d } else { 0 };
            }
            if bad {
                return None;
            }
            givens
        } else {
            if !line.text.is_ascii() || bytes.iter().any(u8::is_ascii_whitespace) {
                return None;
            }
            let mut givens = Vec::with_capacity(bytes.len());
            for &b in bytes {
                match alphabet.value(char::from(b)) {
                    Some(d) if usize::from(d) <= size => givens.push(d),
                    _ => return None,
                }
            }
            givens
        };
        let kind = self.options.kind.unwrap_or_else(|| default_kind(size));
        let puzzle = Puzzle::new(kind, size, givens, Vec::new()).ok()?;
        // One symbol a column from the first: the places follow from the line's number.
        let cell_pos = CellPlaces::Row {
            line: line.number,
            col: 1,
            cells: bytes.len(),
        };
        Some(Entry {
            puzzle,
            alphabet,
            number: self.number,
            pos: line.start(),
            cell_pos,
            relation_pos: Vec::new(),
        })
    }

    /// A line whose length is no puzzle's: name the nearest lengths, and point at the first
    /// symbol too many or just past the last one.
    fn length_error(
        &self,
        line: Line<'_>,
        count: usize,
        past_max: Option<(char, Pos)>,
    ) -> InputError {
        let has = format!("line {} has {}", line.number, count_of(count, "symbol"));
        if self.judge {
            let pos = if count > 81 {
                self.nth_symbol_pos(line, 81)
            } else {
                line.end()
            };
            return InputError::new(pos, format!("{has}; a POJ 3074 puzzle line has 81"));
        }
        if let Some((_, pos)) = past_max {
            return InputError::new(
                pos,
                format!("{has}; the longest puzzle line is {MAX_CELLS} (25×25)"),
            );
        }
        if let Some(n) = exact_root(count) {
            let kind = self
                .options
                .kind
                .map_or("puzzle".to_string(), |k| format!("{k} puzzle"));
            return InputError::new(
                line.start(),
                format!(
                    "{has}, {} grid; a {kind} has size {}",
                    a_size(n),
                    allowed_sizes_text(self.options.kind)
                ),
            );
        }
        let sizes = allowed_sizes(self.options.kind);
        let below = sizes.iter().rev().find(|&&n| n * n < count).copied();
        let above = sizes.iter().find(|&&n| n * n > count).copied();
        let nearest: Vec<usize> = match (below, above) {
            (Some(b), Some(a)) if count - b * b < a * a - count => vec![b],
            (Some(b), Some(a)) if count - b * b > a * a - count => vec![a],
            (b, a) => b.into_iter().chain(a).collect(),
        };
        let needs: Vec<String> = nearest
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let verb = if i == 0 { " needs" } else { "" };
                format!("{} puzzle{verb} {}", a_size(n), n * n)
            })
            .collect();
        let expected = nearest.first().map_or(0, |n| n * n);
        let pos = if count > expected {
            self.nth_symbol_pos(line, expected)
        } else {
            line.end()
        };
        InputError::new(pos, format!("{has}; {}", needs.join(", ")))
    }

    /// The position of the symbol after the first `n` (0-based `n`).
    fn nth_symbol_pos(&self, line: Line<'_>, n: usize) -> Pos {
        line.text
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .nth(n)
            .map_or_else(|| line.end(), |(i, _)| line.pos_at_byte(i))
    }
}

/// POJ 3074 symbols: digits 1-9, `.` or `0` for an empty cell.
fn judge_givens(symbols: &[(char, Pos)]) -> Result<Vec<u8>, InputError> {
    symbols
        .iter()
        .map(|&(ch, pos)| match ch {
            '.' | '0' => Ok(0),
            '1'..='9' => Ok(ch as u8 - b'0'),
            _ => Err(InputError::new(
                pos,
                format!(
                    "{} is not a symbol of a POJ 3074 puzzle (digits 1-9, empty . 0)",
                    quote(&ch.to_string())
                ),
            )),
        })
        .collect()
}

/// Writes the solution as one line of N² symbols in the puzzle's alphabet.
pub(crate) fn write_solution(out: &mut String, entry: &Entry, solution: &[u8]) {
    let alphabet = entry.alphabet.or_fitting_chars(entry.puzzle.size());
    alphabet.push_symbols(out, solution, b'.');
    out.push('\n');
}

/// Writes a puzzle as one line, `.` for empty cells. POJ 3074 takes 9×9 sudoku only, in
/// digits; no line format holds relations.
pub(crate) fn write_puzzle(
    out: &mut String,
    puzzle: &Puzzle,
    alphabet: Alphabet,
    dialect: Dialect,
) -> Result<(), Problem> {
    let size = puzzle.size();
    scan::without_relations(puzzle, "line")?;
    let alphabet = if dialect == Dialect::Judge {
        scan::judge_takes(puzzle, "POJ 3074", 9)?;
        Alphabet::Digits
    } else if alphabet == Alphabet::Numbers {
        return Err(Problem::new(
            "the line format has one char per cell: use the grid, picture or json format for numbers",
            Vec::new(),
        ));
    } else {
        alphabet::writes(alphabet, size)?;
        alphabet
    };
    for &d in puzzle.givens() {
        alphabet.push_digit(out, d, '.');
    }
    out.push('\n');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read as read_format, Format};

    fn read_all(text: &str, format: Format) -> Vec<Result<Entry, InputError>> {
        read_format(text, format, ReadOptions::default()).collect()
    }

    const SAMPLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    #[test]
    fn a_plain_line_reads_as_the_general_reader_does() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        let corpus = std::fs::read_to_string(data.join("bench9/puzzles3_magictour_top1465"))
            .unwrap_or_default();
        let mut lines: Vec<(String, ReadOptions)> = corpus
            .lines()
            .take(300)
            .map(|l| (l.to_string(), ReadOptions::default()))
            .collect();
        lines.push((SAMPLE.replace('.', "0"), ReadOptions::default()));
        for (size, text) in [
            (4, "1..4..2.3..1.4.."),
            (6, &".".repeat(36)),
            (8, &"1".repeat(64)),
        ] {
            assert_eq!(text.len(), size * size);
            lines.push((text.to_string(), ReadOptions::default()));
        }
        let letters = ReadOptions {
            alphabet: Some(Alphabet::Letters),
            ..ReadOptions::default()
        };
        lines.push((format!("AB{}", ".".repeat(254)), letters));
        let futoshiki = ReadOptions {
            kind: Some(Kind::Futoshiki),
            ..ReadOptions::default()
        };
        lines.push(("1....".repeat(5), futoshiki));
        let mut taken = 0;
        for (text, options) in &lines {
            let reader = LineReader {
                lines: Lines::new(""),
                options: *options,
                judge: false,
                number: 7,
            };
            let line = Line { number: 3, text };
            let general = reader.general_entry(Line { number: 3, text });
            match reader.plain_entry(&line) {
                Some(plain) => {
                    taken += 1;
                    let general =
                        general.expect("the general reader takes what the plain one does");
                    assert_eq!(plain.puzzle, general.puzzle, "{text}");
                    assert_eq!(plain.alphabet, general.alphabet, "{text}");
                    assert_eq!(plain.number, general.number);
                    assert_eq!(plain.pos, general.pos);
                    assert_eq!(plain.cell_pos.to_vec(), general.cell_pos.to_vec());
                }
                None => assert!(
                    general.is_err() || text.len() > 81 || options.kind.is_some(),
                    "{text}"
                ),
            }
        }
        assert!(taken >= 5, "the plain reader took {taken} lines");
        // What the plain reader leaves: blanks inside, other symbols, no such size, errors.
        let reader = LineReader {
            lines: Lines::new(""),
            options: ReadOptions::default(),
            judge: false,
            number: 1,
        };
        for text in [
            "1 2 3 4 . . . . . . . . . . . .",
            "x...............",
            "12345",
            "１...............",
        ] {
            assert!(
                reader.plain_entry(&Line { number: 1, text }).is_none(),
                "{text}"
            );
        }
    }

    #[test]
    fn the_plain_reader_takes_a_symbol_exactly_when_the_general_one_reads_it_alike() {
        let reader = LineReader {
            lines: Lines::new(""),
            options: ReadOptions::default(),
            judge: false,
            number: 1,
        };
        let four = "1..4..2.3..1.4..";
        let mut taken = 0;
        // Every ASCII byte in place of one symbol of a 9×9 and a 4×4 line.
        for base in [SAMPLE, four] {
            for b in 0..=0x7fu8 {
                let mut text = base.as_bytes().to_vec();
                text[5] = b;
                let text = String::from_utf8(text).expect("ASCII");
                let line = Line {
                    number: 1,
                    text: &text,
                };
                let general = reader.general_entry(line);
                match reader.plain_entry(&line) {
                    Some(plain) => {
                        taken += 1;
                        let general = general.expect("the general reader takes it too");
                        assert_eq!(plain.puzzle, general.puzzle, "{b:#x} in {base}");
                    }
                    None => assert!(general.is_err(), "{b:#x} in {base}: only the general"),
                }
            }
        }
        // 0-9 . - _ in the 9×9 line, 0-4 . - _ in the 4×4 one.
        assert_eq!(taken, 13 + 8);
    }

    #[test]
    fn one_puzzle_per_line_with_comments_and_blank_lines() {
        let text = format!("# two puzzles\n\n  {SAMPLE}  \r\n\n{SAMPLE}\n");
        let entries = read_all(&text, Format::Line);
        assert_eq!(entries.len(), 2);
        let e = entries[0].as_ref().unwrap();
        assert_eq!((e.number, e.pos), (1, Pos::new(3, 3)));
        assert_eq!(e.puzzle.givens()[1], 2);
        assert_eq!(e.cell_pos.get(1), Some(Pos::new(3, 4)));
        assert_eq!(e.puzzle.kind(), Kind::Classic);
    }

    #[test]
    fn a_bad_symbol_is_reported_at_its_column() {
        let line = format!("{}X{}", &SAMPLE[..40], &SAMPLE[41..]);
        let e = read_all(&line, Format::Line).remove(0).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 41));
        assert_eq!(
            e.message,
            "'X' is not a digit of a 9×9 puzzle (digits 1-9, empty . 0 - _)"
        );
    }

    #[test]
    fn a_short_line_names_the_length_it_needs() {
        let e = read_all(&SAMPLE[..80], Format::Line).remove(0).unwrap_err();
        assert_eq!(e.message, "line 1 has 80 symbols; a 9×9 puzzle needs 81");
        assert_eq!(e.pos, Pos::new(1, 81));
    }

    #[test]
    fn a_long_line_points_at_the_first_symbol_too_many() {
        let text = format!("\n{SAMPLE}12");
        let e = read_all(&text, Format::Line).remove(0).unwrap_err();
        assert_eq!(e.message, "line 2 has 83 symbols; a 9×9 puzzle needs 81");
        assert_eq!(e.pos, Pos::new(2, 82));
    }

    /// (That it is told without gathering the line's symbols is measured by allocation in
    /// `tests/formats.rs`.)
    #[test]
    fn a_megabyte_line_is_told_where_it_passes_the_longest() {
        let text = "1".repeat(1 << 20);
        let e = read_all(&text, Format::Line).remove(0).unwrap_err();
        assert_eq!(
            e.message,
            "line 1 has 1048576 symbols; the longest puzzle line is 625 (25×25)"
        );
        assert_eq!(e.pos, Pos::new(1, 626));
    }

    #[test]
    fn twenty_five_symbols_are_a_five_by_five_latin_square() {
        let e = read_all("12345........................", Format::Line);
        assert!(e[0].is_err());
        let e = read_all("1234.....................", Format::Line)
            .remove(0)
            .unwrap();
        assert_eq!((e.puzzle.size(), e.puzzle.kind()), (5, Kind::Futoshiki));
    }

    #[test]
    fn a_classic_kind_rejects_sizes_without_blocks() {
        let options = ReadOptions {
            kind: Some(Kind::Classic),
            alphabet: None,
        };
        let e = read_format(&".".repeat(25), Format::Line, options)
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            e.message,
            "line 1 has 25 symbols, a 5×5 grid; a classic puzzle has size 4, 6, 8, 9, 12, 16 or 25"
        );
    }

    #[test]
    fn poj3074_stops_at_end() {
        let text = format!("{SAMPLE}\n{SAMPLE}\nend\ngarbage\n");
        let entries = read_all(&text, Format::Poj3074);
        assert_eq!(entries.len(), 2);
        assert!(entries.iter().all(|e| e.is_ok()));
    }

    #[test]
    fn poj3074_forgives_a_missing_end_but_not_other_text() {
        assert_eq!(read_all(SAMPLE, Format::Poj3074).len(), 1);
        let e = read_all("hello\n", Format::Poj3074).remove(0).unwrap_err();
        assert_eq!(
            e.message,
            "line 1 has 5 symbols; a POJ 3074 puzzle line has 81"
        );
        let line = SAMPLE.replace('.', "-");
        let e = read_all(&line, Format::Poj3074).remove(0).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 1));
    }

    #[test]
    fn sixteen_by_sixteen_lines_detect_their_alphabet() {
        let line = format!("ABCDEFGHIJKLMNOP{}", ".".repeat(240));
        let e = read_all(&line, Format::Line).remove(0).unwrap();
        assert_eq!(e.alphabet, Alphabet::Letters);
        let mut out = String::new();
        write_solution(&mut out, &e, &[16; 256]);
        assert_eq!(out, format!("{}\n", "P".repeat(256)));
    }

    #[test]
    fn an_ambiguous_sixteen_by_sixteen_line_names_every_choice() {
        let line = format!("123456789ABCDEF{}", ".".repeat(241));
        let e = read_all(&line, Format::Line).remove(0).unwrap_err();
        assert_eq!(
            e.message,
            "the symbols of this 16×16 puzzle fit several alphabets: alnum (1-9A-G), \
             hex (0-9A-F); choose one with --alphabet"
        );
    }

    #[test]
    fn writing_refuses_relations_and_wrong_judge_sizes() {
        let p = Puzzle::new(Kind::Classic, 4, vec![0; 16], vec![]).unwrap();
        let mut out = String::new();
        assert!(write_puzzle(&mut out, &p, Alphabet::Digits, Dialect::Judge).is_err());
        assert!(write_puzzle(&mut out, &p, Alphabet::Numbers, Dialect::Free).is_err());
        write_puzzle(&mut out, &p, Alphabet::Digits, Dialect::Free).unwrap();
        assert_eq!(out, format!("{}\n", ".".repeat(16)));
    }
}
