//! The page's side of the solver's Web Worker: a promise RPC (`{id, type, payload}`).
//!
//! A `SolverPool` is the worker of a page — one for every part and every board on it — with
//! the wasm compiled once in the page and handed to it (wasm.js). Each part that runs the
//! solver has a `SolverClient` of the pool, one call in flight. The worker runs every call in
//! slices of a few milliseconds, in turns (worker.js), so calls of several clients run side by
//! side and a cancelled one stops at its next slice; the cancelled call rejects at once
//! (`Cancelled`). Where cancelling must not wait for a slice:
//! - a worker that runs nothing but the cancelled call is terminated, and a fresh one started
//!   (the compiled wasm makes that cheap), as a lone client always did;
//! - a worker that does not answer a cancel soon (caught in a call that does not run in
//!   slices: a fast path, a grade) takes no new calls — they go to a fresh worker — and is
//!   terminated once the calls it still runs for other clients end.

import { compiledWasm } from "./wasm.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
/**
 * How long a worker may stay silent after a cancel, before it takes no new calls (ms): a
 * worker that turns its slices posts something (an answer, a batch, the cancel's answer)
 * within a few milliseconds; one caught in a call that does not run in slices posts nothing.
 */
const CANCEL_GRACE_MS = 250;

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

/**
 * A module worker from `url`. A worker's script must be of the document's origin: a board
 * whose modules come from another origin (a blog embedding the project's site) starts one
 * from a script of its own origin that imports the worker module (served with CORS, as the
 * element's own module is).
 */
function startWorker(url) {
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: "module" });
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" }));
  try {
    return new Worker(shim, { type: "module" });
  } finally {
    // The worker has fetched its script by the time it runs: the address can go.
    setTimeout(() => URL.revokeObjectURL(shim), 10_000);
  }
}

/** The workers of a page, shared by its clients. */
export class SolverPool {
  /**
   * @param {{workerUrl?: URL, wasm?: Promise<WebAssembly.Module | null>, eager?: boolean}} options
   *   `eager`: a worker is started at once and kept ready (the page, whose first Solve should
   *   not wait for one); else the first call starts it (boards a host page never plays cost
   *   no worker).
   */
  constructor({ workerUrl = WORKER_URL, wasm = compiledWasm(), eager = false } = {}) {
    this.workerUrl = workerUrl;
    this.wasm = wasm;
    this.eager = eager;
    /** The worker's last warm-up report (`warm()`): `{calls, total, done, time, longestWait}`, or null. */
    this.warmUp = null;
    this.nextId = 1;
    /** `{worker, ready, calls: Map<id, call>, draining}`; the last not draining takes new calls. */
    this.workers = [];
    if (eager) this.spawn();
  }

  /** A client of this pool (one call in flight; its calls cancel only each other). */
  client() {
    return new SolverClient(this);
  }

  /** How many workers run now (one, but while one is being let go). */
  get size() {
    return this.workers.length;
  }

  /** Starts a worker; it gets the compiled wasm (or null: it fetches its own) when ready. */
  spawn() {
    const entry = { worker: startWorker(this.workerUrl), calls: new Map(), draining: false };
    entry.worker.onmessage = ({ data }) => this.receive(entry, data);
    entry.worker.onerror = (event) => {
      event.preventDefault?.();
      this.crashed(entry, workerError({ message: event.message || "the solver worker failed to start" }));
    };
    entry.ready = this.wasm.then((module) => entry.worker.postMessage({ id: 0, type: "init", payload: { module } }));
    this.workers.push(entry);
    // A worker that takes over before the warm-up's end warms again.
    if (this.warmUp && !this.warmUp.done) this.warmWorker(entry);
    return entry;
  }

  /**
   * Has the worker warm its wasm code while it has no call (worker.js, warm-up.js: hard hints,
   * so that the player's first hard hint is not run by V8's unoptimised code), once a page:
   * the workers share the compiled module, and with it the code it warmed.
   */
  warm() {
    if (this.warmUp) return;
    this.warmUp = { calls: 0, total: null, done: false, time: 0, longestWait: 0 };
    this.warmWorker(this.current());
  }

