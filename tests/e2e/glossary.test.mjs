// The technique glossary www/lessons/techniques.html in headless Chromium, and the links that
// lead to it: every technique of www/js/glossary.js has a section with its rating; an address
// naming an entry opens that entry's live board on a step of its technique; "Show the example"
// opens a board on demand; Play's first hint of an XY-wing marks the cells with two candidates
// and links to the entry; Explain's current step links to its technique's entry. Nothing is
// fetched from another origin, nothing overflows, and axe finds nothing, on a desktop and a
// phone. Screenshots go to target/screenshots/glossary-*.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import {
  ISOLATIONS, ROOT, SHOTS, XY_WING, env, axeViolations, closeChecked, explainedUnique, forceIsolation, openPage, pageErrors,
} from "./harness.mjs";
import { GLOSSARY } from "../../www/js/glossary.js";
import { techniqueTitle } from "../../www/js/grades.js";

const GLOSSARY_PAGE = "lessons/techniques.html";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The XY-wing puzzle of the Play and Explain tests, after the hints before its XY-wing were
 * followed (singles placed, and the thirteen candidates that pointing, claiming and a hidden
 * pair removed, struck from the filled-in candidates): the next hint is the XY-wing.
 */
const BEFORE_WING = ".35..2.181....792.2....83.6.....3.9.461789532....54.8..9.87.24.8.......9...92.8..";
const STRUCK = [
  ["r8c4", 5], ["r8c7", 6], ["r8c3", 3], ["r8c7", 3], ["r8c2", 4], ["r8c3", 4], ["r8c4", 1],
  ["r8c5", 1], ["r8c4", 6], ["r8c5", 6], ["r6c1", 7], ["r6c3", 2], ["r6c3", 7],
];

/** The glossary page, its boards of `isolation`, with every board's `step` events recorded in `window.glossarySteps[name]`. */
async function openGlossary({ viewport = DESKTOP, colorScheme = "light", hash = "", isolation = "shadow" } = {}) {
  const page = await env.browser.newPage({ viewport, colorScheme });
  page.errors = pageErrors(page);
  page.foreign = watchForeign(page);
  await forceIsolation(page, isolation);
  await page.addInitScript(recordSteps);
  await page.goto(env.base + GLOSSARY_PAGE + hash);
  await page.waitForSelector("section.technique");
  return page;
}

/** Requests to another origin than the page's own (none are allowed). */
function watchForeign(page) {
  const foreign = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(env.base) && !/^(data|blob):/.test(r.url())) foreign.push(r.url());
  });
  return foreign;
}

/** An init script: every board's `step` events, by the id of the section it is in. */
function recordSteps() {
  window.glossarySteps = {};
  window.addEventListener("step", (e) => {
    const name = e.target?.closest?.("section.technique")?.id;
    if (name) (window.glossarySteps[name] ??= []).push(e.detail);
  }, true);
}

async function close(page) {
  assert.deepEqual(page.errors, [], "no errors in the page");
  assert.deepEqual(page.foreign, [], "nothing fetched from another origin");
  await page.close();
}

/** The last position the board of entry `name` reported, once it names an event. */
async function boardAt(page, name) {
  await page.waitForFunction((name) => (window.glossarySteps[name] ?? []).some((s) => s.event),
    name, { timeout: 30000 });
  return page.evaluate((name) => window.glossarySteps[name].at(-1), name);
}

/** The position is on a step of `name`: its sentence begins with the technique's title. */
function assertOnTechnique(at, name) {
  const title = techniqueTitle(name);
  const first = title.charAt(0).toUpperCase() + title.slice(1);
  assert.ok(at.sentence.startsWith(first) || at.sentence.includes(`${first}:`),
    `${name}: the board's sentence is a step of ${title}: ${at.sentence}`);
}

