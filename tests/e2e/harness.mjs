// What every browser test needs: a static server for www/ on a free port, headless Chromium
// from Debian (playwright-core downloads no browser), readers for the page's test hooks, and
// the steps many journeys share (open the page, import a text, explain, wait for the status).
import { before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../serve.mjs";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SHOTS = path.join(ROOT, "target/screenshots");
export const DATA = process.env.DATA ?? path.join(ROOT, "../shared/data");
const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** The page's base URL and the browser, set by `before` of the importing test file. */
export const env = { base: "", browser: null };

let server;

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await serveDirectory(path.join(ROOT, "www"));
  env.base = server.base;
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ARGS,
  });
});

after(async () => {
  await env.browser?.close();
  server?.stop();
});

/** Norvig's top95 #87: propagation needs 47 guesses, a trace of thousands of events with every marker. */
export const HARD = "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5..";

/** The statuses a finished Solve or Explain leaves in `data-status`. */
export const FINAL = ["unique", "several", "none", "invalid", "limit", "error", "stopped"];

/** Collects the page's uncaught exceptions and console errors (a test asserts there are none). */
export function pageErrors(page) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  return errors;
}

/**
 * A new page of the app at `query` (light, 1280×900 unless told; `touch` for a touch screen),
 * its errors collected in `page.errors`; resolves once the explain controls are in the page.
 */
export async function openPage(query = "", { viewport = { width: 1280, height: 900 }, colorScheme = "light", touch = false } = {}) {
  const page = await env.browser.newPage({ viewport, colorScheme, hasTouch: touch, isMobile: touch });
  page.errors = pageErrors(page);
  await page.goto(env.base + query);
  await page.waitForSelector("[data-action=explain]", { state: "attached" });
  return page;
}

/**
 * Ends a journey: the page logged no uncaught exception or console error (and, with `axe`,
 * axe-core finds no violation in it as it is now); then closes it.
 */
export async function closeChecked(page, { axe = false } = {}) {
  if (axe) assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
}

/** Waits until `data-status` is one of `states`; resolves to it. */
export async function waitForStatus(page, states = FINAL, timeout = 30_000) {
  try {
    await page.waitForFunction(
      (states) => states.includes(document.getElementById("status")?.dataset.status),
      states, { timeout });
  } catch (error) {
    if (error?.name !== "TimeoutError") throw error;
    // Say what the page showed instead: a run still going, a wrong end, or nothing started.
    const seen = await page.evaluate(() => {
      const s = document.getElementById("status");
      return `${s?.dataset.status ?? "(no status)"}: ${s?.textContent ?? ""}`;
    }).catch((e) => `(unreadable: ${e.message})`);
    const errors = page.errors?.length ? `; the page logged ${JSON.stringify(page.errors)}` : "";
    throw new Error(`status not one of ${states.join(", ")} within ${timeout} ms; it is ${seen}${errors}`, { cause: error });
  }
  return page.getAttribute("#status", "data-status");
}

/**
 * Waits until `fn(arg)` is truthy in the page (checked at every frame) and resolves to its
 * value; when it is not within `timeout` ms, resolves to its value then. For a condition the
 * next assertions check themselves: a slow machine makes the wait longer, and a page that
 * never gets there fails those assertions, which say what they saw.
 */
export async function until(page, fn, arg, { timeout = 15_000 } = {}) {
  try {
    const handle = await page.waitForFunction(fn, arg, { timeout });
    const value = await handle.jsonValue();
    await handle.dispose();
    return value;
  } catch (error) {
    if (error?.name !== "TimeoutError") throw error;
    // Said, for a wait stricter than the assertions after it (they may yet pass).
    console.log(`# until: not within ${timeout} ms: ${String(fn).replace(/\s+/g, " ").slice(0, 160)}`);
    return page.evaluate(fn, arg);
  }
}

/**
 * Waits until the page has drawn the position playback stands at, nothing pending (the
 * animator draws on the frame after a click, a key or a scrub moves it): the board, the
 * explanation, the timeline's range and the status are those of that position. With `at`,
 * playback must stand at the stop a seek to `at` goes to. Throws, saying where playback
 * was, when it never gets there.
 */
