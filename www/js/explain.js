//! The explain half of the page: Solve / Explain / Stop with the engine, detail level and
//! limits; playback of a traced search (play, pause, steps, a timeline with markers, speed);
//! the event log in plain words with cause chains; the statistics panel; embed autoplay.
//! `install(app)` is called by app.js with the app object of the page contract.

import { el } from "./dom.js";
import { SolverClient } from "./client.js";
import { KIND, RULE, NO_CAUSE } from "./records.js";
import { Trace, MARKER_KINDS } from "./trace.js";
import { Replay, removalOf } from "./replay.js";
import { explain, focus, toneOf, causeChain } from "./sentences.js";
import { describePuzzle, cellName, cellIndex, digitsOf } from "./geometry.js";
import { Animator } from "./animator.js";
import { Timeline } from "./timeline.js";
import { EventLog } from "./log.js";
import { StatsPanel } from "./stats.js";
import { toWasm, solutionDigits, answerAlphabet } from "./model.js";
import { quoted } from "./formats.js";

const ENGINES = [
  ["propagate", "propagate (singles, relations, locked candidates)"],
  ["dlx", "dlx (dancing links; classic only)"],
  ["naive", "naive (cell-order search)"],
];
const LEVELS = [
  ["decisions", "decisions"],
  ["placements", "placements"],
  ["full", "every elimination"],
];
const SPEEDS = ["1", "2", "5", "10", "25", "50", "100", "250", "1000", "5000", "max"];
const MAX_EVENTS = ["10000", "100000", "1000000", "2000000"];
const NODE_LIMITS = ["10000", "100000", "1000000", "10000000", "100000000"];

const plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

function ms(t) {
  return t < 10 ? `${t.toFixed(2)} ms` : t < 1000 ? `${t.toFixed(1)} ms` : `${(t / 1000).toFixed(2)} s`;
}

function select(action, label, options, value) {
  const s = el("select", { dataset: { action } });
  for (const [v, text] of options) s.append(el("option", { value: v, textContent: text }));
  if (value !== undefined) s.value = value;
  const id = `ex-${action}`;
  s.id = id;
  return [el("label", { htmlFor: id, textContent: label }), s];
}

/** A 16×16 SVG icon, a stroked and a filled path (fonts may lack the media symbols). */
function icon(stroke, fill) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "ex-icon");
  for (const [d, cls] of [[stroke, "ex-stroke"], [fill, "ex-fill"]]) {
    const p = document.createElementNS(NS, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", cls);
    svg.append(p);
  }
  return svg;
}

function button(action, text, title, extra = {}) {
  return el("button", { type: "button", textContent: text, title, dataset: { action }, ...extra });
}

/**
 * The wasm status of a finished search, as the page's `data-status` and a few words (short:
 * a status line that wraps moves the board; the details are in the statistics panel).
 */
