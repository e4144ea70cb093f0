// The board element's cost (not a test): what an iframe per board costs a host page, against
// its peer in the same script — the page itself opened in embed mode, which is what any board
// must load (the same modules, the same wasm) whatever isolates it. Headless Chromium from
// Debian; the host page and the board's page on two origins, as a blog and the site that
// serves sudoku-lab.
//
// Prints, for 1 and 8 boards on one host page: the time from inserting the elements to the
// last `ready` (median of RUNS), the time per board, and the renderer memory the boards add
// (resident set of Chromium's processes, before and after). Run with `make bench-board`
// (after `make wasm`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../tests/serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 5);
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resident memory (MiB) of every process under this one: the browser and its renderers. */
function browserMemory() {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" }).trim().split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const [pid, ppid, rss] of rows) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push([pid, rss]);
  }
  let kib = 0;
  const walk = (pid) => {
    for (const [child, rss] of children.get(pid) ?? []) {
      kib += rss;
      walk(child);
    }
  };
  walk(process.pid);
  return kib / 1024;
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

try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The peer: the board's page opened directly, to the moment a host could script it.
  const direct = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const t0 = Date.now();
    await tab.goto(`${page.base}index.html?embed=1&puzzle=${EASY}`);
    await tab.waitForFunction(() => window.sudokuLabExplain);
    if (run > 0) direct.push(Date.now() - t0); // the first run fills the cache
  }
  console.log(`the page in embed mode, opened directly: ${median(direct)} ms to scriptable (median of ${RUNS})`);

  await tab.goto(host.base);
  await tab.evaluate((base) => import(`${base}js/embed.js`), page.base);
  for (const count of [1, 8]) {
    const times = [];
    const memory = [];
    for (let run = 0; run < RUNS; run++) {
      await tab.evaluate(() => document.getElementById("boards").replaceChildren());
      // The renderer of the last run's frames takes a moment to go.
      await tab.waitForTimeout(1500);
      const before = browserMemory();
      const ms = await tab.evaluate(async ([n, puzzle]) => {
        const t0 = performance.now();
        const boards = Array.from({ length: n }, () => {
          const b = document.createElement("sudoku-lab-board");
          b.setAttribute("puzzle", puzzle);
          b.setAttribute("loading", "eager");
          b.style.cssText = "display: inline-block; width: 300px; height: 420px";
          return b;
        });
        document.getElementById("boards").append(...boards);
        await Promise.all(boards.map((b) => b.ready));
        return performance.now() - t0;
      }, [count, EASY]);
      await tab.waitForTimeout(300);
      const after = browserMemory();
      times.push(ms);
      memory.push(after - before);
    }
    const t = median(times);
    console.log(`${count} board${count > 1 ? "s" : ""}: ${t.toFixed(0)} ms to the last ready (${(t / count).toFixed(0)} ms a board; `
      + `${(t / median(direct)).toFixed(2)}× the page opened directly), +${median(memory).toFixed(0)} MiB resident (${(median(memory) / count).toFixed(1)} MiB a board)`);
  }
  console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, ${new Date().toISOString().slice(0, 10)}, Chromium ${browser.version()}`);
} finally {
  await browser.close();
  page.stop();
  host.stop();
  fs.rmSync(site, { recursive: true, force: true });
}
