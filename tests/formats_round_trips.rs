//! Write, then read: every format gives back the puzzle it wrote (random puzzles of every kind
//! and size), and `check.py` accepts what is written.

mod common;

use common::reading::{read_default, read_ok};
use common::{adjacent_pairs, data, load, Rng};
use proptest::prelude::*;
use sudoku_lab::formats::{detect, Alphabet, Format, ReadOptions, Writer};
use sudoku_lab::{Cell, Kind, Puzzle, Relation};

/// A puzzle in a form that ignores the order of its relations, as text for short failure
/// messages: `classic 4 1...2... r1c1<r1c2 …`.
fn canonical(p: &Puzzle) -> String {
    let mut relations: Vec<String> = p
        .relations()
        .iter()
        .map(|r| r.to_string().replace(' ', ""))
        .collect();
    relations.sort();
    let givens: String = p
        .givens()
        .iter()
        .map(|&d| {
            if d == 0 {
                ".".to_string()
            } else {
                format!("{d},")
            }
        })
        .collect();
    format!("{} {} {givens} {}", p.kind(), p.size(), relations.join(" "))
}

/// A random puzzle of `kind` and `size` (one `u64` from proptest builds it): some givens, and
/// for kinds with relations some relations (at most one per pair of neighbours), plus an
/// alphabet that can write it.
fn random_puzzle(kind: Kind, size: usize, seed: u64) -> (Puzzle, Alphabet) {
    let mut rng = Rng(seed | 1);
    let density = rng.below(60);
    let givens: Vec<u8> = (0..size * size)
        .map(|_| {
            if rng.below(100) < density {
                1 + rng.below(size) as u8
            } else {
                0
            }
        })
        .collect();
    let mut relations = Vec::new();
    if kind != Kind::Classic {
        for (a, b) in adjacent_pairs(size) {
            if rng.below(4) == 0 {
                let less = rng.below(2) == 0;
                relations.push(Relation::new(Cell::at(a, size), less, Cell::at(b, size)));
            }
        }
    }
    let choices: &[Alphabet] = match size {
        0..=9 => &[Alphabet::Digits, Alphabet::Numbers],
        16 => &[
            Alphabet::Letters,
            Alphabet::Alnum,
            Alphabet::Hex,
            Alphabet::Numbers,
        ],
        _ => &[Alphabet::Letters, Alphabet::Alnum, Alphabet::Numbers],
    };
    let alphabet = choices[rng.below(choices.len())];
    (
        Puzzle::new(kind, size, givens, relations).unwrap(),
        alphabet,
    )
}

/// A random CQOI puzzle: each of the 108 in-block pairs in a random direction.
fn random_cqoi(seed: u64) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let block = |i: usize| (i / 27, i % 9 / 3);
    let relations = adjacent_pairs(9)
        .into_iter()
        .filter(|&(a, b)| block(a) == block(b))
        .map(|(a, b)| Relation::new(Cell::at(a, 9), rng.below(2) == 0, Cell::at(b, 9)))
        .collect();
    Puzzle::new(Kind::Inequality, 9, vec![0; 81], relations).unwrap()
}

/// Whether `format` can hold `puzzle` written in `alphabet`.
fn expressible(format: Format, p: &Puzzle, alphabet: Alphabet) -> bool {
    let plain = p.relations().is_empty();
    let sudoku = p.kind() != Kind::Futoshiki;
    match format {
        Format::Line => plain && alphabet != Alphabet::Numbers,
        Format::Grid => plain,
        Format::Poj3074 => plain && sudoku && p.size() == 9,
        Format::Poj3076 => plain && sudoku && p.size() == 16,
        Format::Cqoi => false,
        Format::Picture | Format::Json => true,
        Format::FPuzzles => plain && p.kind() == Kind::Classic,
        other => panic!("not known to this test: {other:?}"),
    }
}

/// The alphabet a judge format writes in, else the one asked for.
fn written_alphabet(format: Format, alphabet: Alphabet) -> Alphabet {
    match format {
        Format::Poj3074 | Format::Cqoi => Alphabet::Digits,
        Format::Poj3076 => Alphabet::Letters,
        _ => alphabet,
    }
}

