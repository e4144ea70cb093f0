//! Event records of a solver trace: the decoder (the JavaScript mirror of the record layout
//! in src/trace.rs), a store that grows batch by batch, a replay with checkpoints for fast
//! seeking, and the plain-English explanation of every event. No DOM: runs in Node, in a
//! worker and in the page.
//!
//! Record layout (the one definition is the module doc of src/trace.rs; tests/golden keeps
//! this mirror in step). One event = 5 little-endian u32 words:
//!
//! ```text
//!  word 0  seq ─────────────────────────────────────────────── 0..31
//!  word 1  depth (16..31) │ rule (8..15, 255 none) │ kind (0..7)
//!  word 2  0 (24..31) │ digit (16..23, 0 none) │ cell (0..15, 65535 none)
//!  word 3  cause: seq of the event that made this one possible (0xFFFFFFFF none)
//!  word 4  via tag (24..31) │ via payload (0..23)
//!          tag 0 nothing · 1 cell · 2 house · 3 relation · 4 confined (house | to << 8)
//! ```

export const RECORD_WORDS = 5;
export const NO_CAUSE = 0xffffffff;
export const NO_CELL = 0xffff;
export const NO_RULE = 0xff;

/** Event kinds by number (word 1, bits 0..7). */
export const KINDS = ["round", "place", "eliminate", "guess", "backtrack", "contradiction", "solution"];
export const KIND = Object.freeze({
  ROUND: 0, PLACE: 1, ELIMINATE: 2, GUESS: 3, BACKTRACK: 4, CONTRADICTION: 5, SOLUTION: 6,
});

/** Rules by number (word 1, bits 8..15): `Rule` in src/search/mod.rs. */
export const RULES = [
  "given", "peer", "naked_single", "hidden_single_row", "hidden_single_column",
  "hidden_single_block", "relation", "guess", "refutation", "locked_candidates",
  "disjunction", "probe",
];
export const RULE = Object.freeze({
  GIVEN: 0, PEER: 1, NAKED_SINGLE: 2, HIDDEN_SINGLE_ROW: 3, HIDDEN_SINGLE_COLUMN: 4,
  HIDDEN_SINGLE_BLOCK: 5, RELATION: 6, GUESS: 7, REFUTATION: 8, LOCKED_CANDIDATES: 9,
  DISJUNCTION: 10, PROBE: 11,
});

/** Via tags (word 4, bits 24..31). */
export const VIA = Object.freeze({ NOTHING: 0, CELL: 1, HOUSE: 2, RELATION: 3, CONFINED: 4 });

/** Human names of the rules, for the statistics panel. */
export const RULE_LABELS = {
  given: "given", peer: "peer", naked_single: "naked single",
  hidden_single_row: "hidden single (row)", hidden_single_column: "hidden single (column)",
  hidden_single_block: "hidden single (block)", relation: "relation", guess: "guess",
  refutation: "refutation", locked_candidates: "locked candidates",
  disjunction: "disjunction", probe: "probe",
};

/**
 * Throws unless `layout` (the wasm module's `layout()`) describes the layout mirrored here.
 */
export function checkLayout(layout) {
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (layout.recordWords !== RECORD_WORDS || !same(layout.kinds, KINDS) || !same(layout.rules, RULES)) {
    throw new Error("the wasm module's event layout differs from www/js/events.js");
  }
}

function decodeVia(word) {
  const payload = word & 0xffffff;
  switch (word >>> 24) {
    case VIA.NOTHING: return null;
    case VIA.CELL: return { cell: payload };
    case VIA.HOUSE: return { house: payload };
    case VIA.RELATION: return { relation: payload };
    case VIA.CONFINED: return { confined: [payload & 0xff, payload >>> 8] };
    default: throw new Error(`unknown via tag ${word >>> 24}`);
  }
}

/**
 * Decodes the record at `words[offset..offset + 5]` into the shape of tests/golden/trace.json:
 * `{seq, kind, rule, depth, cell, digit, cause, via}` (names as strings, `null` for none).
 */
