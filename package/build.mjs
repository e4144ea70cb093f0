// Turns wasm-pack's output directory into the npm package: adds the Node entry point and the
// package README, and writes package.json's `exports` (browser and Node), `type`, `engines`
// and `files`. Usage: node package/build.mjs DIR (run by `make package`, after wasm-pack and
// wasm-opt).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2];
if (!dir) throw new Error("usage: node package/build.mjs DIR");
for (const name of ["node.js", "README.md"]) fs.copyFileSync(path.join(here, name), path.join(dir, name));
fs.copyFileSync(path.join(here, "..", "LICENSE"), path.join(dir, "LICENSE"));

const file = path.join(dir, "package.json");
const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
const files = new Set(pkg.files ?? []);
for (const name of ["sudoku_lab.js", "sudoku_lab.d.ts", "sudoku_lab_bg.wasm", "sudoku_lab_bg.wasm.d.ts", "node.js", "README.md", "LICENSE"]) {
  if (!fs.existsSync(path.join(dir, name))) throw new Error(`${name} is missing from ${dir}`);
  files.add(name);
}
const out = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  license: pkg.license,
  type: "module",
  main: "./node.js",
  module: "./sudoku_lab.js",
  types: "./sudoku_lab.d.ts",
  exports: {
    ".": {
      types: "./sudoku_lab.d.ts",
      node: "./node.js",
      default: "./sudoku_lab.js",
    },
    "./wasm": "./sudoku_lab_bg.wasm",
    "./package.json": "./package.json",
  },
  files: [...files].sort(),
  sideEffects: ["./node.js", "./sudoku_lab.js"],
  engines: { node: ">=18" },
  keywords: ["sudoku", "futoshiki", "constraint-propagation", "solver", "wasm"],
};
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`package ${out.name}@${out.version}: ${out.files.length} files`);
