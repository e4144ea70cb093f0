// The board half of the page in headless Chromium: entering, validating, importing, exporting and
// sharing puzzles with real clicks and keys, read back only through the test hooks (data-cell,
// data-edge/data-rel, data-action, data-status) and ARIA attributes. Screenshots go to
// target/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";

import { EXAMPLES } from "../../www/js/examples.js";
import { SHOTS as shots, boardSettled, cellTexts, clickCentres, env, importText, pageErrors, relationMap as relations } from "./harness.mjs";

/** Opens the page (query string `search`) and waits until the board shows a puzzle. */
async function open(search = "", { viewport = { width: 1280, height: 800 }, permissions = [] } = {}) {
  const context = await env.browser.newContext({ viewport, permissions });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(env.base + search);
  await page.waitForSelector('[data-cell="r1c1"]');
  await page.waitForFunction(() => document.getElementById("summary")?.textContent !== "");
  const close = async () => {
    await context.close();
    assert.deepEqual(errors, [], "no errors in the page");
  };
  return { page, close, errors };
}

/** The relations of a CQOI text, decoded here (not by the page): {edgeKey: "<" | ">"}. */
function cqoiRelations(text) {
  const symbols = [...text.replace(/\s+/g, "")];
  assert.equal(symbols.length, 108);
  const out = {};
  const take = () => symbols.shift();
  for (let r = 1; r <= 9; r++) {
    for (const c of [1, 2, 4, 5, 7, 8]) {
      out[`r${r}c${c}-r${r}c${c + 1}`] = take();
    }
    if (r % 3 !== 0) {
      for (let c = 1; c <= 9; c++) {
        const s = take();
        out[`r${r}c${c}-r${r + 1}c${c}`] = s === "^" ? "<" : s === "v" ? ">" : s;
      }
    }
  }
  return out;
}

const example = (id) => EXAMPLES.find((e) => e.id === id);


test("the page opens with the CQOI2013 sample 1, accessible and valid", async () => {
  const { page, close } = await open();
  const expected = cqoiRelations(example("cqoi-1").text);
  const rels = await relations(page);
  assert.equal(Object.keys(rels).length, 144);
  for (const [key, rel] of Object.entries(rels)) assert.equal(rel, expected[key] ?? "", key);
  assert.equal(await page.getAttribute("#status", "data-status"), "");
  assert.equal(await page.getAttribute('[role="grid"]', "aria-rowcount"), "9");
  assert.equal(await page.getAttribute('[data-cell="r3c4"]', "aria-label"), "r3c4, empty");
  assert.equal(await page.getAttribute('[data-edge="r1c1-r1c2"]', "aria-label"), "Relation between r1c1 and r1c2: r1c1 > r1c2 (left cell larger)");
  await close();
});

test("entering the CQOI2013 sample 1 by clicking its 108 gaps", async () => {
  const { page, close } = await open("?example=poj3074");
  await page.selectOption('[data-action="kind"]', "inequality");
  await page.click('[data-action="clear"]');
  assert.ok((await cellTexts(page)).every((t) => t === ""));
  const expected = cqoiRelations(example("cqoi-1").text);
  const clicks = [];
  for (const [key, rel] of Object.entries(expected)) {
    const times = rel === "<" ? 1 : 2;
    for (let i = 0; i < times; i++) clicks.push(`[data-edge="${key}"]`);
  }
  await clickCentres(page, clicks);
  const rels = await relations(page);
  for (const [key, rel] of Object.entries(rels)) assert.equal(rel, expected[key] ?? "", key);
  assert.equal(await page.getAttribute("#status", "data-status"), "");
  // A third click on a ">" gap removes it; undo brings it back.
  await page.click('[data-edge="r1c1-r1c2"]');
  assert.equal(await page.getAttribute('[data-edge="r1c1-r1c2"]', "data-rel"), "");
  await page.click('[data-action="undo"]');
  assert.equal(await page.getAttribute('[data-edge="r1c1-r1c2"]', "data-rel"), ">");
  // The page's model is the judge's puzzle: its CQOI export is the sample, symbol for symbol.
  await page.click('[data-action="export"]');
  await page.selectOption("#export-format", "cqoi");
  const text = await page.inputValue("#export-text");
  assert.equal(text.replace(/\s+/g, ""), example("cqoi-1").text.replace(/\s+/g, ""));
  await page.click('[data-action="export-close"]');
  await page.screenshot({ path: path.join(shots, "board-cqoi-entered.png") });
  await close();
});

