// The command line and the WebAssembly module answer the same request the same way: for
// every engine, node limit and solution limit, `sudoku-lab count` and `solve()` give the same
// status (a limit as a limit) and the same count, on puzzles of every kind and several sizes.
// Both take the same path (a fast path for `propagate` where one applies), so they must agree
// exactly, at a limit too; and where no limit stopped them, their count is the exact one. The
// `Search` export (solve in steps, which the page uses to show progress) gives the very
// result `solve()` does: status, statistics and solutions; `solveAll` (many puzzles in one
// call) gives each puzzle `solve()`'s status and count.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = path.join(root, "www/pkg");
const bin = path.join(root, "target/release/sudoku-lab");
const wasm = await import(path.join(pkg, "sudoku_lab.js"));
await wasm.default({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

const data = (file) => fs.readFileSync(path.join(root, "../shared/data", file), "utf8");
const firstLines = (file, n) => data(file).split("\n").filter((l) => l.trim() && !l.startsWith("end")).slice(0, n);

/** Puzzles of every kind as JSON models: the first 9×9 and 16×16 ones of the corpora, CQOI
 * ones with several solutions, empty grids of other sizes, Futoshikis. */
function models() {
  const texts = [
    ...firstLines("poj3074/norvig_top95.in", 3),
    ...firstLines("sixteen/public_120_AP.txt", 2).map((t) => ({ text: t, alphabet: "letters" })),
    data("cqoi2013/sample1.in"),
    data("cqoi2013/derived/multi/royle17sol_0006_MULTI.in"),
    data("cqoi2013/derived/multi/royle17sol_0013_MULTI.in"),
    ".".repeat(81),
    ".".repeat(36),
    ".".repeat(144),
    "5 futoshiki\n.|.|.|.<.\n- - ^ - -\n.|.|.|.>.\n^ - - - -\n.<.>.|.<.\n- - v - -\n.|.|.|.|.\n- - - v v\n.<.|.<.|.\n",
    "4 futoshiki\n.<.|.|.\n- - - -\n.|.|.|.\n- - - -\n.|.|.>.\n- - - -\n.|.|.|.\n",
  ];
  return texts.map((t) => (typeof t === "string" ? wasm.parse(t) : wasm.parse(t.text, undefined, { alphabet: t.alphabet })));
}

/** `count`'s line as the wasm status and count: `12 (node limit reached)` is a limit. */
function fromCli(line) {
  const m = /^(\d+)( \((node|solution) limit reached\))?$/.exec(line);
  assert.ok(m, `count printed ${JSON.stringify(line)}`);
  return { limit: m[3] === "node", count: Number(m[1]) };
}

const exact = new Map();
/** The answer no node limit cuts short (`propagate`, the default limit). */
function exactly(model, solutionLimit) {
  const key = `${JSON.stringify(model)} ${solutionLimit}`;
  if (!exact.has(key)) {
    const r = wasm.solve(model, null, { solutionLimit });
    assert.notEqual(r.status, "limit");
    exact.set(key, r);
  }
  return exact.get(key);
}

test("count, solve() and solveAll() agree on every status and count, at every limit", () => {
  assert.ok(fs.existsSync(bin), `${bin} is built (make native)`);
  const all = models();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sudoku-lab-agree-"));
  let compared = 0;
  const limited = { cli: 0, wasm: 0 };
  try {
    for (const engine of ["propagate", "dlx", "naive"]) {
      const puzzles = all.filter((m) => engine !== "dlx" || m.kind === "classic");
      const file = path.join(dir, `${engine}.json`);
      fs.writeFileSync(file, puzzles.map((m) => JSON.stringify(m)).join("\n") + "\n");
      for (const nodeLimit of [1, 7, 100, 2000]) {
        for (const solutionLimit of [1, 2, 7, 1000]) {
          let out;
          try {
            out = execFileSync(bin, [
              "count", "--format", "json", "--engine", engine, "--threads", "1",
              "--limit", String(solutionLimit), "--node-limit", String(nodeLimit), file,
            ], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
          } catch (e) {
            assert.equal(e.status, 1, `count exits 1 when a limit stopped it: ${e.stderr}`);
            out = e.stdout;
          }
          const lines = out.trimEnd().split("\n");
          assert.equal(lines.length, puzzles.length);
          const all = wasm.solveAll(puzzles, null, { engine, solutionLimit, nodeLimit });
          assert.equal(all.count, puzzles.length);
          puzzles.forEach((model, i) => {
            const cli = fromCli(lines[i]);
            const r = wasm.solve(model, null, { engine, solutionLimit, nodeLimit });
            const what = `${engine}, puzzle ${i + 1} (${model.size}×${model.size} ${model.kind}), ${solutionLimit} solutions, ${nodeLimit} nodes`;
            assert.equal(r.status === "limit", cli.limit, `${what}: ${r.status} / ${lines[i]}`);
            assert.equal(r.stats.solutions, cli.count, `${what}: count`);
            assert.equal(all.statuses[i], r.status, `${what}: solveAll's status`);
            assert.equal(all.solutionCounts[i], cli.count, `${what}: solveAll's count`);
            // And both are honest: without a limit, the count is the exact one.
            if (r.status !== "limit") {
              const exact = exactly(model, solutionLimit);
              assert.deepEqual([r.status, r.stats.solutions], [exact.status, exact.stats.solutions], what);
            }
            // Search (solve in steps, for progress) answers exactly what solve() does,
            // stepped in budgets that do not divide the node limit.
            const search = new wasm.Search(model, null, { engine, solutionLimit, nodeLimit });
            let steps = 0;
            while (!search.advance(3).done) steps += 1;
            const stepped = search.result;
            search.free();
            assert.deepEqual(
              [stepped.status, stepped.stats, stepped.solutions],
              [r.status, r.stats, r.solutions], `${what}: Search after ${steps} steps`);
            if (cli.limit) limited.cli += 1;
            if (r.status === "limit") limited.wasm += 1;
            compared += 1;
          });
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(compared > 300, `${compared} comparisons`);
  assert.ok(limited.cli > 50 && limited.cli < compared - 50, `limits on both sides: ${JSON.stringify(limited)}`);
});

test("generate() in wasm gives the puzzles `sudoku-lab generate` gives for the same options and seed", () => {
  const requests = [
    { cli: ["--seed", "5", "--count", "3"], js: { seed: 5, count: 3 } },
    { cli: ["--seed", "9", "--difficulty", "hard", "--symmetry", "rotational"], js: { seed: 9, difficulty: "hard", symmetry: "rotational" } },
    { cli: ["--kind", "inequality", "--no-givens", "--seed", "3", "--count", "2"], js: { kind: "inequality", noGivens: true, seed: 3, count: 2 } },
    { cli: ["--kind", "futoshiki", "--size", "6", "--relations", "20", "--seed", "4"], js: { kind: "futoshiki", size: 6, relations: 20, seed: 4 } },
    { cli: ["--size", "16", "--seed", "2"], js: { size: 16, seed: 2 } },
  ];
  for (const { cli, js } of requests) {
    const lines = execFileSync(bin, ["generate", "--output", "json", ...cli], { encoding: "utf8" }).trim().split("\n");
    const ours = wasm.generate(js);
    assert.equal(ours.length, lines.length, cli.join(" "));
    ours.forEach((g, i) => {
      const native = wasm.format(JSON.parse(lines[i]), "picture");
      assert.equal(wasm.format(g.puzzle, "picture"), native, `${cli.join(" ")}: puzzle ${i + 1}`);
      assert.equal(g.index, i);
      assert.equal(wasm.solve(g.puzzle).status, "unique");
      assert.equal(wasm.solve(g.puzzle).solution, g.solution);
      if (js.difficulty) assert.equal(g.grade.level, js.difficulty);
    });
    // In slices, the Generator finds the very same puzzles, reporting its progress.
    const generator = new wasm.Generator(js);
    const sliced = [];
    let steps = 0;
    for (;;) {
      const step = generator.advance(5);
      steps++;
      assert.ok(step.attempt >= 1 && step.found <= step.count);
      if (step.puzzle) sliced.push(step.puzzle);
      if (step.done) break;
    }
    generator.free();
    assert.deepEqual(sliced, ours, cli.join(" "));
    assert.ok(steps > ours.length, `${steps} slices`);
  }
  assert.throws(() => wasm.generate({ size: 10 }), /size 10 is not supported/);
  assert.throws(() => wasm.generate({ size: 4, difficulty: "extreme", attempts: 10 }), /no 4×4 classic puzzle at level extreme was found in 10 attempts/);
  assert.throws(() => new wasm.Generator({ shape: "x" }), /'shape' is not an option of generate\(\)/);
});

test("a trace's steps are the same from the Solver export, in any batch size, and from `trace`", async () => {
  assert.ok(fs.existsSync(bin), `${bin} is built (make native)`);
  const { Trace } = await import(path.join(root, "www/js/trace.js"));
  const cases = [
    ["cqoi", data("cqoi2013/sample1.in"), ["propagate", "logic", "naive"]],
    ["poj3074", firstLines("poj3074/norvig_top95.in", 1).join("\n") + "\n", ["propagate", "dlx", "logic"]],
    ["poj3076", data("poj3076/sample.in"), ["propagate"]],
  ];
  for (const [format, text, engines] of cases) {
    for (const engine of engines) {
      const what = `${format}, ${engine}`;
      let out;
      try {
        out = execFileSync(bin, ["trace", "--format", format, "--engine", engine, "--node-limit", "20000"],
          { input: text, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "pipe"] });
      } catch (e) {
        assert.equal(e.status, 1, `${what}: trace exits 1 when the node limit stops it: ${e.stderr}`);
        out = e.stdout;
      }
      const lines = out.trimEnd().split("\n");
      const summary = JSON.parse(lines.pop()).summary;
      for (const budget of [1, 1e6]) {
        const solver = new wasm.Solver(text, "auto", { engine, level: "full", nodeLimit: 20000 });
        const trace = new Trace();
        try {
          for (;;) {
            const batch = solver.advance(budget);
            assert.ok(batch.steps instanceof Uint32Array && batch.steps.length === batch.count, what);
            trace.append(batch.records, batch.firstSeq, batch.premises, batch.steps);
            assert.equal(batch.stepCount, trace.stepCount, `${what}: stepCount`);
            if (batch.done) break;
          }
        } finally {
          solver.free();
        }
        assert.equal(trace.count, lines.length, what);
        assert.equal(trace.stepCount, summary.steps, `${what}: steps`);
        const every = Math.max(1, Math.floor(lines.length / 2000));
        for (let i = 0; i < lines.length; i += every) {
          assert.equal(trace.step(i), JSON.parse(lines[i]).step, `${what}, budget ${budget}: event ${i}`);
        }
        assert.ok(trace.stepCount < trace.count, `${what}: ${trace.stepCount} steps for ${trace.count} events`);
        assert.equal(trace.stepsBefore(trace.count), trace.stepCount, what);
      }
    }
  }
});
