// The code examples of the docs run as written: the JavaScript of docs/src/npm.md ("WebAssembly
// module") against the module built for the page (www/pkg), printing what the chapter says it
// prints. Only its first `await init()` changes: Node hands the module its bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { root } from "./wasm.mjs";

/** The first fenced block of `lang` after `marker` in `text`. */
function block(text, marker, lang) {
  const from = text.indexOf(marker);
  assert.ok(from >= 0, `no "${marker}"`);
  const open = text.indexOf(`\`\`\`${lang}\n`, from);
  assert.ok(open >= 0, `no ${lang} block after "${marker}"`);
  const start = open + lang.length + 4;
  return text.slice(start, text.indexOf("```\n", start));
}

test("the npm chapter's example runs against the module and prints what the chapter shows", { timeout: 60000 }, () => {
  const chapter = fs.readFileSync(path.join(root, "docs/src/npm.md"), "utf8");
  const code = block(chapter, "## WebAssembly module", "js");
  const expected = block(chapter, "It prints", "text");
  const init = /^await init\(\);.*$/m;
  assert.match(code, init, "the example initialises the module");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-docs-js-"));
  try {
    fs.symlinkSync(path.join(root, "www/pkg"), path.join(dir, "pkg"));
    const wasm = JSON.stringify(path.join(root, "www/pkg/sudoku_lab_bg.wasm"));
    const node = code.replace(init, `await init({ module_or_path: (await import("node:fs")).readFileSync(${wasm}) });`);
    fs.writeFileSync(path.join(dir, "example.mjs"), node);
    const printed = execFileSync(process.execPath, ["example.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(printed, expected);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
