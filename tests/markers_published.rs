//! Marker sudoku that nobody here wrote, each with its source and the file it was transcribed
//! from. Kropki (`tests/fixtures/published-kropki.json`): the World Puzzle Federation's Sudoku
//! GP 2023, the WSC 2022 instruction booklet and the UK Puzzle Association. XV
//! (`tests/fixtures/published-xv.json`): sudoku.today, a SudokuPad puzzle solved by Cracking
//! the Cryptic, logic-masters.de, puzzlemix.com (a 6×6, transposed to this crate's 2×3
//! blocks) and the example in a science-fair solver's README. Each must have exactly one
//! solution by every engine that takes markers; where a solution was published it must be
//! that one, and the answer is checked here against the rules without the library. Each also
//! travels as an f-puzzles link and back.

mod common;

use serde_json::Value;
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{solve_with, Cell, EngineKind, Marker, MarkerKind, Options, Puzzle, Status};

struct Published {
    name: String,
    puzzle: Puzzle,
    /// The published solution; `None` where the source printed none.
    solution: Option<Vec<u8>>,
}

/// The puzzles of `tests/fixtures/{file}`.
fn published(file: &str) -> Vec<Published> {
    let items: Vec<Value> = serde_json::from_str(&common::fixture_text(file)).unwrap();
    items
        .iter()
        .map(|item| {
            assert!(item["transcribed_from"].as_str().is_some());
            // A puzzle without a published solution says so: `"solution": null`.
            assert!(item.get("solution").is_some());
            let puzzle = formats::read(
                &item["puzzle"].to_string(),
                Format::Json,
                ReadOptions::default(),
            )
            .next()
            .unwrap()
            .unwrap()
            .puzzle;
            let solution = match &item["solution"] {
                Value::Null => None,
                digits => Some(digits.as_str().unwrap().bytes().map(|b| b - b'0').collect()),
            };
            Published {
                name: item["name"].as_str().unwrap().to_string(),
                puzzle,
                solution,
            }
        })
        .collect()
}

/// Whether digits `x` and `y` stand as a marker of `kind` says, written out here rather than
/// asked of the library; `None` for a kind no published set uses.
fn related(kind: MarkerKind, x: u8, y: u8) -> Option<bool> {
    Some(match kind {
        MarkerKind::WHITE => x.abs_diff(y) == 1,
        MarkerKind::BLACK => x == 2 * y || y == 2 * x,
        MarkerKind::X => x + y == 10,
        MarkerKind::V => x + y == 5,
        _ => return None,
    })
}

