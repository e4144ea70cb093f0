//! The options several commands share (input, engine, threads, text or JSON), and the value
//! parsers behind every option: a choice is read from its `named!` list (`Format::ALL`,
//! `EngineKind::ALL`, …), so the help, the shell completions and the message for a bad value
//! all list what the library declares, and no list is typed twice.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Args, Command};

use sudoku_lab::formats::{quote, quote_name, Alphabet, Format, ReadOptions};
use sudoku_lab::logic::Level;
use sudoku_lab::{EngineKind, Kind, Named};

/// What a command that prints results writes (`--output`): text for a person, or one JSON
/// object a line for a program. (`named!` is the library's own, so the binary spells its
/// two names out here, once.)
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Output {
    #[default]
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

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `--output` of a command that writes a line per puzzle. Its long help, what the lines
/// hold, is the command's: `#[command(mut_args(output_long_help(LINES)))]`.
#[derive(Args, Debug, Clone, Copy)]
pub struct OutputArgs {
    #[arg(long, value_name = "O", default_value_t = Output::Text, help = OUTPUT_HELP,
          value_parser = Choice::<Output>::new("an output"))]
    output: Output,
}

impl OutputArgs {
    /// Whether the output is JSON.
    pub fn json(&self) -> bool {
        self.output == Output::Json
    }
}

/// The help of [`OutputArgs`]' `--output`.
const OUTPUT_HELP: &str = "Write one line of text per puzzle, or one JSON object";

/// Sets the long help of [`OutputArgs`]' `--output` in a command whose lines are described
/// by `lines` (their JSON objects, and their text where it needs saying); the other
/// arguments pass unchanged, in their order (`mut_arg` would move `--output` last in the
/// shell completions).
pub fn output_long_help(lines: &'static str) -> impl FnMut(Arg) -> Arg {
    move |arg| match arg.get_id().as_str() {
        "output" => arg.long_help(format!("{OUTPUT_HELP}\n\n{lines}")),
        _ => arg,
    }
}

/// A choice that may be left to detection: `auto` (or leaving the option out) is `None`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Auto<T>(pub Option<T>);

/// `--format`, `--kind` and `--alphabet`: how the input is read.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Input")]
pub struct InputArgs {
    /// Input format (auto: detected from the text)
    #[arg(long, value_name = "F", default_value = "auto",
          value_parser = Choice::<Format>::described("a format", format_words).or_auto())]
    pub format: Auto<Format>,
    /// Puzzle kind (auto: the format's)
    #[arg(long, value_name = "K", default_value = "auto",
          value_parser = Choice::<Kind>::new("a kind").or_auto())]
    pub kind: Auto<Kind>,
    /// Symbols of the givens (auto: detected)
    #[arg(long, value_name = "A", default_value = "auto",
          value_parser = Choice::<Alphabet>::described("an alphabet", alphabet_words).or_auto())]
    pub alphabet: Auto<Alphabet>,
}

impl InputArgs {
    /// The format named on the command line; `None` asks for detection.
    pub fn format(&self) -> Option<Format> {
        self.format.0
    }

    /// The kind and alphabet named on the command line.
    pub fn read_options(&self) -> ReadOptions {
        ReadOptions {
            kind: self.kind.0,
            alphabet: self.alphabet.0,
        }
    }
}

/// `--engine`: which engine searches.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// The engine that searches
    #[arg(long, value_name = "E", default_value_t = EngineKind::default(),
          value_parser = Choice::<EngineKind>::described("an engine", engine_words))]
    pub engine: EngineKind,
}

/// `--threads`: how many puzzles are worked on at once.
#[derive(Args, Debug, Clone)]
pub struct ThreadArgs {
    /// Work on N puzzles at once, 1 to 256 (default: one per core); the output keeps the
    /// input's order
    #[arg(long, value_name = "N", value_parser = Whole::at_most(MAX_THREADS as u64))]
    pub threads: Option<u64>,
}

/// The most `--threads`.
pub const MAX_THREADS: usize = 256;

impl ThreadArgs {
    /// The number asked for, else one per core (at most [`MAX_THREADS`]).
    pub fn count(&self) -> usize {
        match self.threads {
            Some(n) => n as usize,
            None => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(MAX_THREADS),
        }
    }
}

