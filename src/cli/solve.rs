//! `sudoku-lab solve`: solve every puzzle of the input and write the answers as a judge wants them.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudoku_lab::formats::{self, Alphabet, Entry, Format, Givens, InputError, ReadOptions};
use sudoku_lab::{solve_fast, Engine, EngineKind, Options, Rule, Silent, Stats, Status};

use super::args::{self, Spec};
use super::input::{unsupported, Input};
use super::output::{self, Sink};
use super::{report, Failure, EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED};

pub const HELP: &str = "\
Usage: sudoku-lab solve [OPTIONS] [FILE]

Solves every puzzle in FILE (stdin when left out or '-') and writes each answer in the
input's format: POJ 3074 one 81-digit line per puzzle, POJ 3076 16 lines per puzzle with a
blank line between, CQOI 9 lines of 9 space-separated digits, the solved grid for line, grid
and picture, one JSON object per line for json. Puzzles are checked for a unique solution.

Options:
  --format F        input format: line, grid, poj3074, poj3076, cqoi, picture, json, auto
                    (default auto: detected from the text)
  --kind K          classic, inequality, futoshiki or auto (default: from the format)
  --alphabet A      symbols of the givens: digits, letters, alnum, hex, numbers or auto
  --engine E        propagate (default: propagation and branching on the most constrained
                    cell), dlx (dancing links, classic puzzles only) or naive (cell-order
                    search; expect --node-limit on hard puzzles)
  --output F        write the answers in format F instead of the input's
  --first           stop at the first solution (do not check uniqueness)
  --node-limit N    give up on a puzzle after N search nodes (default 10000000; a probe counts as a node)
  --threads N       solve N puzzles at once, 1 to 256 (default: one per core; answers keep their order)
  --stats           print a summary to stderr at the end: statuses, search counts, time
  -h, --help        show this help

A puzzle with no solution is named on stderr and gets no answer; one with several gets its
first answer and a warning. Every answer is verified before it is written.

