//! New puzzles: `generate(options)` returns them at once; a `Generator` makes them in
//! slices of work, for a page that shows progress and can stop (see `crate::generate`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::formats::{puzzle_to_json, Alphabet, JsonPuzzle};
use crate::generate::{self, Advance, Generated};
use crate::logic::GradeReport;
use crate::wasm::args::{self, OptionsArg};

use super::instances::Key;
use super::js::{
    answer_alphabet, arg_error, memory_check, options_arg, problem_error, to_js, value,
};

/// One generated puzzle as JavaScript sees it.
#[derive(Serialize)]
struct GeneratedJs {
    puzzle: JsonPuzzle,
    solution: String,
    grade: GradeReport,
    /// Which puzzle of the request (0 first): with the request and seed, it names the puzzle.
    index: u64,
    /// The seed it was made with: the one asked for, or the one the call chose.
    seed: u64,
    attempts: u32,
    checks: u64,
}

fn generated_js(g: &Generated, seed: u64) -> GeneratedJs {
    let size = g.puzzle.size();
    let alphabet = answer_alphabet(Alphabet::Digits, size);
    GeneratedJs {
        puzzle: puzzle_to_json(&g.puzzle, alphabet),
        solution: g
            .solution
            .iter()
            .map(|&d| alphabet.symbol(d).unwrap_or('?'))
            .collect(),
        grade: GradeReport::of(&g.grade),
        index: g.index,
        seed,
        attempts: g.attempts,
        checks: g.checks,
    }
}

fn request(options: &Option<JsValue>) -> Result<(generate::Request, u64), JsValue> {
    memory_check()?;
    let options = options.as_ref().map_or(OptionsArg::Absent, options_arg);
    // Without a seed, a fresh one from 0 to 2^32 − 1 (short enough to type into the CLI's
    // `--seed`), reported with every puzzle.
    let fresh = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    args::generate_request(&options, fresh).map_err(arg_error)
}

/// `count` new unique puzzles (at most 1000), each `{puzzle, solution, grade, index, seed,
/// attempts, checks}`. Options (all optional): `kind`, `size`, `count`, `difficulty`,
/// `seed` (without one, a fresh seed each call, reported as `seed`), `symmetry`, `minimal`, `minGivens`, `maxGivens`, `relations`, `noGivens`,
/// `markers`, `negative`, `attempts`, `effort` — as the CLI's `generate`. Throws when the request cannot be met
/// in its attempts (the message says which and how many).
#[wasm_bindgen(unchecked_return_type = "GeneratedPuzzle[]")]
pub fn generate(
    #[wasm_bindgen(unchecked_optional_param_type = "GenerateOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let (request, count) = request(&options)?;
    let puzzles = generate::generate(&request, count as usize).map_err(|p| problem_error(&p))?;
    let list: Vec<GeneratedJs> = puzzles
        .iter()
        .map(|g| generated_js(g, request.seed))
        .collect();
    Ok(to_js(&list))
}

/// Generates in slices: `new Generator(options)`, then `advance(budget)` until `done`;
/// `free()` stops it. Options as `generate`'s.
#[wasm_bindgen]
#[repr(transparent)]
pub struct Generator {
    key: Key,
}

/// A `Generator`'s state (see [`Key`]).
struct GeneratorState {
    inner: generate::Generator,
    count: u64,
    found: u64,
}

#[derive(Serialize)]
struct GeneratorStep {
    done: bool,
    /// The puzzle this slice found, if any.
    puzzle: Option<GeneratedJs>,
    found: u64,
    count: u64,
    attempt: u32,
    checks: u64,
    left: usize,
}

#[wasm_bindgen]
impl Generator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "GenerateOptions | null")] options: Option<
            JsValue,
        >,
    ) -> Result<Generator, JsValue> {
        let (request, count) = request(&options)?;
        let inner = generate::Generator::new(request).map_err(|p| problem_error(&p))?;
        let state = GeneratorState {
            inner,
            count,
            found: 0,
        };
        Ok(Generator {
            key: Key::new("Generator", state),
        })
    }

    /// Works for about `budget` checks (uniqueness counts or technique solves, a whole number
    /// from 1) and returns `{done, puzzle, found, count, attempt, checks, left}`: `puzzle` is
    /// the one this slice found (or null), `attempt` the grid under way, `left` the clues it
    /// has still to try. Throws when the request cannot be met in its attempts.
    #[wasm_bindgen(unchecked_return_type = "GeneratorStep")]
    pub fn advance(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.key
            .with("Generator", "advance", |g: &mut GeneratorState| {
                g.advance(&budget)
            })
    }
}

impl GeneratorState {
    fn advance(&mut self, budget: &JsValue) -> Result<JsValue, JsValue> {
        let budget = args::budget(&value(budget)).map_err(arg_error)?;
        let mut puzzle = None;
        if self.found < self.count {
            match self.inner.advance(budget) {
                Advance::Working => {}
                Advance::Found(g) => {
                    self.found += 1;
                    puzzle = Some(generated_js(&g, self.inner.request().seed));
                }
                Advance::GaveUp(problem) => return Err(problem_error(&problem)),
            }
        }
        let at = self.inner.position();
        Ok(to_js(&GeneratorStep {
            done: self.found >= self.count,
            puzzle,
            found: self.found,
            count: self.count,
            attempt: at.attempt,
            checks: at.checks,
            left: at.left,
        }))
    }
}
