// Play mode, as a player uses it: on a 9×9 and on a Futoshiki, digits and pencil marks on the
// locked puzzle, Check marking a wrong entry, a wrong entry reported before any hint, and Hint
// at each of its three levels highlighting exactly what the wasm module's own hint names.
// Axe passes in every state; screenshots at desktop and phone sizes go to target/screenshots.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import {
  FINAL, SHOTS, XY_WING, axeViolations, closeChecked, env, explainAt, explainedUnique, importText, openPage, waitForStatus,
} from "./harness.mjs";

// Wikipedia's example: singles solve it, so every hint is a step.
const WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/** Opens Play on the puzzle shown and waits for its controls and grade. */
async function startPlay(page) {
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  await page.waitForFunction(() => /^Grade \d/.test(document.getElementById("play-grade").textContent));
}

/** Selects cell `index` of a grid of `n` and types `key` (a digit, or Backspace). */
async function type(page, index, key, n = 9) {
  await page.click(`[data-cell=r${Math.floor(index / n) + 1}c${(index % n) + 1}]`);
  await page.keyboard.press(key);
}

const classes = (page, cls) =>
  page.$$eval(`[data-cell].${cls}`, (cells) => cells.map((c) => c.dataset.cell).sort());

/** The hint the wasm module gives for the page's puzzle and the player's grid (independently of play.js). */
async function expectedHint(page, reveal) {
  return page.evaluate(async (reveal) => {
    const wasm = await import("/pkg/sudoku_lab.js");
    await wasm.default();
    const { toWasm } = await import("/js/model.js");
    const model = window.sudokuLab.getModel();
    return wasm.hint(toWasm(model), model.kind, { reveal }, window.sudokuLab.play.player());
  }, reveal);
}

/** Presses Hint three times, checking at each level what is highlighted against the wasm hint. */
async function threeLevels(page) {
  const step = await expectedHint(page, "step");
  assert.equal(step.kind, "step");
  const n = Math.round(Math.sqrt(await page.$$eval("[data-cell]", (c) => c.length)));
  const houseCells = (name) => {
    const [family, k] = name.split(" ");
    const i = Number(k) - 1;
    const out = [];
    for (let j = 0; j < n; j++) out.push(family === "row" ? `r${i + 1}c${j + 1}` : family === "column" ? `r${j + 1}c${i + 1}` : null);
    return out;
  };
  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /Hint 1 of 3/.test(document.getElementById("play-message").textContent));
  assert.deepEqual(await classes(page, "focus-cell"), [], "level 1 names no cell");
  const inHouse = await classes(page, "in-house");
  if (step.houses.length === 0) {
    assert.deepEqual(inHouse, [], "a step in no house shows none");
  } else {
    assert.equal(inHouse.length, n, "level 1 shows the one house to look in");
    if (!step.houses[0].startsWith("block")) assert.deepEqual(inHouse, houseCells(step.houses[0]).sort());
  }
  assert.deepEqual(await axeViolations(page), []);

  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /Hint 2 of 3/.test(document.getElementById("play-message").textContent));
  const pattern = step.cells.length ? step.cells : step.placements.map(([c]) => c);
  assert.deepEqual(await classes(page, "focus-cell"), [...pattern].sort(), "level 2 shows the pattern's cells");

  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /Hint 3 of 3/.test(document.getElementById("play-message").textContent));
  // Level 3: each role its own mark — the pattern, the cells that lose candidates (dashed),
  // each digit removed struck through, the cells placed — and a legend that says which is which.
  assert.deepEqual(await classes(page, "focus-cell"), [...new Set(pattern)].sort(), "level 3 keeps the pattern");
  assert.deepEqual(await classes(page, "target-cell"), [...new Set(step.eliminations.map(([c]) => c))].sort(), "targets outlined");
  assert.deepEqual(await classes(page, "placed-cell"), [...new Set(step.placements.map(([c]) => c))].sort(), "placements");
  const struck = await page.evaluate((eliminations) => eliminations.map(([c, d]) => {
    const board = window.sudokuLab.board;
    const m = /r(\d+)c(\d+)/.exec(c);
    return board.markState((Number(m[1]) - 1) * board.size + Number(m[2]) - 1, d);
  }), step.eliminations);
  assert.ok(struck.every((s) => s === "removed"), `removed digits: ${struck}`);
  assert.ok(await page.isVisible("#play .role-legend"));
  assert.match(await page.textContent("#play .role-legend"), /loses candidates.*a candidate removed.*placed/);
  assert.equal(await page.textContent("#play-message"), `${step.hint} (Hint 3 of 3.)`);
  return step;
}

