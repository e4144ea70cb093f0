//! A small hand-written argument parser: `--name VALUE`, `--name=VALUE`, switches, positionals.

use super::exit::Failure;
use std::ffi::OsString;

use sudoku_lab::formats::{quote, quote_name, Format, ReadOptions};
use sudoku_lab::logic::Reveal;
use sudoku_lab::trace::Level;
use sudoku_lab::{EngineKind, Named, Options};

/// What `grade` and `hint` write (`--output`). (`named!` is the library's own: the binary
/// spells the two names out.)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Output {
    Text,
    Json,
}

impl Named for Output {
    const ALL: &'static [Output] = &[Output::Text, Output::Json];

    fn name(self) -> &'static str {
        match self {
            Output::Text => "text",
            Output::Json => "json",
        }
    }

    fn parse(text: &str) -> Option<Output> {
        Output::ALL
            .iter()
            .copied()
            .find(|o| o.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// What one command accepts.
pub struct Spec {
    pub command: &'static str,
    /// Options that take a value, without the leading `--`.
    pub values: &'static [&'static str],
    /// Options that take none.
    pub switches: &'static [&'static str],
}

impl Spec {
    pub const fn new(
        command: &'static str,
        values: &'static [&'static str],
        switches: &'static [&'static str],
    ) -> Spec {
        Spec {
            command,
            values,
            switches,
        }
    }
}

/// Parsed arguments of one command.
#[derive(Debug, Default)]
pub struct Parsed {
    pub help: bool,
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
    /// Arguments that are not options (`-` among them), in order.
    pub positional: Vec<OsString>,
}

/// Parses `args` against `spec`. `--` ends the options; `-h` and `--help` ask for help.
/// Parses `args` by `spec`, or prints `help` for `--help` and returns `None`: every
/// command's first step.
pub fn parse_or_help(
    args: Vec<OsString>,
    spec: &Spec,
    help: &str,
) -> Result<Option<Parsed>, Failure> {
    let parsed = parse(args, spec)?;
    if parsed.help {
        super::output::print(help)?;
        return Ok(None);
    }
    Ok(Some(parsed))
}

pub fn parse(args: Vec<OsString>, spec: &Spec) -> Result<Parsed, Failure> {
    let mut parsed = Parsed::default();
    let mut args = args.into_iter();
    let usage = |message: String| Failure::usage(message, spec.command);
    while let Some(arg) = args.next() {
        let text = match arg.to_str() {
            Some(text) if text.starts_with('-') && text != "-" => text.to_string(),
            // Anything else, file names that are not UTF-8 included, is positional.
            _ => {
                parsed.positional.push(arg);
                continue;
            }
        };
        if text == "--" {
            parsed.positional.extend(args.by_ref());
            break;
        }
        if text == "-h" || text == "--help" {
            parsed.help = true;
            continue;
        }
        let Some(body) = text.strip_prefix("--") else {
            return Err(usage(format!(
                "unknown option {} for '{}'",
                quote_name(&text),
                spec.command
            )));
        };
        let (name, inline) = match body.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (body, None),
        };
        if let Some(&switch) = spec.switches.iter().find(|&&s| s == name) {
            if inline.is_some() {
                return Err(usage(format!("--{switch} takes no value")));
            }
            if !parsed.switches.contains(&switch) {
                parsed.switches.push(switch);
            }
            continue;
        }
        let Some(&option) = spec.values.iter().find(|&&v| v == name) else {
            return Err(usage(format!(
                "unknown option {} for '{}'",
                quote_name(&text),
                spec.command
            )));
        };
        let value = match inline {
            Some(value) => value,
            None => match args.next() {
                Some(value) => value.into_string().map_err(|v| {
                    usage(format!(
                        "the value of --{option} is not UTF-8 text: {}",
                        quote_name(&v.to_string_lossy())
                    ))
                })?,
                None => return Err(usage(format!("--{option} needs a value"))),
            },
        };
        if parsed.values.iter().any(|(n, _)| *n == option) {
            return Err(usage(format!("--{option} is given twice")));
        }
        parsed.values.push((option, value));
    }
    Ok(parsed)
}

impl Parsed {
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// `--OPTION V` naming one of the `T`s (`what`: "a format"); `None` when left out, or
    /// for `auto` where `auto` (detect) is taken.
    fn choice<T: Named>(
        &self,
        option: &str,
        what: &str,
        auto: bool,
        command: &'static str,
    ) -> Result<Option<T>, Failure> {
        let Some(v) = self.value(option) else {
            return Ok(None);
        };
        if auto && v.eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        T::parse(v).map(Some).ok_or_else(|| {
            let names: Vec<&str> = T::ALL.iter().map(|t| t.name()).collect();
            let auto = if auto { ", auto" } else { "" };
            Failure::usage(
                format!(
                    "--{option} {} is not {what} (choose {}{auto})",
                    quote(v),
                    names.join(", ")
                ),
                command,
            )
        })
    }

    /// `--OPTION V` naming one of the `T`s (`what`: "a level"); `None` when left out.
    pub fn named<T: Named>(
        &self,
        option: &str,
        what: &str,
        command: &'static str,
    ) -> Result<Option<T>, Failure> {
        self.choice(option, what, false, command)
    }

    /// `--format F` (`auto` detects) or `--output F`: `None` for `auto` or when left out.
    pub fn format(&self, option: &str, command: &'static str) -> Result<Option<Format>, Failure> {
        self.choice(option, "a format", option == "format", command)
    }

