//! Positions in a traced session, in the words a script, the status line and the position
//! counter use: the position an event target names (`findEvent`), an event as data, where
//! playback is (`here`), what is known at a position, and the outcome of a session. No DOM.

import { KINDS, RULES, TECHNIQUES } from "./records.js";
import { premisesOf, plural } from "./sentences.js";
import { techniqueEvent } from "./steps.js";
import { cellName, popcount } from "./geometry.js";
import { quoted } from "./formats.js";
import { sentenceOf, stepViewOf } from "./session.js";

/** What the board says at the start, before any event. */
export const START_SENTENCE = "Start: every digit is possible in every cell.";

/**
 * The playback position named by `target`: a number is an event number as the page
 * shows it ("#12": 12; 0 is the start, before any event); "step:N" (or "step#N") the end
 * of step N (from 1; by event, the position after its first event); "start" and "end"; or
 * `kind[:rule][#n]`, the n-th (default first) event of a kind (round, place, eliminate,
 * guess, backtrack, contradiction, solution) whose rule starts with `rule`
 * ("place:hidden_single" is any hidden single; "eliminate:relation#3" the third
 * elimination by a relation); or `technique:name[#n]`, the end of the n-th step that uses
 * a technique of the logic engine ("technique:xy_wing"; by event, the position after its
 * first event). Throws when nothing matches; `engine` is named in that message.
 */
