//! The almost locked sets of a step as a learner reads them: the crate's text of its sets
//! (`StepReport.als`, `Batch.notes[].als`) read into sets lettered A, B, C… and the digits
//! linking them, and said in words. No DOM. Two forms (src/logic/als_words.rs, `als_text`):
//!
//! - a chain (an ALS chain, ALS-XZ, ALS-XY-wing): "r4c4 -1- r6c5,r6c6 -5- r9c5", each set's
//!   cells joined by ",", each set joined to the next by its restricted common digit (a
//!   doubly linked ALS-XZ by both, "-1,2-");
//! - a death blossom: "r5c5 -1- r5c1,r5c2 | -2- r1c5", the stem cell, then each petal after
//!   the stem's digit all its places see, petals parted by " | ".
//!
//! Either reads into `{stem, sets, links}`: `stem` the stem's cell index (-1 in a chain),
//! `sets[k]` the cell indices of set k, `links[k]` `{from, to, digits}` — set `from` (-1: the
//! stem) joined to set `to` by `digits`.

import { cellIndex, cellName } from "./geometry.js";

/** A set's letter: A for the first. */
export function setLetter(k) {
  return String.fromCharCode(65 + k);
}

/** The cells of "r6c5,r6c6" on a grid of `size`, or null. */
function readCells(text, size) {
  const cells = text.split(",").map((name) => cellIndex(name, size));
  return cells.length && cells.every((c) => c >= 0) ? cells : null;
}

/** The digits of "1" or "1,2" (each 1..size), or null. */
function readDigits(text, size) {
  const digits = text.split(",").map(Number);
  return digits.every((d) => Number.isInteger(d) && d >= 1 && d <= size) && new Set(digits).size === digits.length ? digits : null;
}

/** Pieces of `text` cut at its link digits: set, digits, set, digits, …, set. */
function pieces(text) {
  return text.trim().split(/\s+-(\d+(?:,\d+)*)-\s+/);
}

/**
 * The chain of `text` (an ALS chain, ALS-XZ or ALS-XY-wing) on a grid of `size`; null when
 * the text is not such a chain (a death blossom's is not).
 */
export function readAlsChain(text, size) {
  if (typeof text !== "string" || !text.trim() || text.includes("|")) return null;
  const parts = pieces(text);
  const sets = [];
  const links = [];
  for (let k = 0; k < parts.length; k++) {
    if (k % 2 === 1) {
      const digits = readDigits(parts[k], size);
      if (!digits) return null;
      links.push({ from: sets.length - 1, to: sets.length, digits });
      continue;
    }
    const cells = readCells(parts[k], size);
    if (!cells) return null;
    sets.push(cells);
  }
  return sets.length >= 2 && links.length === sets.length - 1 ? { stem: -1, sets, links } : null;
}

/** The death blossom of `text` on a grid of `size` (its stem, petals and their digits), or null. */
export function readBlossom(text, size) {
  if (typeof text !== "string" || !text.includes("|")) return null;
  const petals = text.trim().split(/\s+\|\s+/);
  const first = pieces(petals[0]);
  if (first.length !== 3) return null;
  const stem = readCells(first[0], size);
  if (!stem || stem.length !== 1) return null;
  const sets = [];
  const links = [];
  for (const [k, petal] of petals.entries()) {
    const [digitText, cellText] = k === 0 ? first.slice(1) : (/^-(\d+)-\s+(\S+)$/.exec(petal) ?? []).slice(1);
    const digits = digitText === undefined ? null : readDigits(digitText, size);
    const cells = cellText === undefined ? null : readCells(cellText, size);
    if (!digits || digits.length !== 1 || !cells || cells.includes(stem[0])) return null;
    links.push({ from: -1, to: sets.length, digits });
    sets.push(cells);
  }
  return sets.length >= 2 ? { stem: stem[0], sets, links } : null;
}

/** The sets of `text`, a chain or a death blossom (see the module's comment), or null. */
export function readAlsSets(text, size) {
  return readBlossom(text, size) ?? readAlsChain(text, size);
}

