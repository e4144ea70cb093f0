//! The trace: what a search did and why, as compact integer records, and their replay.
//!
//! Every engine reports to an [`Observer`] by one protocol (see the trait). The [`Recorder`]
//! turns those reports into events, each with the sequence numbers of the events it depends
//! on — its *premises* — so a reader can walk from any elimination back, through the whole
//! derivation, to givens, guesses and relations of the puzzle. [`Tracer`] is the streaming
//! handle: `advance(budget)` returns the records produced so far and their premise lists;
//! dropping it cancels the search.
//!
//! # Record layout
//!
//! One event is [`RECORD_WORDS`] = 5 little-endian `u32` words. This table is the one
//! definition; `www/js/records.js` mirrors it and `tests/golden/` keeps the two in step.
//!
//! | word | bits   | field                                                               |
//! |------|--------|---------------------------------------------------------------------|
//! | 0    | 0–31   | `seq`: 0, 1, 2, … in the order the events happened                  |
//! | 1    | 0–7    | `kind`: 0 round, 1 place, 2 eliminate, 3 guess, 4 backtrack, 5 contradiction, 6 solution |
//! | 1    | 8–15   | `rule`: [`Rule`] as a number, 255 for none                          |
//! | 1    | 16–31  | `depth`: open branches when the event happened                      |
//! | 2    | 0–15   | `cell`: row-major index, 65535 for none                             |
//! | 2    | 16–23  | `digit`: 1..=25, 0 for none                                         |
//! | 2    | 24–31  | 0                                                                   |
//! | 3    | 0–31   | `cause`: the latest premise (the largest `seq` among them), `u32::MAX` for none |
//! | 4    | 24–31  | `via` tag: 0 nothing, 1 cell, 2 house, 3 relation, 4 confined       |
//! | 4    | 0–23   | `via` payload: cell index, house number, relation index, or `house \| to << 8` |
//!
//! Houses are numbered rows `0..n`, columns `n..2n`, blocks `2n..3n`; relations by their
//! index in the puzzle's list.
//!
//! # Premise table
//!
//! Beside its records, a batch carries one `u32` array of premise lists: for every event of
//! the batch with **two or more** premises, in `seq` order, the entry
//!
//! ```text
//!  seq │ count │ p1 │ p2 │ … │ p_count        premises ascending, distinct, each < seq
//! ```
//!
//! so `cause` = `p_count`. The premises of event `s` are its entry if it has one, else
//! `[cause]` if `cause` is not none, else none. ([`PremiseReader`] reads by this rule;
//! `www/js/records.js` mirrors it.) An event with one premise or none costs no word here.
//! A list holds at most N premises for size N (a cell without candidates names the removal of
//! each of its N digits), so an entry is at most N + 2 words, and a batch's table at most
//! N + 2 words per record.
//!
//! # Events and premises
//!
//! A *removal* of digit `d` from a cell is the elimination of `d` there, or the placement
//! (given, single or guess) of the cell as another digit while `d` was still a candidate.
//!
//! | kind | meaning | premises |
//! |---|---|---|
//! | round | a node's propagation starts | — |
//! | place | the cell holds only `digit` (given, naked or hidden single) | naked single: the removal of every other digit of the cell; hidden single in house `h`: the removal of the digit from every other cell of `h`; given: — |
//! | eliminate | `digit` leaves the cell | peer: the placement of the `via` cell; relation `lo < hi`, `hi` losing `d`: the removal of every `e < d` from `lo` (none for `d` = 1: the relation alone rules it out), `lo` losing `d`: the removal of every `e > d` from `hi` (none for `d` = N); locked candidates (`via` confined `house` to `to`): the removal of the digit from every cell of `house` outside `to`; refutation and disjunction: the backtrack that ended the trial |
//! | guess | a branch (rule guess) or a trial (rule probe): the cell is set to `digit` one level down | — |
//! | backtrack | the branch at `depth` is over; back to `depth - 1` | the event that ended it (the last one before) |
//! | contradiction | a cell without candidates (`via` the cell), or a digit without a place in a house (`via` the house) | the removal of each digit of the cell / of the digit from every cell of the house |
//! | solution | every cell placed | the last event |
//!
//! At coarser [`Level`]s the events not recorded are transparent: a premise that would name
//! one names *its* latest premise instead (what its `cause` would have been), recursively,
//! and the list is deduplicated. Only the full level gives complete premise lists; below it a
//! list names, for each removal it rests on, the latest recorded event behind it. So at every
//! level a chain of premises ends at a given, a guess, or — the puzzle's own constraints — a
//! relation elimination without premises; below the full level those relation eliminations
//! are not recorded, and a chain that began there ends at a placement without premises.

use crate::digits::{DigitSet, MAX_SIZE};
use crate::geometry::Geometry;
use crate::puzzle::{Problem, Puzzle};
use crate::search::{Engine, EngineKind, Observer, Options, Progress, Rule, Stats, Status, Via};

/// `u32` words per event record.
pub const RECORD_WORDS: usize = 5;

/// "None" in the `cause` word.
pub const NO_CAUSE: u32 = u32::MAX;

const NO_CELL: u32 = 0xFFFF;
const NO_RULE: u32 = 0xFF;

/// What happened.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum EventKind {
    Round = 0,
    Place = 1,
    Eliminate = 2,
    Guess = 3,
    Backtrack = 4,
    Contradiction = 5,
    Solution = 6,
}

impl EventKind {
    pub const ALL: [EventKind; 7] = [
        EventKind::Round,
        EventKind::Place,
        EventKind::Eliminate,
        EventKind::Guess,
        EventKind::Backtrack,
        EventKind::Contradiction,
        EventKind::Solution,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            EventKind::Round => "round",
            EventKind::Place => "place",
            EventKind::Eliminate => "eliminate",
            EventKind::Guess => "guess",
            EventKind::Backtrack => "backtrack",
            EventKind::Contradiction => "contradiction",
            EventKind::Solution => "solution",
        }
    }
}

/// How much of a search the trace records.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Level {
    /// Guesses, backtracks, contradictions and solutions: the shape of the search tree.
    Decisions,
    /// Also every placement, and the start of every propagation round.
    Placements,
    /// Also every eliminated candidate.
    #[default]
    Full,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Decisions, Level::Placements, Level::Full];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Decisions => "decisions",
            Level::Placements => "placements",
            Level::Full => "full",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }

    /// Whether events of `kind` are recorded at this level.
    pub const fn records(self, kind: EventKind) -> bool {
        match kind {
            EventKind::Guess
            | EventKind::Backtrack
            | EventKind::Contradiction
            | EventKind::Solution => true,
            EventKind::Round | EventKind::Place => !matches!(self, Level::Decisions),
            EventKind::Eliminate => matches!(self, Level::Full),
        }
    }
}

/// One decoded event record (see the module docs for the layout). Its premises beyond the
/// cause are in the batch's premise table ([`PremiseReader`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Event {
    pub seq: u32,
    pub kind: EventKind,
    pub rule: Option<Rule>,
    pub depth: u16,
    pub cell: Option<u16>,
    pub digit: u8,
    /// The latest premise.
    pub cause: Option<u32>,
    pub via: Via,
}

