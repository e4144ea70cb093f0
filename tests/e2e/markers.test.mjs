// Markers between cells on the page, as a person meets them: a Kropki puzzle entered by
// clicking its gaps (white, then black) with "all dots are given" ticked, solved, its answer
// checked here against every dot and the negative constraint (independently of the solver);
// Explain saying a dot deduction in words; Play marking a broken dot; a SudokuPad link
// pasted into Import; the examples menu's Kropki and XV puzzles. Axe passes in each state.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import {
  ROOT, SHOTS, axeViolations, cellTexts, clickCentres, closeChecked, importText, openPage, relationMap, verifyAnswer, waitForStatus,
} from "./harness.mjs";

/**
 * A 4×4 Kropki sudoku with every dot given (made by `sudoku-lab generate --size 4 --markers
 * kropki --negative --seed 1`): no givens, 14 dots, one solution.
 */
const DOTS = {
  "r1c1-r2c1": "black", "r1c3-r1c4": "white", "r1c4-r2c4": "black", "r2c1-r2c2": "white",
  "r2c1-r3c1": "white", "r2c2-r3c2": "white", "r2c3-r3c3": "black", "r2c4-r3c4": "white",
  "r3c2-r3c3": "black", "r3c2-r4c2": "black", "r3c3-r3c4": "white", "r3c3-r4c3": "black",
  "r4c1-r4c2": "white", "r4c2-r4c3": "black",
};

/** The published UKPA Kropki sudoku (tests/fixtures/published-kropki.json) as a SudokuPad link. */
const UKPA = JSON.parse(fs.readFileSync(path.join(ROOT, "tests/fixtures/published-kropki.json"), "utf8"))
  .find((e) => e.name === "check_kropki_9x9_2_solve");
/**
 * Its f-puzzles JSON (as `format(…, "fpuzzles")` writes it) compressed by lz-string's
 * compressToBase64 (lz-str 0.2, the codec SudokuPad and f-puzzles use), after the address
 * SudokuPad opens it at.
 */
const UKPA_LINK = "https://sudokupad.app/fpuzzles" + fs.readFileSync(path.join(ROOT, "tests/fixtures/ukpa-kropki.sudokupad.txt"), "utf8").trim();

const consecutive = (x, y) => Math.abs(x - y) === 1;
const double = (x, y) => x === 2 * y || y === 2 * x;

/**
 * Checks an answer against dots {edge: "white" | "black"} and, with `negative`, that no
 * unmarked neighbours are consecutive or double.
 */
function verifyDots(values, size, dots, negative) {
  const index = (name) => {
    const m = /^r(\d+)c(\d+)$/.exec(name);
    return (Number(m[1]) - 1) * size + Number(m[2]) - 1;
  };
  for (const [edge, dot] of Object.entries(dots)) {
    const [a, b] = edge.split("-").map(index);
    assert.ok(dot === "white" ? consecutive(values[a], values[b]) : double(values[a], values[b]), `${edge} ${dot}: ${values[a]}, ${values[b]}`);
  }
  if (!negative) return;
  for (let a = 0; a < size * size; a++) {
    for (const b of [a % size < size - 1 ? a + 1 : -1, a + size < size * size ? a + size : -1]) {
      if (b < 0) continue;
      const edge = `r${Math.floor(a / size) + 1}c${(a % size) + 1}-r${Math.floor(b / size) + 1}c${(b % size) + 1}`;
      if (dots[edge]) continue;
      assert.ok(!consecutive(values[a], values[b]) && !double(values[a], values[b]), `${edge} has no dot: ${values[a]}, ${values[b]}`);
    }
  }
}

test("enter a Kropki puzzle by clicking its gaps, solve it, and the answer keeps every dot", async () => {
  const page = await openPage("?puzzle=" + ".".repeat(16) + "&kind=classic");
  await page.waitForSelector('[data-cell="r4c4"]');
  await page.selectOption("#gap-select", "kropki");
  const clicks = [];
  for (const [edge, dot] of Object.entries(DOTS)) {
    for (let i = 0; i < (dot === "white" ? 1 : 2); i++) clicks.push(`[data-edge="${edge}"]`);
  }
  await clickCentres(page, clicks);
  const shown = await relationMap(page);
  for (const [edge, rel] of Object.entries(shown)) assert.equal(rel, DOTS[edge] ?? "", edge);
  // Drawn as dots, and said so to a screen reader.
  assert.equal(await page.getAttribute('[data-edge="r1c1-r2c1"]', "data-marker"), "black");
  assert.equal(await page.getAttribute('[data-edge="r1c1-r2c1"]', "aria-label"), "Relation between r1c1 and r2c1: black dot (one digit double the other)");
  // Without the negative constraint the dots leave several solutions; with it, one.
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "several");
  await page.check("#negative-box");
  await page.waitForFunction(() => /not consecutive or double/.test(document.getElementById("summary").textContent));
  assert.deepEqual(await axeViolations(page), []);
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  const values = (await cellTexts(page)).map(Number);
  verifyAnswer(values, { size: 4, block: [2, 2] });
  verifyDots(values, 4, DOTS, true);
  // The puzzle travels in the address: opened again, the same dots and the same rule.
  const url = page.url();
  assert.match(url, /negative/);
  const again = await openPage(url.slice(url.indexOf("?")));
  await again.waitForSelector('[data-cell="r4c4"]');
  assert.deepEqual(await relationMap(again), shown);
  assert.ok(await again.isChecked("#negative-box"));
  await page.screenshot({ path: path.join(SHOTS, "markers-kropki-clicked-solved.png") });
  assert.deepEqual(page.errors, []);
  assert.deepEqual(again.errors, []);
  await again.close();
  await page.close();
});