/// Writes `p` twice in `format`, reads it back with the kind and alphabet known, and checks
/// both copies; then writes an answer and reads it back as a grid of its family.
fn check_round_trip(format: Format, p: &Puzzle, alphabet: Alphabet, seed: u64) {
    let mut writer = Writer::new(format);
    let mut out = String::new();
    let written = writer.puzzle(&mut out, p, alphabet);
    if format != Format::Cqoi {
        assert_eq!(
            written.is_ok(),
            expressible(format, p, alphabet),
            "{format} {alphabet:?}\n{p:?}"
        );
    }
    if written.is_err() {
        return;
    }
    writer.puzzle(&mut out, p, alphabet).unwrap();
    writer.finish(&mut out, true);
    let alphabet = written_alphabet(format, alphabet);
    let options = ReadOptions {
        kind: Some(p.kind()),
        alphabet: Some(alphabet),
    };
    let entries = read_ok(&out, format, options);
    assert_eq!(entries.len(), 2, "{format}\n{out}");
    for e in &entries {
        assert_eq!(canonical(&e.puzzle), canonical(p), "{format}\n{out}");
    }
    assert_eq!(entries[1].number, 2);

    // Answers: a grid of digits 1..=N (not a valid solution; the writers do not care).
    let mut rng = Rng(seed | 1);
    let size = p.size();
    let solution: Vec<u8> = (0..size * size)
        .map(|_| 1 + rng.below(size) as u8)
        .collect();
    let mut writer = Writer::new(format);
    let mut out = String::new();
    writer.solution(&mut out, &entries[0], &solution);
    writer.solution(&mut out, &entries[0], &solution);
    let (family, answer_alphabet) = match format {
        Format::Line | Format::Poj3074 => (Format::Line, alphabet),
        Format::Grid | Format::Poj3076 => (format, alphabet),
        Format::Cqoi | Format::Picture => (Format::Grid, Alphabet::Numbers),
        Format::Json | Format::FPuzzles => {
            // One object a line: json's names the kind, f-puzzles' holds the solution.
            let lines: Vec<serde_json::Value> = out
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(lines.len(), 2);
            assert_eq!(lines[1]["size"], size);
            if format == Format::Json {
                assert_eq!(lines[0]["kind"], p.kind().name());
            } else {
                assert_eq!(lines[1]["solution"], serde_json::json!(solution));
            }
            return;
        }
        other => panic!("not known to this test: {other:?}"),
    };
    let options = ReadOptions {
        kind: Some(p.kind()),
        alphabet: Some(answer_alphabet),
    };
    let answers = read_ok(&out, family, options);
    assert_eq!(answers.len(), 2, "{format}\n{out}");
    assert_eq!(
        answers[1].puzzle.givens(),
        solution.as_slice(),
        "{format}\n{out}"
    );
}

