//! `sudoku-lab bench`: µs per puzzle for each file, the way the wasm `bench` export measures
//! it (see `sudoku_lab::bench`), so native and WebAssembly numbers compare like for like.

use std::ffi::OsString;
use std::time::Instant;

use sudoku_lab::bench::{collect, measure, measure_grades, MAX_PUZZLES, MAX_RUNS};
use sudoku_lab::formats;
use sudoku_lab::Options;

use super::args::{self, Spec};
use super::exit::{report, Failure, EXIT_INPUT, EXIT_OK};
use super::input::Input;
use super::output::Sink;

pub const HELP: &str = "\
Usage: sudoku-lab bench [OPTIONS] FILE...

Times the solver on every puzzle of each FILE, on one thread: a fast path where one applies
(9×9 classic and inequality, 16×16 and 25×25 classic), else the general engine; parsing left out.
Prints one line per file: puzzles, solutions found, and the median and the fastest µs per
puzzle over --runs runs (on a busy machine the fastest run is the least disturbed one).
`make bench` runs this beside the WebAssembly build on the same files and prints the ratio.

Options:
  --limit N         count up to N solutions per puzzle (default 2: uniqueness checked)
  --runs N          time N runs (1 to 1000), report the median and the fastest (default 5)
  --format F        input format (default auto), --kind K, --alphabet A as for solve
  --grade           time grading instead (every technique, one pass): the median, 90th
                    percentile and worst milliseconds per puzzle, and how many the
                    techniques solve without guessing
  --output O        text (default) or json: one JSON object per file instead of a line
  --json            the same as --output json
  -h, --help        show this help

A bad puzzle (one that does not read or fails validation) is named on stderr as
'FILE:LINE:COL: puzzle K: what' and left out of the timing; the line says how many were
(\"invalid\" in JSON). A file holds at most 1000000 puzzles here: they are all kept in memory
for the runs.

Exit status: 0 every file timed; 2 some input was bad (decided after every file is timed)
or bad usage; 3 internal error.
";

const SPEC: Spec = Spec::new(
    "bench",
    &["limit", "runs", "output", "format", "kind", "alphabet"],
    &["json", "grade"],
);

pub fn bench(args: Vec<OsString>) -> Result<u8, Failure> {
    let Some(parsed) = args::parse_or_help(args, &SPEC, HELP)? else {
        return Ok(EXIT_OK);
    };
    if parsed.positional.is_empty() {
        return Err(Failure::usage(
            "'bench' needs at least one FILE".to_string(),
            SPEC.command,
        ));
    }
    let chosen = parsed.format("format", SPEC.command)?;
    let read_options = parsed.read_options(SPEC.command)?;
    let limit = parsed.at_most("limit", 2, Options::MAX_LIMIT, SPEC.command)?;
    let runs = parsed.at_most("runs", 5, MAX_RUNS, SPEC.command)? as usize;
    let json = parsed.switch("json") || parsed.json_output(SPEC.command)?;
    let mut sink = Sink::new();
    let mut bad = false;
    for file in &parsed.positional {
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
        if parsed.switch("grade") {
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
