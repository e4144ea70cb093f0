//! Fuzzing: no input may make a reader or the detector panic, and none makes one hold more
//! than a puzzle's worth of memory (measured by a counting allocator, not by a clock).

#[path = "common/allocations.rs"]
mod allocations;
mod common;

use allocations::measure;
use common::load;
use proptest::prelude::*;
use sudoku_lab::formats::{detect, read, Alphabet, Format, ReadOptions};
use sudoku_lab::Kind;

/// Reads `text` in every format and detects it; any panic fails the test.
fn read_everything(text: &str) {
    for format in Format::ALL {
        for options in [
            ReadOptions::default(),
            ReadOptions {
                kind: Some(Kind::Futoshiki),
                alphabet: Some(Alphabet::Numbers),
            },
            ReadOptions {
                kind: Some(Kind::Inequality),
                alphabet: Some(Alphabet::Hex),
            },
        ] {
            let _ = read(text, format, options).count();
        }
    }
    let _ = detect(text);
}

#[test]
fn pathological_inputs_hold_little_memory_and_allocate_in_proportion() {
    let inputs = [
        "-\n".repeat(200_000),
        "---\n".repeat(100_000) + "123\n",
        "[".repeat(100_000),
        "{".repeat(100_000),
        format!("[{}]", "{},".repeat(50_000)),
        "|".repeat(1 << 20),
        "1 | ".repeat(1 << 18),
        "^".repeat(1 << 20) + "x",
        "9\n".repeat(100_000),
        format!("{}\n", "10 ".repeat(1 << 18)),
        format!("{{\"size\":9,\"givens\":[{}0]}}", "1,".repeat(1 << 18)),
        format!("{{\"size\":9,\"givens\":\"{}\"}}", ".".repeat(1 << 20)),
        "99999999999999999999\n".repeat(3),
        format!("{}\n", "\u{00d7}".repeat(1 << 20)),
        format!(
            "{{\"size\":9,\"givens\":\"\",\"negative\":[{}\"\"]}}",
            "\"\",".repeat(1 << 18)
        ),
        // f-puzzles: a grid far too wide, a marker list far too long, a compressed link of
        // the longest length read and one far longer.
        format!("{{\"size\":9,\"grid\":[[{}{{}}]]}}", "{},".repeat(1 << 18)),
        format!(
            "{{\"size\":9,\"grid\":[],\"ratio\":[{}{{}}]}}",
            "{\"cells\":[\"R1C1\",\"R1C2\"]},".repeat(1 << 15)
        ),
        format!("https://f-puzzles.com/?load=N4Ig{}\n", "gA".repeat(1 << 19)),
    ];
    for text in &inputs {
        let ((), peak, total) = measure(|| read_everything(text));
        let head: String = text.chars().take(20).collect();
        // Every reader streams: what it holds at once is a puzzle or two (at most one JSON
        // value of the input, copied whole by serde), whatever the input's length...
        let most = (64 << 10) + text.len();
        assert!(peak < most, "{head:?}… held {peak} bytes at once");
        // ...and what it allocates grows with the input, not with its square: an error
        // message or an entry per line at most, read in 21 ways (2,846 bytes a byte at the
        // most, measured: `-` lines; a square would be ~10⁵ times more).
        assert!(
            total < 10_000 * text.len(),
            "{head:?}… allocated {total} bytes"
        );
    }
}

#[test]
fn the_longest_compressed_link_decompresses_within_its_documented_memory() {
    // A run of one letter is lz-string's worst case: its output grows with the square of its
    // input. Compressed to just under the 8 KiB cap, it holds ~8 million chars.
    let run = "a".repeat(8 << 20);
    let packed = lz_str::compress_to_base64(run.as_str());
    assert!(packed.len() <= 8 * 1024, "{}", packed.len());
    let text = format!("https://www.f-puzzles.com/?load={packed}\n");
    let (errors, peak, _) = measure(|| {
        read(&text, Format::FPuzzles, ReadOptions::default())
            .filter(Result::is_err)
            .count()
    });
    assert_eq!(errors, 1, "no puzzle in a run of letters");
    assert!(peak < 64 << 20, "held {peak} bytes at once");
}

/// Small real inputs of every format, for mutation.
fn seeds() -> Vec<String> {
    vec![
        load("cqoi2013/sample1.in"),
        load("cqoi2013/sample2_garbled_line_breaks.in"),
        load("poj3074/sample.in"),
        load("poj3076/spoj_variant/sample.in"),
        "5 futoshiki\n. < . | . | . | 4\n^ - - v -\n. | . | 2 > . | .\n- - - - -\n\
         . | . | . | . | .\n- - - - ^\n. > . | . | . | .\n- - - - -\n. | . | . | . | .\n"
            .to_string(),
        "10\n10 | . | 3\n".to_string(),
        "[{\"size\":4,\"givens\":\"1...........4...\",\"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]},\n\
         {\"size\":16,\"givens\":[1,2,3],\"alphabet\":\"hex\"}]"
            .to_string(),
        "2\n+---+\n|12|34|\n----\n3412\n2143\n4321\n\n1 2 3 4\n. . . .\n. . . .\n. . . .\n".to_string(),
    ]
}

/// Edits `text`: each edit inserts, deletes or replaces one char.
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(op, at, ch) in edits {
        let i = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op % 3 {
            0 => chars.insert(i, ch),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => chars[i] = ch,
            _ => chars.push(ch),
        }
    }
    chars.into_iter().collect()
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '<', '>', '^', 'v', '|', '-', '.', '0', '1', '9', 'A', 'P', 'Z', '\n', ' ', '\r', '{',
            '}', '[', ']', '"', ',', ':', '#', '+', '=', '×', '\u{feff}',
        ]),
        any::<char>(),
    ]
}

/// Fuzz cases per test: 256, or `FORMATS_FUZZ_CASES` for a long run.
fn fuzz_cases() -> u32 {
    std::env::var("FORMATS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases()))]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,300}") {
        read_everything(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_real_inputs_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), interesting_char()), 1..12),
    ) {
        let seeds = seeds();
        let text = mutate(&seeds[which.index(seeds.len())], &edits);
        read_everything(&text);
    }
}