impl Event {
    /// Appends the record's words to `out`.
    pub fn encode(&self, out: &mut Vec<u32>) {
        let rule = self.rule.map_or(NO_RULE, |r| r as u32);
        let (tag, payload) = match self.via {
            Via::Nothing => (0, 0),
            Via::Cell(c) => (1, c as u32),
            Via::House(h) => (2, h as u32),
            Via::Relation(r) => (3, r as u32),
            Via::Confined { house, to } => (4, house as u32 | (to as u32) << 8),
        };
        out.extend_from_slice(&[
            self.seq,
            self.kind as u32 | rule << 8 | (self.depth as u32) << 16,
            self.cell.map_or(NO_CELL, u32::from) | (self.digit as u32) << 16,
            self.cause.unwrap_or(NO_CAUSE),
            tag << 24 | payload,
        ]);
    }

    /// Decodes one record; fails on a word that no encoder writes.
    pub fn decode(words: &[u32]) -> Result<Event, String> {
        let [seq, w1, w2, cause, via] = words else {
            return Err(format!(
                "a record has {RECORD_WORDS} words, not {}",
                words.len()
            ));
        };
        let kind = EventKind::ALL
            .get((w1 & 0xFF) as usize)
            .copied()
            .ok_or_else(|| format!("event {seq}: unknown kind {}", w1 & 0xFF))?;
        let rule = match (w1 >> 8) & 0xFF {
            NO_RULE => None,
            r => Some(
                Rule::ALL
                    .get(r as usize)
                    .copied()
                    .ok_or_else(|| format!("event {seq}: unknown rule {r}"))?,
            ),
        };
        let payload = via & 0xFF_FFFF;
        let via = match via >> 24 {
            0 => Via::Nothing,
            1 => Via::Cell(payload as u16),
            2 => Via::House(payload as u8),
            3 => Via::Relation(payload as u16),
            4 => Via::Confined {
                house: payload as u8,
                to: (payload >> 8) as u8,
            },
            tag => return Err(format!("event {seq}: unknown via tag {tag}")),
        };
        Ok(Event {
            seq: *seq,
            kind,
            rule,
            depth: (w1 >> 16) as u16,
            cell: match w2 & 0xFFFF {
                NO_CELL => None,
                c => Some(c as u16),
            },
            digit: ((w2 >> 16) & 0xFF) as u8,
            cause: (*cause != NO_CAUSE).then_some(*cause),
            via,
        })
    }

    /// Decodes a buffer of records.
    pub fn decode_all(words: &[u32]) -> Result<Vec<Event>, String> {
        if words.len() % RECORD_WORDS != 0 {
            return Err(format!(
                "{} words is not a whole number of records",
                words.len()
            ));
        }
        words.chunks(RECORD_WORDS).map(Event::decode).collect()
    }
}

/// Reads a premise table (see the module docs) beside the events of its batch, asked for in
/// `seq` order: the premises of each by the reader rule — its entry, else its cause, else
/// none. Checks the table as it goes: entries in `seq` order, of events of the batch, with
/// two premises or more, ascending, distinct, earlier than their event and ending at its
/// cause.
#[derive(Clone, Debug)]
pub struct PremiseReader<'a> {
    table: &'a [u32],
    at: usize,
}

impl<'a> PremiseReader<'a> {
    pub fn new(table: &'a [u32]) -> PremiseReader<'a> {
        PremiseReader { table, at: 0 }
    }

    /// The premises of `event`, the next event of the batch, into `out` (emptied first).
    pub fn read(&mut self, event: &Event, out: &mut Vec<u32>) -> Result<(), String> {
        out.clear();
        let seq = event.seq;
        match self.table.get(self.at) {
            Some(&entry) if entry < seq => {
                return Err(format!(
                    "the premise entry of event {entry} comes after event {}, or it has no record",
                    seq - 1
                ))
            }
            Some(&entry) if entry == seq => {
                let count = *self
                    .table
                    .get(self.at + 1)
                    .ok_or_else(|| format!("the premise entry of event {seq} has no count"))?
                    as usize;
                let list = self
                    .table
                    .get(self.at + 2..self.at + 2 + count)
                    .ok_or_else(|| format!("the premise entry of event {seq} is cut short"))?;
                if count < 2 {
                    return Err(format!(
                        "event {seq} has a premise entry of {count}: one premise is the cause"
                    ));
                }
                if !list.windows(2).all(|w| w[0] < w[1]) {
                    return Err(format!("the premises of event {seq} are not ascending"));
                }
                if list[count - 1] >= seq {
                    return Err(format!("event {seq} names a later premise"));
                }
                if event.cause != Some(list[count - 1]) {
                    return Err(format!("event {seq}: the cause is not the latest premise"));
                }
                out.extend_from_slice(list);
                self.at += 2 + count;
            }
            _ => out.extend(event.cause),
        }
        Ok(())
    }

    /// Fails when entries are left that no event asked for.
    pub fn finish(&self) -> Result<(), String> {
        match self.table.get(self.at) {
            None => Ok(()),
            Some(seq) => Err(format!(
                "a premise entry of event {seq}, which is not in the batch"
            )),
        }
    }

    /// The premises of every event of a batch, by the reader rule.
    pub fn read_all(events: &[Event], table: &[u32]) -> Result<Vec<Vec<u32>>, String> {
        let mut reader = PremiseReader::new(table);
        let lists = events
            .iter()
            .map(|e| {
                let mut list = Vec::new();
                reader.read(e, &mut list).map(|()| list)
            })
            .collect::<Result<Vec<_>, String>>()?;
        reader.finish()?;
        Ok(lists)
    }
}

/// Applies events to a puzzle's start state (every digit possible in every cell), keeping
/// one candidate grid per depth, by the protocol of [`Observer`]. Checks each event against
/// the state: an event that does not fit (a digit eliminated twice, a depth out of step) is an
/// error.
#[derive(Clone, Debug)]
pub struct Replay {
    cells: usize,
    /// Grids of depths `0..=depth`, each `cells` long.
    stack: Vec<u32>,
    depth: usize,
}

impl Replay {
    pub fn new(puzzle: &Puzzle) -> Replay {
        let cells = puzzle.size() * puzzle.size();
        Replay {
            cells,
            stack: vec![DigitSet::full(puzzle.size()).bits(); cells],
            depth: 0,
        }
    }

    /// The candidate grid at the current depth.
    pub fn grid(&self) -> &[u32] {
        &self.stack[self.depth * self.cells..]
    }

    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The digit of every placed cell (0 where more than one candidate is left).
    pub fn values(&self) -> Vec<u8> {
        self.grid()
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
    }

