// What the board element's tests share, as an author uses the element: `make package`'s
// tarball installed into an empty directory by npm with no network, `sudoku-lab/board`
// imported through an import map by a host page in another directory — and from another
// origin, as a blog embeds a board from the site that serves sudoku-lab — in headless
// Chromium. Every test runs for both isolations (`ISOLATIONS`); `inBoard` reads a board
// whichever it is: its frame's document, or its shadow root in the host page. TARBALL names
// the tarball.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../serve.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
export const AXE = path.join(root, "node_modules/axe-core/axe.min.js");
const tarball = process.env.TARBALL;

/** The two ways a board is isolated from its host page: the default first. */
export const ISOLATIONS = ["shadow", "frame"];

export const CQOI = fs.readFileSync(path.join(data, "cqoi2013/sample1.in"), "utf8");
export const CQOI_ANSWER = fs.readFileSync(path.join(data, "cqoi2013/sample1.out"), "utf8").replace(/\s+/g, "");
/** magictour top1465 #12: propagation alone does not solve it (9 guesses and backtracks). */
export const HARD = "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........";
export const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/** The installed package (`dir`), its site (`pkgSite`, CORS on), the author's (`site`), the browser. */
export const env = { dir: "", site: null, pkgSite: null, browser: null };

before(async () => {
  assert.ok(tarball && fs.existsSync(tarball), `the tarball (TARBALL=${tarball}) is built: make package`);
  env.dir = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-author-"));
  const dir = env.dir;
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "author", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--cache", path.join(dir, ".npm-cache"), tarball], {
    cwd: dir, stdio: ["ignore", "pipe", "ignore"],
  });
  // The package from one origin (allowing others to load its modules, as a public host
  // does), the author's page from another, in a directory of its own.
  env.pkgSite = await serveDirectory(path.join(dir, "node_modules"), { cors: true });
  fs.mkdirSync(path.join(dir, "site"));
  env.site = await serveDirectory(path.join(dir, "site"));
  const imports = { "sudoku-lab/board": `${env.pkgSite.base}sudoku-lab/www/js/embed.js` };
  fs.writeFileSync(path.join(dir, "site/index.html"), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An author's page</title>
<link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify({ imports })}</script>
<style>body { margin: 0; } sudoku-lab-board { display: block; }</style>
</head><body><main><h1>An author's page</h1><div id="boards"></div></main>
<script type="module">
  import "sudoku-lab/board";
  window.events = [];
  /** A board with these attributes and style; every event it sends is kept in window.events. */
  window.make = (id, attributes, style = "") => {
    const board = document.createElement("sudoku-lab-board");
    board.id = id;
    for (const t of ["ready", "solved", "step", "error"]) {
      board.addEventListener(t, (e) => window.events.push({ id, type: t, detail: e.detail }));
    }
    for (const [k, v] of Object.entries(attributes)) board.setAttribute(k, v);
    board.setAttribute("loading", "eager");
    board.style.cssText = style;
    document.getElementById("boards").append(board);
    return board.ready;
  };
  window.boardReady = true;
</script></body></html>`);
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
});

after(async () => {
  await env.browser?.close();
  env.pkgSite?.stop();
  env.site?.stop();
  if (env.dir) fs.rmSync(env.dir, { recursive: true, force: true });
});

/** A fresh host page (1280×1000); its uncaught errors in `page.errors`. */
export async function host() {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  await page.goto(env.site.base);
  await page.waitForFunction(() => window.boardReady);
  return page;
}

/**
 * Makes a board of `isolation` ("shadow" leaves the attribute out: the default) and waits
 * for its "ready": resolves to its detail.
 */
export const make = (page, id, attributes, style = "width: 500px", isolation = "shadow") =>
  page.evaluate(([i, a, s]) => window.make(i, a, s), [id, isolation === "frame" ? { ...attributes, isolation } : attributes, style]);

/** Calls a method of board `id`: resolves to its value, or to `{rejected: message, cells}`. */
export const call = (page, id, method, ...args) => page.evaluate(async ([i, m, a]) => {
  try {
    return await document.getElementById(i)[m](...a);
  } catch (error) {
    return { rejected: error.message, cells: error.cells };
  }
}, [id, method, args]);

export const eventsOf = (page, id, type) => page.evaluate(([i, t]) => window.events.filter((e) => e.id === i && e.type === t).map((e) => e.detail), [id, type]);

/**
 * Board `id` seen from inside, whichever its isolation: `evaluate(fn, arg)` and
 * `waitForFunction(fn, arg, options)` run `fn({root, app, explain, box, scroller}, arg)` in
 * the board's document — `root` the frame's document or the shadow root, `app` and `explain`
 * the board's hooks (`sudokuLab`, `sudokuLabExplain`), `box` the board's box in the
 * document's coordinates (the frame's viewport, the element's rect) and `scroller` what would
 * scroll were the content too big; `locator(selector)` finds inside the board. The test only
 * looks: a board is scripted through the element.
 */
export async function inBoard(page, id) {
  const isolation = await page.$eval(`#${id}`, (b) => b.isolation);
  const frame = isolation === "frame" ? await (await page.$(`#${id} iframe`)).contentFrame() : null;
  const context = frame ?? page;
  const inside = frame
    ? `const root = document, app = window.sudokuLab, explain = window.sudokuLabExplain,
         box = { left: 0, top: 0, width: innerWidth, height: innerHeight }, scroller = document.documentElement;`
    : `const host = document.getElementById(${JSON.stringify(id)}), root = host.shadowRoot, app = root.sudokuLab,
         explain = root.sudokuLabExplain, r = host.getBoundingClientRect(),
         box = { left: r.left, top: r.top, width: r.width, height: r.height }, scroller = root.querySelector(".sl-app");`;
  const expression = (fn, arg) => `(() => { ${inside} return (${fn})({ root, app, explain, box, scroller }, ${JSON.stringify(arg ?? null)}); })()`;
  return {
    isolation,
    frame,
    evaluate: (fn, arg) => context.evaluate(expression(fn, arg)),
    waitForFunction: (fn, arg, options) => context.waitForFunction(expression(fn, arg), null, options),
    locator: (selector) => (frame ? frame.locator(selector) : page.locator(`#${id}`).locator(selector)),
  };
}

