//! The CQOI2013 format (Luogu P4573, BZOJ 3109): a 9×9 inequality sudoku given by the 108
//! relations inside its blocks, read as one stream of `<` `>` `^` `v`.
//!
//! ```text
//! band b (rows 3b+1..3b+3):  line 1: 6 × `<>`  row 3b+1, pairs c1c2 c2c3 c4c5 c5c6 c7c8 c8c9
//!                            line 2: 9 × `^v`  rows 3b+1/3b+2, columns 1..9
//!                            line 3: 6 × `<>`  row 3b+2
//!                            line 4: 9 × `^v`  rows 3b+2/3b+3
//!                            line 5: 6 × `<>`  row 3b+3
//! ```
//! Real copies break lines anywhere, so line breaks and spaces are ignored.
//!
//! Nothing but the count separates two puzzles (real copies have blank lines inside a
//! puzzle), so a bad puzzle takes its 108 symbols whatever they are: after an error the
//! reader skips the rest of them, every non-whitespace char counting as one, and the next
//! puzzle starts with the 109th. A garbled char (the common damage) so costs one puzzle. A
//! missing or extra symbol shifts every puzzle after it; a shift that is not a multiple of 36
//! (one band) puts a `^`/`v` into a `<`/`>` slot within 36 symbols, so the puzzles after the
//! damaged one are reported, not solved as something they are not. In the damaged puzzle
//! itself a shift in the last row's six `<`/`>` cannot show (only slots of the same kind
//! follow it). Guessing where a shifted puzzle really starts was not tried: the stream has no
//! mark to check a guess against.

use super::alphabet::Alphabet;
use super::entry::{problem_error, CellPlaces, Entry, ReadOptions};
use super::error::{InputError, Pos};
use super::quote::quote;
use super::scan::without_bom;
use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle, Relation};

/// The relation symbols of one puzzle.
const SYMBOLS: usize = 108;

/// One place in the stream: the upper or left cell `a`, the other cell `b`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    a: Cell,
    b: Cell,
    horizontal: bool,
}

/// The slots in stream order.
const SLOTS: [Slot; SYMBOLS] = build_slots();

const fn build_slots() -> [Slot; SYMBOLS] {
    let blank = Slot {
        a: Cell::new(0, 0),
        b: Cell::new(0, 0),
        horizontal: true,
    };
    let mut slots = [blank; SYMBOLS];
    let mut i = 0;
    let mut band = 0;
    while band < 3 {
        let mut k = 0;
        while k < 5 {
            let r = 3 * band + k / 2;
            if k % 2 == 0 {
                let mut c = 0;
                while c < 9 {
                    // Pairs inside a block only: not across columns 3|4 and 6|7.
                    if c % 3 != 2 {
                        slots[i] = Slot {
                            a: Cell::new(r, c),
                            b: Cell::new(r, c + 1),
                            horizontal: true,
                        };
                        i += 1;
                    }
                    c += 1;
                }
            } else {
                let mut c = 0;
                while c < 9 {
                    slots[i] = Slot {
                        a: Cell::new(r, c),
                        b: Cell::new(r + 1, c),
                        horizontal: false,
                    };
                    i += 1;
                    c += 1;
                }
            }
            k += 1;
        }
        band += 1;
    }
    slots
}

/// Reads every 108 relation symbols as one puzzle; whitespace anywhere is ignored, any other
/// char is an error (and still takes a symbol's place). The options do not apply: CQOI
/// puzzles are 9×9 inequality sudoku.
pub(crate) fn read(
    text: &str,
    _options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, InputError>> + '_ {
    let mut reader = CqoiReader {
        chars: without_bom(text).chars(),
        line: 1,
        col: 1,
        number: 0,
        done: false,
        after_last: Pos::new(1, 1),
    };
    std::iter::from_fn(move || reader.puzzle()).fuse()
}

