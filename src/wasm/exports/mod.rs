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

mod generate;
mod handles;
mod instances;
mod model;
mod solve;

pub use generate::{generate, Generator};
pub use handles::{Search, Solver};
pub use model::{bench, format_puzzle, grade, hint, layout, parse, quote, validate, version};
pub use solve::{solve, solve_all};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** `"auto"`, `""`, `null` or `undefined` detect the kind. */
export type KindName = "classic" | "inequality" | "futoshiki" | "auto";
export type EngineName = "propagate" | "dlx" | "naive" | "logic";
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

export type RevealName = "technique" | "cells" | "step";

export interface HintOptions extends ReadOptions {
  /** How much of the next step to tell: which technique and where; also its cells; the
   * whole step (default). */
  reveal?: RevealName;
}

/** Where the player is. Both optional. */
export interface PlayerState {
  /** The player's digits: text in the puzzle's symbols ('.' empty), or N² numbers (0 empty). */
  entries?: string | number[];
  /** Pencil marks: N² digit sets (bit d-1 for digit d, 0 for none), or the CLI's text form. */
  marks?: string | number[];
}

/** One step of a technique: what it does, and the cells, houses, digits and relations it rests on. */
export interface StepReport {
  technique: string;
  title: string;
  rating: number;
  /** [cell, digit] pairs: `[["r1c1", 5]]`. */
  placements: [string, number][];
  /** [cell, digit] pairs, one per candidate removed. */
  eliminations: [string, number][];
  cells: string[];
  /** "row 3", "column 5", "block 7". */
  houses: string[];
  digits: number[];
  /** "r1c1 < r1c2". */
  relations: string[];
  /** For chains: "7r1c1 = 7r1c5 − 7r4c5 = 7r4c2". */
  chain?: string;
  sentence: string;
}

export type HintResult =
  | { kind: "wrong_entry"; cell: string; digit: number; why: "clash" | "relation" | "solution";
      peer?: string; house?: string; relation?: string; sentence: string }
  | { kind: "missing_mark"; cell: string; digit?: number; sentence: string }
  | ({ kind: "step"; reveal: RevealName; hint: string } & StepReport)
  | { kind: "guess"; cell: string; candidates: number[]; sentence: string }
  | { kind: "solved"; sentence: string };

/** Every option is optional; `null` and `undefined` mean the default. Unknown keys throw. */
export interface GenerateOptions {
  /** Default "classic". */
  kind?: "classic" | "inequality" | "futoshiki";
  /** Classic and inequality 4, 6, 8, 9, 12, 16, 25; Futoshiki 3 to 25. Default 9 (Futoshiki 5). */
  size?: number;
  /** How many puzzles, 1 to 1000 (default 1). */
  count?: number;
  /** The level `grade` must give; default any. */
  difficulty?: "easy" | "medium" | "hard" | "expert" | "extreme" | "guessing";
  /** Whole number from 0 to 2^53-1; without one, a fresh seed each call (each puzzle reports it as `seed`). The same options and seed give the same puzzles. */
  seed?: number;
  /** Where clues are; default "none". */
  symmetry?: "none" | "rotational" | "quarter" | "mirror" | "diagonal";
  /** No clue can be taken away without a second solution. */
  minimal?: boolean;
  minGivens?: number;
  maxGivens?: number;
  /** Which relations may appear: "blocks" (the inequality default), "adjacent" (the Futoshiki default), "none", or a number of random adjacent pairs. */
  relations?: "none" | "blocks" | "adjacent" | number;
  /** Relations only (inequality and Futoshiki). */
  noGivens?: boolean;
  /** New grids to try per puzzle before giving up; default 2000. */
  attempts?: number;
  /** The most search work one uniqueness count may take while clues are taken away. */
  effort?: number;
}

export interface GeneratedPuzzle {
  puzzle: PuzzleModel;
  /** The solution, one symbol a cell (digits, alnum above 9×9). */
  solution: string;
  grade: GradeResult;
  /** Which puzzle of the request (0 first). */
  index: number;
  /** The seed it was made with (the one asked for, or the one chosen): with the options and `index`, it makes the puzzle again. */
  seed: number;
  /** Grids tried for it, and checks (uniqueness counts and technique solves) made. */
  attempts: number;
  checks: number;
}

/** What `Generator.advance` returns. */
export interface GeneratorStep {
  done: boolean;
  /** The puzzle this slice found, or null. */
  puzzle: GeneratedPuzzle | null;
  found: number;
  count: number;
  /** The grid under way (1 first), its checks so far, and its clues still to try. */
  attempt: number;
  checks: number;
  left: number;
}

export interface GradeResult {
  /** 1.0 … 7.x by the hardest step (Sudoku Explainer's scale); 8.0 and up: needs guessing. */
  score: number;
  level: "easy" | "medium" | "hard" | "expert" | "extreme" | "guessing";
  hardest: string | null;
  hardest_rating: number;
  hardest_steps: number;
  needs_guessing: boolean;
  guesses: number;
  /** Steps by technique, in the order techniques are tried (only those used). */
  steps: Record<string, number>;
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
  /**
   * The step of each event of `records`: the events grouped into the steps a person names
   * (a placement with what it causes, one technique instance, a guess, …; the crate's
   * `trace::Steps`). Steps are numbered in the order they begin, across batches; an event
   * may join a step begun in an earlier batch, never one before the last guess, backtrack,
   * contradiction or solution.
   */
  steps: Uint32Array;
  /** Steps so far, this batch included. */
  stepCount: number;
  /**
   * The technique instances (engine "logic", level "full") whose first event is among
   * `records`, in seq order: `sentence` as a hint says it (the pattern named, then what it
   * changes), `pattern` its cells (indices).
   */
  notes: { seq: number; sentence: string; pattern: Uint32Array }[];
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

/// Bad text of the argument `argument` as an `Error`: `puzzle:LINE:COL: what` (the
/// argument where the command line names the file), with `line` and `column`.
fn input_error(argument: &str, e: &InputError) -> JsValue {
    let message = format!("{argument}:{}: {}", e.pos, formats::js_message(&e.message));
    error(&message, &e.cells, Some((e.pos.line, e.pos.col)))
}

fn problem_error(p: &Problem) -> JsValue {
    error(&formats::js_message(&p.message), &p.cells, None)
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
            None => formats::detect(&text).map_err(|e| input_error("puzzle", &e))?,
        };
        let entry =
            args::one_puzzle(&text, format, read_options).map_err(|e| input_error("puzzle", &e))?;
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
