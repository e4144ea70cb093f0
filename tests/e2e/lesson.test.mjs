// The lesson page www/lessons/propagation.html in headless Chromium, read through the
// <sudoku-lab-board> API only: every board opens at the event its section is about, the step
// buttons in the text move their board, the race writes DLX's and naive search's event
// counts into the text, the main page links to the lesson and back, nothing is fetched from
// another origin, and axe finds nothing. Screenshots go to target/screenshots/lesson-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { ISOLATIONS, ROOT, SHOTS, env, axeViolations, explainOf, forceIsolation, pageErrors } from "./harness.mjs";

const LESSON = "lessons/propagation.html";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The event each board opens at, as its section's text describes it. */
const OPENINGS = {
  peers: { kind: "eliminate", rule: "peer", cell: "r4c1", digit: 4 },
  naked: { kind: "place", rule: "naked_single", cell: "r3c1", digit: 1 },
  hidden: { kind: "place", rule: "hidden_single_row", cell: "r1c1", digit: 3 },
  relation: { kind: "eliminate", rule: "relation", cell: "r3c3", digit: 2 },
  locked: { kind: "eliminate", rule: "locked_candidates", cell: "r1c1", digit: 1 },
  guess: { kind: "guess", rule: "guess", cell: "r1c1", digit: 1 },
};

/** Where each jump button of the text lands (`data-seek` → the event it names). */
const JUMPS = {
  "peers eliminate:peer#6": { kind: "eliminate", rule: "peer", cell: "r3c1", digit: 4 },
  "peers eliminate:peer#7": { kind: "eliminate", rule: "peer", cell: "r3c1", digit: 2 },
  "naked place:naked_single#2": { kind: "place", rule: "naked_single", cell: "r3c2", digit: 3 },
  "hidden place:hidden_single#2": { kind: "place", rule: "hidden_single_row", cell: "r1c3", digit: 4 },
  "relation eliminate:relation#4": { kind: "eliminate", rule: "relation", cell: "r2c3", digit: 2 },
  "relation place:naked_single": { kind: "place", rule: "naked_single", cell: "r2c2", digit: 4 },
  "locked eliminate:locked_candidates#3": { kind: "eliminate", rule: "locked_candidates", cell: "r1c3", digit: 1 },
  "locked eliminate:locked_candidates#4": { kind: "eliminate", rule: "locked_candidates", cell: "r3c1", digit: 1 },
  "guess contradiction": { kind: "contradiction", rule: null, cell: "r1c3", digit: null },
  "guess backtrack": { kind: "backtrack", rule: null, cell: null, digit: null },
  "guess eliminate:refutation": { kind: "eliminate", rule: "refutation", cell: "r1c1", digit: 1 },
};

/**
 * Opens the lesson, its boards of `isolation`. An init script records every board's `step`
 * events (they do not bubble, but a capturing listener on window sees them) in
 * `window.lessonSteps[id]`.
 */
async function open({ viewport = DESKTOP, colorScheme = "light", reducedMotion = "no-preference", url = LESSON, isolation = "shadow" } = {}) {
  const page = await env.browser.newPage({ viewport, colorScheme, reducedMotion });
  page.errors = pageErrors(page);
  await forceIsolation(page, isolation);
  const foreign = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(env.base) && !/^(data|blob):/.test(r.url())) foreign.push(r.url());
  });
  await page.addInitScript(() => {
    window.lessonSteps = {};
    window.addEventListener("step", (e) => {
      const id = e.target?.id;
      if (id) (window.lessonSteps[id] ??= []).push(e.detail);
    }, true);
  });
  await page.goto(env.base + url);
  page.foreign = foreign;
  return page;
}

async function close(page) {
  assert.deepEqual(page.errors, [], "no errors in the page");
  assert.deepEqual(page.foreign, [], "nothing fetched from another origin");
  await page.close();
}

/** Scrolls a board into view and waits for its `ready`: the detail. */
async function ready(page, id) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  return page.evaluate((id) => document.getElementById(id).ready, id);
}

