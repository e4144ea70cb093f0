//! The explain part of an app: Solve / Explain / Stop with the engine, detail level and
//! limits; playback of a traced search (play, pause, steps, a timeline with markers, speed);
//! the explanation beside or under the board; the statistics panel; how a board opens
//! (`autoplay`, `start`); and the scripting interface a board's host drives.
//! `installExplain(app)` is called by app.js with the app of the page contract.
//!
//! One concern a module: the state machine is playback.js (`phase()`, the controls table,
//! the transitions of a run), the controls controls.js, the explanation explanation.js,
//! where they sit placement.js, a traced session session.js and positions positions.js.
//! This module runs the solver for them and, after anything changes, applies the state
//! machine to the page (`refresh()`).

import { el } from "./dom.js";
import { Animator } from "./animator.js";
import { Timeline } from "./timeline.js";
import { EventLog } from "./log.js";
import { StatsPanel } from "./stats.js";
import { Controls } from "./controls.js";
import { Explanation } from "./explanation.js";
import { StepFigures } from "./step-figures.js";
import { Placement } from "./placement.js";
import { Opening, Playback, controlsFor, ms, statusOf } from "./playback.js";
import { createSession, cut, finish, ingest } from "./session.js";
import { findEvent, here as hereIn, outcomeOf } from "./positions.js";
import { cellIndex, cellName } from "./geometry.js";
import { plural } from "./sentences.js";
import { hasMarkers, toWasm, solutionDigits } from "./model.js";
import { quoted } from "./formats.js";
import { isOn } from "./url.js";

/** How often the status line of a running solver is refreshed (ms). */
const PROGRESS_MS = 250;

