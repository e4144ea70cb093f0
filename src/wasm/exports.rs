//! The exports: plain JavaScript values in, each checked by [`super::args`] before it is
//! used, plain objects out. No parameter has a Rust type that wasm-bindgen's glue would trust
//! (`&str`, `Option<String>`, `f64`): a value of the wrong type would become a bogus pointer.

use js_sys::{Array, JsString, Object, Reflect, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args::{self, ArgError, Export, OptionsArg, Settings, Value};
use super::memory;
use crate::formats::{self, puzzle_to_json, Alphabet, Entry, InputError, JsonPuzzle};
use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle};
use crate::search::{
    fast_path_applies, solve_fast, Engine, EngineKind, Outcome, Progress, Search as _, Silent,
    Stats,
};
use crate::trace::{Tracer, RECORD_WORDS};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** `"auto"`, `""`, `null` or `undefined` detect the kind. */
export type KindName = "classic" | "inequality" | "futoshiki" | "auto";
export type EngineName = "propagate" | "dlx" | "naive";
export type FormatName = "line" | "grid" | "poj3074" | "poj3076" | "cqoi" | "picture" | "json";
export type AlphabetName = "digits" | "letters" | "alnum" | "hex" | "numbers";
export type LevelName = "decisions" | "placements" | "full";
export type Status = "unique" | "solved" | "multiple" | "unsolvable" | "limit";

/** The JSON model of a puzzle: the one shape the CLI, this module and the page share. */
export interface PuzzleModel {
  size: number;
  kind?: "classic" | "inequality" | "futoshiki" | "";
  /** N² symbols in reading order ('.' empty), or N² numbers (0 empty). */
  givens: string | number[];
  /** `["r1c1", "<", "r1c2"]`; `^` / `v`: the upper cell is smaller / larger. At most 1200. */
  relations?: [string, "<" | ">" | "^" | "v", string][];
  alphabet?: AlphabetName;
}

/** One puzzle: text in any supported format (one puzzle only), or the model object. */
export type PuzzleInput = string | PuzzleModel;

/** Every option is optional; `null` and `undefined` mean the default. Unknown keys throw. */
export interface ReadOptions {
  /** Default: detected from the text. */
  format?: FormatName | "auto";
  /** Default: detected from the givens. */
  alphabet?: AlphabetName | "auto";
}

export interface SolveOptions extends ReadOptions {
  /** Default "propagate". DLX solves classic puzzles only. */
  engine?: EngineName;
  /** Whole number from 1; default 2 (1 finds one answer, 2 also proves uniqueness). */
  solutionLimit?: number;
  /** Whole number from 1; default 10000000. Nodes plus probes. */
  nodeLimit?: number;
}

export interface TraceOptions extends SolveOptions {
  /** Default "full". */
  level?: LevelName;
  /** Whole number from 1 to 10000000 (the ceiling); default 1000000. */
  maxEvents?: number;
}

export interface BenchOptions extends ReadOptions {
  solutionLimit?: number;
  /** Whole number from 1 to 1000; default 5. */
  runs?: number;
}

export interface Stats {
  nodes: number;
  guesses: number;
  backtracks: number;
  contradictions: number;
  solutions: number;
  probes: number;
  /** Placements and eliminations by rule; absent when the search counted no rules (the
   * 9×9 and 16×16 fast paths count nodes, guesses and solutions only). */
  placements?: Record<string, number>;
  eliminations?: Record<string, number>;
}

/** What `solveAll` returns: per puzzle, in order, its status, first solution and count. */
export interface SolveAllResult {
  count: number;
  /** `solve`'s status of each puzzle, or `"invalid"` for one that cannot be read or breaks the rules. */
  statuses: (Status | "invalid")[];
  /** The first solution of each puzzle, one line each (empty without one), in the answer alphabet. */
  solutions: string;
  /** The solutions found for each puzzle, up to `solutionLimit`. */
  solutionCounts: Uint32Array;
  /** An `Error` for each bad puzzle, with its `index` (and `cells`, `line`, `column`). */
  problems: (Error & { index: number; cells: string[]; line?: number; column?: number })[];
}

/** What `Search.advance` returns: whether the search has ended, and its statistics so far. */
export interface SearchProgress {
  done: boolean;
  stats: Stats;
}

export interface SolveResult {
  status: Status;
  /** The first solution, in the puzzle's alphabet (an array of numbers past it); null without one. */
  solution: string | number[] | null;
  /** Up to two distinct solutions. */
  solutions: (string | number[])[];
  size: number;
  kind: "classic" | "inequality" | "futoshiki";
  alphabet: AlphabetName;
  engine: EngineName;
  stats: Stats;
}