    pub fn apply(&mut self, e: &Event) -> Result<(), String> {
        let at_depth = |expected: usize| {
            if e.depth as usize == expected {
                Ok(())
            } else {
                Err(format!(
                    "event {} ({}) at depth {} but the replay is at depth {}",
                    e.seq,
                    e.kind.name(),
                    e.depth,
                    self.depth
                ))
            }
        };
        let cell = || {
            e.cell
                .map(usize::from)
                .filter(|&c| c < self.cells)
                .ok_or_else(|| format!("event {} ({}) has no valid cell", e.seq, e.kind.name()))
        };
        let bit = || {
            if (1..=MAX_SIZE as u8).contains(&e.digit) {
                Ok(1u32 << (e.digit - 1))
            } else {
                Err(format!("event {} has no valid digit", e.seq))
            }
        };
        let base = self.depth * self.cells;
        match e.kind {
            EventKind::Round | EventKind::Contradiction | EventKind::Solution => {
                at_depth(self.depth)
            }
            EventKind::Place | EventKind::Eliminate => {
                at_depth(self.depth)?;
                let (c, bit) = (cell()?, bit()?);
                let m = &mut self.stack[base + c];
                if *m & bit == 0 {
                    return Err(format!(
                        "event {}: {} is not a candidate of cell {c}",
                        e.seq, e.digit
                    ));
                }
                *m = if e.kind == EventKind::Place {
                    bit
                } else {
                    *m & !bit
                };
                Ok(())
            }
            EventKind::Guess => {
                at_depth(self.depth + 1)?;
                let (c, bit) = (cell()?, bit()?);
                if self.stack[base + c] & bit == 0 {
                    return Err(format!(
                        "event {}: guessed {} is not a candidate of cell {c}",
                        e.seq, e.digit
                    ));
                }
                self.stack.extend_from_within(base..base + self.cells);
                self.depth += 1;
                self.stack[base + self.cells + c] = bit;
                Ok(())
            }
            EventKind::Backtrack => {
                at_depth(self.depth)?;
                if self.depth == 0 {
                    return Err(format!("event {}: backtrack from the root", e.seq));
                }
                self.depth -= 1;
                self.stack.truncate((self.depth + 1) * self.cells);
                Ok(())
            }
        }
    }
}

/// An observer that replays what an engine reports and compares, at every round, the
/// replayed grid with the engine's own: the test that an engine keeps the protocol.
#[derive(Clone, Debug)]
pub struct ReplayCheck {
    replay: Replay,
    seq: u32,
    rounds: u64,
    error: Option<String>,
}

impl ReplayCheck {
    pub fn new(puzzle: &Puzzle) -> ReplayCheck {
        ReplayCheck {
            replay: Replay::new(puzzle),
            seq: 0,
            rounds: 0,
            error: None,
        }
    }

    /// The first disagreement found, if any, and the number of rounds compared.
    pub fn result(&self) -> Result<u64, String> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(self.rounds),
        }
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    fn apply(&mut self, kind: EventKind, depth: usize, cell: usize, digit: u8) {
        if self.error.is_some() {
            return;
        }
        let event = Event {
            seq: self.seq,
            kind,
            rule: None,
            depth: depth as u16,
            cell: (cell < self.replay.cells).then_some(cell as u16),
            digit,
            cause: None,
            via: Via::Nothing,
        };
        self.seq += 1;
        if let Err(e) = self.replay.apply(&event) {
            self.error = Some(e);
        }
    }
}

impl Observer for ReplayCheck {
    fn round(&mut self, depth: usize, grid: &[u32]) {
        self.apply(EventKind::Round, depth, usize::MAX, 0);
        self.rounds += 1;
        if self.error.is_none() && self.replay.grid() != grid {
            let c = (0..grid.len())
                .find(|&c| self.replay.grid()[c] != grid[c])
                .unwrap_or(0);
            self.error = Some(format!(
                "round {} (event {}): cell {c} is {:?} in the engine but {:?} in the replay",
                self.rounds,
                self.seq,
                DigitSet::from_bits(grid[c]),
                DigitSet::from_bits(self.replay.grid()[c])
            ));
        }
    }

    fn place(&mut self, cell: usize, digit: u8, _: Rule, _: Via, depth: usize) {
        self.apply(EventKind::Place, depth, cell, digit);
    }

    fn eliminate(&mut self, cell: usize, removed: DigitSet, _: Rule, _: Via, depth: usize) {
        for digit in removed.iter() {
            self.apply(EventKind::Eliminate, depth, cell, digit);
        }
    }

    fn guess(&mut self, cell: usize, digit: u8, _: Rule, depth: usize) {
        self.apply(EventKind::Guess, depth, cell, digit);
    }

    fn backtrack(&mut self, depth: usize) {
        self.apply(EventKind::Backtrack, depth, usize::MAX, 0);
    }

    fn contradiction(&mut self, _: usize, _: u8, _: Via, depth: usize) {
        self.apply(EventKind::Contradiction, depth, usize::MAX, 0);
    }

    fn solution(&mut self, grid: &[u8], depth: usize) {
        self.apply(EventKind::Solution, depth, usize::MAX, 0);
        if self.error.is_none() && self.replay.values() != grid {
            self.error = Some(format!(
                "solution {grid:?} differs from the replayed grid {:?}",
                self.replay.values()
            ));
        }
    }
}

/// What a trace records, and when it stops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TraceOptions {
    pub level: Level,
    /// The search stops at the first node boundary once this many events are recorded; the
    /// records stop exactly at the limit. Above [`TraceOptions::MAX_EVENTS`] it acts as
    /// that ceiling.
    pub max_events: u64,
}

impl TraceOptions {
    /// The default event budget: about 20 MB of records.
    pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000;
    /// The most events one trace records: 200 MB of records, which a page keeps whole to
    /// play them back, and their premise tables (measured at the full level: 9–16 bytes
    /// more per event at 9×9 and 16×16, so 290–360 MB in all; at `placements` up to 55).
    /// (A `seq` is a `u32`, so a ceiling is needed anyway.) The CLI and the wasm module
    /// refuse a larger `max_events`.
    pub const MAX_EVENTS: u64 = 10_000_000;
}

impl Default for TraceOptions {
    fn default() -> TraceOptions {
        TraceOptions {
            level: Level::Full,
            max_events: TraceOptions::DEFAULT_MAX_EVENTS,
        }
    }
}

/// Which array a trail entry restores.
const TRAIL_REMOVED: u32 = 0;
const TRAIL_PLACED: u32 = 1 << 31;
const TRAIL_INDEX: u32 = (1 << 31) - 1;

/// The observer that writes the trace: one record per event at its [`Level`], and the premise
/// table beside the records, derived from a mirror of the engine's state (the ids of the
/// events that removed each candidate and placed each cell), undone on backtrack by a trail.
///
/// Only the recorder computes premises, and only while it records: an untraced search runs
/// the engines with [`crate::search::Silent`], whose hooks are empty.
pub struct Recorder {
    options: TraceOptions,
    geometry: &'static Geometry,
    size: usize,
    relations: Vec<(u16, u16)>,
    replay: Replay,
    /// `removed_at[cell * size + d - 1]`: the event that removed `d` from `cell`.
    removed_at: Vec<u32>,
    /// The event that placed each cell.
    placed_at: Vec<u32>,
    /// While `ascending` — at the full level, until the event budget runs out: every event
    /// is recorded, so ids only grow — `removals[cell * size..][..removal_count[cell]]` holds
    /// the ids of the events that removed candidates of `cell`, ascending: a naked single's
    /// premise list without a sort (measured: a tenth of the full level's time at 16×16).
    /// Below the full level an unrecorded event's id is an older one, and lists are sorted.
    /// Undone with the `removed_at` entries of the trail.
    removals: Vec<u32>,
    removal_count: Vec<u8>,
    ascending: bool,
    trail: Vec<(u32, u32)>,
    marks: Vec<usize>,
    last_id: u32,
    last_backtrack: u32,
    next_seq: u32,
    records: Vec<u32>,
    /// The premise table of `records` (see the module docs).
    premises: Vec<u32>,
    /// The premises of the event being reported, gathered in any order (with `NO_CAUSE` for
    /// none) and sorted by [`Recorder::emit`]: one buffer for every event, never reallocated
    /// once it has held the largest list (N + 1).
    scratch: Vec<u32>,
    full: bool,
    /// Words of records at which the search pauses (see [`Observer::pause`]); set by
    /// [`Tracer`], which takes the records after every call. `None`: never.
    pause_at: Option<usize>,
}

