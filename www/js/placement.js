//! Where the explain part's controls and explanation sit in the app's regions (#solve-controls,
//! #playback, #log, #status): on the page, the explanation beside the board on a wide screen
//! and in the *dock* under the board on a narrow one; on a board (embed), the caption and the
//! controls under the board, as its `controls` and `caption` say; and Zoom board for the
//! pencil marks of big grids.

import { el, tabStopWhileScrolling } from "./dom.js";
import { roleLegend } from "./role-legend.js";
import { button } from "./controls.js";
import { isOn } from "./url.js";

/** At least this wide, the explanation sits beside the board; below, under it. */
const BESIDE_QUERY = "(min-width: 64rem)";
/** Below this width a zoomed board is panned by hand (explain.css, the phone layout). */
const NARROW_QUERY = "(max-width: 52rem)";

export class Placement {
  /**
   * @param {{app, regions, controls, timeline, log: HTMLElement}} parts `regions` are the
   *   app's elements the explain part fills: `{controls, playback, log, stats, status}`.
   */
  constructor({ app, regions, controls, timeline }) {
    Object.assign(this, { app, regions, controls, timeline });
    /** How many units before and after the current one the recent log shows. */
    this.span = [5, 2];
    this.zoomed = false;
    this.placeLog = () => {};
    /** The role legend under the board (null on a board element). */
    this.legend = null;
    /** The dock under the board (see `placeExplanation`) and its row of actions. */
    this.dock = el("div", { className: "ex-dock" });
    this.quick = el("div", { className: "ex-quick", role: "group", "aria-label": "Solve and play" });
    this.mountControls();
    this.mountPlayback();
    if (app.embed) this.mountBoard();
    else this.placeExplanation();
    const narrow = app.viewport.media(NARROW_QUERY);
    narrow.addEventListener("change", () => app.board.setPannable?.(this.zoomed && narrow.matches), { signal: app.signal });
    this.narrow = narrow;
  }

  /** Solve, Explain, Stop and the settings. */
  mountControls() {
    const { regions, controls } = this;
    regions.controls?.replaceChildren(controls.heading, controls.solveGroup);
    // The solver's settings: under the buttons, except beside the board, where the
    // explanation comes between them (the sentence and its Why, right of the board, start
    // high enough for a whole proof to show). In a board element they stay with the buttons.
    if (this.app.embed) regions.controls?.append(controls.fields, controls.choiceNote);
    else regions.controls?.after(controls.settings);
  }

  /** The transport, the timeline and its legend under the board. */
  mountPlayback() {
    const { regions, controls, timeline } = this;
    const playback = regions.playback;
    if (!playback) return;
    // A board element keeps one row; the page's buttons can go to the dock (see placeExplanation).
    if (this.app.embed) {
      controls.transport.append(...controls.transportMore);
      playback.replaceChildren(controls.transport);
    } else {
      playback.replaceChildren(controls.transport, el("div", { className: "ex-transport ex-transport-more" }, ...controls.transportMore));
    }
    playback.append(timeline.root);
    // The legend and the zoom buttons share a row: the space under the board is the board's.
    playback.append(el("div", { className: "ex-legend-row" }, controls.legend, timeline.zoomGroup));
    // What the board's marks mean, the same as a hint's last level (hidden on an embedded
    // board); "a fin" only while a fish with fins is drawn (see Explanation.showRoles). Under
    // the board it lists every role; in the dock, the roles drawn now (placeExplanation).
    if (!this.app.embed) {
      this.legend = roleLegend(["pattern", "fin", "target", "removed", "placed", "guess"], ["fin"]);
      playback.append(this.legend);
    }
    playback.classList.add("ex-playback");
  }

  /**
   * A step's figures (step-figures.js: a forcing chain's branches, an ALS chain's sets): under
   * the sentence on the page; on a board, whose caption may be off, at the top of the playback
   * region, which the board's size leaves room for (and whose keys leave the list's arrows alone).
   */
  mountFigures(element, log) {
    if (!this.app.embed) {
      log.stepDetail.append(element);
      return;
    }
    element.classList.add("ex-board-figures");
    element.setAttribute("role", "region");
    element.setAttribute("aria-label", "The step drawn on the board");
    this.regions.playback?.prepend(element);
    // It may scroll on a small board: then, and only then, a tab stop (to scroll it by keys).
    // Its lists change size as steps change, and it as the board does.
    const fit = () => tabStopWhileScrolling(element);
    const observer = new ResizeObserver(fit);
    for (const part of [element, ...element.children]) observer.observe(part);
    this.app.signal?.addEventListener("abort", () => observer.disconnect());
    fit();
  }

  /** A board: the solve controls (when shown) and the caption live in the stage. */
  mountBoard() {
    const { regions, app } = this;
    if (regions.stats) regions.stats.hidden = true;
    app.element.classList.add("ex-embed");
    const stage = regions.playback?.parentElement;
    if (stage && regions.controls) stage.append(regions.controls);
    if (stage && regions.log) stage.append(regions.log);
    this.embedLayout({ controls: app.params.get("controls"), caption: app.params.get("caption") });
  }