test("Play on a 9×9: entries, Check marks a wrong one, a wrong entry comes first, Hint at every level", async () => {
  const page = await openPage();
  await importText(page, WIKIPEDIA);
  await startPlay(page);
  assert.match(await page.textContent("#play-grade"), /^Grade 1\.\d, easy: the hardest step is an? (full house|hidden single|naked single)( \(\d+ times\)| \(twice\))?\.$/);
  assert.deepEqual(await axeViolations(page), []);

  // r1c3 is 4; r1c4 is 6 (the player writes 2).
  await type(page, 2, "4");
  await type(page, 3, "2");
  assert.equal(await page.textContent("[data-cell=r1c3]"), "4");
  assert.ok(await page.$eval("[data-cell=r1c3]", (c) => c.classList.contains("entry")));
  await page.click("[data-action=play-check]");
  assert.deepEqual(await classes(page, "error"), ["r1c4"]);
  assert.match(await page.textContent("#play-message"), /1 wrong entry, marked: r1c4/);
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "play-9x9-check-1280.png") });

  // A hint names the wrong entry before any step.
  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /wrong there/.test(document.getElementById("play-message").textContent));
  assert.deepEqual(await classes(page, "error"), ["r1c4"]);

  // Undo takes the wrong digit back; then hints go step by step, deeper each time.
  await page.click("[data-action=play-undo]");
  assert.equal(await page.textContent("[data-cell=r1c4]"), "");
  const step = await threeLevels(page);
  await page.screenshot({ path: path.join(SHOTS, "play-9x9-hint-1280.png") });

  // Playing the step's placement answers it: the next hint is another one.
  const [[cell, digit]] = step.placements.length ? step.placements : [[null, 0]];
  if (cell) {
    const index = (Number(cell[1]) - 1) * 9 + Number(cell[3]) - 1;
    assert.equal(String(digit), WIKIPEDIA_SOLUTION[index]);
    await type(page, index, String(digit));
    assert.equal(await page.textContent("[data-action=play-hint]"), "Hint");
  }

  // Pencil marks: Shift+digit toggles a small mark; Back to editing unlocks the puzzle.
  await page.click("[data-cell=r9c1]");
  await page.keyboard.press("Shift+Digit3");
  assert.match(await page.getAttribute("[data-cell=r9c1]", "aria-label"), /pencil marks 3/);
  await page.click("[data-action=play-stop]");
  assert.ok(await page.isHidden("#play-controls"));
  assert.equal(await page.textContent("[data-cell=r1c3]"), "");
  await closeChecked(page);
});

test("Play on a Futoshiki: candidates, Check, and Hint at every level; phone size", async () => {
  const page = await openPage("?example=futoshiki-5", { viewport: { width: 390, height: 844 }, touch: true });
  await startPlay(page);
  await page.click("[data-action=play-candidates]");
  const labels = await page.$$eval("[data-cell]", (cells) => cells.map((c) => c.getAttribute("aria-label")));
  assert.ok(labels.some((l) => /pencil marks/.test(l)), labels.join("; "));
  assert.deepEqual(await axeViolations(page), []);

  // A digit the solution does not have, in the first open cell: Check marks it.
  const solution = await page.evaluate(async () => {
    const wasm = await import("/pkg/sudoku_lab.js");
    await wasm.default();
    const { toWasm } = await import("/js/model.js");
    const model = window.sudokuLab.getModel();
    return { givens: model.givens, solution: wasm.solve(toWasm(model), model.kind, {}).solution };
  });
  const open = solution.givens.findIndex((g) => !g);
  const wrong = (Number(solution.solution[open]) % 5) + 1;
  await type(page, open, String(wrong), 5);
  await page.click("[data-action=play-check]");
  const name = `r${Math.floor(open / 5) + 1}c${(open % 5) + 1}`;
  assert.deepEqual(await classes(page, "error"), [name]);
  assert.deepEqual(await axeViolations(page), []);
  await page.click("[data-action=play-undo]");
  await threeLevels(page);
  await page.screenshot({ path: path.join(SHOTS, "play-futoshiki-hint-390.png"), fullPage: true });
  await closeChecked(page);
});

