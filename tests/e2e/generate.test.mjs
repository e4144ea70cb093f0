// New puzzle, as a user makes one: a kind, size and difficulty chosen, the puzzle loaded
// on the board, and Solve reporting it unique; its grade is the one asked for (by the wasm
// module's own grade, apart from the page's message); Stop leaves the board as it was; axe
// passes while it works and after. Screenshots at desktop and phone sizes go to
// target/screenshots.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, openPage, waitForStatus } from "./harness.mjs";

/**
 * The panel is wired once its module has loaded, after the explain module (on a loaded
 * machine, seconds after the page): until then its menus have no sizes to pick.
 */
const panelReady = (page) => page.waitForSelector("[data-action=gen-start]:not([disabled])", { timeout: 60_000 });

/** Chooses the options, presses New puzzle and waits for the message that it is loaded. */
async function newPuzzle(page, { kind, size, difficulty = "", symmetry = "none", clues = "mixed" }) {
  await panelReady(page);
  await page.selectOption("#gen-kind", kind);
  await page.selectOption("#gen-size", String(size));
  await page.selectOption("#gen-difficulty", difficulty);
  await page.selectOption("#gen-symmetry", symmetry);
  assert.equal(await page.isVisible("#gen-clues"), kind !== "classic", "Clues shows where relations are");
  if (kind !== "classic") await page.selectOption("#gen-clues", clues);
  await page.click("[data-action=gen-start]");
  await page.waitForFunction(() => document.getElementById("gen-message").dataset.tone === "done", null, { timeout: 60_000 });
  return page.textContent("#gen-message");
}

/** The wasm module's grade of the board's puzzle, computed apart from the page's message. */
const gradeOfBoard = (page) => page.evaluate(async () => {
  const wasm = await import("/pkg/sudoku_lab.js");
  await wasm.default();
  const { toWasm } = await import("/js/model.js");
  const model = window.sudokuLab.getModel();
  return { grade: wasm.grade(toWasm(model), model.kind), model: { size: model.size, kind: model.kind, relations: model.relations.size } };
});

test("New puzzle loads a hard 9×9 classic and a medium 6×6 Futoshiki that Solve reports unique", async () => {
  const page = await openPage("");
  await panelReady(page);
  // A level a learner can finish by default: medium at 9×9, easy at 16×16.
  assert.equal(await page.inputValue("#gen-difficulty"), "medium");
  await page.selectOption("#gen-size", "16");
  assert.equal(await page.inputValue("#gen-difficulty"), "easy");
  const said = await newPuzzle(page, { kind: "classic", size: 9, difficulty: "hard", symmetry: "rotational" });
  // The grade in words, the hardest step by its name.
  assert.match(said, /^New 9×9 classic puzzle: \d+ givens, one solution\. Grade \d\.\d, hard: the hardest step is (an? )?[A-Za-z]/);
  assert.ok(!/_/.test(said), said);
  await page.click("#generate .grade-scale summary");
  assert.match(await page.textContent("#generate .grade-scale p"), /Sudoku Explainer's scale/);
  assert.match(said, /Seed \d+/);
  const first = await gradeOfBoard(page);
  assert.equal(first.grade.level, "hard");
  assert.deepEqual(first.model, { size: 9, kind: "classic", relations: 0 });
  // Half-turn symmetry: a cell is given exactly when its opposite is.
  const givens = await page.evaluate(() => window.sudokuLab.getModel().givens.map((d) => d > 0));
  assert.ok(givens.every((g, i) => g === givens[80 - i]));
  assert.deepEqual(await axeViolations(page), []);
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  await page.screenshot({ path: path.join(SHOTS, "generate-classic-1280.png"), fullPage: true });

  await newPuzzle(page, { kind: "futoshiki", size: 6, difficulty: "medium" });
  const second = await gradeOfBoard(page);
  assert.equal(second.grade.level, "medium");
  assert.equal(second.model.kind, "futoshiki");
  assert.equal(second.model.size, 6);
  assert.ok(second.model.relations > 0);
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  // Ctrl+Z on the board brings the previous puzzle back.
  await page.click("[data-cell=r1c1]");
  await page.keyboard.press("Control+z");
  assert.equal(await page.evaluate(() => window.sudokuLab.getModel().size), 9);
  await closeChecked(page);
});

test("New puzzle shows its progress, and Stop leaves the board as it was; phone size", async () => {
  const page = await openPage("?example=futoshiki-5", { viewport: { width: 390, height: 844 }, touch: true });
  const before = await page.evaluate(() => JSON.stringify(window.sudokuLab.getModel().givens));
  await panelReady(page);
  // A 25×25 takes a few hundred milliseconds at least: long enough to stop.
  await page.selectOption("#gen-kind", "classic");
  await page.selectOption("#gen-size", "25");
  await page.selectOption("#gen-difficulty", "expert");
  await page.click("[data-action=gen-start]");
  await page.waitForSelector("[data-action=gen-stop]:not([hidden])");
  assert.match(await page.textContent("#gen-message"), /Looking for an expert 25×25 classic puzzle/);
  assert.equal(await page.getAttribute("#generate", "aria-busy"), "true");
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "generate-running-390.png"), fullPage: true });
  await page.click("[data-action=gen-stop]");
  await page.waitForFunction(() => /^Stopped/.test(document.getElementById("gen-message").textContent));
  assert.ok(await page.isVisible("[data-action=gen-start]"));
  assert.equal(await page.evaluate(() => JSON.stringify(window.sudokuLab.getModel().givens)), before);
  // And it works again after a Stop.
  await newPuzzle(page, { kind: "inequality", size: 4, difficulty: "easy" });
  assert.equal((await gradeOfBoard(page)).grade.level, "easy");
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "generate-inequality-390.png"), fullPage: true });
  // CQOI2013's kind: every in-block relation of a 9×9 and no given.
  assert.match(await newPuzzle(page, { kind: "inequality", size: 9, clues: "relations" }), /0 givens and 108 relations, one solution/);
  await page.click("[data-action=solve]");
  assert.equal(await waitForStatus(page), "unique");
  // Givens and relations: half the in-block pairs, and givens besides.
  const mixed = await newPuzzle(page, { kind: "inequality", size: 9, difficulty: "easy", clues: "mixed" });
  const [, givens] = /(\d+) givens and 54 relations, one solution/.exec(mixed) ?? [];
  assert.ok(Number(givens) > 0, mixed);
  await closeChecked(page);
});
