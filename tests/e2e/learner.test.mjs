// The learner's view in headless Chromium, by real clicks and keys: the explanation beside
// the board (under it on a phone) while playing, a log that agrees with the current event
// after Pause, a status that tells only what is known at the playback position, statistics
// without rows the run did not count, a long Solve that says what it does and why editing
// is locked, and axe in every state (idle, playing, paused, dialog open, embed; light and
// dark; desktop and phone). Screenshots go to target/screenshots/learner-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { HARD, SHOTS, axeViolations, closeChecked, drawn, explainAt, openPage, scrollToTop, until } from "./harness.mjs";

const FINAL = ["unique", "several", "none", "limit", "stopped"];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const open = (query = "", options = {}) => openPage(query, { viewport: DESKTOP, ...options });

const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `learner-${name}.png`) });
const statusOf = (page) => page.evaluate(() => {
  const s = document.getElementById("status");
  return { state: s.dataset.status, text: s.textContent };
});
const traced = (page) => page.waitForFunction(() => window.sudokuLabExplain.session?.done);

/** The number of the current event and of the log's entry marked current: they must agree. */
const currentAndEntry = (page) => page.evaluate(() => [
  document.querySelector("[data-current-event]").dataset.currentEvent,
  document.querySelector(".ex-recent [aria-current=step] button")?.dataset.index,
]);

/**
 * Waits until playback is paused and drawn, and the log's entry marked current is the current
 * event (the assertions after it check that, and say what they saw if it never is).
 */
async function pausedAndAgreed(page) {
  await page.waitForFunction(() => !window.sudokuLabExplain.animator.playing);
  await drawn(page);
  await until(page, () => {
    const current = document.querySelector("[data-current-event]")?.dataset.currentEvent;
    return current !== undefined && document.querySelector(".ex-recent [aria-current=step] button")?.dataset.index === current;
  });
}

/** Waits until playback is drawn at the stop of `p` and the status says `state` (and matches `text`); resolves to the status. */
async function statusAt(page, p, state, text = /(?:)/) {
  await drawn(page, p);
  await until(page, ({ state, text }) => {
    const s = document.getElementById("status");
    return s.dataset.status === state && new RegExp(text).test(s.textContent);
  }, { state, text: text.source });
  return statusOf(page);
}

/** Explain at maximum speed, wait for the whole trace, and pause. */
async function explainAll(page) {
  await explainAt(page, "max");
  await traced(page);
  await page.click("[data-action=pause]");
}

/** A page explaining the hard puzzle at `speed`, once playback has passed event `past`. */
async function playingHard(speed, past) {
  const page = await open(`?puzzle=${HARD}&kind=classic`);
  await explainAt(page, speed);
  await page.waitForFunction((past) => window.sudokuLabExplain.animator.position > past, past);
  return page;
}

/** True when the element's whole box is inside the viewport. */
const inView = (page, selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
}, selector);

for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`${name} ${viewport.width}×${viewport.height}: while playing, the board and the current sentence are on screen together`, async () => {
    const page = await open("", { viewport });
    await page.click("[data-action=explain]");
    await page.waitForSelector("[data-current-event]");
    // The click may have scrolled the Explain button into view; the learner scrolls back up.
    await scrollToTop(page);
    assert.match(await page.evaluate(() => window.sudokuLabExplain.phase), /^(tracing|playing)$/);
    assert.ok(await page.evaluate(() => window.sudokuLabExplain.animator.playing), "playing");
    assert.ok(await inView(page, "#board"), "the whole board is in view");
    assert.ok(await inView(page, "[data-current-event]"), "the current sentence is in view");
    const beside = await page.evaluate(() => {
      const b = document.getElementById("board").getBoundingClientRect();
      const s = document.querySelector("[data-current-event]").getBoundingClientRect();
      return s.left >= b.right;
    });
    assert.equal(beside, name === "desktop", "beside the board at 1280 px, under it on a phone");
    await shot(page, `${name}-playing`);
    await closeChecked(page);
  });
}

