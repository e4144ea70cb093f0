//! `sudoku-lab trace`: one puzzle's search as a stream of JSON events, then a summary.

use std::ffi::OsString;
use std::fmt::Display;

use clap::Args;
use serde::ser::{Serialize, SerializeMap, Serializer};
use sudoku_lab::logic::Technique;
use sudoku_lab::puzzle::{PairRule, PairSource};
use sudoku_lab::trace::{
    Event, EventKind, Level, Note, PremiseReader, TraceOptions, Tracer, RECORD_WORDS,
};
use sudoku_lab::{Cell, House, Options, Progress, Puzzle, Rule, Search, Stats, Status, Via};

use super::answers::{count_of, json_alphabet, name, render};
use super::args::{names, Choice, EngineArgs, InputArgs, Whole};
use super::batch::verify_all;
use super::exit::{report, Failure, EXIT_OK, EXIT_UNSOLVED};
use super::input::Input;
use super::output::Sink;

/// One puzzle's search as JSON events, one a line
#[derive(Args, Debug)]
#[command(long_about = about(), after_help = [EXIT, EXAMPLES].concat())]
pub struct TraceArgs {
    /// The puzzles, of which one is traced (stdin when left out or '-')
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    #[command(flatten)]
    engine: EngineArgs,
    /// How much of the search is written
    #[arg(long, value_name = "L", default_value_t = Level::default(),
          value_parser = Choice::<Level>::described("a level", level_words))]
    level: Level,
    /// Trace the K-th puzzle of the input
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = Whole::at_most(u64::MAX))]
    puzzle: u64,
    /// Stop the search after N events
    #[arg(long, value_name = "N", default_value_t = TraceOptions::DEFAULT_MAX_EVENTS,
          value_parser = Whole::at_most(TraceOptions::MAX_EVENTS))]
    max_events: u64,
    /// Stop the search after N nodes (a probe counts as a node)
    #[arg(long, value_name = "N", default_value_t = Options::DEFAULT_NODE_LIMIT,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    node_limit: u64,
    #[command(flatten)]
    input: InputArgs,
}

/// What each level records (a new level fails to compile until it has its words).
pub(super) fn level_words(level: Level) -> &'static str {
    match level {
        Level::Decisions => "guesses, backtracks, contradictions, solutions",
        Level::Placements => "also rounds and placements",
        Level::Full => "also every eliminated candidate",
        _ => "",
    }
}

/// The long help: what a trace is, and the events and rules it names (from their lists).
fn about() -> String {
    format!(
        "{ABOUT}\n\nEvents: {} (round: a propagation starts). Rules: {} (technique: a named \
         technique of the logic engine, in \"via\"). Fields that do not apply are left out; \
         digits are numbers whatever the input's symbols.",
        names::<EventKind>(),
        names::<Rule>()
    )
}

const ABOUT: &str = "\
Solves ONE puzzle of FILE (stdin when left out or '-'): the first, or the one --puzzle \
picks. Prints one JSON object per line for every event of the search as it happens, then \
a summary line. An event names the cell (r1c1 is the top-left), the digit, the search \
depth, the rule that made it, what the rule used ('via': a cell, a house, a relation, or \
a house confined to another), its 'premises': the seqs of every event it rests on (a naked \
single on the removal of each other candidate, a hidden single on the removal of its digit \
from every other cell of the house, …), the 'cause': the latest of them, and its 'step'. \
Following premises back from any elimination ends at givens, guesses and relations of the \
puzzle. Below --level full, premises name the latest recorded events behind the unrecorded \
ones.

