// The board element as an author uses it: `make package`'s tarball installed into an empty
// directory by npm with no network, `sudoku-lab/board` imported through an import map by a
// host page in another directory — and from another origin, as a blog embeds a board from
// the site that serves sudoku-lab. Every attribute, method and event, `controls`, `caption`,
// sizes from 300×360 to 1200×900 without overflow, and the error case. TARBALL names the
// tarball.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
const AXE = path.join(root, "node_modules/axe-core/axe.min.js");
const tarball = process.env.TARBALL;

const CQOI = fs.readFileSync(path.join(data, "cqoi2013/sample1.in"), "utf8");
const CQOI_ANSWER = fs.readFileSync(path.join(data, "cqoi2013/sample1.out"), "utf8").replace(/\s+/g, "");
/** magictour top1465 #12: propagation alone does not solve it (9 guesses and backtracks). */
const HARD = "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........";
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

let dir, site, pkgSite, browser;

before(async () => {
  assert.ok(tarball && fs.existsSync(tarball), `the tarball (TARBALL=${tarball}) is built: make package`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-author-"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "author", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--cache", path.join(dir, ".npm-cache"), tarball], {
    cwd: dir, stdio: ["ignore", "pipe", "ignore"],
  });
  // The package from one origin (allowing others to load its modules, as a public host
  // does), the author's page from another, in a directory of its own.
  pkgSite = await serveDirectory(path.join(dir, "node_modules"), { cors: true });
  fs.mkdirSync(path.join(dir, "site"));
  site = await serveDirectory(path.join(dir, "site"));
  const imports = { "sudoku-lab/board": `${pkgSite.base}sudoku-lab/www/js/embed.js` };
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
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
});