export function decodeRecord(words, offset = 0) {
  const [seq, w1, w2, cause, via] = [0, 1, 2, 3, 4].map((i) => words[offset + i] >>> 0);
  const kind = KINDS[w1 & 0xff];
  if (kind === undefined) throw new Error(`event ${seq}: unknown kind ${w1 & 0xff}`);
  const ruleNumber = (w1 >>> 8) & 0xff;
  const rule = ruleNumber === NO_RULE ? null : RULES[ruleNumber];
  if (rule === undefined) throw new Error(`event ${seq}: unknown rule ${ruleNumber}`);
  const cell = w2 & 0xffff;
  return {
    seq,
    kind,
    rule,
    depth: w1 >>> 16,
    cell: cell === NO_CELL ? null : cell,
    digit: (w2 >>> 16) & 0xff,
    cause: cause === NO_CAUSE ? null : cause,
    via: decodeVia(via),
  };
}

/** Decodes a whole buffer of records. */
export function decodeAll(words) {
  if (words.length % RECORD_WORDS !== 0) {
    throw new Error(`${words.length} words is not a whole number of records`);
  }
  const events = [];
  for (let i = 0; i < words.length; i += RECORD_WORDS) events.push(decodeRecord(words, i));
  return events;
}

/** Reads little-endian u32 words from bytes (a Node Buffer or an ArrayBuffer view). */
export function wordsOfBytes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = new Uint32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}

// ───────────────────────────── puzzle geometry and names ─────────────────────────────

/** Block shape [rows, cols] of a classic grid of `size`, or null (Futoshiki, odd sizes). */
export function blockShape(size, kind = "classic") {
  if (kind === "futoshiki") return null;
  return { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] }[size] ?? null;
}

export function cellName(index, size) {
  return `r${Math.floor(index / size) + 1}c${(index % size) + 1}`;
}

export function cellIndex(name, size) {
  const m = /^r(\d+)c(\d+)$/i.exec(String(name).trim());
  if (!m) return -1;
  const [r, c] = [Number(m[1]) - 1, Number(m[2]) - 1];
  return r >= 0 && c >= 0 && r < size && c < size ? r * size + c : -1;
}

/** "r1c1-r1c2": the edge key of two adjacent cells, left or upper cell first. */
export function edgeKeyOf(a, b, size) {
  const [x, y] = a < b ? [a, b] : [b, a];
  return `${cellName(x, size)}-${cellName(y, size)}`;
}

/**
 * The facts about a puzzle that explanations need, from the JSON model object (the wasm
 * Solver's `puzzle`: relations in trace index order). `relations[i]` = `{lo, hi, edge}`:
 * cell indices with `lo < hi`, and the gap's edge key.
 */
export function describePuzzle(model) {
  const size = model.size;
  const kind = model.kind ?? "classic";
  const relations = (model.relations ?? []).map(([a, op, b]) => {
    const [x, y] = [cellIndex(a, size), cellIndex(b, size)];
    const [lo, hi] = op === "<" ? [x, y] : [y, x];
    return { lo, hi, edge: edgeKeyOf(x, y, size) };
  });
  return { size, kind, block: blockShape(size, kind), relations };
}

/** The house containing `cell` of the given type: 0 row, 1 column, 2 block. */
export function houseOf(puzzle, cell, type) {
  const n = puzzle.size;
  const [r, c] = [Math.floor(cell / n), cell % n];
  if (type === 0) return r;
  if (type === 1) return n + c;
  const [br, bc] = puzzle.block;
  return 2 * n + Math.floor(r / br) * (n / bc) + Math.floor(c / bc);
}

export function houseName(house, size) {
  if (house < size) return `row ${house + 1}`;
  if (house < 2 * size) return `column ${house - size + 1}`;
  return `block ${house - 2 * size + 1}`;
}

/** The cells of a house, in reading order. */
export function houseCells(puzzle, house) {
  const n = puzzle.size;
  if (house < n) return Array.from({ length: n }, (_, c) => house * n + c);
  if (house < 2 * n) return Array.from({ length: n }, (_, r) => r * n + house - n);
  const [br, bc] = puzzle.block;
  const b = house - 2 * n;
  const [r0, c0] = [Math.floor(b / (n / bc)) * br, (b % (n / bc)) * bc];
  const cells = [];
  for (let r = r0; r < r0 + br; r++) for (let c = c0; c < c0 + bc; c++) cells.push(r * n + c);
  return cells;
}

