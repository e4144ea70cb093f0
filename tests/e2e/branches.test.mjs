// A forcing chain's branches, as a learner follows them: Explain paused on the glossary's
// forcing-chain example, and Play's last hint on the grid just before that step, list each
// branch in words (the crate's own branches, read by www/js/branches.js) and draw one at a
// time on the board — the supposition's cell outlined twice, each fact at its digit in order
// — switched by the keyboard and by a tap, on a desktop (1280×800, light and dark) and a
// phone (390×844, touch); and the glossary's embedded board of the example (a
// <sudoku-lab-board>) the same, its list over its playback controls. Axe passes in every
// state; screenshots go to target/screenshots/branches-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, env, explainedAt, openPage, pageErrors } from "./harness.mjs";
import { branchText, readBranches } from "../../www/js/branches.js";
import { cellOf, lastHintAt, stepBefore } from "./before-step.mjs";

/** The glossary's example of a forcing chain (www/js/glossary.js). */
const FORCING = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The logic engine's forcing chain on FORCING (its branches: the crate's text), and the grid just before it. */
const STEP = (() => {
  const step = stepBefore(FORCING, "forcing_chain");
  return { ...step, branches: step.note.branches };
})();

/**
 * What `root` (the document, or a board's shadow root) shows of the branches in `scope` (a
 * selector): the list, and the branch drawn. Runs in the page.
 */
function shownIn(root, scope) {
  const box = root.querySelector(`${scope} .branches`);
  const path = root.querySelector("#board .board-frame > svg.branch-path");
  const start = [...(path?.querySelectorAll("rect.branch-start") ?? [])].map((r) =>
    `r${Math.floor(Number(r.getAttribute("y"))) + 1}c${Math.floor(Number(r.getAttribute("x"))) + 1}`);
  return {
    visible: Boolean(box && !box.hidden && box.offsetHeight > 0),
    title: box?.querySelector(".branches-title")?.textContent ?? "",
    facts: [...(box?.querySelectorAll(".branch-facts") ?? [])].map((s) => s.textContent),
    pressed: [...(box?.querySelectorAll("button[data-branch]") ?? [])].map((b) => b.getAttribute("aria-pressed")),
    focused: root.activeElement?.dataset?.branch ?? null,
    drawn: path?.isConnected && getComputedStyle(path).display !== "none" ? Number(path.dataset.branch) : null,
    digits: [...(path?.querySelectorAll(".branch-node text") ?? [])].map((t) => Number(t.textContent)),
    on: [...(path?.querySelectorAll(".branch-node") ?? [])].map((g) => g.classList.contains("on")),
    start: [...new Set(start)],
    links: path?.querySelectorAll("line.branch-link").length ?? 0,
    joined: path?.dataset.joined ?? null,
  };
}

/** What the page (`rootExpr`: an expression for the root) shows of the branches in `scope`. */
function shown(page, scope, rootExpr = "document") {
  return page.evaluate(`(${shownIn})(${rootExpr}, ${JSON.stringify(scope)})`);
}

/** The page lists `texts` (the crate's branches) and draws branch `k`, pressed, as its facts say. */
async function assertBranch(page, scope, texts, k, rootExpr = "document") {
  const branches = readBranches(texts, 9);
  const seen = await shown(page, scope, rootExpr);
  assert.ok(seen.visible, "the branches are listed");
  assert.deepEqual(seen.facts, branches.map((b) => branchText(b, 9)));
  assert.match(seen.title, texts.length > 1 ? /^\d branches, one for each possibility/ : /leads to a contradiction/);
  assert.deepEqual(seen.pressed, branches.map((_, j) => String(j === k)), "the branch drawn is the one pressed");
  assert.equal(seen.drawn, k, "the board draws that branch");
  assert.deepEqual(seen.digits, branches[k].map((f) => f.digit), "each fact at its digit, in order");
  assert.deepEqual(seen.on, branches[k].map((f) => f.on), "filled where the digit is in the cell, struck where not");
  assert.deepEqual(seen.start, [cellOf(branches[k][0].cell)], "the supposition's cell is outlined");
  // A static forcing chain's branch is a chain: each fact joined to the next.
  assert.equal(seen.joined, "true");
  assert.equal(seen.links, branches[k].length - 1, "an arrow from each fact to the next");
  return seen;
}

for (const { name, viewport, touch, colorScheme } of [
  { name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { name: "1280-dark", viewport: DESKTOP, touch: false, colorScheme: "dark" },
  { name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
]) {
  test(`Explain lists a forcing chain's branches and draws the one chosen (${name})`, async () => {
    const page = await explainedAt(FORCING, "forcing_chain", "Forcing chain", { viewport, touch, colorScheme });
    await assertBranch(page, "#log", STEP.branches, 0);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `branches-explain-${name}.png`) });

    const last = STEP.branches.length - 1;
    if (touch) {
      // A tap on a branch draws it.
      await page.tap(`#log button[data-branch="${last}"]`);
      await assertBranch(page, "#log", STEP.branches, last);
      await page.tap(`#log button[data-branch="0"]`);
      await assertBranch(page, "#log", STEP.branches, 0);
    } else {
      // The keyboard: Tab reaches each branch, Enter draws it; the arrows, Home and End move
      // the choice and the focus together.
      await page.focus(`#log button[data-branch="0"]`);
      await page.keyboard.press("ArrowDown");
      assert.equal((await assertBranch(page, "#log", STEP.branches, 1)).focused, "1");
      await page.keyboard.press("End");
      assert.equal((await assertBranch(page, "#log", STEP.branches, last)).focused, String(last));
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await assertBranch(page, "#log", STEP.branches, last - 1);
    }
    await page.screenshot({ path: path.join(SHOTS, `branches-explain-${name}-chosen.png`) });
    assert.deepEqual(await axeViolations(page), []);

    // The next step has no branches: the list goes, and the drawing with it.
    await page.click("[data-action=step]");
    await drawn(page);
    const next = await shown(page, "#log");
    assert.ok(!next.visible && next.drawn === null, JSON.stringify(next));
    await closeChecked(page, { axe: true });
  });
}