export async function drawn(page, at = null, { timeout = 15_000 } = {}) {
  try {
    await page.waitForFunction((at) => {
      const a = window.sudokuLabExplain?.animator;
      return Boolean(a) && !a.dirty && a.drawn === a.position && (at === null || a.position === a.snapped(at));
    }, at, { timeout });
  } catch (error) {
    if (error?.name !== "TimeoutError") throw error;
    const seen = await page.evaluate(() => {
      const a = window.sudokuLabExplain?.animator;
      return a && { position: a.position, drawn: a.drawn, dirty: a.dirty, playing: a.playing };
    });
    throw new Error(`playback did not draw ${at === null ? "its position" : `the stop of ${at}`} in ${timeout} ms: ${JSON.stringify(seen)}`);
  }
}

/** Scrolls to the top of the page, as a reader does, and waits until it is there and the board has the size it keeps. */
export async function scrollToTop(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await boardSettled(page);
}

/**
 * Waits until the board has the size it keeps: app.js measures what is under the board
 * (`--below-board`) on the frame after that changes, so for one frame after a message appears
 * the cells are still their old size.
 */
export function boardSettled(page) {
  return page.waitForFunction(() => {
    const layout = document.querySelector(".layout");
    const stage = document.querySelector(".stage");
    const playback = document.getElementById("playback");
    if (!layout || !stage || !playback) return true;
    const gap = parseFloat(getComputedStyle(stage).rowGap) || 0;
    const parts = [document.getElementById("status"), playback, ...document.querySelectorAll(".stage > .digit-pad")];
    const below = parts.reduce((sum, e) => (e && e.offsetHeight > 0 ? sum + e.offsetHeight + gap : sum), 0);
    const used = parseFloat(layout.style.getPropertyValue("--below-board"));
    return Math.abs(Math.ceil(below + 8) - used) <= 2;
  }, null, { polling: "raf" });
}

/** Sets the playback speed and presses Explain. */
export async function explainAt(page, speed) {
  await page.selectOption("[data-action=speed]", speed);
  await page.click("[data-action=explain]");
}

/**
 * A page that has explained `puzzle` with the logic engine at max speed and stands, drawn, on
 * the first step of `technique` (the step's sentence is checked to name its `title`).
 */
export async function explainedAt(puzzle, technique, title, options) {
  const page = await openPage(`?puzzle=${puzzle}&engine=logic`, options);
  await explainAt(page, "max");
  assert.equal(await waitForStatus(page, ["unique", "error"], 60_000), "unique");
  await page.evaluate((at) => window.sudokuLabExplain.seek(at), `technique:${technique}`);
  await drawn(page);
  assert.match(await page.textContent(".ex-current"), new RegExp(`^Step \\d+ · ${title}: `));
  return page;
}

/** A 9×9 puzzle whose explanation by the logic engine has an XY-wing (pivot r3c8). */
export const XY_WING = ".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..";

/**
 * A new page at `query` that has explained its puzzle at max speed to its end, which must be
 * a unique solution (the logic engine may take most of `timeout` ms on a loaded machine).
 */
export async function explainedUnique(query, timeout = 60_000) {
  const page = await openPage(query);
  await explainAt(page, "max");
  assert.equal(await waitForStatus(page, FINAL, timeout), "unique");
  return page;
}

/** Pastes `text` into the import dialog (one insertion, as a paste is) and imports it. */
export async function importText(page, text) {
  await page.click("[data-action=import]");
  await page.fill("#import-text", "");
  await page.focus("#import-text");
  await page.keyboard.insertText(text);
  await page.click("[data-action=import-apply]");
}

/** Every cell's text, in reading order. */
export const cellTexts = (page) =>
  page.$$eval("[data-cell]", (cells) => cells.map((c) => c.textContent));

/** Every gap's relation as {edge: rel}. */
export const relationMap = (page) =>
  page.$$eval("[data-edge]", (edges) => Object.fromEntries(edges.map((e) => [e.dataset.edge, e.dataset.rel])));

/**
 * Clicks the centre of each element in turn, as a person does: each one where it is when it
 * is clicked (scrolled into view, standing still, the element a click there reaches). One
 * layout read for all clicks was faster, but lost a click on a loaded machine when the page
 * moved under it (a CQOI gap left empty in a clean-clone run).
 */
export async function clickCentres(page, selectors) {
  for (const selector of selectors) await page.locator(selector).click();
}

/**
 * An independent check of an answer read off the page: every row, column and block holds
 * 1..size once, the givens are kept, every relation {edge: "<"|">"} holds.
 */
