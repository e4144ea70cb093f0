// An ALS chain, as a learner follows it: Explain paused on the glossary's ALS chain example,
// Play's last hint on the grid just before that step, and the glossary's own board of the
// example (in a shadow root and in a frame) each list the chain's almost locked sets,
// lettered A, B, C…, with the digits linking them (the crate's own sets, read by
// www/js/als-chain.js), and draw them on the board — each set's cells outlined and lettered,
// each link's digit between two sets, each removal ringed and struck — on a desktop
// (1280×800, light and dark) and a phone (390×844, touch). Axe passes in every state;
// screenshots go to target/screenshots/als-chain-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, env, explainedAt, forceIsolation, openPage, pageErrors } from "./harness.mjs";
import { readAlsChain, setText } from "../../www/js/als-chain.js";
import { KIND } from "../../www/js/records.js";
import { cellOf, lastHintAt, stepBefore } from "./before-step.mjs";

/** The glossary's example of an ALS chain (www/js/glossary.js). */
const ALS_CHAIN = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A desktop and a phone (touch). */
const SIZES = [
  { name: "1280", viewport: DESKTOP, touch: false },
  { name: "390", viewport: PHONE, touch: true },
];

/** The logic engine's ALS chain on ALS_CHAIN (its text: the crate's; its removals: [cell, digit]), and the grid just before it. */
const STEP = (() => {
  const step = stepBefore(ALS_CHAIN, "als_chain");
  const { trace } = step;
  const events = trace.stepEvents(trace.step(step.head));
  const removed = events.filter((i) => trace.kind(i) === KIND.ELIMINATE).map((i) => [trace.cell(i), trace.digit(i)]);
  return { ...step, als: step.note.als, removed };
})();
const CHAIN = readAlsChain(STEP.als, 9);

/**
 * What `root` (a document or a board's shadow root) shows of the chain under `scope`: the
 * list, and the drawing on the board. Runs in the page.
 */
function shownIn(root, scope) {
  const box = root.querySelector(`${scope} .als-chain`);
  const drawing = root.querySelector("#board .board-frame > svg.als-path");
  const cellOfRect = (r) => `r${Math.floor(Number(r.getAttribute("y"))) + 1}c${Math.floor(Number(r.getAttribute("x"))) + 1}`;
  const sets = [];
  for (const r of drawing?.querySelectorAll("rect.als-cell") ?? []) (sets[Number(r.dataset.set)] ??= []).push(cellOfRect(r));
  const visible = (e) => Boolean(e?.isConnected) && getComputedStyle(e).display !== "none" && e.getBoundingClientRect().width > 0;
  return {
    visible: Boolean(box && !box.hidden && box.offsetHeight > 0),
    title: box?.querySelector(".als-chain-title")?.textContent ?? "",
    sets: [...(box?.querySelectorAll(".als-set .als-cells") ?? [])].map((s) => s.textContent),
    links: [...(box?.querySelectorAll(".als-link") ?? [])].map((s) => s.textContent),
    drawn: visible(drawing) ? Number(drawing.dataset.sets) : null,
    cells: sets,
    letters: [...(drawing?.querySelectorAll(".als-label text") ?? [])].map((t) => t.textContent),
    linkDigits: [...(drawing?.querySelectorAll(".als-link-digit text") ?? [])].map((t) => Number(t.textContent)),
    linkLines: drawing?.querySelectorAll("line.als-link-line").length ?? 0,
    removed: drawing?.querySelectorAll(".als-removed").length ?? 0,
    targets: [...root.querySelectorAll("#board .target-cell")].map((c) => c.dataset.cell).sort(),
  };
}

/**
 * What `target` (a page or a frame) shows of the chain: `rootExpr` is an expression for the
 * root (the document, a board's shadow root).
 */
function shown(target, scope, rootExpr = "document") {
  return target.evaluate(`(${shownIn})(${rootExpr}, ${JSON.stringify(scope)})`);
}

/** The page (or board) shows the chain: its sets lettered, in words and on the board, and the removals. */
function assertChain(seen) {
  assert.ok(seen.visible, "the sets are listed");
  assert.match(seen.title, new RegExp(`^${CHAIN.sets.length} almost locked sets, A to ${"ABCDEF"[CHAIN.sets.length - 1]}, in a chain$`));
  assert.deepEqual(seen.sets, CHAIN.sets.map((_, k) => `Set ${setText(CHAIN, k, 9)}`), "each set in words, lettered");
  assert.equal(seen.links.length, CHAIN.links.length, "each link in words");
  assert.equal(seen.drawn, CHAIN.sets.length, "the board draws every set");
  assert.deepEqual(seen.cells, CHAIN.sets.map((s) => s.map(cellOf)), "each set's cells outlined, set by set");
  assert.deepEqual(seen.letters, CHAIN.sets.flatMap((s, k) => s.map(() => "ABCDEF"[k])), "each cell carries its set's letter");
  assert.deepEqual(seen.linkDigits, CHAIN.links.flatMap((l) => l.digits), "each link's digit between its two sets");
  assert.equal(seen.linkLines, CHAIN.links.length);
  assert.equal(seen.removed, STEP.removed.length, "each removal marked");
  assert.deepEqual(seen.targets, [...new Set(STEP.removed.map(([c]) => cellOf(c)))].sort(), "the cells that lose a digit");
}