const popcount = (m) => {
  let n = 0;
  for (let x = m >>> 0; x; x &= x - 1) n++;
  return n;
};
const lowest = (m) => 31 - Math.clz32(m & -m) + 1; // smallest digit of a mask
const highest = (m) => 32 - Math.clz32(m); // largest digit of a mask

/** The digits of a candidate mask (bit d-1 ⇔ digit d). */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >>> (d - 1); d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

// ───────────────────────────────────── the store ─────────────────────────────────────

/** Marker kinds drawn on the timeline. */
export const MARKER_KINDS = ["guess", "contradiction", "backtrack", "solution"];

/**
 * Every record of one trace, appended batch by batch; event `i` has `seq` `i`. Also keeps,
 * per marker kind, the indices of its events (for the timeline).
 */
export class Trace {
  /** @param {string} level the trace's level: below "full" eliminations are not recorded. */
  constructor(level = "full") {
    this.level = level;
    this.words = new Uint32Array(RECORD_WORDS * 4096);
    this.count = 0;
    this.markers = { guess: [], contradiction: [], backtrack: [], solution: [] };
  }

  /** Appends a batch of records whose first `seq` is `firstSeq` (must follow on). */
  append(records, firstSeq = this.count) {
    if (firstSeq !== this.count) {
      throw new Error(`a batch starting at event ${firstSeq} does not follow event ${this.count - 1}`);
    }
    const n = records.length / RECORD_WORDS;
    const need = (this.count + n) * RECORD_WORDS;
    if (need > this.words.length) {
      const grown = new Uint32Array(Math.max(need, this.words.length * 2));
      grown.set(this.words.subarray(0, this.count * RECORD_WORDS));
      this.words = grown;
    }
    this.words.set(records, this.count * RECORD_WORDS);
    for (let i = 0; i < n; i++) {
      const k = records[i * RECORD_WORDS + 1] & 0xff;
      if (k === KIND.GUESS) this.markers.guess.push(this.count + i);
      else if (k === KIND.CONTRADICTION) this.markers.contradiction.push(this.count + i);
      else if (k === KIND.BACKTRACK) this.markers.backtrack.push(this.count + i);
      else if (k === KIND.SOLUTION) this.markers.solution.push(this.count + i);
    }
    this.count += n;
  }

  kind(i) { return this.words[i * RECORD_WORDS + 1] & 0xff; }
  rule(i) { return (this.words[i * RECORD_WORDS + 1] >>> 8) & 0xff; }
  depth(i) { return this.words[i * RECORD_WORDS + 1] >>> 16; }
  cell(i) { return this.words[i * RECORD_WORDS + 2] & 0xffff; }
  digit(i) { return (this.words[i * RECORD_WORDS + 2] >>> 16) & 0xff; }
  cause(i) { return this.words[i * RECORD_WORDS + 3]; }
  viaTag(i) { return this.words[i * RECORD_WORDS + 4] >>> 24; }
  viaPayload(i) { return this.words[i * RECORD_WORDS + 4] & 0xffffff; }

  /** Event `i` decoded (see `decodeRecord`). */
  event(i) { return decodeRecord(this.words, i * RECORD_WORDS); }

  /** The first marker index ≥ `from` of any of `kinds`, or -1. */
  nextMarker(from, kinds = MARKER_KINDS) {
    let best = -1;
    for (const k of kinds) {
      const list = this.markers[k];
      let lo = 0, hi = list.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < from) lo = mid + 1; else hi = mid; }
      if (lo < list.length && (best < 0 || list[lo] < best)) best = list[lo];
    }
    return best;
  }

  /** The last marker index < `before` of any of `kinds`, or -1. */
  previousMarker(before, kinds = MARKER_KINDS) {
    let best = -1;
    for (const k of kinds) {
      const list = this.markers[k];
      let lo = 0, hi = list.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < before) lo = mid + 1; else hi = mid; }
      if (lo > 0 && list[lo - 1] > best) best = list[lo - 1];
    }
    return best;
  }
}

// ───────────────────────────────────── the replay ─────────────────────────────────────

/**
 * Applies recorded events to the start state (every digit possible everywhere), keeping a
 * candidate grid per depth as the Observer protocol says (src/search/mod.rs): place and
 * eliminate change the grid at the current depth, guess copies it one level down, backtrack
 * drops it. No propagation: only what the trace says happened.
 *
 * `position` = how many events are applied; `seek(p)` moves to any position, going back by
 * restoring the nearest checkpoint (a snapshot every `interval` events, the interval doubling
 * whenever the snapshots outgrow `budgetBytes`).
 */