after(async () => {
  await browser?.close();
  pkgSite?.stop();
  site?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function host() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  await page.goto(site.base);
  await page.waitForFunction(() => window.boardReady);
  return page;
}

/** Makes a board and waits for its "ready": resolves to its detail. */
const make = (page, id, attributes, style = "width: 500px") =>
  page.evaluate(([i, a, s]) => window.make(i, a, s), [id, attributes, style]);
/** Calls a method of board `id`: resolves to its value, or to `{rejected: message, cells}`. */
const call = (page, id, method, ...args) => page.evaluate(async ([i, m, a]) => {
  try {
    return await document.getElementById(i)[m](...a);
  } catch (error) {
    return { rejected: error.message, cells: error.cells };
  }
}, [id, method, args]);
const eventsOf = (page, id, type) => page.evaluate(([i, t]) => window.events.filter((e) => e.id === i && e.type === t).map((e) => e.detail), [id, type]);
/** The board's frame (a Playwright Frame: its document, scripted by the test only to look). */
async function frameOf(page, id) {
  const handle = await page.$(`#${id} iframe`);
  return handle.contentFrame();
}

/**
 * The element's height at each of the host page's next 30 animation frames. Not a wait for
 * something to happen: a layout that feeds back into itself changes at every frame, however
 * slow the machine, so 30 frames of one height show it holds.
 */
const heightsOver30Frames = (page, id) => page.evaluate((i) => new Promise((resolve) => {
  const board = document.getElementById(i);
  const seen = [];
  const tick = () => {
    seen.push(board.getBoundingClientRect().height);
    if (seen.length < 30) requestAnimationFrame(tick);
    else resolve(seen);
  };
  tick();
}), id);

/** A 9×9 answer checked by the rules alone: every row, column and block a permutation, and the givens kept. */
function assertSudoku(solution, givens) {
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

test("attributes: puzzle, kind, engine, level, by, speed, start reach the board across origins", async () => {
  const page = await host();
  // By event: the board opens at the very event `start` names.
  const ready = await make(page, "a", { puzzle: CQOI, kind: "inequality", engine: "propagate", level: "full", by: "event", speed: "5", start: "eliminate:relation#2" });
  assert.equal(ready.kind, "inequality");
  assert.equal(ready.size, 9);
  assert.equal(ready.error, null);
  assert.equal(ready.protocol, 1);
  // The frame is of the package's origin, not the host's.
  const frame = await frameOf(page, "a");
  assert.equal(new URL(frame.url()).origin, new URL(pkgSite.base).origin);
  assert.notEqual(new URL(frame.url()).origin, new URL(site.base).origin);
  // `start`: opened paused at the second elimination by a relation.
  await page.waitForFunction(() => window.events.some((e) => e.id === "a" && e.type === "step" && e.detail.event?.rule === "relation"));
  const step = (await eventsOf(page, "a", "step")).at(-1);
  assert.equal(step.event.kind, "eliminate");
  assert.equal(step.event.rule, "relation");
  const relations = await frame.evaluate(() => window.sudokuLabExplain.session.trace);
  assert.ok(relations, "a trace");
  const firstTwo = await frame.evaluate(() => {
    const t = window.sudokuLabExplain.session.trace;
    const found = [];
    for (let i = 0; i < t.count && found.length < 2; i++) if (t.kind(i) === 2 && t.rule(i) === 6) found.push(i + 1);
    return found;
  });
  assert.equal(step.position, firstTwo[1], "the second relation elimination");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.phase), "paused");
  assert.equal(await frame.evaluate(() => document.getElementById("ex-speed").value), "5");
  assert.equal(await frame.evaluate(() => document.getElementById("ex-by").value), "event");
  assert.equal(step.by, "event");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.session.engine), "propagate");
  // engine and level changed on a live board: the next trace uses them.
  await page.evaluate(() => {
    const b = document.getElementById("a");
    b.setAttribute("puzzle", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    b.setAttribute("kind", "classic");
    b.setAttribute("engine", "naive");
    b.setAttribute("level", "placements");
    b.setAttribute("start", "place#3");
  });
  await page.waitForFunction(() => window.events.filter((e) => e.id === "a" && e.type === "step").at(-1)?.detail.event?.kind === "place");
  const after = (await eventsOf(page, "a", "step")).at(-1);
  assert.equal(after.event.kind, "place");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.session.engine), "naive");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.session.level), "placements");
  assert.equal(await frame.evaluate(() => window.sudokuLab.getModel().kind), "classic");
  // A setting alone, on a live board: a new start opens it again there; a new engine drops
  // the trace of the old one and traces again.
  const placesBefore = (await eventsOf(page, "a", "step")).length;
  await page.evaluate(() => document.getElementById("a").setAttribute("start", "place#5"));
  await page.waitForFunction((n) => window.events.filter((e) => e.id === "a" && e.type === "step").length > n, placesBefore);
  const fifth = (await eventsOf(page, "a", "step")).at(-1);
  const places = await frame.evaluate(() => {
    const t = window.sudokuLabExplain.session.trace;
    const at = [];
    for (let i = 0; i < t.count; i++) if (t.kind(i) === 1) at.push(i + 1);
    return at;
  });
  assert.equal(fifth.position, places[4], "the fifth placement");
  await page.evaluate(() => document.getElementById("a").setAttribute("engine", "propagate"));
  await frame.waitForFunction(() => window.sudokuLabExplain.session?.engine === "propagate" && window.sudokuLabExplain.session.done);
  assert.equal((await eventsOf(page, "a", "step")).at(-1).event.kind, "place");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("methods: solve, explain, play, pause, step, seek, highlight, load", async () => {
  const page = await host();
  await make(page, "m", { puzzle: HARD, kind: "classic" });
  const frame = await frameOf(page, "m");

  const solved = await call(page, "m", "solve");
  assert.equal(solved.status, "unique");
  assertSudoku(solved.solution, HARD);
  assert.ok(solved.nodes > 0);

  const explained = await call(page, "m", "explain");
  assert.equal(explained.status, "unique");
  assert.ok(explained.events > 100, `${explained.events} events`);
  assertSudoku(explained.solution, HARD);
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.animator.playing), true, "explain() plays");

  const paused = await call(page, "m", "pause");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.animator.playing), false);
  // By step (the default): step(n) counts steps, and stops at the end of one.
  const stepEnd = (number) => frame.evaluate((k) => window.sudokuLabExplain.session.trace.stepEnd(k - 1), number);
  const stepped = await call(page, "m", "step", 3);
  assert.equal(stepped.by, "step");
  assert.equal(stepped.step.number, (paused.step?.number ?? 0) + 3);
  assert.equal(stepped.position, await stepEnd(stepped.step.number));
  assert.equal(stepped.event.step, stepped.step.number - 1, "the event is the step's reason, its first");
  assert.equal(typeof stepped.sentence, "string");
  assert.equal(stepped.sentence, stepped.step.sentence);
  assert.ok(stepped.sentence.length > 5);
  const back = await call(page, "m", "step", -2);
  assert.equal(back.step.number, (paused.step?.number ?? 0) + 1);
  const fifth = await call(page, "m", "seek", "step:5");
  assert.equal(fifth.step.number, 5);
  assert.equal(fifth.position, await stepEnd(5));

  const guess = await call(page, "m", "seek", "guess");
  assert.equal(guess.event.kind, "guess");
  assert.match(guess.sentence, /guess/i);
  const backtrack = await call(page, "m", "seek", "backtrack");
  assert.equal(backtrack.event.kind, "backtrack");
  assert.ok(backtrack.position > guess.position);
  // An event number: the end of the step event 12 is in.
  const numbered = await call(page, "m", "seek", 12);
  assert.equal(numbered.position, await frame.evaluate(() => window.sudokuLabExplain.session.trace.boundary(12)));
  assert.ok(numbered.position >= 12);
  // The caption-less board still shows the position it was sent to: the step, then the
  // event (the second part hidden on an embedded board).
  assert.equal(await frame.evaluate(() => document.querySelector(".ex-position").textContent),
    `step ${numbered.step.number} of ${numbered.steps.toLocaleString("en-US")} · event ${numbered.position} of ${explained.events.toLocaleString("en-US")}`);
  assert.ok(numbered.steps > 0 && numbered.steps < explained.events, `${numbered.steps} steps`);
  const nothing = await call(page, "m", "seek", "contradiction#100000");
  assert.match(nothing.rejected, /no event contradiction#100000/);
  const bad = await call(page, "m", "seek", "sideways");
  assert.match(bad.rejected, /names no event/);

  const played = await call(page, "m", "play");
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.animator.playing), true);
  await frame.waitForFunction((p) => window.sudokuLabExplain.animator.position > p + 2, played.position);
  await call(page, "m", "pause");

  const lit = await call(page, "m", "highlight", ["r1c1", "R9C9", 40]);
  assert.deepEqual(lit, ["r1c1", "r9c9", "r5c5"]);
  assert.deepEqual(await frame.evaluate(() => [...document.querySelectorAll(".focus-cell")].map((c) => c.dataset.cell).sort()), ["r1c1", "r5c5", "r9c9"]);
  const wrongCell = await call(page, "m", "highlight", ["r10c1"]);
  assert.match(wrongCell.rejected, /not a cell of this 9×9 grid/);
  await call(page, "m", "highlight", []);
  assert.equal(await frame.evaluate(() => document.querySelectorAll(".focus-cell").length), 0);

  const loaded = await call(page, "m", "load", CQOI, { kind: "inequality", start: "place" });
  assert.equal(loaded.kind, "inequality");
  assert.equal(loaded.event.kind, "place", "opened at the first placement");
  const answer = await call(page, "m", "solve");
  assert.equal(answer.solution.join(""), CQOI_ANSWER, "the judge's answer");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("events: ready, step with the decoded event and its sentence, solved, error with cells", async () => {
  const page = await host();
  await make(page, "e", { puzzle: EASY, level: "full", speed: "max", autoplay: "" });
  await page.waitForFunction(() => window.events.some((e) => e.id === "e" && e.type === "solved"), null, { timeout: 20000 });
  const [ready] = await eventsOf(page, "e", "ready");
  assert.equal(ready.size, 9);
  assert.match(ready.version, /^\d+\.\d+\.\d+/);
  const steps = await eventsOf(page, "e", "step");
  assert.ok(steps.length > 2, `${steps.length} step events`);
  const placed = steps.find((s) => s.event?.kind === "place" && s.event.rule === "naked_single");
  assert.ok(placed, "a naked single among the steps");
  assert.match(placed.event.cell, /^r[1-9]c[1-9]$/);
  assert.ok(placed.event.digit >= 1 && placed.event.digit <= 9);
  assert.ok(placed.sentence.includes(placed.event.cell), placed.sentence);
  assert.ok(placed.event.premises.length > 0, "a naked single rests on eliminations");
  assert.ok(placed.event.premises.every((p) => p < placed.event.seq));
  const [outcome] = await eventsOf(page, "e", "solved");
  assert.equal(outcome.status, "unique");
  assert.equal(outcome.via, "explain");
  assertSudoku(outcome.solution, EASY);
  assert.equal(steps.at(-1).position, outcome.events, "solved when playback reached the end");
  const order = await page.evaluate(() => window.events.filter((e) => e.id === "e").map((e) => `${e.type}:${e.detail.position ?? ""}`));
  assert.equal(order[0], "ready:", "ready comes first");
  assert.equal(order.at(-1), "solved:", "solved comes after the last position's step");
  assert.equal(order.at(-2), `step:${outcome.events}`);
  // Played to the end again: solved again.
  await call(page, "e", "seek", "start");
  await call(page, "e", "play");
  await page.waitForFunction(() => window.events.filter((e) => e.id === "e" && e.type === "solved").length === 2, null, { timeout: 20000 });

  // An invalid puzzle: the error names its cells.
  await make(page, "bad", { puzzle: `11${".".repeat(79)}`, kind: "classic" });
  const refused = await call(page, "bad", "solve");
  assert.match(refused.rejected, /r1c1/);
  const [problem] = await eventsOf(page, "bad", "error");
  assert.deepEqual([...problem.cells].sort(), ["r1c1", "r1c2"]);
  assert.match(problem.message, /twice|same|already|duplicate|both/i);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an unreadable puzzle: the error inside the board, no other puzzle, a heading, and load() recovers", async () => {
  const page = await host();
  const ready = await make(page, "x", { puzzle: "this is not a puzzle" }, "width: 400px; height: 420px");
  assert.match(ready.error.message, /could not be read/);
  assert.match(ready.error.message, /format attribute/, "the hint names the attribute, not a menu the board lacks");
  const [error] = await eventsOf(page, "x", "error");
  assert.equal(error.message, ready.error.message);
  const frame = await frameOf(page, "x");
  assert.equal(await frame.isVisible("#board-error"), true);
  assert.equal(await frame.textContent("#board-error"), ready.error.message);
  assert.equal(await frame.isVisible("[data-cell]"), false, "no grid is shown");
  assert.equal(await frame.isVisible("[data-action=play]"), false);
  assert.match(await frame.textContent("h1"), /could not be read/);
  const loaded = await call(page, "x", "load", EASY);
  assert.equal(loaded.size, 9);
  assert.equal(await frame.isVisible("#board-error"), false);
  assert.equal(await frame.isVisible("[data-cell]"), true);
  assert.match(await frame.textContent("h1"), /Sudoku 9×9 with 32 givens/);
  const again = await call(page, "x", "load", "12345", { engine: "naive" });
  assert.match(again.rejected, /could not be read/);
  assert.equal(await frame.isVisible("[data-cell]"), false);
  // Nothing behind the error is solved or played: every method but load says why.
  for (const method of ["solve", "explain", "play", "step", "seek"]) {
    const refused = await call(page, "x", method, method === "seek" ? "end" : 1);
    assert.match(refused.rejected ?? "", /could not be read/, method);
  }
  assert.equal(await frame.evaluate(() => window.sudokuLabExplain.session), null, "no trace of the last good puzzle is left");
  assert.match(await frame.textContent("h1"), /could not be read/);
  // A bad puzzle set by attribute: the error event (there is no caller to reject).
  const before = (await eventsOf(page, "x", "error")).length;
  await call(page, "x", "load", EASY);
  await page.evaluate(() => document.getElementById("x").setAttribute("puzzle", "garbage!!"));
  await page.waitForFunction((n) => window.events.filter((e) => e.id === "x" && e.type === "error").length > n, before);
  assert.match((await eventsOf(page, "x", "error")).at(-1).message, /could not be read/);
  // An example by attribute, on a live board.
  await page.evaluate(() => { const b = document.getElementById("x"); b.removeAttribute("puzzle"); b.setAttribute("example", "futoshiki-5"); });
  await frame.waitForFunction(() => window.sudokuLab.getModel().kind === "futoshiki" && !document.getElementById("board-error"));
  assert.equal(await frame.evaluate(() => window.sudokuLab.getModel().size), 5);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an unreadable puzzle in a host of automatic height: one height, and the error readable at 300–1200 px", { timeout: 60000 }, async () => {
  const page = await host();
  for (const width of [300, 372, 480, 640, 900, 1200]) {
    const id = `bad${width}`;
    // The README's snippet as an author copies it: "…" for the puzzle, no height.
    const ready = await make(page, id, { puzzle: "…", kind: "inequality", controls: "full" }, `width: ${width}px`);
    assert.match(ready.error.message, /could not be read/);
    const frame = await frameOf(page, id);
    await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
    // Settled: the element is as tall as the frame's content (the error box and the padding).
    // Polled as the two documents answer, a bounded number of times, then said.
    let sizes;
    for (let poll = 0; poll < 200; poll++) {
      const natural = await frame.evaluate(() => {
        const box = document.getElementById("board-error");
        const pad = parseFloat(getComputedStyle(document.querySelector(".layout")).paddingTop) * 2;
        return box ? Math.ceil(pad + box.offsetHeight) : -1;
      });
      const height = await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().height, id);
      sizes = { natural, height };
      if (Math.abs(height - natural) < 2) break;
    }
    assert.ok(sizes.natural > 0 && Math.abs(sizes.height - sizes.natural) < 2, `${width} px: the element takes its content's height (${JSON.stringify(sizes)})`);
    // And it stays so. An element whose height feeds back into its content changes at
    // every frame (it did: 93 ↔ 854 px).
    const heights = await heightsOver30Frames(page, id);
    assert.equal(new Set(heights).size, 1, `${width} px: one height, not ${[...new Set(heights)].slice(0, 4)}`);
    const box = await frame.evaluate(() => {
      const e = document.getElementById("board-error");
      return { width: e.getBoundingClientRect().width, height: e.getBoundingClientRect().height, scroll: document.documentElement.scrollHeight, vh: innerHeight };
    });
    // As wide as the frame allows (up to the board's cap), so no word is cut up.
    assert.ok(box.width >= Math.min(width, 768) - 20, `${width} px: an error box ${box.width} px wide`);
    assert.ok(box.scroll <= box.vh + 1, `${width} px: the error fits (${box.scroll} > ${box.vh})`);
    await page.evaluate((i) => document.getElementById(i).remove(), id);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the README's snippet for a page without a bundler runs as written, and reports what went wrong", { timeout: 60000 }, async () => {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const at = readme.indexOf("**A page without a bundler, from the npm package**");
  const snippet = /```html\n([\s\S]*?)```/.exec(readme.slice(at))[1];
  assert.match(snippet, /catch \(error\)/, "the snippet handles a failed solve");
  const serveRoot = await serveDirectory(dir);
  const page = await browser.newPage();
  /** Resolves with the first console message that matches `pattern` from now on. */
  const heard = (pattern) => new Promise((resolve) => {
    const listen = (m) => {
      if (!pattern.test(m.text())) return;
      page.off("console", listen);
      resolve(m.text());
    };
    page.on("console", listen);
  });
  try {
    for (const [name, text, expected] of [
      ["readme.html", snippet, /^solved: unique$/],
      // The same snippet with a puzzle that cannot be read: said, not thrown.
      ["readme-bad.html", snippet.replace(/puzzle="[^"]*"/, 'puzzle="…"'), /^not solved: .*could not be read/],
    ]) {
      fs.writeFileSync(path.join(dir, name), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>readme</title><link rel="icon" href="data:,"></head><body><main>\n${text}\n</main></body></html>`);
      const errors = [];
      page.removeAllListeners("pageerror");
      page.on("pageerror", (e) => errors.push(e.message));
      const outcome = heard(expected);
      await page.goto(`${serveRoot.base}${name}`);
      await outcome;
      assert.deepEqual(errors, [], name);
    }
  } finally {
    await page.close();
    serveRoot.stop();
  }
});

test("controls none, playback and full; caption; Play works without autoplay", async () => {
  const page = await host();
  await make(page, "p", { puzzle: EASY });
  await make(page, "n", { puzzle: EASY, controls: "none" });
  await make(page, "f", { puzzle: EASY, controls: "full", caption: "" });
  const [p, n, f] = [await frameOf(page, "p"), await frameOf(page, "n"), await frameOf(page, "f")];
  const visible = (frame) => frame.evaluate(() => [...document.querySelectorAll("button, select")]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
    .map((e) => e.dataset.action));
  assert.deepEqual(await visible(n), []);
  const playback = await visible(p);
  for (const action of ["play", "step", "step-back", "speed"]) assert.ok(playback.includes(action), `${action} in ${playback}`);
  assert.ok(!playback.includes("solve"));
  const full = await visible(f);
  for (const action of ["play", "solve", "engine", "level"]) assert.ok(full.includes(action), `${action} in ${full}`);
  assert.ok(!full.includes("stop"), "Stop shows only while there is something to stop");
  assert.equal(await p.isVisible("#log"), false, "no caption unless asked");
  assert.equal(await f.isVisible("#log .ex-current"), true);

  // Without autoplay the Play button is enabled and traces and plays.
  assert.equal(await p.isEnabled("[data-action=play]"), true);
  await p.click("[data-action=play]");
  await p.waitForFunction(() => window.sudokuLabExplain.animator.position > 0);
  // The caption says what the step event says.
  await f.click("[data-action=play]");
  await f.waitForFunction(() => window.sudokuLabExplain.animator.position > 3);
  const at = await call(page, "f", "pause");
  assert.equal(await f.textContent("#log .ex-current"), `Step ${at.step.number} · ${at.sentence}`);
  // Playing, Stop takes Solve's place; Solve of controls="full" answers on the board.
  await f.click("[data-action=play]");
  await f.waitForSelector("[data-action=stop]", { state: "visible" });
  assert.equal(await f.isVisible("[data-action=solve]"), false);
  await f.click("[data-action=stop]");
  await f.click("[data-action=solve]");
  await page.waitForFunction(() => window.events.some((e) => e.id === "f" && e.type === "solved" && e.detail.via === "solve"));
  // Controls and caption changed live.
  await page.evaluate(() => { document.getElementById("n").setAttribute("controls", "playback"); document.getElementById("n").setAttribute("caption", ""); });
  await n.waitForSelector("[data-action=play]", { state: "visible" });
  assert.equal(await n.isVisible("#log"), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("calls wait for the board: before it is in the document, across a reload and a move; a call in flight on a removed board rejects", async () => {
  const page = await host();
  // Positions counted in steps (a board plays by step): the step the board is at.
  const results = await page.evaluate(async (puzzle) => {
    const at = (here) => here.step?.number ?? 0;
    const out = {};
    const b = document.createElement("sudoku-lab-board");
    b.setAttribute("puzzle", puzzle);
    b.setAttribute("loading", "eager");
    const early = b.step(2); // before it is in a document
    const ready = b.ready;
    document.getElementById("boards").append(b);
    out.early = at(await early);
    out.ready = (await ready).size;
    // A reload (another page address) with a call made just before it.
    const during = b.step(1);
    b.setAttribute("page", new URL("index.html?reloaded", b.page).href);
    out.during = await during.then((p) => at(p), (e) => `rejected: ${e.message}`);
    out.afterReload = at(await b.step(3));
    // Moved: the frame reloads; a call made right after waits for it.
    document.body.append(b);
    out.afterMove = at(await b.step(1));
    // Removed with a call in flight: rejected, not left hanging.
    const inFlight = b.explain();
    await new Promise((r) => setTimeout(r, 0)); // sent: in flight
    b.remove();
    out.removed = await inFlight.then(() => "resolved", (e) => `rejected: ${e.message}`);
    // Back in the document: it answers again.
    document.getElementById("boards").append(b);
    out.back = at(await b.step(4));
    return out;
  }, EASY);
  assert.equal(results.early, 2);
  assert.equal(results.ready, 9);
  assert.ok(results.during === 1 || /rejected: the board's page was reloaded/.test(results.during), String(results.during));
  // The call made before the reload went to the new page, or was rejected with the old one.
  assert.equal(results.afterReload, results.during === 1 ? 4 : 3, "a fresh page: counted from its start");
  assert.equal(results.afterMove, 1);
  assert.match(results.removed, /rejected: the board was removed/);
  assert.equal(results.back, 4);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a page that is not a board's: ready rejects and an error event says so", { timeout: 30000 }, async () => {
  const page = await host();
  const outcome = await page.evaluate(async () => {
    const b = document.createElement("sudoku-lab-board");
    b.setAttribute("page", `${location.origin}/index.html`); // the author's own page, not sudoku-lab's
    b.setAttribute("loading", "eager");
    const errors = [];
    b.addEventListener("error", (e) => errors.push(e.detail.message));
    document.getElementById("boards").append(b);
    const result = await b.solve().then(() => "resolved", (e) => e.message);
    return { result, errors };
  });
  assert.match(outcome.result, /did not answer/);
  assert.equal(outcome.errors.length, 1);
  await page.close();
});

test("a page attribute that is not an http(s) address is refused: an error naming it, no frame loaded", async () => {
  const page = await host();
  const hostile = [
    "javascript:parent.pwned=1//",
    "JavaScript:parent.pwned=1//",
    " jav\tascript:parent.pwned=1//",
    "data:text/html,<script>parent.pwned=1</script>",
    "blob:" + new URL(site.base).origin + "/0a0a0a0a-0000-0000-0000-000000000000",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ];
  for (const [i, value] of hostile.entries()) {
    const id = `scheme${i}`;
    const outcome = await page.evaluate(([id, value]) => new Promise((resolve) => {
      const board = document.createElement("sudoku-lab-board");
      board.id = id;
      board.setAttribute("loading", "eager");
      board.setAttribute("page", value);
      board.addEventListener("error", (e) => resolve({ message: e.detail.message, src: board.shadowRoot.querySelector("iframe").getAttribute("src") }));
      board.ready.catch(() => {});
      document.getElementById("boards").append(board);
    }), [id, value]);
    assert.match(outcome.message, /^the page attribute must be an http: or https: address, not "/, JSON.stringify(value));
    assert.equal(outcome.src, "about:blank", JSON.stringify(value));
    const rejected = await call(page, id, "solve");
    assert.match(rejected.rejected ?? "", /page attribute/, JSON.stringify(value));
  }
  // Set on a live board too: it leaves its page, and says why.
  await make(page, "live", { puzzle: EASY });
  const live = await page.evaluate(() => new Promise((resolve) => {
    const board = document.getElementById("live");
    board.addEventListener("error", (e) => resolve({ message: e.detail.message, src: board.shadowRoot.querySelector("iframe").getAttribute("src") }), { once: true });
    board.setAttribute("page", "javascript:parent.pwned=1//");
  }));
  assert.match(live.message, /page attribute/);
  assert.equal(live.src, "about:blank");
  // An http(s) address is still a board.
  await make(page, "http", { puzzle: EASY, page: `${pkgSite.base}sudoku-lab/www/index.html` });
  assert.equal((await call(page, "http", "step", 1)).step.number, 1);
  assert.equal(await page.evaluate(() => window.pwned), undefined, "no attribute ran as script");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("origins: a frame takes a port only from a parent of the host's origin; the element only from its own frame", async () => {
  const page = await host();
  // The board's page opened by a parent of another origin than its `host=`: the parent's
  // connect is ignored. The control: the same parent named as host is answered.
  const pkgOrigin = new URL(pkgSite.base).origin;
  fs.writeFileSync(path.join(dir, "node_modules/other.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>other</title></head><body><main><h1>other</h1></main>
<script>
  const host = new URLSearchParams(location.search).get("host");
  const frame = document.createElement("iframe");
  // The frame's hello is seen here whatever origin it is addressed to (the frame calls this
  // page's postMessage, replaced): it says the frame's side of the protocol listens.
  window.postMessage = (message) => { if (message?.type === "sudoku-lab:hello") knock(); };
  frame.src = "sudoku-lab/www/index.html?embed=1&host=" + encodeURIComponent(host) + "&puzzle=${EASY}";
  document.body.append(frame);
  function knock() {
    const channel = new MessageChannel();
    // What comes first on the port decides: "ready" if the frame took it (the frame answers
    // on it at once), else the probe, sent on it once the frame's own listener has seen the
    // connect (listeners run in the order they were added: the frame's first).
    channel.port1.onmessage = (e) => {
      channel.port1.onmessage = null;
      window.answered = e.data?.event === "ready";
    };
    frame.contentWindow.addEventListener("message", (e) => {
      if (e.data?.type === "sudoku-lab:connect") e.ports[0].postMessage({ probe: true });
    }, { once: true });
    frame.contentWindow.postMessage({ type: "sudoku-lab:connect", protocol: 1 }, "*", [channel.port2]);
  }
</script></body></html>`);
  const other = await browser.newPage();
  for (const [hostOrigin, expected] of [[new URL(site.base).origin, false], [pkgOrigin, true]]) {
    await other.goto(`${pkgSite.base}other.html?host=${encodeURIComponent(hostOrigin)}`);
    await other.waitForFunction(() => window.answered !== undefined);
    assert.equal(await other.evaluate(() => window.answered), expected, `a parent of ${pkgOrigin} with host=${hostOrigin}`);
  }
  await other.close();

  // A hello from a frame of the page's origin that is not the element's frame is ignored.
  // The frame says hello, then "said"; a connect in answer to the hello would reach it before
  // the report asked for on "said" (messages between two windows keep their order).
  fs.writeFileSync(path.join(dir, "node_modules/hello.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hello</title></head><body>
<script>
  let got = false;
  window.addEventListener("message", (e) => {
    if (e.data?.type === "sudoku-lab:connect") got = true;
    if (e.data?.report) parent.postMessage({ got }, "*");
  });
  parent.postMessage({ type: "sudoku-lab:hello", protocol: 1 }, "*");
  parent.postMessage({ said: "hello" }, "*");
</script></body></html>`);
  await make(page, "h", { puzzle: EASY });
  /** Whether the frame `frameOf()` returns (once it exists) got a connect for its hello. */
  const answeredHello = (url, own) => page.evaluate(([url, own]) => new Promise((resolve) => {
    let frame;
    window.addEventListener("message", (e) => {
      if (!frame || e.source !== frame.contentWindow) return;
      if (e.data?.said === "hello") frame.contentWindow.postMessage({ report: true }, "*");
      if (e.data && "got" in e.data) resolve(e.data.got);
    });
    if (own) {
      const b = document.createElement("sudoku-lab-board");
      b.setAttribute("page", url);
      b.setAttribute("loading", "eager");
      document.getElementById("boards").append(b);
      frame = b.shadowRoot.querySelector("iframe");
    } else {
      frame = document.createElement("iframe");
      frame.src = url;
      frame.title = "stray";
      document.body.append(frame);
    }
  }), [url, own]);
  assert.equal(await answeredHello(`${pkgSite.base}hello.html`, false), false, "the element answers no other frame's hello");
  // The control: the same page as the element's own `page` is answered.
  const own = await answeredHello(`${pkgSite.base}hello.html`, true);
  assert.equal(own, true, "its own frame's hello is answered");
  assert.equal((await call(page, "h", "step", 2)).step.number, 2);
  await page.close();
});

/** True in a frame whose content fits its viewport (what `fits` reports on). */
function fitsNow() {
  const vw = innerWidth, vh = innerHeight;
  for (const e of document.querySelectorAll("button, select, input, canvas, #board, #log, #status, output, .board-error")) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) return false;
  }
  const root = document.documentElement;
  return root.scrollWidth <= vw && root.scrollHeight <= vh;
}

/**
 * Whether the board's layout has settled at this size: the space app.js keeps under the
 * board (`--below-board`) is what is under it now (app.js measures it a frame after a
 * resize, so a board can fit for a moment at a size it does not keep).
 */
function settledNow() {
  const layout = document.querySelector(".layout");
  const stage = document.querySelector(".stage");
  if (!layout || !stage) return true;
  const gap = parseFloat(getComputedStyle(stage).rowGap) || 0;
  const parts = [document.getElementById("status"), document.getElementById("playback"),
    ...document.querySelectorAll(".stage > :is(.digit-pad, #log, #solve-controls)")];
  const below = parts.reduce((sum, e) => (e && e.offsetHeight > 0 ? sum + e.offsetHeight + gap : sum), 0);
  const used = parseFloat(layout.style.getPropertyValue("--below-board"));
  return Math.abs(Math.ceil(below + 8) - used) <= 2;
}

/** Whether the frame's content fits its viewport: no scrolling, every visible control inside. */
function fits(frame) {
  return frame.evaluate(() => {
    const vw = innerWidth, vh = innerHeight;
    const outside = [];
    for (const e of document.querySelectorAll("button, select, input, canvas, #board, #log, #status, output, .board-error")) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
        outside.push(`${e.dataset.action || e.id || e.tagName} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    const board = document.getElementById("board").getBoundingClientRect().width;
    const root = document.documentElement;
    return { vw, vh, scroll: [root.scrollWidth, root.scrollHeight], board, outside };
  });
}

test("sizes 300×360 to 1200×900: the content fits the element's box, nothing clipped", async () => {
  const page = await host();
  const sizes = [];
  for (const w of [300, 372, 480, 640, 760, 1000, 1200]) for (const h of [360, 480, 640, 900]) sizes.push([w, h]);
  for (const [attributes, smallest] of [[{ caption: "", start: "place:naked_single" }, 100], [{ controls: "full", caption: "" }, 100], [{ controls: "none" }, 250]]) {
    const id = `s${Object.keys(attributes).join("")}`;
    await make(page, id, { puzzle: EASY, ...attributes }, "width: 300px; height: 360px");
    const frame = await frameOf(page, id);
    for (const [w, h] of sizes) {
      await page.evaluate(([i, w, h]) => { const b = document.getElementById(i); b.style.width = `${w}px`; b.style.height = `${h}px`; }, [id, w, h]);
      await frame.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [w, h]);
      // The layout settles once app.js has measured what is under the board at this size
      // (on its ResizeObserver's next frame): wait for that, then say why not.
      const where = `${JSON.stringify(attributes)} at ${w}×${h}`;
      await frame.waitForFunction(`(${settledNow})() && (${fitsNow})()`, null, { timeout: 10000 }).catch(() => {});
      const fit = await fits(frame);
      assert.deepEqual(fit.outside, [], `nothing outside the box, ${where}`);
      assert.ok(fit.scroll[0] <= w && fit.scroll[1] <= h, `no overflow (${fit.scroll}), ${where}`);
      assert.ok(fit.board >= smallest, `a board of at least ${smallest} px (${fit.board}), ${where}`);
    }
    await page.evaluate((i) => document.getElementById(i).remove(), id);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("without a height of its own the element takes the height its content needs", async () => {
  const page = await host();
  for (const width of [300, 372, 640, 1500]) {
    const id = `auto${width}`;
    await make(page, id, { puzzle: EASY, caption: "" }, `width: ${width}px`);
    const frame = await frameOf(page, id);
    // In view: Chromium draws no frames (and so measures nothing) in a frame out of view.
    await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
    // The frame reports its height; the element takes it; what is under the board may change
    // at the new height (a taller caption), and the frame reports again: wait until it holds.
    await page.waitForFunction((i) => {
      const b = document.getElementById(i);
      const h = b.getBoundingClientRect().height;
      const stable = b.lastHeight === h ? (b.stableFor ?? 0) + 1 : 0;
      Object.assign(b, { lastHeight: h, stableFor: stable });
      return stable >= 4 && Math.abs(h - b.getBoundingClientRect().width * 6 / 5) > 4; // not the 5:6 placeholder
    }, id, { polling: 100, timeout: 10000 });
    const fit = await fits(frame);
    assert.deepEqual(fit.outside, [], `${width}`);
    assert.ok(fit.scroll[1] <= fit.vh, `${width}: no overflow`);
    assert.ok(fit.board >= Math.min(width - 20, 760), `${width}: the board takes the width, up to its cap (${fit.board})`);
    // Settled: the element keeps its height (no back and forth between two layouts).
    const heights = await heightsOver30Frames(page, id);
    assert.equal(new Set(heights).size, 1, `${width}: the height holds (${[...new Set(heights)]})`);
    await page.evaluate((i) => document.getElementById(i).remove(), id);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("axe: the board's document is clean while paused with a caption and with an error", async () => {
  const page = await host();
  await make(page, "ax", { puzzle: HARD, caption: "", start: "guess", controls: "full" });
  await make(page, "ay", { puzzle: "not one" });
  for (const id of ["ax", "ay"]) {
    const frame = await frameOf(page, id);
    await frame.addScriptTag({ path: AXE });
    const violations = await frame.evaluate(async () => (await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    })).violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
    assert.deepEqual(violations, [], id);
  }
  await page.close();
});