test("every technique has a section with its rating, in the contents, in the library's order", async () => {
  const page = await openGlossary();
  const drawn = await page.$$eval("section.technique", (sections) => sections.map((s) => ({
    id: s.id,
    title: s.querySelector("h3")?.textContent ?? "",
    paragraphs: s.querySelectorAll("p").length,
    toggle: s.querySelector("button[data-example]")?.textContent ?? null,
  })));
  assert.deepEqual(drawn.map((s) => s.id).sort(), GLOSSARY.map(([name]) => name).sort(), "one section per entry");
  for (const [name, entry] of GLOSSARY) {
    const section = drawn.find((s) => s.id === name);
    const rating = (entry.rating / 10).toFixed(1);
    assert.match(section.title, new RegExp(`${rating} · (easy|medium|hard|expert|extreme)$`), `${name}: ${section.title}`);
    assert.ok(section.title.toLowerCase().startsWith(techniqueTitle(name).toLowerCase()), `${name}: titled ${section.title}`);
    assert.ok(section.paragraphs >= 3, `${name}: what, why and where to look`);
    assert.equal(section.toggle, "Show the example", `${name}: its example opens on demand`);
  }
  // The contents link to every entry.
  const links = await page.$$eval("[data-contents] a", (as) => as.map((a) => a.getAttribute("href")));
  for (const [name] of GLOSSARY) assert.ok(links.includes(`#${name}`), `the contents link to ${name}`);
  // No board until one is asked for.
  assert.equal(await page.locator("sudoku-lab-board").count(), 0, "no board is loaded before it is asked for");
  const script = fs.readFileSync(path.join(ROOT, "www/lessons/techniques.js"), "utf8");
  assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, "techniques.js sets text only");
  await close(page);
});

for (const isolation of ISOLATIONS) {
  test(`an address naming an entry opens its board on a step of that technique (${isolation})`, async () => {
    const page = await openGlossary({ hash: "#xy_wing", isolation });
    const at = await boardAt(page, "xy_wing");
    assertOnTechnique(at, "xy_wing");
    assert.equal(at.event.rule, "technique", "the step is a technique of the logic engine");
    assert.match(at.sentence, /pivot r\d+c\d+.*sees r\d+c\d+.*and r\d+c\d+/, "the sentence names the pivot and pincers");
    assert.equal(await page.getAttribute("#xy_wing button[data-example]", "aria-expanded"), "true");
    // The entry is in view: its heading is on screen.
    const top = await page.locator("#xy_wing-title").evaluate((h) => h.getBoundingClientRect().top);
    assert.ok(top >= 0 && top < DESKTOP.height / 2, `the entry is scrolled to (heading at ${top})`);
    await page.screenshot({ path: path.join(SHOTS, `glossary-xy-wing-1280-${isolation}.png`) });

    // "Show the example" of another entry opens its board on that technique; "Hide" removes it.
    await page.locator("#hidden_pair button[data-example]").scrollIntoViewIfNeeded();
    await page.click("#hidden_pair button[data-example]");
    assertOnTechnique(await boardAt(page, "hidden_pair"), "hidden_pair");
    await page.click("#hidden_pair button[data-example]");
    assert.equal(await page.locator("#hidden_pair sudoku-lab-board").count(), 0, "Hide the example removes its board");
    assert.equal(await page.textContent("#hidden_pair button[data-example]"), "Show the example");
    await close(page);
  });
}

test("an address that names no entry, or is malformed, opens nothing and breaks nothing", async () => {
  for (const hash of ["#no_such_technique", "#%E0%A4%A", "#<img src=x onerror=alert(1)>", "#__proto__", "#constructor"]) {
    const page = await openGlossary({ hash });
    assert.equal(await page.locator("sudoku-lab-board").count(), 0, `${hash}: no board opens`);
    assert.equal(await page.locator("img").count(), 0, `${hash}: nothing is inserted`);
    assert.equal(await page.locator("section.technique").count(), GLOSSARY.length, `${hash}: the page is drawn`);
    await close(page);
  }
});

