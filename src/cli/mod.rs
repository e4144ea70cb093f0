//! The command line: dispatch to the commands, exit codes, and messages on stderr.

mod answers;
mod args;
mod batch;
mod bench;
mod check;
mod compare;
mod count;
mod exit;
mod generate;
mod grade;
mod hint;
mod input;
mod output;
mod solve;
mod trace;

use std::ffi::OsString;

use sudoku_lab::formats::{quote, quote_name, Format};

pub use exit::{report, EXIT_INTERNAL};
use exit::{Failure, EXIT_OK};

/// Runs the command named by `args` (without the program name) and returns the exit code.
pub fn run(args: Vec<OsString>) -> u8 {
    match dispatch(args) {
        Ok(code) => code,
        Err(failure) => {
            report(&failure.to_string());
            failure.exit_code()
        }
    }
}

const USAGE: &str = "\
sudoku-lab — solve, count, check and trace Sudoku-family puzzles (classic, inequality, Futoshiki)

Usage:
  sudoku-lab solve [OPTIONS] [FILE]            solve every puzzle, write answers in the judge's format
  sudoku-lab count [OPTIONS] [FILE]            print the number of solutions of every puzzle
  sudoku-lab check [OPTIONS] PUZZLES ANSWERS   verify answers without trusting the solver
  sudoku-lab trace [OPTIONS] [FILE]            one puzzle's search as JSON events, one a line
  sudoku-lab compare [OPTIONS] [FILE]          one puzzle by every engine: a table of statistics
  sudoku-lab grade [OPTIONS] [FILE]            how hard every puzzle is for a person: score, level, hardest technique
  sudoku-lab hint [OPTIONS] [PUZZLE]           the next step from a player's entries and pencil marks
  sudoku-lab generate [OPTIONS]                new unique puzzles of a kind, size and difficulty
  sudoku-lab bench [OPTIONS] FILE...           µs per puzzle for each file (as the wasm build measures it)
  sudoku-lab formats                           list the input formats
  sudoku-lab help [COMMAND]                    show this help, or a command's
  sudoku-lab --version                         print the version

FILE is read from stdin when left out or '-'. Formats are detected unless --format is given.
trace and compare work on one puzzle: the first of FILE, or the one --puzzle K picks.
Engines (--engine): propagate (default), dlx (classic puzzles only), naive, logic.

A bad puzzle among many is named on stderr as 'FILE:LINE:COL: puzzle K: what' and the
others are still answered, in order; see each command's help for what it writes for it.

Exit status: 0 every puzzle solved, 1 some puzzle has no solution or a limit was reached,
2 some input was bad (decided once every good puzzle is answered; 2 wins over 1) or bad
usage, 3 internal error.

Examples:
  sudoku-lab solve --format poj3074 < poj3074.in      # one 81-digit line per puzzle
  sudoku-lab solve --format poj3076 < poj3076.in      # 16 lines of A-P per puzzle
  sudoku-lab solve --format cqoi < cqoi.in            # 9 lines of 9 digits
  sudoku-lab solve --engine dlx puzzles.txt           # the same answers by dancing links
  sudoku-lab count --limit 10 puzzles.txt
  sudoku-lab check puzzles.txt answers.txt
  sudoku-lab generate --difficulty hard --count 5     # five hard 9×9 puzzles
  sudoku-lab trace --level decisions puzzles.txt      # guesses and backtracks of puzzle 1
  sudoku-lab compare --puzzle 2 puzzles.txt           # propagate, dlx and naive side by side
";