export interface Problem {
  message: string;
  cells: string[];
}

export interface Batch {
  /** `count` events of 5 words each (layout: the crate's `trace` module). At most 65536. */
  records: Uint32Array;
  /**
   * The premise table of `records`: for each event with two premises or more, in seq order,
   * `seq, count, p1, …, p_count` (ascending, each < seq). Any other event's premises are its
   * `cause` (word 3), if it has one. At most N + 2 words per event for size N; complete
   * lists at level "full" only.
   */
  premises: Uint32Array;
  firstSeq: number;
  count: number;
  /** True once the search has ended and every record was handed over. */
  done: boolean;
  /** `null` until `done`. */
  status: Status | null;
  depth: number;
  /** The engine's candidates (bit d-1 ⇔ digit d); ahead of `records` while a large node is handed over. */
  grid: Uint32Array;
  stats: Stats;
  eventLimit: boolean;
  solutions: (string | number[])[];
}

export interface BenchResult {
  puzzles: number;
  solutions: number;
  micros_per_puzzle: number;
  fastest_micros_per_puzzle: number;
  /** How many puzzles could not be read or are invalid (as the CLI's `bench` counts them); they are left out of the timing. */
  invalid: number;
  /** The first 1000 of them, and bad input between puzzles. */
  errors: { puzzle: number | null; line: number; column: number; message: string }[];
}
"#;

/// A JavaScript `Error` with `message`, and `cells`, `line`, `column` when known.
fn error(message: &str, cells: &[Cell], line_column: Option<(u32, u32)>) -> JsValue {
    let e = js_sys::Error::new(message);
    let names: Array = cells
        .iter()
        .map(|c| JsValue::from_str(&c.to_string()))
        .collect();
    let _ = Reflect::set(&e, &"cells".into(), &names);
    if let Some((line, column)) = line_column {
        let _ = Reflect::set(&e, &"line".into(), &line.into());
        let _ = Reflect::set(&e, &"column".into(), &column.into());
    }
    e.into()
}

fn input_error(e: &InputError) -> JsValue {
    error(&e.to_string(), &e.cells, Some((e.pos.line, e.pos.col)))
}

fn problem_error(p: &Problem) -> JsValue {
    error(&p.message, &p.cells, None)
}

/// A bad argument as an `Error` whose `argument` names it.
fn arg_error(e: ArgError) -> JsValue {
    let js = error(&e.to_string(), &[], None);
    let _ = Reflect::set(&js, &"argument".into(), &e.argument.as_str().into());
    js
}

fn memory_check() -> Result<(), JsValue> {
    memory::check().map_err(|message| error(&message, &[], None))
}

/// A value as the checks see it: scalars copied, strings only when short.
fn value(v: &JsValue) -> Value {
    if v.is_undefined() {
        Value::Undefined
    } else if v.is_null() {
        Value::Null
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Value::Number(n)
    } else if v.is_string() {
        // The length first: a long string is not copied.
        let units = v.unchecked_ref::<JsString>().length() as usize;
        if units > args::MAX_OPTION_CHARS {
            Value::LongText(units)
        } else {
            v.as_string().map_or(Value::LongText(units), Value::Text)
        }
    } else if v.is_bigint() {
        Value::Other("a bigint")
    } else if v.is_symbol() {
        Value::Other("a symbol")
    } else if v.is_function() {
        Value::Other("a function")
    } else if Array::is_array(v) {
        Value::Other("an array")
    } else {
        Value::Other("an object")
    }
}

/// A plain object (not an array, not a function).
fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v) && !v.is_function()
}

/// The `options` argument: its own enumerable properties, each as a [`Value`].
fn options_arg(v: &JsValue) -> OptionsArg {
    if v.is_undefined() || v.is_null() {
        return OptionsArg::Absent;
    }
    if !is_plain_object(v) {
        return OptionsArg::Not(value(v));
    }
    let object: &Object = v.unchecked_ref();
    let fields = Object::keys(object)
        .iter()
        .map(|key| {
            let name: JsString = key.clone().unchecked_into();
            let name = if name.length() as usize > args::MAX_OPTION_CHARS {
                String::from(name.slice(0, args::MAX_OPTION_CHARS as u32)) + "…"
            } else {
                String::from(name)
            };
            let field = Reflect::get(object, &key)
                .map(|v| value(&v))
                .unwrap_or(Value::Other("a property whose getter throws"));
            (name, field)
        })
        .collect();
    OptionsArg::Object(fields)
}

