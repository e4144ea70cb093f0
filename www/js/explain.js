//! The explain half of the page: Solve / Explain / Stop with the engine, detail level and
//! limits; playback of a traced search (play, pause, steps, a timeline with markers, speed);
//! the explanation beside the board (the current event in words, its Why, the recent log);
//! the statistics panel; embed autoplay. `install(app)` is called by app.js with the app
//! object of the page contract.
//!
//! # The state machine
//!
//! One function, `phase()`, says where the page is; one table, `CONTROLS`, says what every
//! control does in each phase; one function, `refresh()`, applies both (and the status line,
//! and the editing lock) after anything changes.
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

import { el, options } from "./dom.js";
import { SolverClient } from "./client.js";
import { KIND, KINDS, RULES, TECHNIQUES } from "./records.js";
import { Trace, MARKER_KINDS } from "./trace.js";
import { Replay, removalOf } from "./replay.js";
import { explain, focus, toneOf, proofTree, premisesOf, groundOf } from "./sentences.js";
import { explainStep, focusStep, stepKind, stepPremises, stepTechnique, techniqueEvent } from "./steps.js";
import { describePuzzle, cellName, cellIndex, digitsOf, popcount } from "./geometry.js";
import { Animator } from "./animator.js";
import { Timeline } from "./timeline.js";
import { roleLegend } from "./board.js";
import { EventLog } from "./log.js";
import { StatsPanel } from "./stats.js";
import { toWasm, solutionDigits, answerAlphabet } from "./model.js";
import { quoted } from "./formats.js";
import { isOn } from "./url.js";

/** Engines: value, menu text, and what the note under the menus says of it. */
const ENGINES = [
  ["propagate", "propagate", "singles, relations and locked candidates, then a guess"],
  ["dlx", "dlx", "dancing links over the exact cover (classic only)"],
  ["naive", "naive", "tries digits cell by cell, checking only the rules"],
  ["logic", "logic", "named techniques as a person applies them, simplest first; a guess only when stuck"],
];
const LEVELS = [
  ["decisions", "decisions", "guesses, backtracks, contradictions"],
  ["placements", "placements", "also every placed digit"],
  ["full", "full", "every eliminated candidate too"],
];
const SPEEDS = ["1", "2", "5", "10", "25", "50", "100", "250", "1000", "5000", "max"];
/** Playback units: a step (one reason and its effects: the default) or one event. */
const UNITS = [
  ["step", "step", "one reason and all it causes at a time"],
  ["event", "event", "every event of the trace, one at a time"],
];
const MAX_EVENTS = ["10000", "100000", "1000000", "2000000"];
const NODE_LIMITS = ["10000", "100000", "1000000", "10000000", "100000000"];

/** At least this wide (CSS px), the explanation sits beside the board; below, under it. */
const BESIDE_QUERY = "(min-width: 64rem)";
/** How often the status line of a running solver is refreshed (ms). */
const PROGRESS_MS = 250;