    /// `--kind K` and `--alphabet A`, `auto` or left out meaning "detect".
    pub fn read_options(&self, command: &'static str) -> Result<ReadOptions, Failure> {
        Ok(ReadOptions {
            kind: self.choice("kind", "a kind", true, command)?,
            alphabet: self.choice("alphabet", "an alphabet", true, command)?,
        })
    }

    /// `--node-limit N`, from 1 to [`Options::MAX_LIMIT`] (the limit wasm takes too).
    pub fn node_limit(&self, default: u64, command: &'static str) -> Result<u64, Failure> {
        self.at_most("node-limit", default, Options::MAX_LIMIT, command)
    }

    /// `--engine E`: propagate (the default), dlx or naive.
    pub fn engine(&self, command: &'static str) -> Result<EngineKind, Failure> {
        Ok(self
            .choice("engine", "an engine", false, command)?
            .unwrap_or_default())
    }

    /// `--level L`: decisions, placements or full (the default).
    pub fn level(&self, command: &'static str) -> Result<Level, Failure> {
        Ok(self
            .choice("level", "a level", false, command)?
            .unwrap_or_default())
    }

    /// `--reveal R`: technique, cells or step (the default).
    pub fn reveal(&self, command: &'static str) -> Result<Reveal, Failure> {
        Ok(self
            .choice("reveal", "a level of help", false, command)?
            .unwrap_or_default())
    }

    /// `--output text|json` for the commands that write text or JSON: true for JSON.
    pub fn json_output(&self, command: &'static str) -> Result<bool, Failure> {
        Ok(self.choice("output", "an output", false, command)? == Some(Output::Json))
    }

    /// A whole number of at least 1, or `default` when the option is left out.
    pub fn positive(
        &self,
        name: &str,
        default: u64,
        command: &'static str,
    ) -> Result<u64, Failure> {
        self.at_most(name, default, u64::MAX, command)
    }

    /// `--name N` for a whole number from 1 to `max`, else `default`.
    pub fn at_most(
        &self,
        name: &str,
        default: u64,
        max: u64,
        command: &'static str,
    ) -> Result<u64, Failure> {
        let Some(v) = self.value(name) else {
            return Ok(default);
        };
        let above = || {
            Failure::usage(
                format!("--{name} {} is above the most allowed, {max}", v.trim()),
                command,
            )
        };
        match v.trim().parse::<u64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            Ok(n) if n > max => Err(above()),
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(above()),
            _ => Err(Failure::usage(
                format!("--{name} {} is not a whole number of at least 1", quote(v)),
                command,
            )),
        }
    }

    /// At most one input file; `None` (or `-`) means stdin.
    pub fn single_input(&self, command: &'static str) -> Result<Option<&OsString>, Failure> {
        match self.positional.as_slice() {
            [] => Ok(None),
            [file] => Ok(Some(file)),
            [_, extra, ..] => Err(Failure::usage(
                format!(
                    "unexpected argument {}: '{command}' reads one FILE (or stdin)",
                    quote_name(&extra.to_string_lossy())
                ),
                command,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec::new("solve", &["format", "node-limit"], &["first"]);

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn values_take_the_next_argument_or_follow_an_equals_sign() {
        let p = parse(args(&["--format", "cqoi", "--node-limit=5", "x.in"]), &SPEC).unwrap();
        assert_eq!(p.value("format"), Some("cqoi"));
        assert_eq!(p.positive("node-limit", 1, "solve").unwrap(), 5);
        assert_eq!(p.positional, args(&["x.in"]));
    }

    #[test]
    fn a_dash_is_a_file_and_a_double_dash_ends_options() {
        let p = parse(args(&["-", "--", "--first"]), &SPEC).unwrap();
        assert_eq!(p.positional, args(&["-", "--first"]));
        assert!(!p.switch("first"));
    }

    #[test]
    fn unknown_repeated_and_valueless_options_are_usage_errors() {
        for bad in [
            &["--frist"][..],
            &["--format"],
            &["--format", "a", "--format", "b"],
            &["--first=yes"],
        ] {
            assert!(matches!(
                parse(args(bad), &SPEC),
                Err(Failure::Usage { .. })
            ));
        }
    }

    #[test]
    fn engines_and_levels_are_named_in_any_case_and_default_sensibly() {
        let spec = Spec::new("trace", &["engine", "level"], &[]);
        let p = parse(args(&["--engine", "DLX", "--level=decisions"]), &spec).unwrap();
        assert_eq!(p.engine("trace").unwrap(), EngineKind::Dlx);
        assert_eq!(p.level("trace").unwrap(), Level::Decisions);
        let p = parse(args(&[]), &spec).unwrap();
        assert_eq!(p.engine("trace").unwrap(), EngineKind::Propagate);
        assert_eq!(p.level("trace").unwrap(), Level::Full);
        let p = parse(args(&["--engine", "sat", "--level", "some"]), &spec).unwrap();
        assert!(matches!(p.engine("trace"), Err(Failure::Usage { .. })));
        assert!(matches!(p.level("trace"), Err(Failure::Usage { .. })));
    }

    #[test]
    fn zero_is_not_a_limit() {
        let p = parse(args(&["--node-limit", "0"]), &SPEC).unwrap();
        assert!(p.positive("node-limit", 1, "solve").is_err());
    }
}
