// The READMEs' code examples run as written (issue 31: every example of the docs runs in a
// test): the JavaScript of README.md and of the package's README in Node against the
// installed package, checked against what their comments say they give; the package README's
// two pages (the module without a bundler, and the board with a Next step button) and the
// top-level README's board in headless Chromium. The README's Rust example is a doctest
// (src/lib.rs); the book's examples are run by tests/docs_examples.rs, tests/js/docs.test.mjs
// and board-page.test.mjs. See host.mjs for the installed package and the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { serveDirectory } from "../serve.mjs";
import { env, root } from "./host.mjs";

const README = fs.readFileSync(path.join(root, "README.md"), "utf8");
const PACKAGE_README = fs.readFileSync(path.join(root, "package/README.md"), "utf8");

/** Every fenced block of `lang` in `text`, in order. */
function blocks(text, lang) {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
}

/**
 * What an example's comments say it gives, as `[expression, value]` pairs: `r.status; //
 * "unique"` says `r.status` is "unique"; `const r = solve(…);` followed by `// { status:
 * "unique", solution: "534678912…", … }` says `r.status` and `r.solution` are. A value that
 * ends in "…" is a prefix.
 */
function claims(code) {
  const out = [];
  let last = null;
  for (const line of code.split("\n")) {
    const declared = /^const (\w+) =/.exec(line);
    if (declared) last = declared[1];
    const single = /^([\w.]+);\s*\/\/\s*("[^"]*")$/.exec(line.trim());
    if (single) {
      out.push([single[1], JSON.parse(single[2])]);
      continue;
    }
    const object = /^\/\/\s*\{(.*)\}$/.exec(line.trim());
    if (object && last) {
      for (const [, key, value] of object[1].matchAll(/(\w+): ("[^"]*")/g)) out.push([`${last}.${key}`, JSON.parse(value)]);
    }
  }
  return out;
}

/** Runs `code` as a module in the author's directory (the package installed there); its claims checked. */
function runClaims(name, code) {
  const said = claims(code);
  assert.ok(said.length > 0, `${name}: the example says what it gives`);
  const file = path.join(env.dir, name);
  fs.writeFileSync(file, `${code}\nconsole.log(JSON.stringify([${said.map(([e]) => e).join(", ")}]));\n`);
  const printed = JSON.parse(execFileSync(process.execPath, [file], { cwd: env.dir, encoding: "utf8" }));
  said.forEach(([expression, value], i) => {
    const prefix = value.endsWith("…") ? value.slice(0, -1) : null;
    if (prefix) assert.ok(printed[i].startsWith(prefix), `${name}: ${expression} is ${printed[i]}, not ${value}`);
    else assert.equal(printed[i], value, `${name}: ${expression}`);
  });
}

test("the JavaScript of README.md and of the package README runs in Node and gives what its comments say", () => {
  const [readme] = blocks(README, "js");
  const [pkg] = blocks(PACKAGE_README, "js");
  assert.ok(readme && pkg, "each README has a JavaScript example");
  runClaims("readme-example.mjs", readme);
  runClaims("package-readme-example.mjs", pkg);
});

/**
 * Opens `html` as the body of a page `name` in `dir`, served from `dir`: `{page, lines, errors,
 * until(holds), close()}`, where `lines` are the console lines and `until` resolves once
 * `holds(lines)` does (the test's timeout ends a wait that never does).
 */
async function openPage(dir, name, html) {
  fs.writeFileSync(path.join(dir, name), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>example</title><link rel="icon" href="data:,"></head><body><main>\n${html}\n</main></body></html>`);
  const server = await serveDirectory(dir);
  const page = await env.browser.newPage();
  const lines = [];
  const errors = [];
  const waiting = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    lines.push(m.text());
    for (const w of waiting.splice(0)) {
      if (w.holds(lines)) w.resolve();
      else waiting.push(w);
    }
  });
  const until = (holds) => new Promise((resolve) => {
    if (holds(lines)) resolve();
    else waiting.push({ holds, resolve });
  });
  await page.goto(`${server.base}${name}`);
  return { page, lines, errors, until, close: async () => { await page.close(); server.stop(); } };
}

test("the package README's page without a bundler loads the module and prints the puzzle's status", { timeout: 60000 }, async () => {
  const [module] = blocks(PACKAGE_README, "html");
  assert.match(module, /await init\(\)/);
  const opened = await openPage(env.dir, "package-readme-module.html", module);
  try {
    await opened.until((l) => l.length > 0);
    assert.deepEqual(opened.lines, ["unique"]);
    assert.deepEqual(opened.errors, []);
  } finally {
    await opened.close();
  }
});

/** The step sentences among console lines (as the embedding chapter's test tells them). */
const sentences = (lines) => lines.filter((t) => /^In |^r\dc\d|, so /.test(t));

test("the package README's board: each Next step prints its sentence", { timeout: 60000 }, async () => {
  const board = blocks(PACKAGE_README, "html")[1];
  assert.match(board, /<sudoku-lab-board /);
  const opened = await openPage(env.dir, "package-readme-board.html", board);
  try {
    await opened.page.locator("sudoku-lab-board").evaluate((b) => b.ready);
    for (let k = 1; k <= 2; k++) {
      await opened.page.getByRole("button", { name: "Next step" }).click();
      await opened.until((l) => sentences(l).length >= k);
    }
    assert.equal(sentences(opened.lines).length, 2, opened.lines.join(" | "));
    assert.deepEqual(opened.errors, []);
  } finally {
    await opened.close();
  }
});

test("the top-level README's board, on a site that serves www/ at /sudoku-lab/, opens where its start says", { timeout: 60000 }, async () => {
  const [html] = blocks(README, "html");
  assert.match(html, /src="\/sudoku-lab\/js\/embed\.js"/);
  const start = /start="([^"]*)"/.exec(html)[1];
  // A site with the repository's www/ (built: make build) at /sudoku-lab/, as the embedding
  // chapter the README links to says to copy it; a listener, before the snippet, reports the
  // board's positions (they come after the element's module has run, by then the page's).
  const site = fs.mkdtempSync(path.join(env.dir, "readme-site-"));
  fs.symlinkSync(path.join(root, "www"), path.join(site, "sudoku-lab"));
  const listen = `<script>addEventListener("DOMContentLoaded", () => document.querySelector("sudoku-lab-board")
  .addEventListener("step", (e) => console.log("step " + JSON.stringify(e.detail.position))));</script>`;
  const opened = await openPage(site, "index.html", `${listen}\n${html}`);
  try {
    await opened.page.locator("sudoku-lab-board").evaluate((b) => b.ready);
    await opened.until((l) => l.some((t) => t.startsWith("step ")));
    const openedAt = JSON.parse(opened.lines.find((t) => t.startsWith("step ")).slice(5));
    // Where the board opened is where seeking its start goes, past the trace's beginning.
    const sought = await opened.page.locator("sudoku-lab-board").evaluate((b, target) => b.seek(target), start);
    assert.ok(openedAt > 0, `opened at ${openedAt}`);
    assert.equal(openedAt, sought.position, JSON.stringify(sought.event));
    assert.deepEqual(opened.errors, []);
  } finally {
    await opened.close();
  }
});
