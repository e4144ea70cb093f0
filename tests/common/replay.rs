//! The replay check of the trace tests: a search traced at every level, its records decoded
//! and applied to the start state, the engine's state compared at every round, and every
//! event's causes, premises and step checked against what the replayed state says.

use super::data;
use super::event_counts::check_event_counts;
use super::placed::single_values;
use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::logic::Technique;
use sudoku_lab::trace::{
    check_step_order, Event, EventKind, Level, PremiseReader, Recorder, Replay, Steps,
    TraceOptions, RECORD_WORDS,
};
use sudoku_lab::{
    DigitSet, Engine, EngineKind, Observer, Options, Puzzle, Rule, Search, Status, Via,
};

/// Up to `count` puzzles spread evenly over a corpus file.
pub fn sample(path: &str, format: &str, count: usize) -> Vec<Puzzle> {
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

/// Which event removed each candidate and placed each cell on the path to the current
/// state, from the events alone: a table per depth, copied when a branch opens and dropped
/// when it closes. A removal of `d` from a cell is its elimination, or the placement or guess
/// of the cell as another digit while `d` was a candidate.
struct Origins {
    size: usize,
    puzzle: Puzzle,
    /// Per depth: `removed[cell * size + d - 1]`, then `placed[cell]` (`u32::MAX`: none).
    removed: Vec<Vec<u32>>,
    placed: Vec<Vec<u32>>,
    last: Option<u32>,
    last_backtrack: Option<u32>,
    /// The basis announced for the technique events that follow.
    basis: Vec<(usize, u32)>,
}

impl Origins {
    fn new(puzzle: &Puzzle) -> Origins {
        let (size, cells) = (puzzle.size(), puzzle.size() * puzzle.size());
        Origins {
            size,
            puzzle: puzzle.clone(),
            removed: vec![vec![u32::MAX; cells * size]],
            placed: vec![vec![u32::MAX; cells]],
            last: None,
            last_backtrack: None,
            basis: Vec::new(),
        }
    }

    /// The event that removed `digit` from `cell`; an error when none did.
    fn removal(&self, cell: usize, digit: u8) -> Result<u32, String> {
        let id = self.removed.last().unwrap()[cell * self.size + digit as usize - 1];
        if id == u32::MAX {
            return Err(format!("no event removed {digit} from cell {cell}"));
        }
        Ok(id)
    }

    /// The premises `e` must name by its rule, from the state before it (`grid`: the
    /// replayed candidates).
    fn expected(&self, e: &Event) -> Result<Vec<u32>, String> {
        let n = self.size as u8;
        let geometry = self.puzzle.geometry();
        let cell = e.cell.map(usize::from);
        let house = |h: u8| geometry.house(h as usize).iter().map(|&c| c as usize);
        let mut list = Vec::new();
        match (e.kind, e.rule, e.via, cell) {
            (EventKind::Place, Some(Rule::NakedSingle), _, Some(c)) => {
                for d in (1..=n).filter(|&d| d != e.digit) {
                    list.push(self.removal(c, d)?);
                }
            }
            (EventKind::Place, Some(r), Via::House(h), Some(c)) if r != Rule::Given => {
                for other in house(h).filter(|&o| o != c) {
                    list.push(self.removal(other, e.digit)?);
                }
            }
            (EventKind::Eliminate, Some(Rule::Peer), Via::Cell(v), _) => {
                match self.placed.last().unwrap()[v as usize] {
                    u32::MAX => return Err(format!("{e:?}: the peer was never placed")),
                    id => list.push(id),
                }
            }
            (EventKind::Eliminate, Some(Rule::Relation), Via::Relation(i), Some(c)) => {
                let r = self.puzzle.relations()[i as usize];
                let (lo, hi) = (r.smaller.index(self.size), r.larger.index(self.size));
                if c == hi {
                    for below in 1..e.digit {
                        list.push(self.removal(lo, below)?);
                    }
                } else {
                    assert_eq!(c, lo, "{e:?}");
                    for above in e.digit + 1..=n {
                        list.push(self.removal(hi, above)?);
                    }
                }
            }
            (
                EventKind::Eliminate,
                Some(Rule::Marker | Rule::Negative),
                Via::Marker(i),
                Some(c),
            ) => {
                // Worked out from the markers here, not from the engine's tables: the other
                // cell lost every digit the marker (or the negative constraint) pairs with
                // this one.
                let (a, b, pairs) = marker_pair(&self.puzzle, i as usize)?;
                let other = if c == a { b } else { a };
                for d in (1..=n).filter(|&d| d != e.digit && pairs(e.digit, d)) {
                    list.push(self.removal(other, d)?);
                }
            }
            (
                EventKind::Eliminate,
                Some(Rule::LockedCandidates),
                Via::Confined { house: h, to },
                _,
            ) => {
                let to: Vec<usize> = house(to).collect();
                for other in house(h).filter(|o| !to.contains(o)) {
                    list.push(self.removal(other, e.digit)?);
                }
            }
            (
                EventKind::Eliminate | EventKind::Place,
                Some(Rule::Technique),
                Via::Technique(_),
                _,
            ) => {
                for &(c, digits) in &self.basis {
                    for d in DigitSet::from_bits(digits).iter() {
                        list.push(self.removal(c, d)?);
                    }
                }
            }
            (EventKind::Eliminate, Some(Rule::Refutation | Rule::Disjunction), _, _) => {
                list.extend(self.last_backtrack);
            }
            (EventKind::Contradiction, _, Via::House(h), _) => {
                for other in house(h) {
                    list.push(self.removal(other, e.digit)?);
                }
            }
            // Two placed cells that break a relation or a marker: the two placements.
            (EventKind::Contradiction, _, Via::Relation(i), None) => {
                let r = self.puzzle.relations()[i as usize];
                for c in [r.smaller.index(self.size), r.larger.index(self.size)] {
                    list.push(self.placed.last().unwrap()[c]);
                }
            }
            (EventKind::Contradiction, _, Via::Marker(i), None) => {
                let (a, b, _) = marker_pair(&self.puzzle, i as usize)?;
                for c in [a, b] {
                    list.push(self.placed.last().unwrap()[c]);
                }
            }
            (EventKind::Contradiction, _, Via::Cell(_), Some(c)) => {
                for d in 1..=n {
                    list.push(self.removal(c, d)?);
                }
            }
            (EventKind::Backtrack | EventKind::Solution, _, _, _) => list.extend(self.last),
            (EventKind::Round | EventKind::Guess, _, _, _)
            | (EventKind::Place, Some(Rule::Given), _, _) => {}
            _ => return Err(format!("{e:?}: a rule and via no engine reports")),
        }
        list.sort_unstable();
        list.dedup();
        Ok(list)
    }

    /// Notes what `e` removed and placed; `grid` is the replayed state before it.
    fn apply(&mut self, e: &Event, grid: &[u32]) {
        let n = self.size;
        if e.kind == EventKind::Guess {
            let (removed, placed) = (self.removed.last().unwrap(), self.placed.last().unwrap());
            self.removed.push(removed.clone());
            self.placed.push(placed.clone());
        }
        let (removed, placed) = (
            self.removed.last_mut().unwrap(),
            self.placed.last_mut().unwrap(),
        );
        match (e.kind, e.cell.map(usize::from)) {
            (EventKind::Place | EventKind::Guess, Some(c)) => {
                for d in DigitSet::from_bits(grid[c])
                    .iter()
                    .filter(|&d| d != e.digit)
                {
                    removed[c * n + d as usize - 1] = e.seq;
                }
                placed[c] = e.seq;
            }
            (EventKind::Eliminate, Some(c)) => removed[c * n + e.digit as usize - 1] = e.seq,
            (EventKind::Backtrack, _) => {
                self.removed.pop();
                self.placed.pop();
                self.last_backtrack = Some(e.seq);
            }
            _ => {}
        }
        if e.kind != EventKind::Round {
            self.last = Some(e.seq);
        }
    }
}

/// Records through a [`Recorder`] and, at every round and solution, decodes the records
/// written since the last look with their premises, applies them to a [`Replay`] and compares
/// with the engine; at the full level also checks each event's premises by [`Origins`].
struct Checked {
    recorder: Recorder,
    level: Level,
    replay: Replay,
    origins: Origins,
    decoded: usize,
    premise_words: usize,
    events: Vec<Event>,
    premises: Vec<Vec<u32>>,
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
            origins: Origins::new(puzzle),
            decoded: 0,
            premise_words: 0,
            events: Vec::new(),
            premises: Vec::new(),
            rounds: 0,
            error: None,
        }
    }

    fn sync(&mut self) {
        let words = &self.recorder.records()[self.decoded * RECORD_WORDS..];
        let table = &self.recorder.premises()[self.premise_words..];
        let new = match Event::decode_all(words) {
            Ok(new) => new,
            Err(e) => {
                self.error.get_or_insert(e);
                return;
            }
        };
        let lists = match PremiseReader::read_all(&new, table) {
            Ok(lists) => lists,
            Err(e) => {
                self.error.get_or_insert(e);
                return;
            }
        };
        self.decoded += new.len();
        self.premise_words += table.len();
        for (e, premises) in new.into_iter().zip(lists) {
            if self.level == Level::Full && self.error.is_none() {
                match self.origins.expected(&e) {
                    Ok(expected) if expected == premises => {}
                    Ok(expected) => {
                        self.fail(format!(
                            "{e:?} names premises {premises:?}, its rule rests on {expected:?}"
                        ));
                    }
                    Err(why) => self.fail(format!("{e:?}: {why}")),
                }
                self.origins.apply(&e, self.replay.grid());
            }
            if let Err(err) = self.replay.apply(&e) {
                self.error.get_or_insert(err);
            }
            self.events.push(e);
            self.premises.push(premises);
        }
    }

    fn fail(&mut self, message: String) {
        self.error.get_or_insert(message);
    }
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
            Level::Placements if self.replay.values() != single_values(grid) => {
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

    fn basis(&mut self, absent: &[(usize, u32)]) {
        // The events so far rest on the basis before this one.
        self.sync();
        self.recorder.basis(absent);
        self.origins.basis = absent.to_vec();
    }

    fn backtrack(&mut self, depth: usize) {
        self.recorder.backtrack(depth);
    }

    fn contradiction(&mut self, cell: Option<usize>, digit: u8, via: Via, depth: usize) {
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

/// Marker rule `i` of `puzzle` (the order of `Puzzle::pair_rules`: the markers, then every
/// unmarked adjacent pair in reading order when there are negative constraints), as its two
/// cell indices and the digit pairs it allows — derived from the puzzle's markers here.
#[allow(clippy::type_complexity)]
fn marker_pair(
    puzzle: &Puzzle,
    i: usize,
) -> Result<(usize, usize, Box<dyn Fn(u8, u8) -> bool + '_>), String> {
    let n = puzzle.size();
    let markers = puzzle.markers();
    if let Some(m) = markers.get(i) {
        let kind = m.kind;
        return Ok((
            m.a.index(n),
            m.b.index(n),
            Box::new(move |x, y| kind.holds(x, y)),
        ));
    }
    let mut k = markers.len();
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 == n || c2 == n {
                    continue;
                }
                let (a, b) = (r * n + c, r2 * n + c2);
                if markers
                    .iter()
                    .any(|m| m.a.index(n) == a && m.b.index(n) == b)
                {
                    continue;
                }
                if k == i {
                    let negative = puzzle.negative();
                    return Ok((
                        a,
                        b,
                        Box::new(move |x, y| !negative.iter().any(|k| k.holds(x, y))),
                    ));
                }
                k += 1;
            }
        }
    }
    Err(format!("no marker rule {i}"))
}

