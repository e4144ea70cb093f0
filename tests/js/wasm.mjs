// What the Node tests of the page's modules share: the wasm module built for the page
// (www/pkg, loaded once), and the logic engine's full trace of a puzzle as the page keeps it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Trace } from "../../www/js/trace.js";
import { describePuzzle } from "../../www/js/geometry.js";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = path.join(root, "www/pkg");
export const wasm = await import(path.join(pkg, "sudoku_lab.js"));
await wasm.default({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

/**
 * The logic engine's trace of `text` at the full level, by step, with the technique
 * instances' notes, streamed in batches of `batch` events: `{trace, puzzle}`.
 */
export function logicTrace(text, batch = 1 << 12) {
  const trace = new Trace("full");
  const solver = new wasm.Solver(text, "auto", { engine: "logic", level: "full", nodeLimit: 100000 });
  const puzzle = describePuzzle(solver.puzzle);
  try {
    for (;;) {
      const b = solver.advance(batch);
      trace.append(b.records, b.firstSeq, b.premises, b.steps);
      trace.addNotes(b.notes);
      if (b.done) break;
    }
  } finally {
    solver.free();
  }
  trace.finish();
  return { trace, puzzle };
}
