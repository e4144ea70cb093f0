//! The arguments of the WebAssembly API, checked before anything reaches the core.
//!
//! wasm-bindgen trusts declared types: a number passed where a `&str` is declared is read as
//! a pointer. So every export takes plain JavaScript values, the facade turns each into a
//! [`Value`] (its type and, for scalars, a copy of it), and the checks live here, where the
//! same code runs natively (unit tests, the `wasm_args` fuzz target) and in wasm. A bad
//! argument is an [`ArgError`] that names the argument and says what it expected; the facade
//! throws it as an `Error`.

use crate::named::Named;
use std::fmt;

use crate::formats::{self, Alphabet, Entry, Format, InputError, Pos, ReadOptions};
use crate::generate::{Markers, Relations, Request, Symmetry};
use crate::logic::{read_marks, PlayerState, Reveal};
use crate::puzzle::Kind;
use crate::search::{EngineKind, Options};
use crate::trace::{Level, TraceOptions};

use crate::formats::MAX_INPUT_BYTES;

/// Strings longer than this are not copied into a [`Value`]: no option is that long.
pub const MAX_OPTION_CHARS: usize = 64;

/// A JavaScript value as the checks see it.
#[derive(Clone, PartialEq, Debug)]
pub enum Value {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    /// A string longer than [`MAX_OPTION_CHARS`]: only its length (UTF-16 units) is known.
    LongText(usize),
    /// Any other value, by its description: "an object", "an array", "a function", …
    Other(&'static str),
}

/// How a value reads in a message: `the number 42`, `true`, `the string 'x'`, `an object`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Undefined => f.write_str("undefined"),
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) if n.is_nan() => f.write_str("NaN"),
            Value::Number(n) if n.is_infinite() => {
                f.write_str(if *n > 0.0 { "Infinity" } else { "-Infinity" })
            }
            Value::Number(n) => write!(f, "the number {n}"),
            Value::Text(s) => write!(f, "the string {}", formats::quote(s)),
            Value::LongText(n) => write!(f, "a string of {n} characters"),
            Value::Other(what) => f.write_str(what),
        }
    }
}

/// A bad argument: which one (`kind`, `options.nodeLimit`, …) and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArgError {
    pub argument: String,
    pub message: String,
}

impl ArgError {
    pub fn new(argument: impl Into<String>, message: impl Into<String>) -> ArgError {
        ArgError {
            argument: argument.into(),
            message: message.into(),
        }
    }

    pub fn expected(argument: impl Into<String>, expected: &str, got: &Value) -> ArgError {
        ArgError::new(argument, format!("expected {expected}, got {got}"))
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.argument, self.message)
    }
}

impl std::error::Error for ArgError {}

/// The `options` argument as the facade found it.
#[derive(Clone, PartialEq, Debug)]
pub enum OptionsArg {
    /// `undefined` or `null`: every default.
    Absent,
    /// A plain object: its own enumerable properties.
    Object(Vec<(String, Value)>),
    /// Anything else.
    Not(Value),
}

named! {
    /// The exports that take options.
    pub enum Export {
        Solve = "solve", SolveAll = "solveAll", Parse = "parse", Validate = "validate",
        Format = "format", Solver = "Solver", Search = "Search", Bench = "bench",
        Hint = "hint", Grade = "grade",
    }
}

impl Export {
    /// The options the export reads; any other is refused (a misspelt option would
    /// otherwise be ignored without a word).
    pub const fn options(self) -> &'static [Opt] {
        use Opt::*;
        match self {
            Export::Solve | Export::SolveAll | Export::Search => {
                &[Engine, Format, Alphabet, SolutionLimit, NodeLimit]
            }
            Export::Parse | Export::Validate => &[Format, Alphabet],
            Export::Format => &[Alphabet],
            Export::Solver => &[
                Engine,
                Format,
                Alphabet,
                SolutionLimit,
                NodeLimit,
                Level,
                MaxEvents,
            ],
            Export::Bench => &[Format, Alphabet, SolutionLimit, Runs],
            Export::Hint => &[Format, Alphabet, Reveal],
            Export::Grade => &[Format, Alphabet],
        }
    }
}