/** Nothing of a chain is listed or drawn. */
function assertGone(seen) {
  assert.ok(!seen.visible && seen.drawn === null, JSON.stringify(seen));
}

/** The board and the list are both in view, side by side or one under the other, not overlapping. */
async function assertInView(page, scope) {
  const view = await page.evaluate((scope) => {
    const root = document;
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return { board: box(root.querySelector("#board .board-frame")), list: box(root.querySelector(`${scope} .als-set-list`)), height: innerHeight, width: innerWidth };
  }, scope);
  const { board, list } = view;
  assert.ok(board.top >= -1 && board.bottom <= view.height + 1, `the board in view: ${JSON.stringify(view)}`);
  assert.ok(list.top >= -1 && list.bottom <= view.height + 1 && list.right <= view.width + 1, `the list in view: ${JSON.stringify(view)}`);
  const apart = list.left >= board.right - 1 || list.top >= board.bottom - 1 || list.bottom <= board.top + 1;
  assert.ok(apart, `the list beside or under the board, not over it: ${JSON.stringify(view)}`);
}

for (const { name, viewport, touch, colorScheme } of [
  { name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { name: "1280-dark", viewport: DESKTOP, touch: false, colorScheme: "dark" },
  { name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
]) {
  test(`Explain paused on an ALS chain lists its sets and draws them (${name})`, async () => {
    const page = await explainedAt(ALS_CHAIN, "als_chain", "ALS chain", { viewport, touch, colorScheme });
    assertChain(await shown(page, "#log"));
    await page.locator("#log .als-chain").scrollIntoViewIfNeeded();
    await assertInView(page, "#log");
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `als-chain-explain-${name}.png`) });

    // The next step has no chain: neither list nor drawing.
    await page.click("[data-action=step]");
    await drawn(page);
    assertGone(await shown(page, "#log"));
    await closeChecked(page, { axe: true });
  });
}

for (const { name, viewport, touch } of SIZES) {
  test(`the last hint of an ALS chain lists its sets and draws them (${name})`, async () => {
    const page = await openPage(`?puzzle=${ALS_CHAIN}`, { viewport, touch });
    const hint = await lastHintAt(page, STEP, async () => (await shown(page, "#play")).visible);
    assert.equal(hint.technique, "als_chain", hint.sentence);
    assert.equal(hint.als, STEP.als, "the hint is the step Explain shows");
    assertChain(await shown(page, "#play"));
    await page.evaluate(() => document.querySelector("#play .als-chain").scrollIntoView({ block: "end" }));
    await page.screenshot({ path: path.join(SHOTS, `als-chain-hint-${name}.png`) });
    await assertInView(page, "#play");
    assert.deepEqual(await axeViolations(page), []);

    // A move on the grid forgets the hint: the chain goes.
    await page.click("[data-action=play-undo]");
    assertGone(await shown(page, "#play"));
    await closeChecked(page, { axe: true });
  });
}

for (const { name, viewport, touch, isolation } of [...SIZES.map((size) => ({ ...size, isolation: "shadow" })), { ...SIZES[0], isolation: "frame" }]) {
  test(`the glossary's board of an ALS chain lists its sets and draws them (${name}, ${isolation})`, async () => {
    const page = await env.browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
    page.errors = pageErrors(page);
    await forceIsolation(page, isolation);
    await page.goto(`${env.base}lessons/techniques.html#als_chain`);
    const host = `document.querySelector("#als_chain sudoku-lab-board")`;
    // The board's own document: its shadow root, or its frame's document.
    const [target, root] = isolation === "frame"
      ? [await (await page.waitForSelector("#als_chain sudoku-lab-board iframe")).contentFrame(), "document"]
      : [page, `${host}.shadowRoot`];
    await target.waitForFunction(`Boolean(${root}?.querySelector("#playback .als-chain:not([hidden])"))`, null, { timeout: 60_000 });
    // On a board the sets sit over its playback controls (its caption may be off).
    assertChain(await shown(target, "#playback", root));
    await page.locator("#als_chain sudoku-lab-board").scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `als-chain-glossary-${name}-${isolation}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
