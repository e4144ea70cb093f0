//! The WebAssembly facade: a thin layer of `wasm-bindgen` exports over the core.
//!
//! ```js
//! import init, { solve, parse, format, validate, Solver } from "./pkg/sudoku_lab.js";
//! await init();
//! solve("4.....8.5.3………", "auto");          // { status, solution, solutions, stats, … }
//! const solver = new Solver(puzzle, "auto", { engine: "dlx", level: "full" });
//! const batch = solver.advance(2000);       // { records: Uint32Array, done, status, grid, … }
//! solver.free();                            // cancels
//! ```
//! Puzzles come as text in any format (detected, or `options.format`) or as the JSON model
//! object; bad input throws an `Error` whose message says where and what, with `cells`
//! (`["r3c1", "r3c7"]`), `line` and `column` properties when they are known. Big data (the
//! event records) stays in Rust until `advance` hands a batch over as one typed array.

use js_sys::{Array, Object, Reflect, Uint32Array};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::formats::{self, puzzle_to_json, Alphabet, Format, InputError, JsonPuzzle, ReadOptions};
use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle};
use crate::search::{solve_fast, Engine, EngineKind, Options, Progress, Silent, Stats, Status};
use crate::trace::{Level, TraceOptions, Tracer, RECORD_WORDS};

/// The options any export takes, all optional (`undefined` or `{}` for the defaults).
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsOptions {
    engine: Option<String>,
    format: Option<String>,
    alphabet: Option<String>,
    solution_limit: Option<u64>,
    node_limit: Option<u64>,
    level: Option<String>,
    max_events: Option<u64>,
}

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

fn options(value: JsValue) -> Result<JsOptions, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(JsOptions::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| error(&format!("options: {e}"), &[], None))
}

fn kind(name: Option<String>) -> Result<Option<Kind>, JsValue> {
    match name.as_deref().map(str::trim) {
        None | Some("") | Some("auto") => Ok(None),
        Some(k) => Kind::parse(k).map(Some).ok_or_else(|| {
            error(
                &format!("unknown kind '{k}': classic, inequality, futoshiki or auto"),
                &[],
                None,
            )
        }),
    }
}

fn named<T>(
    what: &str,
    value: Option<&str>,
    parse: impl Fn(&str) -> Option<T>,
    choices: &str,
) -> Result<Option<T>, JsValue> {
    match value.map(str::trim) {
        None | Some("") | Some("auto") => Ok(None),
        Some(v) => parse(v)
            .map(Some)
            .ok_or_else(|| error(&format!("unknown {what} '{v}': {choices}"), &[], None)),
    }
}

/// Reads the first puzzle of `input` (text in any format, or a JSON model object).
fn read(
    input: JsValue,
    kind: Option<Kind>,
    opts: &JsOptions,
) -> Result<(Puzzle, Alphabet), JsValue> {
    let alphabet = named(
        "alphabet",
        opts.alphabet.as_deref(),
        Alphabet::parse,
        "digits, letters, alnum, hex, numbers or auto",
    )?;
    let read_options = ReadOptions { kind, alphabet };
    if let Some(text) = input.as_string() {
        let format = match named(
            "format",
            opts.format.as_deref(),
            Format::parse,
            "line, grid, poj3074, poj3076, cqoi, picture, json or auto",
        )? {
            Some(f) => f,
            None => formats::detect(&text).map_err(|e| input_error(&e))?,
        };
        let entry = formats::read(&text, format, read_options)
            .next()
            .ok_or_else(|| error("the text holds no puzzle", &[], None))?
            .map_err(|e| input_error(&e))?;
        return Ok((entry.puzzle, entry.alphabet));
    }
    if !input.is_object() {
        return Err(error(
            "a puzzle is text in a supported format or a JSON model object",
            &[],
            None,
        ));
    }
    let model: JsonPuzzle = serde_wasm_bindgen::from_value(input)
        .map_err(|e| error(&format!("puzzle object: {e}"), &[], None))?;
    model.to_puzzle(read_options).map_err(|p| problem_error(&p))
}

fn engine_of(opts: &JsOptions) -> Result<EngineKind, JsValue> {
    Ok(named(
        "engine",
        opts.engine.as_deref(),
        EngineKind::parse,
        "propagate, dlx or naive",
    )?
    .unwrap_or_default())
}