A bad puzzle does not stop the run. One that does not read, fails validation (two equal
givens in a house, a relation contradicting a given, a cycle, ...), does not fit --output,
or that the engine cannot express is named on stderr as 'FILE:LINE:COL: puzzle K: what' and,
like a puzzle with no solution, gets no answer in the judge and text formats; with
--output json it gets one object, {\"puzzle\":K,\"line\":L,\"column\":C,\"status\":\"invalid\",
\"error\":\"...\"}, so that line K of the output still answers puzzle K. Reading goes on at
the next place a puzzle can start (the next line; after a grid's or picture's rows or at a
blank line; after a CQOI puzzle's 108 symbols; after a JSON value), and every good puzzle
is answered, in input order.

Exit status: 0 every puzzle solved; 1 some puzzle has no solution or hit --node-limit;
2 some input was bad (decided after every good puzzle is answered; 2 wins over 1, so
2 says nothing of the good puzzles: read their answers) or bad usage; 3 internal error.

Examples:
  sudoku-lab solve --format poj3074 < poj3074.in         # one 81-digit line per puzzle
  sudoku-lab solve --engine dlx --stats puzzles.txt      # the same answers by dancing links
  sudoku-lab solve --output json --first puzzles.txt     # status, solution and stats as JSON
";

const SPEC: Spec = Spec::new(
    "solve",
    &[
        "format",
        "kind",
        "alphabet",
        "engine",
        "node-limit",
        "output",
        "threads",
    ],
    &["first", "stats"],
);

/// What a finished search found for one puzzle.
pub struct Solved {
    pub status: Status,
    pub stats: Stats,
    pub solutions: Vec<Vec<u8>>,
}

/// How many puzzles are read ahead and solved side by side: enough to keep every core busy
/// through uneven puzzles, few enough that memory stays small and output starts at once.
const BATCH: usize = 2048;

/// One puzzle of the input, in input order: solved, or bad.
pub enum Item {
    /// Boxed: statistics make it ten times the size of the other.
    Solved(Entry, Box<Solved>),
    /// A puzzle that does not read, fails validation or that the engine cannot express, or
    /// bad input between puzzles (then `puzzle` is `None`).
    Bad(InputError),
}

/// The puzzles of one input, read lazily in batches, each validated, then searched by one
/// engine on `threads` threads (one engine each, reused where it can be) and handed out in
/// input order, bad ones among them.
pub struct Puzzles<'a> {
    input: &'a Input,
    entries: Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a>,
    engine: EngineKind,
    options: Options,
    threads: usize,
    searches: Vec<Option<Engine<Silent>>>,
    ready: VecDeque<Item>,
    read: usize,
    /// Wall time spent searching; parsing and writing left out.
    pub solving: Duration,
    /// Whether puzzles may take a fast path (9×9 classic and inequality, 16×16 classic; their
    /// statistics count nodes and guesses but no rules): off when `--stats` asks for the rules.
    pub fast: bool,
    /// The judge format answers are written in, when there is one: a puzzle it cannot hold
    /// (a 16×16 one as `poj3074`) is bad input, found before it is searched.
    pub output: Option<Format>,
}

impl<'a> Puzzles<'a> {
    pub fn new(
        input: &'a Input,
        format: Format,
        read_options: ReadOptions,
        engine: EngineKind,
        options: Options,
        threads: usize,
    ) -> Puzzles<'a> {
        let threads = threads.max(1);
        Puzzles {
            input,
            entries: formats::read(&input.text, format, read_options),
            engine,
            options,
            threads,
            searches: (0..threads).map(|_| None).collect(),
            ready: VecDeque::new(),
            read: 0,
            solving: Duration::ZERO,
            fast: true,
            output: None,
        }
    }

    /// The next puzzle, solved or bad, `None` at the end. An input with no puzzle at all,
    /// good or bad, is an error.
    pub fn next(&mut self) -> Result<Option<Item>, Failure> {
        if self.ready.is_empty() {
            self.fill();
        }
        match self.ready.pop_front() {
            Some(item) => Ok(Some(item)),
            None if self.read == 0 => Err(Failure::Input(format!(
                "{}:1:1: the input holds no puzzle",
                self.input.name
            ))),
            None => Ok(None),
        }
    }

    /// Reads up to [`BATCH`] more items, good and bad, and solves the good ones.
    fn fill(&mut self) {
        let mut batch = Vec::with_capacity(BATCH);
        // In input order: the index of a good puzzle in `batch`, or a bad one.
        let mut order: Vec<Result<usize, InputError>> = Vec::with_capacity(BATCH);
        while order.len() < BATCH {
            let Some(item) = self.entries.next() else {
                break;
            };
            self.read += 1;
            let output = self.output;
            let engine = self.engine;
            let checked = item.and_then(Entry::validated).and_then(|mut entry| {
                if let Some(problem) = unsupported(engine, &entry) {
                    return Err(entry.input_error(problem));
                }
                if let Some(format) = output {
                    fit_output(&mut entry, format)?;
                }
                Ok(entry)
            });
            match checked {
                Ok(entry) => {
                    order.push(Ok(batch.len()));
                    batch.push(entry);
                }
                Err(e) => order.push(Err(e)),
            }
        }
        let started = Instant::now();
        let solved = if batch.is_empty() {
            Vec::new()
        } else {
            self.solve_all(&batch)
        };
        self.solving += started.elapsed();
        let mut solved = batch.into_iter().zip(solved);
        for slot in order {
            let item = match slot {
                Ok(_) => match solved.next() {
                    Some((entry, solved)) => Item::Solved(entry, Box::new(solved)),
                    None => break,
                },
                Err(e) => Item::Bad(e),
            };
            self.ready.push_back(item);
        }
    }

    /// Solves `batch` on the worker threads; each takes the next unsolved puzzle in turn.
    fn solve_all(&mut self, batch: &[Entry]) -> Vec<Solved> {
        let (engine, options, fast) = (self.engine, self.options, self.fast);
        let workers = self.threads.min(batch.len());
        if workers <= 1 {
            let slot = &mut self.searches[0];
            return batch
                .iter()
                .map(|e| solve_one(slot, e, engine, options, fast))
                .collect();
        }
        let next = AtomicUsize::new(0);
        let mut results: Vec<Vec<(usize, Solved)>> = Vec::new();
        std::thread::scope(|scope| {
            let handles: Vec<_> = self.searches[..workers]
                .iter_mut()
                .map(|slot| {
                    let next = &next;
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(entry) = batch.get(i) else {
                                return done;
                            };
                            done.push((i, solve_one(slot, entry, engine, options, fast)));
                        }
                    })
                })
                .collect();
            // A worker's panic is a bug: carry it to the main thread, which reports it.
            results = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
        });
        let mut ordered: Vec<(usize, Solved)> = results.into_iter().flatten().collect();
        ordered.sort_unstable_by_key(|&(i, _)| i);
        ordered.into_iter().map(|(_, solved)| solved).collect()
    }
}