test("a short phone screen: while playing, the sentence sticks under the board (sticky)", async () => {
  const page = await open("", { viewport: { width: 390, height: 500 } });
  await page.click("[data-action=explain]");
  await page.waitForSelector("[data-current-event]");
  await scrollToTop(page);
  const [natural, seen] = await page.evaluate(() => {
    // The card follows the status line: that is where it would be without sticking.
    const natural = document.getElementById("status").getBoundingClientRect().bottom;
    const s = document.querySelector("[data-current-event]").getBoundingClientRect();
    return [natural, s.bottom];
  });
  assert.ok(natural + 60 > 500, `the card's own place is below the fold (${natural})`);
  assert.ok(await inView(page, "[data-current-event]"), `the sentence sticks to the viewport (${seen})`);
  await shot(page, "short-phone-playing");
  await page.close();
});

test("Pause: the log's current entry is the current event, and nothing is dimmed", async () => {
  const page = await playingHard("1000", 300);
  await page.click("[data-action=pause]");
  await pausedAndAgreed(page);
  const seen = await page.evaluate(() => {
    const current = document.querySelector("[data-current-event]");
    const entry = document.querySelector(".ex-recent [aria-current=step] button");
    const dimmed = [...document.querySelectorAll("#log, #log *")]
      .filter((e) => Number(getComputedStyle(e).opacity) < 1).map((e) => e.className || e.tagName);
    return {
      current: current.dataset.currentEvent,
      entry: entry?.dataset.index,
      position: window.sudokuLabExplain.animator.position,
      last: window.sudokuLabExplain.session.trace.at(window.sudokuLabExplain.animator.position - 1),
      headline: current.textContent,
      entryText: entry?.textContent,
      dimmed,
    };
  });
  assert.equal(seen.entry, seen.current, `${seen.headline} vs ${seen.entryText}`);
  assert.equal(Number(seen.current), seen.last, "the current event is the last one applied");
  assert.ok(seen.headline.startsWith(seen.entryText), "the same sentence");
  assert.deepEqual(seen.dimmed, [], "no dimmed text in the log");
  // Every seek agrees too: a step, a marker jump, a scrub.
  for (const action of ["step", "step-back", "next-marker"]) {
    await page.click(`[data-action=${action}]`);
    await pausedAndAgreed(page);
    const [current, entry] = await currentAndEntry(page);
    assert.equal(entry, current, action);
  }
  await closeChecked(page);
});

test("the status before the end does not give the outcome away; at the end it does", async () => {
  const page = await open(`?puzzle=${HARD}&kind=classic`);
  await explainAt(page, "5000");
  await traced(page);
  await page.click("[data-action=pause]");
  const count = Number(await page.getAttribute("[data-action=scrub]", "max"));
  await page.locator("[data-action=scrub]").fill(String(Math.floor(count / 3)));
  let s = await statusAt(page, Math.floor(count / 3), "explaining", /of 81 cells placed/);
  assert.ok(!FINAL.includes(s.state), `mid-trace status ${s.state}: ${s.text}`);
  assert.doesNotMatch(s.text, /unique|several|no solution/i);
  assert.match(s.text, /of 81 cells placed/);
  // The end, by the next-marker button past the last marker, or the timeline.
  await page.locator("[data-action=scrub]").fill(String(count));
  s = await statusAt(page, count, "unique");
  assert.equal(s.state, "unique");
  assert.match(s.text, /^Unique solution/);
  // Back before the end: the outcome goes again.
  const end = await page.evaluate(() => window.sudokuLabExplain.animator.position);
  await page.click("[data-action=step-back]");
  await until(page, (end) => window.sudokuLabExplain.animator.position < end, end);
  assert.equal((await statusAt(page, null, "explaining")).state, "explaining");
  await shot(page, "status-mid");
  // A new engine: the old trace and its status go.
  await page.selectOption("[data-action=engine]", "dlx");
  await until(page, () => document.getElementById("status").textContent === ""
    && document.querySelector(".ex-position").textContent === "no trace");
  s = await statusOf(page);
  assert.equal(s.text, "", "no status of another engine's run");
  assert.equal(await page.textContent(".ex-position"), "no trace");
  await closeChecked(page);
});

test("Solve's statistics show no rule rows the fast path did not count", async () => {
  const page = await open();
  await page.click("[data-action=solve]");
  await page.waitForFunction(() => document.getElementById("status").dataset.status === "unique");
  const text = await page.textContent("#stats");
  assert.doesNotMatch(text, /total\s*0/);
  assert.match(text, /does not count rules/);
  // Explain counts them.
  await explainAt(page, "max");
  await traced(page);
  await page.waitForFunction(() => /Eliminations by rule/.test(document.getElementById("stats").textContent));
  await closeChecked(page);
});

