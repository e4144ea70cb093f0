//! The solver's module Web Worker: runs the wasm module off the page's thread and answers
//! `{id, type, payload}` requests with `{id, type: "progress" | "result" | "error", payload}`.
//!
//! One worker serves every client of a page (client.js's `SolverPool`: every board on a host
//! page), so requests run side by side: each is a job that works in slices of about
//! `SLICE_MS` (a generator that yields after each), and the jobs take turns, one slice each,
//! with the event loop between turns — where `{id, type: "cancel"}` drops a job (its wasm
//! handle freed) and is answered `{id, type: "cancelled"}`. A hint, a grade and a batch of
//! solves are one slice each; a fast path answers in one slice too.
//!
//! Asked to by `{id: 0, type: "warm-up"}` (the page's, once loaded), the worker warms its wasm
//! code when it has no job: the hints of warm-up.js, one call a turn, each reported as
//! `{id: 0, type: "warm-up", payload: {calls, total, done, time, longestWait}}` (`time`: the
//! ms its calls took). A request is heard between two calls and takes the next turn: it waits
//! for the call running when it came, no more (`longestWait`: the most warm-up calls begun
//! between a request's coming and its first turn — 0).

import init, { solve, validate, layout, version, grade, hint, Generator, Search, Solver } from "../pkg/sudoku_lab.js";
import { checkLayout } from "./records.js";
import { PASSES, WARM_UP, warmUp } from "./warm-up.js";

let ready = null;

/** Loads the wasm, from a compiled module when the page sends one (no second compile). */
function start(module) {
  ready ??= (async () => {
    await (module ? init({ module_or_path: module }) : init());
    checkLayout(layout());
    return version();
  })();
  return ready;
}

/** An `Error` thrown by wasm (or anything else) as a plain, cloneable object. */
function plainError(e) {
  return {
    message: String(e?.message ?? e),
    cells: Array.isArray(e?.cells) ? e.cells.slice() : [],
    line: e?.line ?? null,
    column: e?.column ?? null,
  };
}

/**
 * Runs `work`; when it throws on a puzzle that validation finds problems in, the answer is
 * `{status: "invalid", problems}` (every problem, with its cells), not a failure. Valid
 * puzzles are not validated twice: the solver checks them itself.
 */
function unlessInvalid(puzzle, kind, work) {
  try {
    return work();
  } catch (error) {
    let problems = [];
    try {
      problems = validate(puzzle, kind, undefined) ?? [];
    } catch {
      // Not a puzzle at all: the original error says why.
    }
    if (problems.length) return { status: "invalid", problems };
    throw error;
  }
}

/** How often a running Solve or New puzzle reports its progress (ms). */
const PROGRESS_MS = 200;

/** The time a slice of work should take (ms): short, so that a Stop or a batch is not kept waiting. */
const SLICE_MS = 4;

/**
 * A budget of work (search nodes, checks) for one `advance` call, adapted so that a call
 * takes about `SLICE_MS`: doubled after a call under half of it, halved after one over twice
 * it, within `min` and `max`. Solve, Explain's trace and New puzzle all work in such slices.
 */
class Budget {
  constructor(start, min, max) {
    this.value = start;
    this.min = min;
    this.max = max;
  }

  /** `advance(budget)`, then the budget adapted to the time it took; returns its result and the ms. */
  run(advance) {
    const t0 = performance.now();
    const result = advance(this.value);
    const ms = performance.now() - t0;
    if (ms < SLICE_MS / 2) this.value = Math.min(this.value * 2, this.max);
    else if (ms > SLICE_MS * 2) this.value = Math.max(this.min, Math.floor(this.value / 2));
    return [result, ms];
  }
}

/**
 * Solves by the `Search` export, `solve` in steps (the same answer, engine, fast path and
 * limits), so that a long run posts `{stats, time}` progress every `PROGRESS_MS`; a fast path
 * answers in the first step.
 */
function* doSolve(id, { puzzle, kind, options }) {
  const search = unlessInvalid(puzzle, kind, () => new Search(puzzle, kind, options ?? {}));
  if (!(search instanceof Search)) return search;
  try {
    const t0 = performance.now();
    const budget = new Budget(1024, 64, 1 << 24);
    let last = t0;
    for (;;) {
      const [step] = budget.run((nodes) => search.advance(nodes));
      if (step.done) break;
      const now = performance.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        self.postMessage({ id, type: "progress", payload: { stats: step.stats, time: now - t0 } });
      }
      yield;
    }
    const result = search.result;
    result.time = performance.now() - t0;
    return result;
  } catch (error) {
    return unlessInvalid(puzzle, kind, () => { throw error; });
  } finally {
    search.free();
  }
}