/**
 * The element's height at each of the host page's next 30 animation frames. Not a wait for
 * something to happen: a layout that feeds back into itself changes at every frame, however
 * slow the machine, so 30 frames of one height show it holds.
 */
export const heightsOver30Frames = (page, id) => page.evaluate((i) => new Promise((resolve) => {
  const board = document.getElementById(i);
  const seen = [];
  const tick = () => {
    seen.push(board.getBoundingClientRect().height);
    if (seen.length < 30) requestAnimationFrame(tick); // not a wait: 30 frames of heights are the observation
    else resolve(seen);
  };
  tick();
}), id);

/** A 9×9 answer checked by the rules alone: every row, column and block a permutation, and the givens kept. */
export function assertSudoku(solution, givens) {
  assert.equal(solution.length, 81);
  const groups = [];
  for (let i = 0; i < 9; i++) {
    groups.push(Array.from({ length: 9 }, (_, j) => i * 9 + j));
    groups.push(Array.from({ length: 9 }, (_, j) => j * 9 + i));
    groups.push(Array.from({ length: 9 }, (_, j) => (Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3)));
  }
  for (const g of groups) assert.deepEqual(g.map((c) => solution[c]).sort(), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  [...givens].forEach((ch, i) => { if (ch !== ".") assert.equal(solution[i], Number(ch), `the given at ${i}`); });
}

/**
 * Inside a board (see `inBoard`): what of its content lies outside its box — every visible
 * control, the board, the caption, the status — and whether it would scroll.
 */
export function fitOf({ root, box, scroller }) {
  const outside = [];
  for (const e of root.querySelectorAll("button, select, input, canvas, #board, #log, #status, output, .board-error")) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
    if (r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.left + box.width + 0.5 || r.bottom > box.top + box.height + 0.5) {
      outside.push(`${e.dataset.action || e.id || e.tagName} at ${Math.round(r.left - box.left)},${Math.round(r.top - box.top)}–${Math.round(r.right - box.left)},${Math.round(r.bottom - box.top)}`);
    }
  }
  const board = root.getElementById("board").getBoundingClientRect().width;
  return { vw: box.width, vh: box.height, scroll: [scroller.scrollWidth, scroller.scrollHeight], board, outside };
}

/**
 * Inside a board: whether its layout has settled at this size — the space app.js keeps under
 * the board (`--below-board`) is what is under it now (app.js measures it a frame after a
 * resize, so a board can fit for a moment at a size it does not keep).
 */
export function settledOf({ root }) {
  const layout = root.querySelector(".layout");
  const stage = root.querySelector(".stage");
  if (!layout || !stage) return true;
  const gap = parseFloat(getComputedStyle(stage).rowGap) || 0;
  const parts = [root.getElementById("status"), root.getElementById("playback"),
    ...root.querySelectorAll(".stage > :is(.digit-pad, #log, #solve-controls)")];
  const below = parts.reduce((sum, e) => (e && e.offsetHeight > 0 ? sum + e.offsetHeight + gap : sum), 0);
  const used = parseFloat(layout.style.getPropertyValue("--below-board"));
  return Math.abs(Math.ceil(below + 8) - used) <= 2;
}