/// The options of `export`; `None` is `undefined`, left out.
fn settings(export: Export, options: &Option<JsValue>) -> Result<Settings, JsValue> {
    let options = match options {
        Some(v) => options_arg(v),
        None => OptionsArg::Absent,
    };
    args::settings(export, &options).map_err(arg_error)
}

/// The `kind` argument; `None` is `undefined`, left out.
fn kind(v: &Option<JsValue>) -> Result<Option<Kind>, JsValue> {
    let v = v.as_ref().map_or(Value::Undefined, value);
    args::kind(&v).map_err(arg_error)
}

/// Reads the one puzzle of `input` (text in any format, or a JSON model object).
fn read(
    input: &JsValue,
    kind: Option<Kind>,
    settings: &Settings,
) -> Result<(Puzzle, Alphabet), JsValue> {
    let read_options = settings.read(kind);
    if input.is_string() {
        let units = input.unchecked_ref::<JsString>().length() as usize;
        args::text_length(units).map_err(arg_error)?;
        let text = input.as_string().unwrap_or_default();
        let format = match settings.format {
            Some(f) => f,
            None => formats::detect(&text).map_err(|e| input_error(&e))?,
        };
        let entry = args::one_puzzle(&text, format, read_options).map_err(|e| input_error(&e))?;
        return Ok((entry.puzzle, entry.alphabet));
    }
    if !is_plain_object(input) {
        return Err(arg_error(ArgError::expected(
            "puzzle",
            "a text in a supported format or a JSON model object",
            &value(input),
        )));
    }
    let model: JsonPuzzle = serde_wasm_bindgen::from_value(input.clone()).map_err(|e| {
        let mut message = format!("puzzle: {e}");
        formats::cut_serde_message(&mut message);
        error(&message, &[], None)
    })?;
    model.to_puzzle(read_options).map_err(|p| problem_error(&p))
}

/// The most bad puzzles `bench()` describes; `invalid` counts them all.
const MAX_BENCH_ERRORS: usize = 1000;

/// What every export of one puzzle does first, in argument order: refuse to start past the
/// heap budget, check `kind` and the options of `export`, read the puzzle.
fn begin(
    export: Export,
    puzzle: &JsValue,
    kind: &Option<JsValue>,
    options: &Option<JsValue>,
) -> Result<(Settings, Puzzle, Alphabet), JsValue> {
    memory_check()?;
    let kind = self::kind(kind)?;
    let settings = settings(export, options)?;
    let (puzzle, alphabet) = read(puzzle, kind, &settings)?;
    Ok((settings, puzzle, alphabet))
}

/// Plain objects for maps (`serde_wasm_bindgen` would make `Map`s).
fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// A grid as a string in the puzzle's alphabet, or an array of numbers above its reach.
fn grid_text(grid: &[u8], alphabet: Alphabet) -> JsValue {
    let text: Option<String> = grid.iter().map(|&d| alphabet.symbol(d)).collect();
    match text {
        Some(text) if alphabet != Alphabet::Numbers => JsValue::from_str(&text),
        _ => grid
            .iter()
            .map(|&d| JsValue::from(d))
            .collect::<Array>()
            .into(),
    }
}

/// The alphabet answers are written in: the puzzle's when it names every digit.
fn answer_alphabet(alphabet: Alphabet, size: usize) -> Alphabet {
    if alphabet != Alphabet::Numbers && alphabet.fits(size) {
        alphabet
    } else if Alphabet::Alnum.fits(size) && size > 9 {
        Alphabet::Alnum
    } else {
        Alphabet::Digits
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary<'a> {
    status: &'static str,
    engine: &'static str,
    size: usize,
    kind: &'static str,
    alphabet: &'static str,
    stats: Lean<'a>,
}

/// A `solve` result's statistics: the counts, and the tables by rule only when the search
/// counted rules. The 9×9 and 16×16 fast paths count none; two tables of 12 zeros would be
/// wrong to read and cost more to build than the solve (issue 14: a small result).
struct Lean<'a>(&'a Stats);

impl Serialize for Lean<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let stats = self.0;
        let by_rule = stats.total_placements() + stats.total_eliminations() > 0;
        stats.serialize_with(serializer, by_rule)
    }
}