test("Explain with the logic engine names the techniques it uses", async () => {
  const page = await openPage("?example=cqoi-1");
  await page.selectOption("[data-action=engine]", "logic");
  await explainAt(page, "max");
  assert.equal(await waitForStatus(page, FINAL, 60_000), "unique");
  // The first technique step, in words beside the board, with its pattern marked.
  const said = [];
  await page.evaluate(() => window.sudokuLabExplain.seek("eliminate:technique"));
  said.push(await page.textContent(".ex-current"));
  await page.evaluate(() => window.sudokuLabExplain.step(1));
  said.push(await page.textContent(".ex-current"));
  // By step: one technique instance with all its removals, the technique named first.
  // The sentence is the instance as the engine found it (the hint's words), its cells named.
  assert.ok(said.some((t) => /^Step \d+ · [A-Z][A-Za-z-]*( [a-z-]+)*: .*r\dc\d/.test(t)), said.join(" | "));
  assert.ok(said.every((t) => !/pattern is marked|\{x, y\}/.test(t)), said.join(" | "));
  assert.ok((await page.$$("[data-cell]:is(.focus-cell, .target-cell)")).length >= 1);
  await closeChecked(page, { axe: true });
});

test("Explain names an XY-wing's pivot and pincers and marks them apart from its targets", async () => {
  const page = await explainedUnique(`?puzzle=${XY_WING}&engine=logic`);
  // Step through the technique steps until the wing, as a learner pressing Step would.
  await page.evaluate(() => window.sudokuLabExplain.seek("eliminate:technique"));
  let sentence = await page.textContent(".ex-current");
  for (let k = 0; k < 40 && !/XY-wing/.test(sentence); k++) {
    await page.evaluate(() => window.sudokuLabExplain.step(1));
    sentence = await page.textContent(".ex-current");
  }
  assert.match(sentence, /XY-wing: The pivot r3c8 \(5 and 7\) sees r2c9 \(4 and 5\) and r3c2 \(4 and 7\).*4 leaves r2c2 and r2c3/, sentence);
  // The pattern's three cells are marked, the two cells that lose 4 outlined, 4 marked in each.
  const names = (cls) => page.$$eval(`[data-cell].${cls}`, (cells) => cells.map((c) => c.dataset.cell).sort());
  assert.deepEqual(await names("focus-cell"), ["r2c9", "r3c2", "r3c8"]);
  assert.deepEqual(await names("target-cell"), ["r2c2", "r2c3"]);
  await page.screenshot({ path: path.join(SHOTS, "explain-xy-wing-1280.png") });
  // At the end, the statistics count the techniques by name: one XY-wing, removing 4 twice.
  await page.evaluate(() => window.sudokuLabExplain.seek("end"));
  await page.waitForSelector(".ex-technique-table");
  const row = await page.$$eval(".ex-technique-table tr[data-technique=xy_wing] :is(th, td)", (c) => c.map((x) => x.textContent));
  assert.deepEqual(row, ["XY-wing", "1", "2"]);
  await closeChecked(page, { axe: true });
});

