//! Writing pictures: a solution as rows of numbers, a puzzle as the picture `read` takes.

use crate::formats::alphabet::{self, Alphabet};
use crate::formats::entry::Entry;
use crate::geometry::Cell;
use crate::puzzle::{MarkerKind, Problem, Puzzle};

/// The glyph of a marker, if it has one.
fn glyph_of(kind: MarkerKind) -> Option<char> {
    match kind {
        MarkerKind::WHITE => Some('o'),
        MarkerKind::BLACK => Some('*'),
        MarkerKind::X => Some('X'),
        MarkerKind::V => Some('V'),
        _ => None,
    }
}

/// Writes the solution as N lines of N numbers separated by single spaces (what
/// `check.py futoshiki` reads), with a blank line before every puzzle but the first.
pub(crate) fn write_solution(out: &mut String, entry: &Entry, solution: &[u8], first: bool) {
    if !first {
        out.push('\n');
    }
    for row in solution.chunks(entry.puzzle.size().max(1)) {
        let numbers: Vec<String> = row.iter().map(|d| d.to_string()).collect();
        out.push_str(&numbers.join(" "));
        out.push('\n');
    }
}

/// Writes a puzzle as a picture under a header `N kind`, gap symbols aligned under their
/// cells, with a blank line before every puzzle but the first.
pub(crate) fn write_puzzle(
    out: &mut String,
    puzzle: &Puzzle,
    alphabet: Alphabet,
    first: bool,
) -> Result<(), Problem> {
    let size = puzzle.size();
    alphabet::writes(alphabet, size)?;
    // right[i] / down[i]: the glyph between cell i and its right / lower neighbour, as a
    // cell row draws it (`<`, `>`, a marker glyph; a gap row turns `<` `>` into `^` `v`).
    let mut right: Vec<Option<char>> = vec![None; size * size];
    let mut down: Vec<Option<char>> = vec![None; size * size];
    let mut draw = |a: Cell, b: Cell, glyph: char| -> Result<(), Problem> {
        let table = if a.row == b.row {
            &mut right
        } else {
            &mut down
        };
        match table.get_mut(a.index(size)) {
            Some(slot @ None) => {
                *slot = Some(glyph);
                Ok(())
            }
            _ => Err(Problem::new(
                format!("the picture format draws one sign or marker between {a} and {b}, not two: write JSON"),
                vec![a, b],
            )),
        }
    };
    for r in puzzle.relations() {
        let (a, less, b) = r.oriented();
        draw(a, b, if less { '<' } else { '>' })?;
    }
    for m in puzzle.markers() {
        let Some(glyph) = glyph_of(m.kind) else {
            return Err(Problem::new(
                format!(
                    "the picture format has no glyph for {} ({m}): write JSON",
                    m.kind.describe()
                ),
                vec![m.a, m.b],
            ));
        };
        draw(m.a, m.b, glyph)?;
    }
    let width = if alphabet == Alphabet::Numbers && size > 9 {
        2
    } else {
        1
    };
    if !first {
        out.push('\n');
    }
    out.push_str(&format!("{size} {}", puzzle.kind()));
    if !puzzle.negative().is_empty() {
        let names: Vec<String> = puzzle.negative().iter().map(|k| k.token()).collect();
        out.push_str(&format!(" negative={}", names.join(",")));
    }
    out.push('\n');
    for row in 0..size {
        let mut line = String::new();
        for col in 0..size {
            let i = row * size + col;
            let mut symbol = String::new();
            alphabet.push_digit(&mut symbol, puzzle.givens()[i], '.');
            line.push_str(&format!("{symbol:>width$}"));
            if col + 1 < size {
                line.push(' ');
                line.push(right[i].unwrap_or('|'));
                line.push(' ');
            }
        }
        out.push_str(&line);
        out.push('\n');
        if row + 1 < size {
            let mut gap = String::new();
            for col in 0..size {
                // Under the last char of the cell: cells start every width + 3 columns.
                let at = col * (width + 3) + width - 1;
                while gap.chars().count() < at {
                    gap.push(' ');
                }
                gap.push(match down[row * size + col] {
                    Some('<') => '^',
                    Some('>') => 'v',
                    Some(glyph) => glyph,
                    None => '-',
                });
            }
            out.push_str(&gap);
            out.push('\n');
        }
    }
    Ok(())
}
