// Native against WebAssembly on the same files: runs `sudoku-lab bench --output json` and the wasm
// `bench` export (in this Node process) over each set and prints µs per puzzle and the ratio.
// Both measure the same loop (sudoku_lab::bench::measure), each with its own clock.
// Run with `make bench` (after `make build`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
const bin = path.join(root, "target/release/sudoku-lab");
const pkg = path.join(root, "www/pkg");

const { default: init, bench } = await import(path.join(pkg, "sudoku_lab.js"));
await init({ module_or_path: fs.readFileSync(path.join(pkg, "sudoku_lab_bg.wasm")) });

const sets = [
  ["17_clue", "bench9/puzzles2_17_clue", "line", {}, 3],
  ["top1465", "bench9/puzzles3_magictour_top1465", "line", {}, 5],
  ["forum_hardest_1905_11+", "bench9/puzzles5_forum_hardest_1905_11+", "line", {}, 3],
  ["forum_hardest_1106", "bench9/puzzles6_forum_hardest_1106", "line", {}, 5],
  ["serg_benchmark", "bench9/puzzles7_serg_benchmark", "line", {}, 5],
  ["kaggle3m_subset", "bench9/kaggle3m_subset_puzzles", "line", {}, 5],
  ["norvig_top95", "poj3074/norvig_top95.in", "poj3074", {}, 9],
  ["sixteen/generated_200", "sixteen/generated_200_AP.txt", "line", { alphabet: "letters" }, 3],
  ["sixteen/public_120", "sixteen/public_120_AP.txt", "line", { alphabet: "letters" }, 3],
  // 25×25: the hard sets' near-minimal puzzles (0.1–3 s each natively: one run), read from
  // this repository's benches/data rather than DATA.
  ["twentyfive/near-minimal tuned", "@hard/hard25-near-minimal-tuned.txt", "line", { alphabet: "letters" }, 1],
  ["twentyfive/near-minimal held out", "@hard/hard25-near-minimal-held-out.txt", "line", { alphabet: "letters" }, 1],
  ["cqoi/derived/unique", "cqoi2013/derived/unique", "cqoi", {}, 9],
  ["cqoi/derived/multi", "cqoi2013/derived/multi", "cqoi", {}, 9],
];

// A directory of one-puzzle files (the CQOI-derived sets) becomes one temporary file of all
// of them, in name order, so that both sides read the same text.
function collect(full) {
  if (!fs.statSync(full).isDirectory()) return full;
  const names = fs.readdirSync(full).filter((n) => n.endsWith(".in")).sort();
  const text = names.map((n) => fs.readFileSync(path.join(full, n), "utf8").trimEnd() + "\n").join("");
  const tmp = path.join(os.tmpdir(), `sudoku-lab-bench-${path.basename(full)}-${process.pid}.in`);
  fs.writeFileSync(tmp, text);
  return tmp;
}
const only = process.env.BENCH_SETS?.split(",");

console.log(`machine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; node ${process.version}; date: ${new Date().toISOString().slice(0, 10)}`);
console.log("µs per puzzle, one thread, counting up to 2 solutions, fastest of the runs (the least disturbed).\n");
console.log("| set | puzzles | native | wasm (Node) | wasm / native |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, file, format, options, runs] of sets) {
  if (only && !only.some((o) => name.includes(o))) continue;
  const source = file.startsWith("@") ? path.join(root, "benches/data", file.slice(1)) : path.join(data, file);
  const full = collect(source);
  const args = ["bench", "--output", "json", "--runs", String(runs), "--format", format, full];
  if (options.alphabet) args.push("--alphabet", options.alphabet);
  const native = JSON.parse(execFileSync(bin, args, { encoding: "utf8" }));
  const wasm = bench(fs.readFileSync(full, "utf8"), undefined, { format, runs, ...options });
  if (wasm.solutions !== native.solutions) {
    throw new Error(`${name}: wasm found ${wasm.solutions} solutions, native ${native.solutions}`);
  }
  const n = native.fastest_micros_per_puzzle;
  const w = wasm.fastest_micros_per_puzzle;
  console.log(`| ${name} | ${native.puzzles} | ${n.toFixed(2)} | ${w.toFixed(2)} | ${(w / n).toFixed(2)} |`);
  if (full !== source) fs.unlinkSync(full);
}