/** Installs the explain part in `app` (see app.js); returns its scripting interface. */
export function installExplain(app) {
  const { board, params } = app;
  const regions = {
    controls: app.root.getElementById("solve-controls"),
    playback: app.root.getElementById("playback"),
    log: app.root.getElementById("log"),
    stats: app.root.getElementById("stats"),
    status: app.root.getElementById("status"),
  };
  const pick = (name, allowed, fallback) => (allowed.includes(params.get(name)) ? params.get(name) : fallback);
  const controls = new Controls({ pick, reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches });
  const state = new Playback();
  const opening = new Opening({ autoplay: isOn(params.get("autoplay")), start: params.get("start") });
  const client = app.solverClient();
  const timeline = new Timeline(el("div"), { onScrub: (p) => seekTo(p), signal: app.signal });
  app.stylesheet("explain.css").then(() => timeline.recolor());
  const idleMessage = app.embed
    ? "Press Play to watch the solver, step by step."
    : "Press Explain to watch the solver, step by step.";
  const log = new EventLog(regions.log ?? el("div"), {
    onJump: (p) => seekTo(p),
    onAsk: (cell, digit) => view.askWhy(cell, digit),
    onWhyCurrent: () => view.whyCurrent(),
  });
  log.message(idleMessage);
  const stats = new StatsPanel(regions.stats ?? el("div"));
  const placement = new Placement({ app, regions, controls, timeline });

  const animator = new Animator({
    render: (p) => render(p),
    length: () => state.session?.trace.ready ?? 0,
    complete: () => !state.session || state.session.done,
    move: (p, n) => moveBy(p, n),
    snap: (p) => state.session?.trace.boundary(p) ?? p,
    onChange: () => refresh(),
  });
  animator.setSpeed(controls.speedSelect.value);
  // A forcing chain's branches and an ALS chain's sets, under the sentence (on a board, over
  // its playback controls).
  const figures = new StepFigures(board);
  placement.mountFigures(figures.element, log);
  const view = new Explanation({
    board, log, timeline, controls, figures, legend: placement.legend ?? null,
    state: { get session() { return state.session; }, animator },
    span: () => placement.span,
  });
  view.listenToBoard();

  /** Who listens to the board (the embed protocol): "step", "solved" and "error" events. */
  const events = new EventTarget();
  const emit = (type, detail) => events.dispatchEvent(new CustomEvent(type, { detail }));
  /** The last position a "step" event was sent for (one per drawn position). */
  let stepSent = -1;
  /** Whether the outcome at the end of playback has been announced for this session. */
  let outcomeSent = false;
  /** The last status this module set (to clear it when the puzzle changes). */
  let lastStatus = null;
  let statusShown = "";
  let progressTimer = 0;
  /** The last error of a run (what a scripted Solve or Explain rejects with). */
  let lastError = null;

  /** The stop `n` units from the stop `p`: steps in step order, events otherwise. */
  function moveBy(p, n) {
    const t = state.session?.trace;
    if (!t?.byStep) return p + n;
    const m = t.stepsAt(p) + n;
    if (m <= 0) return 0;
    return m >= t.closedSteps ? t.ready : t.stepStart(m);
  }

  function phase() {
    return state.phase(animator.playing, animator.position);
  }

  function setStatus(status, text) {
    lastStatus = [status, text];
    app.setStatus(status, text);
  }

  /** Applies the state machine to the page: controls, lock, status (runs every frame). */
  function refresh() {
    const now = phase();
    const count = state.session?.trace.count ?? 0;
    const rules = controlsFor(now, { count, playing: animator.playing, embed: app.embed });
    const changed = controls.apply(rules, {
      key: `${now}/${count > 0}/${animator.playing}`, embed: app.embed, focused: app.root.activeElement,
    });
    if (changed) {
      timeline.setEnabled(rules.timeline);
      regions.playback?.classList.toggle("ex-playing", animator.playing);
      regions.log?.classList.toggle("ex-playing", animator.playing);
      app.element.classList.toggle("ex-session", Boolean(state.session));
      log.setPlaying(animator.playing);
      // While playing or running, the status changes many times a second: not read aloud
      // then; what it says when that ends is.
      regions.status?.setAttribute("aria-live", rules.busy ? "off" : "polite");
      showRunStats(now);
      app.locked?.(rules.lock, rules.lockReason);
      if (now === "solving" || now === "tracing") startProgress();
      else stopProgress();
    }
    announceOutcome(now);
    const status = state.status(now, animator.position);
    if (status) {
      const key = status.join("\u0000");
      if (key !== statusShown) {
        statusShown = key;
        setStatus(...status);
        // A position summary is cut to one line: the whole of it is the tooltip.
        if (regions.status) regions.status.title = status[0] === "explaining" ? status[1] : "";
      }
    }
  }

  /**
   * "solved" each time playback reaches the end (after its last "step": render() sends that
   * first); leaving the end arms it again.
   */
  function announceOutcome(now) {
    if (now === "done" && state.session && !outcomeSent && stepSent === animator.position) {
      outcomeSent = true;
      emit("solved", outcomeOf(state.session));
    } else if (now !== "done") {
      outcomeSent = false;
    }
  }

  /**
   * The statistics of a traced run count the whole search, solutions included: shown once
   * playback is at the end (they would give the outcome away before), held back until then.
   */
  function showRunStats(now) {
    const s = state.session;
    if (!s?.statsShown) return;
    if (now === "done") stats.show(s.statsShown);
    else stats.hold("The statistics of the whole run show when playback reaches the end: they would tell the outcome.");
  }

  function startProgress() {
    if (!progressTimer) progressTimer = setInterval(() => { statusShown = ""; refresh(); }, PROGRESS_MS);
  }

  function stopProgress() {
    clearInterval(progressTimer);
    progressTimer = 0;
  }

  const wasmModel = (model) => (model.relations instanceof Map ? toWasm(model) : model);

  /** Fits the menus and the log to the puzzle's kind and size. */
  function updateEngines() {
    const model = app.getModel();
    const size = model?.size ?? 9;
    controls.fitPuzzle(model?.kind ?? "classic", size, Boolean(model && hasMarkers(model)));
    log.setSize(size);
    // Zooming pays for big grids only; a smaller one leaves zoom.
    if (size <= 9 && placement.zoomed) placement.zoomBoard(false);
  }

  /**
   * While the page is idle, lays the replays' checkpoints ahead of what has been played (a
   * few ms at a time), so a seek anywhere in a long trace costs one interval of events, not
   * the replay of everything before it — even while the trace streams in or plays (then in
   * shorter slices: a frame at max speed leaves most of its 16 ms idle).
   */
  function warmReplays(s) {
    const idle = window.requestIdleCallback ?? ((f) => setTimeout(() => f({ timeRemaining: () => 6 }), 50));
    const round = (deadline) => {
      if (state.session !== s) return;
      const slice = Math.max(1, Math.min(animator.playing ? 3 : 8, deadline.timeRemaining()));
      const ready = s.replay.warm(slice);
      if (ready && s.done && s.trace.ready === s.trace.count) return;
      idle(round, { timeout: 1000 });
    };
    idle(round, { timeout: 1000 });
  }

  /** Back to idle: forgets the trace and the answer (and stops any run). */
  function endSession() {
    if (state.idle()) client.cancel();
    stepSent = -1;
    outcomeSent = false;
    lastError = null;
    animator.reset();
    view.idle(idleMessage);
    refresh();
  }

  /** Clears the status line when this module wrote what it shows. */
  function clearMyStatus() {
    const status = regions.status;
    const mine = lastStatus && status?.dataset.status === lastStatus[0] && status?.textContent === lastStatus[1];
    if (mine) {
      lastStatus = null;
      statusShown = "";
      app.setStatus("", "");
    }
  }

  function markInvalid(problems) {
    const cells = [...new Set(problems.flatMap((p) => p.cells ?? []))];
    if (cells.length) board.markErrors(cells);
    const text = problems.map((p) => p.message).join("; ");
    setStatus("invalid", `Invalid puzzle: ${text}`);
    report({ message: `Invalid puzzle: ${text}`, cells });
  }

  function failed(error) {
    if (error?.cancelled) return;
    if (error?.cells?.length) {
      board.markErrors(error.cells);
      setStatus("invalid", error.message);
    } else {
      setStatus("error", error?.message ?? String(error));
    }
    report({ message: error?.message ?? String(error), cells: error?.cells ?? [] });
  }

  function report(problem) {
    lastError = problem;
    emit("error", problem);
  }

  // ── Solve ──
  async function solve() {
    endSession();
    const model = app.getModel();
    const opts = controls.options();
    const run = state.beginSolve(opts.engine);
    stats.clear();
    refresh();
    try {
      const result = await client.solve(wasmModel(model), model.kind, opts, (progress) => {
        if (!state.progressed(run, progress)) return;
        // Live statistics while it runs: nodes, guesses, backtracks so far.
        stats.show({ stats: progress.stats, engine: opts.engine, time: progress.time, what: "solve", live: true });
        statusShown = "";
        refresh();
      });
      if (!state.answered(run, result)) return;
      refresh();
      if (result.status === "invalid") {
        markInvalid(result.problems);
        return;
      }
      answered(result);
      return result;
    } catch (error) {
      if (!state.failed(run)) return;
      refresh();
      failed(error);
    }
  }

  /** A Solve's answer on the board, in the status line, the statistics and a "solved" event. */
  function answered(result) {
    const [status, text] = statusOf(result.status, result.stats);
    if (result.solution) view.showDigits(solutionDigits(result.solution, result.alphabet));
    const nodes = plural(Number(result.stats?.nodes ?? 0), "node");
    setStatus(status, `${text} · ${ms(result.time)} · ${nodes}`);
    stats.show({ stats: result.stats, engine: result.engine, time: result.time, what: "solve" });
    emit("solved", {
      status: result.status,
      solution: result.solution ? solutionDigits(result.solution, result.alphabet) : null,
      engine: result.engine,
      nodes: Number(result.stats?.nodes ?? 0),
      via: "solve",
    });
  }

  // ── Explain ──
  async function startExplain({ play = true } = {}) {
    endSession();
    const model = app.getModel();
    const json = wasmModel(model);
    const opts = controls.traceOptions();
    const s = state.beginTrace(createSession({ size: model.size, json, level: opts.level, engine: opts.engine, order: controls.unit }), opts.engine);
    timeline.setTrace(s.trace);
    log.clearChain();
    log.setAskable(true);
    log.message("Solving…");
    stats.clear();
    animator.setSpeed(controls.speedSelect.value);
    if (play) animator.play();
    refresh();
    warmReplays(s);
    const take = (batch) => {
      ingest(s, batch);
      timeline.setLength(s.trace.count);
      animator.invalidate();
      // Checkpoints keep up with the stream (idle time alone may not come while it pours in):
      // the first seek after a long trace is then as quick as any.
      s.replay.warm(4);
    };
    try {
      const final = await client.trace(json, model.kind, opts, (batch) => {
        if (state.session === s) take(batch);
      });
      if (!state.traced(s, final)) return null;
      if (final.status === "invalid") {
        refresh();
        markInvalid(final.problems);
        log.message("The puzzle is invalid: fix the marked cells.");
        return null;
      }
      take(final);
      const [status, text] = statusOf(final.status, final.stats, { eventLimit: final.eventLimit });
      finish(s, final, [status, `${text} · ${plural(s.trace.count, "event")}`]);
      timeline.setLength(s.trace.count, true);
      controls.invalidate(); // the statistics of the finished run, shown or held by phase
    } catch (error) {
      if (!state.traceFailed(s)) return null;
      if (error?.cancelled) {
        // Stopped: the session keeps what came, and says it was stopped (playback.js).
        s.done = true;
        s.trace.finish();
        return null;
      }
      const message = error?.message ?? String(error);
      cut(s, error?.cells?.length ? ["invalid", message] : ["error", message]);
      log.message(message);
      report({ message, cells: error?.cells ?? [] });
    }
    animator.invalidate();
    refresh();
    return s;
  }

  function stop() {
    animator.pause();
    const stopped = state.stop(animator.position);
    if (stopped) {
      client.cancel();
      if (stopped.was === "explain" && state.session) {
        timeline.setLength(state.session.trace.count, true);
      } else {
        refresh();
        setStatus("stopped", `Stopped after ${stopped.after}`);
        // The live counts become the counts up to Stop.
        const progress = state.progress;
        if (progress) stats.show({ stats: progress.stats, engine: state.engine, time: progress.time, what: "solve", stopped: true });
      }
    }
    animator.invalidate();
    refresh();
  }

  /** Moves playback to `p` (a scrub, a click in the log, a jump): paused there. */
  function seekTo(p) {
    animator.pause();
    animator.seek(p);
  }

  function render(p) {
    if (!state.session) return;
    view.render(p);
    // A board opening at `start` says only where it opens, not the start it passes through.
    if (p !== stepSent && !opening.busy) {
      stepSent = p;
      emit("step", here());
    }
    refresh();
  }

  function wire() {
    const c = controls;
    c.solveButton.addEventListener("click", () => { opening.disarm(); solve(); });
    c.explainButton.addEventListener("click", () => { opening.disarm(); startExplain(); placement.revealBoard(); });
    c.stopButton.addEventListener("click", () => { opening.disarm(); stop(); });
    c.playButton.addEventListener("click", () => {
      opening.disarm();
      placement.revealBoard();
      if (!state.session) return startExplain();
      animator.play();
    });
    c.pauseButton.addEventListener("click", () => { opening.disarm(); animator.pause(); });
    c.backButton.addEventListener("click", () => { animator.step(-1); placement.revealBoard(); });
    c.stepButton.addEventListener("click", () => { animator.step(1); placement.revealBoard(); });
    c.prevMarkButton.addEventListener("click", () => {
      if (!state.session) return;
      const i = state.session.trace.previousMarker(animator.position - 1);
      seekTo(i < 0 ? 0 : i + 1);
    });
    c.nextMarkButton.addEventListener("click", () => {
      if (!state.session) return;
      const i = state.session.trace.nextMarker(animator.position);
      seekTo(i < 0 ? state.session.trace.count : i + 1);
    });
    c.speedSelect.addEventListener("change", () => animator.setSpeed(c.speedSelect.value));
    c.bySelect.addEventListener("change", () => {
      c.describeUnit();
      if (state.session) startExplain({ play: animator.playing }); // the play order is the trace's: trace again
    });
    c.zoomBoardButton.addEventListener("click", () => placement.zoomBoard(!placement.zoomed));
    c.levelSelect.addEventListener("change", () => {
      c.describeChoices();
      if (state.session) startExplain(); // the detail level is a property of the trace: trace again
    });
    c.engineSelect.addEventListener("change", () => {
      c.describeChoices();
      if (app.embed) return;
      // An answer, a trace and their status belong to the engine that made them.
      if (state.session || state.solved || state.running) endSession();
      clearMyStatus();
      stats.clear();
    });
    // Space plays or pauses, arrows step, while focus is in the playback region or the dock
    // (not in a menu).
    const playbackKeys = (event) => {
      if (event.defaultPrevented) return; // the transport's own, in the playback region
      if (event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === " " && event.target.tagName !== "BUTTON") {
        event.preventDefault();
        animator.toggle();
      } else if (event.target.tagName !== "INPUT" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
        event.preventDefault();
        animator.step(event.key === "ArrowLeft" ? -1 : 1);
      }
    };
    regions.playback?.addEventListener("keydown", playbackKeys);
    c.transport.addEventListener("keydown", playbackKeys);

    app.onModelChange(() => {
      if (state.session || state.running || view.shownDigits || state.solved) endSession();
      clearMyStatus();
      updateEngines();
      stats.clear();
      if (opening.armed) requestAnimationFrame(open);
    });
  }

  /**
   * Opens the board as its `autoplay` and `start` say: traces, then either plays from the
   * start while the trace streams, or waits for the whole trace, opens at the `start` event
   * paused, and plays from there with `autoplay`. An unknown `start` is an error event.
   */
  function open() {
    const model = app.getModel();
    if (!opening.armed || app.signal.aborted) return Promise.resolve(null);
    if (opening.model === model && opening.run) return opening.run;
    opening.model = model;
    opening.run = (async () => {
      const { autoplay, start } = opening;
      opening.busy = Boolean(start);
      try {
        const s = await startExplain({ play: autoplay && !start });
        if (!s || state.session !== s || !start) return s;
        try {
          seekTo(findEvent(s.trace, start, s.puzzle, s.engine));
          if (autoplay) animator.play();
        } catch (error) {
          setStatus("error", `start: ${error.message}`);
          report({ message: `start: ${error.message}`, cells: [] });
        }
        return s;
      } finally {
        opening.busy = false;
        drawNow();
      }
    })();
    return opening.run;
  }

  /** Where playback is (see positions.js's `here`). */
  const here = () => hereIn(state.session, animator.position, controls.unit);

  /** Draws the current position now (a scripted call resolves with the board drawn, even in a
   * frame the browser does not animate, such as one scrolled out of view). */
  function drawNow() {
    if (state.session) animator.drawNow();
  }

  /** A session with its whole trace, tracing first when there is none. */
  async function traced() {
    if (state.session && !state.running) return state.session;
    if (state.running === "explain") {
      const s = state.session;
      while (state.running === "explain" && state.session === s) await new Promise((resolve) => setTimeout(resolve, 20));
      if (state.session !== s) throw new Error("the trace was replaced by another");
      return s;
    }
    const s = await startExplain({ play: false });
    if (!s) throw lastError ?? new Error(state.session ? "the trace was replaced by another" : "the trace was stopped");
    return s;
  }

  wire();
  updateEngines();
  refresh();
  if (opening.armed) requestAnimationFrame(open);
  // An app taken down (a board removed) runs nothing more.
  app.signal.addEventListener("abort", () => {
    opening.disarm();
    endSession();
    stopProgress();
  });

  // ── The scripting interface (the board protocol of scripting.js calls these) ──
  return {
    get session() { return state.session; },
    get running() { return state.running; },
    get phase() { return phase(); },
    animator,
    client,
    events,
    timeline,
    findEvent: (target) => findEvent(state.session.trace, target, state.session.puzzle, state.session.engine),
    here,
    embedLayout: (layout) => placement.embedLayout(layout),
    get layout() { return placement.layout; },
    /** Solve at once: resolves with `{status, solution, engine, nodes, via: "solve"}`, rejects with `{message, cells}`. */
    async solve() {
      opening.disarm();
      await solve();
      const solved = state.solved;
      if (!solved) throw lastError ?? new Error("the solve was stopped");
      return { status: solved.status, solution: view.shownDigits, engine: solved.engine, nodes: Number(solved.stats?.nodes ?? 0), via: "solve" };
    },
    /** Traces and plays, as the Explain button does: resolves once the whole trace is in. */
    async explain({ play = true } = {}) {
      opening.disarm();
      const s = await startExplain({ play });
      if (!s) throw lastError ?? new Error("the trace was stopped");
      if (s.final && s.final[0] === "error") throw lastError;
      return { ...outcomeOf(s), status: s.status ?? s.final[0] };
    },
    async play() {
      opening.disarm();
      if (!state.session) startExplain();
      else animator.play();
      refresh();
      return here();
    },
    async pause() {
      opening.disarm();
      animator.pause();
      drawNow();
      return here();
    },
    /** `n` units (steps, or events by event) forward (back when negative), paused; traces first when there is no trace. */
    async step(n = 1) {
      opening.disarm();
      const s = await traced();
      animator.step(Math.trunc(Number(n) || 0));
      if (state.session === s) drawNow();
      return here();
    },
    /** To a position (see `findEvent`), paused. */
    async seek(target) {
      opening.disarm();
      const s = await traced();
      seekTo(findEvent(s.trace, target, s.puzzle, s.engine));
      drawNow();
      return here();
    },
    /** Highlights cells (names like "r3c4", or indices), or clears with an empty list. */
    highlight(cells = []) {
      const size = app.getModel()?.size ?? 9;
      const names = (Array.isArray(cells) ? cells : [cells]).map((c) => {
        const index = typeof c === "number" ? c : cellIndex(String(c).trim().toLowerCase(), size);
        if (!Number.isInteger(index) || index < 0 || index >= size * size) {
          throw new Error(`${quoted(String(c))} is not a cell of this ${size}×${size} grid: write it like r3c4`);
        }
        return index;
      });
      animator.pause();
      drawNow();
      if (names.length) board.highlight({ cells: names, tone: "info" });
      else board.clearHighlight();
      return names.map((i) => cellName(i, size));
    },
    /**
     * New settings: engine, level, by (the unit of playback: "step" or "event"), speed,
     * start, autoplay. A trace or an answer of another engine, level or unit is dropped; with
     * `reopen` (not while a load is under way) the board opens again as `start` and
     * `autoplay` now say.
     */
    configure({ engine, level, by, speed, start, autoplay } = {}, { reopen = true } = {}) {
      const opens = () => `${opening.start}/${opening.autoplay}`;
      const opensBefore = opens();
      const methodChanged = controls.configure({ engine, level, by, speed });
      if (speed !== undefined) animator.setSpeed(controls.speedSelect.value);
      updateEngines();
      if (start !== undefined) opening.start = start || null;
      if (autoplay !== undefined) opening.autoplay = Boolean(autoplay);
      if (methodChanged && (state.session || state.solved || state.running)) endSession();
      if (reopen && (methodChanged || opens() !== opensBefore)) {
        opening.model = null;
        if (opening.armed) open();
      }
    },
    /** Back to idle: no trace, no answer. */
    clear: () => endSession(),
    /** Opens the board as `autoplay` and `start` say (after a load). */
    open,
    stop,
  };
}
