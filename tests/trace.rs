//! The trace replays exactly: for every engine and every level, the records decoded and
//! applied to the start state reproduce the engine's own state at every round and its
//! answers, on samples of every corpus in ../shared/data. Every placement and elimination has
//! a cause chain that ends at a given, a guess, or a relation of the puzzle.

use std::path::PathBuf;

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::trace::{Event, EventKind, Level, Recorder, Replay, TraceOptions, RECORD_WORDS};
use sudoku_lab::{DigitSet, Engine, EngineKind, Observer, Options, Puzzle, Rule, Status, Via};

fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path)
}

/// Up to `count` puzzles spread evenly over a corpus file.
fn sample(path: &str, format: &str, count: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(data(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let format = Format::parse(format).unwrap();
    let options = ReadOptions {
        alphabet: path.contains("sixteen/").then_some(Alphabet::Letters),
        ..ReadOptions::default()
    };
    let all: Vec<Puzzle> = formats::read(&text, format, options)
        .map(|e| e.unwrap_or_else(|e| panic!("{path}: {e}")).puzzle)
        .collect();
    let step = all.len().div_ceil(count).max(1);
    all.into_iter().step_by(step).take(count).collect()
}

/// Records through a [`Recorder`] and, at every round and solution, decodes the records
/// written since the last look, applies them to a [`Replay`] and compares with the engine.
struct Checked {
    recorder: Recorder,
    level: Level,
    replay: Replay,
    decoded: usize,
    events: Vec<Event>,
    rounds: u64,
    error: Option<String>,
}

impl Checked {
    fn new(puzzle: &Puzzle, level: Level) -> Checked {
        let options = TraceOptions {
            level,
            max_events: u64::MAX,
        };
        Checked {
            recorder: Recorder::new(puzzle, options),
            level,
            replay: Replay::new(puzzle),
            decoded: 0,
            events: Vec::new(),
            rounds: 0,
            error: None,
        }
    }

    fn sync(&mut self) {
        let words = &self.recorder.records()[self.decoded * RECORD_WORDS..];
        let new = match Event::decode_all(words) {
            Ok(new) => new,
            Err(e) => {
                self.error.get_or_insert(e);
                return;
            }
        };
        self.decoded += new.len();
        for e in new {
            if let Err(err) = self.replay.apply(&e) {
                self.error.get_or_insert(err);
            }
            self.events.push(e);
        }
    }

    fn fail(&mut self, message: String) {
        self.error.get_or_insert(message);
    }
}

/// The digit of every single-candidate cell of a grid, 0 elsewhere.
fn values(grid: &[u32]) -> Vec<u8> {
    grid.iter()
        .map(|&m| {
            if m.count_ones() == 1 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect()
}

impl Observer for Checked {
    fn round(&mut self, depth: usize, grid: &[u32]) {
        self.recorder.round(depth, grid);
        self.sync();
        self.rounds += 1;
        if self.error.is_some() {
            return;
        }
        match self.level {
            Level::Full if self.replay.grid() != grid => {
                let c = (0..grid.len()).find(|&c| self.replay.grid()[c] != grid[c]);
                let c = c.unwrap_or(0);
                self.fail(format!(
                    "round {}: cell {c} is {:?} in the engine, {:?} replayed",
                    self.rounds,
                    DigitSet::from_bits(grid[c]),
                    DigitSet::from_bits(self.replay.grid()[c])
                ));
            }
            Level::Placements if self.replay.values() != values(grid) => {
                self.fail(format!("round {}: placed digits differ", self.rounds));
            }
            _ => {}
        }
        if self.replay.depth() != depth && self.level != Level::Decisions {
            self.fail(format!(
                "round {} at depth {depth}, replayed depth {}",
                self.rounds,
                self.replay.depth()
            ));
        }
    }

    fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
        self.recorder.place(cell, digit, rule, via, depth);
    }

    fn eliminate(&mut self, cell: usize, removed: DigitSet, rule: Rule, via: Via, depth: usize) {
        self.recorder.eliminate(cell, removed, rule, via, depth);
    }

    fn guess(&mut self, cell: usize, digit: u8, rule: Rule, depth: usize) {
        self.recorder.guess(cell, digit, rule, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.recorder.backtrack(depth);
    }

    fn contradiction(&mut self, cell: usize, digit: u8, via: Via, depth: usize) {
        self.recorder.contradiction(cell, digit, via, depth);
    }

    fn solution(&mut self, grid: &[u8], depth: usize) {
        self.recorder.solution(grid, depth);
        self.sync();
        if self.level != Level::Decisions && self.replay.values() != grid {
            self.fail("a solution differs from the replayed grid".to_string());
        }
    }
}

/// Every place and eliminate event leads, cause by cause, to a given, a guess or probe, or an
/// uncaused relation elimination (a constraint of the puzzle itself). Causes come first.
/// Below the full level those relation eliminations are not recorded, so with relations in
/// the puzzle a chain may also end at a placement without a recorded cause.
fn check_causes(events: &[Event], relation_roots: bool) -> Result<(), String> {
    let mut rooted = vec![false; events.len()];
    for (i, e) in events.iter().enumerate() {
        if e.seq as usize != i {
            return Err(format!("event {i} has seq {}", e.seq));
        }
        rooted[i] = match e.cause {
            Some(c) if c as usize >= i => {
                return Err(format!("event {i} names a later cause {c}"));
            }
            Some(c) if events[c as usize].kind == EventKind::Round => {
                return Err(format!("event {i} names a round as its cause"));
            }
            Some(c) => rooted[c as usize],
            None => {
                matches!(
                    (e.kind, e.rule),
                    (EventKind::Place, Some(Rule::Given))
                        | (EventKind::Guess, _)
                        | (EventKind::Eliminate, Some(Rule::Relation))
                ) || (relation_roots && e.kind == EventKind::Place)
                    || !matches!(e.kind, EventKind::Place | EventKind::Eliminate)
            }
        };
        if matches!(e.kind, EventKind::Place | EventKind::Eliminate) && !rooted[i] {
            return Err(format!("no chain from {e:?} to a given or a guess"));
        }
    }
    Ok(())
}

fn options_for(engine: EngineKind) -> Options {
    Options {
        // The naive engine cannot finish hard puzzles; a prefix of its trace must still replay.
        // DLX needs millions of nodes on the hard public 16×16 puzzles.
        node_limit: match engine {
            EngineKind::Naive => 20_000,
            EngineKind::Dlx => 200_000,
            EngineKind::Propagate => Options::default().node_limit,
        },
        ..Options::default()
    }
}

/// Traces `puzzle` with every engine that supports it at every level; checks replay, causes,
/// the counts against the statistics, and that finished engines agree.
fn check_puzzle(puzzle: &Puzzle, what: &str) {
    let mut verdicts: Vec<(EngineKind, Status, Vec<Vec<u8>>)> = Vec::new();
    for engine in engines() {
        if !engine.supports(puzzle.kind()) {
            continue;
        }
        for level in Level::ALL {
            let checked = Checked::new(puzzle, level);
            let mut search = Engine::new(engine, puzzle, options_for(engine), checked).unwrap();
            let status = search.run();
            let stats = search.stats().clone();
            let solutions = search.solutions().to_vec();
            let checked = search.observer_mut();
            checked.sync();
            let context = format!("{what}, {engine} at level {}", level.name());
            if let Some(e) = &checked.error {
                panic!("{context}: {e}");
            }
            let relation_roots = level != Level::Full && !puzzle.relations().is_empty();
            check_causes(&checked.events, relation_roots)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            let count = |kind: EventKind, rule: Option<Rule>| {
                checked
                    .events
                    .iter()
                    .filter(|e| e.kind == kind && (rule.is_none() || e.rule == rule))
                    .count() as u64
            };
            assert_eq!(
                count(EventKind::Guess, Some(Rule::Guess)),
                stats.guesses,
                "{context}"
            );
            assert_eq!(
                count(EventKind::Guess, Some(Rule::Probe)),
                stats.probes,
                "{context}"
            );
            assert_eq!(
                count(EventKind::Solution, None),
                stats.solutions,
                "{context}"
            );
            assert_eq!(
                count(EventKind::Contradiction, None),
                stats.contradictions,
                "{context}"
            );
            if level != Level::Decisions {
                assert_eq!(count(EventKind::Round, None), stats.nodes, "{context}");
            }
            if level == Level::Full {
                // Placements and guesses take a cell's other candidates with them: those
                // eliminations are counted in the statistics but not reported one by one.
                let implied: u64 = [
                    Rule::Given,
                    Rule::Guess,
                    Rule::HiddenSingleRow,
                    Rule::HiddenSingleColumn,
                    Rule::HiddenSingleBlock,
                ]
                .iter()
                .map(|&r| stats.eliminations[r as usize])
                .sum();
                assert_eq!(
                    count(EventKind::Eliminate, None),
                    stats.total_eliminations() - implied,
                    "{context}"
                );
            }
            if level == Level::Full {
                for s in &solutions {
                    puzzle
                        .check_answer(s)
                        .unwrap_or_else(|e| panic!("{context}: {e}"));
                }
                verdicts.push((engine, status, solutions));
            }
        }
    }
    let finished: Vec<_> = verdicts
        .iter()
        .filter(|(_, status, _)| *status != Status::LimitReached)
        .collect();
    for pair in finished.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert_eq!(
            a.1, b.1,
            "{what}: {} says {}, {} says {}",
            a.0, a.1, b.0, b.1
        );
        if a.1 == Status::Unique {
            assert_eq!(a.2, b.2, "{what}: {} and {} differ", a.0, b.0);
        }
    }
    assert!(
        verdicts
            .iter()
            .any(|(e, s, _)| *e == EngineKind::Propagate && *s != Status::LimitReached),
        "{what}: propagate must finish"
    );
}

fn engines() -> Vec<EngineKind> {
    match std::env::var("ENGINES") {
        Ok(list) => list.split(',').filter_map(EngineKind::parse).collect(),
        Err(_) => EngineKind::ALL.to_vec(),
    }
}

fn check_corpus(path: &str, format: &str, count: usize) {
    for (i, puzzle) in sample(path, format, count).iter().enumerate() {
        check_puzzle(puzzle, &format!("{path} #{}", i + 1));
    }
}

#[test]
fn poj3074_corpora_replay_for_every_engine_and_level() {
    check_corpus("poj3074/sample.in", "poj3074", 10);
    check_corpus("poj3074/acwing169_sample.in", "poj3074", 10);
    check_corpus("poj3074/norvig_easy50.in", "poj3074", 10);
    check_corpus("poj3074/norvig_top95.in", "poj3074", 8);
    check_corpus("poj3074/norvig_hardest.in", "poj3074", 4);
    check_corpus("poj3074/royle_sudoku17_first1000.in", "poj3074", 8);
    check_corpus("poj3074/royle_sudoku17_all.in", "poj3074", 4);
}

#[test]
fn bench9_corpora_replay_for_every_engine_and_level() {
    check_corpus("bench9/puzzles2_17_clue", "line", 3);
    check_corpus("bench9/puzzles3_magictour_top1465", "line", 3);
    check_corpus("bench9/puzzles5_forum_hardest_1905_11+", "line", 3);
    check_corpus("bench9/puzzles6_forum_hardest_1106", "line", 3);
    check_corpus("bench9/puzzles7_serg_benchmark", "line", 3);
    check_corpus("bench9/kaggle3m_subset_puzzles", "line", 3);
}

#[test]
fn sixteen_by_sixteen_corpora_replay_for_every_engine_and_level() {
    check_corpus("poj3076/sample.in", "poj3076", 1);
    check_corpus("poj3076/multi_case_all.in", "poj3076", 3);
    check_corpus("poj3076/spoj_variant/sample.in", "poj3076", 1);
    for name in [
        "etiennedupere_sudoku16",
        "etiennedupere_sudoku16_e",
        "hexadoku_easy1",
        "hexadoku_hard1",
        "hexadoku_medium1",
        "kylebibler_sudoku16",
        "lumenghe_sudoku16",
    ] {
        check_corpus(&format!("poj3076/converted/{name}.in"), "poj3076", 1);
    }
    check_corpus("sixteen/generated_200_AP.txt", "line", 3);
    // The hard public set: propagate escalates to probing here, so trials are traced too.
    check_corpus("sixteen/public_120_AP.txt", "line", 3);
}

#[test]
fn cqoi_corpora_replay_for_every_engine_and_level() {
    for name in [
        "sample1",
        "sample2",
        "sample1_spaced_layout",
        "sample2_garbled_line_breaks",
        "sample2_trailing_spaces_no_final_newline",
    ] {
        check_corpus(&format!("cqoi2013/{name}.in"), "cqoi", 1);
    }
    let mut files: Vec<_> = ["unique", "multi"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(data(&format!("cqoi2013/derived/{dir}"))).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    for path in files.iter().step_by(25) {
        let rel = path
            .strip_prefix(data(""))
            .unwrap()
            .to_string_lossy()
            .into_owned();
        check_corpus(&rel, "cqoi", 1);
    }
}

#[test]
fn futoshiki_and_small_grids_replay_for_every_engine_and_level() {
    let picture = "5 futoshiki\n\
        . | . < . | . | .\n\
        - - ^ - -\n\
        . > . | . | . | .\n\
        v - - - -\n\
        . | . | 3 | . | .\n\
        - - - - -\n\
        . | . | . < . | .\n\
        - ^ - - -\n\
        . | . | . | . | .\n";
    for entry in formats::read(picture, Format::Picture, ReadOptions::default()) {
        check_puzzle(&entry.unwrap().puzzle, "5×5 futoshiki");
    }
    for size in [4, 6, 8] {
        check_puzzle(
            &Puzzle::classic(vec![0; size * size]).unwrap(),
            "empty grid",
        );
    }
}

#[test]
fn an_unsolvable_puzzle_traces_its_contradictions() {
    // Row 1 holds 1..8 and r2c9 holds 9: r1c9 has no candidate left.
    let mut givens = vec![0u8; 81];
    for (c, g) in givens.iter_mut().take(8).enumerate() {
        *g = c as u8 + 1;
    }
    givens[17] = 9;
    check_puzzle(&Puzzle::classic(givens).unwrap(), "unsolvable");
}