/// Every place and eliminate event leads, cause by cause, to a given, a guess or probe, or an
/// uncaused relation elimination or chain bound (a constraint of the puzzle itself). Causes come first.
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
                        | (EventKind::Eliminate, Some(Rule::Marker | Rule::Negative))
                ) || (e.kind == EventKind::Eliminate
                    // A chain bound rests on the relations alone, like a relation bound; a
                    // marker technique on its markers alone, like a marker rule.
                    && Technique::ALL.into_iter().any(|t| {
                        (t == Technique::ChainBound || t.uses_markers())
                            && e.via == Via::Technique(t as u8)
                    }))
                    || (relation_roots && e.kind == EventKind::Place)
                    || !matches!(e.kind, EventKind::Place | EventKind::Eliminate)
            }
        };
        if matches!(e.kind, EventKind::Place | EventKind::Eliminate) && !rooted[i] {
            return Err(format!("no chain from {e:?} to a given or a guess"));
        }
    }
    Ok(())
}

/// At every level: each premise is an earlier event, not a round; the lists ascend without
/// repeats and end at the cause.
fn check_premises(events: &[Event], premises: &[Vec<u32>]) -> Result<(), String> {
    for (e, list) in events.iter().zip(premises) {
        if !list.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("{e:?}: premises {list:?} not ascending"));
        }
        if list.last().copied() != e.cause {
            return Err(format!(
                "{e:?}: premises {list:?} end elsewhere than the cause"
            ));
        }
        for &p in list {
            if p >= e.seq || events[p as usize].kind == EventKind::Round {
                return Err(format!("{e:?}: premise {p} is not an earlier event"));
            }
        }
    }
    Ok(())
}

