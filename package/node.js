// The package's entry point in Node (≥ 18): the module initialised from the .wasm beside it,
// so `import { solve } from "sudoku-lab"` works at once. Node's fetch reads no file: URLs,
// which a `--target web` build's own init() would use. The default export is that init(),
// already done (calling it again returns at once), so code written for browsers
// (`await init(); solve(…)`) runs unchanged.
import { readFile } from "node:fs/promises";
import init from "./sudoku_lab.js";

await init({ module_or_path: await readFile(new URL("./sudoku_lab_bg.wasm", import.meta.url)) });

export * from "./sudoku_lab.js";
export default init;