  /** Asks `entry`'s worker to warm up, once its wasm is in. */
  warmWorker(entry) {
    entry.ready.then(() => entry.worker.postMessage({ id: 0, type: "warm-up" }));
  }

  /** The worker new calls go to (a fresh one when every worker is being let go). */
  current() {
    return this.workers.findLast((w) => !w.draining) ?? this.spawn();
  }

  /** Sends `call` (`{resolve, reject, onProgress}`) as a `type` request. */
  send(call, type, payload) {
    const entry = this.current();
    call.id = this.nextId++;
    call.worker = entry;
    entry.calls.set(call.id, call);
    entry.ready.then(() => {
      if (entry.calls.get(call.id) === call) entry.worker.postMessage({ id: call.id, type, payload });
    });
  }

  receive(entry, { id, type, payload }) {
    entry.heard = performance.now();
    if (type === "warm-up") {
      this.warmUp = payload;
      return;
    }
    if (type === "cancelled") {
      clearTimeout(entry.cancels?.get(id));
      entry.cancels?.delete(id);
      return;
    }
    const call = entry.calls.get(id);
    if (!call) return; // an answer to a cancelled call, or the init reply
    if (type === "progress") {
      call.onProgress?.(payload);
      return;
    }
    entry.calls.delete(id);
    if (type === "result") call.resolve(payload);
    else call.reject(workerError(payload));
    this.release(entry);
  }

  /** Stops `call`'s work (its promise is the client's to reject). */
  cancel(call) {
    const entry = call.worker;
    if (!entry?.calls.delete(call.id)) return;
    if (entry.calls.size === 0) {
      this.retire(entry);
      return;
    }
    entry.worker.postMessage({ id: call.id, type: "cancel" });
    entry.cancels ??= new Map();
    entry.heard = performance.now();
    const check = () => {
      const silent = performance.now() - entry.heard;
      if (silent < CANCEL_GRACE_MS) {
        entry.cancels.set(call.id, setTimeout(check, CANCEL_GRACE_MS - silent));
        return;
      }
      // Caught in a call that does not run in slices: let it finish the others' calls alone.
      entry.cancels.delete(call.id);
      entry.draining = true;
      this.release(entry);
    };
    entry.cancels.set(call.id, setTimeout(check, CANCEL_GRACE_MS));
  }

  /** A worker being let go goes once it runs nothing. */
  release(entry) {
    if (entry.draining && entry.calls.size === 0) this.retire(entry);
  }

  /**
   * Terminates `entry`; in an eager pool, with `respawn`, a fresh worker takes its place when
   * no other would take calls (the next call has it ready).
   */
  retire(entry, { respawn = true } = {}) {
    entry.worker.terminate();
    for (const timer of entry.cancels?.values() ?? []) clearTimeout(timer);
    this.workers = this.workers.filter((w) => w !== entry);
    if (respawn && this.eager && !this.workers.some((w) => !w.draining)) this.spawn();
  }

  /** The worker failed: its calls reject with the error, and it goes (the next call starts another). */
  crashed(entry, error) {
    const calls = [...entry.calls.values()];
    entry.calls.clear();
    this.retire(entry, { respawn: false });
    for (const call of calls) call.reject(error);
  }
}

export class SolverClient {
  /** @param {SolverPool} pool the page's pool; a pool of its own (a worker started at once) when none is given. */
  constructor(pool = new SolverPool({ eager: true })) {
    this.pool = pool;
    this.call = null;
  }

  /** True while a call is in flight. */
  get busy() {
    return this.call !== null;
  }

  /** Sends one request; a call already in flight is cancelled first. */
  request(type, payload, onProgress) {
    if (this.call) this.cancel();
    return new Promise((resolve, reject) => {
      const call = {
        onProgress,
        resolve: (value) => { if (this.call === call) this.call = null; resolve(value); },
        reject: (error) => { if (this.call === call) this.call = null; reject(error); },
      };
      this.call = call;
      this.pool.send(call, type, payload);
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

  /** Stops the call in flight: it rejects with `Cancelled` at once (see the module docs). */
  cancel() {
    const call = this.call;
    if (!call) return;
    this.call = null;
    this.pool.cancel(call);
    call.reject(new Cancelled());
  }
}