/// Solves `puzzle` (text or model object) and returns `{status, solution, solutions, size,
/// kind, alphabet, engine, stats}`; `status` is `unique`, `solved`, `multiple`, `unsolvable`
/// or `limit`; `solution` is `null` without one. Options: `engine`, `format`, `alphabet`,
/// `solutionLimit` (default 2: uniqueness is checked), `nodeLimit`.
#[wasm_bindgen(unchecked_return_type = "SolveResult")]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (settings, puzzle, alphabet) = begin(Export::Solve, &puzzle, &kind, &options)?;
    puzzle.validate().map_err(|p| problem_error(&p))?;
    let outcome =
        outcome_of(settings.engine, &puzzle, settings.search()).map_err(|p| problem_error(&p))?;
    Ok(solve_result(
        &outcome,
        settings.engine,
        &puzzle,
        answer_alphabet(alphabet, puzzle.size()),
    ))
}

/// The most puzzles one `solveAll` call takes (`bench::MAX_PUZZLES`, as the command line's
/// `bench`).
const MAX_SOLVE_ALL: usize = crate::bench::MAX_PUZZLES;

/// Solves many puzzles in one crossing: `puzzles` is one text of many puzzles (any format, as
/// the command line reads a file: the fastest way) or an array of puzzles (texts of one puzzle
/// each, or model objects); `kind` and `options` are `solve`'s, for every puzzle. Returns
/// `{count, statuses, solutions, solutionCounts, problems}`: `statuses[i]` as `solve` says it
/// (`"invalid"` for a puzzle that cannot be read or breaks the rules), `solutions` the first
/// solution of each puzzle in the answer alphabet, one line each (empty without one),
/// `solutionCounts` a `Uint32Array` of the solutions found (up to `solutionLimit`), and
/// `problems` an `Error` (with `index`, `cells`, and `line`/`column` for text) for each bad
/// puzzle — `index` is -1 for bad input between puzzles. A bad puzzle costs no other its
/// answer. At most 1,000,000 puzzles a call.
#[wasm_bindgen(js_name = solveAll, unchecked_return_type = "SolveAllResult")]
pub fn solve_all(
    #[wasm_bindgen(unchecked_param_type = "string | PuzzleInput[]")] puzzles: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    memory_check()?;
    let kind = self::kind(&kind)?;
    let settings = settings(Export::SolveAll, &options)?;
    let too_many = || {
        arg_error(ArgError::expected(
            "puzzles",
            &format!("at most {MAX_SOLVE_ALL} puzzles"),
            &Value::Text(format!("more than {MAX_SOLVE_ALL}")),
        ))
    };
    let mut batch = Answers::new(&settings);
    if puzzles.is_string() {
        args::text_length(puzzles.unchecked_ref::<JsString>().length() as usize)
            .map_err(arg_error)?;
        let text = puzzles.as_string().unwrap_or_default();
        let format = match settings.format {
            Some(f) => f,
            None => formats::detect(&text).map_err(|e| input_error(&e))?,
        };
        for item in formats::read(&text, format, settings.read(kind)) {
            if batch.count == MAX_SOLVE_ALL {
                return Err(too_many());
            }
            match item.and_then(Entry::validated) {
                Ok(entry) => batch.solve(&entry.puzzle, entry.alphabet),
                Err(e) if e.puzzle.is_some() => batch.bad(input_error(&e)),
                Err(e) => batch.between(input_error(&e)),
            }
        }
    } else if let Some(list) = puzzles.dyn_ref::<Array>() {
        if list.length() as usize > MAX_SOLVE_ALL {
            return Err(too_many());
        }
        for i in 0..list.length() {
            let read = read(&list.get(i), kind, &settings).and_then(|(puzzle, alphabet)| {
                puzzle.validate().map_err(|p| problem_error(&p))?;
                Ok((puzzle, alphabet))
            });
            match read {
                Ok((puzzle, alphabet)) => batch.solve(&puzzle, alphabet),
                Err(error) => batch.bad(error),
            }
        }
    } else {
        return Err(arg_error(ArgError::expected(
            "puzzles",
            "a text of puzzles or an array of puzzles",
            &value(&puzzles),
        )));
    }
    Ok(batch.finish())
}

/// The answers of one `solveAll` call as they are gathered, in the shape it returns.
struct Answers {
    engine: EngineKind,
    options: crate::search::Options,
    count: usize,
    /// The status words, one a line: they cross to JavaScript as one string, split there
    /// into the array (one crossing, not one a puzzle).
    statuses: String,
    counts: Vec<u32>,
    problems: Array,
    lines: String,
}