test("Play marks a clash and a broken sign as they are typed, and Fill candidates writes what the signs say", async () => {
  // 9×9: r1c3 as 5 clashes with the given 5 in r1c1 (row 1) at once, before any Check.
  const page = await openPage();
  await importText(page, WIKIPEDIA);
  await startPlay(page);
  await type(page, 2, "5");
  assert.deepEqual(await classes(page, "clash"), ["r1c1", "r1c3"]);
  assert.match(await page.textContent("#play-message"), /5 is twice in row 1: r1c1 and r1c3/);
  assert.equal(await page.getAttribute("[data-cell=r1c3]", "aria-invalid"), "true");
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "play-clash-1280.png") });
  // The setting turns it off (and is remembered); on again, the mark is back; Undo clears it.
  await page.click("#play-live");
  assert.deepEqual(await classes(page, "clash"), []);
  await page.click("#play-live");
  assert.deepEqual(await classes(page, "clash"), ["r1c1", "r1c3"]);
  await page.click("[data-action=play-undo]");
  assert.deepEqual(await classes(page, "clash"), []);
  await page.close();

  // Futoshiki: two digits across a sign that they break mark both cells and the sign.
  const futoshiki = await openPage("?example=futoshiki-5", { viewport: { width: 390, height: 844 }, touch: true });
  await startPlay(futoshiki);
  const { relations, givens } = await futoshiki.evaluate(() => {
    const m = window.sudokuLab.getModel();
    return { relations: [...m.relations], givens: m.givens };
  });
  const index = (name) => (Number(/r(\d+)/.exec(name)[1]) - 1) * 5 + Number(/c(\d+)/.exec(name)[1]) - 1;
  const open = relations.find(([key]) => key.split("-").every((c) => !givens[index(c)]));
  assert.ok(open, "a sign between two open cells");
  const [key, sign] = open;
  const [a, b] = key.split("-").map(index);
  // "<": a < b; write a = 3, b = 2 (or the reverse for ">"), which breaks it.
  const [da, db] = sign === "<" ? ["3", "2"] : ["2", "3"];
  await type(futoshiki, a, da, 5);
  await type(futoshiki, b, db, 5);
  const clashing = await classes(futoshiki, "clash");
  for (const c of key.split("-")) assert.ok(clashing.includes(c), `${c} in ${clashing}`);
  assert.equal(await futoshiki.$$eval(".edge.broken", (e) => e.length), 1);
  assert.match(await futoshiki.textContent("#play-message"), /is broken: /);
  assert.deepEqual(await axeViolations(futoshiki), []);
  await futoshiki.click("[data-action=play-undo]");
  await futoshiki.click("[data-action=play-undo]");
  assert.equal(await futoshiki.$$eval(".edge.broken", (e) => e.length), 0);

  // Fill candidates: a < b, so a is not 5 and b is not 1 — even with neither placed.
  await futoshiki.click("[data-action=play-candidates]");
  const marks = await futoshiki.$$eval("[data-cell]", (cells) => cells.map((c) => {
    const m = /pencil marks ([\d ]+)$/.exec(c.getAttribute("aria-label"));
    return m ? m[1].split(" ").map(Number) : null;
  }));
  let checked = 0;
  for (const [k, s] of relations) {
    const [x, y] = k.split("-").map(index);
    const [lo, hi] = s === "<" ? [x, y] : [y, x];
    if (marks[lo]) assert.ok(!marks[lo].includes(5), `${k}: ${marks[lo]}`);
    if (marks[hi]) assert.ok(!marks[hi].includes(1), `${k}: ${marks[hi]}`);
    if (marks[lo] && marks[hi]) {
      assert.ok(Math.max(...marks[lo]) < Math.max(...marks[hi]) && Math.min(...marks[lo]) < Math.min(...marks[hi]), `${k}: ${marks[lo]} / ${marks[hi]}`);
      checked++;
    }
  }
  assert.ok(checked > 0);
  assert.deepEqual(futoshiki.errors, []);
  await futoshiki.close();
});

test("Play refuses a puzzle without exactly one solution and says why", async () => {
  const page = await openPage();
  await importText(page, ".".repeat(81));
  await page.click("[data-action=play-start]");
  await page.waitForFunction(() => /exactly one solution/.test(document.getElementById("play-message").textContent));
  assert.ok(await page.isHidden("#play-controls"));
  assert.ok(env.browser);
  await page.close();
});