function statusOf(status, stats, { eventLimit = false } = {}) {
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

export function install(app) {
  const board = app.board;
  let stylesheet = document.querySelector('link[href="explain.css"]');
  if (!stylesheet) {
    stylesheet = el("link", { rel: "stylesheet", href: "explain.css" });
    document.head.append(stylesheet);
  }
  const regions = {
    controls: document.getElementById("solve-controls"),
    playback: document.getElementById("playback"),
    log: document.getElementById("log"),
    stats: document.getElementById("stats"),
    status: document.getElementById("status"),
  };
  const params = app.params ?? new URLSearchParams(location.search);
  const pick = (name, allowed, fallback) => (allowed.includes(params.get(name)) ? params.get(name) : fallback);

  // ── Solve controls ──
  const solveButton = button("solve", "Solve", "Solve at once: status, answer and statistics", { className: "primary" });
  const explainButton = button("explain", "Explain", "Trace the search and play it back event by event");
  const stopButton = button("stop", "Stop", "Stop the solver (and the animation)");
  const [engineLabel, engineSelect] = select("engine", "Engine", ENGINES, pick("engine", ENGINES.map((e) => e[0]), "propagate"));
  const [levelLabel, levelSelect] = select("level", "Detail", LEVELS, pick("level", LEVELS.map((e) => e[0]), "full"));
  const [eventsLabel, eventsSelect] = select("max-events", "Max events",
    MAX_EVENTS.map((v) => [v, Number(v).toLocaleString("en-US")]), "1000000");
  const [nodesLabel, nodesSelect] = select("node-limit", "Node limit",
    NODE_LIMITS.map((v) => [v, Number(v).toLocaleString("en-US")]), "10000000");
  levelSelect.title = "Granularity of the trace: decisions (guesses, backtracks), placements, or every eliminated candidate";
  regions.controls?.replaceChildren(
    el("h2", { textContent: "Solve" }),
    el("div", { className: "ex-buttons", role: "group", "aria-label": "Solve" }, solveButton, explainButton, stopButton),
    el("div", { className: "ex-fields" },
      el("div", { className: "ex-field" }, engineLabel, engineSelect),
      el("div", { className: "ex-field" }, levelLabel, levelSelect),
      el("div", { className: "ex-field" }, eventsLabel, eventsSelect),
      el("div", { className: "ex-field" }, nodesLabel, nodesSelect)),
  );

  // ── Playback ──
  const playButton = button("play", "▶ Play", "Play (Space)");
  const pauseButton = button("pause", "❚❚ Pause", "Pause (Space)");
  const backButton = button("step-back", "◀ Step", "One event back (←)", { "aria-label": "Step back" });
  const stepButton = button("step", "Step ▶", "One event forward (→)", { "aria-label": "Step forward" });
  const prevMarkButton = button("previous-marker", "", "Previous guess, contradiction, backtrack or solution",
    { "aria-label": "Previous marker" });
  const nextMarkButton = button("next-marker", "", "Next guess, contradiction, backtrack or solution",
    { "aria-label": "Next marker" });
  prevMarkButton.append(icon("M3.5 3v10", "M13 3v10L5.5 8z"));
  nextMarkButton.append(icon("M12.5 3v10", "M3 3v10l7.5-5z"));
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const [speedLabel, speedSelect] = select("speed", "Speed",
    SPEEDS.map((v) => [v, v === "max" ? "max" : `${v}/s`]), pick("speed", SPEEDS, reducedMotion ? "10" : "50"));
  speedSelect.title = "Events per second";
  const position = el("output", { className: "ex-position", "aria-live": "off", textContent: "no trace" });
  const legend = el("ul", { className: "ex-legend", "aria-label": "Timeline markers" },
    ...MARKER_KINDS.map((k) => el("li", { dataset: { marker: k } }, el("span", { className: "ex-swatch" }), k)));
  const transport = el("div", { className: "ex-transport", role: "group", "aria-label": "Playback" },
    prevMarkButton, backButton, playButton, pauseButton, stepButton, nextMarkButton,
    el("span", { className: "ex-speed" }, speedLabel, speedSelect), position);
  regions.playback?.replaceChildren(transport);
  const timeline = new Timeline(regions.playback ?? document.body, { onScrub: (p) => { animator.pause(); animator.seek(p); } });
  stylesheet.addEventListener("load", () => { timeline.readColors(); timeline.draw(true); });
  regions.playback?.append(legend);
  regions.playback?.classList.add("ex-playback");

  const log = new EventLog(regions.log ?? el("div"), {
    onJump: (p) => { animator.pause(); animator.seek(p); },
    onAsk: (cell, digit) => askWhy(cell, digit),
    onWhyCurrent: () => whyCurrent(),
  });
  const stats = new StatsPanel(regions.stats ?? el("div"));
  const client = new SolverClient();

  if (app.embed) {
    for (const r of [regions.controls, regions.log, regions.stats]) if (r) r.hidden = true;
    document.documentElement.classList.add("ex-embed");
  }

  // ── State ──
  /** The traced search being shown, or null. */
  let session = null;
  /** "solve" or "explain" while the worker runs, else null. */
  let running = null;
  let runStarted = 0;
  /** Increases with every run, so a finished or cancelled run knows whether it is still current. */
  let runSeq = 0;
  /** The last status this module set (to clear it when the puzzle changes). */
  let lastStatus = null;
  let autoplayArmed = /^(1|true|yes)?$/i.test(params.get("autoplay") ?? "no");
  let shownDigits = null;

  const setStatus = (state, text) => {
    lastStatus = [state, text];
    app.setStatus(state, text);
  };

  const animator = new Animator({
    render: (p) => render(p),
    length: () => session?.trace.count ?? 0,
    complete: () => !session || session.done,
    onChange: () => updateControls(),
  });
  animator.setSpeed(speedSelect.value);

  function currentModel() {
    return app.getModel();
  }

  function wasmModel(model) {
    return model.relations instanceof Map ? toWasm(model) : model;
  }

  function options() {
    return {
      engine: engineSelect.value,
      nodeLimit: Number(nodesSelect.value),
    };
  }

  let isLocked = null;
  function updateLock() {
    const lock = Boolean(running) || animator.playing;
    if (lock !== isLocked) {
      isLocked = lock;
      app.locked?.(lock);
    }
  }

  /** Control states, written to the DOM only when they change (this runs at every frame). */
  let controlState = "";
  function updateControls() {
    const count = session?.trace.count ?? 0;
    const state = `${Boolean(running)}/${animator.playing}/${count > 0}`;
    if (state !== controlState) {
      controlState = state;
      stopButton.disabled = !running && !animator.playing;
      playButton.setAttribute("aria-pressed", String(animator.playing));
      pauseButton.setAttribute("aria-pressed", String(!animator.playing && count > 0));
      for (const b of [playButton, pauseButton, backButton, stepButton, prevMarkButton, nextMarkButton]) {
        b.disabled = count === 0;
      }
      regions.playback?.classList.toggle("ex-playing", animator.playing);
      log.setPlaying(animator.playing);
    }
    updateLock();
  }

  /** Offers dlx only for classic puzzles (it has no relations). */
  function updateEngines() {
    const kind = currentModel()?.kind ?? "classic";
    const dlx = engineSelect.querySelector('option[value="dlx"]');
    dlx.disabled = kind !== "classic";
    if (dlx.disabled && engineSelect.value === "dlx") engineSelect.value = "propagate";
    log.setSize(currentModel()?.size ?? 9);
  }

  /** Solver digits on the board (null: none), drawn only when they change. */
  function showDigits(values) {
    if (values === shownDigits) return;
    shownDigits = values;
    board.showDigits(values);
  }

  /** Candidates on the board (null: none); hiding what is already hidden costs nothing. */
  let candidatesShown = false;
  function showCandidates(grid) {
    if (!grid && !candidatesShown) return;
    candidatesShown = Boolean(grid);
    board.showCandidates(grid);
  }

  /** Board overlays off: the bare puzzle. */
  function clearBoard() {
    board.clearHighlight();
    showCandidates(null);
    showDigits(null);
  }

  /** Forgets the trace (and stops any run). */
  function endSession() {
    if (running) client.cancel();
    running = null;
    session = null;
    animator.reset();
    timeline.setTrace(null);
    log.message("Press Explain to watch the solver, event by event.");
    log.setAskable(false);
    clearBoard();
    updateControls();
    position.textContent = "no trace";
  }

  function markInvalid(problems) {
    const cells = [...new Set(problems.flatMap((p) => p.cells ?? []))];
    if (cells.length) board.markErrors(cells);
    const text = problems.map((p) => p.message).join("; ");
    setStatus("invalid", `Invalid puzzle: ${text}`);
  }

  function failed(error) {
    if (error?.cancelled) return;
    if (error?.cells?.length) {
      board.markErrors(error.cells);
      setStatus("invalid", error.message);
    } else {
      setStatus("error", error?.message ?? String(error));
    }
  }

  // ── Solve ──
  async function solve() {
    endSession();
    const model = currentModel();
    const opts = options();
    running = "solve";
    const run = ++runSeq;
    runStarted = performance.now();
    setStatus("working", `Solving with ${opts.engine}…`);
    updateControls();
    stats.clear();
    try {
      const result = await client.solve(wasmModel(model), model.kind, opts);
      if (run !== runSeq) return;
      running = null;
      if (result.status === "invalid") {
        markInvalid(result.problems);
      } else {
        const [state, text] = statusOf(result.status, result.stats);
        if (result.solution) showDigits(solutionDigits(result.solution, result.alphabet));
        const nodes = plural(Number(result.stats?.nodes ?? 0), "node");
        setStatus(state, `${text} · ${ms(result.time)} · ${nodes}`);
        stats.show({ stats: result.stats, engine: result.engine, time: result.time, what: "solve" });
      }
    } catch (error) {
      if (run !== runSeq) return;
      running = null;
      failed(error);
    }
    updateControls();
  }

  // ── Explain ──
  async function startExplain() {
    endSession();
    const model = currentModel();
    const json = wasmModel(model);
    const level = levelSelect.value;
    const opts = { ...options(), level, maxEvents: Number(eventsSelect.value) };
    const trace = new Trace(level);
    const budget = { budgetBytes: 32 << 20 };
    const s = {
      trace,
      size: model.size,
      level,
      engine: opts.engine,
      puzzle: describePuzzle(json),
      alphabet: json.alphabet ?? "digits",
      replay: new Replay(model.size, trace, budget),
      probe: new Replay(model.size, trace, budget),
      sentences: new Map(),
      done: false,
      stats: null,
      time: 0,
      solutions: [],
      lastStats: 0,
    };
    session = s;
    running = "explain";
    ++runSeq;
    runStarted = performance.now();
    timeline.setTrace(trace);
    log.clearChain();
    log.setAskable(true);
    log.message("Solving…");
    setStatus("working", "Explaining…");
    stats.clear();
    animator.setSpeed(speedSelect.value);
    animator.play();
    updateControls();

    const ingest = (batch) => {
      if (batch.puzzle) {
        s.puzzle = describePuzzle(batch.puzzle);
        s.alphabet = answerAlphabet(batch.puzzle.alphabet ?? "digits", batch.puzzle.size);
      }
      if (batch.records?.length) trace.append(batch.records, batch.firstSeq);
      s.stats = batch.stats ?? s.stats;
      s.time = batch.time ?? s.time;
      if (batch.solutions) s.solutions = batch.solutions.map((x) => solutionDigits(x, s.alphabet));
      timeline.setLength(trace.count);
      animator.invalidate();
      const now = performance.now();
      if (now - s.lastStats > 250) {
        s.lastStats = now;
        setStatus("working", `Explaining… ${plural(trace.count, "event")}`);
        stats.show({ stats: s.stats, engine: s.engine, time: s.time, events: trace.count, level, what: "explain" });
      }
    };

    try {
      const final = await client.trace(json, model.kind, opts, (batch) => {
        if (session === s) ingest(batch);
      });
      if (session !== s) return;
      running = null;
      if (final.status === "invalid") {
        s.done = true;
        markInvalid(final.problems);
        log.message("The puzzle is invalid: fix the marked cells.");
        updateControls();
        return;
      }
      ingest(final);
      s.done = true;
      s.status = final.status;
      timeline.setLength(trace.count, true);
      const [state, text] = statusOf(final.status, final.stats, { eventLimit: final.eventLimit });
      s.statusText = text;
      setStatus(state, `${text} · ${plural(trace.count, "event")}`);
      stats.show({ stats: s.stats, engine: s.engine, time: s.time, events: trace.count, level, what: "explain" });
    } catch (error) {
      if (session !== s) return;
      running = null;
      s.done = true;
      failed(error);
      if (!error?.cancelled) log.message(error?.message ?? String(error));
    }
    animator.invalidate();
    updateControls();
  }

  function stop() {
    const was = running;
    ++runSeq;
    animator.pause();
    if (was) {
      client.cancel();
      running = null;
      const after = ms(performance.now() - runStarted);
      if (session && was === "explain") {
        session.done = true;
        timeline.setLength(session.trace.count, true);
        setStatus("stopped", `Stopped after ${after} · ${plural(session.trace.count, "event")} to replay`);
      } else {
        setStatus("stopped", `Stopped after ${after}`);
      }
    }
    animator.invalidate();
    updateControls();
  }

  // ── Drawing one position ──

  /** The sentence of event `i` (cached), computed with the probe replay just before it. */
  function sentence(s, i) {
    let text = s.sentences.get(i);
    if (text === undefined) {
      s.probe.seek(i);
      text = explain(s.trace, i, s.probe, s.puzzle);
      if (s.sentences.size > 4096) s.sentences.clear();
      s.sentences.set(i, text);
    }
    return text;
  }

  let listDrawnAt = 0;

  function render(p) {
    const s = session;
    if (!s) return;
    const trace = s.trace;
    const count = trace.count;
    s.replay.seek(p);
    const atEnd = s.done && p === count && count > 0;
    if (atEnd && s.solutions.length) {
      showCandidates(null);
      showDigits(s.solutions[0]);
    } else if (s.level === "full") {
      showDigits(null);
      showCandidates(s.replay.grid());
    } else {
      // Below the full level eliminations are not recorded: show placed digits only.
      showCandidates(null);
      const solutionEvent = p > 0 && trace.kind(p - 1) === KIND.SOLUTION;
      showDigits(solutionEvent && s.solutions[s.replay.solutions - 1]
        ? s.solutions[s.replay.solutions - 1] : s.replay.values());
    }
    if (p === 0) {
      board.clearHighlight();
      log.message(count ? "Start: every digit is possible in every cell." : "Solving…");
    } else {
      const i = p - 1;
      s.probe.seek(i);
      board.highlight(focus(trace, i, s.probe, s.puzzle));
      const kind = trace.kind(i);
      const canAsk = kind === KIND.ELIMINATE || kind === KIND.PLACE || kind === KIND.CONTRADICTION;
      const current = { index: i, text: sentence(s, i), tone: toneOf(trace, i) };
      // Playing fast, the list around the current event is redrawn a few times a second only.
      const now = performance.now();
      const fast = animator.playing && animator.speed > 25;
      log.setLagging(fast);
      if (!fast || now - listDrawnAt > 200) {
        listDrawnAt = now;
        const lines = [];
        for (let j = Math.max(0, i - 8); j <= Math.min(count - 1, i + 3); j++) {
          lines.push({ index: j, text: sentence(s, j), tone: toneOf(trace, j), when: j < i ? "past" : j === i ? "current" : "future" });
        }
        log.show(current, lines, canAsk);
      } else {
        log.showCurrent(current, canAsk);
      }
    }
    timeline.setPosition(p);
    position.textContent = `event ${p.toLocaleString("en-US")} of ${count.toLocaleString("en-US")}${s.done ? "" : "…"}`;
  }

  // ── Cause chains ──

  function chainItems(s, start) {
    const chain = causeChain(s.trace, start, 40);
    return {
      items: chain.map((i) => ({ index: i, text: sentence(s, i), tone: toneOf(s.trace, i) })),
      last: chain.at(-1),
      cut: chain.length === 40 && s.trace.cause(chain.at(-1)) !== NO_CAUSE,
    };
  }

  function chainNote(s, last, cut) {
    if (cut) return "… the chain goes on (cut after 40 steps).";
    const kind = s.trace.kind(last);
    const rule = s.trace.rule(last);
    if (kind === KIND.PLACE && rule === RULE.GIVEN) return "The chain ends at a given.";
    if (kind === KIND.GUESS) return "The chain ends at a guess: it holds only inside that branch.";
    if (kind === KIND.ELIMINATE && rule === RULE.RELATION) return "The chain ends at a relation of the puzzle.";
    if (s.level !== "full") return "Events below this detail level are not recorded: choose “every elimination” for full chains.";
    return "The chain ends here: nothing else was needed.";
  }

  function whyCurrent() {
    const s = session;
    if (!s || animator.position === 0) return;
    animator.pause();
    const i = animator.position - 1;
    const { items, last, cut } = chainItems(s, i);
    log.showChain(`Why: ${sentence(s, i)}`, items, chainNote(s, last, cut));
  }

  /** Explains why `digit` is gone from `cell` ("r3c4") at the current position. */
  function askWhy(cell, digit) {
    const s = session;
    if (!s) {
      log.showChoices("Press Explain first: the question is about the trace.", []);
      return;
    }
    const index = typeof cell === "number" ? cell : cellIndex(cell, s.size);
    if (index < 0) {
      log.showChoices(`${quoted(cell)} is not a cell of this ${s.size}×${s.size} grid: write it like r3c4.`, []);
      return;
    }
    animator.pause();
    const name = cellName(index, s.size);
    log.setQuestion(name, digit);
    const p = animator.position;
    s.replay.seek(p);
    const mask = s.replay.mask(index);
    if (mask & (1 << (digit - 1))) {
      const others = digitsOf(((1 << s.size) - 1) & ~mask);
      const choices = others.map((d) => ({ label: `why not ${d}?`, onClick: () => askWhy(index, d) }));
      const title = mask === 1 << (digit - 1)
        ? `${name} is ${digit} at this point.`
        : `${digit} is still a candidate of ${name} at this point.`;
      log.showChoices(title, choices, others.length ? "Ask about a digit that is gone:" : "");
      return;
    }
    const removal = removalOf(s.trace, p, index, digit);
    if (removal < 0) {
      log.showChoices(`${digit} is gone from ${name}, but the removal was not recorded at this detail level.`, [],
        "Choose “every elimination” and Explain again to see every step.");
      return;
    }
    const { items, last, cut } = chainItems(s, removal);
    log.showChain(`Why is ${digit} gone from ${name}?`, items, chainNote(s, last, cut));
  }

  /** A click on a cell's pencil marks while a trace is shown: what is gone and why. */
  function askCell(index) {
    const s = session;
    if (!s || running === "solve") return;
    animator.pause();
    s.replay.seek(animator.position);
    const mask = s.replay.mask(index);
    const gone = digitsOf(((1 << s.size) - 1) & ~mask);
    const name = cellName(index, s.size);
    log.setQuestion(name, gone[0]);
    const left = digitsOf(mask);
    log.showChoices(
      `${name}: ${left.length ? `${left.join(" ")} left` : "no candidate left"}`,
      gone.map((d) => ({ label: `why not ${d}?`, onClick: () => askWhy(index, d) })),
      gone.length ? "Choose a removed digit to see its chain of causes." : "Nothing has been removed yet.");
  }

  // Clicks on a candidate (the Board calls onCandidateActivate when one is set) or on a cell's
  // marks while a trace is shown.
  if (board.handlers && !board.handlers.onCandidateActivate) {
    board.handlers.onCandidateActivate = (index, digit) => {
      if (!session) return board.handlers.onCellActivate?.(index);
      const s = session;
      s.replay.seek(animator.position);
      if (s.replay.mask(index) & (1 << (digit - 1))) askCell(index);
      else askWhy(index, digit);
    };
  }
  board.root?.addEventListener("click", (event) => {
    if (!session || event.target.closest?.("[data-digit]")) return;
    const target = event.target.closest?.("[data-marks], [data-cell]");
    if (!target) return;
    const index = cellIndex(target.dataset.marks ?? target.dataset.cell, session.size);
    if (index >= 0 && !animator.playing) askCell(index);
  });

  // ── Wiring ──
  solveButton.addEventListener("click", () => { autoplayArmed = false; solve(); });
  explainButton.addEventListener("click", () => { autoplayArmed = false; startExplain(); });
  stopButton.addEventListener("click", () => { autoplayArmed = false; stop(); });
  playButton.addEventListener("click", () => {
    autoplayArmed = false;
    if (!session) return startExplain();
    animator.play();
  });
  pauseButton.addEventListener("click", () => { autoplayArmed = false; animator.pause(); });
  backButton.addEventListener("click", () => animator.step(-1));
  stepButton.addEventListener("click", () => animator.step(1));
  prevMarkButton.addEventListener("click", () => {
    if (!session) return;
    const i = session.trace.previousMarker(animator.position - 1);
    animator.pause();
    animator.seek(i < 0 ? 0 : i + 1);
  });
  nextMarkButton.addEventListener("click", () => {
    if (!session) return;
    const i = session.trace.nextMarker(animator.position);
    animator.pause();
    animator.seek(i < 0 ? session.trace.count : i + 1);
  });
  speedSelect.addEventListener("change", () => animator.setSpeed(speedSelect.value));
  levelSelect.addEventListener("change", () => {
    if (session) startExplain(); // the detail level is a property of the trace: trace again
  });
  engineSelect.addEventListener("change", () => {
    if (session && !app.embed) endSession();
  });
  // Space plays or pauses, arrows step, while focus is in the playback region (not in a menu).
  regions.playback?.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === " " && event.target.tagName !== "BUTTON") {
      event.preventDefault();
      animator.toggle();
    } else if (event.target.tagName !== "INPUT" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      animator.step(event.key === "ArrowLeft" ? -1 : 1);
    }
  });

  app.onModelChange(() => {
    const status = regions.status;
    const mine = lastStatus && status?.dataset.status === lastStatus[0] && status?.textContent === lastStatus[1];
    if (session || running || shownDigits) endSession();
    if (mine) {
      lastStatus = null;
      app.setStatus("", "");
    }
    updateEngines();
    stats.clear();
    if (autoplayArmed) requestAnimationFrame(() => autoplayArmed && startExplain());
  });

  updateEngines();
  updateControls();

  if (autoplayArmed) requestAnimationFrame(() => autoplayArmed && startExplain());

  // For tests and the console: the state of the explain half.
  const api = {
    get session() { return session; },
    get running() { return running; },
    animator,
    client,
    solve,
    explain: startExplain,
    stop,
  };
  window.sudokuLabExplain = api;
  return api;
}
