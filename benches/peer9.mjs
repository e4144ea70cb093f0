// 9×9 against a peer program that this repository does not build (tdoku, say: no registry
// this project reaches carries it, and public code stays out of this repository). Whoever has
// a build of one points two environment variables at it:
//
//   PEER9        a command run as `$PEER9 FILE`: times counting every puzzle of FILE to 2
//                solutions on one thread and prints µs per puzzle (the fastest of its runs,
//                parsing left out) as the last number on its output;
//   PEER9_COUNT  (optional) a command run as `$PEER9_COUNT FILE`: reads FILE, counts each
//                puzzle to 2 and writes one count per line, a whole process.
//
// Beside each, in the same script run: `sudoku-lab bench --runs 5` (the same measure: count
// to 2, one thread, fastest of 5 runs, parsing left out) and, for PEER9_COUNT, the whole
// process `sudoku-lab count --limit 2 --threads 1` (fastest of 5), with the ratios. Without
// PEER9 it says so and exits 0, so `make bench` runs it either way.
// Run with `make bench` (after `make native`), or `node benches/peer9.mjs`.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const data = process.env.DATA ?? path.join(root, "../shared/data");
const bin = path.join(root, "target/release/sudoku-lab");
const peer = process.env.PEER9;
const peerCount = process.env.PEER9_COUNT;

if (!peer) {
  console.log("9×9 against a peer built elsewhere: skipped (set PEER9; see benches/peer9.mjs).");
  process.exit(0);
}

const sets = [
  ["17_clue", "bench9/puzzles2_17_clue"],
  ["top1465", "bench9/puzzles3_magictour_top1465"],
  ["forum_hardest_1905_11+", "bench9/puzzles5_forum_hardest_1905_11+"],
  ["forum_hardest_1106", "bench9/puzzles6_forum_hardest_1106"],
  ["serg_benchmark", "bench9/puzzles7_serg_benchmark"],
  ["kaggle3m_subset", "bench9/kaggle3m_subset_puzzles"],
];

/** Runs `command` (split on spaces) with `args`; returns its stdout. */
function run(command, args) {
  const [program, ...rest] = command.split(" ").filter(Boolean);
  return execFileSync(program, [...rest, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
}

/** The last number in `text`. */
function lastNumber(text) {
  const numbers = text.match(/[0-9]+(\.[0-9]+)?/g);
  if (!numbers) throw new Error(`no number in: ${text}`);
  return Number(numbers[numbers.length - 1]);
}

/** Seconds of the fastest of `runs` runs of `command args`, and its output. */
function fastest(runs, command, args) {
  let best = Infinity;
  let out = "";
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    out = run(command, args);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return [best, out];
}

/**
 * Prints a Markdown table under `title`: the `columns` (numbers right-aligned after the first),
 * then a row per set of the cells `cells(name, file)` gives after its name.
 */
function table(title, columns, cells) {
  console.log(title);
  console.log("");
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`|---|${columns.slice(1).map(() => "---:").join("|")}|`);
  for (const [name, file] of sets) {
    console.log(`| ${[name, ...cells(name, path.join(data, file))].join(" | ")} |`);
  }
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(`machine: ${cpu}, ${os.cpus().length} cores; date: ${new Date().toISOString().slice(0, 10)}`);
console.log(`peer: ${peer}`);
table(
  "Counting to 2, one thread, µs per puzzle, each the fastest of its runs, parsing left out:",
  ["set", "puzzles", "sudoku-lab", "peer", "ours / peer"],
  (name, full) => {
    const ours = JSON.parse(run(bin, ["bench", "--runs", "5", "--output", "json", full]));
    const theirs = lastNumber(run(peer, [full]));
    const mine = ours.fastest_micros_per_puzzle;
    return [ours.puzzles, mine.toFixed(2), theirs.toFixed(2), (mine / theirs).toFixed(2)];
  },
);

if (peerCount) {
  console.log("");
  table(
    "Whole process, count to 2, one thread, fastest of 5 runs, seconds (ours also validates every puzzle):",
    ["set", "sudoku-lab count --limit 2", "peer", "ours / peer"],
    (name, full) => {
      const [mine, ourOut] = fastest(5, bin, ["count", "--limit", "2", "--threads", "1", full]);
      const [theirs, theirOut] = fastest(5, peerCount, [full]);
      // The same counts, line by line, or the times mean nothing.
      const a = ourOut.trim().split("\n").map((l) => Number.parseInt(l, 10));
      const b = theirOut.trim().split("\n").map((l) => Number.parseInt(l, 10));
      if (a.length !== b.length || a.some((n, i) => Math.min(n, 2) !== Math.min(b[i], 2))) {
        throw new Error(`${name}: the counts differ from the peer's`);
      }
      return [mine.toFixed(3), theirs.toFixed(3), (mine / theirs).toFixed(2)];
    },
  );
}
