//! Input text as messages show it: cut, quoted, and every char that could hide, move or
//! restyle text escaped ([`quote`], [`quote_name`], [`escape`]).

/// The longest stretch of input text a message quotes, in chars; longer text is cut and
/// ends with `…`.
pub const QUOTE_CHARS: usize = 20;

/// Input text as a message quotes it: cut after [`QUOTE_CHARS`] chars (then `…`), every
/// char that could hide, move or restyle text escaped the Rust way, between single quotes:
/// `'X'`, `'\u{0}'`, `'\u{1b}[31m'`, `'abcdefghijklmnopqrst…'`. What is escaped: `\t` `\n`
/// `\r`; as `\u{..}` other control chars (C0, DEL, C1), format chars (zero-width, bidi
/// controls, U+FEFF), separators and spaces other than the plain space, private-use and
/// unassigned code points, combining marks and blank look-alikes; and `\\` and `\'`, so the
/// quote stays unambiguous. Every message that shows text from the input shows it through
/// this function.
pub fn quote(text: &str) -> String {
    let (shown, cut) = match text.char_indices().nth(QUOTE_CHARS) {
        Some((i, _)) => (&text[..i], true),
        None => (text, false),
    };
    let mut out = quote_all(shown);
    if cut {
        out.insert(out.len() - 1, '…');
    }
    out
}

/// The message for a word of the input that is not `what`, one of [`KINDS`], [`MARKERS`],
/// …: `'sudoku' is not a kind (classic, inequality or futoshiki)`.
pub(crate) fn is_not(word: &str, what: &str) -> String {
    format!("{} is not {what}", quote(word))
}

/// What a kind is, for [`is_not`].
pub(crate) const KINDS: &str = "a kind (classic, inequality or futoshiki)";
/// What a marker is, for [`is_not`].
pub(crate) const MARKERS: &str = "a marker (white, black, X, V, difference:k, ratio:k or sum:k)";

/// The most chars [`quote_name`] shows of a name whole.
pub const NAME_CHARS: usize = 60;

/// A name the user typed (an argument, a file name) quoted as [`quote`] quotes text, but
/// kept recognisable: whole up to [`NAME_CHARS`] chars, else its first and last 29 with `…`
/// between (two long paths usually differ at their ends).
pub fn quote_name(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= NAME_CHARS {
        return quote_all(text);
    }
    let keep = (NAME_CHARS - 2) / 2;
    let head: String = text.chars().take(keep).collect();
    let tail: String = text.chars().skip(chars - keep).collect();
    let (head, tail) = (quote_all(&head), quote_all(&tail));
    format!("{}…{}", &head[..head.len() - 1], &tail[1..])
}

/// `text` quoted whole (see [`quote`]).
fn quote_all(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c => push_escaped(&mut out, c),
        }
    }
    out.push('\'');
    out
}

/// `text` with every char that is unsafe to show escaped as [`quote`] escapes it, but whole,
/// unquoted, and `\` and `'` as they are: for text shown on its own, such as a file name
/// before `:LINE:COL:`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Appends `c`, escaped if it is unsafe to show (see [`quote`]).
fn push_escaped(out: &mut String, c: char) {
    match c {
        ' ' | '"' | '\'' | '\\' => out.push(c),
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        // std's tables (what `{:?}` uses) say which chars are not printable; the blank Hangul
        // fillers and the blank Braille pattern are printable there but show nothing.
        c if c.escape_debug().nth(1).is_some()
            || c.is_whitespace()
            || matches!(
                c,
                '\u{115f}' | '\u{1160}' | '\u{2800}' | '\u{3164}' | '\u{ffa0}'
            ) =>
        {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        }
        c => out.push(c),
    }
}
