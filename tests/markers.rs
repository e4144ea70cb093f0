//! Markers between cells — Kropki dots, X and V, differences, ratios, sums — and the
//! negative constraint: the model refuses what cannot be, validation names the cells of a
//! broken marker, the JSON and picture formats carry them both ways, every engine that takes
//! them agrees (each answer checked here, without the library), and the trace replays with
//! every premise.

mod common;

use proptest::prelude::*;
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{
    solve, solve_with, Cell, EngineKind, Kind, Marker, MarkerKind, Options, Puzzle, Status,
};

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn marker(a: &str, kind: MarkerKind, b: &str) -> Marker {
    Marker::new(cell(a), kind, cell(b))
}

/// A 4×4 Kropki sudoku with every dot of its solution drawn and the negative constraint for
/// both colours, no givens: one solution.
const KROPKI4: &str = "4 classic negative=white,black
. o . o . o .
- * - *
. o . | . o .
o - - o
. o . | . o .
* - * -
. o . o . o .
";

/// `puzzle` written in `format`, or why it cannot be.
fn write(puzzle: &Puzzle, format: Format) -> Result<String, sudoku_lab::Problem> {
    let mut out = String::new();
    formats::Writer::new(format).puzzle(&mut out, puzzle, Alphabet::Digits)?;
    Ok(out)
}

fn read(text: &str, format: Format) -> Puzzle {
    formats::read(text, format, ReadOptions::default())
        .next()
        .expect("a puzzle")
        .unwrap_or_else(|e| panic!("{e}"))
        .puzzle
}