/** "1", "1 and 2", "1, 2 and 5". */
function listed(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Set `k` of `figure` in words: "A: r6c5, r6c6". */
export function setText(figure, k, size) {
  return `${setLetter(k)}: ${figure.sets[k].map((c) => cellName(c, size)).join(", ")}`;
}

/**
 * Link `k` in words: "A and B share 1: every 1 of A sees every 1 of B"; of a death
 * blossom, "If r5c5 is 1, A loses 1: every 1 of A sees r5c5".
 */
export function linkText(figure, k, size) {
  const { from, to, digits } = figure.links[k];
  const b = setLetter(to);
  if (from < 0) {
    const [d, stem] = [digits[0], cellName(figure.stem, size)];
    return `If ${stem} is ${d}, ${b} loses ${d}: every ${d} of ${b} sees ${stem}`;
  }
  const a = setLetter(from);
  const each = digits.map((x, j) => (j === 0 ? `every ${x} of ${a} sees every ${x} of ${b}` : `every ${x} of ${a} every ${x} of ${b}`));
  return `${a} and ${b} share ${listed(digits.map(String))}: ${listed(each)}`;
}

/** The heading over the sets: "4 almost locked sets, A to D, in a chain". */
export function chainSummary(figure, size) {
  const n = figure.sets.length;
  const letters = n === 2 ? "A and B" : `A to ${setLetter(n - 1)}`;
  if (figure.stem >= 0) return `A death blossom: the stem ${cellName(figure.stem, size)} and ${n} petals, ${letters}`;
  if (n === 2) return `2 almost locked sets, ${letters}, linked`;
  return `${n} almost locked sets, ${letters}, in a chain`;
}

/**
 * Which digit the step removes and why, from its removals (`[{cell, digit}]`): "One of A and D
 * is locked, and both hold 2: 2 leaves r2c9 (it sees every 2 of both)". Empty without removals.
 */
export function removalText(figure, removed, size) {
  const byDigit = new Map();
  for (const { cell, digit } of removed ?? []) {
    if (!(cell >= 0 && cell < size * size && digit >= 1 && digit <= size)) continue;
    if (!byDigit.has(digit)) byDigit.set(digit, []);
    if (!byDigit.get(digit).includes(cell)) byDigit.get(digit).push(cell);
  }
  if (!byDigit.size) return "";
  const zs = [...byDigit.keys()].sort((x, y) => x - y);
  const leaves = listed(zs.map((z) => `${z} leaves ${listed(byDigit.get(z).sort((x, y) => x - y).map((c) => cellName(c, size)))}`));
  const one = zs.length === 1 && byDigit.get(zs[0]).length === 1;
  const z = listed(zs.map(String));
  const last = setLetter(figure.sets.length - 1);
  if (figure.stem >= 0) {
    const seeing = zs.length > 1 ? "each sees every place of its digit in every petal" : `${one ? "it sees" : "each sees"} every ${z} of every petal`;
    return `Whatever ${cellName(figure.stem, size)} holds, one petal is locked, and each holds ${z}: ${leaves} (${seeing}).`;
  }
  const doubly = figure.links.find((l) => l.digits.length > 1);
  if (doubly) {
    return `A and ${last} share ${listed(doubly.digits.map(String))}, each in one of them at most, so both are locked: ${leaves} (${one ? "it sees" : "each sees"} every place of its digit in a set, or in both).`;
  }
  const seeing = zs.length > 1 ? "each sees every place of its digit in both" : `${one ? "it sees" : "each sees"} every ${z} of both`;
  return `One of A and ${last} is locked, and both hold ${z}: ${leaves} (${seeing}).`;
}

/**
 * Where a badge of radius `r` on the segment from `p` to `q` covers nothing of `obstacles`
 * (`[{x, y, r}]`: the digits and marks shown, the letters drawn): the clear point nearest the
 * middle; else, of the corners of the cells the segment crosses (marks keep clear of the
 * corners) inside the `n`×`n` grid, the clear one nearest the segment (to a twentieth of a
 * cell), then nearest the middle; else the point of the segment covering least.
 */
/** How far point `c` is from the segment from `p` to `q`. */
function offLine(c, p, q) {
  const [dx, dy] = [q.x - p.x, q.y - p.y];
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.min(1, Math.max(0, ((c.x - p.x) * dx + (c.y - p.y) * dy) / length2)) : 0;
  return Math.hypot(c.x - p.x - t * dx, c.y - p.y - t * dy);
}

export function badgeSpot(p, q, r, obstacles, n = Infinity) {
  const overlap = (x, y) => obstacles.reduce((sum, o) => sum + Math.max(0, r + o.r - Math.hypot(x - o.x, y - o.y)), 0);
  const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  const along = [];
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    along.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
  }
  const nearMid = (a, b) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y);
  along.sort(nearMid);
  const clear = along.find((s) => overlap(s.x, s.y) === 0);
  if (clear) return clear;
  const corners = new Map();
  for (const s of along) {
    for (const x of [Math.floor(s.x), Math.ceil(s.x)]) {
      for (const y of [Math.floor(s.y), Math.ceil(s.y)]) {
        if (x > 0 && y > 0 && x < n && y < n) corners.set(`${x},${y}`, { x, y });
      }
    }
  }
  // The corner nearest the line (a badge off its line reads as another's), then the middle.
  const off = (c) => Math.round(offLine(c, p, q) * 20);
  const corner = [...corners.values()].sort((a, b) => off(a) - off(b) || nearMid(a, b)).find((c) => overlap(c.x, c.y) === 0);
  if (corner) return corner;
  return along.reduce((best, s) => (overlap(s.x, s.y) < overlap(best.x, best.y) ? s : best));
}