impl Recorder {
    pub fn new(puzzle: &Puzzle, options: TraceOptions) -> Recorder {
        let size = puzzle.size();
        let cells = size * size;
        // Above the ceiling the budget is the ceiling: the one place it is applied.
        let options = TraceOptions {
            max_events: options.max_events.min(TraceOptions::MAX_EVENTS),
            ..options
        };
        Recorder {
            options,
            geometry: puzzle.geometry(),
            size,
            relations: puzzle
                .relations()
                .iter()
                .map(|r| (r.smaller.index(size) as u16, r.larger.index(size) as u16))
                .collect(),
            replay: Replay::new(puzzle),
            removed_at: vec![NO_CAUSE; cells * size],
            placed_at: vec![NO_CAUSE; cells],
            removals: vec![NO_CAUSE; cells * size],
            removal_count: vec![0; cells],
            ascending: options.level == Level::Full,
            trail: Vec::new(),
            marks: Vec::new(),
            last_id: NO_CAUSE,
            last_backtrack: NO_CAUSE,
            next_seq: 0,
            records: Vec::new(),
            premises: Vec::new(),
            scratch: Vec::with_capacity(size + 1),
            full: false,
            pause_at: None,
        }
    }

    /// Events recorded so far.
    pub fn events(&self) -> u64 {
        self.next_seq as u64
    }

    /// True once the event budget cut the trace short.
    pub fn limit_reached(&self) -> bool {
        self.full
    }