/** The last position board `id` reported in a `step` event, once one names an event. */
async function lastStep(page, id, timeout = 20000) {
  await page.waitForFunction((id) => (window.lessonSteps[id] ?? []).some((s) => s.event), id, { timeout })
    .catch(() => {});
  return page.evaluate((id) => (window.lessonSteps[id] ?? []).at(-1) ?? null, id);
}

/**
 * Where a paused board is, asked with `step(0)` (it moves nothing): the same as the last
 * `step` event it sent (a board announces where it opens, even to a host that connected
 * after it opened).
 */
async function current(page, id) {
  const reported = await lastStep(page, id, 10000);
  assert.ok(reported, `${id}: a step event says where the board opened`);
  const at = await page.evaluate((id) => document.getElementById(id).step(0), id);
  assert.equal(at.position, reported.position, `${id}: step(0) is where the last step event said`);
  return at;
}

const stepCount = (page, id) => page.evaluate((id) => (window.lessonSteps[id] ?? []).length, id);

/** Clicks a button and waits for its board's next `step` event: the new position. */
async function press(page, button, id) {
  const before = await stepCount(page, id);
  await button.click();
  await page.waitForFunction(([id, n]) => (window.lessonSteps[id] ?? []).length > n, [id, before], { timeout: 10000 });
  return page.evaluate((id) => window.lessonSteps[id].at(-1), id);
}

function assertEvent(at, want, what) {
  assert.ok(at?.event, `${what}: the board shows an event (${JSON.stringify(at)})`);
  const { kind, rule, cell, digit } = at.event;
  assert.deepEqual({ kind, rule, cell, digit }, want, `${what}: ${at.sentence}`);
}

const number = (text) => Number(String(text).replace(/[^\d]/g, ""));

