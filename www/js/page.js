//! The page's entry (index.html): one app in the document, its hooks (`sudokuLab`,
//! `sudokuLabExplain`, `sudokuLabSolver`: the worker pool; for the browser tests and the
//! console) on the window, and — when the page is the board of a `<sudoku-lab-board
//! isolation="frame">` — the frame side of the board's protocol.

import { createApp } from "./app.js";
import { SolverPool } from "./client.js";

// One worker for the page, started at once: the first Solve does not wait for it.
const pool = new SolverPool({ eager: true });
window.sudokuLabSolver = pool;
const app = createApp(document, { expose: window, solver: () => pool.client() });
await app.started;
// Once the page has loaded and is idle, the worker warms its wasm code for Play's hints: a fresh
// worker's first hard hint ran 5–10 times as long as a warm one's (worker.js, warm-up.js). Not
// sooner, so that the page's load and a Solve or Explain asked by the address come first; not
// when Play starts, whose first hint may come right after its grade; not in a board's frame
// (embed mode): a host page may hold many, and boards rarely play.
if (!app.embed) {
  if (document.readyState !== "complete") await new Promise((loaded) => addEventListener("load", loaded, { once: true }));
  (globalThis.requestIdleCallback ?? setTimeout)(() => pool.warm());
}
// Inside a <sudoku-lab-board isolation="frame">, the host page scripts the board through embedded.js.
if (app.embed && app.explain) (await import("./embedded.js")).connect(app, app.explain);