test("typing givens with the keyboard, relations with Shift+arrows, undo", async () => {
  const { page, close } = await open();
  await page.selectOption('[data-action="kind"]', "classic");
  await page.click('[data-action="clear"]');
  const line = example("poj3074").text.trim();
  await page.click('[data-cell="r1c1"]');
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const ch = line[r * 9 + c];
      await page.keyboard.press(ch === "." ? "Delete" : ch);
      if (c < 8) await page.keyboard.press("ArrowRight");
    }
    await page.keyboard.press("Home");
    if (r < 8) await page.keyboard.press("ArrowDown");
  }
  assert.deepEqual(await cellTexts(page), [...line].map((ch) => (ch === "." ? "" : ch)));
  assert.equal(await page.getAttribute('[data-cell="r1c2"]', "aria-label"), "r1c2, given 2");
  assert.equal(await page.getAttribute("#status", "data-status"), "");
  // Backspace and 0 clear; Ctrl+Z restores.
  await page.click('[data-cell="r1c2"]');
  await page.keyboard.press("Backspace");
  assert.equal(await page.textContent('[data-cell="r1c2"]'), "");
  await page.keyboard.press("Control+z");
  assert.equal(await page.textContent('[data-cell="r1c2"]'), "2");
  // Shift+arrow cycles the relation with the neighbour; a classic puzzle becomes inequality.
  await page.click('[data-cell="r5c5"]');
  await page.keyboard.press("Shift+ArrowRight");
  assert.equal(await page.getAttribute('[data-edge="r5c5-r5c6"]', "data-rel"), "<");
  assert.equal(await page.inputValue('[data-action="kind"]'), "inequality");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  assert.equal(await page.getAttribute('[data-edge="r4c5-r5c5"]', "data-rel"), ">");
  // Above 9: two digits within a second make a number, letters count from A = 1.
  await page.selectOption('[data-action="size"]', "16");
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.type("12");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("p");
  await page.keyboard.press("ArrowRight");
  await page.click('[data-action="digit"][data-digit="7"]');
  assert.deepEqual((await cellTexts(page)).slice(0, 3), ["12", "16", "7"]);
  await close();
});

/**
 * The named cells as the page shows them: each scrolled into view, its size, and whether a
 * click at its centre reaches it; `size` is r1c1's. With `settled`, false until every named
 * cell is there at r1c1's size and reachable (a layout may still change while a message lands).
 */
function measureShown({ names, settled }) {
  const shown = [...document.querySelectorAll("[data-cell]")].filter((c) => names.includes(c.dataset.cell)).map((c) => {
    c.scrollIntoView({ block: "center" });
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { cell: c.dataset.cell, width: r.width, height: r.height, hit: Boolean(hit && c.contains(hit)) };
  });
  const first = document.querySelector('[data-cell="r1c1"]');
  const size = first ? first.getBoundingClientRect().width : 0;
  const ok = shown.length === names.length && shown.every((s) => Math.abs(s.width - size) < 1 && Math.abs(s.height - size) < 1 && s.hit);
  return settled && !ok ? false : { shown, size };
}

/** Fails unless every named cell is on the board at full size and is what a click there hits. */
async function assertShown(page, names, what) {
  await boardSettled(page);
  // Wait for the condition; on a timeout, the assertions below say what is wrong.
  await page.waitForFunction(measureShown, { names, settled: true }, { polling: "raf", timeout: 10_000 }).catch(() => {});
  const { shown, size } = await page.evaluate(measureShown, { names, settled: false });
  assert.equal(shown.length, names.length, what);
  for (const s of shown) {
    assert.ok(Math.abs(s.width - size) < 1 && Math.abs(s.height - size) < 1, `${what}: ${s.cell} is ${s.width}×${s.height}, not ${size}`);
    assert.ok(s.hit, `${what}: a click at ${s.cell}'s centre reaches it`);
  }
}

