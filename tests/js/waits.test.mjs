// Browser tests wait on conditions, never on a number of frames or milliseconds: CI machines
// are loaded, and a wait of two frames or 100 ms that sufficed here reads the page too early
// there. This check keeps sleeps and frame counts out of the browser tests (tests/e2e/ and
// tests/package/): every `waitForTimeout`, `setTimeout`, `setInterval`, timers/promises,
// `requestAnimationFrame` and call of a `frames(…)` helper is named by file and line. A line
// where one is not a wait (a frame-time measurement, a poll of a condition once a frame) says
// so and why in a comment on the same line: `// not a wait: <why>`.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { root } from "./wasm.mjs";

const DIRS = ["tests/e2e", "tests/package"];

const PATTERNS = [
  [/\bwaitForTimeout\s*\(/, "a sleep (waitForTimeout)"],
  [/\bsetTimeout\s*\(/, "a sleep (setTimeout)"],
  [/\bsetInterval\s*\(/, "a timer (setInterval)"],
  [/timers\/promises/, "a sleep (timers/promises)"],
  [/\brequestAnimationFrame\s*\(/, "a wait on animation frames (requestAnimationFrame)"],
  [/\bframes\s*\(/, "a wait on a number of frames (frames)"],
];

/** `// not a wait: <at least a few words why>` on the line itself. */
const EXCUSED = /\/\/\s*not a wait:\s*\S+(\s+\S+){2,}/;

/** A line without its `//` comment (prose may say "frames (…)"). */
const code = (line) => line.replace(/(^|\s)\/\/.*$/, "");

/** The waits on time or frames in `text`: "file:line: what — the line". */
export function sleepsIn(text, file) {
  const found = [];
  text.split("\n").forEach((line, i) => {
    if (EXCUSED.test(line)) return;
    for (const [pattern, what] of PATTERNS) {
      if (pattern.test(code(line))) found.push(`${file}:${i + 1}: ${what} — ${line.trim()}`);
    }
  });
  return found;
}

test("the check finds each kind of sleep and frame count, and passes an excused line", () => {
  const text = [
    "await page.waitForTimeout(100);",
    "await new Promise((r) => setTimeout(r, 50));",
    "const timer = setInterval(poll, 20);",
    'import { setTimeout as sleep } from "node:timers/promises";',
    "await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));",
    "await frames(page);",
    "// Chromium draws no frames (and so measures nothing) out of view.",
    "await page.waitForFunction(() => window.done, null, { timeout: 5000 });",
    "requestAnimationFrame(loop); // not a wait: frame times are what is measured",
    "setTimeout(r); // not a wait",
  ].join("\n");
  const found = sleepsIn(text, "x.mjs");
  assert.deepEqual(found.map((f) => f.split(":").slice(0, 2).join(":")),
    ["x.mjs:1", "x.mjs:2", "x.mjs:3", "x.mjs:4", "x.mjs:5", "x.mjs:6", "x.mjs:10"], found.join("\n"));
});

test("no browser test waits on a number of frames or milliseconds", () => {
  const found = [];
  let files = 0;
  for (const dir of DIRS) {
    for (const name of fs.readdirSync(path.join(root, dir)).filter((n) => n.endsWith(".mjs")).sort()) {
      files++;
      const file = path.join(dir, name);
      found.push(...sleepsIn(fs.readFileSync(path.join(root, file), "utf8"), file));
    }
  }
  assert.ok(files >= 10, `the browser tests were found (${files} files)`);
  assert.deepEqual(found, [], `wait on a condition instead (page.waitForFunction, a locator's wait):\n${found.join("\n")}`);
});
