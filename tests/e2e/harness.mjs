// What every browser test needs: a static server for www/ on a free port, headless Chromium
// from Debian (playwright-core downloads no browser), and readers for the page's test hooks.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serveDirectory } from "../serve.mjs";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SHOTS = path.join(ROOT, "target/screenshots");
export const DATA = process.env.DATA ?? path.join(ROOT, "../shared/data");
const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** The page's base URL and the browser, set by `before` of the importing test file. */
export const env = { base: "", browser: null };

let server;

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await serveDirectory(path.join(ROOT, "www"));
  env.base = server.base;
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ARGS,
  });
});

after(async () => {
  await env.browser?.close();
  server?.stop();
});

/** Every cell's text, in reading order. */
export const cellTexts = (page) =>
  page.$$eval("[data-cell]", (cells) => cells.map((c) => c.textContent));

/** Every gap's relation as {edge: rel}. */
export const relationMap = (page) =>
  page.$$eval("[data-edge]", (edges) => Object.fromEntries(edges.map((e) => [e.dataset.edge, e.dataset.rel])));

/** Clicks the centre of elements fast (one layout read, then real mouse clicks). */
export async function clickCentres(page, selectors) {
  const boxes = await page.evaluate((list) => list.map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }), selectors);
  for (const [x, y] of boxes) await page.mouse.click(x, y);
}

/**
 * An independent check of an answer read off the page: every row, column and block holds
 * 1..size once, the givens are kept, every relation {edge: "<"|">"} holds.
 */
export function verifyAnswer(values, { size, block, givens = [], relations = {} }) {
  const houses = [];
  for (let i = 0; i < size; i++) {
    houses.push([...Array(size)].map((_, j) => i * size + j));
    houses.push([...Array(size)].map((_, j) => j * size + i));
  }
  if (block) {
    const [br, bc] = block;
    for (let r0 = 0; r0 < size; r0 += br) {
      for (let c0 = 0; c0 < size; c0 += bc) {
        houses.push([...Array(size)].map((_, j) => (r0 + Math.floor(j / bc)) * size + c0 + (j % bc)));
      }
    }
  }
  const all = [...Array(size)].map((_, i) => i + 1);
  for (const h of houses) {
    assert.deepEqual(h.map((c) => values[c]).sort((a, b) => a - b), all, `house ${h}`);
  }
  givens.forEach((g, i) => { if (g) assert.equal(values[i], g, `given at ${i}`); });
  const index = (name) => {
    const m = /^r(\d+)c(\d+)$/.exec(name);
    return (Number(m[1]) - 1) * size + Number(m[2]) - 1;
  };
  for (const [edge, rel] of Object.entries(relations)) {
    if (!rel) continue;
    const [a, b] = edge.split("-").map(index);
    assert.ok(rel === "<" ? values[a] < values[b] : values[a] > values[b], `${edge} ${rel}`);
  }
}

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

/**
 * The axe-core violations of the page as it is now (WCAG 2.0–2.2 A and AA rules and best
 * practices), as "rule: target, target…" lines: [] when clean.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}${v.nodes.length > 5 ? ` (+${v.nodes.length - 5})` : ""}`);
  });
  return violations;
}
