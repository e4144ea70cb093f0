//! Arbitrary bytes through every reader and the format detector. No panic anywhere; every
//! error has a place inside the input and a message without raw control characters; every
//! puzzle read is well-formed, its problems name cells of its grid, and it survives being
//! written in every format that can express it and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_lab::formats::{self, Alphabet, Entry, Format, InputError, ReadOptions, Writer};
use sudoku_lab::{Kind, Puzzle};
use sudoku_lab_fuzz::check::{consistent_problems, describe, unsafe_to_show, well_formed};

/// Entries looked at per read: readers may go on after an error, so bound the items.
const MAX_ITEMS: usize = 12;

/// The extra options each input is read with: the first byte picks the kind (or none), the
/// last the alphabet (or none). The bytes stay part of the text.
fn picked_options(data: &[u8]) -> ReadOptions {
    let kinds = [
        None,
        Some(Kind::Classic),
        Some(Kind::Inequality),
        Some(Kind::Futoshiki),
    ];
    let first = data.first().copied().unwrap_or(0) as usize;
    let last = data.last().copied().unwrap_or(0) as usize;
    let alphabet = match last % (Alphabet::ALL.len() + 1) {
        0 => None,
        i => Some(Alphabet::ALL[i - 1]),
    };
    ReadOptions {
        kind: kinds[first % kinds.len()],
        alphabet,
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Lines end at `\n`, `\r\n` or a lone `\r`, as the readers count them.
    let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count() as u32;
    if let Err(e) = formats::detect(&text) {
        check_error(&e, lines, "detect");
    }
    let picked = picked_options(data);
    for format in Format::ALL {
        for options in [ReadOptions::default(), picked] {
            let mut number = 0;
            for item in formats::read(&text, format, options).take(MAX_ITEMS) {
                match item {
                    Ok(entry) => {
                        assert!(
                            entry.number > number,
                            "{format}: entry {} after entry {number}",
                            entry.number
                        );
                        number = entry.number;
                        check_entry(&entry, format, options, lines);
                        round_trip(&entry.puzzle, entry.alphabet);
                        let other = Alphabet::ALL[data.len() % Alphabet::ALL.len()];
                        if other != entry.alphabet {
                            round_trip(&entry.puzzle, other);
                        }
                    }
                    Err(e) => check_error(&e, lines, format.name()),
                }
            }
        }
    }
});

/// An error points into the input (line 1 up to one past the last) and says what it saw
/// without raw control characters (they are shown escaped).
fn check_error(e: &InputError, lines: u32, what: &str) {
    assert!(
        e.pos.line >= 1 && e.pos.line <= lines + 1 && e.pos.col >= 1,
        "{what}: error at {} outside the input of {lines} lines: {}",
        e.pos,
        e.message
    );
    assert!(
        !e.message.chars().any(unsafe_to_show),
        "{what}: a raw control character in {:?}",
        e.message
    );
    let _ = e.to_string();
}

/// A puzzle read is well-formed, of the kind asked for, with positions for its cells, and its
/// validation is self-consistent and names only cells of the grid.
fn check_entry(entry: &Entry, format: Format, options: ReadOptions, lines: u32) {
    let p = &entry.puzzle;
    let n = p.size();
    well_formed(p, format.name());
    // CQOI puzzles are inequality sudoku whatever is asked.
    if let (Some(kind), false) = (options.kind, format == Format::Cqoi) {
        assert_eq!(p.kind(), kind, "{format}: read with kind {kind}");
    }
    assert!(
        entry.cell_pos.is_empty() || entry.cell_pos.len() == n * n,
        "{format}: {} cell positions for {} cells",
        entry.cell_pos.len(),
        n * n
    );
    for problem in consistent_problems(p, format.name()) {
        let e = entry.input_error(problem);
        check_error(&e, lines, format.name());
    }
}

/// The options that read back what `format` wrote in `alphabet`: formats that say their kind
/// (picture's header, json, cqoi) are read without one; alphabets are given where the format
/// does not fix them (json names its own).
fn read_back_options(format: Format, kind: Kind, alphabet: Alphabet) -> ReadOptions {
    match format {
        Format::Line | Format::Grid => ReadOptions {
            kind: Some(kind),
            alphabet: Some(alphabet),
        },
        Format::Poj3074 | Format::Poj3076 => ReadOptions {
            kind: Some(kind),
            alphabet: None,
        },
        Format::Picture => ReadOptions {
            kind: None,
            alphabet: Some(alphabet),
        },
        Format::Cqoi | Format::Json | Format::FPuzzles => ReadOptions::default(),
        other => panic!("a format this target does not know: {other:?}"),
    }
}

/// Writes `puzzle` in every format that can express it and reads it back: one entry, the
/// same puzzle. JSON, f-puzzles, CQOI and POJ 3074 text is detected as such.
fn round_trip(puzzle: &Puzzle, alphabet: Alphabet) {
    for format in Format::ALL {
        let mut out = String::new();
        let mut writer = Writer::new(format);
        if writer.puzzle(&mut out, puzzle, alphabet).is_err() {
            continue;
        }
        writer.finish(&mut out, true);
        let options = read_back_options(format, puzzle.kind(), alphabet);
        let back: Vec<_> = formats::read(&out, format, options).take(3).collect();
        let context = || {
            format!(
                "{} in {format} ({}):\n{out}",
                describe(puzzle),
                alphabet.name()
            )
        };
        match back.as_slice() {
            [Ok(entry)] => assert!(
                entry.puzzle == *puzzle,
                "{} reads back as {}",
                context(),
                describe(&entry.puzzle)
            ),
            other => panic!("{} reads back as {other:?}", context()),
        }
        if matches!(
            format,
            Format::Json | Format::FPuzzles | Format::Cqoi | Format::Poj3074
        ) {
            assert_eq!(formats::detect(&out).ok(), Some(format), "{}", context());
        }
    }
}
