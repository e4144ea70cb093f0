//! A forcing chain's branches as a learner reads them: each branch, from the crate's text
//! (`StepReport.branches`, `Batch.notes[].branches`: "9r1c4 → −9r1c9 → 9r2c9", "−" for a
//! digit not in its cell), read into its facts and said in words ("if r1c4 is 9 → r1c9 is
//! not 9 → r2c9 is 9"), and what the branches show together. No DOM.

import { cellIndex, cellName } from "./geometry.js";

/** One fact of a branch as the crate writes it: an optional "−", a digit, a cell. */
const FACT = /^([−-]?)(\d+)(r\d+c\d+)$/;

/**
 * The facts of branch `text` of a grid of `size`, in the order derived (the supposition
 * first): `[{cell, digit, on}]`, `cell` an index, `on` false for "the digit is not in the
 * cell"; null when the text is not a branch of such a grid.
 */
export function readBranch(text, size) {
  const facts = [];
  for (const part of String(text).split("→")) {
    const m = FACT.exec(part.trim());
    if (!m) return null;
    const digit = Number(m[2]);
    const cell = cellIndex(m[3], size);
    if (cell < 0 || digit < 1 || digit > size) return null;
    facts.push({ cell, digit, on: m[1] === "" });
  }
  return facts.length ? facts : null;
}

/** Every branch of `texts` read (see `readBranch`); [] when any of them cannot be. */
export function readBranches(texts, size) {
  const branches = (texts ?? []).map((t) => readBranch(t, size));
  return branches.every(Boolean) ? branches : [];
}

/** One fact in words: "r2c9 is 9", "r1c9 is not 9". */
export function factText({ cell, digit, on }, size) {
  return `${cellName(cell, size)} ${on ? "is" : "is not"} ${digit}`;
}

/** Whether fact `k` of `branch` is the opposite of an earlier one: where a branch breaks. */
export function contradicts(branch, k) {
  const f = branch[k];
  return branch.slice(0, k).some((g) => g.cell === f.cell && g.digit === f.digit && g.on !== f.on);
}

/**
 * A branch in words, its supposition first: "if r1c4 is 9 → r1c9 is not 9 → r2c9 is 9";
 * a last fact that contradicts an earlier one says so ("→ r3c2 is not 3 (contradicting
 * r3c2 is 3)").
 */
export function branchText(branch, size) {
  const words = branch.map((f, k) => (k === 0 ? `if ${factText(f, size)}` : factText(f, size)));
  const last = branch.length - 1;
  if (last > 0 && contradicts(branch, last)) {
    words[last] += ` (contradicting ${factText({ ...branch[last], on: !branch[last].on }, size)})`;
  }
  return words.join(" → ");
}

/**
 * What the branches show together, for the heading over them: one branch breaks its
 * supposition ("Suppose r2c6 is 7: it leads to a contradiction"); several that end in one
 * fact force it ("Each branch ends in r5c4 is not 3"); else they are only counted.
 */
export function branchesSummary(branches, size) {
  if (!branches.length) return "";
  if (branches.length === 1) return `Suppose ${factText(branches[0][0], size)}: it leads to a contradiction`;
  const ends = branches.map((b) => b.at(-1));
  const [end] = ends;
  const same = ends.every((e) => e.cell === end.cell && e.digit === end.digit && e.on === end.on);
  if (same) return `${branches.length} branches, one for each possibility: each ends in ${factText(end, size)}`;
  return `${branches.length} branches, one for each possibility`;
}

/** The cells a branch passes through, in order, each once (the supposition's first). */
export function branchCells(branch) {
  return [...new Set(branch.map((f) => f.cell))];
}

/**
 * Whether each fact of `branch` follows from the one before it alone — a chain, which a
 * drawing may join fact to fact: a digit in a cell rules out the cell's other digits and the
 * digit in the cells it sees; a digit ruled out leaves the other digit of its cell or the
 * other place of its house. A dynamic forcing chain's facts may rest on several earlier ones
 * (a net): joined in the order derived, they would show links that do not hold. `block` is
 * the grid's block shape ([rows, cols], or null without blocks).
 */
export function isChain(branch, size, block) {
  const sees = (a, b) => {
    const [ra, ca, rb, cb] = [Math.floor(a / size), a % size, Math.floor(b / size), b % size];
    if (ra === rb || ca === cb) return true;
    return Boolean(block) && Math.floor(ra / block[0]) === Math.floor(rb / block[0]) && Math.floor(ca / block[1]) === Math.floor(cb / block[1]);
  };
  return branch.every((f, k) => {
    if (k === 0) return true;
    const g = branch[k - 1];
    if (f.on === g.on) return false;
    return f.cell === g.cell ? f.digit !== g.digit : f.digit === g.digit && sees(f.cell, g.cell);
  });
}
