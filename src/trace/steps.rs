//! [`Steps`]: the events of a trace grouped into the steps a person would name.
//!
//! An engine reports what it does in the order it does it: a scan places two hidden singles
//! before the peers of either lose the digit, and a relation passes a bound along a chain of
//! signs one candidate at a time. A learner wants one *reason* at a time, with everything it
//! causes. A step is:
//!
//! | step | its events |
//! |---|---|
//! | start | the givens, the removals from their peers, and what the puzzle's relations rule out on their own before any digit is placed (chained bounds included: every removal whose premises are all in the start) |
//! | place | a placement (a naked or hidden single) and what it causes: the digit leaving its peers, and the relation bounds that follow from it, along every chain of signs they reach |
//! | relation | relation bounds on one cell that follow from a step of another kind (a locked candidate, a technique, a refutation): "r3c9 < r2c9 and r3c9 ≥ 3: r2c9 cannot be 1, 2 or 3" |
//! | locked | one locked-candidates pattern: a digit confined to the crossing of two houses, and every removal it makes, even when another pattern's removals come between them |
//! | technique | one instance of a named technique (`logic` engine) with all its removals, and for a direct form (a pattern that leaves a single) the placement and its digit leaving its peers |
//! | guess | a guess or a trial, the removals from the guessed cell's peers and the bounds that follow |
//! | backtrack | a branch given up, and what the refutation of its guess removes |
//! | contradiction, solution | that event alone |
//! | other | an event none of the above takes (below the full level, a removal whose premises were not recorded) |
//!
//! A round marker joins the step before it.
//!
//! # The rule, event by event
//!
//! Steps are numbered 0, 1, 2, … in the order their first event (the *head*) happened, and an
//! event joins an earlier step only when its premises allow it: an event whose latest-numbered
//! premise step is `t` joins `t` (or a later step) or starts a new one. So in *step order* —
//! steps by number, the events of a step by `seq` — every premise comes before the events that
//! rest on it, and the step's events replay in that order to the same candidates as in `seq`
//! order at every step boundary that is a guess, backtrack, contradiction or solution: a
//! step never takes events across one of those (they close every step open before them).
//! Between two such events placements and removals commute: step order only shows them
//! reason by reason.
//!
//! The grouping is a pure function of the event stream (records and premises), computed as
//! they stream: the CLI's `trace` prints each event's step, [`super::Tracer`]'s batches carry
//! it, and the page plays a trace step by step. Memory: one `u32` per event since the last
//! guess, backtrack, contradiction or solution (what a later event of the same node may rest on).

use std::collections::{HashMap, HashSet};

use crate::puzzle::Puzzle;
use crate::search::{Rule, Via};

use super::event::{Event, EventKind};
use super::replay::Replay;

named! {
    /// What a step is (see the module docs).
    #[repr(u8)]
    pub enum StepKind {
        Start = "start", Place = "place", Relation = "relation", Locked = "locked",
        Technique = "technique", Guess = "guess", Backtrack = "backtrack",
        Contradiction = "contradiction", Solution = "solution", Other = "other",
    }
}

/// A step that later events may still join.
#[derive(Clone, Debug)]
struct Open {
    kind: StepKind,
}

/// The step grouper: feed it every event of a trace in `seq` order, with its premises (by
/// the reader rule: [`super::PremiseReader`]), and it says which step each belongs to.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// Steps so far.
    count: u32,
    /// The first step still open: the last guess, backtrack, contradiction or solution.
    floor: u32,
    /// The `seq` of the first event since `floor`'s head (the segment), and each one's step.
    segment_start: u32,
    segment: Vec<u32>,
    /// Steps `floor..count`.
    open: Vec<Open>,
    /// The open start step, if any.
    start: Option<u32>,
    /// The open relation step of each cell.
    relation_of: HashMap<u16, u32>,
    /// The open locked-candidates step of each pattern (its via and digit): an engine that
    /// removes cell by cell interleaves two patterns, and each stays one step.
    locked_of: HashMap<(Via, u8), u32>,
    /// The open technique step of each instance (its via and premises).
    technique_of: HashMap<(Via, Vec<u32>), u32>,
    /// The cells placed (or guessed) since `floor`.
    placed: HashSet<u16>,
    /// Events seen.
    events: u32,
}

