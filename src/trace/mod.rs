//! The trace: what a search did and why, as compact integer records, and their replay.
//!
//! Every engine reports to an [`Observer`](crate::search::Observer) by one protocol (see the trait). The [`Recorder`]
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
//! | 4    | 24–31  | `via` tag: 0 nothing, 1 cell, 2 house, 3 relation, 4 confined, 5 technique |
//! | 4    | 0–23   | `via` payload: cell index, house number, relation index, `house \| to << 8`, or the technique's index in `logic::Technique::ALL` |
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
//! N + 2 words per record — except the events of a named technique (`logic` engine), which
//! name one removal per candidate their pattern rests on (for a large chain or fish, a few
//! dozen).
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
//! | eliminate | `digit` leaves the cell | technique (`via` the technique): the removal of every candidate of the basis reported before it ([`crate::search::Observer::basis`]); peer: the placement of the `via` cell; relation `lo < hi`, `hi` losing `d`: the removal of every `e < d` from `lo` (none for `d` = 1: the relation alone rules it out), `lo` losing `d`: the removal of every `e > d` from `hi` (none for `d` = N); locked candidates (`via` confined `house` to `to`): the removal of the digit from every cell of `house` outside `to`; refutation and disjunction: the backtrack that ended the trial |
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

use crate::search::{Rule, Via};

/// `u32` words per event record.
pub const RECORD_WORDS: usize = 5;

/// "None" in the `cause` word.
pub const NO_CAUSE: u32 = u32::MAX;

const NO_CELL: u32 = 0xFFFF;
const NO_RULE: u32 = 0xFF;

named! {
    /// What happened.
    #[repr(u8)]
    pub enum EventKind {
        Round = "round", Place = "place", Eliminate = "eliminate", Guess = "guess",
        Backtrack = "backtrack", Contradiction = "contradiction", Solution = "solution",
    }
}

named! {
    /// How much of a search the trace records.
    #[derive(Default)]
    pub enum Level {
        /// Guesses, backtracks, contradictions and solutions: the shape of the search tree.
        Decisions = "decisions",
        /// Also every placement, and the start of every propagation round.
        Placements = "placements",
        /// Also every eliminated candidate.
        #[default]
        Full = "full",
    }
}

impl EventKind {
    /// A guess, backtrack, contradiction or solution: a step of its own that closes every
    /// step before it ([`Steps`]).
    pub const fn is_decision(self) -> bool {
        matches!(
            self,
            EventKind::Guess
                | EventKind::Backtrack
                | EventKind::Contradiction
                | EventKind::Solution
        )
    }
}

impl Level {
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
            Via::Technique(t) => (5, t as u32),
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
            5 => Via::Technique(payload as u8),
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

mod recorder;
mod replay;
mod steps;
#[cfg(test)]
mod tests;
mod tracer;

pub use recorder::{Recorder, TraceOptions};
pub use replay::{Replay, ReplayCheck};
pub use steps::{check_step_order, StepKind, Steps};
pub use tracer::{Batch, Note, Tracer};
