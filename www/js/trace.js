//! The trace store: every record of one trace and its premise lists, appended batch by batch
//! as the worker streams them, with the markers the timeline draws. No DOM.

import { KIND, NO_CAUSE, RECORD_WORDS, decodeRecord, walkPremises } from "./records.js";

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

/**
 * Every record of one trace, appended batch by batch; event `i` has `seq` `i`. Also keeps,
 * per marker kind, the indices of its events (for the timeline), and the premise lists of
 * the events with two premises or more: their table entries one after another in one typed
 * array, found through a sorted array of entry offsets (nothing per event: a trace reaches
 * 10 M events, and most have one premise, the cause, already in the record).
 */
export class Trace {
  /** @param {string} level the trace's level: below "full" eliminations are not recorded. */
  constructor(level = "full") {
    this.level = level;
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

