//! The puzzle model of the page: sizes, kinds, cells, relations, and the bridge to the wasm JSON model.
//!
//! ```js
//! { size: 9, kind: "inequality", givens: [0, 5, …] /* N², 0 = empty */,
//!   relations: Map { "r1c1-r1c2" => "<" },      // left/upper cell first; "<": first < second
//!   markers: Map { "r4c5-r4c6" => "white" },    // Kropki dots, X, V…: MARKER tokens
//!   negative: ["black", "white"],               // kinds whose negative constraint holds
//!   alphabet: "letters" /* optional: how the puzzle was written, kept for export */ }
//! ```
//!
//! A gap holds a sign or a marker, not both (the module would take both; the page draws one).

import { blockShape, cellIndex, cellName } from "./geometry.js";

export { blockShape, cellIndex, cellName };

/** The kinds, in the words of the vocabulary. */
export const KINDS = ["classic", "inequality", "futoshiki"];

/** Sizes with blocks (classic and inequality). */
export const BLOCK_SIZES = [4, 6, 8, 9, 12, 16, 25];

/** Futoshiki (Latin square) sizes. */
export const LATIN_SIZES = Array.from({ length: 23 }, (_, i) => i + 3);

/** The sizes a kind allows. */
export function sizesFor(kind) {
  return kind === "futoshiki" ? LATIN_SIZES : BLOCK_SIZES;
}

/** True when the puzzle's houses include blocks. */
export function hasBlocks(model) {
  return model.kind !== "futoshiki" && blockShape(model.size) !== null;
}

/** True when the kind allows relations. */
export function allowsRelations(kind) {
  return kind !== "classic";
}

/**
 * What a click on a gap draws, by family: the signs, the Kropki dots, X and V. Each cycles
 * none → first → second → none (`nextGap`); `negative` is the family's negative constraint.
 */
export const GAP_FAMILIES = [
  { id: "signs", label: "Signs < >", cycle: ["<", ">"], negative: [] },
  { id: "kropki", label: "Kropki dots", cycle: ["white", "black"], negative: ["black", "white"] },
  { id: "xv", label: "X and V", cycle: ["X", "V"], negative: ["V", "X"] },
];

/**
 * A marker's token (`MarkerKind::token` in src/puzzle/markers.rs) as `{type, k}`: white is
 * a difference of 1, black a ratio of 2, X a sum of 10, V a sum of 5; null when not a marker.
 */
export function markerKind(token) {
  const named = { white: ["difference", 1], black: ["ratio", 2], x: ["sum", 10], v: ["sum", 5] };
  const text = String(token).trim().toLowerCase();
  if (named[text]) return { type: named[text][0], k: named[text][1] };
  const m = /^(difference|diff|ratio|sum):(\d+)$/.exec(text);
  if (!m || Number(m[2]) < 1) return null;
  return { type: m[1] === "diff" ? "difference" : m[1], k: Number(m[2]) };
}

/** The canonical token of a marker kind: "white", "black", "X", "V", else "difference:3" etc. */
export function markerToken({ type, k }) {
  if (type === "difference" && k === 1) return "white";
  if (type === "ratio" && k === 2) return "black";
  if (type === "sum" && k === 10) return "X";
  if (type === "sum" && k === 5) return "V";
  return `${type}:${k}`;
}

/** Whether digits `x` and `y` satisfy marker `token` (either order). */
export function markerHolds(token, x, y) {
  const kind = markerKind(token);
  if (!kind) return false;
  if (kind.type === "difference") return Math.abs(x - y) === kind.k;
  if (kind.type === "ratio") return x === kind.k * y || y === kind.k * x;
  return x + y === kind.k;
}

/** The marker in words: "white dot", "black dot", "X", "V", "difference of 3", "ratio of 3", "sum of 7". */
export function markerName(token) {
  const kind = markerKind(token);
  if (!kind) return String(token);
  const t = markerToken(kind);
  if (t === "white" || t === "black") return `${t} dot`;
  if (t === "X" || t === "V") return t;
  return `${kind.type} of ${kind.k}`;
}

/** What marker `token` says of its two digits: "consecutive", "one is double the other", "sum to 10". */
export function markerMeaning(token) {
  const kind = markerKind(token);
  if (!kind) return "";
  if (kind.type === "difference") return kind.k === 1 ? "consecutive digits" : `digits ${kind.k} apart`;
  if (kind.type === "ratio") return kind.k === 2 ? "one digit double the other" : `one digit ${kind.k} times the other`;
  return `digits summing to ${kind.k}`;
}

