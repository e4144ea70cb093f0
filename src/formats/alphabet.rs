//! Alphabets: which symbol stands for which digit, and how to tell alphabets apart.

use super::error::{InputError, Pos};
use super::quote::quote;
use super::scan::a_size;
use crate::puzzle::Problem;

named! {
    /// The symbols a puzzle is written in. Answers are written in the alphabet the puzzle came in.
    ///
    /// | alphabet  | digits 1, 2, …                       | empty cell    |
    /// |-----------|--------------------------------------|---------------|
    /// | `digits`  | `1`-`9` (sizes up to 9)              | `. 0 - _`     |
    /// | `letters` | `A`-`Y` (`A`=1, `P`=16; POJ 3076)    | `. 0 - _`     |
    /// | `alnum`   | `1`-`9`, then `A`=10 … (16: `1-9A-G`) | `. 0 - _`     |
    /// | `hex`     | `0`-`9`, `A`-`F` (`0`=1, `F`=16)     | `. - _`       |
    /// | `numbers` | decimal tokens `1` … `25`            | `0 .`         |
    ///
    /// Letters are read in either case and written in upper case.
    pub enum Alphabet {
        Digits = "digits", Letters = "letters", Alnum = "alnum", Hex = "hex", Numbers = "numbers",
    }
}

