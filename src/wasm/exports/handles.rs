//! The handles that run a search in steps: `Search` (progress, then `solve`'s result) and
//! `Solver` (the trace as batches of records).

use js_sys::{Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

use crate::formats::{puzzle_to_json, Alphabet, JsonPuzzle};
use crate::puzzle::Puzzle;
use crate::search::{
    fast_path_applies, solve_fast, Engine, EngineKind, Outcome, Progress, Search as _, Silent,
    Stats,
};
use crate::trace::{Tracer, RECORD_WORDS};
use crate::wasm::args::{self, Export};

use super::instances::Key;
use super::js::{
    answer_alphabet, arg_error, begin, grid_text, memory_check, problem_error, to_js, value,
};
use super::solve::solve_result;

/// `solve` in steps, for a caller that shows progress: `new Search(puzzle, kind, options)`
/// takes `solve`'s arguments, `advance(budget)` runs about `budget` nodes and returns `{done,
/// stats}`, and once `done`, `result` is what `solve` would have returned for the same
/// arguments (the same engine, the same fast path, the same limits). A puzzle a fast path
/// takes (9×9 classic and inequality, 16×16 and 25×25 classic, with `propagate`) is answered by it in
/// the first `advance`, whole: the fast paths do not run in steps, and take milliseconds.
#[wasm_bindgen]
#[repr(transparent)]
pub struct Search {
    key: Key,
}

/// A `Search`'s state (see [`Key`]).
struct SearchState {
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
        let state = SearchState::new(&puzzle, &kind, &options)?;
        Ok(Search {
            key: Key::new("Search", state),
        })
    }

    /// Runs about `budget` search nodes (a whole number from 1) and returns `{done, stats}`:
    /// the statistics so far (a fast path's only at the end).
    #[wasm_bindgen(unchecked_return_type = "SearchProgress")]
    pub fn advance(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.key.with("Search", "advance", |s: &mut SearchState| {
            s.advance(&budget)
        })
    }

    /// What `solve` returns, once `advance` said `done`; `null` before.
    #[wasm_bindgen(getter, unchecked_return_type = "SolveResult | null")]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        self.key
            .with("Search", "result", |s: &mut SearchState| Ok(s.result()))
    }
}

impl SearchState {
    fn new(
        puzzle: &JsValue,
        kind: &Option<JsValue>,
        options: &Option<JsValue>,
    ) -> Result<SearchState, JsValue> {
        let (settings, puzzle, alphabet) = begin(Export::Search, puzzle, kind, options)?;
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
        let search = SearchState {
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

    fn advance(&mut self, budget: &JsValue) -> Result<JsValue, JsValue> {
        let budget = args::budget(&value(budget)).map_err(arg_error)?;
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

    fn result(&self) -> JsValue {
        match &self.outcome {
            Some(outcome) => solve_result(outcome, self.engine, &self.puzzle, self.alphabet),
            None => JsValue::NULL,
        }
    }
}

/// A traced search that runs in steps, for streaming events to a page: create it, call
/// `advance(budget)` until `done`, `free()` it to cancel. Options: `engine`, `level`
/// (`decisions`, `placements`, `full`), `maxEvents` (at most 10,000,000), `solutionLimit`,
/// `nodeLimit`, `format`, `alphabet`. Creating one while the module's heap is over its
/// budget (1 GiB: about a thousand live 25×25 Solvers) throws.
#[wasm_bindgen]
#[repr(transparent)]
pub struct Solver {
    key: Key,
}

/// A `Solver`'s state (see [`Key`]).
struct SolverState {
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
        let state = SolverState {
            tracer,
            model: puzzle_to_json(&puzzle, alphabet),
            alphabet: answer_alphabet(alphabet, puzzle.size()),
        };
        // Past the budget the new search is dropped again, and the caller told.
        memory_check()?;
        Ok(Solver {
            key: Key::new("Solver", state),
        })
    }

    /// The puzzle as its JSON model object.
    #[wasm_bindgen(getter, unchecked_return_type = "PuzzleModel")]
    pub fn puzzle(&self) -> Result<JsValue, JsValue> {
        self.key.with("Solver", "puzzle", |s: &mut SolverState| {
            Ok(to_js(&s.model))
        })
    }

    /// Runs about `budget` units of work (a whole number from 1) and returns `{records,
    /// premises, steps, stepCount, notes, firstSeq, count, done, status, depth, grid, stats, eventLimit,
    /// solutions}`: `records` holds `count` events of 5 words, at most 65,536 events whatever
    /// the budget, `premises` their premise table (layouts in the crate's `trace` module),
    /// `steps` the step of each record and `stepCount` the steps so far (the crate's
    /// `trace::Steps`: a record may join a step of an earlier batch), `notes` the technique
    /// instances (`logic`, full level) whose first event is among them; `grid` the
    /// candidates at the engine's current depth (bit `d-1` ⇔ digit `d`); `status` is `null`
    /// until `done`.
    #[wasm_bindgen(unchecked_return_type = "Batch")]
    pub fn advance(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.key.with("Solver", "advance", |s: &mut SolverState| {
            s.advance(&budget)
        })
    }

    /// The status once the search has ended (and every record was handed over), else
    /// `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "Status | null")]
    pub fn status(&self) -> Result<Option<String>, JsValue> {
        self.key.with("Solver", "status", |s: &mut SolverState| {
            Ok(s.tracer.status().map(|s| s.name().to_string()))
        })
    }
}

impl SolverState {
    fn advance(&mut self, budget: &JsValue) -> Result<JsValue, JsValue> {
        let budget = args::budget(&value(budget)).map_err(arg_error)?;
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
        set("steps", Uint32Array::from(&batch.steps[..]).into());
        set("stepCount", self.tracer.step_count().into());
        // The technique instances that begin among these records: `{seq, sentence, pattern,
        // branches, als?, fins?}` (pattern: cell indices; branches: a forcing chain's, als: the
        // sets of an ALS step, as text; fins: a fish's fins, cell indices).
        let notes = js_sys::Array::new();
        for note in &batch.notes {
            let n = Object::new();
            let _ = Reflect::set(&n, &"seq".into(), &note.seq.into());
            let _ = Reflect::set(&n, &"sentence".into(), &JsValue::from_str(&note.sentence));
            let cells: Vec<u32> = note.pattern.iter().map(|&c| c as u32).collect();
            let _ = Reflect::set(&n, &"pattern".into(), &Uint32Array::from(&cells[..]).into());
            let branches: Array = note.branches.iter().map(|b| JsValue::from_str(b)).collect();
            let _ = Reflect::set(&n, &"branches".into(), &branches.into());
            if let Some(als) = &note.als {
                let _ = Reflect::set(&n, &"als".into(), &JsValue::from_str(als));
            }
            if !note.fins.is_empty() {
                let fins: Vec<u32> = note.fins.iter().map(|&c| c as u32).collect();
                let _ = Reflect::set(&n, &"fins".into(), &Uint32Array::from(&fins[..]).into());
            }
            notes.push(&n);
        }
        set("notes", notes.into());
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
}
