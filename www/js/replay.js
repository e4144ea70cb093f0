//! The replay of a trace: the candidate grid at any position, with checkpoints for fast
//! seeking, and the event that removed a candidate at a position. No DOM.

import { KIND, KINDS } from "./records.js";

/**
 * Applies recorded events to the start state (every digit possible everywhere), keeping a
 * candidate grid per depth as the Observer protocol says (src/search/mod.rs): place and
 * eliminate change the grid at the current depth, guess copies it one level down, backtrack
 * drops it. No propagation: only what the trace says happened.
 *
 * `position` = how many events are applied, in the trace's play order (`Trace.at`: seq order,
 * or step order); `seek(p)` moves to any position up to `trace.ready`, going back by
 * restoring the nearest checkpoint (a snapshot every `interval` events, the interval doubling
 * whenever the snapshots outgrow `budgetBytes`).
 */
export class Replay {
  /**
   * `shares`: another Replay of the same trace whose checkpoints this one uses and adds to
   * (the page's display and its probe for sentences: one set laid, both seek fast).
   */
  constructor(size, trace, { interval = 512, budgetBytes = 48 << 20, shares = null } = {}) {
    this.size = size;
    this.cells = size * size;
    this.full = size >= 32 ? 0xffffffff : (1 << size) - 1;
    this.trace = trace;
    this.budgetBytes = budgetBytes;
    this.stack = new Uint32Array(this.cells * 8).fill(this.full, 0, this.cells);
    this.depth = 0;
    this.position = 0;
    /** guesses[d]: the index of the guess event that opened depth d (d ≥ 1). */
    this.guesses = [-1];
    /** The last branch undone: `{guess, endedBy}` (event index, kind of the event before). */
    this.undone = null;
    this.solutions = 0;
    if (shares && shares.trace === trace) {
      this.store = shares.store;
    } else {
      const start = this.snapshot();
      this.store = { interval, checkpoints: [start], bytes: start.stack.byteLength };
    }
  }

  /** Events between two checkpoints (it doubles as the snapshots outgrow the budget). */
  get interval() { return this.store.interval; }
  /** Snapshot k at position k × interval (some may be missing). */
  get checkpoints() { return this.store.checkpoints; }
  /** What the snapshots hold, in bytes (at most the budget). */
  get checkpointBytes() { return this.store.bytes; }

  snapshot() {
    return {
      position: this.position,
      depth: this.depth,
      stack: this.stack.slice(0, (this.depth + 1) * this.cells),
      guesses: this.guesses.slice(),
      undone: this.undone,
      solutions: this.solutions,
    };
  }

  restore(s) {
    if (this.stack.length < s.stack.length) this.stack = new Uint32Array(s.stack.length * 2);
    this.stack.set(s.stack);
    this.depth = s.depth;
    this.position = s.position;
    this.guesses = s.guesses.slice();
    this.undone = s.undone;
    this.solutions = s.solutions;
  }

  /** The candidate grid at `depth` (default: the current depth), a view: copy to keep it. */
  grid(depth = this.depth) {
    return this.stack.subarray(depth * this.cells, (depth + 1) * this.cells);
  }

  /** Candidates of `cell` at the current depth. */
  mask(cell, depth = this.depth) {
    return this.stack[depth * this.cells + cell];
  }

  /** The digit of every placed cell at the current depth, 0 elsewhere. */
  values() {
    const out = new Array(this.cells);
    const base = this.depth * this.cells;
    for (let c = 0; c < this.cells; c++) {
      const m = this.stack[base + c];
      out[c] = m && !(m & (m - 1)) ? 31 - Math.clz32(m) + 1 : 0;
    }
    return out;
  }

  /** The index of the guess that opened the current branch, or -1 at the root. */
  openGuess() {
    return this.depth > 0 ? this.guesses[this.depth] : -1;
  }