const UPPER: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Alphabet {
    /// True when the alphabet has a symbol for every digit of a `size`×`size` puzzle.
    pub const fn fits(self, size: usize) -> bool {
        match self {
            Alphabet::Digits => size <= 9,
            Alphabet::Letters => size <= 26,
            Alphabet::Alnum => size <= 35,
            Alphabet::Hex => size == 16,
            Alphabet::Numbers => true,
        }
    }

    /// The digits of a `size`×`size` puzzle in this alphabet, e.g. `1-9A-G` for alnum 16.
    pub fn describe(self, size: usize) -> String {
        let letter = |n: usize| UPPER[n.clamp(1, 26) - 1] as char;
        match self {
            Alphabet::Digits => format!("1-{}", size.min(9)),
            Alphabet::Numbers => format!("1-{size}"),
            Alphabet::Letters => format!("A-{}", letter(size)),
            Alphabet::Alnum if size <= 9 => format!("1-{size}"),
            Alphabet::Alnum => format!("1-9A-{}", letter(size - 9)),
            Alphabet::Hex => "0-9A-F".to_string(),
        }
    }

    /// The symbols that mark an empty cell, as listed in messages.
    pub const fn empty_marks(self) -> &'static str {
        match self {
            Alphabet::Hex => ". - _",
            _ => ". 0 - _",
        }
    }

    /// True when `ch` marks an empty cell (`0` is a digit in hex).
    pub fn is_empty_mark(self, ch: char) -> bool {
        matches!(ch, '.' | '-' | '_') || (ch == '0' && self != Alphabet::Hex)
    }

    /// The digit a one-char symbol stands for, 0 for an empty mark, `None` when `ch` is not a
    /// symbol of this alphabet. The digit is not checked against a size.
    pub fn value(self, ch: char) -> Option<u8> {
        if self.is_empty_mark(ch) {
            return Some(0);
        }
        let decimal = ch.to_digit(10).map(|d| d as u8);
        let upper = ch.to_ascii_uppercase();
        let letter = upper.is_ascii_uppercase().then(|| upper as u8 - b'A' + 1);
        match self {
            Alphabet::Digits | Alphabet::Numbers => decimal.filter(|&d| d >= 1),
            Alphabet::Letters => letter,
            Alphabet::Alnum => decimal.filter(|&d| d >= 1).or(letter.map(|l| l + 9)),
            Alphabet::Hex => decimal
                .map(|d| d + 1)
                .or(letter.filter(|&l| l <= 6).map(|l| l + 10)),
        }
    }

    /// The one-char symbol of `digit`, `None` for 0, for digits past the alphabet, and for
    /// numbers of two digits.
    pub fn symbol(self, digit: u8) -> Option<char> {
        usize::from(digit)
            .checked_sub(1)
            .and_then(|i| self.symbols().get(i))
            .map(|&b| b as char)
    }

    /// The one-char symbols of digits 1, 2, … in order (ASCII; numbers have the digits').
    fn symbols(self) -> &'static [u8] {
        match self {
            Alphabet::Digits | Alphabet::Numbers => b"123456789",
            Alphabet::Letters => UPPER,
            Alphabet::Alnum => b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            Alphabet::Hex => b"0123456789ABCDEF",
        }
    }

    /// Appends `grid` one char a cell, as [`Alphabet::push_digit`] would for an alphabet of
    /// one-char symbols (`empty` an ASCII char), in one `push_str`: a `push` a cell cost
    /// ~57 instructions, and `solve` writes every cell of every answer.
    pub(crate) fn push_symbols(self, out: &mut String, grid: &[u8], empty: u8) {
        debug_assert!(self != Alphabet::Numbers && empty.is_ascii());
        let symbols = self.symbols();
        // A 25×25 grid at a time.
        let mut line = [0u8; 625];
        for cells in grid.chunks(line.len()) {
            for (at, &d) in line.iter_mut().zip(cells) {
                *at = match usize::from(d).checked_sub(1) {
                    None => empty,
                    Some(i) => symbols.get(i).copied().unwrap_or(b'?'),
                };
            }
            // Every byte is ASCII, so this cannot fail.
            out.push_str(std::str::from_utf8(&line[..cells.len()]).unwrap_or_default());
        }
    }

    /// Appends `digit` (`empty` for 0; `?` for a digit the alphabet cannot write).
    pub(crate) fn push_digit(self, out: &mut String, digit: u8, empty: char) {
        if digit == 0 {
            out.push(empty);
        } else if self == Alphabet::Numbers {
            out.push_str(&digit.to_string());
        } else {
            out.push(self.symbol(digit).unwrap_or('?'));
        }
    }

    /// This alphabet if it can write a `size`×`size` puzzle, else the plainest one that can
    /// (digits, or numbers above 9).
    pub fn or_fitting(self, size: usize) -> Alphabet {
        if self.fits(size) {
            self
        } else if size <= 9 {
            Alphabet::Digits
        } else {
            Alphabet::Numbers
        }
    }

    /// Like [`Alphabet::or_fitting`] for formats with one char per cell: numbers become
    /// digits, or alnum above 9.
    pub fn or_fitting_chars(self, size: usize) -> Alphabet {
        if self != Alphabet::Numbers && self.fits(size) {
            self
        } else if size <= 9 {
            Alphabet::Digits
        } else {
            Alphabet::Alnum
        }
    }

    /// `alnum (1-9A-G)`: name and digits, for messages.
    fn labelled(self, size: usize) -> String {
        format!("{} ({})", self.name(), self.describe(size))
    }
}

/// The error for a symbol (input text, quoted here) that is not a digit of a `size`×`size`
/// puzzle in `alphabet`.
pub(crate) fn not_a_digit(symbol: &str, alphabet: Alphabet, size: usize, pos: Pos) -> InputError {
    let within = match alphabet {
        Alphabet::Digits => String::new(),
        a => format!(" in the {} alphabet", a.name()),
    };
    InputError::new(
        pos,
        format!(
            "{} is not a digit of {} puzzle{within} (digits {}, empty {})",
            quote(symbol),
            a_size(size),
            alphabet.describe(size),
            alphabet.empty_marks()
        ),
    )
}

/// Whether `alphabet` can write a `size`×`size` puzzle: the writers' one check, with the
/// one message.
pub(crate) fn writes(alphabet: Alphabet, size: usize) -> Result<(), Problem> {
    if alphabet.fits(size) {
        return Ok(());
    }
    Err(Problem::new(
        format!(
            "the {} alphabet cannot write {} puzzle",
            alphabet.name(),
            a_size(size)
        ),
        Vec::new(),
    ))
}