/// What each engine is, for the help and the completions (a new engine fails to compile
/// until it has its words).
pub fn engine_words(engine: EngineKind) -> &'static str {
    match engine {
        EngineKind::Propagate => {
            "propagation (singles, relation bounds, locked candidates) and branching on the most \
             constrained cell"
        }
        EngineKind::Dlx => "dancing links (Knuth's Algorithm X); classic puzzles only",
        EngineKind::Naive => {
            "cell-order search checking only placed digits; expect --node-limit on hard puzzles"
        }
        EngineKind::Logic => {
            "named techniques as a person applies them, simplest first; a guess only when none \
             applies"
        }
        _ => "",
    }
}

/// One line about each format, for `sudoku-lab formats`, the help and the completions.
pub fn format_words(format: Format) -> &'static str {
    match format {
        Format::Line => "one puzzle per line, N² symbols, '.' '0' '-' '_' empty",
        Format::Grid => "N lines of N symbols per puzzle ('|' '+' '-' rules ignored), blank line between puzzles",
        Format::Poj3074 => "POJ 3074: 81-symbol lines, '.' empty, a final line 'end'; answers are 81-digit lines",
        Format::Poj3076 => "POJ 3076: 16 lines of A-P or '-' per puzzle, blank line between (SPOJ: count line first)",
        Format::Cqoi => "CQOI 2013 (Luogu P4573): 108 relation symbols < > ^ v per puzzle, whitespace ignored; answers are 9 lines of 9 digits",
        Format::FPuzzles => "f-puzzles / SudokuPad puzzle JSON, or its links (load=N4Ig…, fpuzN4Ig…) one per line: givens, Kropki dots, X and V",
        Format::Picture => "inequality / Futoshiki drawing: optional 'N kind' line, then 2N-1 lines of cells joined by < > | and gaps of ^ v -",
        Format::Json => "{\"size\":9,\"kind\":\"inequality\",\"givens\":\"…\",\"relations\":[[\"r1c1\",\"<\",\"r1c2\"]]} — one object, an array, or one per line",
        _ => "",
    }
}

/// Which symbols each alphabet has.
pub fn alphabet_words(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::Digits => "1-9 (sizes up to 9)",
        Alphabet::Letters => "A-Y, A = 1 (POJ 3076)",
        Alphabet::Alnum => "1-9, then A = 10 (16×16: 1-9A-G)",
        Alphabet::Hex => "0-9A-F, 0 = 1 (16×16 only)",
        Alphabet::Numbers => "whole numbers 1 to N separated by spaces or commas",
        _ => "",
    }
}

/// The score each level of difficulty reaches (as `grade` says it).
pub fn difficulty_words(level: Level) -> &'static str {
    match level {
        Level::Easy => "to 2.3",
        Level::Medium => "to 2.9",
        Level::Hard => "to 4.5",
        Level::Expert => "to 6.6",
        Level::Extreme => "chains and forcing chains",
        Level::Guessing => "9.0 and above: needs guessing",
        _ => "",
    }
}

/// `T::ALL` with each one's words: `easy (to 2.3), medium (to 2.9), …`.
pub fn listed<T: Named>(words: fn(T) -> &'static str) -> String {
    let parts: Vec<String> = T::ALL
        .iter()
        .map(|&t| format!("{} ({})", t.name(), words(t)))
        .collect();
    parts.join(", ")
}

/// The names of `T::ALL`, joined by commas: `propagate, dlx, naive, logic`.
pub fn names<T: Named>() -> String {
    let names: Vec<&str> = T::ALL.iter().map(|t| t.name()).collect();
    names.join(", ")
}

/// A value parser for a choice among the `T`s, named in any case. The help and the
/// completions list `T::ALL` (with `describe`'s words beside each, where given); any other
/// name is refused as `--OPTION 'V' is not WHAT (choose a, b, c)`.
pub struct Choice<T> {
    what: &'static str,
    describe: Option<fn(T) -> &'static str>,
    of: PhantomData<fn() -> T>,
}

impl<T> Clone for Choice<T> {
    fn clone(&self) -> Self {
        Choice { ..*self }
    }
}