fn kind_and_size() -> impl Strategy<Value = (Kind, usize)> {
    prop_oneof![
        prop::sample::select(vec![4usize, 6, 9, 16, 25]).prop_map(|n| (Kind::Classic, n)),
        prop::sample::select(vec![4usize, 6, 9, 16, 25]).prop_map(|n| (Kind::Inequality, n)),
        (3usize..=9).prop_map(|n| (Kind::Futoshiki, n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_format_reads_back_what_it_writes((kind, size) in kind_and_size(), seed in any::<u64>()) {
        let (p, alphabet) = random_puzzle(kind, size, seed);
        for format in Format::ALL {
            check_round_trip(format, &p, alphabet, seed);
        }
    }

    #[test]
    fn cqoi_puzzles_read_back_and_detect(seed in any::<u64>()) {
        let p = random_cqoi(seed);
        check_round_trip(Format::Cqoi, &p, Alphabet::Digits, seed);
        let mut out = String::new();
        Writer::new(Format::Cqoi).puzzle(&mut out, &p, Alphabet::Digits).unwrap();
        prop_assert_eq!(detect(&out), Ok(Format::Cqoi));
        prop_assert_eq!(out.lines().count(), 15);
    }

    #[test]
    fn written_puzzles_are_detected_and_read_without_options(
        (kind, size) in kind_and_size(),
        seed in any::<u64>(),
    ) {
        let (p, alphabet) = random_puzzle(kind, size, seed);
        // JSON says everything; pictures say their kind, and digits need no detection.
        let mut formats = vec![Format::Json];
        if size <= 9 {
            formats.push(Format::Picture);
        }
        if p.relations().is_empty() && p.kind() == Kind::Classic {
            if size == 9 {
                formats.push(Format::Poj3074);
            }
            if size == 16 {
                formats.push(Format::Poj3076);
            }
        }
        for format in formats {
            let mut writer = Writer::new(format);
            let mut out = String::new();
            writer.puzzle(&mut out, &p, alphabet).unwrap();
            writer.finish(&mut out, true);
            prop_assert_eq!(detect(&out), Ok(format), "{}", out);
            let e = read_default(&out, format).remove(0);
            prop_assert_eq!(canonical(&e.puzzle), canonical(&p), "{}", out);
        }
    }
}

/// Runs `check.py MODE puzzle answer` on texts; `None` when Python is not installed.
fn check_py(mode: &str, puzzle: &str, answer: &str, name: &str) -> Option<bool> {
    let dir = std::env::temp_dir();
    let id = format!("{}-{name}", std::process::id());
    let (p, a) = (dir.join(format!("{id}.in")), dir.join(format!("{id}.out")));
    std::fs::write(&p, puzzle).unwrap();
    std::fs::write(&a, answer).unwrap();
    let status = std::process::Command::new("python3")
        .arg(data("check.py"))
        .args(["--strict", mode])
        .arg(&p)
        .arg(&a)
        .stdout(std::process::Stdio::null())
        .status();
    let _ = (std::fs::remove_file(&p), std::fs::remove_file(&a));
    status.ok().map(|s| s.success())
}

#[test]
fn check_py_accepts_written_futoshiki_pictures_and_answers() {
    for (n, seed) in [(3usize, 7u64), (5, 11), (7, 23), (9, 42)] {
        // A Latin square with shuffled rows and columns, relations read off it.
        let mut rng = Rng(seed);
        let mut rows: Vec<usize> = (0..n).collect();
        let mut cols: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut rows);
        rng.shuffle(&mut cols);
        let solution: Vec<u8> = (0..n * n)
            .map(|i| ((rows[i / n] + cols[i % n]) % n + 1) as u8)
            .collect();
        let givens: Vec<u8> = solution
            .iter()
            .map(|&d| if rng.below(4) == 0 { d } else { 0 })
            .collect();
        let mut relations = Vec::new();
        for (a, b) in adjacent_pairs(n) {
            if rng.below(3) == 0 {
                let less = solution[a] < solution[b];
                relations.push(Relation::new(Cell::at(a, n), less, Cell::at(b, n)));
            }
        }
        let p = Puzzle::new(Kind::Futoshiki, n, givens, relations).unwrap();
        let mut writer = Writer::new(Format::Picture);
        let mut picture = String::new();
        writer.puzzle(&mut picture, &p, Alphabet::Digits).unwrap();
        let entry = read_default(&picture, Format::Picture).remove(0);
        let mut answer = String::new();
        Writer::new(Format::Picture).solution(&mut answer, &entry, &solution);
        match check_py("futoshiki", &picture, &answer, &format!("futoshiki{n}")) {
            Some(ok) => assert!(ok, "check.py rejected\n{picture}\n{answer}"),
            None => eprintln!("python3 not found: check.py cross-check skipped"),
        }
    }
}

#[test]
fn check_py_accepts_written_cqoi_puzzles_and_answers() {
    let entry = read_default(
        &load("cqoi2013/sample2_garbled_line_breaks.in"),
        Format::Cqoi,
    )
    .remove(0);
    let solution = read_default(&load("cqoi2013/sample2.out"), Format::Grid).remove(0);
    let mut writer = Writer::new(Format::Cqoi);
    let mut puzzle = String::new();
    writer
        .puzzle(&mut puzzle, &entry.puzzle, Alphabet::Digits)
        .unwrap();
    assert_eq!(puzzle, load("cqoi2013/sample2.in").replace(" \n", "\n"));
    let mut answer = String::new();
    Writer::new(Format::Cqoi).solution(&mut answer, &entry, solution.puzzle.givens());
    if let Some(ok) = check_py("cqoi", &puzzle, &answer, "cqoi") {
        assert!(ok, "check.py rejected\n{puzzle}\n{answer}");
    }
}