export class Replay {
  constructor(size, trace, { interval = 512, budgetBytes = 48 << 20 } = {}) {
    this.size = size;
    this.cells = size * size;
    this.full = size >= 32 ? 0xffffffff : (1 << size) - 1;
    this.trace = trace;
    this.interval = interval;
    this.budgetBytes = budgetBytes;
    this.stack = new Uint32Array(this.cells * 8).fill(this.full, 0, this.cells);
    this.depth = 0;
    this.position = 0;
    /** guesses[d]: the index of the guess event that opened depth d (d ≥ 1). */
    this.guesses = [-1];
    /** The last branch undone: `{guess, endedBy}` (event index, kind of the event before). */
    this.undone = null;
    this.solutions = 0;
    this.checkpoints = [this.snapshot()];
    this.checkpointBytes = this.checkpoints[0].stack.byteLength;
  }

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
    const i = this.position;
    if (i >= t.count) throw new Error(`no event ${i}: the trace has ${t.count}`);
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
    this.position = i + 1;
    if (this.position % this.interval === 0) this.checkpoint();
  }

  checkpoint() {
    const k = this.position / this.interval;
    if (this.checkpoints[k]) return;
    const s = this.snapshot();
    this.checkpoints[k] = s;
    this.checkpointBytes += s.stack.byteLength;
    if (this.checkpointBytes > this.budgetBytes) {
      // Keep every other snapshot: seeking gets at most twice as slow, memory halves.
      this.interval *= 2;
      const kept = [];
      this.checkpointBytes = 0;
      for (let j = 0; j < this.checkpoints.length; j += 2) {
        kept[j / 2] = this.checkpoints[j];
        if (kept[j / 2]) this.checkpointBytes += kept[j / 2].stack.byteLength;
      }
      this.checkpoints = kept;
    }
  }

  /** Moves to `position` (0..trace.count): events [0, position) applied. */
  seek(position) {
    const target = Math.max(0, Math.min(position, this.trace.count));
    if (target < this.position || target - this.position > this.interval) {
      let k = Math.floor(target / this.interval);
      while (k > 0 && !this.checkpoints[k]) k--;
      const s = this.checkpoints[k];
      if (target < this.position || s.position > this.position) this.restore(s);
    }
    while (this.position < target) this.step();
  }
}

// ──────────────────────────────────── explanations ────────────────────────────────────

/** `cell` relative to `peer`: "same row", "same column" or "same block". */
function sharedHouse(puzzle, cell, peer) {
  const n = puzzle.size;
  if (Math.floor(cell / n) === Math.floor(peer / n)) return "same row";
  if (cell % n === peer % n) return "same column";
  return "same block";
}

/** What a mask says about a cell: "is 6", "is at most 6", "is at least 2", "has no candidate left". */
function bound(cellText, mask, which) {
  if (!mask) return `${cellText} has no candidate left`;
  if (popcount(mask) === 1) return `${cellText} is ${highest(mask)}`;
  return which === "max" ? `${cellText} is at most ${highest(mask)}` : `${cellText} is at least ${lowest(mask)}`;
}

/** "r4c4 = 2" for a guess (or probe) event. */
function guessText(trace, index, size) {
  return `${cellName(trace.cell(index), size)} = ${trace.digit(index)}`;
}

/** Why a branch ended, from the kind of the event before its backtrack. */
function branchEnd(endedBy) {
  if (endedBy === KIND.CONTRADICTION) return "led to a contradiction";
  if (endedBy === KIND.SOLUTION) return "has been explored (it gave a solution)";
  if (endedBy === KIND.BACKTRACK) return "failed in every branch below it";
  return "has been explored";
}

/**
 * The plain-English sentence for event `index` of `trace`, given `before` — a Replay at
 * position `index` (the state just before the event) — and `puzzle` (`describePuzzle`).
 */
