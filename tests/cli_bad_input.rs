//! Bad input to the `sudoku-lab` binary: exit 2, a position, a message, never a panic.

mod common;

use common::cli::{
    assert_all_bad_input, assert_bad_input, assert_contains, check_poj3074_answers, code,
    line_with, run, stderr, stdout, EMPTY_81,
};
use common::load;

#[test]
fn two_equal_givens_in_a_row_point_at_the_second() {
    let input = format!("{}\nend\n", line_with("5...5"));
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    let pos = assert_bad_input(&o, "r1c1 and r1c5 are both 5 in row 1");
    assert_eq!(pos, (1, 5));
}

#[test]
fn an_x_in_a_nine_by_nine_line_is_named() {
    let input = format!("{}\nend\n", line_with("1234X"));
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    assert_eq!(assert_bad_input(&o, "'X'"), (1, 5));
    let o = run(
        &["solve", "--format", "line"],
        line_with("1234X").as_bytes(),
    );
    assert_bad_input(&o, "X");
}

#[test]
fn an_eighty_character_line_says_how_long_it_is() {
    let input = format!("{}\nend\n", &EMPTY_81[1..]);
    let o = run(&["solve", "--format", "poj3074"], input.as_bytes());
    assert_bad_input(&o, "80 symbols");
    let o = run(&["solve", "--format", "line"], &EMPTY_81.as_bytes()[1..]);
    assert_bad_input(&o, "80 symbols");
}

#[test]
fn broken_lines_are_explained_without_a_format_flag() {
    let o = run(&["solve"], line_with("1234X").as_bytes());
    assert_eq!(
        assert_bad_input(&o, "'X' is not a digit of a 9×9 puzzle"),
        (1, 5)
    );
    let o = run(&["solve"], &EMPTY_81.as_bytes()[1..]);
    assert_bad_input(&o, "line 1 has 80 symbols; a 9×9 puzzle needs 81");
}

#[test]
fn answers_keep_input_order_whatever_the_thread_count() {
    let input = load("poj3074/norvig_top95.in");
    let one = run(
        &["solve", "--format", "poj3074", "--threads", "1"],
        input.as_bytes(),
    );
    let three = run(
        &["solve", "--format", "poj3074", "--threads", "3"],
        input.as_bytes(),
    );
    assert_eq!(code(&one), 0);
    assert_eq!(stdout(&one), stdout(&three));
    check_poj3074_answers(&input, &stdout(&three));
}

#[test]
fn one_hundred_and_seven_cqoi_symbols_are_too_few() {
    let sample = load("cqoi2013/sample1.in");
    // Drop the last symbol: the stream ends one short.
    let cut = sample
        .rfind(['<', '>', '^', 'v'])
        .expect("the sample has symbols");
    let input = &sample[..cut];
    for args in [&["solve", "--format", "cqoi"][..], &["solve"]] {
        let o = run(args, input.as_bytes());
        assert_bad_input(&o, "found 107");
    }
}

#[test]
fn a_relation_cycle_is_printed() {
    let picture = "4\n. < . | . | .\nv ^ - -\n. > . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n";
    let o = run(&["solve", "--format", "picture"], picture.as_bytes());
    assert_bad_input(
        &o,
        "the relations form a cycle: r1c1 < r1c2 < r2c2 < r2c1 < r1c1",
    );
    let json = r#"{"size":4,"kind":"futoshiki","givens":"................","relations":[["r1c1","<","r1c2"],["r1c2","^","r2c2"],["r2c2","<","r2c1"],["r1c1","v","r2c1"]]}"#;
    let o = run(&["solve"], json.as_bytes());
    assert_bad_input(&o, "cycle");
}