named! {
    /// One option, by its JavaScript name.
    pub enum Opt {
        Engine = "engine", Format = "format", Alphabet = "alphabet",
        SolutionLimit = "solutionLimit", NodeLimit = "nodeLimit", Level = "level",
        MaxEvents = "maxEvents", Runs = "runs", Reveal = "reveal",
    }
}

/// Every option an export can take, checked, with the defaults filled in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    pub engine: EngineKind,
    /// `None`: detected from the text.
    pub format: Option<Format>,
    /// `None`: detected from the givens.
    pub alphabet: Option<Alphabet>,
    pub solution_limit: u64,
    pub node_limit: u64,
    pub level: Level,
    pub max_events: u64,
    pub runs: u64,
    pub reveal: Reveal,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            engine: EngineKind::Propagate,
            format: None,
            alphabet: None,
            solution_limit: 2,
            node_limit: Options::DEFAULT_NODE_LIMIT,
            level: Level::Full,
            max_events: TraceOptions::DEFAULT_MAX_EVENTS,
            runs: 5,
            reveal: Reveal::Step,
        }
    }
}

impl Settings {
    pub fn search(&self) -> Options {
        Options {
            solution_limit: self.solution_limit,
            node_limit: self.node_limit,
            ..Options::default()
        }
    }

    pub fn read(&self, kind: Option<Kind>) -> ReadOptions {
        ReadOptions {
            kind,
            alphabet: self.alphabet,
        }
    }

    pub fn trace(&self) -> TraceOptions {
        TraceOptions {
            level: self.level,
            max_events: self.max_events,
        }
    }
}

/// `'a', 'b' or 'c'`.
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

fn names<T: Named>() -> Vec<&'static str> {
    T::ALL.iter().map(|c| c.name()).collect()
}

/// A choice by name (case and surrounding space ignored); `undefined` and `null` (and, with
/// `auto`, `""` and `"auto"`) are `None`.
fn choice<T: Named>(argument: &str, value: &Value, auto: bool) -> Result<Option<T>, ArgError> {
    Ok(pick(argument, value, &names::<T>(), auto)?.map(|i| T::ALL[i]))
}

/// [`choice`] by index into `names` (one copy of the code for every kind of choice).
fn pick(
    argument: &str,
    value: &Value,
    names: &[&str],
    auto: bool,
) -> Result<Option<usize>, ArgError> {
    let wrong = || {
        let mut all = names.to_vec();
        if auto {
            all.push("auto");
        }
        ArgError::expected(argument, &format!("{} (or undefined)", listed(&all)), value)
    };
    match value {
        Value::Undefined | Value::Null => Ok(None),
        Value::Text(text) => {
            let text = text.trim();
            if auto && (text.is_empty() || text.eq_ignore_ascii_case("auto")) {
                return Ok(None);
            }
            match names.iter().position(|n| n.eq_ignore_ascii_case(text)) {
                Some(i) => Ok(Some(i)),
                None => Err(wrong()),
            }
        }
        _ => Err(wrong()),
    }
}

/// A whole number from `low` to `high`; `undefined` and `null` are `None`.
pub fn whole(argument: &str, value: &Value, low: u64, high: u64) -> Result<Option<u64>, ArgError> {
    let expected = || format!("a whole number from {low} to {high}");
    match *value {
        Value::Undefined | Value::Null => Ok(None),
        Value::Number(n) if n.fract() == 0.0 && n >= low as f64 && n <= high as f64 => {
            // Exact: a whole number up to 2^53 converts without rounding.
            Ok(Some(n as u64))
        }
        Value::Number(n) if n.is_finite() && n > high as f64 && n.fract() == 0.0 => {
            Err(ArgError::new(
                argument,
                format!("{} is above the most allowed, {high}", Value::Number(n)),
            ))
        }
        _ => Err(ArgError::expected(argument, &expected(), value)),
    }
}

