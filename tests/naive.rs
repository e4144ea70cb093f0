//! The `naive` engine as a user sees it: its trace replays exactly, its answers pass a
//! verifier written here, and its statuses and solution counts equal the `propagate`
//! engine's on corpus puzzles, on hand-made ones and on generated small puzzles of every
//! kind; it pauses, resumes, resets and stops at its limits cleanly.

mod common;

use common::placed::PlacedCheck;
use common::{adjacent_pairs, assert_agree, puzzles, solve_with, Rng};
use sudoku_lab::formats::Format;
use sudoku_lab::search::Naive;
use sudoku_lab::trace::ReplayCheck;
use sudoku_lab::{
    Cell, DigitSet, Engine, EngineKind, Kind, Observer, Options, Outcome, Progress, Puzzle,
    Relation, Rule, Search, Silent, Status, Via,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/// The first broken rule of `answer`, in words — from the puzzle's public data and the
/// block shapes written out here, trusting nothing else of the library.
fn verify(puzzle: &Puzzle, answer: &[u8]) -> Result<(), String> {
    let n = puzzle.size();
    if answer.len() != n * n {
        return Err(format!("{} cells instead of {}", answer.len(), n * n));
    }
    for (i, (&d, &g)) in answer.iter().zip(puzzle.givens()).enumerate() {
        if d == 0 || d as usize > n {
            return Err(format!("cell {i} holds {d}"));
        }
        if g != 0 && g != d {
            return Err(format!("cell {i} is given {g} but holds {d}"));
        }
    }
    let mut houses: Vec<Vec<usize>> = Vec::new();
    for k in 0..n {
        houses.push((0..n).map(|c| k * n + c).collect());
        houses.push((0..n).map(|r| r * n + k).collect());
    }
    if puzzle.kind() != Kind::Futoshiki {
        let (br, bc) = match n {
            4 => (2, 2),
            6 => (2, 3),
            8 => (2, 4),
            9 => (3, 3),
            12 => (3, 4),
            16 => (4, 4),
            25 => (5, 5),
            _ => return Err(format!("no block shape for size {n}")),
        };
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
    for house in &houses {
        let mut seen = vec![false; n + 1];
        for &i in house {
            let d = answer[i] as usize;
            if std::mem::replace(&mut seen[d], true) {
                return Err(format!("{d} twice in the house of cells {house:?}"));
            }
        }
    }
    for r in puzzle.relations() {
        let at = |c: Cell| answer[c.row as usize * n + c.col as usize];
        if at(r.smaller) >= at(r.larger) {
            return Err(format!("{r} is broken"));
        }
    }
    Ok(())
}

/// Runs the naive engine with the replay check; asserts the trace replayed at every round
/// and every solution verifies.
fn naive(puzzle: &Puzzle, options: Options, what: &str) -> Outcome {
    let mut search = Naive::new(puzzle, options, ReplayCheck::new(puzzle));
    search.run();
    let rounds = search
        .observer()
        .result()
        .unwrap_or_else(|e| panic!("{what}: the trace does not replay: {e}"));
    assert!(rounds > 0, "{what}: no round was compared");
    assert_eq!(rounds, search.stats().nodes, "{what}: one round per node");
    let outcome = search.outcome();
    for answer in &outcome.solutions {
        if let Err(e) = verify(puzzle, answer) {
            panic!("{what}: wrong answer: {e}\n{answer:?}");
        }
    }
    outcome
}

/// Solves with both engines and asserts they agree on the status and the solution count
/// (and the solution, when unique). Returns naive's outcome.
fn agree(puzzle: &Puzzle, options: Options, what: &str) -> Outcome {
    let mine = naive(puzzle, options, what);
    assert_ne!(
        mine.status,
        Status::LimitReached,
        "{what}: naive hit a limit"
    );
    assert_agree(&mine, &solve_with(puzzle, options), what);
    mine
}

fn limits(solution_limit: u64, node_limit: u64) -> Options {
    Options {
        solution_limit,
        node_limit,
        ..Options::default()
    }
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("{name} is not a cell name"))
}

fn less(a: &str, b: &str) -> Relation {
    Relation::new(cell(a), true, cell(b))
}

/// A puzzle from a row-major string of digits (`.` empty), not validated.
fn puzzle(kind: Kind, text: &str, relations: Vec<Relation>) -> Puzzle {
    let givens: Vec<u8> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    let size = (givens.len() as f64).sqrt() as usize;
    Puzzle::new(kind, size, givens, relations).expect("a well-formed puzzle")
}

/// A solved grid by construction, digits relabelled at random: the classic pattern
/// `(bc·(r mod br) + ⌊r/br⌋ + c) mod N` when there are blocks, `(r + c) mod N` otherwise.
fn solved_grid(size: usize, block: Option<(usize, usize)>, rng: &mut Rng) -> Vec<u8> {
    let mut label: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut label);
    (0..size * size)
        .map(|i| {
            let (r, c) = (i / size, i % size);
            let d = match block {
                Some((br, bc)) => bc * (r % br) + r / br + c,
                None => r + c,
            };
            label[d % size]
        })
        .collect()
}

