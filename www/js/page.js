//! The page's entry (index.html): one app in the document, its hooks (`sudokuLab`,
//! `sudokuLabExplain`: for the browser tests and the console) on the window, and — when the
//! page is the board of a `<sudoku-lab-board isolation="frame">` — the frame side of the
//! board's protocol.

import { createApp } from "./app.js";
import { SolverPool } from "./client.js";

// One worker for the page, started at once: the first Solve does not wait for it.
const pool = new SolverPool({ eager: true });
const app = createApp(document, { expose: window, solver: () => pool.client() });
await app.started;
// Inside a <sudoku-lab-board isolation="frame">, the host page scripts the board through embedded.js.
if (app.embed && app.explain) (await import("./embedded.js")).connect(app, app.explain);
