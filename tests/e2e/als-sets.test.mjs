// The almost locked sets of an ALS-XZ, an ALS-XY-wing and a death blossom, as a learner
// follows them (the ALS chain's own journeys are in als-chain.test.mjs): Explain paused on
// the glossary's example of each, Play's last hint just before it, and the glossary's own
// board of it (in a shadow root and in a frame) list the sets lettered A, B, C… — a death
// blossom's stem, then its petals — with the digits linking them and what the step removes
// and why (the crate's own text, read by www/js/als-chain.js), and draw them: each set's cells
// outlined and lettered, a stem outlined twice, each link's digit on its line where it covers
// no digit shown, each removal ringed and struck. An embedded board's list is a tab stop only
// when it scrolls. Desktop (1280×800, light and dark) and phone (390×844, touch); axe passes
// in every state; screenshots go to target/screenshots/als-sets-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, explainedAt, openGlossaryBoard, openPage, until } from "./harness.mjs";
import { chainSummary, readAlsSets, removalText, setText } from "../../www/js/als-chain.js";
import { glossaryEntry } from "../../www/js/glossary.js";
import { markSpot } from "../../www/js/marks-layer.js";
import { KIND } from "../../www/js/records.js";
import { Replay } from "../../www/js/replay.js";
import { cellOf, lastHintAt, stepBefore } from "./before-step.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The technique's step on its glossary example: the crate's text, the figure read, its removals and the grid before it. */
function stepOf(technique) {
  const puzzle = glossaryEntry(technique).example.puzzle;
  const step = stepBefore(puzzle, technique);
  const { trace } = step;
  const events = trace.stepEvents(trace.step(step.head));
  const removed = events.filter((i) => trace.kind(i) === KIND.ELIMINATE).map((i) => ({ cell: trace.cell(i), digit: trace.digit(i) }));
  const before = new Replay(9, trace);
  before.seek(trace.stepStart(trace.step(step.head)));
  const figure = readAlsSets(step.note.als, 9);
  assert.ok(figure, `${technique}: ${step.note.als}`);
  return { ...step, technique, puzzle, als: step.note.als, figure, removed, grid: Array.from(before.grid()), values: Array.from(before.values()) };
}

const STEPS = Object.fromEntries(["als_xz", "als_xy_wing", "death_blossom"].map((t) => [t, stepOf(t)]));
const TITLES = { als_xz: "ALS-XZ", als_xy_wing: "ALS-XY-wing", death_blossom: "Death blossom" };

/** What `root` shows of the sets under `scope`: the list, and the drawing on the board. Runs in the page. */
function shownIn(root, scope) {
  const box = root.querySelector(`${scope} .als-chain`);
  const drawing = root.querySelector("#board .board-frame > svg.als-path");
  const cellAt = (x, y) => `r${Math.floor(y) + 1}c${Math.floor(x) + 1}`;
  const cellOfRect = (r) => cellAt(Number(r.getAttribute("x")), Number(r.getAttribute("y")));
  const sets = [];
  for (const r of drawing?.querySelectorAll("rect.als-cell") ?? []) (sets[Number(r.dataset.set)] ??= []).push(cellOfRect(r));
  const visible = (e) => Boolean(e?.isConnected) && getComputedStyle(e).display !== "none" && e.getBoundingClientRect().width > 0;
  const figures = root.querySelector(".ex-board-figures");
  return {
    visible: Boolean(box && !box.hidden && box.offsetHeight > 0),
    title: box?.querySelector(".als-chain-title")?.textContent ?? "",
    stem: box?.querySelector(".als-stem")?.textContent ?? null,
    sets: [...(box?.querySelectorAll(".als-set .als-cells") ?? [])].map((s) => s.textContent),
    links: [...(box?.querySelectorAll(".als-link") ?? [])].map((s) => s.textContent),
    removal: box?.querySelector(".als-removal:not([hidden])")?.textContent ?? "",
    drawn: visible(drawing) ? Number(drawing.dataset.sets) : null,
    cells: sets,
    stemCells: [...(drawing?.querySelectorAll("rect.als-stem-cell") ?? [])].map(cellOfRect),
    letters: [...(drawing?.querySelectorAll(".als-label text") ?? [])].map((t) => t.textContent),
    linkDigits: [...(drawing?.querySelectorAll(".als-link-digit") ?? [])].map((g) => {
      const c = g.querySelector("circle");
      return { digit: Number(g.textContent), x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) };
    }),
    linkLines: drawing?.querySelectorAll("line.als-link-line").length ?? 0,
    removed: drawing?.querySelectorAll(".als-removed").length ?? 0,
    targets: [...root.querySelectorAll("#board .target-cell")].map((c) => c.dataset.cell).sort(),
    tabStop: figures ? { tabIndex: figures.getAttribute("tabindex"), scrolls: figures.scrollHeight > figures.clientHeight + 1 } : null,
  };
}