/// Searches one puzzle by `kind` in the worker's `slot`: the engine there is reset and
/// reused, keeping its buffers from puzzle to puzzle. The caller has checked that the engine
/// can express the puzzle.
fn solve_one(
    slot: &mut Option<Engine<Silent>>,
    entry: &Entry,
    kind: EngineKind,
    options: Options,
    fast: bool,
) -> Solved {
    if fast && kind == EngineKind::Propagate {
        if let Some(outcome) = solve_fast(&entry.puzzle, options) {
            return Solved {
                status: outcome.status,
                stats: outcome.stats,
                solutions: outcome.solutions,
            };
        }
    }
    let search = match slot {
        Some(engine) if engine.kind() == kind => {
            match engine {
                Engine::Propagate(search) => search.reset(&entry.puzzle),
                Engine::Dlx(search) => search.reset(&entry.puzzle),
                Engine::Naive(search) => search.reset(&entry.puzzle),
            }
            engine
        }
        _ => slot.insert(
            Engine::new(kind, &entry.puzzle, options, Silent)
                .unwrap_or_else(|problem| panic!("{}: {problem}", name(entry))),
        ),
    };
    let status = search.run();
    Solved {
        status,
        stats: search.stats().clone(),
        solutions: search.solutions().to_vec(),
    }
}

/// The most `--threads`.
pub const MAX_THREADS: usize = 256;

/// `--threads N`: how many puzzles are solved at once (default: one per core).
pub fn threads(parsed: &args::Parsed, command: &'static str) -> Result<usize, Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(parsed.at_most(
        "threads",
        cores.min(MAX_THREADS) as u64,
        MAX_THREADS as u64,
        command,
    )? as usize)
}

/// `puzzle 3 (line 5)`: how stderr names a puzzle.
pub fn name(entry: &Entry) -> String {
    format!("puzzle {} (line {})", entry.number, entry.pos.line)
}