/// The rules, checked here: rows, columns and blocks hold each digit once, givens kept, each
/// marker says what it says (white: consecutive, black: ratio 2, X: sum 10, V: sum 5), and
/// under the negative constraint of a kind no unmarked pair is so related.
fn obeys(p: &Puzzle, grid: &[u8]) -> Result<(), String> {
    let n = p.size();
    let (bh, bw) = match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("a {n}×{n} in the published set"),
    };
    if grid.len() != n * n {
        return Err(format!("{} digits for a {n}×{n}", grid.len()));
    }
    for (i, (&g, &d)) in p.givens().iter().zip(grid).enumerate() {
        if g != 0 && g != d {
            return Err(format!("cell {i} is {d}, its given {g}"));
        }
    }
    for h in 0..n {
        let row: Vec<u8> = (0..n).map(|c| grid[h * n + c]).collect();
        let col: Vec<u8> = (0..n).map(|r| grid[r * n + h]).collect();
        let (br, bc) = (h / (n / bw) * bh, h % (n / bw) * bw);
        let block: Vec<u8> = (0..n)
            .map(|k| grid[(br + k / bw) * n + bc + k % bw])
            .collect();
        for house in [row, col, block] {
            let mut seen: Vec<u8> = house.clone();
            seen.sort();
            if seen != (1..=n as u8).collect::<Vec<_>>() {
                return Err(format!("house {h}: {house:?}"));
            }
        }
    }
    let mut marked = std::collections::HashSet::new();
    for m in p.markers() {
        let (a, b) = (m.a.index(n), m.b.index(n));
        let (x, y) = (grid[a], grid[b]);
        match related(m.kind, x, y) {
            Some(true) => {}
            Some(false) => return Err(format!("{} {} {} holds {x} and {y}", m.a, m.kind, m.b)),
            None => return Err(format!("a {} marker in a published set", m.kind)),
        }
        marked.insert((a, b));
    }
    for a in 0..n * n {
        for b in [a + 1, a + n] {
            let adjacent = b < n * n && (b == a + n || a % n + 1 < n);
            if !adjacent || marked.contains(&(a, b)) {
                continue;
            }
            let (x, y) = (grid[a], grid[b]);
            for &kind in p.negative() {
                let broken = related(kind, x, y).unwrap_or_else(|| panic!("negative {kind}"));
                if broken {
                    return Err(format!(
                        "unmarked cells {a} and {b} hold {x} and {y} ({kind})"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The published puzzles' limits: the naive engine needs about 150 million nodes to prove
/// the logic-masters XV puzzle (five givens, six markers) unique, past the default 10 million.
fn options() -> Options {
    Options {
        solution_limit: 2,
        node_limit: 400_000_000,
        ..Options::default()
    }
}

/// `engine` finds exactly one solution; it obeys the rules and is the published one, or,
/// where none was published, the one the propagate engine finds.
fn unique_by(engine: EngineKind, p: &Published) {
    let outcome = solve_with(engine, &p.puzzle, options()).unwrap();
    assert_eq!(outcome.status, Status::Unique, "{} by {engine}", p.name);
    let answer = &outcome.solutions[0];
    obeys(&p.puzzle, answer).unwrap_or_else(|e| panic!("{} by {engine}: {e}", p.name));
    let expected = match &p.solution {
        Some(solution) => solution.clone(),
        None => solve_with(EngineKind::Propagate, &p.puzzle, options())
            .unwrap()
            .solutions
            .remove(0),
    };
    assert_eq!(*answer, expected, "{} by {engine}", p.name);
}

#[test]
fn the_published_kropki_puzzles_have_their_published_solution_and_no_other() {
    let set = published("published-kropki.json");
    assert_eq!(set.len(), 5);
    assert!(set.iter().any(|p| !p.puzzle.negative().is_empty()));
    for p in &set {
        let kropki = [MarkerKind::WHITE, MarkerKind::BLACK];
        assert!(p.puzzle.markers().iter().all(|m| kropki.contains(&m.kind)));
        let solution = p.solution.as_ref().unwrap();
        obeys(&p.puzzle, solution).unwrap_or_else(|e| panic!("{}: published: {e}", p.name));
        for engine in [EngineKind::Propagate, EngineKind::Naive, EngineKind::Logic] {
            unique_by(engine, p);
        }
        // DLX says it cannot, rather than answer another puzzle.
        assert!(solve_with(EngineKind::Dlx, &p.puzzle, Options::default()).is_err());
    }
}

/// The XV set: five puzzles, one 6×6, strict and not, two without a published solution; the
/// published solutions obey the rules, and DLX refuses each.
fn published_xv() -> Vec<Published> {
    let set = published("published-xv.json");
    assert_eq!(set.len(), 5);
    assert!(set.iter().any(|p| p.puzzle.negative().is_empty()));
    assert!(set.iter().any(|p| !p.puzzle.negative().is_empty()));
    assert!(set.iter().any(|p| p.puzzle.size() == 6));
    assert_eq!(set.iter().filter(|p| p.solution.is_none()).count(), 2);
    for p in &set {
        let xv = [MarkerKind::X, MarkerKind::V];
        assert!(p.puzzle.markers().iter().all(|m| xv.contains(&m.kind)));
        assert!(p.puzzle.negative().iter().all(|k| xv.contains(k)));
        if let Some(solution) = &p.solution {
            obeys(&p.puzzle, solution).unwrap_or_else(|e| panic!("{}: published: {e}", p.name));
        }
        assert!(solve_with(EngineKind::Dlx, &p.puzzle, Options::default()).is_err());
    }
    set
}

/// Each engine in a thread of its own, so that the slow ones run side by side; a failure is
/// the engine's own.
#[test]
fn the_published_xv_puzzles_have_one_solution_by_each_engine() {
    let set = published_xv();
    std::thread::scope(|scope| {
        let runs = [EngineKind::Propagate, EngineKind::Naive, EngineKind::Logic].map(|engine| {
            let set = &set;
            scope.spawn(move || set.iter().for_each(|p| unique_by(engine, p)))
        });
        for run in runs {
            if let Err(panic) = run.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

/// The published XV puzzles say which way they read unmarked pairs, and it matters: the
/// strict ones have many solutions without the negative constraint, and the sudoku.today one
/// is refused with it (two of its givens, 9 at r7c4 and 1 at r7c5, are unmarked neighbours).
#[test]
fn the_negative_constraint_decides_the_published_xv_puzzles() {
    for p in published_xv() {
        let strict = !p.puzzle.negative().is_empty();
        let negative = if strict {
            vec![]
        } else {
            vec![MarkerKind::V, MarkerKind::X]
        };
        let flipped = (p.puzzle.clone())
            .with_markers(p.puzzle.markers().to_vec(), negative)
            .unwrap();
        let status = solve_with(EngineKind::Propagate, &flipped, options()).map(|o| o.status);
        match (strict, p.puzzle.size()) {
            (true, _) => assert_eq!(status, Ok(Status::Multiple), "{} without", p.name),
            (false, 9) => assert!(status.is_err(), "{} with: {status:?}", p.name),
            // The puzzlemix 6×6 is unique either way.
            (false, _) => assert_eq!(status, Ok(Status::Unique), "{} with", p.name),
        }
    }
}

/// The checker is no rubber stamp: it refuses a published solution once an X or a V is put
/// where the sum is wrong, or once the negative constraint is laid on a grid whose unmarked
/// neighbours sum to 10 or 5.
#[test]
fn the_checker_catches_a_wrong_sum_and_an_unmarked_ten_or_five() {
    for p in published_xv().into_iter().filter(|p| p.solution.is_some()) {
        let grid = p.solution.clone().unwrap();
        let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
        let (x, y) = (grid[0], grid[1]);
        for kind in [MarkerKind::X, MarkerKind::V] {
            let sum = if kind == MarkerKind::X { 10 } else { 5 };
            let mut markers = p.puzzle.markers().to_vec();
            markers.retain(|m| (m.a, m.b) != (a, b));
            markers.push(Marker { a, b, kind });
            let moved = (p.puzzle.clone())
                .with_markers(markers, p.puzzle.negative().to_vec())
                .unwrap();
            assert_eq!(
                obeys(&moved, &grid).is_ok(),
                x + y == sum,
                "{} {kind}",
                p.name
            );
        }
    }
    let today = &published_xv()[0];
    let strict = (today.puzzle.clone())
        .with_markers(
            today.puzzle.markers().to_vec(),
            vec![MarkerKind::V, MarkerKind::X],
        )
        .unwrap();
    let error = obeys(&strict, today.solution.as_ref().unwrap()).unwrap_err();
    assert!(error.starts_with("unmarked cells"), "{error}");
}

#[test]
fn each_travels_as_an_f_puzzles_link_and_back() {
    let sets = ["published-kropki.json", "published-xv.json"];
    for p in sets.into_iter().flat_map(published) {
        let mut json = String::new();
        formats::Writer::new(Format::FPuzzles)
            .puzzle(&mut json, &p.puzzle, Alphabet::Digits)
            .unwrap();
        let link = format!(
            "https://sudokupad.app/fpuz{}",
            lz_str::compress_to_base64(json.trim())
        );
        assert_eq!(formats::detect(&link), Ok(Format::FPuzzles), "{}", p.name);
        let back = formats::read(&link, Format::FPuzzles, ReadOptions::default())
            .next()
            .unwrap()
            .unwrap()
            .puzzle;
        assert_eq!(back, p.puzzle, "{}", p.name);
    }
}

/// The technique library's marker techniques on the published puzzles: every step keeps the
/// published solution; without them (and the forcing chains, which read markers too) every
/// puzzle needs guessing, with them all five are finished by techniques, at the grades
/// measured (docs/src/techniques.md, "Kropki and XV").
#[test]
fn the_marker_techniques_and_forcing_chains_finish_all_five_keeping_the_published_solution() {
    use sudoku_lab::logic::{grade, solve_steps, Board, Ending, Techniques, MAX_STEPS};
    use sudoku_lab::logic::{Level, Technique};
    // Without what reads the markers: the marker techniques, and the forcing chains, which
    // follow a marker from a supposed digit to its neighbour.
    let forcing = [Technique::ForcingChain, Technique::DynamicForcingChain];
    let without: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.uses_markers() && !forcing.contains(t))
        .collect();
    let mut grades = Vec::new();
    for p in published("published-kropki.json") {
        let solution = p
            .solution
            .clone()
            .expect("every Kropki puzzle has its solution");
        let mut board = Board::new(&p.puzzle).unwrap();
        let ending = solve_steps(&mut board, Techniques::ALL, MAX_STEPS, |step, _| {
            for &(cell, set) in &step.eliminations {
                assert!(
                    !set.contains(solution[cell]),
                    "{}: {:?} removes the solution's {} from cell {cell}",
                    p.name,
                    step.technique,
                    solution[cell]
                );
            }
        });
        let g = grade(&p.puzzle, Techniques::ALL);
        assert_eq!(ending == Ending::Solved, !g.needs_guessing, "{}", p.name);
        let before = grade(&p.puzzle, Techniques::only(&without));
        assert_eq!(before.level, Level::Guessing, "{}", p.name);
        grades.push((p.name, g.level, g.score, g.hardest));
    }
    let expected = [
        (
            "check_kropki_6x6_1_solve",
            Level::Easy,
            18,
            Technique::MarkerBound,
        ),
        (
            "check_kropki_6x6_negative_condition_solve",
            Level::Easy,
            20,
            Technique::NegativeBound,
        ),
        (
            "check_kropki_9x9_1_solve",
            Level::Medium,
            25,
            Technique::MarkerPair,
        ),
        // Its hidden pair leaves a single: direct forms (a hidden pair 2.0, pointings 1.7) and
        // naked singles finish it.
        (
            "check_kropki_9x9_3_solve",
            Level::Easy,
            23,
            Technique::NakedSingle,
        ),
        (
            "check_kropki_9x9_2_solve",
            Level::Extreme,
            82,
            Technique::ForcingChain,
        ),
    ];
    for (name, level, score, hardest) in expected {
        let got = grades.iter().find(|g| g.0 == name).unwrap();
        assert_eq!(
            (got.1, got.2, got.3),
            (level, score, Some(hardest)),
            "{name}"
        );
    }
    let guessing: Vec<&str> = grades
        .iter()
        .filter(|g| g.1 == Level::Guessing)
        .map(|g| g.0.as_str())
        .collect();
    assert_eq!(guessing, Vec::<&str>::new());
}

/// A player's entry that breaks an X or V, or the negative constraint, is named so in a hint
/// (not "breaks no rule yet"), with the marker it breaks.
#[test]
fn a_hint_names_the_marker_an_entry_breaks() {
    use sudoku_lab::logic::{hint, HintReport, PlayerState, Reveal};
    let strict = published("published-xv.json")
        .into_iter()
        .find(|p| !p.puzzle.negative().is_empty() && p.solution.is_some())
        .expect("a strict XV puzzle with its solution");
    let solution = strict.solution.clone().unwrap();
    let g = strict.puzzle.geometry();
    let givens = strict.puzzle.givens();
    let n = strict.puzzle.size();
    let free = |cell: usize, d: u8| {
        givens[cell] == 0
            && g.houses_of(cell)
                .iter()
                .all(|&h| g.house(h as usize).iter().all(|&c| givens[c as usize] != d))
    };
    // Two digits on a marked pair that break its marker, and on an unmarked pair two that
    // the negative constraint forbids.
    let marker = strict.puzzle.markers()[0];
    let unmarked = (0..n * n - 1)
        .map(|c| (c, c + 1))
        .find(|&(a, b)| {
            a % n != n - 1
                && givens[a] == 0
                && givens[b] == 0
                && !strict
                    .puzzle
                    .markers()
                    .iter()
                    .any(|m| m.a.index(n) == a && m.b.index(n) == b)
        })
        .expect("an unmarked pair");
    for ((a, b), broken_by) in [
        ((marker.a.index(n), marker.b.index(n)), "marker"),
        (unmarked, "negative"),
    ] {
        let pair = (1..=n as u8)
            .flat_map(|x| (1..=n as u8).map(move |y| (x, y)))
            .find(|&(x, y)| {
                let breaks = if broken_by == "marker" {
                    !marker.kind.holds(x, y)
                } else {
                    strict.puzzle.negative().iter().any(|k| k.holds(x, y))
                };
                x != y && breaks && x != solution[a] && free(a, x) && free(b, y)
            })
            .expect("two digits that break it");
        let mut entries = vec![0u8; n * n];
        entries[a] = pair.0;
        entries[b] = pair.1;
        let state = PlayerState {
            entries,
            marks: None,
        };
        let (next, board) = hint(&strict.puzzle, &state).unwrap();
        let report = HintReport::of(&next, &board, Reveal::Step);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["kind"], "wrong_entry", "{json}");
        assert_eq!(json["why"], "marker", "{json}");
        let sentence = json["sentence"].as_str().unwrap();
        if broken_by == "marker" {
            assert!(
                sentence.contains(&format!("the {} between", marker.kind.name())),
                "{sentence}"
            );
            assert!(sentence.contains("do not sum to"), "{sentence}");
        } else {
            assert!(
                sentence.contains("have no marker between them, yet"),
                "{sentence}"
            );
            assert!(sentence.contains("(the negative constraint)"), "{sentence}");
        }
    }
}
