// The first hard hint in a fresh page's solver worker (issue 32), in headless Chromium from
// Debian: each sample a fresh browser context (its own renderer process, an empty cache) and
// the page opened in it; the times are the page's own (navigation timing) and the client's
// round trips to the page's worker, each request sent as soon as the page's entry module has
// made the worker pool (before the page's load, after which the worker's warm-up starts):
// - `load`: the page's load event;
// - `hint at once`: a hint on a hard state, then the same again;
// - `hint when idle`: the same once the worker is idle (its warm-up reported done, if it has
//   one, and 3 s more);
// - `play`: Play's start on the hard puzzle (a solve for its solutions, its grade), then the hint;
// - `solve at once`: the page's first solve (Wikipedia's puzzle), what a warm-up may delay;
// - `warm-up`: the worker's warm-up calls' own time, where there is one;
// and, in one persistent profile, the first hint of a second visit (Chromium caches the
// optimised code of a streamed wasm module over 128 KB). The hard states are hints.mjs's
// (hint-states.mjs: the state before the hardest step of a Kaggle rated puzzle). Medians and
// worst of SAMPLES (default 7). WWW=dir,dir… times other copies of www/ (an earlier commit's,
// for a before and after), a column each, the samples interleaved so that a load on the machine
// falls on them alike. Run with `node benches/first-hint.mjs` after `make build`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

import { serveDirectory } from "../tests/serve.mjs";
import { root, hardStates } from "./hint-states.mjs";

const SAMPLES = Number(process.env.SAMPLES ?? 7);
const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const dirs = process.env.WWW ? process.env.WWW.split(",") : [path.join(root, "www")];
const servers = await Promise.all(dirs.map((dir) => serveDirectory(dir)));
const options = { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ARGS };
const browser = await chromium.launch(options);
const states = hardStates(SAMPLES);

/** In `context`, the page as soon as its app exists; `steps` run one after another by a client of its worker: the ms of each. */
async function timed(context, server, steps) {
  const page = await context.newPage();
  await page.goto(server.base, { waitUntil: "commit" });
  await page.waitForFunction(() => window.sudokuLab);
  return page.evaluate(async (steps) => {
    const client = window.sudokuLab.solverClient();
    const pool = window.sudokuLabSolver;
    const ms = [];
    for (const [what, ...args] of steps) {
      if (what === "idle") {
        // The warm-up's end, then 3 s: V8 optimises the code its calls made hot on background
        // threads, after them (a player's first hint comes later than that).
        while (pool?.warm && !pool.warmUp?.done) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 3000));
      } else if (what === "load") {
        while (document.readyState !== "complete") await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 0));
        ms.push(performance.getEntriesByType("navigation")[0].loadEventEnd);
      } else if (what === "warm-up") {
        while (pool?.warm && !pool.warmUp?.done) await new Promise((r) => setTimeout(r, 20));
        ms.push(pool?.warmUp?.time ?? 0);
      } else {
        // Sent once the warm-up has begun (its report is the pool's from then): counted apart.
        if (what === "solve" && pool?.warmUp) window.metWarmUp = true;
        const t = performance.now();
        await client[what](...args);
        ms.push(performance.now() - t);
      }
    }
    ms.push(window.metWarmUp ? 1 : 0);
    return ms;
  }, steps);
}

/** `timed` in a fresh context. */
async function fresh(server, steps) {
  const context = await browser.newContext();
  try {
    return await timed(context, server, steps);
  } finally {
    await context.close();
  }
}

const hintOf = (s) => ["hint", s.puzzle, "classic", "step", s.player];
const rows = {};
const metWarmUp = dirs.map(() => 0);
const add = (what, column, ms) => ((rows[what] ??= dirs.map(() => []))[column]).push(ms);
for (const state of states) {
  for (const [column, server] of servers.entries()) {
    const [load, warm] = await fresh(server, [["load"], ["warm-up"]]);
    const [a1, a2] = await fresh(server, [hintOf(state), hintOf(state)]);
    const [i1, i2] = await fresh(server, [["idle"], hintOf(state), hintOf(state)]);
    const [s, g, p] = await fresh(server, [["solve", state.puzzle, "classic", { solutionLimit: 2 }], ["grade", state.puzzle, "classic"], hintOf(state)]);
    const [w, met] = await fresh(server, [["solve", WIKIPEDIA, "classic", {}]]);
    metWarmUp[column] += met;
    add("page's load event", column, load);
    add("worker's warm-up (its calls' time)", column, warm);
    add("hint at once, first", column, a1);
    add("hint at once, second", column, a2);
    add("hint when idle, first", column, i1);
    add("hint when idle, second", column, i2);
    add("play: solve + grade at once", column, s + g);
    add("play: then the first hint", column, p);
    add("solve at once", column, w);
    console.error(`${path.basename(dirs[column])}: ${state.label} (${state.next}): ${[load, warm, a1, a2, i1, i2, s + g, p, w].map((x) => x.toFixed(0)).join(" ")}`);
  }
}

// A second visit: one profile, the page opened, a hard hint, left idle; then opened again.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-profile-"));
const visits = dirs.map(() => []);
for (const state of states.slice(0, 3)) {
  for (const [column, server] of servers.entries()) {
    fs.rmSync(profile, { recursive: true, force: true });
    const context = await chromium.launchPersistentContext(profile, options);
    const [first] = await timed(context, server, [hintOf(state), ["idle"]]);
    await context.close();
    const again = await chromium.launchPersistentContext(profile, options);
    const [second] = await timed(again, server, [hintOf(states.at(-1))]);
    await again.close();
    visits[column].push([first, second]);
  }
}
fs.rmSync(profile, { recursive: true, force: true });
const version = browser.version();
await browser.close();
for (const server of servers) server.stop();

const sorted = (xs) => [...xs].sort((a, b) => a - b);
console.log(`machine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; Chromium ${version}; date: ${new Date().toISOString().slice(0, 10)}; ${states.length} hard states, a fresh context each\n`);
const names = dirs.map((dir) => path.relative(root, dir) || dir);
console.log(`| what | ${names.map((n) => `${n}: median ms | worst ms`).join(" | ")} |`);
console.log(`|---|${names.map(() => "---:|---:").join("|")}|`);
for (const [what, columns] of Object.entries(rows)) {
  console.log(`| ${what} | ${columns.map((xs) => `${sorted(xs)[Math.floor(xs.length / 2)].toFixed(0)} | ${Math.max(...xs).toFixed(0)}`).join(" | ")} |`);
}
console.log(`\nsolve at once, sent after the warm-up had begun: ${names.map((n, c) => `${n}: ${metWarmUp[c]} of ${states.length}`).join("; ")}`);
console.log("\nsecond visit (a persistent profile; the first visit's first hint → the second visit's first hint, on another state):");
for (const [column, pairs] of visits.entries()) {
  console.log(`- ${names[column]}: ${pairs.map(([a, b]) => `${a.toFixed(0)} → ${b.toFixed(0)}`).join(", ")} ms`);
}