fn search_options(opts: &JsOptions) -> Options {
    Options {
        solution_limit: opts.solution_limit.unwrap_or(2).max(1),
        node_limit: opts.node_limit.unwrap_or(Options::DEFAULT_NODE_LIMIT),
        ..Options::default()
    }
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
    stats: &'a Stats,
}

/// Solves `puzzle` (text or model object) and returns `{status, solution, solutions, size,
/// kind, alphabet, engine, stats}`; `status` is `unique`, `solved`, `multiple`, `unsolvable`
/// or `limit`; `solution` is `null` without one. Options: `engine`, `format`, `alphabet`,
/// `solutionLimit` (default 2: uniqueness is checked), `nodeLimit`.
#[wasm_bindgen]
pub fn solve(puzzle: JsValue, kind: Option<String>, options: JsValue) -> Result<JsValue, JsValue> {
    let opts = self::options(options)?;
    let (puzzle, alphabet) = read(puzzle, self::kind(kind)?, &opts)?;
    puzzle.validate().map_err(|p| problem_error(&p))?;
    let engine_kind = engine_of(&opts)?;
    let options = search_options(&opts);
    // A fast path (9×9 classic and inequality, 16×16 classic) answers the `propagate`
    // requests it can take.
    let outcome = match solve_fast(&puzzle, options) {
        Some(outcome) if engine_kind == EngineKind::Propagate => outcome,
        _ => {
            let mut engine = Engine::new(engine_kind, &puzzle, options, Silent)
                .map_err(|p| problem_error(&p))?;
            engine.run();
            engine.outcome()
        }
    };
    let alphabet = answer_alphabet(alphabet, puzzle.size());
    let result = to_js(&Summary {
        status: outcome.status.name(),
        engine: engine_kind.name(),
        size: puzzle.size(),
        kind: puzzle.kind().name(),
        alphabet: alphabet.name(),
        stats: &outcome.stats,
    });
    let solutions: Array = outcome
        .solutions
        .iter()
        .map(|s| grid_text(s, alphabet))
        .collect();
    let first = solutions.get(0);
    let _ = Reflect::set(&result, &"solution".into(), &first);
    let _ = Reflect::set(&result, &"solutions".into(), &solutions);
    Ok(result)
}

/// Reads a puzzle from text (any format) and returns its JSON model object
/// `{size, kind, givens, relations, alphabet}`. Options: `format`, `alphabet`.
#[wasm_bindgen]
pub fn parse(text: JsValue, kind: Option<String>, options: JsValue) -> Result<JsValue, JsValue> {
    let opts = self::options(options)?;
    let (puzzle, alphabet) = read(text, self::kind(kind)?, &opts)?;
    Ok(to_js(&puzzle_to_json(&puzzle, alphabet)))
}