struct CqoiReader<'a> {
    chars: std::str::Chars<'a>,
    line: u32,
    col: u32,
    number: usize,
    /// The input had no symbols at all and that was said: nothing more to read.
    done: bool,
    /// Just past the last symbol read.
    after_last: Pos,
}

impl CqoiReader<'_> {
    /// The next non-whitespace char and where it is.
    fn next_symbol(&mut self) -> Option<(char, Pos)> {
        while let Some(ch) = self.chars.next() {
            let pos = Pos::new(self.line, self.col);
            // A line ends at `\n`, `\r\n` or a lone `\r`.
            if ch == '\n' || ch == '\r' {
                if ch == '\r' && self.chars.as_str().starts_with('\n') {
                    self.chars.next();
                }
                self.line = self.line.saturating_add(1);
                self.col = 1;
                continue;
            }
            self.col = self.col.saturating_add(1);
            if !ch.is_whitespace() {
                return Some((ch, pos));
            }
        }
        None
    }

    /// The next puzzle: its 108 symbols, or as many as are left. An error names the first
    /// bad symbol; the rest of the puzzle's symbols are read past all the same.
    fn puzzle(&mut self) -> Option<Result<Entry, InputError>> {
        if self.done {
            return None;
        }
        let mut relation_pos: Vec<(Relation, Pos)> = Vec::with_capacity(SYMBOLS);
        let mut error: Option<InputError> = None;
        let mut read = 0;
        for slot in &SLOTS {
            let Some((ch, pos)) = self.next_symbol() else {
                break;
            };
            if read == 0 {
                self.number += 1;
            }
            read += 1;
            self.after_last = Pos::new(pos.line, pos.col.saturating_add(1));
            if error.is_some() {
                continue;
            }
            match symbol_relation(slot, ch, pos) {
                Ok(relation) => relation_pos.push((relation, pos)),
                Err(e) => error = Some(e),
            }
        }
        if read == 0 {
            self.done = true;
            return (self.number == 0).then(|| {
                Err(InputError::new(
                    self.after_last,
                    format!("the input has no relation symbols; a CQOI puzzle has {SYMBOLS}"),
                ))
            });
        }
        if let Some(e) = error {
            return Some(Err(e.in_puzzle(self.number)));
        }
        if read < SYMBOLS {
            let e = InputError::new(
                self.after_last,
                format!("expected {SYMBOLS} relation symbols, found {read}"),
            );
            return Some(Err(e.in_puzzle(self.number)));
        }
        Some(
            self.entry(relation_pos)
                .map_err(|e| e.in_puzzle(self.number)),
        )
    }

    fn entry(&self, relation_pos: Vec<(Relation, Pos)>) -> Result<Entry, InputError> {
        let start = relation_pos.first().map_or(Pos::new(1, 1), |r| r.1);
        let relations = relation_pos.iter().map(|r| r.0).collect();
        let puzzle = Puzzle::new(Kind::Inequality, 9, vec![0; 81], relations)
            .map_err(|p| problem_error(p, 9, &[], &relation_pos, start))?;
        Ok(Entry {
            puzzle,
            alphabet: Alphabet::Digits,
            number: self.number,
            pos: start,
            cell_pos: CellPlaces::None,
            relation_pos,
        })
    }
}

/// The relation `ch` at `pos` puts in `slot`, or why it cannot.
fn symbol_relation(slot: &Slot, ch: char, pos: Pos) -> Result<Relation, InputError> {
    let less = match (ch, slot.horizontal) {
        ('<', true) | ('^', false) => true,
        ('>', true) | ('v', false) => false,
        ('<' | '>' | '^' | 'v', horizontal) => {
            let expected = if horizontal {
                "'<' or '>'"
            } else {
                "'^' or 'v'"
            };
            let mut e = InputError::new(
                pos,
                format!(
                    "expected {expected} between {} and {}, found {}",
                    slot.a,
                    slot.b,
                    quote(&ch.to_string())
                ),
            );
            e.cells = vec![slot.a, slot.b];
            return Err(e);
        }
        _ => {
            return Err(InputError::new(
                pos,
                format!(
                    "{} is not a relation symbol (< > ^ v)",
                    quote(&ch.to_string())
                ),
            ))
        }
    };
    Ok(Relation::new(slot.a, less, slot.b))
}

