//! A traced search as the page shows it: the trace streaming in from the worker, the two
//! replays over it (the display's, and the probe the sentences are computed with; they share
//! checkpoints), the caches of sentences and step views, and what is known of the run — its
//! statistics, solutions and outcome. No DOM: the explain module draws it; tests drive it in
//! Node.

import { Trace } from "./trace.js";
import { Replay } from "./replay.js";
import { explain, toneOf } from "./sentences.js";
import { explainStep, focusStep, stepKind, stepPremises, stepTechnique } from "./steps.js";
import { describePuzzle } from "./geometry.js";
import { answerAlphabet, solutionDigits } from "./model.js";

/** What the replays' checkpoints may hold, together. */
const REPLAY_BYTES = 32 << 20;
/** Sentences and step views kept before the caches start again. */
const CACHED = 4096;

/**
 * A new session for a trace of the puzzle `json` (the wasm model) of `size`, traced at
 * `level` by `engine`, played in `order` ("step" or "event").
 */
export function createSession({ size, json, level, engine, order = "step" }) {
  const trace = new Trace(level, { order });
  const session = {
    trace,
    size,
    level,
    engine,
    puzzle: describePuzzle(json),
    alphabet: json.alphabet ?? "digits",
    replay: new Replay(size, trace, { budgetBytes: REPLAY_BYTES }),
    probe: null,
    sentences: new Map(),
    stepSentences: new Map(),
    done: false,
    status: null,
    stats: null,
    time: 0,
    solutions: [],
    /** The statistics panel's content for this run (held back until the end: see explain.js). */
    statsShown: null,
    /** The outcome `[data-status, text]`, shown once playback reaches the end. */
    final: null,
    /** News about the run (it was stopped) said at one position: `{position, status}`. */
    notice: null,
  };
  // The display and the probe for sentences share one set of checkpoints.
  session.probe = new Replay(size, trace, { budgetBytes: REPLAY_BYTES, shares: session.replay });
  return session;
}

/** Takes a batch of the worker's stream in (the last one, the result, too). */
export function ingest(session, batch) {
  const { trace } = session;
  if (batch.puzzle) {
    session.puzzle = describePuzzle(batch.puzzle);
    session.alphabet = answerAlphabet(batch.puzzle.alphabet ?? "digits", batch.puzzle.size);
  }
  if (batch.records?.length) trace.append(batch.records, batch.firstSeq, batch.premises, batch.steps);
  trace.addNotes(batch.notes);
  session.stats = batch.stats ?? session.stats;
  session.time = batch.time ?? session.time;
  if (batch.solutions) session.solutions = batch.solutions.map((x) => solutionDigits(x, session.alphabet));
  session.statsShown = statsOf(session);
}

/** The whole trace is in: `final` is the worker's last batch, `outcome` its `[data-status, text]`. */
export function finish(session, final, outcome) {
  session.trace.finish();
  session.done = true;
  session.status = final.status;
  session.final = outcome;
  session.statsShown = statsOf(session, { techniques: session.engine === "logic" ? session.trace.techniqueCounts() : [] });
}

/** The run ended early (stopped, or failed): what is in is all there is; `outcome` says why. */
export function cut(session, outcome) {
  session.trace.finish();
  session.done = true;
  session.final = outcome;
}

function statsOf(session, more = {}) {
  const { stats, engine, time, trace, level } = session;
  return { stats, engine, time, events: trace.count, level, what: "explain", ...more };
}

/** The sentence of event `i` (cached), computed with the probe replay just before it. */
export function sentenceOf(session, i) {
  let text = session.sentences.get(i);
  if (text === undefined) {
    session.probe.seek(session.trace.positionOf(i));
    text = explain(session.trace, i, session.probe, session.puzzle);
    if (session.sentences.size > CACHED) session.sentences.clear();
    session.sentences.set(i, text);
  }
  return text;
}

/**
 * Step `k` in step order, cached: its events, kind, sentence, tone, board focus, technique,
 * a forcing chain's branches (the crate's text of each; [] for other steps), an ALS chain's
 * sets (the crate's text; "" for other steps) and whether it
 * has a Why (`canAsk`), computed with the probe at the step's first position.
 */
export function stepViewOf(session, k) {
  let view = session.stepSentences.get(k);
  if (view) return view;
  const t = session.trace;
  const events = t.stepEvents(k);
  session.probe.seek(t.stepStart(k));
  const kind = stepKind(t, events);
  view = {
    events,
    kind,
    text: explainStep(t, events, session.probe, session.puzzle),
    tone: toneOf(t, events[0]),
    focus: focusStep(t, events, session.probe, session.puzzle),
    technique: stepTechnique(t, events, session.probe, session.puzzle),
    branches: t.notes?.get(events[0])?.branches ?? [],
    als: t.notes?.get(events[0])?.als ?? "",
    canAsk: !["guess", "backtrack", "solution"].includes(kind) || stepPremises(t, events).length > 0,
  };
  if (session.stepSentences.size > CACHED) session.stepSentences.clear();
  session.stepSentences.set(k, view);
  return view;
}