    /// The records written since the last call, handed over without copying. Take
    /// [`Recorder::take_premises`] with them: the table belongs to these records.
    pub fn take_records(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.records)
    }

    /// The premise table of the records written since the last call (see the module docs).
    pub fn take_premises(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.premises)
    }

    /// All records written and not yet taken.
    pub fn records(&self) -> &[u32] {
        &self.records
    }

    /// The premise table of [`Recorder::records`].
    pub fn premises(&self) -> &[u32] {
        &self.premises
    }

    /// Records the event when its level asks for it, with the premises gathered in
    /// `scratch` (which it empties); returns its id — its `seq`, or, when not recorded, its
    /// latest premise (so premises skip over unrecorded events).
    fn emit(
        &mut self,
        kind: EventKind,
        rule: Option<Rule>,
        depth: usize,
        cell: Option<usize>,
        digit: u8,
        via: Via,
    ) -> u32 {
        let premises = &mut self.scratch;
        let recorded = self.options.level.records(kind)
            && !self.full
            && (self.next_seq as u64) < self.options.max_events;
        let cause = if recorded {
            if premises.len() > 1 {
                premises.sort_unstable();
                premises.dedup();
            }
            // `NO_CAUSE` sorts last, and is there at most once.
            if premises.last() == Some(&NO_CAUSE) {
                premises.pop();
            }
            premises.last().copied().unwrap_or(NO_CAUSE)
        } else {
            // Only the latest premise stands in for an event not recorded: no sort.
            let latest = premises.iter().copied().filter(|&p| p != NO_CAUSE).max();
            latest.unwrap_or(NO_CAUSE)
        };
        let id = if self.options.level.records(kind) && !self.full {
            if !recorded {
                self.full = true;
                // From here on ids are causes, not new seqs: no more ascending logs.
                self.ascending = false;
                cause
            } else {
                let seq = self.next_seq;
                self.next_seq += 1;
                Event {
                    seq,
                    kind,
                    rule,
                    depth: depth as u16,
                    cell: cell.map(|c| c as u16),
                    digit,
                    cause: (cause != NO_CAUSE).then_some(cause),
                    via,
                }
                .encode(&mut self.records);
                if premises.len() > 1 {
                    self.premises
                        .extend_from_slice(&[seq, premises.len() as u32]);
                    self.premises.extend_from_slice(premises);
                }
                seq
            }
        } else {
            cause
        };
        self.scratch.clear();
        // Rounds are markers, not reasons: a later premise names what happened in them.
        if id != NO_CAUSE && kind != EventKind::Round {
            self.last_id = id;
        }
        id
    }

    fn set(&mut self, which: u32, index: usize, value: u32) {
        let slot = match which {
            TRAIL_REMOVED => &mut self.removed_at[index],
            _ => &mut self.placed_at[index],
        };
        if !self.marks.is_empty() {
            self.trail.push((which | index as u32, *slot));
        }
        *slot = value;
    }

    /// Gathers the removals of the digits in `digits` from `cell`.
    fn gather_removals(&mut self, cell: usize, digits: u32) {
        let at = &self.removed_at[cell * self.size..(cell + 1) * self.size];
        let mut bits = digits;
        while bits != 0 {
            self.scratch.push(at[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
    }

    /// Gathers the removals of `digit` from the cells of house `h` that `keep` accepts.
    fn gather_house(&mut self, h: usize, digit: u8, keep: impl Fn(usize) -> bool) {
        for &c in self.geometry.house(h) {
            let c = c as usize;
            if keep(c) {
                self.scratch
                    .push(self.removed_at[c * self.size + digit as usize - 1]);
            }
        }
    }

    /// Mirrors a removal of `digit` from `cell` by event `id`.
    fn note_removal(&mut self, cell: usize, digit: u8, id: u32) {
        self.set(TRAIL_REMOVED, cell * self.size + digit as usize - 1, id);
        self.log_removal(cell, id);
    }

    /// Mirrors `cell` becoming `digit` by event `id` (its other candidates go with it).
    fn note_placement(&mut self, cell: usize, digit: u8, id: u32) {
        let others = self.replay.grid()[cell] & !(1 << (digit - 1));
        for d in DigitSet::from_bits(others).iter() {
            self.set(TRAIL_REMOVED, cell * self.size + d as usize - 1, id);
        }
        if others != 0 {
            self.log_removal(cell, id);
        }
        self.set(TRAIL_PLACED, cell, id);
    }

    /// Appends `id` to the removals of `cell` (once for an event that removed several).
    #[inline]
    fn log_removal(&mut self, cell: usize, id: u32) {
        if !self.ascending {
            return;
        }
        let count = self.removal_count[cell] as usize;
        let log = &mut self.removals[cell * self.size..];
        if count == 0 || log[count - 1] != id {
            log[count] = id;
            self.removal_count[cell] += 1;
        }
    }

    /// Undoes [`Recorder::log_removal`] of the removal `removed_at[index]` (its trail entry
    /// is being undone): the latest entry of the cell, unless an earlier entry of the same
    /// event took it already.
    #[inline]
    fn unlog_removal(&mut self, index: usize) {
        let cell = index / self.size;
        let count = self.removal_count[cell] as usize;
        if count > 0 && self.removals[cell * self.size + count - 1] == self.removed_at[index] {
            self.removal_count[cell] -= 1;
        }
    }

    fn mirror(&mut self, kind: EventKind, depth: usize, cell: usize, digit: u8) {
        let event = Event {
            seq: 0,
            kind,
            rule: None,
            depth: depth as u16,
            cell: Some(cell as u16),
            digit,
            cause: None,
            via: Via::Nothing,
        };
        // The engines keep the protocol (tested by `ReplayCheck`); a slip here would only
        // blur premises, never the search.
        let _ = self.replay.apply(&event);
    }
}

impl Observer for Recorder {
    fn round(&mut self, depth: usize, _grid: &[u32]) {
        self.emit(EventKind::Round, None, depth, None, 0, Via::Nothing);
    }

    fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via, depth: usize) {
        let bit = 1u32 << (digit - 1);
        match (rule, via) {
            (Rule::NakedSingle, _) if self.ascending => {
                let from = cell * self.size;
                let count = self.removal_count[cell] as usize;
                self.scratch
                    .extend_from_slice(&self.removals[from..from + count]);
            }
            (Rule::NakedSingle, _) => {
                let others = DigitSet::full(self.size).bits() & !bit;
                self.gather_removals(cell, others);
            }
            (_, Via::House(h)) => self.gather_house(h as usize, digit, |c| c != cell),
            _ => {}
        }
        let id = self.emit(EventKind::Place, Some(rule), depth, Some(cell), digit, via);
        self.note_placement(cell, digit, id);
        self.mirror(EventKind::Place, depth, cell, digit);
    }

    fn eliminate(&mut self, cell: usize, removed: DigitSet, rule: Rule, via: Via, depth: usize) {
        let full = DigitSet::full(self.size).bits();
        for digit in removed.iter() {
            let bit = 1u32 << (digit - 1);
            match (rule, via) {
                (Rule::Peer, Via::Cell(source)) => {
                    self.scratch.push(self.placed_at[source as usize]);
                }
                (Rule::Relation, Via::Relation(i)) => {
                    let (lo, hi) = self.relations[i as usize];
                    if cell == hi as usize {
                        // lo cannot be below `digit`: it lost every digit under it.
                        self.gather_removals(lo as usize, bit - 1);
                    } else {
                        // hi cannot be above `digit`: it lost every digit over it.
                        self.gather_removals(hi as usize, full & !(bit | (bit - 1)));
                    }
                }
                (Rule::LockedCandidates, Via::Confined { house, to }) => {
                    let geometry = self.geometry;
                    let outside = |c: usize| geometry.house_mask(c) >> to & 1 == 0;
                    self.gather_house(house as usize, digit, outside);
                }
                (Rule::Refutation | Rule::Disjunction, _) => self.scratch.push(self.last_backtrack),
                _ => {}
            }
            let id = self.emit(
                EventKind::Eliminate,
                Some(rule),
                depth,
                Some(cell),
                digit,
                via,
            );
            self.note_removal(cell, digit, id);
            self.mirror(EventKind::Eliminate, depth, cell, digit);
        }
    }

    fn guess(&mut self, cell: usize, digit: u8, rule: Rule, depth: usize) {
        self.marks.push(self.trail.len());
        let id = self.emit(
            EventKind::Guess,
            Some(rule),
            depth,
            Some(cell),
            digit,
            Via::Nothing,
        );
        // Noted against the parent grid (the candidates the guess takes away), then mirrored.
        self.note_placement(cell, digit, id);
        self.mirror(EventKind::Guess, depth, cell, digit);
    }

    fn backtrack(&mut self, depth: usize) {
        self.scratch.push(self.last_id);
        let id = self.emit(EventKind::Backtrack, None, depth, None, 0, Via::Nothing);
        self.last_backtrack = id;
        if let Some(mark) = self.marks.pop() {
            while self.trail.len() > mark {
                let Some((slot, old)) = self.trail.pop() else {
                    break;
                };
                let index = (slot & TRAIL_INDEX) as usize;
                match slot & !TRAIL_INDEX {
                    TRAIL_REMOVED => {
                        if self.ascending {
                            self.unlog_removal(index);
                        }
                        self.removed_at[index] = old;
                    }
                    _ => self.placed_at[index] = old,
                }
            }
        }
        let event = Event {
            seq: 0,
            kind: EventKind::Backtrack,
            rule: None,
            depth: depth as u16,
            cell: None,
            digit: 0,
            cause: None,
            via: Via::Nothing,
        };
        let _ = self.replay.apply(&event);
    }

    fn contradiction(&mut self, cell: usize, digit: u8, via: Via, depth: usize) {
        let cells = self.placed_at.len();
        match via {
            Via::House(h) => self.gather_house(h as usize, digit, |_| true),
            // A given whose digit is already gone (DLX, on a puzzle not validated first).
            _ if cell < cells && digit != 0 => self.gather_removals(cell, 1 << (digit - 1)),
            _ if cell < cells => self.gather_removals(cell, DigitSet::full(self.size).bits()),
            _ => {}
        }
        let cell = (cell < cells).then_some(cell);
        self.emit(EventKind::Contradiction, None, depth, cell, digit, via);
    }

    fn solution(&mut self, _grid: &[u8], depth: usize) {
        self.scratch.push(self.last_id);
        self.emit(EventKind::Solution, None, depth, None, 0, Via::Nothing);
    }

    fn stop(&self) -> bool {
        self.full
    }

    fn pause(&self) -> bool {
        self.pause_at
            .is_some_and(|words| self.records.len() >= words)
    }
}

/// What [`Tracer::advance`] hands back: the new records, their premises, and where the search
/// stands.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The records produced since the last batch, [`RECORD_WORDS`] words each, at most
    /// [`Tracer::MAX_BATCH_EVENTS`] records.
    pub records: Vec<u32>,
    /// The premise table of these records (layout in the module docs): an entry
    /// `seq, count, p1, …, p_count` for each record with two premises or more, in `seq` order.
    /// The premises of any other record are its `cause`, if it has one. At most N + 2 words
    /// per record for size N; only the full [`Level`] gives complete lists.
    pub premises: Vec<u32>,
    /// The `seq` of the first record (records are numbered across batches).
    pub first_seq: u32,
    /// `Done` once the search has ended and every record has been handed over.
    pub progress: Progress,
    pub stats: Stats,
    /// True when the search stopped because the event budget was used up.
    pub event_limit: bool,
}

/// A traced search that runs in steps: the handle the command line, the WebAssembly module
/// and the page stream from. Dropping it cancels the search.
pub struct Tracer {
    engine: Engine<Recorder>,
    /// Words of the recorder's records already handed over. A node can make more records
    /// than a batch holds (probing a large grid): they stay with the recorder, and the
    /// engine waits, until every one is handed over.
    handed: usize,
    /// Words of the recorder's premise table already handed over (the entries of the
    /// handed records).
    handed_premises: usize,
    sent: u32,
}

impl Tracer {
    /// The most records one [`Tracer::advance`] returns (1.25 MiB), whatever its budget: the
    /// engine pauses at the first node boundary past it, and what one node made beyond it
    /// comes in the next batches. This bounds what crosses to JavaScript in one call.
    pub const MAX_BATCH_EVENTS: usize = 1 << 16;

