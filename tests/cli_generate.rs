//! `sudoku-lab generate` as a user runs it: puzzles that `count` finds unique and whose
//! answers `check.py` (the independent checker) accepts, the same seed giving the same
//! file, the options respected, and impossible requests refused with the option named.

mod common;

use std::process::Command;

use common::cli::{assert_contains, assert_no_panic, code, run, stderr, stdout, temp_file};

/// `sudoku-lab generate` with the options of `options` (words split at spaces): what it prints.
fn generate(options: &str) -> String {
    let o = run(&generate_args(options), "");
    assert_eq!(code(&o), 0, "{options}: {}", stderr(&o));
    stdout(&o)
}

fn generate_args(options: &str) -> Vec<&str> {
    std::iter::once("generate")
        .chain(options.split_whitespace())
        .collect()
}

/// `sudoku-lab generate` with `options` exits with `code_wanted` (no panic) and says `part`.
fn refuse(options: &str, code_wanted: i32, part: &str) {
    let o = run(&generate_args(options), "");
    assert_no_panic(&o);
    assert_eq!(code(&o), code_wanted, "{options}: {}", stderr(&o));
    assert_contains(&stderr(&o), part);
}

/// `count` says 1 for every puzzle of `text`: one line each.
fn assert_all_unique(text: &str, format: &str, puzzles: usize) {
    let o = run(&["count", "--format", format], text);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let counts: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(counts.len(), puzzles, "{text}");
    assert!(counts.iter().all(|c| c == "1"), "{counts:?}");
}

/// `check.py MODE` accepts what `solve` answers for `puzzles`.
fn assert_checked(mode: &str, format: &str, puzzles: &str) {
    let o = run(&["solve", "--format", format], puzzles);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let input = temp_file(&format!("{mode}.in"), puzzles);
    let answers = temp_file(&format!("{mode}.out"), &stdout(&o));
    let checker = common::data("check.py");
    let status = Command::new("python3")
        .arg(checker)
        .args([mode, &input, &answers])
        .output()
        .expect("python3 runs ../shared/data/check.py");
    assert!(
        status.status.success(),
        "check.py {mode}: {}",
        String::from_utf8_lossy(&status.stdout)
    );
}

#[test]
fn classic_puzzles_are_unique_and_their_answers_check() {
    let text = generate("--seed 5 --count 25");
    assert_eq!(text.lines().count(), 25);
    assert!(text.lines().all(|l| l.len() == 81), "{text}");
    assert_all_unique(&text, "line", 25);
    let mut judge = text.clone();
    judge.push_str("end\n");
    assert_checked("poj3074", "poj3074", &judge);
    // POJ 3076 (16×16, A–P) as the judge writes it.
    let sixteen = generate("--size 16 --seed 2 --count 2 --output poj3076");
    assert_all_unique(&sixteen, "poj3076", 2);
    assert_checked("poj3076", "poj3076", &sixteen);
}

#[test]
fn a_seed_gives_the_same_file_and_no_seed_prints_the_one_it_took() {
    let a = generate("--seed 77 --count 5 --kind futoshiki --size 6");
    let b = generate("--seed 77 --count 5 --kind futoshiki --size 6");
    let c = generate("--seed 78 --count 5 --kind futoshiki --size 6");
    assert_eq!(a, b);
    assert_ne!(a, c);
    // On several threads: the same puzzles, in the same order.
    let one = generate("--seed 12 --count 30 --threads 1");
    let two = generate("--seed 12 --count 30 --threads 2");
    let many = generate("--seed 12 --count 30 --threads 7");
    assert_eq!(one, two);
    assert_eq!(one, many);
    let o = run(&["generate"], "");
    assert_eq!(code(&o), 0);
    let seed = stderr(&o)
        .trim()
        .strip_prefix("sudoku-lab: seed ")
        .expect("the seed on stderr")
        .to_string();
    let again = generate(&format!("--seed {seed}"));
    assert_eq!(stdout(&o), again);
}

#[test]
fn cqoi_puzzles_have_only_relations_and_check() {
    let text = generate("--kind inequality --output cqoi --seed 4");
    assert_eq!(
        text.lines().filter(|l| !l.trim().is_empty()).count(),
        15,
        "{text}"
    );
    assert_all_unique(&text, "cqoi", 1);
    assert_checked("cqoi", "cqoi", &text);
}

#[test]
fn relational_puzzles_come_as_pictures_or_json_and_are_unique() {
    let pictures = generate("--kind futoshiki --size 7 --count 3 --seed 9");
    assert!(
        pictures.contains('<') || pictures.contains('>'),
        "{pictures}"
    );
    assert_all_unique(&pictures, "picture", 3);
    let json = generate("--kind inequality --relations adjacent --count 3 --seed 9 --output json");
    assert_eq!(json.lines().count(), 3);
    for line in json.lines() {
        let model: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(model["kind"], "inequality");
        assert!(!model["relations"].as_array().unwrap().is_empty(), "{line}");
    }
    assert_all_unique(&json, "json", 3);
}

#[test]
fn options_are_kept_difficulty_symmetry_and_givens() {
    let text = generate("--difficulty hard --count 3 --seed 1");
    let o = run(&["grade"], &text);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for line in stdout(&o).lines() {
        assert_contains(line, " hard ");
    }
    let text = generate("--symmetry rotational --count 3 --seed 2");
    for line in text.lines() {
        let b = line.as_bytes();
        assert!(
            (0..81).all(|i| (b[i] == b'.') == (b[80 - i] == b'.')),
            "{line}"
        );
    }
    let text = generate("--givens 30-32 --count 3 --seed 3");
    for line in text.lines() {
        let n = line.bytes().filter(|&b| b != b'.').count();
        assert!((30..=32).contains(&n), "{n}: {line}");
    }
    assert_all_unique(&text, "line", 3);
    // --stats: a line per puzzle and the distribution.
    let o = run(&["generate", "--count", "4", "--seed", "3", "--stats"], "");
    let err = stderr(&o);
    assert_eq!(
        err.lines().filter(|l| l.contains(" givens · ")).count(),
        4,
        "{err}"
    );
    assert_contains(&err, "4 puzzles: median ");
}

