//! The explain part's controls: Solve, Explain and Stop with the engine, detail and limit
//! menus; the playback transport (play, pause, steps, marker jumps, speed, unit, zoom, the
//! position counter), the timeline's legend. Built from tables, and set from the state
//! machine's `controlsFor` (playback.js); what a control does is wired in explain.js.

import { el, options } from "./dom.js";
import { MARKER_KINDS } from "./trace.js";

/** Engines: value, menu text, and what the note under the menus says of it. */
export const ENGINES = [
  ["propagate", "propagate", "singles, relations and locked candidates, then a guess"],
  ["dlx", "dlx", "dancing links over the exact cover (classic only)"],
  ["naive", "naive", "tries digits cell by cell, checking only the rules"],
  ["logic", "logic", "named techniques as a person applies them, simplest first; a guess only when stuck"],
];
export const LEVELS = [
  ["decisions", "decisions", "guesses, backtracks, contradictions"],
  ["placements", "placements", "also every placed digit"],
  ["full", "full", "every eliminated candidate too"],
];
export const SPEEDS = ["1", "2", "5", "10", "25", "50", "100", "250", "1000", "5000", "max"];
/** Playback units: a step (one reason and its effects: the default) or one event. */
export const UNITS = [
  ["step", "step", "one reason and all it causes at a time"],
  ["event", "event", "every event of the trace, one at a time"],
];
const MAX_EVENTS = ["10000", "100000", "1000000", "2000000"];
const NODE_LIMITS = ["10000", "100000", "1000000", "10000000", "100000000"];

const values = (table) => table.map((row) => row[0]);
const number = (v) => [v, Number(v).toLocaleString("en-US")];