/// Checks `answer` against `puzzle` without the library's checks: every row, column and (with
/// blocks) block holds each digit once, the givens are kept, every marker holds and no
/// unmarked adjacent pair breaks a negative constraint.
fn verify(puzzle: &Puzzle, answer: &[u8]) -> Result<(), String> {
    let n = puzzle.size();
    let at = |r: usize, c: usize| answer[r * n + c];
    let full: Vec<u8> = (1..=n as u8).collect();
    let sorted = |mut v: Vec<u8>| {
        v.sort_unstable();
        v
    };
    for i in 0..n {
        if sorted((0..n).map(|c| at(i, c)).collect()) != full {
            return Err(format!("row {}", i + 1));
        }
        if sorted((0..n).map(|r| at(r, i)).collect()) != full {
            return Err(format!("column {}", i + 1));
        }
    }
    if puzzle.kind().has_blocks() {
        let (br, bc) = puzzle.geometry().block_shape().unwrap();
        for r0 in (0..n).step_by(br) {
            for c0 in (0..n).step_by(bc) {
                let block = (0..n).map(|k| at(r0 + k / bc, c0 + k % bc)).collect();
                if sorted(block) != full {
                    return Err(format!("block at r{}c{}", r0 + 1, c0 + 1));
                }
            }
        }
    }
    for (i, &g) in puzzle.givens().iter().enumerate() {
        if g != 0 && answer[i] != g {
            return Err(format!("given {i}"));
        }
    }
    let value = |c: Cell| answer[c.row as usize * n + c.col as usize];
    for m in puzzle.markers() {
        let (x, y) = (value(m.a) as i32, value(m.b) as i32);
        let ok = match m.kind {
            MarkerKind::Difference(k) => (x - y).abs() == k as i32,
            MarkerKind::Ratio(k) => x == k as i32 * y || y == k as i32 * x,
            MarkerKind::Sum(k) => x + y == k as i32,
            other => panic!("not known to this test: {other:?}"),
        };
        if !ok {
            return Err(format!("{m}: {x} and {y}"));
        }
    }
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 == n || c2 == n {
                    continue;
                }
                let (a, b) = (Cell::new(r, c), Cell::new(r2, c2));
                if puzzle.markers().iter().any(|m| m.a == a && m.b == b) {
                    continue;
                }
                let (x, y) = (value(a), value(b));
                for &k in puzzle.negative() {
                    let related = match k {
                        MarkerKind::Difference(k) => x.abs_diff(y) == k,
                        MarkerKind::Ratio(k) => x == k * y || y == k * x,
                        MarkerKind::Sum(k) => x + y == k,
                        other => panic!("not known to this test: {other:?}"),
                    };
                    if related {
                        return Err(format!("{a} {b} unmarked but {x} and {y} are {k}"));
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn the_model_refuses_markers_that_cannot_be() {
    let empty = Puzzle::new(Kind::Classic, 4, vec![0; 16], vec![]).unwrap();
    for (a, kind, b, message) in [
        (
            "r1c1",
            MarkerKind::WHITE,
            "r2c2",
            "marker r1c1 white r2c2: r1c1 and r2c2 are not adjacent",
        ),
        (
            "r1c1",
            MarkerKind::X,
            "r1c2",
            "marker r1c1 X r1c2: no two different digits from 1 to 4 are joined by an X",
        ),
        (
            "r1c4",
            MarkerKind::V,
            "r1c5",
            "marker r1c4 V r1c5 names r1c5, outside the 4×4 grid",
        ),
    ] {
        let e = empty
            .clone()
            .with_markers(vec![marker(a, kind, b)], vec![])
            .unwrap_err();
        assert_eq!(e.message, message);
    }
}

#[test]
fn validation_names_the_cells_of_a_broken_marker_or_negative_constraint() {
    let mut givens = vec![0; 16];
    givens[0] = 1;
    givens[1] = 3;
    let puzzle = Puzzle::new(Kind::Classic, 4, givens.clone(), vec![])
        .unwrap()
        .with_markers(vec![marker("r1c2", MarkerKind::WHITE, "r1c1")], vec![])
        .unwrap();
    let problem = puzzle.validate().unwrap_err();
    assert_eq!(
        problem.message,
        "the white dot between r1c1 and r1c2 is broken: 1 and 3 are not consecutive"
    );
    assert_eq!(problem.cells, vec![cell("r1c1"), cell("r1c2")]);
    givens[1] = 2;
    let puzzle = Puzzle::new(Kind::Classic, 4, givens, vec![])
        .unwrap()
        .with_markers(vec![], vec![MarkerKind::WHITE])
        .unwrap();
    let problem = puzzle.validate().unwrap_err();
    assert_eq!(
        problem.message,
        "r1c1 and r1c2 have no marker between them, but 1 and 2 are consecutive (every white dot is given)"
    );
    // An answer is checked against the markers too.
    let kropki = read(KROPKI4, Format::Picture);
    let mut answer: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    assert!(kropki.check_answer(&answer).is_ok());
    answer.swap(0, 1);
    answer.swap(4, 5);
    answer.swap(8, 9);
    answer.swap(12, 13);
    let problem = kropki.check_answer(&answer).unwrap_err();
    assert!(
        problem.message.contains("r1c2 and r1c3"),
        "{}",
        problem.message
    );
}

#[test]
fn markers_travel_through_json_and_picture_and_back() {
    let puzzle = read(KROPKI4, Format::Picture);
    assert_eq!(puzzle.markers().len(), 16);
    assert_eq!(puzzle.negative(), &[MarkerKind::WHITE, MarkerKind::BLACK]);
    for format in [Format::Json, Format::Picture] {
        let text = write(&puzzle, format).unwrap();
        assert_eq!(read(&text, format), puzzle, "{format}:\n{text}");
    }
    let json = write(&puzzle, Format::Json).unwrap();
    assert!(json.contains(r#"["r1c1","white","r1c2"]"#), "{json}");
    assert!(json.contains(r#""negative":["white","black"]"#), "{json}");
    // A difference of 3 has no glyph: the picture says so, and JSON keeps it.
    let odd = Puzzle::new(Kind::Futoshiki, 5, vec![0; 25], vec![])
        .unwrap()
        .with_markers(
            vec![marker("r2c2", MarkerKind::Difference(3), "r3c2")],
            vec![],
        )
        .unwrap();
    let e = write(&odd, Format::Picture).unwrap_err();
    assert!(
        e.message.contains("no glyph for a difference of 3"),
        "{}",
        e.message
    );
    let json = write(&odd, Format::Json).unwrap();
    assert!(json.contains(r#"["r2c2","difference:3","r3c2"]"#), "{json}");
    assert_eq!(read(&json, Format::Json), odd);
    // Formats without markers refuse them rather than drop them.
    let e = write(&puzzle, Format::Line).unwrap_err();
    assert_eq!(
        e.message,
        "the line format has no markers between cells: write picture, json or fpuzzles"
    );
    // In a cell row a glyph where a cell is due is a cell: `X` of the letters alphabet.
    let letters = "9 classic\nX | . | . | . | . | . | . | . | .\n- - - - - - - - -\n";
    let e = formats::read(letters, Format::Picture, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap_err();
    assert!(!e.message.contains("separator"), "{}", e.message);
}

#[test]
fn the_kropki_sample_has_one_solution_by_every_engine_that_takes_markers() {
    let puzzle = read(KROPKI4, Format::Picture);
    assert!(solve_with(EngineKind::Dlx, &puzzle, Options::default()).is_err());
    let fast = solve(&puzzle, Options::default()).unwrap();
    assert_eq!(fast.status, Status::Unique);
    verify(&puzzle, &fast.solutions[0]).unwrap();
    for engine in [EngineKind::Propagate, EngineKind::Naive, EngineKind::Logic] {
        let outcome = solve_with(engine, &puzzle, Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Unique, "{engine}");
        assert_eq!(outcome.solutions, fast.solutions, "{engine}");
    }
    assert!(sudoku_lab::solve_fast(&puzzle, Options::default()).is_none());
}

#[test]
fn marker_puzzles_replay_with_every_premise() {
    common::replay::check_puzzle(&read(KROPKI4, Format::Picture), "the 4×4 Kropki sample");
    // A 6×6 with an X, a V, a ratio of 3 and a few givens, and a 5×5 Kropki Latin square.
    let six = Puzzle::new(Kind::Classic, 6, vec![0; 36], vec![])
        .unwrap()
        .with_markers(
            vec![
                marker("r1c1", MarkerKind::V, "r1c2"),
                marker("r3c3", MarkerKind::Ratio(3), "r4c3"),
                marker("r5c5", MarkerKind::WHITE, "r5c6"),
            ],
            vec![MarkerKind::V],
        )
        .unwrap();
    common::replay::check_puzzle(&six, "a 6×6 with markers and a negative V");
}

/// Markers taken from a solved grid: each adjacent pair that is consecutive gets a white dot,
/// one double the other a black one (where `kropki`), summing to 10 or 5 an X or a V (where
/// not), kept where `keep` says; with the negative constraint of the family when every such
/// marker is kept.
fn markers_of(
    grid: &[u8],
    n: usize,
    kropki: bool,
    keep: &[u8],
    all: bool,
) -> (Vec<Marker>, Vec<MarkerKind>) {
    let mut markers = Vec::new();
    let mut k = 0;
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 == n || c2 == n {
                    continue;
                }
                let (x, y) = (grid[r * n + c], grid[r2 * n + c2]);
                let kind = if kropki {
                    if x.abs_diff(y) == 1 {
                        Some(MarkerKind::WHITE)
                    } else if x == 2 * y || y == 2 * x {
                        Some(MarkerKind::BLACK)
                    } else {
                        None
                    }
                } else if x + y == 10 {
                    Some(MarkerKind::X)
                } else if x + y == 5 {
                    Some(MarkerKind::V)
                } else {
                    None
                };
                k += 1;
                if let Some(kind) = kind {
                    if all || keep[k % keep.len()] < 60 {
                        markers.push(Marker::new(Cell::new(r, c), kind, Cell::new(r2, c2)));
                    }
                }
            }
        }
    }
    let negative = match (all, kropki) {
        (false, _) => vec![],
        (true, true) => vec![MarkerKind::WHITE, MarkerKind::BLACK],
        (true, false) => vec![MarkerKind::X, MarkerKind::V],
    };
    (markers, negative)
}

/// A solved grid: the pattern grid of `size` with its digits relabelled by `seed`.
fn relabelled_grid(size: usize, seed: u64) -> Vec<u8> {
    let base = common::pattern_grid(size, sudoku_lab::geometry::block_shape(size).unwrap());
    let mut digits: Vec<u8> = (1..=size as u8).collect();
    let mut s = seed | 1;
    for i in (1..size).rev() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        digits.swap(i, (s % (i as u64 + 1)) as usize);
    }
    base.iter().map(|&d| digits[d as usize - 1]).collect()
}

/// A random Kropki or XV puzzle's parts: a relabelled pattern grid's markers (some, or all with
/// the negative constraint) and its givens thinned to a density.
#[derive(Clone, Debug)]
struct Marked {
    size: usize,
    kropki: bool,
    givens: Vec<u8>,
    markers: Vec<Marker>,
    negative: Vec<MarkerKind>,
}

impl Marked {
    /// The puzzle with `givens` and these markers.
    fn with(&self, givens: Vec<u8>) -> Result<Puzzle, sudoku_lab::Problem> {
        Puzzle::new(Kind::Classic, self.size, givens, vec![])
            .and_then(|p| p.with_markers(self.markers.clone(), self.negative.clone()))
    }
}

/// Marked puzzles of the sizes `size` draws, their givens thinned to `density` percent at most.
fn marked(
    size: impl Strategy<Value = usize>,
    density: std::ops::Range<u8>,
) -> impl Strategy<Value = Marked> {
    (
        size,
        any::<u64>(),
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(0u8..100, 1..40),
        proptest::collection::vec(0u8..100, 81),
        density,
    )
        .prop_map(
            |(size, grid_seed, kropki, all, keep, givens_kept, density)| {
                let grid = relabelled_grid(size, grid_seed);
                let givens = common::thinned(&grid, &givens_kept[..size * size], density);
                let (markers, negative) = markers_of(&grid, size, kropki, &keep, all);
                Marked {
                    size,
                    kropki,
                    givens,
                    markers,
                    negative,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random Kropki and XV puzzles made from solved 4×4, 6×6 and 9×9 grids (markers of the
    /// grid, some or all with the negative constraint, thinned givens): `propagate`, `naive`
    /// and `logic` give the same status and count, and every answer passes the check above.
    #[test]
    fn engines_agree_on_random_marker_puzzles(
        case in marked(prop_oneof![Just(4usize), Just(6), Just(9)], 0..40),
    ) {
        let puzzle = case.with(case.givens.clone()).unwrap();
        prop_assert!(puzzle.validate().is_ok());
        let options = Options { solution_limit: 8, node_limit: 200_000, ..Options::default() };
        let reference = solve_with(EngineKind::Propagate, &puzzle, options).unwrap();
        prop_assert!(reference.status.has_solution(), "the grid solves it");
        for s in &reference.solutions {
            prop_assert_eq!(verify(&puzzle, s), Ok(()));
        }
        for engine in [EngineKind::Naive, EngineKind::Logic] {
            let other = solve_with(engine, &puzzle, options).unwrap();
            if other.status == Status::LimitReached || reference.status == Status::LimitReached {
                continue;
            }
            prop_assert_eq!(other.status, reference.status, "{}", engine);
            prop_assert_eq!(other.stats.solutions, reference.stats.solutions, "{}", engine);
            for s in &other.solutions {
                prop_assert_eq!(verify(&puzzle, s), Ok(()));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The marker techniques are sound on random Kropki and XV puzzles of 4×4 and 6×6, many
    /// with several solutions: every digit a marker bound, negative bound or marker pair
    /// removes is in no solution of the puzzle (the puzzle with that digit given there has
    /// none, by the default solver).
    #[test]
    fn marker_techniques_remove_only_digits_no_solution_has(
        case in marked(prop_oneof![Just(4usize), Just(6)], 0..30),
    ) {
        use sudoku_lab::logic::{solve_steps, Board, Technique, Techniques};
        let (size, givens) = (case.size, &case.givens);
        prop_assume!(case.kropki || size == 6, "no X on a 4×4");
        let puzzle = case.with(givens.clone()).unwrap();
        let mut board = Board::new(&puzzle).unwrap();
        let mut removals = Vec::new();
        solve_steps(&mut board, Techniques::ALL, 2_000, |step, _| {
            if step.technique.uses_markers() {
                for &(cell, set) in &step.eliminations {
                    removals.extend(set.iter().map(|d| (step.technique, cell, d)));
                }
            }
        });
        for (technique, cell, d) in removals {
            let mut fixed = givens.clone();
            fixed[cell] = d;
            let options = Options { solution_limit: 1, ..Options::default() };
            let found = case
                .with(fixed)
                .ok()
                .and_then(|p| solve(&p, options).ok())
                .is_some_and(|o| o.status.has_solution());
            prop_assert!(
                !found,
                "{} removed {} from {}, yet a solution has it: {:?}",
                Technique::name(technique),
                d,
                Cell::at(cell, size),
                puzzle
            );
        }
    }
}
