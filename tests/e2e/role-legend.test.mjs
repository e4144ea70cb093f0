// What the board's colours mean, in view with the board (issue 32): Explain paused on a step
// whose cells have roles (an XY-wing, a finned X-wing, an ALS-XY-wing) shows the role legend
// on the same screen as the step's cells and its sentence, covering none of the board. On a
// phone (390×844 and 390×600, touch) it is the dock's compact legend over the sentence: the
// roles the step draws, in short words, and no other; stepping on, the next step's; playing,
// each step's, the dock keeping its height. At 1280×800 (light and dark) it is the whole
// legend under the board. Axe passes in every state; screenshots go to
// target/screenshots/role-legend-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, XY_WING, axeViolations, closeChecked, drawn, explainedAt } from "./harness.mjs";
import { glossaryEntry } from "../../www/js/glossary.js";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ORDER = ["pattern", "fin", "target", "removed", "placed", "guess"];
const SHORT = { pattern: "pattern", fin: "a fin", target: "loses candidates", removed: "removed", placed: "placed", guess: "a guess" };

const STEPS = {
  xy_wing: { puzzle: XY_WING, title: "XY-wing" },
  finned_x_wing: { puzzle: glossaryEntry("finned_x_wing").example.puzzle, title: "Finned X-wing" },
  als_xy_wing: { puzzle: glossaryEntry("als_xy_wing").example.puzzle, title: "ALS-XY-wing" },
};

/**
 * What the page shows of Explain's role legend, the board's highlighted cells and the current
 * sentence, as boxes in the viewport, and the roles the board draws (read off its cells'
 * classes and its marks, not off the legend). Runs in the page.
 */
function legendView() {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const legend = [...document.querySelectorAll(".role-legend")].find((l) => !l.closest("#play"));
  const board = document.getElementById("board");
  const onTop = (e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return Boolean(hit && (e.contains(hit) || hit.contains(e) || (board.contains(e) && board.contains(hit))));
  };
  const cells = [...board.querySelectorAll(":is(.focus-cell, .fin-cell, .target-cell, .placed-cell)")];
  const b = window.sudokuLab.board;
  let removed = false;
  for (let i = 0; i < b.cells.length && !removed; i++) for (let d = 1; d <= 9; d++) if (b.markState(i, d) === "removed") removed = true;
  const drawn = new Set();
  for (const c of cells) {
    if (c.classList.contains("fin-cell")) drawn.add("fin");
    if (c.classList.contains("target-cell")) drawn.add("target");
    if (c.classList.contains("placed-cell")) drawn.add("placed");
    else if (c.classList.contains("focus-cell")) drawn.add(c.dataset.tone === "guess" ? "guess" : "pattern");
  }
  if (removed) drawn.add("removed");
  const items = legend ? [...legend.children].filter((li) => li.getClientRects().length > 0) : [];
  const current = document.querySelector(".ex-current");
  return {
    viewport: { width: innerWidth, height: innerHeight },
    board: box(board),
    legend: legend && items.length ? box(legend) : null,
    inDock: Boolean(legend?.closest(".ex-dock")),
    // The words shown (the swatch of a removed candidate shows a digit of its own).
    items: items.map((li) => ({
      role: li.dataset.role,
      words: [...li.children].filter((w) => !w.matches(".legend-swatch") && w.getClientRects().length > 0).map((w) => w.textContent).join(" "),
      onTop: onTop(li),
    })),
    cells: cells.map((c) => ({ cell: c.dataset.cell, ...box(c), onTop: onTop(c) })),
    sentence: current ? { ...box(current), onTop: onTop(current) } : null,
    drawn: [...drawn],
  };
}

const within = (r, { width, height }) => r.top >= 0 && r.left >= 0 && r.bottom <= height + 0.5 && r.right <= width + 0.5;
const apart = (a, b) => a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;

/**
 * The legend, the step's cells and the first lines of its sentence are all in the viewport,
 * none covered, the legend clear of the board; it lists `roles` (in the legend's order).
 */
