//! Pencil marks as text: one token per cell in reading order, separated by white space
//! (`|` and rule lines such as `---+---` are ignored). A token is `.`, `0`, `-` or `_` for a
//! cell without marks, or the digits marked: `137` for sizes up to 9, numbers separated by
//! commas (`1,10,12`) above.
//!
//! ```text
//! 137 . 2   | 45 …
//! ```

use crate::formats::scan::Lines;
use crate::formats::{InputError, Pos};

/// The marks of a `size`×`size` grid from `text`: a digit set per cell (0: no marks).
pub fn read_marks(text: &str, size: usize) -> Result<Vec<u32>, InputError> {
    let cells = size * size;
    let mut marks = Vec::with_capacity(cells);
    let mut end = Pos::new(1, 1);
    for (l, line) in Lines::new(text).map(|line| line.text).enumerate() {
        let mut col = 0u32;
        for token in line.split(|c: char| c.is_whitespace() || c == '|') {
            let start = col + 1;
            col += token.chars().count() as u32 + 1;
            if token.is_empty() || is_rule(token) {
                continue;
            }
            let pos = Pos::new(l as u32 + 1, start);
            if marks.len() == cells {
                return Err(InputError::new(
                    pos,
                    format!("more than {cells} cells of marks for a {size}×{size} puzzle"),
                ));
            }
            marks.push(token_marks(token, size, pos)?);
        }
        end = Pos::new(l as u32 + 1, col.max(1));
    }
    if marks.len() != cells {
        return Err(InputError::new(
            end,
            format!(
                "{} cells of marks; a {size}×{size} puzzle has {cells}",
                marks.len()
            ),
        ));
    }
    Ok(marks)
}

/// `---`, `+---+`, `===`: a line drawn between blocks.
fn is_rule(token: &str) -> bool {
    token.len() > 1 && token.chars().all(|c| matches!(c, '-' | '+' | '='))
}

fn token_marks(token: &str, size: usize, pos: Pos) -> Result<u32, InputError> {
    if matches!(token, "." | "0" | "-" | "_") {
        return Ok(0);
    }
    let bad = |what: &str| {
        InputError::new(
            pos,
            format!(
                "{} is not a set of pencil marks of a {size}×{size} puzzle ({what})",
                crate::formats::quote(token)
            ),
        )
    };
    // A token holds each digit once at most: a longer one is refused before it is read,
    // so no token costs more than its own length (nothing is collected).
    let (longest, shape) = if size <= 9 {
        (size, "digits, such as 137")
    } else {
        // Every digit once, two figures each (`01` is read too), commas between.
        (3 * size - 1, "numbers separated by commas, such as 1,10,12")
    };
    let chars = token.chars().count();
    if chars > longest {
        return Err(bad(&format!(
            "{chars} chars; a set of marks has at most {longest}"
        )));
    }
    let mut set = 0u32;
    let mut add = |d: Option<u32>| match d {
        None => Err(bad(shape)),
        Some(d) if d == 0 || d as usize > size => Err(bad(&format!("digits go from 1 to {size}"))),
        Some(d) => {
            set |= 1 << (d - 1);
            Ok(())
        }
    };
    if size <= 9 {
        for c in token.chars() {
            add(c.to_digit(10))?;
        }
    } else {
        for part in token.split(',') {
            add(part.parse::<u32>().ok())?;
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_read_one_token_per_cell() {
        let text = "12 . 34 4\n| 1 - 2 3 |\n---+---\n1 2 3 4 1234 1 2 3\n";
        let marks = read_marks(text, 4).unwrap();
        assert_eq!(marks[0], 0b11);
        assert_eq!(marks[1], 0);
        assert_eq!(marks[2], 0b1100);
        assert_eq!(marks[12], 0b1111);
    }

    #[test]
    fn bad_marks_say_where_and_what() {
        let e = read_marks("12 x", 4).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 4));
        assert!(
            e.message.starts_with("'x' is not a set of pencil marks"),
            "{}",
            e.message
        );
        let e = read_marks("1 2", 4).unwrap_err();
        assert_eq!(e.message, "2 cells of marks; a 4×4 puzzle has 16");
        let e = read_marks("5", 4).unwrap_err();
        assert!(e.message.contains("digits go from 1 to 4"), "{}", e.message);
        assert_eq!(
            read_marks(&"1,16 ".repeat(256), 16).unwrap()[255],
            1 | 1 << 15
        );
    }

    #[test]
    fn a_token_longer_than_any_set_is_refused_at_its_place() {
        let e = read_marks(&format!("12 {}", "1".repeat(1 << 20)), 4).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 4));
        assert!(
            e.message
                .contains("1048576 chars; a set of marks has at most 4"),
            "{}",
            e.message
        );
        let all: Vec<String> = (1..=16).map(|d| d.to_string()).collect();
        let whole = all.join(",");
        assert_eq!(
            read_marks(&format!("{whole} ").repeat(256), 16).unwrap()[0],
            0xffff
        );
        let padded: Vec<String> = (1..=16).map(|d| format!("{d:02}")).collect();
        let padded = padded.join(",");
        assert_eq!(
            read_marks(&format!("{padded} ").repeat(256), 16).unwrap()[0],
            0xffff
        );
        let e = read_marks(&format!("{padded},1"), 16).unwrap_err();
        assert!(
            e.message
                .contains("49 chars; a set of marks has at most 47"),
            "{}",
            e.message
        );
        let e = read_marks(&"é".repeat(5), 4).unwrap_err();
        assert!(
            e.message.contains("5 chars; a set of marks has at most 4"),
            "{}",
            e.message
        );
        // A lone carriage return ends a line.
        let e = read_marks("1 2 3 4\r1 2 3 x\r", 4).unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 7), "{}", e.message);
    }
}