impl<T: Named> Choice<T> {
    /// A choice among the `T`s; `what` names one in messages ("a format").
    pub fn new(what: &'static str) -> Choice<T> {
        Choice {
            what,
            describe: None,
            of: PhantomData,
        }
    }

    /// [`Choice::new`] with words about each `T`.
    pub fn described(what: &'static str, describe: fn(T) -> &'static str) -> Choice<T> {
        Choice {
            describe: Some(describe),
            ..Choice::new(what)
        }
    }

    /// The same choice, or `auto` for "detect".
    pub fn or_auto(self) -> OrAuto<T> {
        OrAuto(self)
    }

    fn read(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
        auto: bool,
    ) -> Result<Option<T>, clap::Error> {
        let text = utf8(cmd, arg, value)?;
        if auto && text.trim().eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        T::parse(text).map(Some).ok_or_else(|| {
            let auto = if auto { ", auto" } else { "" };
            let message = format!(
                "{} is not {} (choose {}{auto})",
                quote(text),
                self.what,
                names::<T>()
            );
            refusal(cmd, arg, value, message)
        })
    }

    fn values(&self) -> impl Iterator<Item = PossibleValue> + '_ {
        T::ALL.iter().map(|&t| {
            let value = PossibleValue::new(t.name());
            match self.describe {
                Some(describe) => value.help(describe(t)),
                None => value,
            }
        })
    }
}

impl<T: Named + Send + Sync> TypedValueParser for Choice<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        // `read` without `auto` never answers `None`.
        self.read(cmd, arg, value, false)?
            .ok_or_else(|| clap::Error::new(ErrorKind::InvalidValue))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values()))
    }
}

/// [`Choice`] with `auto` besides (see [`Choice::or_auto`]).
pub struct OrAuto<T>(Choice<T>);

impl<T> Clone for OrAuto<T> {
    fn clone(&self) -> Self {
        OrAuto(self.0.clone())
    }
}

impl<T: Named + Send + Sync> TypedValueParser for OrAuto<T> {
    type Value = Auto<T>;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<Auto<T>, clap::Error> {
        self.0.read(cmd, arg, value, true).map(Auto)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let auto = PossibleValue::new("auto").help("detect it");
        Some(Box::new(std::iter::once(auto).chain(self.0.values())))
    }
}

/// A value parser for a whole number from 1 to a most: `--OPTION 'V' is not a whole number
/// of at least 1` or `--OPTION V is above the most allowed, MAX` otherwise.
#[derive(Clone, Copy)]
pub struct Whole {
    max: u64,
}

impl Whole {
    pub const fn at_most(max: u64) -> Whole {
        Whole { max }
    }
}

impl TypedValueParser for Whole {
    type Value = u64;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<u64, clap::Error> {
        let text = utf8(cmd, arg, value)?;
        let above = || format!("{} is above the most allowed, {}", text.trim(), self.max);
        let message = match text.trim().parse::<u64>() {
            Ok(n) if (1..=self.max).contains(&n) => return Ok(n),
            Ok(n) if n > self.max => above(),
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => above(),
            _ => format!("{} is not a whole number of at least 1", quote(text)),
        };
        Err(refusal(cmd, arg, value, message))
    }
}

/// A value parser for text of a shape of its own (a seed, a range): `parse` reads it, and
/// anything it refuses is `--OPTION 'V' REFUSAL`.
pub struct Shaped<T> {
    parse: fn(&str) -> Option<T>,
    refusal: &'static str,
}

impl<T> Clone for Shaped<T> {
    fn clone(&self) -> Self {
        Shaped { ..*self }
    }
}

impl<T> Shaped<T> {
    pub const fn new(parse: fn(&str) -> Option<T>, refusal: &'static str) -> Shaped<T> {
        Shaped { parse, refusal }
    }
}

impl Shaped<String> {
    /// Any text (UTF-8, as every value must be).
    pub const fn text() -> Shaped<String> {
        Shaped::new(|text| Some(text.to_string()), "")
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Shaped<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let text = utf8(cmd, arg, value)?;
        (self.parse)(text).ok_or_else(|| {
            let message = format!("{} {}", quote(text), self.refusal);
            refusal(cmd, arg, value, message)
        })
    }
}