/** The marker families' kinds a puzzle's negative constraint names, in words: "consecutive", "double", "summing to 10". */
export function negativeWords(negative) {
  return negative.map((t) => {
    const kind = markerKind(t);
    if (!kind) return String(t);
    if (kind.type === "difference") return kind.k === 1 ? "consecutive" : `${kind.k} apart`;
    if (kind.type === "ratio") return kind.k === 2 ? "double" : `in ratio ${kind.k}`;
    return `summing to ${kind.k}`;
  });
}

/**
 * What the negative constraint says of two unmarked neighbours, as the end of a sentence
 * whose subject is the two digits: "are not consecutive or double", "do not sum to 5 or 10",
 * "are not consecutive, and do not sum to 10".
 */
export function negativePhrase(negative) {
  // In the engine's order of kinds: differences, ratios, sums, each by value.
  const rank = { difference: 0, ratio: 1, sum: 2 };
  const kinds = negative.map(markerKind).filter(Boolean).sort((a, b) => rank[a.type] - rank[b.type] || a.k - b.k);
  const sums = kinds.filter((k) => k.type === "sum").map((k) => k.k);
  const others = negativeWords(kinds.filter((k) => k.type !== "sum").map(markerToken));
  const or = (items) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);
  const parts = [];
  if (others.length) parts.push(`are not ${or(others)}`);
  if (sums.length) parts.push(`do not sum to ${or(sums.map(String))}`);
  return parts.join(", and ");
}

/** A puzzle with no givens, relations or markers. */
export function emptyModel(size, kind) {
  return { size, kind, givens: new Array(size * size).fill(0), relations: new Map(), markers: new Map(), negative: [] };
}

/** A deep copy. */
export function cloneModel(model) {
  const copy = {
    size: model.size,
    kind: model.kind,
    givens: model.givens.slice(),
    relations: new Map(model.relations),
    markers: new Map(model.markers ?? []),
    negative: (model.negative ?? []).slice(),
  };
  if (model.alphabet) copy.alphabet = model.alphabet;
  return copy;
}

/** True when two models describe the same puzzle (the alphabet is only a spelling). */
export function sameModel(a, b) {
  if (a.size !== b.size || a.kind !== b.kind || a.relations.size !== b.relations.size) return false;
  const [am, bm] = [a.markers ?? new Map(), b.markers ?? new Map()];
  const [an, bn] = [a.negative ?? [], b.negative ?? []];
  if (am.size !== bm.size || an.length !== bn.length) return false;
  for (let i = 0; i < a.givens.length; i++) if (a.givens[i] !== b.givens[i]) return false;
  for (const [key, rel] of a.relations) if (b.relations.get(key) !== rel) return false;
  for (const [key, token] of am) if (bm.get(key) !== token) return false;
  return an.every((t, i) => bn[i] === t);
}

/** True when the puzzle has markers between cells or a negative constraint. */
export function hasMarkers(model) {
  return (model.markers?.size ?? model.markers?.length ?? 0) > 0 || (model.negative?.length ?? 0) > 0;
}

function coordinates(cell, size) {
  if (typeof cell === "number") {
    return size > 0 && cell >= 0 && cell < size * size ? [Math.floor(cell / size), cell % size] : null;
  }
  const m = /^r(\d+)c(\d+)$/.exec(cell);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
}

/**
 * The edge key of two orthogonally adjacent cells, given as names (`"r1c2"`) or as indices
 * (then `size` is needed): `"r1c1-r1c2"`, left or upper cell first; `null` when not adjacent.
 */
export function edgeKey(a, b, size) {
  const p = coordinates(a, size);
  const q = coordinates(b, size);
  if (!p || !q) return null;
  const adjacent = Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) === 1;
  if (!adjacent) return null;
  const [first, second] = p[0] < q[0] || p[1] < q[1] ? [p, q] : [q, p];
  return `r${first[0] + 1}c${first[1] + 1}-r${second[0] + 1}c${second[1] + 1}`;
}

/** The two cell indices of an edge key, left/upper first; `null` when malformed. */
export function edgeCells(key, size) {
  const [a, b] = key.split("-");
  const i = cellIndex(a ?? "", size);
  const j = cellIndex(b ?? "", size);
  return i < 0 || j < 0 ? null : [i, j];
}

