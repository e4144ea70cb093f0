//! The WebAssembly facade: a thin layer of `wasm-bindgen` exports over the core.
//!
//! ```js
//! import init, { solve, parse, format, validate, Solver } from "./pkg/sudoku_lab.js";
//! await init();
//! solve("4.....8.5.3………", "auto");          // { status, solution, solutions, stats, … }
//! const solver = new Solver(puzzle, "auto", { engine: "dlx", level: "full" });
//! const batch = solver.advance(2000);       // { records: Uint32Array, done, status, grid, … }
//! solver.free();                            // cancels
//! ```
//! Puzzles come as text in any format (detected, or `options.format`) or as the JSON model
//! object; bad input throws an `Error` whose message says where and what, with `cells`
//! (`["r3c1", "r3c7"]`), `line` and `column` properties when they are known. A bad argument
//! throws an `Error` that names it (`argument`: `"options.nodeLimit"`). Big data (the event
//! records) stays in Rust until `advance` hands a batch over as one typed array.
//!
//! [`args`] holds every check of the arguments and compiles everywhere, so that it is tested
//! and fuzzed natively; the exports themselves exist in wasm only.

pub mod args;
#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(target_arch = "wasm32")]
mod memory;

#[cfg(target_arch = "wasm32")]
pub use exports::*;
