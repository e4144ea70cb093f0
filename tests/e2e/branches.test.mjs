// A forcing chain's branches, as a learner follows them: Explain paused on the glossary's
// forcing-chain example, and Play's last hint on the grid just before that step, list each
// branch in words (the crate's own branches, read by www/js/branches.js) and draw one at a
// time on the board — the supposition's cell outlined twice, each fact at its digit in order
// — switched by the keyboard and by a tap, on a desktop (1280×800, light and dark) and a
// phone (390×844, touch). Axe passes in every state; screenshots go to
// target/screenshots/branches-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, explainAt, openPage, waitForStatus } from "./harness.mjs";
import { branchText, readBranches } from "../../www/js/branches.js";
import { Replay } from "../../www/js/replay.js";
import { techniqueEvent } from "../../www/js/steps.js";
import { logicTrace } from "../js/wasm.mjs";

/** The glossary's example of a forcing chain (www/js/glossary.js). */
const FORCING = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The logic engine's forcing chain on FORCING, from its trace: the branches (the crate's
 * text), and the grid just before it as Play reaches it — the digits placed (`entries`) and,
 * after Fill candidates, the candidates the techniques before it struck (`struck`: [cell, digit]).
 */
function forcingStep() {
  const { trace, puzzle } = logicTrace(FORCING);
  const head = techniqueEvent(trace, "forcing_chain", puzzle);
  assert.ok(head >= 0, "the trace has a forcing chain");
  const before = new Replay(9, trace);
  before.seek(trace.stepStart(trace.step(head)));
  const values = Array.from(before.values());
  const grid = Array.from(before.grid());
  const entries = values.map((v, i) => (FORCING[i] === "." ? v : 0));
  const struck = [];
  for (let c = 0; c < 81; c++) {
    if (values[c]) continue;
    const seen = values.filter((v, j) => v && sees(c, j)).reduce((m, v) => m | (1 << (v - 1)), 0);
    for (let d = 1; d <= 9; d++) if (!(seen & (1 << (d - 1))) && !(grid[c] & (1 << (d - 1)))) struck.push([c, d]);
  }
  return { branches: trace.notes.get(head).branches, entries, struck };
}

/** Whether cells `a` and `b` of a 9×9 share a house. */
function sees(a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / 9), a % 9, Math.floor(b / 9), b % 9];
  return ra === rb || ca === cb || (Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3));
}

const STEP = forcingStep();
const cellOf = (index) => `r${Math.floor(index / 9) + 1}c${(index % 9) + 1}`;

/** What the page shows of the branches in `scope` (a selector): the list, and the branch drawn. */
function shown(page, scope) {
  return page.evaluate((scope) => {
    const box = document.querySelector(`${scope} .branches`);
    const path = document.querySelector("#board .board-frame > svg.branch-path");
    const start = [...(path?.querySelectorAll("rect.branch-start") ?? [])].map((r) =>
      `r${Math.floor(Number(r.getAttribute("y"))) + 1}c${Math.floor(Number(r.getAttribute("x"))) + 1}`);
    return {
      visible: Boolean(box && !box.hidden && box.offsetHeight > 0),
      title: box?.querySelector(".branches-title")?.textContent ?? "",
      facts: [...(box?.querySelectorAll(".branch-facts") ?? [])].map((s) => s.textContent),
      pressed: [...(box?.querySelectorAll("button[data-branch]") ?? [])].map((b) => b.getAttribute("aria-pressed")),
      focused: document.activeElement?.dataset?.branch ?? null,
      drawn: path?.isConnected && getComputedStyle(path).display !== "none" ? Number(path.dataset.branch) : null,
      digits: [...(path?.querySelectorAll(".branch-node text") ?? [])].map((t) => Number(t.textContent)),
      on: [...(path?.querySelectorAll(".branch-node") ?? [])].map((g) => g.classList.contains("on")),
      start: [...new Set(start)],
      links: path?.querySelectorAll("line.branch-link").length ?? 0,
      joined: path?.dataset.joined ?? null,
    };
  }, scope);
}

/** The page lists `texts` (the crate's branches) and draws branch `k`, pressed, as its facts say. */
async function assertBranch(page, scope, texts, k) {
  const branches = readBranches(texts, 9);
  const seen = await shown(page, scope);
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
    const page = await openPage(`?puzzle=${FORCING}&engine=logic`, { viewport, touch, colorScheme });
    await explainAt(page, "max");
    assert.equal(await waitForStatus(page, ["unique", "error"], 60_000), "unique");
    await page.evaluate(() => window.sudokuLabExplain.seek("technique:forcing_chain"));
    await drawn(page);
    assert.match(await page.textContent(".ex-current"), /^Step \d+ · Forcing chain: /);
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

/** Plays FORCING up to its forcing chain: the digits placed before it, Fill candidates, the candidates struck since. */
async function playToForcing(page) {
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  for (const [c, d] of STEP.entries.entries()) {
    if (!d) continue;
    await page.click(`[data-cell=${cellOf(c)}]`);
    await page.keyboard.press(`Digit${d}`);
  }
  await page.click("[data-action=play-candidates]");
  for (const [c, d] of STEP.struck) {
    await page.click(`[data-cell=${cellOf(c)}]`);
    await page.keyboard.press(`Shift+Digit${d}`);
  }
}

for (const { name, viewport, touch } of [
  { name: "1280", viewport: DESKTOP, touch: false },
  { name: "390", viewport: PHONE, touch: true },
]) {
  test(`the last hint of a forcing chain lists its branches and draws the one chosen (${name})`, async () => {
    const page = await openPage(`?puzzle=${FORCING}`, { viewport, touch });
    await playToForcing(page);
    for (const level of [1, 2, 3]) {
      await page.click("[data-action=play-hint]");
      await page.waitForFunction((level) => document.getElementById("play-message").textContent.includes(`Hint ${level} of 3`), level);
      if (level < 3) assert.ok(!(await shown(page, "#play")).visible, "the branches come with the whole step");
    }
    // The wasm module's own hint for the player's grid, independently of play.js.
    const hint = await page.evaluate(async () => {
      const wasm = await import("/pkg/sudoku_lab.js");
      await wasm.default();
      const { toWasm } = await import("/js/model.js");
      const model = window.sudokuLab.getModel();
      return wasm.hint(toWasm(model), model.kind, { reveal: "step" }, window.sudokuLab.play.player());
    });
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
