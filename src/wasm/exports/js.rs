//! JavaScript values in and out, shared by the exports: errors with their cells and places,
//! the arguments as [`args`] checks them, the puzzle read from text or a model object, and
//! plain objects and grids back.

use js_sys::{Array, JsString, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::formats::{self, Alphabet, InputError, JsonPuzzle};
use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle};
use crate::wasm::args::{self, ArgError, Export, OptionsArg, Settings, Value};
use crate::wasm::memory;

/// A JavaScript `Error` with `message`, and `cells`, `line`, `column` when known.
pub(super) fn error(message: &str, cells: &[Cell], line_column: Option<(u32, u32)>) -> JsValue {
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
pub(super) fn input_error(argument: &str, e: &InputError) -> JsValue {
    let message = format!("{argument}:{}: {}", e.pos, formats::js_message(&e.message));
    error(&message, &e.cells, Some((e.pos.line, e.pos.col)))
}

pub(super) fn problem_error(p: &Problem) -> JsValue {
    error(&formats::js_message(&p.message), &p.cells, None)
}

/// A bad argument as an `Error` whose `argument` names it.
pub(super) fn arg_error(e: ArgError) -> JsValue {
    let js = error(&e.to_string(), &[], None);
    let _ = Reflect::set(&js, &"argument".into(), &e.argument.as_str().into());
    js
}

pub(super) fn memory_check() -> Result<(), JsValue> {
    memory::check().map_err(|message| error(&message, &[], None))
}

/// A value as the checks see it: scalars copied, strings only when short.
pub(super) fn value(v: &JsValue) -> Value {
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
pub(super) fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v) && !v.is_function()
}

/// The `options` argument: its own enumerable properties, each as a [`Value`].
pub(super) fn options_arg(v: &JsValue) -> OptionsArg {
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
pub(super) fn settings(export: Export, options: &Option<JsValue>) -> Result<Settings, JsValue> {
    let options = match options {
        Some(v) => options_arg(v),
        None => OptionsArg::Absent,
    };
    args::settings(export, &options).map_err(arg_error)
}

/// The `kind` argument; `None` is `undefined`, left out.
pub(super) fn kind(v: &Option<JsValue>) -> Result<Option<Kind>, JsValue> {
    let v = v.as_ref().map_or(Value::Undefined, value);
    args::kind(&v).map_err(arg_error)
}

/// Reads the one puzzle of `input` (text in any format, or a JSON model object).
pub(super) fn read(
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
pub(super) const MAX_BENCH_ERRORS: usize = 1000;

/// What every export of one puzzle does first, in argument order: refuse to start past the
/// heap budget, check `kind` and the options of `export`, read the puzzle.
pub(super) fn begin(
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
pub(super) fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// A grid as a string in the puzzle's alphabet, or an array of numbers above its reach.
pub(super) fn grid_text(grid: &[u8], alphabet: Alphabet) -> JsValue {
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
pub(super) fn answer_alphabet(alphabet: Alphabet, size: usize) -> Alphabet {
    if alphabet != Alphabet::Numbers && alphabet.fits(size) {
        alphabet
    } else if Alphabet::Alnum.fits(size) && size > 9 {
        Alphabet::Alnum
    } else {
        Alphabet::Digits
    }
}
