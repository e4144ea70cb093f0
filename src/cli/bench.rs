//! `sudoku-lab bench`: µs per puzzle for each file, the way the wasm `bench` export measures
//! it (see `sudoku_lab::bench`), so native and WebAssembly numbers compare like for like.

use std::ffi::OsString;
use std::time::Instant;

use clap::Args;
use sudoku_lab::bench::{collect, measure, measure_grades, MAX_PUZZLES, MAX_RUNS};
use sudoku_lab::formats;
use sudoku_lab::Options;

use super::args::{Choice, InputArgs, Output, Whole};
use super::exit::{report, Failure, EXIT_INPUT, EXIT_OK};
use super::input::Input;
use super::output::Sink;

/// µs per puzzle for each file (as the wasm build measures it)
#[derive(Args, Debug)]
#[command(long_about = ABOUT, after_help = EXIT, after_long_help = [BAD_PUZZLES, EXIT].concat())]
pub struct BenchArgs {
    /// The files to time
    #[arg(value_name = "FILE", required = true)]
    files: Vec<OsString>,
    /// Count up to N solutions per puzzle (2: uniqueness checked)
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    limit: u64,
    /// Time N runs, 1 to 1000, and report the median and the fastest
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = Whole::at_most(MAX_RUNS))]
    runs: u64,
    /// Time grading instead (every technique, one pass)
    ///
    /// Prints the median, 90th percentile and worst milliseconds per puzzle, and how many the
    /// techniques solve without guessing.
    #[arg(long)]
    grade: bool,
    /// Write one line of text per file, or one JSON object
    ///
    /// json: {"file": "…", "puzzles": 2, "solutions": 2, "micros_per_puzzle": 11.6,
    /// "fastest_micros_per_puzzle": 11.2, "limit": 2, "runs": 5, "invalid": 0}; with --grade
    /// {"file", "puzzles", "without_guessing", "median_millis", "p90_millis",
    /// "worst_millis"}.
    #[arg(long, value_name = "O", default_value_t = Output::Text,
          value_parser = Choice::<Output>::new("an output"))]
    output: Output,
    /// The same as --output json (the name it had first)
    #[arg(long, hide = true)]
    json: bool,
    #[command(flatten)]
    input: InputArgs,
}

const ABOUT: &str = "\
Times the solver on every puzzle of each FILE, on one thread: a fast path where one applies \
(9×9 classic and inequality, 16×16 and 25×25 classic), else the general engine; parsing left \
out. Prints one line per file: puzzles, solutions found, and the median and the fastest µs \
per puzzle over --runs runs (on a busy machine the fastest run is the least disturbed one). \
`make bench` runs this beside the WebAssembly build on the same files and prints the ratio.";

const BAD_PUZZLES: &str = "\
A bad puzzle (one that does not read or fails validation) is named on stderr as \
'FILE:LINE:COL: puzzle K: what' and left out of the timing; the line says how many were \
(\"invalid\" in JSON). A file holds at most 1000000 puzzles here: they are all kept in \
memory for the runs.

";

const EXIT: &str = "\
Exit status: 0 every file timed; 2 some input was bad (decided after every file is timed) \
or bad usage; 3 internal error.";

pub fn bench(args: BenchArgs) -> Result<u8, Failure> {
    let chosen = args.input.format();
    let read_options = args.input.read_options();
    let limit = args.limit;
    let runs = args.runs as usize;
    let json = args.json || args.output == Output::Json;
    let mut sink = Sink::new();
    let mut bad = false;
    for file in &args.files {
        // A file that cannot be read costs only itself: the others are timed.
        let read = Input::read(Some(file)).and_then(|input| {
            let format = input.format(chosen)?;
            Ok((input, format))
        });
        let (input, format) = match read {
            Ok(read) => read,
            Err(failure) => {
                report(&failure.to_string());
                bad = true;
                continue;
            }
        };
        let mut invalid = 0usize;
        let collected = collect(formats::read(&input.text, format, read_options), |error| {
            invalid += usize::from(error.puzzle.is_some());
            report(&input.describe(&error));
        });
        bad |= invalid > 0;
        let Ok(puzzles) = collected else {
            report(&format!(
                "{}: more than {MAX_PUZZLES} puzzles; bench keeps them all in memory, so split \
                 the file",
                input.name
            ));
            bad = true;
            continue;
        };
        let clock = Instant::now();
        if args.grade {
            let g = measure_grades(&puzzles, || clock.elapsed().as_secs_f64() * 1000.0);
            let line = if json {
                let mut value = serde_json::to_value(g)
                    .map_err(|e| Failure::Internal(format!("timings do not serialize: {e}")))?;
                value["file"] = input.name.clone().into();
                format!("{value}\n")
            } else {
                format!(
                    "{}: {} puzzles graded ({} without guessing): median {:.3} ms, p90 {:.3} ms, worst {:.3} ms per puzzle\n",
                    input.name, g.puzzles, g.without_guessing, g.median_millis, g.p90_millis, g.worst_millis
                )
            };
            if !sink.write(&line)? {
                break;
            }
            continue;
        }
        let m = measure(&puzzles, limit, runs, || {
            clock.elapsed().as_secs_f64() * 1000.0
        });
        let line = if json {
            let value = serde_json::json!({
                "file": input.name,
                "puzzles": m.puzzles,
                "solutions": m.solutions,
                "micros_per_puzzle": m.micros_per_puzzle,
                "fastest_micros_per_puzzle": m.fastest_micros_per_puzzle,
                "limit": limit,
                "runs": runs,
                "invalid": invalid,
            });
            format!("{value}\n")
        } else {
            let left_out = match invalid {
                0 => String::new(),
                n => format!(" ({n} invalid left out)"),
            };
            format!(
                "{}: {} puzzles{left_out}, {} solutions, {:.2} µs per puzzle (median of {runs}; fastest {:.2})\n",
                input.name, m.puzzles, m.solutions, m.micros_per_puzzle, m.fastest_micros_per_puzzle
            )
        };
        if !sink.write(&line)? {
            break;
        }
    }
    sink.flush()?;
    Ok(if bad { EXIT_INPUT } else { EXIT_OK })
}
