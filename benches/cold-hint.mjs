// One sample of the first hint in a fresh wasm instance (run by hints.mjs, one process a
// sample: a compiled module's code is shared by every instance of it in a process, so only a
// fresh process starts cold). Reads `{state, warm}` as JSON from argv[2]; compiles and
// instantiates the module; with `warm`, first runs the page worker's warm-up (warm-up.js) to
// its end; then times the hint on `state` twice. Prints `{first, second, warmup, calls}` (ms).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = path.join(root, "www/pkg");
const { state, warm } = JSON.parse(process.argv[2]);

const wasm = await import(path.join(pkg, "sudoku_lab.js"));
await wasm.default({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

let warmup = 0;
let calls = 0;
if (warm) {
  const { warmUp } = await import(path.join(root, "www/js/warm-up.js"));
  const t = performance.now();
  for (const _ of warmUp(wasm.hint, warm === true ? undefined : warm)) calls++;
  warmup = performance.now() - t;
}
const once = () => {
  const t = performance.now();
  const found = wasm.hint(state.puzzle, "classic", { reveal: "step" }, state.player);
  if (found.kind !== "step") throw new Error(`${state.label}: no step (${found.kind})`);
  return performance.now() - t;
};
const first = once();
const second = once();
console.log(JSON.stringify({ first, second, warmup, calls }));
