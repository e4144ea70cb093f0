//! The page's entry (index.html): one app in the document, its hooks (`sudokuLab`,
//! `sudokuLabExplain`, `sudokuLabSolver`: the worker pool; for the browser tests and the
//! console) on the window, and — when the page is the board of a `<sudoku-lab-board
//! isolation="frame">` — the frame side of the board's protocol.

import { createApp } from "./app.js";
import { SolverPool } from "./client.js";

// One worker for the page, started at once: the first Solve does not wait for it. It warms its
// wasm code as soon as it is idle (worker.js, warm-up.js), not when Play starts: Play's first
// hint may come right after its grade, and a fresh worker's first hard hint took 3–10 times
// as long as a warm one's; the warm-up costs a fraction of a second of the worker's thread
// once a page, and a request that comes meanwhile waits for one warm-up call at most. A
// board's frame (embed mode) does not warm: a host page may hold many, and boards rarely play.
const pool = new SolverPool({ eager: true, warm: true });
window.sudokuLabSolver = pool;
const app = createApp(document, { expose: window, solver: () => pool.client() });
pool.warm = !app.embed;
await app.started;
// Inside a <sudoku-lab-board isolation="frame">, the host page scripts the board through embedded.js.
if (app.embed && app.explain) (await import("./embedded.js")).connect(app, app.explain);
