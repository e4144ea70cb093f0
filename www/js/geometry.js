//! Grid geometry in one place: block shapes, cell and house names and numbers, the cells of
//! a house, and candidate masks (bit d-1 ⇔ digit d). Houses are numbered as in the trace:
//! rows 0..n, columns n..2n, blocks 2n..3n. No DOM.

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
 * Solver's `puzzle`: relations and markers in trace index order). `relations[i]` = `{lo, hi,
 * edge}`: cell indices with `lo < hi`, and the gap's edge key. `pairRules[i]` = `{a, b, edge,
 * marker}` is rule `i` of `Puzzle::pair_rules` (a marker via's payload): the markers first
 * (`marker` its token), then each unmarked adjacent pair in reading order, right then down,
 * when a negative constraint holds (`marker` null); `negative` lists the negative kinds.
 */
export function describePuzzle(model) {
  const size = model.size;
  const kind = model.kind ?? "classic";
  const relations = (model.relations ?? []).map(([a, op, b]) => {
    const [x, y] = [cellIndex(a, size), cellIndex(b, size)];
    const [lo, hi] = op === "<" ? [x, y] : [y, x];
    return { lo, hi, edge: edgeKeyOf(x, y, size) };
  });
  const pairRules = (model.markers ?? []).map(([p, token, q]) => {
    const [x, y] = [cellIndex(p, size), cellIndex(q, size)];
    const [a, b] = x < y ? [x, y] : [y, x];
    return { a, b, edge: edgeKeyOf(a, b, size), marker: String(token) };
  });
  const negative = (model.negative ?? []).map(String);
  if (negative.length) {
    const marked = new Set(pairRules.map((r) => r.edge));
    for (let a = 0; a < size * size; a++) {
      const right = a % size < size - 1 ? a + 1 : -1;
      const down = a + size < size * size ? a + size : -1;
      for (const b of [right, down]) {
        if (b < 0 || marked.has(edgeKeyOf(a, b, size))) continue;
        pairRules.push({ a, b, edge: edgeKeyOf(a, b, size), marker: null });
      }
    }
  }
  return { size, kind, block: blockShape(size, kind), relations, pairRules, negative };
}

/**
 * Whether digits `x` and `y` on the two cells of pair rule `r` (`describePuzzle`'s
 * `pairRules`) keep it: a marker's relation holds, or an unmarked pair is related by none of
 * the puzzle's negative kinds. `holds(token, x, y)` is the marker test (model.js's
 * `markerHolds`; passed in, as model.js builds on this module).
 */
export function pairAllows(puzzle, r, x, y, holds) {
  return r.marker === null ? !puzzle.negative.some((t) => holds(t, x, y)) : holds(r.marker, x, y);
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

export const popcount = (m) => {
  let n = 0;
  for (let x = m >>> 0; x; x &= x - 1) n++;
  return n;
};
export const lowest = (m) => 31 - Math.clz32(m & -m) + 1; // smallest digit of a mask
export const highest = (m) => 32 - Math.clz32(m); // largest digit of a mask

/** The digits of a candidate mask (bit d-1 ⇔ digit d). */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >>> (d - 1); d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