/// `1 node`, `2 nodes`.
pub fn count_of(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Verifies `solution` independently of the search; a failure is a bug in the solver.
pub fn verify(entry: &Entry, solution: &[u8]) -> Result<(), Failure> {
    entry.puzzle.check_answer(solution).map_err(|problem| {
        Failure::Internal(format!(
            "{}: the solver's answer fails the check: {problem}",
            name(entry)
        ))
    })
}

pub fn solve(args: Vec<OsString>) -> Result<u8, Failure> {
    let parsed = args::parse(args, &SPEC)?;
    if parsed.help {
        output::print(HELP)?;
        return Ok(EXIT_OK);
    }
    let chosen = parsed.format("format", SPEC.command)?;
    let output_format = parsed.format("output", SPEC.command)?;
    let read_options = parsed.read_options(SPEC.command)?;
    let options = Options {
        solution_limit: if parsed.switch("first") { 1 } else { 2 },
        node_limit: parsed.node_limit(Options::DEFAULT_NODE_LIMIT, SPEC.command)?,
        ..Options::default()
    };
    let engine = parsed.engine(SPEC.command)?;
    let want_stats = parsed.switch("stats");
    let threads = threads(&parsed, SPEC.command)?;
    let file = parsed.single_input(SPEC.command)?;

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
    let mut bad = false;
    while let Some(item) = puzzles.next()? {
        text.clear();
        let (entry, solved) = match item {
            Item::Solved(entry, solved) => (entry, solved),
            Item::Bad(error) => {
                bad = true;
                summary.invalid(&error);
                report(&input.describe(&error));
                if output_format == Format::Json {
                    write_json_invalid(&mut text, &error);
                }
                if !sink.write(&text)? {
                    break;
                }
                continue;
            }
        };
        let status = solved.status;
        let stats = &solved.stats;
        let solutions = &solved.solutions[..];
        summary.add(status, stats);
        if status.has_solution() && solutions.is_empty() {
            sink.flush()?;
            return Err(Failure::Internal(format!(
                "{}: the search says {status} but kept no solution",
                name(&entry)
            )));
        }
        for solution in solutions {
            if let Err(failure) = verify(&entry, solution) {
                sink.flush()?;
                return Err(failure);
            }
        }
        if output_format == Format::Json {
            write_json(&mut text, &entry, status, stats, solutions);
        } else if let Some(first) = solutions.first() {
            writer.solution(&mut text, &entry, first);
        }
        match status {
            Status::Unique | Status::Solved => {}
            Status::Multiple => report(&format!(
                "{}: more than one solution; wrote the first",
                name(&entry)
            )),
            Status::Unsolvable => {
                report(&format!("{}: no solution", name(&entry)));
                unsolved = true;
            }
            Status::LimitReached => {
                let found = if solutions.is_empty() {
                    ""
                } else {
                    " before proving the answer unique; wrote it"
                };
                report(&format!(
                    "{}: gave up after {}{found} (raise --node-limit)",
                    name(&entry),
                    count_of(stats.work(), "node")
                ));
                unsolved = true;
            }
        }
        if !sink.write(&text)? {
            break;
        }
    }
    text.clear();
    writer.finish(&mut text, false);
    if sink.write(&text)? {
        sink.flush()?;
    }
    if want_stats {
        summary.report(started.elapsed(), puzzles.solving);
    }
    Ok(exit_code(bad, unsolved))
}

/// The exit status of a run over many puzzles: bad input wins over unsolved puzzles.
pub fn exit_code(bad: bool, unsolved: bool) -> u8 {
    if bad {
        EXIT_INPUT
    } else if unsolved {
        EXIT_UNSOLVED
    } else {
        EXIT_OK
    }
}

/// Makes `entry` writable in a judge's output format: the judge's size and alphabet.
fn fit_output(entry: &mut Entry, format: Format) -> Result<(), InputError> {
    let size = entry.puzzle.size();
    let (judge_size, alphabet) = match format {
        Format::Poj3074 | Format::Cqoi => (9, Alphabet::Digits),
        Format::Poj3076 => (16, Alphabet::Letters),
        _ => return Ok(()),
    };
    if size != judge_size {
        let e = InputError::new(
            entry.pos,
            format!(
                "the puzzle is {size}×{size}; {format} answers are {judge_size}×{judge_size} \
                 (choose another --output)"
            ),
        );
        return Err(e.in_puzzle(entry.number));
    }
    entry.alphabet = alphabet;
    Ok(())
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

/// `given 25, naked_single 40`: the rules with a count, in [`Rule::ALL`] order.
pub fn by_rule(counts: &[u64; Rule::COUNT]) -> String {
    let parts: Vec<String> = Rule::ALL
        .iter()
        .filter(|&&r| counts[r as usize] > 0)
        .map(|&r| format!("{} {}", r.name(), counts[r as usize]))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
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

/// The alphabet JSON answers to `entry` are written in: the puzzle's when it has a symbol
/// for every digit, else numbers.
pub fn json_alphabet(entry: &Entry) -> Alphabet {
    let alphabet = entry.alphabet;
    if alphabet != Alphabet::Numbers && alphabet.fits(entry.puzzle.size()) {
        alphabet
    } else {
        Alphabet::Numbers
    }
}

/// A grid as a string of symbols in `alphabet`, or an array of numbers.
pub fn render(grid: &[u8], alphabet: Alphabet) -> Givens {
    if alphabet == Alphabet::Numbers {
        return Givens::Numbers(grid.to_vec());
    }
    Givens::Symbols(
        grid.iter()
            .map(|&d| alphabet.symbol(d).unwrap_or('?'))
            .collect(),
    )
}

/// A bad puzzle's object in `--output json`: where its error is and what it says.
#[derive(serde::Serialize)]
struct JsonInvalid<'a> {
    puzzle: usize,
    line: u32,
    column: u32,
    status: &'static str,
    error: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<String>,
}

/// Writes the `--output json` line of a bad puzzle; bad input between puzzles gets none, so
/// that the lines stay one per puzzle.
fn write_json_invalid(out: &mut String, error: &InputError) {
    let Some(puzzle) = error.puzzle else {
        return;
    };
    let invalid = JsonInvalid {
        puzzle,
        line: error.pos.line,
        column: error.pos.col,
        status: "invalid",
        error: &error.message,
        cells: error.cells.iter().map(|c| c.to_string()).collect(),
    };
    // Strings and numbers always serialize.
    if let Ok(json) = serde_json::to_string(&invalid) {
        out.push_str(&json);
    }
    out.push('\n');
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