test("cells marked as a problem stay on the board, visible and clickable", async () => {
  // An entry that leaves a Futoshiki cell without a digit: r1c5 is marked, and stays.
  const futoshiki = await open("?example=futoshiki-5");
  const { page } = futoshiki;
  await page.click('[data-cell="r1c4"]');
  await page.keyboard.press("5");
  await page.waitForFunction(() => document.querySelectorAll('[data-cell][aria-invalid="true"]').length > 0);
  const marked = await page.$$eval('[data-cell][aria-invalid="true"]', (cells) => cells.map((c) => c.dataset.cell));
  await assertShown(page, marked, "Futoshiki 5×5 with 5 in r1c4");
  await assertShown(page, ["r1c5"], "Futoshiki 5×5 with 5 in r1c4");
  await futoshiki.close();
  // A cycle of relations from a link: all four cells marked and shown.
  const model = { size: 4, kind: "inequality", givens: "................", relations: [["r1c1", "<", "r1c2"], ["r1c2", "<", "r2c2"], ["r2c2", "<", "r2c1"], ["r2c1", "<", "r1c1"]] };
  const linked = await open(`?puzzle=${encodeURIComponent(JSON.stringify(model))}&kind=inequality`);
  await linked.page.waitForSelector('#status[data-status="invalid"]');
  const cycle = await linked.page.$$eval('[data-cell][aria-invalid="true"]', (cells) => cells.map((c) => c.dataset.cell));
  assert.deepEqual(cycle.sort(), ["r1c1", "r1c2", "r2c1", "r2c2"]);
  await assertShown(linked.page, cycle, "a cycle from a link");
  await linked.page.screenshot({ path: path.join(shots, "board-cycle-marked.png") });
  await linked.close();
});

test("an invalid puzzle marks the right cells and sets data-status=invalid", async () => {
  const { page, close } = await open("?example=poj3074");
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.press("2"); // r1c2 is 2 already
  await page.waitForSelector('#status[data-status="invalid"]');
  const invalid = await page.$$eval('[data-cell][aria-invalid="true"]', (cells) => cells.map((c) => c.dataset.cell));
  assert.deepEqual(invalid.sort(), ["r1c1", "r1c2"]);
  assert.match(await page.textContent("#status"), /r1c1 and r1c2 are both 2/);
  await page.screenshot({ path: path.join(shots, "board-invalid.png") });
  await page.keyboard.press("Backspace");
  assert.equal(await page.getAttribute("#status", "data-status"), "");
  assert.equal(await page.$$eval('[aria-invalid="true"]', (cells) => cells.length), 0);

  // A cycle of relations in a 4×4 Futoshiki: r1c1 < r1c2 < r2c2 < r2c1 < r1c1.
  await page.selectOption('[data-action="kind"]', "futoshiki");
  await page.selectOption('[data-action="size"]', "4");
  await clickCentres(page, [
    '[data-edge="r1c1-r1c2"]', // <
    '[data-edge="r1c2-r2c2"]', // < (upper < lower)
    '[data-edge="r2c1-r2c2"]', '[data-edge="r2c1-r2c2"]', // > : r2c1 > r2c2
    '[data-edge="r1c1-r2c1"]', '[data-edge="r1c1-r2c1"]', // > : r1c1 > r2c1
  ]);
  await page.waitForSelector('#status[data-status="invalid"]');
  const cycle = await page.$$eval('[data-cell][aria-invalid="true"]', (cells) => cells.map((c) => c.dataset.cell));
  assert.deepEqual(cycle.sort(), ["r1c1", "r1c2", "r2c1", "r2c2"]);
  assert.match(await page.textContent("#status"), /cycle/);
  await close();
});