/** Solves a list of puzzles in one request (for benchmarks): the time is the worker's own. */
function doSolveAll(_id, { puzzles, kind, options }) {
  const statuses = {};
  const t0 = performance.now();
  for (const puzzle of puzzles) {
    const status = solve(puzzle, kind, options ?? {}).status;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { time: performance.now() - t0, count: puzzles.length, statuses };
}

/** How often a traced search posts the records it gathered (ms). */
const POST_MS = 24;

/** The typed arrays of `parts` one after another, `words` in all, in a new buffer. */
function concat(parts, words) {
  const all = new Uint32Array(words);
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return all;
}

/**
 * Streams a traced search: advances in slices of about `SLICE_MS` (a `Budget` of search
 * nodes) and posts the records gathered every `POST_MS` with their premise table
 * (`premises`) and the step of each record (`steps`), for `Trace.append(records, firstSeq,
 * premises, steps)`, transferring the buffers.
 */
function* doTrace(id, { puzzle, kind, options }) {
  const solver = unlessInvalid(puzzle, kind, () => new Solver(puzzle, kind, options ?? {}));
  if (!(solver instanceof Solver)) return solver;
  try {
    const model = solver.puzzle;
    const budget = new Budget(1, 1, 1 << 20);
    let time = 0;
    let pending = [];
    let pendingWords = 0;
    let pendingPremises = [];
    let pendingPremiseWords = 0;
    let pendingSteps = [];
    let pendingNotes = [];
    let firstSeq = 0;
    let lastPost = performance.now();
    let first = true;
    for (;;) {
      const [batch, ms] = budget.run((nodes) => solver.advance(nodes));
      time += ms;
      if (batch.count) {
        if (!pendingWords) firstSeq = batch.firstSeq;
        pending.push(batch.records);
        pendingWords += batch.records.length;
        // The tables of consecutive batches, one after another, are the table of them all.
        pendingPremises.push(batch.premises);
        pendingPremiseWords += batch.premises.length;
        pendingSteps.push(batch.steps);
      }
      if (batch.notes?.length) pendingNotes.push(...batch.notes);
      const now = performance.now();
      if (batch.done || first || now - lastPost >= POST_MS || pendingWords >= 1 << 20) {
        const records = concat(pending, pendingWords);
        const premises = concat(pendingPremises, pendingPremiseWords);
        const steps = concat(pendingSteps, pendingWords / 5);
        const payload = {
          records, premises, steps, notes: pendingNotes, stepCount: batch.stepCount, firstSeq, count: pendingWords / 5, done: batch.done,
          status: batch.status, depth: batch.depth, grid: batch.grid, stats: batch.stats,
          eventLimit: batch.eventLimit, solutions: batch.solutions, time,
        };
        if (first) payload.puzzle = model;
        first = false;
        pending = [];
        pendingWords = 0;
        pendingPremises = [];
        pendingPremiseWords = 0;
        pendingSteps = [];
        pendingNotes = [];
        lastPost = now;
        if (batch.done) return payload; // the last batch is the result
        self.postMessage({ id, type: "progress", payload }, [records.buffer, premises.buffer, steps.buffer]);
      }
      yield;
    }
  } finally {
    solver.free();
  }
}

/** Play mode: the next hint from the player's grid (`HintResult`), and the puzzle's grade. */
function doHint(_id, { puzzle, kind, options, player }) {
  return hint(puzzle, kind, options ?? {}, player ?? {});
}

function doGrade(_id, { puzzle, kind }) {
  return grade(puzzle, kind, {});
}

/**
 * A new puzzle by the `Generator` export in slices of about `SLICE_MS` (a `Budget` of
 * checks), posting `{attempt, checks, left, time}` every `PROGRESS_MS`.
 */
function* doGenerate(id, { options }) {
  const t0 = performance.now();
  const generator = new Generator({ ...options, count: 1 });
  try {
    const budget = new Budget(4, 1, 1 << 16);
    let last = t0;
    for (;;) {
      const [step] = budget.run((checks) => generator.advance(checks));
      const now = performance.now();
      if (step.puzzle) return { puzzle: step.puzzle, time: now - t0 };
      if (now - last >= PROGRESS_MS) {
        last = now;
        self.postMessage({ id, type: "progress", payload: { attempt: step.attempt, checks: step.checks, left: step.left, time: now - t0 } });
      }
      yield;
    }
  } finally {
    generator.free();
  }
}

const handlers = { solve: doSolve, solveAll: doSolveAll, trace: doTrace, hint: doHint, grade: doGrade, generate: doGenerate };

/**
 * The warm-up, while it runs: its steps (warm-up.js); the calls made, and the most calls begun
 * between a request's coming and its first turn (a job records `arrived`: the calls made then).
 */
let warming = null;
const warmth = { calls: 0, total: WARM_UP.length * PASSES, done: false, time: 0, longestWait: 0 };

/** One warm-up call, reported; the warm-up ends after its last call or at its first failure. */
function warmOnce() {
  let done = true;
  const t0 = performance.now();
  try {
    done = warming.next().done;
  } catch {
    // A warm-up that fails costs the first hint its speed, not the page its worker.
  }
  warmth.time += performance.now() - t0;
  if (!done) warmth.calls++;
  else warming = null;
  warmth.done = warming === null;
  self.postMessage({ id: 0, type: "warm-up", payload: { ...warmth } });
}

/** The jobs in progress by request id: `{steps}` (the handler's generator; null until the wasm is in). */
const jobs = new Map();
/** The ids of the jobs waiting for their turn, in order. */
const turns = [];
/** Between turns the event loop runs (a cancel is heard there): a message to self, not a timer (timers are clamped). */
const clock = new MessageChannel();
let scheduled = false;

function schedule() {
  if (scheduled || (turns.length === 0 && !warming)) return;
  scheduled = true;
  clock.port2.postMessage(null);
}

/** One slice of the next job: its result, error or progress goes out; it waits for its next turn. */
clock.port1.onmessage = () => {
  scheduled = false;
  if (turns.length === 0 && warming) {
    warmOnce();
    schedule();
    return;
  }
  const id = turns.shift();
  const job = jobs.get(id);
  if (job?.arrived !== undefined) {
    warmth.longestWait = Math.max(warmth.longestWait, warmth.calls - job.arrived);
    delete job.arrived;
  }
  if (job) {
    try {
      const { value, done } = job.steps.next();
      if (done) {
        jobs.delete(id);
        const transfer = [value?.records, value?.premises, value?.steps]
          .filter((a) => a instanceof Uint32Array)
          .map((a) => a.buffer);
        self.postMessage({ id, type: "result", payload: value }, transfer);
      } else {
        turns.push(id);
      }
    } catch (e) {
      jobs.delete(id);
      self.postMessage({ id, type: "error", payload: plainError(e) });
    }
  }
  schedule();
};

/** A request as a job of slices (a handler without slices is one). */
function* slices(handler, id, payload) {
  const result = handler(id, payload);
  return typeof result?.next === "function" ? yield* result : result;
}

self.onmessage = async ({ data }) => {
  const { id, type, payload } = data ?? {};
  if (type === "init") {
    try {
      self.postMessage({ id, type: "result", payload: { version: await start(payload?.module) } });
    } catch (e) {
      self.postMessage({ id, type: "error", payload: plainError(e) });
    }
    return;
  }
  if (type === "warm-up") {
    // No wasm, no warm-up: the init's answer has said why.
    if (!(await start().then(() => true, () => false))) return;
    if (!warming && !warmth.done) {
      warming = warmUp(hint);
      schedule();
    }
    return;
  }
  if (type === "cancel") {
    // Its generator ends here: its `finally` frees the wasm handle.
    jobs.get(id)?.steps?.return();
    jobs.delete(id);
    self.postMessage({ id, type: "cancelled" });
    return;
  }
  const job = { steps: null, arrived: warming ? warmth.calls : undefined };
  jobs.set(id, job);
  try {
    await start();
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request '${type}'`);
    if (jobs.get(id) !== job) return; // cancelled meanwhile
    job.steps = slices(handler, id, payload);
    turns.push(id);
    schedule();
  } catch (e) {
    jobs.delete(id);
    self.postMessage({ id, type: "error", payload: plainError(e) });
  }
};
