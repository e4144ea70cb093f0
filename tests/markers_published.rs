//! Kropki sudoku that nobody here wrote: puzzles from the World Puzzle Federation's Sudoku GP
//! 2023, the WSC 2022 instruction booklet and the UK Puzzle Association, with their published
//! solutions (`tests/fixtures/published-kropki.json`: each with its source and the file it
//! was transcribed from). Each must have exactly one solution by every engine that takes
//! markers, that solution must be the published one, and the published one is checked here
//! against the rules without the library. Each also travels as an f-puzzles link and back.

use serde_json::Value;
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::{solve_with, EngineKind, MarkerKind, Options, Puzzle, Status};

struct Published {
    name: String,
    puzzle: Puzzle,
    solution: Vec<u8>,
}

fn published() -> Vec<Published> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/published-kropki.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let items: Vec<Value> = serde_json::from_str(&text).unwrap();
    items
        .iter()
        .map(|item| {
            assert!(item["transcribed_from"].as_str().is_some());
            let puzzle = formats::read(
                &item["puzzle"].to_string(),
                Format::Json,
                ReadOptions::default(),
            )
            .next()
            .unwrap()
            .unwrap()
            .puzzle;
            let solution = item["solution"]
                .as_str()
                .unwrap()
                .bytes()
                .map(|b| b - b'0')
                .collect();
            Published {
                name: item["name"].as_str().unwrap().to_string(),
                puzzle,
                solution,
            }
        })
        .collect()
}

/// The rules, checked here: rows, columns and blocks hold each digit once, givens kept, each
/// dot says what it says, and under the negative constraint no unmarked pair is consecutive
/// (white) or in ratio 2 (black).
fn obeys(p: &Puzzle, grid: &[u8]) -> Result<(), String> {
    let n = p.size();
    let (bh, bw) = match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("a {n}×{n} in the published set"),
    };
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
    let consecutive = |x: u8, y: u8| x.abs_diff(y) == 1;
    let double = |x: u8, y: u8| x == 2 * y || y == 2 * x;
    let mut marked = std::collections::HashSet::new();
    for m in p.markers() {
        let (a, b) = (m.a.index(n), m.b.index(n));
        let (x, y) = (grid[a], grid[b]);
        let ok = match m.kind {
            MarkerKind::WHITE => consecutive(x, y),
            MarkerKind::BLACK => double(x, y),
            other => return Err(format!("a {other} marker in a Kropki set")),
        };
        if !ok {
            return Err(format!("{} {} {} holds {x} and {y}", m.a, m.kind, m.b));
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
            for kind in p.negative() {
                let broken = match *kind {
                    MarkerKind::WHITE => consecutive(x, y),
                    MarkerKind::BLACK => double(x, y),
                    other => panic!("negative {other}"),
                };
                if broken {
                    return Err(format!("unmarked cells {a} and {b} hold {x} and {y}"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn the_published_kropki_puzzles_have_their_published_solution_and_no_other() {
    let set = published();
    assert_eq!(set.len(), 5);
    assert!(set.iter().any(|p| !p.puzzle.negative().is_empty()));
    for p in &set {
        obeys(&p.puzzle, &p.solution).unwrap_or_else(|e| panic!("{}: published: {e}", p.name));
        for engine in [EngineKind::Propagate, EngineKind::Naive, EngineKind::Logic] {
            let options = Options {
                solution_limit: 2,
                ..Options::default()
            };
            let outcome = solve_with(engine, &p.puzzle, options).unwrap();
            assert_eq!(outcome.status, Status::Unique, "{} by {engine}", p.name);
            assert_eq!(outcome.solutions[0], p.solution, "{} by {engine}", p.name);
        }
        // DLX says it cannot, rather than answer another puzzle.
        assert!(solve_with(EngineKind::Dlx, &p.puzzle, Options::default()).is_err());
    }
}

#[test]
fn each_travels_as_an_f_puzzles_link_and_back() {
    for p in published() {
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
/// published solution; without them every puzzle needs guessing, with them four of the five
/// are finished by techniques, at the grades measured (README "Techniques and grades").
#[test]
fn the_marker_techniques_finish_four_of_the_five_keeping_the_published_solution() {
    use sudoku_lab::logic::{grade, solve_steps, Board, Ending, Techniques, MAX_STEPS};
    use sudoku_lab::logic::{Level, Technique};
    let without: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.uses_markers())
        .collect();
    let mut grades = Vec::new();
    for p in published() {
        let mut board = Board::new(&p.puzzle).unwrap();
        let ending = solve_steps(&mut board, Techniques::ALL, MAX_STEPS, |step, _| {
            for &(cell, set) in &step.eliminations {
                assert!(
                    !set.contains(p.solution[cell]),
                    "{}: {:?} removes the solution's {} from cell {cell}",
                    p.name,
                    step.technique,
                    p.solution[cell]
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
        (
            "check_kropki_9x9_3_solve",
            Level::Hard,
            34,
            Technique::HiddenPair,
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
    assert_eq!(guessing, ["check_kropki_9x9_2_solve"]);
}
