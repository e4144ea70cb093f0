// A forcing chain's branches as the page says them (www/js/branches.js): the crate's text
// read into facts, each branch in words with its supposition first, a branch that breaks
// said to, the heading over the branches — on hand-written branches and on the branches the
// wasm module gives a hint and a trace of the glossary's forcing-chain example.
import { test } from "node:test";
import assert from "node:assert/strict";

import { branchCells, branchText, branchesSummary, contradicts, isChain, readBranch, readBranches } from "../../www/js/branches.js";

import { logicTrace, wasm } from "./wasm.mjs";

/** The glossary's example of a forcing chain (and of a dynamic one). */
const FORCING = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

test("a branch's text reads into its facts, in order, the supposition first", () => {
  assert.deepEqual(readBranch("9r1c4 → −9r1c9 → 9r2c9", 9), [
    { cell: 3, digit: 9, on: true },
    { cell: 8, digit: 9, on: false },
    { cell: 17, digit: 9, on: true },
  ]);
  // Two-digit digits and cells of a 16×16 grid; a plain hyphen reads as the minus sign.
  assert.deepEqual(readBranch("12r10c16 → -3r10c1", 16), [
    { cell: 9 * 16 + 15, digit: 12, on: true },
    { cell: 9 * 16, digit: 3, on: false },
  ]);
});

test("what is not a branch of the grid reads as none", () => {
  for (const text of ["", "9r1c4 →", "r1c4", "9r10c1", "0r1c1", "10r1c1", "9r1c4 ; 9r1c5", "<b>9r1c1</b>"]) {
    assert.equal(readBranch(text, 9), null, text);
  }
  assert.deepEqual(readBranches(["9r1c4", "x"], 9), [], "one unreadable branch: none shown");
  assert.deepEqual(readBranches(undefined, 9), []);
});

test("a branch in words: its supposition as an if, each fact after it", () => {
  const branch = readBranch("9r3c4 → −4r3c4 → 4r5c4 → −3r5c4", 9);
  assert.equal(branchText(branch, 9), "if r3c4 is 9 → r3c4 is not 4 → r5c4 is 4 → r5c4 is not 3");
  assert.equal(branchText(readBranch("9r5c4", 9), 9), "if r5c4 is 9");
  assert.deepEqual(branchCells(branch), [21, 39]);
});

test("a branch that breaks says which fact it contradicts", () => {
  const branch = readBranch("3r4c9 → −3r4c2 → 3r2c2 → −5r2c2 → 5r2c2", 9);
  assert.ok(contradicts(branch, 4));
  assert.ok(!contradicts(branch, 3));
  assert.equal(branchText(branch, 9).split(" → ").at(-1), "r2c2 is 5 (contradicting r2c2 is not 5)");
});

test("a branch whose every fact follows from the one before is a chain; a net is not", () => {
  const chain = readBranch("9r1c4 → −9r1c9 → 9r2c9 → −4r2c9 → 4r2c6 → −4r5c6 → 4r5c4 → −3r5c4", 9);
  assert.ok(isChain(chain, 9, [3, 3]));
  // A block links r1c1 and r3c3 only where there are blocks.
  assert.ok(isChain(readBranch("5r1c1 → −5r3c3", 9), 9, [3, 3]));
  assert.ok(!isChain(readBranch("5r1c1 → −5r3c3", 9), 9, null));
  // Two facts in a row that the first does not force: r2c6 holding 7 does not put 4 in r2c9.
  assert.ok(!isChain(readBranch("7r2c6 → −4r2c6 → −5r2c6 → 4r2c9", 9), 9, [3, 3]));
  assert.ok(!isChain(readBranch("7r2c6 → −4r2c6 → 4r2c9 → −4r6c9 → −5r2c9", 9), 9, [3, 3]));
});

test("the heading says what the branches show together", () => {
  const one = readBranches(["7r2c6 → −4r2c6 → 4r2c9 → −4r2c9"], 9);
  assert.equal(branchesSummary(one, 9), "Suppose r2c6 is 7: it leads to a contradiction");
  const same = readBranches(["9r1c4 → −9r1c9 → −3r5c4", "9r3c4 → −3r5c4", "9r5c4 → −3r5c4"], 9);
  assert.equal(branchesSummary(same, 9), "3 branches, one for each possibility: each ends in r5c4 is not 3");
  const apart = readBranches(["9r1c4 → −3r5c4", "9r3c4 → 3r5c4"], 9);
  assert.equal(branchesSummary(apart, 9), "2 branches, one for each possibility");
  assert.equal(branchesSummary([], 9), "");
});

test("the branches of a hint and of a trace's forcing steps read, each ending as its sentence says", () => {
  const { trace } = logicTrace(FORCING);
  const noted = [...trace.notes.values()].filter((n) => n.branches.length);
  assert.ok(noted.some((n) => n.sentence.startsWith("Forcing chain")), "the trace has a forcing chain");
  for (const note of noted) {
    const branches = readBranches(note.branches, 9);
    assert.equal(branches.length, note.branches.length, note.branches.join(" | "));
    if (note.sentence.startsWith("Forcing chain")) {
      for (const b of branches) assert.ok(isChain(b, 9, [3, 3]), `a static forcing chain's branch is a chain: ${branchText(b, 9)}`);
    }
    if (note.sentence.startsWith("Dynamic")) assert.ok(branches.some((b) => !isChain(b, 9, [3, 3])), "this example's nets are not chains");
    if (branches.length === 1) assert.match(note.sentence, /this cannot be/);
    else assert.match(branchesSummary(branches, 9), /each ends in r\d+c\d+ is (not )?\d/, note.sentence);
  }
  // Other technique steps carry no branches.
  assert.ok([...trace.notes.values()].some((n) => n.branches.length === 0));

  // The hint at the forcing chain: the same reading of its report.
  const h = wasm.hint(FORCING, "classic", { reveal: "step" });
  if (h.kind === "step" && h.branches) {
    assert.equal(readBranches(h.branches, 9).length, h.branches.length);
  }
});