#[test]
fn impossible_requests_are_refused_and_say_why() {
    refuse("--size 10", 2, "size 10 is not supported");
    refuse("--relations blocks", 2, "a classic puzzle has no relations");
    refuse(
        "--difficulty tricky",
        2,
        "--difficulty 'tricky' is not a level",
    );
    refuse("--symmetry spiral", 2, "is not a symmetry");
    refuse("--givens many", 2, "--givens 'many' is not a range");
    refuse("--seed -1", 2, "--seed '-1' is not a whole number");
    refuse("--output cqoi", 2, "CQOI puzzles are 9×9 inequality sudoku");
    refuse("--kind futoshiki --relations blocks", 2, "no blocks");
    refuse("puzzles.txt", 2, "reads no file");
    refuse(
        "--size 4 --difficulty extreme --attempts 20 --seed 1 --count 3 --threads 2",
        1,
        "no 4×4 classic puzzle at level extreme was found in 20 attempts",
    );
    // One puzzle, one thread.
    refuse(
        "--size 4 --difficulty expert --attempts 9 --seed 2",
        1,
        "no 4×4 classic puzzle at level expert was found in 9 attempts",
    );
}

/// The cell index of `r3c4` in a grid of `size`.
fn index_of(name: &str, size: usize) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * size + c.parse::<usize>().unwrap() - 1
}

#[test]
fn marker_puzzles_are_unique_and_their_markers_are_the_solutions() {
    // Kropki sudoku as pictures (the default with markers): each unique.
    let pictures = generate("--markers kropki --negative --size 6 --count 2 --seed 4");
    assert!(pictures.contains("negative=white,black"), "{pictures}");
    assert_all_unique(&pictures, "picture", 2);
    // XV sudoku as JSON, with the negative constraint: every pair of the solution that sums
    // to 10 has its X, to 5 its V, and no other pair a marker (worked out here).
    let json = generate("--markers xv --negative --size 6 --seed 4 --output json");
    assert_all_unique(&json, "json", 1);
    let model: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(model["negative"], serde_json::json!(["V", "X"]));
    let o = run(&["solve", "--format", "json", "--output", "line"], &json);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let solution: Vec<u32> = stdout(&o)
        .trim()
        .chars()
        .map(|ch| ch.to_digit(10).unwrap())
        .collect();
    let mut marked = std::collections::HashMap::new();
    for m in model["markers"].as_array().unwrap() {
        let (a, b) = (
            index_of(m[0].as_str().unwrap(), 6),
            index_of(m[2].as_str().unwrap(), 6),
        );
        marked.insert((a, b), m[1].as_str().unwrap().to_string());
    }
    for a in 0..36 {
        for b in [a + 1, a + 6] {
            if b >= 36 || (b == a + 1 && b % 6 == 0) {
                continue;
            }
            let wanted = match solution[a] + solution[b] {
                10 => Some("X"),
                5 => Some("V"),
                _ => None,
            };
            assert_eq!(marked.get(&(a, b)).map(String::as_str), wanted, "{a}–{b}");
        }
    }
    // A Kropki Latin square: a Futoshiki grid with dots and no inequality signs.
    let latin = generate("--kind futoshiki --markers kropki --size 5 --seed 2");
    assert!(!latin.contains('<') && !latin.contains('>'), "{latin}");
    assert!(latin.contains('o') || latin.contains('*'), "{latin}");
    assert_all_unique(&latin, "picture", 1);
}

#[test]
fn marker_requests_that_cannot_be_met_are_refused_and_say_why() {
    refuse("--markers thermo", 2, "is not a family of markers");
    refuse("--markers xv --size 4", 2, "an X");
    refuse("--negative", 2, "needs markers");
    refuse("--markers kropki --output line", 2, "no markers");
}

#[test]
fn marker_puzzles_come_at_the_difficulty_asked() {
    // The marker techniques grade Kropki and XV sudoku below guessing: each level asked
    // for is the level `grade` gives, and every puzzle is unique.
    for (family, negative, level) in [
        ("kropki", true, "easy"),
        ("kropki", false, "medium"),
        ("xv", true, "easy"),
        ("xv", false, "hard"),
    ] {
        let negative = if negative { "--negative" } else { "" };
        let text = generate(&format!(
            "--markers {family} --difficulty {level} --seed 1 --output json --count 2 {negative}"
        ));
        assert_all_unique(&text, "json", 2);
        let o = run(&["grade", "--format", "json"], &text);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        for line in lines {
            assert_contains(&line, &format!(" {level} "));
        }
    }
}

#[test]
fn the_docs_kropki_example_prints_what_the_docs_show() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/src/generating.md"
    ))
    .expect("docs/src/generating.md");
    let command = "$ sudoku-lab generate --markers kropki --negative --size 6 --seed 3\n";
    let shown = readme
        .split(command)
        .nth(1)
        .expect("the example in docs/src/generating.md");
    let shown = shown.split("```").next().unwrap();
    let printed = generate("--markers kropki --negative --size 6 --seed 3");
    assert_eq!(printed, shown);
}