impl Answers {
    fn new(settings: &Settings) -> Answers {
        Answers {
            engine: settings.engine,
            options: settings.search(),
            count: 0,
            statuses: String::new(),
            counts: Vec::new(),
            problems: Array::new(),
            lines: String::new(),
        }
    }

    /// Starts the next puzzle's lines, with its status word.
    fn next(&mut self, status: &str) {
        if self.count > 0 {
            self.lines.push('\n');
            self.statuses.push('\n');
        }
        self.statuses.push_str(status);
        self.count += 1;
    }

    /// Solves a valid puzzle as `solve` would (the same fast path, engine and limits).
    fn solve(&mut self, puzzle: &Puzzle, alphabet: Alphabet) {
        let outcome = match outcome_of(self.engine, puzzle, self.options) {
            Ok(outcome) => outcome,
            Err(p) => return self.bad(problem_error(&p)),
        };
        self.next(outcome.status.name());
        self.counts.push(outcome.solutions.len() as u32);
        if let Some(solution) = outcome.solution() {
            push_grid(
                &mut self.lines,
                solution,
                answer_alphabet(alphabet, puzzle.size()),
            );
        }
    }

    /// A puzzle that could not be read or breaks the rules: `invalid`, and its error.
    fn bad(&mut self, error: JsValue) {
        let index = self.count as u32;
        self.next("invalid");
        self.counts.push(0);
        let _ = Reflect::set(&error, &"index".into(), &JsValue::from(index));
        self.problems.push(&error);
    }

    /// Bad input between puzzles (a count line that disagrees, JSON between two puzzles).
    fn between(&mut self, error: JsValue) {
        let _ = Reflect::set(&error, &"index".into(), &JsValue::from(-1));
        self.problems.push(&error);
    }

    fn finish(self) -> JsValue {
        let result = Object::new();
        let set = |key: &str, value: &JsValue| {
            let _ = Reflect::set(&result, &key.into(), value);
        };
        set("count", &JsValue::from(self.count as u32));
        let statuses = if self.count == 0 {
            Array::new()
        } else {
            JsString::from(self.statuses.as_str()).split("\n")
        };
        set("statuses", &statuses);
        set("solutions", &JsValue::from_str(&self.lines));
        set("solutionCounts", &Uint32Array::from(&self.counts[..]));
        set("problems", &self.problems);
        result.into()
    }
}

/// Appends a grid to `line` in `alphabet` (one symbol a cell), or as numbers with spaces
/// between them where the alphabet cannot write every digit, as `grid_text` does.
fn push_grid(line: &mut String, grid: &[u8], alphabet: Alphabet) {
    let start = line.len();
    if alphabet != Alphabet::Numbers {
        for &d in grid {
            match alphabet.symbol(d) {
                Some(c) => line.push(c),
                None => {
                    line.truncate(start);
                    break;
                }
            }
        }
        if line.len() > start {
            return;
        }
    }
    for (k, &d) in grid.iter().enumerate() {
        if k > 0 {
            line.push(' ');
        }
        line.push_str(&d.to_string());
    }
}

/// What `solve` answers for a valid puzzle, and `solveAll` for each: a fast path (9×9 classic
/// and inequality, 16×16 classic) takes the `propagate` requests it can, the engine the rest.
fn outcome_of(
    engine: EngineKind,
    puzzle: &Puzzle,
    options: crate::search::Options,
) -> Result<Outcome, Problem> {
    let fast = match engine {
        EngineKind::Propagate => solve_fast(puzzle, options),
        _ => None,
    };
    match fast {
        Some(outcome) => Ok(outcome),
        None => {
            let mut engine = Engine::new(engine, puzzle, options, Silent)?;
            engine.run();
            Ok(engine.outcome())
        }
    }
}

/// The object `solve` returns (and `Search.result`): one shape for both.
fn solve_result(
    outcome: &Outcome,
    engine: EngineKind,
    puzzle: &Puzzle,
    alphabet: Alphabet,
) -> JsValue {
    let result = to_js(&Summary {
        status: outcome.status.name(),
        engine: engine.name(),
        size: puzzle.size(),
        kind: puzzle.kind().name(),
        alphabet: alphabet.name(),
        stats: Lean(&outcome.stats),
    });
    let solutions: Array = outcome
        .solutions
        .iter()
        .map(|s| grid_text(s, alphabet))
        .collect();
    let first = solutions.get(0);
    let _ = Reflect::set(&result, &"solution".into(), &first);
    let _ = Reflect::set(&result, &"solutions".into(), &solutions);
    result
}

