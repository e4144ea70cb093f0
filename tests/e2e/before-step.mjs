// What a browser test needs to reach a technique's step by hand in Play, and to ask the wasm
// module's own hint there: the grid just before the logic engine's first step of a technique
// (the digits it has placed, and the candidates the steps before it struck), entered through
// the page as a player does.
import assert from "node:assert/strict";

import { Replay } from "../../www/js/replay.js";
import { techniqueEvent } from "../../www/js/steps.js";
import { logicTrace } from "../js/wasm.mjs";

/** "r1c1" of a 9×9 cell index. */
export const cellOf = (index) => `r${Math.floor(index / 9) + 1}c${(index % 9) + 1}`;

/** Whether cells `a` and `b` of a 9×9 share a house. */
function sees(a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / 9), a % 9, Math.floor(b / 9), b % 9];
  return ra === rb || ca === cb || (Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3));
}

/**
 * The logic engine's first step of `technique` on the 9×9 puzzle `text`: its trace and first
 * event (`trace`, `head`, the note at `note`), and the grid just before it as Play reaches it
 * — the digits placed (`entries`) and, after Fill candidates, the candidates the techniques
 * before it struck (`struck`: [cell, digit]).
 */
export function stepBefore(text, technique) {
  const { trace, puzzle } = logicTrace(text);
  const head = techniqueEvent(trace, technique, puzzle);
  assert.ok(head >= 0, `the trace has a step of ${technique}`);
  const before = new Replay(9, trace);
  before.seek(trace.stepStart(trace.step(head)));
  const values = Array.from(before.values());
  const grid = Array.from(before.grid());
  const entries = values.map((v, i) => (text[i] === "." ? v : 0));
  const struck = [];
  for (let c = 0; c < 81; c++) {
    if (values[c]) continue;
    const seen = values.filter((v, j) => v && sees(c, j)).reduce((m, v) => m | (1 << (v - 1)), 0);
    for (let d = 1; d <= 9; d++) if (!(seen & (1 << (d - 1))) && !(grid[c] & (1 << (d - 1)))) struck.push([c, d]);
  }
  return { trace, head, note: trace.notes.get(head), entries, struck };
}

/** Plays the page's puzzle up to `step` (of `stepBefore`): its digits, Fill candidates, the candidates struck since. */
export async function playTo(page, step) {
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  for (const [c, d] of step.entries.entries()) {
    if (!d) continue;
    await page.click(`[data-cell=${cellOf(c)}]`);
    await page.keyboard.press(`Digit${d}`);
  }
  await page.click("[data-action=play-candidates]");
  for (const [c, d] of step.struck) {
    await page.click(`[data-cell=${cellOf(c)}]`);
    await page.keyboard.press(`Shift+Digit${d}`);
  }
}

/**
 * Plays to `step` (see `playTo`) and asks for hints until the last level (see `hintToLast`):
 * the wasm module's own hint there (see `wasmHint`).
 */
export async function lastHintAt(page, step, partial) {
  await playTo(page, step);
  await hintToLast(page, partial);
  return wasmHint(page);
}

/** Asks for hints until the last level (the whole step), checking `partial()` is false before it. */
export async function hintToLast(page, partial) {
  for (const level of [1, 2, 3]) {
    await page.click("[data-action=play-hint]");
    await page.waitForFunction((level) => document.getElementById("play-message").textContent.includes(`Hint ${level} of 3`), level);
    if (level < 3) assert.ok(!(await partial()), "the figures come with the whole step");
  }
}

/** The wasm module's own hint for the player's grid, independently of play.js. */
export function wasmHint(page) {
  return page.evaluate(async () => {
    const wasm = await import("/pkg/sudoku_lab.js");
    await wasm.default();
    const { toWasm } = await import("/js/model.js");
    const model = window.sudokuLab.getModel();
    return wasm.hint(toWasm(model), model.kind, { reveal: "step" }, window.sudokuLab.play.player());
  });
}
