// The player's states on hard puzzles, as the hint benches replay them: the native CLI's
// `grade --steps` gives each puzzle's path, and a state is the grid as a player who followed
// that path has it before a step (their entries, and pencil marks that are that state's
// candidates). Shared by hints.mjs (warm calls in this process, cold ones in fresh ones) and
// first-hint.mjs (the page's worker in Chromium).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const bin = process.env.SUDOKU_LAB_BIN ?? path.join(root, "target/release/sudoku-lab");

/** The digit of a symbol: 1–9, or A=1 … P=16 with the letters alphabet; 0 for empty. */
function digit(ch, letters) {
  if (letters) return ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 64 : 0;
  return ch >= "1" && ch <= "9" ? Number(ch) : 0;
}

/** A cell's index from its name, `r10c3`. */
function cellIndex(name, n) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return (Number(m[1]) - 1) * n + Number(m[2]) - 1;
}

/** The indices of the cells that share a row, column or block with each cell. */
function peers(n) {
  const b = Math.sqrt(n);
  const all = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const set = new Set();
    for (let k = 0; k < n; k++) {
      set.add(r * n + k);
      set.add(k * n + c);
      set.add((Math.floor(r / b) * b + Math.floor(k / b)) * n + Math.floor(c / b) * b + (k % b));
    }
    set.delete(i);
    all.push([...set]);
  }
  return all;
}

/** The first `cap` puzzles of `file` (one a line, the puzzle first) of `n`×`n`. */
export function readPuzzles(file, n, cap) {
  return fs.readFileSync(file, "utf8").split("\n")
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((l) => l.length === n * n)
    .slice(0, cap);
}

/** `grade --steps --output json` of each of `lines` (null for one the CLI did not grade). */
export function grades(lines, alphabet = null) {
  const tmp = path.join(os.tmpdir(), `sudoku-lab-hints-${process.pid}.txt`);
  fs.writeFileSync(tmp, lines.join("\n") + "\n");
  const args = ["grade", "--steps", "--output", "json", tmp];
  if (alphabet) args.push("--alphabet", alphabet);
  try {
    return execFileSync(bin, args, { encoding: "utf8", maxBuffer: 1 << 30 })
      .split("\n").filter(Boolean).map((l) => JSON.parse(l));
  } finally {
    fs.unlinkSync(tmp);
  }
}

/**
 * The player's state (`{entries, marks, next, rating, step}`) as each step of `steps` finds
 * it: the start, and before every later step rated `min` or more.
 */
export function* states(line, steps, end, { n = 9, alphabet = null, min = 4.5 } = {}) {
  const near = peers(n);
  const givens = [...line].map((ch) => digit(ch, alphabet));
  const entries = [...givens];
  const marks = new Array(n * n).fill((1 << n) - 1);
  const place = (cell, d) => {
    entries[cell] = d;
    marks[cell] = 0;
    for (const p of near[cell]) marks[p] &= ~(1 << (d - 1));
  };
  givens.forEach((d, cell) => d && place(cell, d));
  yield { entries: [...entries], marks: [...marks], next: steps[0]?.technique ?? end, rating: steps[0]?.rating ?? 0, step: 0 };
  for (const [i, step] of steps.entries()) {
    if (i > 0 && step.rating >= min) {
      yield { entries: [...entries], marks: [...marks], next: step.technique, rating: step.rating, step: i };
    }
    for (const [name, d] of step.placements) place(cellIndex(name, n), d);
    for (const [name, d] of step.eliminations) marks[cellIndex(name, n)] &= ~(1 << (d - 1));
  }
}

/**
 * Up to `count` hard 9×9 states: from the first puzzles of Kaggle's rated, tuned set whose
 * path has a step rated `min` or more, the state before the first of its hardest steps (where
 * the hint tries the most of the library), one a puzzle, as `{puzzle, label, player, next}`.
 */
export function hardStates(count, min = 6) {
  const file = path.join(root, "benches/data/rated/se-kaggle-rated-here-tuned.txt");
  const lines = readPuzzles(file, 9, 4 * count);
  const graded = grades(lines);
  const found = [];
  for (const [k, line] of lines.entries()) {
    const steps = graded[k]?.path;
    if (!steps || found.length >= count) continue;
    let hardest = null;
    for (const state of states(line, steps, "solved", { min })) {
      if (state.step > 0 && state.rating > (hardest?.rating ?? 0)) hardest = state;
    }
    if (!hardest) continue;
    found.push({ puzzle: line, label: `Kaggle tuned #${k + 1}, before step ${hardest.step}`, next: hardest.next,
      player: { entries: hardest.entries, marks: hardest.marks } });
  }
  return found;
}