function shown(target, scope, rootExpr = "document") {
  return target.evaluate(`(${shownIn})(${rootExpr}, ${JSON.stringify(scope)})`);
}

/** The page (or board) shows the step's sets: lettered, in words and on the board, its removals, its link digits clear of every digit. */
function assertSets(seen, step) {
  const { figure } = step;
  const blossom = figure.stem >= 0;
  assert.ok(seen.visible, "the sets are listed");
  assert.equal(seen.title, chainSummary(figure, 9));
  assert.equal(seen.stem, blossom ? `Stem: ${cellOf(figure.stem)}` : null);
  assert.deepEqual(seen.sets, figure.sets.map((_, k) => `${blossom ? "Petal" : "Set"} ${setText(figure, k, 9)}`), "each set in words, lettered");
  assert.equal(seen.links.length, figure.links.length, "each link in words");
  assert.equal(seen.removal, removalText(figure, step.removed, 9), "which digit goes, and why");
  assert.match(seen.removal, /leaves/);
  assert.equal(seen.drawn, figure.sets.length, "the board draws every set");
  assert.deepEqual(seen.cells, figure.sets.map((s) => s.map(cellOf)), "each set's cells outlined, set by set");
  assert.deepEqual(seen.stemCells, blossom ? [cellOf(figure.stem), cellOf(figure.stem)] : [], "the stem outlined twice");
  assert.deepEqual(seen.letters, figure.sets.flatMap((s, k) => s.map(() => "ABCDEF"[k])), "each cell carries its set's letter");
  assert.deepEqual(seen.linkDigits.map((l) => l.digit), figure.links.flatMap((l) => l.digits), "each link's digit on its line");
  assert.equal(seen.linkLines, figure.links.flatMap((l) => l.digits).length);
  assert.equal(seen.removed, step.removed.length, "each removal marked");
  assert.deepEqual(seen.targets, [...new Set(step.removed.map(({ cell }) => cellOf(cell)))].sort(), "the cells that lose a digit");
  // No link digit covers a digit of the grid: a cell's digit at its centre, a mark at its spot.
  for (const badge of seen.linkDigits) {
    for (let cell = 0; cell < 81; cell++) {
      const [x, y] = [cell % 9, Math.floor(cell / 9)];
      const spots = step.values[cell] ? [{ x: 0.5, y: 0.5, r: 0.3 }]
        : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => step.grid[cell] & (1 << (d - 1))).map((d) => {
          const s = markSpot(9, false, d);
          return { x: s.x, y: s.y, r: s.w * 0.4 };
        });
      for (const s of spots) {
        const apart = Math.hypot(badge.x - x - s.x, badge.y - y - s.y);
        assert.ok(apart >= badge.r + s.r - 1e-9, `link ${badge.digit} at (${badge.x}, ${badge.y}) covers ${cellOf(cell)}`);
      }
    }
  }
}

function assertGone(seen) {
  assert.ok(!seen.visible && seen.drawn === null, JSON.stringify(seen));
}

