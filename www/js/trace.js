//! The trace store: every record of one trace, appended batch by batch as the worker streams
//! them, with the markers the timeline draws. No DOM.

import { KIND, RECORD_WORDS, decodeRecord } from "./records.js";

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