    /// Validates `puzzle` and prepares a traced search by `engine`.
    pub fn new(
        engine: EngineKind,
        puzzle: &Puzzle,
        options: Options,
        trace: TraceOptions,
    ) -> Result<Tracer, Problem> {
        puzzle.validate()?;
        let mut recorder = Recorder::new(puzzle, trace);
        recorder.pause_at = Some(Tracer::MAX_BATCH_EVENTS * RECORD_WORDS);
        Ok(Tracer {
            engine: Engine::new(engine, puzzle, options, recorder)?,
            handed: 0,
            handed_premises: 0,
            sent: 0,
        })
    }

    /// Runs about `budget` units of work (see [`Stats::work`]) and returns what they
    /// produced, at most [`Tracer::MAX_BATCH_EVENTS`] records and their premises. While
    /// records of an earlier call wait, it hands those over and runs nothing.
    pub fn advance(&mut self, budget: u64) -> Batch {
        if self.handed == self.engine.observer().records.len() {
            let recorder = self.engine.observer_mut();
            recorder.records.clear();
            recorder.premises.clear();
            self.handed = 0;
            self.handed_premises = 0;
            self.engine.advance(budget);
        }
        let recorder = self.engine.observer();
        let all = &recorder.records;
        let end = all
            .len()
            .min(self.handed + Tracer::MAX_BATCH_EVENTS * RECORD_WORDS);
        let records = all[self.handed..end].to_vec();
        self.handed = end;
        let first_seq = self.sent;
        self.sent += (records.len() / RECORD_WORDS) as u32;
        // The entries of the records handed over: those of seqs below the next batch's first.
        let table = &recorder.premises;
        let mut at = self.handed_premises;
        while at < table.len() && table[at] < self.sent {
            at += 2 + table[at + 1] as usize;
        }
        let premises = table[self.handed_premises..at].to_vec();
        self.handed_premises = at;
        Batch {
            records,
            premises,
            first_seq,
            progress: self.progress(),
            stats: self.engine.stats().clone(),
            event_limit: self.engine.observer().limit_reached(),
        }
    }

    pub fn engine(&self) -> &Engine<Recorder> {
        &self.engine
    }

    /// The status once the search has ended and every record was handed over.
    pub fn status(&self) -> Option<Status> {
        match self.progress() {
            Progress::Done(status) => Some(status),
            Progress::Running => None,
        }
    }

    fn progress(&self) -> Progress {
        match self.engine.status() {
            Some(status) if self.handed == self.engine.observer().records.len() => {
                Progress::Done(status)
            }
            _ => Progress::Running,
        }
    }

    /// The candidate grid at the current depth.
    pub fn grid(&self) -> &[u32] {
        self.engine.grid()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::puzzle::{Kind, Relation};

    #[test]
    fn records_round_trip_through_their_words() {
        let vias = [
            Via::Nothing,
            Via::Cell(624),
            Via::House(74),
            Via::Relation(1199),
            Via::Confined { house: 70, to: 3 },
        ];
        for (i, via) in vias.into_iter().enumerate() {
            let event = Event {
                seq: 7 + i as u32,
                kind: EventKind::ALL[i],
                rule: Rule::ALL.get(i * 2).copied(),
                depth: 626,
                cell: (i % 2 == 0).then_some(600),
                digit: (i * 5) as u8,
                cause: (i % 3 != 0).then_some(3),
                via,
            };
            let mut words = Vec::new();
            event.encode(&mut words);
            assert_eq!(words.len(), RECORD_WORDS);
            assert_eq!(Event::decode(&words), Ok(event));
        }
    }

    #[test]
    fn a_word_no_encoder_writes_is_refused() {
        assert!(Event::decode(&[0, 9, 0, 0, 0]).is_err(), "kind 9");
        assert!(Event::decode(&[0, 0, 0, 0, 7 << 24]).is_err(), "via tag 7");
        assert!(Event::decode_all(&[0; 7]).is_err(), "7 words");
    }

    #[test]
    fn replay_refuses_to_eliminate_a_missing_candidate() {
        let puzzle = Puzzle::classic(vec![0; 16]).unwrap();
        let mut replay = Replay::new(&puzzle);
        let mut e = Event {
            seq: 0,
            kind: EventKind::Eliminate,
            rule: Some(Rule::Peer),
            depth: 0,
            cell: Some(0),
            digit: 2,
            cause: None,
            via: Via::Nothing,
        };
        assert_eq!(replay.apply(&e), Ok(()));
        assert_eq!(replay.grid()[0], 0b1101);
        e.seq = 1;
        assert!(replay.apply(&e).is_err());
    }

    #[test]
    fn replay_keeps_a_grid_per_depth() {
        let puzzle = Puzzle::classic(vec![0; 16]).unwrap();
        let mut replay = Replay::new(&puzzle);
        let guess = Event {
            seq: 0,
            kind: EventKind::Guess,
            rule: Some(Rule::Guess),
            depth: 1,
            cell: Some(5),
            digit: 3,
            cause: None,
            via: Via::Nothing,
        };
        replay.apply(&guess).unwrap();
        assert_eq!((replay.depth(), replay.grid()[5]), (1, 0b100));
        let back = Event {
            kind: EventKind::Backtrack,
            cell: None,
            digit: 0,
            seq: 1,
            ..guess
        };
        replay.apply(&back).unwrap();
        assert_eq!((replay.depth(), replay.grid()[5]), (0, 0b1111));
        assert!(replay.apply(&back).is_err(), "depth out of step");
    }

    fn traced(puzzle: &Puzzle, level: Level) -> Vec<Event> {
        traced_with_premises(puzzle, level).0
    }

    /// Every event of a propagate trace in small batches, and the premises of each.
    fn traced_with_premises(puzzle: &Puzzle, level: Level) -> (Vec<Event>, Vec<Vec<u32>>) {
        let options = TraceOptions {
            level,
            max_events: u64::MAX,
        };
        let mut tracer =
            Tracer::new(EngineKind::Propagate, puzzle, Options::default(), options).unwrap();
        let (mut events, mut premises) = (Vec::new(), Vec::new());
        loop {
            let batch = tracer.advance(3);
            let new = Event::decode_all(&batch.records).unwrap();
            premises.extend(PremiseReader::read_all(&new, &batch.premises).unwrap());
            events.extend(new);
            if let Progress::Done(_) = batch.progress {
                return (events, premises);
            }
        }
    }

    /// Which event removed each candidate (`[cell * n + d - 1]`) after `events`, none of
    /// them in a branch: an elimination of it, or a placement of the cell as another digit.
    fn removals(puzzle: &Puzzle, events: &[Event]) -> Vec<Option<u32>> {
        let n = puzzle.size();
        let mut replay = Replay::new(puzzle);
        let mut removed = vec![None; n * n * n];
        for e in events {
            assert_eq!(e.depth, 0, "{e:?}");
            if let Some(c) = e.cell.map(usize::from) {
                match e.kind {
                    EventKind::Place => {
                        for d in DigitSet::from_bits(replay.grid()[c]).iter() {
                            if d != e.digit {
                                removed[c * n + d as usize - 1] = Some(e.seq);
                            }
                        }
                    }
                    EventKind::Eliminate => removed[c * n + e.digit as usize - 1] = Some(e.seq),
                    _ => {}
                }
            }
            replay.apply(e).unwrap();
        }
        removed
    }

    /// The removals of `digit` from `cells`, ascending; each must have happened.
    fn removals_of(removed: &[Option<u32>], n: usize, cells: &[usize], digits: &[u8]) -> Vec<u32> {
        let mut list: Vec<u32> = cells
            .iter()
            .flat_map(|&c| digits.iter().map(move |&d| (c, d)))
            .map(|(c, d)| removed[c * n + d as usize - 1].expect("a removal"))
            .collect();
        list.sort_unstable();
        list.dedup();
        list
    }

    #[test]
    fn a_peer_elimination_is_caused_by_the_placement_of_its_peer() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        let puzzle = Puzzle::classic(givens).unwrap();
        let events = traced(&puzzle, Level::Full);
        let given = events
            .iter()
            .find(|e| e.kind == EventKind::Place && e.rule == Some(Rule::Given))
            .unwrap();
        let peer = events
            .iter()
            .find(|e| e.rule == Some(Rule::Peer) && e.via == Via::Cell(0))
            .unwrap();
        assert_eq!(peer.digit, 1);
        assert_eq!(peer.cause, Some(given.seq));
    }

