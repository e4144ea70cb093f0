// Prints the states of www/js/warm-up.js's WARM_UP (not a bench: how they were chosen, to
// rerun when the technique library changes). From SE-exchange's diabolical, tuned set (the
// hint benches time other sets: Kaggle's, top1465), the player's state before the first step
// of each technique on grade's path where the hint (the wasm module in www/pkg) finds each technique of PICKS,
// in the library's order: each call runs every technique before its own and finds one more. Each state is the digits placed as givens and the
// candidates as pencil marks in the CLI's text form.
import fs from "node:fs";
import path from "node:path";

import { root, readPuzzles, grades, states } from "./hint-states.mjs";

const PICKS = ["hidden_single", "naked_pair", "x_wing", "xy_wing", "unique_rectangle", "als_xz", "als_chain", "aic", "forcing_chain", "dynamic_forcing_chain"];

const wasm = await import(path.join(root, "www/pkg/sudoku_lab.js"));
await wasm.default({ module_or_path: fs.readFileSync(path.join(root, "www/pkg/sudoku_lab_bg.wasm")) });
const file = path.join(root, "benches/data/rated/se-exchange-diabolical-tuned.txt");
const lines = readPuzzles(file, 9, 300);
const graded = grades(lines);
const found = new Map();
for (const [k, line] of lines.entries()) {
  if (!graded[k]?.path) continue;
  for (const s of states(line, graded[k].path, "solved", { min: 0 })) {
    const puzzle = s.entries.map((d) => d || ".").join("");
    const marks = s.marks.map((m, c) => (s.entries[c] ? "." : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m >> (d - 1) & 1).join(""))).join(" ");
    const h = wasm.hint(puzzle, "classic", { reveal: "step" }, { marks });
    if (!PICKS.includes(h.technique) || found.has(h.technique)) continue;
    found.set(h.technique, { puzzle, marks, from: `diabolical tuned #${k + 1}, before step ${s.step}` });
  }
}
for (const technique of PICKS) {
  const s = found.get(technique);
  if (!s) throw new Error(`no state of the first 300 puzzles needs ${technique}`);
  console.log(`  // ${technique}: ${s.from}\n  {\n    puzzle: "${s.puzzle}",\n    marks: "${s.marks}",\n  },`);
}
