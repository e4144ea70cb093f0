//! [`Recorder`]: the observer that writes a trace — the records at a [`Level`] and their
//! premise table — and [`TraceOptions`].

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::{PairRule, Puzzle};
use crate::search::{Observer, Rule, Via};

use super::event::{Event, EventKind, Level, Note, NO_CAUSE};
use super::replay::Replay;

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
    pub(super) options: TraceOptions,
    pub(super) geometry: &'static Geometry,
    pub(super) size: usize,
    pub(super) relations: Vec<(u16, u16)>,
    /// The puzzle's marker rules ([`Puzzle::pair_rules`]), which a marker via names.
    pub(super) markers: Vec<PairRule>,
    pub(super) replay: Replay,
    /// `removed_at[cell * size + d - 1]`: the event that removed `d` from `cell`.
    pub(super) removed_at: Vec<u32>,
    /// The event that placed each cell.
    pub(super) placed_at: Vec<u32>,
    /// While `ascending` — at the full level, until the event budget runs out: every event
    /// is recorded, so ids only grow — `removals[cell * size..][..removal_count[cell]]` holds
    /// the ids of the events that removed candidates of `cell`, ascending: a naked single's
    /// premise list without a sort (measured: a tenth of the full level's time at 16×16).
    /// Below the full level an unrecorded event's id is an older one, and lists are sorted.
    /// Undone with the `removed_at` entries of the trail.
    pub(super) removals: Vec<u32>,
    pub(super) removal_count: Vec<u8>,
    pub(super) ascending: bool,
    pub(super) trail: Vec<(u32, u32)>,
    pub(super) marks: Vec<usize>,
    pub(super) last_id: u32,
    pub(super) last_backtrack: u32,
    pub(super) next_seq: u32,
    pub(super) records: Vec<u32>,
    /// The premise table of `records` (see the module docs).
    pub(super) premises: Vec<u32>,
    /// The premises of the event being reported, gathered in any order (with `NO_CAUSE` for
    /// none) and sorted by [`Recorder::emit`]: one buffer for every event, never reallocated
    /// once it has held the largest list (N + 1).
    pub(super) scratch: Vec<u32>,
    pub(super) full: bool,
    /// The basis of the technique events being reported (see [`Observer::basis`]).
    pub(super) basis: Vec<(usize, u32)>,
    /// The technique instances reported at the full level ([`Observer::instance`]), each
    /// against the seq of its first event; taken by [`super::Tracer`] with the records.
    pub(super) notes: Vec<Note>,
    /// Words of records at which the search pauses (see [`Observer::pause`]); set by
    /// [`Tracer`], which takes the records after every call. `None`: never.
    pub(super) pause_at: Option<usize>,
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
            markers: puzzle.pair_rules(),
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
            basis: Vec::new(),
            notes: Vec::new(),
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

    /// Gathers the removals of every candidate of the basis.
    fn gather_basis(&mut self) {
        for i in 0..self.basis.len() {
            let (cell, digits) = self.basis[i];
            self.gather_removals(cell, digits);
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
            (Rule::Technique, _) => self.gather_basis(),
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
                (Rule::Marker | Rule::Negative, Via::Marker(i)) => {
                    // The other cell lost every digit that goes with this one.
                    let rule = &self.markers[i as usize];
                    let other = if cell == rule.a { rule.b } else { rule.a };
                    let support = rule.allowed[digit as usize];
                    self.gather_removals(other, support);
                }
                (Rule::LockedCandidates, Via::Confined { house, to }) => {
                    let geometry = self.geometry;
                    let outside = |c: usize| geometry.house_mask(c) >> to & 1 == 0;
                    self.gather_house(house as usize, digit, outside);
                }
                (Rule::Refutation | Rule::Disjunction, _) => self.scratch.push(self.last_backtrack),
                (Rule::Technique, _) => self.gather_basis(),
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

    fn basis(&mut self, absent: &[(usize, u32)]) {
        self.basis.clear();
        self.basis.extend_from_slice(absent);
    }

    fn wants_instances(&self) -> bool {
        self.options.level == Level::Full
    }

    fn instance(
        &mut self,
        sentence: &str,
        pattern: &[usize],
        branches: Vec<String>,
        als: Option<String>,
        fins: &[usize],
    ) {
        // Only while every event is recorded: the note names the next one.
        if self.full || (self.next_seq as u64) >= self.options.max_events {
            return;
        }
        // An instance that emitted no event gives its seq to the next one.
        if self.notes.last().is_some_and(|n| n.seq == self.next_seq) {
            self.notes.pop();
        }
        self.notes.push(Note {
            seq: self.next_seq,
            sentence: sentence.to_string(),
            pattern: pattern.iter().map(|&c| c as u16).collect(),
            branches,
            als,
            fins: fins.iter().map(|&c| c as u16).collect(),
        });
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

    fn contradiction(&mut self, cell: Option<usize>, digit: u8, via: Via, depth: usize) {
        match (via, cell) {
            (Via::House(h), _) => self.gather_house(h as usize, digit, |_| true),
            // Two placed cells that break their relation: the two placements.
            (Via::Relation(r), None) => {
                let (s, l) = self.relations[r as usize];
                self.scratch.push(self.placed_at[s as usize]);
                self.scratch.push(self.placed_at[l as usize]);
            }
            // Two placed cells that break a marker rule: the two placements.
            (Via::Marker(m), None) => {
                let (a, b) = (self.markers[m as usize].a, self.markers[m as usize].b);
                self.scratch.push(self.placed_at[a]);
                self.scratch.push(self.placed_at[b]);
            }
            // A given whose digit is already gone (DLX, on a puzzle not validated first).
            (_, Some(cell)) if digit != 0 => self.gather_removals(cell, 1 << (digit - 1)),
            (_, Some(cell)) => self.gather_removals(cell, DigitSet::full(self.size).bits()),
            _ => {}
        }
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
