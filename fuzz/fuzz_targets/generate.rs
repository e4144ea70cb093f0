//! The generator on small requests of every kind, with any seed, symmetry, clue range,
//! minimality and a small effort and attempt budget: it either gives up with a reason or
//! returns a puzzle that keeps every promise, each checked here without trusting it — the
//! solution solves the puzzle (the independent checker), a second engine counts exactly one
//! solution, the givens are in the asked range, a symmetric request has symmetric givens,
//! and a minimal puzzle loses its uniqueness without any one of its clues. With a family of
//! markers, every marker is true of the solution and, with the negative constraint, every
//! pair the solution relates is marked (worked out here from the digits).
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::generate::{generate, Markers, Relations, Request, Symmetry};
use sudoku_lab::{solve_with, Cell, EngineKind, Kind, Options, Puzzle, Status};
use sudoku_lab_fuzz::check::{assert_solves, describe};

/// Small enough that a request takes milliseconds: every check below counts solutions.
const SHAPES: &[(Kind, usize)] = &[
    (Kind::Classic, 4),
    (Kind::Classic, 6),
    (Kind::Inequality, 4),
    (Kind::Inequality, 6),
    (Kind::Futoshiki, 3),
    (Kind::Futoshiki, 4),
    (Kind::Futoshiki, 5),
];

/// Counts to two with an engine other than the generator's (DLX for classic puzzles, the
/// `logic` engine where relations or markers are), validating first.
fn status(puzzle: &Puzzle) -> Status {
    let engine = if puzzle.kind() == Kind::Classic && !puzzle.has_markers() {
        EngineKind::Dlx
    } else {
        EngineKind::Logic
    };
    solve_with(engine, puzzle, Options::default())
        .unwrap_or_else(|p| panic!("a generated puzzle is invalid: {p}: {}", describe(puzzle)))
        .status
}

/// The family's relations of digits `x` and `y`, by their names, worked out here.
fn related(family: Markers, x: u8, y: u8) -> Vec<&'static str> {
    let mut found = Vec::new();
    match family {
        Markers::Kropki => {
            if x.abs_diff(y) == 1 {
                found.push("white");
            }
            if x == 2 * y || y == 2 * x {
                found.push("black");
            }
        }
        Markers::Xv => {
            if x + y == 10 {
                found.push("X");
            }
            if x + y == 5 {
                found.push("V");
            }
        }
        Markers::None => {}
        other => panic!("a family this target does not know: {other:?}"),
    }
    found
}

/// Every marker is true of `solution`; with `negative` every related pair is marked.
fn check_markers(p: &Puzzle, solution: &[u8], family: Markers, negative: bool, what: &str) {
    let n = p.size();
    let digit = |c: Cell| solution[c.index(n)];
    for m in p.markers() {
        let kind = m.kind.token();
        assert!(
            related(family, digit(m.a), digit(m.b)).contains(&kind.as_str()),
            "{m} is not true: {what}"
        );
    }
    assert_eq!(p.negative().is_empty(), !negative, "{what}");
    if negative {
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
                let marked = p.markers().iter().any(|m| m.a == ca && m.b == cb);
                let wanted = !related(family, solution[a], solution[b]).is_empty();
                assert_eq!(marked, wanted, "{ca}–{cb}: {what}");
            }
        }
    }
}

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let (kind, size) = *u.choose(SHAPES)?;
    let cells = size * size;
    let mut request = Request::new(kind, size);
    request.seed = u.arbitrary()?;
    request.symmetry = *u.choose(&Symmetry::ALL)?;
    request.minimal = u.arbitrary()?;
    request.attempts = u.int_in_range(1..=8)?;
    request.effort = Some(u.int_in_range(1..=200)?);
    if u.ratio(1, 3)? {
        let low = u.int_in_range(0..=cells)?;
        request.givens = (low, u.int_in_range(low..=cells)?);
    }
    if kind != Kind::Inequality && u.ratio(1, 3)? {
        request.markers = *u.choose(&Markers::ALL)?;
        request.negative = request.markers != Markers::None && u.arbitrary()?;
        request.no_givens = request.givens.0 == 0 && u.ratio(1, 4)?;
    } else if kind != Kind::Classic {
        request.relations = Some(match u.int_in_range(0..=3)? {
            0 => Relations::Adjacent,
            1 if kind == Kind::Inequality => Relations::Blocks,
            2 => Relations::Random(u.int_in_range(0..=2 * size * (size - 1))?),
            _ => Relations::default_for(kind),
        });
        request.no_givens = request.givens.0 == 0 && u.ratio(1, 4)?;
    }
    let Ok(mut made) = generate(&request, 1) else {
        return Ok(()); // refused or given up: said with a reason, which is allowed
    };
    let g = made.remove(0);
    let p = &g.puzzle;
    let what = describe(p);
    assert_eq!((p.kind(), p.size()), (kind, size), "{what}");
    assert_solves(p, &g.solution, "the generated solution");
    assert_eq!(status(p), Status::Unique, "{what}");
    let givens = p.givens().iter().filter(|&&d| d != 0).count();
    assert!(
        (request.givens.0..=request.givens.1).contains(&givens),
        "{givens} givens, asked {:?}: {what}",
        request.givens
    );
    if request.no_givens {
        assert_eq!(givens, 0, "{what}");
    }
    let image = |c: usize| {
        let (r, col) = (c / size, c % size);
        let last = size - 1;
        let (r, col) = match request.symmetry {
            Symmetry::None => (r, col),
            Symmetry::Rotational => (last - r, last - col),
            Symmetry::Quarter => (col, last - r),
            Symmetry::Mirror => (r, last - col),
            Symmetry::Diagonal => (col, r),
            other => panic!("a symmetry this target does not know: {other:?}"),
        };
        r * size + col
    };
    for c in 0..cells {
        assert_eq!(
            p.givens()[c] != 0,
            p.givens()[image(c)] != 0,
            "{:?} symmetry broken at {}: {what}",
            request.symmetry,
            Cell::at(c, size)
        );
    }
    if request.markers != Markers::None {
        check_markers(p, &g.solution, request.markers, request.negative, &what);
    }
    if request.minimal && request.symmetry == Symmetry::None {
        for c in (0..cells).filter(|&c| p.givens()[c] != 0) {
            let mut less = p.givens().to_vec();
            less[c] = 0;
            let q = Puzzle::new(kind, size, less, p.relations().to_vec())
                .and_then(|q| q.with_markers(p.markers().to_vec(), p.negative().to_vec()))
                .unwrap();
            // Even a clue the givens floor kept: a puzzle called minimal has none to spare.
            assert_eq!(
                status(&q),
                Status::Multiple,
                "given {} can go: {what}",
                Cell::at(c, size)
            );
        }
        for k in 0..p.relations().len() {
            let mut less = p.relations().to_vec();
            less.remove(k);
            let q = Puzzle::new(kind, size, p.givens().to_vec(), less).unwrap();
            assert_eq!(status(&q), Status::Multiple, "relation {k} can go: {what}");
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