/// The error for an alphabet chosen by the caller that cannot write the puzzle.
pub(crate) fn does_not_fit(alphabet: Alphabet, size: usize, pos: Pos) -> InputError {
    let why = match alphabet {
        Alphabet::Hex => "is for 16×16 puzzles only".to_string(),
        a => format!("has no symbols past {}", a.describe(size)),
    };
    InputError::new(
        pos,
        format!(
            "the {} alphabet {why}; {} puzzle needs another (letters, alnum or numbers)",
            alphabet.name(),
            a_size(size)
        ),
    )
}

/// Chooses the alphabet of one puzzle's one-char symbols: the `forced` one, else digits up to
/// size 9, else the one alphabet (letters, alnum, hex) in which every symbol is a digit of the
/// size. Several such alphabets is an error: guessing would misread the puzzle.
pub(crate) fn choose(
    symbols: &[(char, Pos)],
    size: usize,
    forced: Option<Alphabet>,
    start: Pos,
) -> Result<Alphabet, InputError> {
    if let Some(a) = forced {
        return if a.fits(size) {
            Ok(a)
        } else {
            Err(does_not_fit(a, size, start))
        };
    }
    if size <= 9 {
        return Ok(Alphabet::Digits);
    }
    let candidates: Vec<Alphabet> = [Alphabet::Letters, Alphabet::Alnum, Alphabet::Hex]
        .into_iter()
        .filter(|a| a.fits(size))
        .collect();
    let fits = |a: Alphabet, ch: char| matches!(a.value(ch), Some(d) if usize::from(d) <= size);
    let first_bad: Vec<Option<usize>> = candidates
        .iter()
        .map(|&a| symbols.iter().position(|&(ch, _)| !fits(a, ch)))
        .collect();
    let consistent: Vec<Alphabet> = candidates
        .iter()
        .zip(&first_bad)
        .filter(|(_, bad)| bad.is_none())
        .map(|(a, _)| *a)
        .collect();
    match consistent.as_slice() {
        [one] => Ok(*one),
        [] => {
            // A symbol no alphabet has is named alone; otherwise each alphabet's first misfit.
            if let Some(&(ch, pos)) = symbols
                .iter()
                .find(|&&(ch, _)| candidates.iter().all(|&a| !fits(a, ch)))
            {
                let names: Vec<String> = candidates.iter().map(|a| a.labelled(size)).collect();
                return Err(InputError::new(
                    pos,
                    format!(
                        "{} is not a digit of {} puzzle in any alphabet: {}",
                        quote(&ch.to_string()),
                        a_size(size),
                        names.join(", ")
                    ),
                ));
            }
            let mut reasons = Vec::new();
            let mut last = 0;
            for (a, bad) in candidates.iter().zip(&first_bad) {
                if let Some(i) = *bad {
                    last = last.max(i);
                    if let Some(&(ch, _)) = symbols.get(i) {
                        reasons.push(format!(
                            "{} lacks {}",
                            a.labelled(size),
                            quote(&ch.to_string())
                        ));
                    }
                }
            }
            let pos = symbols.get(last).map_or(start, |s| s.1);
            Err(InputError::new(
                pos,
                format!(
                    "no alphabet fits the symbols of this {size}×{size} puzzle: {}",
                    reasons.join(", ")
                ),
            ))
        }
        // Alphabets that read every symbol alike (an empty grid, say) are not a real choice:
        // take the first, the judges' convention (letters, as in POJ 3076).
        several
            if symbols
                .iter()
                .all(|&(ch, _)| several.iter().all(|a| a.value(ch) == several[0].value(ch))) =>
        {
            Ok(several[0])
        }
        several => {
            let names: Vec<String> = several.iter().map(|a| a.labelled(size)).collect();
            Err(InputError::choose(
                start,
                format!(
                    "the symbols of this {size}×{size} puzzle fit several alphabets: {}",
                    names.join(", ")
                ),
                "alphabet",
            ))
        }
    }
}

