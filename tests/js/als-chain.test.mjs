// A step's almost locked sets as the page says them (www/js/als-chain.js): the crate's text
// read into sets lettered A, B, C… and the digits linking them (a chain: an ALS chain, ALS-XZ,
// ALS-XY-wing; or a death blossom's stem and petals), said in words, with what the step
// removes and why — on hand-written text and on the text the wasm module gives the trace of
// each glossary example; and where a link's digit goes so that it covers no digit shown.
import { test } from "node:test";
import assert from "node:assert/strict";

import { badgeSpot, chainSummary, linkText, readAlsChain, readAlsSets, readBlossom, removalText, setLetter, setText } from "../../www/js/als-chain.js";
import { glossaryEntry } from "../../www/js/glossary.js";
import { techniqueEvent } from "../../www/js/steps.js";

import { logicTrace } from "./wasm.mjs";

/** A link of a chain: set k to k + 1. */
const link = (k, ...digits) => ({ from: k, to: k + 1, digits });

test("an ALS chain's text reads into its sets and the digits linking them", () => {
  assert.deepEqual(readAlsChain("r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", 9), {
    stem: -1,
    sets: [[30], [49, 50], [76], [72, 73]],
    links: [link(0, 1), link(1, 5), link(2, 7)],
  });
  // Cells and digits of a 16×16 grid.
  assert.deepEqual(readAlsChain("r16c16 -12- r1c1,r2c1", 16), { stem: -1, sets: [[255], [0, 16]], links: [link(0, 12)] });
  // A doubly linked ALS-XZ: two digits on one link.
  assert.deepEqual(readAlsChain("r1c1 -1,2- r1c5,r1c6", 9), { stem: -1, sets: [[0], [4, 5]], links: [link(0, 1, 2)] });
  // readAlsSets reads a chain the same.
  assert.deepEqual(readAlsSets("r1c1 -1- r1c5 -3- r5c5", 9), readAlsChain("r1c1 -1- r1c5 -3- r5c5", 9));
});

test("a death blossom's text reads into its stem, its petals and the stem's digit of each", () => {
  const want = { stem: 40, sets: [[36, 37], [4]], links: [{ from: -1, to: 0, digits: [1] }, { from: -1, to: 1, digits: [2] }] };
  assert.deepEqual(readBlossom("r5c5 -1- r5c1,r5c2 | -2- r1c5", 9), want);
  assert.deepEqual(readAlsSets("r5c5 -1- r5c1,r5c2 | -2- r1c5", 9), want);
  // A reader of chains alone finds no chain in it (the format is backwards compatible).
  assert.equal(readAlsChain("r5c5 -1- r5c1,r5c2 | -2- r1c5", 9), null);
});

test("what is not an ALS chain or blossom of the grid reads as none", () => {
  for (const text of ["", "r1c1", "r1c1 -1-", "r1c1 -0- r1c2", "r1c1 -10- r1c2", "r1c1 -1- r10c1", "r1c1 - r1c2", "<b>r1c1</b> -1- r1c2",
    "r1c1 -1,1- r1c2", "r1c1 -1,- r1c2", "r5c5 -1- r5c1 |", "r5c5 -1- r5c1 | r1c5", "r5c5 -1- r5c1 | -2-", "r5c5,r5c6 -1- r5c1 | -2- r1c5",
    "r5c5 -1,2- r5c1 | -3- r1c5", "r5c5 -1- r5c5 | -2- r1c5", "r5c5 -1- r5c1 -2- r1c5 | -3- r9c9", undefined, null]) {
    assert.equal(readAlsSets(text, 9), null, String(text));
  }
});

test("the sets in words: each lettered with its cells, each link with its digit, the heading", () => {
  const chain = readAlsSets("r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", 9);
  assert.deepEqual(chain.sets.map((_, k) => setText(chain, k, 9)), ["A: r4c4", "B: r6c5, r6c6", "C: r9c5", "D: r9c1, r9c2"]);
  assert.equal(linkText(chain, 1, 9), "B and C share 5: every 5 of B sees every 5 of C");
  assert.equal(chainSummary(chain, 9), "4 almost locked sets, A to D, in a chain");
  assert.equal(setLetter(5), "F");
  const xz = readAlsSets("r1c1 -1,2- r1c5,r1c6", 9);
  assert.equal(chainSummary(xz, 9), "2 almost locked sets, A and B, linked");
  assert.equal(linkText(xz, 0, 9), "A and B share 1 and 2: every 1 of A sees every 1 of B and every 2 of A every 2 of B");
  const wing = readAlsSets("r1c1 -1- r1c5 -3- r5c5", 9);
  assert.equal(chainSummary(wing, 9), "3 almost locked sets, A to C, in a chain");
  assert.equal(linkText(wing, 1, 9), "B and C share 3: every 3 of B sees every 3 of C");
  const blossom = readAlsSets("r5c5 -1- r5c1,r5c2 | -2- r1c5 | -7- r9c5", 9);
  assert.equal(chainSummary(blossom, 9), "A death blossom: the stem r5c5 and 3 petals, A to C");
  assert.equal(linkText(blossom, 2, 9), "If r5c5 is 7, C loses 7: every 7 of C sees r5c5");
  assert.equal(setText(blossom, 0, 9), "A: r5c1, r5c2");
});

