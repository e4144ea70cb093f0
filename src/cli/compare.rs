//! `sudoku-lab compare`: one puzzle solved by every engine, side by side in a table.

use std::ffi::OsString;
use std::time::{Duration, Instant};

use clap::Args;
use sudoku_lab::formats::Entry;
use sudoku_lab::{Engine, EngineKind, Options, Search, Silent, Stats, Status};

use super::answers::{by_rule, count_of, name};
use super::args::{names, Choice, InputArgs, Output, Whole};
use super::batch::verify;
use super::exit::{Failure, EXIT_OK};
use super::input::{unsupported, Input};
use super::output;

/// One puzzle by every engine: a table of statistics
#[derive(Args, Debug)]
#[command(long_about = about(), after_help = [EXIT, EXAMPLES].concat())]
pub struct CompareArgs {
    /// The puzzles, of which one is compared (stdin when left out or '-')
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    /// Compare on the K-th puzzle of the input
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = Whole::at_most(u64::MAX))]
    puzzle: u64,
    /// Stop each engine after N nodes (a probe counts as a node)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_LIMIT,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    node_limit: u64,
    /// Write the table as text, or as one JSON object
    ///
    /// json: {"puzzle", "line", "node_limit", "engines": [{"engine", "status", "stats",
    /// "micros"}, …], "notes"}.
    #[arg(long, value_name = "O", default_value_t = Output::Text,
          value_parser = Choice::<Output>::new("an output"))]
    output: Output,
    #[command(flatten)]
    input: InputArgs,
}

/// The long help, naming the engines from their list.
fn about() -> String {
    format!(
        "Solves ONE puzzle of FILE (stdin when left out or '-'), the first or the one --puzzle \
         picks, with each engine in turn ({}) and prints a table of what each did: status, \
         search nodes, guesses, backtracks, placements, eliminations and the time of the \
         search alone, then the eliminations of each engine by rule. {ABOUT}",
        names::<EngineKind>()
    )
}

const ABOUT: &str = "\
dlx is skipped, with a note, for a puzzle with relations or markers (inequality, Futoshiki, \
Kropki, XV). The first puzzle of the POJ 3074 sample:

  puzzle 1 (line 1): 9×9 classic, 36 givens, 0 relations; node limit 1000000

  engine     status  nodes  guesses  backtracks  placements  eliminations   time
  propagate  unique      1        0           0          81           360  11 µs
  dlx        unique     46        0           0          81           493  18 µs
  naive      unique    399      330         330         366          3046  39 µs
  logic      unique      1        0           0          81           360  25 µs

  eliminations by rule:
    propagate  peer 360
    dlx        peer 493
    naive      peer 2640, guess 76, refutation 330
    logic      peer 360

The engines: propagate eliminates a placed digit from its peers and looks for naked and \
hidden singles, relation bounds and locked candidates before it guesses on the most \
constrained cell; dlx (dancing links) chooses the constraint with the fewest candidates, \
covering a row eliminates every candidate it clashes with; naive fills cells in reading \
order, checking only the digits already placed; logic applies named techniques as a person \
does, simplest first, and guesses only when none applies. Status 'limit' for naive is the \
expected outcome on a hard puzzle, not an error.";

const EXIT: &str = "\
Exit status: 0 compared (whatever each engine found), 2 bad input or usage, 3 internal \
error (an engine's answer fails the independent check, or two engines disagree).
";

const EXAMPLES: &str = "
Examples:
  sudoku-lab compare --format poj3074 top95.in
  sudoku-lab compare --puzzle 7 --node-limit 100000 puzzles.txt";

/// The default of `--node-limit`: enough for the naive engine on easy puzzles, a second or
/// so where it cannot finish.
const DEFAULT_NODE_LIMIT: u64 = 1_000_000;

/// What one engine did on the puzzle.
struct Run {
    engine: EngineKind,
    status: Status,
    stats: Stats,
    solutions: Vec<Vec<u8>>,
    time: Duration,
}

pub fn compare(args: CompareArgs) -> Result<u8, Failure> {
    let json = args.output == Output::Json;
    let options = Options {
        node_limit: args.node_limit,
        ..Options::default()
    };
    let (_, entry) = Input::one_puzzle(args.file.as_ref(), &args.input, args.puzzle as usize)?;

    let mut runs = Vec::new();
    let mut notes = Vec::new();
    for engine in EngineKind::ALL {
        if let Some(problem) = unsupported(engine, &entry) {
            notes.push(format!("{engine}: skipped: {problem}"));
            continue;
        }
        let run = search(engine, &entry, options)?;
        for solution in &run.solutions {
            verify(&entry, solution)?;
        }
        if run.status == Status::LimitReached {
            notes.push(format!(
                "{engine}: stopped after {} (raise --node-limit)",
                count_of(run.stats.work(), "node")
            ));
        }
        runs.push(run);
    }

    if json {
        print_json(&entry, &runs, &notes, options.node_limit)?;
        agree(&entry, &runs)?;
        return Ok(EXIT_OK);
    }
    let puzzle = &entry.puzzle;
    let size = puzzle.size();
    let mut text = format!(
        "{}: {size}×{size} {}, {}, {}; node limit {}\n\n",
        name(&entry),
        puzzle.kind(),
        count_of(
            puzzle.givens().iter().filter(|&&d| d != 0).count() as u64,
            "given"
        ),
        count_of(puzzle.relations().len() as u64, "relation"),
        options.node_limit
    );
    text.push_str(&table(&runs));
    text.push_str("\neliminations by rule:\n");
    let width = runs
        .iter()
        .map(|r| r.engine.name().len())
        .max()
        .unwrap_or(0);
    for run in &runs {
        text.push_str(&format!(
            "  {:<width$}  {}\n",
            run.engine.name(),
            by_rule(&run.stats.eliminations)
        ));
    }
    if !notes.is_empty() {
        text.push('\n');
        for note in &notes {
            text.push_str(note);
            text.push('\n');
        }
    }
    output::print(&text)?;
    agree(&entry, &runs)?;
    Ok(EXIT_OK)
}

