// The WebAssembly module as JavaScript calls it, through wasm-bindgen's glue: every argument
// of the wrong type or out of range throws an Error that names it — never a RuntimeError
// (a trap) — and every limit is the same as on the command line.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = path.join(root, "www/pkg");
const wasm = await import(path.join(pkg, "sudoku_lab.js"));
await wasm.default({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });
const { solve, solveAll, parse, validate, format, bench, Solver, Search } = wasm;
const { RULES } = await import(path.join(root, "www/js/records.js"));
const { Trace } = await import(path.join(root, "www/js/trace.js"));

const data = (file) => fs.readFileSync(path.join(root, "../shared/data", file), "utf8");
const EMPTY9 = ".".repeat(81);
const POJ = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/** `f()` throws a plain Error (not a wasm RuntimeError) whose `argument` is `argument`. */
function throwsArgument(f, argument, what) {
  let thrown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown, `${what}: no error`);
  assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${what}: a trap: ${thrown}`);
  assert.ok(thrown instanceof Error, `${what}: ${thrown}`);
  assert.equal(thrown.argument, argument, `${what}: ${thrown.message}`);
  assert.ok(thrown.message.startsWith(`${argument}: `), `${what}: ${thrown.message}`);
  return thrown;
}

test("a value of the wrong type where a string is declared throws, naming the argument", () => {
  const model = parse(POJ, undefined, undefined);
  const cases = [
    ["solve(text, 42)", () => solve(POJ, 42), "kind"],
    ["solve(text, true)", () => solve(POJ, true), "kind"],
    ["solve(text, {})", () => solve(POJ, {}), "kind"],
    ["solve(text, Symbol())", () => solve(POJ, Symbol("k")), "kind"],
    ["solve(text, 10n)", () => solve(POJ, 10n), "kind"],
    ["solve(42)", () => solve(42), "puzzle"],
    ["solve(null)", () => solve(null), "puzzle"],
    ["solve([])", () => solve([]), "puzzle"],
    ["solve(text, 'auto', 5)", () => solve(POJ, "auto", 5), "options"],
    ["solve(text, 'auto', 'dlx')", () => solve(POJ, "auto", "dlx"), "options"],
    ["parse(text, 42)", () => parse(POJ, 42), "kind"],
    ["validate(text, 42)", () => validate(POJ, 42), "kind"],
    ["new Solver(text, 42)", () => new Solver(POJ, 42), "kind"],
    ["new Search(text, 42)", () => new Search(POJ, 42), "kind"],
    ["new Search(text, 'auto', {level: 'full'})", () => new Search(POJ, "auto", { level: "full" }), "options"],
    ["format(model, 5)", () => format(model, 5), "format"],
    ["format(model, undefined)", () => format(model), "format"],
    ["format(model, 'cqoi', 7)", () => format(model, "cqoi", 7), "options"],
    ["bench(5)", () => bench(5), "text"],
    ["bench({})", () => bench({}), "text"],
  ];
  for (const [what, f, argument] of cases) throwsArgument(f, argument, what);
  // The module is still whole after all of them.
  assert.equal(solve(POJ, "auto").status, "unique");
});

test("options are checked by type, range and name", () => {
  const cases = [
    [{ engine: "quantum" }, "options.engine"],
    [{ engine: 3 }, "options.engine"],
    [{ format: "yaml" }, "options.format"],
    [{ alphabet: "runes" }, "options.alphabet"],
    [{ solutionLimit: 0 }, "options.solutionLimit"],
    [{ solutionLimit: -1 }, "options.solutionLimit"],
    [{ solutionLimit: 1.5 }, "options.solutionLimit"],
    [{ solutionLimit: "10" }, "options.solutionLimit"],
    [{ nodeLimit: NaN }, "options.nodeLimit"],
    [{ nodeLimit: Infinity }, "options.nodeLimit"],
    [{ nodeLimit: 2 ** 60 }, "options.nodeLimit"],
    [{ nodelimit: 5 }, "options"],
    [{ level: "full" }, "options"],
  ];
  for (const [options, argument] of cases) {
    throwsArgument(() => solve(POJ, "auto", options), argument, JSON.stringify(options));
  }
  // null and undefined mean the default; so do "" and "auto" for detected choices.
  const result = solve(POJ, null, { engine: undefined, nodeLimit: null, format: "", alphabet: "auto" });
  assert.equal(result.status, "unique");
});

test("a node limit after several solutions says limit, as on the command line", () => {
  const result = solve(EMPTY9, null, { solutionLimit: 1000, nodeLimit: 100 });
  assert.equal(result.status, "limit");
  assert.ok(result.stats.solutions >= 2);
  assert.equal(result.solutions.length, 2);
  for (const engine of ["propagate", "dlx", "naive"]) {
    assert.equal(solve(EMPTY9, null, { engine, solutionLimit: 1000, nodeLimit: 100 }).status, "limit", engine);
  }
  const multi = data("cqoi2013/derived/multi/royle17sol_0006_MULTI.in");
  assert.equal(solve(multi, null, { solutionLimit: 1000, nodeLimit: 321 }).status, "limit");
  const all = solve(multi, null, { solutionLimit: 1000 });
  assert.deepEqual([all.status, all.stats.solutions], ["multiple", 4]);
});

test("maxEvents has a ceiling, named in the error", () => {
  const e = throwsArgument(
    () => new Solver(EMPTY9, "auto", { engine: "naive", level: "full", maxEvents: 1e9 }),
    "options.maxEvents",
    "maxEvents 1e9",
  );
  assert.match(e.message, /10000000/);
});

test("advance returns a bounded batch whatever the budget, with the premises of its records", () => {
  const solver = new Solver(".".repeat(256), "auto", {
    engine: "naive", level: "full", maxEvents: 400000, solutionLimit: 1e9,
  });
  try {
    let total = 0;
    let batches = 0;
    const trace = new Trace();
    for (;;) {
      const batch = solver.advance(1e12);
      batches += 1;
      assert.ok(batch.count <= 65536, `${batch.count} records in one batch`);
      assert.equal(batch.firstSeq, total);
      assert.ok(batch.premises instanceof Uint32Array);
      assert.ok(batch.premises.length <= batch.count * (16 + 2), `${batch.premises.length} premise words`);
      // The store refuses a table that does not fit its records.
      trace.append(batch.records, batch.firstSeq, batch.premises);
      total += batch.count;
      if (batch.done) {
        assert.equal(batch.status, "limit");
        assert.equal(batch.eventLimit, true);
        break;
      }
    }
    assert.equal(total, 400000);
    assert.ok(batches >= 7, `${batches} batches`);
    // A naked single rests on the removal of each of the 15 other digits of its cell.
    const single = Array.from({ length: trace.count }, (_, i) => i)
      .find((i) => trace.rule(i) === RULES.indexOf("naked_single"));
    const premises = trace.premises(single);
    assert.equal(premises.length, 15);
    assert.ok(premises.every((p) => p < single && trace.cell(p) === trace.cell(single)));
    throwsArgument(() => solver.advance(0), "budget", "advance(0)");
    throwsArgument(() => solver.advance("5"), "budget", "advance('5')");
    throwsArgument(() => solver.advance(), "budget", "advance()");
  } finally {
    solver.free();
  }
});

test("more live Solvers than memory allows throw an Error, and freeing them recovers", () => {
  const empty25 = ".".repeat(625);
  const live = [];
  let thrown;
  try {
    for (let i = 0; i < 20000 && !thrown; i++) {
      try {
        live.push(new Solver(empty25, "classic", { level: "decisions" }));
      } catch (e) {
        thrown = e;
      }
    }
    assert.ok(thrown, `${live.length} Solvers and no error`);
    assert.ok(!(thrown instanceof WebAssembly.RuntimeError), String(thrown));
    assert.match(thrown.message, /out of memory: .* budget of 1024 MiB; free\(\)/);
    assert.ok(live.length >= 100, `only ${live.length} Solvers fit`);
  } finally {
    for (const s of live) s.free();
  }
  const again = new Solver(empty25, "classic", { level: "decisions" });
  assert.equal(again.advance(10).done, false);
  again.free();
});

test("a text of more than one puzzle is refused, naming where the second starts", () => {
  const e = (() => {
    try {
      solve(`${POJ}\n${POJ}\n`);
    } catch (e) {
      return e;
    }
  })();
  assert.ok(e instanceof Error);
  assert.equal(e.line, 2);
  assert.match(e.message, /more than one puzzle/);
});

test("bench times the good puzzles and lists the bad ones", () => {
  const bad = `....X${".".repeat(76)}`;
  const result = bench(`${POJ}\n${bad}\n${POJ}\n`, undefined, { runs: 1, format: "line" });
  assert.equal(result.puzzles, 2);
  assert.equal(result.solutions, 2);
  assert.equal(result.errors.length, 1);
  assert.deepEqual([result.errors[0].puzzle, result.errors[0].line, result.errors[0].column], [2, 2, 5]);
});

test("control characters from the input are escaped in messages", () => {
  for (const [text, shown] of [[`....\u0000${".".repeat(76)}`, "\\u{0}"], [`....\u001b${".".repeat(76)}`, "\\u{1b}"]]) {
    let message = "";
    try {
      solve(text, undefined, { format: "line" });
    } catch (e) {
      message = e.message;
    }
    assert.ok(message.includes(shown), message);
    assert.ok(!/[\u0000-\u001f]/.test(message), JSON.stringify(message));
  }
});

test("quote() escapes user text as the module's own messages do", () => {
  assert.equal(wasm.quote("r1\u001bc\u0000"), "'r1\\u{1b}c\\u{0}'");
  assert.equal(wasm.quote("x".repeat(30)), `'${"x".repeat(20)}…'`);
});

test("a model object with more relations than any grid has adjacent pairs is refused at once", () => {
  const relations = Array.from({ length: 5000 }, () => ["r1c1", "<", "r1c2"]);
  let thrown;
  try {
    solve({ size: 9, givens: EMPTY9, relations });
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof Error && !(thrown instanceof WebAssembly.RuntimeError), String(thrown));
  assert.match(thrown.message, /1200/);
});

test("bench() describes the first 1000 bad puzzles and counts them all", () => {
  const result = bench(`${POJ}\n${"x\n".repeat(5000)}${POJ}\n`, undefined, { runs: 1, format: "line" });
  assert.equal(result.puzzles, 2);
  assert.equal(result.invalid, 5000);
  assert.equal(result.errors.length, 1000);
});

test("Search answers in steps what solve() answers at once, and checks its budget", () => {
  const search = new Search(EMPTY9, "classic", { engine: "naive", nodeLimit: 5000 });
  assert.equal(search.result, null, "no result before the end");
  throwsArgument(() => search.advance(0), "budget", "advance(0)");
  throwsArgument(() => search.advance("10"), "budget", "advance('10')");
  let steps = 0;
  let last = 0;
  for (;;) {
    const step = search.advance(100);
    if (step.done) break;
    assert.ok(step.stats.nodes >= last, "nodes only grow");
    last = step.stats.nodes;
    steps += 1;
  }
  assert.ok(steps >= 2, `${steps} steps of 100 nodes`);
  assert.deepEqual(search.result, solve(EMPTY9, "classic", { engine: "naive", nodeLimit: 5000 }));
  search.free();
  // A fast path answers in one step, the same answer as solve().
  const fast = new Search(POJ, "auto");
  assert.equal(fast.advance(1).done, true);
  assert.deepEqual(fast.result, solve(POJ, "auto"));
  fast.free();
});

test("solveAll answers each puzzle as solve() does, in one call, and a bad one costs no other its answer", () => {
  const lines = data("poj3074/norvig_top95.in").split("\n").filter((l) => l.trim() && !l.startsWith("end")).slice(0, 30);
  const bad = "55" + ".".repeat(79); // two 5s in row 1
  const texts = [...lines.slice(0, 10), bad, ...lines.slice(10)];
  const expected = texts.map((t) => {
    try {
      return solve(t, "classic", { solutionLimit: 2 });
    } catch {
      return null;
    }
  });
  for (const input of [texts, texts.join("\n")]) {
    const r = solveAll(input, "classic", { solutionLimit: 2, format: "line" });
    assert.equal(r.count, texts.length);
    const solutions = r.solutions.split("\n");
    expected.forEach((e, i) => {
      if (e === null) {
        assert.equal(r.statuses[i], "invalid", `puzzle ${i}`);
        assert.equal(solutions[i], "");
        assert.equal(r.solutionCounts[i], 0);
      } else {
        assert.equal(r.statuses[i], e.status, `puzzle ${i}`);
        assert.equal(solutions[i], e.solution ?? "", `puzzle ${i}`);
        assert.equal(r.solutionCounts[i], e.stats.solutions, `puzzle ${i}`);
      }
    });
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].index, 10);
    assert.ok(r.problems[0] instanceof Error);
    assert.match(r.problems[0].message, /r1c1 and r1c2 are both 5/);
  }
  // Counts are the search's tally up to the limit, not the two solutions kept: an empty
  // 4×4 grid has 288.
  const empty4 = solveAll(["................"], null, { solutionLimit: 1000 });
  assert.equal(empty4.statuses[0], "multiple");
  assert.equal(empty4.solutionCounts[0], 288);
  assert.equal(empty4.solutionCounts[0], solve("................", null, { solutionLimit: 1000 }).stats.solutions);
  assert.equal(solveAll(["................"], null, { solutionLimit: 7 }).solutionCounts[0], 7);
  // Limits and engines are solve()'s.
  const limited = solveAll([".".repeat(81)], "classic", { nodeLimit: 5, solutionLimit: 1000 });
  assert.equal(limited.statuses[0], solve(".".repeat(81), "classic", { nodeLimit: 5, solutionLimit: 1000 }).status);
  throwsArgument(() => solveAll(42), "puzzles", "solveAll(42)");
  throwsArgument(() => solveAll([POJ], "classic", { level: "full" }), "options", "solveAll with a Solver option");
});

test("a method of one class called on an instance of another throws an Error, never a trap", () => {
  const made = {
    Search: () => new Search(POJ, "classic"),
    Solver: () => new Solver(POJ, "classic"),
    Generator: () => new wasm.Generator({ seed: 1, size: 4 }),
  };
  const calls = {
    Search: { advance: (o) => Search.prototype.advance.call(o, 10), result: (o) => Object.getOwnPropertyDescriptor(Search.prototype, "result").get.call(o) },
    Solver: {
      advance: (o) => Solver.prototype.advance.call(o, 10),
      status: (o) => Object.getOwnPropertyDescriptor(Solver.prototype, "status").get.call(o),
      puzzle: (o) => Object.getOwnPropertyDescriptor(Solver.prototype, "puzzle").get.call(o),
    },
    Generator: { advance: (o) => wasm.Generator.prototype.advance.call(o, 10) },
  };
  let refused = 0;
  for (const [owner, methods] of Object.entries(calls)) {
    for (const [other, make] of Object.entries(made)) {
      if (other === owner) continue;
      for (const [method, call] of Object.entries(methods)) {
        const victim = make();
        let thrown;
        try {
          call(victim);
        } catch (e) {
          thrown = e;
        }
        assert.ok(thrown instanceof Error && !(thrown instanceof WebAssembly.RuntimeError), `${owner}.${method} on a ${other}: ${thrown}`);
        assert.equal(thrown.message, `${owner}.${method} was called on a ${other}: call it on a ${owner}`);
        refused += 1;
        // The victim is untouched, and works as its own class after.
        if (other !== "Generator") assert.equal(typeof victim.advance(1000).done, "boolean");
        victim.free();
      }
    }
  }
  assert.equal(refused, 2 * (2 + 3 + 1));
  // `free` of one class on another frees that object, whole: nothing traps, and its methods
  // then say so through the glue.
  for (const [owner, cls] of [["Search", Search], ["Solver", Solver], ["Generator", wasm.Generator]]) {
    for (const [other, make] of Object.entries(made)) {
      if (other === owner) continue;
      const victim = make();
      cls.prototype.free.call(victim);
      assert.throws(() => victim.advance(1), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `${owner}.free on a ${other}`);
    }
  }
  // Many objects made and freed that way leave nothing behind: a 25×25 Solver each.
  for (let i = 0; i < 2000; i++) Search.prototype.free.call(new Solver(".".repeat(625), "classic"));
  const s = new Solver(POJ, "classic");
  assert.equal(s.advance(100000).done, true);
  s.free();
});

test("generate() without a seed takes a fresh one each call, and reports it", () => {
  const seeds = new Set();
  const puzzles = new Set();
  for (let i = 0; i < 5; i++) {
    const [g] = wasm.generate({ size: 4 });
    assert.ok(Number.isInteger(g.seed) && g.seed >= 0 && g.seed < 2 ** 32, `${g.seed}`);
    seeds.add(g.seed);
    puzzles.add(format(g.puzzle, "line"));
    // The seed reported makes the same puzzle again.
    const [again] = wasm.generate({ size: 4, seed: g.seed });
    assert.equal(format(again.puzzle, "line"), format(g.puzzle, "line"));
    assert.equal(again.seed, g.seed);
  }
  assert.ok(seeds.size >= 4, `seeds ${[...seeds]}`);
  assert.ok(puzzles.size >= 2, `puzzles ${[...puzzles]}`);
  const step = new wasm.Generator({ size: 4 });
  let found;
  while (!found) found = step.advance(100).puzzle;
  assert.ok(Number.isInteger(found.seed));
  step.free();
});

test("text errors name the argument, and their advice names the option, not a flag", () => {
  const threw = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    assert.fail("no error");
  };
  const unreadable = "this is not a puzzle at all\nnor is this";
  const e = threw(() => solve(unreadable));
  assert.match(e.message, /^puzzle:1:1: could not tell the format .*; choose one with options\.format$/);
  assert.doesNotMatch(e.message, /--/);
  assert.equal(e.line, 1);
  const ambiguous = "123456789ABCDEF" + ".".repeat(241);
  const a = threw(() => solve(ambiguous));
  assert.match(a.message, /^puzzle:1:1: .*fit several alphabets.*; choose one with options\.alphabet$/);
  // The same advice for a model object, whose givens are read as a problem of the model.
  const model = threw(() => solve({ size: 16, givens: ambiguous }));
  assert.match(model.message, /fit several alphabets.*; choose one with options\.alphabet$/);
  const all = solveAll(unreadable + "\n" + ambiguous, null, { format: "line" });
  for (const p of all.problems) assert.match(p.message, /^puzzles:\d+:\d+: /);
  assert.ok(all.problems.some((p) => /options\.alphabet/.test(p.message)));
  const b = bench(ambiguous, null, { format: "line" });
  assert.match(b.errors[0].message, /choose one with options\.alphabet$/);
  // Carriage returns alone end lines here too.
  const rows = POJ.match(/.{9}/g);
  assert.equal(solve(rows.join("\r"), "classic").status, "unique");
});
