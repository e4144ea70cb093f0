//! The wasm module, compiled once per page: instantiated here for the page's own calls (read,
//! write, validate: formats.js) and handed, compiled, to the solver's worker (client.js), so
//! every board of a page shares one compile.

import init from "../pkg/sudoku_lab.js";

const WASM_URL = new URL("../pkg/sudoku_lab_bg.wasm", import.meta.url);

let compiled = null;
let ready = null;

/** The compiled module (null where it cannot be compiled here: the glue then fetches its own). */
export function compiledWasm() {
  compiled ??= (WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch(WASM_URL))
    : fetch(WASM_URL).then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)))
    .catch(() => null);
  return compiled;
}

/** Instantiates the module for this page, once. */
export function loadWasm() {
  ready ??= compiledWasm().then((module) => init(module ? { module_or_path: module } : undefined));
  return ready;
}
