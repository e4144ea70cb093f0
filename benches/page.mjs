// The page benchmark (not a test): frame times while the page plays a trace at maximum speed,
// in headless Chromium from Debian, for three cases: the 9×9 CQOI2013 sample (full level),
// a 16×16 puzzle at the full level (~100,000 events) and a 25×25 puzzle at the placements
// level. Prints, per case, the events, the frames, the median / p95 / max frame time and the
// events shown per second, and the long tasks (> 50 ms) seen while playing. Frame time is the
// time between two animation frames as the page sees them (script, layout and paint).
//
// Run with `make bench-page` (after `make wasm`). CASES=16 runs only the cases whose name
// contains "16".
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../tests/serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A 25×25 puzzle: a pattern solution with a fixed pseudo-random half of its cells given. */
function puzzle25() {
  const n = 25;
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXY";
  let text = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = (5 * (r % 5) + Math.floor(r / 5) + c) % n;
      text += random() < 0.5 ? letters[v] : ".";
    }
  }
  return text;
}

const CASES = [
  { name: "9×9 CQOI sample 1, full level", query: "?example=cqoi-1", level: "full", maxEvents: "1000000" },
  { name: "16×16 POJ 3076 sample, full level", query: "?example=poj3076", level: "full", maxEvents: "1000000" },
  { name: "25×25, half given, placements level", query: `?puzzle=${puzzle25()}&kind=classic&alphabet=letters`, level: "placements", maxEvents: "1000000" },
];

async function run(browser, base, c) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(base + c.query);
  await page.waitForSelector("[data-action=explain]:not([disabled])");
  await page.selectOption("[data-action=level]", c.level);
  await page.selectOption("[data-action=max-events]", c.maxEvents);
  await page.selectOption("[data-action=speed]", "max");
  // Trace first (the worker's time is not the page's): Explain, pause, back to the start.
  await page.click("[data-action=explain]");
  await page.waitForFunction(() => window.sudokuLabExplain.session?.done, null, { timeout: 120000 });
  await page.click("[data-action=pause]");
  await page.locator("[data-action=scrub]").fill("0");
  await page.evaluate(() => {
    window.frameTimes = [];
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(e.duration);
    }).observe({ type: "longtask" });
    let last = 0;
    const loop = (t) => {
      const a = window.sudokuLabExplain.animator;
      if (last && a.playing) window.frameTimes.push(t - last);
      last = t;
      if (!window.stopFrames) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const t0 = Date.now();
  await page.click("[data-action=play]");
  await page.waitForFunction(() => {
    const a = window.sudokuLabExplain;
    return !a.animator.playing && a.animator.position === a.session.trace.count;
  }, null, { timeout: 120000 });
  const wall = (Date.now() - t0) / 1000;
  const r = await page.evaluate(() => {
    window.stopFrames = true;
    const f = window.frameTimes.slice().sort((a, b) => a - b);
    return {
      events: window.sudokuLabExplain.session.trace.count,
      frames: f.length,
      median: f[f.length >> 1],
      p95: f[Math.floor(f.length * 0.95)],
      max: f.at(-1),
      longTasks: window.longTasks.length,
    };
  });
  await page.close();
  return { ...r, wall };
}

const only = process.env.CASES ?? "";
const { base, stop } = await serveDirectory(path.join(root, "www"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-timer-throttling"],
});
try {
  console.log(`page benchmark, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? "cpu"} ×${os.cpus().length}, Chromium headless, 1280×800`);
  console.log("| case | events | frames | median ms | p95 ms | max ms | events/s | long tasks |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const c of CASES) {
    if (only && !c.name.includes(only)) continue;
    const r = await run(browser, base, c);
    console.log(`| ${c.name} | ${r.events.toLocaleString("en-US")} | ${r.frames} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${Math.round(r.events / r.wall).toLocaleString("en-US")} | ${r.longTasks} |`);
  }
} finally {
  await browser.close();
  stop();
}