fn dispatch(args: Vec<OsString>) -> Result<u8, Failure> {
    let mut args = args.into_iter();
    let Some(first) = args.next() else {
        return Err(Failure::Usage {
            message: "no command given".to_string(),
            command: None,
        });
    };
    let rest: Vec<OsString> = args.collect();
    let command = first.to_str().ok_or_else(|| Failure::Usage {
        message: format!("{} is not a command", quote(&first.to_string_lossy())),
        command: None,
    })?;
    match command {
        "solve" => solve::solve(rest),
        "count" => count::count(rest),
        "check" => check::check(rest),
        "trace" => trace::trace(rest),
        "compare" => compare::compare(rest),
        "grade" => grade::grade(rest),
        "hint" => hint::hint(rest),
        "generate" => generate::generate(rest),
        "bench" => bench::bench(rest),
        "formats" => formats(rest),
        "help" | "--help" | "-h" => help(rest),
        "--version" | "-V" | "version" => {
            output::print(&format!("sudoku-lab {}\n", env!("CARGO_PKG_VERSION")))?;
            Ok(EXIT_OK)
        }
        other if other.starts_with('-') => Err(Failure::Usage {
            message: format!("unknown option {} (a command comes first)", quote(other)),
            command: None,
        }),
        other => Err(Failure::Usage {
            message: format!(
                "unknown command {} (commands: solve, count, check, trace, compare, grade, hint, generate, bench, formats, help)",
                quote(other)
            ),
            command: None,
        }),
    }
}

fn help(rest: Vec<OsString>) -> Result<u8, Failure> {
    let text = match rest.first().and_then(|a| a.to_str()) {
        None => USAGE,
        Some("solve") => solve::HELP,
        Some("count") => count::HELP,
        Some("check") => check::HELP,
        Some("trace") => trace::HELP,
        Some("compare") => compare::HELP,
        Some("grade") => grade::HELP,
        Some("hint") => hint::HELP,
        Some("generate") => generate::HELP,
        Some("bench") => bench::HELP,
        Some("formats") => FORMATS_HELP,
        Some(other) => {
            return Err(Failure::Usage {
                message: format!("no help on {}: it is not a command", quote(other)),
                command: None,
            })
        }
    };
    output::print(text)?;
    Ok(EXIT_OK)
}

const FORMATS_HELP: &str = "\
Usage: sudoku-lab formats

Lists the text formats sudoku-lab reads and writes, one a line.
";

/// One line about each format, for `sudoku-lab formats`.
fn describe(format: Format) -> &'static str {
    match format {
        Format::Line => "one puzzle per line, N² symbols, '.' '0' '-' '_' empty",
        Format::Grid => "N lines of N symbols per puzzle ('|' '+' '-' rules ignored), blank line between puzzles",
        Format::Poj3074 => "POJ 3074: 81-symbol lines, '.' empty, a final line 'end'; answers are 81-digit lines",
        Format::Poj3076 => "POJ 3076: 16 lines of A-P or '-' per puzzle, blank line between (SPOJ: count line first)",
        Format::Cqoi => "CQOI 2013 (Luogu P4573): 108 relation symbols < > ^ v per puzzle, whitespace ignored; answers are 9 lines of 9 digits",
        Format::FPuzzles => "f-puzzles / SudokuPad puzzle JSON, or its links (load=N4Ig…, fpuzN4Ig…) one per line: givens, Kropki dots, X and V",
        Format::Picture => "inequality / Futoshiki drawing: optional 'N kind' line, then 2N-1 lines of cells joined by < > | and gaps of ^ v -",
        Format::Json => "{\"size\":9,\"kind\":\"inequality\",\"givens\":\"…\",\"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]} — one object, an array, or one per line",
    }
}

fn formats(rest: Vec<OsString>) -> Result<u8, Failure> {
    let parsed = args::parse(rest, &args::Spec::new("formats", &[], &[]))?;
    if parsed.help {
        output::print(FORMATS_HELP)?;
        return Ok(EXIT_OK);
    }
    if let Some(extra) = parsed.positional.first() {
        return Err(Failure::usage(
            format!(
                "unexpected argument {}",
                quote_name(&extra.to_string_lossy())
            ),
            "formats",
        ));
    }
    let mut text = String::new();
    for format in Format::ALL {
        text.push_str(&format!("{:<8} {}\n", format.name(), describe(format)));
    }
    output::print(&text)?;
    Ok(EXIT_OK)
}