impl Steps {
    pub fn new() -> Steps {
        Steps::default()
    }

    /// How many steps the events so far make.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The step of `event`, the next event of the trace, whose premises are `premises`.
    /// Fails when events come out of order.
    pub fn push(&mut self, event: &Event, premises: &[u32]) -> Result<u32, String> {
        if event.seq != self.events {
            return Err(format!(
                "event {} comes where event {} was expected",
                event.seq, self.events
            ));
        }
        self.events += 1;
        // The latest open step among the premises (those before the segment are in closed steps).
        let target = premises
            .iter()
            .filter_map(|&p| {
                let i = p.checked_sub(self.segment_start)? as usize;
                self.segment.get(i).copied()
            })
            .max();
        let kind_of = |steps: &Steps, s: u32| steps.open[(s - steps.floor) as usize].kind;
        let last = self.count.checked_sub(1).filter(|&s| s >= self.floor);
        // A removal from a placed cell takes its last digit (a contradiction follows): it
        // comes after the placement in step order too.
        let conflict = event.kind == EventKind::Eliminate
            && event.cell.is_some_and(|c| self.placed.contains(&c));
        let joined = match event.kind {
            _ if conflict => None,
            EventKind::Round => last,
            EventKind::Place if event.rule == Some(Rule::Given) => self.start,
            // A direct form's placement joins its pattern's removals (the same instance).
            EventKind::Place if event.rule == Some(Rule::Technique) => {
                self.technique_step(event, premises, target)
            }
            EventKind::Place => None,
            EventKind::Eliminate => match event.rule {
                // (A technique step places too when it is a direct form's.)
                Some(Rule::Peer) => target.filter(|&t| {
                    matches!(
                        kind_of(self, t),
                        StepKind::Start | StepKind::Place | StepKind::Guess | StepKind::Technique
                    )
                }),
                // A relation bound or a marker's support: grouped alike (a marker is a
                // relation between two cells as much as a sign is).
                Some(Rule::Relation | Rule::Marker | Rule::Negative) => match target {
                    // The relation alone rules the digit out.
                    None if premises.is_empty() => self.start,
                    Some(t)
                        if matches!(
                            kind_of(self, t),
                            StepKind::Start
                                | StepKind::Place
                                | StepKind::Guess
                                | StepKind::Backtrack
                                | StepKind::Relation
                        ) =>
                    {
                        Some(t)
                    }
                    _ => event
                        .cell
                        .and_then(|c| self.relation_of.get(&c).copied())
                        .filter(|&s| s >= self.floor && target.is_none_or(|t| s >= t)),
                },
                // The open step of the same pattern, if the premises allow it.
                Some(Rule::LockedCandidates) => self
                    .locked_of
                    .get(&(event.via, event.digit))
                    .copied()
                    .filter(|&s| s >= self.floor && target.is_none_or(|t| s >= t)),
                Some(Rule::Technique) => self.technique_step(event, premises, target),
                Some(Rule::Refutation | Rule::Disjunction) => {
                    target.filter(|&t| kind_of(self, t) == StepKind::Backtrack)
                }
                _ => None,
            },
            EventKind::Guess
            | EventKind::Backtrack
            | EventKind::Contradiction
            | EventKind::Solution => None,
        };
        let step = match joined {
            Some(step) => step,
            None => self.begin(event, premises, conflict),
        };
        if let (EventKind::Place | EventKind::Guess, Some(cell)) = (event.kind, event.cell) {
            self.placed.insert(cell);
        }
        self.segment.push(step);
        Ok(step)
    }

