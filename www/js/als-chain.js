//! An ALS chain as a learner reads it: the crate's text of its almost locked sets
//! (`StepReport.als`, `Batch.notes[].als`: "r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", each
//! set's cells joined by ",", each set joined to the next by its restricted common digit)
//! read into sets lettered A, B, C… and their links, and said in words. No DOM.

import { cellIndex, cellName } from "./geometry.js";

/** A set's letter: A for the first. */
export function setLetter(k) {
  return String.fromCharCode(65 + k);
}

/**
 * The chain of `text` on a grid of `size`: `{sets, links}`, `sets[k]` the cell indices of set
 * k, `links[k]` the digit joining set k to set k + 1; null when the text is not such a chain.
 */
export function readAlsChain(text, size) {
  if (typeof text !== "string" || !text.trim()) return null;
  const parts = text.trim().split(/\s+-(\d+)-\s+/);
  const sets = [];
  const links = [];
  for (let k = 0; k < parts.length; k++) {
    if (k % 2 === 1) {
      const digit = Number(parts[k]);
      if (!(digit >= 1 && digit <= size)) return null;
      links.push(digit);
      continue;
    }
    const cells = parts[k].split(",").map((name) => cellIndex(name, size));
    if (!cells.length || cells.some((c) => c < 0)) return null;
    sets.push(cells);
  }
  return sets.length >= 2 && links.length === sets.length - 1 ? { sets, links } : null;
}

/** Set `k` of `chain` in words: "A: r6c5, r6c6". */
export function setText(chain, k, size) {
  return `${setLetter(k)}: ${chain.sets[k].map((c) => cellName(c, size)).join(", ")}`;
}

/** How set `k` joins the next in words: "A and B share 1, every 1 of A seeing every 1 of B". */
export function linkText(chain, k) {
  const [a, b, x] = [setLetter(k), setLetter(k + 1), chain.links[k]];
  return `${a} and ${b} share ${x}: every ${x} of ${a} sees every ${x} of ${b}`;
}

/** The heading over the sets: "4 almost locked sets, A to D, in a chain". */
export function chainSummary(chain) {
  const n = chain.sets.length;
  return `${n} almost locked sets, A to ${setLetter(n - 1)}, in a chain`;
}