/// A puzzle made from a solved grid: each given kept with `keep` percent, each adjacent pair
/// related (as the grid has it) with `relate` percent. It has at least the grid's solution.
fn from_grid(kind: Kind, size: usize, keep: usize, relate: usize, rng: &mut Rng) -> Puzzle {
    let block = match (kind, size) {
        (Kind::Futoshiki, _) => None,
        (_, 4) => Some((2, 2)),
        (_, 6) => Some((2, 3)),
        _ => panic!("no generator for {kind} {size}"),
    };
    let grid = solved_grid(size, block, rng);
    let givens = grid
        .iter()
        .map(|&d| if rng.chance(keep) { d } else { 0 })
        .collect();
    let mut relations = Vec::new();
    if kind != Kind::Classic {
        for (i, j) in adjacent_pairs(size) {
            if rng.chance(relate) {
                let (a, b) = (Cell::at(i, size), Cell::at(j, size));
                relations.push(Relation::new(a, grid[i] < grid[j], b));
            }
        }
    }
    Puzzle::new(kind, size, givens, relations).expect("a well-formed puzzle")
}

/// Kinds and sizes written as "futoshiki 4, classic 6".
fn shapes(text: &str) -> Vec<(Kind, usize)> {
    let shape = |s: &str| {
        let (kind, size) = s.split_once(' ').expect("a kind and a size");
        (
            Kind::parse(kind).expect("a kind"),
            size.parse().expect("a size"),
        )
    };
    text.split(", ").map(shape).collect()
}

/// For every round up to `count` and every (kind, size) of `shapes`, the puzzle `make` builds
/// (one generator seeded with `seed`), naive and propagate made to agree on it with `options`:
/// each outcome with the puzzle's description.
fn agree_in_rounds<'a>(
    (seed, count): (u64, usize),
    shapes: &'a [(Kind, usize)],
    mut make: impl FnMut(Kind, usize, &mut Rng) -> Puzzle + 'a,
    options: Options,
) -> impl Iterator<Item = (Outcome, String)> + 'a {
    let mut rng = Rng(seed);
    let rounds = (0..count).flat_map(move |round| shapes.iter().map(move |&s| (round, s)));
    rounds.map(move |(round, (kind, size))| {
        let p = make(kind, size, &mut rng);
        let what = format!("{kind} {size}×{size} #{round}: {p:?}");
        (agree(&p, options, &what), what)
    })
}

/// A puzzle with random givens and random relations, possibly clashing or cyclic: often
/// unsolvable, never invalid in shape.
fn random_puzzle(kind: Kind, size: usize, rng: &mut Rng) -> Puzzle {
    let givens = (0..size * size)
        .map(|_| {
            if rng.chance(12) {
                rng.below(size) as u8 + 1
            } else {
                0
            }
        })
        .collect();
    let mut relations = Vec::new();
    if kind != Kind::Classic {
        for (i, j) in adjacent_pairs(size) {
            if rng.chance(25) {
                let (a, b) = (Cell::at(i, size), Cell::at(j, size));
                relations.push(Relation::new(a, rng.chance(50), b));
            }
        }
    }
    Puzzle::new(kind, size, givens, relations).expect("a well-formed puzzle")
}

const EMPTY_4: &str = "................";

// ---------------------------------------------------------------------------------------------
// Answers and agreement with `propagate`

