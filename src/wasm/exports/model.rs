//! The puzzle model from JavaScript: `parse`, `format`, `validate`, and the module's
//! `layout`, `bench`, `quote` and `version`.

use super::*;

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