  /**
   * What an embedded board shows besides the board: `controls` "none" (nothing: a host
   * script drives it), "playback" (the default: play, steps, the timeline) or "full" (also
   * Solve, Explain, Stop and the engine and detail menus); `caption` on (see `isOn`) shows
   * the current sentence under the board.
   */
  embedLayout({ controls, caption }) {
    const { regions } = this;
    const which = ["none", "playback", "full"].includes(controls) ? controls : "playback";
    const captioned = isOn(caption);
    if (regions.playback) regions.playback.hidden = which === "none";
    if (regions.controls) regions.controls.hidden = which !== "full";
    if (regions.log) regions.log.hidden = !captioned;
    const root = this.app.element;
    root.dataset.controls = which;
    root.classList.toggle("ex-captioned", captioned);
    return { controls: which, caption: captioned };
  }

  /** What the board shows now: `{controls, caption}` (see `embedLayout`). */
  get layout() {
    const root = this.app.element;
    return { controls: root.dataset.controls, caption: root.classList.contains("ex-captioned") };
  }

  /**
   * The explanation sits where the eyes are: beside the board on wide screens (after the
   * solve controls, at the top of the panel), right under the board below that — in the
   * *dock*: the sentence, the playback buttons and a row with Solve, Explain, Stop and Play,
   * all on the first screen, and during a trace stuck to the bottom of the viewport, so the
   * board, the sentence and Pause stay in view together (the board is scrolled to the top
   * when playback starts). The role legend goes with the explanation: under the board
   * beside it, and at the top of the dock under it, where a phone's learner sees what the
   * board's colours mean with the board and the sentence (in its compact form: the roles
   * the step draws, in short words, see explain.css).
   */
  placeExplanation() {
    const { regions, controls, app, dock, quick } = this;
    const log = regions.log;
    if (!log) return;
    const beside = app.viewport.media(BESIDE_QUERY);
    // Play mode's own button stays in its section (play.js wires it there); the dock's
    // presses it, and is enabled when it is.
    const playStart = app.root.querySelector("[data-action=play-start]");
    const quickPlay = button("quick-play", "Play puzzle", "Play this puzzle yourself: the givens locked, hints from your grid");
    quickPlay.disabled = playStart?.disabled ?? true;
    quickPlay.addEventListener("click", () => playStart?.click());
    if (playStart) {
      new MutationObserver(() => { quickPlay.disabled = playStart.disabled; })
        .observe(playStart, { attributes: true, attributeFilter: ["disabled"] });
    }
    const place = () => {
      // A zoomed board fills the width: the explanation goes under it.
      const side = beside.matches && !this.zoomed;
      if (side) {
        regions.controls?.append(controls.solveGroup);
        regions.playback?.prepend(controls.transport);
        regions.controls?.after(log);
        log.after(controls.settings);
        if (this.legend) regions.playback?.append(this.legend);
        dock.remove();
      } else {
        regions.status?.after(dock);
        dock.replaceChildren(...(this.legend ? [this.legend] : []), log, controls.transport, quick);
        quick.replaceChildren(controls.solveGroup, ...(playStart ? [quickPlay] : []));
        regions.controls?.after(controls.settings);
      }
      if (regions.controls) regions.controls.hidden = !side;
      // In the dock a long sentence scrolls in its card, and beside the board a forcing
      // chain's does (its branches stay in view under it): it takes the focus, for the keys.
      log.querySelector(".ex-current")?.setAttribute("tabindex", "0");
      // Under the board the card is kept short: the board must stay in view with it.
      this.span = side ? [5, 2] : [2, 1];
      app.element.classList.toggle("ex-beside", side);
    };
    beside.addEventListener("change", place, { signal: app.signal });
    this.placeLog = place;
    place();
  }

  /**
   * Zoom board, for the pencil marks of 16×16 and 25×25 grids: on a wide screen the board
   * fills the width; on a narrow one (explain.css, the phone layout) it grows to 3.4rem a cell
   * in a box of the screen's width, panned by hand and brought to each step's cells.
   */
  zoomBoard(on) {
    const { app, controls } = this;
    this.zoomed = on;
    app.element.classList.toggle("ex-board-zoomed", on);
    controls.zoomBoardButton.setAttribute("aria-pressed", String(on));
    controls.zoomBoardButton.textContent = on ? "Unzoom board" : "Zoom board";
    app.board.setPannable?.(on && this.narrow.matches);
    if (!on) app.board.root?.scrollTo?.({ left: 0, top: 0, behavior: "instant" });
    this.placeLog();
  }

  /**
   * On a narrow screen (the dock in use), scrolls the board to the top of the viewport when
   * it is not wholly in view above the dock: playback has begun, and the eyes go to the board.
   */
  revealBoard() {
    const { app, dock, regions } = this;
    if (app.embed || !dock.isConnected) return;
    requestAnimationFrame(() => {
      const frame = app.board.root?.getBoundingClientRect?.() ?? regions.playback?.parentElement?.getBoundingClientRect();
      if (!frame) return;
      const room = innerHeight - (getComputedStyle(dock).position === "sticky" ? dock.offsetHeight : 0);
      if (frame.top < 0 || frame.bottom > room) window.scrollBy({ top: frame.top - 4, behavior: "instant" });
    });
  }
}