/// The `kind` argument: `"classic"`, `"inequality"`, `"futoshiki"`, or `"auto"`, `""`,
/// `undefined`, `null` to detect it.
pub fn kind(value: &Value) -> Result<Option<Kind>, ArgError> {
    choice("kind", value, true)
}

/// The target format of `format()`: a format name, no detection.
pub fn target_format(value: &Value) -> Result<Format, ArgError> {
    choice("format", value, false)?
        .ok_or_else(|| ArgError::expected("format", &listed(&names::<Format>()), value))
}

/// The budget of `Solver.advance`: units of work, a whole number from 1.
pub fn budget(value: &Value) -> Result<u64, ArgError> {
    whole("budget", value, 1, Options::MAX_LIMIT)?.ok_or_else(|| {
        ArgError::expected(
            "budget",
            &format!("a whole number from 1 to {}", Options::MAX_LIMIT),
            value,
        )
    })
}

/// The fields of an options object (none when it is absent); anything else is refused.
fn fields_of(options: &OptionsArg) -> Result<&[(String, Value)], ArgError> {
    match options {
        OptionsArg::Absent => Ok(&[]),
        OptionsArg::Object(fields) => Ok(fields),
        OptionsArg::Not(value) => Err(ArgError::expected(
            "options",
            "an object (or undefined)",
            value,
        )),
    }
}

/// The options of `export`, checked: every key one the export reads, every value of its
/// type and range.
pub fn settings(export: Export, options: &OptionsArg) -> Result<Settings, ArgError> {
    let mut settings = Settings::default();
    let fields = fields_of(options)?;
    let accepted = export.options();
    for (key, value) in fields {
        let Some(&opt) = accepted.iter().find(|o| o.name() == key) else {
            let names: Vec<&str> = accepted.iter().map(|o| o.name()).collect();
            let known = Opt::ALL.iter().any(|o| o.name() == key);
            let why = if known {
                "is not read by"
            } else {
                "is not an option of"
            };
            return Err(ArgError::new(
                "options",
                format!(
                    "{} {why} {}() (its options: {})",
                    formats::quote(key),
                    export.name(),
                    names.join(", ")
                ),
            ));
        };
        let argument = format!("options.{key}");
        let argument = argument.as_str();
        match opt {
            Opt::Engine => {
                if let Some(e) = choice(argument, value, false)? {
                    settings.engine = e;
                }
            }
            Opt::Format => settings.format = choice(argument, value, true)?,
            Opt::Alphabet => settings.alphabet = choice(argument, value, true)?,
            Opt::Level => {
                if let Some(l) = choice(argument, value, false)? {
                    settings.level = l;
                }
            }
            Opt::SolutionLimit => {
                if let Some(n) = whole(argument, value, 1, Options::MAX_LIMIT)? {
                    settings.solution_limit = n;
                }
            }
            Opt::NodeLimit => {
                if let Some(n) = whole(argument, value, 1, Options::MAX_LIMIT)? {
                    settings.node_limit = n;
                }
            }
            Opt::MaxEvents => {
                if let Some(n) = whole(argument, value, 1, TraceOptions::MAX_EVENTS)? {
                    settings.max_events = n;
                }
            }
            Opt::Runs => {
                if let Some(n) = whole(argument, value, 1, crate::bench::MAX_RUNS)? {
                    settings.runs = n;
                }
            }
            Opt::Reveal => {
                if let Some(r) = choice(argument, value, false)? {
                    settings.reveal = r;
                }
            }
        }
    }
    Ok(settings)
}