#[test]
fn a_relation_contradicting_a_given_is_located() {
    let picture = "4\n4 < . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n- - - -\n. | . | . | .\n";
    let o = run(&["solve", "--format", "picture"], picture.as_bytes());
    let pos = assert_bad_input(&o, "r1c1 is 4, but r1c1 < r1c2 needs at most 3 there");
    assert_eq!(pos, (2, 1), "the given's place");
    let json = r#"{"size":9,"givens":"9................................................................................","relations":[["r1c1","<","r1c2"]]}"#;
    let o = run(&["solve", "--format", "json"], json.as_bytes());
    assert_bad_input(&o, "r1c1 is 9");
}

/// xorshift64*: a reproducible byte stream without a crate.
fn random_bytes(seed: u64, len: usize, ascii: bool) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let b = (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8;
            if ascii {
                let table = b" .123456789ABCDEFGP<>^v|-\n{}[]\":,";
                table[b as usize % table.len()]
            } else {
                b
            }
        })
        .collect()
}

#[test]
fn random_bytes_are_bad_input_not_a_crash() {
    for seed in [1, 2, 3, 42, 2024] {
        let bytes = random_bytes(seed, 4000, false);
        let o = run(&["solve"], &bytes);
        assert_bad_input(&o, "the input is not UTF-8 text");
        let text = random_bytes(seed, 4000, true);
        let mut formats = vec![None];
        formats.extend(
            [
                "line", "grid", "poj3074", "poj3076", "cqoi", "picture", "json",
            ]
            .map(Some),
        );
        for format in formats {
            let mut args = vec!["solve"];
            args.extend(format.map(|f| ["--format", f]).into_iter().flatten());
            let o = run(&args, &text);
            assert!(assert_all_bad_input(&o) >= 1, "{args:?}");
        }
    }
}

#[test]
fn invalid_utf8_is_located_at_the_first_bad_byte() {
    let o = run(&["solve"], b"123\n45\xff6\n");
    assert_eq!(assert_bad_input(&o, "the input is not UTF-8 text"), (2, 3));
}

/// (The readers' memory on such a line is bounded in `tests/formats.rs`, by allocation.)
#[test]
fn a_one_megabyte_line_is_rejected() {
    let line = "1".repeat(1 << 20);
    for args in [
        &["solve"][..],
        &["solve", "--format", "line"],
        &["solve", "--format", "poj3074"],
        &["solve", "--format", "grid"],
        &["count", "--format", "json"],
    ] {
        let o = run(args, line.as_bytes());
        assert_bad_input(&o, "");
    }
}

#[test]
fn input_past_the_size_limit_is_refused() {
    let big = vec![b'.'; (256 << 20) + 1];
    let o = run(&["solve", "--format", "line"], &big);
    assert_eq!(code(&o), 2);
    assert_contains(&stderr(&o), "larger than 256 MiB");
}

#[test]
fn empty_input_is_an_error() {
    let o = run(&["solve"], b"");
    assert_eq!(assert_bad_input(&o, "the input is empty"), (1, 1));
    let o = run(&["solve", "--format", "poj3074"], b"end\n");
    assert_bad_input(&o, "no puzzle");
    let o = run(&["count", "--format", "cqoi"], b"  \n");
    assert_bad_input(&o, "");
}

#[test]
fn a_bad_puzzle_costs_only_itself_whatever_the_thread_count() {
    let input = format!(
        "{}\n{}\n{}\nend\n",
        EMPTY_81.replacen('.', "1", 1),
        line_with("55"),
        EMPTY_81
    );
    for threads in ["1", "4"] {
        let o = run(
            &[
                "solve",
                "--format",
                "poj3074",
                "--first",
                "--threads",
                threads,
            ],
            input.as_bytes(),
        );
        assert_eq!(
            assert_bad_input(&o, "puzzle 2: r1c1 and r1c2 are both 5").0,
            2
        );
        assert_eq!(stdout(&o).lines().count(), 2, "puzzles 1 and 3 answered");
        check_poj3074_answers(
            &format!("{}\n{EMPTY_81}\nend\n", EMPTY_81.replacen('.', "1", 1)),
            &stdout(&o),
        );
    }
}
