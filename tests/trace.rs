//! The trace replays exactly: for every engine and every level, the records decoded and
//! applied to the start state reproduce the engine's own state at every round and its
//! answers, on samples of every corpus in ../shared/data. Every placement and elimination has
//! a cause chain that ends at a given, a guess, or a relation of the puzzle. Every event's
//! premises come before it, ascending and distinct, and at the full level they are exactly
//! what its rule rests on, checked against the replayed state by `common::replay::Origins`
//! (which knows nothing of the recorder's bookkeeping). (Steps: `trace_steps.rs`.)

mod common;

use common::data;
use common::replay::{check_puzzle, sample};
use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::Puzzle;

fn check_corpus(path: &str, format: &str, count: usize) {
    for (i, puzzle) in sample(path, format, count).iter().enumerate() {
        check_puzzle(puzzle, &format!("{path} #{}", i + 1));
    }
}

#[test]
fn poj3074_corpora_replay_for_every_engine_and_level() {
    for (name, count) in [
        ("sample", 10),
        ("acwing169_sample", 10),
        ("norvig_easy50", 10),
        ("norvig_top95", 8),
        ("norvig_hardest", 4),
        ("royle_sudoku17_first1000", 8),
        ("royle_sudoku17_all", 4),
    ] {
        check_corpus(&format!("poj3074/{name}.in"), "poj3074", count);
    }
}

#[test]
fn bench9_corpora_replay_for_every_engine_and_level() {
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
        "kaggle3m_subset_puzzles",
    ] {
        check_corpus(&format!("bench9/{name}"), "line", 3);
    }
}

#[test]
fn sixteen_by_sixteen_corpora_replay_for_every_engine_and_level() {
    check_corpus("poj3076/sample.in", "poj3076", 1);
    check_corpus("poj3076/multi_case_all.in", "poj3076", 3);
    check_corpus("poj3076/spoj_variant/sample.in", "poj3076", 1);
    for name in [
        "etiennedupere_sudoku16",
        "etiennedupere_sudoku16_e",
        "hexadoku_easy1",
        "hexadoku_hard1",
        "hexadoku_medium1",
        "kylebibler_sudoku16",
        "lumenghe_sudoku16",
    ] {
        check_corpus(&format!("poj3076/converted/{name}.in"), "poj3076", 1);
    }
    check_corpus("sixteen/generated_200_AP.txt", "line", 3);
    // The hard public set: propagate escalates to probing here, so trials are traced too.
    check_corpus("sixteen/public_120_AP.txt", "line", 3);
}

#[test]
fn cqoi_corpora_replay_for_every_engine_and_level() {
    for name in [
        "sample1",
        "sample2",
        "sample1_spaced_layout",
        "sample2_garbled_line_breaks",
        "sample2_trailing_spaces_no_final_newline",
    ] {
        check_corpus(&format!("cqoi2013/{name}.in"), "cqoi", 1);
    }
    let mut files: Vec<_> = ["unique", "multi"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(data(&format!("cqoi2013/derived/{dir}"))).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    for path in files.iter().step_by(25) {
        let rel = path
            .strip_prefix(data(""))
            .unwrap()
            .to_string_lossy()
            .into_owned();
        check_corpus(&rel, "cqoi", 1);
    }
}

#[test]
fn futoshiki_and_small_grids_replay_for_every_engine_and_level() {
    let picture = "5 futoshiki\n\
        . | . < . | . | .\n\
        - - ^ - -\n\
        . > . | . | . | .\n\
        v - - - -\n\
        . | . | 3 | . | .\n\
        - - - - -\n\
        . | . | . < . | .\n\
        - ^ - - -\n\
        . | . | . | . | .\n";
    for entry in formats::read(picture, Format::Picture, ReadOptions::default()) {
        check_puzzle(&entry.unwrap().puzzle, "5×5 futoshiki");
    }
    for size in [4, 6, 8] {
        check_puzzle(
            &Puzzle::classic(vec![0; size * size]).unwrap(),
            "empty grid",
        );
    }
}

#[test]
fn an_unsolvable_puzzle_traces_its_contradictions() {
    // Row 1 holds 1..8 and r2c9 holds 9: r1c9 has no candidate left.
    let mut givens = vec![0u8; 81];
    for (c, g) in givens.iter_mut().take(8).enumerate() {
        *g = c as u8 + 1;
    }
    givens[17] = 9;
    check_puzzle(&Puzzle::classic(givens).unwrap(), "unsolvable");
}