Steps group the events into the steps a person names, numbered from 0 in the order \
they begin: the start (givens, their peers, what the relations alone rule out), a \
placement with its peers and the bounds that follow, one locked-candidates pattern or \
technique instance, a guess, a backtrack, a contradiction, a solution. An event may join a \
step begun earlier (a scan places two singles before the peers of either lose the digit), \
never one before the last guess, backtrack, contradiction or solution; the summary counts \
the steps. With --engine logic at --level full, the first event of each technique instance \
carries 'instance': {\"sentence\": the instance as a hint says it (its pattern named, then what \
it removes), \"pattern\": its cells, and for a forcing chain \"branches\": each branch from its \
supposition, '9r1c4 → −9r1c9 → 9r2c9' ('−': the digit is not in the cell), and for an ALS \
chain, ALS-XZ or ALS-XY-wing \"als\": its sets in order, each joined to the next by its \
restricted common digit, 'r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2' (a wing's pivot in the \
middle, a doubly linked ALS-XZ's two digits as '-1,2-'), for a death blossom its stem, then \
each petal after the stem's digit it sees, petals parted by ' | ', 'r5c5 -1- r5c1,r5c2 | -2- r1c5', \
and for a finned, Franken or mutant fish \"fins\": its fins, the places of its pattern outside \
every cover house (and a Franken or mutant fish's places in two base houses), [\"r2c8\"]}.

Some of the 443 events of the first puzzle of the POJ 3074 sample:

  {\"seq\":0,\"event\":\"place\",\"depth\":0,\"cell\":\"r1c2\",\"digit\":2,\"rule\":\"given\",\"premises\":[],\"step\":0}
  …
  {\"seq\":37,\"event\":\"eliminate\",\"depth\":0,\"cell\":\"r9c1\",\"digit\":4,\"rule\":\"peer\",\"via\":{\"cell\":\"r9c8\"},\"cause\":35,\"premises\":[35],\"step\":0}
  …
  {\"seq\":222,\"event\":\"place\",\"depth\":0,\"cell\":\"r8c6\",\"digit\":3,\"rule\":\"naked_single\",\"cause\":221,\"premises\":[69,84,94,104,114,131,181,221],\"step\":1}
  …
  {\"summary\":{\"engine\":\"propagate\",\"level\":\"full\",\"puzzle\":1,\"line\":1,\"status\":\"unique\",\"events\":443,\"steps\":47,\"event_limit\":false,\"stats\":{\"nodes\":1,…},\"solution\":\"527389416…\"}}";

const EXIT: &str = "\
Exit status: 0 solved, 1 no solution or a limit (--max-events, --node-limit) stopped the \
search, 2 bad input or usage (a puzzle the engine cannot express among it), 3 internal error.
";

const EXAMPLES: &str = "
Examples:
  sudoku-lab trace --format poj3074 puzzles.in | head           # the first events at once
  sudoku-lab trace --level decisions --puzzle 3 puzzles.txt     # the search tree of puzzle 3
  sudoku-lab trace --engine dlx puzzle.txt | grep '\"guess\"'
  sudoku-lab trace puzzle.txt | tail -n 1                       # just the summary";

/// Units of work per [`Tracer::advance`]: small enough that a long trace starts printing at
/// once and a batch of records stays small, large enough that the calls cost nothing.
const STEP: u64 = 1024;

pub fn trace(args: TraceArgs) -> Result<u8, Failure> {
    let engine = args.engine.engine;
    let level = args.level;
    let trace_options = TraceOptions {
        level,
        max_events: args.max_events,
    };
    let options = Options {
        node_limit: args.node_limit,
        ..Options::default()
    };
    let (input, entry) = Input::one_puzzle(args.file.as_ref(), &args.input, args.puzzle as usize)?;
    input.check_engine(engine, &entry)?;
    let mut tracer = Tracer::new(engine, &entry.puzzle, options, trace_options)
        .map_err(|problem| input.error(&entry.input_error(problem)))?;

    let mut sink = Sink::new();
    let mut text = Vec::new();
    let mut premises = Vec::new();
    let pairs = entry.puzzle.pair_rules();
    let mut events = 0u64;
    let (status, stats, event_limit) = loop {
        let batch = tracer.advance(STEP);
        text.clear();
        let mut reader = PremiseReader::new(&batch.premises);
        let mut notes = batch.notes.iter().peekable();
        for (record, &step) in batch.records.chunks_exact(RECORD_WORDS).zip(&batch.steps) {
            let event = Event::decode(record).map_err(Failure::Internal)?;
            // A note whose instance emitted nothing (never the case today) names no event.
            while notes.next_if(|n| n.seq < event.seq).is_some() {}
            let instance = notes.next_if(|n| n.seq == event.seq);
            reader
                .read(&event, &mut premises)
                .map_err(Failure::Internal)?;
            let json = JsonEvent {
                event: &event,
                premises: &premises,
                step,
                instance,
                puzzle: &entry.puzzle,
                pairs: &pairs,
            };
            serde_json::to_writer(&mut text, &json)
                .map_err(|e| Failure::Internal(format!("an event does not serialize: {e}")))?;
            text.push(b'\n');
            events += 1;
        }
        reader.finish().map_err(Failure::Internal)?;
        if !sink.write_bytes(&text)? {
            // Nobody reads any more: dropping the tracer cancels the search.
            return Ok(EXIT_OK);
        }
        if let Progress::Done(status) = batch.progress {
            break (status, batch.stats, batch.event_limit);
        }
    };

    let solutions = tracer.engine().solutions();
    if let Err(failure) = verify_all(&entry, status, solutions) {
        sink.flush()?;
        return Err(failure);
    }
    let alphabet = json_alphabet(&entry);
    let summary = JsonSummary {
        summary: SummaryFields {
            engine: engine.name(),
            level: level.name(),
            puzzle: entry.number,
            line: entry.pos.line,
            status: status.name(),
            events,
            steps: tracer.step_count(),
            event_limit,
            stats: &stats,
            solution: solutions.first().map(|s| render(s, alphabet)),
        },
    };
    let json = serde_json::to_string(&summary)
        .map_err(|e| Failure::Internal(format!("the summary does not serialize: {e}")))?;
    if sink.write(&json)? && sink.write("\n")? {
        sink.flush()?;
    }

    Ok(match status {
        Status::Unique | Status::Solved | Status::Multiple => EXIT_OK,
        Status::Unsolvable => {
            report(&format!("{}: no solution", name(&entry)));
            EXIT_UNSOLVED
        }
        Status::LimitReached => {
            let why = if event_limit {
                format!("{} (raise --max-events)", count_of(events, "event"))
            } else {
                format!("{} (raise --node-limit)", count_of(stats.work(), "node"))
            };
            report(&format!("{}: the trace stopped after {why}", name(&entry)));
            EXIT_UNSOLVED
        }
        _ => EXIT_UNSOLVED,
    })
}

/// The last line of a trace.
#[derive(serde::Serialize)]
struct JsonSummary<'a> {
    summary: SummaryFields<'a>,
}

#[derive(serde::Serialize)]
struct SummaryFields<'a> {
    engine: &'static str,
    level: &'static str,
    puzzle: usize,
    line: u32,
    status: &'static str,
    /// Event lines written before the summary.
    events: u64,
    /// The steps those events make (`sudoku_lab::trace::Steps`).
    steps: u32,
    /// True when `--max-events` stopped the search.
    event_limit: bool,
    stats: &'a Stats,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<sudoku_lab::formats::Givens>,
}

/// One event as a JSON object, cells and houses and relations named as a person writes
/// them; fields that do not apply are left out, but `premises` is always there (`[]`: none).
struct JsonEvent<'a> {
    event: &'a Event,
    /// Every premise, by the reader rule of the premise table.
    premises: &'a [u32],
    /// The step the event belongs to (`sudoku_lab::trace::Steps`).
    step: u32,
    /// The technique instance this event begins (`logic`, full level).
    instance: Option<&'a Note>,
    puzzle: &'a Puzzle,
    /// The puzzle's marker rules ([`Puzzle::pair_rules`]), which a marker via names.
    pairs: &'a [PairRule],
}

impl Serialize for JsonEvent<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self.event;
        let geometry = self.puzzle.geometry();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("seq", &e.seq)?;
        map.serialize_entry("event", e.kind.name())?;
        map.serialize_entry("depth", &e.depth)?;
        if let Some(cell) = e.cell {
            map.serialize_entry("cell", &Text(geometry.cell(cell as usize)))?;
        }
        if e.digit != 0 {
            map.serialize_entry("digit", &e.digit)?;
        }
        if let Some(rule) = e.rule {
            map.serialize_entry("rule", rule.name())?;
        }
        if e.via != Via::Nothing {
            map.serialize_entry(
                "via",
                &JsonVia {
                    via: e.via,
                    puzzle: self.puzzle,
                    pairs: self.pairs,
                },
            )?;
        }
        if let Some(cause) = e.cause {
            map.serialize_entry("cause", &cause)?;
        }
        map.serialize_entry("premises", self.premises)?;
        map.serialize_entry("step", &self.step)?;
        if let Some(note) = self.instance {
            let pattern: Vec<String> = note
                .pattern
                .iter()
                .map(|&c| geometry.cell(c as usize).to_string())
                .collect();
            let mut instance = serde_json::json!({ "sentence": note.sentence, "pattern": pattern });
            if !note.branches.is_empty() {
                instance["branches"] = serde_json::json!(note.branches);
            }
            if let Some(als) = &note.als {
                instance["als"] = serde_json::json!(als);
            }
            if !note.fins.is_empty() {
                let fins: Vec<String> = (note.fins.iter())
                    .map(|&c| geometry.cell(c as usize).to_string())
                    .collect();
                instance["fins"] = serde_json::json!(fins);
            }
            map.serialize_entry("instance", &instance)?;
        }
        map.end()
    }
}

