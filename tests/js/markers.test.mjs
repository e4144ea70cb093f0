// Markers between cells on the page (Kropki dots, X, V, the negative constraint): the page
// model reads and writes them as the wasm module does, the page's list of pair rules is the
// engine's (every marker event of a trace names the pair the native CLI names), and the
// sentences of marker deductions say what is true on the board at that moment.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { Trace } from "../../www/js/trace.js";
import { Replay } from "../../www/js/replay.js";
import { KIND, RULE, VIA } from "../../www/js/records.js";
import { cellName, describePuzzle } from "../../www/js/geometry.js";
import { explain } from "../../www/js/sentences.js";
import { explainStep } from "../../www/js/steps.js";
import {
  cloneModel, fromWasm, markerHolds, nextGap, sameModel, toWasm, withGap, describe, gapOf,
} from "../../www/js/model.js";
import { compactText, readPuzzle } from "../../www/js/formats.js";
import { EXAMPLES } from "../../www/js/examples.js";

import { root, wasm } from "./wasm.mjs";

const PUBLISHED = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/published-kropki.json"), "utf8"));
const BIN = path.join(root, "target/release/sudoku-lab");

/** Every puzzle here: the published Kropki set and the page's marker examples. */
function puzzles() {
  const out = PUBLISHED.map((e) => [e.name, JSON.stringify(e.puzzle)]);
  for (const e of EXAMPLES.filter((x) => /kropki|xv/.test(x.id))) out.push([e.id, JSON.stringify(toWasm(readPuzzle(e.text, { kind: e.kind })))]);
  return out;
}

/** The propagate engine's full trace of `text`: `{trace, puzzle}`. */
function traceOf(text, engine = "propagate") {
  const trace = new Trace("full", { order: "event" });
  const solver = new wasm.Solver(text, "auto", { engine, level: "full", nodeLimit: 100000 });
  const puzzle = describePuzzle(solver.puzzle);
  try {
    for (;;) {
      const b = solver.advance(1 << 16);
      trace.append(b.records, b.firstSeq, b.premises, b.steps);
      if (b.done) break;
    }
  } finally {
    solver.free();
  }
  trace.finish();
  return { trace, puzzle };
}

test("the page model keeps markers and the negative constraint through wasm and back", () => {
  for (const [what, text] of puzzles()) {
    const object = JSON.parse(text);
    const model = fromWasm(wasm.parse(text, undefined, {}));
    assert.equal(model.markers.size, object.markers.length, what);
    assert.deepEqual(model.negative, [...(object.negative ?? [])].sort(), what);
    for (const [a, token, b] of object.markers) assert.equal(gapOf(model, [a, b].join("-")), token, `${what}: ${a} ${b}`);
    // The module reads the page's object as the same puzzle, and so does the shortest spelling.
    const again = fromWasm(wasm.parse(JSON.stringify(toWasm(model)), undefined, {}));
    assert.ok(sameModel(again, model), what);
    const { text: short, alphabet } = compactText(model);
    assert.ok(sameModel(readPuzzle(short, { kind: model.kind, alphabet }), model), `${what}: ${short}`);
    assert.ok(short.length < JSON.stringify(toWasm(model)).length, `${what}: the URL text is shorter than JSON`);
    assert.match(describe(model), /\d+ dots?|X\/V/, what);
  }
});

test("a click cycles the chosen family; a sign and a marker replace each other", () => {
  assert.deepEqual(["", "white", "black"].map((v) => nextGap("kropki", v)), ["white", "black", ""]);
  assert.deepEqual(["", "X", "V"].map((v) => nextGap("xv", v)), ["X", "V", ""]);
  assert.equal(nextGap("kropki", "<"), "white", "another family's mark starts the cycle");
  assert.equal(nextGap("signs", "white"), "<");
  let model = fromWasm({ size: 4, kind: "classic", givens: "................" });
  model = withGap(model, "r1c1-r1c2", "white");
  model = withGap(model, "r1c1-r2c1", "<");
  assert.deepEqual([gapOf(model, "r1c1-r1c2"), gapOf(model, "r1c1-r2c1")], ["white", "<"]);
  const replaced = withGap(model, "r1c1-r2c1", "X");
  assert.equal(replaced.relations.size, 0);
  assert.equal(replaced.markers.get("r1c1-r2c1"), "X");
  assert.ok(!sameModel(replaced, model) && sameModel(cloneModel(model), model));
  const withNegative = cloneModel(model);
  withNegative.negative = ["black", "white"];
  assert.ok(!sameModel(withNegative, model), "the negative constraint is part of the puzzle");
  // Two marks on one gap are refused with the cells named, not drawn as one.
  assert.throws(() => fromWasm({ size: 4, kind: "classic", givens: "", markers: [["r1c1", "white", "r1c2"], ["r1c2", "V", "r1c1"]] }), /r1c1 and r1c2/);
});