/// Refuses a puzzle text of `units` UTF-16 units before it is copied, when even one byte a
/// unit would pass [`MAX_INPUT_BYTES`].
pub fn text_length(units: usize) -> Result<(), ArgError> {
    if units > MAX_INPUT_BYTES {
        return Err(ArgError::new(
            "puzzle",
            format!(
                "a text of {units} characters is over the {} MiB a puzzle text may hold",
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// Why reading one puzzle failed: the text's own error, or none or several puzzles in it.
pub fn one_puzzle(text: &str, format: Format, options: ReadOptions) -> Result<Entry, InputError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(InputError::new(
            Pos::new(1, 1),
            format!(
                "the text is {} bytes, over the {} MiB a puzzle text may hold",
                text.len(),
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    let mut entries = formats::read(text, format, options);
    let first = entries
        .next()
        .unwrap_or_else(|| Err(InputError::new(Pos::new(1, 1), "the text holds no puzzle")))?;
    match entries.next() {
        None => Ok(first),
        Some(next) => {
            let pos = match &next {
                Ok(entry) => entry.pos,
                Err(e) => e.pos,
            };
            Err(InputError::new(
                pos,
                format!(
                    "the text holds more than one puzzle: the second starts at line {}; \
                     give one puzzle at a time",
                    pos.line
                ),
            ))
        }
    }
}

/// A grid of the player's, as `hint` was given it: text, or one number per cell.
#[derive(Clone, PartialEq, Debug)]
pub enum GridArg {
    Text(String),
    Numbers(Vec<f64>),
}

/// The `player` argument of `hint`, as the facade found it.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct PlayerArg {
    /// The player's digits: the puzzle's symbols (`.` empty) in the line or grid format, or
    /// N² numbers (0 empty).
    pub entries: Option<GridArg>,
    /// Pencil marks: N² numbers, each a digit set (bit `d - 1` for digit `d`; 0 for none), or
    /// the text form of `sudoku-lab hint --marks`.
    pub marks: Option<GridArg>,
}

/// The player's state of a `size`×`size` puzzle of `kind` written in `alphabet`, checked.
pub fn player_state(
    player: &PlayerArg,
    kind: Kind,
    size: usize,
    alphabet: Alphabet,
) -> Result<PlayerState, ArgError> {
    let cells = size * size;
    let count = |argument: &str, n: usize| {
        if n == cells {
            Ok(())
        } else {
            Err(ArgError::new(
                argument,
                format!("{n} cells; the puzzle has {cells}"),
            ))
        }
    };
    let entries = match &player.entries {
        None => Vec::new(),
        Some(GridArg::Numbers(numbers)) => {
            count("player.entries", numbers.len())?;
            numbers
                .iter()
                .enumerate()
                .map(|(i, &n)| whole_at("player.entries", i, n, size as u64).map(|d| d as u8))
                .collect::<Result<_, _>>()?
        }
        Some(GridArg::Text(text)) => {
            let options = ReadOptions {
                kind: Some(kind),
                alphabet: Some(alphabet),
            };
            let grid = one_puzzle(text, formats::detect(text).unwrap_or(Format::Line), options)
                .map_err(|e| ArgError::new("player.entries", e.to_string()))?;
            count("player.entries", grid.puzzle.size() * grid.puzzle.size())?;
            grid.puzzle.givens().to_vec()
        }
    };
    let marks = match &player.marks {
        None => None,
        Some(GridArg::Numbers(numbers)) => {
            count("player.marks", numbers.len())?;
            let most = (1u64 << size) - 1;
            Some(
                numbers
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| whole_at("player.marks", i, n, most).map(|m| m as u32))
                    .collect::<Result<_, _>>()?,
            )
        }
        Some(GridArg::Text(text)) => {
            Some(read_marks(text, size).map_err(|e| ArgError::new("player.marks", e.to_string()))?)
        }
    };
    Ok(PlayerState { entries, marks })
}

/// The `i`-th number of `argument`: a whole number from 0 to `most`.
fn whole_at(argument: &str, i: usize, n: f64, most: u64) -> Result<u64, ArgError> {
    let argument = format!("{argument}[{i}]");
    whole(&argument, &Value::Number(n), 0, most)?
        .ok_or_else(|| ArgError::expected(argument, "a whole number", &Value::Number(n)))
}

/// The options `generate()` reads, by their JavaScript names.
pub const GENERATE_OPTIONS: &[&str] = &[
    "kind",
    "size",
    "count",
    "difficulty",
    "seed",
    "symmetry",
    "minimal",
    "minGivens",
    "maxGivens",
    "relations",
    "noGivens",
    "markers",
    "negative",
    "attempts",
    "effort",
];

/// The most puzzles one `generate()` call returns (a `Generator` streams more).
pub const MAX_GENERATE_COUNT: u64 = 1000;

/// The options of `generate()` and `new Generator()`, checked: the request, and how many
/// puzzles (`count`, 1 by default). Every option may be left out: a 9×9 classic puzzle of
/// any level (Futoshiki 5×5), with the seed `fresh_seed` gives (the caller's clock or
/// random source: a call without a seed gets other puzzles each time).
pub fn generate_request(
    options: &OptionsArg,
    fresh_seed: impl FnOnce() -> u64,
) -> Result<(Request, u64), ArgError> {
    let fields = fields_of(options)?;
    if let Some((key, _)) = fields
        .iter()
        .find(|(k, _)| !GENERATE_OPTIONS.contains(&k.as_str()))
    {
        return Err(ArgError::new(
            "options",
            format!(
                "{} is not an option of generate() (its options: {})",
                formats::quote(key),
                GENERATE_OPTIONS.join(", ")
            ),
        ));
    }
    let get = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map_or(&Value::Undefined, |(_, v)| v)
    };
    let flag = |name: &str| match get(name) {
        Value::Undefined | Value::Null => Ok(false),
        Value::Bool(b) => Ok(*b),
        other => Err(ArgError::expected(
            format!("options.{name}"),
            "true or false (or undefined)",
            other,
        )),
    };
    let kind = choice("options.kind", get("kind"), false)?.unwrap_or(Kind::Classic);
    let default_size = if kind == Kind::Futoshiki { 5 } else { 9 };
    let size = whole("options.size", get("size"), 3, 25)?.unwrap_or(default_size) as usize;
    let count = whole("options.count", get("count"), 1, MAX_GENERATE_COUNT)?.unwrap_or(1);
    let mut request = Request::new(kind, size);
    request.level = choice("options.difficulty", get("difficulty"), false)?;
    request.seed = match whole("options.seed", get("seed"), 0, Options::MAX_LIMIT)? {
        Some(seed) => seed,
        None => fresh_seed(),
    };
    request.symmetry =
        choice("options.symmetry", get("symmetry"), false)?.unwrap_or(Symmetry::None);
    request.minimal = flag("minimal")?;
    request.no_givens = flag("noGivens")?;
    request.markers = choice("options.markers", get("markers"), false)?.unwrap_or(Markers::None);
    request.negative = flag("negative")?;
    let cells = (size * size) as u64;
    let low = whole("options.minGivens", get("minGivens"), 0, cells)?.unwrap_or(0);
    let high = whole("options.maxGivens", get("maxGivens"), 0, cells)?.unwrap_or(cells);
    request.givens = (low as usize, high as usize);
    if let Some(n) = whole("options.attempts", get("attempts"), 1, 1 << 30)? {
        request.attempts = n as u32;
    }
    request.effort = whole("options.effort", get("effort"), 1, Options::MAX_LIMIT)?;
    request.relations = match get("relations") {
        Value::Undefined | Value::Null => None,
        Value::Number(_) => Some(Relations::Random(
            whole("options.relations", get("relations"), 0, 2 * 25 * 24)?.unwrap_or(0) as usize,
        )),
        value => {
            let names = ["none", "blocks", "adjacent"];
            let i = pick("options.relations", value, &names, false)?.unwrap_or(0);
            Relations::parse(names[i])
        }
    };
    Ok((request, count))
}

#[cfg(test)]
mod tests;
