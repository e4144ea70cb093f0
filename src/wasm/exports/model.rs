//! One puzzle at a time, short of solving it: the model (`parse`, `format`, `validate`), a
//! person's view of it (`hint`: the next thing to do from a player's state; `grade`: how
//! hard it is by the techniques it needs), and the module's `layout`, `bench`, `quote` and
//! `version`.

use js_sys::{Array, JsString, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::formats::{self, puzzle_to_json, Alphabet};
use crate::logic::{self, GradeReport, HintReport, Techniques};
use crate::search::{solve as solve_puzzle, Options, Status};
use crate::trace::RECORD_WORDS;
use crate::wasm::args::{self, ArgError, Export, GridArg, PlayerArg};

use super::js::{
    arg_error, begin, error, input_error, is_plain_object, kind, memory_check, problem_error, read,
    settings, to_js, value, MAX_BENCH_ERRORS,
};

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

/// The record layout constants, for a JavaScript decoder to check itself against: the
/// event kinds and rules by number, the techniques by the number a `technique` via holds,
/// and each technique's rating in tenths (the glossary page shows them).
#[wasm_bindgen(
    unchecked_return_type = "{ recordWords: number; kinds: string[]; rules: string[]; techniques: string[]; ratings: number[] }"
)]
pub fn layout() -> JsValue {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Layout {
        record_words: usize,
        kinds: Vec<&'static str>,
        rules: Vec<&'static str>,
        techniques: Vec<&'static str>,
        ratings: Vec<u32>,
    }
    to_js(&Layout {
        record_words: RECORD_WORDS,
        kinds: crate::trace::EventKind::ALL
            .iter()
            .map(|k| k.name())
            .collect(),
        rules: crate::search::Rule::ALL.iter().map(|r| r.name()).collect(),
        techniques: crate::logic::Technique::ALL
            .iter()
            .map(|t| t.name())
            .collect(),
        ratings: crate::logic::Technique::ALL
            .iter()
            .map(|t| t.rating())
            .collect(),
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
        None => formats::detect(&text).map_err(|e| input_error("text", &e))?,
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
                message: formats::js_message(&e.message),
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

/// The next thing to do from where the player is: a wrong entry (and why), else a cell whose
/// pencil marks lost its digit, else the simplest next step — at the level of help
/// `options.reveal` asks for (`technique`, `cells`, `step`: the default). `player`:
/// `{entries, marks}`, both optional: the entries as text in the puzzle's symbols or N²
/// numbers (0 empty); the marks as N² digit sets (bit `d - 1` for digit `d`, 0 for none) or
/// the CLI's text form. Throws for a puzzle without exactly one solution.
#[wasm_bindgen(unchecked_return_type = "HintResult")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "HintOptions | null")] options: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "PlayerState | null")] player: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (settings, puzzle, alphabet) = begin(Export::Hint, &puzzle, &kind, &options)?;
    let player = player_arg(player.as_ref(), puzzle.size() * puzzle.size())?;
    let state =
        args::player_state(&player, puzzle.kind(), puzzle.size(), alphabet).map_err(arg_error)?;
    let (found, board) = logic::hint(&puzzle, &state).map_err(|p| problem_error(&p))?;
    Ok(to_js(&HintReport::of(&found, &board, settings.reveal)))
}

/// How hard a puzzle is for a person: `{score, level, hardest, hardest_rating,
/// hardest_steps, needs_guessing, guesses, steps}`. Throws for a puzzle without exactly one
/// solution.
#[wasm_bindgen(unchecked_return_type = "GradeResult")]
pub fn grade(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "ReadOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (_, puzzle, _) = begin(Export::Grade, &puzzle, &kind, &options)?;
    let outcome = solve_puzzle(&puzzle, Options::default()).map_err(|p| problem_error(&p))?;
    if outcome.status != Status::Unique {
        return Err(error(
            &format!(
                "grades need a puzzle with one solution; this one is {}",
                outcome.status
            ),
            &[],
            None,
        ));
    }
    // One solution, checked above: the uniqueness techniques may take part.
    Ok(to_js(&GradeReport::of(&logic::grade(
        &puzzle,
        Techniques::GRADED.with_uniqueness(),
    ))))
}

/// The `player` argument: `undefined`, `null` or `{entries?, marks?}`, each a string or an
/// array of at most `cells` numbers.
fn player_arg(v: Option<&JsValue>, cells: usize) -> Result<PlayerArg, JsValue> {
    let mut player = PlayerArg::default();
    let Some(v) = v.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(player);
    };
    if !is_plain_object(v) {
        return Err(arg_error(ArgError::expected(
            "player",
            "an object {entries, marks} (or undefined)",
            &value(v),
        )));
    }
    let object: &Object = v.unchecked_ref();
    for key in Object::keys(object).iter() {
        let name = key.as_string().unwrap_or_default();
        let field = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
        let slot = match name.as_str() {
            "entries" => &mut player.entries,
            "marks" => &mut player.marks,
            _ => {
                return Err(arg_error(ArgError::new(
                    "player",
                    format!(
                        "{} is not a field of the player's state (entries, marks)",
                        formats::quote(&name)
                    ),
                )))
            }
        };
        *slot = grid_arg(&format!("player.{name}"), &field, cells)?;
    }
    Ok(player)
}

/// One grid of the player's: a string, or an array of at most `cells` numbers.
fn grid_arg(argument: &str, v: &JsValue, cells: usize) -> Result<Option<GridArg>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    if v.is_string() {
        let units = v.unchecked_ref::<JsString>().length() as usize;
        args::text_length(units).map_err(arg_error)?;
        return Ok(Some(GridArg::Text(v.as_string().unwrap_or_default())));
    }
    if Array::is_array(v) {
        let array: &Array = v.unchecked_ref();
        let length = array.length() as usize;
        if length != cells {
            return Err(arg_error(ArgError::new(
                argument,
                format!("{length} cells; the puzzle has {cells}"),
            )));
        }
        let numbers = array
            .iter()
            .enumerate()
            .map(|(i, n)| {
                n.as_f64().ok_or_else(|| {
                    arg_error(ArgError::expected(
                        format!("{argument}[{i}]"),
                        "a number",
                        &value(&n),
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        return Ok(Some(GridArg::Numbers(numbers)));
    }
    Err(arg_error(ArgError::expected(
        argument,
        "a string or an array of numbers (or undefined)",
        &value(v),
    )))
}