test("Explain says a dot deduction in words, with the dot marked on the board", async () => {
  const page = await openPage("?example=kropki-9");
  await page.waitForFunction(() => document.querySelectorAll('[data-marker="white"], [data-marker="black"]').length === 42);
  await page.click("[data-action=explain]");
  await page.waitForFunction(() => window.sudokuLabExplain?.session?.trace?.stepCount > 10);
  await page.click("[data-action=pause]");
  await page.locator("[data-action=scrub]").fill("0");
  await page.waitForFunction(() => window.sudokuLabExplain.animator.position === 0);
  // The first dot deduction after the start, stepped to as a person does.
  let sentence = "";
  for (let k = 1; k <= 40 && !/joined by a (white|black) dot/.test(sentence); k++) {
    await page.click("[data-action=step]");
    await page.waitForFunction((k) => window.sudokuLabExplain.here().step?.number === k
      && document.querySelector(".ex-current")?.textContent.startsWith(`Step ${k} · `), k);
    sentence = await page.textContent(".ex-current");
  }
  assert.match(sentence, /r\dc\d and r\dc\d are joined by a (white|black) dot(: r\dc\d has no [\d–, or]+ left, so \d leaves r\dc\d| and r\dc\d (is \d|can only be [\d–, or]+): r\dc\d cannot be [\d–, or]+)/, sentence);
  // The dot the sentence names is marked on the board.
  const [, a, b] = /(r\dc\d) and (r\dc\d) are joined by a (?:white|black) dot/.exec(sentence);
  await page.waitForFunction((edge) => document.querySelector(`[data-edge="${edge}"]`).classList.contains("focus-edge"), `${a}-${b}`);
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "markers-explain-dot.png") });
  await closeChecked(page);
});

test("Play marks a broken dot as it is typed; the XV example solves", async () => {
  const page = await openPage("?example=xv-9");
  await page.waitForFunction(() => document.querySelectorAll('[data-marker="letter"]').length === 24);
  assert.match(await page.textContent("#summary"), /24 X\/V · unmarked neighbours do not sum to 5 or 10/);
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  // r1c4 and r1c5 are joined by a V: 1 and 2 do not sum to 5.
  await page.click('[data-cell="r1c4"]');
  await page.keyboard.press("1");
  await page.click('[data-cell="r1c5"]');
  await page.keyboard.press("2");
  await page.waitForFunction(() => document.querySelector('[data-edge="r1c4-r1c5"]').classList.contains("broken"));
  assert.match(await page.textContent("#play-message"), /The V between r1c4 and r1c5 is broken: 1 and 2 are not digits summing to 5/);
  assert.deepEqual(await axeViolations(page), []);
  // A hint names the broken V first, and marks it.
  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /is wrong there/.test(document.getElementById("play-message").textContent));
  assert.match(await page.textContent("#play-message"), /r1c4: 1 is wrong there: the V between r1c4 and r1c5 does not hold: 1 and 2 do not sum to 5\./);
  assert.ok(await page.$eval('[data-edge="r1c4-r1c5"]', (e) => e.classList.contains("focus-edge")), "the V is marked");
  await page.click("[data-action=play-stop]");
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  await closeChecked(page);
});

test("Play's hints on a Kropki puzzle name a marker technique and mark its dot; the grade names one too", async () => {
  const page = await openPage("?example=kropki-9");
  await page.waitForSelector("[data-action=play-start]");
  await page.click("[data-action=play-start]");
  await page.waitForFunction(() => /^Grade \d/.test(document.getElementById("play-grade").textContent));
  assert.match(await page.textContent("#play-grade"), /marker (bound|pair)/);
  for (let level = 1; level <= 3; level++) {
    await page.click("[data-action=play-hint]");
    await page.waitForFunction((level) => new RegExp(`Hint ${level} of 3`).test(document.getElementById("play-message").textContent), level);
  }
  const said = await page.textContent("#play-message");
  const m = /(r\dc\d) and (r\dc\d) are joined by a (white|black) dot/.exec(said);
  assert.ok(m, said);
  assert.ok(await page.$eval(`[data-edge="${m[1]}-${m[2]}"]`, (e) => e.classList.contains("focus-edge")), `${m[1]}-${m[2]} marked`);
  assert.equal(await page.getAttribute(`[data-edge="${m[1]}-${m[2]}"]`, "data-rel"), m[3]);
  await closeChecked(page, { axe: true });
});

test("a SudokuPad link pasted into Import loads the Kropki puzzle it holds", async () => {
  const page = await openPage();
  await importText(page, UKPA_LINK);
  await page.waitForFunction(() => document.querySelectorAll('[data-marker="white"], [data-marker="black"]').length === 16);
  const shown = await relationMap(page);
  for (const [a, dot, b] of UKPA.puzzle.markers) assert.equal(shown[`${a}-${b}`], dot, `${a} ${b}`);
  const texts = await cellTexts(page);
  UKPA.puzzle.givens.forEach((g, i) => assert.equal(texts[i], g ? String(g) : "", `cell ${i}`));
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  const values = (await cellTexts(page)).map(Number);
  verifyAnswer(values, { size: 9, block: [3, 3], givens: UKPA.puzzle.givens });
  verifyDots(values, 9, Object.fromEntries(UKPA.puzzle.markers.map(([a, dot, b]) => [`${a}-${b}`, dot])), false);
  assert.deepEqual(values, [...UKPA.solution].map(Number), "the published solution");
  await closeChecked(page);
});