export function explain(trace, index, before, puzzle) {
  const n = puzzle.size;
  const kind = trace.kind(index);
  const rule = trace.rule(index);
  const cell = trace.cell(index);
  const digit = trace.digit(index);
  const tag = trace.viaTag(index);
  const payload = trace.viaPayload(index);
  const depth = trace.depth(index);
  const X = cell < n * n ? cellName(cell, n) : "";
  const d = String(digit);
  switch (kind) {
    case KIND.ROUND:
      return depth === 0 ? "propagation round at the root" : `propagation round at depth ${depth}`;
    case KIND.PLACE:
      switch (rule) {
        case RULE.GIVEN: return `${X} is ${d} (given)`;
        case RULE.NAKED_SINGLE: return `${X} is ${d}: it is the only candidate left`;
        case RULE.HIDDEN_SINGLE_ROW:
        case RULE.HIDDEN_SINGLE_COLUMN:
        case RULE.HIDDEN_SINGLE_BLOCK: {
          const house = tag === VIA.HOUSE ? payload : houseOf(puzzle, cell, rule - RULE.HIDDEN_SINGLE_ROW);
          return `${X} must be ${d}: it is the only place for ${d} in ${houseName(house, n)}`;
        }
        default: return `${X} is ${d} (${RULE_LABELS[RULES[rule]] ?? "placed"})`;
      }
    case KIND.ELIMINATE: {
      const head = `${d} removed from ${X}`;
      switch (rule) {
        case RULE.PEER:
          if (tag === VIA.CELL) {
            return `${head}: ${cellName(payload, n)} is ${d} (${sharedHouse(puzzle, cell, payload)})`;
          }
          return `${head}: a peer is ${d}`;
        case RULE.RELATION: {
          const r = tag === VIA.RELATION ? puzzle.relations[payload] : undefined;
          if (!r) return `${head}: an inequality rules it out`;
          const [lo, hi] = [cellName(r.lo, n), cellName(r.hi, n)];
          const rel = `${lo} < ${hi}`;
          if (cell === r.lo) return `${head}: ${bound(hi, before.mask(r.hi), "max")} and ${rel}`;
          return `${head}: ${bound(lo, before.mask(r.lo), "min")} and ${rel}`;
        }
        case RULE.LOCKED_CANDIDATES: {
          if (tag !== VIA.CONFINED) return `${head}: locked candidates`;
          const [house, to] = [payload & 0xff, payload >>> 8];
          return `${head}: in ${houseName(house, n)}, ${d} can only be in ${houseName(to, n)}`;
        }
        case RULE.REFUTATION: {
          const u = before.undone;
          if (u && u.guess >= 0 && trace.cell(u.guess) === cell && trace.digit(u.guess) === digit) {
            const trying = trace.rule(u.guess) === RULE.PROBE ? "trying " : "";
            return `${head}: ${trying}${X} = ${d} ${branchEnd(u.endedBy)}`;
          }
          return `${head}: trying it led to a contradiction`;
        }
        case RULE.DISJUNCTION: {
          const other = tag === VIA.CELL ? cellName(payload, n) : "another cell";
          return `${head}: every candidate of ${other}, tried in turn, rules it out`;
        }
        default:
          return `${head} (${RULE_LABELS[RULES[rule]] ?? "eliminated"})`;
      }
    }
    case KIND.GUESS: {
      if (rule === RULE.PROBE) return `try ${X} = ${d}`;
      // Candidates are known only when every elimination is recorded.
      if (trace.level !== "full") return `guess ${X} = ${d}`;
      const count = popcount(before.mask(cell));
      return `guess ${X} = ${d} (${count} candidate${count === 1 ? "" : "s"})`;
    }
    case KIND.BACKTRACK: {
      const g = before.openGuess();
      if (g < 0) return "backtrack";
      if (trace.rule(g) === RULE.PROBE) return `backtrack: the trial ${guessText(trace, g, n)} is over`;
      return `backtrack: undo ${guessText(trace, g, n)}`;
    }
    case KIND.CONTRADICTION: {
      let what;
      if (tag === VIA.HOUSE) what = `${d} has no place left in ${houseName(payload, n)}`;
      else if (tag === VIA.CELL) what = `${cellName(payload, n)} has no candidate left`;
      else if (X) what = `${X} has no candidate left`;
      else what = "no way forward";
      const g = before.openGuess();
      if (g < 0) return `contradiction: ${what}`;
      const trying = trace.rule(g) === RULE.PROBE ? "trying " : "";
      return `${trying}${guessText(trace, g, n)} led to a contradiction: ${what}`;
    }
    case KIND.SOLUTION:
      return before.solutions === 0 ? "solution found" : `solution ${before.solutions + 1} found: the puzzle has several solutions`;
    default:
      return KINDS[kind] ?? "event";
  }
}

