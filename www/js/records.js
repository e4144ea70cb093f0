//! Event records of a solver trace: the decoder, the JavaScript mirror of the record layout
//! in src/trace/mod.rs (tests/golden keeps the two in step). No DOM: runs in Node, in a worker
//! and in the page.
//!
//! One event = 5 little-endian u32 words (the one definition is the module doc of
//! src/trace/mod.rs):
//!
//! ```text
//!  word 0  seq ─────────────────────────────────────────────── 0..31
//!  word 1  depth (16..31) │ rule (8..15, 255 none) │ kind (0..7)
//!  word 2  0 (24..31) │ digit (16..23, 0 none) │ cell (0..15, 65535 none)
//!  word 3  cause: seq of the event that made this one possible (0xFFFFFFFF none)
//!  word 4  via tag (24..31) │ via payload (0..23)
//!          tag 0 nothing · 1 cell · 2 house · 3 relation · 4 confined (house | to << 8)
//!          · 5 technique (its number in TECHNIQUES) · 6 marker (a marker rule: its index in
//!          `Puzzle::pair_rules`, the puzzle's markers first, then the negative constraint's
//!          unmarked pairs in reading order)
//! ```
//!
//! Beside the records, a batch carries a premise table (`premises` of `Solver.advance`): for
//! each event with two premises or more, in seq order, the entry
//!
//! ```text
//!  seq │ count │ p1 │ … │ p_count        ascending, distinct, each < seq; p_count = cause
//! ```
//!
//! The premises of any other event are `[cause]`, or `[]` when it has no cause. Only the
//! "full" level gives complete lists; below it a list names the latest recorded events behind
//! the unrecorded ones.

export const RECORD_WORDS = 5;
export const NO_CAUSE = 0xffffffff;
export const NO_CELL = 0xffff;
export const NO_RULE = 0xff;

/** Event kinds by number (word 1, bits 0..7). */
export const KINDS = ["round", "place", "eliminate", "guess", "backtrack", "contradiction", "solution"];
export const KIND = Object.freeze({
  ROUND: 0, PLACE: 1, ELIMINATE: 2, GUESS: 3, BACKTRACK: 4, CONTRADICTION: 5, SOLUTION: 6,
});

/** Rules by number (word 1, bits 8..15): `Rule` in src/search/stats.rs. */
export const RULES = [
  "given", "peer", "naked_single", "hidden_single_row", "hidden_single_column",
  "hidden_single_block", "relation", "guess", "refutation", "locked_candidates",
  "disjunction", "probe", "technique", "marker", "negative",
];
export const RULE = Object.freeze({
  GIVEN: 0, PEER: 1, NAKED_SINGLE: 2, HIDDEN_SINGLE_ROW: 3, HIDDEN_SINGLE_COLUMN: 4,
  HIDDEN_SINGLE_BLOCK: 5, RELATION: 6, GUESS: 7, REFUTATION: 8, LOCKED_CANDIDATES: 9,
  DISJUNCTION: 10, PROBE: 11, TECHNIQUE: 12, MARKER: 13, NEGATIVE: 14,
});

/** Via tags (word 4, bits 24..31). */
export const VIA = Object.freeze({
  NOTHING: 0, CELL: 1, HOUSE: 2, RELATION: 3, CONFINED: 4, TECHNIQUE: 5, MARKER: 6,
});

/**
 * The named techniques of the logic engine by number (the payload of a technique via):
 * `[name, title, what the pattern is]`, `Technique` in src/logic/mod.rs, simplest first.
 */