/// Chooses the alphabet (see [`choose`]) and turns one puzzle's one-char symbols into givens.
pub(crate) fn decode(
    symbols: &[(char, Pos)],
    size: usize,
    forced: Option<Alphabet>,
    start: Pos,
) -> Result<(Vec<u8>, Alphabet), InputError> {
    let alphabet = choose(symbols, size, forced, start)?;
    let mut givens = Vec::with_capacity(symbols.len());
    for &(ch, pos) in symbols {
        match alphabet.value(ch) {
            Some(d) if usize::from(d) <= size => givens.push(d),
            _ => return Err(not_a_digit(&ch.to_string(), alphabet, size, pos)),
        }
    }
    Ok((givens, alphabet))
}

/// True when `ch` is a digit (or empty mark) of a `size`×`size` puzzle in an alphabet that
/// detection may choose: digits up to size 9, else letters, alnum or hex.
pub(crate) fn fits_some_alphabet(ch: char, size: usize) -> bool {
    let alphabets: &[Alphabet] = if size <= 9 {
        &[Alphabet::Digits]
    } else {
        &[Alphabet::Letters, Alphabet::Alnum, Alphabet::Hex]
    };
    alphabets
        .iter()
        .any(|a| a.fits(size) && a.value(ch).is_some_and(|d| usize::from(d) <= size))
}

