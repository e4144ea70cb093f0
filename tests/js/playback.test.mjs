// The explain part's state machine (www/js/playback.js) in Node, with no page: every phase's
// controls, the transitions of Solve, Explain, an answer, Stop and an edit, what the status
// line says in each phase, and how a board opens; on a session fed a real trace (the wasm
// module's, batch by batch as the worker streams it) where that matters.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { CONTROLS, LOCK_REASON, Opening, Playback, controlsFor, statusOf } from "../../www/js/playback.js";
import { createSession, finish, ingest } from "../../www/js/session.js";

import { root, wasm } from "./wasm.mjs";

const CQOI = fs.readFileSync(path.join(root, "../shared/data/cqoi2013/sample1.in"), "utf8");
const PHASES = ["idle", "solving", "solved", "tracing", "playing", "paused", "done"];

/** A clock the test moves by hand (ms). */
function clock() {
  const c = { t: 1000 };
  c.now = () => c.t;
  return c;
}

/** A session of `text`'s trace (propagate, full level), fed `batches` batches of the stream so far (all: every batch and the end). */
function traced(text, { batches = Infinity, order = "step" } = {}) {
  const solver = new wasm.Solver(text, "auto", { engine: "propagate", level: "full" });
  const json = solver.puzzle;
  const session = createSession({ size: json.size, json, level: "full", engine: "propagate", order });
  let final = null;
  try {
    for (let n = 0; n < batches; n++) {
      const b = solver.advance(64);
      ingest(session, { ...b, puzzle: n === 0 ? json : undefined, records: b.records, firstSeq: b.firstSeq });
      if (b.done) {
        final = b;
        break;
      }
    }
  } finally {
    solver.free();
  }
  return { session, final };
}

test("the controls table: every phase, Stop only with something to stop, editing locked while it runs or plays", () => {
  assert.deepEqual(Object.keys(CONTROLS), PHASES);
  for (const phase of PHASES) {
    const rules = CONTROLS[phase];
    assert.equal(rules.solve && rules.explain, true, `${phase}: Solve and Explain always start afresh`);
    assert.equal(rules.stop, ["solving", "tracing", "playing"].includes(phase), `${phase}: Stop`);
    assert.equal(rules.lock, Boolean(LOCK_REASON[phase]), `${phase}: a locked phase says why`);
    assert.equal(rules.playback, ["tracing", "playing", "paused", "done"].includes(phase), `${phase}: playback`);
  }
});

test("controlsFor: the steps need events; a board's Play traces from idle; Play and Pause say which is on", () => {
  assert.equal(controlsFor("tracing", { count: 0 }).steps, false, "no event yet: nothing to step through");
  assert.equal(controlsFor("tracing", { count: 5 }).steps, true);
  assert.equal(controlsFor("idle").play, false, "the page: Explain starts a trace");
  const fresh = controlsFor("idle", { embed: true });
  assert.equal(fresh.play, true, "a board has no Explain: its Play traces and plays");
  assert.match(fresh.playTitle, /Trace the search/);
  assert.equal(controlsFor("solved", { embed: true }).play, true);
  assert.equal(controlsFor("paused", { count: 5, embed: true }).playTitle, "Play (Space)");
  assert.deepEqual(controlsFor("playing", { count: 5, playing: true }).pressed, { play: true, pause: false });
  assert.deepEqual(controlsFor("paused", { count: 5 }).pressed, { play: false, pause: true });
  assert.deepEqual(controlsFor("paused", { count: 0 }).pressed, { play: false, pause: false });
  assert.equal(controlsFor("playing", { playing: true }).busy, true, "the status is not read aloud while it changes");
  assert.equal(controlsFor("done").busy, false);
  assert.equal(controlsFor("solving").lockReason, LOCK_REASON.solving);
});

test("Solve: idle → solving → solved, an answer to a replaced run dropped, back to idle", () => {
  const c = clock();
  const state = new Playback(c.now);
  assert.equal(state.phase(), "idle");
  const first = state.beginSolve("dlx");
  assert.equal(state.phase(), "solving");
  c.t += 1250;
  assert.equal(state.progressed(first, { stats: { nodes: 4096 }, time: 1250 }), true);
  assert.deepEqual(state.status("solving"), ["working", "Solving with dlx… 1.3 s · 4,096 nodes · editing is locked; Stop cancels"]);
  // A second Solve replaces the first: the first's progress and answer are dropped.
  state.idle();
  const second = state.beginSolve("propagate");
  assert.equal(state.progressed(first, { stats: {} }), false);
  assert.equal(state.answered(first, { status: "unique" }), false);
  assert.equal(state.phase(), "solving");
  assert.equal(state.answered(second, { status: "unique" }), true);
  assert.equal(state.phase(), "solved");
  assert.equal(state.status("solved"), null, "a Solve's status is written once, by the caller");
  assert.equal(state.idle(), null, "nothing ran");
  assert.equal(state.phase(), "idle");
});