for (const { name, viewport, touch } of [
  { name: "1280", viewport: DESKTOP, touch: false },
  { name: "390", viewport: PHONE, touch: true },
]) {
  test(`the last hint of a forcing chain lists its branches and draws the one chosen (${name})`, async () => {
    const page = await openPage(`?puzzle=${FORCING}`, { viewport, touch });
    const hint = await lastHintAt(page, STEP, async () => (await shown(page, "#play")).visible);
    assert.equal(hint.technique, "forcing_chain", hint.sentence);
    assert.deepEqual(hint.branches, STEP.branches, "the hint is the step Explain shows");
    await assertBranch(page, "#play", hint.branches, 0);
    assert.deepEqual(await axeViolations(page), []);

    const chosen = `#play button[data-branch="1"]`;
    if (touch) await page.tap(chosen);
    else await page.click(chosen);
    await assertBranch(page, "#play", hint.branches, 1);
    // Scrolled to the branches, the board is still in view, whole, beside or above them.
    await page.evaluate(() => document.querySelector("#play .branches").scrollIntoView({ block: "end" }));
    const view = await page.evaluate(() => {
      const box = (selector) => {
        const r = document.querySelector(selector).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      };
      return { board: box("#board"), list: box("#play .branch-list"), height: innerHeight };
    });
    assert.ok(view.board.top >= 0 && view.board.bottom <= view.height, `the board in view: ${JSON.stringify(view)}`);
    assert.ok(view.list.bottom <= view.height + 1 && view.list.top >= (touch ? view.board.bottom : 0), `the list in view: ${JSON.stringify(view)}`);
    await page.screenshot({ path: path.join(SHOTS, `branches-hint-${name}.png`) });
    assert.deepEqual(await axeViolations(page), []);

    // A move on the grid forgets the hint: its branches go.
    await page.click("[data-action=play-undo]");
    const after = await shown(page, "#play");
    assert.ok(!after.visible && after.drawn === null, JSON.stringify(after));
    await closeChecked(page, { axe: true });
  });
}

/** The glossary's board of the forcing chain (a `<sudoku-lab-board>` in a shadow root). */
const BOARD = `document.querySelector("#forcing_chain sudoku-lab-board").shadowRoot`;

for (const { name, viewport, touch, colorScheme } of [
  { name: "1280", viewport: DESKTOP, touch: false, colorScheme: "light" },
  { name: "1280-dark", viewport: DESKTOP, touch: false, colorScheme: "dark" },
  { name: "390", viewport: PHONE, touch: true, colorScheme: "light" },
]) {
  test(`an embedded board lists a forcing chain's branches and draws the one chosen (${name})`, async () => {
    const page = await env.browser.newPage({ viewport, colorScheme, hasTouch: touch, isMobile: touch });
    page.errors = pageErrors(page);
    await page.goto(`${env.base}lessons/techniques.html#forcing_chain`);
    // The board opens paused on the step: its branches over its playback controls.
    await page.waitForFunction(`Boolean(${BOARD}?.querySelector("#playback .branches:not([hidden])"))`, null, { timeout: 60_000 });
    const button = (k) => page.locator(`#forcing_chain sudoku-lab-board #playback button[data-branch="${k}"]`);
    await assertBranch(page, "#playback", STEP.branches, 0, BOARD);
    await button(0).scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: path.join(SHOTS, `branches-embedded-${name}.png`) });

    const last = STEP.branches.length - 1;
    if (touch) {
      await button(last).tap();
      await assertBranch(page, "#playback", STEP.branches, last, BOARD);
    } else {
      // The keyboard: the arrows move the choice and the focus (not playback), Enter draws.
      await button(0).focus();
      await page.keyboard.press("ArrowDown");
      assert.equal((await assertBranch(page, "#playback", STEP.branches, 1, BOARD)).focused, "1");
      await page.keyboard.press("End");
      assert.equal((await assertBranch(page, "#playback", STEP.branches, last, BOARD)).focused, String(last));
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await assertBranch(page, "#playback", STEP.branches, last - 1, BOARD);
    }
    assert.equal(await page.evaluate(`${BOARD}.sudokuLabExplain.animator.playing`), false, "choosing a branch does not play");
    await page.screenshot({ path: path.join(SHOTS, `branches-embedded-${name}-chosen.png`) });
    assert.deepEqual(await axeViolations(page), []);

    // Playing, the branches go (they would flash by), and the drawing with them.
    await page.locator("#forcing_chain sudoku-lab-board [data-action=play]").click();
    await page.waitForFunction(`${BOARD}.sudokuLabExplain.animator.playing`);
    const playing = await shown(page, "#playback", BOARD);
    assert.ok(!playing.visible && playing.drawn === null, JSON.stringify(playing));
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