for (const isolation of ISOLATIONS) {
  test(`every board opens at the event its section is about, with a caption that says so (${isolation})`, async () => {
    const page = await open({ isolation });
    for (const [id, want] of Object.entries(OPENINGS)) {
      const detail = await ready(page, id);
      assert.equal(detail.error, null, `${id}: the puzzle reads`);
      const at = await current(page, id);
      assertEvent(at, want, `${id} opens`);
      assert.equal(at.position, at.event.number, `${id}: the current event is the last applied`);
      assert.ok(at.done && at.events > at.position, `${id}: the whole trace is in, and goes on after the opening`);
      assert.ok(at.sentence.includes(want.cell), `${id}: the caption names ${want.cell}: ${at.sentence}`);
      // The section's own text points the reader at that cell.
      const text = await page.locator(`section:has(#${id})`).textContent();
      assert.ok(text.includes(want.cell), `${id}: the text names ${want.cell}`);
      // Seeking to the board's own start lands on the same event.
      const again = await page.evaluate((id) => {
        const board = document.getElementById(id);
        return board.seek(board.getAttribute("start"));
      }, id);
      assert.equal(again.position, at.position, `${id}: seek(start) is where the board opened`);
    }
    await page.screenshot({ path: path.join(SHOTS, `lesson-desktop-board-${isolation}.png`) });
    await close(page);
  });

  test(`the step buttons in the text move their board: by the step, or to the event named (${isolation})`, async () => {
    const page = await open({ isolation });
    const buttons = page.locator("button[data-board]");
    const count = await buttons.count();
    assert.ok(count >= 15, `step buttons in the text (${count})`);
    let jumps = 0;
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      const id = await button.getAttribute("data-board");
      const seek = await button.getAttribute("data-seek");
      const step = await button.getAttribute("data-step");
      await ready(page, id);
      const before = await current(page, id);
      await button.scrollIntoViewIfNeeded();
      const after = await press(page, button, id);
      const label = `${id}: “${(await button.textContent()).trim()}”`;
      if (seek !== null) {
        const want = JUMPS[`${id} ${seek}`];
        assert.ok(want, `${label}: the test knows where ${seek} lands`);
        assertEvent(after, want, label);
        assert.notEqual(after.position, before.position, `${label} moves the board`);
        jumps++;
      } else {
        const n = Number(step);
        // The label says the direction: "◀ …" goes back one event, "Next step ▶" forward one.
        const text = (await button.textContent()).trim();
        assert.equal(n, text.startsWith("◀") ? -1 : 1, `${label}: data-step ${step} is the step its label says`);
        if (n === 1) assert.match(text, /^Next step ▶$/);
        assert.equal(after.position, before.position + n, `${label}: from ${before.position} by ${n}`);
      }
      // The status line after the buttons says where the board went.
      const said = await page.locator(`.steps:has(button[data-board="${id}"]) .step-status`).textContent();
      assert.ok(said.startsWith(`Event ${after.position} of ${after.events}`), `${label}: status “${said}”`);
    }
    assert.equal(jumps, Object.keys(JUMPS).length, "every jump button was pressed");
    await close(page);
  });

  test(`the race writes DLX's and naive search's event counts into the text, from the boards (${isolation})`, async () => {
    const page = await open({ isolation });
    await page.locator(".race").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll("[data-count]")]
      .every((c) => /^\d[\d,]*$/.test(c.textContent)), null, { timeout: 30000 });
    const dlx = number(await page.locator('[data-count="dlx"]').textContent());
    const naive = number(await page.locator('[data-count="naive"]').textContent());
    assert.ok(dlx > 0 && naive > 0, `positive counts: dlx ${dlx}, naive ${naive}`);
    assert.notEqual(dlx, naive, "the engines need different numbers of events");
    // The numbers are the boards' own: each playing board reports its trace's length.
    const dlxAt = await lastStep(page, "race-dlx");
    const naiveAt = await lastStep(page, "race-naive");
    assert.equal(dlxAt.events, dlx, "DLX's count is its board's trace");
    assert.equal(naiveAt.events, naive, "naive's count is its board's trace");
    const ratio = await page.locator("[data-ratio]").textContent();
    if (naive >= 1.5 * dlx) assert.equal(ratio, `, about ${Math.round(naive / dlx)} times as many`);
    // Both boards play: their positions move on.
    await page.waitForFunction(() => ["race-dlx", "race-naive"].every((id) => window.lessonSteps[id].at(-1).position > 0));
    await page.screenshot({ path: path.join(SHOTS, `lesson-desktop-race-${isolation}.png`) });

    // Pause both: each board's playback stops where the board last said it was.
    await page.click('[data-race="pause"]');
    for (const id of ["race-dlx", "race-naive"]) {
      const board = await explainOf(page, id);
      await board.waitFor((explain) => !explain.animator.playing);
      const at = await board.evaluate((explain) => explain.animator.position);
      // Its last "step" event (a pause reports where it stopped) says the same.
      await page.waitForFunction(([id, at]) => window.lessonSteps[id].at(-1).position === at, [id, at]);
    }

    // Race again: both go back to the start and play from there.
    const mark = await page.evaluate(() => ["race-dlx", "race-naive"].map((id) => window.lessonSteps[id].length));
    // What DLX's "finished" mark says from here on.
    await page.evaluate(() => {
      const target = document.getElementById("race-dlx").closest("figure").querySelector("[data-finished]");
      window.dlxMarks = [];
      new MutationObserver(() => window.dlxMarks.push(target.textContent)).observe(target, { childList: true, characterData: true, subtree: true });
    });
    await page.click('[data-race="again"]');
    await page.waitForFunction((mark) => ["race-dlx", "race-naive"].every((id, i) => {
      const steps = window.lessonSteps[id].slice(mark[i]);
      const start = steps.findIndex((s) => s.position === 0);
      return start >= 0 && steps.slice(start).some((s) => s.position > 0);
    }), mark, { timeout: 10000 });
    // DLX reaches the end of its trace again: its board says solved again, and the mark
    // (cleared for the new race) is written again.
    await page.waitForFunction(() => window.dlxMarks.at(-1) === "finished", null, { timeout: 20000 });
    await close(page);
  });

  test(`with reduced motion the race does not play, and the counts are still written (${isolation})`, async () => {
    const page = await open({ reducedMotion: "reduce", isolation });
    await page.locator(".race").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll("[data-count]")]
      .every((c) => /^\d[\d,]*$/.test(c.textContent)), null, { timeout: 30000 });
    const dlx = number(await page.locator('[data-count="dlx"]').textContent());
    const naive = number(await page.locator('[data-count="naive"]').textContent());
    assert.ok(dlx > 0 && naive > dlx, `dlx ${dlx}, naive ${naive}`);
    // Counted, and not playing: each board's playback is stopped at the start.
    for (const id of ["race-dlx", "race-naive"]) {
      const board = await explainOf(page, id);
      await board.waitFor((explain) => explain?.session);
      assert.deepEqual(await board.evaluate((explain) => [explain.animator.playing, explain.animator.position]), [false, 0], id);
      const at = await page.evaluate((id) => window.lessonSteps[id]?.at(-1) ?? null, id);
      assert.equal(at?.position ?? 0, 0, `${id} stays at the start`);
    }
    await close(page);
  });
}

