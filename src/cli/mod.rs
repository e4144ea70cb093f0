//! The command line: its commands and options declared once (clap's derive, from which the
//! parser, the help, the "did you mean" of a misspelt name and the shell completions all
//! follow), the dispatch to the commands, exit codes, and messages on stderr.

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
mod usage;

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use clap_complete::Shell;

use sudoku_lab::formats::Format;
use sudoku_lab::EngineKind;

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

/// sudoku-lab — solve, count, check and trace Sudoku-family puzzles (classic, inequality,
/// Futoshiki)
#[derive(Parser, Debug)]
#[command(name = "sudoku-lab", version, after_help = overview())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Solve(solve::SolveArgs),
    Count(count::CountArgs),
    Check(check::CheckArgs),
    Trace(trace::TraceArgs),
    Compare(compare::CompareArgs),
    Grade(grade::GradeArgs),
    Hint(hint::HintArgs),
    Generate(generate::GenerateArgs),
    Bench(bench::BenchArgs),
    Formats(FormatsArgs),
    Completions(CompletionsArgs),
    /// Print the version
    #[command(hide = true)]
    Version,
}

/// List the input formats
#[derive(Args, Debug)]
#[command(long_about = "Lists the text formats sudoku-lab reads and writes, one a line.")]
struct FormatsArgs {}

/// A shell's completion script for sudoku-lab: its commands, options and their values
#[derive(Args, Debug)]
#[command(long_about = COMPLETIONS, after_help = COMPLETIONS_EXAMPLES)]
struct CompletionsArgs {
    /// The shell to complete in
    shell: Shell,
}

const COMPLETIONS: &str = "\
Writes the script that completes sudoku-lab's commands, options and option values (engines, \
formats, kinds, …) in SHELL. Load it in the shell's start-up file, or save it where the \
shell looks for completions.";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  source <(sudoku-lab completions bash)                      # in ~/.bashrc
  sudoku-lab completions zsh > ~/.zfunc/_sudoku-lab          # with fpath+=~/.zfunc
  sudoku-lab completions fish > ~/.config/fish/completions/sudoku-lab.fish";

/// Every help starts with its usage, as it always has, then says what the command does.
const HELP_TEMPLATE: &str = "\
{usage-heading} {usage}

{about-with-newline}
{all-args}{after-help}";

/// The whole command line, as parsed and as documented: the derived definition, with every
/// help laid out alike and every option's value allowed to start with '-' (a grid of
/// entries may: `-` is an empty cell; `--seed -1` is refused by its own words).
fn definition() -> clap::Command {
    let allow_dashes = |arg: clap::Arg| {
        let takes_value = arg.get_action().takes_values() && !arg.is_positional();
        arg.allow_hyphen_values(takes_value)
    };
    Cli::command()
        .help_template(HELP_TEMPLATE)
        .mut_subcommands(move |sub| sub.help_template(HELP_TEMPLATE).mut_args(allow_dashes))
}

/// The overview after the list of commands: what they share, from the lists they name.
fn overview() -> String {
    let engines: Vec<&str> = EngineKind::ALL.iter().map(|e| e.name()).collect();
    format!(
        "FILE is read from stdin when left out or '-'. Formats are detected unless --format is \
         given. trace and compare work on one puzzle: the first of FILE, or the one --puzzle K \
         picks. Engines (--engine): {} (the default: {}).

A bad puzzle among many is named on stderr as 'FILE:LINE:COL: puzzle K: what' and the others \
are still answered, in order; see each command's help for what it writes for it.

{EXIT}

{EXAMPLES}",
        engines.join(", "),
        EngineKind::default()
    )
}

const EXIT: &str = "\
Exit status: 0 every puzzle solved, 1 some puzzle has no solution or a limit was reached, 2 \
some input was bad (decided once every good puzzle is answered; 2 wins over 1) or bad usage, \
3 internal error.";

const EXAMPLES: &str = "\
Examples:
  sudoku-lab solve --format poj3074 < poj3074.in      # one 81-digit line per puzzle
  sudoku-lab solve --format poj3076 < poj3076.in      # 16 lines of A-P per puzzle
  sudoku-lab solve --format cqoi < cqoi.in            # 9 lines of 9 digits
  sudoku-lab solve --engine dlx puzzles.txt           # the same answers by dancing links
  sudoku-lab count --limit 10 puzzles.txt
  sudoku-lab check puzzles.txt answers.txt
  sudoku-lab generate --difficulty hard --count 5     # five hard 9×9 puzzles
  sudoku-lab trace --level decisions puzzles.txt      # guesses and backtracks of puzzle 1
  sudoku-lab compare --puzzle 2 puzzles.txt           # every engine side by side
  sudoku-lab completions bash > sudoku-lab.bash       # complete commands and options";

fn dispatch(args: Vec<OsString>) -> Result<u8, Failure> {
    // The command, if the first argument names one: the help that bad usage points to.
    let named = args.first().and_then(|a| a.to_str()).map(str::to_string);
    let mut definition = definition();
    let all = std::iter::once(OsString::from("sudoku-lab")).chain(args);
    let matches = match definition.try_get_matches_from_mut(all) {
        Ok(matches) => matches,
        Err(error) => {
            return match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    output::print(&error.render().to_string())?;
                    Ok(EXIT_OK)
                }
                _ => Err(usage::failure(&error, &definition, named.as_deref())),
            }
        }
    };
    let cli = Cli::from_arg_matches(&matches)
        .map_err(|error| usage::failure(&error, &definition, named.as_deref()))?;
    match cli.command {
        Command::Solve(args) => solve::solve(args),
        Command::Count(args) => count::count(args),
        Command::Check(args) => check::check(args),
        Command::Trace(args) => trace::trace(args),
        Command::Compare(args) => compare::compare(args),
        Command::Grade(args) => grade::grade(args),
        Command::Hint(args) => hint::hint(args),
        Command::Generate(args) => generate::generate(args),
        Command::Bench(args) => bench::bench(args),
        Command::Formats(_) => formats(),
        Command::Completions(args) => completions(args.shell, definition),
        Command::Version => {
            output::print(&definition.render_version())?;
            Ok(EXIT_OK)
        }
    }
}

fn formats() -> Result<u8, Failure> {
    let mut text = String::new();
    for format in Format::ALL {
        let words = args::format_words(format);
        text.push_str(&format!("{:<8} {words}\n", format.name()));
    }
    output::print(&text)?;
    Ok(EXIT_OK)
}

fn completions(shell: Shell, mut definition: clap::Command) -> Result<u8, Failure> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut definition, "sudoku-lab", &mut script);
    let script = String::from_utf8(script)
        .map_err(|e| Failure::Internal(format!("the completions are not UTF-8: {e}")))?;
    output::print(&script)?;
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_definition_is_consistent() {
        definition().debug_assert();
    }
}