    #[test]
    fn a_hidden_single_rests_on_the_removal_of_its_digit_from_every_other_cell_of_its_house() {
        // 4×4 with 1 at r2c3 and r3c2: in row 1, r1c2 loses 1 to r3c2 (column), r1c3 and
        // r1c4 to r2c3 (block): r1c1 is the only place left for 1.
        let mut givens = vec![0; 16];
        givens[6] = 1;
        givens[9] = 1;
        let puzzle = Puzzle::classic(givens).unwrap();
        let (events, premises) = traced_with_premises(&puzzle, Level::Full);
        let s = events
            .iter()
            .position(|e| e.rule == Some(Rule::HiddenSingleRow))
            .unwrap();
        let e = events[s];
        assert_eq!((e.cell, e.digit, e.via), (Some(0), 1, Via::House(0)));
        let removed = removals(&puzzle, &events[..s]);
        assert_eq!(premises[s], removals_of(&removed, 4, &[1, 2, 3], &[1]));
        let by: Vec<_> = premises[s]
            .iter()
            .map(|&p| {
                let p = events[p as usize];
                (p.kind, p.cell, p.digit, p.via)
            })
            .collect();
        let peer = |cell, via| (EventKind::Eliminate, Some(cell), 1, Via::Cell(via));
        assert_eq!(by.len(), 3, "one removal per other cell of the row");
        for expected in [peer(1, 9), peer(2, 6), peer(3, 6)] {
            assert!(by.contains(&expected), "{expected:?} in {by:?}");
        }
        assert_eq!(e.cause, premises[s].last().copied());
    }

    #[test]
    fn a_naked_single_rests_on_the_removal_of_each_other_candidate() {
        // 4×4 with r1c2 = 1, r1c3 = 2, r2c1 = 3: r1c1 can only be 4.
        let mut givens = vec![0; 16];
        (givens[1], givens[2], givens[4]) = (1, 2, 3);
        let puzzle = Puzzle::classic(givens).unwrap();
        let (events, premises) = traced_with_premises(&puzzle, Level::Full);
        let s = events
            .iter()
            .position(|e| e.rule == Some(Rule::NakedSingle) && e.cell == Some(0))
            .unwrap();
        assert_eq!(events[s].digit, 4);
        let removed = removals(&puzzle, &events[..s]);
        assert_eq!(premises[s], removals_of(&removed, 4, &[0], &[1, 2, 3]));
        let by: Vec<_> = premises[s]
            .iter()
            .map(|&p| events[p as usize])
            .map(|p| (p.kind, p.cell, p.digit, p.via))
            .collect();
        for (digit, given) in [(1, 1), (2, 2), (3, 4)] {
            let expected = (EventKind::Eliminate, Some(0), digit, Via::Cell(given));
            assert!(by.contains(&expected), "{expected:?} in {by:?}");
        }
    }

    #[test]
    fn a_relation_elimination_rests_on_the_partner_losing_every_digit_past_it() {
        // 4×4 Futoshiki, r1c1 < r1c2, r3c2 = 4 and r4c2 = 3: r1c2 keeps 1 and 2. So r1c2
        // loses 1 (r1c1 is at least 1: the relation alone), and r1c1 loses 2 (r1c2 lost 3 and
        // 4), 3 (r1c2 lost 4) and 4 (nothing above 4: the relation alone).
        let mut givens = vec![0; 16];
        (givens[9], givens[13]) = (4, 3);
        let rel = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
        let puzzle = Puzzle::new(Kind::Futoshiki, 4, givens, vec![rel]).unwrap();
        let (events, premises) = traced_with_premises(&puzzle, Level::Full);
        let by_relation = |cell: u16, digit: u8| {
            let s = events
                .iter()
                .position(|e| {
                    e.rule == Some(Rule::Relation) && e.cell == Some(cell) && e.digit == digit
                })
                .unwrap_or_else(|| panic!("r1c{} loses {digit} by the relation", cell + 1));
            assert_eq!(events[s].via, Via::Relation(0));
            assert_eq!(events[s].cause, premises[s].last().copied());
            (premises[s].clone(), removals(&puzzle, &events[..s]))
        };
        assert_eq!(by_relation(1, 1).0, Vec::<u32>::new());
        let (two, removed) = by_relation(0, 2);
        assert_eq!(two, removals_of(&removed, 4, &[1], &[3, 4]));
        let (three, removed) = by_relation(0, 3);
        assert_eq!(three, removals_of(&removed, 4, &[1], &[4]));
        assert_eq!(by_relation(0, 4).0, Vec::<u32>::new());
        let mut by: Vec<_> = two
            .iter()
            .map(|&p| (events[p as usize].digit, events[p as usize].via))
            .collect();
        by.sort_unstable_by_key(|&(d, _)| d);
        assert_eq!(
            by,
            [(3, Via::Cell(13)), (4, Via::Cell(9))],
            "r1c2 lost 3 to r4c2 and 4 to r3c2"
        );
    }

    #[test]
    fn locked_candidates_rest_on_the_removal_of_the_digit_from_the_rest_of_the_house() {
        // 9×9 with r2c1..r2c3 = 2 3 4 and r3c1..r3c3 = 5 6 7: in block 1, 1, 8 and 9 are
        // confined to row 1, so they leave the rest of row 1 — because the six givens took
        // them from the other cells of the block.
        let mut givens = vec![0; 81];
        for (i, cell) in [9, 10, 11, 18, 19, 20].into_iter().enumerate() {
            givens[cell] = i as u8 + 2;
        }
        let puzzle = Puzzle::classic(givens).unwrap();
        let (events, premises) = traced_with_premises(&puzzle, Level::Full);
        let first_guess = events.iter().position(|e| e.kind == EventKind::Guess);
        let locked: Vec<usize> = (0..first_guess.unwrap_or(events.len()))
            .filter(|&s| events[s].via == Via::Confined { house: 18, to: 0 })
            .collect();
        assert_eq!(locked.len(), 6 * 3, "1, 8 and 9 from r1c4..r1c9");
        let givens: Vec<u32> = (0..6).collect();
        for s in locked {
            let e = events[s];
            assert_eq!(e.rule, Some(Rule::LockedCandidates));
            let removed = removals(&puzzle, &events[..s]);
            let outside_row = [9, 10, 11, 18, 19, 20];
            assert_eq!(
                premises[s],
                removals_of(&removed, 9, &outside_row, &[e.digit])
            );
            assert_eq!(premises[s], givens, "the six givens, one per cell");
        }
    }

