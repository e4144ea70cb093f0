// Turns wasm-pack's output directory into the npm package: adds the Node entry point, the
// package README, the board element with the page it shows (www/) and its declarations, and
// writes package.json's `exports` (browser and Node), `type`, `engines`
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

// The board element (`sudoku-lab/board`) shows the page in embed mode in an iframe: the page
// goes into www/, its imports of the module pointed at the package's own copy (one wasm).
const www = path.join(here, "..", "www");
// The lesson comes along: the main page links it, and it shows the element at work.
const pageFiles = ["index.html", "styles.css", "explain.css",
  ...fs.readdirSync(path.join(www, "js")).filter((f) => f.endsWith(".js")).map((f) => `js/${f}`),
  ...fs.readdirSync(path.join(www, "lessons")).map((f) => `lessons/${f}`)];
fs.mkdirSync(path.join(dir, "www", "js"), { recursive: true });
fs.mkdirSync(path.join(dir, "www", "lessons"), { recursive: true });
let rewritten = 0;
for (const name of pageFiles) {
  let text = fs.readFileSync(path.join(www, name), "utf8");
  if (name.startsWith("js/")) {
    const before = text;
    text = text.replaceAll('"../pkg/sudoku_lab.js"', '"../../sudoku_lab.js"').replaceAll('"../pkg/sudoku_lab_bg.wasm"', '"../../sudoku_lab_bg.wasm"');
    if (text !== before) rewritten++;
    if (text.includes("../pkg/")) throw new Error(`www/${name} refers to ../pkg/ in a way build.mjs does not rewrite`);
  }
  fs.writeFileSync(path.join(dir, "www", name), text);
}
if (rewritten < 4) throw new Error(`only ${rewritten} page modules import the wasm module: build.mjs expected formats.js, wasm.js, worker.js and scripting.js`);
fs.copyFileSync(path.join(here, "board.d.ts"), path.join(dir, "board.d.ts"));

// wasm-bindgen declares `[Symbol.dispose](): void` on each class, which only type-checks with
// the `esnext.disposable` lib: a project on the ES2022 and DOM libs would fail on the
// package's own types. The method stays in the glue (where the runtime has the symbol); its
// declaration becomes a comment, and `free()` is the declared way to release an object.
const types = path.join(dir, "sudoku_lab.d.ts");
const declared = fs.readFileSync(types, "utf8");
const disposers = declared.match(/^ {4}\[Symbol\.dispose\]\(\): void;$/gm)?.length ?? 0;
if (disposers !== 3) throw new Error(`sudoku_lab.d.ts declares Symbol.dispose ${disposers} times; build.mjs expected one per class (Generator, Search, Solver)`);
const webTypes = declared.replace(/^ {4}\[Symbol\.dispose\]\(\): void;$/gm, "    // [Symbol.dispose](): void — where the runtime has Symbol.dispose (free() releases it)");
fs.writeFileSync(types, webTypes);

// The Node entry point's declarations: the module's API without the web init's inputs and
// output (`RequestInfo`, `Response`, `WebAssembly.Memory`: DOM and WebAssembly names), which
// Node code never passes — node.js initialises the module on import. So a Node project on
// the ES libs alone takes the package's types; a page (the DOM lib, or a bundler's
// resolution) gets the full web declarations.
const cut = webTypes.indexOf("export type InitInput");
if (cut < 0) throw new Error("sudoku_lab.d.ts has no `export type InitInput`: build.mjs cuts the Node declarations there");
fs.writeFileSync(path.join(dir, "node.d.ts"), `${webTypes.slice(0, cut)}/**
 * The module's init(): in Node it is done when the package is imported, and this returns at
 * once (kept so code written for browsers, \`await init()\`, runs unchanged).
 */
export default function init(options?: unknown): Promise<unknown>;
`);

const file = path.join(dir, "package.json");
const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
const files = new Set(pkg.files ?? []);
for (const name of ["sudoku_lab.js", "sudoku_lab.d.ts", "sudoku_lab_bg.wasm", "sudoku_lab_bg.wasm.d.ts", "node.js", "node.d.ts", "README.md", "LICENSE", "board.d.ts", "www/"]) {
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
      node: { types: "./node.d.ts", default: "./node.js" },
      types: "./sudoku_lab.d.ts",
      default: "./sudoku_lab.js",
    },
    "./board": {
      types: "./board.d.ts",
      default: "./www/js/embed.js",
    },
    "./wasm": "./sudoku_lab_bg.wasm",
    "./package.json": "./package.json",
  },
  files: [...files].sort(),
  sideEffects: ["./node.js", "./sudoku_lab.js", "./www/js/embed.js"],
  engines: { node: ">=18" },
  keywords: ["sudoku", "futoshiki", "constraint-propagation", "solver", "wasm"],
};
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`package ${out.name}@${out.version}: ${out.files.length} files`);