test("a long Solve shows its progress, and a typed digit is told that editing is locked", async () => {
  // The POJ 3076 sample (16×16) takes naive search far longer than the test waits.
  const page = await open("?example=poj3076&engine=naive");
  await page.selectOption("[data-action=node-limit]", "100000000");
  await page.click("[data-action=solve]");
  // The worker's first progress report, whenever it comes.
  await page.waitForFunction(() => / [\d,]+ nodes · editing is locked/.test(document.getElementById("status").textContent));
  const s = await statusOf(page);
  assert.equal(s.state, "working");
  assert.match(s.text, /^Solving with naive… \d+\.\d s · [\d,]+ nodes · editing is locked/);
  // The statistics panel counts along.
  assert.match(await page.textContent("#stats"), /Still searching/);
  const nodes = Number((await page.textContent('#stats [data-stat="nodes"]')).replace(/,/g, ""));
  assert.ok(nodes > 0, `nodes so far: ${nodes}`);
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.press("4");
  await page.waitForFunction(() => /locked/.test(document.getElementById("toast").textContent));
  assert.equal(await page.textContent('[data-cell="r1c1"]'), "", "the digit was not entered");
  // The status moves on (elapsed time, nodes) while the run goes: whenever it next changes.
  await page.waitForFunction((before) => document.getElementById("status").textContent !== before, s.text);
  const later = await statusOf(page);
  assert.match(later.text, /^Solving with naive… \d+\.\d s · [\d,]+ nodes · editing is locked/);
  await page.click("[data-action=stop]");
  await page.waitForFunction(() => document.getElementById("status").dataset.status === "stopped");
  await closeChecked(page);
});

test("on a touch screen every gap is a target of at least 24×24 px", async () => {
  const page = await open("", { viewport: PHONE, touch: true });
  const smallest = await page.$$eval("[data-edge]", (edges) => edges.reduce((m, e) => {
    const r = e.getBoundingClientRect();
    return [Math.min(m[0], r.width), Math.min(m[1], r.height)];
  }, [Infinity, Infinity]));
  assert.ok(smallest[0] >= 24 && smallest[1] >= 24, `smallest gap ${smallest}`);
  await page.close();
});

