// How long the page's hint takes (issue 32: under 50 ms on any 9×9 state, under 200 ms on
// 16×16): the wasm `hint` export, in this Node process, from the states a player passes
// through on hard puzzles. The native CLI's `grade --steps` gives each puzzle's path; the
// states timed are the start and the state before every step rated 4.5 or more (where the
// hint must try the whole library before it finds one), with the player's pencil marks being
// the candidates of that state. Prints, per set, the states timed and the median, 99th
// percentile and worst time in ms, and the worst state's technique.
// Run with `make bench-hints` (after `make build`); BENCH_HINT_PUZZLES caps the puzzles a set.
// BENCH_HINT_RUNS=N (default 1) times each state that took over a millisecond N times in all
// and keeps the least: on a shared machine a single call's time includes whatever else held
// the core (a state of 10 M instructions has timed 350 ms), which is not the hint's cost.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
const bin = path.join(root, "target/release/sudoku-lab");
const pkg = path.join(root, "www/pkg");
const cap = Number(process.env.BENCH_HINT_PUZZLES ?? 400);
const runs = Math.max(1, Number(process.env.BENCH_HINT_RUNS ?? 1));

const { default: init, hint } = await import(path.join(pkg, "sudoku_lab.js"));
await init({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

// The first calls of a fresh instance are slower (the engine tiers up its code): warm it up.
for (let i = 0; i < 20; i++) {
  hint("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "classic");
}

const rated = path.join(root, "benches/data/rated");
const sets = [
  ["kaggle rated, tuned", path.join(rated, "se-kaggle-rated-here-tuned.txt"), 9, null],
  ["kaggle rated, held out", path.join(rated, "se-kaggle-rated-here-held-out.txt"), 9, null],
  ["diabolical, tuned", path.join(rated, "se-exchange-diabolical-tuned.txt"), 9, null],
  ["diabolical, held out", path.join(rated, "se-exchange-diabolical-held-out.txt"), 9, null],
  ["top1465", path.join(data, "bench9/puzzles3_magictour_top1465"), 9, null],
  ["forum_hardest_1106", path.join(data, "bench9/puzzles6_forum_hardest_1106"), 9, null],
  ["16×16 public_120", path.join(data, "sixteen/public_120_AP.txt"), 16, "letters"],
];

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

/** The player's state (entries and marks) as each step of `path` finds it. */
function* states(givens, steps, end, n, near) {
  const entries = [...givens];
  const marks = new Array(n * n).fill((1 << n) - 1);
  const place = (cell, d) => {
    entries[cell] = d;
    marks[cell] = 0;
    for (const p of near[cell]) marks[p] &= ~(1 << (d - 1));
  };
  givens.forEach((d, cell) => d && place(cell, d));
  yield { entries: [...entries], marks: [...marks], next: steps[0]?.technique ?? end };
  for (const [i, step] of steps.entries()) {
    if (i > 0 && step.rating >= 4.5) {
      yield { entries: [...entries], marks: [...marks], next: step.technique };
    }
    for (const [name, d] of step.placements) place(cellIndex(name, n), d);
    for (const [name, d] of step.eliminations) marks[cellIndex(name, n)] &= ~(1 << (d - 1));
  }
}

console.log(`machine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; node ${process.version}; date: ${new Date().toISOString().slice(0, 10)}`);
console.log(`wasm hint (reveal: step) from each state: the start, and before every step rated 4.5+ on grade's path; up to ${cap} puzzles a set${runs > 1 ? `; each state over 1 ms the least of ${runs} runs` : ""}.\n`);
console.log("| set | puzzles | states | median ms | p99 ms | worst ms | worst state's next step |");
console.log("|---|---:|---:|---:|---:|---:|---|");
for (const [name, file, n, alphabet] of sets) {
  const lines = fs.readFileSync(file, "utf8").split("\n")
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((l) => l.length === n * n)
    .slice(0, cap);
  const tmp = path.join(os.tmpdir(), `sudoku-lab-hints-${process.pid}.txt`);
  fs.writeFileSync(tmp, lines.join("\n") + "\n");
  const args = ["grade", "--steps", "--output", "json", tmp];
  if (alphabet) args.push("--alphabet", alphabet);
  const grades = execFileSync(bin, args, { encoding: "utf8", maxBuffer: 1 << 30 })
    .split("\n").filter(Boolean).map((l) => JSON.parse(l));
  fs.unlinkSync(tmp);
  const near = peers(n);
  const times = [];
  let worst = { ms: -1 };
  for (const [k, line] of lines.entries()) {
    const steps = grades[k]?.path;
    if (!steps) continue;
    const givens = [...line].map((ch) => digit(ch, alphabet));
    const end = grades[k].needs_guessing ? "a guess" : "solved";
    for (const state of states(givens, steps, end, n, near)) {
      const once = () => {
        const t = performance.now();
        const found = hint(line, "classic", alphabet ? { alphabet, reveal: "step" } : { reveal: "step" },
          { entries: state.entries, marks: state.marks });
        return [performance.now() - t, found];
      };
      const [first, found] = once();
      let ms = first;
      for (let r = 1; r < runs && ms > 1; r++) ms = Math.min(ms, once()[0]);
      if (found.kind === "wrong_entry" || found.kind === "missing_mark") throw new Error(`${name}, puzzle ${k + 1}: the replayed state is wrong`);
      times.push(ms);
      if (ms > worst.ms) worst = { ms, puzzle: k + 1, next: state.next };
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`| ${name} | ${lines.length} | ${times.length} | ${at(0.5).toFixed(1)} | ${at(0.99).toFixed(1)} | ${worst.ms.toFixed(1)} | puzzle ${worst.puzzle}: ${worst.next} |`);
}