test("importing a POJ 3076 puzzle by paste", async () => {
  const { page, close } = await open();
  const text = example("poj3076").text;
  await importText(page, text);
  await page.waitForFunction(() => document.querySelectorAll("[data-cell]").length === 256);
  const expected = [...text.replace(/\s+/g, "")].map((ch) => (ch === "-" ? "" : String(ch.charCodeAt(0) - 64)));
  assert.deepEqual(await cellTexts(page), expected);
  assert.equal(await page.inputValue('[data-action="size"]'), "16");
  assert.equal(await page.getAttribute("#status", "data-status"), "");
  await page.screenshot({ path: path.join(shots, "board-poj3076.png") });

  // A broken text keeps the dialog open with the position of the error.
  await page.click('[data-action="import"]');
  await page.fill("#import-text", "<b>not a puzzle</b>");
  await page.click('[data-action="import-apply"]');
  assert.match(await page.textContent("#import-error"), /^Line 1, column \d+: /);
  assert.equal(await page.$$eval("#import-error b", (b) => b.length), 0, "error text is never HTML");
  assert.ok(await page.isVisible("#import-dialog"));
  await page.screenshot({ path: path.join(shots, "board-import-error.png") });
  await page.click('[data-action="import-cancel"]');

  // Ctrl+V on the board imports the clipboard text directly.
  await page.click('[data-cell="r1c1"]');
  await page.evaluate((line) => {
    const data = new DataTransfer();
    data.setData("text/plain", line);
    document.activeElement.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, example("hardest").text);
  await page.waitForFunction(() => document.querySelectorAll("[data-cell]").length === 81);
  assert.equal(await page.textContent('[data-cell="r1c1"]'), "8");
  await close();
});

test("export in each format", async () => {
  const { page, close } = await open();
  const exportAs = async (format) => {
    await page.selectOption("#export-format", format);
    return { text: await page.inputValue("#export-text"), error: await page.textContent("#export-error") };
  };
  await page.click('[data-action="export"]');
  // CQOI sample 1: relations, no givens.
  for (const format of ["line", "grid", "poj3074", "poj3076"]) {
    const { text, error } = await exportAs(format);
    assert.equal(text, "", format);
    assert.match(error, /no relations|9×9 sudoku|16×16/, format);
  }
  assert.equal((await exportAs("cqoi")).text.replace(/\s+/g, ""), example("cqoi-1").text.replace(/\s+/g, ""));
  const picture = (await exportAs("picture")).text;
  assert.equal(picture.trim().split("\n").length, 18);
  const json = JSON.parse((await exportAs("json")).text);
  assert.equal(json.relations.length, 108);
  assert.equal(json.kind, "inequality");
  assert.match((await exportAs("link")).text, /\?puzzle=.+&kind=inequality/);
  await page.screenshot({ path: path.join(shots, "board-export.png") });
  await page.click('[data-action="export-close"]');

  // The POJ 3074 sample: every sudoku format works, CQOI says why not.
  await page.selectOption('[data-action="example"]', "poj3074");
  await page.click('[data-action="export"]');
  const line = example("poj3074").text.trim();
  assert.equal((await exportAs("line")).text.trim(), line);
  assert.equal((await exportAs("poj3074")).text.trim().split("\n")[0].replace(/0/g, "."), line);
  assert.equal((await exportAs("grid")).text.trim().split("\n").length, 9);
  assert.match((await exportAs("poj3076")).error, /16×16|POJ 3076/);
  assert.match((await exportAs("cqoi")).error, /CQOI/);
  assert.equal(JSON.parse((await exportAs("json")).text).givens.replace(/0/g, "."), line);
  await page.click('[data-action="export-close"]');

  // The POJ 3076 sample written back in its own format is the judge's text.
  await page.selectOption('[data-action="example"]', "poj3076");
  await page.click('[data-action="export"]');
  assert.equal((await exportAs("poj3076")).text.trim(), example("poj3076").text.trim());
  await close();
});

test("a shared URL round-trips the puzzle", async () => {
  const { page, close } = await open("", { permissions: ["clipboard-read", "clipboard-write"] });
  // Edit: a given and one relation removed; the address bar follows every edit.
  await page.click('[data-cell="r5c5"]');
  await page.keyboard.press("3");
  await clickCentres(page, ['[data-edge="r1c1-r1c2"]']);
  // The address follows each edit in turn: wait for the last one (r1c1 | r1c2, no sign), not
  // just the first (a loaded machine may show the address between the two).
  await page.waitForFunction(() => {
    const text = new URLSearchParams(location.search).get("puzzle") ?? "";
    return text.startsWith(".|.") && text.includes("3");
  });
  const url = await page.evaluate(() => location.href);
  assert.match(url, /[?&]puzzle=/);
  assert.match(url, /[?&]kind=inequality/);
  await page.click('[data-action="share"]');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, url);
  const before = { cells: await cellTexts(page), rels: await relations(page) };
  await close();

  const again = await open(url.slice(env.base.length));
  assert.deepEqual(await cellTexts(again.page), before.cells);
  assert.deepEqual(await relations(again.page), before.rels);
  assert.equal(await again.page.textContent('[data-cell="r5c5"]'), "3");
  await again.close();

  // A hand-written link: any supported text, URL-encoded, with its kind.
  const fut = example("futoshiki-6");
  const linked = await open(`?puzzle=${encodeURIComponent(fut.text)}&kind=futoshiki`);
  assert.equal(await linked.page.inputValue('[data-action="kind"]'), "futoshiki");
  assert.equal(await linked.page.inputValue('[data-action="size"]'), "6");
  const rels = await relations(linked.page);
  assert.equal(Object.values(rels).filter(Boolean).length, 17);
  assert.equal(rels["r2c2-r2c3"], "<");
  assert.equal(rels["r1c1-r2c1"], "<"); // "^": upper < lower
  await linked.close();

  // A broken link says so and still opens a puzzle.
  const broken = await open(`?puzzle=${encodeURIComponent("12345")}&kind=classic`);
  assert.equal(await broken.page.getAttribute("#status", "data-status"), "error");
  await broken.close();
});

