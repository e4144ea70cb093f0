// A finned fish's fins, as a learner follows them (issue 32): Explain paused on the glossary's
// example of a finned X-wing and a finned swordfish, Play's last hint just before one, and
// the glossary's own board of one draw the fins the sentence names ("but for the fin r7c9")
// apart from the fish's other places — class fin-cell on exactly the crate's fins (the
// trace's note, the hint's `fins`), on no other cell — and the role legend says "a fin" while,
// and only while, such a step is shown. Desktop (1280×800, light and dark) and phone
// (390×844, touch); axe passes in every state; screenshots go to target/screenshots/fins-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, explainedAt, openGlossaryBoard, openPage } from "./harness.mjs";
import { glossaryEntry } from "../../www/js/glossary.js";
import { cellOf, lastHintAt, stepBefore } from "./before-step.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TITLES = { finned_x_wing: "Finned X-wing", finned_swordfish: "Finned swordfish" };
/** Where Explain's role legend is: under the board beside the explanation, in the dock under the board on a phone. */
const EXPLAIN = ":is(#playback, .ex-dock)";

/** The technique's first step on its glossary example: the puzzle, its pattern and fins (cell names). */
function stepOf(technique) {
  const puzzle = glossaryEntry(technique).example.puzzle;
  const step = stepBefore(puzzle, technique);
  const fins = step.note.fins.map(cellOf).sort();
  const pattern = step.note.pattern.map(cellOf).sort();
  assert.ok(fins.length > 0 && fins.every((c) => pattern.includes(c)), `${technique}: ${step.note.sentence}`);
  return { ...step, technique, puzzle, fins, pattern };
}

const STEPS = Object.fromEntries(Object.keys(TITLES).map((t) => [t, stepOf(t)]));

/** What `root` shows of the fins on its board and in the legend under `scope`. Runs in the page. */
function finsIn(root, scope) {
  const cells = (selector) => [...root.querySelectorAll(`#board ${selector}`)].map((c) => c.dataset.cell).sort();
  const item = root.querySelector(`${scope} .role-legend li[data-role=fin]`);
  const visible = (e) => Boolean(e?.isConnected) && !e.closest("[hidden]") && e.getBoundingClientRect().width > 0;
  return {
    fins: cells(".fin-cell"),
    pattern: cells(".focus-cell"),
    legend: item && visible(item) ? item.textContent : null,
  };
}

function shown(target, scope, rootExpr = "document") {
  return target.evaluate(`(${finsIn})(${rootExpr}, ${JSON.stringify(scope)})`);
}

/** The step's fins drawn apart, its other places as the pattern only; the legend says "a fin" (when there is one). */
function assertFins(seen, step, { legend = true } = {}) {
  assert.deepEqual(seen.fins, step.fins, "exactly the fins carry the fin class");
  assert.deepEqual(seen.pattern, step.pattern, "the fins are among the pattern's cells");
  assert.ok(seen.pattern.some((c) => !seen.fins.includes(c)), "the fish's other places are not fins");
  if (legend) assert.match(seen.legend ?? "", /^a fin\b/, "the legend names the fin");
}

for (const { technique, name, viewport, touch, colorScheme } of [
  { technique: "finned_x_wing", name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { technique: "finned_x_wing", name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
  { technique: "finned_swordfish", name: "1280-dark", viewport: DESKTOP, touch: false, colorScheme: "dark" },
  { technique: "finned_swordfish", name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
]) {
  test(`Explain paused on a step of ${technique} draws its fins apart and names them in the legend (${name})`, async () => {
    const step = STEPS[technique];
    const page = await explainedAt(step.puzzle, technique, TITLES[technique], { viewport, touch, colorScheme });
    assert.match(await page.textContent(".ex-current"), /but for the fins? r\dc\d/);
    assertFins(await shown(page, EXPLAIN), step);
    await page.locator("#board").scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `fins-explain-${technique}-${name}.png`) });
    // The next step has no fins (the glossary's example takes one fish): none drawn, none named.
    await page.click("[data-action=step]");
    await drawn(page);
    assert.doesNotMatch(await page.textContent(".ex-current"), /but for the fin/);
    const next = await shown(page, EXPLAIN);
    assert.deepEqual([next.fins, next.legend], [[], null], "the next step: no fin drawn or named");
    await closeChecked(page, { axe: true });
  });
}

for (const { technique, name, viewport, touch } of [
  { technique: "finned_x_wing", name: "390", viewport: PHONE, touch: true },
  { technique: "finned_swordfish", name: "1280", viewport: DESKTOP, touch: false },
]) {
  test(`the last hint of a step of ${technique} draws its fins apart (${name})`, async () => {
    const step = STEPS[technique];
    const page = await openPage(`?puzzle=${step.puzzle}`, { viewport, touch });
    const hint = await lastHintAt(page, step, async () => (await shown(page, "#play")).fins.length > 0);
    assert.equal(hint.technique, technique, hint.sentence);
    assert.deepEqual([...hint.fins].sort(), step.fins, "the hint's fins are the trace's");
    assertFins(await shown(page, "#play"), step);
    await page.locator("#play .role-legend").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `fins-hint-${technique}-${name}.png`) });
    assert.deepEqual(await axeViolations(page), []);
    await page.click("[data-action=play-undo]");
    const after = await shown(page, "#play");
    assert.deepEqual([after.fins, after.legend], [[], null], "undone: no fin drawn or named");
    await closeChecked(page, { axe: true });
  });
}

for (const { technique, name, viewport, touch, isolation } of [
  { technique: "finned_x_wing", name: "1280", viewport: DESKTOP, touch: false, isolation: "shadow" },
  { technique: "finned_swordfish", name: "390", viewport: PHONE, touch: true, isolation: "frame" },
]) {
  test(`the glossary's board of a step of ${technique} draws its fins apart (${name}, ${isolation})`, async () => {
    const step = STEPS[technique];
    const { page, target, root } = await openGlossaryBoard(technique, { viewport, touch, isolation });
    await target.waitForFunction(`Boolean(${root}?.querySelector("#board .fin-cell"))`, null, { timeout: 60_000 });
    // A board element has no role legend: the fins are drawn, the caption's sentence names them.
    assertFins(await shown(target, "#playback", root), step, { legend: false });
    await page.locator(`#${technique} sudoku-lab-board`).scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `fins-glossary-${technique}-${name}-${isolation}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