/// Writes the judge's answer: 9 lines of 9 digits separated by single spaces, with a blank
/// line before every puzzle but the first.
pub(crate) fn write_solution(out: &mut String, solution: &[u8], first: bool) {
    if !first {
        out.push('\n');
    }
    for row in solution.chunks(9) {
        let digits: Vec<String> = row.iter().map(|d| d.to_string()).collect();
        out.push_str(&digits.join(" "));
        out.push('\n');
    }
}

/// Writes a puzzle in the Luogu layout (15 lines). Only a 9×9 inequality puzzle without
/// givens whose relations are exactly the 108 inside its blocks has this form.
pub(crate) fn write_puzzle(out: &mut String, puzzle: &Puzzle, first: bool) -> Result<(), Problem> {
    if puzzle.kind() != Kind::Inequality || puzzle.size() != 9 {
        return Err(Problem::new(
            format!(
                "CQOI puzzles are 9×9 inequality sudoku; this is a {}×{} {} puzzle",
                puzzle.size(),
                puzzle.size(),
                puzzle.kind()
            ),
            Vec::new(),
        ));
    }
    let givens: Vec<Cell> = (0..81)
        .map(|i| Cell::at(i, 9))
        .filter(|&c| puzzle.given(c).is_some())
        .collect();
    if !givens.is_empty() {
        return Err(Problem::new(
            format!("CQOI puzzles have no givens; this one has {}", givens.len()),
            givens,
        ));
    }
    let mut symbols = Vec::with_capacity(SYMBOLS);
    for slot in &SLOTS {
        let found = puzzle.relations().iter().find(|r| {
            (r.smaller == slot.a && r.larger == slot.b)
                || (r.smaller == slot.b && r.larger == slot.a)
        });
        let Some(r) = found else {
            return Err(Problem::new(
                format!(
                    "CQOI puzzles relate every two adjacent cells in a block; {} and {} are not",
                    slot.a, slot.b
                ),
                vec![slot.a, slot.b],
            ));
        };
        let less = r.smaller == slot.a;
        symbols.push(match (slot.horizontal, less) {
            (true, true) => '<',
            (true, false) => '>',
            (false, true) => '^',
            (false, false) => 'v',
        });
    }
    if let Some(r) = puzzle.relations().iter().find(|r| {
        !SLOTS
            .iter()
            .any(|s| (r.smaller == s.a && r.larger == s.b) || (r.smaller == s.b && r.larger == s.a))
    }) {
        return Err(Problem::new(
            format!("CQOI puzzles relate cells inside a block only; {r} crosses blocks"),
            vec![r.smaller, r.larger],
        ));
    }
    if !first {
        out.push('\n');
    }
    let mut rest = symbols.as_slice();
    for k in 0..15 {
        let width = if k % 5 % 2 == 0 { 6 } else { 9 };
        let (line, tail) = rest.split_at(width.min(rest.len()));
        rest = tail;
        let line: Vec<String> = line.iter().map(|c| c.to_string()).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read as read_format, Format};

    fn read_all(text: &str) -> Vec<Result<Entry, InputError>> {
        read_format(text, Format::Cqoi, ReadOptions::default()).collect()
    }

    /// Luogu P4573's sample 1, in its layout (positions in the tests depend on it).
    fn sample1() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/data/cqoi2013/sample1.in"
        );
        std::fs::read_to_string(path).expect("the shared corpus (../shared/data)")
    }

    #[test]
    fn the_stream_order_matches_the_luogu_layout() {
        let e = read_all(&sample1()).remove(0).unwrap();
        assert_eq!(e.puzzle.relations().len(), 108);
        // Stream order, as the positions record it…
        assert_eq!(e.relation_pos[0].0.to_string(), "r1c1 > r1c2");
        assert_eq!(e.relation_pos[6].0.to_string(), "r1c1 > r2c1");
        assert_eq!(e.relation_pos[6].1, Pos::new(2, 1));
        assert_eq!(e.relation_pos[107].0.to_string(), "r9c8 < r9c9");
        // …and the puzzle keeps its canonical reading order of pairs.
        assert_eq!(e.puzzle.relations()[0].to_string(), "r1c1 > r1c2");
        assert_eq!(e.puzzle.relations()[1].to_string(), "r1c1 > r2c1");
    }

    #[test]
    fn cqoi_reads_garbled_line_breaks_as_one_stream() {
        let flat: String = sample1().split_whitespace().collect();
        let garbled: String = flat
            .chars()
            .enumerate()
            .flat_map(|(i, c)| {
                if i % 7 == 6 {
                    vec![c, '\n', '\n']
                } else {
                    vec![c, ' ']
                }
            })
            .collect();
        let a = read_all(&sample1()).remove(0).unwrap();
        let b = read_all(&garbled).remove(0).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
    }

    #[test]
    fn a_missing_symbol_is_counted_at_the_end() {
        let text = sample1();
        let text = text.trim_end().trim_end_matches('<').trim_end();
        let e = read_all(text).remove(0).unwrap_err();
        assert_eq!(e.message, "expected 108 relation symbols, found 107");
        assert_eq!(e.pos, Pos::new(15, 10));
    }

    #[test]
    fn a_vertical_symbol_in_a_horizontal_slot_names_the_cells() {
        let text = sample1().replacen('>', "^", 1);
        let e = read_all(&text).remove(0).unwrap_err();
        assert_eq!(
            e.message,
            "expected '<' or '>' between r1c1 and r1c2, found '^'"
        );
        assert_eq!(e.pos, Pos::new(1, 1));
    }

    #[test]
    fn other_chars_are_errors_at_their_place() {
        let text = sample1().replacen('v', "x", 1);
        let e = read_all(&text).remove(0).unwrap_err();
        assert_eq!(e.message, "'x' is not a relation symbol (< > ^ v)");
        assert_eq!(e.pos, Pos::new(2, 1));
    }

    #[test]
    fn empty_input_is_an_error_and_puzzles_may_follow_each_other() {
        assert!(read_all("  \n").remove(0).is_err());
        let two = sample1().repeat(2);
        let entries = read_all(&two);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].as_ref().unwrap().pos, Pos::new(16, 1));
    }

    #[test]
    fn writing_reproduces_the_luogu_layout() {
        let e = read_all(&sample1()).remove(0).unwrap();
        let mut out = String::new();
        write_puzzle(&mut out, &e.puzzle, true).unwrap();
        assert_eq!(out, sample1());
    }

    #[test]
    fn writing_refuses_other_puzzles() {
        let p = Puzzle::new(Kind::Classic, 9, vec![0; 81], vec![]).unwrap();
        assert!(write_puzzle(&mut String::new(), &p, true).is_err());
        let p = Puzzle::new(Kind::Inequality, 9, vec![0; 81], vec![]).unwrap();
        let e = write_puzzle(&mut String::new(), &p, true).unwrap_err();
        assert!(e.message.contains("r1c1 and r1c2 are not"), "{e}");
    }

    #[test]
    fn solutions_are_nine_spaced_rows() {
        let mut out = String::new();
        let solution: Vec<u8> = (0..81).map(|i| (i % 9 + 1) as u8).collect();
        write_solution(&mut out, &solution, true);
        write_solution(&mut out, &solution, false);
        assert_eq!(out.lines().next(), Some("1 2 3 4 5 6 7 8 9"));
        assert_eq!(out.lines().count(), 19);
    }
}
