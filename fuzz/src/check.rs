//! An answer checker that trusts nothing in the library: the houses are worked out here from
//! the size alone, and every rule is checked in plain numbers. It reads a puzzle only through
//! its data (kind, size, givens, relations), never through the library's own checks.

use sudoku_lab::{Kind, Puzzle};

/// Block rows × block columns of every classic size, written out here rather than taken from
/// the library, so that checking an answer also checks the library's geometry.
pub fn block_shape(size: usize) -> Option<(usize, usize)> {
    match size {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        8 => Some((2, 4)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        25 => Some((5, 5)),
        _ => None,
    }
}

/// The sizes a kind admits: the classic sizes with blocks, 3 to 25 for Futoshiki.
pub fn size_supported(kind: Kind, size: usize) -> bool {
    if kind.has_blocks() {
        block_shape(size).is_some()
    } else {
        (3..=25).contains(&size)
    }
}

/// Everything an answer must satisfy: digits `1..=size`, givens kept, rows, columns and
/// (with blocks) blocks all different, `answer[a] < answer[b]` for every `(a, b)` in `less`.
/// Cells are row-major indices.
#[derive(Clone, Debug)]
pub struct Rules {
    pub size: usize,
    pub block: Option<(usize, usize)>,
    pub givens: Vec<u8>,
    pub less: Vec<(usize, usize)>,
}

impl Rules {
    /// The rules of a library puzzle, read from its data.
    pub fn of(puzzle: &Puzzle) -> Rules {
        let size = puzzle.size();
        let block = match puzzle.kind() {
            Kind::Futoshiki => None,
            Kind::Classic | Kind::Inequality => {
                Some(block_shape(size).expect("a puzzle with blocks has a classic size"))
            }
        };
        let index = |c: sudoku_lab::Cell| c.row as usize * size + c.col as usize;
        Rules {
            size,
            block,
            givens: puzzle.givens().to_vec(),
            less: puzzle
                .relations()
                .iter()
                .map(|r| (index(r.smaller), index(r.larger)))
                .collect(),
        }
    }

    /// The cells of every house: rows, columns, then blocks.
    pub fn houses(&self) -> Vec<Vec<usize>> {
        let n = self.size;
        let mut houses: Vec<Vec<usize>> = Vec::with_capacity(3 * n);
        houses.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        if let Some((br, bc)) = self.block {
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    houses.push(
                        (top..top + br)
                            .flat_map(|r| (left..left + bc).map(move |c| r * n + c))
                            .collect(),
                    );
                }
            }
        }
        houses
    }

    /// The first broken rule, in words; `Ok` for a valid answer.
    pub fn check(&self, answer: &[u8]) -> Result<(), String> {
        let n = self.size;
        if answer.len() != n * n {
            return Err(format!("{} cells instead of {}", answer.len(), n * n));
        }
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        for (i, &d) in answer.iter().enumerate() {
            if d == 0 || d as usize > n {
                return Err(format!("{} holds {d}, outside 1..={n}", name(i)));
            }
            let given = self.givens.get(i).copied().unwrap_or(0);
            if given != 0 && given != d {
                return Err(format!("{} is given {given} but holds {d}", name(i)));
            }
        }
        for cells in self.houses() {
            let mut seen = vec![None; n + 1];
            for &i in &cells {
                let d = answer[i] as usize;
                if let Some(first) = seen[d] {
                    return Err(format!("{} and {} are both {d}", name(first), name(i)));
                }
                seen[d] = Some(i);
            }
        }
        for &(a, b) in &self.less {
            if answer[a] >= answer[b] {
                return Err(format!(
                    "{} < {} is broken: {} against {}",
                    name(a),
                    name(b),
                    answer[a],
                    answer[b]
                ));
            }
        }
        Ok(())
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

/// True for a char a message must not show raw: a control char, or one that is invisible or
/// reorders the text around it (zero-width, bidi controls and isolates, the byte order mark).
pub fn unsafe_to_show(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
        )
}
