// A finned fish's fins, as a learner follows them (issue 32): Explain paused on the glossary's
// example of a finned X-wing and a finned swordfish, Play's last hint just before one, and
// the glossary's own board of one draw the fins the sentence names ("but for the fin r7c9")
// apart from the fish's other places — class fin-cell on exactly the crate's fins (the
// trace's note, the hint's `fins`), on no other cell, each with its corner tag covering no
// pencil mark — and the role legend says "a fin" while, and only while, such a step is shown.
// Desktop (1280×800, light and dark) and phone (390×844, touch); axe passes in every state;
// screenshots go to target/screenshots/fins-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, explainedAt, openGlossaryBoard, openPage } from "./harness.mjs";
import { glossaryEntry } from "../../www/js/glossary.js";
import { markSpot } from "../../www/js/marks-layer.js";
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
  // Each fin's corner tag (its ::after) as drawn: its box and clip in CSS pixels, the cell's size.
  const tags = [...root.querySelectorAll("#board .fin-cell")].map((c) => {
    const tag = getComputedStyle(c, "::after");
    return {
      cell: c.dataset.cell, size: c.getBoundingClientRect().width, content: tag.content, colour: tag.backgroundColor,
      box: ["top", "right", "width", "height"].map((k) => parseFloat(tag[k])), clip: tag.clipPath,
    };
  });
  return {
    fins: cells(".fin-cell"),
    pattern: cells(".focus-cell"),
    legend: item && visible(item) ? item.textContent : null,
    tags,
  };
}

/** A fin's tag as the triangle it draws, its corners in fractions of its cell from the cell's top-left. */
function tagTriangle({ size, box: [top, right, width, height], clip }) {
  const corners = /^polygon\((.*)\)$/.exec(clip)?.[1].split(",").map((pair) => pair.trim().split(/\s+/).map((v, k) => {
    const span = k === 0 ? width : height;
    return v.endsWith("%") ? (parseFloat(v) / 100) * span : parseFloat(v);
  }));
  assert.ok(corners?.length === 3, `the tag is a triangle: ${clip}`);
  return corners.map(([x, y]) => ({ x: (size - right - width + x) / size, y: (top + y) / size }));
}

/** How far point `c` is from the triangle `t` (0 inside it). */
function fromTriangle(c, t) {
  const side = (a, b) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const sides = t.map((a, k) => side(a, t[(k + 1) % 3]));
  if (sides.every((v) => v >= 0) || sides.every((v) => v <= 0)) return 0;
  return Math.min(...t.map((a, k) => {
    const b = t[(k + 1) % 3];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const u = Math.min(1, Math.max(0, ((c.x - a.x) * dx + (c.y - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(c.x - a.x - u * dx, c.y - a.y - u * dy);
  }));
}

/**
 * Each fin carries its tag, a solid triangle in a corner big enough to see (legs of a sixth of
 * the cell at least), covering no pencil mark: every digit's spot (markSpot; Explain shows the
 * removed ones greyed, so any may be drawn) is clear of it by the mark's half width.
 */
function assertTags(tags) {
  assert.ok(tags.length > 0, "the fins are drawn");
  for (const tag of tags) {
    assert.ok(tag.content !== "none" && !/rgba\(0, 0, 0, 0\)|transparent/.test(tag.colour), `${tag.cell}'s tag is drawn: ${JSON.stringify(tag)}`);
    const triangle = tagTriangle(tag);
    const legs = [Math.max(...triangle.map((p) => p.x)) - Math.min(...triangle.map((p) => p.x)), Math.max(...triangle.map((p) => p.y)) - Math.min(...triangle.map((p) => p.y))];
    assert.ok(Math.min(...legs) >= 1 / 6, `${tag.cell}'s tag can be seen: legs ${legs}`);
    for (let d = 1; d <= 9; d++) {
      const spot = markSpot(9, false, d);
      const apart = fromTriangle(spot, triangle);
      assert.ok(apart >= spot.w * 0.4, `${tag.cell}'s tag covers its mark ${d} (${apart.toFixed(3)} of a cell from its centre)`);
    }
  }
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
  assertTags(seen.tags);
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
