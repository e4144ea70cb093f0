//! The trace store: every record of one trace and its premise lists, appended batch by batch
//! as the worker streams them, with the markers the timeline draws. No DOM.

import { KIND, NO_CAUSE, RECORD_WORDS, RULE, TECHNIQUES, VIA, decodeRecord, walkPremises } from "./records.js";

const NO_PREMISES = new Uint32Array(0);

/** A copy of `words` (a Uint32Array) grown to hold at least `need` words. */
function grown(words, used, need) {
  if (need <= words.length) return words;
  const bigger = new Uint32Array(Math.max(need, words.length * 2));
  bigger.set(words.subarray(0, used));
  return bigger;
}

/** The first index in `0..length` at which `below(index)` turns false (binary search: it must be true, then false). */
function firstNotBelow(length, below) {
  let lo = 0, hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (below(mid)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Marker kinds drawn on the timeline. */
export const MARKER_KINDS = ["guess", "contradiction", "backtrack", "solution"];

/** Kinds after which no step begun before is joined again (`is_decision` in src/trace). */
const DECISIONS = new Set([KIND.GUESS, KIND.BACKTRACK, KIND.CONTRADICTION, KIND.SOLUTION]);

/**
 * Every record of one trace, appended batch by batch; event `i` has `seq` `i`. Also keeps,
 * per marker kind, the indices of its events (for the timeline), and the premise lists of
 * the events with two premises or more: their table entries one after another in one typed
 * array, found through a sorted array of entry offsets (nothing per event: a trace reaches
 * 10 M events, and most have one premise, the cause, already in the record).
 *
 * # Positions and the play order
 *
 * Playback counts *positions*: position `p` is the state after the first `p` events of the
 * play order. In `event` order that is `seq` order (`at(p) === p`). In `step` order (the
 * default when the trace has steps) it is the order of src/trace/steps.rs: steps by number,
 * the events of a step by `seq`, so each step is one run of positions and a step's effects
 * come right after its reason. The two orders put every guess, backtrack, contradiction and
 * solution at the same position (no step crosses one), so the markers are positions in
 * both. While the trace streams, positions up to the last such event are final (`ready`);
 * the events after it are ordered by `finish()` or when the next one comes.
 */
export class Trace {
  /**
   * @param {string} level the trace's level: below "full" eliminations are not recorded.
   * @param {{order?: "step" | "event"}} options the play order (see the class docs).
   */
  constructor(level = "full", { order = "step" } = {}) {
    this.level = level;
    this.order = order === "event" ? "event" : "step";
    this.words = new Uint32Array(RECORD_WORDS * 4096);
    this.count = 0;
    this.markers = { guess: [], contradiction: [], backtrack: [], solution: [] };
    /** The premise entries (`seq, count, p1, …`), `premiseLength` words used. */
    this.premiseWords = new Uint32Array(4096);
    this.premiseLength = 0;
    /** The offset of each entry in `premiseWords`, in seq order; `entries` used. */
    this.entryAt = new Uint32Array(1024);
    this.entries = 0;
    /**
     * The step of each event (`Solver.advance`'s `steps`; the crate's `trace::Steps`), and
     * the first event of each step, `stepCount` of them; a trace appended without steps has
     * none (`hasSteps` false).
     */
    this.stepOf = new Uint32Array(4096);
    this.stepHeads = new Uint32Array(1024);
    this.stepCount = 0;
    this.hasSteps = true;
    /**
     * Step order: the seq at each position and the position of each seq, for positions
     * `0..ready`; `stepStarts[k]` is the first position of step `k`, for `k <= closedSteps`
     * (`stepStarts[closedSteps]` is `ready`).
     */
    this.seqAt = new Uint32Array(0);
    this.positionAt = new Uint32Array(0);
    this.stepStarts = new Uint32Array(1024);
    this.closedSteps = 0;
    this.ordered = 0;
    this.finished = false;
    /**
     * The technique instances by their first event's seq: `{sentence, pattern, branches, als,
     * fins}` (`Batch.notes`; `fins`: a fish's fins, cell indices among `pattern`, [] for
     * other steps).
     */
    this.notes = new Map();
  }

  /**
   * The named techniques of the trace (the logic engine's), in the library's order:
   * `[{name, title, steps, removals}]`, a step being one instance with all its removals.
   */
  techniqueCounts() {
    const steps = new Map();
    const removals = new Map();
    for (let i = 0; i < this.count; i++) {
      if (this.rule(i) !== RULE.TECHNIQUE || this.viaTag(i) !== VIA.TECHNIQUE) continue;
      const t = this.viaPayload(i);
      removals.set(t, (removals.get(t) ?? 0) + 1);
      const k = this.step(i);
      if (k < 0 || this.stepHeads[k] === i) steps.set(t, (steps.get(t) ?? 0) + 1);
    }
    return TECHNIQUES.flatMap(([name, title], t) =>
      (removals.has(t) ? [{ name, title, steps: steps.get(t) ?? 0, removals: removals.get(t) }] : []));
  }

  /** Keeps the technique instances of a batch (`notes` of `Solver.advance`). */
  addNotes(notes = []) {
    for (const n of notes) {
      this.notes.set(n.seq, {
        sentence: n.sentence, pattern: Array.from(n.pattern), branches: Array.from(n.branches ?? []), als: typeof n.als === "string" ? n.als : "",
        fins: Array.from(n.fins ?? []),
      });
    }
  }

  /** Whether positions run step by step (`order` "step" on a trace with steps). */
  get byStep() {
    return this.order === "step" && this.hasSteps;
  }

  /** Positions playable now: in step order those up to the last decision, until `finish()`. */
  get ready() {
    return this.byStep ? this.ordered : this.count;
  }

  /** The seq of the event at position `p` (`0 <= p < ready`). */
  at(p) {
    return this.byStep ? this.seqAt[p] : p;
  }

  /** The position of event `seq` in the play order (`seq` itself beyond `ready`). */
  positionOf(seq) {
    return this.byStep && seq < this.ordered ? this.positionAt[seq] : seq;
  }

  /** Says no more events come: the last events are ordered (every position is ready). */
  finish() {
    this.finished = true;
    if (this.byStep) this.orderUpTo(this.count);
  }

  /**
   * Orders the events `ordered..end` (no step of which reaches past `end`) by step, then
   * seq: a counting sort, as their steps are a run of numbers from the first one's.
   */
  orderUpTo(end) {
    const from = this.ordered;
    if (end <= from) return;
    this.seqAt = grown(this.seqAt, from, end);
    this.positionAt = grown(this.positionAt, from, end);
    const first = this.stepOf[from];
    let last = first;
    for (let i = from; i < end; i++) if (this.stepOf[i] > last) last = this.stepOf[i];
    const slots = new Uint32Array(last - first + 2);
    for (let i = from; i < end; i++) slots[this.stepOf[i] - first + 1]++;
    this.stepStarts = grown(this.stepStarts, this.closedSteps + 1, last + 2);
    for (let k = 0; k <= last - first; k++) {
      slots[k + 1] += slots[k];
      this.stepStarts[first + k] = from + slots[k];
    }
    for (let i = from; i < end; i++) {
      const p = from + slots[this.stepOf[i] - first]++;
      this.seqAt[p] = i;
      this.positionAt[i] = p;
    }
    this.ordered = end;
    this.closedSteps = last + 1;
    this.stepStarts[this.closedSteps] = end;
  }

  /**
   * How many steps are complete at position `p` (`0..ready`): in step order the steps that
   * end at or before it; in event order the steps begun before it.
   */
  stepsAt(p) {
    if (!this.hasSteps || p <= 0) return 0;
    if (!this.byStep) return this.stepsBefore(p);
    return firstNotBelow(this.closedSteps, (k) => this.stepStarts[k + 1] <= p);
  }

  /** The step of the event at position `p`, or -1 without steps. */
  stepAtPosition(p) {
    return this.hasSteps && p >= 0 && p < this.ready ? this.stepOf[this.at(p)] : -1;
  }

  /** The first position of step `k` (in step order, `k <= closedSteps`). */
  stepStart(k) {
    return this.stepStarts[Math.min(k, this.closedSteps)];
  }

  /** The position after the last event of step `k` (in step order). */
  stepEnd(k) {
    return this.stepStarts[Math.min(k + 1, this.closedSteps)];
  }

  /**
   * The play positions of step `k`: `[from, to)` (in event order, the positions of its events
   * are not a run: `from`..`to` spans them, and `events(k)` lists them).
   */
  stepRange(k) {
    if (this.byStep) return [this.stepStart(k), this.stepEnd(k)];
    const from = this.stepHeads[k];
    let to = from + 1;
    while (to < this.count && this.stepOf[to] <= k) to++;
    return [from, to];
  }

  /** The seqs of the events of step `k` up to position `upTo`, ascending. */
  stepEvents(k, upTo = this.ready) {
    const [from, to] = this.stepRange(k);
    const out = [];
    for (let p = from; p < Math.min(to, upTo); p++) {
      const i = this.at(p);
      if (this.stepOf[i] === k) out.push(i);
    }
    return out;
  }

  /**
   * The step boundary at or after position `p` (the position the playback stops at, by
   * step), capped at `ready`; `p` itself in event order.
   */
  boundary(p) {
    if (!this.byStep || p <= 0) return Math.max(0, Math.min(p, this.ready));
    if (p >= this.ready) return this.ready;
    return this.stepEnd(this.stepOf[this.at(p - 1)]);
  }

  /**
   * Appends a batch of records whose first `seq` is `firstSeq` (must follow on) with its
   * premise table (`premises` of `Solver.advance`; left out, every event's premises are its
   * cause) and the step of each record (`steps`; left out, the trace has no steps). Throws,
   * storing nothing, when the table or the steps do not fit the records.
   */
  append(records, firstSeq = this.count, premises = NO_PREMISES, steps = null) {
    if (firstSeq !== this.count) {
      throw new Error(`a batch starting at event ${firstSeq} does not follow event ${this.count - 1}`);
    }
    const n = records.length / RECORD_WORDS;
    let entries = 0;
    walkPremises(premises, (seq, at, count) => {
      if (seq < firstSeq || seq >= firstSeq + n) {
        throw new Error(`a premise entry of event ${seq}, outside the batch of events ${firstSeq} to ${firstSeq + n - 1}`);
      }
      if (records[(seq - firstSeq) * RECORD_WORDS + 3] >>> 0 !== premises[at + 1 + count] >>> 0) {
        throw new Error(`event ${seq}: the cause is not the latest premise`);
      }
      entries += 1;
    });
    if (steps) {
      if (!this.hasSteps && this.count) throw new Error("a batch with steps after one without");
      if (steps.length !== n) throw new Error(`${steps.length} steps for ${n} events`);
      // A step is new when it is the next number: its head is this event.
      for (let i = 0, next = this.stepCount; i < n; i++) {
        if (steps[i] > next) throw new Error(`event ${firstSeq + i} is in step ${steps[i]}, which has not begun: the next step is ${next}`);
        if (steps[i] === next) next++;
      }
    } else if (n) {
      this.hasSteps = false;
    }
    this.words = grown(this.words, this.count * RECORD_WORDS, (this.count + n) * RECORD_WORDS);
    this.words.set(records, this.count * RECORD_WORDS);
    if (entries) {
      this.premiseWords = grown(this.premiseWords, this.premiseLength, this.premiseLength + premises.length);
      this.premiseWords.set(premises, this.premiseLength);
      this.entryAt = grown(this.entryAt, this.entries, this.entries + entries);
      for (let at = 0; at < premises.length; at += 2 + premises[at + 1]) {
        this.entryAt[this.entries++] = this.premiseLength + at;
      }
      this.premiseLength += premises.length;
    }
    if (steps && this.hasSteps) {
      this.stepOf = grown(this.stepOf, this.count, this.count + n);
      this.stepOf.set(steps, this.count);
      for (let i = 0; i < n; i++) {
        if (steps[i] !== this.stepCount) continue;
        this.stepHeads = grown(this.stepHeads, this.stepCount, this.stepCount + 1);
        this.stepHeads[this.stepCount++] = this.count + i;
      }
    }
    let lastDecision = -1;
    for (let i = 0; i < n; i++) {
      const k = records[i * RECORD_WORDS + 1] & 0xff;
      if (DECISIONS.has(k)) lastDecision = this.count + i;
      if (k === KIND.GUESS) this.markers.guess.push(this.count + i);
      else if (k === KIND.CONTRADICTION) this.markers.contradiction.push(this.count + i);
      else if (k === KIND.BACKTRACK) this.markers.backtrack.push(this.count + i);
      else if (k === KIND.SOLUTION) this.markers.solution.push(this.count + i);
    }
    this.count += n;
    // Every step begun before the last decision is closed: order up to it.
    if (this.byStep && lastDecision >= 0) this.orderUpTo(lastDecision);
  }

  kind(i) { return this.words[i * RECORD_WORDS + 1] & 0xff; }
  rule(i) { return (this.words[i * RECORD_WORDS + 1] >>> 8) & 0xff; }
  depth(i) { return this.words[i * RECORD_WORDS + 1] >>> 16; }
  cell(i) { return this.words[i * RECORD_WORDS + 2] & 0xffff; }
  digit(i) { return (this.words[i * RECORD_WORDS + 2] >>> 16) & 0xff; }
  cause(i) { return this.words[i * RECORD_WORDS + 3]; }
  viaTag(i) { return this.words[i * RECORD_WORDS + 4] >>> 24; }
  viaPayload(i) { return this.words[i * RECORD_WORDS + 4] & 0xffffff; }

  /** The step of event `i` (see the constructor), or -1 when the trace has no steps. */
  step(i) { return this.hasSteps && i < this.count ? this.stepOf[i] : -1; }

  /** How many steps the events before `position` began (0 without steps). */
  stepsBefore(position) {
    if (!this.hasSteps) return 0;
    return firstNotBelow(this.stepCount, (k) => this.stepHeads[k] < position);
  }

  /** Event `i` decoded (see `decodeRecord`). */
  event(i) { return decodeRecord(this.words, i * RECORD_WORDS); }

  /**
   * The seqs of every event that event `i` rests on, ascending (a new array): its premise
   * list if it has two premises or more, else its cause, else none.
   */
  premises(i) {
    const lo = firstNotBelow(this.entries, (k) => this.premiseWords[this.entryAt[k]] < i);
    if (lo < this.entries) {
      const at = this.entryAt[lo];
      if (this.premiseWords[at] === i) return Array.from(this.premiseWords.subarray(at + 2, at + 2 + this.premiseWords[at + 1]));
    }
    const cause = this.cause(i);
    return cause === NO_CAUSE ? [] : [cause];
  }

  /** The first marker index ≥ `from` of any of `kinds`, or -1. */
  nextMarker(from, kinds = MARKER_KINDS) {
    let best = -1;
    for (const k of kinds) {
      const list = this.markers[k];
      const lo = firstNotBelow(list.length, (m) => list[m] < from);
      if (lo < list.length && (best < 0 || list[lo] < best)) best = list[lo];
    }
    return best;
  }

  /** The last marker index < `before` of any of `kinds`, or -1. */
  previousMarker(before, kinds = MARKER_KINDS) {
    let best = -1;
    for (const k of kinds) {
      const list = this.markers[k];
      const lo = firstNotBelow(list.length, (m) => list[m] < before);
      if (lo > 0 && list[lo - 1] > best) best = list[lo - 1];
    }
    return best;
  }
}

