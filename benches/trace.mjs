// What tracing costs in WebAssembly: every puzzle of a set streamed through the wasm
// `Solver` (advance until done, as the page's worker does) at each level, in this Node
// process. Prints µs per puzzle, events per second, premise-table words per event and bytes
// per event (records and premise tables), like `cargo bench --bench trace` natively.
// Run with `make bench` (after `make build`); PKG=dir picks another build of the module.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
const pkg = process.env.PKG ?? path.join(root, "www/pkg");
const { default: init, Solver } = await import(path.join(pkg, "sudoku_lab.js"));
await init({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

/** One puzzle text per line of a file (a final `end` line left out), or per file of a directory. */
function puzzles(file) {
  const full = path.join(data, file);
  if (fs.statSync(full).isDirectory()) {
    return fs.readdirSync(full).filter((n) => n.endsWith(".in")).sort()
      .map((n) => fs.readFileSync(path.join(full, n), "utf8"));
  }
  return fs.readFileSync(full, "utf8").split("\n").filter((l) => l.trim() && l.trim() !== "end");
}

const sets = [
  ["norvig_top95", "poj3074/norvig_top95.in", { format: "line" }, 5],
  ["top1465", "bench9/puzzles3_magictour_top1465", { format: "line" }, 3],
  ["cqoi/derived/unique", "cqoi2013/derived/unique", { format: "cqoi" }, 5],
  ["sixteen/generated_200", "sixteen/generated_200_AP.txt", { format: "line", alphabet: "letters" }, 3],
];
const only = process.env.BENCH_SETS?.split(",");

/** Traces every puzzle once at `level`: [seconds, events, premise words]. */
function pass(texts, level, options) {
  let events = 0;
  let words = 0;
  const t0 = performance.now();
  for (const text of texts) {
    const solver = new Solver(text, "auto", { ...options, level, maxEvents: 10_000_000 });
    try {
      for (;;) {
        const batch = solver.advance(1_000_000);
        events += batch.count;
        words += batch.premises?.length ?? 0;
        if (batch.done) break;
      }
    } finally {
      solver.free();
    }
  }
  return [(performance.now() - t0) / 1000, events, words];
}

// A first pass lets the engine tier the module up before anything is timed.
pass(puzzles(sets[0][1]), "full", sets[0][2]);

console.log(`machine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; node ${process.version}; date: ${new Date().toISOString().slice(0, 10)}`);
console.log("the wasm Solver, advance(1e6) until done; fastest of the runs.\n");
console.log("| set | level | µs per puzzle | events | events per s | premise words per event | bytes per event |");
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const [name, file, options, runs] of sets) {
  if (only && !only.some((o) => name.includes(o))) continue;
  const texts = puzzles(file);
  for (const level of ["decisions", "placements", "full"]) {
    let best = Infinity;
    let events = 0;
    let words = 0;
    for (let r = 0; r < runs; r++) {
      const [seconds, e, w] = pass(texts, level, options);
      best = Math.min(best, seconds);
      [events, words] = [e, w];
    }
    const perEvent = words / Math.max(events, 1);
    console.log(`| ${name} | ${level} | ${(best * 1e6 / texts.length).toFixed(1)} | ${events} | ${(events / best).toExponential(2)} | ${perEvent.toFixed(2)} | ${((5 + perEvent) * 4).toFixed(1)} |`);
  }
}