test("app.locked(true) stops editing until unlocked", async () => {
  const { page, close } = await open("?example=futoshiki-5");
  // The explain half sets the lock when it installs: wait for it, then lock.
  await page.waitForSelector('[data-action="explain"]', { state: "attached" });
  await page.evaluate(() => window.sudokuLab.locked(true));
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.press("3");
  await clickCentres(page, ['[data-edge="r1c1-r1c2"]']);
  assert.equal(await page.textContent('[data-cell="r1c1"]'), "");
  assert.equal(await page.getAttribute('[data-edge="r1c1-r1c2"]', "data-rel"), "");
  assert.ok(await page.isDisabled('[data-action="digit"][data-digit="1"]'));
  assert.ok(await page.isDisabled('[data-action="kind"]'));
  assert.ok(await page.isEnabled('[data-action="export"]'));
  await page.evaluate(() => window.sudokuLab.locked(false));
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.press("3");
  assert.equal(await page.textContent('[data-cell="r1c1"]'), "3");
  await close();
});

test("embed=1 shows only the board", async () => {
  const { page, close } = await open("?example=futoshiki-5&embed=1", { viewport: { width: 520, height: 640 } });
  assert.ok(await page.isVisible("#board"));
  for (const hidden of ["#editor", "#solve-controls", "#log", "#stats", ".legend"]) {
    assert.equal(await page.isVisible(hidden), false, hidden);
  }
  // The page heading stays for screen readers, out of sight (1×1 px, clipped).
  const header = await page.locator("header").boundingBox();
  assert.ok(header.width <= 1 && header.height <= 1, `header ${JSON.stringify(header)}`);
  assert.equal(await page.locator("h1").count(), 1);
  assert.equal(await page.locator("#status").count(), 1);
  assert.equal(await page.locator("#playback").count(), 1);
  // Read-only: a click on a relation changes nothing; a gap without one is not there to press.
  assert.equal(await page.getAttribute('[data-edge="r1c4-r1c5"]', "data-rel"), "<");
  await clickCentres(page, ['[data-edge="r1c4-r1c5"]']);
  assert.equal(await page.getAttribute('[data-edge="r1c4-r1c5"]', "data-rel"), "<");
  assert.equal(await page.isVisible('[data-edge="r1c1-r1c2"]'), false);
  // The board is sized once the explain module's stylesheet is in and the space under the
  // board measured.
  await page.waitForFunction(() => document.querySelector('link[href="explain.css"]')?.sheet);
  await page.waitForFunction(() => document.getElementById("board").getBoundingClientRect().width > 300);
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width > 300 && box.width <= 520, `board width ${box.width}`);
  await page.screenshot({ path: path.join(shots, "board-embed.png") });
  await close();
});

test("every size and kind draws, in light and dark, on a phone too", async () => {
  const { page, close } = await open("?example=hardest", { viewport: { width: 390, height: 844 } });
  await page.screenshot({ path: path.join(shots, "board-mobile.png") });
  for (const [kind, size] of [["classic", 4], ["classic", 6], ["inequality", 8], ["classic", 12], ["futoshiki", 3], ["futoshiki", 7], ["inequality", 25]]) {
    await page.selectOption('[data-action="kind"]', kind);
    await page.selectOption('[data-action="size"]', String(size));
    assert.equal(await page.locator("[data-cell]").count(), size * size, `${kind} ${size}`);
    assert.equal(await page.locator("[data-edge]").count(), 2 * size * (size - 1));
    assert.equal(await page.locator('[data-action="digit"]').count(), size);
  }
  await close();
  const dark = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
  const darkPage = await dark.newPage();
  await darkPage.goto(`${env.base}?example=futoshiki-6`);
  await darkPage.waitForSelector('[data-cell="r1c1"]');
  const background = await darkPage.$eval('[data-cell="r2c2"]', (c) => getComputedStyle(c).backgroundColor);
  assert.notEqual(background, "rgb(255, 255, 255)");
  await darkPage.screenshot({ path: path.join(shots, "board-dark.png") });
  await dark.close();
});