#[test]
fn small_classic_puzzles_are_solved_and_replay() {
    let four = puzzle(Kind::Classic, "1... ..2. .3.. ...4", vec![]);
    let six = puzzle(
        Kind::Classic,
        "1..4.. ..5..1 3..... .....4 6..2.. ..3..5",
        vec![],
    );
    for (p, what) in [(four, "4×4"), (six, "6×6")] {
        let outcome = agree(&p, Options::default(), what);
        assert!(
            outcome.status.has_solution(),
            "{what}: {:?}",
            outcome.status
        );
    }
}

#[test]
fn easy_nine_by_nine_puzzles_are_solved_uniquely() {
    let puzzles = puzzles("poj3074/norvig_easy50.in", Format::Poj3074);
    for (i, p) in puzzles.iter().take(20).enumerate() {
        let what = format!("norvig_easy50 #{}", i + 1);
        let outcome = agree(p, limits(2, 1_000_000), &what);
        assert_eq!(outcome.status, Status::Unique, "{what}");
    }
}

#[test]
fn the_cqoi_sample_is_solved_within_a_few_million_nodes() {
    let p = &puzzles("cqoi2013/sample1.in", Format::Cqoi)[0];
    let outcome = agree(p, limits(2, 5_000_000), "cqoi sample1");
    assert!(outcome.status.has_solution());
}

#[test]
fn the_empty_four_by_four_grid_has_288_solutions() {
    let p = puzzle(Kind::Classic, EMPTY_4, vec![]);
    let outcome = agree(&p, limits(1000, 1_000_000), "empty 4×4");
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.stats.solutions, 288);
    assert_eq!(outcome.solutions.len(), 2, "two solutions are kept");
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
}

#[test]
fn the_solution_limit_stops_at_the_first_solution() {
    let p = puzzle(Kind::Classic, EMPTY_4, vec![]);
    let outcome = agree(&p, limits(1, 1_000_000), "empty 4×4, limit 1");
    assert_eq!(outcome.status, Status::Solved);
    // Cell order and smallest digit first: the first solution found is the least in
    // reading order.
    assert_eq!(
        outcome.solutions[0],
        vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    );
}

#[test]
fn a_filled_grid_is_its_own_unique_solution() {
    let p = puzzle(Kind::Classic, "1234 3412 2143 4321", vec![]);
    let outcome = agree(&p, Options::default(), "full 4×4");
    assert_eq!(outcome.status, Status::Unique);
    assert_eq!(outcome.stats.guesses, 0);
}

#[test]
fn unsolvable_puzzles_end_unsolvable() {
    let cases = [
        // r1c4 can hold nothing: 1, 2 and 3 are in its row, 4 in its column.
        (
            puzzle(Kind::Classic, "123. ...4 .... ....", vec![]),
            "no digit for a cell",
        ),
        // Two equal givens in a row (the puzzle is not validated first).
        (
            puzzle(Kind::Classic, "1..1 .... .... ....", vec![]),
            "clashing givens",
        ),
        // Givens that break a relation between them.
        (
            puzzle(
                Kind::Inequality,
                "21.. .... .... ....",
                vec![less("r1c1", "r1c2")],
            ),
            "givens against a relation",
        ),
        // A cycle of relations.
        (
            puzzle(
                Kind::Futoshiki,
                "... ... ...",
                vec![
                    less("r1c1", "r1c2"),
                    less("r1c2", "r2c2"),
                    less("r2c2", "r2c1"),
                    less("r2c1", "r1c1"),
                ],
            ),
            "cycle",
        ),
    ];
    for (p, what) in &cases {
        let outcome = agree(p, Options::default(), what);
        assert_eq!(outcome.status, Status::Unsolvable, "{what}");
        assert!(outcome.solutions.is_empty(), "{what}");
        assert!(outcome.stats.contradictions > 0, "{what}");
    }
}

#[test]
fn generated_inequality_and_futoshiki_puzzles_agree_with_propagate() {
    let shapes = shapes("inequality 4, futoshiki 4, futoshiki 5, classic 6");
    let from_a_grid = |kind, size, rng: &mut Rng| from_grid(kind, size, 25, 60, rng);
    let options = limits(100, 2_000_000);
    for (outcome, what) in
        agree_in_rounds((0x9E37_79B9_7F4A_7C15, 60), &shapes, from_a_grid, options)
    {
        assert!(outcome.status.has_solution(), "{what}");
    }
}

