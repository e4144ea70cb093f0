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
//! | 1    | 8–15   | `rule`: [`Rule`](crate::search::Rule) as a number, 255 for none                          |
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

mod event;
mod premises;
mod recorder;
mod replay;
mod steps;
#[cfg(test)]
mod tests;
mod tracer;

pub use event::{Event, EventKind, Level, Note, NO_CAUSE, RECORD_WORDS};
pub use premises::PremiseReader;
pub use recorder::{Recorder, TraceOptions};
pub use replay::{Replay, ReplayCheck};
pub use steps::{check_step_order, StepKind, Steps};
pub use tracer::{Batch, Tracer};
