// The npm package is ready to publish: `npm publish --dry-run` on `make package`'s tarball
// (nothing is sent: a dry run, and npm's own empty cache) accepts it, and what it would
// publish is what a user needs — the module, its declarations, the Node entry point, the
// board element with its page, the README and the licence — and nothing of the repository
// besides. TARBALL names the tarball.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const tarball = process.env.TARBALL;

test("npm publish --dry-run accepts the package, with the files a user needs", { timeout: 120000 }, () => {
  assert.ok(tarball && fs.existsSync(tarball), `the tarball (TARBALL=${tarball}) is built: make package`);
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-publish-"));
  // --dry-run sends nothing; npm warns that no one is logged in, on stderr, and goes on.
  const out = execFileSync("npm", ["publish", "--dry-run", "--json", "--cache", cache, tarball], {
    cwd: cache,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const report = JSON.parse(out)["sudoku-lab"] ?? JSON.parse(out);
  assert.equal(report.name, "sudoku-lab");
  const files = report.files.map((f) => f.path);
  // Every file the package's exports name, and what a user reads.
  const manifest = JSON.parse(execFileSync("tar", ["-xOzf", tarball, "package/package.json"], { encoding: "utf8" }));
  const exported = [];
  const walk = (v) => (typeof v === "string" ? exported.push(v.replace(/^\.\//, "")) : Object.values(v).forEach(walk));
  walk(manifest.exports);
  assert.ok(exported.includes("www/js/embed.js"), `the board element is exported (${exported})`);
  for (const needed of ["README.md", "LICENSE", "www/index.html", ...exported]) {
    assert.ok(files.includes(needed), `${needed} is published (${files.join(", ")})`);
  }
  for (const file of files) {
    assert.ok(!/^(src|tests|benches|fuzz|target|node_modules|docs)\//.test(file), `${file} is not the repository's`);
  }
  assert.ok(report.size < 2_000_000, `a package of ${report.size} bytes`);
  fs.rmSync(cache, { recursive: true, force: true });
});