/// Groups the events into steps and checks what the grouping promises (`trace::Steps`):
/// steps are numbered by their first event; every premise is in the same step or an earlier
/// one; a placement and every decision heads its step (but a direct form's placement, which
/// joins its technique step: the same technique's removals head it), and no event joins a
/// step from before the last decision; and the events replayed in step order fit the state
/// at every event and give the grid of `seq` order at every decision and at the end. Returns
/// the steps.
fn check_steps(
    puzzle: &Puzzle,
    events: &[Event],
    premises: &[Vec<u32>],
) -> Result<Vec<u32>, String> {
    let mut steps = Steps::new();
    let mut step_of = Vec::with_capacity(events.len());
    let (mut floor, mut seen) = (0, 0);
    for (e, list) in events.iter().zip(premises) {
        let step = steps.push(e, list)?;
        let new = step == seen;
        if step > seen || steps.count() != seen + new as u32 {
            return Err(format!(
                "{e:?}: step {step} after {seen} steps ({} counted)",
                steps.count()
            ));
        }
        let placement = e.kind == EventKind::Place && e.rule != Some(Rule::Given);
        let direct = placement && e.rule == Some(Rule::Technique) && !new && {
            let head = &events[step_of.iter().position(|&s| s == step).unwrap_or(0)];
            head.kind == EventKind::Eliminate
                && head.rule == Some(Rule::Technique)
                && head.via == e.via
        };
        if (placement && !direct || e.kind.is_decision()) && !new {
            return Err(format!(
                "{e:?} joins step {step} instead of heading its own"
            ));
        }
        if e.kind.is_decision() {
            floor = step;
        } else if step < floor {
            return Err(format!(
                "{e:?} joins step {step}, from before the decision of step {floor}"
            ));
        }
        for &p in list {
            if step_of[p as usize] > step {
                return Err(format!(
                    "{e:?} in step {step} rests on event {p} of step {}",
                    step_of[p as usize]
                ));
            }
        }
        step_of.push(step);
        seen += new as u32;
    }
    check_step_order(puzzle, events, &step_of)?;
    Ok(step_of)
}

