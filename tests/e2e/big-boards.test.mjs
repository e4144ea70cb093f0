// Big boards in the learner's view, in headless Chromium by real clicks and keys: Zoom board
// makes a 16×16 or 25×25 board's pencil marks readable (on a phone too, panning to each step
// with the sentence in view), and a click on a pencil mark of a big board never changes the
// puzzle. Split from learner.test.mjs; screenshots go to target/screenshots/learner-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { SHOTS, axeViolations, closeChecked, drawn, explainAt, openPage, until } from "./harness.mjs";

const DESKTOP = { width: 1280, height: 800 };

const open = (query = "", options = {}) => openPage(query, { viewport: DESKTOP, ...options });

const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `learner-${name}.png`) });

/** Explain at maximum speed, wait for the whole trace, and pause. */
async function explainAll(page) {
  await explainAt(page, "max");
  await page.waitForFunction(() => window.sudokuLabExplain.session?.done);
  await page.click("[data-action=pause]");
}

/** A 25×25 puzzle: a pattern solution with a fixed pseudo-random half of its cells given. */
function puzzle25() {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXY";
  let text = "";
  for (let r = 0; r < 25; r++) {
    for (let c = 0; c < 25; c++) text += random() < 0.5 ? letters[(5 * (r % 5) + Math.floor(r / 5) + c) % 25] : ".";
  }
  return text;
}

test("25×25: Zoom board makes the pencil marks readable", async () => {
  const page = await open(`?puzzle=${puzzle25()}&kind=classic&alphabet=letters`);
  await explainAll(page);
  await page.locator("[data-action=scrub]").fill("200");
  // Drawn there, its marks laid out on the canvas (a size to read).
  await drawn(page, 200);
  await until(page, () => window.sudokuLab.board.markFontPx() > 0);
  const before = await page.evaluate(() => window.sudokuLab.board.markFontPx());
  assert.ok(before < 7, `marks at ${before.toFixed(1)} px before zooming`);
  await page.click("[data-action=zoom-board]");
  await page.waitForFunction(() => window.sudokuLab.board.markFontPx() >= 8);
  const after = await page.evaluate(() => window.sudokuLab.board.markFontPx());
  assert.equal(await page.getAttribute("[data-action=zoom-board]", "aria-pressed"), "true");
  // The explanation follows the board: right under it, or stuck to the bottom of the
  // viewport over a board taller than the screen.
  const under = await page.evaluate(() => {
    const b = document.getElementById("board").getBoundingClientRect();
    const s = document.querySelector("[data-current-event]").getBoundingClientRect();
    const stuck = getComputedStyle(document.querySelector(".ex-dock")).position === "sticky";
    return s.top >= b.bottom - 1 || (stuck && s.top >= 0 && s.bottom <= innerHeight);
  });
  assert.ok(under, "the sentence is under the zoomed board, or in view at the bottom of the screen");
  await shot(page, "zoomed-25");
  assert.deepEqual(await axeViolations(page), []);
  await page.click("[data-action=zoom-board]");
  assert.equal(await page.getAttribute("[data-action=zoom-board]", "aria-pressed"), "false");
  console.log(`# 25×25 marks: ${before.toFixed(1)} px, zoomed ${after.toFixed(1)} px`);
  await closeChecked(page);
});