#[test]
fn a_futoshiki_read_off_a_latin_square_has_that_square_as_its_answer() {
    let mut rng = Rng(7);
    let p = from_grid(Kind::Futoshiki, 5, 0, 100, &mut rng);
    assert_eq!(p.relations().len(), 40, "every adjacent pair is related");
    let outcome = agree(&p, limits(2, 1_000_000), "5×5 futoshiki, all relations");
    assert!(outcome.status.has_solution());
}

#[test]
fn random_possibly_contradictory_puzzles_agree_with_propagate() {
    let shapes = shapes("classic 4, inequality 4, futoshiki 3, futoshiki 4");
    let options = limits(50, 1_000_000);
    let unsolvable = agree_in_rounds((0xDEAD_BEEF, 150), &shapes, random_puzzle, options)
        .filter(|(outcome, _)| outcome.status == Status::Unsolvable)
        .count();
    assert!(
        unsolvable > 0,
        "the generator makes some unsolvable puzzles"
    );
}

// ---------------------------------------------------------------------------------------------
// Events and statistics

#[test]
fn placements_alone_replay_every_single_candidate_cell() {
    let mut rng = Rng(11);
    let mut cases = vec![
        puzzles("cqoi2013/sample1.in", Format::Cqoi).remove(0),
        puzzles("poj3074/norvig_easy50.in", Format::Poj3074).remove(0),
        puzzle(Kind::Classic, EMPTY_4, vec![]),
        puzzle(Kind::Classic, "123. ...4 .... ....", vec![]),
    ];
    for _ in 0..20 {
        cases.push(from_grid(Kind::Futoshiki, 5, 20, 50, &mut rng));
        cases.push(random_puzzle(Kind::Inequality, 4, &mut rng));
    }
    for (i, p) in cases.iter().enumerate() {
        let mut search = Naive::new(p, limits(100, 2_000_000), PlacedCheck::new(p));
        search.run();
        let nodes = search.stats().nodes;
        assert_eq!(search.observer().result(), Ok(nodes), "case {i}: {p:?}");
    }
}

/// Counts what the engine reports, by kind.
#[derive(Default)]
struct Tally {
    places: [u64; Rule::COUNT],
    guesses: u64,
    backtracks: u64,
    contradictions: u64,
    solutions: u64,
    rounds: u64,
    eliminations: [u64; Rule::COUNT],
}

impl Observer for Tally {
    fn round(&mut self, _: usize, _: &[u32]) {
        self.rounds += 1;
    }
    fn place(&mut self, _: usize, _: u8, rule: Rule, _: Via, _: usize) {
        assert!(
            matches!(rule, Rule::Given | Rule::NakedSingle),
            "naive places givens and cells its eliminations leave single, not {rule:?}"
        );
        self.places[rule as usize] += 1;
    }
    fn eliminate(&mut self, _: usize, removed: DigitSet, rule: Rule, _: Via, _: usize) {
        assert_eq!(removed.len(), 1, "one digit per elimination");
        self.eliminations[rule as usize] += 1;
    }
    fn guess(&mut self, _: usize, _: u8, rule: Rule, _: usize) {
        assert_eq!(rule, Rule::Guess);
        self.guesses += 1;
    }
    fn backtrack(&mut self, _: usize) {
        self.backtracks += 1;
    }
    fn contradiction(&mut self, _: Option<usize>, _: u8, _: Via, _: usize) {
        self.contradictions += 1;
    }
    fn solution(&mut self, _: &[u8], _: usize) {
        self.solutions += 1;
    }
}

#[test]
fn statistics_count_exactly_the_reported_events() {
    let p = &puzzles("cqoi2013/sample1.in", Format::Cqoi)[0];
    let easy = &puzzles("poj3074/norvig_easy50.in", Format::Poj3074)[0];
    let empty = puzzle(Kind::Classic, EMPTY_4, vec![]);
    for (p, solution_limit) in [(p, 2), (easy, 2), (&empty, 1000)] {
        let mut search = Naive::new(p, limits(solution_limit, 5_000_000), Tally::default());
        search.run();
        let (s, t) = (search.stats(), search.observer());
        assert_eq!(s.nodes, t.rounds);
        assert_eq!(s.guesses, t.guesses);
        assert_eq!(s.backtracks, t.backtracks);
        assert_eq!(s.contradictions, t.contradictions);
        assert_eq!(s.solutions, t.solutions);
        for rule in [Rule::Given, Rule::NakedSingle] {
            assert_eq!(s.placements[rule as usize], t.places[rule as usize]);
        }
        assert_eq!(s.placements[Rule::Guess as usize], s.guesses);
        for rule in [Rule::Peer, Rule::Relation, Rule::Refutation] {
            assert_eq!(s.eliminations[rule as usize], t.eliminations[rule as usize]);
        }
        // A backtrack removes the failed digit from its cell, except the ones that end the
        // search past a solution limit (none here: every search ran to the end).
        assert_eq!(s.eliminations[Rule::Refutation as usize], s.backtracks);
        assert_eq!(s.probes, 0);
    }
}