fn options_for(engine: EngineKind) -> Options {
    Options {
        // The naive engine cannot finish hard puzzles; a prefix of its trace must still replay.
        // DLX needs millions of nodes on the hard public 16×16 puzzles.
        node_limit: match engine {
            EngineKind::Naive => 20_000,
            EngineKind::Dlx => 200_000,
            // A step per node: the hard 16×16 puzzles take many guesses by technique too.
            EngineKind::Logic => 20_000,
            EngineKind::Propagate => Options::default().node_limit,
            other => panic!("not known to this test: {other:?}"),
        },
        ..Options::default()
    }
}

/// Traces `puzzle` with every engine that supports it at every level; checks replay, causes,
/// the counts against the statistics, and that finished engines agree.
pub fn check_puzzle(puzzle: &Puzzle, what: &str) {
    let mut verdicts: Vec<(EngineKind, Status, Vec<Vec<u8>>)> = Vec::new();
    for engine in engines() {
        if engine.refusal(puzzle).is_some() {
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
            let relation_roots =
                level != Level::Full && (!puzzle.relations().is_empty() || puzzle.has_markers());
            check_causes(&checked.events, relation_roots)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            check_premises(&checked.events, &checked.premises)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            check_event_counts(&checked.events, &stats, level)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            check_steps(puzzle, &checked.events, &checked.premises)
                .unwrap_or_else(|e| panic!("{context}: steps: {e}"));
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
                let eliminations = checked
                    .events
                    .iter()
                    .filter(|e| e.kind == EventKind::Eliminate)
                    .count() as u64;
                assert_eq!(
                    eliminations,
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

pub fn engines() -> Vec<EngineKind> {
    match std::env::var("ENGINES") {
        Ok(list) => list.split(',').filter_map(EngineKind::parse).collect(),
        Err(_) => EngineKind::ALL.to_vec(),
    }
}
