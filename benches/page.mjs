// The page benchmark (not a test): frame times while the page plays a trace at maximum speed,
// in headless Chromium from Debian: the 9×9 CQOI2013 sample (full level), a 16×16 puzzle at
// the full level (~100,000 events) and a 25×25 puzzle at the placements and full levels, by
// step (the default) and by event. Prints, per case, the events, the frames, the median / p95
// / max frame time and the events shown per second, the long tasks (> 50 ms) seen while
// playing, and what a seek costs: the first one, the moment the trace is in, and the median
// and worst of 24 scrubs once the page has laid its checkpoints while idle. Frame time is the
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
  { name: "25×25, half given, full level", query: `?puzzle=${puzzle25()}&kind=classic&alphabet=letters`, level: "full", maxEvents: "1000000" },
  // A minimal 25×25 (`sudoku-lab generate --size 25 --minimal --seed 3`, 274 givens): the
  // default engine guesses ~25,000 times, and the full level reaches the 1,000,000-event cap.
  { name: "25×25 minimal (seed 3), full level, capped", query: `?puzzle=D..5..9..J....8M42.BKCH...4..7D.......6.CA.IO..8.5..2..C7.L........J.H6PG...HPOE5..6.M....FD..KJA.2...FC.1.M.K.DJ.....6G..B.O4F9.67.H.D....12.M.P.J.5N....H.P.F.E.4..G..J..13...K..I..45.6L.P......M..E7...G5.2I....F.K..CN.8......E7A...M..G.O.I1.....FL....9FM.N24.68J.L7.3...A.G.N...P....3.G.I..KBA7.....1..PJIC8.7BL...GF...K...K.......734E....H..12B.ILL...OF.GB......N..M9.8C.4..OK9.37N1...E.8BA.D.4.......D......1..4J.....G...C7.6.GM..O...K...3PE.I.AF..1.NAF5PH........9.OE...PJ...E49.....LB.6.G75N..2.A.MC..P.9..K1J...56...D.7.N...B.O2D3..G.F.A.CLK.M92.HJ..EG..P..F..4KM1....83....A....M..2BPOD.N.....O...KJ.I.NA...78.....4..&kind=classic`, level: "full", maxEvents: "1000000" },
  { name: "25×25 minimal (seed 3), full level, capped, by event", query: `?puzzle=D..5..9..J....8M42.BKCH...4..7D.......6.CA.IO..8.5..2..C7.L........J.H6PG...HPOE5..6.M....FD..KJA.2...FC.1.M.K.DJ.....6G..B.O4F9.67.H.D....12.M.P.J.5N....H.P.F.E.4..G..J..13...K..I..45.6L.P......M..E7...G5.2I....F.K..CN.8......E7A...M..G.O.I1.....FL....9FM.N24.68J.L7.3...A.G.N...P....3.G.I..KBA7.....1..PJIC8.7BL...GF...K...K.......734E....H..12B.ILL...OF.GB......N..M9.8C.4..OK9.37N1...E.8BA.D.4.......D......1..4J.....G...C7.6.GM..O...K...3PE.I.AF..1.NAF5PH........9.OE...PJ...E49.....LB.6.G75N..2.A.MC..P.9..K1J...56...D.7.N...B.O2D3..G.F.A.CLK.M92.HJ..EG..P..F..4KM1....83....A....M..2BPOD.N.....O...KJ.I.NA...78.....4..&kind=classic&by=event`, level: "full", maxEvents: "1000000" },
  // A learner's phone (390×844 at 3 device pixels a CSS pixel), the board zoomed: a layer of
  // 2048×2048 device pixels (the cap), marks of 8.9 CSS px.
  { name: "phone, 25×25 zoomed, half given, full level", query: `?puzzle=${puzzle25()}&kind=classic&alphabet=letters`, level: "full", maxEvents: "1000000", phone: true, zoom: true },
  { name: "25×25, half given, full level, by event", query: `?puzzle=${puzzle25()}&kind=classic&alphabet=letters&by=event`, level: "full", maxEvents: "1000000" },
];

/**
 * The cost of a seek: 24 scrubs to spread positions (a fixed order, far jumps and near ones),
 * each timed as its input handler plus the page's work in the next animation frame (from the
 * frame's start to a callback queued after the page's own), so the wait for the frame is not
 * counted. Returns the sorted times in ms.
 */
async function seeks(page, fractions = Array.from({ length: 24 }, (_, k) => ((k * 7919) % 24 + 0.5) / 24)) {
  return page.evaluate(async (fractions) => {
    const range = document.querySelector("[data-action=scrub]");
    const count = window.sudokuLabExplain.session.trace.count;
    const out = [];
    for (const f of fractions) {
      const p = Math.floor(f * count);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t0 = performance.now();
      range.value = String(p);
      range.dispatchEvent(new Event("input", { bubbles: true }));
      const sync = performance.now() - t0;
      const draw = await new Promise((r) => requestAnimationFrame((ts) => r(performance.now() - Math.max(ts, t0 + sync))));
      out.push(sync + draw);
    }
    return out.sort((a, b) => a - b);
  }, fractions);
}

async function run(browser, base, c) {
  const page = await browser.newPage(c.phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true }
    : { viewport: { width: 1280, height: 800 } });
  await page.goto(base + c.query);
  await page.waitForSelector("[data-action=explain]:not([disabled])");
  await page.selectOption("[data-action=level]", c.level);
  await page.selectOption("[data-action=max-events]", c.maxEvents);
  await page.selectOption("[data-action=speed]", "max");
  // Trace first (the worker's time is not the page's): Explain, pause, back to the start.
  await page.click("[data-action=explain]");
  await page.waitForFunction(() => window.sudokuLabExplain.session?.done, null, { timeout: 120000 });
  await page.click("[data-action=pause]");
  if (c.zoom) {
    await page.click("[data-action=zoom-board]");
    await page.waitForFunction(() => window.sudokuLab.board.markFontPx() >= 8);
  }
  // The first seek, to near the end, the moment the trace is in ("cold"); then, once the
  // page has laid its checkpoints while idle (a person takes a moment to reach the
  // timeline), the 24.
  const [cold] = await seeks(page, [0.97]);
  await page.waitForFunction(() => {
    const s = window.sudokuLabExplain.session;
    return s.replay.warm(0);
  }, null, { timeout: 60000, polling: 100 });
  const seek = await seeks(page);
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
  return { ...r, wall, cold, seekMedian: seek[seek.length >> 1], seekMax: seek.at(-1) };
}

const only = process.env.CASES ?? "";
const { base, stop } = await serveDirectory(path.join(root, "www"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-timer-throttling"],
});
try {
  console.log(`page benchmark, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? "cpu"} ×${os.cpus().length}, Chromium headless, 1280×800`);
  console.log("| case | events | frames | median ms | p95 ms | max ms | events/s | long tasks | first seek ms | seek median / max ms |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const c of CASES) {
    if (only && !c.name.includes(only)) continue;
    const r = await run(browser, base, c);
    console.log(`| ${c.name} | ${r.events.toLocaleString("en-US")} | ${r.frames} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${Math.round(r.events / r.wall).toLocaleString("en-US")} | ${r.longTasks} | ${r.cold.toFixed(1)} | ${r.seekMedian.toFixed(1)} / ${r.seekMax.toFixed(1)} |`);
  }
} finally {
  await browser.close();
  stop();
}