/// `solve` in steps, for a caller that shows progress: `new Search(puzzle, kind, options)`
/// takes `solve`'s arguments, `advance(budget)` runs about `budget` nodes and returns `{done,
/// stats}`, and once `done`, `result` is what `solve` would have returned for the same
/// arguments (the same engine, the same fast path, the same limits). A puzzle a fast path
/// takes (9×9 classic and inequality, 16×16 classic, with `propagate`) is answered by it in
/// the first `advance`, whole: the fast paths do not run in steps, and take milliseconds.
#[wasm_bindgen]
pub struct Search {
    engine: EngineKind,
    puzzle: Puzzle,
    options: crate::search::Options,
    alphabet: Alphabet,
    /// The general engine, until the search ends.
    running: Option<Engine<Silent>>,
    /// The answer, once the search has ended.
    outcome: Option<Outcome>,
}

#[wasm_bindgen]
impl Search {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<
            JsValue,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions | null")] options: Option<
            JsValue,
        >,
    ) -> Result<Search, JsValue> {
        let (settings, puzzle, alphabet) = begin(Export::Search, &puzzle, &kind, &options)?;
        puzzle.validate().map_err(|p| problem_error(&p))?;
        let options = settings.search();
        let fast = settings.engine == EngineKind::Propagate && fast_path_applies(&puzzle);
        let running = if fast {
            None
        } else {
            Some(
                Engine::new(settings.engine, &puzzle, options, Silent)
                    .map_err(|p| problem_error(&p))?,
            )
        };
        let alphabet = answer_alphabet(alphabet, puzzle.size());
        let search = Search {
            engine: settings.engine,
            puzzle,
            options,
            alphabet,
            running,
            outcome: None,
        };
        memory_check()?;
        Ok(search)
    }

    /// Runs about `budget` search nodes (a whole number from 1) and returns `{done, stats}`:
    /// the statistics so far (a fast path's only at the end).
    #[wasm_bindgen(unchecked_return_type = "SearchProgress")]
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let budget = args::budget(&value(&budget)).map_err(arg_error)?;
        memory_check()?;
        if self.outcome.is_none() {
            match self.running.as_mut() {
                None => self.outcome = solve_fast(&self.puzzle, self.options),
                Some(engine) => {
                    if let Progress::Done(_) = engine.advance(budget) {
                        self.outcome = Some(engine.outcome());
                    }
                }
            }
        }
        let stats = match (&self.outcome, &self.running) {
            (Some(outcome), _) => outcome.stats.clone(),
            (None, Some(engine)) => engine.stats().clone(),
            (None, None) => Stats::default(),
        };
        if self.outcome.is_some() {
            self.running = None;
        }
        let object = Object::new();
        let _ = Reflect::set(&object, &"done".into(), &self.outcome.is_some().into());
        let _ = Reflect::set(&object, &"stats".into(), &to_js(&stats));
        Ok(object.into())
    }

    /// What `solve` returns, once `advance` said `done`; `null` before.
    #[wasm_bindgen(getter, unchecked_return_type = "SolveResult | null")]
    pub fn result(&self) -> JsValue {
        match &self.outcome {
            Some(outcome) => solve_result(outcome, self.engine, &self.puzzle, self.alphabet),
            None => JsValue::NULL,
        }
    }
}

/// Reads a puzzle from text (any format) and returns its JSON model object
/// `{size, kind, givens, relations, alphabet}`. Options: `format`, `alphabet`.
#[wasm_bindgen(unchecked_return_type = "PuzzleModel")]
pub fn parse(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "ReadOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (_, puzzle, alphabet) = begin(Export::Parse, &text, &kind, &options)?;
    Ok(to_js(&puzzle_to_json(&puzzle, alphabet)))
}