  /** Applies the event at `position`; throws when it does not fit the state. */
  step() {
    const t = this.trace;
    if (this.position >= t.ready) throw new Error(`no event at position ${this.position}: the trace has ${t.ready} ready`);
    const i = t.at(this.position);
    const kind = t.kind(i);
    const depth = t.depth(i);
    const expected = kind === KIND.GUESS ? this.depth + 1 : this.depth;
    if (depth !== expected) {
      throw new Error(`event ${i} (${KINDS[kind]}) at depth ${depth} but the replay is at depth ${this.depth}`);
    }
    const cells = this.cells;
    const base = this.depth * cells;
    switch (kind) {
      case KIND.PLACE:
      case KIND.ELIMINATE: {
        const cell = t.cell(i);
        const bit = 1 << (t.digit(i) - 1);
        if (cell >= cells || !(this.stack[base + cell] & bit)) {
          throw new Error(`event ${i}: ${t.digit(i)} is not a candidate of cell ${cell}`);
        }
        this.stack[base + cell] = kind === KIND.PLACE ? bit : this.stack[base + cell] & ~bit;
        break;
      }
      case KIND.GUESS: {
        const cell = t.cell(i);
        const bit = 1 << (t.digit(i) - 1);
        if (cell >= cells || !(this.stack[base + cell] & bit)) {
          throw new Error(`event ${i}: guessed ${t.digit(i)} is not a candidate of cell ${cell}`);
        }
        const need = base + 2 * cells;
        if (need > this.stack.length) {
          const grown = new Uint32Array(need * 2);
          grown.set(this.stack.subarray(0, base + cells));
          this.stack = grown;
        }
        this.stack.copyWithin(base + cells, base, base + cells);
        this.stack[base + cells + cell] = bit;
        this.depth += 1;
        this.guesses[this.depth] = i;
        break;
      }
      case KIND.BACKTRACK: {
        if (this.depth === 0) throw new Error(`event ${i}: backtrack from the root`);
        this.undone = { guess: this.guesses[this.depth], endedBy: i > 0 ? t.kind(i - 1) : -1 };
        this.guesses.length = this.depth;
        this.depth -= 1;
        break;
      }
      case KIND.SOLUTION:
        this.solutions += 1;
        break;
      default: // round, contradiction: no change
    }
    this.position += 1;
    if (this.position % this.interval === 0) this.checkpoint();
  }

  checkpoint() {
    const store = this.store;
    const k = this.position / store.interval;
    if (store.checkpoints[k]) return;
    const s = this.snapshot();
    store.checkpoints[k] = s;
    store.bytes += s.stack.byteLength;
    if (store.bytes > this.budgetBytes) {
      // Keep every other snapshot: seeking gets at most twice as slow, memory halves.
      store.interval *= 2;
      const kept = [];
      store.bytes = 0;
      for (let j = 0; j < store.checkpoints.length; j += 2) {
        kept[j / 2] = store.checkpoints[j];
        if (kept[j / 2]) store.bytes += kept[j / 2].stack.byteLength;
      }
      store.checkpoints = kept;
    }
  }

  /**
   * Lays checkpoints past the furthest one for about `ms` milliseconds, the current state
   * kept: a seek far ahead of anything played then costs at most an interval of events
   * instead of the whole way (~70 ms for a 1,000,000-event 25×25 trace). True when they
   * reach the events ready (nothing left to do until more arrive).
   */
  warm(ms) {
    const ready = this.trace.ready;
    let k = this.checkpoints.length - 1;
    while (k > 0 && !this.checkpoints[k]) k--;
    const last = this.checkpoints[k];
    if (last.position + this.interval > ready) return true;
    const start = performance.now();
    const saved = this.snapshot();
    let reached = last.position;
    try {
      this.restore(last);
      while (this.position < ready && performance.now() - start < ms) {
        const stop = Math.min(ready, this.position + 256);
        while (this.position < stop) this.step();
      }
      reached = this.position;
    } catch {
      reached = ready; // a trace that does not replay: the display says so, not the warmer
    } finally {
      this.restore(saved);
    }
    return reached + this.interval > ready;
  }

  /** Moves to `position` (0..trace.ready): the events at positions [0, position) applied. */
  seek(position) {
    const target = Math.max(0, Math.min(position, this.trace.ready));
    if (target < this.position || target - this.position > this.interval) {
      let k = Math.floor(target / this.interval);
      while (k > 0 && !this.checkpoints[k]) k--;
      const s = this.checkpoints[k];
      if (target < this.position || s.position > this.position) this.restore(s);
    }
    while (this.position < target) this.step();
  }
}

/**
 * The event (its seq) that took `digit` out of `cell` in the state at `position` (the events
 * at positions [0, position) of the play order), or -1 if it is still a candidate there.
 * Walks back over the branches still open, skipping closed ones (a backtrack at depth k
 * hides everything since the guess that opened k).
 */
export function removalOf(trace, position, cell, digit) {
  let skip = -1; // depth of the closed branch being skipped, or -1
  for (let p = Math.min(position, trace.ready) - 1; p >= 0; p--) {
    const i = trace.at(p);
    const kind = trace.kind(i);
    if (skip >= 0) {
      if (kind === KIND.GUESS && trace.depth(i) === skip) skip = -1;
      continue;
    }
    if (kind === KIND.BACKTRACK) { skip = trace.depth(i); continue; }
    if (trace.cell(i) !== cell) continue;
    if (kind === KIND.ELIMINATE && trace.digit(i) === digit) return i;
    if ((kind === KIND.PLACE || kind === KIND.GUESS) && trace.digit(i) !== digit) return i;
  }
  return -1;
}

