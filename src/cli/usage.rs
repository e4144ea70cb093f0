//! Bad usage in one line, in sudoku-lab's words: clap finds what is wrong (with a "did you
//! mean" for a misspelt command or option), and this says it as every message on stderr is
//! said — what, and where — naming the help to read.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Command;

use sudoku_lab::formats::{quote, quote_name};

use super::exit::Failure;

/// `error` as a usage failure. `cli` is the whole command line's definition and `command`
/// the command the arguments named first, if they named one.
pub fn failure(error: &clap::Error, cli: &Command, command: Option<&str>) -> Failure {
    // `help` is clap's: its own help says nothing of the commands.
    let sub = command
        .filter(|&name| name != "help")
        .and_then(|name| cli.find_subcommand(name));
    Failure::Usage {
        message: said(error, cli, sub),
        command: sub.map(|s| s.get_name().to_string()),
    }
}

/// What `error` says, in one line.
fn said(error: &clap::Error, cli: &Command, sub: Option<&Command>) -> String {
    // A value parser of ours said it all (`args::refusal`).
    if let Some(ContextValue::String(message)) = error.get(ContextKind::Custom) {
        return message.clone();
    }
    let arg = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => Some(option(arg)),
        _ => None,
    };
    let value = match error.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(value)) => Some(value.as_str()),
        _ => None,
    };
    match (error.kind(), arg) {
        (ErrorKind::InvalidSubcommand, _) => unknown_command(error, cli),
        (ErrorKind::UnknownArgument, Some(arg)) => match sub {
            Some(sub) if arg.starts_with('-') && arg != "-" => format!(
                "unknown option {} for '{}'{}",
                quote_name(arg),
                sub.get_name(),
                did_you_mean(error.get(ContextKind::SuggestedArg))
            ),
            Some(sub) => format!(
                "unexpected argument {}: '{}' {}",
                quote_name(arg),
                sub.get_name(),
                reads(sub)
            ),
            None => format!("unknown option {} (a command comes first)", quote_name(arg)),
        },
        (ErrorKind::InvalidValue, Some(arg)) if value.is_none_or(str::is_empty) => {
            format!("{arg} needs a value")
        }
        (ErrorKind::InvalidValue, Some(arg)) => {
            let valid = match error.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) => format!(" (choose {})", valid.join(", ")),
                _ => String::new(),
            };
            let value = quote(value.unwrap_or_default());
            format!("{arg} {value} is not a choice{valid}")
        }
        (ErrorKind::TooManyValues, Some(arg)) => format!("{arg} takes no value"),
        (ErrorKind::ArgumentConflict, Some(arg)) => {
            let others: Vec<&str> = match error.get(ContextKind::PriorArg) {
                Some(ContextValue::String(other)) => vec![option(other)],
                Some(ContextValue::Strings(others)) => others.iter().map(|o| option(o)).collect(),
                _ => Vec::new(),
            };
            if others.iter().all(|&other| other == arg) {
                format!("{arg} is given twice")
            } else {
                format!("{arg} cannot be used with {}", others.join(", "))
            }
        }
        (ErrorKind::MissingRequiredArgument, _) => {
            let missing: Vec<String> = match error.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(args)) => args.iter().map(|a| needed(a)).collect(),
                _ => Vec::new(),
            };
            let name = sub.map_or("sudoku-lab", Command::get_name);
            format!("'{name}' needs {}", missing.join(" and "))
        }
        (ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand, _) => {
            "no command given".to_string()
        }
        (ErrorKind::InvalidUtf8, _) => "an argument is not UTF-8 text".to_string(),
        // Anything else, in clap's words: its first line, without its `error: `.
        _ => {
            let rendered = error.render().to_string();
            let line = rendered.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        }
    }
}

/// `unknown command 'X': did you mean 'Y'? (commands: …)`.
fn unknown_command(error: &clap::Error, cli: &Command) -> String {
    let name = match error.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(name)) => quote(name),
        _ => "''".to_string(),
    };
    let commands: Vec<&str> = cli
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(Command::get_name)
        .collect();
    format!(
        "unknown command {name}{} (commands: {})",
        did_you_mean(error.get(ContextKind::SuggestedSubcommand)),
        commands.join(", ")
    )
}

/// `: did you mean '--first'?`, or nothing without a suggestion.
fn did_you_mean(suggested: Option<&ContextValue>) -> String {
    let names: Vec<String> = match suggested {
        Some(ContextValue::String(name)) => vec![quote(name)],
        Some(ContextValue::Strings(names)) => names.iter().map(|n| quote(n)).collect(),
        _ => Vec::new(),
    };
    match names.as_slice() {
        [] => String::new(),
        _ => format!(": did you mean {}?", names.join(" or ")),
    }
}

/// `--format` of clap's `--format <F>`, `SHELL` of `<SHELL>`.
fn option(arg: &str) -> &str {
    let name = arg.split(' ').next().unwrap_or(arg);
    name.strip_prefix('<')
        .and_then(|n| n.strip_suffix('>'))
        .unwrap_or(name)
}

/// `PUZZLES` of clap's `<PUZZLES>`; `at least one FILE` of `<FILE>...`.
fn needed(arg: &str) -> String {
    let bare = arg.trim_start_matches('<');
    match bare.strip_suffix(">...") {
        Some(name) => format!("at least one {name}"),
        None => bare.trim_end_matches('>').to_string(),
    }
}

/// What a command reads, from its positional arguments: `reads one FILE (or stdin)`.
fn reads(sub: &Command) -> String {
    let names: Vec<String> = sub
        .get_positionals()
        .flat_map(|p| p.get_value_names().unwrap_or_default())
        .map(|n| n.to_string())
        .collect();
    match names.as_slice() {
        [] => "reads no file".to_string(),
        [one] => format!("reads one {one} (or stdin)"),
        many => format!("reads {}", many.join(" and ")),
    }
}
