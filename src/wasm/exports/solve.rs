//! `solve` and `solveAll`: answers, one puzzle or many per crossing.

use js_sys::{Array, JsString, Object, Reflect, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::formats::{self, Alphabet, Entry};
use crate::puzzle::{Problem, Puzzle};
use crate::search::{solve_fast, Engine, EngineKind, Outcome, Search as _, Silent, Stats};
use crate::wasm::args::{self, ArgError, Export, Settings, Value};

use super::js::{
    answer_alphabet, arg_error, begin, grid_text, input_error, kind, memory_check, problem_error,
    read, settings, to_js, value,
};

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
/// `solutionCounts` a `Uint32Array` of the solutions counted (up to `solutionLimit`, as
/// `solve`'s `stats.solutions`), and
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
            None => formats::detect(&text).map_err(|e| input_error("puzzles", &e))?,
        };
        for item in formats::read(&text, format, settings.read(kind)) {
            if batch.count == MAX_SOLVE_ALL {
                return Err(too_many());
            }
            match item.and_then(Entry::validated) {
                Ok(entry) => batch.solve(&entry.puzzle, entry.alphabet),
                Err(e) if e.puzzle.is_some() => batch.bad(input_error("puzzles", &e)),
                Err(e) => batch.between(input_error("puzzles", &e)),
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
        // The search's tally (up to `solutionLimit`), not the ≤ 2 solutions it keeps.
        self.counts
            .push(u32::try_from(outcome.stats.solutions).unwrap_or(u32::MAX));
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
pub(super) fn solve_result(
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
