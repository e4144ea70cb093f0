//! `sudoku-lab count`: the number of solutions of every puzzle, up to a limit.

use std::ffi::OsString;

use clap::Args;
use sudoku_lab::{Options, Status};

use super::answers::{count_of, invalid_line, name, push_decimal};
use super::args::{output_long_help, EngineArgs, InputArgs, OutputArgs, ThreadArgs, Whole};
use super::batch::Puzzles;
use super::exit::{exit_code, Failure};
use super::input::Input;
use super::output::Sink;

/// Print the number of solutions of every puzzle
#[derive(Args, Debug)]
#[command(
    long_about = ABOUT,
    after_help = EXIT,
    after_long_help = [BAD_PUZZLES, EXIT].concat(),
    mut_args(output_long_help(OUTPUT))
)]
pub struct CountArgs {
    /// The puzzles (stdin when left out or '-')
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    /// Count at most N solutions per puzzle
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    limit: u64,
    #[command(flatten)]
    engine: EngineArgs,
    /// Give up on a puzzle after N search nodes (a probe counts as a node)
    #[arg(long, value_name = "N", default_value_t = Options::DEFAULT_NODE_LIMIT,
          value_parser = Whole::at_most(Options::MAX_LIMIT))]
    node_limit: u64,
    #[command(flatten)]
    threads: ThreadArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
}

const OUTPUT: &str = "\
text: the count, and which limit stopped it if one did: '1000 (solution limit reached)'. \
json: {\"puzzle\": K, \"line\": L, \"status\": \"multiple\", \"solutions\": 1000, \
\"limit\": \"solution_limit\"}, where status is the search's (unique, multiple, unsolvable, or \
limit when --node-limit stopped it) and limit is null for an exact count, \"solution_limit\" \
(at least that many) or \"node_limit\". A bad puzzle's object is {\"puzzle\": K, \"line\": L, \
\"column\": C, \"status\": \"invalid\", \"error\": \"...\"}.";

const ABOUT: &str = "\
Prints one line per puzzle of FILE (stdin when left out or '-'): the number of solutions, \
counted up to --limit. A count that stopped at a limit says so: '1000 (solution limit \
reached)' means at least 1000; '12 (node limit reached)' means at least 12.";

const BAD_PUZZLES: &str = "\
A bad puzzle (one that does not read, fails validation or that the engine cannot express) \
is named on stderr as 'FILE:LINE:COL: puzzle K: what' and its line says 'invalid' (in JSON, \
status \"invalid\"), so that line K is always puzzle K's; the puzzles after it are counted as \
usual.

";

const EXIT: &str = "\
Exit status: 0 every puzzle counted (0 solutions is a count), 1 some puzzle hit \
--node-limit, 2 some input was bad (decided after every good puzzle is counted; 2 wins \
over 1) or bad usage, 3 internal error.";

/// The default of `--limit`.
const DEFAULT_LIMIT: u64 = 1000;

pub fn count(args: CountArgs) -> Result<u8, Failure> {
    let json = args.output.json();
    let chosen = args.input.format();
    let read_options = args.input.read_options();
    let limit = args.limit;
    let options = Options {
        solution_limit: limit,
        node_limit: args.node_limit,
        ..Options::default()
    };
    let engine = args.engine.engine;
    let threads = args.threads.count();
    let file = args.file.as_ref();

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