#[test]
fn relation_eliminations_name_the_relation() {
    // r1c1 = 3 is given and r1c1 < r1c2: at r1c2's node, 1 and 2 go by the relation, 3 by
    // the peer (which comes first for a digit both rule out).
    struct Seen(Vec<(usize, u8, Rule, Via)>);
    impl Observer for Seen {
        fn eliminate(
            &mut self,
            cell: usize,
            removed: DigitSet,
            rule: Rule,
            via: Via,
            depth: usize,
        ) {
            if depth == 0 && rule != Rule::Refutation {
                self.0.push((cell, removed.min().unwrap(), rule, via));
            }
        }
    }
    let p = puzzle(
        Kind::Inequality,
        "3... .... .... ....",
        vec![less("r1c1", "r1c2")],
    );
    let mut search = Naive::new(&p, Options::default(), Seen(Vec::new()));
    search.advance(1);
    assert_eq!(
        search.observer().0,
        vec![
            (1, 1, Rule::Relation, Via::Relation(0)),
            (1, 2, Rule::Relation, Via::Relation(0)),
            (1, 3, Rule::Peer, Via::Cell(0)),
        ]
    );
    assert_eq!(search.depth(), 1, "then 4 is guessed");
    assert_eq!(search.grid()[1], 1 << 3);
}

#[test]
fn the_largest_grids_are_searched_without_trouble() {
    // A 25×25 grid with its first band's top two rows cleared: each empty cell keeps the two
    // digits its column misses.
    let mut rng = Rng(25);
    let mut givens = solved_grid(25, Some((5, 5)), &mut rng);
    givens[..50].fill(0);
    let p = Puzzle::new(Kind::Classic, 25, givens, vec![]).unwrap();
    let outcome = agree(&p, limits(2, 1_000_000), "25×25, two rows empty");
    assert!(outcome.status.has_solution());
    // An empty 25×25 Futoshiki: far too big to exhaust; the limit stops it.
    let empty = Puzzle::new(Kind::Futoshiki, 25, vec![0; 625], vec![]).unwrap();
    let mut search = Naive::new(&empty, limits(2, 20_000), ReplayCheck::new(&empty));
    let status = search.run();
    assert!(matches!(status, Status::Multiple | Status::LimitReached));
    search.observer().result().expect("the trace replays");
}

// ---------------------------------------------------------------------------------------------
// Resuming, resetting, limits

#[test]
fn advancing_one_node_at_a_time_ends_as_a_single_run() {
    let cases = [
        puzzles("poj3074/norvig_easy50.in", Format::Poj3074).remove(3),
        puzzle(Kind::Classic, EMPTY_4, vec![]),
        puzzle(Kind::Classic, "123. ...4 .... ....", vec![]),
    ];
    for p in &cases {
        let options = limits(20, 1_000_000);
        let mut whole = Naive::new(p, options, Silent);
        whole.run();
        let mut stepped = Naive::new(p, options, ReplayCheck::new(p));
        let mut calls = 0u64;
        let status = loop {
            let before = stepped.stats().nodes;
            calls += 1;
            match stepped.advance(1) {
                Progress::Running => {
                    assert_eq!(stepped.stats().nodes, before + 1, "one node per call");
                    assert!(stepped.status().is_none());
                }
                Progress::Done(status) => break status,
                other => panic!("not known to this test: {other:?}"),
            }
        };
        assert!(calls >= whole.stats().nodes);
        assert_eq!(Some(status), whole.status());
        assert_eq!(stepped.outcome(), whole.outcome());
        stepped.observer().result().expect("the trace replays");
        assert_eq!(
            stepped.advance(1),
            Progress::Done(status),
            "a finished search stays finished"
        );
    }
}