/** A labelled menu `[label, select]` (the select's id is `ex-ACTION`). */
function menu(action, label, choices, value) {
  const s = el("select", { dataset: { action } }, ...options(choices));
  if (value !== undefined) s.value = value;
  s.id = `ex-${action}`;
  return [el("label", { htmlFor: s.id, textContent: label }), s];
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

export function button(action, text, title, extra = {}) {
  return el("button", { type: "button", textContent: text, title, dataset: { action }, ...extra });
}

/**
 * Every control of the explain part. `pick(name, allowed, fallback)` reads a setting from the
 * page's parameters; `reducedMotion` picks the slower default speeds.
 */
export class Controls {
  constructor({ pick, reducedMotion = false }) {
    this.buildSolve(pick);
    this.buildTransport(pick, reducedMotion);
    this.state = "";
  }

  buildSolve(pick) {
    this.solveButton = button("solve", "Solve", "Solve at once: status, answer and statistics", { className: "primary" });
    this.explainButton = button("explain", "Explain", "Trace the search and play it back step by step");
    this.stopButton = button("stop", "Stop", "Stop the solver (and the animation)");
    const [engineLabel, engine] = menu("engine", "Engine", ENGINES, pick("engine", values(ENGINES), "propagate"));
    const [levelLabel, level] = menu("level", "Detail", LEVELS, pick("level", values(LEVELS), "full"));
    const [eventsLabel, events] = menu("max-events", "Max events", MAX_EVENTS.map(number), "1000000");
    const [nodesLabel, nodes] = menu("node-limit", "Node limit", NODE_LIMITS.map(number), "10000000");
    Object.assign(this, { engineSelect: engine, levelSelect: level, eventsSelect: events, nodesSelect: nodes });
    level.title = "Granularity of the trace: decisions (guesses, backtracks), placements, or every eliminated candidate";
    this.choiceNote = el("p", { className: "ex-choice-note", id: "ex-choice-note" });
    engine.setAttribute("aria-describedby", this.choiceNote.id);
    level.setAttribute("aria-describedby", this.choiceNote.id);
    this.describeChoices();
    this.solveGroup = el("div", { className: "ex-buttons", role: "group", "aria-label": "Solve" },
      this.solveButton, this.explainButton, this.stopButton);
    this.fields = el("div", { className: "ex-fields" },
      el("div", { className: "ex-field" }, engineLabel, engine),
      el("div", { className: "ex-field" }, levelLabel, level),
      el("div", { className: "ex-field" }, eventsLabel, events),
      el("div", { className: "ex-field" }, nodesLabel, nodes));
    this.heading = el("h2", { textContent: "Solve" });
    // The solver's settings: under the buttons, except beside the board on the page, where
    // the explanation comes between them (see placement.js).
    this.settings = el("section", { className: "ex-settings", "aria-label": "Solver settings" }, this.fields, this.choiceNote);
  }

  buildTransport(pick, reducedMotion) {
    this.playButton = button("play", "▶ Play", "Play (Space)");
    this.pauseButton = button("pause", "❚❚ Pause", "Pause (Space)");
    // The word goes on a narrow embedded board (the name stays: aria-label).
    const word = (text) => el("span", { className: "ex-word", textContent: text });
    this.backButton = button("step-back", "◀", "One step back (←)", { "aria-label": "Step back" });
    this.backButton.append(word(" Step"));
    this.stepButton = button("step", "", "One step forward (→)", { "aria-label": "Step forward" });
    this.stepButton.append(word("Step "), "▶");
    this.prevMarkButton = button("previous-marker", "", "Previous guess, contradiction, backtrack or solution",
      { "aria-label": "Previous marker" });
    this.nextMarkButton = button("next-marker", "", "Next guess, contradiction, backtrack or solution (the last: the end)",
      { "aria-label": "Next marker" });
    this.zoomBoardButton = button("zoom-board", "Zoom board", "Enlarge the board so the pencil marks of a big grid can be read (on a narrow screen, drag it to pan: it follows the current step)",
      { "aria-pressed": "false" });
    this.prevMarkButton.append(icon("M3.5 3v10", "M13 3v10L5.5 8z"));
    this.nextMarkButton.append(icon("M12.5 3v10", "M3 3v10l7.5-5z"));
    const [byLabel, by] = menu("by", "By", UNITS, pick("by", values(UNITS), "step"));
    by.title = "Play step by step (a reason and all it causes) or event by event";
    this.bySelect = by;
    // A step is read, an event glanced at: the default speeds differ.
    const defaultSpeed = by.value === "step" ? (reducedMotion ? "2" : "5") : (reducedMotion ? "10" : "50");
    const [speedLabel, speed] = menu("speed", "Speed", SPEEDS.map((v) => [v, v === "max" ? "max" : `${v}/s`]), pick("speed", SPEEDS, defaultSpeed));
    this.speedSelect = speed;
    this.describeUnit();
    // Where playback is in its unit, then in the other (hidden on an embedded board): two spans kept.
    this.positionMain = el("span", { textContent: "no trace" });
    this.positionMore = el("span", { className: "ex-step-of ex-position-more" });
    this.position = el("output", { className: "ex-position", "aria-live": "off" }, this.positionMain, this.positionMore);
    this.legend = el("ul", { className: "ex-legend", "aria-label": "Timeline markers" },
      ...MARKER_KINDS.map((k) => el("li", { dataset: { marker: k } }, el("span", { className: "ex-swatch" }), k)),
      el("li", { dataset: { marker: "step" } }, el("span", { className: "ex-swatch" }), "step end"));
    this.showStepLegend();
    by.addEventListener("change", () => this.showStepLegend());
    this.transport = el("div", { className: "ex-transport", role: "group", "aria-label": "Playback" },
      this.prevMarkButton, this.backButton, this.playButton, this.pauseButton, this.stepButton, this.nextMarkButton);
    this.transportMore = [el("span", { className: "ex-speed" }, speedLabel, speed),
      el("span", { className: "ex-speed ex-by" }, byLabel, by), this.zoomBoardButton, this.position];
    this.playbackButtons = [this.playButton, this.pauseButton, this.backButton, this.stepButton, this.prevMarkButton, this.nextMarkButton];
  }

  /** The unit playback moves by: "step" or "event". */
  get unit() {
    return this.bySelect.value;
  }

  /** The run's settings: `{engine, nodeLimit}`, and for a trace `level` and `maxEvents`. */
  options() {
    return { engine: this.engineSelect.value, nodeLimit: Number(this.nodesSelect.value) };
  }

  traceOptions() {
    return { ...this.options(), level: this.levelSelect.value, maxEvents: Number(this.eventsSelect.value) };
  }

  /** The note under the menus: what the engine and the detail level do. */
  describeChoices() {
    const engine = ENGINES.find((e) => e[0] === this.engineSelect.value);
    const level = LEVELS.find((e) => e[0] === this.levelSelect.value);
    this.choiceNote.textContent = `${engine[1]}: ${engine[2]}. Detail ${level[1]}: ${level[2]}.`;
  }

  /** The step buttons and the speed menu name the unit. */
  describeUnit() {
    const word = this.unit === "step" ? "step" : "event";
    this.speedSelect.title = `${word[0].toUpperCase()}${word.slice(1)}s per second`;
    this.backButton.title = `One ${word} back (←)`;
    this.stepButton.title = `One ${word} forward (→)`;
  }

  /** The step-end tick is in the legend while playback runs by step (the timeline draws it then). */
  showStepLegend() {
    this.legend.lastElementChild.hidden = this.unit !== "step";
  }

  /**
   * Offers dlx only for classic puzzles without markers (exact cover has no relations); zoom
   * only above 9×9.
   */
  fitPuzzle(kind, size, markers = false) {
    const dlx = this.engineSelect.querySelector('option[value="dlx"]');
    dlx.disabled = kind !== "classic" || markers;
    if (dlx.disabled && this.engineSelect.value === "dlx") this.engineSelect.value = "propagate";
    this.describeChoices();
    this.zoomBoardButton.hidden = size <= 9;
  }

  /**
   * New settings, each only when it names a choice of its menu: `{engine, level, by, speed}`.
   * Returns whether the method of tracing (engine, level, unit) changed.
   */
  configure({ engine, level, by, speed }) {
    const method = () => `${this.engineSelect.value}/${this.levelSelect.value}/${this.bySelect.value}`;
    const before = method();
    if (engine !== undefined && values(ENGINES).includes(engine)) this.engineSelect.value = engine;
    if (level !== undefined && values(LEVELS).includes(level)) this.levelSelect.value = level;
    if (by !== undefined && values(UNITS).includes(by)) {
      this.bySelect.value = by;
      this.describeUnit();
      this.showStepLegend();
    }
    if (speed !== undefined && SPEEDS.includes(String(speed))) this.speedSelect.value = String(speed);
    this.describeChoices();
    return method() !== before;
  }

  /**
   * Sets every control from `state` (playback.js's `controlsFor`); `focused` is the focused
   * element: on a board only one of Play and Pause (and of Solve and Stop) shows, and the
   * focus goes to the one that does. Returns false when nothing changed.
   */
  apply(state, { key, embed = false, focused = null }) {
    if (key === this.state) return false;
    this.state = key;
    this.solveButton.disabled = !state.solve;
    this.explainButton.disabled = !state.explain;
    this.stopButton.disabled = !state.stop;
    for (const b of this.playbackButtons) b.disabled = !state.steps;
    this.playButton.disabled = !state.play;
    this.playButton.title = state.playTitle;
    if (embed && (focused === this.playButton || focused === this.pauseButton)) {
      requestAnimationFrame(() => (state.pressed.play ? this.pauseButton : this.playButton).focus({ preventScroll: true }));
    }
    if (embed && (focused === this.solveButton || focused === this.stopButton)) {
      requestAnimationFrame(() => (this.stopButton.disabled ? this.solveButton : this.stopButton).focus({ preventScroll: true }));
    }
    this.playButton.setAttribute("aria-pressed", String(state.pressed.play));
    this.pauseButton.setAttribute("aria-pressed", String(state.pressed.pause));
    return true;
  }

  /** Forces the next `apply` to write the controls (the run's statistics come with it). */
  invalidate() {
    this.state = "";
  }

  /** The position counter: `[main, more]` (see positions.js's `positionText`), or no trace. */
  setPosition(parts) {
    [this.positionMain.textContent, this.positionMore.textContent] = parts ?? ["no trace", ""];
    this.position.title = parts ? this.position.textContent : "";
  }
}
