//! The puzzle model of the page: sizes, kinds, cells, relations, and the bridge to the wasm JSON model.
//!
//! ```js
//! { size: 9, kind: "inequality", givens: [0, 5, …] /* N², 0 = empty */,
//!   relations: Map { "r1c1-r1c2" => "<" },      // left/upper cell first; "<": first < second
//!   alphabet: "letters" /* optional: how the puzzle was written, kept for export */ }
//! ```

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

/** A puzzle with no givens and no relations. */
export function emptyModel(size, kind) {
  return { size, kind, givens: new Array(size * size).fill(0), relations: new Map() };
}

/** A deep copy. */
export function cloneModel(model) {
  const copy = {
    size: model.size,
    kind: model.kind,
    givens: model.givens.slice(),
    relations: new Map(model.relations),
  };
  if (model.alphabet) copy.alphabet = model.alphabet;
  return copy;
}

/** True when two models describe the same puzzle (the alphabet is only a spelling). */
export function sameModel(a, b) {
  if (a.size !== b.size || a.kind !== b.kind || a.relations.size !== b.relations.size) return false;
  for (let i = 0; i < a.givens.length; i++) if (a.givens[i] !== b.givens[i]) return false;
  for (const [key, rel] of a.relations) if (b.relations.get(key) !== rel) return false;
  return true;
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
  return rel === "" || rel === undefined ? "<" : rel === "<" ? ">" : "";
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

/** The JSON model object accepted by every wasm export. */
export function toWasm(model) {
  const alphabet = alphabetFor(model);
  const givens = model.givens.map((d) => (d ? symbolOf(d, alphabet) : ".")).join("");
  const object = { size: model.size, kind: model.kind, givens };
  if (alphabet !== "digits") object.alphabet = alphabet;
  if (model.kind !== "classic" && model.relations.size > 0) object.relations = relationList(model);
  return object;
}

/** The page model of a wasm JSON model object (from `parse()`). */
export function fromWasm(object) {
  // Markers between cells (Kropki dots, X, V) are read and solved by the module, but the page
  // does not draw them yet: refuse rather than show a different puzzle.
  if (object.markers?.length || object.negative?.length) {
    throw new Error("This puzzle has markers between cells (Kropki dots, X or V), which the page cannot show yet; the command line and the npm module solve it.");
  }
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
  const model = { size, kind, givens, relations };
  if (alphabet !== "digits") model.alphabet = alphabet;
  return model;
}

/** "9×9 inequality · 12 givens · 108 relations": a one-line summary for the UI. */
export function describe(model) {
  const givens = model.givens.filter((d) => d > 0).length;
  const parts = [`${model.size}×${model.size} ${model.kind}`, `${givens} given${givens === 1 ? "" : "s"}`];
  if (model.kind !== "classic") {
    const n = model.relations.size;
    parts.push(`${n} relation${n === 1 ? "" : "s"}`);
  }
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
