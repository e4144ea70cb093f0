//! The explain part's state machine, with no DOM: where the page is (`phase()`), what every
//! control does in each phase (`CONTROLS`, `controlsFor`), the transitions of a run (Solve,
//! Explain, an answer, Stop, back to idle), the status line of each phase, and how a board
//! opens (`Opening`). explain.js applies it to the page after anything changes;
//! tests/js/playback.test.mjs walks its transitions in Node.
//!
//! ```text
//!   idle ──Solve──▶ solving ──answer──▶ solved
//!     │                 └──Stop──▶ idle (status: stopped)
//!     └──Explain──▶ tracing ──last batch──▶ playing ◀──Play/Pause──▶ paused
//!                   (plays while it streams)    └──────── at the end ────────▶ done
//! ```
//!
//! `tracing` is the worker still streaming (the animation may run or be paused meanwhile);
//! `playing`, `paused` and `done` have the whole trace. Before `done` the status line tells
//! only what is known at the playback position, never the outcome; `done` (reached by
//! playing, stepping or jumping to the end) shows it. Any edit of the puzzle goes back to
//! `idle`.

import { plural } from "./sentences.js";
import { cut } from "./session.js";
import { positionSummary } from "./positions.js";

/**
 * What each control does in each phase: `true` enabled, `false` disabled. `playback` covers
 * play, pause, the steps, the marker jumps and the timeline; `lock` is the editing lock.
 */
export const CONTROLS = {
  idle:     { solve: true, explain: true, stop: false, playback: false, lock: false },
  solving:  { solve: true, explain: true, stop: true, playback: false, lock: true },
  solved:   { solve: true, explain: true, stop: false, playback: false, lock: false },
  tracing:  { solve: true, explain: true, stop: true, playback: true, lock: true },
  playing:  { solve: true, explain: true, stop: true, playback: true, lock: true },
  paused:   { solve: true, explain: true, stop: false, playback: true, lock: false },
  done:     { solve: true, explain: true, stop: false, playback: true, lock: false },
};

/** What an edit attempt is told in a phase that locks editing. */
export const LOCK_REASON = {
  solving: "Editing is locked while the solver runs: press Stop to edit.",
  tracing: "Editing is locked while the trace is computed: press Stop, then edit.",
  playing: "Editing is locked while the trace plays: press Pause (or Stop) to edit.",
};

/**
 * The state of every control in `phase`, with `count` events traced, playback `playing` or
 * not, on a page or in a board (`embed`): `{solve, explain, stop, timeline, steps, play,
 * playTitle, pressed: {play, pause}, busy, lock, lockReason}` — `steps` for pause, the step
 * and marker buttons, `play` for Play (an embedded board has no Explain button: without a
 * trace its Play traces and plays), `busy` when the status changes too often to be read
 * aloud.
 */
export function controlsFor(phase, { count = 0, playing = false, embed = false } = {}) {
  const rules = CONTROLS[phase];
  const steps = rules.playback && count > 0;
  const fresh = embed && (phase === "idle" || phase === "solved");
  return {
    solve: rules.solve,
    explain: rules.explain,
    stop: rules.stop,
    timeline: rules.playback,
    steps,
    play: steps || fresh,
    playTitle: fresh ? "Trace the search and play it (Space)" : "Play (Space)",
    pressed: { play: playing, pause: !playing && count > 0 },
    busy: playing || phase === "solving" || phase === "tracing",
    lock: rules.lock,
    lockReason: LOCK_REASON[phase] ?? "",
  };
}

/**
 * The wasm status of a finished search, as the page's `data-status` and a few words (short:
 * a status line that wraps moves the board; the details are in the statistics panel).
 */
export function statusOf(status, stats, { eventLimit = false } = {}) {
  switch (status) {
    case "unique": return ["unique", "Unique solution"];
    case "multiple": return ["several", "Several solutions (one shown)"];
    case "unsolvable": return ["none", "No solution"];
    case "solved": return ["several", "Solved; uniqueness not checked"];
    case "limit":
      return eventLimit
        ? ["limit", "Event limit: the trace stops here"]
        : ["limit", `Node limit reached (${plural(Number(stats?.nodes ?? 0), "node")})`];
    default: return ["error", `Unexpected status ${status}`];
  }
}

/** "3.25 ms", "42.0 ms", "1.25 s". */
export function ms(t) {
  return t < 10 ? `${t.toFixed(2)} ms` : t < 1000 ? `${t.toFixed(1)} ms` : `${(t / 1000).toFixed(2)} s`;
}

/** "1.2 s". */
export function seconds(t) {
  return `${(t / 1000).toFixed(1)} s`;
}

/**
 * The runs of one page: what runs in the worker (`running`: "solve", "explain" or null), the
 * traced session shown (`session`), the answer of a Solve shown (`solved`), and the run in
 * progress (its number, start, engine and last progress report). Transitions return whether
 * the run they report on is still the current one: an answer to a replaced run is dropped.
 */
