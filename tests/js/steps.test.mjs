// Playback by step (www/js/trace.js's play order, www/js/steps.js's sentences) on real traces
// from the wasm module: every position is a state the events reach, every step one run of
// positions, the decisions where seq order has them, the grid at every decision and at the
// end the one seq order gives, in any batch size while the trace streams; and every step's
// sentence names what it changes, never a bound that holds for every digit.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { Trace } from "../../www/js/trace.js";
import { Replay, removalOf } from "../../www/js/replay.js";
import { KIND } from "../../www/js/records.js";
import { describePuzzle, cellName } from "../../www/js/geometry.js";
import { explainStep, focusStep, stepKind, stepPremises } from "../../www/js/steps.js";
import { digitList, cellList } from "../../www/js/sentences.js";
import { glossaryEntry } from "../../www/js/glossary.js";

import { logicTrace, root, wasm } from "./wasm.mjs";

const data = (file) => fs.readFileSync(path.join(root, "../shared/data", file), "utf8");

/** Norvig's top95 #87: 47 guesses. */
const HARD = "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5..";
const XY = ".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..";

/** [what, puzzle, engine, whether a deduction comes before any guess]. */
const CASES = [
  ["the CQOI sample", data("cqoi2013/sample1.in"), "propagate", true],
  ["the CQOI sample, logic", data("cqoi2013/sample1.in"), "logic", true],
  ["a hard 9×9", HARD, "propagate", true],
  ["the XY-wing puzzle, logic", XY, "logic", true],
  // Two signs and nothing else: propagation can only guess.
  ["a 4×4 Futoshiki", "4 futoshiki\n.<.|.|.\n- - - -\n.|.|.|.\n- - - -\n.|.|.>.\n- - - -\n.|.|.|.\n", "propagate", false],
];

/** The trace of `text` by `engine`, appended in batches of `budget` into `trace`s; `onBatch` after each. */
function traced(text, engine, budget, traces, onBatch = () => {}) {
  const solver = new wasm.Solver(text, "auto", { engine, level: "full", nodeLimit: 100000 });
  const puzzle = describePuzzle(solver.puzzle);
  try {
    for (;;) {
      const b = solver.advance(budget);
      for (const t of traces) t.append(b.records, b.firstSeq, b.premises, b.steps);
      onBatch();
      if (b.done) break;
    }
  } finally {
    solver.free();
  }
  for (const t of traces) t.finish();
  return puzzle;
}

test("step order: a permutation whose steps are runs, decisions in place, the same grid at every decision", () => {
  for (const [what, text, engine] of CASES) {
    const bySeq = new Trace("full", { order: "event" });
    const byStep = new Trace("full");
    const puzzle = traced(text, engine, 1 << 20, [bySeq, byStep]);
    assert.ok(byStep.byStep && !bySeq.byStep, what);
    assert.equal(byStep.ready, byStep.count, `${what}: every position is ready once finished`);
    assert.equal(byStep.closedSteps, byStep.stepCount, what);
    const seen = new Uint8Array(byStep.count);
    for (let p = 0; p < byStep.count; p++) {
      const i = byStep.at(p);
      assert.equal(seen[i], 0, `${what}: event ${i} twice`);
      seen[i] = 1;
      assert.equal(byStep.positionOf(i), p, what);
      // Steps by number; a step's events by seq.
      if (p > 0) {
        const [a, b] = [byStep.step(byStep.at(p - 1)), byStep.step(i)];
        assert.ok(a < b || (a === b && byStep.at(p - 1) < i), `${what}: position ${p}`);
      }
    }
    for (let k = 0; k < byStep.stepCount; k++) {
      const [from, to] = byStep.stepRange(k);
      assert.ok(from < to, `${what}: step ${k} is not empty`);
      for (let p = from; p < to; p++) assert.equal(byStep.step(byStep.at(p)), k, `${what}: step ${k}`);
      assert.equal(byStep.stepsAt(to), k + 1, `${what}: ${k + 1} steps end by position ${to}`);
      assert.equal(byStep.boundary(from + 1), to, `${what}: inside step ${k}, the stop is its end`);
    }
    // Decisions keep their position, and the grid before each is the one seq order has.
    const a = new Replay(puzzle.size, bySeq);
    const b = new Replay(puzzle.size, byStep);
    for (let i = 0; i < bySeq.count; i++) {
      if (![KIND.GUESS, KIND.BACKTRACK, KIND.CONTRADICTION, KIND.SOLUTION].includes(bySeq.kind(i))) continue;
      assert.equal(byStep.positionOf(i), i, `${what}: decision ${i} in place`);
      a.seek(i);
      b.seek(i);
      assert.deepEqual(b.grid(), a.grid(), `${what}: the grid before decision ${i}`);
      assert.equal(b.depth, a.depth, what);
    }
    a.seek(bySeq.count);
    b.seek(byStep.count);
    assert.deepEqual(b.grid(), a.grid(), `${what}: the last grid`);
    // Why is a digit gone: the same removal in either order (at the end of a step).
    for (let k = 0; k < byStep.stepCount; k += Math.max(1, Math.floor(byStep.stepCount / 20))) {
      const end = byStep.stepEnd(k);
      for (const i of byStep.stepEvents(k)) {
        if (byStep.kind(i) !== KIND.ELIMINATE) continue;
        assert.equal(removalOf(byStep, end, byStep.cell(i), byStep.digit(i)), i, `${what}: removal ${i}`);
      }
    }
  }
});

