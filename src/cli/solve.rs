//! `sudoku-lab solve`: solve every puzzle of the input and write the answers as a judge wants them.

use std::ffi::OsString;
use std::time::{Duration, Instant};

use clap::Args;
use sudoku_lab::formats::{self, Alphabet, Entry, Format, Givens, InputError};
use sudoku_lab::{Options, Stats, Status};

use super::answers::{by_rule, count_of, json_alphabet, name, render, write_json_invalid};
use super::args::{Choice, EngineArgs, InputArgs, ThreadArgs, Whole};
use super::batch::Puzzles;
use super::exit::{exit_code, report, Failure};
use super::input::Input;
use super::output::Sink;

/// Solve every puzzle, write the answers in the judge's format
#[derive(Args, Debug)]
#[command(
    long_about = ABOUT,
    after_help = [EXIT, EXAMPLES].concat(),
    after_long_help = [BAD_PUZZLES, EXIT, EXAMPLES].concat()
)]
pub struct SolveArgs {
    /// The puzzles (stdin when left out or '-')
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Write the answers in format F instead of the input's
    #[arg(long, value_name = "F", value_parser = Choice::<Format>::new("a format"))]
    output: Option<Format>,
    /// Stop at the first solution (do not check uniqueness)
    #[arg(long)]
    first: bool,
    /// Give up on a puzzle after N search nodes (a probe counts as a node)
    #[arg(long, value_name = "N", default_value_t = Options::DEFAULT_NODE_LIMIT,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    node_limit: u64,
    #[command(flatten)]
    threads: ThreadArgs,
    /// Print a summary to stderr at the end: statuses, search counts, time
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    input: InputArgs,
}

const ABOUT: &str = "\
Solves every puzzle in FILE (stdin when left out or '-') and writes each answer in the \
input's format: POJ 3074 one 81-digit line per puzzle, POJ 3076 16 lines per puzzle with a \
blank line between, CQOI 9 lines of 9 space-separated digits, the solved grid for line, grid \
and picture, one JSON object per line for json. Puzzles are checked for a unique solution.";

const BAD_PUZZLES: &str = "\
A puzzle with no solution is named on stderr and gets no answer; one with several gets its \
first answer and a warning. Every answer is verified before it is written.