/// Writes a puzzle (text or model object) in `format`: `line`, `grid`, `poj3074`, `poj3076`,
/// `cqoi`, `picture` or `json`. Throws when the format cannot express the puzzle. Options:
/// `alphabet` (of the puzzle's givens).
#[wasm_bindgen(js_name = format)]
pub fn format_puzzle(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FormatName")] format: JsValue,
    #[wasm_bindgen(
        unchecked_optional_param_type = "{ alphabet?: AlphabetName | \"auto\" } | null"
    )]
    options: Option<JsValue>,
) -> Result<String, JsValue> {
    memory_check()?;
    let target = args::target_format(&value(&format)).map_err(arg_error)?;
    let settings = settings(Export::Format, &options)?;
    let (puzzle, alphabet) = read(&puzzle, None, &settings)?;
    let alphabet = match target {
        formats::Format::Poj3076 => Alphabet::Letters,
        formats::Format::Poj3074 | formats::Format::Cqoi => Alphabet::Digits,
        _ => alphabet,
    };
    let mut out = String::new();
    let mut writer = formats::Writer::new(target);
    writer
        .puzzle(&mut out, &puzzle, alphabet)
        .map_err(|p| problem_error(&p))?;
    writer.finish(&mut out, true);
    Ok(out)
}

/// Every problem that makes a puzzle hopeless, as `[{message, cells}]` (empty when sound):
/// equal givens in a house, relation cycles, chains too long for the digits, relations that
/// contradict givens. Throws on input that is not a puzzle at all.
#[wasm_bindgen(unchecked_return_type = "Problem[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "ReadOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (_, puzzle, _) = begin(Export::Validate, &puzzle, &kind, &options)?;
    #[derive(Serialize)]
    struct Found {
        message: String,
        cells: Vec<String>,
    }
    let found: Vec<Found> = puzzle
        .problems()
        .into_iter()
        .map(|p| Found {
            cells: p.cells.iter().map(|c| c.to_string()).collect(),
            message: p.message,
        })
        .collect();
    Ok(to_js(&found))
}

/// The record layout constants, for a JavaScript decoder to check itself against.
#[wasm_bindgen(unchecked_return_type = "{ recordWords: number; kinds: string[]; rules: string[] }")]
pub fn layout() -> JsValue {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Layout {
        record_words: usize,
        kinds: Vec<&'static str>,
        rules: Vec<&'static str>,
    }
    to_js(&Layout {
        record_words: RECORD_WORDS,
        kinds: crate::trace::EventKind::ALL
            .iter()
            .map(|k| k.name())
            .collect(),
        rules: crate::search::Rule::ALL.iter().map(|r| r.name()).collect(),
    })
}

/// Times the solver on every puzzle of `text` as the CLI's `bench` command does (one thread,
/// a fast path where one applies, parsing left out) with the host's `performance.now()`.
/// Options: `format`, `alphabet`, `solutionLimit` (default 2), `runs` (default 5). Returns
/// `{puzzles, solutions, micros_per_puzzle, fastest_micros_per_puzzle, errors}` (the median
/// and the fastest run; `errors` lists the puzzles that could not be read or are invalid,
/// which are left out).
#[wasm_bindgen(unchecked_return_type = "BenchResult")]
pub fn bench(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "BenchOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    memory_check()?;
    if !text.is_string() {
        return Err(arg_error(ArgError::expected(
            "text",
            "a text of puzzles",
            &value(&text),
        )));
    }
    args::text_length(text.unchecked_ref::<JsString>().length() as usize).map_err(arg_error)?;
    let text = text.as_string().unwrap_or_default();
    let kind = self::kind(&kind)?;
    let settings = settings(Export::Bench, &options)?;
    let format = match settings.format {
        Some(f) => f,
        None => formats::detect(&text).map_err(|e| input_error(&e))?,
    };
    #[derive(Serialize)]
    struct Bad {
        /// `None` for bad input between puzzles.
        puzzle: Option<usize>,
        line: u32,
        column: u32,
        message: String,
    }
    let mut errors = Vec::new();
    let mut invalid = 0usize;
    let collected = crate::bench::collect(formats::read(&text, format, settings.read(kind)), |e| {
        invalid += usize::from(e.puzzle.is_some());
        if errors.len() < MAX_BENCH_ERRORS {
            errors.push(Bad {
                puzzle: e.puzzle,
                line: e.pos.line,
                column: e.pos.col,
                message: e.message,
            });
        }
    });
    let puzzles = collected.map_err(|_| {
        let most = crate::bench::MAX_PUZZLES;
        error(
            &format!("text: more than {most} puzzles, the most bench() times at once"),
            &[],
            None,
        )
    })?;
    let performance = Reflect::get(&js_sys::global(), &"performance".into())?;
    let now = js_sys::Function::from(Reflect::get(&performance, &"now".into())?);
    let clock = || {
        now.call0(&performance)
            .ok()
            .and_then(|t| t.as_f64())
            .unwrap_or_else(js_sys::Date::now)
    };
    let m = crate::bench::measure(
        &puzzles,
        settings.solution_limit,
        settings.runs as usize,
        clock,
    );
    let result = to_js(&m);
    let _ = Reflect::set(&result, &"errors".into(), &to_js(&errors));
    let _ = Reflect::set(&result, &"invalid".into(), &(invalid as f64).into());
    Ok(result)
}