#[test]
fn reset_starts_over_and_reuses_the_search() {
    let puzzles = puzzles("poj3074/norvig_easy50.in", Format::Poj3074);
    let four = puzzle(Kind::Classic, EMPTY_4, vec![]);
    let mut search = Naive::new(&puzzles[0], limits(2, 1_000_000), Silent);
    search.advance(10);
    for p in [&puzzles[1], &four, &puzzles[2], &puzzles[2]] {
        search.reset(p);
        assert_eq!(search.stats().nodes, 0);
        assert!(search.status().is_none());
        search.run();
        let mut fresh = Naive::new(p, limits(2, 1_000_000), Silent);
        fresh.run();
        assert_eq!(search.outcome(), fresh.outcome());
    }
}

#[test]
fn the_node_limit_stops_the_search_cleanly() {
    let hardest = puzzles("poj3074/norvig_hardest.in", Format::Poj3074);
    let p = &hardest[0];
    let limit = 20_000;
    let mut search = Naive::new(p, limits(2, limit), ReplayCheck::new(p));
    assert_eq!(search.run(), Status::LimitReached);
    assert_eq!(search.status(), Some(Status::LimitReached));
    assert!(search.stats().work() >= limit);
    assert!(search.stats().work() <= limit + 1);
    search.observer().result().expect("the trace replays");
    assert_eq!(search.advance(5), Progress::Done(Status::LimitReached));
    let outcome = search.outcome();
    assert_eq!(outcome.status, Status::LimitReached);
    assert_eq!(search.grid().len(), 81);
}

#[test]
fn an_observer_can_stop_the_search() {
    struct StopAfter(u64);
    impl Observer for StopAfter {
        fn round(&mut self, _: usize, _: &[u32]) {
            self.0 = self.0.saturating_sub(1);
        }
        fn stop(&self) -> bool {
            self.0 == 0
        }
    }
    let p = puzzle(Kind::Classic, EMPTY_4, vec![]);
    let mut search = Naive::new(&p, limits(1000, 1_000_000), StopAfter(7));
    assert_eq!(search.run(), Status::LimitReached);
    assert_eq!(search.stats().nodes, 7);
}

#[test]
fn the_engine_enum_runs_naive_on_every_kind() {
    let mut rng = Rng(42);
    for (kind, size) in [
        (Kind::Classic, 4),
        (Kind::Inequality, 4),
        (Kind::Futoshiki, 5),
    ] {
        let p = from_grid(kind, size, 30, 70, &mut rng);
        let mut engine = Engine::new(EngineKind::Naive, &p, Options::default(), Silent)
            .expect("naive supports every kind");
        assert_eq!(engine.kind(), EngineKind::Naive);
        let status = engine.run();
        assert!(status.has_solution());
        assert_eq!(engine.outcome().status, status);
    }
}

// ---------------------------------------------------------------------------------------------
// Measurement (release mode): `cargo test --release --test naive -- --ignored --nocapture`

#[test]
#[ignore = "a measurement: minutes in debug, about a minute in release"]
fn measure_top95_within_ten_million_nodes() {
    let puzzles = puzzles("poj3074/norvig_top95.in", Format::Poj3074);
    let limit = 10_000_000;
    let (mut nodes, mut seconds) = (0u64, 0f64);
    let mut unfinished = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let start = std::time::Instant::now();
        let mut search = Naive::new(p, limits(2, limit), Silent);
        let status = search.run();
        let took = start.elapsed().as_secs_f64();
        nodes += search.stats().nodes;
        seconds += took;
        println!(
            "top95 #{:>2}: {:<10} {:>9} nodes {:>8.3} s",
            i + 1,
            status.name(),
            search.stats().nodes,
            took
        );
        if status == Status::LimitReached {
            unfinished.push(i + 1);
        } else {
            assert_eq!(status, Status::Unique, "top95 #{}", i + 1);
            verify(p, &search.solutions()[0]).unwrap();
        }
    }
    println!(
        "{} of {} unfinished within {limit} nodes: {unfinished:?}",
        unfinished.len(),
        puzzles.len()
    );
    println!(
        "{nodes} nodes in {seconds:.2} s: {:.1} ns per node",
        seconds * 1e9 / nodes as f64
    );
}
