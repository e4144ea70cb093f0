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
//
// Those times are of warm code: this process first runs the page worker's warm-up
// (www/js/warm-up.js). The first hint of a fresh worker is timed apart, first: on
// BENCH_HINT_COLD (default 9) hard states (hint-states.mjs's: before the hardest step of a
// Kaggle rated puzzle), each in a fresh Node process (cold-hint.mjs) — with no warm-up, and
// after the page's — its first and its second call.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { root, readPuzzles, grades, states, hardStates } from "./hint-states.mjs";
import { WARM_UP, warmUp } from "../www/js/warm-up.js";

const data = process.env.DATA ?? path.join(root, "../shared/data");
const pkg = path.join(root, "www/pkg");
const cap = Number(process.env.BENCH_HINT_PUZZLES ?? 400);
const runs = Math.max(1, Number(process.env.BENCH_HINT_RUNS ?? 1));
const cold = Number(process.env.BENCH_HINT_COLD ?? 9);

const { default: init, hint } = await import(path.join(pkg, "sudoku_lab.js"));
await init({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

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

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const worst = (xs) => Math.max(...xs);

console.log(`machine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; node ${process.version}; date: ${new Date().toISOString().slice(0, 10)}`);
if (cold > 0) {
  const samples = hardStates(cold).map((state) => {
    const sample = (warm) => JSON.parse(execFileSync(process.execPath, [path.join(root, "benches/cold-hint.mjs"), JSON.stringify({ state, warm })], { encoding: "utf8" }));
    return { plain: sample(false), warmed: sample(true) };
  });
  const row = (what, xs) => console.log(`| ${what} | ${median(xs).toFixed(1)} | ${worst(xs).toFixed(1)} |`);
  console.log(`\nthe first hint in a fresh wasm instance (a fresh Node process each): ${samples.length} hard states (Kaggle rated, tuned: before each puzzle's hardest step)\n`);
  console.log("| call | median ms | worst ms |");
  console.log("|---|---:|---:|");
  row("first hint, no warm-up", samples.map((s) => s.plain.first));
  row("second hint, no warm-up", samples.map((s) => s.plain.second));
  row(`the page's warm-up (${WARM_UP.length} hints) itself`, samples.map((s) => s.warmed.warmup));
  row("first hint after the warm-up", samples.map((s) => s.warmed.first));
  row("second hint after the warm-up", samples.map((s) => s.warmed.second));
}

// The rest times warm code, as the page's worker has it after its warm-up.
for (const _ of warmUp(hint));
console.log(`\nwasm hint (reveal: step), warm, from each state: the start, and before every step rated 4.5+ on grade's path; up to ${cap} puzzles a set${runs > 1 ? `; each state over 1 ms the least of ${runs} runs` : ""}.\n`);
console.log("| set | puzzles | states | median ms | p99 ms | worst ms | worst state's next step |");
console.log("|---|---:|---:|---:|---:|---:|---|");
for (const [name, file, n, alphabet] of sets) {
  const lines = readPuzzles(file, n, cap);
  const graded = grades(lines, alphabet);
  const times = [];
  let slowest = { ms: -1 };
  for (const [k, line] of lines.entries()) {
    const steps = graded[k]?.path;
    if (!steps) continue;
    const end = graded[k].needs_guessing ? "a guess" : "solved";
    for (const state of states(line, steps, end, { n, alphabet })) {
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
      if (ms > slowest.ms) slowest = { ms, puzzle: k + 1, next: state.next };
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`| ${name} | ${lines.length} | ${times.length} | ${at(0.5).toFixed(1)} | ${at(0.99).toFixed(1)} | ${slowest.ms.toFixed(1)} | puzzle ${slowest.puzzle}: ${slowest.next} |`);
}
