//! Structured puzzles — a kind, a size, givens, relations between arbitrary cells — through
//! `Puzzle::new`, `Puzzle::validate` and `Puzzle::problems`. `new` accepts exactly the
//! well-formed shapes; `validate` passes exactly when `problems` is empty and fails with its
//! first problem; problems name only cells of the grid; every case the design names (equal
//! givens in a house, a relation cycle, a relation against its givens, a chain longer than
//! the digits) is reported; and a reported problem is real: no engine finds an answer.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sudoku_lab::{Cell, Engine, EngineKind, Kind, Options, Puzzle, Relation, Search, Silent};
use sudoku_lab_fuzz::check::{
    consistent_problems, describe, size_supported, unsafe_to_show, well_formed, Rules,
};

/// The most cells for which a reported problem is cross-checked by solving.
const SOLVE_CELLS: usize = 64;

#[derive(Arbitrary, Debug)]
struct Input {
    kind: u8,
    /// An index into the sizes the kind supports, or with `any_size` a raw size.
    size: u8,
    any_size: bool,
    /// Givens as (cell, digit): digits taken modulo N+1 unless `wild`.
    givens: Vec<(u16, u8)>,
    wild: bool,
    /// One cell more or fewer than the grid has.
    wrong_length: Option<bool>,
    relations: Vec<RelationInput>,
}

#[derive(Arbitrary, Debug)]
enum RelationInput {
    /// Between a cell and its right or lower neighbour (wrapping to the next row or column
    /// at the edge: then usually not adjacent).
    Neighbour { cell: u16, down: bool, less: bool },
    /// Between any two cells, possibly outside the grid.
    Cells {
        a: (u8, u8),
        b: (u8, u8),
        less: bool,
    },
}

fn size_of(kind: Kind, input: &Input) -> usize {
    if input.any_size {
        return input.size as usize % 30;
    }
    const CLASSIC: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];
    if kind.has_blocks() {
        CLASSIC[input.size as usize % CLASSIC.len()]
    } else {
        3 + input.size as usize % 23
    }
}

fuzz_target!(|input: Input| {
    let kind = Kind::ALL[input.kind as usize % 3];
    let n = size_of(kind, &input);
    let cells = n * n;
    let mut givens = vec![0u8; cells];
    if cells > 0 {
        for &(cell, digit) in &input.givens {
            let digit = if input.wild {
                digit
            } else {
                digit % (n as u8 + 1)
            };
            givens[cell as usize % cells] = digit;
        }
    }
    match input.wrong_length {
        Some(true) => givens.push(0),
        Some(false) => {
            givens.pop();
        }
        None => {}
    }
    let relations: Vec<Relation> = input
        .relations
        .iter()
        .map(|r| match *r {
            RelationInput::Neighbour { cell, down, less } => {
                let c = Cell::at(cell as usize % cells.max(1), n.max(1));
                let other = if down {
                    Cell::new((c.row as usize + 1) % n.max(1), c.col as usize)
                } else {
                    Cell::new(c.row as usize, (c.col as usize + 1) % n.max(1))
                };
                Relation::new(c, less, other)
            }
            RelationInput::Cells { a, b, less } => {
                let at = |(r, c): (u8, u8)| Cell::new(r as usize % (n + 2), c as usize % (n + 2));
                Relation::new(at(a), less, at(b))
            }
        })
        .collect();

    let inside = |c: Cell| (c.row as usize) < n && (c.col as usize) < n;
    let well_shaped = size_supported(kind, n)
        && givens.len() == cells
        && givens.iter().all(|&d| d as usize <= n)
        && (kind != Kind::Classic || relations.is_empty())
        && relations
            .iter()
            .all(|r| inside(r.smaller) && inside(r.larger) && r.smaller.is_adjacent(r.larger));
    let puzzle = match Puzzle::new(kind, n, givens.clone(), relations.clone()) {
        Ok(p) => p,
        Err(problem) => {
            assert!(
                !well_shaped,
                "Puzzle::new refused a well-formed puzzle: {problem}"
            );
            assert!(!problem.message.chars().any(unsafe_to_show));
            return;
        }
    };
    assert!(
        well_shaped,
        "Puzzle::new accepted {kind} {n}×{n} with {relations:?}"
    );
    well_formed(&puzzle, "Puzzle::new");
    assert_eq!(puzzle.givens(), givens.as_slice());
    let mut expected: Vec<Relation> = relations.clone();
    expected.sort_by_key(|r| r.oriented());
    expected.dedup();
    let mut kept = puzzle.relations().to_vec();
    kept.sort_by_key(|r| r.oriented());
    assert_eq!(kept, expected, "relations kept once each");

    let problems = consistent_problems(&puzzle, "Puzzle::new");

    let rules = Rules::of(&puzzle);
    if let Some(reason) = known_problem(&rules) {
        assert!(
            !problems.is_empty(),
            "validate passed, but {reason}: {}",
            describe(&puzzle)
        );
    }
    if !problems.is_empty() && cells <= SOLVE_CELLS {
        let options = Options {
            solution_limit: 1,
            node_limit: 3000,
            strategy: None,
        };
        let mut search = Engine::new(EngineKind::Propagate, &puzzle, options, Silent).unwrap();
        search.run();
        if let Some(s) = search.solutions().first() {
            if rules.check(s).is_ok() {
                panic!(
                    "validate reported {:?}, but {s:?} solves {}",
                    problems[0].message,
                    describe(&puzzle)
                );
            }
        }
    }
});

/// A reason the design says validation must report, found here without the library: equal
/// givens in a house, a relation cycle, a relation whose two givens break it, or a chain of
/// more cells than digits.
fn known_problem(rules: &Rules) -> Option<String> {
    let n = rules.size;
    for (_, house) in rules.houses() {
        let mut seen = vec![false; n + 1];
        for &c in &house {
            let d = rules.givens[c] as usize;
            if d != 0 && std::mem::replace(&mut seen[d], true) {
                return Some(format!("two givens are {d} in one house"));
            }
        }
    }
    for &(a, b) in &rules.less {
        let (ga, gb) = (rules.givens[a], rules.givens[b]);
        if ga != 0 && gb != 0 && ga >= gb {
            return Some(format!("a relation says {ga} < {gb}"));
        }
    }
    // Longest chains by Kahn's algorithm: cells left unordered lie on a cycle.
    let cells = n * n;
    let mut next = vec![Vec::new(); cells];
    let mut indegree = vec![0usize; cells];
    for &(a, b) in &rules.less {
        next[a].push(b);
        indegree[b] += 1;
    }
    let mut chain = vec![1usize; cells];
    let mut ready: Vec<usize> = (0..cells).filter(|&c| indegree[c] == 0).collect();
    let mut ordered = 0;
    while let Some(c) = ready.pop() {
        ordered += 1;
        for &b in &next[c] {
            chain[b] = chain[b].max(chain[c] + 1);
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.push(b);
            }
        }
    }
    if ordered < cells {
        return Some("the relations form a cycle".to_string());
    }
    chain
        .iter()
        .max()
        .filter(|&&len| len > n)
        .map(|len| format!("a chain of {len} cells"))
}