test("the engine and detail menus show their whole option text", async () => {
  const page = await open();
  for (const action of ["engine", "level", "max-events", "node-limit"]) {
    const fits = await page.$eval(`[data-action=${action}]`, (s) => {
      const probe = document.createElement("span");
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(s).font}`;
      document.body.append(probe);
      const widest = Math.max(...[...s.options].map((o) => { probe.textContent = o.textContent; return probe.offsetWidth; }));
      probe.remove();
      // The text box of a select: its width less padding and the arrow (about 24 px).
      const cs = getComputedStyle(s);
      return { widest, room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 8 };
    });
    assert.ok(fits.widest <= fits.room, `${action}: ${fits.widest} px of text in ${fits.room} px`);
  }
  await page.click("[data-action=import]");
  const file = await page.$eval("#import-file", (i) => i.getBoundingClientRect().width);
  assert.ok(file >= 250, `the file picker has room for its label (${file} px)`);
  await page.close();
});

for (const colorScheme of ["light", "dark"]) {
  for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    test(`axe: no violation in any state (${colorScheme}, ${name})`, async () => {
      const page = await open(`?puzzle=${HARD}&kind=classic`, { viewport, colorScheme });
      const states = {};
      states.idle = await axeViolations(page);
      await page.click("[data-action=explain]");
      await page.waitForSelector("[data-current-event]");
      states.playing = await axeViolations(page);
      await page.click("[data-action=pause]");
      const why = await page.click("[data-action=why]").then(() => true, () => false);
      // Paused and drawn, with the Why tree open when the button was there to press.
      await page.waitForFunction(() => !window.sudokuLabExplain.animator.playing);
      await drawn(page);
      if (why) await page.waitForSelector(".ex-proof-root");
      states.paused = await axeViolations(page);
      await page.click("[data-action=solve]");
      await page.waitForFunction(() => document.getElementById("status").dataset.status === "unique");
      states.solved = await axeViolations(page);
      await page.click("[data-action=import]");
      states.dialog = await axeViolations(page);
      await page.keyboard.press("Escape");
      for (const [state, violations] of Object.entries(states)) assert.deepEqual(violations, [], state);
      await page.close();
    });
  }
  test(`axe: embed mode is clean (${colorScheme})`, async () => {
    const page = await open("?embed=1&autoplay=1&speed=100", { viewport: { width: 640, height: 720 }, colorScheme });
    // Playing: some events in, so the sentence and the highlights are there to check.
    await page.waitForFunction(() => Number(document.querySelector("[data-current-event]")?.dataset.currentEvent) >= 5);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });
}

test("at the full level removed candidates stay, greyed; clicking one explains its removal", async () => {
  const page = await open("?example=hardest");
  await explainAll(page);
  const count = Number(await page.getAttribute("[data-action=scrub]", "max"));
  await page.locator("[data-action=scrub]").fill(String(Math.floor(count / 4)));
  await drawn(page, Math.floor(count / 4));
  // The marks are drawn on a canvas: the board says how each is drawn and where.
  const marks = () => {
    const b = window.sudokuLab.board;
    let live = null, gone = null;
    for (let i = 0; i < 81; i++) {
      for (let d = 1; d <= 9; d++) {
        const state = b.markState(i, d);
        if (state === "gone" && !gone) gone = { i, d, cell: b.cells[i].dataset.cell, at: b.markPoint(i, d) };
        if (state === "live" && !live) live = { i, d };
      }
    }
    return { live, gone, style: b.markStyle };
  };
  await until(page, `Boolean((() => { const m = (${marks})(); return m.live && m.gone; })())`);
  const found = await page.evaluate(marks);
  assert.ok(found.gone, "greyed candidates are drawn");
  assert.ok(found.live, "live candidates are drawn");
  const { cell, d: digit } = found.gone;
  // Greyed, yet readable: the colours differ (their contrast is checked below).
  assert.notEqual(found.style.live, found.style.gone);
  await page.mouse.click(found.gone.at.x, found.gone.at.y);
  const title = `Why is ${digit} gone from ${cell}?`;
  await until(page, (title) => document.querySelector(".ex-chain-title").textContent === title
    && document.querySelectorAll(".ex-chain li").length >= 1, title);
  assert.equal(await page.textContent(".ex-chain-title"), title);
  assert.ok(await page.locator(".ex-chain li").count() >= 1, "the removal and its causes");
  assert.match(await page.textContent(".ex-chain li"), new RegExp(`${digit} removed from ${cell}|${cell} (is|must be)`));
  // Both mark colours keep 4.5:1 against the cell background.
  const ratios = await page.evaluate(() => {
    const rgb = (css) => {
      const c = document.createElement("canvas").getContext("2d");
      c.fillStyle = css;
      c.fillRect(0, 0, 1, 1);
      return [...c.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const lum = ([r, g, b]) => [r, g, b].map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    }).reduce((s, v, k) => s + v * [0.2126, 0.7152, 0.0722][k], 0);
    const ratio = (a, b) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const st = window.sudokuLab.board.markStyle;
    const cell = getComputedStyle(document.querySelector(".board-frame")).getPropertyValue("--cell").trim();
    return { live: ratio(st.live, cell), gone: ratio(st.gone, cell) };
  });
  assert.ok(ratios.gone >= 4.5 && ratios.live >= 4.5, JSON.stringify(ratios));
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, "greyed-candidate-asked");
  await closeChecked(page);
});

/** Waits up to 5 s for `holds(range, arg)` on the timeline's range; the assertion after it says what failed. */
const scrubUntil = (page, holds, arg) => page.waitForFunction(
  `(${holds})(document.querySelector("[data-action=scrub]"), ${JSON.stringify(arg)})`,
  undefined, { timeout: 5000 }).catch(() => {});

test("the timeline zooms and pans: keys, wheel, buttons, minimap", async () => {
  const page = await open(`?puzzle=${HARD}&kind=classic`);
  await explainAll(page);
  const count = Number(await page.getAttribute("[data-action=scrub]", "max"));
  const range = page.locator("[data-action=scrub]");
  await range.fill(String(Math.floor(count / 2)));
  const bounds = async () => [Number(await range.getAttribute("min")), Number(await range.getAttribute("max"))];
  // + on the range zooms in around the current event, twice: a quarter of the run.
  await range.focus();
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  let [lo, hi] = await bounds();
  assert.ok(Math.abs(hi - lo - count / 4) <= 1, `window ${lo}–${hi} of ${count}`);
  assert.ok(lo <= count / 2 && count / 2 <= hi, "around the current event");
  assert.ok(await page.isVisible(".ex-minimap"), "the minimap shows when zoomed");
  // The wheel zooms in further around the pointer; a horizontal wheel pans.
  await page.locator(".ex-track").scrollIntoViewIfNeeded();
  const box = await page.locator(".ex-track").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // Chromium delivers a wheel through the compositor, later than two frames on a busy
  // machine, and under load it has dropped one: a second wheel if the first did nothing.
  for (let tries = 0; tries < 2 && (await bounds()).reduce((a, b) => b - a) >= hi - lo; tries++) {
    await page.mouse.wheel(0, -400);
    await scrubUntil(page, (r, span) => r.max - r.min < span, hi - lo);
  }
  const [lo2, hi2] = await bounds();
  assert.ok(hi2 - lo2 < hi - lo, `the wheel zoomed in (${lo2}–${hi2})`);
  await page.mouse.wheel(300, 0);
  await scrubUntil(page, (r, from) => Number(r.min) > from, lo2);
  const [lo3] = await bounds();
  assert.ok(lo3 > lo2, `a horizontal wheel pans right (${lo2} → ${lo3})`);
  // Scrubbing inside the window seeks there.
  await range.fill(String(lo3 + 5));
  await until(page, (p) => {
    const x = window.sudokuLabExplain;
    return x.animator.position === x.session.trace.boundary(p) && x.animator.drawn === x.animator.position;
  }, lo3 + 5);
  // By step, the page stops at the end of the step the event is in.
  assert.equal(await page.evaluate(() => window.sudokuLabExplain.animator.position),
    await page.evaluate((p) => window.sudokuLabExplain.session.trace.boundary(p), lo3 + 5));
  // The minimap moves the window; All shows the whole run again.
  const mini = await page.locator(".ex-minimap").boundingBox();
  await page.mouse.click(mini.x + mini.width * 0.1, mini.y + mini.height / 2);
  const [lo4] = await bounds();
  assert.ok(lo4 < lo3, `the minimap moved the window left (${lo3} → ${lo4})`);
  await shot(page, "timeline-zoomed");
  await page.click("[data-action=zoom-all]");
  assert.deepEqual(await bounds(), [0, count]);
  assert.equal(await page.isVisible(".ex-minimap"), false);
  await closeChecked(page);
});

test("a hidden single's Why lists the removal of its digit from every other cell of its house", async () => {
  const page = await open("?example=hardest&by=event");
  await explainAll(page);
  // The first hidden single (rules 3..5: in a row, a column, a block) and its house's cells.
  const single = await page.evaluate(() => {
    const t = window.sudokuLabExplain.session.trace;
    for (let i = 0; i < t.count; i++) {
      if (t.kind(i) === 1 && t.rule(i) >= 3 && t.rule(i) <= 5) {
        return { index: i, cell: t.cell(i), digit: t.digit(i), house: t.viaPayload(i) };
      }
    }
    return null;
  });
  assert.ok(single, "the trace has a hidden single");
  await page.locator("[data-action=scrub]").fill(String(single.index + 1));
  await drawn(page, single.index + 1);
  await until(page, (i) => document.querySelector("[data-current-event]")?.dataset.currentEvent === i, String(single.index));
  assert.equal(await page.getAttribute("[data-current-event]", "data-current-event"), String(single.index));
  await page.click("[data-action=why]");
  await until(page, () => document.querySelectorAll(".ex-proof-root > li > details > ul > li").length > 0);
  const premises = await page.$$eval(".ex-proof-root > li > details > ul > li", (items) => items.map((li) => Number(li.dataset.event)));
  const seen = await page.evaluate(({ premises, single }) => {
    const t = window.sudokuLabExplain.session.trace;
    const n = 9;
    const h = single.house;
    const house = h < n ? [...Array(n)].map((_, c) => h * n + c)
      : h < 2 * n ? [...Array(n)].map((_, r) => r * n + h - n)
        : [...Array(n)].map((_, k) => (Math.floor((h - 2 * n) / 3) * 3 + Math.floor(k / 3)) * n + ((h - 2 * n) % 3) * 3 + (k % 3));
    // Each premise takes the digit out of one cell: an elimination of it, or a placement of another digit.
    const cells = premises.map((p) => t.cell(p)).sort((a, b) => a - b);
    const others = house.filter((c) => c !== single.cell).sort((a, b) => a - b);
    const honest = premises.every((p) => (t.kind(p) === 2 && t.digit(p) === single.digit)
      || ((t.kind(p) === 1 || t.kind(p) === 3) && t.digit(p) !== single.digit));
    return { cells, others, honest };
  }, { premises, single });
  assert.deepEqual(seen.cells, seen.others, "one premise for every other cell of the house");
  assert.ok(seen.honest, "each premise removes the digit from its cell");
  // The tree fits beside the board at 1280×800: no line cut at any depth, every premise on
  // screen without scrolling, the board still in view.
  const fit = await page.evaluate(() => {
    const root = document.querySelector(".ex-proof-root");
    const cut = [...root.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > root.getBoundingClientRect().right + 1)
      .map((e) => e.textContent.slice(0, 40));
    const items = [...root.querySelectorAll(":scope > li > details > ul > li")].map((li) => li.getBoundingClientRect());
    const board = document.querySelector(".board-frame").getBoundingClientRect();
    return { cut, wide: root.scrollWidth - root.clientWidth, offscreen: items.filter((r) => r.top < 0 || r.bottom > innerHeight).length,
      board: board.top >= 0 && board.bottom <= innerHeight, beside: items.every((r) => r.left >= board.right) };
  });
  assert.deepEqual(fit.cut, [], "no line runs past the tree's edge");
  assert.equal(fit.wide, 0, "nothing to scroll sideways");
  assert.equal(fit.offscreen, 0, "every premise is on screen");
  assert.ok(fit.board && fit.beside, "beside the board, which stays in view");
  // A premise opens to its own premises; those wrap too.
  const opened = await page.locator(".ex-proof-root > li > details > ul > li details > summary").last().elementHandle();
  await opened.click();
  // Its premises are built when it opens (on the details' toggle event).
  await until(page, (summary) => summary.parentElement.open && summary.nextElementSibling.childElementCount > 0, opened);
  assert.equal(await page.evaluate(() => {
    const root = document.querySelector(".ex-proof-root");
    return [...root.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > root.getBoundingClientRect().right + 1).length;
  }), 0, "no line cut at the second level");
  // Hovering a premise highlights it on the board.
  const second = page.locator(".ex-proof-root > li > details > ul > li [data-index]").nth(1);
  await second.hover();
  // The premise under the pointer, its cell highlighted on the board.
  await until(page, () => {
    const premise = document.querySelectorAll(".ex-proof-root > li > details > ul > li [data-index]")[1];
    const cell = window.sudokuLabExplain.session.trace.cell(Number(premise.dataset.index));
    return premise.matches(":hover") && Boolean(window.sudokuLab.board.cells[cell]?.classList.contains("focus-cell"));
  });
  assert.ok(await page.locator(".cell.focus-cell").count() >= 1);
  await shot(page, "why-hidden-single");
  await closeChecked(page, { axe: true });
});

test("Pause while the trace still streams: the playing state goes, the statistics wait for the end", async () => {
  // Naive search of the 16×16 sample at the decisions level streams for about a second here
  // before it reaches the 2,000,000-event ceiling.
  const page = await open("?example=poj3076&engine=naive&level=decisions");
  await page.selectOption("[data-action=node-limit]", "100000000");
  await page.selectOption("[data-action=max-events]", "2000000");
  await explainAt(page, "100");
  await page.waitForFunction(() => window.sudokuLabExplain.animator.position > 5);
  // Pause is clicked and the page read in one step (the page updates its controls in the
  // click's handler), so that a slow machine cannot let the trace end in between.
  const seen = await page.evaluate(() => {
    document.querySelector("[data-action=pause]").click();
    return {
      phase: window.sudokuLabExplain.phase,
      pressed: document.querySelector("[data-action=play]").getAttribute("aria-pressed"),
      playing: document.getElementById("log").classList.contains("ex-playing"),
      sentence: document.querySelector("[data-current-event]").getAttribute("aria-live"),
      status: document.getElementById("status").getAttribute("aria-live"),
      stats: document.getElementById("stats").textContent,
    };
  });
  assert.equal(seen.phase, "tracing", "still tracing after Pause");
  assert.equal(seen.pressed, "false");
  assert.equal(seen.playing, false);
  assert.equal(seen.sentence, "polite");
  assert.equal(seen.status, "off", "the status is not read aloud while tracing");
  assert.match(seen.stats, /show when playback reaches the end/);
  await page.close();
});

test("Space pauses a fast play, and the log agrees with the current event", async () => {
  const page = await playingHard("250", 200);
  await page.focus("[data-action=scrub]");
  await page.keyboard.press(" ");
  await pausedAndAgreed(page);
  const [current, entry] = await currentAndEntry(page);
  assert.equal(entry, current);
  await page.close();
});

test("the keyboard reaches every event of a zoomed timeline: arrows at the edge pan", async () => {
  const page = await open(`?puzzle=${HARD}&kind=classic`);
  await explainAll(page);
  const range = page.locator("[data-action=scrub]");
  await range.fill("1000");
  await range.focus();
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  const hi = Number(await range.getAttribute("max"));
  await range.fill(String(hi));
  await range.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await until(page, (hi) => {
    const r = document.querySelector("[data-action=scrub]");
    return Number(r.value) === hi + 2 && Number(r.max) > hi;
  }, hi);
  assert.equal(Number(await range.inputValue()), hi + 2, "two events past the old window");
  assert.ok(Number(await range.getAttribute("max")) > hi, "the window moved");
  await page.keyboard.press("Shift+ArrowLeft");
  assert.ok(Number(await range.getAttribute("max")) < hi + 2 + 1000, "Shift+arrow pans");
  await page.close();
});

test("Explain plays the default sample step by step: a deduction at once, back and forth, each step marked", async () => {
  const page = await open();
  await page.click("[data-action=explain]");
  await traced(page);
  await page.click("[data-action=pause]");
  await page.locator("[data-action=scrub]").fill("0");
  await page.waitForFunction(() => window.sudokuLabExplain.animator.position === 0);
  const at = () => page.evaluate(() => {
    const x = window.sudokuLabExplain;
    const t = x.session.trace;
    const b = window.sudokuLab.board;
    const removed = [];
    for (let i = 0; i < 81; i++) for (let d = 1; d <= 9; d++) if (b.markState(i, d) === "removed") removed.push([i, d]);
    return {
      position: x.animator.position,
      scrub: Number(document.querySelector("[data-action=scrub]").value),
      steps: t.stepsAt(x.animator.position),
      ends: Array.from({ length: 4 }, (_, k) => t.stepEnd(k)),
      current: document.querySelector(".ex-current").textContent,
      currentStep: document.querySelector(".ex-current").dataset.currentStep,
      where: document.querySelector(".ex-position").textContent,
      removed: removed.length,
      targets: document.querySelectorAll(".cell.target-cell").length,
      here: x.here(),
    };
  });
  // Step ▶ three times: each press one step, its last event applied; the first steps
  // hold a placement or a named deduction (the start is one step: 311 removals by the signs).
  const seen = [];
  for (let k = 1; k <= 3; k++) {
    await page.click("[data-action=step]");
    await page.waitForFunction((k) => window.sudokuLabExplain.here().step?.number === k, k);
    await drawn(page);
    await until(page, (k) => document.querySelector(".ex-current").dataset.currentStep === String(k - 1), k);
    const now = await at();
    seen.push(now);
    assert.equal(now.position, now.ends[k - 1], `step ${k} ends at ${now.ends[k - 1]}`);
    assert.equal(now.scrub, now.position, "the timeline is at the step's end");
    assert.equal(now.currentStep, String(k - 1));
    assert.ok(now.current.startsWith(`Step ${k} · `), now.current);
    assert.match(now.where, new RegExp(`^step ${k} of 83 · event ${now.position} of 628$`));
  }
  assert.match(seen[0].current, /^Step 1 · Start: the signs alone rule out 311 candidates/);
  const deduction = seen.find((s) => ["place", "locked", "technique", "relation"].includes(s.here.step.kind));
  assert.ok(deduction, seen.map((s) => s.current).join(" | "));
  assert.match(deduction.current, /^Step \d · r\dc\d (is|must be) \d: .*\. \d leaves r\dc\d/);
  assert.ok(deduction.removed > 0, "the digits the step removes are marked");
  assert.ok(deduction.targets > 0, "the cells that lose them are outlined");
  // ◀ goes back a whole step; ▶ again gives the same step, the same sentence.
  await page.click("[data-action=step-back]");
  await page.waitForFunction(() => document.querySelector(".ex-current").textContent.startsWith("Step 2 · "));
  assert.equal((await at()).position, seen[1].position);
  await page.keyboard.press("ArrowRight"); // the focus is on the step-back button, in the playback group
  await page.waitForFunction(() => document.querySelector(".ex-current").textContent.startsWith("Step 3 · "));
  assert.equal((await at()).current, seen[2].current);
  // The timeline ticks the end of each step: all 83 when the window leaves them room, and
  // each one shown where the window is zoomed in.
  const ticks = async () => {
    // Painted for the window it shows now, and no paint pending.
    await page.waitForFunction(() => {
      const tl = window.sudokuLabExplain.timeline;
      return tl.drawnKey === `${tl.length}/${tl.start}/${tl.end}` && !tl.frame;
    });
    return page.evaluate(() => {
      const tl = window.sudokuLabExplain.timeline;
      const t = window.sudokuLabExplain.session.trace;
      return { drawn: tl.drawnSteps, inWindow: t.stepsAt(tl.end) - t.stepsAt(tl.start), width: tl.width };
    });
  };
  await page.click("[data-action=zoom-in]");
  let tick = await ticks();
  assert.ok(tick.inWindow > 0 && tick.drawn === tick.inWindow, `zoomed in: a tick per step in the window (${JSON.stringify(tick)})`);
  await page.click("[data-action=zoom-all]");
  tick = await ticks();
  if (83 * 4 <= tick.width - 14) assert.equal(tick.drawn, 83, "the whole run: a tick per step");
  else assert.ok(tick.drawn === 83 || tick.drawn === -1, `the whole run: every step, or none when they would merge (${tick.drawn})`);
  // The log lists steps, each a button to its end.
  const entries = await page.$$eval(".ex-recent button", (bs) => bs.map((b) => b.textContent));
  assert.ok(entries.length >= 3 && entries.every((t) => /^Step \d+ · /.test(t)), entries.join(" | "));
  // The step's Why: what its events rest on from outside it.
  await page.click("[data-action=why]");
  await page.waitForSelector(".ex-proof-root");
  assert.match(await page.textContent(".ex-proof-root"), /^Go.*Step 3 · /);
  await shot(page, "steps-desktop");
  await closeChecked(page, { axe: true });
});

test("phone: from any scroll position, Explain, Play or Step puts the board, the sentence and Pause in view together", async () => {
  const inView = (page) => page.evaluate(() => {
    const whole = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; };
    const board = document.querySelector(".board-frame").getBoundingClientRect();
    const dock = document.querySelector(".ex-dock").getBoundingClientRect();
    return { board: whole(".board-frame"), sentence: whole(".ex-current"), pause: whole("[data-action=pause]"), clear: board.bottom <= dock.top + 1 };
  });
  const together = { board: true, sentence: true, pause: true, clear: true };
  for (const height of [844, 600]) {
    const page = await openPage("", { viewport: { width: 390, height }, touch: true });
    // The first screen offers Explain and Play (Play mode) under the board.
    for (const action of ["explain", "quick-play"]) {
      const r = await page.locator(`[data-action=${action}]`).boundingBox();
      assert.ok(r && r.y + r.height <= height, `${height}: ${action} is on the first screen (${r?.y})`);
    }
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    for (const [n, start] of [0, 200, 450, bottom].entries()) {
      // Explain, then Step and ▶ Play from the same scroll position, each reached as a person
      // reaches it: scrolled into view, tapped.
      for (const action of ["explain", "step", "play"]) {
        await page.evaluate((y) => scrollTo(0, y), start);
        await page.locator(`[data-action=${action}]`).scrollIntoViewIfNeeded();
        await page.tap(`[data-action=${action}]`);
        const what = `${height}, from ${start}, ${action}`;
        await page.waitForFunction(() => window.sudokuLabExplain.animator.position > 0);
        await page.waitForFunction(() => {
          const r = document.querySelector(".board-frame").getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }, null, { timeout: 5000 }).catch(() => {});
        assert.deepEqual(await inView(page), together, `${what}: after the tap`);
        if (action === "play" || action === "explain") {
          // Playing on: still together a few steps later.
          const at = await page.evaluate(() => window.sudokuLabExplain.here().step?.number ?? 0);
          await page.waitForFunction((k) => (window.sudokuLabExplain.here().step?.number ?? 0) >= k + 3
            || window.sudokuLabExplain.phase === "done", at);
          assert.deepEqual(await inView(page), together, `${what}: while it plays`);
          await page.tap("[data-action=pause]");
        }
      }
      if (n === 0) await page.screenshot({ path: path.join(SHOTS, `learner-phone-steps-${height}.png`) });
    }
    await closeChecked(page, { axe: true });
  }
});
