//! The page's side of the solver worker: a tiny promise RPC (`{id, type, payload}`), one call
//! in flight, cancellation by terminating the worker and starting a fresh one. The wasm is
//! compiled once here (while the first worker loads its scripts) and handed to every worker,
//! so a restart after Stop costs no compile. (Measured: faster to a first answer than each
//! worker fetching and compiling its own.)

const WORKER_URL = new URL("./worker.js", import.meta.url);
const WASM_URL = new URL("../pkg/sudoku_lab_bg.wasm", import.meta.url);

/** The error a cancelled call rejects with (`error.cancelled` is true). */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.cancelled = true;
  }
}

/** An error from the worker: `message`, and `cells`, `line`, `column` when known. */
function workerError(payload) {
  const e = new Error(payload?.message ?? "the solver failed");
  e.cells = payload?.cells ?? [];
  e.line = payload?.line ?? null;
  e.column = payload?.column ?? null;
  return e;
}

export class SolverClient {
  constructor() {
    this.nextId = 1;
    this.call = null; // {id, resolve, reject, onProgress}
    this.module = WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(fetch(WASM_URL)).catch(() => null)
      : Promise.resolve(null);
    this.spawn();
  }

  /** Starts a worker; it gets the compiled wasm (or null: it fetches its own) when ready. */
  spawn() {
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.finish(null, workerError({ message: event.message || "the solver worker failed to start" }));
    };
    this.ready = this.module.then((module) => worker.postMessage({ id: 0, type: "init", payload: { module } }));
  }

  receive({ id, type, payload }) {
    const call = this.call;
    if (!call || call.id !== id) return; // an answer to a cancelled call, or the init reply
    if (type === "progress") call.onProgress?.(payload);
    else if (type === "result") this.finish(payload, null);
    else this.finish(null, workerError(payload));
  }

  finish(result, error) {
    const call = this.call;
    if (!call) return;
    this.call = null;
    if (error) call.reject(error);
    else call.resolve(result);
  }

  /** True while a call is in flight. */
  get busy() {
    return this.call !== null;
  }

  /** Sends one request; a call already in flight is cancelled first. */
  request(type, payload, onProgress) {
    if (this.call) this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.call = { id, resolve, reject, onProgress };
      const worker = this.worker;
      this.ready.then(() => {
        if (this.call?.id === id) worker.postMessage({ id, type, payload });
      });
    });
  }

  /**
   * `{status, solution, solutions, stats, time, …}` or `{status: "invalid", problems}`;
   * `onProgress({stats, time})` hears of a long run every 200 ms.
   */
  solve(puzzle, kind, options, onProgress) {
    return this.request("solve", { puzzle, kind, options }, onProgress);
  }

  /** Solves many puzzles in one request: `{time, count, statuses}` (a benchmark). */
  solveAll(puzzles, kind, options) {
    return this.request("solveAll", { puzzles, kind, options });
  }

  /** Streams a traced search; `onBatch` gets every batch but the last, which resolves. */
  trace(puzzle, kind, options, onBatch) {
    return this.request("trace", { puzzle, kind, options }, onBatch);
  }

  /** The next hint from the player's `{entries, marks}` at `reveal` ("technique", "cells", "step"). */
  hint(puzzle, kind, reveal, player) {
    return this.request("hint", { puzzle, kind, options: { reveal }, player });
  }

  /** How hard the puzzle is for a person (`GradeResult`). */
  grade(puzzle, kind) {
    return this.request("grade", { puzzle, kind });
  }

  /**
   * A new puzzle (`GenerateOptions`): resolves to `{puzzle: GeneratedPuzzle, time}`;
   * `onProgress({attempt, checks, left, time})` hears of a long run every 200 ms.
   */
  generate(options, onProgress) {
    return this.request("generate", { options }, onProgress);
  }

  /** Stops whatever runs: terminates the worker, rejects the call with `Cancelled`. */
  cancel() {
    if (!this.call) return;
    this.worker.terminate();
    this.spawn();
    this.finish(null, new Cancelled());
  }
}
