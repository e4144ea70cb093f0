// An ALS chain as the page says it (www/js/als-chain.js): the crate's text read into sets
// lettered A, B, C… and the digits linking them, said in words — on hand-written text and on
// the text the wasm module gives a hint and a trace of the glossary's ALS chain example.
import { test } from "node:test";
import assert from "node:assert/strict";

import { chainSummary, linkText, readAlsChain, setLetter, setText } from "../../www/js/als-chain.js";
import { techniqueEvent } from "../../www/js/steps.js";

import { logicTrace } from "./wasm.mjs";

/** The glossary's example of an ALS chain (www/js/glossary.js). */
const ALS_CHAIN = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";

test("an ALS chain's text reads into its sets and the digits linking them", () => {
  assert.deepEqual(readAlsChain("r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", 9), {
    sets: [[30], [49, 50], [76], [72, 73]],
    links: [1, 5, 7],
  });
  // Cells and digits of a 16×16 grid.
  assert.deepEqual(readAlsChain("r16c16 -12- r1c1,r2c1", 16), { sets: [[255], [0, 16]], links: [12] });
});

test("what is not an ALS chain of the grid reads as none", () => {
  for (const text of ["", "r1c1", "r1c1 -1-", "r1c1 -0- r1c2", "r1c1 -10- r1c2", "r1c1 -1- r10c1", "r1c1 - r1c2", "<b>r1c1</b> -1- r1c2", undefined, null]) {
    assert.equal(readAlsChain(text, 9), null, String(text));
  }
});

test("an ALS chain in words: each set lettered with its cells, each link with its digit", () => {
  const chain = readAlsChain("r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", 9);
  assert.deepEqual(chain.sets.map((_, k) => setText(chain, k, 9)), ["A: r4c4", "B: r6c5, r6c6", "C: r9c5", "D: r9c1, r9c2"]);
  assert.equal(linkText(chain, 1), "B and C share 5: every 5 of B sees every 5 of C");
  assert.equal(chainSummary(chain), "4 almost locked sets, A to D, in a chain");
  assert.equal(setLetter(5), "F");
});

test("the logic engine's ALS chain carries its sets, in the order its sentence names them", () => {
  const { trace, puzzle } = logicTrace(ALS_CHAIN);
  const head = techniqueEvent(trace, "als_chain", puzzle);
  assert.ok(head >= 0, "the trace has an ALS chain");
  const note = trace.notes.get(head);
  const chain = readAlsChain(note.als, 9);
  assert.ok(chain, note.als);
  assert.ok(chain.sets.length >= 4 && chain.sets.length <= 6, note.als);
  // The sets are the pattern's cells, in order, none shared.
  assert.deepEqual(chain.sets.flat(), note.pattern);
  // Each consecutive link has a different digit, and the sentence names each set's cells.
  for (let k = 1; k < chain.links.length; k++) assert.notEqual(chain.links[k], chain.links[k - 1]);
  for (let k = 0; k < chain.sets.length; k++) {
    for (const name of setText(chain, k, 9).slice(3).split(", ")) assert.ok(note.sentence.includes(name), `${name} in ${note.sentence}`);
  }
  // Other steps carry none.
  const others = [...trace.notes.entries()].filter(([seq]) => seq !== head).map(([, n]) => n.als);
  assert.ok(others.every((als) => als === ""), "only the ALS chain has sets to draw");
});