    /// The open step of the technique instance `event` belongs to (its via and premises), if
    /// the premises allow it (`target`: the latest open step among them).
    fn technique_step(&self, event: &Event, premises: &[u32], target: Option<u32>) -> Option<u32> {
        self.technique_of
            .get(&(event.via, premises.to_vec()))
            .copied()
            .filter(|&s| s >= self.floor && target.is_none_or(|t| s >= t))
    }

    /// Opens a step headed by `event`; a decision closes every step before it.
    fn begin(&mut self, event: &Event, premises: &[u32], conflict: bool) -> u32 {
        let kind = match event.kind {
            _ if conflict => StepKind::Other,
            EventKind::Round => StepKind::Start,
            EventKind::Place if event.rule == Some(Rule::Given) => StepKind::Start,
            EventKind::Place => StepKind::Place,
            EventKind::Eliminate => match event.rule {
                Some(Rule::Relation | Rule::Marker | Rule::Negative) if premises.is_empty() => {
                    StepKind::Start
                }
                Some(Rule::Relation | Rule::Marker | Rule::Negative) => StepKind::Relation,
                Some(Rule::LockedCandidates) => StepKind::Locked,
                Some(Rule::Technique) => StepKind::Technique,
                _ => StepKind::Other,
            },
            EventKind::Guess => StepKind::Guess,
            EventKind::Backtrack => StepKind::Backtrack,
            EventKind::Contradiction => StepKind::Contradiction,
            EventKind::Solution => StepKind::Solution,
        };
        let step = self.count;
        self.count += 1;
        if event.kind.is_decision() {
            self.floor = step;
            self.open.clear();
            self.segment.clear();
            self.segment_start = event.seq;
            self.relation_of.clear();
            self.locked_of.clear();
            self.technique_of.clear();
            self.placed.clear();
            self.start = None;
        }
        if kind == StepKind::Start && self.start.is_none() {
            self.start = Some(step);
        }
        match kind {
            StepKind::Relation => {
                if let Some(cell) = event.cell {
                    self.relation_of.insert(cell, step);
                }
            }
            StepKind::Locked => {
                self.locked_of.insert((event.via, event.digit), step);
            }
            StepKind::Technique => {
                self.technique_of
                    .insert((event.via, premises.to_vec()), step);
            }
            _ => {}
        }
        self.open.push(Open { kind });
        step
    }
}

/// Checks what [`Steps`] promises of step order, for tests and fuzz targets: `events` (a trace
/// from the start, of `puzzle`) replayed by step — steps by number, a step's events by `seq`;
/// `steps[i]` is the step of event `i` — fit the state at every event and give the grid of
/// `seq` order before every decision and at the end.
pub fn check_step_order(puzzle: &Puzzle, events: &[Event], steps: &[u32]) -> Result<(), String> {
    if steps.len() != events.len() {
        return Err(format!("{} steps for {} events", steps.len(), events.len()));
    }
    let state = |replay: &Replay| (replay.depth(), replay.grid().to_vec());
    let mut replay = Replay::new(puzzle);
    let mut before = Vec::new();
    for e in events {
        if e.kind.is_decision() {
            before.push(state(&replay));
        }
        replay.apply(e)?;
    }
    let end = state(&replay);
    let mut order: Vec<usize> = (0..events.len()).collect();
    order.sort_by_key(|&i| (steps[i], i));
    let mut replay = Replay::new(puzzle);
    let mut decisions = before.iter();
    for &i in &order {
        let e = &events[i];
        if e.kind.is_decision() && decisions.next() != Some(&state(&replay)) {
            return Err(format!("in step order the grid before {e:?} differs"));
        }
        replay
            .apply(e)
            .map_err(|error| format!("in step order, {e:?}: {error}"))?;
    }
    if state(&replay) != end {
        return Err("in step order the last grid differs".to_string());
    }
    Ok(())
}
