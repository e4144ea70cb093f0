// The board element's cost (not a test): what boards cost a host page, in a shadow root
// (the default: the page's modules in the host page, one wasm module and one worker for all
// its boards) and in an iframe each (`isolation="frame"`), side by side in one run, against
// their peer — the board's page opened directly in embed mode, which is what any board must
// load. Headless Chromium from Debian; the host page and the board's page on two origins, as
// a blog and the site that serves sudoku-lab.
//
// For each isolation, each run in a fresh tab of the host page (its HTTP cache warm):
// - 1 board: the time from inserting it to its `ready`;
// - 8 boards inserted together: the time to the last `ready`, and how far apart the first
//   and the last are ready (each board after the first: that span / 7);
// - one more board on a page whose boards are ready: the time to its `ready`;
// - memory: what Chromium's processes (browser, renderers, their workers, GPU) hold before
//   the boards and once the 8 are ready and garbage is collected: their proportional set
//   size (PSS: a page shared by two processes, such as a raster tile the renderer and the GPU
//   process both map, counts half in each, so the sum is the memory used), their resident
//   sets (RSS: shared pages counted once per process, for comparison with earlier runs) and
//   their private resident memory (USS: pages no other process maps).
// Medians of RUNS (default 5). Run with `make bench-board` (after `make wasm`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../tests/serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 5);
/** How long the processes are left to settle before memory is read (ms): not a test, a bench. */
const SETTLE_MS = 1000;
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const ISOLATIONS = ["frame", "shadow"];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process's proportional set size and private (unshared) resident memory (KiB), from /proc
 * (0 when it has gone).
 */
function rollup(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)[1]);
    return { pss: field("Pss"), uss: field("Private_Clean") + field("Private_Dirty") };
  } catch {
    return { pss: 0, uss: 0 };
  }
}

/**
 * `{pss, rss, uss}` (MiB) of every process under this one: the browser and its renderers.
 * RSS counts a page once in each process that maps it (Chromium's code and ICU data in every
 * renderer, a raster tile in the renderer and the GPU process); USS counts only the pages no
 * other process maps; PSS shares each page out among its processes: the memory used.
 */
function browserMemory() {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" }).trim().split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const [pid, ppid, rss] of rows) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push([pid, rss]);
  }
  const kib = { pss: 0, rss: 0, uss: 0 };
  const walk = (pid) => {
    for (const [child, rss] of children.get(pid) ?? []) {
      const { pss, uss } = rollup(child);
      kib.rss += rss;
      kib.pss += pss;
      kib.uss += uss;
      walk(child);
    }
  };
  walk(process.pid);
  return { pss: kib.pss / 1024, rss: kib.rss / 1024, uss: kib.uss / 1024 };
}

/** Memory once the tab's garbage is collected and the processes have settled. */
async function settledMemory(tab) {
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.detach();
  await sleep(SETTLE_MS);
  return browserMemory();
}

const site = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-bench-host-"));
fs.writeFileSync(path.join(site, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>host</title><link rel="icon" href="data:,"></head><body><main><h1>host</h1><div id="boards"></div></main></body></html>`);
const page = await serveDirectory(path.join(root, "www"), { cors: true });
const host = await serveDirectory(site);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});

/**
 * Inserts `n` boards of `isolation` (300×420 each) into the tab's host page: resolves to the
 * times (ms from the insertion) at which each was ready.
 */
const insert = (tab, n, isolation) => tab.evaluate(async ([n, isolation, puzzle]) => {
  const t0 = performance.now();
  const boards = Array.from({ length: n }, () => {
    const b = document.createElement("sudoku-lab-board");
    if (isolation === "frame") b.setAttribute("isolation", "frame");
    b.setAttribute("puzzle", puzzle);
    b.setAttribute("loading", "eager");
    b.style.cssText = "display: inline-block; width: 300px; height: 420px";
    return b;
  });
  document.getElementById("boards").append(...boards);
  return Promise.all(boards.map((b) => b.ready.then(() => performance.now() - t0)));
}, [n, isolation, EASY]);

/** A fresh tab on the host page with the element defined (its module loaded, nothing else). */
async function freshTab() {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(host.base);
  await tab.evaluate((base) => import(`${base}js/embed.js`), page.base);
  return tab;
}

try {
  // The peer: the board's page opened directly, to the moment a host could script it.
  const direct = [];
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (let run = 0; run < RUNS + 1; run++) {
    const t0 = Date.now();
    await tab.goto(`${page.base}index.html?embed=1&puzzle=${EASY}`);
    await tab.waitForFunction(() => window.sudokuLabExplain);
    if (run > 0) direct.push(Date.now() - t0); // the first run fills the cache
  }
  await tab.close();
  console.log(`the page in embed mode, opened directly: ${median(direct)} ms to scriptable (median of ${RUNS})`);

  const rows = [];
  for (const isolation of ISOLATIONS) {
    const one = [];
    const eight = [];
    const spread = [];
    const more = [];
    const memory = [];
    for (let run = 0; run < RUNS + 1; run++) {
      // One board, in a tab of its own.
      let t = await freshTab();
      const [single] = await insert(t, 1, isolation);
      const extra = await insert(t, 1, isolation); // one more, on a page with a board
      await t.close();
      // Eight boards together, in another, its memory before and after.
      t = await freshTab();
      const before = await settledMemory(t);
      const times = await insert(t, 8, isolation);
      const after = await settledMemory(t);
      await t.close();
      if (run === 0) continue; // the first run fills the HTTP cache
      one.push(single);
      more.push(extra[0]);
      eight.push(Math.max(...times));
      spread.push((Math.max(...times) - Math.min(...times)) / 7);
      memory.push({ pss: after.pss - before.pss, rss: after.rss - before.rss, uss: after.uss - before.uss });
    }
    const row = {
      isolation,
      one: median(one),
      eight: median(eight),
      each: median(spread),
      more: median(more),
      pss: median(memory.map((m) => m.pss)),
      rss: median(memory.map((m) => m.rss)),
      uss: median(memory.map((m) => m.uss)),
    };
    rows.push(row);
    console.log(`${isolation}: 1 board ${row.one.toFixed(0)} ms to ready; 8 boards ${row.eight.toFixed(0)} ms to the last ready, `
      + `${row.each.toFixed(0)} ms a board after the first; one more on a page with boards ${row.more.toFixed(0)} ms; `
      + `8 boards +${row.pss.toFixed(0)} MiB (PSS; ${(row.pss / 8).toFixed(1)} MiB a board), +${row.rss.toFixed(0)} MiB RSS, +${row.uss.toFixed(0)} MiB USS`);
  }
  console.log("\n| isolation | 1 board to ready | 8 boards to the last ready | a board after the first (of 8) | one more board | 8 boards: memory added, PSS (RSS; USS) |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ${r.isolation} | ${r.one.toFixed(0)} ms | ${r.eight.toFixed(0)} ms | ${r.each.toFixed(0)} ms | ${r.more.toFixed(0)} ms | +${r.pss.toFixed(0)} MiB (+${r.rss.toFixed(0)} MiB; +${r.uss.toFixed(0)} MiB) |`);
  }
  console.log(`\nmachine: ${os.cpus()[0]?.model} × ${os.cpus().length}, ${new Date().toISOString().slice(0, 10)}, Chromium ${browser.version()}; median of ${RUNS}`);
} finally {
  await browser.close();
  page.stop();
  host.stop();
  fs.rmSync(site, { recursive: true, force: true });
}