export class Playback {
  /** @param {() => number} now the clock (ms), performance.now by default. */
  constructor(now = () => performance.now()) {
    this.now = now;
    this.running = null;
    this.session = null;
    this.solved = null;
    /** Increases with every run, so a finished or cancelled run knows whether it is current. */
    this.run = 0;
    this.startedAt = 0;
    /** The engine of the run in progress (the menu may change meanwhile). */
    this.engine = "";
    /** The last progress report of a running Solve (`{stats, time}`), or null. */
    this.progress = null;
  }

  /** Where the page is, playback `playing` or not at `position` (see the module docs). */
  phase(playing = false, position = 0) {
    if (this.running === "solve") return "solving";
    if (this.running === "explain") return "tracing";
    if (this.session) {
      if (playing) return "playing";
      return this.session.done && position >= this.session.trace.count ? "done" : "paused";
    }
    return this.solved ? "solved" : "idle";
  }

  /** Back to idle: no trace, no answer. Returns what was running (the caller cancels it). */
  idle() {
    const was = this.running;
    this.running = null;
    this.session = null;
    this.solved = null;
    return was;
  }

  /** A Solve starts (from idle): its run number. */
  beginSolve(engine) {
    this.running = "solve";
    this.engine = engine;
    this.progress = null;
    this.startedAt = this.now();
    return ++this.run;
  }

  /** A progress report of Solve `run`. */
  progressed(run, progress) {
    if (run !== this.run) return false;
    this.progress = progress;
    return true;
  }

  /** Solve `run` answered: `result` is shown, unless it is `{status: "invalid"}`. */
  answered(run, result) {
    if (run !== this.run) return false;
    this.running = null;
    if (result?.status !== "invalid") this.solved = result;
    return true;
  }

  /** Solve `run` failed (or was cancelled). */
  failed(run) {
    if (run !== this.run) return false;
    this.running = null;
    return true;
  }

  /** A trace starts streaming into `session` (from idle). */
  beginTrace(session, engine) {
    this.session = session;
    this.running = "explain";
    this.engine = engine;
    this.startedAt = this.now();
    ++this.run;
    return session;
  }

  /** The trace of `session` is all in (`final` its last batch); an invalid puzzle has no session. */
  traced(session, final) {
    if (this.session !== session) return false;
    this.running = null;
    if (final?.status === "invalid") this.session = null;
    return true;
  }

  /** The trace of `session` failed (or was cancelled): the session keeps what came. */
  traceFailed(session) {
    if (this.session !== session) return false;
    this.running = null;
    return true;
  }

  /**
   * Stop: the run in progress ends (null when none did: `{was, after}` otherwise, `after` the
   * time it ran, in words). A stopped trace keeps its events to replay, and says it was
   * stopped at `position` until playback moves on.
   */
  stop(position = 0) {
    const was = this.running;
    ++this.run;
    if (!was) return null;
    this.running = null;
    const after = this.elapsed();
    const s = this.session;
    if (s && was === "explain") {
      cut(s, ["stopped", `Stopped after ${after} · ${plural(s.trace.count, "event")} to replay`]);
      // Stopped is news: said now, whatever the position, until playback moves.
      s.notice = { position, status: s.final };
    }
    return { was, after };
  }

  /** How long the run in progress has run, in words. */
  elapsed() {
    return seconds(this.now() - this.startedAt);
  }

  /** The status line `[data-status, text]` in `phase` at playback `position`, or null (none of ours). */
  status(phase, position = 0) {
    switch (phase) {
      case "solving": {
        const nodes = this.progress ? ` · ${plural(Number(this.progress.stats?.nodes ?? 0), "node")}` : "";
        return ["working", `Solving with ${this.engine}… ${this.elapsed()}${nodes} · editing is locked; Stop cancels`];
      }
      case "tracing": {
        const s = this.session;
        const nodes = Number(s?.stats?.nodes ?? 0);
        return ["working", `Tracing with ${this.engine}… ${this.elapsed()} · ${plural(s?.trace.count ?? 0, "event")} · ${plural(nodes, "node")}`];
      }
      case "playing":
      case "paused": {
        // News about the run (it was stopped) stays until playback moves on.
        const notice = this.session.notice;
        if (notice && notice.position === position) return notice.status;
        return ["explaining", positionSummary(this.session, position)];
      }
      case "done":
        return this.session.final;
      default:
        return null;
    }
  }
}

/**
 * How a board opens, until the reader takes over (any Solve, Explain, Play, Pause or Stop
 * disarms it): `autoplay` traces and plays; `start` (an event: see `findEvent`) traces and
 * opens paused at that event (and plays from there with `autoplay`).
 */
export class Opening {
  constructor({ autoplay = false, start = null } = {}) {
    this.autoplay = autoplay;
    this.start = start || null;
    /** The model last opened (a puzzle opens once, however many ask), and the run doing it. */
    this.model = null;
    this.run = null;
    /** Tracing to open at `start`: the positions passed on the way are not announced. */
    this.busy = false;
  }

  get armed() {
    return this.autoplay || Boolean(this.start);
  }

  disarm() {
    this.autoplay = false;
    this.start = null;
  }
}