test("Solve of an invalid puzzle, a failed Solve and a stopped one end in idle", () => {
  const state = new Playback(clock().now);
  let run = state.beginSolve("propagate");
  state.answered(run, { status: "invalid", problems: [] });
  assert.equal(state.phase(), "idle", "invalid: no answer shown");
  run = state.beginSolve("propagate");
  assert.equal(state.failed(run), true);
  assert.equal(state.phase(), "idle");
  run = state.beginSolve("naive");
  const stopped = state.stop();
  assert.deepEqual(stopped, { was: "solve", after: "0.0 s" });
  assert.equal(state.phase(), "idle");
  assert.equal(state.failed(run), false, "the cancelled run's rejection comes after Stop: dropped");
  assert.equal(state.stop(), null, "Stop with nothing running stops nothing");
});

test("Explain: tracing (playing or paused while it streams) → paused, playing, done at the end", () => {
  const c = clock();
  const state = new Playback(c.now);
  const { session, final } = traced(CQOI);
  state.beginTrace(session, "propagate");
  assert.equal(state.phase(true, 3), "tracing", "tracing, whether or not it plays meanwhile");
  c.t += 2000;
  assert.match(state.status("tracing")[1], /^Tracing with propagate… 2\.0 s · [\d,]+ events · [\d,]+ nodes?$/);
  assert.equal(state.traced(session, final), true);
  const [status, text] = statusOf(final.status, final.stats);
  finish(session, final, [status, `${text} · ${session.trace.count} events`]);
  const end = session.trace.count;
  assert.equal(state.phase(true, 10), "playing");
  assert.equal(state.phase(false, 10), "paused");
  assert.equal(state.phase(false, end), "done");
  // Before the end the status says what is known at the position, never the outcome.
  const [paused, summary] = state.status("paused", 10);
  assert.equal(paused, "explaining");
  assert.match(summary, /^\d+ of 81 cells placed/);
  assert.doesNotMatch(summary, /unique/i);
  assert.deepEqual(state.status("done", end), ["unique", `Unique solution · ${end} events`]);
  // An edit: back to idle, nothing to cancel.
  assert.equal(state.idle(), null);
  assert.equal(state.phase(), "idle");
});

test("Stop while tracing: the events so far replay, and the status says stopped until playback moves", () => {
  const c = clock();
  const state = new Playback(c.now);
  const { session } = traced(CQOI, { batches: 2 });
  state.beginTrace(session, "propagate");
  c.t += 500;
  const stopped = state.stop(4);
  assert.equal(stopped.was, "explain");
  assert.equal(session.done, true);
  assert.equal(state.phase(false, 4), "paused");
  const said = state.status("paused", 4);
  assert.deepEqual(said, ["stopped", `Stopped after 0.5 s · ${session.trace.count} events to replay`]);
  assert.equal(state.status("paused", 5)[0], "explaining", "moved on: the position's summary again");
  assert.equal(state.phase(false, session.trace.count), "done");
  assert.equal(state.status("done", session.trace.count)[0], "stopped", "the end of a stopped trace is said as stopped");
  // The cancelled stream's rejection comes later: the session keeps what came.
  assert.equal(state.traceFailed(session), true);
  assert.equal(state.session, session);
});

test("an invalid puzzle's trace ends in idle; a replaced trace's end is dropped", () => {
  const state = new Playback(clock().now);
  const { session } = traced(CQOI, { batches: 1 });
  state.beginTrace(session, "propagate");
  assert.equal(state.traced(session, { status: "invalid", problems: [] }), true);
  assert.equal(state.phase(), "idle");
  const a = traced(CQOI, { batches: 1 }).session;
  const b = traced(CQOI, { batches: 1 }).session;
  state.beginTrace(a, "propagate");
  state.idle();
  state.beginTrace(b, "propagate");
  assert.equal(state.traced(a, { status: "unique" }), false);
  assert.equal(state.traceFailed(a), false);
  assert.equal(state.phase(), "tracing");
});

test("statusOf: each wasm status as data-status and words", () => {
  assert.deepEqual(statusOf("unique"), ["unique", "Unique solution"]);
  assert.deepEqual(statusOf("multiple"), ["several", "Several solutions (one shown)"]);
  assert.deepEqual(statusOf("unsolvable"), ["none", "No solution"]);
  assert.deepEqual(statusOf("solved"), ["several", "Solved; uniqueness not checked"]);
  assert.deepEqual(statusOf("limit", { nodes: 1000000 }), ["limit", "Node limit reached (1,000,000 nodes)"]);
  assert.deepEqual(statusOf("limit", {}, { eventLimit: true }), ["limit", "Event limit: the trace stops here"]);
  assert.equal(statusOf("odd")[0], "error");
});

test("Opening: armed by autoplay or start, disarmed when the reader takes over", () => {
  assert.equal(new Opening().armed, false);
  assert.equal(new Opening({ start: "" }).armed, false, "an empty start opens nothing");
  const opening = new Opening({ start: "guess" });
  assert.equal(opening.armed, true);
  assert.equal(new Opening({ autoplay: true }).armed, true);
  opening.disarm();
  assert.equal(opening.armed, false);
  assert.equal(opening.start, null);
});