A bad puzzle does not stop the run. One that does not read, fails validation (two equal \
givens in a house, a relation contradicting a given, a cycle, ...), does not fit --output, \
or that the engine cannot express is named on stderr as 'FILE:LINE:COL: puzzle K: what' and, \
like a puzzle with no solution, gets no answer in the judge and text formats; with \
--output json it gets one object, {\"puzzle\":K,\"line\":L,\"column\":C,\"status\":\"invalid\",\
\"error\":\"...\"}, so that line K of the output still answers puzzle K. Reading goes on at \
the next place a puzzle can start (the next line; after a grid's or picture's rows or at a \
blank line; after a CQOI puzzle's 108 symbols; after a JSON value), and every good puzzle \
is answered, in input order.

";

const EXIT: &str = "\
Exit status: 0 every puzzle solved; 1 some puzzle has no solution or hit --node-limit; \
2 some input was bad (decided after every good puzzle is answered; 2 wins over 1, so \
2 says nothing of the good puzzles: read their answers) or bad usage; 3 internal error.
";

const EXAMPLES: &str = "
Examples:
  sudoku-lab solve --format poj3074 < poj3074.in         # one 81-digit line per puzzle
  sudoku-lab solve --engine dlx --stats puzzles.txt      # the same answers by dancing links
  sudoku-lab solve --output json --first puzzles.txt     # status, solution and stats as JSON";

pub fn solve(args: SolveArgs) -> Result<u8, Failure> {
    let chosen = args.input.format();
    let output_format = args.output;
    let read_options = args.input.read_options();
    let options = Options {
        solution_limit: if args.first { 1 } else { 2 },
        node_limit: args.node_limit,
        ..Options::default()
    };
    let engine = args.engine.engine;
    let want_stats = args.stats;
    let threads = args.threads.count();
    let file = args.file.as_ref();

    let started = Instant::now();
    let input = Input::read(file)?;
    let format = input.format(chosen)?;
    let output_format = output_format.unwrap_or(format);
    let mut puzzles = Puzzles::new(&input, format, read_options, engine, options, threads);
    // The fast path counts no rules: take the general engine when they are asked for.
    puzzles.fast = !want_stats && output_format != Format::Json;
    puzzles.output = Some(output_format);
    let mut writer = formats::Writer::new(output_format);
    let mut sink = Sink::new();
    let mut summary = Summary::default();
    let mut text = String::new();
    let mut unsolved = false;
    while let Some((entry, solved)) = puzzles.next_good(&mut sink, |error| {
        summary.invalid(error);
        let mut line = String::new();
        if output_format == Format::Json {
            write_json_invalid(&mut line, error);
        }
        line
    })? {
        text.clear();
        let status = solved.status;
        let stats = &solved.stats;
        let solutions = &solved.solutions[..];
        summary.add(status, stats);
        if output_format == Format::Json {
            write_json(&mut text, entry, status, stats, solutions);
        } else if let Some(first) = solutions.first() {
            writer.solution(&mut text, entry, first);
        }
        match status {
            Status::Unique | Status::Solved => {}
            Status::Multiple => sink.note_about(entry, "more than one solution; wrote the first"),
            Status::Unsolvable => {
                sink.note_about(entry, "no solution");
                unsolved = true;
            }
            Status::LimitReached => {
                let found = if solutions.is_empty() {
                    ""
                } else {
                    " before proving the answer unique; wrote it"
                };
                sink.note(format_args!(
                    "{}: gave up after {}{found} (raise --node-limit)",
                    name(entry),
                    count_of(stats.work(), "node")
                ));
                unsolved = true;
            }
            other => {
                sink.note_about(entry, other.name());
                unsolved = true;
            }
        }
        if !sink.write(&text)? {
            break;
        }
    }
    text.clear();
    writer.finish(&mut text, false);
    sink.write(&text)?;
    // Also the messages, before the summary.
    sink.flush()?;
    if want_stats {
        summary.report(started.elapsed(), puzzles.solving);
    }
    Ok(exit_code(puzzles.bad, unsolved))
}

/// Totals over a run, for `--stats`.
#[derive(Default)]
struct Summary {
    puzzles: u64,
    statuses: [u64; 5],
    /// Bad puzzles (not bad input between puzzles).
    invalid: u64,
    stats: Stats,
}

const STATUSES: [Status; 5] = [
    Status::Unique,
    Status::Solved,
    Status::Multiple,
    Status::Unsolvable,
    Status::LimitReached,
];

impl Summary {
    fn add(&mut self, status: Status, stats: &Stats) {
        self.puzzles += 1;
        if let Some(i) = STATUSES.iter().position(|&s| s == status) {
            self.statuses[i] += 1;
        }
        self.stats.add(stats);
    }

    fn invalid(&mut self, error: &InputError) {
        if error.puzzle.is_some() {
            self.puzzles += 1;
            self.invalid += 1;
        }
    }

    fn report(&self, wall: Duration, solving: Duration) {
        let mut statuses: Vec<String> = STATUSES
            .iter()
            .zip(self.statuses)
            .filter(|(_, n)| *n > 0)
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        if self.invalid > 0 {
            statuses.push(format!("{} invalid", self.invalid));
        }
        let s = &self.stats;
        let per_puzzle = |d: Duration| d.as_secs_f64() * 1e6 / self.puzzles.max(1) as f64;
        report(&format!(
            "stats: {}: {}",
            count_of(self.puzzles, "puzzle"),
            statuses.join(", ")
        ));
        report(&format!(
            "stats: {} nodes, {} guesses, {} backtracks, {} contradictions",
            s.nodes, s.guesses, s.backtracks, s.contradictions
        ));
        report(&format!(
            "stats: placements {}: {}",
            s.total_placements(),
            by_rule(&s.placements)
        ));
        report(&format!(
            "stats: eliminations {}: {}",
            s.total_eliminations(),
            by_rule(&s.eliminations)
        ));
        report(&format!(
            "stats: wall time {:.3} ms, {:.1} µs per puzzle ({:.1} µs searching)",
            wall.as_secs_f64() * 1e3,
            per_puzzle(wall),
            per_puzzle(solving)
        ));
    }
}

/// One puzzle's result as a line of JSON.
#[derive(serde::Serialize)]
struct JsonAnswer<'a> {
    puzzle: usize,
    line: u32,
    status: &'static str,
    size: usize,
    kind: &'static str,
    solution: Option<Givens>,
    solutions: Vec<Givens>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alphabet: Option<&'static str>,
    /// The library's one JSON shape of statistics.
    stats: &'a Stats,
}

fn write_json(
    out: &mut String,
    entry: &Entry,
    status: Status,
    stats: &Stats,
    solutions: &[Vec<u8>],
) {
    let alphabet = json_alphabet(entry);
    let solutions: Vec<Givens> = solutions.iter().map(|s| render(s, alphabet)).collect();
    let answer = JsonAnswer {
        puzzle: entry.number,
        line: entry.pos.line,
        status: status.name(),
        size: entry.puzzle.size(),
        kind: entry.puzzle.kind().name(),
        solution: solutions.first().cloned(),
        solutions,
        alphabet: (alphabet != Alphabet::Digits).then(|| alphabet.name()),
        stats,
    };
    // Strings, numbers and maps with string keys always serialize.
    if let Ok(json) = serde_json::to_string(&answer) {
        out.push_str(&json);
    }
    out.push('\n');
}