export function verifyAnswer(values, { size, block, givens = [], relations = {} }) {
  const houses = [];
  for (let i = 0; i < size; i++) {
    houses.push([...Array(size)].map((_, j) => i * size + j));
    houses.push([...Array(size)].map((_, j) => j * size + i));
  }
  if (block) {
    const [br, bc] = block;
    for (let r0 = 0; r0 < size; r0 += br) {
      for (let c0 = 0; c0 < size; c0 += bc) {
        houses.push([...Array(size)].map((_, j) => (r0 + Math.floor(j / bc)) * size + c0 + (j % bc)));
      }
    }
  }
  const all = [...Array(size)].map((_, i) => i + 1);
  for (const h of houses) {
    assert.deepEqual(h.map((c) => values[c]).sort((a, b) => a - b), all, `house ${h}`);
  }
  givens.forEach((g, i) => { if (g) assert.equal(values[i], g, `given at ${i}`); });
  const index = (name) => {
    const m = /^r(\d+)c(\d+)$/.exec(name);
    return (Number(m[1]) - 1) * size + Number(m[2]) - 1;
  };
  for (const [edge, rel] of Object.entries(relations)) {
    if (!rel) continue;
    const [a, b] = edge.split("-").map(index);
    assert.ok(rel === "<" ? values[a] < values[b] : values[a] > values[b], `${edge} ${rel}`);
  }
}

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

/**
 * The axe-core violations of the page as it is now (WCAG 2.0–2.2 A and AA rules and best
 * practices), as "rule: target, target…" lines: [] when clean.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}${v.nodes.length > 5 ? ` (+${v.nodes.length - 5})` : ""}`);
  });
  return violations;
}

/** The two isolations of a `<sudoku-lab-board>`: a shadow root (the default) and an iframe. */
export const ISOLATIONS = ["shadow", "frame"];

/**
 * Makes every `<sudoku-lab-board>` of `page` (in its markup, or made by its scripts) one of
 * `isolation` before it starts: an init script, for pages whose boards name none.
 */
export async function forceIsolation(page, isolation) {
  if (isolation === "shadow") return;
  await page.addInitScript((isolation) => {
    const mark = (element) => element.setAttribute("isolation", isolation);
    const create = Document.prototype.createElement;
    Document.prototype.createElement = function createElement(name, ...rest) {
      const element = create.call(this, name, ...rest);
      if (String(name).toLowerCase() === "sudoku-lab-board") mark(element);
      return element;
    };
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.localName === "sudoku-lab-board" && !n.hasAttribute("isolation")) mark(n);
    }).observe(document, { childList: true, subtree: true });
  }, isolation);
}

/**
 * Board `id`'s explain part seen from inside, whichever its isolation (the test only looks):
 * `evaluate(fn)` and `waitFor(fn)` run `fn(explain)` with its `sudokuLabExplain` (undefined
 * until the board is built).
 */
export async function explainOf(page, id) {
  const isolation = await page.$eval(`#${id}`, (b) => b.isolation);
  if (isolation === "frame") {
    const frame = await (await page.$(`#${id} iframe`)).contentFrame();
    const expression = (fn) => `(${fn})(window.sudokuLabExplain)`;
    return { evaluate: (fn) => frame.evaluate(expression(fn)), waitFor: (fn) => frame.waitForFunction(expression(fn)) };
  }
  const expression = (fn) => `(${fn})(document.getElementById(${JSON.stringify(id)}).shadowRoot.sudokuLabExplain)`;
  return { evaluate: (fn) => page.evaluate(expression(fn)), waitFor: (fn) => page.waitForFunction(expression(fn)) };
}

/**
 * A new page of the glossary (lessons/techniques.html) at `technique`'s entry, its board
 * isolated by `isolation` ("shadow" or "frame"; errors in `page.errors`): `{page, target,
 * root, host}` — `target` the page or the board's frame to evaluate in, `root` the
 * expression of the board's document or shadow root there, `host` that of the element.
 */
export async function openGlossaryBoard(technique, { viewport, touch = false, isolation }) {
  const page = await env.browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
  page.errors = pageErrors(page);
  await forceIsolation(page, isolation);
  await page.goto(`${env.base}lessons/techniques.html#${technique}`);
  const host = `document.querySelector("#${technique} sudoku-lab-board")`;
  const [target, root] = isolation === "frame"
    ? [await (await page.waitForSelector(`#${technique} sudoku-lab-board iframe`)).contentFrame(), "document"]
    : [page, `${host}.shadowRoot`];
  return { page, target, root, host };
}