test("what the step removes and why, from its removals", () => {
  const at = (name) => (Number(name[1]) - 1) * 9 + Number(name[3]) - 1;
  const removed = (...pairs) => pairs.map(([name, digit]) => ({ cell: at(name), digit }));
  const chain = readAlsSets("r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2", 9);
  assert.equal(removalText(chain, removed(["r2c9", 2]), 9), "One of A and D is locked, and both hold 2: 2 leaves r2c9 (it sees every 2 of both).");
  assert.equal(removalText(chain, removed(["r3c9", 2], ["r2c9", 2]), 9), "One of A and D is locked, and both hold 2: 2 leaves r2c9 and r3c9 (each sees every 2 of both).");
  assert.equal(removalText(chain, removed(["r2c9", 2], ["r3c3", 5]), 9),
    "One of A and D is locked, and both hold 2 and 5: 2 leaves r2c9 and 5 leaves r3c3 (each sees every place of its digit in both).");
  assert.equal(removalText(readAlsSets("r1c1 -1,2- r1c5,r1c6", 9), removed(["r1c2", 3]), 9),
    "A and B share 1 and 2, each in one of them at most, so both are locked: 3 leaves r1c2 (it sees every place of its digit in a set, or in both).");
  assert.equal(removalText(readAlsSets("r5c5 -1- r5c1 | -2- r1c5", 9), removed(["r1c1", 9]), 9),
    "Whatever r5c5 holds, one petal is locked, and each holds 9: 9 leaves r1c1 (it sees every 9 of every petal).");
  assert.equal(removalText(chain, [], 9), "");
  assert.equal(removalText(chain, [{ cell: 81, digit: 2 }, { cell: 0, digit: 10 }], 9), "", "nothing off the grid");
});

test("a link's digit sits on its line where it covers nothing shown, else on a clear corner near it", () => {
  const [p, q] = [{ x: 0.5, y: 0.5 }, { x: 2.5, y: 0.5 }];
  // Nothing in the way: the middle.
  assert.deepEqual(badgeSpot(p, q, 0.17, [], 9), { x: 1.5, y: 0.5 });
  // A digit at the middle cell's centre: the nearest clear point of the line, off the centre.
  const off = badgeSpot(p, q, 0.17, [{ x: 1.5, y: 0.5, r: 0.3 }], 9);
  assert.equal(off.y, 0.5);
  assert.ok(Math.abs(off.x - 1.5) >= 0.47 && off.x > 0.5 && off.x < 2.5, JSON.stringify(off));
  // A line covered all along: a clear corner of a cell it crosses, inside the grid.
  const wall = Array.from({ length: 41 }, (_, i) => ({ x: 0.5 + i / 20, y: 0.5, r: 0.2 }));
  const corner = badgeSpot(p, q, 0.17, wall, 9);
  assert.ok(Number.isInteger(corner.x) && Number.isInteger(corner.y) && corner.x > 0 && corner.y > 0, JSON.stringify(corner));
  // A sloping line covered all along: of the clear corners, the one nearest the line (r3c3's
  // top-left, 0.22 off it), not the one nearest the middle (r3c2's, 0.57 off it).
  const [s, t] = [{ x: 0.5, y: 1.2 }, { x: 2.5, y: 1.95 }];
  const thin = Array.from({ length: 81 }, (_, i) => ({ x: s.x + (t.x - s.x) * i / 80, y: s.y + (t.y - s.y) * i / 80, r: 0.03 }));
  assert.deepEqual(badgeSpot(s, t, 0.17, thin, 9), { x: 2, y: 2 });
});

/** The glossary's example of each technique that carries sets (www/js/glossary.js). */
const EXAMPLES = ["als_xz", "als_xy_wing", "als_chain", "death_blossom"];

for (const technique of EXAMPLES) {
  test(`the logic engine's ${technique} on the glossary's example carries its sets, in the order its sentence names them`, () => {
    const example = glossaryEntry(technique).example.puzzle;
    const { trace, puzzle } = logicTrace(example);
    const head = techniqueEvent(trace, technique, puzzle);
    assert.ok(head >= 0, `the trace has a ${technique}`);
    const note = trace.notes.get(head);
    const figure = readAlsSets(note.als, 9);
    assert.ok(figure, note.als);
    const count = { als_xz: [2, 2], als_xy_wing: [3, 3], als_chain: [4, 6], death_blossom: [2, 3] }[technique];
    assert.ok(figure.sets.length >= count[0] && figure.sets.length <= count[1], note.als);
    assert.equal(figure.stem >= 0, technique === "death_blossom", note.als);
    // The sets are the pattern's cells (the stem first), in order, none shared.
    assert.deepEqual([...(figure.stem >= 0 ? [figure.stem] : []), ...figure.sets.flat()], note.pattern);
    // Each link of a chain has a digit unlike the one before; the sentence names the sets
    // (the stem first) in the order they are lettered.
    for (let k = 1; k < figure.links.length && figure.stem < 0; k++) assert.notDeepEqual(figure.links[k].digits, figure.links[k - 1].digits);
    let from = 0;
    const firsts = [...(figure.stem >= 0 ? [`r${Math.floor(figure.stem / 9) + 1}c${(figure.stem % 9) + 1}`] : []),
      ...figure.sets.map((_, k) => setText(figure, k, 9).slice(3).split(", ")[0])];
    for (const name of firsts) {
      const at = note.sentence.indexOf(name, from);
      assert.ok(at >= from, `${name} after ${from} in ${note.sentence}`);
      from = at;
    }
  });
}

test("steps of other techniques carry no sets", () => {
  const { trace } = logicTrace(glossaryEntry("als_chain").example.puzzle);
  for (const note of trace.notes.values()) {
    if (!note.als) continue;
    assert.ok(readAlsSets(note.als, 9), note.als);
  }
  const plain = [...trace.notes.values()].filter((n) => !n.als);
  assert.ok(plain.length > 0 && plain.every((n) => n.als === ""), "steps without sets carry none");
});