/// Runs `engine` on the puzzle to the end, timing the search alone.
fn search(engine: EngineKind, entry: &Entry, options: Options) -> Result<Run, Failure> {
    let mut search = Engine::new(engine, &entry.puzzle, options, Silent)
        .map_err(|problem| Failure::Internal(format!("{}: {problem}", name(entry))))?;
    let started = Instant::now();
    let status = search.run();
    let time = started.elapsed();
    Ok(Run {
        engine,
        status,
        stats: search.stats().clone(),
        solutions: search.solutions().to_vec(),
        time,
    })
}

/// Checks that the engines that finished agree: the same status, and the same solution when
/// it is unique. A disagreement is a bug in one of them.
fn agree(entry: &Entry, runs: &[Run]) -> Result<(), Failure> {
    let finished: Vec<&Run> = runs
        .iter()
        .filter(|r| r.status != Status::LimitReached)
        .collect();
    for pair in finished.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let same_solution =
            a.status != Status::Unique || a.solutions.first() == b.solutions.first();
        if a.status != b.status || !same_solution {
            return Err(Failure::Internal(format!(
                "{}: the {} and {} engines disagree ({} and {})",
                name(entry),
                a.engine,
                b.engine,
                a.status,
                b.status
            )));
        }
    }
    Ok(())
}

/// `152 µs` below a millisecond, `12.3 ms` above.
fn time(d: Duration) -> String {
    let micros = d.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.0} µs")
    } else {
        format!("{:.1} ms", micros / 1000.0)
    }
}

/// The comparison as one JSON object: the puzzle's number and line, the node limit, each
/// engine's run (its status, the search's stats with the tables by rule, the microseconds of
/// the search) and the notes (engines skipped or stopped by the node limit).
fn print_json(
    entry: &Entry,
    runs: &[Run],
    notes: &[String],
    node_limit: u64,
) -> Result<(), Failure> {
    #[derive(serde::Serialize)]
    struct EngineRun<'a> {
        engine: &'static str,
        status: &'static str,
        stats: &'a Stats,
        micros: f64,
    }
    #[derive(serde::Serialize)]
    struct Comparison<'a> {
        puzzle: usize,
        line: u32,
        node_limit: u64,
        engines: Vec<EngineRun<'a>>,
        notes: &'a [String],
    }
    let comparison = Comparison {
        puzzle: entry.number,
        line: entry.pos.line,
        node_limit,
        engines: runs
            .iter()
            .map(|r| EngineRun {
                engine: r.engine.name(),
                status: r.status.name(),
                stats: &r.stats,
                micros: r.time.as_secs_f64() * 1e6,
            })
            .collect(),
        notes,
    };
    let object = serde_json::to_string(&comparison)
        .map_err(|e| Failure::Internal(format!("a comparison does not serialize: {e}")))?;
    output::print(&format!("{object}\n"))
}

/// The runs as an aligned table: names and statuses to the left, numbers to the right. A
/// `probes` column (trial propagations, which count toward the node limit) appears only
/// when some engine probed.
fn table(runs: &[Run]) -> String {
    let probes = runs.iter().any(|r| r.stats.probes > 0);
    let mut head = vec!["engine", "status", "nodes"];
    if probes {
        head.push("probes");
    }
    head.extend([
        "guesses",
        "backtracks",
        "placements",
        "eliminations",
        "time",
    ]);
    let rows: Vec<Vec<String>> = runs
        .iter()
        .map(|r| {
            let s = &r.stats;
            let mut row = vec![
                r.engine.name().to_string(),
                r.status.name().to_string(),
                s.nodes.to_string(),
            ];
            if probes {
                row.push(s.probes.to_string());
            }
            row.extend([
                s.guesses.to_string(),
                s.backtracks.to_string(),
                s.total_placements().to_string(),
                s.total_eliminations().to_string(),
                time(r.time),
            ]);
            row
        })
        .collect();
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let parts: Vec<String> = cells
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &w))| {
                if i < 2 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        format!("{}\n", parts.join("  ").trim_end())
    };
    let mut text = line(&mut head.iter().copied());
    for row in &rows {
        text.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    text
}
