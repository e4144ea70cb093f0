// Positions in a traced session (www/js/positions.js) on real traces from the wasm module:
// every way a script names an event (`findEvent`), where playback is (`here`), the position
// counter's words, and what is known at a position — by step and by event.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { KIND, KINDS, RULES } from "../../www/js/records.js";
import { START_SENTENCE, findEvent, here, outcomeOf, positionSummary, positionText } from "../../www/js/positions.js";
import { createSession, finish, ingest } from "../../www/js/session.js";

import { root, wasm } from "./wasm.mjs";

const CQOI = fs.readFileSync(path.join(root, "../shared/data/cqoi2013/sample1.in"), "utf8");
/** Norvig's top95 #87: propagation needs 47 guesses. */
const HARD = "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5..";
const XY = ".35....1.1.....9..2....8..6.....3.9..61...5.2....54....9..7.24.8...........92.8..";

/** A finished session of `text` traced by `engine` at the full level, played in `order`. */
function session(text, { engine = "propagate", order = "step" } = {}) {
  const solver = new wasm.Solver(text, "auto", { engine, level: "full", nodeLimit: 100000 });
  const json = solver.puzzle;
  const s = createSession({ size: json.size, json, level: "full", engine, order });
  try {
    for (let first = true; ; first = false) {
      const b = solver.advance(1 << 12);
      ingest(s, { ...b, puzzle: first ? json : undefined });
      if (b.done) {
        finish(s, b, ["unique", "Unique solution"]);
        break;
      }
    }
  } finally {
    solver.free();
  }
  return s;
}

/** The positions after each event of `kind` (and rule prefix), in seq order. */
function after(s, kind, rule = "") {
  const t = s.trace;
  const out = [];
  for (let i = 0; i < t.count; i++) {
    if (t.kind(i) === KIND[kind.toUpperCase()] && (RULES[t.rule(i)] ?? "").startsWith(rule)) out.push(i + 1);
  }
  return out;
}

test("findEvent by event: numbers, start and end, kind[:rule][#n], step:N", () => {
  const s = session(HARD, { order: "event" });
  const t = s.trace;
  const find = (target) => findEvent(t, target, s.puzzle, s.engine);
  assert.equal(find(0), 0);
  assert.equal(find("#12"), 12);
  assert.equal(find("start"), 0);
  assert.equal(find(" END "), t.count);
  assert.equal(find("guess"), after(s, "guess")[0]);
  assert.equal(find("guess#3"), after(s, "guess")[2]);
  assert.equal(find("eliminate:peer#2"), after(s, "eliminate", "peer")[1]);
  assert.equal(find("place:hidden_single"), after(s, "place", "hidden_single")[0]);
  assert.equal(find("step:5"), t.stepHeads[4] + 1, "by event: the position after the step's first event");
  assert.throws(() => find(t.count + 1), /there is no event #\d+: the trace has [\d,]+ events/);
  assert.throws(() => find("sideways"), /names no event/);
  assert.throws(() => find("place:nonsense"), /is not a rule/);
  assert.throws(() => find("contradiction#100000"), /the trace has no event contradiction#100000 \([\d,]+ events with propagate\)/);
  assert.throws(() => find(`step:${t.stepCount + 1}`), /there is no step/);
});

test("findEvent by step: a step ends where it says; an event target is the event's, snapped by playback", () => {
  const s = session(HARD);
  const t = s.trace;
  assert.ok(t.byStep);
  const find = (target) => findEvent(t, target, s.puzzle, s.engine);
  assert.equal(find("step:5"), t.stepEnd(4));
  assert.equal(find("step:0"), 0);
  const guess = find("guess");
  assert.equal(guess, after(s, "guess")[0], "the event's own number");
  // Playback snaps it to the end of the step it is in (the guess and what it causes).
  const k = t.step(guess - 1);
  assert.equal(t.boundary(guess), t.stepEnd(k));
  assert.equal(t.stepEvents(k)[0], guess - 1, "the guess is its step's reason");
});

test("findEvent technique:NAME on the logic engine's trace", () => {
  const s = session(XY, { engine: "logic" });
  const at = findEvent(s.trace, "technique:xy_wing", s.puzzle, s.engine);
  assert.ok(at > 0);
  assert.equal(here(s, at).step.number, s.trace.stepAtPosition(at - 1) + 1);
  assert.throws(() => findEvent(s.trace, "technique:flying", s.puzzle, s.engine), /is not a technique/);
  assert.throws(() => findEvent(s.trace, "technique:jellyfish#9", s.puzzle, s.engine), /the trace has no jellyfish #9 step \([\d,]+ events with logic\)/);
});

test("here: the start, a step with its reason and sentence, an event by event", () => {
  const byStep = session(CQOI);
  const start = here(byStep, 0);
  assert.deepEqual({ ...start, events: 0, steps: 0 }, { position: 0, events: 0, steps: 0, by: "step", done: true, event: null, step: null, sentence: START_SENTENCE });
  const t = byStep.trace;
  const third = here(byStep, t.stepEnd(2));
  assert.equal(third.step.number, 3);
  assert.equal(third.step.events, t.stepEvents(2).length);
  assert.equal(third.event.seq, t.stepEvents(2)[0], "the step's first event: its reason");
  assert.equal(third.event.step, 2);
  assert.equal(third.sentence, third.step.sentence);
  assert.ok(KINDS.includes(third.event.kind));
  assert.match(third.event.cell ?? "", /^(r\dc\d)?$/);
  assert.deepEqual(here(null, 0, "event"), { position: 0, events: 0, steps: 0, by: "event", done: false, event: null, step: null, sentence: "" });

  const byEvent = session(CQOI, { order: "event" });
  const twelfth = here(byEvent, 12);
  assert.equal(twelfth.by, "event");
  assert.equal(twelfth.event.number, 12);
  assert.equal(twelfth.step.sentence, null, "by event, the step is named only");
  assert.ok(twelfth.event.premises.every((p) => p < twelfth.event.seq));
});

test("positionText and positionSummary: the counter's two parts, what is known at a position", () => {
  const s = session(HARD);
  const t = s.trace;
  const [main, more] = positionText(s, t.stepEnd(1));
  assert.equal(main, `step 2 of ${t.stepCount.toLocaleString("en-US")}`);
  assert.equal(more, ` · event ${t.stepEnd(1)} of ${t.count.toLocaleString("en-US")}`);
  const e = session(HARD, { order: "event" });
  assert.deepEqual(positionText(e, 7), [`event 7 of ${e.trace.count.toLocaleString("en-US")}`, ` · step ${e.trace.step(6) + 1} of ${e.trace.stepCount.toLocaleString("en-US")}`]);
  assert.match(positionSummary(s, 0), /^\d+ of 81 cells placed$/);
  const guess = findEvent(t, "guess#2", s.puzzle, s.engine);
  assert.match(positionSummary(s, guess + 1), /depth \d+ · 2 guesses/);
  assert.deepEqual(outcomeOf(s), { status: "unique", solution: s.solutions[0], engine: "propagate", events: t.count, via: "explain" });
  assert.equal(s.solutions[0].length, 81);
});
