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

/** How often a running Solve reports its statistics (ms). */
const PROGRESS_MS = 200;

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
      let budget = 1024;
      let last = t0;
      for (;;) {
        const s0 = performance.now();
        const step = search.advance(budget);
        if (step.done) break;
        const now = performance.now();
        if (now - s0 < SLICE_MS / 2) budget = Math.min(budget * 2, 1 << 24);
        else if (now - s0 > SLICE_MS * 2) budget = Math.max(64, Math.floor(budget / 2));
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

/**
 * Streams a traced search: advances in slices of about `SLICE_MS` (the budget, in search
 * nodes, adapts to what each slice took) and posts the records gathered every `POST_MS`
 * with their premise table (`premises`, for `Trace.append(records, firstSeq, premises)`),
 * transferring both buffers.
 */
const SLICE_MS = 4;
const POST_MS = 24;

/** The typed arrays of `parts` one after another, `words` in all, in a new buffer. */
function concat(parts, words) {
  const all = new Uint32Array(words);
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return all;
}

function doTrace(id, { puzzle, kind, options }) {
  const solver = unlessInvalid(puzzle, kind, () => new Solver(puzzle, kind, options ?? {}));
  if (!(solver instanceof Solver)) return solver;
  try {
    const model = solver.puzzle;
    let budget = 1;
    let time = 0;
    let pending = [];
    let pendingWords = 0;
    let pendingPremises = [];
    let pendingPremiseWords = 0;
    let firstSeq = 0;
    let lastPost = performance.now();
    let first = true;
    for (;;) {
      const t0 = performance.now();
      const batch = solver.advance(budget);
      const dt = performance.now() - t0;
      time += dt;
      if (dt < SLICE_MS / 2) budget = Math.min(budget * 2, 1 << 20);
      else if (dt > SLICE_MS * 2) budget = Math.max(1, Math.floor(budget / 2));
      if (batch.count) {
        if (!pendingWords) firstSeq = batch.firstSeq;
        pending.push(batch.records);
        pendingWords += batch.records.length;
        // The tables of consecutive batches, one after another, are the table of them all.
        pendingPremises.push(batch.premises);
        pendingPremiseWords += batch.premises.length;
      }
      const now = performance.now();
      if (batch.done || first || now - lastPost >= POST_MS || pendingWords >= 1 << 20) {
        const records = concat(pending, pendingWords);
        const premises = concat(pendingPremises, pendingPremiseWords);
        const payload = {
          records, premises, firstSeq, count: pendingWords / 5, done: batch.done,
          status: batch.status, depth: batch.depth, grid: batch.grid, stats: batch.stats,
          eventLimit: batch.eventLimit, solutions: batch.solutions, time,
        };
        if (first) payload.puzzle = model;
        first = false;
        pending = [];
        pendingWords = 0;
        pendingPremises = [];
        pendingPremiseWords = 0;
        lastPost = now;
        if (batch.done) return payload; // the last batch is the result
        self.postMessage({ id, type: "progress", payload }, [records.buffer, premises.buffer]);
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
 * A new puzzle by the `Generator` export in slices of about `SLICE_MS` (the budget, in
 * checks, adapts), posting `{attempt, checks, left, time}` every `PROGRESS_MS`; Stop
 * terminates the worker, as for a solve.
 */
function doGenerate(id, { options }) {
  const t0 = performance.now();
  const generator = new Generator({ ...options, count: 1 });
  try {
    let budget = 4;
    let last = t0;
    for (;;) {
      const s0 = performance.now();
      const step = generator.advance(budget);
      const now = performance.now();
      if (step.puzzle) return { puzzle: step.puzzle, time: now - t0 };
      if (now - s0 < SLICE_MS / 2) budget = Math.min(budget * 2, 1 << 16);
      else if (now - s0 > SLICE_MS * 2) budget = Math.max(1, Math.floor(budget / 2));
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
    const transfer = [result?.records, result?.premises]
      .filter((a) => a instanceof Uint32Array)
      .map((a) => a.buffer);
    self.postMessage({ id, type: "result", payload: result }, transfer);
  } catch (e) {
    self.postMessage({ id, type: "error", payload: plainError(e) });
  }
};
