//! The solver's module Web Worker: runs the wasm module off the page's thread and answers
//! `{id, type, payload}` requests with `{id, type: "progress" | "result" | "error", payload}`.
//! One request at a time; the client cancels by terminating the worker (nothing here polls
//! for a stop: a traced search streams batches until it is done).

import init, { solve, validate, layout, version, grade, hint, Generator, Search, Solver } from "../pkg/sudoku_lab.js";
import { checkLayout } from "./records.js";

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
function doSolve(id, { puzzle, kind, options }) {
  return unlessInvalid(puzzle, kind, () => {
    const t0 = performance.now();
    const search = new Search(puzzle, kind, options ?? {});
    try {
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
      }
      const result = search.result;
      result.time = performance.now() - t0;
      return result;
    } finally {
      search.free();
    }
  });
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
function doTrace(id, { puzzle, kind, options }) {
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
 * checks), posting `{attempt, checks, left, time}` every `PROGRESS_MS`; Stop terminates the
 * worker, as for a solve.
 */
function doGenerate(id, { options }) {
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
    }
  } finally {
    generator.free();
  }
}

const handlers = { solve: doSolve, solveAll: doSolveAll, trace: doTrace, hint: doHint, grade: doGrade, generate: doGenerate };

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
  try {
    await start();
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request '${type}'`);
    const result = handler(id, payload);
    const transfer = [result?.records, result?.premises, result?.steps]
      .filter((a) => a instanceof Uint32Array)
      .map((a) => a.buffer);
    self.postMessage({ id, type: "result", payload: result }, transfer);
  } catch (e) {
    self.postMessage({ id, type: "error", payload: plainError(e) });
  }
};