test("the main page's footer links to the lesson, and the lesson links back", async () => {
  const page = await open({ url: "" });
  const link = page.locator('footer.bottom a[href="lessons/propagation.html"]');
  assert.equal(await link.count(), 1, "one link to the lesson in the footer");
  assert.match(await page.locator("footer.bottom").textContent(), /New to constraint propagation\? Read the lesson\./);
  await page.screenshot({ path: path.join(SHOTS, "lesson-main-footer.png"), fullPage: true });
  await link.click();
  await page.waitForURL(/lessons\/propagation\.html$/);
  assert.equal(await page.locator("h1").textContent(), "Constraint propagation, one idea at a time");
  const back = page.locator('a[href="../index.html"]');
  assert.ok(await back.count() >= 1, "the lesson links back to the main page");
  await back.first().click();
  await page.waitForURL((url) => url.href === env.base || url.href === `${env.base}index.html`);
  await page.waitForSelector('[data-cell="r1c1"]');
  await close(page);
});

test("the page's structure: one h1, headings in order, lang, a main, text never set as HTML", async () => {
  const page = await open();
  const outline = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    mains: document.querySelectorAll("main").length,
    levels: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])),
    boards: [...document.querySelectorAll("sudoku-lab-board")].map((b) => b.title || b.getAttribute("title")),
  }));
  assert.equal(outline.lang, "en");
  assert.equal(outline.mains, 1);
  assert.equal(outline.levels.filter((l) => l === 1).length, 1, "one h1");
  assert.equal(outline.levels[0], 1, "the h1 comes first");
  outline.levels.forEach((l, i) => {
    if (i) assert.ok(l <= outline.levels[i - 1] + 1, `heading ${i} (h${l}) skips no level`);
  });
  assert.equal(new Set(outline.boards).size, outline.boards.length, "every board has a title of its own");
  const script = fs.readFileSync(path.join(ROOT, "www/lessons/lesson.js"), "utf8");
  assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, "lesson.js sets text only");
  await close(page);
});

for (const [name, viewport, colorScheme, isolation] of [["desktop", DESKTOP, "light", "shadow"], ["phone", PHONE, "dark", "shadow"], ["phone", PHONE, "dark", "frame"]]) {
  test(`axe: the lesson is clean with every board loaded (${name}, ${colorScheme}, ${isolation})`, async () => {
    const page = await open({ viewport, colorScheme, isolation });
    for (const id of await page.$$eval("sudoku-lab-board", (boards) => boards.map((b) => b.id))) {
      await ready(page, id);
    }
    await lastStep(page, "race-naive");
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.deepEqual(await axeViolations(page), []);
    // Nothing is wider than the viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scroll (${overflow} px too wide)`);
    await page.locator("#hidden").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `lesson-${name}-${colorScheme}-${isolation}.png`) });
    await close(page);
  });
}