/// The value as text, or the refusal of one that is not UTF-8.
fn utf8<'v>(cmd: &Command, arg: Option<&Arg>, value: &'v OsStr) -> Result<&'v str, clap::Error> {
    value.to_str().ok_or_else(|| {
        let message = format!(
            "the value of {} is not UTF-8 text: {}",
            option_name(arg),
            quote_name(&value.to_string_lossy())
        );
        refused(cmd, arg, value, message)
    })
}

/// `--OPTION MESSAGE` as a clap error whose whole message is ours (see `usage::said`).
fn refusal(cmd: &Command, arg: Option<&Arg>, value: &OsStr, message: String) -> clap::Error {
    let message = format!("{} {message}", option_name(arg));
    refused(cmd, arg, value, message)
}

fn refused(cmd: &Command, arg: Option<&Arg>, value: &OsStr, message: String) -> clap::Error {
    let mut error = clap::Error::new(ErrorKind::ValueValidation).with_cmd(cmd);
    if let Some(arg) = arg {
        error.insert(
            ContextKind::InvalidArg,
            ContextValue::String(arg.to_string()),
        );
    }
    let value = value.to_string_lossy().into_owned();
    error.insert(ContextKind::InvalidValue, ContextValue::String(value));
    error.insert(ContextKind::Custom, ContextValue::String(message));
    error
}

/// `--name` of an option (`the value` when clap names none).
fn option_name(arg: Option<&Arg>) -> String {
    match arg.and_then(Arg::get_long) {
        Some(long) => format!("--{long}"),
        None => "the value".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The library's lists are `#[non_exhaustive]`, so the words about each choice end in a
    /// wildcard arm: this holds every choice the library declares to words of its own.
    #[test]
    fn every_choice_has_its_words() {
        fn each<T: Named + std::fmt::Debug>(words: fn(T) -> &'static str) {
            for &t in T::ALL {
                assert!(!words(t).is_empty(), "{t:?} has no words in the help");
            }
        }
        each(engine_words);
        each(format_words);
        each(alphabet_words);
        each(difficulty_words);
        each(super::super::generate::symmetry_words);
        each(super::super::hint::reveal_words);
        each(super::super::trace::level_words);
    }

    #[derive(Parser, Debug)]
    struct Probe {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        engine: EngineArgs,
        #[arg(long, value_parser = Whole::at_most(5))]
        limit: Option<u64>,
    }

    fn parse(args: &[&str]) -> Result<Probe, String> {
        Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied())).map_err(|e| {
            match e.get(ContextKind::Custom) {
                Some(ContextValue::String(message)) => message.clone(),
                _ => e.to_string(),
            }
        })
    }

    #[test]
    fn choices_are_named_in_any_case_and_default_sensibly() {
        let p = parse(&["--engine", "DLX", "--format=cqoi", "--kind", "Auto"]).unwrap();
        assert_eq!(p.engine.engine, EngineKind::Dlx);
        assert_eq!(p.input.format(), Some(Format::Cqoi));
        assert_eq!(p.input.read_options().kind, None);
        let p = parse(&[]).unwrap();
        assert_eq!(p.engine.engine, EngineKind::Propagate);
        assert_eq!(p.input.format(), None);
        assert_eq!(p.limit, None);
    }

    #[test]
    fn a_bad_value_is_refused_with_the_list_it_is_not_on() {
        assert_eq!(
            parse(&["--engine", "sat"]).unwrap_err(),
            "--engine 'sat' is not an engine (choose propagate, dlx, naive, logic)"
        );
        assert_eq!(
            parse(&["--format", "png"]).unwrap_err(),
            "--format 'png' is not a format (choose line, grid, poj3074, poj3076, cqoi, \
             picture, json, fpuzzles, auto)"
        );
    }

    #[test]
    fn whole_numbers_run_from_one_to_the_most() {
        assert_eq!(parse(&["--limit", "5"]).unwrap().limit, Some(5));
        assert_eq!(
            parse(&["--limit", "0"]).unwrap_err(),
            "--limit '0' is not a whole number of at least 1"
        );
        assert_eq!(
            parse(&["--limit", "6"]).unwrap_err(),
            "--limit 6 is above the most allowed, 5"
        );
        assert_eq!(
            parse(&["--limit", "99999999999999999999999"]).unwrap_err(),
            "--limit 99999999999999999999999 is above the most allowed, 5"
        );
    }
}