export function findEvent(trace, target, puzzle, engine) {
  const count = trace.count;
  const text = String(target).trim().toLowerCase();
  if (/^#?\d+$/.test(text)) {
    const n = Number(text.replace("#", ""));
    if (n > count) throw new Error(`there is no event #${n}: the trace has ${plural(count, "event")}`);
    return n;
  }
  if (text === "start") return 0;
  if (text === "end") return count;
  const step = /^step\s*[:#]\s*(\d+)$/.exec(text);
  if (step) return stepPosition(trace, Number(step[1]));
  const technique = /^technique\s*:\s*([a-z_]+)(?:#(\d+))?$/.exec(text);
  if (technique) return techniquePosition(trace, technique, puzzle, engine);
  const match = /^([a-z]+)(?::([a-z_]+))?(?:#(\d+))?$/.exec(text);
  const kind = match ? KINDS.indexOf(match[1]) : -1;
  if (!match || kind < 0) {
    throw new Error(`${quoted(String(target))} names no event: write a number, "start", "end" or kind[:rule][#n], with a kind among ${KINDS.join(", ")}`);
  }
  const rule = match[2] ?? "";
  if (rule && !RULES.some((r) => r.startsWith(rule))) {
    throw new Error(`${quoted(rule)} is not a rule: the rules are ${RULES.join(", ")}`);
  }
  let wanted = match[3] ? Number(match[3]) : 1;
  for (let i = 0; i < count; i++) {
    if (trace.kind(i) !== kind) continue;
    if (rule && !(RULES[trace.rule(i)] ?? "").startsWith(rule)) continue;
    if (--wanted === 0) return i + 1;
  }
  throw new Error(`the trace has no ${match[3] ? `event ${text}` : `${text} event`} (${plural(count, "event")} with ${engine})`);
}

/** "step:N": the end of step N (by event, the position after its first event). */
function stepPosition(trace, n) {
  if (!trace.hasSteps) throw new Error("this trace has no steps");
  if (n > trace.stepCount) throw new Error(`there is no step ${n}: the trace has ${plural(trace.stepCount, "step")}`);
  if (n === 0) return 0;
  return trace.byStep ? trace.stepEnd(n - 1) : trace.stepHeads[n - 1] + 1;
}

/** "technique:NAME[#n]": the end of the n-th step that uses the technique. */
function techniquePosition(trace, [, name, nth], puzzle, engine) {
  if (!TECHNIQUES.some(([t]) => t === name)) {
    throw new Error(`${quoted(name)} is not a technique: the techniques are ${TECHNIQUES.map(([t]) => t).join(", ")}`);
  }
  const i = techniqueEvent(trace, name, puzzle, nth ? Number(nth) : 1);
  if (i < 0) throw new Error(`the trace has no ${nth ? `${name} #${nth}` : name} step (${plural(trace.count, "event")} with ${engine})`);
  return trace.byStep ? trace.stepEnd(trace.step(i)) : trace.positionOf(i) + 1;
}

/** Event `i` of a session as data: what a "step" event and the scripted calls carry. */
export function eventData(session, i) {
  const t = session.trace;
  const n = session.size * session.size;
  const cell = t.cell(i);
  return {
    seq: i,
    number: i + 1,
    kind: KINDS[t.kind(i)],
    rule: RULES[t.rule(i)] ?? null,
    cell: cell < n ? cellName(cell, session.size) : null,
    digit: t.digit(i) || null,
    depth: t.depth(i),
    premises: premisesOf(t, i),
    /** The step the event belongs to (from 0; see `Trace.step`), null without steps. */
    step: t.hasSteps ? t.step(i) : null,
  };
}

/**
 * Where playback is at position `p` of `session` (null: no trace; `unit` is then the unit
 * playback will move by): the position (events applied), the unit (`by`), the current step
 * (`step`: its number from 1, kind, event count and sentence; null at the start or without
 * steps), the current event (null at the start: by step, the step's first event, its
 * reason; by event, the event last applied) and the current sentence (the step's, by step).
 */
export function here(session, p, unit = "step") {
  if (!session) return { position: 0, events: 0, steps: 0, by: unit, done: false, event: null, step: null, sentence: "" };
  const t = session.trace;
  const out = {
    position: p,
    events: t.count,
    steps: t.stepCount,
    by: t.byStep ? "step" : "event",
    done: session.done,
    event: null,
    step: null,
    sentence: START_SENTENCE,
  };
  if (p === 0) return out;
  const k = t.hasSteps ? t.stepAtPosition(p - 1) : -1;
  if (k >= 0 && t.byStep) {
    const view = stepViewOf(session, k);
    out.step = { number: k + 1, kind: view.kind, events: view.events.length, sentence: view.text };
    out.event = eventData(session, view.events[0]);
    out.sentence = view.text;
  } else {
    out.event = eventData(session, t.at(p - 1));
    out.sentence = sentenceOf(session, t.at(p - 1));
    if (k >= 0) out.step = { number: k + 1, kind: null, events: null, sentence: null };
  }
  return out;
}

/** The outcome of a traced session: its status, the first solution and the event count. */
export function outcomeOf(session) {
  return {
    status: session.status ?? session.final?.[0] ?? "error",
    solution: session.solutions[0] ?? null,
    engine: session.engine,
    events: session.trace.count,
    via: "explain",
  };
}

/**
 * Where playback is, in the unit it moves by, then in the other: `["step 2 of 83", " · event
 * 313 of 628"]` by step, `["event 313 of 628", " · step 2 of 83"]` by event (the second
 * part empty for a trace without steps; an embedded board shows the first only).
 */
export function positionText(session, p) {
  const t = session.trace;
  const more = session.done ? "" : "…";
  const events = `event ${p.toLocaleString("en-US")} of ${t.count.toLocaleString("en-US")}${more}`;
  if (!t.hasSteps || !t.stepCount) return [events, ""];
  const done = t.byStep ? t.stepsAt(p) : p > 0 ? t.step(p - 1) + 1 : 0;
  const steps = `step ${done.toLocaleString("en-US")} of ${t.stepCount.toLocaleString("en-US")}${more}`;
  return t.byStep ? [steps, ` · ${events}`] : [events, ` · ${steps}`];
}

/** What is known at position `p` of a session: placed cells, depth, guesses and dead ends so far. */
export function positionSummary(session, p) {
  session.replay.seek(p);
  const grid = session.replay.grid();
  let placed = 0;
  for (let c = 0; c < grid.length; c++) if (popcount(grid[c]) === 1) placed++;
  const upTo = (list) => {
    let lo = 0, hi = list.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < p) lo = mid + 1; else hi = mid; }
    return lo;
  };
  const m = session.trace.markers;
  // Below the full level only placements are known: "placed" counts what the board shows.
  const parts = [`${placed} of ${grid.length} cells placed`];
  if (session.replay.depth > 0) parts.push(`depth ${session.replay.depth}`);
  const guesses = upTo(m.guess);
  if (guesses) parts.push(plural(guesses, "guess", "guesses"));
  const dead = upTo(m.contradiction);
  if (dead) parts.push(plural(dead, "contradiction"));
  const found = upTo(m.solution);
  if (found) parts.push(plural(found, "solution"));
  return parts.join(" · ");
}