/** Tone of an event, for highlighting. */
export function toneOf(trace, index) {
  const kind = trace.kind(index);
  return ["info", "place", "eliminate", "guess", "backtrack", "contradiction", "solution"][kind] ?? "info";
}

/**
 * What the board highlights for event `index`, given `before` (a Replay at `index`):
 * `{cells, houses, relations, removed, tone}` with cell indices, house numbers and edge keys.
 */
export function focus(trace, index, before, puzzle) {
  const n = puzzle.size;
  const kind = trace.kind(index);
  const rule = trace.rule(index);
  const cell = trace.cell(index);
  const tag = trace.viaTag(index);
  const payload = trace.viaPayload(index);
  const out = { cells: [], houses: [], relations: [], removed: null, tone: toneOf(trace, index) };
  if (cell < n * n) out.cells.push(cell);
  if (kind === KIND.ELIMINATE) out.removed = { cell, digit: trace.digit(index) };
  if (tag === VIA.CELL && payload < n * n && payload !== cell) out.cells.push(payload);
  if (tag === VIA.HOUSE) out.houses.push(payload);
  if (tag === VIA.CONFINED) out.houses.push(payload & 0xff, payload >>> 8);
  if (tag === VIA.RELATION && puzzle.relations[payload]) {
    const r = puzzle.relations[payload];
    out.relations.push(r.edge);
    out.cells.push(r.lo === cell ? r.hi : r.lo);
  }
  if (kind === KIND.ELIMINATE && rule === RULE.PEER && tag === VIA.CELL) {
    // The house the cell shares with the peer that holds the digit.
    const type = ["same row", "same column", "same block"].indexOf(sharedHouse(puzzle, cell, payload));
    if (type < 2 || puzzle.block) out.houses.push(houseOf(puzzle, cell, type));
  }
  if ((kind === KIND.CONTRADICTION || kind === KIND.BACKTRACK) && before.openGuess() >= 0) {
    out.cells.push(trace.cell(before.openGuess()));
  }
  return out;
}

// ───────────────────────────────────── cause chains ─────────────────────────────────────

/**
 * The event that took `digit` out of `cell` in the state at `position` (events [0, position)),
 * or -1 if it is still a candidate there. Walks back over the branches still open, skipping
 * closed ones (a backtrack at depth k hides everything since the guess that opened k).
 */
export function removalOf(trace, position, cell, digit) {
  let skip = -1; // depth of the closed branch being skipped, or -1
  for (let i = Math.min(position, trace.count) - 1; i >= 0; i--) {
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

/** Event indices from `index` back along the causes, at most `limit` long. */
export function causeChain(trace, index, limit = 40) {
  const chain = [];
  for (let i = index; i >= 0 && i < trace.count && chain.length < limit; ) {
    chain.push(i);
    const cause = trace.cause(i);
    if (cause === NO_CAUSE || cause >= i) break;
    i = cause;
  }
  return chain;
}

/** Digits of a solution as numbers, from the text or array wasm returns in `alphabet`. */
export function solutionDigits(solution, alphabet = "digits") {
  if (Array.isArray(solution)) return solution.map(Number);
  const table = {
    digits: "123456789", numbers: "123456789", letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    alnum: "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", hex: "0123456789ABCDEF",
  }[alphabet] ?? "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return Array.from(String(solution), (ch) => table.indexOf(ch.toUpperCase()) + 1);
}

/**
 * The alphabet wasm writes answers in for a puzzle read in `alphabet` (mirrors
 * `answer_alphabet` in src/wasm.rs): the puzzle's own when it can write every digit, else
 * 1-9A-Z above 9, else digits.
 */
export function answerAlphabet(alphabet, size) {
  const fits = { digits: size <= 9, letters: size <= 26, alnum: size <= 35, hex: size === 16 };
  if (alphabet && alphabet !== "numbers" && fits[alphabet]) return alphabet;
  return size > 9 && size <= 35 ? "alnum" : "digits";
}