export const TECHNIQUES = [
  ["full_house", "full house", "the last open cell of a house takes the digit the house lacks"],
  ["hidden_single", "hidden single", "the digit has one place left in a house"],
  ["chain_bound", "chain bound", "a chain of cells each below the next pins the range of every cell on it"],
  ["direct_pointing", "direct pointing", "a pointing leaves the digit one place in another block the line crosses, so it goes there"],
  ["relation_bound", "relation bound", "a < b: b is above the smallest candidate of a, a below the largest of b"],
  ["marker_bound", "marker bound", "a marker (dot, X, V) joins two cells: a digit leaves one when no candidate of the other goes with it"],
  ["direct_claiming", "direct claiming", "a claiming leaves the digit one place in another line through the block, so it goes there"],
  ["negative_bound", "negative bound", "an unmarked pair under the negative constraint is not so related: a digit leaves one when every candidate of the other would be"],
  ["direct_hidden_pair", "direct hidden pair", "a hidden pair's cells hold nothing else, which leaves another digit one place in the house, so it goes there"],
  ["naked_single", "naked single", "the cell has one candidate left"],
  ["direct_hidden_triple", "direct hidden triple", "a hidden triple's cells hold nothing else, which leaves another digit one place in the house, so it goes there"],
  ["marker_pair", "marker pair", "a cell joined by markers to two cells that see each other: a digit leaves it when both would need the same digit"],
  ["pointing", "pointing", "in a block the digit's places lie in one row or column, so it leaves the rest of that line"],
  ["claiming", "claiming", "in a row or column the digit's places lie in one block, so it leaves the rest of that block"],
  ["house_bound", "house bound", "cells of one house that must all be below a cell hold different digits, so the cell is above as many"],
  ["naked_pair", "naked pair", "two cells of a house hold the same two candidates, so those digits leave the house's other cells"],
  ["ordered_subset", "ordered subset", "a naked subset whose cells are ordered by relations: each cell's digit is fixed by its rank"],
  ["x_wing", "X-wing", "a digit's places in two rows lie in two columns (or the reverse), so it leaves the rest of those lines"],
  ["hidden_pair", "hidden pair", "two digits have the same two places in a house, so those cells hold nothing else"],
  ["naked_triple", "naked triple", "three cells of a house hold three digits between them, so those digits leave the house's other cells"],
  ["swordfish", "swordfish", "a digit's places in three rows lie in three columns (or the reverse), so it leaves the rest of those lines"],
  ["hidden_triple", "hidden triple", "three digits have the same three places in a house, so those cells hold nothing else"],
  ["skyscraper", "skyscraper", "two lines with two places each for a digit, one end of each in line: a cell that sees both other ends loses it"],
  ["two_string_kite", "two-string kite", "a row pair and a column pair of a digit joined in a block: a cell that sees both free ends loses it"],
  ["xy_wing", "XY-wing", "a pivot {x, y} sees {x, z} and {y, z}: z leaves every cell that sees both pincers"],
  ["empty_rectangle", "empty rectangle", "a digit's places in a block form a cross, joined to a pair in a line outside it"],
  ["xyz_wing", "XYZ-wing", "a pivot {x, y, z} sees {x, z} and {y, z}: z leaves every cell that sees all three"],
  ["w_wing", "W-wing", "two {x, w} cells joined by a strong link on x: w leaves every cell that sees both"],
  ["finned_x_wing", "finned X-wing", "an X-wing with extra places (fins) in one block: what the fins also see loses the digit"],
  ["unique_rectangle", "unique rectangle", "four cells in two rows, columns and blocks all hold a and b: they must not end as only a and b, which could be swapped (a puzzle with one solution only)"],
  ["naked_quad", "naked quad", "four cells of a house hold four digits between them, so those digits leave the house's other cells"],
  ["sue_de_coq", "Sue de Coq", "cells where a line meets a block hold N+2 digits, shared out with disjoint cells of the rest of the line and of the block"],
  ["jellyfish", "jellyfish", "a digit's places in four rows lie in four columns (or the reverse), so it leaves the rest of those lines"],
  ["finned_swordfish", "finned swordfish", "a swordfish with fins in one block: what the fins also see loses the digit"],
  ["hidden_quad", "hidden quad", "four digits have the same four places in a house, so those cells hold nothing else"],
  ["finned_jellyfish", "finned jellyfish", "a jellyfish with fins in one block: what the fins also see loses the digit"],
  ["bug_plus_one", "BUG+1", "every open cell has two candidates but one with three: it takes the digit with three places in its houses (a puzzle with one solution only)"],
  ["simple_colours", "simple colours", "a digit's strong links coloured in two colours: a colour that sees itself is false, a place that sees both colours loses the digit"],
  ["wxyz_wing", "WXYZ-wing", "four cells with four digits between them, all but z confined to cells that see each other: z leaves what sees all its places"],
  ["multi_colours", "multi colours", "two colour clusters of a digit: a colour of one that sees a colour of the other makes one of their opposites true"],
  ["als_xz", "ALS-XZ", "two almost locked sets joined by a restricted common digit x: a digit z of both leaves what sees all its places in them"],
  ["als_xy_wing", "ALS-XY-wing", "two almost locked sets each joined to a third by a different restricted common digit: a digit of both leaves what sees all its places in them"],
  ["x_chain", "X-chain", "a chain of strong and weak links on one digit: one of its two ends holds it"],
  ["xy_chain", "XY-chain", "a chain of two-candidate cells: one of its two ends holds the digit"],
  ["als_chain", "ALS chain", "almost locked sets in a chain, each joined to the next by a restricted common digit unlike the one before: a digit of both ends leaves what sees all its places in them"],
  ["death_blossom", "death blossom", "a stem cell each of whose candidates locks an almost locked set (a petal): a digit of every petal leaves what sees all its places in them"],
  ["aic", "alternating inference chain", "a chain of strong and weak links over digits, cells, groups and relations: one of its two ends is true"],
  ["franken_fish", "Franken fish", "two to four rows (or columns) and blocks whose places of a digit lie in as many columns (or rows) and blocks: the digit leaves their other cells (with fins: those that see every fin)"],
  ["mutant_fish", "mutant fish", "a fish of two to four houses whose base or cover mixes rows and columns: the digit leaves the cover houses' other cells (with fins: those that see every fin)"],
  ["nishio", "nishio", "one digit in one cell, followed on that digit alone, leaves a house without a place for it: it leaves the cell"],
  ["forcing_chain", "forcing chain", "chains of single implications from an assumption: one that contradicts itself, or a fact every candidate of a cell (or place of a digit) forces"],
  ["dynamic_forcing_chain", "dynamic forcing chain", "forcing chains whose facts may rest on several earlier ones (nets): a last candidate after the others were ruled out along the way"],
];

