//! [`Event`]: one decoded trace record (the layout is in the module docs of `trace`), its
//! [`EventKind`], and the [`Level`]s of detail a trace records.

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
    /// step before it ([`Steps`](super::Steps)).
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
/// cause are in the batch's premise table ([`PremiseReader`](super::PremiseReader)).
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
            Via::Marker(m) => (6, m as u32),
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
            6 => Via::Marker(payload as u16),
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

/// One instance of a named technique, as the `logic` engine found it: `sentence` says it as a
/// hint's last level does (its pattern named — the pivot and pincers of a wing, the fins of
/// a fish, the nodes of a chain — then what it removes or places), `pattern` the cells of
/// its pattern, `branches` a forcing chain's branches (`5r1c1 → −5r2c1 → 7r2c1`, as
/// [`crate::logic::StepReport::branches`] has them; empty for other techniques), `als` an ALS
/// step's sets and links (as [`crate::logic::StepReport::als`]), `fins` a fish's fins (cells,
/// as [`crate::logic::StepReport::fins`]; empty for other techniques); `seq` is its
/// first event (the instance's events are one step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub seq: u32,
    pub sentence: String,
    pub pattern: Vec<u16>,
    pub branches: Vec<String>,
    pub als: Option<String>,
    pub fins: Vec<u16>,
}