/// A decimal token as a digit of a `size`×`size` puzzle (`0`, `.`, `-`, `_` empty); errors
/// describe the digits as `alphabet` writes them.
pub(crate) fn number_value(
    token: &str,
    size: usize,
    alphabet: Alphabet,
    pos: Pos,
) -> Result<u8, InputError> {
    if matches!(token, "." | "-" | "_") {
        return Ok(0);
    }
    // Three digits at most: anything longer is out of range and must not be parsed.
    let value = if token.len() <= 3 && token.bytes().all(|b| b.is_ascii_digit()) {
        token.parse::<usize>().ok()
    } else {
        None
    };
    match value {
        Some(v) if v <= size => Ok(v as u8),
        _ => Err(not_a_digit(token, alphabet, size, pos)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbols(text: &str) -> Vec<(char, Pos)> {
        text.chars()
            .enumerate()
            .map(|(i, c)| (c, Pos::new(1, i as u32 + 1)))
            .collect()
    }

    /// Why no alphabet is chosen for the symbols `text` of a 16×16 puzzle.
    fn choice_error(text: &str) -> InputError {
        choose(&symbols(text), 16, None, Pos::new(1, 1)).unwrap_err()
    }

    #[test]
    fn symbols_are_pushed_a_grid_at_once_as_one_at_a_time() {
        let grid: Vec<u8> = (0..700).map(|i| (i % 41) as u8).collect();
        for a in Alphabet::ALL {
            if a == Alphabet::Numbers {
                continue;
            }
            for cells in [0, 1, 81, 625, 700] {
                let (mut at_once, mut one_by_one) = (String::new(), String::new());
                a.push_symbols(&mut at_once, &grid[..cells], b'.');
                for &d in &grid[..cells] {
                    a.push_digit(&mut one_by_one, d, '.');
                }
                assert_eq!(at_once, one_by_one, "{a:?}, {cells} cells");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for a in Alphabet::ALL {
            assert_eq!(Alphabet::parse(a.name()), Some(a));
        }
        assert_eq!(Alphabet::parse("HEX"), Some(Alphabet::Hex));
        assert_eq!(Alphabet::parse("roman"), None);
    }

    #[test]
    fn describe_names_the_first_and_last_symbols() {
        assert_eq!(Alphabet::Alnum.describe(16), "1-9A-G");
        assert_eq!(Alphabet::Alnum.describe(25), "1-9A-P");
        assert_eq!(Alphabet::Alnum.describe(12), "1-9A-C");
        assert_eq!(Alphabet::Letters.describe(16), "A-P");
        assert_eq!(Alphabet::Letters.describe(25), "A-Y");
        assert_eq!(Alphabet::Digits.describe(9), "1-9");
        assert_eq!(Alphabet::Hex.describe(16), "0-9A-F");
    }

    #[test]
    fn every_alphabet_reads_back_what_it_writes() {
        for a in Alphabet::ALL {
            let size = match a {
                Alphabet::Digits => 9,
                Alphabet::Hex => 16,
                Alphabet::Numbers => 9,
                _ => 25,
            };
            for d in 1..=size as u8 {
                let ch = a.symbol(d).unwrap();
                assert_eq!(a.value(ch), Some(d), "{a:?} {d}");
            }
        }
        assert_eq!(Alphabet::Hex.value('0'), Some(1));
        assert_eq!(Alphabet::Hex.value('f'), Some(16));
        assert_eq!(Alphabet::Letters.value('p'), Some(16));
        assert_eq!(Alphabet::Alnum.value('A'), Some(10));
        assert_eq!(Alphabet::Alnum.value('0'), Some(0));
    }

    #[test]
    fn the_symbols_choose_the_one_alphabet_they_fit() {
        for (case, text, size, alphabet) in [
            ("small puzzles use digits", "1.3", 9, Alphabet::Digits),
            (
                "letters past G are unambiguously letters",
                "AKP-",
                16,
                Alphabet::Letters,
            ),
            ("digits with a G are alnum", "19AG.", 16, Alphabet::Alnum),
            (
                "an empty grid reads in the first alphabet without asking",
                "................",
                16,
                Alphabet::Letters,
            ),
        ] {
            let s = symbols(text);
            assert_eq!(
                choose(&s, size, None, Pos::new(1, 1)),
                Ok(alphabet),
                "{case}"
            );
        }
    }

    #[test]
    fn hex_symbols_always_fit_alnum_too_so_hex_must_be_chosen() {
        // In alnum `0` is empty and A-F are 10-15: every hex puzzle also reads as alnum.
        let e = choice_error("0123456789ABCDEF");
        assert!(e.message.contains("alnum (1-9A-G), hex (0-9A-F)"), "{e}");
        let s = symbols("0123456789ABCDEF");
        assert_eq!(
            choose(&s, 16, Some(Alphabet::Hex), Pos::new(1, 1)),
            Ok(Alphabet::Hex)
        );
    }

    #[test]
    fn letters_a_to_g_alone_are_ambiguous() {
        let e = choice_error("ABG.");
        assert_eq!(
            e.message,
            "the symbols of this 16×16 puzzle fit several alphabets: letters (A-P), alnum (1-9A-G); \
             choose one with --alphabet"
        );
    }

    #[test]
    fn a_symbol_of_no_alphabet_is_named() {
        let e = choice_error("AB#");
        assert_eq!(e.pos, Pos::new(1, 3));
        assert!(e
            .message
            .starts_with("'#' is not a digit of a 16×16 puzzle in any alphabet"));
    }

    #[test]
    fn mixed_symbols_say_what_each_alphabet_lacks() {
        let e = choice_error("1.P");
        assert_eq!(e.pos, Pos::new(1, 3));
        assert_eq!(
            e.message,
            "no alphabet fits the symbols of this 16×16 puzzle: letters (A-P) lacks '1', \
             alnum (1-9A-G) lacks 'P', hex (0-9A-F) lacks 'P'"
        );
    }

    #[test]
    fn a_chosen_alphabet_must_fit_the_size() {
        let e = choose(&[], 9, Some(Alphabet::Hex), Pos::new(2, 1)).unwrap_err();
        assert!(
            e.message.contains("hex alphabet is for 16×16 puzzles only"),
            "{e}"
        );
    }

    #[test]
    fn decoding_names_the_bad_symbol_and_its_column() {
        let s = symbols("12X");
        let e = decode(&s, 9, None, Pos::new(1, 1)).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 3));
        assert_eq!(
            e.message,
            "'X' is not a digit of a 9×9 puzzle (digits 1-9, empty . 0 - _)"
        );
    }
}