/** Human names of the rules, for the statistics panel. */
export const RULE_LABELS = {
  given: "given", peer: "peer", naked_single: "naked single",
  hidden_single_row: "hidden single (row)", hidden_single_column: "hidden single (column)",
  hidden_single_block: "hidden single (block)", relation: "relation", guess: "guess",
  refutation: "refutation", locked_candidates: "locked candidates",
  disjunction: "disjunction", probe: "probe", technique: "named technique",
  marker: "marker", negative: "negative constraint",
};

/**
 * Throws unless `layout` (the wasm module's `layout()`) describes the layout mirrored here.
 */
export function checkLayout(layout) {
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const techniques = TECHNIQUES.map(([name]) => name);
  if (layout.recordWords !== RECORD_WORDS || !same(layout.kinds, KINDS) || !same(layout.rules, RULES)
      || !same(layout.techniques, techniques)) {
    throw new Error("the wasm module's event layout differs from www/js/records.js");
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
    case VIA.TECHNIQUE: return { technique: TECHNIQUES[payload]?.[0] ?? payload };
    case VIA.MARKER: return { marker: payload };
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

/**
 * Walks a premise table (a Uint32Array or an array of numbers), checking its shape — entries
 * in seq order, each of two premises or more, ascending, below its seq, within the table —
 * and calls `visit(seq, offset, count)` for each entry: its premises are
 * `table[offset + 2 .. offset + 2 + count]`. Throws on the first fault.
 */
export function walkPremises(table, visit) {
  let previous = -1;
  for (let at = 0; at < table.length;) {
    const seq = table[at] >>> 0;
    if (at + 1 >= table.length) throw new Error(`the premise entry of event ${seq} has no count`);
    const count = table[at + 1] >>> 0;
    if (seq <= previous) throw new Error(`the premise entry of event ${seq} is out of seq order`);
    if (count < 2) throw new Error(`event ${seq} has a premise entry of ${count}: one premise is the cause`);
    if (at + 2 + count > table.length) throw new Error(`the premise entry of event ${seq} is cut short`);
    for (let k = 0; k < count; k++) {
      const p = table[at + 2 + k] >>> 0;
      if (p >= seq) throw new Error(`event ${seq} names a later premise ${p}`);
      if (k > 0 && p <= table[at + 1 + k] >>> 0) throw new Error(`the premises of event ${seq} are not ascending`);
    }
    visit(seq, at, count);
    previous = seq;
    at += 2 + count;
  }
}

/** Decodes a premise table into its entries, `[{seq, premises: [p1, …]}]` (see `walkPremises`). */
export function decodePremises(table) {
  const entries = [];
  walkPremises(table, (seq, at, count) => {
    entries.push({ seq, premises: Array.from(table.slice(at + 2, at + 2 + count), (p) => p >>> 0) });
  });
  return entries;
}

/**
 * The premises of each of `events` (decoded records of one batch, or of a whole trace, in seq
 * order) by the reader rule: its entry in `table`, else `[cause]`, else `[]`. Throws when an
 * entry names an event not among them or does not end at its cause.
 */
export function premisesOfAll(events, table) {
  const lists = events.map((e) => (e.cause === null ? [] : [e.cause]));
  const first = events.length ? events[0].seq : 0;
  for (const { seq, premises } of decodePremises(table)) {
    const i = seq - first;
    if (i < 0 || i >= events.length) throw new Error(`a premise entry of event ${seq}, which is not among the events`);
    if (premises.at(-1) !== events[i].cause) throw new Error(`event ${seq}: the cause is not the latest premise`);
    lists[i] = premises;
  }
  return lists;
}

/** Reads little-endian u32 words from bytes (a Node Buffer or an ArrayBuffer view). */
export function wordsOfBytes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = new Uint32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}
