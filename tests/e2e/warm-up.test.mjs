// The solver worker's warm-up (worker.js, warm-up.js) changes nothing a player sees: requests
// that come while it runs — Play's start and a hint asked at once, hard hints asked from the
// moment the page loads — get the wasm module's own answers, each before any further warm-up
// call (the worker counts the calls begun between a request's coming and its turn: none), and
// the warm-up still ends. Nothing here times anything: the waits are for conditions.
import { test } from "node:test";
import assert from "node:assert/strict";

import { closeChecked, env, pageErrors } from "./harness.mjs";

// Kaggle rated (tuned) #15, the grid before the 21st step of grade's path (a forcing chain):
// the hint, which may use every technique, finds an ALS chain after most of the library.
const DEEP = {
  puzzle: "4..5...9.7.14....893..874....2..5.4......2..3...7.1.5286....2....3....69.97......",
  marks: ". 28 68 . 1236 36 1367 . 167 . 25 . . 2369 369 356 23 . . . 56 12 . . . 12 56 136 17 . 3689 369 . 16789 . 167 156 1457 459 689 469 . 16789 178 . 36 48 489 . 3469 . 69 . . . . 45 39 157 349 . 137 1457 125 145 . 12 57 48 578 . . 12 . . 36 125 3468 1358 138 14",
};
// A hard puzzle to play from its start (Kaggle rated, tuned #15).
const HARD = "4..5...9.7.14....893..8.4....2..5.4......2..3...7.1.5.86....2....3....69.97......";

/**
 * The page at `query`, as soon as its entry module has made the worker pool: before its load,
 * after which the warm-up starts (a test that waits for the load may find it done).
 */
async function openEarly(query = "") {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.errors = pageErrors(page);
  await page.goto(env.base + query, { waitUntil: "commit" });
  await page.waitForFunction(() => window.sudokuLabSolver && window.sudokuLab);
  return page;
}

/** The page's worker's last warm-up report (`{calls, total, done, time, longestWait}`), once it is done. */
async function warmUpDone(page) {
  await page.waitForFunction(() => window.sudokuLabSolver?.warmUp?.done === true, null, { timeout: 60_000 });
  return page.evaluate(() => window.sudokuLabSolver.warmUp);
}

test("hard hints asked from the page's load are the wasm module's own, each served before the warm-up goes on", async () => {
  const page = await openEarly();
  const answers = await page.evaluate(async ({ puzzle, marks }) => {
    const pool = window.sudokuLabSolver;
    const client = window.sudokuLab.solverClient();
    const answers = [];
    // Asked again and again until the warm-up's end is reported: an answer that comes before
    // that report was served before the warm-up's last call (one worker posts in order).
    do {
      const h = await client.hint(puzzle, "classic", "step", { marks });
      answers.push({ technique: h.technique, eliminations: h.eliminations, beforeEnd: !pool.warmUp?.done });
    } while (!pool.warmUp?.done && answers.length < 1000);
    return answers;
  }, DEEP);
  const expected = await page.evaluate(async ({ puzzle, marks }) => {
    const wasm = await import("/pkg/sudoku_lab.js");
    await wasm.default();
    const h = wasm.hint(puzzle, "classic", { reveal: "step" }, { marks });
    return { technique: h.technique, eliminations: h.eliminations };
  }, DEEP);
  assert.equal(expected.technique, "als_chain");
  for (const a of answers) assert.deepEqual({ technique: a.technique, eliminations: a.eliminations }, expected);
  const report = await warmUpDone(page);
  assert.equal(report.calls, report.total, "every warm-up call was made");
  assert.equal(report.longestWait, 0, "no request waited for a warm-up call begun after it came");
  // The first hint was asked as soon as the pool was made: it goes before the warm-up's first call.
  assert.ok(answers[0].beforeEnd, "the first hint came back before the warm-up's end");
  await closeChecked(page);
});

test("Play started and a hint asked at once, during the warm-up: the page answers with the wasm module's hint and stays usable", async () => {
  const page = await openEarly(`?puzzle=${HARD}&kind=classic`);
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /Hint 1 of 3/.test(document.getElementById("play-message").textContent));
  const expected = await page.evaluate(async () => {
    const wasm = await import("/pkg/sudoku_lab.js");
    await wasm.default();
    const { toWasm } = await import("/js/model.js");
    const model = window.sudokuLab.getModel();
    return wasm.hint(toWasm(model), model.kind, { reveal: "step" }, window.sudokuLab.play.player()).technique;
  });
  const link = await page.$eval("#play-message ~ a.glossary-link", (a) => (a.hidden ? "" : a.getAttribute("href")));
  assert.ok(link.endsWith(`#${expected}`), `the hint's glossary link ${link} names ${expected}`);
  // The board still takes a digit (the first empty cell: r1c2).
  await page.click("[data-cell=r1c2]");
  await page.keyboard.press("Digit1");
  await page.waitForFunction(() => document.querySelector("[data-cell=r1c2]").textContent.includes("1"));
  const report = await warmUpDone(page);
  assert.equal(report.longestWait, 0);
  await closeChecked(page, { axe: true });
});