/** True when an edge joins a cell to the one below it. */
export function isVerticalEdge(key, size) {
  const cells = edgeCells(key, size);
  return cells !== null && cells[1] - cells[0] === size;
}

/** The neighbour of `index` one step in `direction` ("up", "down", "left", "right"), or -1. */
export function neighbour(index, direction, size) {
  const row = Math.floor(index / size);
  const col = index % size;
  switch (direction) {
    case "up": return row > 0 ? index - size : -1;
    case "down": return row < size - 1 ? index + size : -1;
    case "left": return col > 0 ? index - 1 : -1;
    case "right": return col < size - 1 ? index + 1 : -1;
    default: return -1;
  }
}

/** Every edge key of a size in canonical order (by first cell, then second, reading order). */
export function allEdges(size) {
  const keys = [];
  for (let i = 0; i < size * size; i++) {
    const right = neighbour(i, "right", size);
    if (right >= 0) keys.push(edgeKey(i, right, size));
    const down = neighbour(i, "down", size);
    if (down >= 0) keys.push(edgeKey(i, down, size));
  }
  return keys;
}

/** The relation the other way round: "<" ↔ ">". */
export function flip(rel) {
  return rel === "<" ? ">" : rel === ">" ? "<" : rel;
}

/** The next relation in the click cycle none → "<" → ">" → none. */
export function nextRelation(rel) {
  return nextGap("signs", rel);
}

/**
 * What a gap shows next when clicked with family `id` (GAP_FAMILIES): none → first →
 * second → none; anything of another family is replaced by the first.
 */
export function nextGap(id, current) {
  const cycle = (GAP_FAMILIES.find((f) => f.id === id) ?? GAP_FAMILIES[0]).cycle;
  const at = cycle.indexOf(current ?? "");
  return at < 0 ? cycle[0] : at + 1 < cycle.length ? cycle[at + 1] : "";
}

/** What gap `key` shows: its sign, else its marker's token, else "". */
export function gapOf(model, key) {
  return model.relations.get(key) ?? model.markers?.get(key) ?? "";
}

/**
 * The model with gap `key` showing `value` (a sign, a marker token, or "" for nothing): a
 * sign and a marker replace each other.
 */
export function withGap(model, key, value) {
  const next = cloneModel(model);
  next.relations.delete(key);
  next.markers.delete(key);
  if (value === "<" || value === ">") next.relations.set(key, value);
  else if (value) next.markers.set(key, value);
  return next;
}

/** The one-char symbol of `digit` in `alphabet`, or `null` when it has none. */
export function symbolOf(digit, alphabet) {
  const tables = {
    digits: "123456789",
    letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    alnum: "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    hex: "0123456789ABCDEF",
  };
  const table = tables[alphabet];
  return table && digit >= 1 && digit <= table.length ? table[digit - 1] : null;
}

/** The digit of a one-char symbol in `alphabet` (0 for an empty mark), or -1. */
export function digitOf(symbol, alphabet) {
  if (symbol === "." || symbol === "-" || symbol === "_") return 0;
  if (symbol === "0" && alphabet !== "hex") return 0;
  const upper = symbol.toUpperCase();
  const table = {
    digits: "123456789",
    numbers: "123456789",
    letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    alnum: "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    hex: "0123456789ABCDEF",
  }[alphabet] ?? "123456789";
  const at = table.indexOf(upper);
  return at < 0 ? -1 : at + 1;
}

/** The alphabet used to write the givens of a model for wasm: its own when it fits. */
export function alphabetFor(model) {
  const fits = { digits: 9, letters: 26, alnum: 35, hex: 16, numbers: 99 };
  const own = model.alphabet;
  if (own && own !== "numbers" && model.size <= (fits[own] ?? 0) && (own !== "hex" || model.size === 16)) {
    return own;
  }
  return model.size <= 9 ? "digits" : "letters";
}

/** Relations in canonical order as `[first, "<"|">", second]` triples. */
export function relationList(model) {
  return allEdges(model.size)
    .filter((key) => model.relations.has(key))
    .map((key) => {
      const [a, b] = key.split("-");
      return [a, model.relations.get(key), b];
    });
}

/**
 * Markers in canonical order as `[first, token, second]` triples: the order of
 * `Puzzle::markers` (by first cell, then second), so a marker's index in the list is its
 * index in the trace's `pair_rules`.
 */
export function markerList(model) {
  const markers = model.markers ?? new Map();
  return allEdges(model.size)
    .filter((key) => markers.has(key))
    .map((key) => {
      const [a, b] = key.split("-");
      return [a, markers.get(key), b];
    });
}