for (const [name, viewport, colorScheme, isolation] of [["desktop", DESKTOP, "light", "shadow"], ["phone", PHONE, "dark", "shadow"], ["desktop", DESKTOP, "light", "frame"]]) {
  test(`axe: the glossary is clean with an example open (${name}, ${colorScheme}, ${isolation})`, async () => {
    const page = await openGlossary({ viewport, colorScheme, hash: "#x_wing", isolation });
    await boardAt(page, "x_wing");
    assert.deepEqual(await axeViolations(page), []);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scroll (${overflow} px too wide)`);
    await page.screenshot({ path: path.join(SHOTS, `glossary-${name}-${colorScheme}-${isolation}.png`) });
    await close(page);
  });
}

test("Play's first hint of an XY-wing marks the cells with two candidates and links to the glossary", async () => {
  const page = await openPage(`?puzzle=${BEFORE_WING}`);
  page.foreign = watchForeign(page);
  await page.click("[data-action=play-start]");
  await page.waitForSelector("#play-controls:not([hidden])");
  await page.click("[data-action=play-candidates]");
  // Strike the candidates the earlier steps removed, as a player does in pencil mode.
  await page.click("[data-action=play-pencil]");
  for (const [cell, digit] of STRUCK) {
    await page.click(`[data-cell=${cell}]`);
    await page.keyboard.press(String(digit));
  }
  const marks = await page.evaluate(() => window.sudokuLab.play.player().marks);
  const pairs = marks.flatMap((m, c) => {
    let bits = 0;
    for (let x = m; x; x &= x - 1) bits++;
    return bits === 2 ? [`r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`] : [];
  }).sort();
  assert.ok(pairs.length >= 3, `cells with two candidates on the player's grid (${pairs.length})`);

  await page.click("[data-action=play-hint]");
  await page.waitForFunction(() => /Hint 1 of 3/.test(document.getElementById("play-message").textContent));
  const message = await page.textContent("#play-message");
  assert.match(message, new RegExp(`XY-wing: look among the ${pairs.length} cells with two candidates \\(marked\\)`), message);
  const marked = await page.$$eval("[data-cell].focus-cell", (cells) => cells.map((c) => c.dataset.cell).sort());
  assert.deepEqual(marked, pairs, "level 1 marks every cell with two candidates, and no other");
  assert.deepEqual(await page.$$eval("[data-cell].in-house", (c) => c.length), 0, "an XY-wing has no house to show");

  // The hint links to the entry; the link opens it in a new tab, on the XY-wing.
  const link = page.locator("#play .glossary-link:not([hidden])").first();
  assert.equal(await link.textContent(), "What is an XY-wing?");
  assert.match(await link.getAttribute("href"), /lessons\/techniques\.html#xy_wing$/);
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "glossary-play-hint-1280.png") });
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  tab.errors = pageErrors(tab);
  tab.foreign = watchForeign(tab);
  await tab.addInitScript(recordSteps);
  // The init script applies from the next navigation: load the entry's address again.
  await tab.waitForLoadState();
  await tab.reload();
  assertOnTechnique(await boardAt(tab, "xy_wing"), "xy_wing");
  await close(tab);
  await close(page);
});

test("Explain's current step links to its technique's glossary entry", async () => {
  const page = await explainedUnique(`?puzzle=${XY_WING}&engine=logic`);
  await page.evaluate(() => window.sudokuLabExplain.seek("technique:xy_wing"));
  assert.match(await page.textContent(".ex-current"), /XY-wing: The pivot r3c8/);
  const link = page.locator(".ex-current-row .glossary-link");
  assert.ok(await link.isVisible(), "the link shows under the sentence");
  assert.equal(await link.textContent(), "What is an XY-wing?");
  assert.match(await link.getAttribute("href"), /lessons\/techniques\.html#xy_wing$/);
  // A step without a named technique (the start) has no link.
  await page.evaluate(() => window.sudokuLabExplain.seek("start"));
  assert.ok(await link.isHidden(), "no link where no technique is named");
  await closeChecked(page, { axe: true });
});
