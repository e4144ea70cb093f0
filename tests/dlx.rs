//! The `dlx` engine as a user sees it: on every classic corpus its events replay exactly to
//! its own candidate grid, its answers pass the verifier in `common` (never the library's own
//! check), and it agrees with `propagate` on statuses, solutions and solution counts; it can be
//! stepped, reset, limited and stopped like every engine.

mod common;

use std::time::Instant;

use common::placed::PlacedCheck;
use common::{
    assert_agree, assert_solves, classic_puzzle, data, limit, load, pattern_grid, solve_with,
};
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::trace::ReplayCheck;
use sudoku_lab::{
    Cell, DigitSet, Engine, EngineKind, Kind, Observer, Options, Outcome, Progress, Puzzle,
    Relation, Rule, Search, Silent, Status, Via,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/// Puzzles of a shared data file, at most `take`.
fn read(path: &str, format: Format, alphabet: Option<Alphabet>, take: usize) -> Vec<Puzzle> {
    let options = ReadOptions {
        alphabet,
        ..ReadOptions::default()
    };
    formats::read(&load(path), format, options)
        .take(take)
        .map(|entry| entry.unwrap_or_else(|e| panic!("{path}:{e}")).puzzle)
        .collect()
}

/// Every classic corpus the engine is checked on, as (file, puzzles): all of them but the
/// full 17-clue set (its first thousand) and the first 20 generated 16×16 puzzles.
fn corpora() -> Vec<(String, Vec<Puzzle>)> {
    let mut sets = Vec::new();
    for path in [
        "poj3074/norvig_top95.in",
        "poj3074/norvig_hardest.in",
        "poj3074/norvig_easy50.in",
        "poj3074/sample.in",
        "poj3074/acwing169_sample.in",
    ] {
        sets.push((
            path.to_string(),
            read(path, Format::Poj3074, None, usize::MAX),
        ));
    }
    let royle = "poj3074/royle_sudoku17_first1000.in";
    sets.push((
        royle.to_string(),
        read(royle, Format::Poj3074, None, usize::MAX),
    ));
    for dir in ["poj3076", "poj3076/converted", "poj3076/spoj_variant"] {
        let mut files: Vec<String> = std::fs::read_dir(data(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".in"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{dir} has no inputs");
        for name in files {
            let path = format!("{dir}/{name}");
            let puzzles = read(&path, Format::Poj3076, None, usize::MAX);
            sets.push((path, puzzles));
        }
    }
    let sixteen = "sixteen/generated_200_AP.txt";
    let letters = Some(Alphabet::Letters);
    sets.push((
        sixteen.to_string(),
        read(sixteen, Format::Line, letters, 20),
    ));
    sets
}

fn dlx(puzzle: &Puzzle, options: Options) -> Outcome {
    let mut engine = Engine::new(EngineKind::Dlx, puzzle, options, Silent).unwrap();
    engine.run();
    engine.outcome()
}

/// Runs dlx on `puzzle` with the replay check, which must pass with a round per node;
/// returns the status and the engine. `what` names the puzzle.
fn replayed(puzzle: &Puzzle, options: Options, what: &str) -> (Status, Engine<ReplayCheck>) {
    let check = ReplayCheck::new(puzzle);
    let mut engine = Engine::new(EngineKind::Dlx, puzzle, options, check)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let status = engine.run();
    let rounds = engine
        .observer()
        .result()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(rounds, engine.stats().nodes, "{what}: a round per node");
    (status, engine)
}

/// `grid` with the givens at `holes` (row-major indices) taken out.
fn without(grid: &[u8], holes: impl IntoIterator<Item = usize>) -> Vec<u8> {
    let mut grid = grid.to_vec();
    for i in holes {
        grid[i] = 0;
    }
    grid
}

/// Every event as plain numbers, to compare two runs event by event.
#[derive(Default)]
struct Log(Vec<(u8, usize, usize, u8, u8)>);

impl Observer for Log {
    fn round(&mut self, depth: usize, grid: &[u32]) {
        let sum = grid.iter().map(|&m| m as usize).sum();
        self.0.push((0, depth, sum, 0, 0));
    }
    fn place(&mut self, cell: usize, digit: u8, rule: Rule, _: Via, depth: usize) {
        self.0.push((1, depth, cell, digit, rule as u8));
    }
    fn eliminate(&mut self, cell: usize, removed: DigitSet, rule: Rule, _: Via, depth: usize) {
        for d in removed.iter() {
            self.0.push((2, depth, cell, d, rule as u8));
        }
    }
    fn guess(&mut self, cell: usize, digit: u8, rule: Rule, depth: usize) {
        self.0.push((3, depth, cell, digit, rule as u8));
    }
    fn backtrack(&mut self, depth: usize) {
        self.0.push((4, depth, 0, 0, 0));
    }
    fn contradiction(&mut self, cell: Option<usize>, digit: u8, _: Via, depth: usize) {
        // A house's dead end has no cell: logged as a cell no grid has.
        self.0
            .push((5, depth, cell.unwrap_or(usize::MAX), digit, 0));
    }
    fn solution(&mut self, grid: &[u8], depth: usize) {
        self.0.push((6, depth, grid.len(), 0, 0));
    }
}

/// Stops the search once it has seen `rounds` rounds.
struct StopAfter {
    rounds: u64,
}

impl Observer for StopAfter {
    fn round(&mut self, _: usize, _: &[u32]) {
        self.rounds = self.rounds.saturating_sub(1);
    }
    fn stop(&self) -> bool {
        self.rounds == 0
    }
}

// ---------------------------------------------------------------------------------------------
// Corpora: replay, verification, agreement with `propagate`

#[test]
fn every_corpus_replays_exactly_and_every_answer_verifies() {
    let mut checked = 0;
    for (path, puzzles) in corpora() {
        assert!(!puzzles.is_empty(), "{path} has no puzzles");
        for (i, puzzle) in puzzles.iter().enumerate() {
            let what = format!("{path} #{}", i + 1);
            let (status, engine) = replayed(puzzle, Options::default(), &what);
            assert!(status.has_solution(), "{what}: {status}");
            for answer in engine.solutions() {
                assert_solves(puzzle, answer, &what);
            }
            checked += 1;
        }
    }
    assert!(checked >= 1190, "only {checked} puzzles");
}

#[test]
fn a_cell_left_with_one_candidate_is_reported_placed_before_the_next_round() {
    let mut puzzles = read("poj3074/norvig_top95.in", Format::Poj3074, None, 20);
    puzzles.extend(read("poj3076/sample.in", Format::Poj3076, None, 1));
    puzzles.push(classic_puzzle(4, vec![0; 16]));
    for (i, puzzle) in puzzles.iter().enumerate() {
        let check = PlacedCheck::new(puzzle);
        let mut engine = Engine::new(EngineKind::Dlx, puzzle, limit(100), check).unwrap();
        engine.run();
        let nodes = engine.stats().nodes;
        assert_eq!(engine.observer().result(), Ok(nodes), "puzzle {i}");
    }
}

#[test]
fn every_corpus_gets_the_statuses_and_solutions_of_propagate() {
    for (path, puzzles) in corpora() {
        for (i, puzzle) in puzzles.iter().enumerate() {
            let what = format!("{path} #{}", i + 1);
            let ours = dlx(puzzle, Options::default());
            assert_agree(&ours, &solve_with(puzzle, Options::default()), &what);
            for answer in &ours.solutions {
                assert_solves(puzzle, answer, &what);
            }
        }
    }
}

#[test]
fn the_empty_four_by_four_grid_has_288_solutions() {
    let puzzle = classic_puzzle(4, vec![0; 16]);
    let outcome = dlx(&puzzle, limit(1000));
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.stats.solutions, 288);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    for answer in &outcome.solutions {
        assert_solves(&puzzle, answer, "empty 4×4");
    }
}

#[test]
fn solution_counts_of_multi_solution_puzzles_match_propagate() {
    let mut puzzles = Vec::new();
    // 17-clue puzzles with givens taken out: from a few solutions to more than the limit.
    let royle = read(
        "poj3074/royle_sudoku17_first1000.in",
        Format::Poj3074,
        None,
        12,
    );
    for (i, p) in royle.iter().enumerate() {
        let clues: Vec<usize> = (0..81).filter(|&c| p.givens()[c] != 0).collect();
        let holes = [clues[i % clues.len()], clues[(i * 7 + 3) % clues.len()]];
        puzzles.push(classic_puzzle(9, without(p.givens(), holes)));
        puzzles.push(classic_puzzle(9, without(p.givens(), [clues[i % 17]])));
    }
    // Solved grids of every size with a band of cells emptied.
    for size in [4, 6, 8, 9, 12, 16] {
        let (br, bc) = common::block_shape(size).unwrap();
        let grid = pattern_grid(size, (br, bc));
        puzzles.push(classic_puzzle(size, without(&grid, 0..2 * size)));
        puzzles.push(classic_puzzle(
            size,
            without(&grid, (0..size * size).step_by(3)),
        ));
    }
    puzzles.push(classic_puzzle(6, vec![0; 36]));
    let mut counts = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let what = format!("puzzle {i} of size {}", puzzle.size());
        let ours = dlx(puzzle, limit(1000));
        assert_agree(&ours, &solve_with(puzzle, limit(1000)), &what);
        for answer in &ours.solutions {
            assert_solves(puzzle, answer, &what);
        }
        counts.push(ours.stats.solutions);
    }
    assert!(counts.iter().any(|&c| c > 1 && c < 1000), "{counts:?}");
    assert!(counts.contains(&1000), "{counts:?}");
}

#[test]
fn a_counted_search_replays_exactly() {
    let puzzle = classic_puzzle(4, vec![0; 16]);
    let (status, engine) = replayed(&puzzle, limit(1000), "empty 4×4");
    assert_eq!(status, Status::Multiple);
    assert!(engine.stats().backtracks > 0);
}

// ---------------------------------------------------------------------------------------------
// The search as a resumable, limited, reusable handle

#[test]
fn advancing_one_node_at_a_time_ends_exactly_like_a_single_run() {
    let mut puzzles = read("poj3074/norvig_hardest.in", Format::Poj3074, None, 4);
    puzzles.push(classic_puzzle(4, vec![0; 16]));
    puzzles.extend(read("poj3076/sample.in", Format::Poj3076, None, 1));
    for (i, puzzle) in puzzles.iter().enumerate() {
        let mut whole = Engine::new(EngineKind::Dlx, puzzle, limit(50), Log::default()).unwrap();
        let status = whole.run();
        let mut stepped = Engine::new(EngineKind::Dlx, puzzle, limit(50), Log::default()).unwrap();
        let mut calls = 0;
        let stepped_status = loop {
            calls += 1;
            let before = stepped.stats().nodes;
            match stepped.advance(1) {
                Progress::Done(s) => break s,
                Progress::Running => assert_eq!(stepped.stats().nodes, before + 1),
                other => panic!("not known to this test: {other:?}"),
            }
        };
        assert_eq!(stepped_status, status, "puzzle {i}");
        assert_eq!(stepped.outcome(), whole.outcome(), "puzzle {i}");
        assert!(stepped.observer().0 == whole.observer().0, "puzzle {i}");
        assert!(calls as u64 >= whole.stats().nodes, "puzzle {i}");
    }
}

#[test]
fn reset_onto_another_puzzle_gives_the_outcome_of_a_fresh_search() {
    let mut puzzles = read("poj3074/norvig_top95.in", Format::Poj3074, None, 3);
    puzzles.extend(read("poj3076/sample.in", Format::Poj3076, None, 1));
    puzzles.extend(read("poj3074/norvig_hardest.in", Format::Poj3074, None, 2));
    puzzles.push(classic_puzzle(4, vec![0; 16]));
    let mut engine = sudoku_lab::search::Dlx::new(&puzzles[0], limit(5), Silent);
    // Interrupted half way, then reused: nothing of the old search may leak into the next.
    engine.advance(3);
    for puzzle in &puzzles {
        engine.reset(puzzle);
        engine.run();
        assert_eq!(engine.outcome(), dlx(puzzle, limit(5)));
    }
}

#[test]
fn the_node_limit_stops_with_limit_reached_after_exactly_that_many_nodes() {
    let puzzle = read("poj3074/norvig_hardest.in", Format::Poj3074, None, 1).remove(0);
    let options = Options {
        node_limit: 7,
        ..Options::default()
    };
    let outcome = dlx(&puzzle, options);
    assert_eq!(outcome.status, Status::LimitReached);
    assert_eq!(outcome.stats.nodes, 7);
    assert!(outcome.solutions.is_empty());
}

#[test]
fn an_observer_can_stop_the_search() {
    let puzzle = classic_puzzle(9, vec![0; 81]);
    let mut engine = Engine::new(
        EngineKind::Dlx,
        &puzzle,
        limit(1000),
        StopAfter { rounds: 10 },
    )
    .unwrap();
    assert_eq!(engine.run(), Status::LimitReached);
    assert_eq!(engine.stats().nodes, 10);
}

#[test]
fn solution_limit_one_reports_solved() {
    let puzzle = classic_puzzle(9, vec![0; 81]);
    let outcome = dlx(&puzzle, limit(1));
    assert_eq!(outcome.status, Status::Solved);
    assert_eq!(outcome.solutions.len(), 1);
    assert_solves(&puzzle, &outcome.solutions[0], "empty 9×9");
}

#[test]
fn the_dlx_engine_refuses_puzzles_with_relations() {
    let rel = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
    let inequality = Puzzle::new(Kind::Inequality, 4, vec![0; 16], vec![rel]).unwrap();
    let futoshiki = Puzzle::new(Kind::Futoshiki, 5, vec![0; 25], vec![rel]).unwrap();
    for puzzle in [inequality, futoshiki] {
        let refused = Engine::new(EngineKind::Dlx, &puzzle, Options::default(), Silent);
        let problem = refused.err().expect("refused");
        assert!(problem.message.contains("classic"), "{}", problem.message);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad and degenerate input

#[test]
fn equal_givens_in_a_house_make_the_puzzle_unsolvable_without_a_panic() {
    let mut givens = vec![0; 81];
    givens[0] = 5;
    givens[80] = 3;
    givens[8] = 5; // r1c9: another 5 in row 1
    let puzzle = classic_puzzle(9, givens);
    let (status, engine) = replayed(&puzzle, Options::default(), "two 5s in row 1");
    assert_eq!(status, Status::Unsolvable);
    assert_eq!(engine.stats().contradictions, 1);
    assert_eq!(engine.stats().nodes, 0);
}

#[test]
fn a_full_valid_grid_is_unique_in_one_node_and_a_broken_one_unsolvable() {
    let grid = pattern_grid(9, (3, 3));
    let outcome = dlx(&classic_puzzle(9, grid.clone()), Options::default());
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.solutions, vec![grid.clone()]);
    assert_eq!((outcome.stats.nodes, outcome.stats.guesses), (1, 0));
    // Two cells of a row swapped: each digit now twice in a column.
    let mut broken = grid;
    broken.swap(0, 1);
    let outcome = dlx(&classic_puzzle(9, broken), Options::default());
    assert_eq!(outcome.status, Status::Unsolvable);
}

#[test]
fn a_puzzle_with_a_cell_left_without_candidates_is_unsolvable() {
    // r1c1 sees 1, 2 in its row, 3 in its column and 4 in its block: no digit is left.
    let mut givens = vec![0; 16];
    givens[2] = 1;
    givens[3] = 2;
    givens[8] = 3;
    givens[5] = 4;
    let puzzle = classic_puzzle(4, givens);
    let (status, engine) = replayed(&puzzle, Options::default(), "r1c1 without candidates");
    assert_eq!(status, Status::Unsolvable);
    assert_eq!(engine.stats().guesses, 0);
}

// ---------------------------------------------------------------------------------------------
// Speed (release only): `cargo test --release --test dlx -- --ignored --nocapture`

#[test]
#[ignore]
fn speed_against_propagate() {
    for (path, format, alphabet, take) in [
        ("poj3074/norvig_top95.in", Format::Poj3074, None, usize::MAX),
        (
            "poj3074/norvig_hardest.in",
            Format::Poj3074,
            None,
            usize::MAX,
        ),
        (
            "poj3074/royle_sudoku17_first1000.in",
            Format::Poj3074,
            None,
            usize::MAX,
        ),
        (
            "sixteen/generated_200_AP.txt",
            Format::Line,
            Some(Alphabet::Letters),
            usize::MAX,
        ),
    ] {
        let puzzles = read(path, format, alphabet, take);
        let mut line = format!("{path} ({} puzzles):", puzzles.len());
        for kind in [EngineKind::Propagate, EngineKind::Dlx] {
            // The best of 5 runs: the least disturbed by other work on the machine.
            let mut best = f64::MAX;
            let mut nodes = 0;
            for _ in 0..5 {
                let start = Instant::now();
                nodes = 0;
                for puzzle in &puzzles {
                    let mut engine = Engine::new(kind, puzzle, Options::default(), Silent).unwrap();
                    engine.run();
                    nodes += engine.stats().nodes;
                }
                best = best.min(start.elapsed().as_secs_f64());
            }
            let micros = best * 1e6 / puzzles.len() as f64;
            line += &format!("  {kind} {micros:.0} µs/puzzle, {nodes} nodes");
        }
        println!("{line}");
    }
}