/// Writes a puzzle (text or model object) in `format`: `line`, `grid`, `poj3074`, `poj3076`,
/// `cqoi`, `picture` or `json`. Throws when the format cannot express the puzzle.
#[wasm_bindgen(js_name = format)]
pub fn format_puzzle(puzzle: JsValue, format: &str, options: JsValue) -> Result<String, JsValue> {
    let opts = self::options(options)?;
    let target = Format::parse(format).ok_or_else(|| {
        error(
            &format!(
                "unknown format '{format}': line, grid, poj3074, poj3076, cqoi, picture or json"
            ),
            &[],
            None,
        )
    })?;
    let (puzzle, alphabet) = read(
        puzzle,
        None,
        &JsOptions {
            format: None,
            ..opts
        },
    )?;
    let alphabet = match target {
        Format::Poj3076 => Alphabet::Letters,
        Format::Poj3074 | Format::Cqoi => Alphabet::Digits,
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
#[wasm_bindgen]
pub fn validate(
    puzzle: JsValue,
    kind: Option<String>,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = self::options(options)?;
    let (puzzle, _) = read(puzzle, self::kind(kind)?, &opts)?;
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
#[wasm_bindgen]
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
/// `{puzzles, solutions, micros_per_puzzle, fastest_micros_per_puzzle}` (the median and the
/// fastest run).
#[wasm_bindgen]
pub fn bench(text: &str, kind: Option<String>, options: JsValue) -> Result<JsValue, JsValue> {
    #[derive(Deserialize, Default)]
    #[serde(default, rename_all = "camelCase")]
    struct BenchOptions {
        runs: Option<usize>,
    }
    let runs = if options.is_object() {
        serde_wasm_bindgen::from_value::<BenchOptions>(options.clone())
            .map_err(|e| error(&format!("options: {e}"), &[], None))?
            .runs
    } else {
        None
    };
    let opts = self::options(options)?;
    let alphabet = named(
        "alphabet",
        opts.alphabet.as_deref(),
        Alphabet::parse,
        "digits, letters, alnum, hex, numbers or auto",
    )?;
    let format = match named(
        "format",
        opts.format.as_deref(),
        Format::parse,
        "line, grid, poj3074, poj3076, cqoi, picture, json or auto",
    )? {
        Some(f) => f,
        None => formats::detect(text).map_err(|e| input_error(&e))?,
    };
    let read_options = ReadOptions {
        kind: self::kind(kind)?,
        alphabet,
    };
    let mut puzzles = Vec::new();
    for entry in formats::read(text, format, read_options) {
        puzzles.push(entry.map_err(|e| input_error(&e))?.puzzle);
    }
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
        opts.solution_limit.unwrap_or(2).max(1),
        runs.unwrap_or(5).clamp(1, 1000),
        clock,
    );
    Ok(to_js(&m))
}

/// The version of the crate.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A traced search that runs in steps, for streaming events to a page: create it, call
/// `advance(budget)` until `done`, `free()` it to cancel. Options: `engine`, `level`
/// (`decisions`, `placements`, `full`), `maxEvents`, `solutionLimit`, `nodeLimit`, `format`,
/// `alphabet`.
#[wasm_bindgen]
pub struct Solver {
    tracer: Tracer,
    model: JsonPuzzle,
    alphabet: Alphabet,
}

#[wasm_bindgen]
impl Solver {
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: JsValue, kind: Option<String>, options: JsValue) -> Result<Solver, JsValue> {
        let opts = self::options(options)?;
        let (puzzle, alphabet) = read(puzzle, self::kind(kind)?, &opts)?;
        let level = named(
            "level",
            opts.level.as_deref(),
            Level::parse,
            "decisions, placements or full",
        )?
        .unwrap_or_default();
        let trace = TraceOptions {
            level,
            max_events: opts.max_events.unwrap_or(TraceOptions::DEFAULT_MAX_EVENTS),
        };
        let tracer = Tracer::new(engine_of(&opts)?, &puzzle, search_options(&opts), trace)
            .map_err(|p| problem_error(&p))?;
        Ok(Solver {
            tracer,
            model: puzzle_to_json(&puzzle, alphabet),
            alphabet: answer_alphabet(alphabet, puzzle.size()),
        })
    }

    /// The puzzle as its JSON model object.
    #[wasm_bindgen(getter)]
    pub fn puzzle(&self) -> JsValue {
        to_js(&self.model)
    }

    /// Runs about `budget` units of work and returns `{records, firstSeq, count, done, status,
    /// depth, grid, stats, eventLimit, solutions}`: `records` holds `count` events of 5 words
    /// (layout in the crate's `trace` module); `grid` the candidates at the current depth (bit
    /// `d-1` ⇔ digit `d`); `status` is `null` until `done`.
    pub fn advance(&mut self, budget: f64) -> JsValue {
        let budget = if budget.is_finite() && budget >= 1.0 {
            budget as u64
        } else {
            1
        };
        let batch = self.tracer.advance(budget);
        let done = matches!(batch.progress, Progress::Done(_));
        let status = match batch.progress {
            Progress::Done(s) => JsValue::from_str(s.name()),
            Progress::Running => JsValue::NULL,
        };
        let object = Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = Reflect::set(&object, &key.into(), &value);
        };
        set("records", Uint32Array::from(&batch.records[..]).into());
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
        object.into()
    }

    /// The status once the search has ended, else `null`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> Option<String> {
        self.tracer.status().map(|s: Status| s.name().to_string())
    }
}