for (const [name, query, size] of [["16×16", "?example=poj3076", 16], ["25×25", `?puzzle=${puzzle25()}&kind=classic&alphabet=letters`, 25]]) {
  test(`phone: Zoom board enlarges a ${name} board to readable marks, pans to each step, and keeps the sentence in view`, async () => {
    const page = await openPage(query, { viewport: { width: 390, height: 844 }, touch: true });
    await explainAll(page);
    // A few steps in, where candidates are marked and a step has cells to show.
    await page.evaluate(() => window.sudokuLabExplain.seek("step:3"));
    await drawn(page);
    await until(page, () => window.sudokuLab.board.markFontPx() > 0);
    const before = await page.evaluate(() => window.sudokuLab.board.markFontPx());
    assert.ok(before < 6, `marks at ${before.toFixed(1)} px before zooming`);
    const zoom = page.locator("[data-action=zoom-board]");
    await zoom.scrollIntoViewIfNeeded();
    await zoom.tap();
    await page.waitForFunction(() => window.sudokuLab.board.markFontPx() >= 8);
    const after = await page.evaluate(() => window.sudokuLab.board.markFontPx());
    /** The board's box, the current step's cells and the page, as the learner sees them. */
    const lookAt = (n) => {
      const box = document.getElementById("board").getBoundingClientRect();
      // The step's reason (its pattern, the cells it places), or else the cells it changes.
      let shown = [...document.querySelectorAll("#board .cell:is(.focus-cell, .placed-cell)")];
      if (!shown.length) shown = [...document.querySelectorAll("#board .cell.target-cell")];
      const visible = shown.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      });
      const frame = document.querySelector("#board .board-frame").getBoundingClientRect();
      return {
        box: { width: box.width, height: box.height },
        frame: frame.width,
        shown: shown.length,
        visible: visible.length,
        overflow: document.documentElement.scrollWidth - innerWidth,
        step: window.sudokuLabExplain.here().step?.number ?? 0,
        cell: frame.width / n,
      };
    };
    const look = () => page.evaluate(lookAt, size);
    let seen = await look();
    assert.ok(seen.box.width <= 390 && seen.box.height <= 390, `the board's box keeps the screen's width (${seen.box.width}×${seen.box.height})`);
    assert.ok(seen.frame > seen.box.width * 1.5, `the board inside is larger, and pans (${seen.frame} px)`);
    assert.ok(seen.overflow <= 0, `the page itself does not scroll sideways (${seen.overflow} px)`);
    await page.waitForFunction(() => {
      const box = document.getElementById("board").getBoundingClientRect();
      return [...document.querySelectorAll("#board .cell:is(.focus-cell, .placed-cell, .target-cell)")].some((c) => {
        const r = c.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      });
    }, null, { timeout: 5000 }).catch(() => {});
    seen = await look();
    assert.ok(seen.shown === 0 || seen.visible > 0, `the zoom brings the current step's cells into the box (${seen.visible} of ${seen.shown})`);
    await page.screenshot({ path: path.join(SHOTS, `learner-phone-zoom-${size}.png`) });
    // Step on: each step's cells are brought into the box (when they fit in it).
    let followed = 0;
    for (let k = 0; k < 8; k++) {
      const at = seen.step;
      await page.locator("[data-action=step]").tap();
      await page.waitForFunction((k) => (window.sudokuLabExplain.here().step?.number ?? 0) > k, at);
      await drawn(page);
      // Followed: the step's cells in the box when they fit in it (what is asserted next).
      await until(page, `(() => {
        const s = (${lookAt})(${size});
        return s.shown === 0 || s.shown * s.cell * s.cell > s.box.width * s.box.height || s.visible > 0;
      })()`);
      seen = await look();
      if (seen.shown === 0) continue;
      const fits = seen.shown * seen.cell * seen.cell <= seen.box.width * seen.box.height;
      if (fits) {
        assert.ok(seen.visible > 0, `step ${seen.step}: some of its ${seen.shown} cells are in the box`);
        followed++;
      }
    }
    assert.ok(followed > 0, "some step was followed");
    // The sentence and Pause are still in view with the board's box (once the page has
    // scrolled the board into view after the last step, as it does on the frame after a tap).
    const inView = () => {
      const whole = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; };
      return { board: whole("#board"), sentence: whole(".ex-current"), pause: whole("[data-action=pause]") };
    };
    await until(page, `Object.values((${inView})()).every(Boolean)`);
    const together = await page.evaluate(inView);
    assert.deepEqual(together, { board: true, sentence: true, pause: true });
    assert.deepEqual(await axeViolations(page), []);
    // Unzoom: the board fits its box again.
    await zoom.scrollIntoViewIfNeeded();
    await zoom.tap();
    await page.waitForFunction(() => window.sudokuLab.board.markFontPx() < 6);
    console.log(`# phone ${name} marks: ${before.toFixed(1)} px, zoomed ${after.toFixed(1)} px`);
    await closeChecked(page);
  });
}

test("a click on a pencil mark of a big board never changes the puzzle, even over a gap", async () => {
  const page = await open(`?puzzle=${".".repeat(256)}&kind=classic`);
  await explainAll(page);
  await page.locator("[data-action=scrub]").fill("1");
  await drawn(page, 1);
  // A mark whose centre lies under a gap's click target.
  const target = await until(page, () => {
    const b = window.sudokuLab.board;
    for (let d = 1; d <= 16; d++) {
      const at = b.markPoint(0, d);
      const top = document.elementFromPoint(at.x, at.y);
      if (top?.closest("[data-edge]") && b.markState(0, d)) return { d, at };
    }
    return null;
  });
  assert.ok(target, "some mark of r1c1 lies under a gap");
  await page.mouse.click(target.at.x, target.at.y);
  // The click asked about the cell's marks: the answer names it.
  await until(page, () => /r1c1/.test(document.querySelector(".ex-chain-box").textContent));
  assert.equal(await page.locator('[data-edge][data-rel="<"], [data-edge][data-rel=">"]').count(), 0, "no relation added");
  assert.notEqual(await page.evaluate(() => window.sudokuLabExplain.phase), "idle", "the trace is still shown");
  assert.match(await page.textContent(".ex-chain-box"), /r1c1/);
  await page.close();
});
