//! The timeline: a range input to scrub through the events, over a canvas of markers (one
//! lane each for guesses, contradictions, backtracks and solutions), with zoom and pan for
//! big traces and a minimap of the whole run.
//!
//! - Markers are aggregated per pixel column: a column's bar grows with the logarithm of how
//!   many markers of its lane fall in it, so a dense stretch and a sparse one read apart
//!   instead of merging into solid bands.
//! - Zoom: the wheel over the track (around the pointer), a two-finger pinch, `+` / `-` / `0`
//!   on the range input (around the current event), or the zoom buttons. Pan: a horizontal
//!   wheel or Shift+wheel, or dragging on the minimap. While zoomed, the range spans the
//!   window shown; when playback leaves the window it follows.
//! - The minimap draws the whole run's density with the zoomed window as a box.
//! - Playing by step, a lane under the markers ticks the end of every step, where the window
//!   leaves them 4 px apart (zoom in on a dense run): the stops of ◀ and ▶.
//!
//! Sizes come from ResizeObservers and colours are read only on a scheme change, so nothing
//! here forces a layout during an animation.

import { MARKER_KINDS } from "./trace.js";

/** Step ticks are drawn when they stand at least this many CSS pixels apart on average. */
const TICK_GAP = 4;
/** Width of the range thumb in CSS pixels (explain.css sets it): markers align with its centre. */
const THUMB = 14;
/** The narrowest window, in events (or the whole trace, when shorter). */
const MIN_SPAN = 40;
const ZOOM_STEP = 2;

function button(action, text, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  b.textContent = text;
  b.title = label;
  b.setAttribute("aria-label", label);
  return b;
}