/// `text` as messages quote input: at most 20 characters, control and invisible characters
/// escaped (`'\u{1b}'`), in single quotes — for a page that puts user text in a sentence.
#[wasm_bindgen]
pub fn quote(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> String {
    if !text.is_string() {
        return value(&text).to_string();
    }
    // Only what a quote shows is copied: one char more than it shows tells that there is
    // more, and a char is at most two UTF-16 units (a pair cut at the end is past what shows).
    let shown = 2 * (formats::QUOTE_CHARS + 1) as u32;
    let s: &JsString = text.unchecked_ref();
    formats::quote(&String::from(s.slice(0, shown)))
}

/// The version of the crate.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A traced search that runs in steps, for streaming events to a page: create it, call
/// `advance(budget)` until `done`, `free()` it to cancel. Options: `engine`, `level`
/// (`decisions`, `placements`, `full`), `maxEvents` (at most 10,000,000), `solutionLimit`,
/// `nodeLimit`, `format`, `alphabet`. Creating one while the module's heap is over its
/// budget (1 GiB: about a thousand live 25×25 Solvers) throws.
#[wasm_bindgen]
pub struct Solver {
    tracer: Tracer,
    model: JsonPuzzle,
    alphabet: Alphabet,
}

#[wasm_bindgen]
impl Solver {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<
            JsValue,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "TraceOptions | null")] options: Option<
            JsValue,
        >,
    ) -> Result<Solver, JsValue> {
        let (settings, puzzle, alphabet) = begin(Export::Solver, &puzzle, &kind, &options)?;
        let tracer = Tracer::new(
            settings.engine,
            &puzzle,
            settings.search(),
            settings.trace(),
        )
        .map_err(|p| problem_error(&p))?;
        let solver = Solver {
            tracer,
            model: puzzle_to_json(&puzzle, alphabet),
            alphabet: answer_alphabet(alphabet, puzzle.size()),
        };
        // Past the budget the new search is dropped again, and the caller told.
        memory_check()?;
        Ok(solver)
    }

    /// The puzzle as its JSON model object.
    #[wasm_bindgen(getter, unchecked_return_type = "PuzzleModel")]
    pub fn puzzle(&self) -> JsValue {
        to_js(&self.model)
    }

    /// Runs about `budget` units of work (a whole number from 1) and returns `{records,
    /// premises, firstSeq, count, done, status, depth, grid, stats, eventLimit, solutions}`:
    /// `records` holds `count` events of 5 words, at most 65,536 events whatever the budget,
    /// and `premises` their premise table (layouts in the crate's `trace` module); `grid` the
    /// candidates at the engine's current depth (bit `d-1` ⇔ digit `d`); `status` is `null`
    /// until `done`.
    #[wasm_bindgen(unchecked_return_type = "Batch")]
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let budget = args::budget(&value(&budget)).map_err(arg_error)?;
        memory_check()?;
        let batch = self.tracer.advance(budget);
        let (done, status) = match batch.progress {
            Progress::Done(s) => (true, JsValue::from_str(s.name())),
            Progress::Running => (false, JsValue::NULL),
        };
        let object = Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = Reflect::set(&object, &key.into(), &value);
        };
        set("records", Uint32Array::from(&batch.records[..]).into());
        set("premises", Uint32Array::from(&batch.premises[..]).into());
        set("firstSeq", batch.first_seq.into());
        set(
            "count",
            ((batch.records.len() / RECORD_WORDS) as u32).into(),
        );
        set("done", done.into());
        set("status", status);
        set("depth", (self.tracer.engine().depth() as u32).into());
        set("grid", Uint32Array::from(self.tracer.grid()).into());
        set("stats", to_js(&batch.stats));
        set("eventLimit", batch.event_limit.into());
        let solutions: Array = self
            .tracer
            .engine()
            .solutions()
            .iter()
            .map(|s| grid_text(s, self.alphabet))
            .collect();
        set("solutions", solutions.into());
        Ok(object.into())
    }

    /// The status once the search has ended (and every record was handed over), else
    /// `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "Status | null")]
    pub fn status(&self) -> Option<String> {
        self.tracer.status().map(|s| s.name().to_string())
    }
}