test("the page's pair rules are the engine's: every marker event names the pair the CLI names", { skip: !fs.existsSync(BIN) && "the native build is missing" }, () => {
  for (const [what, text] of puzzles()) {
    const { trace, puzzle } = traceOf(text);
    const lines = execFileSync(BIN, ["trace", "--level", "full", "-"], { input: text, maxBuffer: 1 << 28 })
      .toString().trim().split("\n").map((line) => JSON.parse(line));
    const events = lines.filter((e) => e.seq !== undefined);
    assert.equal(events.length, trace.count, `${what}: the same trace natively and in wasm`);
    let checked = 0;
    for (let i = 0; i < trace.count; i++) {
      if (trace.viaTag(i) !== VIA.MARKER) continue;
      const r = puzzle.pairRules[trace.viaPayload(i)];
      const via = events[i].via;
      const [a, b] = [cellName(r.a, puzzle.size), cellName(r.b, puzzle.size)];
      if (r.marker === null) assert.deepEqual(via, { unmarked: `${a} ${b}` }, `${what}: event ${i}`);
      else assert.deepEqual(via, { marker: `${a} ${r.marker} ${b}` }, `${what}: event ${i}`);
      assert.equal(trace.rule(i) === RULE.NEGATIVE, r.marker === null, `${what}: event ${i}`);
      checked++;
    }
    assert.ok(checked > 0, `${what}: marker events`);
  }
});

test("a marker deduction's sentence names the marker and what the partner lacks, true at that moment", () => {
  let said = 0;
  for (const [what, text] of puzzles()) {
    const { trace, puzzle } = traceOf(text);
    const before = new Replay(puzzle.size, trace);
    for (let i = 0; i < trace.count; i++) {
      if (trace.kind(i) !== KIND.ELIMINATE || trace.viaTag(i) !== VIA.MARKER) continue;
      before.seek(i);
      const sentence = explain(trace, i, before, puzzle);
      const r = puzzle.pairRules[trace.viaPayload(i)];
      const cell = trace.cell(i);
      const partner = r.a === cell ? r.b : r.a;
      const say = `${what}, event ${i}: ${sentence}`;
      assert.ok(!/undefined|NaN/.test(sentence), say);
      assert.ok(sentence.startsWith(`${trace.digit(i)} removed from ${cellName(cell, puzzle.size)}: `), say);
      assert.ok(sentence.includes(cellName(partner, puzzle.size)), say);
      const m = /has no ([\d–, or]+) left/.exec(sentence);
      if (r.marker !== null) {
        assert.ok(sentence.includes(r.marker === "white" || r.marker === "black" ? `${r.marker} dot` : `an ${r.marker}`) || sentence.includes(`a ${r.marker}`), say);
      } else {
        assert.match(sentence, /no marker joins r\d+c\d+ and r\d+c\d+, so their digits (are not|do not sum to) .* \(the negative constraint\)/, say);
      }
      if (m) {
        // The digits named as missing are missing, and they are exactly the ones the marker
        // would pair with the removed digit.
        const digits = m[1].split(/, | or /).flatMap((part) => {
          const [x, y] = part.split("–").map(Number);
          return y ? Array.from({ length: y - x + 1 }, (_, k) => x + k) : [x];
        });
        for (const d of digits) {
          assert.equal(before.mask(partner) & (1 << (d - 1)), 0, `${say}: ${d} is still there`);
          assert.ok(markerHolds(r.marker, trace.digit(i), d), `${say}: ${d}`);
        }
      }
      said++;
    }
  }
  assert.ok(said > 100, `${said} marker deductions said`);
});

test("every step of a marker puzzle has a sentence without holes", () => {
  for (const [what, text] of puzzles()) {
    const trace = new Trace("full");
    const solver = new wasm.Solver(text, "auto", { engine: "propagate", level: "full", nodeLimit: 100000 });
    const puzzle = describePuzzle(solver.puzzle);
    for (;;) {
      const b = solver.advance(1 << 16);
      trace.append(b.records, b.firstSeq, b.premises, b.steps);
      if (b.done) break;
    }
    solver.free();
    trace.finish();
    const probe = new Replay(puzzle.size, trace);
    let markers = 0;
    for (let k = 0; k < trace.stepCount; k++) {
      const events = trace.stepEvents(k);
      probe.seek(trace.stepStart(k));
      const sentence = explainStep(trace, events, probe, puzzle);
      assert.ok(sentence.length > 5 && !/undefined|NaN|\{|\}|more removal/.test(sentence), `${what}, step ${k + 1}: ${sentence}`);
      if (/joined by|no marker joins/.test(sentence)) markers++;
    }
    assert.ok(markers > 0, `${what}: some step says a marker`);
  }
});

test("a marker technique's step marks the markers between its pattern's cells", async () => {
  const { logicTrace } = await import("./wasm.mjs");
  const { focusStep, stepTechnique } = await import("../../www/js/steps.js");
  let seen = 0;
  for (const [what, text] of puzzles()) {
    const { trace, puzzle } = logicTrace(text);
    const probe = new Replay(puzzle.size, trace);
    for (let k = 0; k < trace.stepCount; k++) {
      const events = trace.stepEvents(k);
      probe.seek(trace.stepStart(k));
      const name = stepTechnique(trace, events, probe, puzzle);
      if (!["marker_bound", "marker_pair"].includes(name)) continue;
      const f = focusStep(trace, events, probe, puzzle);
      const marked = new Map(puzzle.pairRules.filter((r) => r.marker !== null).map((r) => [r.edge, r]));
      assert.ok(f.relations.length > 0, `${what}, step ${k + 1} (${name}): no marker marked`);
      // Each marked gap joins cells the step shows: its pattern, or the cells that lose digits.
      const shown = new Set([...f.cells, ...f.targets]);
      for (const edge of f.relations) {
        const r = marked.get(edge);
        assert.ok(r && shown.has(r.a) && shown.has(r.b), `${what}, step ${k + 1}: ${edge}`);
      }
      seen++;
    }
  }
  assert.ok(seen > 20, `${seen} marker technique steps`);
});
