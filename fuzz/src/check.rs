//! What the targets check outcomes with: the answer checker that trusts nothing in the
//! library (`Rules`, shared with the tests: `tests/common/rules.rs`), the events of a trace
//! against its statistics (`tests/common/event_counts.rs`), and what a puzzle and a message
//! must look like from the outside.

use sudoku_lab::{Kind, Problem, Puzzle};

#[path = "../../tests/common/rules.rs"]
mod rules;

#[path = "../../tests/common/event_counts.rs"]
mod event_counts;

pub use event_counts::check_event_counts;
pub use rules::{block_shape, Rules};

/// The sizes a kind admits: the classic sizes with blocks, 3 to 25 for Futoshiki.
pub fn size_supported(kind: Kind, size: usize) -> bool {
    if kind.has_blocks() {
        block_shape(size).is_some()
    } else {
        (3..=25).contains(&size)
    }
}

/// A puzzle in one line for messages: `inequality 9×9 5.3…… r1c1<r1c2 r2c1>r3c1`
/// (givens in reading order, digits above 9 as letters from A = 10).
pub fn describe(puzzle: &Puzzle) -> String {
    const SYMBOLS: &[u8] = b".123456789ABCDEFGHIJKLMNOP";
    let n = puzzle.size();
    let givens: String = puzzle
        .givens()
        .iter()
        .map(|&d| SYMBOLS.get(d as usize).map_or('?', |&b| b as char))
        .collect();
    let mut text = format!("{} {n}×{n} {givens}", puzzle.kind());
    for r in puzzle.relations() {
        text.push_str(&format!(" {}<{}", r.smaller, r.larger));
    }
    text
}

/// Panics, naming `what`, unless `answer` solves `puzzle`.
pub fn assert_solves(puzzle: &Puzzle, answer: &[u8], what: &str) {
    if let Err(e) = Rules::of(puzzle).check(answer) {
        panic!(
            "{what}: a wrong answer: {e}\nanswer: {answer:?}\npuzzle: {}",
            describe(puzzle)
        );
    }
}

/// What `Puzzle::new` promises, checked from the outside: N² givens in 0..=N, relations
/// between adjacent cells of the grid only for kinds with relations, in reading order of
/// their pairs (a pair may hold both directions: a cycle, for validation to report).
pub fn well_formed(p: &Puzzle, what: &str) {
    let n = p.size();
    assert!(
        size_supported(p.kind(), n),
        "{what}: size {n} for {}",
        p.kind()
    );
    assert_eq!(p.givens().len(), n * n, "{what}");
    assert!(
        p.givens().iter().all(|&d| d as usize <= n),
        "{what}: {:?}",
        p.givens()
    );
    if p.kind() == Kind::Classic {
        assert!(
            p.relations().is_empty(),
            "{what}: a classic puzzle with relations"
        );
    }
    let pairs: Vec<_> = p.relations().iter().map(|r| r.oriented()).collect();
    for &(a, _, b) in &pairs {
        assert!(
            a.is_adjacent(b) && (b.row as usize) < n && (b.col as usize) < n,
            "{what}: relation {a}-{b} in {n}×{n}"
        );
    }
    for w in pairs.windows(2) {
        assert!(
            (w[0].0, w[0].2) <= (w[1].0, w[1].2) && w[0] != w[1],
            "{what}: relations out of order or twice: {pairs:?}"
        );
    }
}

/// What validation promises, checked from the outside: `validate` passes exactly when
/// `problems` is empty and fails with its first problem, and every problem names only cells
/// of the grid in a message safe to show. Returns the problems.
pub fn consistent_problems(p: &Puzzle, what: &str) -> Vec<Problem> {
    let n = p.size();
    let problems = p.problems();
    match p.validate() {
        Ok(()) => assert!(
            problems.is_empty(),
            "{what}: validate passed with problems {problems:?}"
        ),
        Err(first) => assert_eq!(
            Some(&first),
            problems.first(),
            "{what}: validate's error is not the first problem"
        ),
    }
    for problem in &problems {
        for c in &problem.cells {
            assert!(
                (c.row as usize) < n && (c.col as usize) < n,
                "{what}: problem {problem} names {c}, outside {n}×{n}"
            );
        }
        assert!(
            !problem.message.chars().any(unsafe_to_show),
            "{what}: a raw control character in {:?}",
            problem.message
        );
    }
    problems
}

/// True for a char a message must not show raw: a control char, or one that is invisible or
/// reorders the text around it (zero-width, bidi controls and isolates, the byte order mark).
pub fn unsafe_to_show(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
        )
}
