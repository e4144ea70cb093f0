//! How the commands word counts, puzzles and answers: `1 node`, `puzzle 3 (line 5)`, the
//! rules with a count, a grid in the alphabet of its puzzle (or as numbers) for JSON, and the
//! JSON object of a bad puzzle.

use sudoku_lab::formats::{Alphabet, Entry, Givens, InputError};
use sudoku_lab::Rule;

/// `1 node`, `2 nodes`.
pub fn count_of(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Appends `n` in decimal, as `{n}` would, without the formatting machinery.
pub fn push_decimal(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&b| char::from(b)));
}

/// `puzzle 3 (line 5)`: how stderr names a puzzle.
pub fn name(entry: &Entry) -> String {
    let mut name = String::new();
    push_name(&mut name, entry);
    name
}

/// Appends [`name`]`(entry)` without the formatting machinery: `solve` names every puzzle
/// with several solutions.
pub fn push_name(out: &mut String, entry: &Entry) {
    out.push_str("puzzle ");
    push_decimal(out, entry.number as u64);
    out.push_str(" (line ");
    push_decimal(out, u64::from(entry.pos.line));
    out.push(')');
}

/// `given 25, naked_single 40`: the rules with a count, in [`Rule::ALL`] order.
pub fn by_rule(counts: &[u64; Rule::COUNT]) -> String {
    let parts: Vec<String> = Rule::ALL
        .iter()
        .filter(|&&r| counts[r as usize] > 0)
        .map(|&r| format!("{} {}", r.name(), counts[r as usize]))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The alphabet JSON answers to `entry` are written in: the puzzle's when it has a symbol
/// for every digit, else numbers.
pub fn json_alphabet(entry: &Entry) -> Alphabet {
    let alphabet = entry.alphabet;
    if alphabet != Alphabet::Numbers && alphabet.fits(entry.puzzle.size()) {
        alphabet
    } else {
        Alphabet::Numbers
    }
}

/// A grid as a string of symbols in `alphabet`, or an array of numbers.
pub fn render(grid: &[u8], alphabet: Alphabet) -> Givens {
    if alphabet == Alphabet::Numbers {
        return Givens::Numbers(grid.to_vec());
    }
    Givens::Symbols(
        grid.iter()
            .map(|&d| alphabet.symbol(d).unwrap_or('?'))
            .collect(),
    )
}

/// The line of a puzzle that could not be read or is invalid, where `grade` and `count` put
/// its answer: `invalid`, or `{"puzzle": K, "status": "invalid"}` as JSON.
pub fn invalid_line(json: bool, error: &sudoku_lab::formats::InputError) -> String {
    if json {
        format!(
            "{}\n",
            serde_json::json!({"puzzle": error.puzzle, "status": "invalid"})
        )
    } else {
        "invalid\n".to_string()
    }
}

/// A bad puzzle's object in `--output json`: where its error is and what it says.
#[derive(serde::Serialize)]
struct JsonInvalid<'a> {
    puzzle: usize,
    line: u32,
    column: u32,
    status: &'static str,
    error: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<String>,
}

/// Writes the `--output json` line of a bad puzzle; bad input between puzzles gets none, so
/// that the lines stay one per puzzle.
pub fn write_json_invalid(out: &mut String, error: &InputError) {
    let Some(puzzle) = error.puzzle else {
        return;
    };
    let invalid = JsonInvalid {
        puzzle,
        line: error.pos.line,
        column: error.pos.col,
        status: "invalid",
        error: &error.message,
        cells: error.cells.iter().map(|c| c.to_string()).collect(),
    };
    // Strings and numbers always serialize.
    if let Ok(json) = serde_json::to_string(&invalid) {
        out.push_str(&json);
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_written_as_format_writes_them() {
        for n in [0, 1, 2, 9, 10, 99, 100, 1000, 123_456_789, u64::MAX] {
            let mut out = "x".to_string();
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