test("while the trace streams, positions up to the last decision are final, in any batch size", () => {
  for (const [what, text, engine] of CASES) {
    const whole = new Trace("full");
    traced(text, engine, 1 << 20, [whole]);
    for (const budget of [1, 7, 300]) {
      const t = new Trace("full");
      let last = 0;
      traced(text, engine, budget, [t], () => {
        assert.ok(t.ready >= last && t.ready <= t.count, `${what}: ready ${t.ready} of ${t.count}`);
        for (let p = last; p < t.ready; p++) assert.equal(t.at(p), whole.at(p), `${what}, budget ${budget}: position ${p}`);
        last = t.ready;
      });
      assert.equal(t.ready, whole.count, what);
      for (let p = last; p < t.ready; p++) assert.equal(t.at(p), whole.at(p), `${what}, budget ${budget}: position ${p}`);
    }
  }
});

test("each step's sentence names its cells and digits, and no bound that holds for every digit", () => {
  for (const [what, text, engine, deduces] of CASES) {
    const t = new Trace("full");
    const puzzle = traced(text, engine, 1 << 20, [t]);
    const probe = new Replay(puzzle.size, t);
    let placements = 0;
    for (let k = 0; k < t.stepCount; k++) {
      const events = t.stepEvents(k);
      probe.seek(t.stepStart(k));
      const kind = stepKind(t, events);
      const sentence = explainStep(t, events, probe, puzzle);
      const say = `${what}, step ${k + 1} (${kind}): ${sentence}`;
      assert.ok(sentence.length > 5 && !/undefined|NaN|\{|\}/.test(sentence), say);
      assert.ok(!/at least 1\b|at most 9\b|≥ 1\b|≤ 9\b/.test(sentence), say);
      const head = events[0];
      if (kind === "place") {
        placements++;
        assert.ok(sentence.startsWith(`${cellName(t.cell(head), puzzle.size)} `), say);
        // Each digit the step takes from a peer is said with its cells (the first few).
        const peers = events.filter((i) => t.kind(i) === KIND.ELIMINATE && t.rule(i) === 1);
        if (peers.length) {
          const cells = peers.map((i) => t.cell(i)).sort((x, y) => x - y);
          assert.ok(sentence.includes(`${t.digit(head)} leaves ${cellList(cells, puzzle.size)}`), say);
        }
      }
      if (kind === "locked") assert.match(sentence, /^In (row|column|block) \d+, \d+ can only be in (row|column|block) \d+: \d+ leaves r\d+c\d+/, say);
      if (kind === "technique") assert.match(sentence, /^[A-Z][A-Za-z-]*( [a-z-]+)*: (\d+ leaves r\d+c\d+|r\d+c\d+ cannot be \d)/, say);
      // The board marks every removal of the step and outlines its targets.
      const f = focusStep(t, events, probe, puzzle);
      const removals = events.filter((i) => t.kind(i) === KIND.ELIMINATE);
      if (kind !== "start") assert.equal(f.removed.length, removals.length, say);
      // A step rests only on what came before it.
      for (const p of stepPremises(t, events)) assert.ok(t.positionOf(p) < t.stepStart(k), `${say}: premise ${p}`);
    }
    assert.ok(placements > 0, what);
    // The first steps reach a placement or a named deduction at once.
    const early = Array.from({ length: Math.min(3, t.stepCount) }, (_, k) => stepKind(t, t.stepEvents(k)));
    if (deduces) assert.ok(early.some((k) => ["place", "locked", "technique", "relation"].includes(k)), `${what}: ${early}`);
  }
});