function assertInView(seen, roles, where) {
  const say = `${where}: ${JSON.stringify(seen)}`;
  assert.ok(seen.cells.length > 0, `the step highlights cells: ${say}`);
  assert.ok(seen.legend, `a legend shows: ${say}`);
  assert.ok(within(seen.legend, seen.viewport), `the legend is in the viewport: ${say}`);
  assert.ok(apart(seen.legend, seen.board), `the legend covers none of the board: ${say}`);
  for (const c of seen.cells) {
    assert.ok(within(c, seen.viewport) && c.onTop, `${c.cell} of the step is in view, uncovered: ${say}`);
  }
  assert.ok(seen.items.every((i) => i.onTop), `every item of the legend is uncovered: ${say}`);
  assert.ok(seen.sentence && seen.sentence.top >= 0 && seen.sentence.top + 40 <= seen.viewport.height && seen.sentence.onTop,
    `the sentence starts in view: ${say}`);
  assert.deepEqual(seen.items.map((i) => i.role), ORDER.filter((r) => roles.includes(r)), `the legend's roles: ${say}`);
}

for (const { technique, name, viewport } of [
  { technique: "xy_wing", name: "390", viewport: PHONE },
  { technique: "finned_x_wing", name: "390", viewport: PHONE },
  { technique: "als_xy_wing", name: "390", viewport: PHONE },
  // The shortest phone the page serves: the whole board above the stuck dock too.
  { technique: "xy_wing", name: "390x600", viewport: { width: 390, height: 600 } },
]) {
  test(`on a phone, Explain paused on a step of ${technique} shows the roles it draws over the sentence, with the board (${name})`, async () => {
    const { puzzle, title } = STEPS[technique];
    const page = await explainedAt(puzzle, technique, title, { viewport, touch: true });
    const seen = await page.evaluate(legendView);
    assert.ok(seen.inDock, "the legend is in the dock");
    assertInView(seen, seen.drawn, technique);
    assert.ok(seen.drawn.includes("pattern") && seen.drawn.includes("target"), `a pattern and its targets: ${seen.drawn}`);
    if (technique === "finned_x_wing") assert.ok(seen.drawn.includes("fin"), "the fin is named");
    assert.deepEqual(seen.items.map((i) => i.words), seen.items.map((i) => SHORT[i.role]), "in short words");
    if (name === "390x600") assert.ok(within(seen.board, seen.viewport) && seen.board.bottom <= seen.legend.top, `the whole board in view: ${JSON.stringify(seen)}`);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `role-legend-${technique}-${name}.png`) });
    // The next step: its own roles.
    await page.click("[data-action=step]");
    await drawn(page);
    const next = await page.evaluate(legendView);
    if (next.drawn.length) assertInView(next, next.drawn, `${technique}, the next step`);
    else assert.equal(next.legend, null, "no role drawn, no legend");
    assert.deepEqual(await axeViolations(page), []);
    // Playing, each step's roles as it is drawn, and the dock keeps its height (it does not
    // jump under the learner's eyes) — but for a figure under the sentence (an ALS step's
    // sets), which shows only while paused.
    const figure = await page.$("#log :is(.branches, .als-chain):not([hidden])");
    const height = await page.$eval(".ex-dock", (d) => d.offsetHeight);
    const from = await page.evaluate(() => window.sudokuLabExplain.animator.position);
    await page.selectOption("[data-action=speed]", "2");
    await page.click("[data-action=play]");
    await page.waitForFunction((from) => window.sudokuLabExplain.animator.position > from, from);
    const during = await page.evaluate(`({ seen: (${legendView})(), height: document.querySelector(".ex-dock").offsetHeight })`);
    assert.deepEqual(during.seen.items.map((i) => i.role), ORDER.filter((r) => during.seen.drawn.includes(r)), "playing: the roles drawn");
    if (!figure) assert.equal(during.height, height, "playing: the dock keeps its height");
    assert.deepEqual(await axeViolations(page), []);
    await page.click("[data-action=pause]");
    await drawn(page);
    const paused = await page.evaluate(legendView);
    if (paused.drawn.length) assertInView(paused, paused.drawn, `${technique}, paused again`);
    await closeChecked(page, { axe: true });
  });
}

for (const { name, colorScheme } of [{ name: "1280", colorScheme: "light" }, { name: "1280-dark", colorScheme: "dark" }]) {
  test(`at 1280, Explain paused on a step of an XY-wing shows the whole legend under the board, with the board (${name})`, async () => {
    const { puzzle, title } = STEPS.xy_wing;
    const page = await explainedAt(puzzle, "xy_wing", title, { viewport: DESKTOP, colorScheme });
    const seen = await page.evaluate(legendView);
    assert.ok(!seen.inDock, "the legend is under the board");
    // Every role but the fin (only while a step has fins), in its full words.
    assertInView(seen, ORDER.filter((r) => r !== "fin"), name);
    assert.match(seen.items[0].words, /^the pattern \(the reason\)$/);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `role-legend-xy_wing-${name}.png`) });
    await closeChecked(page, { axe: true });
  });
}