/** The JSON model object accepted by every wasm export. */
export function toWasm(model) {
  const alphabet = alphabetFor(model);
  const givens = model.givens.map((d) => (d ? symbolOf(d, alphabet) : ".")).join("");
  const object = { size: model.size, kind: model.kind, givens };
  if (alphabet !== "digits") object.alphabet = alphabet;
  if (model.kind !== "classic" && model.relations.size > 0) object.relations = relationList(model);
  if (model.markers?.size) object.markers = markerList(model);
  if (model.negative?.length) object.negative = model.negative.slice();
  return object;
}

/** The markers and negative constraint of a wasm JSON model object, as the page keeps them. */
function markersOf(object, size, relations) {
  const markers = new Map();
  for (const [a, token, b] of object.markers ?? []) {
    const key = edgeKey(a, b, size);
    const kind = markerKind(token);
    if (!key || !kind) continue;
    if (relations.has(key) || markers.has(key)) {
      const [x, y] = key.split("-");
      throw new Error(`The gap between ${x} and ${y} holds two markers (or a marker and a sign), which the page cannot draw; the command line and the npm module solve it.`);
    }
    markers.set(key, markerToken(kind));
  }
  const negative = [...new Set((object.negative ?? []).map((t) => markerKind(t)).filter(Boolean).map(markerToken))].sort();
  return { markers, negative };
}

/** The page model of a wasm JSON model object (from `parse()`). */
export function fromWasm(object) {
  const size = Number(object.size);
  const kind = KINDS.includes(object.kind) ? object.kind : object.relations?.length ? "inequality" : "classic";
  const alphabet = object.alphabet ?? "digits";
  let givens;
  if (Array.isArray(object.givens)) {
    givens = object.givens.map((d) => Number(d) || 0);
  } else {
    givens = Array.from(String(object.givens ?? ""), (ch) => Math.max(0, digitOf(ch, alphabet)));
  }
  givens.length = size * size;
  givens = Array.from(givens, (d) => (d >= 1 && d <= size ? d : 0));
  const relations = new Map();
  for (const [a, symbol, b] of object.relations ?? []) {
    const key = edgeKey(a, b, size);
    if (!key) continue;
    // "^"/"v" relate a cell to the one below it; swap the sense when written second-first.
    let rel = symbol === "^" ? "<" : symbol === "v" ? ">" : symbol;
    if (key.split("-")[0] !== a) rel = flip(rel);
    if (rel === "<" || rel === ">") relations.set(key, rel);
  }
  const { markers, negative } = markersOf(object, size, relations);
  const model = { size, kind, givens, relations, markers, negative };
  if (alphabet !== "digits") model.alphabet = alphabet;
  return model;
}

/**
 * "9×9 inequality · 12 givens · 108 relations", "9×9 classic · 0 givens · 35 dots · all dots
 * given": a one-line summary for the UI.
 */
export function describe(model) {
  const givens = model.givens.filter((d) => d > 0).length;
  const parts = [`${model.size}×${model.size} ${model.kind}`, `${givens} given${givens === 1 ? "" : "s"}`];
  if (model.kind !== "classic") {
    const n = model.relations.size;
    parts.push(`${n} relation${n === 1 ? "" : "s"}`);
  }
  const tokens = [...(model.markers ?? new Map()).values()];
  const dots = tokens.filter((t) => t === "white" || t === "black").length;
  const xv = tokens.filter((t) => t === "X" || t === "V").length;
  const other = tokens.length - dots - xv;
  if (dots) parts.push(`${dots} dot${dots === 1 ? "" : "s"}`);
  if (xv) parts.push(`${xv} X/V`);
  if (other) parts.push(`${other} other marker${other === 1 ? "" : "s"}`);
  if (model.negative?.length) parts.push(`unmarked neighbours ${negativePhrase(model.negative)}`);
  return parts.join(" · ");
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
 * `answer_alphabet` in src/wasm/exports.rs): the puzzle's own when it can write every digit, else
 * 1-9A-Z above 9, else digits.
 */
export function answerAlphabet(alphabet, size) {
  const fits = { digits: size <= 9, letters: size <= 26, alnum: size <= 35, hex: size === 16 };
  if (alphabet && alphabet !== "numbers" && fits[alphabet]) return alphabet;
  return size > 9 && size <= 35 ? "alnum" : "digits";
}