const plural = (n, word, many = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;

function ms(t) {
  return t < 10 ? `${t.toFixed(2)} ms` : t < 1000 ? `${t.toFixed(1)} ms` : `${(t / 1000).toFixed(2)} s`;
}

function seconds(t) {
  return `${(t / 1000).toFixed(1)} s`;
}

function select(action, label, choices, value) {
  const s = el("select", { dataset: { action } }, ...options(choices));
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

/**
 * What each control does in each phase: `true` enabled, `false` disabled. `playback` covers
 * play, pause, the steps, the marker jumps and the timeline; `lock` is the editing lock.
 */
const CONTROLS = {
  //          solve  explain stop   playback lock
  idle:     { solve: true, explain: true, stop: false, playback: false, lock: false },
  solving:  { solve: true, explain: true, stop: true, playback: false, lock: true },
  solved:   { solve: true, explain: true, stop: false, playback: false, lock: false },
  tracing:  { solve: true, explain: true, stop: true, playback: true, lock: true },
  playing:  { solve: true, explain: true, stop: true, playback: true, lock: true },
  paused:   { solve: true, explain: true, stop: false, playback: true, lock: false },
  done:     { solve: true, explain: true, stop: false, playback: true, lock: false },
};

const LOCK_REASON = {
  solving: "Editing is locked while the solver runs: press Stop to edit.",
  tracing: "Editing is locked while the trace is computed: press Stop, then edit.",
  playing: "Editing is locked while the trace plays: press Pause (or Stop) to edit.",
};

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
  const explainButton = button("explain", "Explain", "Trace the search and play it back step by step");
  const stopButton = button("stop", "Stop", "Stop the solver (and the animation)");
  const [engineLabel, engineSelect] = select("engine", "Engine", ENGINES, pick("engine", ENGINES.map((e) => e[0]), "propagate"));
  const [levelLabel, levelSelect] = select("level", "Detail", LEVELS, pick("level", LEVELS.map((e) => e[0]), "full"));
  const [eventsLabel, eventsSelect] = select("max-events", "Max events",
    MAX_EVENTS.map((v) => [v, Number(v).toLocaleString("en-US")]), "1000000");
  const [nodesLabel, nodesSelect] = select("node-limit", "Node limit",
    NODE_LIMITS.map((v) => [v, Number(v).toLocaleString("en-US")]), "10000000");
  levelSelect.title = "Granularity of the trace: decisions (guesses, backtracks), placements, or every eliminated candidate";
  const choiceNote = el("p", { className: "ex-choice-note", id: "ex-choice-note" });
  engineSelect.setAttribute("aria-describedby", choiceNote.id);
  levelSelect.setAttribute("aria-describedby", choiceNote.id);
  const describeChoices = () => {
    const engine = ENGINES.find((e) => e[0] === engineSelect.value);
    const level = LEVELS.find((e) => e[0] === levelSelect.value);
    choiceNote.textContent = `${engine[1]}: ${engine[2]}. Detail ${level[1]}: ${level[2]}.`;
  };
  describeChoices();
  const solveGroup = el("div", { className: "ex-buttons", role: "group", "aria-label": "Solve" }, solveButton, explainButton, stopButton);
  const fields = el("div", { className: "ex-fields" },
    el("div", { className: "ex-field" }, engineLabel, engineSelect),
    el("div", { className: "ex-field" }, levelLabel, levelSelect),
    el("div", { className: "ex-field" }, eventsLabel, eventsSelect),
    el("div", { className: "ex-field" }, nodesLabel, nodesSelect));
  regions.controls?.replaceChildren(
    el("h2", { textContent: "Solve" }),
    solveGroup,
  );
  // The solver's settings: under the buttons, except beside the board, where the explanation
  // comes between them (the sentence and its Why, right of the board, start high enough for
  // a whole proof to show). In a board element they stay with the buttons.
  const settings = el("section", { className: "ex-settings", "aria-label": "Solver settings" }, fields, choiceNote);
  if (app.embed) regions.controls?.append(fields, choiceNote);
  else regions.controls?.after(settings);

  // ── Playback ──
  const playButton = button("play", "▶ Play", "Play (Space)");
  const pauseButton = button("pause", "❚❚ Pause", "Pause (Space)");
  // The word goes on a narrow embedded board (the name stays: aria-label).
  const word = (text) => el("span", { className: "ex-word", textContent: text });
  const backButton = button("step-back", "◀", "One step back (←)", { "aria-label": "Step back" });
  backButton.append(word(" Step"));
  const stepButton = button("step", "", "One step forward (→)", { "aria-label": "Step forward" });
  stepButton.append(word("Step "), "▶");
  const prevMarkButton = button("previous-marker", "", "Previous guess, contradiction, backtrack or solution",
    { "aria-label": "Previous marker" });
  const nextMarkButton = button("next-marker", "", "Next guess, contradiction, backtrack or solution (the last: the end)",
    { "aria-label": "Next marker" });
  const zoomBoardButton = button("zoom-board", "Zoom board", "Enlarge the board so the pencil marks of a big grid can be read (on a narrow screen, drag it to pan: it follows the current step)",
    { "aria-pressed": "false" });
  prevMarkButton.append(icon("M3.5 3v10", "M13 3v10L5.5 8z"));
  nextMarkButton.append(icon("M12.5 3v10", "M3 3v10l7.5-5z"));
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const [byLabel, bySelect] = select("by", "By", UNITS, pick("by", UNITS.map((u) => u[0]), "step"));
  bySelect.title = "Play step by step (a reason and all it causes) or event by event";
  // A step is read, an event glanced at: the default speeds differ.
  const defaultSpeed = bySelect.value === "step" ? (reducedMotion ? "2" : "5") : (reducedMotion ? "10" : "50");
  const [speedLabel, speedSelect] = select("speed", "Speed",
    SPEEDS.map((v) => [v, v === "max" ? "max" : `${v}/s`]), pick("speed", SPEEDS, defaultSpeed));
  /** The unit playback moves by: "step" or "event". */
  const unit = () => bySelect.value;
  const describeUnit = () => {
    const word = unit() === "step" ? "step" : "event";
    speedSelect.title = `${word[0].toUpperCase()}${word.slice(1)}s per second`;
    backButton.title = `One ${word} back (←)`;
    stepButton.title = `One ${word} forward (→)`;
  };
  describeUnit();
  // Where playback is in its unit, then in the other (hidden on an embedded board): two spans kept.
  const positionMain = el("span", { textContent: "no trace" });
  const positionMore = el("span", { className: "ex-step-of ex-position-more" });
  const position = el("output", { className: "ex-position", "aria-live": "off" }, positionMain, positionMore);
  const legend = el("ul", { className: "ex-legend", "aria-label": "Timeline markers" },
    ...MARKER_KINDS.map((k) => el("li", { dataset: { marker: k } }, el("span", { className: "ex-swatch" }), k)),
    el("li", { dataset: { marker: "step" } }, el("span", { className: "ex-swatch" }), "step end"));
  /** The step-end tick is in the legend while playback runs by step (the timeline draws it then). */
  const showStepLegend = () => { legend.lastElementChild.hidden = unit() !== "step"; };
  showStepLegend();
  bySelect.addEventListener("change", showStepLegend);
  const transport = el("div", { className: "ex-transport", role: "group", "aria-label": "Playback" },
    prevMarkButton, backButton, playButton, pauseButton, stepButton, nextMarkButton);
  const transportMore = [el("span", { className: "ex-speed" }, speedLabel, speedSelect),
    el("span", { className: "ex-speed ex-by" }, byLabel, bySelect), zoomBoardButton, position];
  // A board element keeps one row; the page's buttons can go to the dock (see placeExplanation).
  if (app.embed) {
    transport.append(...transportMore);
    regions.playback?.replaceChildren(transport);
  } else {
    regions.playback?.replaceChildren(transport, el("div", { className: "ex-transport ex-transport-more" }, ...transportMore));
  }
  const timeline = new Timeline(regions.playback ?? document.body, { onScrub: (p) => seekTo(p) });
  stylesheet.addEventListener("load", () => { timeline.readColors(); timeline.draw(true); });
  // The legend and the zoom buttons share a row: the space under the board is the board's.
  regions.playback?.append(el("div", { className: "ex-legend-row" }, legend, timeline.zoomGroup));
  // What the board's marks mean, the same as a hint's last level (hidden on an embedded board).
  if (!app.embed) regions.playback?.append(roleLegend(["pattern", "target", "removed", "placed", "guess"]));
  regions.playback?.classList.add("ex-playback");
  const playbackControls = [playButton, pauseButton, backButton, stepButton, prevMarkButton, nextMarkButton];

  const idleMessage = app.embed
    ? "Press Play to watch the solver, step by step."
    : "Press Explain to watch the solver, step by step.";
  const log = new EventLog(regions.log ?? el("div"), {
    onJump: (p) => seekTo(p),
    onAsk: (cell, digit) => askWhy(cell, digit),
    onWhyCurrent: () => whyCurrent(),
  });
  log.message(idleMessage);
  const stats = new StatsPanel(regions.stats ?? el("div"));
  const client = new SolverClient();

  if (app.embed) {
    if (regions.stats) regions.stats.hidden = true;
    document.documentElement.classList.add("ex-embed");
    // In a board element the solve controls (when shown) and the caption live in the stage.
    const stage = regions.playback?.parentElement;
    if (stage && regions.controls) stage.append(regions.controls);
    if (stage && regions.log) stage.append(regions.log);
    embedLayout({ controls: params.get("controls"), caption: params.get("caption") });
  }

  /**
   * What an embedded board shows besides the board: `controls` "none" (nothing: a host
   * script drives it), "playback" (the default: play, steps, the timeline) or "full" (also
   * Solve, Explain, Stop and the engine and detail menus); `caption` on (see `isOn`) shows
   * the current sentence under the board.
   */
  function embedLayout({ controls, caption }) {
    const which = ["none", "playback", "full"].includes(controls) ? controls : "playback";
    const captioned = isOn(caption);
    if (regions.playback) regions.playback.hidden = which === "none";
    if (regions.controls) regions.controls.hidden = which !== "full";
    if (regions.log) regions.log.hidden = !captioned;
    const root = document.documentElement;
    root.dataset.controls = which;
    root.classList.toggle("ex-captioned", captioned);
    return { controls: which, caption: captioned };
  }

  /**
   * The explanation sits where the eyes are: beside the board on wide screens (after the
   * solve controls, at the top of the panel), right under the board below that — in the
   * *dock*: the sentence, the playback buttons and a row with Solve, Explain, Stop and Play,
   * all on the first screen, and during a trace stuck to the bottom of the viewport, so the
   * board, the sentence and Pause stay in view together (the board is scrolled to the top
   * when playback starts).
   */
  function placeExplanation() {
    const log = regions.log;
    if (!log || app.embed) return;
    const beside = matchMedia(BESIDE_QUERY);
    // Play mode's own button stays in its section (play.js wires it there); the dock's
    // presses it, and is enabled when it is.
    const playStart = document.querySelector("[data-action=play-start]");
    const quickPlay = button("quick-play", "Play puzzle", "Play this puzzle yourself: the givens locked, hints from your grid");
    quickPlay.disabled = playStart?.disabled ?? true;
    quickPlay.addEventListener("click", () => playStart?.click());
    if (playStart) {
      new MutationObserver(() => { quickPlay.disabled = playStart.disabled; })
        .observe(playStart, { attributes: true, attributeFilter: ["disabled"] });
    }
    const place = () => {
      // A zoomed board fills the width: the explanation goes under it.
      const side = beside.matches && !boardZoomed;
      if (side) {
        regions.controls?.append(solveGroup);
        regions.playback?.prepend(transport);
        regions.controls?.after(log);
        log.after(settings);
        dock.remove();
      } else {
        regions.status?.after(dock);
        dock.replaceChildren(log, transport, quick);
        quick.replaceChildren(solveGroup, ...(playStart ? [quickPlay] : []));
        regions.controls?.after(settings);
      }
      if (regions.controls) regions.controls.hidden = !side;
      // In the dock a long sentence scrolls in its card: it takes the focus, for the keys.
      const current = log.querySelector(".ex-current");
      if (side) current?.removeAttribute("tabindex");
      else current?.setAttribute("tabindex", "0");
      // Under the board the card is kept short: the board must stay in view with it.
      logSpan = side ? [5, 2] : [2, 1];
      document.documentElement.classList.toggle("ex-beside", side);
    };
    beside.addEventListener("change", place);
    placeLog = place;
    place();
  }

  const narrowScreen = matchMedia("(max-width: 52rem)");
  narrowScreen.addEventListener?.("change", () => board.setPannable?.(boardZoomed && narrowScreen.matches));
  /**
   * Zoom board, for the pencil marks of 16×16 and 25×25 grids: on a wide screen the board
   * fills the width; on a narrow one (explain.css, the phone layout) it grows to 3.4rem a cell
   * in a box of the screen's width, panned by hand and brought to each step's cells.
   */
  function zoomBoard(on) {
    boardZoomed = on;
    document.documentElement.classList.toggle("ex-board-zoomed", on);
    zoomBoardButton.setAttribute("aria-pressed", String(on));
    zoomBoardButton.textContent = on ? "Unzoom board" : "Zoom board";
    board.setPannable?.(on && narrowScreen.matches);
    if (!on) board.root?.scrollTo?.({ left: 0, top: 0, behavior: "instant" });
    placeLog();
  }
  /** The dock under the board (see placeExplanation) and its row of actions. */
  const dock = el("div", { className: "ex-dock" });
  const quick = el("div", { className: "ex-quick", role: "group", "aria-label": "Solve and play" });
  /**
   * On a narrow screen (the dock in use), scrolls the board to the top of the viewport when
   * it is not wholly in view above the dock: playback has begun, and the eyes go to the board.
   */
  function revealBoard() {
    if (app.embed || !dock.isConnected) return;
    requestAnimationFrame(() => {
      const frame = board.root?.getBoundingClientRect?.() ?? regions.playback?.parentElement?.getBoundingClientRect();
      if (!frame) return;
      const room = innerHeight - (getComputedStyle(dock).position === "sticky" ? dock.offsetHeight : 0);
      if (frame.top < 0 || frame.bottom > room) window.scrollBy({ top: frame.top - 4, behavior: "instant" });
    });
  }
  /** How many events before and after the current one the recent log shows. */
  let logSpan = [5, 2];
  let boardZoomed = false;
  let placeLog = () => {};
  placeExplanation();

  // ── State ──
  /** The traced search being shown, or null. */
  let session = null;
  /** "solve" or "explain" while the worker runs, else null. */
  let running = null;
  let runStarted = 0;
  /** The engine of the run in progress (the menu may change meanwhile). */
  let runEngine = "";
  /** The last progress report of a running Solve (`{stats, time}`), or null. */
  let runProgress = null;
  /** A finished Solve whose answer is on the board, or null. */
  let solved = null;
  /** Increases with every run, so a finished or cancelled run knows whether it is still current. */
  let runSeq = 0;
  /** The last status this module set (to clear it when the puzzle changes). */
  let lastStatus = null;
  /**
   * How a board opens, until the reader takes over (any Solve, Explain, Play, Pause or Stop):
   * `autoplay` traces and plays; `start` (an event: see `findEvent`) traces and opens
   * paused at that event (and plays from there with `autoplay`).
   */
  const opening = {
    autoplay: isOn(params.get("autoplay")),
    start: params.get("start") || null,
    /** The model last opened (a puzzle opens once, however many ask), and the run doing it. */
    model: null,
    run: null,
    /** Tracing to open at `start`: the positions passed on the way are not announced. */
    busy: false,
    get armed() { return this.autoplay || Boolean(this.start); },
    disarm() { this.autoplay = false; this.start = null; },
  };
  /** Who listens to the board (the embed protocol): "step", "solved" and "error" events. */
  const events = new EventTarget();
  const emit = (type, detail) => events.dispatchEvent(new CustomEvent(type, { detail }));
  /** The last position a "step" event was sent for (one per drawn position). */
  let stepSent = -1;
  /** Whether the outcome at the end of playback has been announced for this session. */
  let outcomeSent = false;
  let shownDigits = null;
  let progressTimer = 0;

  const animator = new Animator({
    render: (p) => render(p),
    length: () => session?.trace.ready ?? 0,
    complete: () => !session || session.done,
    move: (p, n) => moveBy(p, n),
    snap: (p) => session?.trace.boundary(p) ?? p,
    onChange: () => refresh(),
  });
  animator.setSpeed(speedSelect.value);

  /** Where the page is (see the module docs). */
  function phase() {
    if (running === "solve") return "solving";
    if (running === "explain") return "tracing";
    if (session) {
      if (animator.playing) return "playing";
      return session.done && animator.position >= session.trace.count ? "done" : "paused";
    }
    return solved ? "solved" : "idle";
  }

  /** The stop `n` units from the stop `p`: steps in step order, events otherwise. */
  function moveBy(p, n) {
    const t = session?.trace;
    if (!t?.byStep) return p + n;
    const m = t.stepsAt(p) + n;
    if (m <= 0) return 0;
    return m >= t.closedSteps ? t.ready : t.stepStart(m);
  }

  function setStatus(state, text) {
    lastStatus = [state, text];
    app.setStatus(state, text);
  }

  /** The status line: what is known in this phase, at this playback position. */
  function statusNow(now) {
    const elapsed = seconds(performance.now() - runStarted);
    switch (now) {
      case "solving": {
        const nodes = runProgress ? ` · ${plural(Number(runProgress.stats?.nodes ?? 0), "node")}` : "";
        return ["working", `Solving with ${runEngine}… ${elapsed}${nodes} · editing is locked; Stop cancels`];
      }
      case "tracing": {
        const s = session;
        const nodes = Number(s?.stats?.nodes ?? 0);
        return ["working", `Tracing with ${runEngine}… ${elapsed} · ${plural(s?.trace.count ?? 0, "event")} · ${plural(nodes, "node")}`];
      }
      case "playing":
      case "paused": {
        // News about the run (it was stopped) stays until playback moves on.
        const notice = session.notice;
        if (notice && notice.position === animator.position) return notice.status;
        return ["explaining", positionSummary(session, animator.position)];
      }
      case "done":
        return session.final;
      default:
        return null;
    }
  }

  /** What is known at position `p` of a trace: placed cells, depth, guesses and dead ends so far. */
  function positionSummary(s, p) {
    s.replay.seek(p);
    const grid = s.replay.grid();
    let placed = 0;
    for (let c = 0; c < grid.length; c++) if (popcount(grid[c]) === 1) placed++;
    const upTo = (list) => {
      let lo = 0, hi = list.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < p) lo = mid + 1; else hi = mid; }
      return lo;
    };
    const m = s.trace.markers;
    // Below the full level only placements are known: "placed" counts what the board shows.
    const parts = [`${placed} of ${grid.length} cells placed`];
    if (s.replay.depth > 0) parts.push(`depth ${s.replay.depth}`);
    const guesses = upTo(m.guess);
    if (guesses) parts.push(plural(guesses, "guess", "guesses"));
    const dead = upTo(m.contradiction);
    if (dead) parts.push(plural(dead, "contradiction"));
    const found = upTo(m.solution);
    if (found) parts.push(plural(found, "solution"));
    return parts.join(" · ");
  }

  /** Control states and the lock, written to the DOM only when they change (runs every frame). */
  let controlState = "";
  let statusShown = "";
  function refresh() {
    const now = phase();
    const rules = CONTROLS[now];
    const count = session?.trace.count ?? 0;
    const state = `${now}/${count > 0}/${animator.playing}`;
    if (state !== controlState) {
      controlState = state;
      solveButton.disabled = !rules.solve;
      explainButton.disabled = !rules.explain;
      stopButton.disabled = !rules.stop;
      timeline.setEnabled(rules.playback);
      for (const b of playbackControls) b.disabled = !rules.playback || count === 0;
      // Without a trace, Play traces and plays (an embedded board has no Explain button).
      const fresh = app.embed && (now === "idle" || now === "solved");
      if (fresh) playButton.disabled = false;
      playButton.title = fresh ? "Trace the search and play it (Space)" : "Play (Space)";
      // Embedded, only one of Play and Pause shows: the focus goes to the one that does.
      const focused = document.activeElement;
      if (app.embed && (focused === playButton || focused === pauseButton)) {
        requestAnimationFrame(() => (animator.playing ? pauseButton : playButton).focus({ preventScroll: true }));
      }
      if (app.embed && (focused === solveButton || focused === stopButton)) {
        requestAnimationFrame(() => (stopButton.disabled ? solveButton : stopButton).focus({ preventScroll: true }));
      }
      playButton.setAttribute("aria-pressed", String(animator.playing));
      pauseButton.setAttribute("aria-pressed", String(!animator.playing && count > 0));
      regions.playback?.classList.toggle("ex-playing", animator.playing);
      regions.log?.classList.toggle("ex-playing", animator.playing);
      document.documentElement.classList.toggle("ex-session", Boolean(session));
      log.setPlaying(animator.playing);
      // While playing or running, the status changes many times a second: not read aloud
      // then; what it says when that ends is.
      const busy = animator.playing || now === "solving" || now === "tracing";
      regions.status?.setAttribute("aria-live", busy ? "off" : "polite");
      showRunStats(now);
      app.locked?.(rules.lock, LOCK_REASON[now] ?? "");
      if (now === "solving" || now === "tracing") startProgress();
      else stopProgress();
    }
    // "solved" each time playback reaches the end (after its last "step": render() sends
    // that first); leaving the end arms it again.
    if (now === "done" && session && !outcomeSent && stepSent === animator.position) {
      outcomeSent = true;
      emit("solved", outcomeOf(session));
    } else if (now !== "done") {
      outcomeSent = false;
    }
    const status = statusNow(now);
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
   * The statistics of a traced run count the whole search, solutions included: shown once
   * playback is at the end (they would give the outcome away before), held back until then.
   */
  function showRunStats(now) {
    const s = session;
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

  function currentModel() {
    return app.getModel();
  }

  function wasmModel(model) {
    return model.relations instanceof Map ? toWasm(model) : model;
  }

  function options() {
    return { engine: engineSelect.value, nodeLimit: Number(nodesSelect.value) };
  }

  /** Offers dlx only for classic puzzles (it has no relations). */
  function updateEngines() {
    const kind = currentModel()?.kind ?? "classic";
    const dlx = engineSelect.querySelector('option[value="dlx"]');
    dlx.disabled = kind !== "classic";
    if (dlx.disabled && engineSelect.value === "dlx") engineSelect.value = "propagate";
    describeChoices();
    const size = currentModel()?.size ?? 9;
    log.setSize(size);
    // Zooming pays for big grids only; a smaller one leaves zoom.
    zoomBoardButton.hidden = size <= 9;
    if (size <= 9 && boardZoomed) zoomBoard(false);
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
    board.setShowGone?.(false);
    showCandidates(null);
    showDigits(null);
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
      if (session !== s) return;
      const ms = Math.max(1, Math.min(animator.playing ? 3 : 8, deadline.timeRemaining()));
      const ready = s.replay.warm(ms);
      if (ready && s.done && s.trace.ready === s.trace.count) return;
      idle(round, { timeout: 1000 });
    };
    idle(round, { timeout: 1000 });
  }

  /** Back to idle: forgets the trace and the answer (and stops any run). */
  function endSession() {
    if (running) client.cancel();
    running = null;
    session = null;
    solved = null;
    stepSent = -1;
    outcomeSent = false;
    lastError = null;
    animator.reset();
    timeline.setTrace(null);
    log.message(idleMessage);
    log.setAskable(false);
    clearBoard();
    positionMain.textContent = "no trace";
    positionMore.textContent = "";
    position.title = "";
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

  /** The last error of a run (what a scripted Solve or Explain rejects with), and its event. */
  let lastError = null;
  function report(problem) {
    lastError = problem;
    emit("error", problem);
  }

  // ── Solve ──
  async function solve() {
    endSession();
    const model = currentModel();
    const opts = options();
    running = "solve";
    runEngine = opts.engine;
    runProgress = null;
    const run = ++runSeq;
    runStarted = performance.now();
    stats.clear();
    refresh();
    try {
      const result = await client.solve(wasmModel(model), model.kind, opts, (progress) => {
        if (run !== runSeq) return;
        runProgress = progress;
        // Live statistics while it runs: nodes, guesses, backtracks so far.
        stats.show({ stats: progress.stats, engine: opts.engine, time: progress.time, what: "solve", live: true });
        statusShown = "";
        refresh();
      });
      if (run !== runSeq) return;
      running = null;
      if (result.status === "invalid") {
        refresh();
        markInvalid(result.problems);
        return;
      }
      solved = result;
      refresh();
      const [state, text] = statusOf(result.status, result.stats);
      if (result.solution) showDigits(solutionDigits(result.solution, result.alphabet));
      const nodes = plural(Number(result.stats?.nodes ?? 0), "node");
      setStatus(state, `${text} · ${ms(result.time)} · ${nodes}`);
      stats.show({ stats: result.stats, engine: result.engine, time: result.time, what: "solve" });
      emit("solved", {
        status: result.status,
        solution: result.solution ? solutionDigits(result.solution, result.alphabet) : null,
        engine: result.engine,
        nodes: Number(result.stats?.nodes ?? 0),
        via: "solve",
      });
      return result;
    } catch (error) {
      if (run !== runSeq) return;
      running = null;
      refresh();
      failed(error);
    }
  }

  // ── Explain ──
  async function startExplain({ play = true } = {}) {
    endSession();
    const model = currentModel();
    const json = wasmModel(model);
    const level = levelSelect.value;
    const opts = { ...options(), level, maxEvents: Number(eventsSelect.value) };
    const trace = new Trace(level, { order: unit() });
    const budget = { budgetBytes: 32 << 20 };
    const s = {
      trace,
      size: model.size,
      level,
      engine: opts.engine,
      puzzle: describePuzzle(json),
      alphabet: json.alphabet ?? "digits",
      replay: null,
      probe: null,
      sentences: new Map(),
      stepSentences: new Map(),
      done: false,
      stats: null,
      time: 0,
      solutions: [],
      lastStats: 0,
      /** The outcome `[data-status, text]`, shown once playback reaches the end. */
      final: null,
    };
    // The display and the probe for sentences share one set of checkpoints.
    s.replay = new Replay(model.size, trace, budget);
    s.probe = new Replay(model.size, trace, { ...budget, shares: s.replay });
    session = s;
    running = "explain";
    runEngine = opts.engine;
    ++runSeq;
    runStarted = performance.now();
    timeline.setTrace(trace);
    log.clearChain();
    log.setAskable(true);
    log.message("Solving…");
    stats.clear();
    animator.setSpeed(speedSelect.value);
    if (play) animator.play();
    refresh();
    warmReplays(s);

    const ingest = (batch) => {
      if (batch.puzzle) {
        s.puzzle = describePuzzle(batch.puzzle);
        s.alphabet = answerAlphabet(batch.puzzle.alphabet ?? "digits", batch.puzzle.size);
      }
      if (batch.records?.length) trace.append(batch.records, batch.firstSeq, batch.premises, batch.steps);
      trace.addNotes(batch.notes);
      s.stats = batch.stats ?? s.stats;
      s.time = batch.time ?? s.time;
      if (batch.solutions) s.solutions = batch.solutions.map((x) => solutionDigits(x, s.alphabet));
      timeline.setLength(trace.count);
      animator.invalidate();
      // Checkpoints keep up with the stream (idle time alone may not come while it pours in):
      // the first seek after a long trace is then as quick as any.
      s.replay.warm(4);
      const now = performance.now();
      s.statsShown = { stats: s.stats, engine: s.engine, time: s.time, events: trace.count, level, what: "explain" };
    };

    try {
      const final = await client.trace(json, model.kind, opts, (batch) => {
        if (session === s) ingest(batch);
      });
      if (session !== s) return null;
      running = null;
      if (final.status === "invalid") {
        session = null;
        refresh();
        markInvalid(final.problems);
        log.message("The puzzle is invalid: fix the marked cells.");
        return null;
      }
      ingest(final);
      trace.finish();
      s.done = true;
      s.status = final.status;
      timeline.setLength(trace.count, true);
      const [state, text] = statusOf(final.status, final.stats, { eventLimit: final.eventLimit });
      s.final = [state, `${text} · ${plural(trace.count, "event")}`];
      s.statsShown = {
        stats: s.stats, engine: s.engine, time: s.time, events: trace.count, level, what: "explain",
        techniques: s.engine === "logic" ? trace.techniqueCounts() : [],
      };
      controlState = ""; // the statistics of the finished run, shown or held by phase
    } catch (error) {
      if (session !== s) return null;
      running = null;
      s.done = true;
      trace.finish();
      if (error?.cancelled) return null;
      s.final = error?.cells?.length ? ["invalid", error.message] : ["error", error?.message ?? String(error)];
      log.message(error?.message ?? String(error));
      report({ message: error?.message ?? String(error), cells: error?.cells ?? [] });
    }
    animator.invalidate();
    refresh();
    return s;
  }

  function stop() {
    const was = running;
    ++runSeq;
    animator.pause();
    if (was) {
      client.cancel();
      running = null;
      const after = seconds(performance.now() - runStarted);
      if (session && was === "explain") {
        session.done = true;
        session.trace.finish();
        timeline.setLength(session.trace.count, true);
        session.final = ["stopped", `Stopped after ${after} · ${plural(session.trace.count, "event")} to replay`];
        // Stopped is news: said now, whatever the position, until playback moves.
        session.notice = { position: animator.position, status: session.final };
      } else {
        refresh();
        setStatus("stopped", `Stopped after ${after}`);
        // The live counts become the counts up to Stop.
        if (runProgress) {
          stats.show({ stats: runProgress.stats, engine: runEngine, time: runProgress.time, what: "solve", stopped: true });
        }
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

  // ── Drawing one position ──

  /** The sentence of event `i` (cached), computed with the probe replay just before it. */
  function sentence(s, i) {
    let text = s.sentences.get(i);
    if (text === undefined) {
      s.probe.seek(s.trace.positionOf(i));
      text = explain(s.trace, i, s.probe, s.puzzle);
      if (s.sentences.size > 4096) s.sentences.clear();
      s.sentences.set(i, text);
    }
    return text;
  }

  let listDrawnAt = 0;

  /**
   * The current unit's sentence and the units around it (`line(j)` describes unit `j` of
   * `0..total`, the current one `at`). Playing fast, the list is redrawn a few times a second
   * only, and then shows the units before the one drawn, none marked current (the sentence
   * above is the current one). Paused or slow, it is redrawn at every position and marks the
   * current unit.
   */
  function showLog(current, canAsk, at, total, line) {
    const now = performance.now();
    const fast = animator.playing && animator.speed > 50;
    if (!fast || now - listDrawnAt > 200) {
      listDrawnAt = now;
      const lines = [];
      const [before, after] = fast ? [logSpan[0] + logSpan[1], -1] : logSpan;
      for (let j = Math.max(0, at - before); j <= Math.min(total - 1, at + after); j++) {
        lines.push({ ...line(j), when: j < at ? "past" : j === at ? "current" : "future" });
      }
      log.show(current, lines, canAsk);
    } else {
      log.showCurrent(current, canAsk);
    }
  }

  /**
   * Step `k` of a session in step order, cached: its events, sentence, tone, board focus and
   * whether it has a Why (`canAsk`), computed with the probe at the step's first position.
   */
  function stepView(s, k) {
    let view = s.stepSentences.get(k);
    if (view) return view;
    const t = s.trace;
    const events = t.stepEvents(k);
    s.probe.seek(t.stepStart(k));
    const kind = stepKind(t, events);
    view = {
      events,
      kind,
      text: explainStep(t, events, s.probe, s.puzzle),
      tone: toneOf(t, events[0]),
      focus: focusStep(t, events, s.probe, s.puzzle),
      technique: stepTechnique(t, events, s.probe, s.puzzle),
      canAsk: !["guess", "backtrack", "solution"].includes(kind) || stepPremises(t, events).length > 0,
    };
    if (s.stepSentences.size > 4096) s.stepSentences.clear();
    s.stepSentences.set(k, view);
    return view;
  }

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
      board.setShowGone?.(true);
      showCandidates(s.replay.grid());
    } else {
      // Below the full level eliminations are not recorded: show placed digits only.
      showCandidates(null);
      const solutionEvent = p > 0 && trace.kind(trace.at(p - 1)) === KIND.SOLUTION;
      showDigits(solutionEvent && s.solutions[s.replay.solutions - 1]
        ? s.solutions[s.replay.solutions - 1] : s.replay.values());
    }
    if (p === 0) {
      board.clearHighlight();
      log.message(count ? "Start: every digit is possible in every cell." : "Solving…");
    } else if (trace.byStep) {
      const k = trace.stepAtPosition(p - 1);
      const view = stepView(s, k);
      board.highlight(view.focus);
      const current = { label: `Step ${k + 1}`, index: trace.at(p - 1), step: k, text: view.text, tone: view.tone, technique: view.technique };
      showLog(current, view.canAsk, k, trace.closedSteps, (j) => {
        const v = stepView(s, j);
        return { label: `Step ${j + 1}`, index: trace.at(trace.stepEnd(j) - 1), step: j, text: v.text, tone: v.tone, jump: trace.stepEnd(j) };
      });
    } else {
      const i = p - 1;
      s.probe.seek(i);
      board.highlight(focus(trace, i, s.probe, s.puzzle));
      const kind = trace.kind(i);
      const canAsk = kind === KIND.ELIMINATE || kind === KIND.PLACE || kind === KIND.CONTRADICTION;
      const current = { label: `#${i + 1}`, index: i, step: trace.step(i), text: sentence(s, i), tone: toneOf(trace, i) };
      showLog(current, canAsk, i, count, (j) => ({ label: `#${j + 1}`, index: j, text: sentence(s, j), tone: toneOf(trace, j), jump: j + 1 }));
    }
    timeline.setPosition(p);
    [positionMain.textContent, positionMore.textContent] = positionText(s, p);
    position.title = position.textContent;
    // A board opening at `start` says only where it opens, not the start it passes through.
    if (p !== stepSent && !opening.busy) {
      stepSent = p;
      emit("step", here());
    }
    refresh();
  }

  /**
   * Where playback is, in the unit it moves by, then in the other: `["step 2 of 83", " · event
   * 313 of 628"]` by step, `["event 313 of 628", " · step 2 of 83"]` by event (the second
   * part empty for a trace without steps; an embedded board shows the first only).
   */
  function positionText(s, p) {
    const t = s.trace;
    const more = s.done ? "" : "…";
    const events = `event ${p.toLocaleString("en-US")} of ${t.count.toLocaleString("en-US")}${more}`;
    if (!t.hasSteps || !t.stepCount) return [events, ""];
    const done = t.byStep ? t.stepsAt(p) : p > 0 ? t.step(p - 1) + 1 : 0;
    const steps = `step ${done.toLocaleString("en-US")} of ${t.stepCount.toLocaleString("en-US")}${more}`;
    return t.byStep ? [steps, ` · ${events}`] : [events, ` · ${steps}`];
  }

  // ── Why: the proof of an event ──

  /**
   * Opens the derivation of event `index` (or, with `step` ≥ 0, of that step: the tree of
   * what its events rest on from outside it) under `title`: the tree of its premises, each
   * highlighted on the board while the pointer or the keyboard is on it; the root and the
   * cells of its own premises are highlighted meanwhile.
   */
  function showWhy(s, index, title, step = -1) {
    const t = s.trace;
    let tree;
    let rootFocus;
    if (step >= 0) {
      const view = stepView(s, step);
      const premises = stepPremises(t, view.events);
      tree = {
        index: view.events[0],
        step,
        ground: premises.length ? "" : groundOf(t, view.events[0]),
        premises: () => premises.map((p) => proofTree(t, p)),
      };
      rootFocus = () => ({ ...view.focus, cells: [...view.focus.cells] });
    } else {
      tree = proofTree(t, index);
      rootFocus = () => {
        s.probe.seek(t.positionOf(index));
        return focus(t, index, s.probe, s.puzzle);
      };
    }
    const describe = (node) => {
      if (node.step >= 0) {
        const view = stepView(s, node.step);
        return { label: `Step ${node.step + 1}`, text: view.text, tone: view.tone, jump: t.byStep ? t.stepEnd(node.step) : t.positionOf(node.index) + 1 };
      }
      return { label: `#${node.index + 1}`, text: sentence(s, node.index), tone: toneOf(t, node.index), jump: t.positionOf(node.index) + 1 };
    };
    const note = s.level === "full"
      ? "Each premise opens to its own; every branch ends at a given, a guess or a relation of the puzzle."
      : "Below the full detail level eliminations are not recorded: a premise stands for the eliminations behind it. Choose “full” detail for every step.";
    const highlightRoot = () => {
      const f = rootFocus();
      const n = s.size * s.size;
      const premises = step >= 0 ? stepPremises(t, stepView(s, step).events) : premisesOf(t, index);
      for (const p of premises) {
        const c = t.cell(p);
        if (c < n && !f.cells.includes(c)) f.cells.push(c);
      }
      board.highlight(f);
    };
    log.showProof(title, tree, describe, {
      note,
      onHover: (i) => {
        if (i === null || i === tree.index) return highlightRoot();
        s.probe.seek(t.positionOf(i));
        board.highlight(focus(t, i, s.probe, s.puzzle));
      },
    });
    highlightRoot();
  }

  function whyCurrent() {
    const s = session;
    if (!s || animator.position === 0) return;
    animator.pause();
    const t = s.trace;
    if (t.byStep) {
      const k = t.stepAtPosition(animator.position - 1);
      // The tree's root is the step, in words: the title only names it.
      showWhy(s, t.stepEvents(k)[0], `Why step ${k + 1}?`, k);
      return;
    }
    const i = animator.position - 1;
    // The tree's root is the event, in words: the title only names it.
    showWhy(s, i, `Why #${i + 1}?`);
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
        "Choose “full” detail and Explain again to see every step.");
      return;
    }
    showWhy(s, removal, `Why is ${digit} gone from ${name}?`);
  }

  /** A click on a cell's pencil marks while a trace is shown: what is gone and why. */
  function askCell(index) {
    const s = session;
    if (!s) return;
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
      gone.length ? "Choose a removed digit to see why it is gone." : "Nothing has been removed yet.");
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
    if (!session || event.candidate) return; // a click on a candidate: the board handled it
    const target = event.target.closest?.("[data-cell]");
    if (!target) return;
    const index = cellIndex(target.dataset.cell, session.size);
    if (index >= 0 && !animator.playing) askCell(index);
  });

  // ── Wiring ──
  solveButton.addEventListener("click", () => { opening.disarm(); solve(); });
  explainButton.addEventListener("click", () => { opening.disarm(); startExplain(); revealBoard(); });
  stopButton.addEventListener("click", () => { opening.disarm(); stop(); });
  playButton.addEventListener("click", () => {
    opening.disarm();
    revealBoard();
    if (!session) return startExplain();
    animator.play();
  });
  pauseButton.addEventListener("click", () => { opening.disarm(); animator.pause(); });
  backButton.addEventListener("click", () => { animator.step(-1); revealBoard(); });
  stepButton.addEventListener("click", () => { animator.step(1); revealBoard(); });
  prevMarkButton.addEventListener("click", () => {
    if (!session) return;
    const i = session.trace.previousMarker(animator.position - 1);
    seekTo(i < 0 ? 0 : i + 1);
  });
  nextMarkButton.addEventListener("click", () => {
    if (!session) return;
    const i = session.trace.nextMarker(animator.position);
    seekTo(i < 0 ? session.trace.count : i + 1);
  });
  speedSelect.addEventListener("change", () => animator.setSpeed(speedSelect.value));
  bySelect.addEventListener("change", () => {
    describeUnit();
    if (session) startExplain({ play: animator.playing }); // the play order is the trace's: trace again
  });
  zoomBoardButton.addEventListener("click", () => zoomBoard(!boardZoomed));
  levelSelect.addEventListener("change", () => {
    describeChoices();
    if (session) startExplain(); // the detail level is a property of the trace: trace again
  });
  engineSelect.addEventListener("change", () => {
    describeChoices();
    if (app.embed) return;
    // An answer, a trace and their status belong to the engine that made them.
    if (session || solved || running) endSession();
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
  transport.addEventListener("keydown", playbackKeys);

  app.onModelChange(() => {
    if (session || running || shownDigits || solved) endSession();
    clearMyStatus();
    updateEngines();
    stats.clear();
    if (opening.armed) requestAnimationFrame(open);
  });

  updateEngines();
  refresh();

  if (opening.armed) requestAnimationFrame(open);

  /**
   * Opens the board as its `autoplay` and `start` say: traces, then either plays from the
   * start while the trace streams, or waits for the whole trace, opens at the `start` event
   * paused, and plays from there with `autoplay`. An unknown `start` is an error event.
   */
  function open() {
    const model = app.getModel();
    if (!opening.armed) return Promise.resolve(null);
    if (opening.model === model && opening.run) return opening.run;
    opening.model = model;
    opening.run = (async () => {
      const { autoplay, start } = opening;
      opening.busy = Boolean(start);
      try {
        const s = await startExplain({ play: autoplay && !start });
        if (!s || session !== s || !start) return s;
        try {
          seekTo(findEvent(s.trace, start, s.puzzle));
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

  // ── The scripting interface (the embed protocol of embedded.js calls these) ──

  /**
   * The playback position named by `target`: a number is an event number as the page
   * shows it ("#12": 12; 0 is the start, before any event); "step:N" (or "step#N") the end
   * of step N (from 1; by event, the position after its first event); "start" and "end"; or
   * `kind[:rule][#n]`, the n-th (default first) event of a kind (round, place, eliminate,
   * guess, backtrack, contradiction, solution) whose rule starts with `rule`
   * ("place:hidden_single" is any hidden single; "eliminate:relation#3" the third
   * elimination by a relation); or `technique:name[#n]`, the end of the n-th step that uses
   * a technique of the logic engine ("technique:xy_wing"; by event, the position after its
   * first event). Throws when nothing matches.
   */
  function findEvent(trace, target, puzzle = session.puzzle) {
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
    if (step) {
      const n = Number(step[1]);
      if (!trace.hasSteps) throw new Error("this trace has no steps");
      if (n > trace.stepCount) throw new Error(`there is no step ${n}: the trace has ${plural(trace.stepCount, "step")}`);
      if (n === 0) return 0;
      return trace.byStep ? trace.stepEnd(n - 1) : trace.stepHeads[n - 1] + 1;
    }
    const technique = /^technique\s*:\s*([a-z_]+)(?:#(\d+))?$/.exec(text);
    if (technique) {
      const [, name, nth] = technique;
      if (!TECHNIQUES.some(([t]) => t === name)) {
        throw new Error(`${quoted(name)} is not a technique: the techniques are ${TECHNIQUES.map(([t]) => t).join(", ")}`);
      }
      const i = techniqueEvent(trace, name, puzzle, nth ? Number(nth) : 1);
      if (i < 0) throw new Error(`the trace has no ${nth ? `${name} #${nth}` : name} step (${plural(count, "event")} with ${engineOf()})`);
      return trace.byStep ? trace.stepEnd(trace.step(i)) : trace.positionOf(i) + 1;
    }
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
    throw new Error(`the trace has no ${match[3] ? `event ${text}` : `${text} event`} (${plural(count, "event")} with ${engineOf()})`);
  }

  function engineOf() {
    return session?.engine ?? engineSelect.value;
  }

  /** Event `i` of the session as data: what a "step" event and the scripted calls return. */
  function eventData(s, i) {
    const t = s.trace;
    const n = s.size * s.size;
    const cell = t.cell(i);
    return {
      seq: i,
      number: i + 1,
      kind: KINDS[t.kind(i)],
      rule: RULES[t.rule(i)] ?? null,
      cell: cell < n ? cellName(cell, s.size) : null,
      digit: t.digit(i) || null,
      depth: t.depth(i),
      premises: premisesOf(t, i),
      /** The step the event belongs to (from 0; see `Trace.step`), null without steps. */
      step: t.hasSteps ? t.step(i) : null,
    };
  }

  /**
   * Where playback is: the position (events applied), the unit playback moves by (`by`), the
   * current step (`step`: its number from 1, kind, event count and sentence; null at the start
   * or without steps), the current event (null at the start: by step, the step's first event,
   * its reason; by event, the event last applied) and the current sentence (the step's, by
   * step).
   */
  function here() {
    const s = session;
    if (!s) return { position: 0, events: 0, steps: 0, by: unit(), done: false, event: null, step: null, sentence: "" };
    const t = s.trace;
    const p = animator.position;
    const out = {
      position: p,
      events: t.count,
      steps: t.stepCount,
      by: t.byStep ? "step" : "event",
      done: s.done,
      event: null,
      step: null,
      sentence: "Start: every digit is possible in every cell.",
    };
    if (p === 0) return out;
    const k = t.hasSteps ? t.stepAtPosition(p - 1) : -1;
    if (k >= 0 && t.byStep) {
      const view = stepView(s, k);
      out.step = { number: k + 1, kind: view.kind, events: view.events.length, sentence: view.text };
      out.event = eventData(s, view.events[0]);
      out.sentence = view.text;
    } else {
      out.event = eventData(s, t.at(p - 1));
      out.sentence = sentence(s, t.at(p - 1));
      if (k >= 0) out.step = { number: k + 1, kind: null, events: null, sentence: null };
    }
    return out;
  }

  /** The outcome of a traced session: its status, the first solution and the event count. */
  function outcomeOf(s) {
    return {
      status: s.status ?? s.final?.[0] ?? "error",
      solution: s.solutions[0] ?? null,
      engine: s.engine,
      events: s.trace.count,
      via: "explain",
    };
  }

  /** Draws the current position now (a scripted call resolves with the board drawn, even in a
   * frame the browser does not animate, such as one scrolled out of view). */
  function drawNow() {
    if (session) animator.drawNow();
  }

  /** A session with its whole trace, tracing first when there is none. */
  async function traced() {
    if (session && !running) return session;
    if (running === "explain") {
      const s = session;
      while (running === "explain" && session === s) await new Promise((resolve) => setTimeout(resolve, 20));
      if (session !== s) throw new Error("the trace was replaced by another");
      return s;
    }
    const s = await startExplain({ play: false });
    if (!s) throw lastError ?? new Error(session ? "the trace was replaced by another" : "the trace was stopped");
    return s;
  }

  const api = {
    get session() { return session; },
    get running() { return running; },
    get phase() { return phase(); },
    animator,
    client,
    events,
    timeline,
    findEvent: (target) => findEvent(session.trace, target),
    here,
    embedLayout,
    /** Solve at once: resolves with `{status, solution, engine, nodes, via: "solve"}`, rejects with `{message, cells}`. */
    async solve() {
      opening.disarm();
      await solve();
      if (!solved) throw lastError ?? new Error("the solve was stopped");
      return { status: solved.status, solution: shownDigits, engine: solved.engine, nodes: Number(solved.stats?.nodes ?? 0), via: "solve" };
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
      if (!session) startExplain();
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
      if (session === s) drawNow();
      return here();
    },
    /** To a position (see `findEvent`), paused. */
    async seek(target) {
      opening.disarm();
      const s = await traced();
      seekTo(findEvent(s.trace, target, s.puzzle));
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
      const method = () => `${engineSelect.value}/${levelSelect.value}/${bySelect.value}`;
      const opens = () => `${opening.start}/${opening.autoplay}`;
      const [methodBefore, opensBefore] = [method(), opens()];
      if (engine !== undefined && ENGINES.some((e) => e[0] === engine)) engineSelect.value = engine;
      if (level !== undefined && LEVELS.some((e) => e[0] === level)) levelSelect.value = level;
      if (by !== undefined && UNITS.some((u) => u[0] === by)) {
        bySelect.value = by;
        describeUnit();
        showStepLegend();
      }
      if (speed !== undefined && SPEEDS.includes(String(speed))) {
        speedSelect.value = String(speed);
        animator.setSpeed(speedSelect.value);
      }
      describeChoices();
      updateEngines();
      if (start !== undefined) opening.start = start || null;
      if (autoplay !== undefined) opening.autoplay = Boolean(autoplay);
      const methodChanged = method() !== methodBefore;
      if (methodChanged && (session || solved || running)) endSession();
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
  window.sudokuLabExplain = api;
  return api;
}
