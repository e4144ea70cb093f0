//! `sudoku-lab count`: the number of solutions of every puzzle, up to a limit.

use std::ffi::OsString;

use sudoku_lab::{Options, Status};

use super::answers::{count_of, invalid_line, name, push_decimal};
use super::args::{self, Spec};
use super::batch::{threads, Puzzles};
use super::exit::{exit_code, Failure, EXIT_OK};
use super::input::Input;
use super::output::Sink;

pub const HELP: &str = "\
Usage: sudoku-lab count [OPTIONS] [FILE]

Prints one line per puzzle of FILE (stdin when left out or '-'): the number of solutions,
counted up to --limit. A count that stopped at a limit says so: '1000 (solution limit
reached)' means at least 1000; '12 (node limit reached)' means at least 12.

Options:
  --limit N         count at most N solutions per puzzle (default 1000)
  --output O        text (default) or json: one object per line, {\"puzzle\": K,
                    \"solutions\": 2, \"stopped_by\": \"solution_limit\"} (\"stopped_by\":
                    \"solution_limit\" or \"node_limit\" only when a limit stopped the count;
                    {\"puzzle\": K, \"status\": \"invalid\"} for a bad puzzle)
  --format F        input format: line, grid, poj3074, poj3076, cqoi, picture, json, fpuzzles, auto
  --kind K          classic, inequality, futoshiki or auto
  --alphabet A      digits, letters, alnum, hex, numbers or auto
  --engine E        propagate (default), dlx (classic puzzles only), naive or logic
  --node-limit N    give up on a puzzle after N search nodes (default 10000000; a probe counts as a node)
  --threads N       count N puzzles at once, 1 to 256 (default: one per core; lines keep their order)
  -h, --help        show this help

A bad puzzle (one that does not read, fails validation or that the engine cannot express)
is named on stderr as 'FILE:LINE:COL: puzzle K: what' and its line says 'invalid', so
that line K is always puzzle K's; the puzzles after it are counted as usual.

Exit status: 0 every puzzle counted (0 solutions is a count), 1 some puzzle hit
--node-limit, 2 some input was bad (decided after every good puzzle is counted; 2 wins
over 1) or bad usage, 3 internal error.
";

const SPEC: Spec = Spec::new(
    "count",
    &[
        "limit",
        "output",
        "format",
        "kind",
        "alphabet",
        "engine",
        "node-limit",
        "threads",
    ],
    &[],
);

/// The default of `--limit`.
const DEFAULT_LIMIT: u64 = 1000;

pub fn count(args: Vec<OsString>) -> Result<u8, Failure> {
    let Some(parsed) = args::parse_or_help(args, &SPEC, HELP)? else {
        return Ok(EXIT_OK);
    };
    let json = parsed.json_output(SPEC.command)?;
    let chosen = parsed.format("format", SPEC.command)?;
    let read_options = parsed.read_options(SPEC.command)?;
    let limit = parsed.at_most("limit", DEFAULT_LIMIT, Options::MAX_LIMIT, SPEC.command)?;
    let options = Options {
        solution_limit: limit,
        node_limit: parsed.node_limit(Options::DEFAULT_NODE_LIMIT, SPEC.command)?,
        ..Options::default()
    };
    let engine = parsed.engine(SPEC.command)?;
    let threads = threads(&parsed, SPEC.command)?;
    let file = parsed.single_input(SPEC.command)?;

    let input = Input::read(file)?;
    let format = input.format(chosen)?;
    let mut puzzles = Puzzles::new(&input, format, read_options, engine, options, threads);
    let mut sink = Sink::new();
    let mut unsolved = false;
    // One line a puzzle, made in one reused buffer (`format!` was 4% of the process on a
    // file of 50,000 puzzles).
    let mut line = String::new();
    let invalid = |error: &sudoku_lab::formats::InputError| invalid_line(json, error);
    while let Some((entry, solved)) = puzzles.next_good(&mut sink, invalid)? {
        let found = solved.stats.solutions;
        let stopped = match solved.status {
            Status::LimitReached => {
                sink.note(format_args!(
                    "{}: gave up after {} (raise --node-limit)",
                    name(entry),
                    count_of(solved.stats.work(), "node")
                ));
                unsolved = true;
                Some("node")
            }
            _ if found >= limit => Some("solution"),
            _ => None,
        };
        line.clear();
        if json {
            line.push_str("{\"puzzle\":");
            push_decimal(&mut line, entry.number as u64);
            line.push_str(",\"solutions\":");
            push_decimal(&mut line, found);
            if let Some(limit) = stopped {
                line.push_str(",\"stopped_by\":\"");
                line.push_str(limit);
                line.push_str("_limit\"");
            }
            line.push_str("}\n");
        } else {
            push_decimal(&mut line, found);
            line.push_str(match stopped {
                Some("node") => " (node limit reached)\n",
                Some(_) => " (solution limit reached)\n",
                None => "\n",
            });
        }
        if !sink.write(&line)? {
            break;
        }
    }
    sink.flush()?;
    Ok(exit_code(puzzles.bad, unsolved))
}