    #[test]
    fn coarser_levels_keep_only_their_events_and_causes_among_them() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        let puzzle = Puzzle::classic(givens).unwrap();
        for level in Level::ALL {
            // (The reader checks that premises ascend and end at the cause.)
            let (events, premises) = traced_with_premises(&puzzle, level);
            assert!(events.iter().all(|e| level.records(e.kind)), "{level:?}");
            for (i, e) in events.iter().enumerate() {
                assert_eq!(e.seq as usize, i);
                for &p in &premises[i] {
                    assert!((p as usize) < i, "premises come first: {e:?}");
                    assert_ne!(events[p as usize].kind, EventKind::Round, "{e:?}");
                }
            }
            let placed = events
                .iter()
                .position(|e| e.rule == Some(Rule::NakedSingle));
            if level == Level::Decisions {
                assert_eq!(placed, None);
            } else {
                // Below the full level the eliminations behind a naked single are not
                // recorded: its premises are the placements and guesses that caused them.
                let s = placed.unwrap();
                assert!(!premises[s].is_empty(), "{level:?}");
                let mut kinds = premises[s].iter().map(|&p| events[p as usize].kind);
                assert!(
                    kinds.all(|k| match level {
                        Level::Full => k == EventKind::Eliminate,
                        _ => matches!(k, EventKind::Place | EventKind::Guess),
                    }),
                    "{level:?}"
                );
            }
        }
    }

    #[test]
    fn the_event_budget_stops_the_search_and_is_reported() {
        let puzzle = Puzzle::classic(vec![0; 81]).unwrap();
        let options = TraceOptions {
            level: Level::Full,
            max_events: 100,
        };
        let mut tracer =
            Tracer::new(EngineKind::Propagate, &puzzle, Options::default(), options).unwrap();
        let batch = tracer.advance(u64::MAX);
        assert_eq!(batch.progress, Progress::Done(Status::LimitReached));
        assert!(batch.event_limit);
        assert_eq!(batch.records.len(), 100 * RECORD_WORDS);
    }

    /// Runs `tracer` (of a puzzle of `size`) to the end; every batch within the cap, numbered
    /// on from the last, with the premise entries of its own records and no others, at most
    /// `size + 2` words per record.
    fn batches(tracer: &mut Tracer, budget: u64, size: usize) -> (Vec<usize>, Vec<u32>) {
        let (mut sizes, mut words) = (Vec::new(), Vec::new());
        loop {
            let batch = tracer.advance(budget);
            assert_eq!(batch.first_seq as usize, words.len() / RECORD_WORDS);
            assert!(batch.records.len() <= Tracer::MAX_BATCH_EVENTS * RECORD_WORDS);
            let events = Event::decode_all(&batch.records).unwrap();
            PremiseReader::read_all(&events, &batch.premises).unwrap();
            assert!(batch.premises.len() <= events.len() * (size + 2));
            sizes.push(batch.records.len() / RECORD_WORDS);
            words.extend(batch.records);
            if let Progress::Done(status) = batch.progress {
                assert_eq!(tracer.status(), Some(status));
                return (sizes, words);
            }
            assert_eq!(tracer.status(), None, "not done while records wait");
        }
    }

    #[test]
    fn a_batch_holds_at_most_its_cap_even_when_one_node_makes_more() {
        // Probing an empty 25×25 grid from the first node: one node, tens of thousands of
        // trials, far more events than a batch holds.
        let puzzle = Puzzle::classic(vec![0; 625]).unwrap();
        let options = Options {
            node_limit: 1,
            strategy: Some(crate::search::Strategy {
                probe_after: 0,
                ..crate::search::Strategy::for_puzzle(&puzzle)
            }),
            ..Options::default()
        };
        let trace = TraceOptions {
            level: Level::Full,
            max_events: TraceOptions::MAX_EVENTS,
        };
        let mut tracer = Tracer::new(EngineKind::Propagate, &puzzle, options, trace).unwrap();
        let (sizes, words) = batches(&mut tracer, u64::MAX, 25);
        assert!(sizes.len() >= 3, "{sizes:?}");
        assert_eq!(sizes[0], Tracer::MAX_BATCH_EVENTS);
        let events = Event::decode_all(&words).unwrap();
        assert!(events.iter().enumerate().all(|(i, e)| e.seq as usize == i));
        let mut replay = Replay::new(&puzzle);
        for e in &events {
            replay.apply(e).unwrap();
        }
    }

    #[test]
    fn a_large_budget_is_cut_into_batches_at_node_boundaries() {
        let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
        let trace = TraceOptions {
            level: Level::Full,
            max_events: 300_000,
        };
        // Counting every solution of an empty grid: a long search of small nodes.
        let options = Options {
            solution_limit: u64::MAX,
            ..Options::default()
        };
        let mut tracer = Tracer::new(EngineKind::Naive, &puzzle, options, trace).unwrap();
        let (sizes, words) = batches(&mut tracer, u64::MAX, 16);
        assert!(sizes.len() >= 4, "{sizes:?}");
        assert_eq!(
            words.len(),
            300_000 * RECORD_WORDS,
            "the event budget, exactly"
        );
        assert!(tracer.engine().observer().limit_reached());
    }

    #[test]
    fn an_event_budget_above_the_ceiling_acts_as_the_ceiling() {
        // Counting every solution of an empty 16×16 grid records events without end.
        let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
        let options = Options {
            solution_limit: u64::MAX,
            node_limit: u64::MAX,
            ..Options::default()
        };
        let trace = TraceOptions {
            level: Level::Full,
            max_events: u64::MAX,
        };
        let mut tracer = Tracer::new(EngineKind::Naive, &puzzle, options, trace).unwrap();
        let mut events = 0;
        let status = loop {
            let batch = tracer.advance(u64::MAX);
            events += batch.records.len() / RECORD_WORDS;
            if let Progress::Done(status) = batch.progress {
                assert!(batch.event_limit);
                break status;
            }
        };
        assert_eq!(status, Status::LimitReached);
        assert_eq!(events as u64, TraceOptions::MAX_EVENTS);
    }

    #[test]
    fn a_recorder_run_to_the_end_by_hand_never_pauses() {
        // Outside a Tracer nobody takes the records between calls: run() must still end.
        let puzzle = Puzzle::classic(vec![0; 256]).unwrap();
        let options = Options {
            solution_limit: u64::MAX,
            ..Options::default()
        };
        let trace = TraceOptions {
            level: Level::Full,
            max_events: 4 * Tracer::MAX_BATCH_EVENTS as u64,
        };
        let recorder = Recorder::new(&puzzle, trace);
        let mut engine = Engine::new(EngineKind::Naive, &puzzle, options, recorder).unwrap();
        assert_eq!(engine.run(), Status::LimitReached);
        assert_eq!(engine.observer().events(), trace.max_events);
    }
}