test("a technique step of the logic engine says its instance and marks its pattern", () => {
  const { trace: t, puzzle } = logicTrace(XY, 1 << 10);
  const probe = new Replay(puzzle.size, t);
  let techniques = 0;
  let wing = null;
  for (let k = 0; k < t.stepCount; k++) {
    const events = t.stepEvents(k);
    if (stepKind(t, events) !== "technique") continue;
    techniques++;
    probe.seek(t.stepStart(k));
    const note = t.notes.get(events[0]);
    assert.ok(note, `step ${k + 1}: no instance`);
    const sentence = explainStep(t, events, probe, puzzle);
    assert.ok(sentence.endsWith(note.sentence.replace(/\.$/, "")), sentence);
    assert.match(sentence, /^[A-Z][A-Za-z-]*( [a-z-]+)*: /, sentence);
    const f = focusStep(t, events, probe, puzzle);
    assert.deepEqual([...f.cells].sort((x, y) => x - y), [...note.pattern].sort((x, y) => x - y), sentence);
    if (sentence.startsWith("XY-wing")) wing = sentence;
  }
  assert.ok(techniques > 0);
  assert.ok(wing, "an XY-wing step");
  for (const cell of ["r3c8", "r2c9", "r3c2", "r2c2"]) assert.ok(wing.includes(cell), `${wing}: ${cell}`);
});

test("a finned fish step's board draws as fins exactly the cells its sentence names as fins", () => {
  // The glossary's examples of each fish with fins: the logic engine's path takes each.
  const fishes = ["finned_x_wing", "finned_swordfish", "finned_jellyfish", "franken_fish", "mutant_fish"];
  let finned = 0;
  for (const name of fishes) {
    const { trace: t, puzzle } = logicTrace(glossaryEntry(name).example.puzzle, 1 << 12);
    const probe = new Replay(puzzle.size, t);
    for (let k = 0; k < t.stepCount; k++) {
      const events = t.stepEvents(k);
      probe.seek(t.stepStart(k));
      const f = focusStep(t, events, probe, puzzle);
      const note = stepKind(t, events) === "technique" ? t.notes.get(events[0]) : null;
      const said = note?.sentence.match(/ but for the fins? (.+?) (?:in block|\()/);
      if (!said) {
        assert.deepEqual(f.fins, [], `step ${k + 1}: ${note?.sentence}`);
        continue;
      }
      finned++;
      assert.ok(f.fins.length > 0 && f.fins.every((c) => note.pattern.includes(c) && f.cells.includes(c)), note.sentence);
      assert.equal(cellList(f.fins, puzzle.size), said[1], note.sentence);
    }
  }
  assert.ok(finned >= fishes.length, `${finned} fish with fins`);
});

test("digit lists join runs, cell lists stop after a few", () => {
  assert.equal(digitList([3, 1, 2]), "1–3");
  assert.equal(digitList([1, 2]), "1 or 2");
  assert.equal(digitList([1, 3, 4, 5, 9]), "1, 3–5 or 9");
  assert.equal(cellList([0, 1, 2], 9), "r1c1, r1c2 and r1c3");
  assert.equal(cellList([0, 1, 2, 3, 4, 5, 6], 9), "r1c1, r1c2, r1c3, r1c4 and 3 more cells");
});
