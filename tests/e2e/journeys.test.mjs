// Whole user journeys across both halves of the page, with real clicks and keys, read back
// only through the test hooks: a puzzle entered by hand is solved and its answer verified
// here, independently of the solver.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import {
  DATA, SHOTS, cellTexts, clickCentres, env, importText, pageErrors, relationMap, verifyAnswer, waitForStatus,
} from "./harness.mjs";

async function open(search = "") {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = pageErrors(page);
  await page.goto(env.base + search);
  await page.waitForSelector('[data-cell="r1c1"]');
  await page.waitForSelector("[data-action=solve]");
  return { page, errors };
}

async function solved(page) {
  await page.click("[data-action=solve]");
  return waitForStatus(page);
}

/** The relations of the judge's CQOI sample, decoded here: {edge: "<" | ">"}. */
function cqoiRelations(text) {
  const symbols = [...text.replace(/\s+/g, "")];
  assert.equal(symbols.length, 108);
  const out = {};
  for (let r = 1; r <= 9; r++) {
    for (const c of [1, 2, 4, 5, 7, 8]) out[`r${r}c${c}-r${r}c${c + 1}`] = symbols.shift();
    if (r % 3 !== 0) {
      for (let c = 1; c <= 9; c++) {
        const s = symbols.shift();
        out[`r${r}c${c}-r${r + 1}c${c}`] = s === "^" ? "<" : ">";
      }
    }
  }
  return out;
}

test("enter the CQOI2013 sample 1 by clicking its 108 gaps, solve, and the verified answer appears", async () => {
  const { page, errors } = await open("?puzzle=" + ".".repeat(81) + "&kind=inequality");
  assert.ok((await cellTexts(page)).every((t) => t === ""));
  const wanted = cqoiRelations(fs.readFileSync(path.join(DATA, "cqoi2013/sample1.in"), "utf8"));
  const clicks = [];
  for (const [edge, rel] of Object.entries(wanted)) {
    for (let i = 0; i < (rel === "<" ? 1 : 2); i++) clicks.push(`[data-edge="${edge}"]`);
  }
  await clickCentres(page, clicks);
  const shown = await relationMap(page);
  for (const [edge, rel] of Object.entries(wanted)) assert.equal(shown[edge], rel, edge);
  assert.equal(await solved(page), "unique");
  const values = (await cellTexts(page)).map(Number);
  verifyAnswer(values, { size: 9, block: [3, 3], relations: wanted });
  // The judge's own answer, for good measure.
  const expected = fs.readFileSync(path.join(DATA, "cqoi2013/sample1.out"), "utf8").split(/\s+/).filter(Boolean).map(Number);
  assert.deepEqual(values, expected);
  await page.screenshot({ path: path.join(SHOTS, "journey-cqoi-clicked-solved.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("paste a POJ 3076 puzzle, solve it, and the verified 16×16 answer appears", async () => {
  const { page, errors } = await open();
  const text = fs.readFileSync(path.join(DATA, "poj3076/sample.in"), "utf8");
  await importText(page, text);
  await page.waitForFunction(() => document.querySelectorAll("[data-cell]").length === 256);
  const givens = [...text.replace(/\s+/g, "")].map((ch) => (ch === "-" ? 0 : ch.charCodeAt(0) - 64));
  assert.equal(await solved(page), "unique");
  const values = (await cellTexts(page)).map(Number);
  verifyAnswer(values, { size: 16, block: [4, 4], givens });
  await page.screenshot({ path: path.join(SHOTS, "journey-poj3076-solved.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a shared URL opens the same puzzle, which solves the same way", async () => {
  const { page, errors } = await open("?example=futoshiki-6");
  const cells = await cellTexts(page);
  const rels = await relationMap(page);
  // Export the puzzle as text and share it the documented way: ?puzzle=<text>&kind=<kind>.
  await page.click("[data-action=export]");
  await page.selectOption("#export-format", "picture");
  const text = await page.inputValue("#export-text");
  await page.click("[data-action=export-close]");
  const shared = `${env.base}?puzzle=${encodeURIComponent(text)}&kind=futoshiki`;
  const again = await env.browser.newPage();
  await again.goto(shared);
  await again.waitForSelector('[data-cell="r1c1"]');
  assert.deepEqual(await cellTexts(again), cells);
  assert.deepEqual(await relationMap(again), rels);
  await again.waitForSelector("[data-action=solve]");
  assert.equal(await solved(again), "unique");
  const values = (await cellTexts(again)).map(Number);
  verifyAnswer(values, { size: 6, givens: cells.map(Number), relations: rels });
  // The page keeps the puzzle in its own address too: reopening that gives the same board.
  await again.click('[data-cell="r1c1"]');
  const own = again.url();
  const third = await env.browser.newPage();
  await third.goto(own);
  await third.waitForSelector('[data-cell="r1c1"]');
  assert.deepEqual(await relationMap(third), rels);
  await third.close();
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});