/** First index of the sorted `list` whose value is ≥ `x`. */
function lowerBound(list, x) {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Timeline {
  /**
   * @param {HTMLElement} container
   * @param {{onScrub: (position: number) => void, signal?: AbortSignal}} hooks its observers
   *   and listeners end when `signal` aborts
   */
  constructor(container, hooks) {
    this.hooks = hooks;
    this.trace = null;
    this.length = 0;
    this.position = 0;
    /** The window shown, [start, end] in positions; the whole trace unless zoomed. */
    this.start = 0;
    this.end = 0;
    this.zoomed = false;
    this.drawnKey = "";
    this.drawnAt = 0;
    this.root = document.createElement("div");
    this.root.className = "ex-timeline";
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("aria-hidden", "true");
    // 1×1 until sized: an unstyled canvas is 300×150, and the page measures the space under
    // the board before its stylesheet may have loaded.
    this.canvas.width = this.canvas.height = 1;
    this.range = document.createElement("input");
    this.range.type = "range";
    this.range.min = "0";
    this.range.max = "0";
    this.range.step = "1";
    this.range.value = "0";
    this.range.dataset.action = "scrub";
    this.range.setAttribute("aria-label", "Timeline: event");
    this.range.setAttribute("aria-keyshortcuts", "+ - 0 Shift+ArrowLeft Shift+ArrowRight");
    this.range.title = "Scrub through the events; + and - zoom, 0 shows the whole run, Shift+arrows pan";
    // The position is known at once: a key that comes before the page draws the scrub (an
    // arrow at the window's edge) must see where the scrub went.
    this.range.addEventListener("input", () => {
      this.position = Number(this.range.value);
      this.hooks.onScrub(this.position);
    });
    this.range.addEventListener("keydown", (event) => this.onKey(event));
    this.track = document.createElement("div");
    this.track.className = "ex-track";
    this.track.append(this.canvas, this.range);

    this.minimap = document.createElement("canvas");
    this.minimap.className = "ex-minimap";
    this.minimap.width = this.minimap.height = 1;
    this.minimap.hidden = true;
    this.minimap.setAttribute("aria-hidden", "true");
    this.minimap.title = "The whole run: drag to move the zoomed window";
    this.zoomIn = button("zoom-in", "+", "Zoom in on the timeline (+)");
    this.zoomOut = button("zoom-out", "−", "Zoom out (-)");
    this.zoomAll = button("zoom-all", "All", "Show all of the run (0)");
    this.zoomAll.setAttribute("aria-label", "All of the run"); // starts with the visible text
    this.zoomIn.addEventListener("click", () => this.zoomAround(this.position, 1 / ZOOM_STEP));
    this.zoomOut.addEventListener("click", () => this.zoomAround(this.position, ZOOM_STEP));
    this.zoomAll.addEventListener("click", () => this.showAll());
    this.zoomLabel = document.createElement("span");
    this.zoomLabel.className = "ex-zoom-label";
    const zoom = document.createElement("div");
    zoom.className = "ex-zoom";
    zoom.setAttribute("role", "group");
    zoom.setAttribute("aria-label", "Timeline zoom");
    zoom.append(this.zoomOut, this.zoomIn, this.zoomAll, this.zoomLabel);

    /** The zoom buttons: under the track unless the page puts them elsewhere (a legend row). */
    this.zoomGroup = zoom;
    this.root.append(this.track, this.minimap, zoom);
    container.append(this.root);
    this.bindGestures();
    // Sizes come from the observer, never read back from the DOM: a read while the page is
    // being changed would force a second layout in the frame.
    this.width = 0;
    this.height = 0;
    this.miniWidth = 0;
    this.miniHeight = 0;
    const observers = [
      new ResizeObserver((entries) => {
        this.width = entries.at(-1).contentRect.width;
        this.draw(true);
      }),
      new ResizeObserver((entries) => {
        this.height = entries.at(-1).contentRect.height;
        this.draw(true);
      }),
      new ResizeObserver((entries) => {
        const r = entries.at(-1).contentRect;
        this.miniWidth = r.width;
        this.miniHeight = r.height;
        this.draw(true);
      }),
    ];
    [this.track, this.canvas, this.minimap].forEach((target, i) => observers[i].observe(target));
    hooks.signal?.addEventListener("abort", () => observers.forEach((o) => o.disconnect()));
    // Colours are read at the first drawing and again after the colour scheme (or the
    // stylesheet) changes, never at every frame: getComputedStyle during an animation would
    // force a layout, and while a board is being built, a style of the whole page.
    this.colors = null;
    matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", () => this.recolor(), { signal: hooks.signal });
    this.updateZoomControls();
  }

  /** The colours are read again at the next drawing (the stylesheet or the scheme changed). */
  recolor() {
    this.colors = null;
    this.draw(true);
  }

  readColors() {
    const style = getComputedStyle(this.root);
    this.colors = MARKER_KINDS.map((kind) => style.getPropertyValue(`--ex-${kind}`).trim()
      || style.getPropertyValue(`--tone-${kind}`).trim() || "#888");
    this.boxColor = style.getPropertyValue("--accent").trim() || "#2456d3";
    this.stepColor = style.getPropertyValue("--ex-muted").trim() || "#6b7383";
  }

  /** Shows `trace` (or none) with `length` events so far. */
  setTrace(trace) {
    this.trace = trace;
    this.zoomed = false;
    this.setLength(trace ? trace.count : 0, true);
  }

  /** Whether the page allows scrubbing now (its state machine decides; an empty trace never). */
  setEnabled(enabled) {
    this.enabled = enabled;
    this.range.disabled = !enabled || this.length === 0;
    this.updateZoomControls();
  }

  setLength(length, force = false) {
    this.length = length;
    if (!this.zoomed) {
      this.start = 0;
      this.end = length;
    }
    this.applyWindow();
    this.range.disabled = this.enabled === false || length === 0;
    this.updateZoomControls();
    this.draw(force);
  }

  setPosition(position) {
    this.position = position;
    // Playback that leaves a zoomed window takes the window with it.
    if (this.zoomed && (position < this.start || position > this.end)) {
      const span = this.end - this.start;
      this.setWindow(position - span * 0.1, position + span * 0.9);
    }
    if (this.range.value !== String(position)) this.range.value = String(position);
    this.range.setAttribute("aria-valuetext", `event ${position} of ${this.length}`);
  }

  // ── Zoom and pan ──

  /** The range and the labels follow the window. */
  applyWindow() {
    this.range.min = String(this.start);
    this.range.max = String(this.end);
    if (this.range.value !== String(this.position)) this.range.value = String(this.position);
    this.zoomLabel.textContent = this.zoomed
      ? `events ${this.start.toLocaleString("en-US")}–${this.end.toLocaleString("en-US")}`
      : "";
  }

  /** Shows positions [start, end] (clamped to the trace, at least MIN_SPAN wide). */
  setWindow(start, end) {
    const length = this.length;
    const span = Math.min(length, Math.max(MIN_SPAN, Math.round(end - start)));
    let s = Math.round(start);
    s = Math.max(0, Math.min(s, length - span));
    this.start = s;
    this.end = s + span;
    this.zoomed = span < length;
    this.applyWindow();
    this.updateZoomControls();
    this.draw(true);
  }

  /** Scales the window by `factor` (< 1 zooms in) keeping position `at` where it is on screen. */
  zoomAround(at, factor) {
    if (!this.length) return;
    const span = this.end - this.start || this.length;
    const fraction = span ? Math.min(1, Math.max(0, (at - this.start) / span)) : 0.5;
    const next = Math.min(this.length, Math.max(MIN_SPAN, span * factor));
    this.setWindow(at - fraction * next, at - fraction * next + next);
  }

  showAll() {
    this.setWindow(0, this.length);
  }

  pan(events) {
    if (!this.zoomed) return;
    this.setWindow(this.start + events, this.end + events);
  }

  updateZoomControls() {
    const none = this.length <= MIN_SPAN || this.enabled === false;
    this.zoomIn.disabled = none || this.end - this.start <= MIN_SPAN;
    this.zoomOut.disabled = none || !this.zoomed;
    this.zoomAll.disabled = none || !this.zoomed;
    this.minimap.hidden = !this.zoomed;
  }

  /** The position under client x on the track. */
  positionAt(clientX) {
    const r = this.track.getBoundingClientRect();
    const span = Math.max(1, r.width - THUMB);
    const fraction = Math.min(1, Math.max(0, (clientX - r.left - THUMB / 2) / span));
    return this.start + fraction * (this.end - this.start);
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const span = this.end - this.start;
    if (this.zoomed && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const right = event.key === "ArrowRight";
      // Shift+arrow pans a tenth of the window; an arrow at the window's edge pans with it,
      // so the keyboard reaches every event of a zoomed run.
      const atEdge = right ? this.position >= this.end : this.position <= this.start;
      if (event.shiftKey || atEdge) {
        event.preventDefault();
        this.pan((right ? 1 : -1) * Math.max(1, Math.round(span / 10)));
        if (!event.shiftKey) {
          const next = Math.max(0, Math.min(this.length, this.position + (right ? 1 : -1)));
          // Known at once: a second key may come before the page draws the first.
          this.position = next;
          this.range.value = String(next);
          this.hooks.onScrub(next);
        }
        return;
      }
    }
    if (event.key === "+" || event.key === "=") this.zoomAround(this.position, 1 / ZOOM_STEP);
    else if (event.key === "-" || event.key === "_") this.zoomAround(this.position, ZOOM_STEP);
    else if (event.key === "0") this.showAll();
    else return;
    event.preventDefault();
  }

  bindGestures() {
    this.track.addEventListener("wheel", (event) => {
      if (!this.length) return;
      event.preventDefault();
      const span = this.end - this.start;
      const horizontal = Math.abs(event.deltaX) > Math.abs(event.deltaY);
      if (horizontal || event.shiftKey) {
        const delta = horizontal ? event.deltaX : event.deltaY;
        this.pan((delta / Math.max(1, this.width)) * span);
      } else {
        this.zoomAround(this.positionAt(event.clientX), Math.exp(event.deltaY * 0.002));
      }
    }, { passive: false });

    // Two fingers on the track: pinch to zoom around their midpoint.
    const touches = new Map();
    let pinch = null;
    this.track.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      touches.set(event.pointerId, event.clientX);
      if (touches.size === 2) {
        const [a, b] = [...touches.values()];
        pinch = { distance: Math.max(8, Math.abs(a - b)), span: this.end - this.start, at: this.positionAt((a + b) / 2) };
      }
    });
    this.track.addEventListener("pointermove", (event) => {
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, event.clientX);
      if (pinch && touches.size === 2) {
        event.preventDefault();
        const [a, b] = [...touches.values()];
        const distance = Math.max(8, Math.abs(a - b));
        const span = this.end - this.start;
        this.zoomAround(pinch.at, (pinch.span * (pinch.distance / distance)) / Math.max(1, span));
      }
    });
    const lift = (event) => {
      touches.delete(event.pointerId);
      if (touches.size < 2) pinch = null;
    };
    this.track.addEventListener("pointerup", lift);
    this.track.addEventListener("pointercancel", lift);

    // The minimap: press or drag to centre the window there.
    let dragging = false;
    const centre = (event) => {
      if (!this.zoomed) return;
      const r = this.minimap.getBoundingClientRect();
      const at = ((event.clientX - r.left) / Math.max(1, r.width)) * this.length;
      const span = this.end - this.start;
      this.setWindow(at - span / 2, at + span / 2);
    };
    this.minimap.addEventListener("pointerdown", (event) => {
      dragging = true;
      this.minimap.setPointerCapture?.(event.pointerId);
      centre(event);
    });
    this.minimap.addEventListener("pointermove", (event) => { if (dragging) centre(event); });
    for (const end of ["pointerup", "pointercancel", "lostpointercapture"]) {
      this.minimap.addEventListener(end, () => { dragging = false; });
    }
  }

  // ── Drawing ──

  /** Redraws on the next frame: at once when forced, else at most 4 times a second. */
  draw(force = false) {
    const key = `${this.length}/${this.start}/${this.end}`;
    if (!force && key === this.drawnKey) return;
    if (!force && performance.now() - this.drawnAt < 250) {
      if (!this.pending) this.pending = setTimeout(() => { this.pending = 0; this.draw(true); }, 260);
      return;
    }
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.paint(); });
  }

  paint() {
    this.drawnKey = `${this.length}/${this.start}/${this.end}`;
    this.drawnAt = performance.now();
    // Nothing to draw: no pixels kept (a page of boards that are not played holds none).
    if (!this.trace || !this.length) {
      for (const canvas of [this.canvas, this.minimap]) canvas.width = canvas.height = 0;
      return;
    }
    if (!this.colors) this.readColors();
    const dpr = window.devicePixelRatio || 1;
    const g = this.fit(this.canvas, this.width, this.height || 18, dpr);
    const span = this.canvas.width - THUMB * dpr;
    this.lanes(g, this.canvas.width, this.canvas.height, (THUMB / 2) * dpr, span, this.start, this.end);
    this.drawnSteps = this.stepTicks(g, this.canvas.height, (THUMB / 2) * dpr, span, this.start, this.end, dpr);
    // The minimap shows only while zoomed: hidden, it keeps no pixels.
    if (this.minimap.hidden) {
      this.minimap.width = this.minimap.height = 0;
      return;
    }
    const mini = this.fit(this.minimap, this.miniWidth, this.miniHeight || 8, dpr);
    this.lanes(mini, this.minimap.width, this.minimap.height, 0, this.minimap.width, 0, this.length);
    if (this.zoomed && this.length) {
      const x0 = (this.start / this.length) * this.minimap.width;
      const x1 = Math.max(x0 + 2 * dpr, (this.end / this.length) * this.minimap.width);
      mini.strokeStyle = this.boxColor;
      mini.lineWidth = Math.max(1, Math.round(1.5 * dpr));
      mini.strokeRect(x0 + 0.5, 0.5, x1 - x0 - 1, this.minimap.height - 1);
    }
  }

  /** Sizes a canvas to its CSS box and returns its cleared 2D context. */
  fit(canvas, cssWidth, cssHeight, dpr) {
    const width = Math.max(1, Math.round(cssWidth * dpr));
    const height = Math.max(1, Math.round(cssHeight * dpr));
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const g = canvas.getContext("2d");
    g.clearRect(0, 0, width, height);
    return g;
  }

  /**
   * Draws the markers of positions (from, to] in columns from `x0` over `span` device pixels:
   * per lane and column a bar whose height grows with log(count), the densest column full.
   */
  lanes(g, width, height, x0, span, from, to) {
    if (!this.trace || !this.length || to <= from) return;
    const columns = Math.max(1, Math.floor(span));
    const lane = height / this.laneCount();
    const counts = new Uint32Array(columns + 1);
    MARKER_KINDS.forEach((kind, k) => {
      const list = this.trace.markers[kind];
      counts.fill(0);
      let most = 0;
      // Event i is drawn at position i + 1 (the state after it).
      const first = lowerBound(list, from);
      const last = lowerBound(list, Math.min(to, this.length));
      for (let j = first; j < last; j++) {
        const column = Math.floor(((list[j] + 1 - from) / (to - from)) * columns);
        const c = Math.min(columns, column);
        counts[c]++;
        if (counts[c] > most) most = counts[c];
      }
      if (!most) return;
      g.fillStyle = this.colors[k];
      const scale = Math.log2(1 + most);
      const w = Math.max(1, Math.round(window.devicePixelRatio || 1));
      for (let c = 0; c <= columns; c++) {
        const n = counts[c];
        if (!n) continue;
        const h = Math.max(2, (lane - 1) * (0.35 + 0.65 * (Math.log2(1 + n) / scale)));
        g.fillRect(Math.floor(x0 + c), Math.floor(k * lane + (lane - 1 - h)), w, Math.ceil(h));
      }
    });
  }

  /** The marker lanes, and a lane for step ends when playback runs by step. */
  laneCount() {
    return MARKER_KINDS.length + (this.trace?.byStep ? 1 : 0);
  }

  /**
   * Playing by step, a tick at the end of each step of (from, to] in the bottom lane, when
   * they stand TICK_GAP CSS pixels apart (zoom in for a dense run). Returns how many ticks
   * were drawn: -1 when there was no room for them, 0 without steps.
   */
  stepTicks(g, height, x0, span, from, to, dpr) {
    const trace = this.trace;
    if (!trace?.byStep || !this.length || to <= from) return 0;
    const first = trace.stepsAt(from);
    const last = trace.stepsAt(Math.min(to, trace.ready));
    if (last - first > span / (TICK_GAP * dpr)) return -1;
    const lane = height / this.laneCount();
    const top = Math.floor(height - lane);
    const w = Math.max(1, Math.round(dpr));
    g.fillStyle = this.stepColor;
    let drawn = 0;
    for (let k = first; k < last; k++) {
      const x = x0 + ((trace.stepEnd(k) - from) / (to - from)) * span;
      g.fillRect(Math.floor(x - w / 2), top, w, Math.ceil(lane));
      drawn++;
    }
    return drawn;
  }
}