for (const { technique, name, viewport, touch, colorScheme } of [
  { technique: "als_xz", name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { technique: "als_xy_wing", name: "1280-dark", viewport: DESKTOP, touch: false, colorScheme: "dark" },
  { technique: "als_xy_wing", name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
  { technique: "death_blossom", name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { technique: "death_blossom", name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
]) {
  test(`Explain paused on a step of ${technique} lists its sets and draws them (${name})`, async () => {
    const step = STEPS[technique];
    const page = await explainedAt(step.puzzle, technique, TITLES[technique], { viewport, touch, colorScheme });
    assertSets(await shown(page, "#log"), step);
    await page.locator("#log .als-chain").scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `als-sets-explain-${technique}-${name}.png`) });
    // The next step draws none (or its own).
    await page.click("[data-action=step]");
    await drawn(page);
    const next = await shown(page, "#log");
    if (next.visible) assert.notDeepEqual(next.cells, step.figure.sets.map((s) => s.map(cellOf)), "the next step's own sets");
    else assertGone(next);
    await closeChecked(page, { axe: true });
  });
}

for (const { technique, name, viewport, touch } of [
  { technique: "als_xz", name: "390", viewport: PHONE, touch: true },
  { technique: "death_blossom", name: "1280", viewport: DESKTOP, touch: false },
]) {
  test(`the last hint of a step of ${technique} lists its sets and draws them (${name})`, async () => {
    const step = STEPS[technique];
    const page = await openPage(`?puzzle=${step.puzzle}`, { viewport, touch });
    const hint = await lastHintAt(page, step, async () => (await shown(page, "#play")).visible);
    assert.equal(hint.technique, technique, hint.sentence);
    assert.equal(hint.als, step.als, "the hint is the step Explain shows");
    assertSets(await shown(page, "#play"), step);
    // The hint's sentence scrolls in a few lines beside the list: a tab stop when, and only
    // when, it has more than it shows.
    const fits = () => {
      const m = document.querySelector("#play .play-message");
      const scrolls = m.scrollHeight > m.clientHeight + 1;
      return scrolls === (m.getAttribute("tabindex") === "0") && (scrolls || !m.hasAttribute("tabindex"));
    };
    await page.waitForFunction(fits);
    if (name === "390") {
      // Room for the whole sentence: no scrolling, so no tab stop.
      assert.equal(await page.getAttribute("#play-message", "tabindex"), "0", "the phone's sentence scrolls");
      await page.evaluate(() => { document.querySelector("#play-message").style.maxHeight = "none"; });
      await page.waitForFunction(() => !document.querySelector("#play-message").hasAttribute("tabindex"));
      await page.evaluate(() => { document.querySelector("#play-message").style.maxHeight = ""; });
      await page.waitForFunction(fits);
    }
    await page.evaluate(() => document.querySelector("#play .als-chain").scrollIntoView({ block: "end" }));
    await page.screenshot({ path: path.join(SHOTS, `als-sets-hint-${technique}-${name}.png`) });
    assert.deepEqual(await axeViolations(page), []);
    await page.click("[data-action=play-undo]");
    assertGone(await shown(page, "#play"));
    await closeChecked(page, { axe: true });
  });
}

for (const { technique, name, viewport, touch, isolation, grow = false } of [
  { technique: "als_xz", name: "1280", viewport: DESKTOP, touch: false, isolation: "shadow", grow: true },
  { technique: "als_xy_wing", name: "390", viewport: PHONE, touch: true, isolation: "shadow" },
  { technique: "death_blossom", name: "390", viewport: PHONE, touch: true, isolation: "shadow" },
  { technique: "death_blossom", name: "1280", viewport: DESKTOP, touch: false, isolation: "frame" },
]) {
  test(`the glossary's board of a step of ${technique} lists its sets and draws them (${name}, ${isolation})`, async () => {
    const step = STEPS[technique];
    const { page, target, root, host } = await openGlossaryBoard(technique, { viewport, touch, isolation });
    await target.waitForFunction(`Boolean(${root}?.querySelector("#playback .als-chain:not([hidden])"))`, null, { timeout: 60_000 });
    const seen = await shown(target, "#playback", root);
    assertSets(seen, step);
    // The list over the playback controls is a tab stop when, and only when, it scrolls.
    await target.waitForFunction(`(() => { const f = ${root}.querySelector(".ex-board-figures"); const scrolls = f.scrollHeight > f.clientHeight + 1; return scrolls === (f.getAttribute("tabindex") === "0") && (scrolls || !f.hasAttribute("tabindex")); })()`);
    await page.locator(`#${technique} sudoku-lab-board`).scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `als-sets-glossary-${technique}-${name}-${isolation}.png`) });
    if (grow) {
      // A board too short for the whole list: it scrolls, a tab stop (set, not the board's
      // own size: whether the list fits that depends on the layout, and a CI run read it
      // before the board had its final size).
      await page.evaluate(`${host}.style.cssText = "display: block; width: 900px; height: 560px; max-width: none"`);
      const stop = await until(target, `(() => { const f = ${root}.querySelector(".ex-board-figures"); return f.scrollHeight > f.clientHeight + 1 && f.getAttribute("tabindex") === "0" ? "scrolls" : null; })()`);
      assert.equal(stop, "scrolls", JSON.stringify(seen.tabStop));
      assert.deepEqual(await axeViolations(page), []);
      // A board tall enough for the whole list: no scrolling, no tab stop (and axe still clean).
      await page.evaluate(`${host}.style.cssText = "display: block; width: 1100px; height: 2400px; max-width: none"`);
      await target.waitForFunction(`(() => { const f = ${root}.querySelector(".ex-board-figures"); return f.scrollHeight <= f.clientHeight + 1 && !f.hasAttribute("tabindex"); })()`);
      assert.deepEqual(await axeViolations(page), []);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
