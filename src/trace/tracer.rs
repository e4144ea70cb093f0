//! [`Tracer`]: a traced search that runs in steps, handing over [`Batch`]es of records.

use crate::puzzle::{Problem, Puzzle};
use crate::search::{Engine, EngineKind, Options, Progress, Search, Stats, Status};

use super::event::{Event, Note, RECORD_WORDS};
use super::premises::PremiseReader;
use super::recorder::{Recorder, TraceOptions};
use super::steps::Steps;

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
    /// per record for size N; only the full [`Level`](super::Level) gives complete lists.
    pub premises: Vec<u32>,
    /// The `seq` of the first record (records are numbered across batches).
    pub first_seq: u32,
    /// The step of each record ([`Steps`]): steps are numbered across batches, and a record
    /// may join a step begun in an earlier batch.
    pub steps: Vec<u32>,
    /// The technique instances whose first event is among these records (the `logic`
    /// engine at the full level), in seq order.
    pub notes: Vec<Note>,
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
    steps: Steps,
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
            steps: Steps::new(),
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
        let steps = self.group(&records, &premises);
        let sent = self.sent;
        let notes = &mut self.engine.observer_mut().notes;
        let ready = notes.iter().take_while(|n| n.seq < sent).count();
        let notes = notes.drain(..ready).collect();
        Batch {
            records,
            premises,
            first_seq,
            steps,
            notes,
            progress: self.progress(),
            stats: self.engine.stats().clone(),
            event_limit: self.engine.observer().limit_reached(),
        }
    }

    /// The step of each of `records` (the recorder writes only records it can decode, with a
    /// table that fits them: a failure here is a bug, reported as step `u32::MAX`).
    fn group(&mut self, records: &[u32], premises: &[u32]) -> Vec<u32> {
        let mut reader = PremiseReader::new(premises);
        let mut list = Vec::new();
        records
            .chunks_exact(RECORD_WORDS)
            .map(|words| {
                let step = Event::decode(words).and_then(|event| {
                    reader.read(&event, &mut list)?;
                    self.steps.push(&event, &list)
                });
                debug_assert!(step.is_ok(), "{step:?}");
                step.unwrap_or(u32::MAX)
            })
            .collect()
    }

    /// Steps so far ([`Steps`]).
    pub fn step_count(&self) -> u32 {
        self.steps.count()
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