/// What a deduction used: `{"cell":"r1c1"}`, `{"house":"row 3"}`,
/// `{"relation":"r3c4 < r3c5"}`, `{"confined":{"house":"block 1","to":"row 1"}}`,
/// `{"technique":"x_wing"}`, `{"marker":"r4c5 white r4c6"}` or, for the negative
/// constraint, `{"unmarked":"r1c1 r1c2"}`.
struct JsonVia<'a> {
    via: Via,
    puzzle: &'a Puzzle,
    pairs: &'a [PairRule],
}

impl Serialize for JsonVia<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let geometry = self.puzzle.geometry();
        let house = |h: u8| Text(geometry.house_name(h as usize));
        let mut map = serializer.serialize_map(Some(1))?;
        match self.via {
            Via::Nothing => {}
            Via::Cell(c) => map.serialize_entry("cell", &Text(geometry.cell(c as usize)))?,
            Via::House(h) => map.serialize_entry("house", &house(h))?,
            Via::Relation(r) => match self.puzzle.relations().get(r as usize) {
                Some(relation) => map.serialize_entry("relation", &Text(relation))?,
                None => map.serialize_entry("relation", &r)?,
            },
            Via::Confined { house: h, to } => {
                let confined = Confined {
                    house: house(h),
                    to: house(to),
                };
                map.serialize_entry("confined", &confined)?;
            }
            Via::Technique(t) => match Technique::ALL.get(t as usize) {
                Some(technique) => map.serialize_entry("technique", technique.name())?,
                None => map.serialize_entry("technique", &t)?,
            },
            Via::Marker(m) => match self.pairs.get(m as usize) {
                Some(rule) => {
                    let n = self.puzzle.size();
                    let (a, b) = (Cell::at(rule.a, n), Cell::at(rule.b, n));
                    match rule.source {
                        PairSource::Marker(i) => {
                            let kind = self.puzzle.markers()[i].kind;
                            map.serialize_entry("marker", &Text(format_args!("{a} {kind} {b}")))?
                        }
                        PairSource::Negative => {
                            map.serialize_entry("unmarked", &Text(format_args!("{a} {b}")))?
                        }
                        _ => map.serialize_entry("marker", &m)?,
                    }
                }
                None => map.serialize_entry("marker", &m)?,
            },
            _ => {}
        }
        map.end()
    }
}

/// Locked candidates: inside `house` the digit is confined to where it meets `to`.
#[derive(serde::Serialize)]
struct Confined {
    house: Text<House>,
    to: Text<House>,
}

/// A value written as the JSON string of its `Display` form, without an allocation.
struct Text<T: Display>(T);

impl<T: Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}
